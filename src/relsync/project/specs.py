"""What discovery hands on: the pairs to check and the files without a partner."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class PairSpec:
    """One upstream document and one translation of it."""

    upstream: Path
    translation: Path
    locale: str
    name: str = ""
    """The document's path in the site: relative to the upstream pattern's directory (relative
    links resolve against it)."""
    code: str = ""
    """The locale as the translation's paths write it (``zh-cn``), when a layout gave it."""
    locale_dir: Path | None = None
    """The locale's own directory (``locales/zh_CN``, ``content/zh-cn``), for its glossary."""


@dataclass(frozen=True)
class MissingFile:
    """An upstream document with no translation in a locale."""

    upstream: Path
    translation: Path
    """Where the translation would be."""
    locale: str
    name: str = ""
    """The document's path in the site, as :attr:`PairSpec.name`."""


@dataclass(frozen=True)
class OrphanFile:
    """A translation whose upstream document does not exist."""

    translation: Path
    upstream: Path
    """Where the upstream document would be."""
    locale: str
    note: str = ""
    """What is known of the upstream's fate (``upstream moved to ...``)."""
