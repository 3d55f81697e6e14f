"""Many document pairs: the project's findings through one pipeline, with a content-hash
cache, parallel processes and CI shards.

:func:`run` is what ``relsync check`` and ``relsync diff`` do: every pair of a
:class:`~relsync.project.Project` through :func:`relsync.pipeline.check_pair` (or
:func:`~relsync.pipeline.report_pair`, when the alignments are shown), the project-scope
rules over the files without a partner, then the baseline.

The result for a pair depends only on the bytes of its two files and of the glossary file its
rules read, its locale and name, the settings that change findings, the git history (HEAD,
whether git accepts the repository, where a shallow clone is cut), and relsync's own code
(with the versions of the libraries that read documents, and of Python); the
cache key hashes exactly those, so a hit can never return a stale answer, and an entry that is
not a well-formed list of findings is a miss. The cache lives in
one directory, is safe to delete, and is versioned by relsync's version (a new version starts
a new subdirectory).
"""

from __future__ import annotations

import functools
import gc
import hashlib
import json
import os
import re
import sys
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Callable

from . import stale
from ._version import __version__
from .baseline import apply_baseline, baseline_path, read_baseline
from .checks import ProjectContext, resolve_settings, run_project_checks
from .checks.registry import selectable
from .checks.site import Site, site_of
from .config import Config, load_config
from .errors import InputError, RelsyncError, collapse_notices, notice, notice_mark, notices_since
from .io import display_path, remove_stale_temporaries
from .model import Edit, Finding, Location, Severity
from .parse import parse
from .pipeline import PairReport, check_pair, report_pair, site_syntax
from .project import PairSpec, Project, discover, glossary_path

CACHE_SCHEMA = 1

#: What every suppression comment (:data:`relsync.parse.SUPPRESS_RE`) holds, in any case.
_SUPPRESSION_MARK_RE = re.compile("relsync-disable", re.IGNORECASE)
#: A cache entry being written: ``KEY.XXXXXXXXXXXX.tmp``.
_CACHE_TEMPORARY_RE = re.compile(r"\A[0-9a-f]{64}\.[0-9a-z]{1,16}\.tmp\Z")


@dataclass
class CheckResult:
    """What a run found: the findings (baseline applied), the pairs checked and, when asked
    for, each pair's report."""

    findings: list[Finding]
    pairs: list[PairSpec] = field(default_factory=list)
    baselined: int = 0
    files: list[Finding] = field(default_factory=list)
    """The findings about whole files (a translation that does not exist), also in
    :attr:`findings`."""
    reports: list[PairReport] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    """What the run had to say without failing (a shallow clone, ...), each once."""

    def summary(self) -> dict[str, object]:
        by_severity = Counter(str(f.severity) for f in self.findings)
        by_rule = Counter(f"{f.rule} {f.slug}" for f in self.findings)
        return {
            "pairs": len(self.pairs),
            "findings": len(self.findings),
            "error": by_severity.get("error", 0),
            "warning": by_severity.get("warning", 0),
            "info": by_severity.get("info", 0),
            "by_rule": dict(sorted(by_rule.items())),
            "baselined": self.baselined,
            "fixable": len(selectable(self.findings)),  # what `relsync fix` repairs
        }


def run(project: Project, *, jobs: int = 1, cache: "Cache | None" = None,
        baseline: Path | None = None, shard: tuple[int, int] | None = None,
        reports: bool = False, since: str | None = None, base: str | None = None,
        progress: Callable[[int], None] | None = None) -> CheckResult:
    """Check a project: every pair, then the files without a partner, then the baseline.

    ``shard=(k, n)`` checks the k-th of n shares of the pairs (and of the file findings);
    ``reports`` keeps each pair's alignment and staleness for the side-by-side views;
    ``since``/``base`` compare upstream with another revision (see ``relsync diff``).
    """
    cfg = project.config
    pairs = project.pairs
    mark = notice_mark()
    if shard is not None:
        pairs = select_shard(pairs, *shard)
    if since is not None or base is not None:
        cache = None  # the cache key does not cover the revision compared with
    found, results = check_pairs(cfg, pairs, jobs, cache, progress, reports=reports,
                                 since=since, base=base, site=site_of(project))
    files = project_findings(project)
    if shard is not None:
        files = [f for f in files if _in_shard(f, *shard)]
    findings = sorted([*files, *found], key=Finding.sort_key)
    result = CheckResult(findings, pairs, files=files, reports=results, warnings=collapse_notices(notices_since(mark)))
    if baseline is not None:
        kept, result.baselined = apply_baseline(findings, read_baseline(baseline))
        result.findings = kept
        shown = {id(f) for f in kept}
        result.files = [f for f in files if id(f) in shown]
        for report in result.reports:
            report.findings = [f for f in report.findings if id(f) in shown]
    return result


def project_findings(project: Project) -> list[Finding]:
    """The project-scope rules' findings, with the suppressions of the files they name."""
    cfg = project.config

    @functools.lru_cache(maxsize=None)
    def document_of(path: str):
        try:
            with open(path, "rb") as handle:
                text = handle.read().decode("utf-8", "replace")
        except OSError:
            return None
        if not _SUPPRESSION_MARK_RE.search(text):
            return None  # (no comment that could suppress: nothing to parse)
        return parse(text, path)

    return run_project_checks(project, ProjectContext(cfg), cfg.rule_enabled, cfg.rule_severity,
                              document_of)


# -- the cache ----------------------------------------------------------------------------

#: The libraries whose behaviour findings depend on (parsing, scores, locale data, YAML,
#: the language identifier's model).
_RESULT_LIBRARIES = ("markdown-it-py", "mdit-py-plugins", "rapidfuzz", "babel", "PyYAML", "py3langid")


@functools.lru_cache(maxsize=1)
def code_fingerprint() -> str:
    """A hash of relsync's own source files, the versions of the libraries it reads documents
    with and of Python (its Unicode data): a changed rule, parser or locale database never
    reuses old results."""
    h = hashlib.sha256(__version__.encode())
    h.update(sys.version.encode())
    for name in _RESULT_LIBRARIES:
        try:
            h.update(f"{name}={metadata.version(name)}".encode())
        except metadata.PackageNotFoundError:
            h.update(name.encode())
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
        "heading_ids": cfg.heading_ids,
        "locales": cfg.locales,
        "upstream": cfg.upstream,
        "translation": cfg.translation,
        "upstream_root": str(cfg.upstream_base) if cfg.upstream_root else None,
        "markdown": cfg.markdown,
    }
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:16]


def _glossary_bytes(spec: PairSpec, cfg: Config) -> bytes:
    """The glossary file the pair's rules read (its path decides CSV or TBX), and its bytes."""
    try:
        path = glossary_path(spec, cfg)
        return str(path).encode("utf-8") + b"\x00" + path.read_bytes() if path is not None else b""
    except (OSError, RelsyncError):
        return b"\x00unreadable"  # the uncached run reports the problem


def history_fingerprint(spec: PairSpec, memo: dict[str, str] | None = None) -> str:
    """The git history a pair's staleness is read from: for the work tree of each file, HEAD,
    whether git accepts the repository and where a shallow clone's history is cut. ``memo``
    keeps one answer per repository for a run (one git call each)."""
    memo = {} if memo is None else memo
    parts = []
    for path in (spec.upstream, spec.translation):
        repo = stale.work_tree(path)
        if repo is None:
            parts.append("")
            continue
        key = str(repo)
        if key not in memo:
            memo[key] = f"{key}\x00{stale.history_key(path)}\x00{stale.repository_state(repo)}"
        parts.append(memo[key])
    return "\x01".join(parts)


def cache_key(spec: PairSpec, cfg: Config, extra: str = "", histories: dict[str, str] | None = None) -> str | None:
    """The content hash of everything a pair's findings depend on; ``None`` if a file cannot
    be read (the uncached run then reports the problem)."""
    h = hashlib.sha256()
    for part in (code_fingerprint(), settings_fingerprint(cfg), spec.locale, spec.name,
                 display_path(spec.upstream), display_path(spec.translation), extra,
                 # the site's Markdown extensions (its mkdocs.yml) decide how both are read
                 "\x01".join(sorted(site_syntax(spec.upstream, spec.translation))),
                 # staleness depends on the history of the checkouts holding both files
                 history_fingerprint(spec, histories)):
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
    if f.fix is not None:
        data["fix"]["before"] = list(f.fix.before)
    return data


def _finding_from_json(d: object) -> Finding:
    """A finding back from its cached form; ``ValueError`` for anything but what
    :func:`_finding_to_json` writes, so that a damaged entry is a miss, never a wrong answer."""
    if not isinstance(d, dict):
        raise ValueError("not a finding")

    def text(key: str) -> str:
        if not isinstance(d.get(key), str):
            raise ValueError(f"{key} is not text")
        return d[key]

    def loc(x: object) -> Location | None:
        if x is None:
            return None
        if (not isinstance(x, dict) or not isinstance(x.get("path"), str)
                or type(x.get("line")) is not int or x["line"] < 0):
            raise ValueError("not a location")
        return Location(x["path"], x["line"])

    def edit(x: object) -> Edit | None:
        if x is None:
            return None
        at = x.get("translation") if isinstance(x, dict) else None
        numbers = ("line", "col", "end_line", "end_col")
        if (not isinstance(at, dict) or not isinstance(at.get("path"), str)
                or not all(type(at.get(k)) is int for k in numbers)
                or not isinstance(x.get("replacement"), str)
                or not all(isinstance(line, str) for line in x.get("before", ()))):
            raise ValueError("not a repair")
        return Edit(at["path"], at["line"], at["col"], at["end_line"], at["end_col"], x["replacement"],
                    tuple(x.get("before", ())))

    details = d.get("details", [])
    if not isinstance(details, list) or not all(isinstance(x, list) and len(x) == 2 and isinstance(x[0], str)
                                                for x in details):
        raise ValueError("details are not pairs")
    return Finding(
        rule=text("rule"), slug=text("slug"), severity=Severity.parse(text("severity")), message=text("message"),
        upstream=loc(d.get("upstream")), translation=loc(d.get("translation")),
        details=tuple((k, v if not isinstance(v, list) else tuple(v)) for k, v in details),
        minor=d.get("minor") is True, fix=edit(d.get("fix")),
    )


@dataclass
class Cache:
    """Findings per pair, stored as JSON files named by the pair's content hash."""

    directory: Path
    _cleaned: set[Path] = field(default_factory=set, repr=False, compare=False)
    """The buckets whose stale temporaries this run removed (once each, not at every write)."""

    @property
    def versioned(self) -> Path:
        return self.directory / f"v{__version__}-{CACHE_SCHEMA}"

    def _path(self, key: str) -> Path:
        return self.versioned / key[:2] / f"{key}.json"

    def get(self, key: str) -> list[Finding] | None:
        """The cached findings, or ``None`` (a miss) when the entry is absent or is anything
        but a list of well-formed findings."""
        try:
            data = json.loads(self._path(key).read_text(encoding="utf-8"))
            if not isinstance(data, list):
                return None
            return [_finding_from_json(d) for d in data]
        except (OSError, ValueError, KeyError, TypeError, RecursionError):
            return None

    def put(self, key: str, findings: list[Finding]) -> None:
        """Store the findings; a cache that cannot be written (a full disk, no permission)
        only costs time, and leaves no partial file behind."""
        path = self._path(key)
        data = json.dumps([_finding_to_json(f) for f in findings], ensure_ascii=False).encode("utf-8")
        tmp: Path | None = None
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            if path.parent not in self._cleaned:
                self._cleaned.add(path.parent)
                remove_stale_temporaries(path.parent, None, _CACHE_TEMPORARY_RE)
            tmp = path.with_name(f"{key}.{os.urandom(6).hex()}.tmp")
            tmp.write_bytes(data)
            os.replace(tmp, path)
        except OSError:
            if tmp is not None:
                try:
                    tmp.unlink()
                except OSError:
                    pass


# -- shards -------------------------------------------------------------------------------

def select_shard(pairs: list[PairSpec], k: int, n: int) -> list[PairSpec]:
    """The deterministic ``k``-th of ``n`` shares of the pairs (1-based), by a hash of each
    pair's name and locale, so adding a document does not reshuffle the others."""
    if not 1 <= k <= n:
        raise RelsyncError(f"--shard {k}/{n}: K must be between 1 and N")
    return [p for p in pairs
            if bucket(f"{p.locale}\x00{p.name or display_path(p.upstream)}", n) == k - 1]


def bucket(ident: str, n: int) -> int:
    """Which of ``n`` shards a name falls in (0-based), the same on every machine."""
    return int(hashlib.sha1(ident.encode("utf-8")).hexdigest(), 16) % n


def _in_shard(f: Finding, k: int, n: int) -> bool:
    """Findings about whole files (a missing translation) go to the shard of their path."""
    loc = f.primary
    return bucket(loc.path if loc else "", n) == k - 1


def parse_shard(value: str) -> tuple[int, int]:
    try:
        k, n = (int(x) for x in value.split("/"))
    except ValueError:
        raise RelsyncError(f"--shard {value!r}: expected K/N, e.g. 2/4") from None
    if n < 1 or not 1 <= k <= n:
        raise RelsyncError(f"--shard {value!r}: K must be between 1 and N")
    return k, n


# -- many pairs ---------------------------------------------------------------------------

#: The garbage collector's thresholds while pairs are checked. A run allocates many small
#: objects that live to its end (parsed pages, alignments, findings); with Python's defaults
#: a full collection traverses all of them again every few pairs (fastapi-docs, 1,488 pairs:
#: 1.5 s of 20 s collecting, two thirds of it in full collections; 0.8-0.9 s with these).
RUN_GC_THRESHOLDS = (5000, 10, 100)


@contextmanager
def _collected_rarely():
    """:data:`RUN_GC_THRESHOLDS` for the time of the block, the process's own after it."""
    before = gc.get_threshold()
    gc.set_threshold(*RUN_GC_THRESHOLDS)
    try:
        yield
    finally:
        gc.set_threshold(*before)


# Worker state: set once per process by the pool initializer.
_WORKER: tuple[Config, bool, str | None, str | None, Site | None] | None = None


def _init_worker(cfg: Config, reports: bool, since: str | None, base: str | None,
                 site: Site | None = None) -> None:
    global _WORKER
    _WORKER = (cfg, reports, since, base, site)
    gc.set_threshold(*RUN_GC_THRESHOLDS)  # the process is the pool's: no thresholds to give back


def _one(spec: PairSpec, cfg: Config, reports: bool, since: str | None,
         base: str | None, site: Site | None = None) -> PairReport | list[Finding]:
    if reports:
        return report_pair(spec, cfg, since=since, base=base, site=site)
    if since is not None or base is not None:
        return report_pair(spec, cfg, since=since, base=base, site=site).findings
    return check_pair(spec, cfg, site=site)


def _check_one(spec: PairSpec) -> tuple[str, object, list[tuple[str, str]]]:
    """Check one pair in a worker; errors and notices travel back as values."""
    assert _WORKER is not None
    cfg, reports, since, base, site = _WORKER
    mark = notice_mark()
    try:
        result = _one(spec, cfg, reports, since, base, site)
        return "ok", result if reports else [_finding_to_json(f) for f in result], notices_since(mark)
    except InputError as exc:
        return "input", (exc.path, exc.problem, exc.line), []
    except RelsyncError as exc:
        return "error", str(exc), []


def _check_group(specs: list[PairSpec]) -> list[tuple[str, object, list[tuple[str, str]]]]:
    """Check in a worker the pairs of one upstream file (parsed once there)."""
    return [_check_one(spec) for spec in specs]


def _size(spec: PairSpec) -> int:
    try:
        return os.path.getsize(spec.upstream) + os.path.getsize(spec.translation)
    except OSError:
        return 0


def by_upstream(pairs: list[PairSpec], todo: list[int]) -> list[list[int]]:
    """The pairs ``todo`` (indexes into ``pairs``) grouped by upstream file, in order of first
    appearance: the pairs of a group run one after another in one process, which parses their
    upstream page (and the revisions of it they were made from) once."""
    groups: dict[str, list[int]] = {}
    for k in todo:
        groups.setdefault(str(pairs[k].upstream), []).append(k)
    return list(groups.values())


def check_pairs(cfg: Config, pairs: list[PairSpec], jobs: int = 1, cache: Cache | None = None,
                progress: Callable[[int], None] | None = None, *, reports: bool = False,
                since: str | None = None, base: str | None = None, site: Site | None = None,
                ) -> tuple[list[Finding], list[PairReport]]:
    """Findings of every pair, in the order of ``pairs`` whatever ``jobs`` is (``0``: one
    process per CPU when there are enough pairs to check), and with
    ``reports`` each pair's report (alignment and staleness). A pair found in the cache is
    not checked again, unless its report is needed. ``site``: the pages links may lead to
    (its ids are part of each pair's cache key). When pairs cannot be read, the error is the
    first such pair's, whatever ``jobs`` is."""
    results: list[list[Finding] | None] = [None] * len(pairs)
    shown: list[PairReport | None] = [None] * len(pairs)
    keys: list[str | None] = [None] * len(pairs)
    histories: dict[str, str] = {}
    todo: list[int] = []
    site_key = site.fingerprint() if site is not None and cache is not None else ""
    for k, spec in enumerate(pairs):
        if cache is not None:
            keys[k] = cache_key(spec, cfg, site_key, histories=histories)
            if keys[k] is not None and not reports:
                cached = cache.get(keys[k])
                if cached is not None:
                    results[k] = cached
                    if progress:
                        progress(1)
                    continue
        todo.append(k)

    uncacheable: set[int] = set()
    failed: dict[int, RelsyncError] = {}

    def done(k: int, value: PairReport | list[Finding], said: list[tuple[str, str]]) -> None:
        if said:  # a result the history could not fully tell is not kept
            uncacheable.add(k)
        if reports:
            shown[k] = value
            results[k] = value.findings
        else:
            results[k] = value
        if progress:
            progress(1)

    groups = by_upstream(pairs, todo)
    if jobs == 0:  # as many processes as CPUs when there is enough to share
        jobs = default_jobs() if len(todo) >= AUTO_PARALLEL_PAIRS else 1
    with _collected_rarely():
        if jobs > 1 and len(groups) > 1:
            _check_in_processes(cfg, pairs, groups, jobs, (reports, since, base, site), done, failed)
        else:
            for k in (k for group in groups for k in group):
                mark = notice_mark()
                try:
                    value = _one(pairs[k], cfg, reports, since, base, site)
                except RelsyncError as exc:
                    failed[k] = exc
                    continue
                done(k, value, notices_since(mark))
    if failed:
        raise failed[min(failed)]
    if cache is not None:
        for k in todo:
            if keys[k] is not None and k not in uncacheable:
                cache.put(keys[k], results[k] or [])
    findings = [f for r in results for f in (r or [])]
    return findings, [r for r in shown if r is not None]


def _check_in_processes(cfg: Config, pairs: list[PairSpec], groups: list[list[int]], jobs: int,
                        options: tuple, done, failed: dict[int, RelsyncError]) -> None:
    """The groups of pairs over ``jobs`` processes, largest groups first so that the
    processes finish together; each result goes to ``done``, each error to ``failed``."""
    from concurrent.futures import ProcessPoolExecutor

    reports = options[0]
    order = sorted(groups, key=lambda group: -sum(_size(pairs[k]) for k in group))
    with ProcessPoolExecutor(max_workers=jobs, initializer=_init_worker, initargs=(cfg, *options)) as pool:
        tasks = pool.map(_check_group, [[pairs[k] for k in group] for group in order])
        for group, answers in zip(order, tasks):
            for k, (status, value, said) in zip(group, answers):
                if status == "input":
                    path, problem, line = value
                    failed[k] = InputError(path, problem, line)
                    continue
                if status == "error":
                    failed[k] = RelsyncError(str(value))
                    continue
                for key, message in said:
                    notice(message, key)
                done(k, value if reports else [_finding_from_json(d) for d in value], said)


#: ``jobs=0`` checks in one process per CPU from this many pairs to check (fewer are done
#: before the processes would have started).
AUTO_PARALLEL_PAIRS = 50


def default_jobs() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1)


def show_progress() -> bool:
    """A progress bar only for a person at a terminal: not in CI logs, not into pipes."""
    return sys.stderr.isatty() and not os.environ.get("CI")


def check_project(root: Path | str | None = None, *, config: Config | None = None,
                  locale: str | None = None, jobs: int = 1, cache_dir: Path | str | None = None,
                  baseline: Path | str | None = None) -> CheckResult:
    """Check every pair of the project at ``root`` (found from the current directory), as
    ``relsync check`` does: its settings unless ``config`` is given, every locale unless
    ``locale`` names one, ``jobs`` processes, the cache in ``cache_dir`` if given, and the
    baseline (default: the settings' ``baseline``, if that file exists)."""
    cfg = resolve_settings(config if config is not None else load_config(Path(root) if root else None))
    project = discover(cfg)
    if locale:
        project = project.only_locale(locale)
    cache = Cache(Path(cache_dir)) if cache_dir is not None else None
    return run(project, jobs=jobs, cache=cache,
               baseline=baseline_path(cfg, str(baseline) if baseline else None))
