"""Runs of entries naming nothing, aligned again by the page's words.

A list of entries naming nothing (MDN's "**Label.** prose" items of a release's features,
paragraphs of prose) gives the ordered alignment nothing but length and position to go by.
An entry the translation has in another place leaves a gap, and the ordered alignment may
put the gap on the wrong side of a pair, or shift a whole run by one around it (MDN zh-cn/3,
"New Download Manager." paired with "附件组件安装更简便。", the translation of "Simplified
add-on installation.", the entry before it, left without a partner). The passes that pair
moved blocks by their words (:mod:`relsync.align_words`) judge every block in play at once,
where a page's small lexicon is noisy; within a run, the question is smaller.

A run is the pairs of the ordered alignment of one list item or paragraph each, naming
nothing that tells them apart (:func:`~relsync.align_nested.evident`), and the blocks without
a partner between them, between pairs it does not hold, holding a block without a partner.
Its blocks are aligned again in order, each pair worth its score (:meth:`Scorer.block_score`,
:data:`~relsync.align_nested.GAP_MIN_SCORE` at least) less :data:`~relsync.align_runs.FLOOR`,
plus the page's words (:class:`~relsync.lexicon.Lexicon`, where it knows words of both
blocks): the new pairs
are made when they are worth :data:`~relsync.lexicon.HOLDS_MARGIN` more than the run's pairs,
a pair the run has not costing :data:`_CHANGE` more (each change pays for itself: "Star
button. The new star button…" is not taken from "星按钮。" for "新的下载管理器。" by "new" and
新的 alone), and a pair of the run whose words clearly say it is one entry kept (:func:`_held`).
A block the run leaves without a partner then pairs, out of order, with the one block of its
kind without a partner on the other side that it goes with by their words, each
:data:`~relsync.lexicon.HOLDS_MARGIN` more than with any other (the entry where it moved).
Last, the one list item opening with a label in bold that every pass left without a partner
on each side pairs with the other by their words, wherever they stand (:func:`labelled_entries`).
"""

from __future__ import annotations

from .align_nested import GAP_MIN_SCORE
from .align_releases import ReleaseSide
from .align_runs import FLOOR, runs
from .align_words import cites_apart
from .dialects import LEAD_RE, is_definition
from .languages import weighted_length
from .lexicon import HOLDS_MARGIN, HOLDS_MIN, Lexicon, taught
from .model import Alignment, BlockKind, Pair
from .similarity import Scorer

#: A run holds at most this many blocks on each side (the comparisons cost their product).
RUN_MAX_BLOCKS = 60
#: What a pair the run has is worth at least, whatever its score.
_MADE_MIN = 0.01
#: What a pair the run has not costs beyond its worth: each change pays for itself.
_CHANGE = HOLDS_MARGIN / 2


def entries_by_words(al: Alignment, scorer: Scorer) -> dict[int, int]:
    """The runs' new pairs and the pairs out of order of the blocks they leave (see the
    module's docstring), upstream block -> translation block."""
    gaps = [run for run in runs(al, scorer)
            if any(not (p.upstream and p.translation) for p in run) and any(p.upstream and p.translation for p in run)]
    if not gaps:
        return {}
    words = taught(al)
    if words is None:
        return {}
    out: dict[int, int] = {}
    left: set[tuple[int, int]] = set()  # (side, block) without a partner once its run is aligned again
    for run in gaps:
        new = _again(al, scorer, words, run)
        if new is not None:
            out.update(new)
            left |= {(0, p.upstream[0]) for p in run if p.upstream and p.upstream[0] not in new}
            left |= {(1, p.translation[0]) for p in run if p.translation and p.translation[0] not in new.values()}
    if left:
        paired = ({i for p in al.pairs if p.is_match for i in p.upstream},
                  {j for p in al.pairs if p.is_match for j in p.translation})
        # without a partner: never paired, or let go by its run (and not paired again in ``out``)
        alone = tuple({b.index for b in doc.blocks if b.index not in paired[k] or (k, b.index) in left}
                      for k, doc in enumerate((al.upstream, al.translation)))
        sides = (ReleaseSide(al.upstream, scorer.up, scorer.unit_of_a),
                 ReleaseSide(al.translation, scorer.tr, scorer.unit_of_b))
        for side, x in left:
            found = _moved_partner(al, scorer, words, side, x, out, alone, sides)
            if found is not None:
                out[found if side else x] = x if side else found
    return out


def _worth(al: Alignment, scorer: Scorer, words: Lexicon, a: int, b: int, made: bool = False) -> float | None:
    """What pairing two blocks of a run is worth, or ``None`` when they may not pair (a pair
    the run has, ``made``, always may: at least a little)."""
    block_a, block_b = al.upstream.blocks[a], al.translation.blocks[b]
    score = scorer.block_score(a, b)
    if not made and (block_a.kind != block_b.kind or is_definition(block_a.text) != is_definition(block_b.text)
                     or score < GAP_MIN_SCORE):
        return None
    worth = score - FLOOR + (words.similarity(a, b) if words.judges(a, b) else 0.0)
    return max(_MADE_MIN, worth) if made else worth


def _again(al: Alignment, scorer: Scorer, words: Lexicon, run: list[Pair]) -> dict[int, int] | None:
    """A run's blocks aligned again in order by what their pairs are worth, or ``None`` when
    that is not worth :data:`HOLDS_MARGIN` more than the run's pairs."""
    blocks_a = sorted(p.upstream[0] for p in run if p.upstream)
    blocks_b = sorted(p.translation[0] for p in run if p.translation)
    if max(len(blocks_a), len(blocks_b)) > RUN_MAX_BLOCKS:
        return None
    now = {(p.upstream[0], p.translation[0]) for p in run if p.upstream and p.translation}
    kept = _held(words, now, blocks_a, blocks_b)
    kept_b = set(kept.values())
    worth = {(a, b): w if (a, b) in now else w - _CHANGE for a in blocks_a for b in blocks_b
             if (kept[a] == b if a in kept else b not in kept_b)
             and (w := _worth(al, scorer, words, a, b, (a, b) in now)) is not None and w > 0}
    # best[i][j]: the most the first i upstream blocks and first j translation blocks are worth
    n, m = len(blocks_a), len(blocks_b)
    best = [[0.0] * (m + 1) for _ in range(n + 1)]
    for i in range(1, n + 1):
        for j in range(1, m + 1):
            w = worth.get((blocks_a[i - 1], blocks_b[j - 1]))
            best[i][j] = max(best[i - 1][j], best[i][j - 1], best[i - 1][j - 1] + w if w is not None else 0.0)
    if best[n][m] < sum(worth.get(k, 0.0) for k in now) + HOLDS_MARGIN:
        return None
    new: dict[int, int] = {}
    i, j = n, m
    while i and j:
        w = worth.get((blocks_a[i - 1], blocks_b[j - 1]))
        if w is not None and best[i][j] == best[i - 1][j - 1] + w:
            new[blocks_a[i - 1]] = blocks_b[j - 1]
            i, j = i - 1, j - 1
        elif best[i][j] == best[i - 1][j]:
            i -= 1
        else:
            j -= 1
    return new


def _held(words: Lexicon, now: set[tuple[int, int]], blocks_a: list[int], blocks_b: list[int]) -> dict[int, int]:
    """The run's pairs whose words clearly say they are one entry (the bar of
    :meth:`Lexicon.holds` against every other block of the run, on both sides): kept whatever the run's order makes
    of the rest. Two pairs a little alike are not worth more than one that words are sure of
    (MDN ja/3, "Plugin management" and "プラグイン管理", 0.92, against "Find toolbar" with it,
    0.54, and "Plugin management" with the next entry, 0.58)."""
    kept = {}
    for a, b in now:
        s = words.similarity(a, b)
        if s >= HOLDS_MIN and all(s >= words.similarity(x, b) + HOLDS_MARGIN for x in blocks_a if x != a) \
                and all(s >= words.similarity(a, y) + HOLDS_MARGIN for y in blocks_b if y != b):
            kept[a] = b
    return kept


def _moved_partner(al: Alignment, scorer: Scorer, words: Lexicon, side: int, x: int, out: dict[int, int],
                   alone: tuple[set[int], set[int]], sides: tuple[ReleaseSide, ReleaseSide]) -> int | None:
    """The block of the other side without a partner (``alone``, nor one in ``out``) that
    block ``x`` of ``side`` goes with by the page's words, and it with ``x``, each
    :data:`HOLDS_MARGIN` more than with any other such block of its kind: a pair out of
    order, unless anchors say otherwise (:meth:`Scorer.contradicts`; references cited apart,
    :func:`~relsync.align_words.cites_apart`)."""
    docs = (al.upstream.blocks, al.translation.blocks)
    taken = (set(out), set(out.values()))
    kind = docs[side][x].kind

    def free(k: int) -> list[int]:
        return [i for i in sorted(alone[k] - taken[k]) if docs[k][i].kind == kind]

    def best(i: int, k: int, pool: list[int]) -> int | None:  # (block ``i`` of side ``k``)
        scored = sorted(((words.similarity(i, j) if k == 0 else words.similarity(j, i), j) for j in pool),
                        reverse=True)
        if not scored or scored[0][0] < HOLDS_MIN or (len(scored) > 1 and scored[0][0] - scored[1][0] < HOLDS_MARGIN):
            return None
        return scored[0][1]

    y = best(x, side, free(1 - side))
    if y is None or best(y, 1 - side, free(side)) != x:
        return None
    a, b = (y, x) if side else (x, y)
    if not words.judges(a, b) or is_definition(docs[0][a].text) != is_definition(docs[1][b].text) \
            or scorer.contradicts(a, b) or scorer.dated_apart(a, b) or cites_apart(*sides, a, b):
        return None  # (a term pairs with a term; no anchors against it)
    return y


#: Blocks whose lengths differ by more than this factor are not one entry (a CJK letter
#: counts as three).
LABELLED_MAX_LENGTH_RATIO = 3.0


def labelled_entries(al: Alignment, scorer: Scorer) -> dict[int, int]:
    """The one list item opening with a label in bold that every pass left without a
    partner on each side, paired when the page's words say they are one entry: an entry
    naming nothing ("**Speed.** Firefox 3 has gotten a performance boost…") that the
    translation has in another place, where no anchor and no run of entries around it tells
    where it went. Their similarity by the words the lexicon knows
    (:meth:`~relsync.lexicon.Lexicon.similarity`) must be :data:`~relsync.lexicon.HOLDS_MIN`
    at least, their lengths not more than :data:`LABELLED_MAX_LENGTH_RATIO` apart, and they
    must name nothing apart. Not when either side has another such item left: of two or
    more, the one a translated item's words are most like is another's often enough (of
    the 863 labelled items the five corpora pair with confidence, each judged by the words
    the other pairs teach, the most similar translated item by 0.2 more than any other was
    another item's 6 times, at 0.46 to 0.75), and an entry whose own translation an earlier
    pass gave to another takes the next best. An item upstream added where the translation
    still has one it removed elsewhere is two entries: their words do not go together."""
    paired_a = {i for p in al.pairs if p.is_match for i in p.upstream}
    paired_b = {j for p in al.pairs if p.is_match for j in p.translation}

    def left(doc, paired) -> list[int]:
        return [b.index for b in doc.blocks if b.index not in paired and b.kind == BlockKind.LIST_ITEM
                and not is_definition(b.text) and LEAD_RE.match(b.source)]

    left_a, left_b = left(al.upstream, paired_a), left(al.translation, paired_b)
    if len(left_a) != 1 or len(left_b) != 1:
        return {}
    a, b = left_a[0], left_b[0]
    block_a, block_b = al.upstream.blocks[a], al.translation.blocks[b]
    la, lb = weighted_length(block_a.text), weighted_length(block_b.text)
    if (block_a.quote != block_b.quote or block_a.level != block_b.level
            or max(la, lb) > LABELLED_MAX_LENGTH_RATIO * max(1, min(la, lb))
            or scorer.contradicts(a, b) or scorer.dated_apart(a, b)):
        return {}
    words = taught(al)  # (the page's lexicon, last: its cost is the page's pairs)
    if words is None or not words.judges(a, b) or words.similarity(a, b) < HOLDS_MIN:
        return {}
    return {a: b}
