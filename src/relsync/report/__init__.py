"""Renderers: one module per output format.

The finding formats (``text``, ``json``, ``sarif``, ``github``, ``markdown``, ``rdjson``) are built from
:meth:`Finding.to_dict <relsync.model.Finding.to_dict>` and the run's summary; the
side-by-side views of ``relsync diff`` (:mod:`.terminal`, :mod:`.markdown_diff`,
:mod:`.html`) from each pair's report, through :func:`.views.pair_statuses`.
"""

from __future__ import annotations

from .._version import __version__
from ..checks import rules as all_rules
from ..model import Finding

# Each renderer loads its module when used: a run writes one format.


def _text(findings, summary, color=False, **_):
    from . import text

    return text.render(findings, summary, color=color)


def _json(findings, summary, **_):
    from . import json

    return json.render(findings, summary)


def _sarif(findings, summary, rules=None, **_):
    from . import sarif

    return sarif.render(findings, summary, rules=all_rules() if rules is None else rules, version=__version__)


def _github(findings, summary, **_):
    from . import github

    return github.render(findings, summary)


def _rdjson(findings, summary, **_):
    from . import rdjson

    return rdjson.render(findings, summary)


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
    "rdjson": _rdjson,
}


def render_findings(fmt: str, findings: list[Finding], summary: dict, **options) -> str:
    return FINDING_FORMATS[fmt](findings, summary, **options)
