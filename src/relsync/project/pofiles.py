"""Where the PO workflow's files are: the upstream documents, ``<templates>/NAME.pot``,
the POs and the built translations.

In relsync's own layout (``upstream/`` and ``locales/<lang>/``) the POs are
``locales/<lang>/LC_MESSAGES/NAME.po`` and a build writes ``locales/<lang>/NAME.md``. In any
other layout (Hugo, Docusaurus, MkDocs, MDN, patterns, ``[[pairs]]``) the documents and
their translations are the ones discovery pairs, the POs are ``po/<lang>/NAME.po`` (the
``[po] directory`` setting) with NAME the document's path in the site, and a build writes
the translation where the layout keeps it.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from ..config import Config
from ..errors import ConfigError
from ..io import display_path
from ..languages import parse_locale
from .layouts import NOT_LOCALES
from .pairing import matches
from .patterns import MARKDOWN_EXTENSIONS, PLACEHOLDER_RE
from .specs import MissingFile, PairSpec

#: The POs' directory in a layout other than relsync's, unless ``[po] directory`` says.
DEFAULT_PO_DIRECTORY = "po"
#: The upstream files the PO workflow reads: Markdown (and MDX).
PO_SUFFIXES = MARKDOWN_EXTENSIONS


def is_relsync_layout(cfg: Config) -> bool:
    """Whether the PO files follow relsync's own layout (``locales/<lang>/LC_MESSAGES``):
    the settings name no other layout and the upstream directory is there (a project may
    start with upstream documents only)."""
    return (cfg.layout in (None, "relsync") and not cfg.translation and cfg.upstream_root is None
            and not PLACEHOLDER_RE.search(cfg.upstream)
            and (cfg.root / cfg.upstream).is_dir())


def upstream_dir(cfg: Config) -> Path:
    """The directory of the upstream documents (``upstream``, a directory)."""
    up_dir = cfg.inside_root(Path(cfg.upstream), "upstream directory")
    if not up_dir.is_dir():
        raise ConfigError(f"upstream directory {display_path(up_dir)!r} does not exist")
    return up_dir


def document_names(cfg: Config, up_dir: Path, pattern: str = "*") -> list[str]:
    """The upstream documents, as paths relative to the upstream directory."""
    names = []
    for path in sorted(up_dir.rglob(pattern)):
        if not path.is_file():
            continue
        rel = path.relative_to(up_dir).as_posix()
        if matches(rel, cfg.include) and not matches(rel, cfg.ignore):
            cfg.inside_root(path, "upstream document")
            names.append(rel)
    return names


def locale_names(loc_dir: Path) -> list[str]:
    """The locale directories under ``locales/``."""
    return sorted(d.name for d in loc_dir.iterdir()
                  if d.is_dir() and d.name not in NOT_LOCALES and not d.name.startswith("."))


@dataclass(frozen=True)
class Doc:
    """An upstream document of the PO workflow."""

    name: str
    """Path relative to the upstream directory (in another layout: the document's path in
    the site), without ``.md``."""
    upstream: Path
    po_dir: Path | None = None
    """The POs' directory in a layout other than relsync's (``None``: relsync's layout)."""
    translations: tuple[tuple[str, Path], ...] = ()
    """``(locale, translation path)`` in a layout other than relsync's: where the layout
    keeps (or would keep) each locale's translation."""

    @property
    def reference(self) -> str:
        """How the catalogs name the document (``#: upstream/NAME.md:LINE``)."""
        return self.upstream.as_posix()

    def path(self, cfg: Config) -> Path:
        return self.upstream if self.upstream.is_absolute() else cfg.root / self.upstream


def relsync_documents(cfg: Config) -> list[Doc]:
    """The upstream documents of the PO workflow in relsync's layout (Markdown files only)."""
    up_dir = upstream_dir(cfg)
    docs = []
    for rel in document_names(cfg, up_dir, "*.md"):
        configured = Path(cfg.upstream)
        upstream = up_dir / rel if configured.is_absolute() else _relative_to_root(cfg, configured / rel)
        docs.append(Doc(rel[:-3], upstream))
    return docs


def _relative_to_root(cfg: Config, path: Path) -> Path:
    try:
        return path.relative_to(cfg.root)
    except ValueError:
        try:
            return Path(os.path.relpath(path, cfg.root)) if path.is_absolute() else path
        except ValueError:  # another drive
            return path


def po_directory(cfg: Config) -> Path:
    """Where the POs go in a layout other than relsync's (``[po] directory``, else ``po``)."""
    return cfg.inside_root(Path(cfg.po.directory or DEFAULT_PO_DIRECTORY), "PO directory")


def site_documents(cfg: Config, pairs: list[PairSpec], missing: list[MissingFile]) -> list[Doc]:
    """The upstream documents of the PO workflow in another layout: every upstream file
    discovery paired or found missing a translation, with where each locale's translation
    is (or would be)."""
    po_dir = po_directory(cfg)
    names: dict[Path, str] = {}
    translations: dict[Path, dict[str, Path]] = {}
    for spec in [*pairs, *missing]:
        path = Path(spec.upstream)
        if path.suffix.lower() not in PO_SUFFIXES or not spec.locale:
            continue
        name = spec.name or path.name
        names.setdefault(path, name[: -len(path.suffix)] if name.lower().endswith(path.suffix.lower()) else name)
        translations.setdefault(path, {}).setdefault(spec.locale, Path(spec.translation))
    _unique_names(cfg, names)
    return [Doc(names[path], _relative_to_root(cfg, path), po_dir, tuple(sorted(translations[path].items())))
            for path in sorted(names, key=lambda p: names[p])]


def _unique_names(cfg: Config, names: dict[Path, str]) -> None:
    """One name per document: documents the site gives one name (``intro`` of two versions
    of Docusaurus' docs) are named by their paths instead, so that no catalog is another's."""
    while True:
        seen: dict[str, list[Path]] = {}
        for path, name in names.items():
            seen.setdefault(name, []).append(path)
        shared = [paths for paths in seen.values() if len(paths) > 1]
        if not shared:
            return
        for paths in shared:
            for path in paths:
                parts = _relative_to_root(cfg, path).with_suffix("").parts
                by_path = "/".join(p for p in parts if p not in ("..", "."))  # (an upstream checkout beside)
                if names[path] == by_path:  # two files of one path without their suffixes
                    by_path = _relative_to_root(cfg, path).as_posix()
                names[path] = by_path


def relsync_locales(cfg: Config, locale: str | None = None) -> list[str]:
    """The locales of the PO workflow in relsync's layout: ``locale`` alone, or every
    locale directory."""
    if locale:
        parse_locale(locale)
        return [locale]
    if not cfg.locales_dir.is_dir():
        raise ConfigError(f"locales directory {display_path(cfg.locales_dir)!r} does not exist")
    return locale_names(cfg.locales_dir)


def pot_path(cfg: Config, doc: Doc) -> Path:
    templates = cfg.po.templates or (str(doc.po_dir / "templates") if doc.po_dir is not None else cfg.templates)
    path = cfg.inside_root(Path(templates), "templates directory") / f"{doc.name}.pot"
    cfg.inside_root(path, "POT file")
    return path


def catalog_dir(cfg: Config, locale: str, po_dir: Path | None = None) -> Path:
    """The directory of a locale's POs: ``locales/<lang>/LC_MESSAGES``, or ``po/<lang>``."""
    return po_dir / locale if po_dir is not None else cfg.locales_dir / locale / "LC_MESSAGES"


def po_path(cfg: Config, locale: str, doc: Doc) -> Path:
    path = catalog_dir(cfg, locale, doc.po_dir) / f"{doc.name}.po"
    cfg.inside_root(path, "PO file")
    return path


def built_path(cfg: Config, locale: str, doc: Doc) -> Path | None:
    """Where ``po build`` writes a locale's document: ``locales/<lang>/NAME.md``, or where
    the layout keeps that locale's translation (``None``: the layout has none for it)."""
    if doc.po_dir is not None:
        path = dict(doc.translations).get(locale)
        if path is None:
            return None
    else:
        path = cfg.locales_dir / locale / f"{doc.name}.md"
    cfg.inside_root(path, "translation")
    return path
