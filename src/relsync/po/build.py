"""Writing translations back: the upstream text with each translated unit spliced in.

Every byte outside the units' spans stays the upstream's (inside too, for a msgstr equal to
its msgid), a paragraph keeps the upstream's line breaks where its translation lets them be
placed and that parses as the upstream does (:mod:`.lines`), and the translation of a block
stays that block: a translated line that markdown-it would read as the start of another block
(a heading, a list, a setext underline, HTML, a link definition, a table, a container...) is
joined to the line before it or escaped with a backslash, which changes no text it shows; a
blank line joins the lines around it; a cell keeps its pipes; a front-matter value is quoted
so that it reads back as itself.
"""

from __future__ import annotations

import re

from babel.messages.catalog import Catalog
from markdown_it.common.html_re import HTML_TAG_RE

from .. import front_matter
from ..languages import join_lines, line_break_joiner
from ..parse import HEADING_ID_RE, markdown
from . import lines as _lines
from .units import Parsed, Style, Unit


def render(unit: Unit, text: str, *, lead: str = "", rest: str = "", underline: str = "",
           next_line: str = "", upstream: list[str] | None = None) -> str:
    """A translation as it is written into the unit's span; ``lead`` and ``rest`` are what
    comes before and after the span on its line(s), ``underline`` the line under a setext
    heading, ``next_line`` the line after the span's, ``upstream`` the unit's lines in the
    upstream (block syntax left out), whose breaks a paragraph keeps."""
    if unit.style == Style.CODE:
        lines = text.replace("\r\n", "\n").replace("\r", "\n").strip("\n").split("\n")
        return unit.eol.join(unit.prefix + line if line.strip() else line for line in lines)
    text = text.replace("\r\n", "\n").replace("\r", "\n").strip()
    if unit.style == Style.INLINE:
        return _inline(unit, text, lead, next_line, upstream)
    if unit.style == Style.LINE:
        return _line(unit, _one_line(text), underline, next_line)
    if unit.style == Style.CELL:
        return _cell(_one_line(text), lead, rest)
    return front_matter.quote(join_lines(line.strip(" \t") for line in text.split("\n")), unit.style)


def _inline(unit: Unit, text: str, lead: str, next_line: str,
            upstream: list[str] | None = None) -> str:
    """The lines of a paragraph or list item, each continuing the block: broken where the
    upstream's lines break when that parses as the upstream does (or as the translation on
    one line does), else one line per hard break."""
    lines = [line for line in text.split("\n") if line.strip()]
    plain = _block_lines(unit, lines, lead, next_line)
    broken = _lines.with_breaks(lines, _lines.segments(upstream)) if upstream and len(upstream) > 1 else None
    if broken is not None and broken != lines:
        kept = _block_lines(unit, broken, lead, next_line)
        shape = _lines.signature("\n".join(kept))
        if shape in (_lines.signature("\n".join(upstream)), _lines.signature("\n".join(plain))):
            plain = kept
    return "".join([plain[0]] + [unit.eol + unit.prefix + line for line in plain[1:]])


def _block_lines(unit: Unit, lines: list[str], lead: str, next_line: str) -> list[str]:
    """``lines`` as lines of one paragraph (or list item) under ``lead``."""
    lines = list(lines)
    lines[0] = _escape_block_start(lines[0])
    if (_THEMATIC_BREAK_RE.match(_CONTAINER_LEAD_RE.sub("", lead) + lines[0])
            or _DELIMITER_ROW_RE.match(lines[0])):
        # `- --`: the list marker and the text make a rule; `--` under a line with a pipe
        # (a heading's), a table
        lines[0] = _escape(lines[0])
    lines = one_block(lines)
    if _DELIMITER_ROW_RE.match(next_line):  # `- a | b` over `---`: a table
        lines = _without_pipes(lines)
    if len(lines) > 1 and _CONTAINER_LEAD_RE.sub("", lead) and _DELIMITER_ROW_RE.match(lines[1]):
        _join_or_escape(lines, 1)  # `- | a` over `|---|---|`: the list marker makes a cell
    return lines


def _line(unit: Unit, one_line: str, underline: str, next_line: str) -> str:
    """A heading or a container title."""
    if _DELIMITER_ROW_RE.match(next_line) and not underline:
        one_line = _without_pipes([one_line])[0]  # with the next line, a table
    if unit.kind != "heading":
        return one_line
    m = HEADING_ID_RE.search(one_line)
    if m:  # not the heading's id: an entity shows the same brace
        one_line = f"{one_line[:m.start()]}&#123;{one_line[m.start() + 1:]}"
    if underline:
        return one_block([one_line], (underline,))[0]
    return _CLOSING_HASHES_RE.sub(r"\1\\\2", one_line)  # ATX: not a closing sequence


def _without_pipes(lines: list[str]) -> list[str]:
    """The lines with their pipes as ``&#124;``, over a line a table would take for its
    delimiter row; a pipe in a code span cannot hide, and the span shows as text."""
    text = "\n".join(lines)
    hidden = _pipes_as_entities(text)
    if "|" in hidden.split("\n", 1)[0]:
        hidden = _pipes_as_entities(text.replace("`", "&#96;"))
    return hidden.split("\n")


def _cell(one_line: str, lead: str, rest: str) -> str:
    """A table cell, between the pipes of its row."""
    one_line = _PIPE_RE.sub(r"\\|", one_line)
    if one_line.endswith("\\"):
        one_line += " "  # a backslash would take the pipe
    if "|" not in lead + rest + one_line:
        one_line += " |"  # the row's only pipe was the cell's
    if "|" not in lead and one_line[:1] in (">", "-", "+", "{"):
        one_line = "\\" + one_line  # first on its line: no quote marker, no front matter
    return one_line


_CLOSING_HASHES_RE = re.compile(r"(^|[ \t])(#+)[ \t]*$")
_PIPE_RE = re.compile(r"(?<!\\)\|")
_HARD_BREAK_END_RE = re.compile(r"(?:^|[^\\])(?:\\\\)*\\$| {2,}$")
_DELIMITER_ROW_RE = re.compile(r"[ \t]*\|?(?:[ \t]*:?-+:?[ \t]*\|)*[ \t]*:?-+:?[ \t]*\|?[ \t]*$")
_CONTAINER_LEAD_RE = re.compile(r"^[ \t>]*")
_THEMATIC_BREAK_RE = re.compile(r"[ \t]*([-*_])(?:[ \t]*\1){2,}[ \t]*$")


def _one_line(text: str) -> str:
    """Markdown lines as one line, showing the same: a line end is a space (nothing between
    two characters of a script written without spaces, as a paragraph shows it), a hard break
    (a backslash before it, outside code spans) loses its backslash, which one line would
    show."""
    if "\n" not in text:
        return text
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == "\\":
            if text[i + 1:i + 2] == "\n":
                i += 1  # a hard break: the line end below makes it a space
            else:
                out.append(text[i:i + 2])
                i += 2
            continue
        if c in "`<":  # a code span or raw HTML: a backslash there is no break
            m = HTML_TAG_RE.match(text, i) if c == "<" else None
            end = _code_span_end(text, i) if c == "`" else (m.end() if m else i + 1)
            out.append(text[i:end].replace("\n", " "))
            i = end
            continue
        if c == "\n":
            while out and out[-1] in (" ", "\t"):
                out.pop()
            i += 1
            while i < n and text[i] in " \t":
                i += 1
            out.append(line_break_joiner(out[-1] if out else "", text[i:i + 1]))
            continue
        out.append(c)
        i += 1
    return "".join(out).strip()


def _pipes_as_entities(text: str) -> str:
    """Pipes outside code spans as ``&#124;``, which shows a pipe but makes no table cell."""
    if "|" not in text:
        return text
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == "\\":
            out.append("&#124;" if text[i + 1:i + 2] == "|" else text[i:i + 2])
            i += 2
        elif c == "`":
            end = _code_span_end(text, i)
            out.append(text[i:end])
            i = end
        else:
            out.append("&#124;" if c == "|" else c)
            i += 1
    return "".join(out)


def _code_span_end(text: str, i: int) -> int:
    """Where the code span opening at ``text[i]`` ends (after the backtick run alone when it
    does not close)."""
    run = re.match(r"`+", text[i:]).end()
    close = re.compile(rf"(?<!`)`{{{run}}}(?!`)").search(text, i + run)
    return close.end() if close else i + run


#: A line that may start a block (or make a table's delimiter row): only such lines are
#: checked with markdown-it. A link definition's label ends with `]:`, perhaps on a later line.
_MAYBE_BLOCK_RE = re.compile(r"[ \t]*(?:[-+*#>=_:|<{]|`{3}|~{3}|\d{1,9}[.)]|\[(?:[^\]\\]|\\.)*(?:$|\]:))")
_ASCII_PUNCTUATION = frozenset("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")
_ORDERED_RE = re.compile(r"[ \t]*\d{1,9}(?=[.)])")


def one_block(lines: list[str], tail: tuple[str, ...] = ()) -> list[str]:
    """``lines`` as markdown-it reads one paragraph (or, followed by ``tail``, a setext
    underline, one heading): a line that would start another block is joined to the line
    before it (a line break in a paragraph shows as a space, in a code span too), or, when
    it is the first or follows a hard break, escaped with a backslash; as a last resort, the
    lines are joined into one."""
    if not any(_MAYBE_BLOCK_RE.match(line) or (tail and "|" in line) for line in lines):
        return lines
    lines = list(lines)
    for _ in range(2 * len(lines) + 1):
        bad = _stray_line(lines, tail)
        if bad is None:
            return lines
        if bad >= len(lines):
            break
        if not _join_or_escape(lines, bad):
            break
    one = _one_line("\n".join(lines))
    forms = [one]
    if tail:  # over a setext underline a pipe makes a table; in a code span it cannot hide,
        # and the span shows as text
        forms += [_pipes_as_entities(one), _pipes_as_entities(one.replace("`", "&#96;"))]
    candidates = [c for form in forms for c in (form, _escape(form))]
    return [next((c for c in candidates if _stray_line([c], tail) is None), candidates[-1])]


def _join_or_escape(lines: list[str], k: int) -> bool:
    """Join line ``k`` to the one before it (a line break in a paragraph shows as a space, in a
    code span too), or, first or after a hard break, escape it; False when neither can be."""
    if k > 0 and (not _HARD_BREAK_END_RE.search(lines[k - 1]) or _in_verbatim(lines, k)):
        lines[k - 1:k + 1] = [f"{lines[k - 1].rstrip()} {lines[k].lstrip()}"]
        return True
    escaped = _escape(lines[k])
    if escaped == lines[k]:
        return False
    lines[k] = escaped
    return True


def _in_verbatim(lines: list[str], k: int) -> bool:
    """Whether the line end before line ``k`` is in a code span or raw HTML (no break there)."""
    text = "\n".join(lines)
    at = sum(len(line) + 1 for line in lines[:k]) - 1
    i, n = 0, len(text)
    while i < n and i <= at:
        c = text[i]
        if c == "\\":
            i += 2
        elif c in "`<":
            m = HTML_TAG_RE.match(text, i) if c == "<" else None
            end = _code_span_end(text, i) if c == "`" else (m.end() if m else i + 1)
            if end - i > 1 and i < at < end:
                return True
            i = end
        else:
            i += 1
    return False


def _stray_line(lines: list[str], tail: tuple[str, ...]) -> int | None:
    """The first line of ``lines`` that starts another block than the one they should make."""
    total = len(lines) + len(tail)
    tokens = markdown(inline=False).parse("\n".join([*lines, *tail]))
    if not tokens or tokens[0].map is None or tokens[0].map[0] > 0:
        return 0  # link definitions (they leave no token) or nothing at all
    first = tokens[0]
    setext = first.type == "heading_open" and first.markup in ("=", "-")
    expected = setext if tail else first.type == "paragraph_open"
    if expected and first.map[1] == total and len(tokens) == 3:
        return None
    if first.type == "table_open":
        return first.map[0] + 1  # the delimiter row makes the table
    if setext and first.map[1] <= len(lines):
        return first.map[1] - 1  # an underline among the translated lines
    if first.type in ("paragraph_open", "heading_open") and first.map[1] < total:
        bad = first.map[1]
        following = tokens[3] if len(tokens) > 3 else None
        if following is not None and following.type == "table_open" and following.map[0] == bad:
            return bad + 1
        return bad
    return 0


def _escape(line: str) -> str:
    """``line`` with a backslash before its first character (after an ordered-list number).
    A fence's backticks become ``&#96;``: an escaped backtick still closes a code span, and
    a shorter run would pair with others."""
    body = line.lstrip(" \t")
    lead = line[: len(line) - len(body)]
    if body[:1] == "`":
        run = len(body) - len(body.lstrip("`"))
        return lead + "&#96;" * run + body[run:]
    if body[:1] in _ASCII_PUNCTUATION and body[:1] != "\\":
        return f"{lead}\\{body}"
    m = _ORDERED_RE.match(line)
    if m:
        return f"{line[:m.end()]}\\{line[m.end():]}"
    return line


_BLOCK_START_RE = re.compile(
    r"^([ \t]*)(?:(#{1,6}|[-+*])(?=[ \t]|$)|>|`{3,}(?![^\n]*`)|~~~|(\d{1,9})([.)])(?=[ \t]|$)"
    r"|([-=*_])(?=(?:[ \t]*\5){2,}[ \t]*$))"
)


def _escape_block_start(line: str) -> str:
    """A translated line that would start a block of its own (``# ``, ``- ``, ``1. ``, ``>``,
    a fence, a rule or setext underline) gets a backslash, so the built document keeps the
    upstream's structure."""
    m = _BLOCK_START_RE.match(line)
    if m is None:
        return line
    return _escape(line)


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
        if translated is None or translated == unit.msgid or unit.start < pos:
            continue  # (a msgstr equal to its msgid: the upstream's bytes)
        if unit.style == Style.CODE and _closes_fence(parsed.source.lines[unit.line - 2], translated):
            continue  # no escape holds in code: the upstream code stays
        out.append(text[pos:unit.start])
        lead = text[text.rfind("\n", 0, unit.start) + 1:unit.start]
        line_end = text.find("\n", unit.end)
        next_end = text.find("\n", line_end + 1)
        next_line = "" if line_end < 0 else text[line_end + 1:next_end if next_end >= 0 else len(text)]
        rest = text[unit.end:line_end if line_end >= 0 else len(text)]
        out.append(render(unit, translated, lead=lead, rest=rest, underline=_underline(parsed, unit),
                          next_line=next_line.rstrip("\r"), upstream=_upstream_lines(parsed, unit)))
        pos = unit.end
    out.append(text[pos:])
    return "".join(out)


_FENCE_RE = re.compile(r"[ \t]*(`{3,}|~{3,})")


def _closes_fence(opening: str, code: str) -> bool:
    """Whether a line of ``code`` would close the fence that ``opening`` opens."""
    m = _FENCE_RE.match(opening)
    if m is None:
        return False
    closing = re.compile(rf"[ \t]{{0,3}}{re.escape(m.group(1)[0])}{{{len(m.group(1))},}}[ \t]*$")
    return any(closing.match(line) for line in code.split("\n"))


def _upstream_lines(parsed: Parsed, unit: Unit) -> list[str] | None:
    """The upstream lines of a paragraph or list item's text, as markdown-it reads its
    inline content (a GitHub alert's marker line left out)."""
    if unit.style != Style.INLINE or unit.block < 0:
        return None
    block = parsed.doc.blocks[unit.block]
    return block.source.split("\n")[max(0, unit.line - block.start):] if block.source else None


def _underline(parsed: Parsed, unit: Unit) -> str:
    if unit.kind != "heading" or unit.block < 0:
        return ""
    block = parsed.doc.blocks[unit.block]
    return parsed.source.lines[block.end - 1] if block.end > block.start else ""


def encode(text: str, encoding: str) -> bytes:
    if encoding == "utf-16":
        return text.lstrip("\ufeff").encode("utf-16")
    return text.encode("utf-8")
