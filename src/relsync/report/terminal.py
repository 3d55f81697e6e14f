"""The side-by-side terminal view of ``relsync diff``.

Columns are measured in display cells, a grapheme cluster at a time (CJK characters are two
cells wide; combining marks, Indic vowel signs and the parts of an emoji sequence add none to
their base), so the two sides line up on any terminal, and a line is never cut inside a
cluster. Below 72 columns the sides are stacked. A pair that stands out of the translation's order
(an entry in another group or section) is marked ``moved`` (``↕`` after another status).
"""

from __future__ import annotations

import click
from wcwidth import iter_graphemes, wcswidth

from ..io import printable
from ..model import Alignment, Finding, Severity
from .views import PairView, pair_statuses

_MARK = {
    "ok": ("ok", "green"),
    "missing": ("MISSING", "red"),
    "extra": ("extra", "cyan"),
    "untranslated": ("ENGLISH", "yellow"),
    "inconsistent": ("DIFFERS", "red"),
    "stale": ("STALE", "magenta"),
}
_STATUS_WIDTH = 8
_LINE_WIDTH = 4


def cell_width(grapheme: str) -> int:
    """Display cells of one grapheme cluster (a control character counts none)."""
    w = wcswidth(grapheme)
    return 0 if w < 0 else w


def text_width(text: str) -> int:
    if text.isascii() and text.isprintable():
        return len(text)
    return sum(cell_width(g) for g in iter_graphemes(text))


def wrap(text: str, width: int) -> list[str]:
    """Wrap ``text`` to ``width`` display cells, breaking text at spaces when it can."""
    width = max(4, width)
    out: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        used = 0
        for ch in iter_graphemes(paragraph.replace("\t", " ")):
            w = cell_width(ch)
            if used + w > width:
                cut = line.rfind(" ")
                if cut > len(line) * 0.6:
                    out.append(line[:cut])
                    line = line[cut + 1 :]
                    used = text_width(line)
                else:
                    out.append(line)
                    line, used = "", 0
            line += ch
            used += w
        out.append(line)
    return out


def pad(text: str, width: int) -> str:
    return text + " " * max(0, width - text_width(text))


def clip(lines: list[str], limit: int) -> list[str]:
    if limit <= 0 or len(lines) <= limit:
        return lines
    kept = lines[:limit]
    width = max(text_width(line) for line in lines)
    last = kept[-1].rstrip()
    while last and text_width(last) + 2 > width:
        last = last[: -len(list(iter_graphemes(last))[-1])]
    kept[-1] = last + " …"
    return kept


def _side_text(al: Alignment, view: PairView, side: str) -> tuple[str, str]:
    blocks = al.upstream_blocks(view.pair) if side == "upstream" else al.translation_blocks(view.pair)
    if not blocks:
        return "", ""
    span = al.span(view.pair, side)
    number = str(span[0]) if span else ""
    texts = []
    for b in blocks:
        if b.kind == "front_matter":
            texts.append("--- front matter ---")
        elif b.kind == "code":
            texts.append(f"```{b.info}\n{b.text.rstrip()}\n```")
        elif b.kind == "heading":
            texts.append("#" * b.level + " " + b.text)
        elif b.kind == "title":
            texts.append("title: " + b.text)
        elif b.kind == "list_item":
            texts.append("- " + b.text)
        elif b.kind == "table_row":
            texts.append("| " + b.text + " |")
        else:
            texts.append(b.text)
    return number, "\n".join(texts)


def render(
    al: Alignment,
    findings: list[Finding],
    width: int = 100,
    max_lines: int = 3,
    only_problems: bool = False,
    color: bool = False,
    locale: str = "",
) -> str:
    views = pair_statuses(al, findings)
    out: list[str] = []
    style = (lambda s, **kw: click.style(s, **kw)) if color else (lambda s, **kw: s)
    title = printable(f"{al.upstream.path}  \u2194  {al.translation.path}" + (f"  ({locale})" if locale else ""))
    out.append(style(title, bold=True))
    out.append("\u2500" * min(width, max(20, text_width(title))))
    stacked = width < 72
    col = (width - _STATUS_WIDTH - 2 * (_LINE_WIDTH + 1) - 3) // 2
    shown_any = False
    for view in views:
        if only_problems and view.status == "ok":
            continue
        shown_any = True
        label, fg = _MARK[view.status]
        if view.pair.moved:
            label, fg = ("moved", "blue") if view.status == "ok" else (label.rstrip() + "\u2195", fg)
        up_no, up_text = _side_text(al, view, "upstream")
        tr_no, tr_text = _side_text(al, view, "translation")
        up_text, tr_text = printable(up_text), printable(tr_text)
        mark = style(pad(label, _STATUS_WIDTH), fg=fg, bold=view.status != "ok" or view.pair.moved)
        if stacked:
            body = width - _STATUS_WIDTH - _LINE_WIDTH - 4
            for k, (no, text, arrow) in enumerate(((up_no, up_text, "en"), (tr_no, tr_text, "tr"))):
                lines = clip(wrap(text or "(none)", body), max_lines)
                for j, line in enumerate(lines):
                    first = mark if (k == 0 and j == 0) else " " * _STATUS_WIDTH
                    num = (no if j == 0 else "").rjust(_LINE_WIDTH)
                    tag = arrow if j == 0 else "  "
                    out.append(f"{first}{tag} {style(num, dim=True)} {line}".rstrip())
        else:
            left = clip(wrap(up_text, col), max_lines) if up_text else [""]
            right = clip(wrap(tr_text, col), max_lines) if tr_text else [""]
            for j in range(max(len(left), len(right))):
                first = mark if j == 0 else " " * _STATUS_WIDTH
                ln = (up_no if j == 0 else "").rjust(_LINE_WIDTH)
                rn = (tr_no if j == 0 else "").rjust(_LINE_WIDTH)
                lt = left[j] if j < len(left) else ""
                rt = right[j] if j < len(right) else ""
                out.append(f"{first}{style(ln, dim=True)} {pad(lt, col)} \u2502{style(rn, dim=True)} {rt}".rstrip())
        for f in view.findings:
            note = printable(f"{f.rule} {f.slug}: {f.message}")
            for j, line in enumerate(wrap(note, max(20, width - _STATUS_WIDTH - 4))):
                lead = "  \u21b3 " if j == 0 else "    "
                out.append(" " * _STATUS_WIDTH + lead + style(line, fg=_MARK[view.status][1]))
    placed = {id(f) for view in views for f in view.findings}
    for f in findings:  # on no block of either side: a file that could not be read
        if id(f) not in placed:
            shown_any = True
            where = f.translation or f.upstream
            note = printable(f"{where.path}:{where.line}: {f.rule} {f.slug}: {f.message}" if where
                             else f"{f.rule} {f.slug}: {f.message}")
            for j, line in enumerate(wrap(note, max(20, width - _STATUS_WIDTH - 4))):
                lead = "  \u21b3 " if j == 0 else "    "
                out.append(" " * _STATUS_WIDTH + lead + style(line, fg="red" if f.severity >= Severity.ERROR else "yellow"))
    if only_problems and not shown_any:
        out.append("no problems: every block is translated and consistent")
    return "\n".join(out) + "\n"


def staleness_line(st) -> str:
    """One line on what changed upstream since a translation's synced revision (a
    :class:`relsync.stale.Staleness`, or ``None``)."""
    if st is None or not st.passages:
        return ""
    stale = sum(1 for p in st.open if p.status == "stale")
    orphaned = sum(1 for p in st.open if p.status == "orphaned")
    if st.sync.source == "comment":  # no revision: the source comments alone
        return f"upstream differs from the translation's source comments: {stale} stale passage(s)\n"
    done = f", {len(st.addressed)} updated since then" if st.sync.source == "base" else ""
    return (f"upstream changed since {st.sync.short} ({st.sync.source}): {stale} stale, "
            f"{orphaned} orphaned passage(s){done}\n")
