"""Project discovery: which files pair with which, in which locale, under which path rules,
and where each locale keeps its glossary.

The layout is ``upstream/NAME.md`` with ``locales/<lang>/NAME.md`` (both directories set in
the settings); every path taken from the settings stays inside the project root. The PO
workflow's files sit in the same tree: ``<templates>/NAME.pot`` and
``locales/<lang>/LC_MESSAGES/NAME.po``.
"""

from __future__ import annotations

import csv
import fnmatch
import io
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

from .config import Config
from .errors import ConfigError, InputError
from .io import display_path
from .languages import parse_locale

#: Directories under ``locales/`` that are not locales.
NOT_LOCALES = frozenset({"templates", "LC_MESSAGES", "_templates"})
_LOCALE_PART_RE = re.compile(r"^[a-z]{2,3}(?:[_-][A-Za-z]{2,4})?(?:[_-][A-Za-z]{2})?$")


@dataclass(frozen=True)
class PairSpec:
    """One upstream document and one translation of it."""

    upstream: Path
    translation: Path
    locale: str
    name: str = ""
    """The document's path relative to the upstream directory."""


@dataclass(frozen=True)
class MissingFile:
    """An upstream document with no translation in a locale."""

    upstream: Path
    translation: Path
    """Where the translation would be."""
    locale: str


@dataclass(frozen=True)
class OrphanFile:
    """A translation whose upstream document does not exist."""

    translation: Path
    upstream: Path
    """Where the upstream document would be."""
    locale: str


@dataclass
class Project:
    """What discovery found: the pairs to check, and the files that have no partner."""

    config: Config
    pairs: list[PairSpec] = field(default_factory=list)
    missing: list[MissingFile] = field(default_factory=list)
    orphans: list[OrphanFile] = field(default_factory=list)
    locales: list[str] = field(default_factory=list)

    def only_locale(self, locale: str) -> "Project":
        """The same project restricted to one locale."""
        return Project(self.config, [p for p in self.pairs if p.locale == locale],
                       [m for m in self.missing if m.locale == locale],
                       [o for o in self.orphans if o.locale == locale],
                       [x for x in self.locales if x == locale])


def matches(rel: str, patterns: list[str]) -> bool:
    """Whether a path relative to a document directory matches one of the glob patterns."""
    return any(fnmatch.fnmatch(rel, p) or fnmatch.fnmatch("/" + rel, p) for p in patterns)


def upstream_dir(cfg: Config) -> Path:
    up_dir = cfg.inside_root(Path(cfg.upstream), "upstream directory")
    if not up_dir.is_dir():
        raise ConfigError(f"upstream directory {display_path(up_dir)!r} does not exist")
    return up_dir


def locales_dir(cfg: Config) -> Path:
    loc_dir = cfg.inside_root(Path(cfg.locales), "locales directory")
    if not loc_dir.is_dir():
        raise ConfigError(f"locales directory {display_path(loc_dir)!r} does not exist")
    return loc_dir


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


def discover(cfg: Config) -> Project:
    """Every upstream/translation pair of the project, and the files without a partner."""
    up_dir = upstream_dir(cfg)
    loc_dir = locales_dir(cfg)
    names = document_names(cfg, up_dir)
    project = Project(cfg, locales=locale_names(loc_dir))
    known = set(names)
    for locale in project.locales:
        base = loc_dir / locale
        cfg.inside_root(base, "locale directory")
        for rel in names:
            tr = base / rel
            if tr.is_file():
                cfg.inside_root(tr, "translation")
                project.pairs.append(PairSpec(up_dir / rel, tr, locale, rel))
            else:
                project.missing.append(MissingFile(up_dir / rel, tr, locale))
        for path in sorted(base.rglob("*.md")):
            rel = path.relative_to(base).as_posix()
            if rel not in known and matches(rel, cfg.include) and not matches(rel, cfg.ignore):
                project.orphans.append(OrphanFile(path, up_dir / rel, locale))
    return project


def explicit_pair(cfg: Config, upstream: str | Path, translation: str | Path,
                  locale: str | None = None) -> PairSpec:
    """The pair of two files named on the command line."""
    loc = locale or guess_locale(translation, cfg) or ""
    return PairSpec(Path(upstream), Path(translation), loc, Path(upstream).name)


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


# -- glossaries ---------------------------------------------------------------------------

def locale_dir(spec: PairSpec, cfg: Config) -> Path | None:
    """The directory of a pair's locale: ``locales/<lang>/``, else the translation's own."""
    if spec.locale:
        candidate = cfg.locales_dir / spec.locale
        if candidate.is_dir():
            return candidate
    parent = spec.translation.parent
    return parent if parent.is_dir() else None


def glossary_path(spec: PairSpec, cfg: Config) -> Path | None:
    """The glossary file of a pair's locale: the configured file, else ``glossary.csv`` or
    ``glossary.tbx`` in its locale directory; ``None`` when there is none."""
    directory = locale_dir(spec, cfg)
    if directory is None:
        return None
    names = [cfg.glossary] if cfg.glossary else ["glossary.csv", "glossary.tbx"]
    for name in names:
        candidate = directory / name
        if cfg.glossary:
            cfg.inside_root(candidate, "glossary")
        if candidate.is_file():
            return candidate
        if cfg.glossary:
            raise ConfigError(f"glossary {str(candidate)!r} does not exist")
    return None


def glossary_for(spec: PairSpec, cfg: Config) -> list[tuple[str, str]]:
    """The glossary entries of a pair's locale (none without a glossary file)."""
    path = glossary_path(spec, cfg)
    return read_glossary(path, spec.locale) if path is not None else []


def read_glossary(path: Path, locale: str) -> list[tuple[str, str]]:
    """Glossary entries ``(source term, required translation)`` from a CSV or TBX file."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise InputError(str(path), f"cannot read glossary: {exc.strerror or exc}") from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(str(path), f"not valid UTF-8 at byte {exc.start}") from None
    if path.suffix.lower() == ".tbx":
        return _read_tbx(text, path, locale)
    entries = []
    for lineno, row in _csv_rows(text, path):
        if not row or row[0].startswith("#"):
            continue
        if lineno == 1 and [c.strip().lower() for c in row[:2]] in (["source", "target"], ["en", locale.lower()], ["term", "translation"]):
            continue
        if len(row) < 2:
            raise InputError(str(path), "expected two columns: source,target", line=lineno)
        entries.append((row[0].strip(), row[1].strip()))
    return entries


def _csv_rows(text: str, path: Path) -> Iterator[tuple[int, list[str]]]:
    """The records of a CSV text with the line each starts on; any line ends (LF, CRLF, a
    lone CR as old spreadsheets write); a record Python's reader refuses (an unclosed quote
    running past its field limit) is an error naming that line."""
    reader = csv.reader(io.StringIO(text, newline=""))
    while True:
        start = reader.line_num + 1
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            raise InputError(str(path), f"invalid CSV: {exc}", line=start) from None
        yield start, row


def _read_tbx(text: str, path: Path, locale: str) -> list[tuple[str, str]]:
    try:
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        raise InputError(str(path), f"invalid TBX: {exc}", line=exc.position[0]) from None
    xml_lang = "{http://www.w3.org/XML/1998/namespace}lang"
    lang = locale.replace("_", "-").lower()
    entries = []
    for entry in root.iter():
        if not entry.tag.endswith("termEntry") and not entry.tag.endswith("conceptEntry"):
            continue
        terms: dict[str, str] = {}
        for lang_set in entry:
            if not lang_set.tag.endswith("langSet") and not lang_set.tag.endswith("langSec"):
                continue
            code = (lang_set.get(xml_lang) or lang_set.get("lang") or "").lower()
            term = next((t.text for t in lang_set.iter() if t.tag.endswith("term") and t.text), None)
            if term:
                terms[code] = term.strip()
        source = terms.get("en") or next((v for k, v in terms.items() if k.startswith("en")), None)
        target = terms.get(lang) or next((v for k, v in terms.items() if k.split("-")[0] == lang.split("-")[0]), None)
        if source and target:
            entries.append((source, target))
    return entries


# -- the PO workflow's files --------------------------------------------------------------

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
