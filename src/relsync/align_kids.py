"""What is nested under an entry belongs to it: a term's description pairs with the
description under the term it pairs with.

MDN's release notes write an entry as a term with its description nested under it (``- [Offline
resources](…)`` over ``  - : Firefox now lets web applications…``). When an entry moved, the
ordered alignment can pair a description with the description of a neighbouring entry (they
share the page's version and little else) and leave the true one without a partner: two
paired terms, the description of one unpaired and the description of the other paired under
a third term. Once every pass has paired what it pairs, the blocks nested directly under two
paired list items (as many on each side, of the same kinds, each two scoring at least
:data:`MIN_SCORE`) pair in order with each other, where one of them has no partner and
every other pair they are in shares no telling strong anchor
(:func:`~relsync.align_nested.telling`: code, a link, or more than one anchor), is no pair
of the same text and no pair made out of order. A block so freed that a translation left in
upstream's words pairs with the one block left over with its text (an entry that moved,
:func:`~relsync.align_kept.same_text_pairs`), and the term over it then pairs by it
(:func:`late_parents`). A pair by position of a block inside an aside and one outside any
is undone (:func:`unboxed`), and a container left without a partner pairs with the container
of its type whose first block its first block pairs with (:func:`container_titles`), or, with
every block it holds, with the one container of its type whose blocks are alike
(:func:`moved_boxes`).

The other way round, an item follows what is nested under it: a translated term whose
descriptions all pair by evidence (a telling anchor, the same text), in order, with the
descriptions under an upstream term left without a partner, while the term it is paired
with shares no telling anchor with it and has every block under it unpaired, pairs with
their term instead (MDN's "[全屏缩放](…)" over an English description it kept of "Full page
zoom", paired by position with the "ZIP writer" before it, which the translation has not)
where the pair stays in order on both sides; and an upstream term so with the
translation's.
"""

from __future__ import annotations

import bisect

from .align_kept import SAME_TEXT_MIN_CHARS, same_text_pairs
from .align_nested import GAP_MIN_SCORE, evident, nested, parent_pairs
from .align_order import add_pairs, rebuild
from .lexicon import Lexicon
from .model import Alignment, BlockKind, Document, Pair
from .similarity import Scorer

#: A nested block pairs with the one under the item its item pairs with when the two score
#: at least this, positions aside (:meth:`~relsync.similarity.Scorer.block_score`): what the ordered
#: alignment gains at least from a pair (:data:`relsync.align_dp.GAIN_FLOOR`).
MIN_SCORE = 0.28


def _direct(doc: Document) -> dict[int, list[int]]:
    """List item -> the blocks nested directly under it (not under an item nested in it);
    once per document."""
    return doc.derived("align.kids", lambda: _direct_of(doc))


def _direct_of(doc: Document) -> dict[int, list[int]]:
    kids = nested(doc)
    holder: dict[int, int] = {}
    for item, inside in kids.items():  # in document order: a deeper item comes later
        for k in inside:
            holder[k] = item
    out: dict[int, list[int]] = {}
    for k, item in holder.items():
        out.setdefault(item, []).append(k)
    return out


def nested_pairs(al: Alignment, scorer: Scorer) -> list[Pair]:
    """The pairs of ``al`` with the blocks nested under two paired items paired with each
    other, and items with the item holding what is nested under them (see the module's
    docstring); the same list when there are none."""
    al = Alignment(al.upstream, al.translation, _parents_by_kids(al, scorer))
    up, tr = al.upstream, al.translation
    unpaired_a = {p.upstream[0] for p in al.pairs if not p.translation and len(p.upstream) == 1}
    unpaired_b = {p.translation[0] for p in al.pairs if not p.upstream and len(p.translation) == 1}
    if not unpaired_a and not unpaired_b:
        return al.pairs
    kids_a = _direct(up)
    kids_b = _direct(tr) if kids_a else {}
    if not kids_b:
        return al.pairs
    partner: dict[int, int] = {}
    moved: set[int] = set()
    for p in al.pairs:
        if p.is_match and len(p.upstream) == 1 and len(p.translation) == 1:
            partner[p.upstream[0]] = p.translation[0]
            if p.moved:
                moved.add(p.upstream[0])
    back = {b: a for a, b in partner.items()}
    pairs: dict[int, int] = {}
    in_play_a: set[int] = set()
    in_play_b: set[int] = set()
    for a, b in partner.items():
        ka, kb = kids_a.get(a), kids_b.get(b)
        if not ka or not kb or len(ka) != len(kb) or in_play_a.intersection(ka) or in_play_b.intersection(kb):
            continue
        if any(x not in partner and x not in unpaired_a for x in ka) or any(y not in back and y not in unpaired_b for y in kb):
            continue  # in a pair of several blocks
        zipped = list(zip(ka, kb))
        if all(partner.get(x) == y for x, y in zipped) or not (unpaired_a.intersection(ka) or unpaired_b.intersection(kb)):
            continue
        held = [(x, partner[x]) for x in ka if x in partner] + [(back[y], y) for y in kb if y in back]
        if any(up.blocks[x].kind != tr.blocks[y].kind or scorer.block_score(x, y) < MIN_SCORE for x, y in zipped) \
                or any(x in moved or evident(scorer, x, y) or up.blocks[x].text == tr.blocks[y].text
                       for x, y in held if (x, y) not in zipped):
            continue
        pairs.update(zipped)
        in_play_a.update(ka, (x for x, _ in held))
        in_play_b.update(kb, (y for _, y in held))
    if not pairs:
        return al.pairs
    # a block freed that is left in upstream's words is an entry that moved (the one left
    # over with its text)
    left_a = sorted((unpaired_a | in_play_a) - pairs.keys())
    left_b = sorted((unpaired_b | in_play_b) - set(pairs.values()))
    freed = (in_play_a - unpaired_a) | (in_play_b - unpaired_b)
    for x, y in same_text_pairs(left_a, left_b, up, tr):
        if x in freed or y in freed:
            pairs[x] = y
            in_play_a.add(x)
            in_play_b.add(y)
    done = Alignment(up, tr, rebuild(al, scorer, pairs, in_play_a, in_play_b))
    return add_pairs(done, scorer, late_parents(done, scorer))


def _parents_by_kids(al: Alignment, scorer: Scorer) -> list[Pair]:
    """The pairs of ``al`` with list items paired with the item holding what is nested
    under them, where their partner holds nothing paired (see the module's docstring), on
    either side."""
    up, tr = al.upstream, al.translation
    kids_a = _direct(up)
    kids_b = _direct(tr) if kids_a else {}
    if not kids_b:
        return al.pairs
    partner: dict[int, int] = {}
    weak: set[int] = set()  # upstream blocks of pairs that may be undone
    moved: set[int] = set()
    unpaired: tuple[set[int], set[int]] = (set(), set())
    for p in al.pairs:
        if p.is_match and len(p.upstream) == 1 and len(p.translation) == 1:
            a, b = p.upstream[0], p.translation[0]
            partner[a] = b
            if p.moved:
                moved.add(a)
            elif not evident(scorer, a, b) and up.blocks[a].text != tr.blocks[b].text:
                weak.add(a)
        elif not p.translation and len(p.upstream) == 1:
            unpaired[0].add(p.upstream[0])
        elif not p.upstream and len(p.translation) == 1:
            unpaired[1].add(p.translation[0])
    back = {b: a for a, b in partner.items()}
    order = sorted((a, partner[a]) for a in partner if a not in moved)
    sides = ((kids_b, kids_a, back, partner, up, tr, order, lambda x, y: scorer.block_score(x, y)),
             (kids_a, kids_b, partner, back, tr, up, sorted((b, a) for a, b in order),
              lambda x, y: scorer.block_score(y, x)))
    pairs: dict[int, int] = {}
    in_play: tuple[set[int], set[int]] = (set(), set())
    words = None
    for side, (kids_here, kids_there, there_of, here_of, doc_there, doc_here, chain, score) in enumerate(sides):
        holder = {tuple(kx): x for x, kx in kids_there.items()}
        firsts = [x for x, _ in chain]
        for t, kt in kids_here.items():
            held = there_of.get(t)  # t's partner, on the other side
            if held is None or (held if side == 0 else t) not in weak or held in in_play[side] \
                    or any(k not in there_of or (there_of[k] if side == 0 else k) in weak for k in kt):
                continue  # (what is under it paired by evidence, it by position)
            item = holder.get(tuple(there_of[k] for k in kt))
            if item is None or item not in unpaired[side] or doc_there.blocks[item].kind != doc_here.blocks[t].kind \
                    or item in in_play[side] or t in in_play[1 - side]:
                continue
            if any(k in here_of for k in kids_there.get(held, ())) or score(item, t) < MIN_SCORE:
                continue
            g = bisect.bisect_left(firsts, item)  # in order: between the pairs around it
            k = g - 1 - (g > 0 and chain[g - 1][0] == held)
            before = chain[k][1] if k >= 0 else -1
            k = g + (g < len(chain) and chain[g][0] == held)
            after = chain[k][1] if k < len(chain) else len(doc_here.blocks)
            if not before < t < after:
                continue
            if side == 0:
                words = words or Lexicon(al)
                if words.holds(held, item, t):  # (its words say it is its partner's)
                    continue
                pairs[item] = t
            else:
                pairs[t] = item
            in_play[side].update((item, held))
            in_play[1 - side].add(t)
    if not pairs:
        return al.pairs
    return rebuild(al, scorer, pairs, in_play[0], in_play[1])


#: A pair of a block inside an aside and a block outside any stays when it scores this much
#: at least (a translator who left the aside out, or put one in: tauri-docs' pairs across an
#: aside's edge score 0.87 and 0.89 when right, 0.33 to 0.49 when wrong).
BOX_MIN = 0.6


def containers(al: Alignment, scorer: Scorer) -> list[Pair]:
    """The pairs of ``al`` with the pairs across an aside's edge undone (:func:`unboxed`),
    then containers paired by their first blocks (:func:`container_titles`), or with all
    they hold (:func:`moved_boxes`)."""
    al = Alignment(al.upstream, al.translation, unboxed(al, scorer))
    al = Alignment(al.upstream, al.translation, add_pairs(al, scorer, container_titles(al)))
    return add_pairs(al, scorer, moved_boxes(al, scorer))


def unboxed(al: Alignment, scorer: Scorer) -> list[Pair]:
    """The pairs of ``al`` without those of a block inside an aside (``::: tip``, ``///
    note``, ``!!! note``) and a block outside any that score under :data:`BOX_MIN` and were
    not made by their own evidence out of order: what a page shows in a box is not the text
    after the box (a paragraph after a tip whose own paragraph upstream rewrote took the
    translation's paragraph inside the tip)."""
    up, tr = al.upstream.blocks, al.translation.blocks
    out_a: set[int] = set()
    out_b: set[int] = set()
    for p in al.pairs:
        if p.is_match and not p.moved and len(p.upstream) == 1 and len(p.translation) == 1 and p.score < BOX_MIN:
            a, b = up[p.upstream[0]], tr[p.translation[0]]
            if a.kind != BlockKind.CONTAINER and (a.box == 0) != (b.box == 0):
                out_a.add(a.index)
                out_b.add(b.index)
    return rebuild(al, scorer, {}, out_a, out_b) if out_a else al.pairs


def container_titles(al: Alignment) -> dict[int, int]:
    """Containers of one type (``:::tip[Framework Not Listed?]``, ``!!! note``) left without a
    partner on both sides whose first blocks pair with each other: the container moved with
    what it holds, and its title is translated. Upstream block -> translation block."""
    up, tr = al.upstream.blocks, al.translation.blocks
    free_a = {p.upstream[0] for p in al.pairs if not p.translation and len(p.upstream) == 1}
    free_b = {p.translation[0] for p in al.pairs if not p.upstream and len(p.translation) == 1}
    out: dict[int, int] = {}
    for p in al.pairs:
        if not p.is_match or len(p.upstream) != 1 or len(p.translation) != 1:
            continue
        a, b = p.upstream[0] - 1, p.translation[0] - 1
        if a in free_a and b in free_b and up[a].kind == tr[b].kind == BlockKind.CONTAINER \
                and up[a].info == tr[b].info and up[a].quote == tr[b].quote:
            out[a] = b
    return out


def moved_boxes(al: Alignment, scorer: Scorer) -> dict[int, int]:
    """Containers of one type left without a partner on both sides, with every block they
    hold: the aside moved, and what it holds was rewritten on one side since, so that nothing
    paired it (a tip the translation has at the top of the page and upstream now at its end,
    whose paragraph one side shortened: `:::tip[Framework Not Listed?]`, tauri-docs'
    frontend page). They pair, title and blocks in order, when they hold as many blocks of
    the same kinds, each two scoring :data:`~relsync.align_nested.GAP_MIN_SCORE` at least
    (positions aside: what a pair out of order needs), and neither container could pair so
    with another. Upstream block -> translation block."""
    up, tr = al.upstream, al.translation
    free_a = {p.upstream[0] for p in al.pairs if not p.translation and len(p.upstream) == 1}
    free_b = {p.translation[0] for p in al.pairs if not p.upstream and len(p.translation) == 1}

    def boxes(doc: Document, free: set[int]) -> dict[int, list[int]]:
        held: dict[int, list[int]] = {b.start: [] for b in doc.blocks if b.kind == BlockKind.CONTAINER}
        for b in doc.blocks:
            if b.box in held:
                held[b.box].append(b.index)
        first = {b.start: b.index for b in doc.blocks if b.kind == BlockKind.CONTAINER}
        return {first[line]: kids for line, kids in held.items()
                if first[line] in free and kids and all(k in free and doc.blocks[k].kind != BlockKind.CONTAINER
                                                        for k in kids)}
    ours, theirs = boxes(up, free_a), boxes(tr, free_b)
    if not ours or not theirs:
        return {}
    found = []
    for a, kids_a in ours.items():
        for b, kids_b in theirs.items():
            if up.blocks[a].info != tr.blocks[b].info or len(kids_a) != len(kids_b) \
                    or [up.blocks[k].kind for k in kids_a] != [tr.blocks[k].kind for k in kids_b]:
                continue
            if (up.blocks[a].text or tr.blocks[b].text) and scorer.block_score(a, b) < GAP_MIN_SCORE:
                continue
            if all(scorer.block_score(i, j) >= GAP_MIN_SCORE for i, j in zip(kids_a, kids_b)):
                found.append((a, b))
    out: dict[int, int] = {}
    for a, b in found:
        if sum(1 for x, _ in found if x == a) == 1 and sum(1 for _, y in found if y == b) == 1:
            out[a] = b
            out.update(zip(ours[a], theirs[b]))
    return out


def late_parents(al: Alignment, scorer: Scorer) -> dict[int, int]:
    """:func:`~relsync.align_nested.parent_pairs` again once every pass has paired what it
    pairs: a list item whose nested blocks paired by their own evidence, out of order after
    :mod:`relsync.align_moved` (a section moved as a whole, its items' descriptions in order
    with each other) or of the same text (a description kept in English, its term and the
    translation's left in a gap with another), pairs with the item holding them, where it
    named nothing that held it elsewhere, and its words do not say it is its partner's
    (:meth:`~relsync.lexicon.Lexicon.holds`). Upstream block -> translation block."""
    partner: dict[int, int] = {}
    moved: dict[int, int] = {}
    for p in al.pairs:
        if p.is_match and len(p.upstream) == 1 and len(p.translation) == 1:
            a, b = p.upstream[0], p.translation[0]
            partner[a] = b
            text = al.upstream.blocks[a].text
            if p.moved or (len(text) >= SAME_TEXT_MIN_CHARS and text == al.translation.blocks[b].text):
                moved[a] = b  # (a pair by its own evidence: made out of order, or of the same text)
    if not moved:
        return {}

    def keys(units, unit_of):
        def of(i: int):
            k = unit_of.get(i)
            return frozenset(units[k].strong[0]) if k is not None and len(units[k].blocks) == 1 else None
        return of
    found = parent_pairs(al.upstream, al.translation, partner, keys(scorer.up, scorer.unit_of_a),
                         keys(scorer.tr, scorer.unit_of_b), moved)
    owner = {b: a for a, b in partner.items()}
    undoing = [(a, t) for a, t in found if owner.get(t, a) != a]
    if undoing:  # (not an item whose words say it is the translation of its partner)
        words = Lexicon(al)
        found = [(a, t) for a, t in found if (a, t) not in undoing or not words.holds(owner[t], a, t)]
    return dict(found)
