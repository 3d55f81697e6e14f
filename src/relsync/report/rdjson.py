"""reviewdog's Diagnostic Format (rdjson): one ``DiagnosticResult`` with a diagnostic per
finding, so that ``reviewdog -f=rdjson -reporter=github-pr-review`` comments on the lines of a
pull request, a repairable finding with a one-click suggestion.

reviewdog counts columns in UTF-8 bytes (1-based, the end exclusive); a finding's repair
counts code points, so each column is converted on the line the repair keeps.
"""

from __future__ import annotations

import json

from ..model import Edit, Finding, Location, Severity
from .text import format_finding

_SEVERITY = {Severity.ERROR: "ERROR", Severity.WARNING: "WARNING", Severity.INFO: "INFO"}


def _byte_column(line: str, col: int) -> int:
    return len(line[: col - 1].encode("utf-8")) + 1


def edit_range(e: Edit) -> dict:
    """The range of a repair in reviewdog's terms (UTF-8 byte columns)."""
    first, last = (e.before[0], e.before[-1]) if e.before else ("", "")
    start = {"line": e.line, "column": _byte_column(first, e.col) if e.before else e.col}
    end = {"line": e.end_line, "column": _byte_column(last, e.end_col) if e.before else e.end_col}
    return {"start": start, "end": end}


def _location(loc: Location) -> dict:
    return {"path": loc.path, "range": {"start": {"line": loc.line}}}


def diagnostic(f: Finding) -> dict | None:
    loc = f.primary
    if loc is None:
        return None
    out: dict[str, object] = {
        "message": f.message,
        "location": _location(loc),
        "severity": _SEVERITY[f.severity],
        "code": {"value": f"{f.rule} {f.slug}"},
        "original_output": format_finding(f),
    }
    if f.fix is not None:
        rng = edit_range(f.fix)
        out["location"] = {"path": f.fix.path, "range": rng}
        out["suggestions"] = [{"range": rng, "text": f.fix.replacement}]
    if f.translation is not None and f.upstream is not None:
        out["related_locations"] = [{"message": "upstream", "location": _location(f.upstream)}]
    return out


def render(findings: list[Finding], summary: dict) -> str:
    diagnostics = [d for d in (diagnostic(f) for f in findings) if d is not None]
    data = {"source": {"name": "relsync"}, "diagnostics": diagnostics}
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
