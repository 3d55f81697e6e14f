"""Where the PO workflow's files are: the upstream documents, ``<templates>/NAME.pot``,
``locales/<lang>/LC_MESSAGES/NAME.po`` and the built ``locales/<lang>/NAME.md``.

The PO workflow works on relsync's own layout (``upstream/`` and ``locales/<lang>/``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..config import Config
from ..errors import ConfigError
from ..io import display_path
from ..languages import parse_locale
from .layouts import NOT_LOCALES
from .pairing import matches
from .patterns import PLACEHOLDER_RE


def upstream_dir(cfg: Config) -> Path:
    """The directory of the upstream documents (``upstream``, a directory)."""
    if cfg.translation or cfg.upstream_root or PLACEHOLDER_RE.search(cfg.upstream) or cfg.layout not in (None, "relsync"):
        raise ConfigError("the PO workflow works on relsync's layout: upstream = DIRECTORY with "
                          "locales = DIRECTORY of <lang>/ (see relsync po --help)")
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
    """Path relative to the upstream directory, without ``.md``."""
    upstream: Path

    @property
    def reference(self) -> str:
        """How the catalogs name the document (``#: upstream/NAME.md:LINE``)."""
        return self.upstream.as_posix()

    def path(self, cfg: Config) -> Path:
        return self.upstream if self.upstream.is_absolute() else cfg.root / self.upstream


def po_documents(cfg: Config) -> list[Doc]:
    """The upstream documents of the PO workflow (Markdown files only)."""
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
        return path


def po_locales(cfg: Config, locale: str | None = None) -> list[str]:
    """The locales of the PO workflow: ``locale`` alone, or every locale directory."""
    if locale:
        parse_locale(locale)
        return [locale]
    if not cfg.locales_dir.is_dir():
        raise ConfigError(f"locales directory {display_path(cfg.locales_dir)!r} does not exist")
    return locale_names(cfg.locales_dir)


def pot_path(cfg: Config, doc: Doc) -> Path:
    path = cfg.inside_root(Path(cfg.templates), "templates directory") / f"{doc.name}.pot"
    cfg.inside_root(path, "POT file")
    return path


def po_path(cfg: Config, locale: str, doc: Doc) -> Path:
    path = cfg.locales_dir / locale / "LC_MESSAGES" / f"{doc.name}.po"
    cfg.inside_root(path, "PO file")
    return path


def built_path(cfg: Config, locale: str, doc: Doc) -> Path:
    """Where ``po build`` writes a locale's document: ``locales/<lang>/NAME.md``."""
    path = cfg.locales_dir / locale / f"{doc.name}.md"
    cfg.inside_root(path, "translation")
    return path
