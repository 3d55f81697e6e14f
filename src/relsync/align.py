"""Document x Document -> :class:`~relsync.model.Alignment`.

Structure first: the headings of both documents (a front-matter ``title`` counts as a level-1
heading) are aligned by a monotone dynamic program and the confident pairs become hard sync
points. The blocks between consecutive sync points are then aligned by a second, banded
dynamic program with the moves 1-1, 1-0, 0-1, 1-2 and 2-1 (a split or merged paragraph).
Tables are aligned as one unit and their rows matched afterwards by best score, so reordered
rows still pair up.

Similarity across languages cannot compare words, so it rests on what translation keeps:
anchors (code, numbers, dates, links, Latin-script terms, heading ids) compared with rapidfuzz,
the block kind, the length ratio of the language pair (estimated from the two documents
themselves), and the relative position. A passage left in English is recognised by plain
fuzzy string similarity.
"""

from __future__ import annotations

import bisect
import math
import re
from collections import Counter
from dataclasses import dataclass

from rapidfuzz import fuzz

from .anchors import cjk_ratio, code_skeleton
from .model import Alignment, Anchors, Document, Pair

#: Score below which a 1-1 pair is not worth making: the DP maximises sum(score - GAIN_FLOOR).
GAIN_FLOOR = 0.28
#: Extra cost of a 1-2 or 2-1 move over a 1-1 move.
MERGE_PENALTY = 0.03
#: Further cost when one half of the split shares no anchor with the other side.
UNSUPPORTED_MERGE_PENALTY = 0.05
#: Heading pairs at or above this score become sync points.
SYNC_THRESHOLD = 0.33
#: Half-width of the DP band, in units, beyond the length difference of the two sides.
BAND = 12
#: Regions smaller than this (n * m) are aligned with the full, unbanded DP.
FULL_DP_CELLS = 900

_KIND_GROUP = {
    "heading": "heading",
    "title": "heading",
    "paragraph": "text",
    "list_item": "text",
    "footnote": "text",
    "container": "container",
    "table": "table",
    "table_row": "table",
    "code": "code",
    "html": "html",
    "shortcode": "code",
    "front_matter": "front_matter",
}


def _kind_factor(a: str, b: str) -> float:
    if a == b:
        return 1.0
    ga, gb = _KIND_GROUP.get(a, a), _KIND_GROUP.get(b, b)
    if ga == gb:
        return 0.85
    if {ga, gb} <= {"text", "html", "container"}:
        return 0.45
    return 0.0


def _norm_link(url: str) -> str:
    """Localized links differ by a language prefix or host; keep the tail that identifies them."""
    url = url.split("?", 1)[0].rstrip("/").lower()
    for prefix in ("https://", "http://"):
        if url.startswith(prefix):
            url = url[len(prefix):].split("/", 1)[-1] if "/" in url[len(prefix):] else ""
    tail = url.rsplit("/", 1)[-1]
    return tail.removesuffix(".html").removesuffix(".md") or url


def anchor_keys(anchors: Anchors) -> Counter[str]:
    """The anchors of a block as one multiset of comparable keys."""
    keys = ["c:" + c.strip().rstrip("()").lower()[:200] for c in anchors.code] if anchors.code else []
    if anchors.numbers:
        keys += ["n:" + n for n in anchors.numbers]
    if anchors.dates:
        keys += ["d:" + d for d in anchors.dates]
        keys.append("d:*")  # a dated line pairs with a dated line, even when the dates differ
    if anchors.links:
        keys += ["l:" + _norm_link(link) for link in anchors.links]
    if anchors.terms:
        keys += ["t:" + t.lower() for t in anchors.terms]
    return Counter(keys) if keys else Counter()


#: Weight of an upstream term the translation does not contain: English prose is full of
#: capitalized words that a translation rightly does not keep.
UNMATCHED_TERM_WEIGHT = 0.3


def overlap(a: Counter[str], b: Counter[str], words=None) -> tuple[float, float]:
    """Weighted Dice overlap of upstream keys ``a`` and translation keys ``b``, in [0, 1],
    and the weight of the evidence it rests on (below 1: too little to judge by).

    Near-identical keys (rapidfuzz ratio >= 90) count 0.8 of a match; a Latin word the
    translation kept (``补丁版本 (patch releases)``) matches an ordinary word of the upstream
    text: ``words`` returns them (computed only when needed).
    """
    if not a and not b:
        return 0.0, 0.0
    shared = 0.0
    rest_a: dict[str, int] = {}
    rest_b = dict(b)
    for k, v in a.items():
        w = rest_b.get(k, 0)
        if w > v:
            shared += v
            rest_b[k] = w - v
        elif w:
            shared += w
            del rest_b[k]
            if w < v:
                rest_a[k] = v - w
        else:
            rest_a[k] = v
    kept = [k for k in rest_b if k[0] == "t"] if words is not None and rest_b else ()
    if kept:
        vocabulary = words()
        for k in [k for k in kept if k[2:] in vocabulary]:
            shared += rest_b.pop(k)
    if rest_a and rest_b and len(rest_a) * len(rest_b) <= 64:
        used: set[str] = set()
        for ka in list(rest_a):
            for kb in rest_b:
                if kb in used or ka[:2] != kb[:2] or abs(len(ka) - len(kb)) > max(len(ka), len(kb)) // 5:
                    continue
                if fuzz.ratio(ka, kb, score_cutoff=90):
                    n = min(rest_a[ka], rest_b[kb])
                    shared += 0.8 * n
                    rest_a[ka] -= n
                    rest_b[kb] -= n
                    used.add(kb)
                    break
    wa = 0.0
    for k, v in rest_a.items():
        wa += v * UNMATCHED_TERM_WEIGHT if k[0] == "t" else v
    wb = float(sum(rest_b.values()))
    weight = 2.0 * shared + wa + wb
    return (2.0 * shared / weight if weight else 0.0), weight


def dice(a: Counter[str], b: Counter[str]) -> float:
    return overlap(a, b)[0]


@dataclass(slots=True)
class _Unit:
    """What the DP aligns: one block, or all rows of one table."""

    blocks: tuple[int, ...]
    kind: str
    keys: Counter[str]
    length: int
    text: str
    latin: bool
    level: int = 0
    pos: float = 0.0
    body: Counter[str] | None = None
    body_length: int = -1
    """For headings: see :func:`_body` (-1 until computed)."""
    code: str = ""
    """For code blocks: the code without comments and strings (see :func:`code_skeleton`)."""
    _words: frozenset[str] | None = None

    @property
    def words(self) -> frozenset[str]:
        """Lowercase Latin words of the text (of upstream prose), computed on first use."""
        if self._words is None:
            self._words = frozenset(_WORD_RE.findall(self.text.lower())) if self.latin else frozenset()
        return self._words
    quote: int = 0
    """Block-quote depth: a quoted note is never merged with the paragraph before it."""


_WORD_RE = re.compile(r"[a-z][a-z0-9_.\-]*[a-z0-9]")


def _text_length(text: str) -> int:
    return len("".join(text.split()))


def _units(doc: Document) -> list[_Unit]:
    units: list[_Unit] = []
    i = 0
    blocks = doc.blocks
    n = len(blocks)
    while i < n:
        b = blocks[i]
        if b.kind == "table_row":
            j = i
            while j + 1 < n and blocks[j + 1].kind == "table_row" and blocks[j + 1].table == b.table:
                j += 1
            group = blocks[i : j + 1]
            keys: Counter[str] = Counter()
            for r in group:
                keys.update(anchor_keys(r.anchors))
            text = "\n".join(r.text for r in group)
            units.append(_Unit(tuple(r.index for r in group), "table", keys, _text_length(text),
                               text, cjk_ratio(text) < 0.2))
            i = j + 1
            continue
        if b.kind == "code":
            skeleton = code_skeleton(b.text, b.info)
            units.append(_Unit((b.index,), b.kind, Counter({"c:" + skeleton[:200]: 1}), len(skeleton),
                               "", True, code=skeleton or " "))
            i += 1
            continue
        text = b.text if b.kind not in ("front_matter",) else ""
        keys = anchor_keys(b.anchors)
        if b.kind == "container" and b.info:
            keys["x:" + b.info.lower()] += 1
        latin = cjk_ratio(text) < 0.2
        units.append(
            _Unit((b.index,), b.kind, keys, _text_length(text), text, latin,
                  level=b.level if b.is_heading else 0, quote=b.quote)
        )
        i += 1
    total = max(1, len(units) - 1)
    for k, u in enumerate(units):
        u.pos = k / total
    return units


def _length_ratio(up: list[_Unit], tr: list[_Unit]) -> float:
    """Characters of translation per character of upstream, from the prose of both documents."""
    la = sum(u.length for u in up if u.kind in ("paragraph", "list_item"))
    lb = sum(u.length for u in tr if u.kind in ("paragraph", "list_item"))
    if la < 200 or lb < 50:
        return 1.0
    return max(0.15, min(4.0, lb / la))


class _Scorer:
    def __init__(self, up: list[_Unit], tr: list[_Unit]) -> None:
        self.up = up
        self.tr = tr
        self.ratio = _length_ratio(up, tr)
        self.log_ratio = math.log(self.ratio)
        self.cache: dict[tuple[tuple[int, ...], tuple[int, ...]], float] = {}
        self.unit_of_a = {b: k for k, u in enumerate(up) for b in u.blocks}
        self.unit_of_b = {b: k for k, u in enumerate(tr) for b in u.blocks}

    def length_prior(self, la: int, lb: int, same_language: bool) -> float:
        expected = 0.0 if same_language else self.log_ratio
        d = math.log((lb + 4) / (la + 4)) - expected
        return math.exp(-(d * d) / (2 * 0.55 * 0.55))

    def block_score(self, block_a: int, block_b: int) -> float:
        """The 1-1 score of the units holding two blocks (positions taken as equal)."""
        ua = self.unit_of_a.get(block_a)
        ub = self.unit_of_b.get(block_b)
        if ua is None or ub is None:
            return 0.0
        return self._score([self.up[ua]], [self.tr[ub]], 0.5, 0.5)

    def score(self, ai: tuple[int, ...], bj: tuple[int, ...], pos_a: float, pos_b: float) -> float:
        key = (ai, bj)
        cached = self.cache.get(key)
        if cached is not None:
            return cached
        ua = [self.up[i] for i in ai]
        ub = [self.tr[j] for j in bj]
        s = self._score(ua, ub, pos_a, pos_b)
        self.cache[key] = s
        return s

    def _score(self, ua: list[_Unit], ub: list[_Unit], pos_a: float, pos_b: float) -> float:
        merged = len(ua) + len(ub) > 2
        if merged and (any(_KIND_GROUP.get(u.kind) != "text" for u in (*ua, *ub))
                       or len({u.quote for u in (*ua, *ub)}) > 1):
            return 0.0  # only prose is split or merged, and never across a block quote
        if merged:
            kf = min(_kind_factor(a.kind, b.kind) for a in ua for b in ub)
        else:
            kf = _kind_factor(ua[0].kind, ub[0].kind)
        if kf == 0.0:
            return 0.0
        if ua[0].code and ub[0].code:
            if len(ua) > 1 or len(ub) > 1:
                return 0.0
            similarity = fuzz.ratio(ua[0].code[:4000], ub[0].code[:4000]) / 100.0
            pp = max(0.0, 1.0 - 2.5 * abs(pos_a - pos_b))
            return min(1.0, 0.93 * similarity + 0.07 * pp)
        ka, la, ta = _joined(ua)
        kb, lb, tb = _joined(ub)
        wa = (lambda: ua[0].words) if len(ua) == 1 else (lambda: frozenset().union(*(u.words for u in ua)))
        if merged:
            same_language = all(u.latin for u in ub) and all(u.latin for u in ua)
        else:
            same_language = ub[0].latin and ua[0].latin
        lp = self.length_prior(la, lb, same_language and self.ratio < 0.8)
        pp = max(0.0, 1.0 - 2.5 * abs(pos_a - pos_b))
        if merged:
            # Each half of a split must share something with the other side; a credit line
            # or a note with no anchors needs the length to speak for it.
            parts, other = (ua, kb) if len(ua) > 1 else (ub, ka)
            if other and any(not (p.keys.keys() & other.keys()) for p in parts):
                penalty = UNSUPPORTED_MERGE_PENALTY
            else:
                penalty = 0.0
        else:
            penalty = 0.0
        an, weight = overlap(ka, kb, wa)
        if weight >= 1.0:
            base = 0.6 * an + 0.25 * lp + 0.15 * pp
        else:
            base = 0.35 + 0.35 * lp + 0.3 * pp if ta and tb else 0.5 + 0.5 * pp
            base *= 0.8
        if same_language and ta and tb:
            base = max(base, fuzz.ratio(ta[:2000], tb[:2000]) / 100.0)
        if ua[0].kind == "heading" and ub[0].kind in ("heading", "title"):
            if ua[0].level != ub[0].level:
                base *= 0.75
        return max(0.0, min(1.0, base * kf - penalty))


def _joined(units: list[_Unit]) -> tuple[Counter[str], int, str]:
    """Anchor keys, length and text of one side of a pair (two units for a split)."""
    if len(units) == 1:
        return units[0].keys, units[0].length, units[0].text
    keys: Counter[str] = Counter()
    for u in units:
        keys.update(u.keys)
    return keys, sum(u.length for u in units), " ".join(u.text for u in units)


def _dp(
    n: int,
    m: int,
    score,
    allow_merge: bool = True,
    merge_a: list[bool] | None = None,
    merge_b: list[bool] | None = None,
) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Monotone alignment of n x m units maximising sum(score - GAIN_FLOOR) over the pairs.

    ``score(i_tuple, j_tuple)`` returns a similarity in [0, 1]. The search is confined to a band
    around the diagonal when the region is large, so cost grows linearly with its length.
    """
    if n == 0 and m == 0:
        return []
    full = n * m <= FULL_DP_CELLS
    width = BAND + abs(n - m)

    def lo_hi(i: int) -> tuple[int, int]:
        if full:
            return 0, m
        center = (i * m) // n if n else 0
        return max(0, center - width), min(m, center + width)

    neg = float("-inf")
    best: dict[tuple[int, int], float] = {(0, 0): 0.0}
    back: dict[tuple[int, int], tuple[int, int]] = {}
    for i in range(n + 1):
        lo, hi = lo_hi(i)
        for j in range(lo, hi + 1):
            if i == 0 and j == 0:
                continue
            cur = neg
            arg = None
            # 1-0 and 0-1: a block with no partner.
            if i > 0:
                v = best.get((i - 1, j), neg)
                if v > cur:
                    cur, arg = v, (1, 0)
            if j > 0:
                v = best.get((i, j - 1), neg)
                if v > cur:
                    cur, arg = v, (0, 1)
            if i > 0 and j > 0:
                v = best.get((i - 1, j - 1), neg)
                if v != neg:
                    v += score((i - 1,), (j - 1,)) - GAIN_FLOOR
                    if v > cur:
                        cur, arg = v, (1, 1)
                if allow_merge and (merge_a is None or merge_a[i - 1]):
                    if j > 1 and (merge_b is None or (merge_b[j - 1] and merge_b[j - 2])):
                        v = best.get((i - 1, j - 2), neg)
                        if v != neg:
                            v += score((i - 1,), (j - 2, j - 1)) - GAIN_FLOOR - MERGE_PENALTY
                            if v > cur:
                                cur, arg = v, (1, 2)
                    if i > 1 and (merge_a is None or merge_a[i - 2]) and (merge_b is None or merge_b[j - 1]):
                        v = best.get((i - 2, j - 1), neg)
                        if v != neg:
                            v += score((i - 2, i - 1), (j - 1,)) - GAIN_FLOOR - MERGE_PENALTY
                            if v > cur:
                                cur, arg = v, (2, 1)
            if arg is not None:
                best[(i, j)] = cur
                back[(i, j)] = arg
    # Walk back from the end; the band always contains (n, m).
    out: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    i, j = n, m
    while i > 0 or j > 0:
        di, dj = back[(i, j)]
        out.append((tuple(range(i - di, i)), tuple(range(j - dj, j))))
        i, j = i - di, j - dj
    out.reverse()
    return out


#: A heading's body: the anchors of at most this many units after it.
BODY_UNITS = 15


def _body(units: list[_Unit], k: int) -> tuple[Counter[str], int]:
    """The anchors and length of the text under heading unit ``k`` (computed once)."""
    u = units[k]
    if u.body_length < 0:
        body: Counter[str] = Counter()
        length = 0
        for v in units[k + 1 : k + 1 + BODY_UNITS]:
            if v.kind in ("heading", "title") and v.level <= u.level:
                break
            body.update(v.keys)
            length += v.length
        u.body, u.body_length = body, length
    return u.body, u.body_length


def _sync_points(up: list[_Unit], tr: list[_Unit], scorer: _Scorer) -> list[tuple[int, int]]:
    hu = [k for k, u in enumerate(up) if u.kind in ("heading", "title", "front_matter")]
    ht = [k for k, u in enumerate(tr) if u.kind in ("heading", "title", "front_matter")]
    if not hu or not ht:
        return []

    def hscore(ai: tuple[int, ...], bj: tuple[int, ...]) -> float:
        a = up[hu[ai[0]]]
        b = tr[ht[bj[0]]]
        if (a.kind == "front_matter") != (b.kind == "front_matter"):
            return 0.0
        if a.kind == "front_matter":
            return 1.0
        if any(k.startswith("t:#") and k in b.keys for k in a.keys):
            return 1.0  # the same heading id: the same section
        own = scorer.score((hu[ai[0]],), (ht[bj[0]],), a.pos, b.pos)
        body_a, length_a = _body(up, hu[ai[0]])
        body_b, length_b = _body(tr, ht[bj[0]])
        body = dice(body_a, body_b) if body_a or body_b else 0.5
        blen = scorer.length_prior(length_a, length_b, False)
        pp = max(0.0, 1.0 - 3.0 * abs(a.pos - b.pos))
        level = 1.0 if a.level == b.level else 0.6
        s = (0.3 * own + 0.4 * body + 0.1 * blen + 0.2 * pp) * level
        return min(1.0, s)

    # Headings that share a unique anchor (a heading id, a code name) pair first; the DP
    # runs on the gaps between them.
    first_a = _unique_keys([up[k].keys for k in hu])
    first_b = _unique_keys([tr[k].keys for k in ht])
    points = sorted({(x, first_b[key]) for key, x in first_a.items() if key in first_b})
    fixed = [(x, y) for x, y in _lis(points) if hscore((x,), (y,)) >= 0.6]
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
            sync.append((hu[ai[0]], ht[bj[0]]))
    return sync


def _unique_keys(key_sets) -> dict[str, int]:
    """Keys that occur in exactly one of the given key sets -> the index of that set."""
    first: dict[str, int] = {}
    seen_twice: set[str] = set()
    for x, keys in enumerate(key_sets):
        for key in keys:
            if key in first:
                seen_twice.add(key)
            else:
                first[key] = x
    for key in seen_twice:
        del first[key]
    return first


def _match_rows(up: Document, tr: Document, ua: tuple[int, ...], tb: tuple[int, ...], ratio: float) -> list[Pair]:
    """Pair the rows of two tables by best score, so reordered rows still match."""
    ra = [up.blocks[i] for i in ua]
    rb = [tr.blocks[j] for j in tb]
    keys_a = [anchor_keys(r.anchors) for r in ra]
    keys_b = [anchor_keys(r.anchors) for r in rb]
    candidates = []
    for x, a in enumerate(ra):
        for y, b in enumerate(rb):
            if a.header != b.header:
                continue
            s = 0.0
            if keys_a[x] or keys_b[y]:
                s = 0.7 * dice(keys_a[x], keys_b[y])
            else:
                s = 0.35
            if cjk_ratio(b.text) < 0.2 and cjk_ratio(a.text) < 0.2:
                s = max(s, fuzz.ratio(a.text, b.text) / 100.0)
            # Cells kept as they are (names, values, code) say which row is which.
            kept = sum(1 for ca, cb in zip(a.cells, b.cells) if ca.text and ca.text == cb.text)
            if kept:
                s = max(s, 0.4 + 0.4 * kept / max(len(a.cells), len(b.cells)))
            pa = x / max(1, len(ra) - 1)
            pb = y / max(1, len(rb) - 1)
            s += 0.2 * max(0.0, 1.0 - 2 * abs(pa - pb))
            s += 0.1 * (1.0 if len(a.cells) == len(b.cells) else 0.0)
            if a.header and b.header:
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
    pending_b = [y for y in range(len(rb)) if y not in used_b]
    for x in range(len(ra)):
        if x in match_a:
            y, s = match_a[x]
            while pending_b and pending_b[0] < y:
                pairs.append(Pair((), (tb[pending_b.pop(0)],), 0.0, "table_row"))
            pairs.append(Pair((ua[x],), (tb[y],), round(s, 4), "table_row"))
        else:
            pairs.append(Pair((ua[x],), (), 0.0, "table_row"))
    for y in pending_b:
        pairs.append(Pair((), (tb[y],), 0.0, "table_row"))
    return pairs


#: Unique shared anchors at or above this 1-1 score split a region before the DP runs.
ANCHOR_THRESHOLD = 0.55
#: A region of equal length whose diagonal pairs all score this much is taken as it is.
DIAGONAL_THRESHOLD = 0.6


def _lis(points: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The longest chain of points strictly increasing on both coordinates."""
    # Equal x in decreasing y: a strictly increasing y chain then takes at most one of them.
    points = sorted(set(points), key=lambda p: (p[0], -p[1]))
    tails: list[int] = []
    tail_idx: list[int] = []
    prev = [-1] * len(points)
    for k, (_, y) in enumerate(points):
        pos = bisect.bisect_left(tails, y)
        if pos == len(tails):
            tails.append(y)
            tail_idx.append(k)
        else:
            tails[pos] = y
            tail_idx[pos] = k
        prev[k] = tail_idx[pos - 1] if pos else -1
    chain = []
    k = tail_idx[-1] if tail_idx else -1
    while k >= 0:
        chain.append(points[k])
        k = prev[k]
    chain.reverse()
    return chain


def _unique_anchors(ra: list[int], rb: list[int], scorer: _Scorer, score) -> list[tuple[int, int]]:
    """Pairs of units that share an anchor found exactly once on each side of the region,
    in order and confirmed by their score: sync points that cut the DP into small pieces
    (the idea of patience diff)."""
    first_a = _unique_keys([scorer.up[u].keys for u in ra])
    first_b = _unique_keys([scorer.tr[u].keys for u in rb])
    points = sorted({(x, first_b[k]) for k, x in first_a.items() if k in first_b})
    n, m = len(ra), len(rb)
    text_a = [_KIND_GROUP.get(scorer.up[u].kind) == "text" for u in ra]
    text_b = [_KIND_GROUP.get(scorer.tr[u].kind) == "text" for u in rb]
    chosen = []
    for x, y in _lis(points):
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
        chosen.append((x, y))
    return chosen


def _align_region(ra: list[int], rb: list[int], scorer: _Scorer):
    """Align the units between two heading sync points: unique anchors first, then the DP
    on each gap between them."""
    n, m = len(ra), len(rb)

    def score(ai, bj):
        pa = (ai[0] + 0.5) / n
        pb = (bj[0] + 0.5) / m
        return scorer.score(tuple(ra[i] for i in ai), tuple(rb[j] for j in bj), pa, pb)

    if n == m and n > 1:
        # The common case: the translation follows upstream block for block. When every
        # diagonal pair is confident, it is the alignment, and the DP is not needed.
        diagonal = [score((x,), (x,)) for x in range(n)]
        if min(diagonal) >= DIAGONAL_THRESHOLD:
            return [((ra[x],), (rb[x],), diagonal[x]) for x in range(n)]
    anchors = _unique_anchors(ra, rb, scorer, score) if n > 1 and m > 1 else []
    out = []
    prev_x, prev_y = 0, 0
    for x, y in anchors + [(n, m)]:
        gn, gm = x - prev_x, y - prev_y
        ox, oy = prev_x, prev_y

        def gap_score(ai, bj, ox=ox, oy=oy):
            return score(tuple(i + ox for i in ai), tuple(j + oy for j in bj))

        merge_a = [_KIND_GROUP.get(scorer.up[u].kind) == "text" for u in ra[ox:x]]
        merge_b = [_KIND_GROUP.get(scorer.tr[u].kind) == "text" for u in rb[oy:y]]
        for ai, bj in _dp(gn, gm, gap_score, True, merge_a, merge_b):
            ai = tuple(i + ox for i in ai)
            bj = tuple(j + oy for j in bj)
            s = score(ai, bj) if ai and bj else 0.0
            if ai and bj and s < GAIN_FLOOR / 2 and len(ai) == 1 and len(bj) == 1:
                out.append(((ra[ai[0]],), (), 0.0))
                out.append(((), (rb[bj[0]],), 0.0))
                continue
            out.append((tuple(ra[i] for i in ai), tuple(rb[j] for j in bj), s))
        if x < n and y < m:
            out.append(((ra[x],), (rb[y],), score((x,), (y,))))
        prev_x, prev_y = x + 1, y + 1
    return out


#: Unmatched runs up to this many blocks per side may be paired by :func:`_pair_leftovers`.
LEFTOVER_MAX_BLOCKS = 3


def _pair_leftovers(al: Alignment, scorer: _Scorer) -> list[Pair]:
    """Pair the blocks of a short unmatched run between two aligned pairs when both sides
    hold the same number of blocks of the same kinds, in order.

    Such a run is a translation whose anchors all differ from upstream's (a changed link or
    number in a one-link paragraph), or a short passage upstream rewrote: comparing the
    blocks says more than reporting one missing and one extra block. The pairs keep their
    low scores.
    """
    pairs = al.pairs
    out: list[Pair] = []
    k = 0
    while k < len(pairs):
        if pairs[k].is_match:
            out.append(pairs[k])
            k += 1
            continue
        end = k
        while end < len(pairs) and not pairs[end].is_match:
            end += 1
        segment = pairs[k:end]
        ups = [i for p in segment for i in p.upstream]
        trs = [j for p in segment for j in p.translation]
        kinds_up = [al.upstream.blocks[i].kind for i in ups]
        kinds_tr = [al.translation.blocks[j].kind for j in trs]
        quotes_up = [al.upstream.blocks[i].quote for i in ups]
        quotes_tr = [al.translation.blocks[j].quote for j in trs]
        if (ups and len(ups) <= LEFTOVER_MAX_BLOCKS and kinds_up == kinds_tr and quotes_up == quotes_tr
                and all(kind not in ("front_matter", "html", "code", "table_row") for kind in kinds_up)):
            for i, j, kind in zip(ups, trs, kinds_up):
                s = scorer.block_score(i, j)
                out.append(Pair((i,), (j,), round(min(s, GAIN_FLOOR), 4), kind))
        else:
            out.extend(segment)
        k = end
    return out


def align(upstream: Document, translation: Document) -> Alignment:
    """Align two documents; every block of each appears in exactly one pair, in order."""
    up = _units(upstream)
    tr = _units(translation)
    scorer = _Scorer(up, tr)
    sync = _sync_points(up, tr, scorer)

    # A front-matter title paired with a `#` heading is matched, but it does not cut the
    # documents into regions: the title sits before everything else in its file, while the
    # heading may come after a script block or an introduction on the other side.
    floating = [(a, b) for a, b in sync if (up[a].kind == "title") != (tr[b].kind == "title")]
    hard = [(a, b) for a, b in sync if (up[a].kind == "title") == (tr[b].kind == "title")]
    skip_a = {a for a, _ in floating}
    skip_b = {b for _, b in floating}

    unit_pairs: list[tuple[tuple[int, ...], tuple[int, ...], float]] = []
    prev_a, prev_b = 0, 0
    for a, b in hard + [(len(up), len(tr))]:
        ra = [x for x in range(prev_a, a) if x not in skip_a]
        rb = [y for y in range(prev_b, b) if y not in skip_b]
        unit_pairs.extend(_align_region(ra, rb, scorer))
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
            pairs.extend(_match_rows(upstream, translation, a_blocks, b_blocks, scorer.ratio))
            continue
        if (a_table or b_table):
            # A table paired with something else: keep the rows unpaired, honestly.
            for blk in a_blocks:
                pairs.append(Pair((blk,), (), 0.0, upstream.blocks[blk].kind))
            for blk in b_blocks:
                pairs.append(Pair((), (blk,), 0.0, translation.blocks[blk].kind))
            continue
        kind = (upstream.blocks[a_blocks[0]] if a_blocks else translation.blocks[b_blocks[0]]).kind
        pairs.append(Pair(a_blocks, b_blocks, round(float(s), 4) if a_blocks and b_blocks else 0.0, kind))
    al = Alignment(upstream, translation, pairs)
    al.pairs = _pair_leftovers(al, scorer)
    return al
