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
:func:`~relsync.align_nested.same_text_pairs`), and the term over it then pairs by it
(:func:`~relsync.align_nested.late_parents`).
"""

from __future__ import annotations

from .align_nested import evident, late_parents, nested, same_text_pairs
from .align_order import add_pairs, rebuild
from .model import Alignment, Document, Pair
from .similarity import Scorer

#: A nested block pairs with the one under the item its item pairs with when the two score
#: at least this, positions aside (:meth:`~relsync.similarity.Scorer.block_score`): what the ordered
#: alignment gains at least from a pair (:data:`relsync.align.GAIN_FLOOR`).
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
    other (see the module's docstring); the same list when there are none."""
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
