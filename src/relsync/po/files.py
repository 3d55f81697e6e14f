"""The PO workflow's files: Markdown and catalogs read and written, atomically, and the
record of what ``po build`` wrote (so a hand-written translation is never replaced)."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Sequence

from babel.messages.catalog import Catalog

from ..config import PoSettings
from ..errors import RelsyncError
from ..io import atomic_write_bytes, atomic_write_text, read_bytes
from ..languages import month_locales
from ..dialects import ALL_SYNTAX
from .build import build_text, encode
from .catalog import messages_key, parse_catalog, serialize, template
from .units import DEFAULT_FRONT_MATTER, Parsed, decode_markdown, load

MANIFEST = ".relsync-built.json"


def load_file(path, shown: str, front_matter: Sequence[str] = DEFAULT_FRONT_MATTER,
              locale: str = "en", *, fast: bool = False, code_blocks: bool = False,
              syntax: tuple[str, ...] = ALL_SYNTAX) -> Parsed:
    text, encoding = decode_markdown(read_bytes(path, shown), shown)
    return load(text, shown, front_matter, month_locales(locale), encoding, fast=fast,
                code_blocks=code_blocks, syntax=syntax)


def read_catalog(path, shown: str, locale: str | None = None) -> Catalog:
    return parse_catalog(read_bytes(path, shown), shown, locale)


def write_catalog(path, catalog: Catalog, width: int | None,
                  current: tuple[bytes, str | None] | None = None) -> bool:
    """Write a catalog atomically unless ``current`` (the :func:`messages_key` of the file's
    content) says it already holds the same messages; returns whether the file was written."""
    if current is not None and messages_key(catalog) == current:
        return False
    atomic_write_bytes(path, serialize(catalog, width))
    return True


def extract_file(upstream, shown: str, reference: str, name: str, settings: PoSettings,
                 previous: Catalog | None = None, syntax: tuple[str, ...] = ALL_SYNTAX) -> Catalog:
    """The POT of one upstream file; keeps ``previous``'s creation date when nothing changed."""
    parsed = load_file(upstream, shown, settings.front_matter, fast=True, code_blocks=settings.code_blocks,
                       syntax=syntax)
    pot = template(parsed, reference, name)
    if previous is not None and messages_key(previous) == messages_key(pot):
        pot.creation_date = previous.creation_date
    return pot


def build_file(upstream, shown: str, catalog: Catalog, settings: PoSettings, use_fuzzy: bool,
               syntax: tuple[str, ...] = ALL_SYNTAX) -> bytes:
    parsed = load_file(upstream, shown, settings.front_matter, fast=True, code_blocks=settings.code_blocks,
                       syntax=syntax)
    return encode(build_text(parsed, catalog, use_fuzzy), parsed.encoding)


def _manifest_path(po_path) -> str:
    return os.path.join(os.path.dirname(os.path.abspath(po_path)), MANIFEST)


def _read_manifest(path: str) -> dict[str, str]:
    try:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
        return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}
    except (OSError, ValueError):
        return {}


def write_built(out, shown: str, data: bytes, po_path, force: bool) -> str:
    """Write a built document, refusing to replace a file relsync did not build (a
    hand-written translation) unless ``force``. Returns ``written`` or ``unchanged``."""
    manifest_path = _manifest_path(po_path)
    manifest = _read_manifest(manifest_path)
    key = os.path.relpath(os.path.abspath(out), os.path.dirname(manifest_path))
    if os.path.exists(out):
        current = read_bytes(out, shown)
        if current == data:
            return "unchanged"
        if not force and manifest.get(key) != digest(current):
            raise RelsyncError(
                f"{shown}: refusing to overwrite a file that relsync po build did not write "
                "(a hand-written translation?); import it with `relsync po import`, "
                "or pass --force to replace it")
    atomic_write_bytes(out, data)
    manifest[key] = digest(data)
    atomic_write_text(manifest_path, json.dumps(dict(sorted(manifest.items())), indent=2) + "\n")
    return "written"


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def is_built(md: Path, po_path: Path) -> bool:
    """Whether ``md`` is, byte for byte, what ``po build`` last wrote from ``po_path``."""
    manifest = _read_manifest(_manifest_path(po_path))
    key = os.path.relpath(os.path.abspath(md), os.path.dirname(_manifest_path(po_path)))
    return manifest.get(key) == digest(md.read_bytes())
