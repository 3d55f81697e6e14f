"""Document x Document -> :class:`~relsync.model.Alignment`.

Structure first: the headings of both documents (a front-matter ``title`` counts as a level-1
heading) are aligned by a monotone dynamic program and the confident pairs become hard sync
points. The blocks between consecutive sync points are then aligned by a second, banded
dynamic program with the moves 1-1, 1-0, 0-1, 1-2 and 2-1 (a split or merged paragraph).
Tables are aligned as one unit and their rows matched afterwards by best score, so reordered
rows still pair up (in a long table, among the rows within a band of the diagonal and those
sharing an anchor or a cell). How alike two units are is :mod:`relsync.similarity`'s.
"""

from __future__ import annotations

import bisect
from collections import Counter
from functools import partial

from .align_dp import GAIN_FLOOR, MERGE_PENALTY, absorb_orphans, dp as _dp
from .align_kids import containers, late_parents, nested_pairs
from .align_moved import relocate
from .align_nested import (crossed_pairs, moved_sections, reopened_gaps, section_swaps, swapped_pairs,
                           swapped_runs)
from .align_levels import (UNKNOWN_LENGTH, displaced, heading_body, in_the_tree, level_shift, shifted_headings, strays,
                           unique_keys)
from .align_links import link_headings
from .align_order import add_pairs
from .align_entries import entries_by_words, labelled_entries
from .align_runs import realigned_runs
from .align_words import stretches_by_words
from .comments import commented_blocks
from .languages import weighted_length
from .lexicon import MIN_PAIRS, Lexicon
from .model import HEADING_KINDS, Alignment, Block, BlockKind, Document, Pair
from .rows import match_rows
from .keys import dice
from .similarity import KIND_GROUP, Scorer, Unit, increasing_chain, position_prior, units_of

#: Heading pairs at or above this score become sync points.
SYNC_THRESHOLD = 0.33
# Enum members as module constants: read in loops over every block.
_TITLE, _FRONT_MATTER, _TABLE_ROW = BlockKind.TITLE, BlockKind.FRONT_MATTER, BlockKind.TABLE_ROW
#: Units that take part in the heading alignment.
_SYNC_KINDS = HEADING_KINDS | {_FRONT_MATTER}
#: Kinds that the leftover pairing never pairs.
_NOT_LEFTOVER = frozenset({_FRONT_MATTER, BlockKind.HTML, BlockKind.CODE, _TABLE_ROW})
#: Weights of a heading pair's score: the headings' own score, the anchors of the text under
#: them, the length of that text, and their relative position.
HEADING_WEIGHTS = (0.3, 0.4, 0.1, 0.2)
#: How fast the position prior of two headings falls as their positions differ.
HEADING_POSITION_SLOPE = 3.0
#: Factor of a heading pair of different levels.
HEADING_OTHER_LEVEL = 0.6

def _sync_points(upstream: Document, translation: Document, up: list[Unit], tr: list[Unit],
                 scorer: Scorer) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """The heading pairs that cut the documents into regions, in order; and the pairs of
    sibling sections the translation has in the other order, one of each two kept as a
    sync point and the other returned to be paired out of order."""
    hu = [k for k, u in enumerate(up) if u.kind in _SYNC_KINDS]
    ht = [k for k, u in enumerate(tr) if u.kind in _SYNC_KINDS]
    if not hu or not ht:
        return [], []

    def hscore(ai: tuple[int, ...], bj: tuple[int, ...], placed: bool = True) -> float:
        a = up[hu[ai[0]]]
        b = tr[ht[bj[0]]]
        if (a.kind == _FRONT_MATTER) != (b.kind == _FRONT_MATTER):
            return 0.0
        if a.kind == _FRONT_MATTER:
            return 1.0
        if any(k.startswith("t:#") and k in b.keys for k in a.keys):
            return 1.0  # the same heading id: the same section
        if b.source and b.source == " ".join(a.text.split()):
            return 1.0  # the translation's source comment is this heading
        own = scorer.score((hu[ai[0]],), (ht[bj[0]],), a.pos, b.pos)
        body_a, length_a = heading_body(upstream, up, hu[ai[0]])
        body_b, length_b = heading_body(translation, tr, ht[bj[0]])
        body = dice(body_a, body_b) if body_a or body_b else 0.5
        blen = 0.5 if UNKNOWN_LENGTH in (length_a, length_b) else scorer.length_prior(length_a, length_b, False)
        pp = position_prior(a.pos, b.pos, HEADING_POSITION_SLOPE) if placed else 0.0
        level = 1.0 if a.level == b.level else HEADING_OTHER_LEVEL
        w_own, w_body, w_length, w_pos = HEADING_WEIGHTS
        s = (w_own * own + w_body * body + w_length * blen + w_pos * pp) * level
        return min(1.0, s)

    # Headings that share a unique anchor (a heading id, a code name) pair first; the DP
    # runs on the gaps between them.
    first_a = unique_keys([up[k].keys for k in hu])
    first_b = unique_keys([tr[k].keys for k in ht])
    points = sorted({(x, first_b[key]) for key, x in first_a.items() if key in first_b})
    fixed = [(x, y) for x, y in increasing_chain(points) if hscore((x,), (y,)) >= 0.6]
    pairs: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    prev_x = prev_y = 0
    for x, y in fixed + [(len(hu), len(ht))]:
        ox, oy = prev_x, prev_y
        for ai, bj in _dp(x - ox, y - oy, lambda ai, bj, ox=ox, oy=oy: hscore(
                (ai[0] + ox,), (bj[0] + oy,)), allow_merge=False):
            pairs.append((tuple(i + ox for i in ai), tuple(j + oy for j in bj)))
        if x < len(hu) and y < len(ht):
            pairs.append(((x,), (y,)))
        prev_x, prev_y = x + 1, y + 1
    sync = []
    for ai, bj in pairs:
        if ai and bj and hscore(ai, bj) >= SYNC_THRESHOLD:
            sync.append((ai[0], bj[0]))
    sync = in_the_tree(sync, [up[k] for k in hu], [tr[k] for k in ht], lambda x, y: hscore((x,), (y,), False),
                       SYNC_THRESHOLD)
    def body(x: int, y: int) -> float:
        return dice(heading_body(upstream, up, hu[x])[0], heading_body(translation, tr, ht[y])[0])

    sync, crossed = displaced(sync, len(hu), len(ht), lambda x, y: hscore((x,), (y,), False), body,
                              SYNC_THRESHOLD)
    kept: list[tuple[int, int]] = []
    k = 0
    while k < len(sync):
        if k + 1 < len(sync):
            (x1, y1), (x2, y2) = sync[k], sync[k + 1]
            if (up[hu[x1]].kind == up[hu[x2]].kind == BlockKind.HEADING and up[hu[x1]].level == up[hu[x2]].level
                    and tr[ht[y1]].level == tr[ht[y2]].level):
                now = hscore((x1,), (y1,), False), hscore((x2,), (y2,), False)
                other = hscore((x1,), (y2,), False), hscore((x2,), (y1,), False)
                if all(o > c for o, c in zip(other, now)) and sum(other) - sum(now) >= SWAP_MARGIN:
                    # two sibling sections in the other order: the surer pair stays a sync point
                    first = other[0] >= other[1]
                    kept.append((x1, y2) if first else (x2, y1))
                    crossed.append((x2, y1) if first else (x1, y2))
                    k += 2
                    continue
        kept.append(sync[k])
        k += 1
    return [(hu[x], ht[y]) for x, y in kept], [(hu[x], ht[y]) for x, y in crossed]


#: Two neighbouring sections paired in order are taken as swapped when pairing them the
#: other way scores this much more, positions aside (and each pair better).
SWAP_MARGIN = 0.2
#: Unique shared anchors at or above this 1-1 score split a region before the DP runs.
ANCHOR_THRESHOLD = 0.55
#: A region of equal length whose diagonal pairs all score this much is taken as it is.
DIAGONAL_THRESHOLD = 0.6


def _unique_anchors(ra: list[int], rb: list[int], scorer: Scorer, score) -> list[tuple[int, int]]:
    """Pairs of units that share an anchor found exactly once on each side of the region,
    in order and confirmed by their score: sync points that cut the DP into small pieces
    (the idea of patience diff)."""
    first_a = unique_keys([scorer.up[u].keys for u in ra])
    first_b = unique_keys([scorer.tr[u].keys for u in rb])
    points = sorted({(x, first_b[k]) for k, x in first_a.items() if k in first_b})
    n, m = len(ra), len(rb)
    text_a = [KIND_GROUP.get(scorer.up[u].kind) == "text" for u in ra]
    text_b = [KIND_GROUP.get(scorer.tr[u].kind) == "text" for u in rb]
    chosen = []
    for x, y in increasing_chain(points):
        s = score((x,), (y,))
        if s < ANCHOR_THRESHOLD:
            continue
        # Not if the block is one half of a split or merged paragraph.
        alternatives = []
        if text_a[x] and text_b[y]:
            if y + 1 < m and text_b[y + 1]:
                alternatives.append(score((x,), (y, y + 1)))
            if y > 0 and text_b[y - 1]:
                alternatives.append(score((x,), (y - 1, y)))
            if x + 1 < n and text_a[x + 1]:
                alternatives.append(score((x, x + 1), (y,)))
            if x > 0 and text_a[x - 1]:
                alternatives.append(score((x - 1, x), (y,)))
        if alternatives and max(alternatives) - MERGE_PENALTY > s:
            continue
        if _neighbour_fits_better(x, y, n, m, s, score):
            continue
        chosen.append((x, y))
    return chosen


#: A shared unique anchor is no sync point when a neighbour of one of its blocks pairs with
#: the other by this much more.
ANCHOR_NEIGHBOUR_MARGIN = 0.1


def _neighbour_fits_better(x: int, y: int, n: int, m: int, s: float, score) -> bool:
    """Whether the unit before or after ``x`` fits ``y`` clearly better than ``x`` does, or
    the one before or after ``y`` fits ``x``: a word both keep once (``API``) is then no
    sign of one block, the translation of the neighbour is (and ``x`` or ``y`` has no
    partner: a block the other side lacks)."""
    for xa, ya in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)):
        if 0 <= xa < n and 0 <= ya < m and score((xa,), (ya,)) > s + ANCHOR_NEIGHBOUR_MARGIN:
            return True
    return False


def _comment_anchors(ra: list[int], rb: list[int], scorer: Scorer) -> list[tuple[int, int]]:
    """Pairs of the region whose translation's source comment is the upstream text, each
    found once: the strongest anchors there are."""
    wanted = {}
    for y, u in enumerate(rb):
        source = scorer.tr[u].source
        if source:
            wanted.setdefault(source, []).append(y)
    if not wanted:
        return []
    found: dict[str, list[int]] = {}
    for x, u in enumerate(ra):
        text = " ".join(scorer.up[u].text.split())
        if text in wanted:
            found.setdefault(text, []).append(x)
    return increasing_chain([(xs[0], wanted[t][0]) for t, xs in found.items() if len(xs) == 1 and len(wanted[t]) == 1])


def _with_comment_anchors(strong: list[tuple[int, int]], weak: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """``strong`` anchors, with the ``weak`` ones that fit between them in order."""
    if not strong:
        return weak
    chain = list(strong)
    for x, y in weak:
        k = bisect.bisect_left(chain, (x, y))
        before = chain[k - 1] if k else (-1, -1)
        after = chain[k] if k < len(chain) else (1 << 30, 1 << 30)
        if before[0] < x < after[0] and before[1] < y < after[1]:
            chain.insert(k, (x, y))
    return chain


def _align_region(ra: list[int], rb: list[int], scorer: Scorer, explained):
    """Align the units between two heading sync points: unique anchors first, then the DP
    on each gap between them."""
    n, m = len(ra), len(rb)

    def score(ai, bj):
        pa = (ai[0] + 0.5) / n
        pb = (bj[0] + 0.5) / m
        if n == 1 or m == 1:
            pa = pb = 0.5  # (a unit alone on its side has no place in the region: position says nothing)
        ua = (ra[ai[0]],) if len(ai) == 1 else tuple(ra[i] for i in ai)
        ub = (rb[bj[0]],) if len(bj) == 1 else tuple(rb[j] for j in bj)
        return scorer.score(ua, ub, pa, pb)

    if n == m and n > 1:
        # The common case: the translation follows upstream block for block. When every
        # diagonal pair is confident, it is the alignment, and the DP is not needed.
        diagonal = [score((x,), (x,)) for x in range(n)]
        if min(diagonal) >= DIAGONAL_THRESHOLD:
            return [((ra[x],), (rb[x],), diagonal[x]) for x in range(n)]
    anchors = _unique_anchors(ra, rb, scorer, score) if n > 1 and m > 1 else []
    anchors = _with_comment_anchors(_comment_anchors(ra, rb, scorer), anchors)
    path: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    prev_x, prev_y = 0, 0
    for x, y in anchors + [(n, m)]:
        gn, gm = x - prev_x, y - prev_y
        ox, oy = prev_x, prev_y

        def gap_score(ai, bj, ox=ox, oy=oy):
            if ox or oy:
                ai = (ai[0] + ox,) if len(ai) == 1 else tuple(i + ox for i in ai)
                bj = (bj[0] + oy,) if len(bj) == 1 else tuple(j + oy for j in bj)
            return score(ai, bj)

        merge_a = [KIND_GROUP.get(scorer.up[u].kind) == "text" for u in ra[ox:x]]
        merge_b = [KIND_GROUP.get(scorer.tr[u].kind) == "text" for u in rb[oy:y]]
        for ai, bj in _dp(gn, gm, gap_score, True, merge_a, merge_b):
            ai = tuple(i + ox for i in ai)
            bj = tuple(j + oy for j in bj)
            if len(ai) == 1 and len(bj) == 1 and score(ai, bj) < GAIN_FLOOR / 2:
                path += [(ai, ()), ((), bj)]
            else:
                path.append((ai, bj))
        if x < n and y < m:
            path.append(((x,), (y,)))
        prev_x, prev_y = x + 1, y + 1
    prose_a = [scorer.up[u].kind == BlockKind.PARAGRAPH for u in ra]
    prose_b = [scorer.tr[u].kind == BlockKind.PARAGRAPH for u in rb]

    def explains(side: int, lone: int, mine: int, theirs: int) -> bool:
        if side == 0:
            return explained(0, ra[lone], ra[mine], rb[theirs])
        return explained(1, rb[lone], rb[mine], ra[theirs])

    return [(tuple(ra[i] for i in ai), tuple(rb[j] for j in bj), score(ai, bj) if ai and bj else 0.0)
            for ai, bj in absorb_orphans(path, score, prose_a, prose_b, explains)]


def _explained_by(upstream: Document, translation: Document, up: list[Unit], tr: list[Unit]):
    """``explained(side, lone, mine, theirs)``: whether a unit without a partner (``lone``, of
    upstream when ``side`` is 0) holds what the other side's unit ``theirs`` has and its own
    partner ``mine`` lacks: an anchor, or inline markup (bold, code, a link) whose count the
    two as one match better: the evidence :func:`~relsync.align_dp.absorb_orphans` needs
    besides the length."""
    docs, units = (upstream, translation), (up, tr)

    def markup(side: int, u: int) -> Counter:
        out: Counter = Counter()
        for b in units[side][u].blocks:
            out.update(docs[side].blocks[b].markup.as_dict())
        return out

    def explained(side: int, lone: int, mine: int, theirs: int) -> bool:
        own, other = units[side], units[1 - side]
        if (own[lone].keys.keys() & other[theirs].keys.keys()) - own[mine].keys.keys():
            return True
        m_lone, m_mine, m_theirs = markup(side, lone), markup(side, mine), markup(1 - side, theirs)
        return any(abs(m_mine[k] + n - m_theirs[k]) < abs(m_mine[k] - m_theirs[k]) for k, n in m_lone.items())

    return explained


#: Unmatched runs up to this many blocks per side may be paired by :func:`_pair_leftovers`.
LEFTOVER_MAX_BLOCKS = 3
#: Leftover blocks whose lengths differ by more than this factor are not one translated
#: block (a macro-only line beside a paragraph, "No changes." beside a new paragraph),
#: unless both show an image (an alt text may be shortened); CJK text counts a letter as
#: three.
LEFTOVER_MAX_LENGTH_RATIO = 6.0
#: Nor are two blocks holding this many strong anchors (numbers, code, links, dates)
#: together, none of them shared: an item the translation added beside an upstream item it
#: lacks, each citing its own bugs and pages. Fewer is a block whose one or two anchors
#: changed, which the leftover pairing is for. Nor are a dated block and an undated one
#: that names something else (:meth:`~relsync.similarity.Scorer.dated_apart`).
LEFTOVER_CONTRADICTING_ANCHORS = 5
#: A 1-1 pair scoring under this (length and position alone) is part of a run of unmatched
#: blocks around it (the DP pairs an item with its neighbour's translation when neither fits).
LEFTOVER_WEAK_PAIR = 0.35


def _leftover_pair(a: Block, b: Block, scorer: Scorer) -> bool:
    if scorer.contradicts(a.index, b.index, LEFTOVER_CONTRADICTING_ANCHORS):
        return False
    if scorer.dated_apart(a.index, b.index):
        return False  # a dated line is not translated as another line without its date
    la, lb = weighted_length(a.text), weighted_length(b.text)
    if max(la, lb) <= LEFTOVER_MAX_LENGTH_RATIO * max(1, min(la, lb)):
        return True
    return bool(a.markup.as_dict().get("image")) and bool(b.markup.as_dict().get("image"))


def _pair_leftovers(al: Alignment, scorer: Scorer) -> list[Pair]:
    """Pair the blocks of a short unmatched run between two aligned pairs when both sides
    hold the same number of blocks of the same kinds, in order.

    Such a run is a translation whose anchors all differ from upstream's (a changed link or
    number in a one-link paragraph), or a short passage upstream rewrote: comparing the
    blocks says more than reporting one missing and one extra block. The pairs keep their
    low scores. A weak 1-1 pair in such a run is part of it (:data:`LEFTOVER_WEAK_PAIR`).
    """
    pairs = al.pairs
    open_ = [not p.is_match or (len(p.upstream) == len(p.translation) == 1 and p.score < LEFTOVER_WEAK_PAIR)
             for p in pairs]
    out: list[Pair] = []
    k = 0
    while k < len(pairs):
        if not open_[k]:
            out.append(pairs[k])
            k += 1
            continue
        end = k
        while end < len(pairs) and open_[end]:
            end += 1
        segment = pairs[k:end]
        ups = [i for p in segment for i in p.upstream]
        trs = [j for p in segment for j in p.translation]
        kinds_up = [al.upstream.blocks[i].kind for i in ups]
        kinds_tr = [al.translation.blocks[j].kind for j in trs]
        quotes_up = [al.upstream.blocks[i].quote for i in ups]
        quotes_tr = [al.translation.blocks[j].quote for j in trs]
        if (not all(p.is_match for p in segment) and ups and len(ups) <= LEFTOVER_MAX_BLOCKS
                and kinds_up == kinds_tr and quotes_up == quotes_tr
                and all(kind not in _NOT_LEFTOVER for kind in kinds_up)
                and all(_leftover_pair(al.upstream.blocks[i], al.translation.blocks[j], scorer)
                        for i, j in zip(ups, trs))):
            for i, j, kind in zip(ups, trs, kinds_up):
                s = scorer.block_score(i, j)
                out.append(Pair((i,), (j,), round(min(s, GAIN_FLOOR), 4), kind))
        else:
            out.extend(segment)
        k = end
    return out


def align(upstream: Document, translation: Document) -> Alignment:
    """Align two documents; every block of each appears in exactly one pair, in upstream's
    order, and in the translation's order except in the pairs marked ``moved``."""
    up = upstream.derived("align.units", lambda: units_of(upstream))  # pure: shared by every pair of the page
    tr = units_of(translation)
    shift = level_shift(up, tr)
    for u in tr if shift else ():
        if u.kind == BlockKind.HEADING:
            u.level -= shift  # compared with upstream's as the levels they stand for
    commented = commented_blocks(translation, upstream)
    if commented:
        for u in tr:
            if u.blocks[0] in commented:
                comment, k = commented[u.blocks[0]]
                u.source = comment.text(k)
    scorer = Scorer(up, tr)
    sync, crossed = _sync_points(upstream, translation, up, tr, scorer)
    link_headings(upstream, up, translation, tr, {tr[b].blocks[0]: up[a].blocks[0] for a, b in sync + crossed
                                                  if up[a].kind == tr[b].kind == BlockKind.HEADING})

    # A front-matter title paired with a `#` heading is matched, but it does not cut the
    # documents into regions: the title sits before everything else in its file, while the
    # heading may come after a script block or an introduction on the other side.
    floating = [(a, b) for a, b in sync if (up[a].kind == _TITLE) != (tr[b].kind == _TITLE)]
    hard = [(a, b) for a, b in sync if (up[a].kind == _TITLE) == (tr[b].kind == _TITLE)]
    skip_a = {a for a, _ in floating}
    skip_b = {b for _, b in floating}

    unit_pairs: list[tuple[tuple[int, ...], tuple[int, ...], float]] = []
    region = partial(_align_region, explained=_explained_by(upstream, translation, up, tr))
    prev_a, prev_b = 0, 0
    for a, b in hard + [(len(up), len(tr))]:
        ra = [x for x in range(prev_a, a) if x not in skip_a]
        rb = [y for y in range(prev_b, b) if y not in skip_b]
        unit_pairs.extend(region(ra, rb, scorer))
        if a < len(up) and b < len(tr):
            s = scorer.score((a,), (b,), up[a].pos, tr[b].pos)
            unit_pairs.append(((a,), (b,), max(s, SYNC_THRESHOLD)))
        prev_a, prev_b = a + 1, b + 1
    for a, b in floating:
        s = max(scorer.score((a,), (b,), up[a].pos, tr[b].pos), SYNC_THRESHOLD)
        at = next((k for k, (ua, _, _) in enumerate(unit_pairs) if ua and ua[0] > a), len(unit_pairs))
        unit_pairs.insert(at, ((a,), (b,), s))

    pairs: list[Pair] = []
    for ua_idx, ub_idx, s in unit_pairs:
        ua = [up[i] for i in ua_idx]
        ub = [tr[j] for j in ub_idx]
        a_blocks = tuple(b for u in ua for b in u.blocks)
        b_blocks = tuple(b for u in ub for b in u.blocks)
        a_table = len(ua) == 1 and ua[0].kind == "table"
        b_table = len(ub) == 1 and ub[0].kind == "table"
        if (a_table and b_table) or (a_table and not ub) or (b_table and not ua):
            pairs.extend(match_rows(upstream, translation, a_blocks, b_blocks))
            continue
        if a_table or b_table:  # a table paired with something else: its rows stay unpaired
            for blk in a_blocks:
                pairs.append(Pair((blk,), (), 0.0, upstream.blocks[blk].kind))
            for blk in b_blocks:
                pairs.append(Pair((), (blk,), 0.0, translation.blocks[blk].kind))
            continue
        kind = (upstream.blocks[a_blocks[0]] if a_blocks else translation.blocks[b_blocks[0]]).kind
        pairs.append(Pair(a_blocks, b_blocks, round(float(s), 4) if a_blocks and b_blocks else 0.0, kind))
    al = Alignment(upstream, translation, pairs)
    al.pairs = _pair_leftovers(al, scorer)
    al.pairs = add_pairs(al, scorer, {up[a].blocks[0]: tr[b].blocks[0] for a, b in crossed})
    for again in (False, True):  # (again when the pairs made since teach the words more)
        al.pairs, taught = relocate(al, scorer)
        for later in (moved_sections, reopened_gaps, realigned_runs, crossed_pairs):
            al.pairs = add_pairs(al, scorer, later(al, scorer, region))
        al.pairs = add_pairs(al, scorer, swapped_runs(al, lambda a, b: _swapped_pair(a, b, scorer)))
        for late in (swapped_pairs, section_swaps, late_parents, shifted_headings):
            al.pairs = add_pairs(al, scorer, late(al, scorer))
        if again or taught is None or Lexicon(al).taught < max(MIN_PAIRS, taught + 1):
            break
    for last in (strays, stretches_by_words, entries_by_words, labelled_entries):
        al.pairs = add_pairs(al, scorer, last(al, scorer))
    al.pairs = nested_pairs(al, scorer)
    al.pairs = containers(al, scorer)
    return al


#: Blocks of runs that swapped places pair when they score at least this, positions aside.
SWAPPED_MIN_SCORE = 0.4


def _swapped_pair(a: Block, b: Block, scorer: Scorer) -> bool:
    """Whether two blocks of runs that swapped places may be one translated block: as for a
    short unmatched run (:func:`_leftover_pair`), code blocks of one code too, with a score
    worth a pair out of order."""
    if scorer.block_score(a.index, b.index) < SWAPPED_MIN_SCORE:
        return False
    return a.kind == BlockKind.CODE or (a.kind not in _NOT_LEFTOVER and _leftover_pair(a, b, scorer))

