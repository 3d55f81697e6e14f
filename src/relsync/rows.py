"""The rows of two aligned tables paired by best score, so reordered rows still match.

Cells kept as they are (names, values, code) say most about which row is which; anchors and,
between two Latin-script rows, the text itself say the rest. Long tables score only the rows
near the diagonal and the rows that share a rare anchor or cell, so the cost stays linear.
"""

from __future__ import annotations

from collections import deque

from rapidfuzz import fuzz

from .languages import CJK_SHARE, cjk_ratio
from .model import Block, BlockKind, Document, Pair
from .keys import anchor_keys, dice

_TABLE_ROW = BlockKind.TABLE_ROW
#: Half-width of the band of rows scored against each row of a long table (as the block DP's).
ROW_BAND = 12


#: Tables up to this many row pairs (n * m) have every pair scored; larger ones only the rows
#: within a band of the diagonal and the rows that share an anchor or a cell.
FULL_ROW_PAIRS = 2500
#: An anchor or a cell text in more rows than this says little about which row is which.
ROW_KEY_MAX_ROWS = 16


def _row_candidates(ra: list[Block], rb: list[Block], keys_a: list, keys_b: list) -> list[list[int]]:
    """For each upstream row, the translated rows worth scoring: all of them in a small
    table; else those within a band of the diagonal (as the block DP's) and those sharing an
    anchor or a kept cell, so that reordered rows still find each other in linear time."""
    n, m = len(ra), len(rb)
    if n * m <= FULL_ROW_PAIRS:
        return [list(range(m))] * n
    index: dict[str, list[int]] = {}
    for y, b in enumerate(rb):
        for key in {*keys_b[y], *("cell:" + c.text for c in b.cells if c.text)}:
            index.setdefault(key, []).append(y)
    width = 2 * ROW_BAND + min(abs(n - m), 4 * ROW_BAND)
    out = []
    for x, a in enumerate(ra):
        center = (x * m) // n
        ys = set(range(max(0, center - width), min(m, center + width + 1)))
        for key in {*keys_a[x], *("cell:" + c.text for c in a.cells if c.text)}:
            found = index.get(key, ())
            if len(found) <= ROW_KEY_MAX_ROWS:
                ys.update(found)
        out.append(sorted(ys))
    return out


def match_rows(up: Document, tr: Document, ua: tuple[int, ...], tb: tuple[int, ...]) -> list[Pair]:
    """Pair the rows of two tables by best score, so reordered rows still match."""
    ra = [up.blocks[i] for i in ua]
    rb = [tr.blocks[j] for j in tb]
    keys_a = [anchor_keys(r.anchors) for r in ra]
    keys_b = [anchor_keys(r.anchors) for r in rb]
    latin_a = [cjk_ratio(a.text) < CJK_SHARE for a in ra]
    latin_b = [cjk_ratio(b.text) < CJK_SHARE for b in rb]
    candidates = []
    for x, ys in enumerate(_row_candidates(ra, rb, keys_a, keys_b)):
        a = ra[x]
        for y in ys:
            b = rb[y]
            # A header pairs with a header; the first rows of two tables pair too, as an
            # HTML table may write its header row with <td> cells.
            first_rows = x == 0 and y == 0
            if a.header != b.header and not first_rows:
                continue
            s = 0.0
            if keys_a[x] or keys_b[y]:
                s = 0.7 * dice(keys_a[x], keys_b[y])
            else:
                s = 0.35
            if latin_b[y] and latin_a[x]:
                s = max(s, fuzz.ratio(a.text, b.text) / 100.0)
            # Cells kept as they are (names, values, code) say which row is which.
            kept = sum(1 for ca, cb in zip(a.cells, b.cells) if ca.text and ca.text == cb.text)
            if kept:
                s = max(s, 0.4 + 0.4 * kept / max(len(a.cells), len(b.cells)))
            pa = x / max(1, len(ra) - 1)
            pb = y / max(1, len(rb) - 1)
            s += 0.2 * max(0.0, 1.0 - 2 * abs(pa - pb))
            s += 0.1 * (1.0 if len(a.cells) == len(b.cells) else 0.0)
            if (a.header and b.header) or (first_rows and (a.header or b.header)):
                s = max(s, 0.9)
            candidates.append((min(1.0, s), x, y))
    candidates.sort(key=lambda c: (-c[0], c[1], c[2]))
    match_a: dict[int, tuple[int, float]] = {}
    used_b: set[int] = set()
    for s, x, y in candidates:
        if s < 0.3 or x in match_a or y in used_b:
            continue
        match_a[x] = (y, s)
        used_b.add(y)
    pairs: list[Pair] = []
    pending_b = deque(y for y in range(len(rb)) if y not in used_b)
    for x in range(len(ra)):
        if x in match_a:
            y, s = match_a[x]
            while pending_b and pending_b[0] < y:
                pairs.append(Pair((), (tb[pending_b.popleft()],), 0.0, _TABLE_ROW))
            pairs.append(Pair((ua[x],), (tb[y],), round(s, 4), _TABLE_ROW))
        else:
            pairs.append(Pair((ua[x],), (), 0.0, _TABLE_ROW))
    for y in pending_b:
        pairs.append(Pair((), (tb[y],), 0.0, _TABLE_ROW))
    return pairs
