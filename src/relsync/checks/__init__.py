"""The rule registry and the runner.

A rule is a small generator function registered with :func:`check`: a stable id, a slug, a
default severity, and a docstring that is its documentation. Pair rules see one aligned pair
at a time; document rules see the whole alignment. Rules yield :class:`Finding` objects and
never raise to report a problem.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass, field
from typing import Callable, Iterable

from ..model import Alignment, Finding, Location, Pair, Severity


@dataclass(frozen=True)
class Rule:
    id: str
    slug: str
    family: str
    severity: Severity
    scope: str
    """``pair`` or ``document``."""
    func: Callable[..., Iterable[Finding]]

    @property
    def doc(self) -> str:
        return inspect.cleandoc(self.func.__doc__ or "")

    @property
    def summary(self) -> str:
        return " ".join(self.doc.split("\n\n", 1)[0].split())


REGISTRY: dict[str, Rule] = {}


def check(rule_id: str, name: str, severity: Severity, scope: str = "pair"):
    """Register a rule: ``@check("RS201", "consistency.number-mismatch", Severity.ERROR)``."""
    family, _, slug = name.partition(".")

    def register(func):
        if rule_id in REGISTRY or any(r.slug == slug for r in REGISTRY.values()):
            raise ValueError(f"duplicate rule {rule_id} {slug}")
        REGISTRY[rule_id] = Rule(rule_id, slug, family, severity, scope, func)
        return func

    return register


def rules() -> list[Rule]:
    _load()
    return sorted(REGISTRY.values(), key=lambda r: r.id)


def find_rule(name: str) -> Rule | None:
    """A rule by id (``RS201``) or slug (``number-mismatch``)."""
    _load()
    key = name.strip()
    for r in REGISTRY.values():
        if key.upper() == r.id or key.lower() == r.slug or key.lower() == f"{r.family}.{r.slug}":
            return r
    return None


def _load() -> None:
    from . import consistency, coverage, document, staleness  # noqa: F401  (registers the rules)


@dataclass
class Context:
    """What a rule may consult besides the pair: the whole alignment and the settings."""

    alignment: Alignment
    locale: str = ""
    glossary: list[tuple[str, str]] = field(default_factory=list)
    link_prefixes: tuple[str, ...] = ()
    link_rewrites: dict[str, str] = field(default_factory=dict)
    cjk_target: bool = True
    name: str = ""
    """The document's path inside the site (relative to ``upstream/``), to resolve relative links."""
    staleness: object | None = None
    """A :class:`relsync.stale.Staleness` when git history is at hand; staleness rules need it."""
    memo: dict = field(default_factory=dict)
    """Per-alignment values rules compute once (a document's heading ids, ...)."""
    _rule: Rule | None = None

    @property
    def upstream_path(self) -> str:
        return self.alignment.upstream.path

    @property
    def translation_path(self) -> str:
        return self.alignment.translation.path

    def finding(
        self,
        message: str,
        *,
        upstream_line: int | None = None,
        translation_line: int | None = None,
        details: dict | None = None,
        minor: bool = False,
    ) -> Finding:
        """A finding of the rule that is running, located on one or both sides.

        ``minor`` marks a less certain case, reported one severity level below the rule's.
        """
        rule = self._rule
        assert rule is not None
        return Finding(
            rule=rule.id,
            slug=rule.slug,
            severity=_lower(rule.severity) if minor else rule.severity,
            minor=minor,
            message=message,
            upstream=Location(self.upstream_path, upstream_line) if upstream_line else None,
            translation=Location(self.translation_path, translation_line) if translation_line else None,
            details=tuple(sorted((details or {}).items())),
        )

    def pair_finding(self, pair: Pair, message: str, details: dict | None = None,
                     minor: bool = False) -> Finding:
        al = self.alignment
        up = al.span(pair, "upstream")
        tr = al.span(pair, "translation")
        return self.finding(
            message,
            upstream_line=up[0] if up else None,
            translation_line=tr[0] if tr else None,
            details=details,
            minor=minor,
        )


def _lower(severity: Severity) -> Severity:
    return Severity(max(Severity.INFO, severity - 1))


def run_checks(
    ctx: Context,
    enabled: Callable[[Rule], bool] | None = None,
    severity_of: Callable[[Rule], Severity] | None = None,
) -> list[Finding]:
    """Run every enabled rule over an alignment; findings sorted by location."""
    findings: list[Finding] = []
    active = [r for r in rules() if enabled is None or enabled(r)]
    pair_rules = [r for r in active if r.scope == "pair"]
    doc_rules = [r for r in active if r.scope == "document"]
    for pair in ctx.alignment.pairs:
        for rule in pair_rules:
            ctx._rule = rule
            findings.extend(rule.func(pair, ctx))
    for rule in doc_rules:
        ctx._rule = rule
        findings.extend(rule.func(ctx.alignment, ctx))
    ctx._rule = None
    findings = _drop_overlaps(findings)
    findings = _suppress(findings, ctx.alignment)
    if severity_of is not None:
        findings = [_with_severity(f, severity_of(REGISTRY[f.rule])) for f in findings]
    findings.sort(key=Finding.sort_key)
    return findings


def _with_severity(f: Finding, severity: Severity) -> Finding:
    if f.minor:
        severity = _lower(severity)
    if f.severity == severity:
        return f
    return Finding(f.rule, f.slug, severity, f.message, f.upstream, f.translation, f.details, f.minor)


#: A finding of the key's rule makes findings of the value's rule on the same translation
#: line redundant: it says the same, more precisely.
SUPERSEDES = {
    "title-version": "number-mismatch",  # a wrong version in a title is reported once
    "orphaned": "extra",  # `orphaned` says why the block has no upstream
}


def _drop_overlaps(findings: list[Finding]) -> list[Finding]:
    """Drop findings that another finding on the same line supersedes (:data:`SUPERSEDES`)."""
    covered = {
        (SUPERSEDES[f.slug], f.translation.path, f.translation.line)
        for f in findings
        if f.slug in SUPERSEDES and f.translation
    }
    if not covered:
        return findings
    return [f for f in findings
            if not (f.translation and (f.slug, f.translation.path, f.translation.line) in covered)]


def _suppress(findings: list[Finding], al: Alignment) -> list[Finding]:
    doc = al.translation
    if not doc.suppressions and not doc.file_suppressions:
        return findings
    kept = []
    for f in findings:
        names = {f.rule, f.slug, "*", "all"}
        if names & doc.file_suppressions:
            continue
        if f.translation is not None:
            rules_here = _suppressions_at(doc, f.translation.line)
            if names & rules_here:
                continue
        kept.append(f)
    return kept


def _suppressions_at(doc, line: int) -> frozenset[str]:
    """Suppressions of the block that covers ``line`` (comments name the next block's start)."""
    direct = doc.suppressions.get(line)
    if direct is not None:
        return direct
    for block in doc.blocks:
        if block.start <= line <= block.end and block.start in doc.suppressions:
            return doc.suppressions[block.start]
    return frozenset()
