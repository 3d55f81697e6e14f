"""One pair of documents through the stages: read, parse, align, staleness, checks.

    files -> :func:`load_document` (parse) -> :func:`relsync.align.align` -> staleness
    (:mod:`relsync.stale`) -> :func:`relsync.checks.run_checks` -> findings

:func:`check` and :func:`check_files` are the library's entry points for one pair (Markdown
text or files); many pairs, with a cache, processes and file-level findings, are
:mod:`relsync.runner`'s.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Iterable

from . import stale
from .align import align
from .checks import UNREADABLE, Context, resolve_settings, rules, run_checks
from .checks.site import Site
from .config import Config
from .dialects_mkdocs import site_extensions
from .errors import InputError
from .io import display_path, read_text
from .languages import default_link_prefixes, is_cjk, is_cjk_text, month_locales, script_locale
from .model import Alignment, Document, Finding
from .parse import parse
from .parsed import parse_shared
from .project import PairSpec, explicit_pair, glossary_for, guess_locale, translation_locale

#: ``check_pair(staleness=AUTO)``: compute staleness from git history when it is at hand.
AUTO = object()


def load_document(path: Path | str, locale: str = "en", extensions: frozenset[str] | None = None) -> Document:
    """Read and parse a file (with its site's Markdown extensions unless ``extensions`` are
    given); input the parser had to read around is an :class:`InputError`. A text read again
    (an upstream page with many translations) is not parsed again."""
    exts = site_extensions(path) if extensions is None else extensions
    doc = parse_shared(read_text(path), display_path(path), month_locales(locale), extensions=exts)
    if doc.problems:
        line, message = doc.problems[0]
        raise InputError(doc.path, message, line=line)
    return doc


def align_files(upstream: Path | str, translation: Path | str, locale: str | None = None) -> Alignment:
    locale = locale or guess_locale(translation) or translation_locale(translation) or ""
    exts = site_syntax(upstream, translation)
    up = load_document(upstream, "en", exts)
    tr = load_document(translation, locale or "en", exts)
    return align(up, tr)


def site_syntax(upstream: Path | str, translation: Path | str) -> frozenset[str]:
    """The Markdown extensions both files of a pair are read with: those of the site that
    builds the upstream page (its translations are built by the same configuration), else
    those of the translation's."""
    return site_extensions(upstream) or site_extensions(translation)


def read_document(path: Path | str, locale: str = "en", extensions: frozenset[str] = frozenset(),
                  shared: bool = False) -> tuple[Document, bool]:
    """A file parsed, and whether it could be read: a file that cannot be read (binary, not
    UTF-8, no permission) is an empty document whose :attr:`~Document.problems` say why, as
    a broken front matter is a problem of a document read around it. ``shared``: a text
    parsed earlier in the run is not parsed again (:func:`relsync.parsed.parse_shared`), for
    a document nothing changes (an upstream page)."""
    try:
        read = parse_shared if shared else parse
        return read(read_text(path), display_path(path), month_locales(locale), extensions=extensions), True
    except InputError as exc:
        doc = parse("", display_path(path))
        doc.problems = [(exc.line or 1, exc.problem)]
        return doc, False


def read_pair(spec: PairSpec) -> tuple[Alignment, bool]:
    """A pair read and aligned, and whether both files could be read (if not, the alignment
    has no pairs: only the rule ``unreadable`` has something to say about it)."""
    locale = spec.locale or guess_locale(spec.translation) or translation_locale(spec.translation) or ""
    exts = site_syntax(spec.upstream, spec.translation)
    up, up_read = read_document(spec.upstream, "en", exts, shared=True)
    tr, tr_read = read_document(spec.translation, locale or "en", exts)
    if up_read and tr_read:
        return align(up, tr), True
    return Alignment(up, tr, []), False


def make_context(al: Alignment, cfg: Config, locale: str = "", name: str = "",
                 glossary: Iterable[tuple[str, str]] = (), site: Site | None = None) -> Context:
    """What the rules of one pair consult: its locale's link conventions and glossary, and the
    site's pages (``None``: the document alone, with the ``heading-ids`` setting)."""
    cjk = is_cjk(locale) if locale else is_cjk_text(al.translation.text[:20000])
    prefixes = tuple(cfg.link_prefixes) + tuple(default_link_prefixes(locale) if locale else ())
    rewrites = dict(cfg.link_rewrites.get("*", {}))
    rewrites.update(cfg.link_rewrites.get(locale, {}))
    return Context(al, locale=locale, glossary=list(glossary), link_prefixes=prefixes,
                   link_rewrites=rewrites, cjk_target=cjk, name=name,
                   site=site if site is not None else Site(slugger=cfg.heading_ids),
                   markdown=cfg.markdown or "commonmark")


def staleness_for(spec: PairSpec, al: Alignment, cfg: Config, since: str | None = None,
                  base: str | None = None) -> stale.Staleness | None:
    """What changed upstream since the translation was synced; ``None`` outside a git work
    tree or when the staleness rules are off."""
    if not any(cfg.rule_enabled(r) for r in rules() if r.family == "staleness"):
        return None
    return stale.for_pair(spec.upstream, spec.translation, al, since=since, base=base,
                          ignore_keywords=cfg.stale_ignore_keywords)


def check_pair(spec: PairSpec, cfg: Config, alignment: Alignment | None = None,
               staleness: object = AUTO, site: Site | None = None) -> list[Finding]:
    """Every enabled rule over one pair, with the configured severities and suppressions.

    ``staleness``: a :class:`relsync.stale.Staleness`, ``None`` for none, or ``AUTO``;
    ``site``: the pages its links may lead to.
    """
    readable = True
    if alignment is None:
        alignment, readable = read_pair(spec)
    al = alignment
    if not readable:
        return unreadable_findings(al, spec, cfg)
    try:
        staleness = staleness_for(spec, al, cfg) if staleness is AUTO else staleness
    except InputError as exc:  # a value of the translation's front matter (its source_commit)
        al.translation.problems.append((exc.line or 1, exc.problem))
        staleness = None
    if staleness is not None and staleness.alignment is not None:
        al = staleness.alignment  # the translation paired as it was made
    ctx = make_context(al, cfg, spec.locale, spec.name, glossary_for(spec, cfg), site)
    ctx.staleness = staleness
    findings = run_checks(ctx, cfg.rule_enabled, cfg.rule_severity)
    if al.upstream.problems or al.translation.problems:  # never repair what was read around a problem
        findings = [replace(f, fix=None) if f.fix is not None else f for f in findings]
    return findings


def unreadable_findings(al: Alignment, spec: PairSpec, cfg: Config) -> list[Finding]:
    """The findings of a pair with a file that could not be read: those of ``unreadable``."""
    ctx = make_context(al, cfg, spec.locale, spec.name)
    return run_checks(ctx, lambda r: r.slug == UNREADABLE and cfg.rule_enabled(r), cfg.rule_severity)


@dataclass
class PairReport:
    """One pair as ``relsync diff`` shows it: the alignment, the findings and the staleness."""

    spec: PairSpec
    alignment: Alignment
    findings: list[Finding]
    staleness: stale.Staleness | None = None
    """``None`` without git history."""


def report_pair(spec: PairSpec, cfg: Config, since: str | None = None,
                base: str | None = None, site: Site | None = None) -> PairReport:
    al, readable = read_pair(spec)
    if not readable:
        return PairReport(spec, al, unreadable_findings(al, spec, cfg), None)
    try:
        st = staleness_for(spec, al, cfg, since=since, base=base)
    except InputError as exc:
        al.translation.problems.append((exc.line or 1, exc.problem))
        st = None
    shown = st.alignment if st is not None and st.alignment is not None else al
    return PairReport(spec, shown, check_pair(spec, cfg, al, staleness=st, site=site), st)


# -- the library's entry points -----------------------------------------------------------

def check(upstream: str | Document, translation: str | Document, *, locale: str = "",
          name: str = "", config: Config | None = None,
          glossary: Iterable[tuple[str, str]] = (), staleness: stale.Staleness | None = None
          ) -> list[Finding]:
    """Findings of every enabled rule on a translation of ``upstream``.

    Each side is Markdown text or a parsed :class:`~relsync.model.Document`; ``locale``
    names the translation's language (``zh_CN``, ``pt-BR``; by default its script decides, which
    also reads its dates and numbers: kana as ``ja``, hangul as ``ko``, other CJK as ``zh``),
    ``name`` the document's path in the site (to resolve relative links), ``config`` the
    settings (rules, severities, link rewrites), ``glossary`` the terms the translation must
    use as ``(source, target)`` pairs.
    """
    cfg = resolve_settings(config) if config is not None else Config()
    up = upstream if isinstance(upstream, Document) else parse(upstream, f"upstream/{name or 'document.md'}")
    tr = translation if isinstance(translation, Document) else parse(
        translation, f"translation/{name or 'document.md'}",
        month_locales(locale or script_locale(translation[:20000])))
    ctx = make_context(align(up, tr), cfg, locale, name, glossary)
    ctx.staleness = staleness
    return run_checks(ctx, cfg.rule_enabled, cfg.rule_severity)


def check_files(upstream: Path | str, translation: Path | str, *, locale: str | None = None,
                config: Config | None = None) -> list[Finding]:
    """Findings on two files, as ``relsync check UPSTREAM TRANSLATION`` reports them (the
    locale from the translation's path unless given; staleness from git when at hand)."""
    cfg = resolve_settings(config) if config is not None else Config()
    return check_pair(explicit_pair(cfg, upstream, translation, locale), cfg)


__all__ = ["AUTO", "PairReport", "align_files", "check", "check_files", "check_pair", "load_document",
           "make_context", "read_document", "read_pair", "report_pair", "site_syntax", "staleness_for",
           "unreadable_findings"]
