"""Writing translations back: the upstream text with each translated unit spliced in.

Every byte outside the units' spans stays the upstream's, and a translated line that would
start a block of its own is escaped, so the built document keeps the upstream's structure.
"""

from __future__ import annotations

import re

from babel.messages.catalog import Catalog

from .. import front_matter
from .units import Parsed, Style, Unit


def render(unit: Unit, text: str) -> str:
    """A translation as it is written into the unit's span."""
    if unit.style == Style.CODE:
        lines = text.replace("\r\n", "\n").replace("\r", "\n").strip("\n").split("\n")
        return unit.eol.join(unit.prefix + line if line.strip() else line for line in lines)
    text = text.replace("\r\n", "\n").replace("\r", "\n").strip()
    if unit.style == Style.INLINE:
        lines = [_escape_block_start(line) for line in text.split("\n")]
        out = [lines[0]]
        for line in lines[1:]:
            out.append(unit.eol + (unit.prefix + line if line.strip() else unit.prefix.rstrip()))
        return "".join(out)
    one_line = re.sub(r"[ \t]*\n[ \t]*", " ", text)
    if unit.style == Style.LINE:
        return one_line
    if unit.style == Style.CELL:
        return re.sub(r"(?<!\\)\|", r"\\|", one_line)
    return front_matter.quote(one_line, unit.style)


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
