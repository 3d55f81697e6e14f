"""The functions the command line calls: find pairs, read files, align, check.

This module (with :mod:`relsync.po`) is where relsync touches the file system; the stages it
drives (:mod:`~relsync.parse`, :mod:`~relsync.align`, :mod:`~relsync.checks`) work on text.
"""

from __future__ import annotations

import fnmatch
import functools
import hashlib
import json
import os
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from .align import align
from .anchors import cjk_ratio
from .checks import Context, run_checks
from .config import (
    NOT_LOCALES,
    Config,
    default_link_prefixes,
    glossary_for,
    is_cjk,
    month_locales,
    parse_locale,
)
from .errors import ConfigError, InputError
from .model import Alignment, Document, Finding, Location, Severity
from .parse import decode, parse

_LOCALE_PART_RE = re.compile(r"^[a-z]{2,3}(?:[_-][A-Za-z]{2,4})?(?:[_-][A-Za-z]{2})?$")


@dataclass(frozen=True)
class PairSpec:
    """One upstream document and one translation of it."""

    upstream: Path
    translation: Path
    locale: str
    name: str = ""
    """The document's path relative to the upstream directory."""


@dataclass
class CheckResult:
    findings: list[Finding]
    pairs: list[PairSpec] = field(default_factory=list)
    baselined: int = 0

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
        }


def display_path(path: Path | str) -> str:
    """A path as users typed it: relative to the current directory when it is below it."""
    return _display_path(str(path), os.getcwd())


@functools.lru_cache(maxsize=8192)
def _display_path(path: str, cwd: str) -> str:
    real = os.path.realpath(path)
    base = _resolved(cwd)
    if real == base:
        return "."
    prefix = base.rstrip(os.sep) + os.sep
    return real[len(prefix):] if real.startswith(prefix) else path


@functools.lru_cache(maxsize=16)
def _resolved(directory: str) -> str:
    return os.path.realpath(directory)


def read_text(path: Path | str) -> str:
    """Read a Markdown file as text; every failure is an :class:`InputError` naming the file."""
    p = Path(path)
    shown = display_path(p)
    if not p.exists():
        raise InputError(shown, "no such file")
    if p.is_dir():
        raise InputError(shown, "is a directory, not a Markdown file")
    try:
        data = p.read_bytes()
    except PermissionError:
        raise InputError(shown, "permission denied") from None
    except OSError as exc:
        raise InputError(shown, f"cannot read: {exc.strerror or exc}") from None
    return decode(data, shown)


def load_document(path: Path | str, locale: str = "en") -> Document:
    """Read and parse a file; input the parser had to read around is an :class:`InputError`."""
    doc = parse(read_text(path), display_path(path), month_locales(locale))
    if doc.problems:
        line, message = doc.problems[0]
        raise InputError(doc.path, message, line=line)
    return doc


def guess_locale(path: Path | str, cfg: Config | None = None) -> str | None:
    """The locale a translation path names: ``locales/zh_CN/x.md`` -> ``zh_CN``."""
    parts = Path(path).parts
    if cfg is not None:
        try:
            rel = Path(path).resolve().relative_to(cfg.locales_dir.resolve())
            if len(rel.parts) > 1:
                return rel.parts[0]
        except ValueError:
            pass
    for part in reversed(parts[:-1]):
        if part in NOT_LOCALES or not _LOCALE_PART_RE.match(part):
            continue
        try:
            parse_locale(part)
        except ConfigError:
            continue
        return part
    return None


def make_context(al: Alignment, locale: str, cfg: Config, locale_dir: Path | None = None,
                 name: str = "") -> Context:
    cjk = is_cjk(locale) if locale else cjk_ratio(al.translation.text[:20000]) > 0.2
    prefixes = tuple(cfg.link_prefixes) + tuple(default_link_prefixes(locale) if locale else ())
    rewrites = dict(cfg.link_rewrites.get("*", {}))
    rewrites.update(cfg.link_rewrites.get(locale, {}))
    glossary = glossary_for(cfg, locale_dir, locale) if locale_dir is not None else []
    return Context(al, locale=locale, glossary=glossary, link_prefixes=prefixes,
                   link_rewrites=rewrites, cjk_target=cjk, name=name)


def align_files(upstream: Path | str, translation: Path | str, locale: str | None = None) -> Alignment:
    locale = locale or guess_locale(translation) or ""
    up = load_document(upstream, "en")
    tr = load_document(translation, locale or "en")
    return align(up, tr)


#: ``check_pair(staleness=AUTO)``: compute staleness from git history when it is at hand.
AUTO = object()


def check_pair(spec: PairSpec, cfg: Config, alignment: Alignment | None = None,
               staleness: object = AUTO) -> list[Finding]:
    """Every enabled rule over one pair, with the configured severities and suppressions.

    ``staleness``: a :class:`relsync.stale.Staleness`, ``None`` for none, or ``AUTO``.
    """
    al = alignment or align_files(spec.upstream, spec.translation, spec.locale)
    locale_dir = _locale_dir(spec, cfg)
    ctx = make_context(al, spec.locale, cfg, locale_dir, spec.name)
    ctx.staleness = staleness_for(spec, al, cfg) if staleness is AUTO else staleness
    return run_checks(ctx, cfg.rule_enabled, cfg.rule_severity)


def staleness_for(spec: PairSpec, al: Alignment, cfg: Config, since: str | None = None,
                  base: str | None = None):
    """What changed upstream since the translation was synced (:mod:`relsync.stale`); ``None``
    outside a git work tree or when the staleness rules are off."""
    from . import stale
    from .checks import rules

    if not any(cfg.rule_enabled(r) for r in rules() if r.family == "staleness"):
        return None
    return stale.for_pair(spec.upstream, spec.translation, al, since=since, base=base)


@dataclass
class PairReport:
    """One pair as ``relsync diff`` shows it: the alignment, the findings and the staleness."""

    spec: PairSpec
    alignment: Alignment
    findings: list[Finding]
    staleness: object | None = None
    """A :class:`relsync.stale.Staleness`, or ``None`` without git history."""


def report_pair(spec: PairSpec, cfg: Config, since: str | None = None,
                base: str | None = None) -> PairReport:
    al = align_files(spec.upstream, spec.translation, spec.locale)
    st = staleness_for(spec, al, cfg, since=since, base=base)
    return PairReport(spec, al, check_pair(spec, cfg, al, staleness=st), st)


def _locale_dir(spec: PairSpec, cfg: Config) -> Path | None:
    if spec.locale:
        candidate = cfg.locales_dir / spec.locale
        if candidate.is_dir():
            return candidate
    parent = spec.translation.parent
    return parent if parent.is_dir() else None


def matches(rel: str, patterns: list[str]) -> bool:
    """Whether a path relative to a document directory matches one of the glob patterns."""
    return any(fnmatch.fnmatch(rel, p) or fnmatch.fnmatch("/" + rel, p) for p in patterns)


def discover(cfg: Config) -> tuple[list[PairSpec], list[Finding]]:
    """Every upstream/translation pair of the project, and findings for whole missing or
    orphaned translation files."""
    up_dir = cfg.inside_root(Path(cfg.upstream), "upstream directory")
    loc_dir = cfg.inside_root(Path(cfg.locales), "locales directory")
    if not up_dir.is_dir():
        raise ConfigError(f"upstream directory {display_path(up_dir)!r} does not exist")
    if not loc_dir.is_dir():
        raise ConfigError(f"locales directory {display_path(loc_dir)!r} does not exist")
    names = []
    for path in sorted(up_dir.rglob("*")):
        if not path.is_file():
            continue
        rel = path.relative_to(up_dir).as_posix()
        if matches(rel, cfg.include) and not matches(rel, cfg.ignore):
            names.append(rel)
    locales = sorted(
        d.name for d in loc_dir.iterdir() if d.is_dir() and d.name not in NOT_LOCALES and not d.name.startswith(".")
    )
    pairs: list[PairSpec] = []
    findings: list[Finding] = []
    for locale in locales:
        base = loc_dir / locale
        for rel in names:
            tr = base / rel
            if tr.is_file():
                pairs.append(PairSpec(up_dir / rel, tr, locale, rel))
            elif cfg.missing_files == "report" and "missing" not in cfg.disable:
                findings.append(Finding(
                    "RS101", "missing", Severity.ERROR,
                    f"no {locale} translation of this document ({display_path(tr)} does not exist)",
                    upstream=Location(display_path(up_dir / rel), 1),
                ))
        known = set(names)
        for path in sorted(base.rglob("*.md")):
            rel = path.relative_to(base).as_posix()
            if rel not in known and matches(rel, cfg.include) and not matches(rel, cfg.ignore) and "extra" not in cfg.disable:
                findings.append(Finding(
                    "RS103", "extra", Severity.INFO,
                    f"translation has no upstream document ({display_path(up_dir / rel)} does not exist)",
                    translation=Location(display_path(path), 1),
                ))
    return pairs, findings


def run_check(cfg: Config, pairs: list[PairSpec], extra: list[Finding] | None = None,
              baseline: Path | None = None, jobs: int = 1, cache_dir: Path | None = None) -> CheckResult:
    """Check every pair (in ``jobs`` processes, with the cache in ``cache_dir`` if given)."""
    from . import runner

    cache = runner.Cache(cache_dir) if cache_dir is not None else None
    found, _ = runner.check_pairs(cfg, pairs, jobs=jobs, cache=cache)
    findings = sorted([*(extra or []), *found], key=Finding.sort_key)
    result = CheckResult(findings, pairs)
    if baseline is not None:
        result = apply_baseline(result, read_baseline(baseline))
    return result


# -- baseline ---------------------------------------------------------------------------

def fingerprint(f: Finding) -> str:
    """A finding's identity that survives lines moving: rule, files and message."""
    key = "\x00".join([
        f.rule,
        f.upstream.path if f.upstream else "",
        f.translation.path if f.translation else "",
        re.sub(r"\b(?:lines?|line) \d+(?:-\d+)?", "line", f.message),
    ])
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:24]


def write_baseline(path: Path, findings: list[Finding]) -> None:
    from .io import atomic_write_text

    counts = Counter(fingerprint(f) for f in findings)
    data = {"version": 1, "fingerprints": dict(sorted(counts.items()))}
    atomic_write_text(path, json.dumps(data, indent=2, sort_keys=True) + "\n")


def read_baseline(path: Path) -> Counter[str]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        return Counter({str(k): int(v) for k, v in data["fingerprints"].items()})
    except FileNotFoundError:
        raise InputError(display_path(path), "baseline file not found") from None
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        raise InputError(display_path(path), f"not a relsync baseline file ({exc.__class__.__name__})") from None


def apply_baseline(result: CheckResult, baseline: Counter[str]) -> CheckResult:
    remaining = Counter(baseline)
    kept = []
    dropped = 0
    for f in result.findings:
        fp = fingerprint(f)
        if remaining[fp] > 0:
            remaining[fp] -= 1
            dropped += 1
        else:
            kept.append(f)
    return CheckResult(kept, result.pairs, dropped)


def env_width() -> int | None:
    value = os.environ.get("COLUMNS")
    return int(value) if value and value.isdigit() else None
