"""Renderers: one module per output format.

The finding formats (``text``, ``json``, ``sarif``, ``github``, ``markdown``) are built from
:meth:`Finding.to_dict <relsync.model.Finding.to_dict>` and the run's summary; the
side-by-side views of ``relsync diff`` (:mod:`.terminal`, :mod:`.markdown_diff`,
:mod:`.html`) from each pair's report, through :func:`.views.pair_statuses`.
"""

from __future__ import annotations

from .._version import __version__
from ..model import Finding
from . import github, json, markdown, sarif, text


def _text(findings, summary, color=False, **_):
    return text.render(findings, summary, color=color)


def _json(findings, summary, **_):
    return json.render(findings, summary)


def _sarif(findings, summary, rules=(), **_):
    return sarif.render(findings, summary, rules=rules, version=__version__)


def _github(findings, summary, **_):
    return github.render(findings, summary)


def _markdown(findings, summary, link_base=None, **_):
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
