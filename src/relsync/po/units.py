"""Cutting a document into units: one translatable piece each, with its exact place.

A unit is a heading, a paragraph, a list item, a table cell, a container title, a front-matter
value or (on request) a fenced code block. It knows the exact character span of its text in
the source, with the block syntax around it left out (heading markers and ``{#id}``, list
markers, ``>`` prefixes, cell pipes, YAML quotes), so that a build can splice a translation
into the upstream text and leave every other byte alone. Inline markup stays in the msgid as
Markdown. Continuation lines of a block are joined with a space (a hard line break is kept as
a newline).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from itertools import accumulate
from typing import Sequence

from .. import dialects, front_matter
from ..errors import InputError
from ..io import decode
from ..languages import line_break_joiner
from ..model import Block, Document, StrEnum
from ..dialects import ALL_SYNTAX
from ..parse import HEADING_ID_RE, markdown, parse

DEFAULT_FRONT_MATTER = ("title",)

_EOL_RE = re.compile(r"\r\n|\r|\n")
_QUOTE_PREFIX_RE = re.compile(r"^[ \t]*>(?:[ \t]*>)*[ \t]?")


class Style(StrEnum):
    """How a translation is written back into a unit's span."""

    INLINE = "inline"
    """Newlines continue the block (with its continuation prefix)."""
    LINE = "line"
    """One line (a heading, a container title)."""
    CELL = "cell"
    """One line with pipes escaped (a table cell)."""
    CODE = "code"
    """The lines of a fenced code block, with the fence's indentation."""
    YAML_PLAIN = "yaml-plain"
    """A front-matter value, as :class:`relsync.front_matter.Quoting` names its quoting (the
    span holds the quotes, so that a value a quoting cannot hold can take another)."""
    YAML_DOUBLE = "yaml-double"
    YAML_SINGLE = "yaml-single"
    TOML_BASIC = "toml-basic"
    TOML_LITERAL = "toml-literal"
    JSON = "json"


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
    style: Style = Style.INLINE
    """How a translation is written back."""
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
         code_blocks: bool = False, syntax: tuple[str, ...] = ALL_SYNTAX) -> Parsed:
    """Parse ``text`` and cut it into units.

    ``fast`` skips what only alignment needs (inline parsing, anchors, sections): extract and
    build use it; the units are the same (a test holds both paths to that). Footnotes need
    the inline pass (a definition is kept only when referenced), so they take the full parse.
    ``syntax``: the site generator's block syntax (:func:`relsync.dialects.syntax_for`).
    """
    source = Source.from_text(text)
    doc = parse(source.text, path, locales, outline=fast, syntax=syntax)
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
        elif kind in ("heading", "paragraph", "list_item") or (kind == "shortcode" and dialects.has_prose(block.text)):
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
                source.offset(last, len(source.lines[last])), block.index, style=Style.CODE,
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


#: The first line of a GitHub alert in a block quote (``> [!NOTE]``; VitePress reads them
#: too): the alert's kind, which a translation keeps as it is.
_ALERT_RE = re.compile(r"\[!(?:NOTE|TIP|IMPORTANT|WARNING|CAUTION)\]", re.IGNORECASE)


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
    line_number = block.start
    if block.quote and last >= 1 and _ALERT_RE.fullmatch(pieces[0]):
        # a GitHub alert's marker stays on its own line, out of the message
        first, pieces, cols, last, line_number = first + 1, pieces[1:], cols[1:], last - 1, block.start + 1
    msgid_parts: list[str] = []
    for k, piece in enumerate(pieces):
        if k == last:
            msgid_parts.append(piece)
        elif piece.endswith("\\") or piece.endswith("  "):
            msgid_parts.append(piece + "\n")
        else:
            kept = piece.rstrip(" \t")
            msgid_parts.append(kept + line_break_joiner(kept, pieces[k + 1]))
    msgid = "".join(msgid_parts)
    end_line = first + last
    end_col = cols[last] + len(pieces[last])
    style = Style.INLINE
    if block.kind == "heading":
        style = Style.LINE
        m = HEADING_ID_RE.search(msgid)
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
    # (the longer of the next line's and the first line's: under a lazy continuation
    # upstream, a translated line could otherwise leave the block)
    prefix = max(source.lines[first + 1][: cols[1]] if last >= 1 else "", _continuation_prefix(lead), key=len)
    start = source.offset(first, cols[0])
    end = source.offset(end_line, end_col)
    eol = source.eols[first] or "\n"
    return Unit(msgid, block.kind, line_number, start, end, block.index, style=style,
                prefix=prefix, eol=eol)


def split_row(line: str, start: int | None = None) -> list[tuple[int, int]]:
    """Spans of the cells of a pipe-table row, as markdown-it splits it (a pipe after a
    backslash is part of the cell); the row starts at ``start`` (default: after the
    block-quote markers)."""
    if start is None:
        m = _QUOTE_PREFIX_RE.match(line) if line.lstrip().startswith(">") else None
        start = m.end() if m else 0
    pos = start
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


def _cell_units(source: Source, block: Block) -> list[Unit]:
    if block.start != block.end or block.start > len(source.lines):
        return []
    idx = block.start - 1
    line = source.lines[idx]
    if block.info == "html":
        return []  # (a row without pipes, after a table's rows, is a row: GFM reads it so)
    units = []
    kind = "table_header" if block.header else "table_cell"
    for column, (a, b) in enumerate(split_row(line, _row_start(source, idx))[: len(block.cells)]):
        text = line[a:b]
        if not text.strip():
            continue
        units.append(Unit(text, kind, block.start, source.offset(idx, a), source.offset(idx, b),
                          block.index, column=column, style=Style.CELL, eol=source.eols[idx] or "\n"))
    return units


_CONTAINER_MARKERS_RE = re.compile(r"(?:[ \t]*(?:>|[-+*](?=[ \t])|\d{1,9}[.)](?=[ \t])))+[ \t]*")


def _row_start(source: Source, idx: int) -> int | None:
    """Where the row on line ``idx`` starts when a list marker comes before it (`- | a |`, a
    table opening a list item); None otherwise. markdown-it tries a table before a list, so
    `- a | b` over a delimiter row is a table whose first cell is `- a`: the two lines,
    parsed alone, tell which."""
    line = source.lines[idx]
    m = _CONTAINER_MARKERS_RE.match(line)
    if m is None or not re.search(r"[-+*)]|\d\.", m.group(0)) or idx + 1 >= len(source.lines):
        return None
    quote = _QUOTE_PREFIX_RE.match(line)
    cut = quote.end() if line.lstrip().startswith(">") and quote else 0
    below = source.lines[idx + 1]
    below_quote = _QUOTE_PREFIX_RE.match(below) if below.lstrip().startswith(">") else None
    pair = line[cut:] + "\n" + below[below_quote.end() if below_quote else 0:]
    tokens = markdown(inline=False).parse(pair)
    return m.end() if tokens and tokens[0].type != "table_open" else None


def _container_unit(source: Source, block: Block) -> Unit | None:
    """A container's title (``::: tip Title``, Docusaurus' ``:::note[Title]``, MkDocs'
    ``!!! note "Title"``), as the parser read it, where it stands on the first line."""
    title = block.source.strip()
    if not title:
        return None
    idx = block.start - 1
    col = source.lines[idx].rfind(title)  # the title ends the line, before a closing ] or "
    if col < 0:
        return None
    return Unit(title, "container", block.start, source.offset(idx, col),
                source.offset(idx, col + len(title)), block.index, style=Style.LINE)


def _front_matter_units(source: Source, doc: Document, block: Block,
                        keys: Sequence[str]) -> list[Unit]:
    form = block.info or front_matter.YAML
    if form == front_matter.JSON:
        first, last = block.start - 1, block.end  # the braces are part of the object
    else:
        first, last = block.start, block.end - 1  # between the fences
    titles = {b.start: b.index for b in doc.blocks if b.kind == "title"}
    units = []
    for value in front_matter.values(source.lines, first, min(last, len(source.lines)), form, keys):
        line_no = value.line + 1
        kind = "title" if value.key == "title" else "front_matter"
        units.append(Unit(value.value, kind, line_no, source.offset(value.line, value.start),
                          source.offset(value.line, value.end),
                          titles.get(line_no, -1) if value.key == "title" else -1,
                          style=Style(value.quoting), key=value.key))
    return units


yaml_scalar = front_matter.yaml_scalar
