"""Layouts: where a project keeps its upstream documents and their translations.

A :class:`Layout` is a source language, its locales and pairing :class:`Rule`\\ s, each an
upstream pattern and a translation pattern (see :mod:`.patterns`). It comes from the
settings (``upstream``/``translation`` patterns, a ``layout`` preset, ``[[pairs]]``), or, with
none of them, from the project's own files (:mod:`.detect`): relsync's own layout
(``upstream/`` and ``locales/<lang>/``), Hugo, Docusaurus, MkDocs, VitePress, Starlight, Jekyll
or MDN.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from ..config import Config, located
from ..errors import ConfigError
from ..io import display_path
from ..languages import is_language_tag, locale_name
from .patterns import Pattern, directory_pattern

#: Directories under ``locales/`` that are not locales.
NOT_LOCALES = frozenset({"templates", "LC_MESSAGES", "_templates"})


@dataclass(frozen=True)
class LocaleSpec:
    """A locale of a layout: the code its paths write, and relsync's name for it."""

    code: str
    """What ``{lang}`` stands for in the paths (``zh-cn``, ``zh-Hans``)."""
    locale: str
    """The locale (``zh_CN``): messages, glossary, the language rules assume."""
    started: bool | None = None
    """``False``: configured but not translated (no missing files reported); ``None``: the
    translation directory decides."""
    fallback: bool | None = None
    """Whether the site shows the source page where this locale's translation is missing
    (``None``: as the layout says)."""
    route_suffix: str = ""
    """What the site adds to the end of this locale's routes (dumi's ``suffix: '-cn'``:
    ``/docs/react/introduce-cn``)."""
    route_prefix: str = ""
    """The path the site serves this locale's pages under (``/zh-cn/``; ``""``: not known)."""


@dataclass(frozen=True)
class Rule:
    """Upstream files and where their translations are."""

    upstream: tuple[Pattern, ...]
    """Tried in order; the first that matches gives a file's ``{path}``."""
    translation: Pattern
    locales: tuple[LocaleSpec, ...] | None = None
    """The locales of this rule (``None``: the layout's). A translation pattern without
    ``{lang}`` has exactly one."""
    key_field: str | None = None
    """A front-matter key that pairs files whose names differ (Hugo's ``translationKey``,
    Jekyll's ``permalink``)."""
    include: tuple[str, ...] = ()
    """Globs a file must match besides the settings' ``include`` (MDN: ``**/index.md``)."""
    exclude: tuple[str, ...] = ()
    """Globs of files the generator does not build (Docusaurus ``_partial.mdx``)."""
    exclude_re: tuple[re.Pattern[str], ...] = ()
    """Regular expressions of paths the generator ignores (Hugo's ``ignoreFiles``)."""
    ignore_case: bool = False
    """Match ``{lang}`` in any case (Hugo reads ``page.pt-BR.md`` as ``pt-br``)."""
    unbuilt: re.Pattern[str] | None = None
    """Upstream names the generator builds in no language (MkDocs ``next.js.md``, read as the
    locale ``js``): neither paired nor missing, and said in a warning."""
    moved: dict[str, str] = field(default_factory=dict)
    """Renamed upstream pages, ``{old path: new path}`` (MDN's ``_redirects.txt``): an
    orphaned translation is told where its upstream went."""
    bare_within: tuple[re.Pattern[str], ...] = ()
    """Where the last upstream pattern applies (paths it must match in full), when it is the
    name of a file whose language is not in its name (dumi routes ``docs/**`` and the atoms'
    pages only); empty: everywhere."""


@dataclass
class Layout:
    """How a project's files pair, and where that knowledge came from."""

    name: str
    """``relsync``, ``hugo``, ..., ``patterns`` (from the settings) or ``pairs`` (only
    ``[[pairs]]``)."""
    source_language: str
    rules: list[Rule] = field(default_factory=list)
    locales: list[LocaleSpec] = field(default_factory=list)
    """The configured locales (empty: found from the directories)."""
    detected_from: str = ""
    """The file that told: ``hugo.toml``, ``relsync.toml``, ``upstream/``."""
    upstream_root: Path | None = None
    """The checkout holding the upstream files, when it is not the project root."""
    warnings: list[str] = field(default_factory=list)
    lenient_locales: bool = False
    """Every directory under ``locales/`` is a locale (the relsync layout), not only those
    whose names are locale codes."""
    fallback: bool = False
    """The generator shows the source language's page where a translation is missing
    (Starlight, Docusaurus, mkdocs-static-i18n's ``fallback_to_default``, jekyll-polyglot):
    a missing page is reported at info unless ``missing-files = "error"``."""
    slug_routes: bool = False
    """The generator routes a page by its slug, whatever its Markdown extension, and
    ``x/index.md`` as ``x.md`` (Starlight, Hugo; not Docusaurus, which reads a translation at
    the source file's own relative path): ``x.md`` translates ``x.mdx``."""
    site: str = ""
    """The site's directory below the project root (``docs``), when it is not the root."""
    source_route_suffix: str = ""
    """What the site adds to the end of the source language's routes (dumi's ``suffix``)."""


def spec_for(code: str, locale: str | None = None, started: bool | None = None, route_prefix: str = "") -> LocaleSpec:
    """A locale by the code paths write, named by ``locale`` or by the code's own form
    (``route_prefix``: where the site serves its pages)."""
    return LocaleSpec(code, locale or locale_name(code), started, route_prefix=route_prefix)


def is_locale_code(name: str) -> bool:
    """Whether a directory or suffix name is a locale code babel knows (``zh-cn``, ``pt-BR``,
    ``ja``, ``es-419``), not a word that looks like one (``api``, ``js``, ``src``): see
    :func:`relsync.languages.is_language_tag`; never relsync's own PO directories."""
    return name not in NOT_LOCALES and is_language_tag(name)


def relsync_layout(cfg: Config, detected_from: str = "") -> Layout:
    """``upstream/NAME`` with ``locales/<lang>/NAME`` (both directories from the settings)."""
    up_dir = cfg.inside_root(Path(cfg.upstream), "upstream directory")
    if not up_dir.is_dir():
        raise ConfigError(f"upstream directory {display_path(up_dir)!r} does not exist")
    loc_dir = cfg.inside_root(Path(cfg.locales), "locales directory")
    if not loc_dir.is_dir():
        raise ConfigError(f"locales directory {display_path(loc_dir)!r} does not exist")
    root = cfg.root.resolve()
    upstream = Pattern.parse(_rel(up_dir, root) + "{path}", "upstream")
    translation = Pattern.parse(_rel(loc_dir, root) + "{lang}/{path}", "locales")
    layout = Layout("relsync", cfg.source_language or "en", [Rule((upstream,), translation)],
                    detected_from=detected_from, lenient_locales=True)
    layout.locales = [spec_for(c, c) for c in sorted(cfg.locale_codes)] if cfg.locale_codes else []
    return layout


def _rel(path: Path, root: Path) -> str:
    rel = path.relative_to(root).as_posix()
    return "" if rel == "." else rel + "/"


def pattern_layout(cfg: Config, base: Layout | None = None) -> Layout:
    """The layout the settings' ``upstream``/``translation`` patterns give (over a preset's
    ``base`` when ``layout`` is set too); an error names the settings file and line."""
    try:
        return _pattern_layout(cfg, base)
    except ConfigError as exc:
        raise located(exc, cfg.source, cfg.configured) from None


def _pattern_layout(cfg: Config, base: Layout | None) -> Layout:
    keys = cfg.configured
    if base is not None and not ({"upstream", "translation"} & keys):
        layout = base
    else:
        if "translation" in keys and isinstance(cfg.locales, str) and "locales" in keys and not cfg.locale_codes:
            raise ConfigError("give translation or locales (a directory), not both")
        upstream = directory_pattern(cfg.upstream, "upstream", lang=False)
        if upstream.has_lang:
            raise ConfigError(f"upstream {cfg.upstream!r}: {{lang}} names a translation's locale; "
                              "write the upstream language's own directory (content/en/{path})")
        translation = directory_pattern(cfg.translation or cfg.locales, "translation", lang=True)
        if upstream.has_ext != translation.has_ext:
            raise ConfigError("upstream and translation must both use {ext} or neither")
        if not translation.has_lang and len(cfg.locale_codes) != 1:
            raise ConfigError(f"translation {translation.text!r} has no {{lang}}: name its one locale "
                              'with locales = ["zh_CN"]')
        source = cfg.source_language or _source_code(upstream, translation) or "en"
        layout = Layout("patterns", locale_name(source), [Rule((upstream,), translation)],
                        detected_from=display_path(cfg.source) if cfg.source else "")
    if cfg.locale_codes:
        layout.locales = [spec_for(code, loc) for code, loc in cfg.locale_codes.items()]
    if cfg.source_language:
        layout.source_language = locale_name(cfg.source_language)
    return layout


def _source_code(upstream: Pattern, translation: Pattern) -> str | None:
    """The upstream's language code where the translation pattern has ``{lang}``:
    ``content/en/{path}`` against ``content/{lang}/{path}`` says ``en``, ``{path}.en-US{ext}``
    against ``{path}.{lang}{ext}`` says ``en-US``."""
    head, sep, tail = translation.text.partition("{lang}")
    text = upstream.text
    if not sep or not text.startswith(head) or not text.endswith(tail) or len(text) <= len(head) + len(tail):
        return None
    code = text[len(head):len(text) - len(tail)]
    return code if "/" not in code and "{" not in code and is_locale_code(code) else None
