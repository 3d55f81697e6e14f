"""Markdown documents <-> gettext catalogs: extract, init/update, import (gettextize), build.

Built on babel's :class:`~babel.messages.catalog.Catalog` and PO reader (the writer,
:mod:`relsync.pofile`, keeps babel's layout and writes previous msgids as gettext does); the
merging of a PO with a new template is babel's ``Catalog.update`` (msgmerge-style fuzzy
matching with the previous msgid kept).

A document is cut into :class:`Unit` s, one per translatable piece: a heading, a paragraph, a
list item, a table cell, a container title, a front-matter value. A unit knows the exact
character span of its text in the source, with the block syntax around it left out (heading
markers and ``{#id}``, list markers, ``>`` prefixes, cell pipes, YAML quotes), so that
``build`` can splice a translation into the upstream text and leave every other byte alone.
Inline markup stays in the msgid as Markdown. Continuation lines of a block are joined with a
space (a hard line break is kept as a newline).
"""

from __future__ import annotations

import datetime
import hashlib
import io
import json
import os
import re
from dataclasses import dataclass, field
from itertools import accumulate
from typing import Iterable, Sequence

import yaml
from babel import Locale, UnknownLocaleError
from babel.messages.catalog import Catalog
from babel.messages.pofile import PoFileError, PoFileParser, unescape

from . import pofile
from .align import align
from .errors import InputError
from .model import Alignment, Block, Document
from .parse import decode, parse

DEFAULT_FRONT_MATTER = ("title",)
DEFAULT_WIDTH = 79  # GNU gettext's page width (msgcat, msgmerge, xgettext)
#: Aligned pairs scoring below this are imported as fuzzy.
FUZZY_SCORE = 0.5
FORMAT_FLAGS = frozenset({"python-format", "python-brace-format"})

_EOL_RE = re.compile(r"\r\n|\r|\n")
_HEADING_ID_RE = re.compile(r"\{#[^}\s]+\}[ \t]*$")
_CJK = r"\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef\u3000-\u303f"
_CJK_END_RE = re.compile(f"[{_CJK}]$")
_CJK_START_RE = re.compile(f"^[{_CJK}]")
_FM_KEY_RE = re.compile(r"^([A-Za-z_][\w-]*)[ \t]*:(?:[ \t]+(.*?))?[ \t]*$")
_CONTAINER_RE = re.compile(r"^([ \t]*:{3,}[ \t]*[^\s]+[ \t]+)(.*?)[ \t]*$")
_QUOTE_PREFIX_RE = re.compile(r"^[ \t]*>(?:[ \t]*>)*[ \t]?")
_SENTENCE_END_RE = re.compile(r"(?<=[。！？；.!?;])\s*")
_WORD_RE = re.compile(rf"[{_CJK}]|[^\s{_CJK}]+")

ROLE = {
    "heading": "heading",
    "title": "heading",
    "container": "heading",
    "table_cell": "table cell",
    "table_header": "table cell",
    "code": "code block",
}
COMMENT = {
    "heading": "heading",
    "title": "front matter: title",
    "paragraph": "paragraph",
    "list_item": "list item",
    "table_header": "table header cell",
    "table_cell": "table cell",
    "container": "container title",
    "code": "code block",
}


@dataclass(slots=True)
class Unit:
    """One translatable piece of a document and where its text sits in the source."""

    msgid: str
    kind: str
    """``heading``, ``paragraph``, ``list_item``, ``table_cell``, ``table_header``,
    ``container``, ``title`` or ``front_matter`` (another configured front-matter key)."""
    line: int
    """1-based source line of the start of the text."""
    start: int
    """Character offset of the text in the source (block syntax excluded)."""
    end: int
    block: int
    """Index of the :class:`~relsync.model.Block` the unit comes from (-1: none)."""
    column: int = -1
    """Table column of a cell."""
    style: str = "inline"
    """How a translation is written back: ``inline`` (newlines continue the block), ``line``
    (one line), ``cell`` (one line, pipes escaped), ``yaml-plain``, ``yaml-double``,
    ``yaml-single``."""
    prefix: str = ""
    """What starts a continuation line of the block (indentation, ``>`` markers)."""
    eol: str = "\n"
    key: str = ""
    """Front-matter key."""
    context: str | None = None

    @property
    def comment(self) -> str:
        if self.kind == "front_matter":
            return f"front matter: {self.key}"
        return COMMENT.get(self.kind, self.kind.replace("_", " "))


@dataclass(slots=True)
class Source:
    """A Markdown file's text split into lines, keeping each line's own line ending."""

    text: str
    lines: list[str]
    eols: list[str]
    offsets: list[int]
    bom: str = ""

    @classmethod
    def from_text(cls, text: str) -> "Source":
        bom = ""
        if text.startswith("\ufeff"):
            bom, text = "\ufeff", text[1:]
        if "\r" not in text:
            lines = text.split("\n")
            eols = ["\n"] * (len(lines) - 1) + [""]
            offsets = list(accumulate((len(line) + 1 for line in lines[:-1]), initial=0))
            return cls(text, lines, eols, offsets, bom)
        lines = []
        eols = []
        offsets = []
        pos = 0
        for m in _EOL_RE.finditer(text):
            offsets.append(pos)
            lines.append(text[pos:m.start()])
            eols.append(m.group(0))
            pos = m.end()
        offsets.append(pos)
        lines.append(text[pos:])
        eols.append("")
        return cls(text, lines, eols, offsets, bom)

    def offset(self, line: int, col: int) -> int:
        """Offset of 0-based ``line``, column ``col``."""
        return self.offsets[line] + col


@dataclass(slots=True)
class Parsed:
    """A document ready for the PO workflow: its source, parse tree and units."""

    path: str
    source: Source
    doc: Document
    units: list[Unit]
    encoding: str = "utf-8"
    by_block: dict[int, list[Unit]] = field(default_factory=dict)


# -- reading --------------------------------------------------------------------------------

def decode_markdown(data: bytes, path: str) -> tuple[str, str]:
    """Bytes -> (text, encoding), keeping a UTF-8 BOM as ``\\ufeff`` so build can restore it."""
    encoding = "utf-8"
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        encoding = "utf-16"
    text = decode(data, path)
    if data.startswith(b"\xef\xbb\xbf"):
        text = "\ufeff" + text
    return text, encoding


def load(text: str, path: str, front_matter: Sequence[str] = DEFAULT_FRONT_MATTER,
         locales: tuple[str, ...] = ("en",), encoding: str = "utf-8", *, fast: bool = False,
         code_blocks: bool = False) -> Parsed:
    """Parse ``text`` and cut it into units.

    ``fast`` skips what only alignment needs (inline parsing, anchors, sections): extract and
    build use it; the units are the same (a test holds both paths to that). Footnotes need
    the inline pass (a definition is kept only when referenced), so they take the full parse.
    """
    source = Source.from_text(text)
    doc = parse(source.text, path, locales, outline=fast)
    problems = getattr(doc, "problems", None)
    if problems:
        line, problem = problems[0]
        raise InputError(path, problem, line=line)
    units = extract_units(source, doc, front_matter, code_blocks=code_blocks)
    parsed = Parsed(path, source, doc, units, encoding)
    for unit in units:
        parsed.by_block.setdefault(unit.block, []).append(unit)
    return parsed


# -- cutting a document into units ----------------------------------------------------------

def extract_units(source: Source, doc: Document,
                  front_matter: Sequence[str] = DEFAULT_FRONT_MATTER, *,
                  code_blocks: bool = False) -> list[Unit]:
    """The messages of a document; fenced code blocks only when ``code_blocks`` is set."""
    units: list[Unit] = []
    for block in doc.blocks:
        kind = block.kind
        if kind == "front_matter":
            units.extend(_front_matter_units(source, doc, block, front_matter))
        elif kind in ("heading", "paragraph", "list_item"):
            unit = _inline_unit(source, block)
            if unit is not None:
                units.append(unit)
        elif kind == "table_row":
            units.extend(_cell_units(source, block))
        elif kind == "container":
            unit = _container_unit(source, block)
            if unit is not None:
                units.append(unit)
        elif kind == "code" and code_blocks:
            unit = _code_unit(source, block)
            if unit is not None:
                units.append(unit)
    return _assign_contexts(units)


_FENCE_OPEN_RE = re.compile(r"^([ \t]*)(`{3,}|~{3,})")
_FENCE_CLOSE_RE = re.compile(r"^[ \t]*(`{3,}|~{3,})[ \t]*$")


def _code_unit(source: Source, block: Block) -> Unit | None:
    """The content of a fenced code block, without the fence's indentation (comments and
    sample strings in code are what translators translate)."""
    first = block.start - 1
    m = _FENCE_OPEN_RE.match(source.lines[first])
    if m is None:
        return None  # an indented code block: no fence to keep the text inside
    prefix = m.group(1)
    last = block.end - 1
    if last > first and _FENCE_CLOSE_RE.match(source.lines[last]):
        last -= 1
    content = source.lines[first + 1:last + 1]
    if not content or any(line.strip() and not line.startswith(prefix) for line in content):
        return None
    msgid = "\n".join(line[len(prefix):] if line.startswith(prefix) else "" for line in content)
    if not msgid.strip():
        return None
    return Unit(msgid, "code", first + 2, source.offset(first + 1, 0),
                source.offset(last, len(source.lines[last])), block.index, style="code",
                prefix=prefix, eol=source.eols[first + 1] or "\n")


def _assign_contexts(units: list[Unit]) -> list[Unit]:
    """Identical texts in different roles (a heading and a table cell) get a msgctxt naming
    the role, so each can be translated on its own; within one role they share a message."""
    first_role: dict[str, str] = {}
    out = []
    for unit in units:
        role = ROLE.get(unit.kind, "text")
        first = first_role.setdefault(unit.msgid, role)
        if role != first:
            unit = _replace(unit, context=role)
        out.append(unit)
    return out


def _replace(unit: Unit, **changes) -> Unit:
    values = {name: getattr(unit, name) for name in Unit.__slots__}
    values.update(changes)
    return Unit(**values)


_NOT_PREFIX_RE = re.compile(r"[^\s>]")


def _continuation_prefix(lead: str) -> str:
    """The prefix of a continuation line under a first-line prefix such as ``> - ``."""
    return _NOT_PREFIX_RE.sub(" ", lead) if lead else ""


def _inline_unit(source: Source, block: Block) -> Unit | None:
    content = block.source
    if not content.strip():
        return None
    parts = content.split("\n")
    first = block.start - 1
    if first + len(parts) > len(source.lines):
        return None
    cols: list[int] = []
    pieces: list[str] = []
    last = len(parts) - 1
    for k, part in enumerate(parts):
        line = source.lines[first + k]
        want = part.lstrip(" \t")
        if k == last:
            want = want.rstrip(" \t")
            body = line.rstrip(" \t")
            if not want:
                return None
            col = len(body) - len(want) if body.endswith(want) else line.rfind(want)
            if col < 0:
                return None
            pieces.append(want)
        else:
            if not want or not line.endswith(want):
                return None
            col = len(line) - len(want)
            pieces.append(want)
        cols.append(col)
    msgid_parts: list[str] = []
    for k, piece in enumerate(pieces):
        if k == last:
            msgid_parts.append(piece)
        elif piece.endswith("\\") or piece.endswith("  "):
            msgid_parts.append(piece + "\n")
        else:
            msgid_parts.append(piece.rstrip(" \t") + " ")
    msgid = "".join(msgid_parts)
    end_line = first + last
    end_col = cols[last] + len(pieces[last])
    style = "inline"
    if block.kind == "heading":
        style = "line"
        m = _HEADING_ID_RE.search(msgid)
        if m:
            keep = len(msgid[: m.start()].rstrip(" \t"))
            cut = len(msgid) - keep
            msgid = msgid[:keep]
            end_col -= cut
            if end_col < 0 or not msgid.strip():
                return None
    if not msgid.strip():
        return None
    lead = source.lines[first][: cols[0]]
    prefix = source.lines[first + 1][: cols[1]] if last >= 1 else _continuation_prefix(lead)
    start = source.offset(first, cols[0])
    end = source.offset(end_line, end_col)
    eol = source.eols[first] or "\n"
    return Unit(msgid, block.kind, block.start, start, end, block.index, style=style,
                prefix=prefix, eol=eol)


def split_row(line: str) -> list[tuple[int, int]]:
    """Spans of the cells of a pipe-table row, as markdown-it splits it (a pipe after a
    backslash is part of the cell)."""
    m = _QUOTE_PREFIX_RE.match(line) if line.lstrip().startswith(">") else None
    pos = m.end() if m else 0
    body_end = len(line.rstrip(" \t"))
    while pos < body_end and line[pos] in " \t":
        pos += 1
    if pos < body_end and line[pos] == "|":
        pos += 1
    if body_end > pos and line[body_end - 1] == "|" and line[body_end - 2: body_end - 1] != "\\":
        body_end -= 1
    spans = []
    start = pos
    i = pos
    while i < body_end:
        if line[i] == "|" and (i == 0 or line[i - 1] != "\\"):
            spans.append((start, i))
            start = i + 1
        i += 1
    spans.append((start, body_end))
    out = []
    for a, b in spans:
        cell = line[a:b]
        lead = len(cell) - len(cell.lstrip(" \t"))
        out.append((a + lead, a + len(cell.rstrip(" \t"))))
    return out


def _is_pipe_row(line: str) -> bool:
    stripped = line.strip()
    return "|" in stripped and not stripped.startswith("<")


def _cell_units(source: Source, block: Block) -> list[Unit]:
    if block.start != block.end or block.start > len(source.lines):
        return []
    idx = block.start - 1
    line = source.lines[idx]
    if not _is_pipe_row(line):
        return []
    units = []
    kind = "table_header" if block.header else "table_cell"
    for column, (a, b) in enumerate(split_row(line)[: len(block.cells)]):
        text = line[a:b]
        if not text.strip():
            continue
        units.append(Unit(text, kind, block.start, source.offset(idx, a), source.offset(idx, b),
                          block.index, column=column, style="cell", eol=source.eols[idx] or "\n"))
    return units


def _container_unit(source: Source, block: Block) -> Unit | None:
    if not block.text:
        return None
    idx = block.start - 1
    m = _CONTAINER_RE.match(source.lines[idx])
    if not m or not m.group(2).strip():
        return None
    return Unit(m.group(2), "container", block.start, source.offset(idx, m.start(2)),
                source.offset(idx, m.end(2)), block.index, style="line")


def _front_matter_units(source: Source, doc: Document, block: Block,
                        keys: Sequence[str]) -> list[Unit]:
    wanted = set(keys)
    titles = {b.start: b.index for b in doc.blocks if b.kind == "title"}
    units = []
    for line_no in range(block.start + 1, block.end):
        idx = line_no - 1
        line = source.lines[idx]
        m = _FM_KEY_RE.match(line)
        if not m or m.group(1) not in wanted or not m.group(2):
            continue
        key, raw = m.group(1), m.group(2)
        start = m.start(2)
        if raw[0] in "\"'":
            quote = raw[0]
            if len(raw) < 2 or raw[-1] != quote:
                continue
            style = "yaml-double" if quote == '"' else "yaml-single"
            value = _yaml_scalar(raw)
            a, b = start + 1, start + len(raw) - 1
        else:
            if raw[0] in "|>&*!%@`{[" or " #" in raw:
                continue
            value = _yaml_scalar(raw)
            if value != raw:
                continue
            style = "yaml-plain"
            a, b = start, start + len(raw)
        if not isinstance(value, str) or not value.strip():
            continue
        kind = "title" if key == "title" else "front_matter"
        units.append(Unit(value, kind, line_no, source.offset(idx, a), source.offset(idx, b),
                          titles.get(line_no, -1) if key == "title" else -1, style=style, key=key))
    return units


def _yaml_scalar(raw: str) -> object:
    try:
        return yaml.safe_load(raw)
    except yaml.YAMLError:
        return None


# -- writing translations back --------------------------------------------------------------

def render(unit: Unit, text: str) -> str:
    """A translation as it is written into the unit's span."""
    if unit.style == "code":
        lines = text.replace("\r\n", "\n").replace("\r", "\n").strip("\n").split("\n")
        return unit.eol.join(unit.prefix + line if line.strip() else line for line in lines)
    text = text.replace("\r\n", "\n").replace("\r", "\n").strip()
    if unit.style == "inline":
        lines = [_escape_block_start(line) for line in text.split("\n")]
        out = [lines[0]]
        for line in lines[1:]:
            out.append(unit.eol + (unit.prefix + line if line.strip() else unit.prefix.rstrip()))
        return "".join(out)
    one_line = re.sub(r"[ \t]*\n[ \t]*", " ", text)
    if unit.style == "line":
        return one_line
    if unit.style == "cell":
        return re.sub(r"(?<!\\)\|", r"\\|", one_line)
    if unit.style == "yaml-single":
        return one_line.replace("'", "''")
    if unit.style == "yaml-double":
        return json.dumps(one_line, ensure_ascii=False)[1:-1]
    # yaml-plain: keep it plain when YAML reads it back as the same string
    if _yaml_scalar(one_line) == one_line and not one_line.startswith(("'", '"')):
        return one_line
    return json.dumps(one_line, ensure_ascii=False)


_BLOCK_START_RE = re.compile(
    r"^([ \t]*)(?:(#{1,6}|[-+*])(?=[ \t]|$)|>|```|~~~|(\d{1,9})([.)])(?=[ \t]|$)"
    r"|([-=*_])(?=(?:[ \t]*\5){2,}[ \t]*$))"
)


def _escape_block_start(line: str) -> str:
    """A translated line that would start a block of its own (``# ``, ``- ``, ``1. ``, ``>``,
    a fence, a rule or setext underline) gets a backslash, so the built document keeps the
    upstream's structure."""
    m = _BLOCK_START_RE.match(line)
    if m is None:
        return line
    lead = m.group(1)
    if m.group(3):  # an ordered-list number: escape its delimiter
        return f"{lead}{m.group(3)}\\{m.group(4)}{line[m.end():]}"
    return f"{lead}\\{line[len(lead):]}"


def translation_for(catalog: Catalog, unit: Unit, use_fuzzy: bool = False) -> str | None:
    message = catalog.get(unit.msgid, context=unit.context)
    if message is None or not isinstance(message.string, str) or not message.string.strip():
        return None
    if message.fuzzy and not use_fuzzy:
        return None
    return message.string


def build_text(parsed: Parsed, catalog: Catalog, use_fuzzy: bool = False) -> str:
    """The upstream text with every translated unit replaced; all else byte for byte."""
    text = parsed.source.text
    out: list[str] = [parsed.source.bom]
    pos = 0
    for unit in sorted(parsed.units, key=lambda u: u.start):
        translated = translation_for(catalog, unit, use_fuzzy)
        if translated is None or unit.start < pos:
            continue
        out.append(text[pos:unit.start])
        out.append(render(unit, translated))
        pos = unit.end
    out.append(text[pos:])
    return "".join(out)


def encode(text: str, encoding: str) -> bytes:
    if encoding == "utf-16":
        return text.lstrip("\ufeff").encode("utf-16")
    return text.encode("utf-8")


# -- catalogs -------------------------------------------------------------------------------

def _now() -> datetime.datetime:
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch and epoch.isdigit():
        return datetime.datetime.fromtimestamp(int(epoch), datetime.timezone.utc)
    return datetime.datetime.now(datetime.timezone.utc).replace(second=0, microsecond=0)


def strip_format_flags(catalog: Catalog) -> Catalog:
    """Markdown is not a Python format string: drop the flags babel guesses from ``%``."""
    for message in list(catalog) + list(catalog.obsolete.values()):
        message.flags -= FORMAT_FLAGS
    return catalog


def template(parsed: Parsed, reference: str, name: str,
             creation_date: datetime.datetime | None = None) -> Catalog:
    """The POT of a document: one message per distinct (msgid, msgctxt)."""
    cat = Catalog(project=name, version="", charset="utf-8", fuzzy=True,
                  header_comment=f"# Translation template for {reference}.\n#",
                  creation_date=creation_date or _now(), revision_date=None)
    cat.msgid_bugs_address = ""
    for unit in parsed.units:
        cat.add(unit.msgid, locations=[(reference, unit.line)], auto_comments=[unit.comment],
                context=unit.context)
    return strip_format_flags(cat)


def new_catalog(pot: Catalog, locale: str, reference: str | None = None) -> Catalog:
    """An empty PO for ``locale`` from a template (what ``msginit`` does)."""
    cat = Catalog(locale=_babel_locale(locale), project=pot.project, version="", charset="utf-8",
                  fuzzy=False, creation_date=pot.creation_date, revision_date=_now(),
                  header_comment=f"# {locale} translation of {reference or pot.project}.\n#")
    cat.msgid_bugs_address = pot.msgid_bugs_address or ""
    cat.language_team = f"{locale} <LL@li.org>"
    cat.update(pot, no_fuzzy_matching=True)
    return strip_format_flags(cat)


def _babel_locale(locale: str) -> str:
    return locale.replace("-", "_")


def update(po: Catalog, pot: Catalog) -> Catalog:
    """Merge a PO with a new template, msgmerge-style: unchanged messages keep their
    translation, changed ones become fuzzy with the previous msgid, removed ones obsolete;
    an obsolete message that comes back is restored. Translator comments and flags stay."""
    keys = {(m.id, m.context) for m in pot if m.id}
    for key, message in list(po.obsolete.items()):
        if (message.id, message.context) in keys and po.get(message.id, message.context) is None:
            del po.obsolete[key]
            po[message.id] = message
    previous = {(m.id, m.context): m.previous_id for m in po if m.id and m.previous_id}
    po.update(pot, update_header_comment=False)
    for message in po:
        key = (message.id, message.context)
        if message.fuzzy and not message.previous_id and key in previous:
            message.previous_id = previous[key]  # still fuzzy: keep what it was translated from
    for key, message in list(po.obsolete.items()):
        if not message.string:
            del po.obsolete[key]  # an untranslated message carries nothing to keep
    for message in po:
        if message.id and not message.string and "fuzzy" in message.flags:
            message.flags.discard("fuzzy")
    return strip_format_flags(po)


def serialize(catalog: Catalog, width: int | None = DEFAULT_WIDTH) -> bytes:
    return pofile.write(catalog, width)


def parse_catalog(data: bytes, path: str, locale: str | None = None) -> Catalog:
    """Read a PO/POT; a malformed file is an :class:`InputError` naming the line."""
    if b"\x00" in data[:8192]:
        raise InputError(path, "binary file (contains NUL bytes), not a PO file")
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise InputError(path, f"not valid UTF-8 at byte {exc.start}", line=line) from None
    try:
        catalog = Catalog(charset="utf-8")
        _StrictPoParser(catalog, ignore_obsolete=False, abort_invalid=True).parse(io.BytesIO(data))
    except PoFileError as exc:
        problem = str(exc).rsplit(" on ", 1)[0]
        raise InputError(path, f"malformed PO: {problem}", line=exc.lineno + 1) from None
    except (ValueError, TypeError, AttributeError, IndexError, KeyError) as exc:
        raise InputError(path, f"malformed PO: {exc}") from None
    if locale:
        _check_locale(catalog, locale, data, path)
    _read_previous_ids(data.decode("utf-8"), catalog)
    return strip_format_flags(catalog)


class _StrictPoParser(PoFileParser):
    """babel's PO reader, which silently merges a message defined twice; GNU msgfmt rejects
    such a file, and so does relsync (naming the line of the second definition)."""

    def _add_message(self) -> None:
        if not self.obsolete and self.messages:
            if len(self.messages) > 1:
                msgid = tuple(m.denormalize() for m in self.messages)
            else:
                msgid = self.messages[0].denormalize()
            context = self.context.denormalize() if self.context else None
            if msgid and self.catalog.get(msgid, context) is not None:
                self._invalid_pofile("", self.offset, "duplicate message definition")
        super()._add_message()


def _check_locale(catalog: Catalog, locale: str, data: bytes, path: str) -> None:
    """A PO whose Language header names another locale is the wrong file."""
    if catalog.locale is None:
        return
    try:
        expected = Locale.parse(_babel_locale(locale))
    except (ValueError, UnknownLocaleError):
        return
    if (catalog.locale.language, catalog.locale.territory) != (expected.language, expected.territory):
        line = next((k for k, text in enumerate(data.decode("utf-8").splitlines(), start=1)
                     if text.startswith('"Language:')), None)
        raise InputError(path, f"PO is for locale {catalog.locale}, not {locale}", line=line)


def check_document(catalog: Catalog, reference: str, path: str) -> None:
    """A PO whose messages all come from another upstream document is the wrong file."""
    sources = {os.path.basename(filename) for m in catalog if m.id for filename, _ in m.locations}
    if sources and os.path.basename(reference) not in sources:
        others = ", ".join(sorted(sources)[:3])
        raise InputError(path, f"PO is for {others}, not {os.path.basename(reference)}")


def _read_previous_ids(text: str, catalog: Catalog) -> None:
    """Attach the ``#| msgid`` comments, which babel's reader skips, to their messages, so
    that a fuzzy message keeps its previous msgid through another update."""
    if "#|" not in text:
        return
    for message in list(catalog) + list(catalog.obsolete.values()):
        # babel's reader keeps the "#|" lines as translator comments
        message.user_comments = [c for c in message.user_comments if not c.startswith("|")]
    by_line = {m.lineno: m for m in catalog if m.id}
    previous: list[str] = []
    keyword = ""
    for lineno, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            previous, keyword = [], ""
        elif line.startswith("#|"):
            rest = line[2:].strip()
            if rest.startswith('"'):
                if keyword == "msgid":
                    previous.append(rest)
            else:
                keyword, _, arg = rest.partition(" ")
                if keyword == "msgid":
                    previous = [arg.strip()]
        elif line.startswith("msgid ") and previous:
            message = by_line.get(lineno)
            if message is not None:
                try:
                    message.previous_id = ["".join(unescape(part) for part in previous)]
                except (ValueError, IndexError):
                    pass
            previous, keyword = [], ""


def messages_key(catalog: Catalog) -> tuple[bytes, str | None]:
    """What a catalog says, header dates aside: catalogs with equal keys hold the same
    messages, so a file that already holds them is left untouched."""
    return pofile.write(catalog, 0, omit_header=True), catalog.locale_identifier


# -- gettextize -----------------------------------------------------------------------------

@dataclass(slots=True)
class ImportReport:
    translated: int = 0
    fuzzy: int = 0
    untranslated: int = 0
    extra: int = 0
    """Translation blocks with no upstream counterpart, kept as translator comments."""


def unit_text(parsed: Parsed, block: Block) -> str:
    """The translatable text of a block (translation side), stripped of block syntax."""
    units = parsed.by_block.get(block.index)
    if units:
        return " ".join(u.msgid for u in units) if block.kind != "table_row" else " | ".join(
            u.msgid for u in units)
    if block.kind == "title":
        return block.text
    return block.text if block.kind not in ("code", "html", "front_matter", "shortcode") else ""


def _join(texts: Iterable[str], kind: str) -> str:
    texts = [t for t in texts if t.strip()]
    if kind in ("paragraph", "list_item"):
        return "\n\n".join(texts)
    out = ""
    for t in texts:
        if out and not (_CJK_END_RE.search(out) and _CJK_START_RE.search(t)):
            out += " "
        out += t
    return out


def _split(text: str, weights: Sequence[int]) -> list[str]:
    """Split a translation between two upstream blocks at the sentence end nearest to the
    upstream length ratio; everything goes to the first when there is no sentence end."""
    total = sum(weights) or 1
    target = len(text) * weights[0] / total
    cuts = [m.start() for m in _SENTENCE_END_RE.finditer(text) if 0 < m.start() < len(text.rstrip())]
    if not cuts:
        return [text] + [""] * (len(weights) - 1)
    cut = min(cuts, key=lambda c: abs(c - target))
    return [text[:cut].strip(), text[cut:].strip()]


_CJK_SPACE_RE = re.compile(f"(?<=[{_CJK}]) (?=[{_CJK}])")


def _cjk_join_lines(text: str) -> str:
    # A soft break between two CJK characters is no space in the translation's language.
    return _CJK_SPACE_RE.sub("", text) if " " in text else text


def gettextize(up: Parsed, tr: Parsed, pot: Catalog, locale: str, *,
               alignment: Alignment | None = None) -> tuple[Catalog, ImportReport]:
    """A PO for ``locale`` whose msgstrs come from the translated document, by alignment."""
    al = alignment or align(up.doc, tr.doc)
    cat = new_catalog(pot, locale, up.path)
    report = ImportReport()
    filled: dict[tuple[str, str | None], str] = {}
    notes: dict[tuple[str, str | None], list[str]] = {}
    fuzzy: set[tuple[str, str | None]] = set()

    def fill(unit: Unit, text: str, is_fuzzy: bool, note: str | None = None) -> None:
        text = text.strip("\n") if unit.kind == "code" else _cjk_join_lines(text.strip())
        if not text:
            return
        key = (unit.msgid, unit.context)
        if key in filled:
            if filled[key] != text:
                notes.setdefault(key, []).append(
                    f"also translated as: {text} ({tr.path}:{_tr_line(tr, unit, text)})")
            return
        filled[key] = text
        if is_fuzzy:
            fuzzy.add(key)
        if note:
            notes.setdefault(key, []).append(note)

    order = {id(u): i for i, u in enumerate(up.units)}
    extras: list[tuple[int, str]] = []  # (upstream unit index to attach to, text)
    last_unit = -1
    for pair in al.pairs:
        up_units = [u for b in pair.upstream for u in up.by_block.get(b, [])]
        tr_blocks = [tr.doc.blocks[b] for b in pair.translation]
        if up_units:
            last_unit = order[id(up_units[-1])]
        if not tr_blocks:
            continue
        low = pair.score < FUZZY_SCORE
        note = f"relsync: aligned with score {pair.score:.2f}" if low else None
        if not up_units:
            for block in tr_blocks:
                text = unit_text(tr, block)
                if text.strip():
                    extras.append((last_unit, f"{tr.path}:{block.start}: {text}"))
            continue
        up_blocks = [up.doc.blocks[b] for b in pair.upstream]
        if all(b.kind == "table_row" for b in up_blocks) and all(b.kind == "table_row" for b in tr_blocks):
            _fill_row(up_units, up_blocks[0], tr, tr_blocks[0], fill, low, note)
            continue
        if len(up_blocks) == 1 and len(tr_blocks) == 1:
            fill(up_units[0], unit_text(tr, tr_blocks[0]), low, note)
            for extra in up_units[1:]:
                fill(extra, "", True)
            continue
        split_note = (f"relsync: {len(up_blocks)} upstream block(s) aligned with "
                      f"{len(tr_blocks)} translated block(s), score {pair.score:.2f}")
        if len(up_units) == 1:
            fill(up_units[0], _join((unit_text(tr, b) for b in tr_blocks), up_units[0].kind), True, split_note)
        else:
            text = _join((unit_text(tr, b) for b in tr_blocks), up_units[0].kind)
            parts = _split(text, [len(u.msgid) for u in up_units[:2]])
            for unit, part in zip(up_units, parts):
                fill(unit, part, True, split_note)

    # front-matter keys other than the title pair by name
    tr_fm = {u.key: u for u in tr.units if u.kind in ("front_matter", "title")}
    for unit in up.units:
        if unit.kind == "front_matter" and unit.key in tr_fm:
            fill(unit, tr_fm[unit.key].msgid, False)

    for message in cat:
        if not message.id:
            continue
        key = (message.id, message.context)
        if key in filled:
            message.string = filled[key]
            if key in fuzzy:
                message.flags.add("fuzzy")
                report.fuzzy += 1
            else:
                report.translated += 1
            message.user_comments = list(notes.get(key, []))
        else:
            report.untranslated += 1
    _attach_extras(cat, up, extras)
    report.extra = len(extras)
    return strip_format_flags(cat), report


def _tr_line(tr: Parsed, unit: Unit, text: str) -> int:
    for u in tr.units:
        if u.msgid == text:
            return u.line
    return unit.line


def _fill_row(up_units: list[Unit], up_block: Block, tr: Parsed, tr_block: Block, fill, low: bool,
              note) -> None:
    """Cells pair by column; a row of another width is paired all the same, but fuzzy."""
    tr_cells = {u.column: u for u in tr.by_block.get(tr_block.index, [])}
    html_cells = tr_block.cells if not tr_cells else ()
    width = len(tr_block.cells)
    shape_note = None
    if width != len(up_block.cells):
        shape_note = f"relsync: the translated row has {width} cells, the upstream row {len(up_block.cells)}"
    for unit in up_units:
        if unit.column in tr_cells:
            text = tr_cells[unit.column].msgid
        elif html_cells and unit.column < len(html_cells):
            text = html_cells[unit.column].text
        else:
            continue
        fill(unit, text, low or bool(shape_note), note or shape_note)


def _attach_extras(cat: Catalog, up: Parsed, extras: list[tuple[int, str]]) -> None:
    """Translation text with no upstream counterpart goes, as a translator comment, on the
    message of the upstream unit before it (or the first message); nothing is dropped."""
    if not extras:
        return
    units = up.units
    for index, text in extras:
        target = units[index] if 0 <= index < len(units) else (units[0] if units else None)
        message = cat.get(target.msgid, context=target.context) if target else None
        line = f"relsync: extra in translation, no upstream counterpart: {text}"
        if message is None:
            cat.header_comment = cat.header_comment.rstrip("#\n") + f"\n# {line}\n#"
        else:
            message.user_comments = list(message.user_comments) + [line]


def fill_missing(existing: Catalog, imported: Catalog) -> int:
    """Fill the untranslated messages of ``existing`` from ``imported``; translations already
    in ``existing`` are never replaced. Returns the number filled."""
    count = 0
    for message in existing:
        if not message.id or message.string:
            continue
        other = imported.get(message.id, context=message.context)
        if other is None or not other.string:
            continue
        message.string = other.string
        if other.fuzzy:
            message.flags.add("fuzzy")
        message.user_comments = list(dict.fromkeys(list(message.user_comments) + list(other.user_comments)))
        count += 1
    return count


# -- statistics -----------------------------------------------------------------------------

def words(text: str) -> int:
    return len(_WORD_RE.findall(text))


def stats(catalog: Catalog) -> dict[str, int]:
    out = {k: 0 for k in ("translated", "fuzzy", "untranslated", "obsolete",
                          "translated_words", "fuzzy_words", "untranslated_words", "obsolete_words")}
    for message in catalog:
        if not message.id:
            continue
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        string = message.string if isinstance(message.string, str) else "".join(message.string or ())
        state = "fuzzy" if message.fuzzy and string else ("translated" if string else "untranslated")
        out[state] += 1
        out[f"{state}_words"] += words(msgid)
    for message in catalog.obsolete.values():
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        out["obsolete"] += 1
        out["obsolete_words"] += words(msgid)
    total = out["translated"] + out["fuzzy"] + out["untranslated"]
    out["total"] = total
    out["percent"] = round(100.0 * out["translated"] / total, 1) if total else 100.0
    return out


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


# -- files ----------------------------------------------------------------------------------

MANIFEST = ".relsync-built.json"


@dataclass(slots=True)
class Settings:
    """``[tool.relsync.po]``."""

    templates: str = ""
    """Directory of the POTs (default: ``<locales>/templates``)."""
    front_matter: tuple[str, ...] = DEFAULT_FRONT_MATTER
    use_fuzzy: bool = False
    width: int = DEFAULT_WIDTH
    code_blocks: bool = False
    """Extract fenced code blocks too (for translated comments and sample strings)."""

    @classmethod
    def from_config(cls, cfg) -> "Settings":
        from .errors import ConfigError

        data = dict(cfg.po or {})
        known = {"templates", "front-matter", "use-fuzzy", "width", "code-blocks"}
        for key in data:
            if key not in known:
                raise ConfigError(f"unknown setting {key!r} in [tool.relsync.po] (known: {', '.join(sorted(known))})")
        out = cls(templates=f"{cfg.locales}/templates")
        if "templates" in data:
            out.templates = str(data["templates"])
        if "front-matter" in data:
            value = data["front-matter"]
            if isinstance(value, str):
                value = [value]
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise ConfigError("[tool.relsync.po] front-matter must be a list of key names")
            out.front_matter = tuple(value)
        if "use-fuzzy" in data:
            if not isinstance(data["use-fuzzy"], bool):
                raise ConfigError("[tool.relsync.po] use-fuzzy must be true or false")
            out.use_fuzzy = data["use-fuzzy"]
        if "code-blocks" in data:
            if not isinstance(data["code-blocks"], bool):
                raise ConfigError("[tool.relsync.po] code-blocks must be true or false")
            out.code_blocks = data["code-blocks"]
        if "width" in data:
            if not isinstance(data["width"], int) or isinstance(data["width"], bool):
                raise ConfigError("[tool.relsync.po] width must be a number (0: no wrapping)")
            out.width = data["width"]
        return out


def read_bytes(path: os.PathLike | str, shown: str) -> bytes:
    p = os.fspath(path)
    if not os.path.exists(p):
        raise InputError(shown, "no such file")
    if os.path.isdir(p):
        raise InputError(shown, "is a directory, not a file")
    try:
        with open(p, "rb") as handle:
            return handle.read()
    except OSError as exc:
        raise InputError(shown, f"cannot read: {exc.strerror or exc}") from None


def load_file(path, shown: str, front_matter: Sequence[str] = DEFAULT_FRONT_MATTER,
              locale: str = "en", *, fast: bool = False, code_blocks: bool = False) -> Parsed:
    from .config import month_locales

    text, encoding = decode_markdown(read_bytes(path, shown), shown)
    return load(text, shown, front_matter, month_locales(locale), encoding, fast=fast,
                code_blocks=code_blocks)


def read_catalog(path, shown: str, locale: str | None = None) -> Catalog:
    return parse_catalog(read_bytes(path, shown), shown, locale)


def write_catalog(path, catalog: Catalog, width: int | None,
                  current: tuple[bytes, str | None] | None = None) -> bool:
    """Write a catalog atomically unless ``current`` (the :func:`messages_key` of the file's
    content) says it already holds the same messages; returns whether the file was written."""
    from .io import atomic_write_bytes

    if current is not None and messages_key(catalog) == current:
        return False
    atomic_write_bytes(path, serialize(catalog, width))
    return True


def extract_file(upstream, shown: str, reference: str, name: str, settings: Settings,
                 previous: Catalog | None = None) -> Catalog:
    """The POT of one upstream file; keeps ``previous``'s creation date when nothing changed."""
    parsed = load_file(upstream, shown, settings.front_matter, fast=True, code_blocks=settings.code_blocks)
    pot = template(parsed, reference, name)
    if previous is not None and messages_key(previous) == messages_key(pot):
        pot.creation_date = previous.creation_date
    return pot


def build_file(upstream, shown: str, catalog: Catalog, settings: Settings, use_fuzzy: bool) -> bytes:
    parsed = load_file(upstream, shown, settings.front_matter, fast=True, code_blocks=settings.code_blocks)
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
    from .errors import RelsyncError
    from .io import atomic_write_bytes, atomic_write_text

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
