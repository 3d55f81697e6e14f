"""GitHub Actions workflow commands: ``::error file=P,line=N,col=C,title=T::message``.

The runner turns each line into an annotation on the pull request's diff; the summary line
that follows is ordinary log output.
"""

from __future__ import annotations

from ..io import printable
from ..model import Finding, Severity
from .text import summary_line

_COMMAND = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}


def escape_data(text: str) -> str:
    """Text safe in a workflow command; control characters made visible, since the log
    viewer would act on colour and hyperlink sequences."""
    return printable(text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A"))


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def format_finding(f: Finding) -> str:
    props = []
    loc = f.primary
    if loc is not None:
        props += [f"file={escape_property(loc.path)}", f"line={loc.line}", f"col={loc.column}"]
    props.append(f"title={escape_property(f'{f.rule} {f.slug}')}")
    message = f.message
    if f.translation is not None and f.upstream is not None:
        message += f" [upstream {f.upstream.path}:{f.upstream.line}]"
    return f"::{_COMMAND[f.severity]} {','.join(props)}::{escape_data(message)}"


def render(findings: list[Finding], summary: dict) -> str:
    lines = [format_finding(f) for f in findings]
    lines.append(summary_line(summary))
    return "\n".join(lines) + "\n"
