"""``relsync diff --format html``: one self-contained HTML file.

Each document's upstream and translation side by side, one table row per aligned pair,
coloured by status, with the upstream word diff on stale rows, a summary per locale at the
top and links from each problem to the previous and next one. Inline CSS only: no script, no
external resource (a Content-Security-Policy forbids both). Every piece of document text
goes through :func:`html.escape`, and nothing from a document becomes a link or an
attribute other than escaped text, so hostile Markdown renders as inert text.
"""

from __future__ import annotations

import html
import re
from collections import Counter, defaultdict

from ..languages import language_tag
from ..model import Alignment, Block, BlockKind, Finding
from ..stale import block_source
from .views import STATUSES, PairStatus, PairView, pair_statuses

CSS = """
:root { --ok: #ffffff; --missing: #fde0dd; --extra: #dff3f8; --untranslated: #fff3bf;
  --inconsistent: #ffe3c9; --stale: #eee0fb; --line: #d8d8e0; --dim: #6b6b78; }
* { box-sizing: border-box; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", "Noto Sans", "Noto Sans CJK SC",
  "Noto Sans Devanagari", "Noto Sans Bengali", "Noto Sans Arabic", "Noto Naskh Arabic",
  "PingFang SC", "Hiragino Sans", "Microsoft YaHei", "Malgun Gothic", "Nirmala UI",
  "Segoe UI Historic", "Arial Unicode MS", sans-serif; margin: 0; padding: 1.5rem 2rem;
  color: #1f1f28; background: #fafafc; }
:lang(ja) { font-family: system-ui, "Noto Sans CJK JP", "Hiragino Sans", "Yu Gothic", "Meiryo", sans-serif; }
:lang(ko) { font-family: system-ui, "Noto Sans CJK KR", "Apple SD Gothic Neo", "Malgun Gothic", sans-serif; }
:lang(zh-TW), :lang(zh-HK), :lang(zh-Hant) { font-family: system-ui, "Noto Sans CJK TC",
  "PingFang TC", "Microsoft JhengHei", sans-serif; }
h1 { font-size: 1.4rem; margin: 0 0 .5rem; }
h2 { font-size: 1.1rem; margin: 2rem 0 .3rem; word-break: break-all; }
a { color: #3b4cca; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 1px solid var(--line); padding: .3rem .5rem; vertical-align: top; text-align: left; }
th { background: #f0f0f5; font-weight: 600; }
table.summary { width: auto; margin: .5rem 0 1rem; background: #fff; }
table.summary td.n { text-align: right; font-variant-numeric: tabular-nums; }
table.pairs { table-layout: fixed; background: #fff; }
table.pairs col.status { width: 8.5rem; } table.pairs col.ln { width: 3.2rem; }
td.ln { color: var(--dim); text-align: right; font-variant-numeric: tabular-nums; }
.src { white-space: pre-wrap; overflow-wrap: anywhere; margin: 0; unicode-bidi: plaintext;
  text-align: start; }
.src.code { font: 12.5px/1.4 ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace;
  background: #f5f5f8; padding: .3rem; }
.none { color: var(--dim); font-style: italic; }
.fm { color: var(--dim); }
tr.row[data-status="ok"] td { background: var(--ok); }
tr.row[data-status="missing"] td { background: var(--missing); }
tr.row[data-status="extra"] td { background: var(--extra); }
tr.row[data-status="untranslated"] td { background: var(--untranslated); }
tr.row[data-status="inconsistent"] td { background: var(--inconsistent); }
tr.row[data-status="stale"] td { background: var(--stale); }
.badge { display: inline-block; padding: 0 .45rem; border-radius: .6rem; font-size: 12px;
  font-weight: 600; border: 1px solid rgba(0,0,0,.15); background: rgba(255,255,255,.7); }
.badge.ok { color: #2f7d32; } .badge.missing { color: #b3261e; } .badge.extra { color: #0b6e83; }
.badge.untranslated { color: #8a6100; } .badge.inconsistent { color: #b34700; }
.badge.stale { color: #6a2ca8; } .badge.moved { color: #1a56a8; }
.legend .badge { margin-right: .3rem; }
.legend span.sw { display: inline-block; width: .9rem; height: .9rem; vertical-align: -2px;
  border: 1px solid var(--line); margin: 0 .2rem 0 .6rem; }
nav.step { margin-top: .3rem; font-size: 12px; white-space: nowrap; }
nav.step a { text-decoration: none; margin-right: .4rem; }
ul.findings { margin: .35rem 0 0; padding-left: 1.1rem; font-size: 12.5px; }
ul.findings li.error { color: #a1221a; } ul.findings li.warning { color: #7a4b00; }
ul.findings li.info { color: #355f6b; }
.wdiff { margin-top: .4rem; padding: .3rem .4rem; border-left: 3px solid #8e5bd0;
  background: rgba(255,255,255,.75); white-space: pre-wrap; overflow-wrap: anywhere; font-size: 13px; }
.wdiff .what { display: block; color: var(--dim); font-size: 12px; }
del { background: #ffd4d4; color: #8a1111; text-decoration: line-through; }
ins { background: #d4f5d4; color: #0d5c0d; text-decoration: none; }
.addressed { margin-top: .3rem; font-size: 12px; color: #2f7d32; }
p.meta { color: var(--dim); margin: .1rem 0 .6rem; }
ul.files { font-size: 13px; }
"""


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


#: Explicit bidi embeddings, overrides and isolates, and the marks: in a document or a file
#: name they could reorder the report's own text around them.
_BIDI_RE = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def _t(text: object) -> str:
    """Document text as element content: escaped, and isolated (``<bdi>``) when it holds a
    bidi control, so that a name or a message cannot visually reorder what surrounds it."""
    escaped = _e(text)
    return f"<bdi>{escaped}</bdi>" if _BIDI_RE.search(escaped) else escaped


def _plain(text: object) -> str:
    """Text where no markup can go (the page title): bidi controls shown by code point."""
    return _e(_BIDI_RE.sub(lambda m: f"<U+{ord(m.group(0)):04X}>", str(text)))


def _block_html(doc, block: Block, lang: str) -> str:
    """A block as its source text; prose is marked with its language and its direction is
    taken from its text (``dir="auto"``), so Arabic reads right to left beside English."""
    if block.kind == BlockKind.FRONT_MATTER:
        return '<span class="fm">front matter</span>'
    if block.kind == BlockKind.CODE:
        return f'<pre class="src code">{_t(block.source.rstrip())}</pre>'
    prose = f'class="src" lang="{_e(lang)}" dir="auto"'
    if block.kind == BlockKind.TITLE:
        return f'<div {prose}>title: {_t(block.text)}</div>'
    source = block_source(doc, block)
    if block.kind == BlockKind.HEADING:
        source = "#" * block.level + " " + source
    elif block.kind == BlockKind.LIST_ITEM:
        source = "- " + source
    return f'<div {prose}>{_t(source)}</div>'


def _side(al: Alignment, view: PairView, side: str, locale: str) -> tuple[str, str]:
    doc = al.upstream if side == "upstream" else al.translation
    lang = "en" if side == "upstream" or locale == "?" else language_tag(locale)
    idx = view.pair.upstream if side == "upstream" else view.pair.translation
    if not idx:
        return "", '<span class="none">(none)</span>'
    blocks = [doc.blocks[i] for i in idx]
    return str(min(b.start for b in blocks)), "".join(_block_html(doc, b, lang) for b in blocks)


def _diff_html(ops) -> str:
    out = []
    for op, text in ops:
        if op == "-":
            out.append(f"<del>{_t(text)}</del>")
        elif op == "+":
            out.append(f"<ins>{_t(text)}</ins>")
        else:
            out.append(_t(text))
    return "".join(out)


def _changes_html(changes, since: str, what: str = "upstream since") -> str:
    parts = []
    for change in changes:
        parts.append(f'<div class="wdiff"><span class="what">{_e(what)} {_e(since)}: {change.change}</span>'
                     f"{_diff_html(change.diff)}</div>")
    return "".join(parts)


def _findings_html(findings: list[Finding]) -> str:
    if not findings:
        return ""
    items = "".join(
        f'<li class="{_e(f.severity)}"><code>{_e(f.rule)}</code> {_t(f.slug)}: {_t(f.message)}</li>'
        for f in findings
    )
    return f'<ul class="findings">{items}</ul>'


def _passages_by_block(st) -> dict[int, object]:
    if st is None:
        return {}
    return {i: p for p in st.passages for i in p.translation}


class _Page:
    """The page being built: documents in order, problems numbered across them, counts per
    locale for the summary."""

    def __init__(self) -> None:
        self.docs: list[str] = []
        self.problem = 0
        self.locale_rows: dict[str, Counter] = defaultdict(Counter)
        self.locale_first: dict[str, int] = {}
        self.locale_docs: Counter = Counter()

    def document(self, n: int, report) -> None:
        al = report.alignment
        locale = report.spec.locale or "?"
        self.locale_docs[locale] += 1
        views = pair_statuses(al, report.findings)
        passages = _passages_by_block(report.staleness)
        since = report.staleness.sync.short if report.staleness is not None else ""
        rows = [self.row(al, view, locale, passages, since) for view in views]
        sync = ""
        if report.staleness is not None:
            st = report.staleness
            sync = (f'<p class="meta">upstream compared with {_e(st.sync.short)} ({_e(st.sync.source)}'
                    f"{', as ' + _t(st.sync.upstream_path) if st.sync.upstream_path else ''}): "
                    f"{len([p for p in st.open if p.status == 'stale'])} stale, "
                    f"{len([p for p in st.open if p.status == 'orphaned'])} orphaned, "
                    f"{len(st.addressed)} updated</p>")
        placed = {id(f) for view in views for f in view.findings}
        for f in report.findings:  # on no block of either side: a file that could not be read
            if id(f) not in placed:
                where = f.translation or f.upstream
                sync += (f'<p class="meta unplaced">{_t(f"{where.path}:{where.line}") if where else ""} '
                         f"{_e(f.rule)} {_e(f.slug)}: {_t(f.message)}</p>")
        counts = Counter(v.status for v in views)
        self.docs.append(
            f'<section class="doc" id="doc-{n}" data-locale="{_e(locale)}">'
            f"<h2>{_t(al.upstream.path)} \u2194 {_t(al.translation.path)} ({_t(locale)})</h2>{sync}"
            f'<p class="meta">{len(views)} rows: '
            + ", ".join(f"{counts[s]} {s}" for s in STATUSES if counts[s]) + "</p>"
            '<table class="pairs"><colgroup><col class="status"><col class="ln"><col>'
            '<col class="ln"><col></colgroup><thead><tr><th>status</th><th>line</th><th>upstream</th>'
            "<th>line</th><th>translation</th></tr></thead><tbody>"
            + "".join(rows) + "</tbody></table></section>"
        )

    def row(self, al: Alignment, view: PairView, locale: str, passages: dict, since: str) -> str:
        self.locale_rows[locale][view.status] += 1
        attrs = [f'class="row s-{view.status}"', f'data-status="{view.status}"',
                 f'data-kind="{_e(view.pair.kind)}"']
        up_no, up_html = _side(al, view, "upstream", locale)
        tr_no, tr_html = _side(al, view, "translation", locale)
        if up_no:
            attrs.append(f'data-upstream-line="{up_no}"')
        if tr_no:
            attrs.append(f'data-translation-line="{tr_no}"')
        badge = f'<span class="badge {view.status}">{view.status}</span>'
        if view.pair.moved:
            attrs.append('data-moved="true"')
            badge += ' <span class="badge moved" title="in another place in the translation">moved</span>'
        slugs = {f.slug for f in view.findings}
        if "orphaned" in slugs:
            badge += ' <span class="badge extra">orphaned</span>'
        elif "stale" in slugs and view.status != PairStatus.STALE:
            badge += ' <span class="badge stale">stale</span>'
        step = ""
        if view.status != PairStatus.OK:
            self.problem += 1
            problem = self.problem
            self.locale_first.setdefault(locale, problem)
            attrs.insert(0, f'id="p-{problem}"')
            prev = f'<a href="#p-{problem - 1}" title="previous problem">\u2191 prev</a>' if problem > 1 else ""
            step = (f'<nav class="step">{prev}'
                    f'<a href="#p-{problem + 1}" title="next problem">\u2193 next</a>'
                    f'<a href="#summary" title="summary">top</a></nav>')
        passage = next((passages[i] for i in view.pair.translation if i in passages), None)
        note = ""
        if passage is not None:
            if passage.addressed:
                note = ('<div class="addressed">translation updated in this change; upstream '
                        f"since {_e(since)}:</div>" + _changes_html(passage.changes, since))
            elif passage.status == "stale":
                up_html += _changes_html([c for c in passage.changes if c.new is not None], since)
            else:
                up_html += _changes_html(passage.changes, since, "upstream removed since")
        return (
            f"<tr {' '.join(attrs)}><td>{badge}{step}</td><td class=\"ln\">{up_no}</td>"
            f"<td class=\"up\">{up_html}</td><td class=\"ln\">{tr_no}</td>"
            f"<td class=\"tr\">{tr_html}{note}{_findings_html(view.findings)}</td></tr>"
        )

    def summary(self, reports: list, summary: dict, extra: list[Finding], title: str) -> list[str]:
        problem = self.problem
        head = [
            '<section id="summary"><h1>' + _t(title) + "</h1>",
            f'<p class="meta">{_e(summary.get("pairs", len(reports)))} document pair(s); '
            f'{_e(summary.get("error", 0))} error(s), {_e(summary.get("warning", 0))} warning(s), '
            f'{_e(summary.get("info", 0))} info; {problem} row(s) to look at'
            + (' \u2014 <a href="#p-1">first problem</a>' if problem else "") + "</p>",
            '<p class="legend">' + "".join(
                f'<span class="sw" style="background: var(--{s})"></span>{s}' for s in STATUSES) + "</p>",
            '<table class="summary"><thead><tr><th>locale</th><th>documents</th>'
            + "".join(f"<th>{s}</th>" for s in STATUSES) + "<th>first problem</th></tr></thead><tbody>",
        ]
        for locale in sorted(self.locale_rows):
            c = self.locale_rows[locale]
            first = self.locale_first.get(locale)
            link = f'<a href="#p-{first}">#{first}</a>' if first else "\u2014"
            head.append(f'<tr data-locale="{_e(locale)}"><td>{_t(locale)}</td>'
                        f'<td class="n">{self.locale_docs[locale]}</td>'
                        + "".join(f'<td class="n" data-count="{s}">{c[s]}</td>' for s in STATUSES)
                        + f"<td>{link}</td></tr>")
        head.append("</tbody></table>")
        if reports:
            head.append('<ul class="files">' + "".join(
                f'<li><a href="#doc-{n}">{_t(r.alignment.translation.path)}</a></li>'
                for n, r in enumerate(reports, start=1)) + "</ul>")
        if extra:
            head.append(_findings_html(list(extra)))
        head.append("</section>")
        return head


def render(reports: list, summary: dict, extra: list[Finding] = (), title: str = "relsync report",
           **_) -> str:
    """The HTML page for ``reports`` (:class:`relsync.pipeline.PairReport`)."""
    page = _Page()
    for n, report in enumerate(reports, start=1):
        page.document(n, report)
    if page.problem:
        last = f'<a href="#p-{page.problem + 1}" title="next problem">\u2193 next</a>'
        page.docs[-1] = page.docs[-1].replace(last, "")
    head = page.summary(reports, summary, extra, title)
    return (
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
        "style-src 'unsafe-inline'\">"
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{_plain(title)}</title><style>{CSS}</style></head><body>"
        + "".join(head) + "".join(page.docs) + "</body></html>\n"
    )
