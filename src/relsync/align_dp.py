"""The dynamic program that aligns two runs of units in order (:mod:`relsync.align`'s): the
moves 1-1, 1-0, 0-1, 1-2 and 2-1, within a band of the diagonal that widens when the best
path runs along its edge; and the blocks it leaves without a partner that belong to the pair
beside them (:func:`absorb_orphans`)."""

from __future__ import annotations

#: Score below which a 1-1 pair is not worth making: the DP maximises sum(score - GAIN_FLOOR).
GAIN_FLOOR = 0.28
#: Extra cost of a 1-2 or 2-1 move over a 1-1 move.
MERGE_PENALTY = 0.03
#: Half-width of the DP band, in units, beyond the length difference of the two sides.
BAND = 12
#: Regions smaller than this (n * m) are aligned with the full, unbanded DP.
FULL_DP_CELLS = 900
#: The DP band first tries at most this much room for the length difference of the two
#: sides; it widens (doubling) only when the best path runs along the band's edge.
BAND_GROWTH_START = BAND


def dp(
    n: int,
    m: int,
    score,
    allow_merge: bool = True,
    merge_a: list[bool] | None = None,
    merge_b: list[bool] | None = None,
) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Monotone alignment of n x m units maximising sum(score - GAIN_FLOOR) over the pairs.

    ``score(i_tuple, j_tuple)`` returns a similarity in [0, 1]. The search is confined to a band
    around the diagonal when the region is large, so cost grows linearly with its length. The
    band is as wide as the length difference of the two sides needs in the worst case (a
    long run missing in one place), but it starts narrower and widens only when the best
    path found touches its edge: blocks missing here and there cost no more than the rest.
    """
    if n == 0 and m == 0:
        return []
    if n * m <= FULL_DP_CELLS:
        return _dp_band(n, m, score, allow_merge, merge_a, merge_b, None)[0]
    widest = BAND + abs(n - m)
    slope = -(-max(n, m) // max(1, min(n, m)))  # consecutive rows' bands must overlap
    width = BAND + min(abs(n - m), max(BAND_GROWTH_START, slope))
    path, value = _dp_band(n, m, score, allow_merge, merge_a, merge_b, width)
    while width < widest and _deviation(path, n, m) >= width - 1:
        # The best path runs along the edge: a wider band may hold a better one (a long
        # run missing in one place). Shuffled blocks run along the edge too, but a wider
        # band finds nothing better for them: stop there.
        width = min(widest, 2 * width)
        wider, wider_value = _dp_band(n, m, score, allow_merge, merge_a, merge_b, width)
        if wider_value <= value:
            break
        path, value = wider, wider_value
    return path


def _deviation(path, n: int, m: int) -> int:
    """How far from the diagonal band's center line the path strays."""
    i = j = worst = 0
    for ai, bj in path:
        i += len(ai)
        j += len(bj)
        worst = max(worst, abs(j - (i * m) // n))
    return worst


def _dp_band(n: int, m: int, score, allow_merge: bool, merge_a: list[bool] | None,
             merge_b: list[bool] | None, width: int | None
             ) -> tuple[list[tuple[tuple[int, ...], tuple[int, ...]]], float]:
    """The DP of :func:`dp` within ``width`` of the diagonal (every cell when None), and the
    value of the path it found; each row of the table is a list over its band."""
    neg = float("-inf")
    los: list[int] = []
    rows: list[list[float]] = []
    moves: list[list[tuple[int, int] | None]] = []

    def get(i: int, j: int) -> float:
        if i < 0 or j < 0:
            return neg
        k = j - los[i]
        row = rows[i]
        return row[k] if 0 <= k < len(row) else neg

    for i in range(n + 1):
        if width is None:
            lo, hi = 0, m
        else:
            center = (i * m) // n if n else 0
            lo, hi = max(0, center - width), min(m, center + width)
        los.append(lo)
        row = [neg] * (hi - lo + 1)
        move: list[tuple[int, int] | None] = [None] * (hi - lo + 1)
        rows.append(row)
        moves.append(move)
        can_a = allow_merge and i > 0 and (merge_a is None or merge_a[i - 1])
        can_a2 = can_a and i > 1 and (merge_a is None or merge_a[i - 2])
        for j in range(lo, hi + 1):
            if i == 0 and j == 0:
                row[0] = 0.0
                continue
            cur = neg
            arg = None
            # 1-0 and 0-1: a block with no partner.
            if i > 0:
                v = get(i - 1, j)
                if v > cur:
                    cur, arg = v, (1, 0)
            if j > 0:
                v = row[j - 1 - lo] if j - 1 >= lo else neg
                if v > cur:
                    cur, arg = v, (0, 1)
            if i > 0 and j > 0:
                v = get(i - 1, j - 1)
                if v != neg:
                    v += score((i - 1,), (j - 1,)) - GAIN_FLOOR
                    if v > cur:
                        cur, arg = v, (1, 1)
                if can_a:
                    if j > 1 and (merge_b is None or (merge_b[j - 1] and merge_b[j - 2])):
                        v = get(i - 1, j - 2)
                        if v != neg:
                            v += score((i - 1,), (j - 2, j - 1)) - GAIN_FLOOR - MERGE_PENALTY
                            if v > cur:
                                cur, arg = v, (1, 2)
                    if can_a2 and (merge_b is None or merge_b[j - 1]):
                        v = get(i - 2, j - 1)
                        if v != neg:
                            v += score((i - 2, i - 1), (j - 1,)) - GAIN_FLOOR - MERGE_PENALTY
                            if v > cur:
                                cur, arg = v, (2, 1)
            if arg is not None:
                row[j - lo] = cur
                move[j - lo] = arg
    # Walk back from the end; the band always contains (n, m).
    out: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    i, j = n, m
    while i > 0 or j > 0:
        di, dj = moves[i][j - los[i]]
        out.append((tuple(range(i - di, i)), tuple(range(j - dj, j))))
        i, j = i - di, j - dj
    out.reverse()
    return out, rows[n][m - los[n]]


#: A pair a block without a partner joins by :func:`absorb_orphans` must score this much.
ABSORB_MIN_SCORE = 0.5


def absorb_orphans(path: list[tuple[tuple[int, ...], tuple[int, ...]]], score, prose_a: list[bool],
                    prose_b: list[bool], explains) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """The DP's path with a paragraph that has no partner joined to the one-to-one pair of
    paragraphs beside it (``prose_a``, ``prose_b``: which units are paragraphs; list items are
    entries of their own) when the two as one score better with the other side's paragraph
    than that paragraph alone: two paragraphs the translator wrote as one (fastapi-docs zh-hant
    ``tutorial/dependencies/index.md:24``). The DP charges a merge :data:`MERGE_PENALTY`
    and prefers a block missing when the merge gains less; a block missing is an error, and
    what the joined pair leaves out is still read sentence by sentence (``omission``). The
    length alone is no evidence (a paragraph dropped beside a long translation of its
    neighbour): the block must hold what the other side's paragraph has and its neighbour
    lacks (``explains(side, lone, mine, theirs)``: an anchor, or bold, code or a link that
    the two as one count better); a translator's note or byline beside a paragraph holds
    nothing of upstream's and stays the translator's own."""
    out = list(path)
    k = 0
    while k < len(out):
        ai, bj = out[k]
        if bool(ai) == bool(bj) or len(ai) + len(bj) != 1:
            k += 1
            continue
        side = 0 if ai else 1
        lone = (ai or bj)[0]
        flags = prose_a if side == 0 else prose_b
        best = None
        for n in (k - 1, k + 1):
            if not (0 <= n < len(out)) or len(out[n][0]) != 1 or len(out[n][1]) != 1:
                continue
            x, y = out[n]
            mine, theirs = (x, y) if side == 0 else (y, x)
            if not (flags[lone] and flags[mine[0]] and (prose_b if side == 0 else prose_a)[theirs[0]]):
                continue
            if not explains(side, lone, mine[0], theirs[0]):
                continue
            alone = score(x, y)
            joined = tuple(sorted(mine + (lone,)))
            both = score(joined, theirs) if side == 0 else score(theirs, joined)
            if alone >= ABSORB_MIN_SCORE and both > alone and (best is None or both > best[0]):
                best = (both, n, (joined, theirs) if side == 0 else (theirs, joined))
        if best is None:
            k += 1
            continue
        _, n, pair = best
        out[n] = pair
        del out[k]
        k = min(k, n)
    return out
