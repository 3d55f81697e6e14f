"""Entries that moved with what belongs to them, where they name nothing themselves.

A list item that names nothing (vue's ``- **Type**`` label over its code block) has no
evidence of its own, but what is indented under it has: when the blocks nested under an
upstream item pair with the blocks nested under one translation item, and those only with
the upstream item's, the two items are one entry that stands in another place
(:func:`parent_pairs`). A run of blocks that swapped places with its neighbour inside
its section leaves one run unpaired on each side, of the same kinds (:func:`swapped_runs`);
two neighbouring entries the ordered alignment paired each with the other's translation pair
crossed (:func:`swapped_pairs`).
And a section that moved as a whole: its heading pairs by where its blocks went
(:func:`moved_headings`), and the blocks left under two headings paired out of order pair in
order with each other (:func:`moved_sections`); the copies of an entry a page repeats in two
sections (the same links under two glossary entries), each paired with the other section's,
pair within their sections (:func:`section_swaps`); and once every pass has paired what it
pairs, a term over a description paired out of order pairs with the term over it
(:func:`~relsync.align_kids.late_parents`). An entry left in upstream's words that moved
is the one block left over with its text (:func:`~relsync.align_kept.same_text_pairs`); the capitalized words of a
translation in Latin letters are its language's, not names (:func:`own_language_words`).
"""

from __future__ import annotations

import bisect
import re
from collections import Counter, defaultdict

from .align_kept import same_text_pairs
from .dialects import is_definition
from .languages import main_script
from .model import Alignment, Block, BlockKind, Document
from .rows import match_rows
from .similarity import Scorer


def nested(doc: Document) -> dict[int, range]:
    """List item -> the blocks indented under it (its nested paragraphs, code and lists); once
    per document (several passes of an alignment read it; not to be changed)."""
    return doc.derived("align.nested", lambda: _nested(doc))


def described(doc: Document, i: int) -> bool:
    """Whether list item ``i`` is a term of a definition list: the first block nested under
    it is its description (MDN's ``- :``)."""
    kids = nested(doc).get(i)
    return bool(kids) and is_definition(doc.blocks[kids[0]].text)


def _nested(doc: Document) -> dict[int, range]:
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


def parent_pairs(up: Document, tr: Document, partner: dict[int, int], keys_a, keys_b,
                 moved: dict[int, int]) -> list[tuple[int, int]]:
    """Pairs of list items naming nothing whose nested blocks are paired with one another's,
    where the items are not paired with each other; ``partner``: every 1-1 pair (upstream
    block -> translation block); ``keys_a``/``keys_b``: a block's anchor keys. An item that
    names no code (its link a localized page name) pairs so too when it is left without a
    partner or paired sharing no telling anchor, and a block nested under it is among the
    pairs made out of order (``moved``: by their own evidence, not by their place), or, for
    an item left without a partner, paired sharing telling anchors."""
    kids_a, kids_b = nested(up), nested(tr)
    moved_b, back = set(moved.values()), {b: a for a, b in partner.items()}

    def shared(a: int, b: int) -> bool:
        return telling((keys_a(a) or set()) & (keys_b(b) or set()))

    def named_a(a: int) -> bool:
        held = a in partner and shared(a, partner[a])
        told = moved.keys() & set(kids_a[a]) if a in partner else any(
            c in moved or (c in partner and shared(c, partner[c])) for c in kids_a[a])
        return _named(keys_a(a), held or not told)

    def named_b(b: int) -> bool:
        held = b in back and shared(back[b], b)
        kids = kids_b.get(b, ())
        told = moved_b & set(kids) if b in back else any(
            c in moved_b or (c in back and shared(back[c], c)) for c in kids)
        return _named(keys_b(b), held or not told)

    if not kids_a or not kids_b:
        return []
    holder_b = _holders(tr, kids_b)
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


def own_language_words(block: Block) -> set[str]:
    """The capitalized words of a translation in Latin letters, lower-cased (German nouns,
    `Modul`): those upstream's block lacks are words of its language, not names; a word with
    a capital inside, a digit or in capitals (`PluralForm`, `APNG`) is not one of them; a
    compound of such words joined by hyphens is (`Vollbild-Zoom`). None in another script
    (:func:`~relsync.languages.main_script`)."""
    if main_script(block.text) != "Latn":
        return set()
    return {t.lower() for t in block.anchors.terms if all(w.isalpha() and w[1:].islower() for w in t.split("-"))}


_LETTER_RE = re.compile(r"(?<![\w.-])[A-Za-z](?![\w-])")


def lone_letters(block: Block) -> set[str]:
    """The letters a block writes as words of their own, lower-cased (the ``X`` of "Mac OS
    X", "plan B"): a unit's words (:attr:`~relsync.similarity.Unit.words`) have two letters
    at least."""
    return {m.lower() for m in _LETTER_RE.findall(block.text)}


def _named(keys, held: bool) -> bool:
    """Whether a list item names something that should pair it: any anchor when it is
    ``held`` (paired, or nothing under it paired by evidence), else code other than its
    links' page names."""
    return bool(keys) and (held or any(k.startswith("c:") and "l:" + k[2:] not in keys for k in keys))


#: Runs of unpaired blocks longer than this are not taken as one passage swapped.
SWAPPED_MAX_BLOCKS = 3


def swapped_runs(al: Alignment, alike) -> dict[int, int]:
    """The blocks left unpaired in two paired sections, one run on each side of the same
    kinds in the same order (at most :data:`SWAPPED_MAX_BLOCKS`): a passage that moved
    inside its section, such as the ``- **Details**`` item of an API entry put before its
    ``- **Type**``. ``alike(a, b)``: whether two blocks may be one translated block (the
    ordered alignment's test for short runs); not when a block another section leaves
    without a partner is as alike a translated one (an entry moved in from there: nothing
    tells which it is). Upstream block -> translation block."""
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
    unpaired = [b for b in up.blocks if b.index not in paired_a and not b.is_heading]

    def elsewhere(sa: int, kind) -> list[int]:  # (the blocks another section leaves alike)
        return [b.index for b in unpaired if b.kind == kind and up.section_of(b).index != sa]

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
        if all(alike(up.blocks[i], tr.blocks[j]) for i, j in zip(ra, rb)) and not any(
                alike(up.blocks[i], tr.blocks[j]) for j in rb for i in elsewhere(sa, tr.blocks[j].kind)):
            out.update(zip(ra, rb))
    return out


def moved_headings(al: Alignment, partner_a: dict[int, int | None], level_b: dict[int, int], evident) -> dict[int, int]:
    """Unpaired headings whose sections' blocks are paired into one another's sections, at
    least half of each side's paired blocks: a group that moved as a whole. Only pairs with
    evidence count (``evident(a, b)``: a pair made here, or sharing a telling anchor), not
    those the ordered alignment made by position across the gap the group left. Then the
    headings naming code or a name that both sides write alike ("CSSOM", `app.mixin()`), that
    text once among those left on each side, the upstream one unpaired or paired with a
    heading written otherwise. ``level_b``: the level each translation heading stands for
    (:mod:`relsync.align_levels`)."""
    up, tr = al.upstream, al.translation
    paired_a = {i for p in al.pairs if p.is_match for i in p.upstream}
    paired_b = {j for p in al.pairs if p.is_match for j in p.translation}
    paired_a.update(a for a, b in partner_a.items() if b is not None)
    paired_b.update(b for b in partner_a.values() if b is not None)
    lonely_b = {b.section: b for b in tr.blocks if b.is_heading and b.index not in paired_b}
    if not lonely_b:
        return {}
    where = {}
    for p in al.pairs:
        if p.is_match and p.upstream[0] not in partner_a and evident(p.upstream[0], p.translation[0]):
            where[p.upstream[0]] = p.translation[0]
    where.update((a, b) for a, b in partner_a.items() if b is not None and evident(a, b))
    counted_b = set(where.values())
    out: dict[int, int] = {}
    for block in up.blocks:
        if not block.is_heading or block.index in paired_a:
            continue
        own = [i for i in up.sections[block.section].blocks if i != block.index and i in where]
        if not own:
            continue
        target, n = Counter(tr.blocks[where[i]].section for i in own).most_common(1)[0]
        other = lonely_b.get(target)
        if other is None or level_b.get(other.index, other.level) != block.level or other.index in out.values() \
                or 2 * n < len(own):
            continue
        theirs = [j for j in tr.sections[target].blocks if j != other.index and j in counted_b]
        if 2 * n >= len(theirs):
            out[block.index] = other.index
    # a heading naming code or a name (`app.mixin()`) that both sides write alike, left over
    # once on each side, is one heading wherever its section went
    # (also one the ordered alignment paired with a heading written otherwise)
    otherwise = _written_otherwise(al)
    left_a = [b.index for b in up.blocks if b.is_heading and b.index not in out
              and (b.index not in paired_a or b.index in otherwise)]
    left_b = [b.index for b in lonely_b.values() if b.index not in out.values()]
    for a, b in same_text_pairs(left_a, left_b, up, tr, least=4):
        if (up.blocks[a].anchors.code or up.blocks[a].anchors.terms) and \
                level_b.get(b, tr.blocks[b].level) == up.blocks[a].level:
            out[a] = b
    return out


def _written_otherwise(al: Alignment) -> set[int]:
    """The upstream headings the ordered alignment paired with one heading whose text differs."""
    out = set()
    for p in al.pairs:
        if len(p.upstream) == 1 and len(p.translation) == 1 and p.kind == BlockKind.HEADING:
            a, b = al.upstream.blocks[p.upstream[0]], al.translation.blocks[p.translation[0]]
            if b.is_heading and " ".join(a.text.split()) != " ".join(b.text.split()):
                out.add(a.index)
    return out


#: The blocks of a section that moved as a whole pair in order when their score is at least
#: this (the ordered alignment's gain floor).
MIN_REGION_SCORE = 0.28


def telling(shared) -> bool:
    """Whether strong anchors say what a block is about: code or a link, or more than one
    anchor; one number alone is a version the whole page speaks of."""
    return len(shared) > 1 or any(k[0] in "cl" for k in shared)


def evident(scorer: Scorer, a: int, b: int) -> bool:
    """Whether two blocks share telling strong anchors (:func:`telling`)."""
    ua, ub = scorer.unit_of_a.get(a), scorer.unit_of_b.get(b)
    if ua is None or ub is None:
        return False
    return telling(set(scorer.up[ua].strong[0]) & set(scorer.tr[ub].strong[0]))


def moved_sections(al: Alignment, scorer: Scorer, align_region) -> dict[int, int]:
    """The blocks without a partner under two headings paired out of order (a section that
    moved as a whole), or nested under two list items paired out of order (an entry that
    moved with its description), aligned with each other in order by ``align_region`` (the
    ordered alignment of a region's units): upstream block -> translation block. A block of
    either section that the ordered alignment paired, with nothing shared (:func:`evident`),
    with a block outside the other section counts as without a partner: that pair was made
    by position, across the gap the section left."""
    moved = [p for p in al.pairs if p.moved and (al.upstream.blocks[p.upstream[0]].is_heading or (
        len(p.upstream) == len(p.translation) == 1 and al.upstream.blocks[p.upstream[0]].kind == BlockKind.LIST_ITEM))]
    if not moved:
        return {}
    kids = (nested(al.upstream), nested(al.translation)) if any(not al.upstream.blocks[p.upstream[0]].is_heading
                                                                  for p in moved) else ({}, {})
    by_a = sorted((p.upstream[0], p.translation[0]) for p in al.pairs
                  if p.is_match and not p.moved and len(p.upstream) == 1 and len(p.translation) == 1)
    by_b = sorted(by_a, key=lambda ab: ab[1])
    keys_a, keys_b = [a for a, _ in by_a], [b for _, b in by_b]
    paired_a = {i for p in al.pairs if p.is_match for i in p.upstream}
    paired_b = {j for p in al.pairs if p.is_match for j in p.translation}
    out: dict[int, int] = {}
    taken: set[int] = set()
    for p in moved:
        if al.upstream.blocks[p.upstream[0]].is_heading:
            span_a, span_b = _span(al.upstream, p.upstream[0]), _span(al.translation, p.translation[0])
        else:
            span_a, span_b = kids[0].get(p.upstream[0], range(0)), kids[1].get(p.translation[0], range(0))
        near = by_a[bisect.bisect_left(keys_a, span_a.start):bisect.bisect_left(keys_a, span_a.stop)] + \
            by_b[bisect.bisect_left(keys_b, span_b.start):bisect.bisect_left(keys_b, span_b.stop)]
        strays = [(a, b) for a, b in near if (a in span_a) != (b in span_b) and not evident(scorer, a, b)]
        ra = _lone_units(al.upstream, span_a, paired_a - {a for a, _ in strays}, scorer.up, scorer.unit_of_a)
        rb = _lone_units(al.translation, span_b, paired_b - {b for _, b in strays}, scorer.tr, scorer.unit_of_b)
        found = _table_rows(al, scorer, span_a, span_b, paired_a, paired_b)
        if ra and rb:
            found = [(scorer.up[ai[0]].blocks[0], scorer.tr[bj[0]].blocks[0]) for ai, bj, s in align_region(ra, rb, scorer)
                     if len(ai) == 1 and len(bj) == 1 and s >= MIN_REGION_SCORE] + found
        for a, b in found:
            if a not in out and b not in taken:
                out[a] = b
                taken.add(b)
    return out


def _table_rows(al: Alignment, scorer: Scorer, span_a: range, span_b: range, paired_a: set[int],
                paired_b: set[int]) -> list[tuple[int, int]]:
    """The rows without a partner of the tables of two sections paired out of order, as
    many tables on each side, table by table in order, paired as the rows of two paired
    tables are (:func:`~relsync.rows.match_rows`)."""
    tables = []
    for span, units, unit_of in ((span_a, scorer.up, scorer.unit_of_a), (span_b, scorer.tr, scorer.unit_of_b)):
        found = sorted({unit_of[i] for i in span if i in unit_of and units[unit_of[i]].kind == "table"})
        tables.append([units[k].blocks for k in found])
    if not tables[0] or len(tables[0]) != len(tables[1]):
        return []
    return [(p.upstream[0], p.translation[0]) for rows_a, rows_b in zip(*tables)
            for p in match_rows(al.upstream, al.translation, rows_a, rows_b)
            if p.is_match and p.upstream[0] not in paired_a and p.translation[0] not in paired_b]


#: Blocks of a gap :func:`reopened_gaps` aligns pair when they score at least this, positions
#: aside (what a pair out of order needs, :data:`relsync.align_moved.MIN_SCORE`).
GAP_MIN_SCORE = 0.4
#: ... or this (what a pair in order needs), for the first or the last blocks of a gap of at
#: most :data:`GAP_EDGE_BLOCKS` blocks on each side: right after, or right before, the same
#: pair in order, as the ordered alignment had them before a section moved away beside them.
GAP_EDGE_MIN_SCORE = 0.28
GAP_EDGE_BLOCKS = 3


def reopened_gaps(al: Alignment, scorer: Scorer, align_region) -> dict[int, int]:
    """Once pairs were made out of order: the blocks still without a partner between the same
    two pairs in order, on both sides, aligned in order with each other by ``align_region``
    (what the ordered alignment paired with them stood elsewhere: the blocks of a moved
    section it had paired them with), pairs of :data:`GAP_MIN_SCORE` or more (the first or
    the last blocks of a short gap, :data:`GAP_EDGE_MIN_SCORE`); in a gap with more blocks
    on one side, only pairs that share what they are about (:func:`evident`) or stand right
    after, or right before, the same pair in order on both sides. Upstream block ->
    translation block."""
    if not any(p.moved for p in al.pairs):
        return {}
    in_order = [p for p in al.pairs if p.is_match and not p.moved]
    chain = [(p.upstream[-1], p.translation[-1]) for p in in_order]
    chain_a = [a for a, _ in chain]
    chain_b = [b for _, b in chain]
    gaps_a: dict[int, list[int]] = defaultdict(list)
    gaps_b: dict[int, list[int]] = defaultdict(list)
    for p in al.pairs:
        if p.upstream and not p.translation and p.upstream[0] in scorer.unit_of_a:
            gaps_a[bisect.bisect_left(chain_a, p.upstream[0])].append(p.upstream[0])
        elif p.translation and not p.upstream and p.translation[0] in scorer.unit_of_b:
            gaps_b[bisect.bisect_left(chain_b, p.translation[0])].append(p.translation[0])
    out: dict[int, int] = {}
    for g, blocks_a in gaps_a.items():
        ra = _single_units(blocks_a, scorer.up, scorer.unit_of_a)
        rb = _single_units(sorted(gaps_b.get(g, ())), scorer.tr, scorer.unit_of_b)
        if not ra or not rb:
            continue
        first = (min(blocks_a), min(gaps_b[g]))
        last = (max(blocks_a), max(gaps_b[g]))
        for ai, bj, _ in align_region(ra, rb, scorer):
            if len(ai) == 1 and len(bj) == 1:
                a, b = scorer.up[ai[0]].blocks[0], scorer.tr[bj[0]].blocks[0]
                # (in a gap with more blocks on one side: blocks sharing what they are about,
                # or the first, or the last, of the gap on both sides: right after, or right
                # before, the same pair in order, but for blocks paired elsewhere)
                edge = (g and (a, b) == first) or (g < len(in_order) and (a, b) == last)
                least = GAP_EDGE_MIN_SCORE if edge and len(ra) <= GAP_EDGE_BLOCKS and len(rb) <= GAP_EDGE_BLOCKS \
                    else GAP_MIN_SCORE
                if scorer.block_score(a, b) >= least and (len(ra) == len(rb) or edge or evident(scorer, a, b)):
                    out[a] = b
    return out


#: A run of pairs in order is taken for one out of order (:func:`crossed_pairs`) when that
#: pairs at least this many blocks around it ...
CROSSED_MIN_PAIRS = 2
#: ... of this score or more, positions aside ...
CROSSED_SURE_SCORE = 0.6
#: ... and it has at most this many pairs (an entry with its nested description).
CROSSED_MAX_RUN = 3


def crossed_pairs(al: Alignment, scorer: Scorer, align_region) -> dict[int, int]:
    """A short run of pairs in order with blocks without a partner before it on one side and
    after it on the other (an entry the translation moved next to a neighbour's place: its
    unique anchor made it a pair in order, and the blocks it crossed found none): when the
    gap around it, aligned without it, pairs paragraphs or list items of :data:`GAP_MIN_SCORE`,
    :data:`CROSSED_MIN_PAIRS` or more of them of :data:`CROSSED_SURE_SCORE`,
    its pairs are marked ``moved`` and those pairs are returned (upstream block ->
    translation block)."""
    chain = [p for p in al.pairs if p.is_match and not p.moved]
    lone_a = sorted(p.upstream[0] for p in al.pairs if not p.translation and p.upstream[0] in scorer.unit_of_a)
    lone_b = sorted(p.translation[0] for p in al.pairs if not p.upstream and p.translation[0] in scorer.unit_of_b)
    if not lone_a or not lone_b:
        return {}

    def between(lone: list[int], lo: int, hi: int) -> list[int]:
        return lone[bisect.bisect_right(lone, lo):bisect.bisect_left(lone, hi)]

    out: dict[int, int] = {}
    taken: set[int] = set()
    for k in range(1, len(chain) - 1):
        for m in range(k, min(k + CROSSED_MAX_RUN, len(chain) - 1)):
            left, first, last, right = chain[k - 1], chain[k], chain[m], chain[m + 1]
            a_before = between(lone_a, left.upstream[-1], first.upstream[0])
            a_after = between(lone_a, last.upstream[-1], right.upstream[0])
            b_before = between(lone_b, left.translation[-1], first.translation[0])
            b_after = between(lone_b, last.translation[-1], right.translation[0])
            if any(a in out for a in a_before + a_after) or any(b in taken for b in b_before + b_after) \
                    or (not (a_before and b_after) and not (a_after and b_before)):
                continue
            ra = _single_units(a_before + a_after, scorer.up, scorer.unit_of_a)
            rb = _single_units(b_before + b_after, scorer.tr, scorer.unit_of_b)
            found = {}
            for ai, bj, _ in align_region(ra, rb, scorer) if ra and rb else ():
                if len(ai) == 1 and len(bj) == 1:
                    a, b = scorer.up[ai[0]].blocks[0], scorer.tr[bj[0]].blocks[0]
                    kind = al.upstream.blocks[a].kind
                    if scorer.block_score(a, b) >= GAP_MIN_SCORE and kind == al.translation.blocks[b].kind \
                            and kind in (BlockKind.PARAGRAPH, BlockKind.LIST_ITEM):
                        found[a] = b
            if sum(scorer.block_score(a, b) >= CROSSED_SURE_SCORE for a, b in found.items()) >= CROSSED_MIN_PAIRS:
                for p in chain[k:m + 1]:
                    p.moved = True
                out.update(found)
                taken.update(found.values())
                break
    return out


def _single_units(blocks: list[int], units, unit_of: dict[int, int]) -> list[int]:
    return [k for k in dict.fromkeys(unit_of[i] for i in blocks) if len(units[k].blocks) == 1]


def _span(doc: Document, heading: int) -> range:
    """The blocks of the section ``heading`` opens (sub-sections included), after it; none
    when it opens no section."""
    section = doc.section_of(doc.blocks[heading])
    return range(heading + 1, section.end + 1) if section.heading == heading else range(0)


def _lone_units(doc: Document, span: range, paired: set[int], units, unit_of: dict[int, int]) -> list[int]:
    """The one-block units of ``span`` whose block has no partner, in order."""
    out = []
    for i in span:
        k = unit_of.get(i)
        if i not in paired and k is not None and len(units[k].blocks) == 1 \
                and doc.blocks[i].kind not in (BlockKind.FRONT_MATTER, BlockKind.TABLE_ROW):
            out.append(k)
    return out


#: Two neighbouring entries paired in order pair crossed when each scores at least this much
#: more with the other's partner (block scores, positions aside).
SWAP_GAIN = 0.25


def swapped_pairs(al: Alignment, scorer: Scorer) -> dict[int, int]:
    """Two neighbouring list items (or paragraphs) paired in order, each clearly better with
    the other's partner (:data:`SWAP_GAIN`, and :data:`GAP_MIN_SCORE` at least): two
    entries the translation lists in the other order ("Creating MozSearch plugins" before
    "Creating OpenSearch plugins"). They pair crossed, and the blocks nested under them with
    each other in order when as many on both sides. Upstream block -> translation block."""
    up, tr = al.upstream, al.translation
    kids = nested(up), nested(tr)
    partner = {p.upstream[0]: p.translation[0] for p in al.pairs
               if p.is_match and not p.moved and len(p.upstream) == len(p.translation) == 1}

    def sibling(doc: Document, side: dict[int, range], i: int) -> int | None:
        j = side[i].stop if i in side else i + 1
        ok = j < len(doc.blocks) and doc.blocks[j].kind == doc.blocks[i].kind and doc.blocks[j].level == doc.blocks[i].level
        return j if ok else None

    out: dict[int, int] = {}
    for a1, b1 in partner.items():
        if up.blocks[a1].kind not in (BlockKind.LIST_ITEM, BlockKind.PARAGRAPH) or a1 in out:
            continue
        a2, b2 = sibling(up, kids[0], a1), sibling(tr, kids[1], b1)
        if a2 is None or b2 is None or partner.get(a2) != b2 or tr.blocks[b1].kind != up.blocks[a1].kind:
            continue
        score = scorer.block_score  # (the crossed pair first: it rules out most candidates)
        s12 = score(a1, b2)
        if s12 < GAP_MIN_SCORE or s12 < score(a1, b1) + SWAP_GAIN:
            continue
        s21 = score(a2, b1)
        if s21 < GAP_MIN_SCORE or s21 < score(a2, b2) + SWAP_GAIN:
            continue
        for x, y in ((a1, b2), (a2, b1)):
            out[x] = y
            under_x, under_y = kids[0].get(x, range(0)), kids[1].get(y, range(0))
            if len(under_x) == len(under_y):
                out.update(zip(under_x, under_y))
    return out


def section_swaps(al: Alignment, scorer: Scorer) -> dict[int, int]:
    """Two pairs of the same kind, each block of one pair in a section whose heading pairs
    with the section of the other pair's block, and each pair's own two sections not
    paired: the pairs crossed (the copies of an entry a page repeats, "- [Reactivity API:
    Core](…)" under two glossary entries; two entries about "Windows Vista" in two sections,
    one of which moved). They pair within their sections, when that scores at least as
    well, positions aside. Upstream block -> translation block."""
    up, tr = al.upstream, al.translation
    heads: dict[int, int] = {}
    ones: list[tuple[int, int]] = []
    for p in al.pairs:
        if p.is_match and len(p.upstream) == 1 and len(p.translation) == 1:
            a, b = p.upstream[0], p.translation[0]
            if up.blocks[a].is_heading:
                heads[a] = b
            else:
                ones.append((a, b))
    if not heads:
        return {}
    back = {b: a for a, b in heads.items()}
    crossed: dict[tuple[int, int], list[tuple[int, int]]] = defaultdict(list)
    for a, b in ones:
        ha, hb = up.section_of(up.blocks[a]).heading, tr.section_of(tr.blocks[b]).heading
        if ha is not None and hb is not None and heads.get(ha) != hb and ha in heads and hb in back:
            crossed[ha, hb].append((a, b))
    out: dict[int, int] = {}
    score = scorer.block_score
    for (ha1, hb1), group in crossed.items():
        others = crossed.get((back[hb1], heads[ha1]), ())
        for a1, b1 in group:
            for a2, b2 in others:
                if a1 in out or a2 in out or up.blocks[a1].kind != up.blocks[a2].kind:
                    continue
                if score(a1, b2) + score(a2, b1) >= score(a1, b1) + score(a2, b2) - SECTION_SWAP_TOLERANCE:
                    out[a1], out[a2] = b2, b1
                    break
    return out


#: Two pairs crossed between two sections pair within them when that scores at most this
#: much less.
SECTION_SWAP_TOLERANCE = 0.05
