"""The rules as documentation: ``relsync rules`` and the README's rule table."""

from __future__ import annotations

import json


def render(rules, fmt: str = "text") -> str:
    if fmt == "json":
        data = [
            {"id": r.id, "slug": r.slug, "family": r.family, "severity": str(r.severity),
             "summary": r.summary, "doc": r.doc, "fixable": r.fixable}
            for r in rules
        ]
        return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    if fmt == "markdown":
        lines = ["| id | rule | severity | what it finds |", "|---|---|---|---|"]
        for r in rules:
            summary = r.summary.replace("|", "\\|")
            lines.append(f"| {r.id} | `{r.slug}` | {r.severity} | {summary} |")
        return "\n".join(lines) + "\n"
    width = max(len(r.slug) for r in rules)
    return "".join(f"{r.id}  {r.slug.ljust(width)}  {str(r.severity).ljust(7)}  {r.summary}\n" for r in rules)


def rule_text(rule) -> str:
    repairs = ", repaired by relsync fix" if rule.fixable else ""
    return f"{rule.id} {rule.slug} ({rule.family}, default severity: {rule.severity}{repairs})\n\n{rule.doc}"
