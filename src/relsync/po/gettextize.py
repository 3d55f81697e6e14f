"""Gettextize: a PO filled from an existing translated document, by alignment.

Every aligned pair fills a msgstr; a pair scoring under :data:`FUZZY_SCORE`, one that gives
another version than upstream's, and a split or merged paragraph, is fuzzy with a translator
comment giving the score or the versions; table cells pair by
column within aligned rows; unmatched upstream text stays untranslated; translated text with
no upstream counterpart is kept as a translator comment on the message before it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, Sequence

from babel.messages.catalog import Catalog

from .. import front_matter
from ..align import align
from ..languages import join_lines
from ..model import Alignment, Block, Pair
from .catalog import new_catalog, strip_format_flags
from .units import Parsed, Unit

#: Aligned pairs scoring below this are imported as fuzzy.
FUZZY_SCORE = 0.5
_SENTENCE_END_RE = re.compile(r"(?<=[。！？；.!?;])\s*")


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


def _join(texts: Iterable[str]) -> str:
    """The texts of several translated blocks as the one block they translate (a blank line
    would end it when built), with a space between them unless both sides are CJK."""
    return join_lines(t for t in texts if t.strip())


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


class _Fill:
    """The msgstrs gathered for a catalog: the first translation of a message wins, a
    different one becomes a translator comment."""

    def __init__(self, tr: Parsed) -> None:
        self.tr = tr
        self.filled: dict[tuple[str, str | None], str] = {}
        self.notes: dict[tuple[str, str | None], list[str]] = {}
        self.fuzzy: set[tuple[str, str | None]] = set()

    def __call__(self, unit: Unit, text: str, is_fuzzy: bool, note: str | None = None) -> None:
        text = text.strip("\n") if unit.kind == "code" else text.strip()
        if not text:
            return
        key = (unit.msgid, unit.context)
        if key in self.filled:
            if self.filled[key] != text:
                self.notes.setdefault(key, []).append(
                    f"also translated as: {text} ({self.tr.path}:{_tr_line(self.tr, unit, text)})")
            return
        self.filled[key] = text
        if is_fuzzy:
            self.fuzzy.add(key)
        if note:
            self.notes.setdefault(key, []).append(note)

    def into(self, cat: Catalog, report: ImportReport) -> None:
        for message in cat:
            if not message.id:
                continue
            key = (message.id, message.context)
            if key in self.filled:
                message.string = self.filled[key]
                if key in self.fuzzy:
                    message.flags.add("fuzzy")
                    report.fuzzy += 1
                else:
                    report.translated += 1
                message.user_comments = list(self.notes.get(key, []))
            else:
                report.untranslated += 1


def gettextize(up: Parsed, tr: Parsed, pot: Catalog, locale: str, *,
               alignment: Alignment | None = None) -> tuple[Catalog, ImportReport]:
    """A PO for ``locale`` whose msgstrs come from the translated document, by alignment."""
    al = alignment or align(up.doc, tr.doc)
    cat = new_catalog(pot, locale, up.path)
    report = ImportReport()
    fill = _Fill(tr)
    extras = _front_matter_extras(up, tr) + _fill_pairs(up, tr, al, fill)
    # front-matter keys other than the title pair by name
    tr_fm = {u.key: u for u in tr.units if u.kind in ("front_matter", "title")}
    for unit in up.units:
        if unit.kind == "front_matter" and unit.key in tr_fm:
            fill(unit, tr_fm[unit.key].msgid, False)
    fill.into(cat, report)
    _attach_extras(cat, up, extras)
    report.extra = len(extras)
    return strip_format_flags(cat), report


def _front_matter_extras(up: Parsed, tr: Parsed) -> list[tuple[int, str]]:
    """The text of the translation's front-matter keys that upstream does not have (a
    translator's name, a subtitle); not structured values (MDN's ``l10n: {sourceCommit}``,
    tags), relsync's own record of the synced revision, or a title, which is aligned with the
    upstream's (its top heading, say) like a heading."""
    fm = next((b for b in tr.doc.blocks if b.kind == "front_matter"), None)
    if fm is None:
        return []
    form = fm.info or front_matter.YAML
    titled = any(b.kind == "title" for b in tr.doc.blocks)
    out = []
    for key, value in tr.doc.front_matter.items():
        if key in up.doc.front_matter or key == "relsync" or (key == "title" and titled):
            continue
        if not isinstance(value, str) or not value.strip():
            continue
        line = front_matter.key_line(tr.source.lines, fm.start - 1, fm.end, form, str(key))
        out.append((-1, f"{tr.path}:{line or fm.start}: {key}: {value}"))
    return out


def _fill_pairs(up: Parsed, tr: Parsed, al: Alignment, fill: _Fill) -> list[tuple[int, str]]:
    """Fill the messages of every aligned pair; returns the translated text that has no
    upstream counterpart, with the index of the upstream unit before it."""
    order = {id(u): i for i, u in enumerate(up.units)}
    extras: list[tuple[int, str]] = []
    last_unit = -1
    for pair in al.pairs:
        up_units = [u for b in pair.upstream for u in up.by_block.get(b, [])]
        tr_blocks = [tr.doc.blocks[b] for b in pair.translation]
        if up_units:
            last_unit = order[id(up_units[-1])]
        if not tr_blocks:
            continue
        if not up_units:
            for block in tr_blocks:
                text = unit_text(tr, block)
                if text.strip():
                    extras.append((last_unit, f"{tr.path}:{block.start}: {text}"))
            continue
        for text in _fill_pair(pair, [up.doc.blocks[b] for b in pair.upstream], up_units, tr, tr_blocks, fill):
            extras.append((last_unit, text))
    return extras


def _fill_pair(pair: Pair, up_blocks: list[Block], up_units: list[Unit], tr: Parsed,
               tr_blocks: list[Block], fill: _Fill) -> list[str]:
    """Fill the messages of one aligned pair; returns the translated text left over (the
    cells of columns upstream does not have)."""
    low = pair.score < FUZZY_SCORE
    note = f"relsync: aligned with score {pair.score:.2f}" if low else None
    if not low:
        other = _other_versions(up_blocks, tr_blocks)
        if other:
            low, note = True, f"relsync: the translation says {other[1]} where upstream says {other[0]}"
    if all(b.kind == "table_row" for b in up_blocks) and all(b.kind == "table_row" for b in tr_blocks):
        return _fill_row(up_units, up_blocks[0], tr, tr_blocks[0], fill, low, note)
    if len(up_blocks) == 1 and len(tr_blocks) == 1:
        fill(up_units[0], unit_text(tr, tr_blocks[0]), low, note)
        for extra in up_units[1:]:
            fill(extra, "", True)
        return []
    split_note = (f"relsync: {len(up_blocks)} upstream block(s) aligned with "
                  f"{len(tr_blocks)} translated block(s), score {pair.score:.2f}")
    text = _join(unit_text(tr, b) for b in tr_blocks)
    if len(up_units) == 1:
        fill(up_units[0], text, True, split_note)
        return []
    parts = _split(text, [len(u.msgid) for u in up_units[:2]])
    for unit, part in zip(up_units, parts):
        fill(unit, part, True, split_note)
    return []


def _other_versions(up_blocks: list[Block], tr_blocks: list[Block]) -> tuple[str, str] | None:
    """Upstream's versions and the ones the translation gives in their place (``2.5`` for
    ``2.6``): the translation of an older upstream, or one copied wrong, which a score that
    rests on the rest of the text does not show."""
    up = {n for b in up_blocks for n in b.anchors.numbers if "." in n}
    tr = {n for b in tr_blocks for n in b.anchors.numbers if "." in n}
    if up - tr and tr - up:
        return ", ".join(sorted(up - tr)), ", ".join(sorted(tr - up))
    return None


def _tr_line(tr: Parsed, unit: Unit, text: str) -> int:
    for u in tr.units:
        if u.msgid == text:
            return u.line
    return unit.line


def _fill_row(up_units: list[Unit], up_block: Block, tr: Parsed, tr_block: Block, fill, low: bool,
              note) -> list[str]:
    """Cells pair by column; a row of another width is paired all the same, but fuzzy. Returns
    the text of the translated cells in columns where upstream has no text."""
    tr_cells = {u.column: u for u in tr.by_block.get(tr_block.index, [])}
    html_cells = tr_block.cells if not tr_cells else ()
    texts = {k: u.msgid for k, u in tr_cells.items()} or {k: c.text for k, c in enumerate(html_cells)}
    columns = {u.column for u in up_units}
    left = [f"{tr.path}:{tr_block.start}: {text}" for k, text in sorted(texts.items())
            if k not in columns and text.strip()]
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
    return left


def _attach_extras(cat: Catalog, up: Parsed, extras: list[tuple[int, str]]) -> None:
    """Translation text with no upstream counterpart goes, as a translator comment, on the
    message of the upstream unit before it (or the first message); nothing is dropped."""
    if not extras:
        return
    units = up.units
    for index, text in extras:
        target = units[index] if 0 <= index < len(units) else (units[0] if units else None)
        message = cat.get(target.msgid, context=target.context) if target else None
        lines = [part for part in text.splitlines() if part.strip()]  # every line break some PO reader sees
        lines[0] = f"relsync: extra in translation, no upstream counterpart: {lines[0]}"
        if message is None:  # a comment line each: a line break in the header breaks the PO
            cat.header_comment = cat.header_comment.rstrip("#\n") + "".join(f"\n# {line}" for line in lines) + "\n#"
        else:
            message.user_comments = list(message.user_comments) + [" ".join(lines)]

