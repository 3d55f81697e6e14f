"""Markdown documents <-> gettext catalogs: extract, init/update, import (gettextize), build.

Built on babel's :class:`~babel.messages.catalog.Catalog`; PO files are read and written by
:mod:`relsync.pofile`. The stages, one module each:

* :mod:`.units`: a document cut into units, one per translatable piece, with exact spans;
* :mod:`.catalog`: the template of a document, a new PO, the msgmerge-style update, counts;
* :mod:`.gettextize`: a PO filled from an existing translation, by alignment;
* :mod:`.build`: the upstream text with each translated unit spliced in;
* :mod:`.files`: reading and writing the workflow's files.
"""

from .build import build_text, encode, render, translation_for
from .catalog import (
    FORMAT_FLAGS,
    check_document,
    check_template,
    fill_missing,
    fit_charset,
    messages_key,
    new_catalog,
    parse_catalog,
    serialize,
    stats,
    strip_format_flags,
    template,
    update,
    words,
)
from .files import (
    MANIFEST,
    build_file,
    digest,
    extract_file,
    is_built,
    load_file,
    read_catalog,
    write_built,
    write_catalog,
)
from .gettextize import FUZZY_SCORE, ImportReport, gettextize, unit_text
from .units import DEFAULT_FRONT_MATTER, Parsed, Source, Style, Unit, decode_markdown, extract_units, load, split_row

__all__ = [
    "DEFAULT_FRONT_MATTER", "FORMAT_FLAGS", "FUZZY_SCORE", "MANIFEST", "ImportReport", "Parsed",
    "Source", "Style", "Unit", "build_file", "build_text", "check_document", "check_template", "decode_markdown",
    "digest", "encode", "extract_file", "extract_units", "fill_missing", "fit_charset", "gettextize", "is_built",
    "load", "load_file", "messages_key", "new_catalog", "parse_catalog", "read_catalog", "render",
    "serialize", "split_row", "stats", "strip_format_flags", "template", "translation_for",
    "unit_text", "update", "words", "write_built", "write_catalog",
]
