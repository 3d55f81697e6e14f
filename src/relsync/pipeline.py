"""One pair of documents through the stages: read, parse, align, staleness, checks.

    files -> :func:`load_document` (parse) -> :func:`relsync.align.align` -> staleness
    (:mod:`relsync.stale`) -> :func:`relsync.checks.run_checks` -> findings

:func:`check` and :func:`check_files` are the library's entry points for one pair (Markdown
text or files); many pairs, with a cache, processes and file-level findings, are
:mod:`relsync.runner`'s.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from . import stale
from .align import align
from .checks import Context, resolve_settings, rules, run_checks
from .config import Config
from .errors import InputError
from .io import display_path, read_text
from .languages import default_link_prefixes, is_cjk, is_cjk_text, month_locales, script_locale
from .model import Alignment, Document, Finding
from .parse import parse, parse_shared
from .project import PairSpec, explicit_pair, glossary_for, guess_locale, translation_locale

#: ``check_pair(staleness=AUTO)``: compute staleness from git history when it is at hand.
AUTO = object()


def load_document(path: Path | str, locale: str = "en") -> Document:
    """Read and parse a file; input the parser had to read around is an :class:`InputError`.
    A text read again (an upstream page with many translations) is not parsed again."""
    doc = parse_shared(read_text(path), display_path(path), month_locales(locale))
    if doc.problems:
        line, message = doc.problems[0]
        raise InputError(doc.path, message, line=line)
    return doc


def align_files(upstream: Path | str, translation: Path | str, locale: str | None = None) -> Alignment:
    locale = locale or guess_locale(translation) or translation_locale(translation) or ""
    up = load_document(upstream, "en")
    tr = load_document(translation, locale or "en")
    return align(up, tr)


def make_context(al: Alignment, cfg: Config, locale: str = "", name: str = "",
                 glossary: Iterable[tuple[str, str]] = ()) -> Context:
    """What the rules of one pair consult: its locale's link conventions and glossary."""
    cjk = is_cjk(locale) if locale else is_cjk_text(al.translation.text[:20000])
    prefixes = tuple(cfg.link_prefixes) + tuple(default_link_prefixes(locale) if locale else ())
    rewrites = dict(cfg.link_rewrites.get("*", {}))
    rewrites.update(cfg.link_rewrites.get(locale, {}))
    return Context(al, locale=locale, glossary=list(glossary), link_prefixes=prefixes,
                   link_rewrites=rewrites, cjk_target=cjk, name=name)


def staleness_for(spec: PairSpec, al: Alignment, cfg: Config, since: str | None = None,
                  base: str | None = None) -> stale.Staleness | None:
    """What changed upstream since the translation was synced; ``None`` outside a git work
    tree or when the staleness rules are off."""
    if not any(cfg.rule_enabled(r) for r in rules() if r.family == "staleness"):
        return None
    return stale.for_pair(spec.upstream, spec.translation, al, since=since, base=base,
                          ignore_keywords=cfg.stale_ignore_keywords)


def check_pair(spec: PairSpec, cfg: Config, alignment: Alignment | None = None,
               staleness: object = AUTO) -> list[Finding]:
    """Every enabled rule over one pair, with the configured severities and suppressions.

    ``staleness``: a :class:`relsync.stale.Staleness`, ``None`` for none, or ``AUTO``.
    """
    al = alignment or align_files(spec.upstream, spec.translation, spec.locale)
    ctx = make_context(al, cfg, spec.locale, spec.name, glossary_for(spec, cfg))
    ctx.staleness = staleness_for(spec, al, cfg) if staleness is AUTO else staleness
    return run_checks(ctx, cfg.rule_enabled, cfg.rule_severity)


@dataclass
class PairReport:
    """One pair as ``relsync diff`` shows it: the alignment, the findings and the staleness."""

    spec: PairSpec
    alignment: Alignment
    findings: list[Finding]
    staleness: stale.Staleness | None = None
    """``None`` without git history."""


def report_pair(spec: PairSpec, cfg: Config, since: str | None = None,
                base: str | None = None) -> PairReport:
    al = align_files(spec.upstream, spec.translation, spec.locale)
    st = staleness_for(spec, al, cfg, since=since, base=base)
    return PairReport(spec, al, check_pair(spec, cfg, al, staleness=st), st)


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
           "make_context", "report_pair", "staleness_for"]
