"""Renderers: one module per output format, all built from :meth:`Finding.to_dict`.

:func:`pair_statuses` gives each aligned pair one status for the side-by-side views.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..model import Alignment, Finding, Pair

#: Pair statuses, most important first.
STATUSES = ("missing", "extra", "untranslated", "inconsistent", "stale", "ok")
_STATUS_OF_SLUG = {
    "missing": "missing",
    "extra": "extra",
    "orphaned": "extra",
    "untranslated": "untranslated",
    "stale": "stale",
}


@dataclass
class PairView:
    pair: Pair
    status: str
    findings: list[Finding]


def status_of(finding: Finding) -> str:
    return _STATUS_OF_SLUG.get(finding.slug, "inconsistent")


def pair_statuses(al: Alignment, findings: list[Finding]) -> list[PairView]:
    """Attach each finding to the pair that holds its line, and give every pair a status."""
    by_tr = _line_index(al, "translation")
    by_up = _line_index(al, "upstream")
    views = [PairView(p, "ok", []) for p in al.pairs]
    for f in findings:
        k = None
        if f.upstream is not None and f.upstream.path == al.upstream.path and f.slug == "missing":
            k = by_up.get(f.upstream.line)
        if k is None and f.translation is not None and f.translation.path == al.translation.path:
            k = by_tr.get(f.translation.line)
        if k is None and f.upstream is not None and f.upstream.path == al.upstream.path:
            k = by_up.get(f.upstream.line)
        if k is None:
            continue
        views[k].findings.append(f)
    for view in views:
        if not view.pair.translation:
            view.status = "missing"
            continue
        if not view.pair.upstream:
            view.status = "extra"
            continue
        statuses = {status_of(f) for f in view.findings}
        view.status = next((s for s in STATUSES if s in statuses), "ok")
    return views


def _line_index(al: Alignment, side: str) -> dict[int, int]:
    """Source line -> index of the pair holding it; the smallest block wins (a front-matter
    title line belongs to the title, not to the front matter around it)."""
    doc = al.upstream if side == "upstream" else al.translation
    owned = []
    for k, pair in enumerate(al.pairs):
        for idx in getattr(pair, side):
            b = doc.blocks[idx]
            owned.append((b.end - b.start, b.start, b.end, k))
    index: dict[int, int] = {}
    for _, start, end, k in sorted(owned, reverse=True):
        for line in range(start, end + 1):
            index[line] = k
    return index


def _text(findings, summary, color=False, **_):
    from . import text

    return text.render(findings, summary, color=color)


def _json(findings, summary, **_):
    from . import json

    return json.render(findings, summary)


def _sarif(findings, summary, rules=(), **_):
    from .. import __version__
    from . import sarif

    return sarif.render(findings, summary, rules=rules, version=__version__)


def _github(findings, summary, **_):
    from . import github

    return github.render(findings, summary)


def _markdown(findings, summary, link_base=None, **_):
    from . import markdown

    return markdown.render(findings, summary, link_base=link_base)


#: Output formats of findings: name -> renderer(findings, summary, **options) -> str.
FINDING_FORMATS = {
    "text": _text,
    "json": _json,
    "sarif": _sarif,
    "github": _github,
    "markdown": _markdown,
}


def render_findings(fmt: str, findings: list[Finding], summary: dict, **options) -> str:
    return FINDING_FORMATS[fmt](findings, summary, **options)
