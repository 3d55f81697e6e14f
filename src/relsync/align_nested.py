"""Entries that moved with what belongs to them, where they name nothing themselves.

A list item that names nothing (vue's ``- **Type**`` label over its code block) has no
evidence of its own, but what is indented under it has: when the blocks nested under an
upstream item pair with the blocks nested under one translation item, and those only with
the upstream item's, the two items are one entry that stands in another place
(:func:`parent_pairs`). And a run of blocks that swapped places with its neighbour inside
its section leaves one run unpaired on each side, of the same kinds (:func:`swapped_runs`).
"""

from __future__ import annotations

from collections import defaultdict

from .model import Alignment, BlockKind, Document


def nested(doc: Document) -> dict[int, range]:
    """List item -> the blocks indented under it (its nested paragraphs, code and lists)."""
    lines = doc.text.split("\n")
    blocks = doc.blocks

    def indent(block) -> int:
        line = lines[block.start - 1] if block.start - 1 < len(lines) else ""
        return len(line) - len(line.lstrip())

    out: dict[int, range] = {}
    for b in blocks:
        if b.kind != BlockKind.LIST_ITEM:
            continue
        own = indent(b)
        k = b.index + 1
        while k < len(blocks) and blocks[k].quote == b.quote and indent(blocks[k]) > own \
                and not blocks[k].is_heading:
            k += 1
        if k > b.index + 1:
            out[b.index] = range(b.index + 1, k)
    return out


def _holders(doc: Document, kids: dict[int, range]) -> dict[int, dict[int, int]]:
    """Nesting depth -> block -> the list item of that depth it is nested under."""
    out: dict[int, dict[int, int]] = defaultdict(dict)
    for item, inside in kids.items():
        level = doc.blocks[item].level
        for c in inside:
            out[level][c] = item
    return out


def parent_pairs(up: Document, tr: Document, partner: dict[int, int], named_a, named_b) -> list[tuple[int, int]]:
    """Pairs of list items naming nothing (``named_a``/``named_b``: whether a block names
    something) whose nested blocks are paired with one another's, where the items are not
    paired with each other; ``partner``: every 1-1 pair (upstream block -> translation
    block)."""
    kids_a, kids_b = nested(up), nested(tr)
    if not kids_a or not kids_b:
        return []
    holder_b = _holders(tr, kids_b)
    back = {b: a for a, b in partner.items()}
    out = []
    taken: set[int] = set()
    for a, inside in kids_a.items():
        if named_a(a) or up.blocks[a].level not in holder_b:
            continue
        mapped = [partner[c] for c in inside if c in partner]
        if not mapped:
            continue
        holders = holder_b[up.blocks[a].level]
        targets = {holders.get(y) for y in mapped}
        if len(targets) != 1:
            continue
        t = targets.pop()
        if t is None or t in taken or partner.get(a) == t or named_b(t) or tr.blocks[t].quote != up.blocks[a].quote:
            continue
        if any(back[y] not in inside for y in kids_b[t] if y in back):
            continue
        out.append((a, t))
        taken.add(t)
    return out


#: Runs of unpaired blocks longer than this are not taken as one passage swapped.
SWAPPED_MAX_BLOCKS = 3


def swapped_runs(al: Alignment, alike) -> dict[int, int]:
    """The blocks left unpaired in two paired sections, one run on each side of the same
    kinds in the same order (at most :data:`SWAPPED_MAX_BLOCKS`): a passage that moved
    inside its section, such as the ``- **Details**`` item of an API entry put before its
    ``- **Type**``. ``alike(a, b)``: whether two blocks may be one translated block (the
    ordered alignment's test for short runs). Upstream block -> translation block."""
    up, tr = al.upstream, al.translation
    paired_a = {i for p in al.pairs if p.is_match for i in p.upstream}
    paired_b = {j for p in al.pairs if p.is_match for j in p.translation}
    if len(paired_a) == len(up.blocks) or len(paired_b) == len(tr.blocks):
        return {}
    sections = {0: 0} if up.sections and tr.sections else {}
    for p in al.pairs:
        if p.is_match and len(p.upstream) == 1 and len(p.translation) == 1:
            a, b = up.blocks[p.upstream[0]], tr.blocks[p.translation[0]]
            if a.is_heading and b.is_heading:
                sa, sb = up.section_of(a), tr.section_of(b)
                if sa.heading == a.index and sb.heading == b.index:
                    sections[sa.index] = sb.index
    out: dict[int, int] = {}
    for sa, sb in sections.items():
        ra = [i for i in up.sections[sa].blocks if i not in paired_a and not up.blocks[i].is_heading]
        rb = [j for j in tr.sections[sb].blocks if j not in paired_b and not tr.blocks[j].is_heading]
        if not ra or len(ra) != len(rb) or len(ra) > SWAPPED_MAX_BLOCKS:
            continue
        if ra[-1] - ra[0] != len(ra) - 1 or rb[-1] - rb[0] != len(rb) - 1:
            continue  # not one run on each side
        if any(up.blocks[i].kind != tr.blocks[j].kind or up.blocks[i].quote != tr.blocks[j].quote
               for i, j in zip(ra, rb)):
            continue
        if all(alike(up.blocks[i], tr.blocks[j]) for i, j in zip(ra, rb)):
            out.update(zip(ra, rb))
    return out
