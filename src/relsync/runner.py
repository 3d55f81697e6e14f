"""Running many document pairs: a content-hash cache, parallel processes and CI shards.

The result for a pair depends only on the bytes of its two files, its locale and name, the
settings that change findings, and relsync's own code; the cache key hashes exactly those, so
a hit can never return a stale answer. The cache lives in one directory, is safe to delete,
and is versioned by relsync's version (a new version starts a new subdirectory).
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable

from . import __version__, api, stale
from .config import Config
from .errors import InputError, RelsyncError
from .model import Finding, Location, Severity

CACHE_SCHEMA = 1


@functools.lru_cache(maxsize=1)
def code_fingerprint() -> str:
    """A hash of relsync's own source files: a changed rule or parser never reuses old results."""
    h = hashlib.sha256(__version__.encode())
    package = Path(__file__).resolve().parent
    for path in sorted(package.rglob("*.py")):
        h.update(path.relative_to(package).as_posix().encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:16]


def settings_fingerprint(cfg: Config) -> str:
    """The settings that change findings, as a stable hash."""
    data = {
        "disable": sorted(cfg.disable),
        "enable": sorted(cfg.enable),
        "severity": {k: str(v) for k, v in sorted(cfg.severity.items())},
        "glossary": cfg.glossary,
        "link_prefixes": cfg.link_prefixes,
        "link_rewrites": cfg.link_rewrites,
        "locales": cfg.locales,
        "upstream": cfg.upstream,
    }
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:16]


def _glossary_bytes(spec: api.PairSpec, cfg: Config) -> bytes:
    directory = cfg.locales_dir / spec.locale if spec.locale else spec.translation.parent
    names = [cfg.glossary] if cfg.glossary else ["glossary.csv", "glossary.tbx"]
    for name in names:
        path = directory / name
        if path.is_file():
            try:
                return path.read_bytes()
            except OSError:
                return b""
    return b""


def cache_key(spec: api.PairSpec, cfg: Config, extra: str = "") -> str | None:
    """The content hash of everything a pair's findings depend on; ``None`` if a file cannot
    be read (the uncached run then reports the problem)."""
    h = hashlib.sha256()
    for part in (code_fingerprint(), settings_fingerprint(cfg), spec.locale, spec.name,
                 api.display_path(spec.upstream), api.display_path(spec.translation), extra,
                 stale.history_key(spec.upstream)):  # staleness depends on the git history
        h.update(part.encode("utf-8"))
        h.update(b"\x00")
    for path in (spec.upstream, spec.translation):
        try:
            h.update(Path(path).read_bytes())
        except OSError:
            return None
        h.update(b"\x00")
    h.update(_glossary_bytes(spec, cfg))
    return h.hexdigest()


def _finding_to_json(f: Finding) -> dict:
    data = f.to_dict()
    data["minor"] = f.minor
    data["details"] = [[k, v] for k, v in f.details]
    return data


def _finding_from_json(d: dict) -> Finding:
    def loc(x):
        return Location(x["path"], x["line"]) if x else None

    return Finding(
        rule=d["rule"], slug=d["slug"], severity=Severity.parse(d["severity"]), message=d["message"],
        upstream=loc(d["upstream"]), translation=loc(d["translation"]),
        details=tuple((k, v if not isinstance(v, list) else tuple(v)) for k, v in d.get("details", [])),
        minor=bool(d.get("minor")),
    )


@dataclass
class Cache:
    """Findings per pair, stored as JSON files named by the pair's content hash."""

    directory: Path

    @property
    def versioned(self) -> Path:
        return self.directory / f"v{__version__}-{CACHE_SCHEMA}"

    def _path(self, key: str) -> Path:
        return self.versioned / key[:2] / f"{key}.json"

    def get(self, key: str) -> list[Finding] | None:
        try:
            data = json.loads(self._path(key).read_text(encoding="utf-8"))
            return [_finding_from_json(d) for d in data]
        except (OSError, ValueError, KeyError, TypeError):
            return None

    def put(self, key: str, findings: list[Finding]) -> None:
        path = self._path(key)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(f".{os.getpid()}.tmp")
            tmp.write_text(json.dumps([_finding_to_json(f) for f in findings], ensure_ascii=False),
                           encoding="utf-8")
            os.replace(tmp, path)
        except OSError:
            pass  # a cache that cannot be written only costs time


def shard(pairs: list[api.PairSpec], k: int, n: int) -> list[api.PairSpec]:
    """The deterministic ``k``-th of ``n`` shares of the pairs (1-based), by a hash of each
    pair's name and locale, so adding a document does not reshuffle the others."""
    if not 1 <= k <= n:
        raise RelsyncError(f"--shard {k}/{n}: K must be between 1 and N")
    return [p for p in pairs
            if bucket(f"{p.locale}\x00{p.name or api.display_path(p.upstream)}", n) == k - 1]


def bucket(ident: str, n: int) -> int:
    """Which of ``n`` shards a name falls in (0-based), the same on every machine."""
    return int(hashlib.sha1(ident.encode("utf-8")).hexdigest(), 16) % n


def parse_shard(value: str) -> tuple[int, int]:
    try:
        k, n = (int(x) for x in value.split("/"))
    except ValueError:
        raise RelsyncError(f"--shard {value!r}: expected K/N, e.g. 2/4") from None
    if n < 1 or not 1 <= k <= n:
        raise RelsyncError(f"--shard {value!r}: K must be between 1 and N")
    return k, n


# Worker state: set once per process by the pool initializer.
_WORKER_CFG: Config | None = None


def _init_worker(cfg: Config) -> None:
    global _WORKER_CFG
    _WORKER_CFG = cfg


def _check_one(spec: api.PairSpec) -> tuple[str, object]:
    """Check one pair in a worker; errors travel back as values, not tracebacks."""
    assert _WORKER_CFG is not None
    try:
        return "ok", [_finding_to_json(f) for f in api.check_pair(spec, _WORKER_CFG)]
    except InputError as exc:
        return "input", (exc.path, exc.problem, exc.line)
    except RelsyncError as exc:
        return "error", str(exc)


def _size(spec: api.PairSpec) -> int:
    try:
        return os.path.getsize(spec.upstream) + os.path.getsize(spec.translation)
    except OSError:
        return 0


def check_pairs(
    cfg: Config,
    pairs: list[api.PairSpec],
    jobs: int = 1,
    cache: Cache | None = None,
    progress: Callable[[int], None] | None = None,
    key_extra: Callable[[api.PairSpec], str] | None = None,
) -> tuple[list[Finding], int]:
    """Findings of every pair, in the order of ``pairs`` whatever ``jobs`` is, and the number
    of pairs answered from the cache."""
    results: list[list[Finding] | None] = [None] * len(pairs)
    keys: list[str | None] = [None] * len(pairs)
    todo: list[int] = []
    hits = 0
    for k, spec in enumerate(pairs):
        if cache is not None:
            keys[k] = cache_key(spec, cfg, key_extra(spec) if key_extra else "")
            if keys[k] is not None:
                cached = cache.get(keys[k])
                if cached is not None:
                    results[k] = cached
                    hits += 1
                    if progress:
                        progress(1)
                    continue
        todo.append(k)
    if jobs > 1 and len(todo) > 1:
        from concurrent.futures import ProcessPoolExecutor

        # Largest pairs first, one pair per task: the two workers finish together.
        order = sorted(todo, key=lambda k: -_size(pairs[k]))
        with ProcessPoolExecutor(max_workers=jobs, initializer=_init_worker, initargs=(cfg,)) as pool:
            for k, (status, value) in zip(order, pool.map(_check_one, [pairs[k] for k in order])):
                if status == "input":
                    path, problem, line = value
                    raise InputError(path, problem, line)
                if status == "error":
                    raise RelsyncError(str(value))
                results[k] = [_finding_from_json(d) for d in value]
                if progress:
                    progress(1)
    else:
        for k in todo:
            results[k] = api.check_pair(pairs[k], cfg)
            if progress:
                progress(1)
    if cache is not None:
        for k in todo:
            if keys[k] is not None:
                cache.put(keys[k], results[k] or [])
    findings = [f for r in results for f in (r or [])]
    return findings, hits


def default_jobs() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1)


def show_progress() -> bool:
    """A progress bar only for a person at a terminal: not in CI logs, not into pipes."""
    return sys.stderr.isatty() and not os.environ.get("CI")


def merge_reports(paths: Iterable[Path]) -> tuple[str, dict]:
    """Join the JSON (``relsync check --format json``) or SARIF reports of several shards."""
    loaded = []
    for path in paths:
        try:
            loaded.append((path, json.loads(Path(path).read_text(encoding="utf-8"))))
        except FileNotFoundError:
            raise InputError(api.display_path(path), "no such file") from None
        except (OSError, ValueError) as exc:
            raise InputError(api.display_path(path), f"not a JSON report: {exc}") from None
    if not loaded:
        raise RelsyncError("no reports to merge")
    kinds = {"sarif" if isinstance(d, dict) and "runs" in d else "json" if isinstance(d, dict) and "findings" in d else "?"
             for _, d in loaded}
    if "?" in kinds or len(kinds) != 1:
        bad = next(api.display_path(p) for p, d in loaded
                   if not (isinstance(d, dict) and ("runs" in d or "findings" in d)))
        raise InputError(bad, "neither a relsync JSON report nor SARIF (or the reports mix both)")
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
    return "json", {"findings": unique, "summary": summary}


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
