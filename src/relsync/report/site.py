"""``relsync report -o DIR``: a static status site of a whole project's translations.

- ``index.html``: each locale's progress (pages up to date, outdated, missing, orphaned, as
  counts and a bar) and finding counts, linking to the locale's pages;
- ``locale-<locale>[-N].html``: every upstream page in that locale, its status, its findings
  and links to the files (and to the repository host, when configured);
- ``matrix[-N].html``: pages by locales, each cell a page's status in that locale;
- ``pairs/<N>.html``: one pair's side-by-side view (``relsync diff --format html``), with the
  stale passages' word diffs.

Long lists are cut into pages of :data:`ROWS_PER_PAGE` rows, so no page grows with the
project. Every page is self-contained: inline CSS, no script, no external resource (a
Content-Security-Policy forbids both), every text escaped.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import quote

from ..io import atomic_write_text
from ..project import relative_path
from . import html
from .html import CSS, _e, _plain, _t

#: Rows of a list or matrix page.
ROWS_PER_PAGE = 250
#: The statuses of a page in a locale, in the order the site shows them.
STATES = ("done", "outdated", "missing", "orphaned")
_LABEL = {"done": "up to date", "outdated": "outdated", "missing": "missing", "orphaned": "orphaned"}

SITE_CSS = CSS + """
.bar { display: flex; width: 16rem; height: .9rem; border: 1px solid var(--line); background: #fff; }
.bar span { display: block; height: 100%; }
.st-done { background: #8fd19e; } .st-outdated { background: #c9a8f0; } .st-missing { background: #f3a59d; }
.st-orphaned { background: #9fd6e4; }
td.cell { text-align: center; padding: .15rem; }
td.cell a, td.cell span { display: block; text-decoration: none; color: #1f1f28; font-size: 12px; }
nav.pages a, nav.top a { margin-right: .6rem; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
"""


@dataclass(slots=True)
class Entry:
    """One upstream page in one locale."""

    locale: str
    upstream: str
    translation: str
    state: str
    """One of :data:`STATES`."""
    counts: Counter = field(default_factory=Counter)
    """Findings by severity."""
    stale: int = 0
    """Stale or orphaned passages."""
    page: str = ""
    """The pair page (``pairs/N.html``), when there is a pair."""


def state_of(report) -> str:
    st = report.staleness
    return "outdated" if st is not None and st.open else "done"


def entries_of(result, project) -> list[Entry]:
    """The entries of a run (``runner.CheckResult`` with reports) and its project's missing
    and orphaned files, in the project's order."""
    out = []
    for n, report in enumerate(result.reports, start=1):
        spec = report.spec
        counts = Counter(str(f.severity) for f in report.findings)
        stale = len(report.staleness.open) if report.staleness is not None else 0
        out.append(Entry(spec.locale, relative_path(spec.upstream), relative_path(spec.translation),
                         state_of(report), counts, stale, f"pairs/{n}.html"))
    for m in project.missing:
        out.append(Entry(m.locale, relative_path(m.upstream), relative_path(m.translation), "missing"))
    for o in project.orphans:
        out.append(Entry(o.locale, relative_path(o.upstream), relative_path(o.translation), "orphaned"))
    return out


@dataclass(frozen=True, slots=True)
class Links:
    """Where the repository host shows a file and its history: templates with ``{path}``
    (``https://github.com/ORG/REPO/blob/main/{path}``); empty: no link."""

    file: str = ""
    history: str = ""

    def of(self, path: str, template: str) -> str:
        return template.replace("{path}", quote(path)) if template else ""


def _page(title: str, body: str, depth: int = 0) -> str:
    up = "../" * depth
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
            "style-src 'unsafe-inline'\">"
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{_plain(title)}</title><style>{SITE_CSS}</style></head><body>"
            f'<nav class="top"><a href="{up}index.html">index</a><a href="{up}matrix.html">matrix</a></nav>'
            f"{body}</body></html>\n")


def _bar(counts: Counter) -> str:
    total = sum(counts[s] for s in STATES) or 1
    parts = "".join(f'<span class="st-{s}" style="width: {100 * counts[s] / total:.2f}%" title="{counts[s]} '
                    f'{_LABEL[s]}"></span>' for s in STATES if counts[s])
    return f'<div class="bar">{parts}</div>'


def _chunks(items: list, size: int | None = None) -> list[list]:
    size = size or ROWS_PER_PAGE
    return [items[k : k + size] for k in range(0, len(items), size)] or [[]]


def _name(stem: str, k: int) -> str:
    return f"{stem}.html" if k == 0 else f"{stem}-{k + 1}.html"


def _pager(stem: str, count: int, current: int) -> str:
    if count < 2:
        return ""
    return '<nav class="pages">pages: ' + "".join(
        f"<b>{k + 1}</b> " if k == current else f'<a href="{_name(stem, k)}">{k + 1}</a>' for k in range(count)
    ) + "</nav>"


def _locale_stem(locale: str) -> str:
    return "locale-" + "".join(c if c.isalnum() or c in "-_" else "_" for c in locale)


def index_page(entries: list[Entry], title: str) -> str:
    by_locale: dict[str, Counter] = defaultdict(Counter)
    findings: dict[str, Counter] = defaultdict(Counter)
    for e in entries:
        by_locale[e.locale][e.state] += 1
        findings[e.locale].update(e.counts)
    rows = []
    for locale in sorted(by_locale):
        c, f = by_locale[locale], findings[locale]
        total = sum(c[s] for s in STATES if s != "orphaned") or 1
        rows.append(
            f'<tr data-locale="{_e(locale)}"><td><a href="{_locale_stem(locale)}.html">{_t(locale)}</a></td>'
            f'<td class="n">{100 * c["done"] / total:.0f}%</td><td>{_bar(c)}</td>'
            + "".join(f'<td class="n" data-count="{s}">{c[s]}</td>' for s in STATES)
            + "".join(f'<td class="n">{f[s]}</td>' for s in ("error", "warning", "info")) + "</tr>")
    pages = len({e.upstream for e in entries if e.state != "orphaned"})
    body = (f"<h1>{_t(title)}</h1><p class=\"meta\">{pages} upstream page(s) in {len(by_locale)} locale(s); "
            "a page is up to date when nothing upstream changed since its translation was synced "
            "(findings are counted apart)</p>"
            '<table class="summary"><thead><tr><th>locale</th><th>%</th><th>progress</th>'
            + "".join(f"<th>{_LABEL[s]}</th>" for s in STATES)
            + "<th>errors</th><th>warnings</th><th>info</th></tr></thead><tbody>" + "".join(rows)
            + "</tbody></table>")
    return _page(title, body)


def _file_links(e: Entry, links: Links) -> str:
    out = []
    for label, path, template in (("source", e.upstream, links.file), ("translation", e.translation, links.file),
                                  ("history", e.translation if e.state != "missing" else e.upstream,
                                   links.history)):
        url = links.of(path, template)
        if url and not (label == "translation" and e.state == "missing"):
            out.append(f'<a href="{_e(url)}">{label}</a>')
    return " ".join(out)


def locale_pages(entries: list[Entry], locale: str, links: Links) -> list[tuple[str, str]]:
    mine = [e for e in entries if e.locale == locale]
    mine.sort(key=lambda e: (STATES.index(e.state) if e.state != "done" else 9, e.upstream))
    stem = _locale_stem(locale)
    chunks = _chunks(mine)
    out = []
    for k, chunk in enumerate(chunks):
        rows = "".join(
            f'<tr data-state="{e.state}"><td><span class="badge st-{e.state}">{_LABEL[e.state]}</span></td>'
            f"<td>{_t(e.upstream)}</td><td>"
            + (f'<a href="{e.page}">{_t(e.translation)}</a>' if e.page else _t(e.translation))
            + f'</td><td class="n">{e.stale}</td>'
            + "".join(f'<td class="n">{e.counts[s]}</td>' for s in ("error", "warning", "info"))
            + f"<td>{_file_links(e, links)}</td></tr>" for e in chunk)
        body = (f"<h1>{_t(locale)}</h1>{_pager(stem, len(chunks), k)}"
                '<table class="summary"><thead><tr><th>status</th><th>upstream</th><th>translation</th>'
                "<th>stale passages</th><th>errors</th><th>warnings</th><th>info</th><th>files</th></tr></thead>"
                f"<tbody>{rows}</tbody></table>{_pager(stem, len(chunks), k)}")
        out.append((_name(stem, k), _page(f"{locale} \u2014 relsync", body)))
    return out


def matrix_pages(entries: list[Entry]) -> list[tuple[str, str]]:
    locales = sorted({e.locale for e in entries})
    cells: dict[str, dict[str, Entry]] = defaultdict(dict)
    for e in entries:
        cells[e.upstream][e.locale] = e
    names = sorted(cells)
    chunks = _chunks(names)
    out = []
    for k, chunk in enumerate(chunks):
        rows = []
        for name in chunk:
            tds = []
            for locale in locales:
                e = cells[name].get(locale)
                if e is None:
                    tds.append('<td class="cell"></td>')
                    continue
                n = e.counts["error"] + e.counts["warning"]
                text = f"{_LABEL[e.state]}" + (f" \u00b7 {n}" if n else "")
                tip = f'{_e(e.translation)}: {e.counts["error"]} errors, {e.counts["warning"]} warnings'
                inner = f'<a href="{e.page}" title="{tip}">{text}</a>' if e.page else f'<span title="{tip}">{text}</span>'
                tds.append(f'<td class="cell st-{e.state}">{inner}</td>')
            rows.append(f"<tr><td>{_t(name)}</td>{''.join(tds)}</tr>")
        body = ("<h1>Pages by locale</h1>" + _pager("matrix", len(chunks), k)
                + '<table class="summary"><thead><tr><th>upstream page</th>'
                + "".join(f"<th>{_t(x)}</th>" for x in locales) + "</tr></thead><tbody>" + "".join(rows)
                + "</tbody></table>" + _pager("matrix", len(chunks), k))
        out.append((_name("matrix", k), _page("pages by locale \u2014 relsync", body)))
    return out


def write_site(directory: Path | str, entries: list[Entry], pair_pages: Iterable[tuple[str, Callable[[], str]]],
               title: str = "relsync status", links: Links = Links()) -> list[Path]:
    """Write the site into ``directory`` (made when missing); returns the files written.
    ``pair_pages``: ``(pairs/N.html, render)`` for each pair page."""
    root = Path(directory)
    (root / "pairs").mkdir(parents=True, exist_ok=True)
    pages = [("index.html", index_page(entries, title)), *matrix_pages(entries)]
    for locale in sorted({e.locale for e in entries}):
        pages += locale_pages(entries, locale, links)
    written = []
    for name, text in pages:
        atomic_write_text(root / name, text)
        written.append(root / name)
    for name, render in pair_pages:
        body = render()
        nav = ('<nav class="top"><a href="../index.html">index</a> \u00b7 '
               '<a href="../matrix.html">matrix</a></nav>')
        atomic_write_text(root / name, body.replace("<body>", "<body>" + nav, 1))
        written.append(root / name)
    return written


def pair_page(report, entry: Entry, links: Links) -> Callable[[], str]:
    """The side-by-side page of one pair, with links to its files."""
    def render() -> str:
        files = _file_links(entry, links)
        title = f"{entry.translation} ({entry.locale})"
        page = html.render([report], {"pairs": 1, **{s: entry.counts[s] for s in ("error", "warning", "info")}},
                           title=title)
        return page.replace("</h1>", "</h1>" + (f'<p class="meta">{files}</p>' if files else ""), 1)

    return render


__all__ = ["Entry", "Links", "ROWS_PER_PAGE", "STATES", "entries_of", "pair_page", "write_site"]
