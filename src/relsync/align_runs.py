"""Runs of the ordered alignment aligned again once pairs were made out of order.

The ordered alignment aligns the blocks between two sync points with each other, the blocks
of a section the translation has in another place among them: it pairs by length and place
what it can, and a paragraph of the page's introduction takes the place of a paragraph of
the moved section. Once the moved section pairs where it stands (:mod:`relsync.align_moved`,
:func:`~relsync.align_nested.moved_sections`), the blocks it held in the gap are free again,
and a pair the ordered alignment made beside them may be its neighbour's translation:
tauri-docs' frontend page in French, its "Configuration Checklist" section after the
framework lists, its introduction's second paragraph cut short, paired "If a framework is not
listed…" with the first paragraph's translation and left "Tauri is frontend agnostic…" and
the second paragraph without a partner.

A run of such pairs (blocks naming nothing that tells them apart,
:func:`~relsync.align_nested.evident`) and of blocks without a partner on both sides, between
pairs the run does not hold, is aligned again by itself (the same dynamic program): the new
pairs are made when each scores :data:`~relsync.align_nested.GAP_MIN_SCORE` at least
(positions aside: what a pair out of order needs), they pair more blocks, and together they
are worth :data:`RUN_MARGIN` more than the pairs they undo (each pair worth its score less
:data:`~relsync.align_dp.GAIN_FLOOR`).
"""

from __future__ import annotations

from typing import Iterator

from .align_nested import GAP_MIN_SCORE, evident
from .model import Alignment, BlockKind, Pair
from .similarity import Scorer

#: What a pair is worth: its score less this (:data:`relsync.align_dp.GAIN_FLOOR`).
FLOOR = 0.28
#: ... and the new pairs are worth this much more than those they undo.
RUN_MARGIN = 0.2
#: A run holds at most this many blocks on each side.
RUN_MAX_BLOCKS = 8
_TEXT = frozenset({BlockKind.PARAGRAPH, BlockKind.LIST_ITEM})


def realigned_runs(al: Alignment, scorer: Scorer, align_region) -> dict[int, int]:
    """The pairs of the runs aligned again (see the module's docstring), upstream block ->
    translation block; only once a pair was made out of order."""
    if not any(p.moved for p in al.pairs):
        return {}
    out: dict[int, int] = {}
    for run in runs(al, scorer):
        out.update(_again(al, scorer, run, align_region))
    return out


def runs(al: Alignment, scorer: Scorer) -> Iterator[list[Pair]]:
    """The runs of the pair list: pairs that :func:`in_run` allows, one after another, between
    pairs it does not (a pair made out of order stands elsewhere: not between them)."""
    run: list[Pair] = []
    for p in al.pairs + [None]:
        if p is not None and p.moved:
            continue
        if p is not None and in_run(al, scorer, p):
            run.append(p)
            continue
        if run:
            yield run
        run = []


def in_run(al: Alignment, scorer: Scorer, p: Pair) -> bool:
    """Whether a pair may stand in a run: one list item or paragraph on each side (or one
    on one side alone), naming nothing telling (:func:`~relsync.align_nested.evident`)."""
    if len(p.upstream) > 1 or len(p.translation) > 1:
        return False
    kinds = [al.upstream.blocks[i].kind for i in p.upstream] + [al.translation.blocks[j].kind for j in p.translation]
    if any(k not in _TEXT for k in kinds):
        return False
    return not (p.upstream and p.translation) or not evident(scorer, p.upstream[0], p.translation[0])


def _again(al: Alignment, scorer: Scorer, run: list[Pair], align_region) -> dict[int, int]:
    """A run's new pairs, or none."""
    blocks_a = sorted(p.upstream[0] for p in run if p.upstream)
    blocks_b = sorted(p.translation[0] for p in run if p.translation)
    paired = [p for p in run if p.upstream and p.translation]
    if not paired or len(paired) in (len(blocks_a), len(blocks_b)) or max(len(blocks_a), len(blocks_b)) > RUN_MAX_BLOCKS:
        return {}  # (no block without a partner on each side: nothing to gain)
    ua = [scorer.unit_of_a.get(i) for i in blocks_a]
    ub = [scorer.unit_of_b.get(j) for j in blocks_b]
    if None in ua or None in ub or any(len(scorer.up[k].blocks) != 1 for k in ua) \
            or any(len(scorer.tr[k].blocks) != 1 for k in ub):
        return {}  # (a block the units do not hold alone: not aligned again here)
    new = {}
    for ai, bj, _ in align_region(ua, ub, scorer):
        if len(ai) == 1 and len(bj) == 1:
            a, b = scorer.up[ai[0]].blocks[0], scorer.tr[bj[0]].blocks[0]
            if scorer.block_score(a, b) < GAP_MIN_SCORE:
                return {}
            new[a] = b
    now = {p.upstream[0]: p.translation[0] for p in paired}
    if len(new) <= len(now):
        return {}
    worth = sum(scorer.block_score(a, b) - FLOOR for a, b in new.items())
    if worth < sum(scorer.block_score(a, b) - FLOOR for a, b in now.items()) + RUN_MARGIN:
        return {}
    return new
