"""The pair list once pairs were made out of order: upstream's order everywhere, the
translation's order outside the pairs marked ``moved`` (:mod:`relsync.align_moved`)."""

from __future__ import annotations

import bisect
from collections import defaultdict

from .model import Alignment, BlockKind, Pair
from .similarity import Scorer, increasing_chain


def add_pairs(al: Alignment, scorer: Scorer, pairs: dict[int, int]) -> list[Pair]:
    """The pairs of ``al`` with blocks that had no partner paired (upstream block ->
    translation block), moved where out of order."""
    if not pairs:
        return al.pairs
    return rebuild(al, scorer, pairs, set(pairs), set(pairs.values()))


def rebuild(al: Alignment, scorer: Scorer, pairs: dict[int, int], in_play_a: set[int],
             in_play_b: set[int]) -> list[Pair]:
    """The pair list with ``pairs`` made: upstream's order everywhere, the translation's
    order outside moved pairs. A pair holding a block in play (``in_play_a``, ``in_play_b``)
    is undone, whatever its shape."""
    old_position_a: dict[int, int] = {}
    old_position_b: dict[int, int] = {}
    kept: list[tuple[int, Pair]] = []
    before: dict[tuple[int, int], Pair] = {}
    for k, p in enumerate(al.pairs):
        if p.is_match and len(p.upstream) == 1 and len(p.translation) == 1:
            before[p.upstream[0], p.translation[0]] = p
        touched = any(i in in_play_a for i in p.upstream) or any(j in in_play_b for j in p.translation)
        if touched:  # (a pair of several blocks lets them all go: each is unpaired or paired anew)
            for i in p.upstream:
                old_position_a[i] = k
            for j in p.translation:
                old_position_b[j] = k
        else:
            kept.append((k, p))
    items: list[tuple[int, Pair]] = list(kept)
    new: set[int] = set()
    for a, b in pairs.items():
        kind = al.upstream.blocks[a].kind
        pair = before.get((a, b))
        if pair is None:  # (a pair of the ordered alignment keeps its score)
            pair = Pair((a,), (b,), round(scorer.block_score(a, b), 4), kind)
            new.add(id(pair))
        items.append((old_position_a[a], pair))
    for a, k in old_position_a.items():
        if a not in pairs:
            items.append((k, Pair((a,), (), 0.0, al.upstream.blocks[a].kind)))
    taken = set(pairs.values())
    for b, k in old_position_b.items():
        if b not in taken:
            items.append((k, Pair((), (b,), 0.0, al.translation.blocks[b].kind)))
    return _order(items, new)


def _order(items: list[tuple[int, Pair]], new: set[int]) -> list[Pair]:
    """Mark the pairs out of the translation's order as moved, and sort: a chain of pairs in
    order on both sides (every pair of the ordered alignment, and the most new ones that fit
    between them), the other pairs between its links by their upstream blocks, unpaired
    translation blocks by theirs, ties by their old positions."""
    items.sort(key=lambda kp: (kp[1].upstream[0] if kp[1].upstream else -1, kp[0]))
    matched = [p for _, p in items if p.is_match and p.kind != BlockKind.TABLE_ROW]
    chain = _chain(matched, new)
    in_chain = {id(p) for p in chain}
    for p in matched:
        p.moved = id(p) not in in_chain
    chain_a = [p.upstream[0] for p in chain]
    chain_b = [p.translation[0] for p in chain]
    keyed = []
    for old, p in items:
        if id(p) in in_chain:
            keyed.append(((bisect.bisect_left(chain_a, p.upstream[0]), 1, old), p))
        elif p.upstream:
            keyed.append(((bisect.bisect_left(chain_a, p.upstream[0]), 0, old), p))
        else:
            keyed.append(((bisect.bisect_left(chain_b, p.translation[0]), 0, old), p))
    keyed.sort(key=lambda kp: kp[0])
    out = [p for _, p in keyed]
    # (blocks of the translation alone keep its order within their gap, wherever they stood)
    slots: dict[int, list[int]] = defaultdict(list)
    for k, (key, p) in enumerate(keyed):
        if not p.upstream:
            slots[key[0]].append(k)
    for ks in slots.values():
        for k, p in zip(ks, sorted((out[k] for k in ks), key=lambda p: p.translation[0])):
            out[k] = p
    return out


def _chain(matched: list[Pair], new: set[int]) -> list[Pair]:
    """The ordered alignment's pairs (in order on both sides) with the most new pairs that
    fit between them in order; ``matched`` in upstream order, ``new`` the ids of new pairs."""
    kept = [p for p in matched if id(p) not in new and not p.moved]
    kept_ids = {id(p) for p in kept}
    kept_a = [p.upstream[0] for p in kept]
    gaps: dict[int, list[Pair]] = defaultdict(list)
    for p in matched:
        if id(p) in kept_ids:
            continue
        g = bisect.bisect_left(kept_a, p.upstream[0])
        y = p.translation[0]
        if (g == 0 or kept[g - 1].translation[-1] < y) and (g == len(kept) or y < kept[g].translation[0]):
            gaps[g].append(p)
    chain: list[Pair] = []
    for g, p in enumerate(kept + [None]):
        pairs = gaps.get(g, [])
        chain += [pairs[k] for k, _ in increasing_chain([(k, q.translation[0]) for k, q in enumerate(pairs)])]
        if p is not None:
            chain.append(p)
    return chain
