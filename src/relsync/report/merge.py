"""``relsync merge-reports``: the JSON or SARIF reports of several ``check --shard K/N`` runs
joined into one, as if one run had checked everything."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Iterable

from ..checks import find_rule
from ..checks.registry import repairs_made
from ..errors import InputError, RelsyncError
from ..io import display_path


def merge_reports(paths: Iterable[Path]) -> tuple[str, dict]:
    """Join the JSON (``relsync check --format json``) or SARIF reports of several shards."""
    loaded = []
    for path in paths:
        try:
            loaded.append((path, json.loads(Path(path).read_text(encoding="utf-8"))))
        except FileNotFoundError:
            raise InputError(display_path(path), "no such file") from None
        except (OSError, ValueError) as exc:
            raise InputError(display_path(path), f"not a JSON report: {exc}") from None
    if not loaded:
        raise RelsyncError("no reports to merge")
    kinds = {"sarif" if isinstance(d, dict) and "runs" in d else "json" if isinstance(d, dict) and "findings" in d else "?"
             for _, d in loaded}
    if "?" in kinds or len(kinds) != 1:
        bad = next(display_path(p) for p, d in loaded
                   if not (isinstance(d, dict) and ("runs" in d or "findings" in d)))
        raise InputError(bad, "neither a relsync JSON report nor SARIF (or the reports mix both)")
    for path, data in loaded:
        problem = _sarif_problem(data) if kinds == {"sarif"} else _json_problem(data)
        if problem:
            raise InputError(display_path(path), f"not a {'SARIF' if kinds == {'sarif'} else 'relsync JSON'} "
                                                 f"report: {problem}")
    if kinds == {"sarif"}:
        return "sarif", _merge_sarif([d for _, d in loaded])
    findings = [f for _, d in loaded for f in d["findings"]]
    seen = set()
    unique = []
    for f in findings:
        key = json.dumps(f, sort_keys=True, ensure_ascii=False)
        if key not in seen:
            seen.add(key)
            unique.append(f)
    unique.sort(key=lambda f: ((f.get("translation") or f.get("upstream") or {}).get("path", ""),
                               (f.get("translation") or f.get("upstream") or {}).get("line", 0),
                               f["rule"], f["message"]))
    summary: dict = {"pairs": sum(int(d.get("summary", {}).get("pairs", 0)) for _, d in loaded),
                     "findings": len(unique)}
    for sev in ("error", "warning", "info"):
        summary[sev] = sum(1 for f in unique if f["severity"] == sev)
    by_rule: dict[str, int] = {}
    for f in unique:
        name = f"{f['rule']} {f['slug']}"
        by_rule[name] = by_rule.get(name, 0) + 1
    summary["by_rule"] = dict(sorted(by_rule.items()))
    summary["baselined"] = sum(int(d.get("summary", {}).get("baselined", 0)) for _, d in loaded)
    summary["fixable"] = _repairable(unique)
    return "json", {"findings": unique, "summary": summary}


_SEVERITIES = ("error", "warning", "info")


def _repairable(findings: list[dict]) -> int:
    """How many of the findings `relsync fix` repairs (:func:`~relsync.checks.registry.selectable`,
    read from the JSON)."""
    def passage(f: dict) -> tuple:
        tr, up = f.get("translation") or {}, f.get("upstream") or {}
        return tr.get("path", ""), tr.get("line", 0), up.get("line", 0)
    found = [f for f in findings if (rule := find_rule(str(f.get("slug", "")))) is not None and rule.fixable]
    return len(repairs_made(found, passage, lambda f: bool(f.get("fix"))))


def _location_problem(value: object) -> bool:
    return value is not None and not (isinstance(value, dict) and isinstance(value.get("path"), str)
                                      and type(value.get("line")) is int)


def _json_problem(data: dict) -> str | None:
    """What makes ``data`` something other than the output of ``check --format json``."""
    findings = data["findings"]
    if not isinstance(findings, list):
        return "findings is not a list"
    for k, f in enumerate(findings):
        if not isinstance(f, dict):
            return f"findings[{k}] is not a finding"
        for key in ("rule", "slug", "message"):
            if not isinstance(f.get(key), str):
                return f"findings[{k}].{key} is not text"
        if f.get("severity") not in _SEVERITIES:
            return f"findings[{k}].severity is not error, warning or info"
        for side in ("upstream", "translation"):
            if _location_problem(f.get(side)):
                return f"findings[{k}].{side} is not a location"
    summary = data.get("summary", {})
    if not isinstance(summary, dict):
        return "summary is not an object"
    for key in ("pairs", "baselined"):
        if type(summary.get(key, 0)) is not int:
            return f"summary.{key} is not a number"
    return None


def _sarif_problem(data: dict) -> str | None:
    """What makes ``data`` something other than a SARIF log relsync can join."""
    runs = data["runs"]
    if not isinstance(runs, list):
        return "runs is not a list"
    for k, run in enumerate(runs):
        if not isinstance(run, dict):
            return f"runs[{k}] is not a run"
        tool = run.get("tool", {})
        driver = tool.get("driver", {}) if isinstance(tool, dict) else None
        rules = driver.get("rules", []) if isinstance(driver, dict) else None
        if not isinstance(rules, list) or not all(isinstance(r, dict) for r in rules):
            return f"runs[{k}].tool is not a tool with a driver and its rules"
        results = run.get("results", [])
        if not isinstance(results, list) or not all(isinstance(r, dict) for r in results):
            return f"runs[{k}].results is not a list of results"
    return None


def _merge_sarif(reports: list[dict]) -> dict:
    """One run holding every shard's results; rule indexes are remapped by rule id."""
    base = json.loads(json.dumps(reports[0]))
    runs = base.get("runs") or [{}]
    first = runs[0]
    driver = first.setdefault("tool", {}).setdefault("driver", {})
    rules = list(driver.get("rules", []))
    index = {r.get("id"): k for k, r in enumerate(rules)}
    results = []
    seen = set()
    for report in reports:
        for run in report.get("runs", []):
            for rule in run.get("tool", {}).get("driver", {}).get("rules", []):
                if rule.get("id") not in index:
                    index[rule.get("id")] = len(rules)
                    rules.append(rule)
            for result in run.get("results", []):
                result = dict(result)
                if "ruleIndex" in result and result.get("ruleId") in index:
                    result["ruleIndex"] = index[result["ruleId"]]
                key = json.dumps(result, sort_keys=True)
                if key not in seen:
                    seen.add(key)
                    results.append(result)
    if rules:
        driver["rules"] = rules
    first["results"] = results
    base["runs"] = [first]
    return base
