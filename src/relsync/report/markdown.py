"""A Markdown summary for a pull-request comment: counts per rule and the worst findings.

Line links point at ``{link_base}{path}#L{line}``. ``link_base`` defaults to the commit being
checked on GitHub Actions (``$GITHUB_SERVER_URL/$GITHUB_REPOSITORY/blob/$GITHUB_SHA/``), or
``$RELSYNC_LINK_BASE``; without either, links are relative to the repository root.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from urllib.parse import quote as percent_encoded

from ..io import printable
from ..model import Finding, Location, Severity
from .text import summary_line

#: Findings listed in the table; the rest are counted.
DEFAULT_LIMIT = 50
_ICON = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "info"}
_BACKTICKS_RE = re.compile(r"`+")


def default_link_base(env: dict[str, str] | None = None) -> str:
    env = dict(os.environ) if env is None else env
    if env.get("RELSYNC_LINK_BASE"):
        base = env["RELSYNC_LINK_BASE"]
        return base if base.endswith("/") else base + "/"
    server, repo, sha = (env.get(k) for k in ("GITHUB_SERVER_URL", "GITHUB_REPOSITORY", "GITHUB_SHA"))
    if server and repo and sha:
        return f"{server}/{repo}/blob/{sha}/"
    return ""


#: An ``@user`` or ``@org/team`` mention GitHub would link and notify.
_MENTION_RE = re.compile(r"(?<![\w@])@(?=[A-Za-z0-9])")


def unmention(text: str) -> str:
    """Mentions from documents made inert: a zero-width space after the ``@`` (shown the
    same, linked and notified never)."""
    return _MENTION_RE.sub("@&#8203;", text)


def cell(text: str) -> str:
    """Document text safe inside a table cell of a comment: one line, pipes escaped, HTML
    shown as text, mentions inert, control characters visible."""
    text = " ".join(printable(text).split())
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return unmention(text).replace("|", "\\|")


def link(loc: Location | None, base: str, label: str | None = None, quote=cell) -> str:
    """A Markdown link to a line of a file (``#L12``, as GitHub shows files); ``quote``
    makes the label safe where it is used (a table cell by default)."""
    if loc is None:
        return ""
    label = quote(label or f"{loc.path}:{loc.line}")
    return f"[{label}]({base}{percent_encoded(loc.path)}#L{loc.line})"


def render(findings: list[Finding], summary: dict, limit: int = DEFAULT_LIMIT,
           link_base: str | None = None, **_) -> str:
    base = default_link_base() if link_base is None else link_base
    out = [f"### relsync: {summary_line(summary)}", ""]
    if not findings:
        out.append("No findings: every translation is consistent with its upstream.")
        return "\n".join(out) + "\n"
    counts = Counter((f.rule, f.slug, f.severity) for f in findings)
    out += ["| rule | severity | findings |", "|---|---|---:|"]
    for (rule, slug, sev), n in sorted(counts.items(), key=lambda kv: (-kv[0][2], kv[0][0])):
        out.append(f"| {rule} `{slug}` | {sev} | {n} |")
    worst = sorted(findings, key=lambda f: (-f.severity, f.sort_key()))[:limit]
    title = "Findings" if len(worst) == len(findings) else f"The {len(worst)} most severe findings"
    out += ["", f"#### {title}", "",
            "| severity | rule | translation | upstream | message |", "|---|---|---|---|---|"]
    for f in worst:
        out.append(f"| {_ICON[f.severity]} | {f.rule} `{f.slug}` | {link(f.translation, base)} | "
                   f"{link(f.upstream, base)} | {cell(f.message)} |")
    if len(worst) < len(findings):
        out += ["", f"{len(findings) - len(worst)} more findings not shown; run `relsync check` for all."]
    out += suggestions([f for f in worst if f.fix is not None and f.fix.before], base)
    return "\n".join(out) + "\n"


def suggestions(findings: list[Finding], base: str) -> list[str]:
    """Each repair as a ``suggestion`` block: the whole new lines, which is what GitHub puts
    in place of the lines a review comment is on (``relsync fix`` makes them all)."""
    if not findings:
        return []
    out = ["", "#### Suggested repairs", "", "`relsync fix` makes these repairs; each block is the repaired line."]
    for f in findings:
        e = f.fix
        lines = e.after()
        fence = "`" * max(3, 1 + max((len(r) for line in lines for r in _BACKTICKS_RE.findall(line)), default=0))
        where = link(Location(e.path, e.line), base, quote=lambda text: text)
        out += ["", f"{where}: {f.rule} `{f.slug}`: {cell(e.old)} \u2192 {cell(e.replacement)}", "",
                f"{fence}suggestion", *lines, fence]
    return out
