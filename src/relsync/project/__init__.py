"""Project discovery: which upstream file pairs with which translation in which locale, the
files with no partner (a missing translation, an orphaned one), where a locale keeps its
glossary, and where the PO workflow's files go.

The layout comes from the settings or from the project's own files:

* ``upstream``/``translation`` patterns (``content/en/{path}``, ``content/{lang}/{path}``),
  or directories (``upstream = "upstream"``, ``locales = "locales"``): :mod:`.layouts`;
* ``layout = "hugo"`` (or docusaurus, mkdocs, vitepress, starlight, jekyll, mdn, relsync),
  and with no setting at all the layout the site's configuration describes: :mod:`.detect`;
* ``[[pairs]]`` tables for files whose names no rule relates, with ``upstream-root`` for an
  upstream in another checkout.

:mod:`.pairing` applies the rules to the files. Every path from the settings stays inside
the project root, except ``upstream-root``, which names a checkout the user chose.
"""

from __future__ import annotations

import functools
import os
from dataclasses import dataclass, field
from pathlib import Path

from ..config import Config
from ..errors import ConfigError
from ..io import display_path, real_path
from ..languages import identify, locale_name, parse_locale
from .detect import detect, preset
from .glossary import glossary_for, glossary_path, locale_dir, read_glossary
from .layouts import NOT_LOCALES, Layout, LocaleSpec, Rule, is_locale_code, pattern_layout, relsync_layout
from .pairing import matches, pair_layout
from .patterns import PLACEHOLDER_RE, SKIPPED_DIRS
from . import pofiles
from .pofiles import Doc, built_path, catalog_dir, document_names, locale_names, po_path, pot_path, upstream_dir
from .sitefiles import front_matter
from .specs import MissingFile, OrphanFile, PairSpec

__all__ = [
    "Doc", "Layout", "LocaleSpec", "MissingFile", "NOT_LOCALES", "OrphanFile", "PairSpec", "Project", "Rule",
    "built_path", "catalog_dir", "discover", "document_names", "explicit_pair", "glossary_for", "glossary_path",
    "PoFiles", "guess_locale", "layout_for", "locale_dir", "locale_names", "matches",
    "po_path", "pot_path", "read_glossary", "markdown_files", "relative_path", "require_pairs", "translation_locale",
    "upstream_dir",
]

#: Front-matter keys that name a document's language.
LANGUAGE_KEYS = ("lang", "locale", "language")


@dataclass
class Project:
    """What discovery found: the pairs to check, and the files that have no partner."""

    config: Config
    pairs: list[PairSpec] = field(default_factory=list)
    missing: list[MissingFile] = field(default_factory=list)
    orphans: list[OrphanFile] = field(default_factory=list)
    locales: list[str] = field(default_factory=list)
    layout: Layout | None = None
    """How the files pair (``None`` for two files named on the command line)."""
    warnings: list[str] = field(default_factory=list)
    """What discovery could not read or chose to skip, for the user to see."""
    unbuilt: list[Path] = field(default_factory=list)
    """Upstream files the site's generator builds in no language."""
    codes: dict[str, str] = field(default_factory=dict)
    """Locale -> the code its paths write."""
    not_started: list[str] = field(default_factory=list)
    """Configured locales with no translation yet."""
    unstarted: list[MissingFile] = field(default_factory=list)
    """Where the translations of the locales not started would be (no finding: for ``po
    build``)."""
    fallbacks: dict[str, bool] = field(default_factory=dict)
    """Locale -> whether the site shows the source page where its translation is missing
    (a locale not named here: as the layout says)."""
    route_prefixes: dict[str, str] = field(default_factory=dict)
    """Locale -> the path the site serves its pages under (``/zh-cn/``; Starlight's locale
    keys, VitePress' ``link``, Docusaurus', Hugo's and mkdocs-static-i18n's codes), where the
    site's configuration says; for the link checks."""
    route_suffixes: dict[str, str] = field(default_factory=dict)
    """Locale -> what the site adds to the end of its routes (dumi's ``suffix: '-cn'``: the
    page ``/docs/react/faq`` is ``/docs/react/faq-cn`` in that locale), for the link checks;
    the source language's under its own name (:attr:`source_language`) when it has one."""

    @property
    def source_language(self) -> str:
        """The upstream documents' language, as relsync names locales (``en``, ``zh_CN``)."""
        return self.layout.source_language if self.layout else "en"

    def falls_back(self, locale: str) -> bool:
        """Whether the site shows the source page in place of a missing ``locale`` page."""
        return self.fallbacks.get(locale, bool(self.layout and self.layout.fallback))

    def only_locale(self, locale: str) -> "Project":
        """The same project restricted to one locale, named as relsync names it (``zh_CN``)
        or as its paths write it (``zh-cn``)."""
        wanted = {locale, locale_name(locale)} | {x for x, code in self.codes.items() if code == locale}
        return Project(self.config, [p for p in self.pairs if p.locale in wanted],
                       [m for m in self.missing if m.locale in wanted],
                       [o for o in self.orphans if o.locale in wanted],
                       [x for x in self.locales if x in wanted], self.layout, self.warnings,
                       self.unbuilt, self.codes, [x for x in self.not_started if x in wanted],
                       [m for m in self.unstarted if m.locale in wanted], self.fallbacks,
                       self.route_prefixes, self.route_suffixes)

    def to_dict(self) -> dict[str, object]:
        """What ``relsync pairs --format json`` prints: a contract. Paths are relative to the
        current directory."""
        layout = self.layout
        return {
            "layout": layout.name if layout else None,
            "detected_from": layout.detected_from if layout else "",
            "source_language": layout.source_language if layout else "en",
            "upstream_root": relative_path(layout.upstream_root) if layout and layout.upstream_root else None,
            "locales": [self._locale_summary(x) for x in self.locales + self.not_started],
            "pairs": [{"upstream": relative_path(p.upstream), "translation": relative_path(p.translation),
                       "locale": p.locale} for p in self.pairs],
            "missing": [{"upstream": relative_path(m.upstream), "translation": relative_path(m.translation),
                         "locale": m.locale} for m in self.missing],
            "orphans": [{"translation": relative_path(o.translation), "upstream": relative_path(o.upstream),
                         "locale": o.locale, **({"note": o.note} if o.note else {})} for o in self.orphans],
            "unbuilt": [relative_path(p) for p in self.unbuilt],
            "warnings": list(self.warnings),
        }

    def _locale_summary(self, locale: str) -> dict[str, object]:
        return {"locale": locale, "code": self.codes.get(locale, locale),
                "started": locale not in self.not_started,
                "pairs": sum(p.locale == locale for p in self.pairs),
                "missing": sum(m.locale == locale for m in self.missing),
                "orphans": sum(o.locale == locale for o in self.orphans)}


def relative_path(path: Path | str) -> str:
    """A path relative to the current directory (``../other-checkout/x.md`` too)."""
    directory, name = os.path.split(os.fspath(path))
    real = os.path.join(_real_directory(directory), name)
    try:
        return os.path.relpath(real, _real_directory(os.getcwd())).replace(os.sep, "/")
    except ValueError:  # another drive
        return real


@functools.lru_cache(maxsize=4096)
def _real_directory(directory: str) -> str:
    """A directory with its symbolic links resolved (once per directory, not per file)."""
    return os.path.realpath(directory or ".")


# -- which layout -------------------------------------------------------------------------

def layout_for(cfg: Config) -> Layout:
    """The project's layout: from the settings when they say, else from its own files."""
    keys = cfg.configured
    directories = ("locales" in keys and not cfg.locale_codes) or "upstream" in keys
    if cfg.layout is not None:
        layout = pattern_layout(cfg, preset(cfg.layout, cfg))
    elif "translation" in keys or (directories and PLACEHOLDER_RE.search(cfg.upstream)):
        layout = pattern_layout(cfg)
    elif directories:
        layout = relsync_layout(cfg, display_path(cfg.source) if cfg.source else "")
        _configured_locales(layout, cfg)
    elif cfg.pairs:
        layout = Layout("pairs", cfg.source_language or "en",
                        detected_from=display_path(cfg.source) if cfg.source else "")
    else:
        found = detect(cfg)
        if found is None:
            raise ConfigError(
                f"no layout found in {display_path(cfg.root)}: no upstream/ and locales/ directories, "
                "and no site configuration relsync reads (hugo.toml, docusaurus.config.js, mkdocs.yml, "
                "astro.config.mjs, .vitepress/config.*, _config.yml); run `relsync init`, or set "
                "upstream and translation in relsync.toml")
        layout = found
        _configured_locales(layout, cfg)
    if cfg.upstream_root is not None:
        base = cfg.upstream_base
        if not base.is_dir():
            raise ConfigError(f"upstream-root {cfg.upstream_root!r} does not exist ({base})")
        layout.upstream_root = base
    return layout


def _configured_locales(layout: Layout, cfg: Config) -> None:
    if cfg.locale_codes:
        layout.locales = [LocaleSpec(code, loc) for code, loc in cfg.locale_codes.items()]
    if cfg.source_language:
        layout.source_language = locale_name(cfg.source_language)


def discover(cfg: Config, layout: Layout | None = None) -> Project:
    """Every upstream/translation pair of the project, and the files without a partner
    (``layout``: :func:`layout_for`'s, when the caller has it already)."""
    layout = layout or layout_for(cfg)
    project = Project(cfg, layout=layout, warnings=list(layout.warnings))
    found = pair_layout(layout, cfg) if layout.rules else None
    if found is not None:
        order = {spec: k for k, (spec, _) in enumerate(found.locales)}
        for up, tr, spec, name, ldir in sorted(found.pairs, key=lambda p: (order[p[2]], p[0])):
            project.pairs.append(PairSpec(up, tr, spec.locale, name, spec.code, ldir))
        for up, tr, spec, name, _ in sorted(found.missing, key=lambda m: (order[m[2]], m[0])):
            project.missing.append(MissingFile(up, tr, spec.locale, name))
        for up, tr, spec, name in found.unstarted:
            project.unstarted.append(MissingFile(up, tr, spec.locale, name))
        for tr, up, spec, note in sorted(found.orphans, key=lambda o: (order[o[2]], o[0])):
            project.orphans.append(OrphanFile(tr, up, spec.locale, note))
        for spec, started in found.locales:
            project.codes.setdefault(spec.locale, spec.code)
            project.fallbacks.setdefault(spec.locale, layout.fallback if spec.fallback is None else spec.fallback)
            if spec.route_suffix:
                project.route_suffixes.setdefault(spec.locale, spec.route_suffix)
            if spec.route_prefix:
                project.route_prefixes.setdefault(spec.locale, spec.route_prefix)
            (project.locales if started else project.not_started).append(spec.locale)
        if layout.source_route_suffix:
            project.route_suffixes[layout.source_language] = layout.source_route_suffix
        project.unbuilt = found.unbuilt
        for path in found.unbuilt:
            project.warnings.append(f"{relative_path(path)}: the site builds this page in no language "
                                    "(its name ends in what reads as a locale code); not checked")
    _explicit_pairs(project, cfg)
    _inside(project, cfg)
    if cfg.markdown is None and _mkdocs_site(project):
        cfg.markdown = "python-markdown"  # what MkDocs renders with
    project.locales = sorted(set(project.locales), key=project.locales.index)
    project.not_started = [x for x in dict.fromkeys(project.not_started) if x not in project.locales]
    return project


def require_pairs(project: Project) -> None:
    """A layout that pairs nothing, finds nothing missing and no orphan where Markdown files
    exist checks nothing: :class:`ConfigError` saying what it looked for and where the files
    are, rather than a run that passes on nothing."""
    layout = project.layout
    if layout is None or not layout.rules or project.pairs or project.missing or project.orphans:
        return
    cfg = project.config
    where = f" ({layout.detected_from})" if layout.detected_from else ""
    if project.unstarted:
        targets = ", ".join(dict.fromkeys(r.translation.text for r in layout.rules))
        raise ConfigError(f"the {layout.name} layout{where} finds {len(project.unstarted)} upstream documents and "
                          f"no translation: locales {', '.join(project.not_started or project.locales)} have none yet (looked for "
                          f"{targets}); nothing to check")
    example = next((rel for rel in markdown_files(cfg)), None)
    if example is None:
        return
    looked = "; ".join(f"{' or '.join(p.text for p in rule.upstream)} with {rule.translation.text}"
                       for rule in layout.rules[:3]) + ("; ..." if len(layout.rules) > 3 else "")
    locales = ", ".join(project.not_started) or "none found"
    raise ConfigError(f"the {layout.name} layout{where} pairs no file in {display_path(cfg.root)}: it looked for "
                      f"{looked} (locales: {locales}), but the Markdown files are elsewhere (such as "
                      f"{example}); set upstream and translation in relsync.toml")


def markdown_files(cfg: Config):
    """The project's Markdown files (as the settings' ``include`` and ``ignore`` say),
    relative to the root, found lazily."""
    for directory, dirs, files in os.walk(cfg.root):
        dirs[:] = sorted(d for d in dirs if d not in SKIPPED_DIRS and not d.startswith("."))
        rel_dir = os.path.relpath(directory, cfg.root)
        for name in sorted(files):
            rel = name if rel_dir == "." else f"{rel_dir}/{name}".replace(os.sep, "/")
            tails = [rel.split("/", k)[-1] for k in range(rel.count("/") + 1)]  # as a layout's {path}
            if matches(rel, cfg.include) and not (cfg.ignore and any(matches(t, cfg.ignore) for t in tails)):
                yield rel


def _mkdocs_site(project: Project) -> bool:
    """Whether the project is an MkDocs site: its layout says so, or an ``mkdocs.yml`` sits
    in a directory above its first upstream file, within the project (FastAPI keeps one in
    each language's directory)."""
    if project.layout is not None and project.layout.name == "mkdocs":
        return True
    if not project.pairs:
        return False
    root = project.config.root.resolve()
    directory = project.pairs[0].upstream.resolve().parent
    while directory != directory.parent and (directory == root or root in directory.parents):
        if any((directory / name).is_file() for name in ("mkdocs.yml", "mkdocs.yaml")):
            return True
        directory = directory.parent
    return False


def _inside(project: Project, cfg: Config) -> None:
    """Every file found stays inside its checkout (the project root, or the upstream root
    for upstream files): a symlinked locale directory or document that resolves elsewhere is
    an error, as a setting pointing there is."""
    layout = project.layout
    other = layout.upstream_root if layout is not None and layout.upstream_root else (
        cfg.upstream_base if cfg.upstream_root is not None else None)
    base = Path(other).resolve() if other is not None else None
    for spec in project.pairs:
        if base is None:
            cfg.inside_root(spec.upstream, "upstream document")
        else:
            real = Path(real_path(spec.upstream))
            if real != base and base not in real.parents:
                raise ConfigError(f"upstream document {str(spec.upstream)!r} is outside the upstream "
                                  f"checkout {base}")
        cfg.inside_root(spec.translation, "translation")
    for orphan in project.orphans:
        cfg.inside_root(orphan.translation, "translation")


def _explicit_pairs(project: Project, cfg: Config) -> None:
    """``[[pairs]]``: the upstream relative to ``upstream-root``, the translation to the root.
    A file paired there is no longer missing or orphaned by the layout's rules, and its
    locale is the project's own spelling of it (``pt-br`` is the directory's ``pt_BR``)."""
    for k, setting in enumerate(cfg.pairs, start=1):
        up = cfg.inside_upstream_root(Path(setting.upstream), f"[[pairs]] {k} upstream")
        tr = cfg.inside_root(Path(setting.translation), f"[[pairs]] {k} translation")
        locale = _known_locale(project, setting.locale, tr)
        if not locale and tr.is_file():
            locale = translation_locale(tr) or ""
        if up.is_file() and tr.is_file():
            project.pairs.append(PairSpec(up, tr, locale, setting.upstream))
            _unlist(project, up, tr, locale)
        elif up.is_file():
            project.missing.append(MissingFile(up, tr, locale, setting.upstream))
        elif tr.is_file():
            project.orphans.append(OrphanFile(tr, up, locale))
        else:
            raise ConfigError(f"[[pairs]] {k}: neither {setting.upstream!r} (in {display_path(cfg.upstream_base)}) "
                              f"nor {setting.translation!r} exists")
        if locale and locale not in project.locales:
            project.locales.append(locale)


def _known_locale(project: Project, given: str | None, translation: Path) -> str:
    """A ``[[pairs]]`` locale as the project names it: the same locale of another spelling
    (``pt-br``, ``pt_BR``) or code; with none given, the locale the layout gave the file."""
    if not given:
        resolved = translation.resolve()
        return next((o.locale for o in project.orphans if Path(o.translation).resolve() == resolved), "")
    name = locale_name(given)
    for known in (*project.locales, *project.not_started):
        if known == given or locale_name(known) == name or project.codes.get(known) == given:
            return known
    return name


def _unlist(project: Project, upstream: Path, translation: Path, locale: str) -> None:
    """An explicitly paired file is neither missing in its locale nor orphaned."""
    up, tr = upstream.resolve(), translation.resolve()
    project.missing = [m for m in project.missing
                       if not (Path(m.upstream).resolve() == up and m.locale in (locale, ""))]
    project.orphans = [o for o in project.orphans if Path(o.translation).resolve() != tr]


# -- the PO workflow's files ---------------------------------------------------------------

class PoFiles:
    """The PO workflow's documents and locales, found once per command: ``upstream/**.md``
    and the locale directories in relsync's layout; in any other, every upstream document
    discovery pairs (or finds untranslated) and the project's locales."""

    def __init__(self, cfg: Config) -> None:
        self.cfg = cfg
        self.project = None if pofiles.is_relsync_layout(cfg) else discover(cfg)
        """The discovered project, when the PO files follow another layout than relsync's."""

    @functools.cached_property
    def documents(self) -> list[Doc]:
        if self.project is None:
            return pofiles.relsync_documents(self.cfg)
        return pofiles.site_documents(self.cfg, self.project.pairs, self.project.missing + self.project.unstarted)

    def locales(self, locale: str | None = None) -> list[str]:
        """``locale`` alone, or every locale of the project. In a layout other than
        relsync's, ``locale`` is one of the project's (named as relsync names it or as its
        paths write it), since only the layout knows where its translation goes."""
        if self.project is None:
            return pofiles.relsync_locales(self.cfg, locale)
        known = self.project.locales + self.project.not_started
        if not locale:
            return known
        parse_locale(locale)
        wanted = self.project.only_locale(locale)
        chosen = wanted.locales + wanted.not_started
        if not chosen:
            raise ConfigError(f"locale {locale!r} is not one of the project's locales "
                              f"({', '.join(known) or 'none found'})")
        return chosen

    def catalog_dirs(self) -> list[Path]:
        """The directories of the project's POs, one per locale."""
        po_dir = None if self.project is None else pofiles.po_directory(self.cfg)
        return [catalog_dir(self.cfg, loc, po_dir) for loc in self.locales()]


# -- two files named on the command line --------------------------------------------------

def explicit_pair(cfg: Config, upstream: str | Path, translation: str | Path,
                  locale: str | None = None) -> PairSpec:
    """The pair of two files named on the command line. Its locale: the option, else the
    layout's ``{lang}`` for that path, else the path's locale directory, else the front
    matter (``lang``, ``locale``, ``language``), else the language of the text."""
    loc = locale or layout_locale(cfg, translation) or guess_locale(translation, cfg) \
        or translation_locale(translation) or ""
    return PairSpec(Path(upstream), Path(translation), loc, Path(upstream).name)


def layout_locale(cfg: Config, path: Path | str) -> str | None:
    """The locale the project's layout gives a translation path, if the project has a layout
    and the path is one of its translations."""
    try:
        rel = Path(path).resolve().relative_to(cfg.root.resolve()).as_posix()
        layout = layout_for(cfg)
    except (ValueError, ConfigError, OSError):
        return None
    for rule in layout.rules:
        if not rule.translation.has_lang:
            if rule.locales and rule.translation.match(rel):
                return rule.locales[0].locale
            continue
        m = rule.translation.match(rel)
        if m is None:
            continue
        code = m.group("lang")
        specs = rule.locales if rule.locales is not None else layout.locales
        for spec in specs or ():
            if spec.code.lower() == code.lower():
                return spec.locale
        if not specs and (layout.lenient_locales or is_locale_code(code)):
            return code if layout.lenient_locales else locale_name(code)
    return None


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
        if is_locale_code(part):
            return part
    return None


def translation_locale(path: Path | str) -> str | None:
    """The locale a translation names in its front matter (``lang``, ``locale``,
    ``language``), else the language its text is written in, when its script tells."""
    data = front_matter(Path(path))
    for key in LANGUAGE_KEYS:
        value = data.get(key)
        if isinstance(value, str) and value.strip():
            try:
                parse_locale(value.strip())
            except ConfigError:
                continue
            return locale_name(value.strip())
    try:
        with open(path, "rb") as handle:
            text = handle.read(65536).decode("utf-8", "replace")
    except OSError:
        return None
    return identify(text)
