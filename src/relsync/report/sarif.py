"""SARIF 2.1.0 for code-scanning upload: one run, the rules as metadata, one result per finding.

Each result is located in the translation (or upstream, for a block the translation lacks),
points at the upstream line as a related location, and carries the baseline fingerprint as a
partial fingerprint so that a code-scanning service follows a finding as lines move. A
finding with a safe repair carries it as a ``fix``.
"""

from __future__ import annotations

import json
from pathlib import Path, PurePosixPath
from urllib.parse import quote

from ..model import Edit, Finding, Location, Severity

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}
FINGERPRINT_KEY = "relsyncFinding/v1"


def _uri(path: str) -> str:
    """A relative path as a forward-slash URI reference, percent-encoded (RFC 3986: a space,
    ``#``, ``%`` or ``?`` in a file name); an absolute one as a ``file:`` URI."""
    p = Path(path)
    if p.is_absolute():
        return p.as_uri()
    return quote(PurePosixPath(*p.parts).as_posix())


def _location(loc: Location, message: str | None = None, id_: int | None = None) -> dict:
    out: dict[str, object] = {}
    if id_ is not None:
        out["id"] = id_
    out["physicalLocation"] = {
        "artifactLocation": {"uri": _uri(loc.path)},
        "region": {"startLine": loc.line, "startColumn": loc.column},
    }
    if message:
        out["message"] = {"text": message}
    return out


def fix(e: Edit) -> dict:
    """A repair as a SARIF ``fix``: one replacement in the translation (columns in code
    points, as the run's ``columnKind`` says; the end column exclusive)."""
    return {
        "description": {"text": f"replace \u201c{e.old}\u201d with \u201c{e.replacement}\u201d"},
        "artifactChanges": [{
            "artifactLocation": {"uri": _uri(e.path)},
            "replacements": [{
                "deletedRegion": {"startLine": e.line, "startColumn": e.col,
                                  "endLine": e.end_line, "endColumn": e.end_col},
                "insertedContent": {"text": e.replacement},
            }],
        }],
    }


def rule_descriptor(rule) -> dict:
    return {
        "id": rule.id,
        "name": rule.slug,
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": rule.doc},
        "help": {"text": rule.doc, "markdown": rule.doc},
        "defaultConfiguration": {"level": _LEVEL[rule.severity]},
        "properties": {"tags": ["translation", rule.family]},
    }


def sarif_log(findings: list[Finding], rules=(), version: str = "") -> dict:
    rules = list(rules)
    known = {r.id for r in rules}
    index = {r.id: k for k, r in enumerate(rules)}
    results = []
    for f in findings:
        result: dict[str, object] = {
            "ruleId": f.rule,
            "level": _LEVEL[f.severity],
            "message": {"text": f.message},
        }
        if f.rule in known:
            result["ruleIndex"] = index[f.rule]
        primary = f.primary
        if primary is not None:
            result["locations"] = [_location(primary)]
        if f.translation is not None and f.upstream is not None:
            result["relatedLocations"] = [_location(f.upstream, "upstream", 1)]
        if f.fix is not None:
            result["fixes"] = [fix(f.fix)]
        result["partialFingerprints"] = {FINGERPRINT_KEY: f.fingerprint()}
        result["properties"] = {"slug": f.slug}
        results.append(result)
    driver: dict[str, object] = {"name": "relsync", "rules": [rule_descriptor(r) for r in rules]}
    if version:
        driver["version"] = version
        driver["semanticVersion"] = version
    return {
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": driver},
            "columnKind": "unicodeCodePoints",
            "results": results,
        }],
    }


def render(findings: list[Finding], summary: dict, rules=(), version: str = "") -> str:
    return json.dumps(sarif_log(findings, rules, version), ensure_ascii=False, indent=2) + "\n"
