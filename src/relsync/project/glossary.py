"""Where a locale keeps its glossary, and reading it: CSV (``source,target``) or TBX.

The glossary is ``glossary.csv`` or ``glossary.tbx`` in the locale's directory
(``locales/<lang>/``, ``content/zh-cn/``, ``i18n/fr/``), or the file the settings name:
relative to that directory, or a path from the root with ``{lang}``
(``glossary = "i18n/{lang}/terms.csv"``).
"""

from __future__ import annotations

import csv
import io
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Iterator

from ..config import Config
from ..errors import ConfigError, InputError
from .specs import PairSpec

def locale_dir(spec: PairSpec, cfg: Config) -> Path | None:
    """The directory of a pair's locale: the one its layout gives it (``locales/<lang>/``,
    ``content/zh-cn/``), else ``locales/<lang>/``, else the translation's own."""
    if spec.locale_dir is not None and spec.locale_dir.is_dir():
        return spec.locale_dir
    if spec.locale:
        candidate = cfg.locales_dir / spec.locale
        if candidate.is_dir():
            return candidate
    parent = spec.translation.parent
    return parent if parent.is_dir() else None


def glossary_path(spec: PairSpec, cfg: Config) -> Path | None:
    """The glossary file of a pair's locale: the configured file, else ``glossary.csv`` or
    ``glossary.tbx`` in its locale directory; ``None`` when there is none."""
    if cfg.glossary and "{lang}" in cfg.glossary:
        candidate = cfg.inside_root(Path(cfg.glossary.replace("{lang}", spec.code or spec.locale)), "glossary")
        return candidate if candidate.is_file() else None
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


