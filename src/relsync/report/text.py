"""Plain text: ``path:line:col: RS201 number-mismatch: message`` and a summary line."""

from __future__ import annotations

import click

from ..io import printable
from ..model import Finding, Severity

_COLORS = {Severity.ERROR: "red", Severity.WARNING: "yellow", Severity.INFO: "cyan"}


def format_finding(f: Finding, color: bool = False) -> str:
    loc = f.primary
    where = f"{loc.path}:{loc.line}:{loc.column}" if loc else "<unknown>"
    code = f"{f.rule} {f.slug}"
    if color:
        code = click.style(code, fg=_COLORS[f.severity], bold=f.severity is Severity.ERROR)
    other = ""
    if f.translation is not None and f.upstream is not None:
        other = f" [upstream {f.upstream.path}:{f.upstream.line}]"
    return f"{printable(where)}: {code}: {printable(f.message + other)}"


def render(findings: list[Finding], summary: dict, color: bool = False) -> str:
    lines = [format_finding(f, color) for f in findings]
    lines.append(summary_line(summary))
    return "\n".join(lines) + "\n"


def summary_line(summary: dict) -> str:
    parts = [f"{summary.get(k, 0)} {k}{'s' if summary.get(k, 0) != 1 else ''}" for k in ("error", "warning")]
    parts.append(f"{summary.get('info', 0)} info")
    pairs = summary.get("pairs", 0)
    text = f"{', '.join(parts)} in {pairs} document pair{'s' if pairs != 1 else ''}"
    if summary.get("baselined"):
        text += f" ({summary['baselined']} known findings in the baseline not shown)"
    if summary.get("fixable"):
        text += f"; {summary['fixable']} fixable with `relsync fix`"
    return text
