"""``relsync diff --format markdown``: a pull-request comment about upstream changes.

Per locale: a table of documents with their stale, orphaned and missing passages, then each
stale or orphaned passage in a collapsible ``<details>`` block with the upstream diff and the
translated text, and a line for each entry that stands in another place in the translation
(``moved``: another group or section). Document text only ever appears inside fenced code blocks (or escaped), so a
translation cannot inject markup into the comment.
"""

from __future__ import annotations

import html
import re
from collections import defaultdict

from ..io import printable
from ..model import Finding, Location
from ..stale import block_source, format_word_diff
from .markdown import default_link_base, link, unmention
from .text import summary_line

_MD_SPECIAL_RE = re.compile(r"([\\`*_\[\]()#|~<>!])")
#: GitHub refuses comments over 65,536 characters; passages beyond this budget are counted.
MAX_CHARS = 60_000


def escape(text: str) -> str:
    """Text safe as Markdown inline content: one line, markup characters escaped, mentions
    inert, control characters visible."""
    return unmention(_MD_SPECIAL_RE.sub(r"\\\1", " ".join(printable(text).split())))


def fence(text: str, info: str = "") -> str:
    """``text`` in a fenced code block longer than any backtick run inside it (where GitHub
    links no mention), control characters visible."""
    text = printable(text)
    longest = max((len(m) for m in re.findall(r"`+", text)), default=0)
    marks = "`" * max(3, longest + 1)
    return f"{marks}{info}\n{text.rstrip()}\n{marks}"


def _link(loc: Location | None, base: str, label: str | None = None) -> str:
    return link(loc, base, label, quote=escape)


def _diff_block(change) -> str:
    old = "".join(t for op, t in change.diff if op != "+")
    new = "".join(t for op, t in change.diff if op != "-")
    lines = []
    if change.change != "added":
        lines += ["- " + line for line in old.split("\n")]
    if change.change != "removed":
        lines += ["+ " + line for line in new.split("\n")]
    out = [fence("\n".join(lines), "diff")]
    if change.change == "changed":
        out += ["", "Word diff:", "", fence(format_word_diff(change.diff), "text")]
    return "\n".join(out)


def _passage(report, passage, base: str, addressed: bool = False) -> list[str]:
    al = report.alignment
    tr_blocks = [al.translation.blocks[i] for i in passage.translation]
    loc = Location(al.translation.path, tr_blocks[0].start)
    kinds = {c.change for c in passage.changes}
    what = "orphaned" if passage.status == "orphaned" else "stale"
    if addressed:
        what = "updated in this pull request"
    ups = [f"upstream line {c.new.start}" for c in passage.changes if c.new is not None]
    ups += [f"removed upstream line {c.old.start}" for c in passage.changes if c.new is None]
    summary = unmention(html.escape(f"{loc.path}:{loc.line} \u2014 {what} ({', '.join(ups)}; "
                          f"{'/'.join(sorted(kinds))})"))
    out = ["<details>", f"<summary>{summary}</summary>", ""]
    out.append(f"Translation: {_link(loc, base)}")
    out.append("")
    out.append(fence("\n\n".join(block_source(al.translation, b) for b in tr_blocks), "text"))
    out.append("")
    out.append(f"Upstream since `{report.staleness.sync.short}`:")
    out.append("")
    for change in passage.changes:
        out.append(_diff_block(change))
        out.append("")
    out.append("</details>")
    out.append("")
    return out


def _moved(al, base: str) -> list[list[str]]:
    """One line per pair that stands in another place in the translation (an entry in another
    group or section): where it is on each side."""
    out = []
    for pair in al.pairs:
        if pair.moved:
            up, tr = al.span(pair, "upstream"), al.span(pair, "translation")
            text = al.translation.blocks[pair.translation[0]].text
            out.append([f"- moved: {_link(Location(al.upstream.path, up[0]), base)} is at "
                        f"{_link(Location(al.translation.path, tr[0]), base)}: {escape(text[:80])}", ""])
    return out


def render(reports: list, summary: dict, extra: list[Finding] = (), link_base: str | None = None,
           max_chars: int = MAX_CHARS, **_) -> str:
    """The comment for ``reports`` (:class:`relsync.pipeline.PairReport`)."""
    base = default_link_base() if link_base is None else link_base
    out = [f"### relsync: {summary_line(summary)}", ""]
    by_locale: dict[str, list] = defaultdict(list)
    for r in reports:
        by_locale[r.spec.locale or "?"].append(r)
    totals = {"stale": 0, "orphaned": 0, "missing": 0, "addressed": 0}
    for r in reports:
        for f in r.findings:
            if f.slug in totals:
                totals[f.slug] += 1
        if r.staleness is not None:
            totals["addressed"] += len(r.staleness.addressed)
    syncs = sorted({f"`{r.staleness.sync.short}` ({r.staleness.sync.source})"
                    for r in reports if r.staleness is not None})
    if syncs:
        shown = ", ".join(syncs[:5]) + (f" and {len(syncs) - 5} more" if len(syncs) > 5 else "")
        out.append(f"Upstream compared with {shown}: {totals['stale']} stale, "
                   f"{totals['orphaned']} orphaned, {totals['missing']} missing passage(s); "
                   f"{totals['addressed']} updated in this pull request.")
    else:
        out.append("No git history at hand: staleness was not computed.")
    out.append("")
    for f in extra:
        out.append(f"- {f.rule} `{f.slug}`: {escape(f.message)}")
    unread = [f for r in reports for f in r.findings if f.slug == "unreadable"]  # the files relsync could not read
    for f in unread:
        where = f.translation or f.upstream
        out.append(f"- {_link(where, base, f'{where.path}:{where.line}')}: {f.rule} `{f.slug}`: {escape(f.message)}")
    if extra or unread:
        out.append("")
    left = 0
    for locale in sorted(by_locale):
        rows = by_locale[locale]
        out += [f"#### {escape(locale)}", ""]
        table = []
        quiet = 0
        for r in rows:
            count = {k: sum(1 for f in r.findings if f.slug == k) for k in ("stale", "orphaned", "missing")}
            updated = len(r.staleness.addressed) if r.staleness is not None else 0
            if not (r.findings or updated):
                quiet += 1
                continue
            path = r.alignment.translation.path
            doc = _link(Location(path, 1), base, path)
            table.append(f"| {doc} | {count['stale']} | {count['orphaned']} | {count['missing']} | "
                         f"{updated} | {len(r.findings)} |")
        if table:
            out += ["| document | stale | orphaned | missing | updated | findings |",
                    "|---|---:|---:|---:|---:|---:|", *table]
        if quiet:
            out.append(f"{quiet} other document(s): no finding.")
        out.append("")
        used = sum(len(x) + 1 for x in out)
        for r in rows:
            parts = []
            if r.staleness is not None:
                parts = [_passage(r, p, base) for p in r.staleness.open]
                parts += [_passage(r, p, base, addressed=True) for p in r.staleness.addressed]
                parts += [[f"- missing: {_link(f.upstream, base)} {escape(f.message)}", ""]
                          for f in r.findings if f.slug == "missing"]
            parts += _moved(r.alignment, base)
            for part in parts:
                if used + sum(len(x) + 1 for x in part) > max_chars:
                    left += 1
                    continue
                out += part
                used += sum(len(x) + 1 for x in part)
    if left:
        out.append(f"{left} more passage(s) not shown here: run `relsync diff --format html` for all.")
    return "\n".join(out).rstrip("\n") + "\n"
