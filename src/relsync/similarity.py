"""How alike two blocks are across languages: the units alignment works on and their score.

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

from .anchors import code_skeleton, pictographs
from .dialects import is_definition
from .languages import CJK_SHARE, cjk_ratio
from .keys import anchor_keys, overlap
from .model import HEADING_KINDS, BlockKind, Document

#: Further cost of a split or merge when one half shares no anchor with the other side.
UNSUPPORTED_MERGE_PENALTY = 0.05
#: Further cost of a split or merge of list items: a translator keeps a bullet per bullet,
#: and two short items joined fit a short translated one by length alone.
LIST_MERGE_PENALTY = 0.1
#: Weights of a 1-1 score with enough anchors: anchor overlap, length prior, position prior.
ANCHOR_WEIGHTS = (0.6, 0.25, 0.15)
#: Without enough anchors: a base, the length prior and the position prior.
TEXT_WEIGHTS = (0.35, 0.35, 0.3)
#: Without anchors and without text on one side: a base and the position prior.
EMPTY_WEIGHTS = (0.5, 0.5)
#: Scores resting on too little evidence are scaled down by this factor.
SPARSE_EVIDENCE = 0.8
#: Weights of two code blocks' score (their skeletons; markup alone: itself), position prior.
CODE_WEIGHTS = (0.93, 0.07)
#: Factor of a heading pair of different levels.
OTHER_LEVEL = 0.75
#: Factor of a description of a term (MDN's ``- : description``) paired with a block of
#: another kind; with a list item that is no description (a term, an entry of its own), the
#: score is 0.
OTHER_DEFINITION = 0.3
#: Factor of a paragraph of the page's own text paired with one inside a list item (the text
#: under a "- **Details**" label): a translation keeps its lists as upstream does.
OTHER_DEPTH = 0.9
#: Below this rapidfuzz ratio two texts of one script are not one (unrelated sentences: 35-50).
SAME_TEXT_MIN = 60
#: Width of the length prior, in log units of the length ratio.
LENGTH_SIGMA = 0.55
#: How fast the position prior falls as relative positions differ.
POSITION_SLOPE = 2.5


# Enum members as module constants: read in loops over every block and every score.
_HEADING, _TABLE_ROW, _CODE = BlockKind.HEADING, BlockKind.TABLE_ROW, BlockKind.CODE
_LIST_ITEM, _HTML = BlockKind.LIST_ITEM, BlockKind.HTML
_PROSE = frozenset({BlockKind.PARAGRAPH, BlockKind.LIST_ITEM})


def position_prior(pos_a: float, pos_b: float, slope: float = POSITION_SLOPE) -> float:
    """1 at the same relative position, falling linearly to 0."""
    return max(0.0, 1.0 - slope * abs(pos_a - pos_b))


KIND_GROUP = {
    "heading": "heading",
    "title": "heading",
    "paragraph": "text",
    "list_item": "text",
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
    ga, gb = KIND_GROUP.get(a, a), KIND_GROUP.get(b, b)
    if ga == gb:
        return 0.85
    if {ga, gb} <= {"text", "html", "container"}:
        return 0.45
    return 0.0


@dataclass(slots=True)
class Unit:
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
    """For headings: see :func:`relsync.align_levels.heading_body` (computed with ``body``;
    :data:`~relsync.align_levels.UNKNOWN_LENGTH` for a body of a template construct alone)."""
    code: str = ""
    """For code blocks: the code without comments and strings (see :func:`code_skeleton`)."""
    _words: frozenset[str] | None = None
    _strong: "Strong | None" = None
    quote: int = 0
    """Block-quote depth: a quoted note is never merged with the paragraph before it."""
    definition: bool = False
    """For a list item: whether it describes the term above it (:func:`is_definition`)."""
    nested: bool = False
    """For a paragraph: whether it stands inside a list item."""
    source: str = ""
    """For a translation block: the upstream text a comment above it keeps (see
    :mod:`relsync.comments`), compared with upstream text as text of one language."""
    joined: tuple | None = None
    """This unit merged with the next one(s), as :func:`_side` last computed it."""

    @property
    def words(self) -> frozenset[str]:
        """Lowercase Latin words of the text (of upstream prose), computed on first use."""
        if self._words is None:
            self._words = frozenset(_WORD_RE.findall(self.text.lower())) if self.latin else frozenset()
        return self._words

    @property
    def strong(self) -> "Strong":
        """The strong anchors of the unit and how many there are (:func:`strong_of`),
        computed on first use: the DP compares the same unit with every unit of its band."""
        if self._strong is None:
            self._strong = strong_of(self.keys)
        return self._strong


_WORD_RE = re.compile(r"[a-z][a-z0-9_.\-]*[a-z0-9]")


def _text_length(text: str) -> int:
    return len("".join(text.split()))


def units_of(doc: Document) -> list[Unit]:
    units: list[Unit] = []
    i = 0
    blocks = doc.blocks
    n = len(blocks)
    while i < n:
        b = blocks[i]
        if b.kind == _TABLE_ROW:
            j = i
            while j + 1 < n and blocks[j + 1].kind == _TABLE_ROW and blocks[j + 1].table == b.table:
                j += 1
            group = blocks[i : j + 1]
            keys: Counter[str] = Counter()
            for r in group:
                keys.update(anchor_keys(r.anchors))
            text = "\n".join(r.text for r in group)
            units.append(Unit(tuple(r.index for r in group), "table", keys, _text_length(text),
                               text, cjk_ratio(text) < CJK_SHARE))
            i = j + 1
            continue
        if b.kind == _CODE or (b.kind == _HTML and not b.text.strip()):  # code; markup alone
            code = code_skeleton(b.text, b.info) if b.kind == _CODE else " ".join(b.source.split())[:2000]
            keys = Counter({"c:" + code[:200]: 1}) if b.kind == _CODE else Counter()
            units.append(Unit((b.index,), b.kind, keys, len(code), "", True, code=code or " "))
            i += 1
            continue
        text = b.text if b.kind != BlockKind.FRONT_MATTER else ""
        keys = anchor_keys(b.anchors)
        if b.kind == "container" and b.info:
            keys["x:" + b.info.lower()] += 1
        for symbol in pictographs(text):
            keys["e:" + symbol] += 1
        latin = cjk_ratio(text) < CJK_SHARE
        units.append(
            Unit((b.index,), b.kind, keys, _text_length(text), text, latin,
                  level=b.level if b.is_heading else 0, quote=b.quote,
                  definition=b.kind == _LIST_ITEM and is_definition(text),
                  nested=b.kind == BlockKind.PARAGRAPH and b.level > 0)
        )
        i += 1
    total = max(1, len(units) - 1)
    for k, u in enumerate(units):
        u.pos = k / total
    return units


def _length_ratio(up: list[Unit], tr: list[Unit]) -> float:
    """Characters of translation per character of upstream, from the prose of both documents."""
    la = sum(u.length for u in up if u.kind in _PROSE)
    lb = sum(u.length for u in tr if u.kind in _PROSE)
    if la < 200 or lb < 50:
        return 1.0
    return max(0.15, min(4.0, lb / la))


class Scorer:
    def __init__(self, up: list[Unit], tr: list[Unit]) -> None:
        self.up = up
        self.tr = tr
        self.ratio = _length_ratio(up, tr)
        self.log_ratio = math.log(self.ratio)
        self.cache: dict[tuple[tuple[int, ...], tuple[int, ...]], float] = {}
        self.unit_of_a = {b: k for k, u in enumerate(up) for b in u.blocks}
        self.unit_of_b = {b: k for k, u in enumerate(tr) for b in u.blocks}

    def length_prior(self, la: int, lb: int, same_language: bool) -> float:
        """How well ``lb`` characters of translation fit ``la`` of upstream: the length
        expected from the documents' ratio is smoothed as the observed one is, so that two
        short upstream items are not a better fit for one short translated item than either
        alone (with the ratio applied after smoothing, every short block of a language pair
        of ratio 0.3 looks three times too long)."""
        expected = la if same_language else self.ratio * la
        d = math.log((lb + 4) / (expected + 4))
        return math.exp(-(d * d) / (2 * LENGTH_SIGMA * LENGTH_SIGMA))

    def block_score(self, block_a: int, block_b: int) -> float:
        """The 1-1 score of the units holding two blocks (positions taken as equal)."""
        ua = self.unit_of_a.get(block_a)
        ub = self.unit_of_b.get(block_b)
        if ua is None or ub is None:
            return 0.0
        return self._score([self.up[ua]], [self.tr[ub]], 0.5, 0.5)

    def contradicts(self, block_a: int, block_b: int, least: int = 3) -> bool:
        """Whether the units holding two blocks hold at least ``least`` strong anchors
        together, none shared (see :func:`_contradicted`)."""
        ua = self.unit_of_a.get(block_a)
        ub = self.unit_of_b.get(block_b)
        return ua is not None and ub is not None and _contradicted(self.up[ua].strong, self.tr[ub].strong,
                                                                    self.tr[ub].keys, least)

    def dated_apart(self, block_a: int, block_b: int) -> bool:
        """Whether one of two blocks is dated and the other, undated, names something else
        (see :func:`_undated_differs`)."""
        ua = self.unit_of_a.get(block_a)
        ub = self.unit_of_b.get(block_b)
        if ua is None or ub is None:
            return False
        ka, kb = self.up[ua].keys, self.tr[ub].keys
        return (_DATED in ka) != (_DATED in kb) and _undated_differs(ka, kb)

    def score(self, ai: tuple[int, ...], bj: tuple[int, ...], pos_a: float, pos_b: float) -> float:
        key = (ai, bj)
        cached = self.cache.get(key)
        if cached is not None:
            return cached
        if len(ai) == 1 and len(bj) == 1:
            s = self._score_one(self.up[ai[0]], self.tr[bj[0]], pos_a, pos_b)
        else:
            s = self._score([self.up[i] for i in ai], [self.tr[j] for j in bj], pos_a, pos_b)
        self.cache[key] = s
        return s

    def _score(self, ua: list[Unit], ub: list[Unit], pos_a: float, pos_b: float) -> float:
        if len(ua) == 1 and len(ub) == 1:
            return self._score_one(ua[0], ub[0], pos_a, pos_b)
        side_a, side_b = _side(ua), _side(ub)
        if (side_a is None or side_b is None or ua[0].quote != ub[0].quote
                or KIND_GROUP.get((ua if len(ua) == 1 else ub)[0].kind) != "text"):
            return 0.0  # only prose is split or merged, and never across a block quote
        kf = min(_kind_factor(a.kind, b.kind) for a in ua for b in ub)
        if kf == 0.0:
            return 0.0
        if any(u.definition for u in ua) != any(u.definition for u in ub):
            kf *= OTHER_DEFINITION
        merged = ua if len(ua) > 1 else ub
        if any(u.definition for u in merged) and any(u.kind == _LIST_ITEM and not u.definition for u in merged):
            return 0.0  # a description of the term above it and an entry of its own are two blocks
        ka, la, ta, latin_a, wa, sa = side_a
        kb, lb, tb, latin_b, _, sb = side_b
        # Each half of a split must share something with the other side; a credit line or a
        # note with no anchors needs the length to speak for it.
        parts, other = (ua, kb) if len(ua) > 1 else (ub, ka)
        part_links = any(k[0] == "l" for p in parts for k in p.strong[0])
        other_strong = sb if parts is ua else sa
        if part_links != any(k[0] == "l" for k in other_strong[0]):
            return 0.0  # one side links where the other links nowhere: another text (a note)
        if any(_contradicted(p.strong, other_strong, other) for p in parts):
            return 0.0  # a half that cites other bugs, code, links than the other side: another text
        if other and any(not (p.keys.keys() & other.keys()) for p in parts):
            penalty = UNSUPPORTED_MERGE_PENALTY
        else:
            penalty = 0.0
        if all(p.kind == _LIST_ITEM for p in parts):
            penalty += LIST_MERGE_PENALTY
        return self._combine(ua[0], ub[0], ka, kb, sa, sb, la, lb, ta, tb, wa, latin_a and latin_b, kf,
                             penalty, pos_a, pos_b)

    def _score_one(self, a: Unit, b: Unit, pos_a: float, pos_b: float) -> float:
        """The score of one unit against one (the DP's most frequent question)."""
        kf = 1.0 if a.kind == b.kind else _kind_factor(a.kind, b.kind)
        if kf == 0.0:
            return 0.0
        if a.definition != b.definition:
            if a.kind == b.kind:
                return 0.0  # a description of the term above it and an entry of its own
            kf *= OTHER_DEFINITION
        if a.nested != b.nested:
            kf *= OTHER_DEPTH
        if (a.kind == _HTML or b.kind == _HTML) and bool(a.code) != bool(b.code):
            return 0.0  # markup alone and a block of text are not one block
        if a.code and b.code:
            similarity = fuzz.ratio(a.code[:4000], b.code[:4000]) / 100.0
            pp = max(0.0, 1.0 - POSITION_SLOPE * abs(pos_a - pos_b))  # position_prior, inline
            w_code, w_pos = CODE_WEIGHTS
            return min(1.0, w_code * similarity + w_pos * pp)
        return self._combine(a, b, a.keys, b.keys, a.strong, b.strong, a.length, b.length, a.text, b.text,
                             lambda: a.words, b.latin and a.latin, kf, 0.0, pos_a, pos_b, b.source)

    def _combine(self, a: Unit, b: Unit, ka: Counter[str], kb: Counter[str], sa: "Strong", sb: "Strong",
                 la: int, lb: int, ta: str, tb: str, wa, same_language: bool, kf: float, penalty: float,
                 pos_a: float, pos_b: float, source: str = "") -> float:
        """Anchors, length, position and text of the two sides into one score; ``source``: the
        upstream text a translation comment keeps (compared as text of one language)."""
        lp = self.length_prior(la, lb, same_language and self.ratio < 0.8)
        pp = max(0.0, 1.0 - POSITION_SLOPE * abs(pos_a - pos_b))  # position_prior, inline: hot
        an, weight = overlap(ka, kb, wa)
        if weight >= 1.0:
            w_anchor, w_length, w_pos = ANCHOR_WEIGHTS
            base = w_anchor * an + w_length * lp + w_pos * pp
            if an < 1.0 and _contradicted(sa, sb, kb):
                base *= CONTRADICTED
            elif (_DATED in ka) != (_DATED in kb) and _undated_differs(ka, kb):
                base = min(base * CONTRADICTED, CONTRADICTED_MAX)
        else:
            if ta and tb:
                w_base, w_length, w_pos = TEXT_WEIGHTS
                base = w_base + w_length * lp + w_pos * pp
            else:
                w_base, w_pos = EMPTY_WEIGHTS
                base = w_base + w_pos * pp
            base *= SPARSE_EVIDENCE
        if same_language and ta and tb:
            same = fuzz.ratio(ta[:2000], tb[:2000], score_cutoff=SAME_TEXT_MIN) / 100.0
            base = max(base, same)
        if source and ta:
            base = max(base, fuzz.ratio(ta[:2000], source[:2000]) / 100.0)
        if a.kind == _HEADING and b.kind in HEADING_KINDS:
            if a.level != b.level:
                base *= OTHER_LEVEL
        return max(0.0, min(1.0, base * kf - penalty))


#: The key every dated block holds: a translation keeps the date of a line (a release or
#: publication date) in a form the date reader knows, so a dated line pairs with a dated line.
_DATED = "d:*"
#: Anchors that identify what a block is about (numbers, code, links, dates), as opposed to
#: Latin words a translation may or may not keep.
_STRONG = frozenset("ncld")
#: Strong anchors the two sides must hold together, none shared and each side at least one,
#: for them to contradict a pairing (one changed link each is a page renamed since).
CONTRADICTING_ANCHORS = 3
#: Factor of a score whose anchors contradict it: length and position alone do not make two
#: blocks one when each names other things (another bug, other code).
CONTRADICTED = 0.5
#: ... and a dated block beside an undated one that names something else scores at most
#: this, under the aligner's gain floor: such a pair is never worth making.
CONTRADICTED_MAX = 0.25


#: A side's strong anchors and how many times they occur.
Strong = tuple[tuple[str, ...], int]


def _strong(keys: Counter[str]) -> list[str]:
    return [k for k in keys if k[0] in _STRONG and k != "d:*"]


def strong_of(keys: Counter[str]) -> Strong:
    found = tuple(_strong(keys))
    return found, sum(keys[k] for k in found)


def _contradicted(sa: Strong, sb: Strong, kb: Counter[str], least: int = CONTRADICTING_ANCHORS) -> bool:
    """Both sides hold strong anchors (``sa``, ``sb``: :func:`strong_of`) and share none of
    them (not even nearly), enough that they speak of different things: two list items
    citing other bugs and other APIs. Latin words both keep do not outweigh that."""
    (a, na), (b, nb) = sa, sb
    return bool(a) and bool(b) and na + nb >= least and _no_shared(a, b, kb)


def _no_shared(sa: tuple[str, ...], sb: tuple[str, ...], kb: Counter[str]) -> bool:
    """Whether no strong anchor of one side is (nearly) one of the other's."""
    for a in sa:
        if a in kb:
            return False
        for b in sb:
            if a[:2] == b[:2] and abs(len(a) - len(b)) <= max(len(a), len(b)) // 5 and fuzz.ratio(
                    a, b, score_cutoff=90):
                return False
            if a[:2] == b[:2] and a[0] in "cl" and _same_words(a, b):
                return False
    return True


_NAME_WORD_RE = re.compile(r"[a-z]{2,}")


def _same_words(a: str, b: str) -> bool:
    """Two page names or code spans of which two thirds of the words of the shorter are the
    other's: one page renamed or localized (``CSS_improvements_in_Firefox_3`` and
    ``Firefox_3_CSS_Improvement``), one command with another argument (``npx
    install-vue@edge`` and ``npx install-vue@canary``). Bug numbers have no words."""
    wa, wb = set(_NAME_WORD_RE.findall(a[2:])), set(_NAME_WORD_RE.findall(b[2:]))
    return bool(wa and wb) and 3 * len(wa & wb) >= 2 * min(len(wa), len(wb))


def _undated_differs(ka: Counter[str], kb: Counter[str]) -> bool:
    """Of a dated and an undated block, whether the undated one holds a strong anchor the
    dated one lacks: it speaks of something else (a call for help with its own link beside
    a release line), rather than giving the date in words the date reader cannot read."""
    dated, undated = (ka, kb) if _DATED in ka else (kb, ka)
    return any(k not in dated for k in _strong(undated))


def _side(units: list[Unit]) -> tuple[Counter[str], int, str, bool, object, Strong] | None:
    """One side of a split or merged pair: anchor keys, length, text, whether it is all
    Latin, its words (a function, computed on use) and its strong anchors; ``None`` when the units are not all
    prose of one block-quote depth. Kept on the first unit: the DP asks for the same pair of
    units against every unit of its band."""
    first = units[0]
    if len(units) == 1:
        return first.keys, first.length, first.text, first.latin, lambda: first.words, first.strong
    memo = first.joined
    if memo is not None and memo[0] == len(units) and memo[1] is units[-1]:
        return memo[2]
    if any(KIND_GROUP.get(u.kind) != "text" for u in units) or len({u.quote for u in units}) > 1:
        side = None
    else:
        keys: Counter[str] = Counter()
        for u in units:
            keys.update(u.keys)
        side = (keys, sum(u.length for u in units), " ".join(u.text for u in units),
                all(u.latin for u in units), lambda: frozenset().union(*(u.words for u in units)),
                strong_of(keys))
    first.joined = (len(units), units[-1], side)
    return side


def increasing_chain(points: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The longest chain of points strictly increasing on both coordinates (patience
    sorting, O(n log n)): the sync points that keep document order."""
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
