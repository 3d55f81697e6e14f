"""The rule registry, the contexts rules see, and the runner of rules.

A rule is a small generator function registered with :func:`check`: a stable id, a slug, a
default severity, and a docstring that is its documentation. It runs at one scope, each with
its own signature:

* ``Scope.PAIR``: ``(pair: Pair, ctx: Context) -> Iterator[Problem]``, once per aligned pair;
* ``Scope.DOCUMENT``: ``(al: Alignment, ctx: Context) -> Iterator[Problem]``, once per pair
  of documents;
* ``Scope.PROJECT``: ``(project: Project, ctx: ProjectContext) -> Iterator[Problem]``, once
  per project, for what concerns whole files (a translation that does not exist).

A rule id may have one implementation per scope (``missing`` reports a missing block of a
document and a missing document of a project); its documentation is the first one's
docstring. Rules yield :class:`Problem` objects and never raise to report a problem; the
runner makes each a :class:`~relsync.model.Finding` of the rule, with the configured
severity, and applies suppressions.
"""

from __future__ import annotations

import inspect
import re
from dataclasses import dataclass, field
from typing import Callable, Iterable, TypeVar

from ..config import RULE_FAMILIES, Config, located
from ..errors import ConfigError
from ..model import Alignment, Document, Edit, Finding, Location, Pair, Severity, StrEnum
from ..project import Project
from .site import Site


class Scope(StrEnum):
    """What a rule looks at, once per call."""

    PAIR = "pair"
    DOCUMENT = "document"
    PROJECT = "project"


@dataclass(frozen=True, slots=True)
class Problem:
    """What a rule reports: the runner makes it a finding of that rule."""

    message: str
    upstream: Location | None = None
    translation: Location | None = None
    details: tuple[tuple[str, object], ...] = ()
    minor: int = False
    """A less certain case of its rule, reported one severity level below the rule's (``2``:
    two levels, a difference that almost surely is none)."""
    fix: Edit | None = None
    """A safe repair of the translation, when the rule can offer one."""


PairRule = Callable[[Pair, "Context"], Iterable[Problem]]
DocumentRule = Callable[[Alignment, "Context"], Iterable[Problem]]
ProjectRule = Callable[[Project, "ProjectContext"], Iterable[Problem]]


@dataclass(frozen=True)
class Rule:
    id: str
    slug: str
    family: str
    severity: Severity
    scope: Scope
    """The scope of the implementation that documents the rule."""
    func: Callable[..., Iterable[Problem]]
    implementations: dict[Scope, Callable[..., Iterable[Problem]]] = field(default_factory=dict)
    """Every implementation of the rule, by scope."""
    fixable: bool = False
    """Some of its findings carry a safe repair (``relsync fix``)."""

    @property
    def doc(self) -> str:
        return inspect.cleandoc(self.func.__doc__ or "")

    @property
    def summary(self) -> str:
        return " ".join(self.doc.split("\n\n", 1)[0].split())


REGISTRY: dict[str, Rule] = {}
#: The slug of the rule that reports a file relsync cannot read or parse (the only rule
#: that runs on a pair with a file it could not read).
UNREADABLE = "unreadable"
#: Loads the rule modules, which register their rules; set by :mod:`relsync.checks`, called
#: once before the registry is first read.
_loader: list[Callable[[], None]] = []


def set_loader(load: Callable[[], None]) -> None:
    _loader[:] = [load]


def _loaded() -> dict[str, Rule]:
    while _loader:
        _loader.pop()()
    return REGISTRY


def check(rule_id: str, name: str, severity: Severity, scope: Scope | str = Scope.PAIR,
          fixable: bool = False):
    """Register a rule: ``@check("RS201", "consistency.number-mismatch", Severity.ERROR)``.

    Registering an id again with the same name and severity at another scope adds an
    implementation to the rule. ``fixable``: the rule attaches a safe repair to the findings
    it can (``relsync fix`` applies them).
    """
    family, _, slug = name.partition(".")
    scope = Scope(scope)

    def register(func):
        existing = REGISTRY.get(rule_id)
        if existing is not None:
            if (existing.slug, existing.family, existing.severity) != (slug, family, severity) \
                    or scope in existing.implementations:
                raise ValueError(f"duplicate rule {rule_id} {slug}")
            existing.implementations[scope] = func
            return func
        if any(r.slug == slug for r in REGISTRY.values()):
            raise ValueError(f"duplicate rule {rule_id} {slug}")
        REGISTRY[rule_id] = Rule(rule_id, slug, family, severity, scope, func, {scope: func}, fixable)
        return func

    return register


def rules() -> list[Rule]:
    """Every registered rule, by id."""
    return sorted(_loaded().values(), key=lambda r: r.id)


def find_rule(name: str) -> Rule | None:
    """A rule by id (``RS201``) or slug (``number-mismatch``)."""
    key = name.strip()
    for r in _loaded().values():
        if key.upper() == r.id or key.lower() == r.slug or key.lower() == f"{r.family}.{r.slug}":
            return r
    return None


T = TypeVar("T")


def code(text: str) -> str:
    """``text`` as a Markdown code span in a message: fenced by more backticks than any run of
    them inside, with a space inside the fence when it starts or ends with a backtick, or with
    a space at both ends (which CommonMark would take off)."""
    runs = [len(r) for r in re.findall(r"`+", text)]
    fence = "`" * (max(runs, default=0) + 1)
    pad = " " if text[:1] == "`" or text[-1:] == "`" or (text[:1] == text[-1:] == " " and text.strip()) else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def fixable(finding: Finding, rules: set[str] | None = None) -> bool:
    """Whether ``relsync fix`` is about this finding: its rule repairs (and is one of
    ``rules``, when given)."""
    rule = find_rule(finding.slug)
    return rule is not None and rule.fixable and (rules is None or rule.slug in rules)


def passage(finding: Finding) -> tuple:
    """The aligned blocks a finding is on: a passage with a difference no rule can repair is
    a sentence that changed, and none of its values is repaired on its own."""
    return (finding.translation.path if finding.translation else "",
            finding.translation.line if finding.translation else 0,
            finding.upstream.line if finding.upstream else 0)


def selectable(findings: Iterable[Finding], rules: set[str] | None = None) -> list[Finding]:
    """The findings whose repair ``relsync fix`` may make: they carry one, and no other
    finding of a repairing rule on their passage lacks one (the sentence changed more than a
    value)."""
    return repairs_made([f for f in findings if fixable(f, rules)], passage, lambda f: f.fix is not None)


def repairs_made(found: list[T], passage_of: Callable[[T], tuple], repaired: Callable[[T], bool]) -> list[T]:
    """Of the findings of repairing rules ``found`` (as :class:`Finding` or as read from a
    report), those whose repair is made: no other of them on their passage lacks one."""
    unrepaired = {passage_of(f) for f in found if not repaired(f)}
    return [f for f in found if repaired(f) and passage_of(f) not in unrepaired]


# -- settings -----------------------------------------------------------------------------

def _rule_name(name: str, where: str, families: bool = True) -> str:
    rule = find_rule(name)
    if rule is not None:
        return rule.slug
    if families and name in RULE_FAMILIES:
        return name
    raise ConfigError(f"unknown rule {name!r} in {where} (see `relsync rules`)")


def resolve_settings(cfg: Config) -> Config:
    """Check the rule names of the settings against the registry and write them as slugs
    (families stay as they are); an unknown name is a :class:`ConfigError` naming the
    settings file and line."""
    try:
        return _resolved(cfg)
    except ConfigError as exc:
        raise located(exc, cfg.source, cfg.configured) from None


def _resolved(cfg: Config) -> Config:
    cfg.disable = {_rule_name(n, "disable") for n in cfg.disable}
    cfg.enable = {_rule_name(n, "enable") for n in cfg.enable}
    severities = {}
    for name, value in cfg.severity.items():
        rule = find_rule(name)
        if rule is None:
            raise ConfigError(f"unknown rule {name!r} in severity (see `relsync rules`)")
        severities[rule.slug] = value
    cfg.severity = severities
    return cfg


def apply_rule_options(cfg: Config, disable: Iterable[str] = (), enable: Iterable[str] = ()) -> Config:
    """Command-line ``--disable``/``--enable`` on top of the settings (``--enable`` wins)."""
    disable, enable = list(disable), list(enable)
    for name in (*disable, *enable):
        if find_rule(name) is None:
            raise ConfigError(f"unknown rule {name!r} (see `relsync rules`)")
    cfg.disable |= {find_rule(n).slug for n in disable}
    cfg.enable |= {find_rule(n).slug for n in enable}
    cfg.disable -= {find_rule(n).slug for n in enable}
    return cfg


# -- contexts -----------------------------------------------------------------------------

@dataclass
class Context:
    """What a pair or document rule may consult besides the pair: the whole alignment and
    the settings of its locale."""

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
    site: Site = field(default_factory=Site)
    """The pages of the document's site and their ids (empty for two documents on their own:
    only same-page links resolve)."""
    markdown: str = "commonmark"
    """The Markdown the site renders with (:data:`relsync.config.MARKDOWN_FLAVORS`)."""
    memo: dict = field(default_factory=dict)
    """Per-alignment values rules compute once (a document's heading ids, ...), for the time
    of :func:`run_checks`: emptied when its rules are done, so that what a memo holds (and
    any memo that holds the memo back) goes with the pair, without the garbage collector."""

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
        minor: int = False,
        fix: Edit | None = None,
    ) -> Problem:
        """A problem located on one or both sides of the alignment.

        ``minor`` marks a less certain case, reported one severity level below the rule's;
        ``fix`` is a safe repair of the translation.
        """
        return Problem(
            message,
            Location(self.upstream_path, upstream_line) if upstream_line else None,
            Location(self.translation_path, translation_line) if translation_line else None,
            tuple(sorted((details or {}).items())),
            minor,
            fix,
        )

    def pair_finding(self, pair: Pair, message: str, details: dict | None = None,
                     minor: int = False, fix: Edit | None = None) -> Problem:
        al = self.alignment
        up = al.span(pair, "upstream")
        tr = al.span(pair, "translation")
        return self.finding(
            message,
            upstream_line=up[0] if up else None,
            translation_line=tr[0] if tr else None,
            details=details,
            minor=minor,
            fix=fix,
        )


@dataclass
class ProjectContext:
    """What a project rule may consult: the settings."""

    config: Config


# -- running ------------------------------------------------------------------------------

Enabled = Callable[[Rule], bool]
SeverityOf = Callable[[Rule], Severity]


def _lower(severity: Severity, levels: int = 1) -> Severity:
    return Severity(max(Severity.INFO, severity - levels))


def _finding(rule: Rule, severity: Severity, p: Problem) -> Finding:
    return Finding(rule.id, rule.slug, _lower(severity, int(p.minor)) if p.minor else severity, p.message,
                   p.upstream, p.translation, p.details, bool(p.minor), p.fix)


def _active(scope: Scope, enabled: Enabled | None) -> list[tuple[Rule, Callable]]:
    return [(r, r.implementations[scope]) for r in rules()
            if scope in r.implementations and (enabled is None or enabled(r))]


def run_checks(ctx: Context, enabled: Enabled | None = None,
               severity_of: SeverityOf | None = None) -> list[Finding]:
    """Run every enabled pair and document rule over an alignment; findings sorted by
    location."""
    findings: list[Finding] = []
    pair_rules = [(r, f, severity_of(r) if severity_of else r.severity)
                  for r, f in _active(Scope.PAIR, enabled)]
    try:
        for pair in ctx.alignment.pairs:
            for rule, func, severity in pair_rules:
                for p in func(pair, ctx):
                    findings.append(_finding(rule, severity, p))
        for rule, func in _active(Scope.DOCUMENT, enabled):
            severity = severity_of(rule) if severity_of else rule.severity
            for p in func(ctx.alignment, ctx):
                findings.append(_finding(rule, severity, p))
    finally:
        ctx.memo.clear()  # (see Context.memo)
    findings = _drop_overlaps(findings)
    findings = suppress(findings, ctx.alignment.translation)
    findings.sort(key=Finding.sort_key)
    return findings


def run_project_checks(project: Project, ctx: ProjectContext, enabled: Enabled | None = None,
                       severity_of: SeverityOf | None = None,
                       document_of: Callable[[str], Document | None] | None = None) -> list[Finding]:
    """Run every enabled project rule; ``document_of(path)`` gives the translation a finding
    names, whose suppression comments apply to it."""
    findings: list[Finding] = []
    for rule, func in _active(Scope.PROJECT, enabled):
        severity = severity_of(rule) if severity_of else rule.severity
        findings.extend(_finding(rule, severity, p) for p in func(project, ctx))
    if document_of is not None:
        kept = []
        for f in findings:
            doc = document_of(f.translation.path) if f.translation is not None else None
            if doc is None or suppress([f], doc):
                kept.append(f)
        findings = kept
    findings.sort(key=Finding.sort_key)
    return findings


#: A finding of the key's rule makes findings of the value's rule on the same translation
#: line redundant: it says the same, more precisely.
SUPERSEDES = {
    "title-version": "number-mismatch",  # a wrong version in a title is reported once
    "orphaned": "extra",  # `orphaned` says why the block has no upstream
    "broken-link-syntax": "link-mismatch",  # a link that did not parse is no other link
    "omission": "unclosed-bracket",  # a block cut after its bracket: what it leaves out says more
    # the English a partly translated block keeps, quoted, not the block as "still in English"
    "untranslated-clause": "untranslated",
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


def suppress(findings: list[Finding], doc: Document) -> list[Finding]:
    """The findings that the translation's ``relsync-disable`` comments do not suppress."""
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


def _suppressions_at(doc: Document, line: int) -> frozenset[str]:
    """Suppressions of the block that covers ``line`` (comments name the next block's start)."""
    direct = doc.suppressions.get(line)
    if direct is not None:
        return direct
    for block in doc.blocks:
        if block.start <= line <= block.end and block.start in doc.suppressions:
            return doc.suppressions[block.start]
    return frozenset()

