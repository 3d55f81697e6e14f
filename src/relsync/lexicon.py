"""What a document's own translation says about its words.

An aligned changelog of 700 entries, or a page of a hundred paragraphs, is a small parallel
corpus: the words its confident pairs hold together (`disabled` and `禁用`, `refactor` and
`重构`, `style` and `样式`) tell two entries apart where their anchors cannot, two list items
naming the same component or none at all. A word goes with another when they are in many of
the same pairs (Dice's coefficient over the pairs, each pair of words in two pairs at least);
and they are in them together more than chance would have it. In a translation written in
Latin letters, a word written alike (`aplicaciones` for "applications", at
:func:`cognate`) goes with it too. A word of upstream is a word of three letters or
more, cut to :data:`STEM` letters (`resources` and `resource` are one); of the translation,
the same, and in CJK text each two letters in a row. A document of fewer than
:data:`MIN_PAIRS` confident pairs teaches nothing: a few dozen pairs put `release` with
whatever the translator wrote beside `版本`.

:meth:`Lexicon.similarity` is how much of each block's known words, the rarer weighing more
(`fix` and `修复` are in half a changelog's entries), the other block holds a word going
with, from 0 to 1: the evidence a block moved with no anchor to say so (see
:mod:`relsync.align_words`), and of two entries naming the same component, which is which.
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from functools import lru_cache

from rapidfuzz import fuzz, process

from .languages import CJK_LETTERS, is_cjk_text
from .model import Alignment, Block, BlockKind

#: Words are cut to this many letters (a poor stemmer, for every language alike).
STEM = 7
#: Two words go together when their Dice coefficient over the pairs is at least this ...
MIN_DICE = 0.3
#: ... and they are in at least this many pairs together.
MIN_TOGETHER = 2
#: ... and together at least this many times as often as chance would put them (the pairs
#: holding one times the pairs holding the other, over all pairs): `the` is in most pairs,
#: with every frequent word of the translation.
MIN_LIFT = 2.0
#: Pairs scoring at least this teach the lexicon.
CONFIDENT = 0.8
#: With fewer confident pairs than this, only words written alike count.
MIN_PAIRS = 50
#: :meth:`Lexicon.evidence` counts in steps this large: two texts of one entry that upstream
#: wrote twice (a change listed in two releases) differ by noise, not by evidence.
STEP = 0.25
#: :meth:`Lexicon.holds`: a translation block is one upstream block's rather than another's
#: when it is this similar to it at least, and by this much more than to the other.
HOLDS_MIN = 0.35
HOLDS_MARGIN = 0.2
#: A translation block most of whose words (this share) are words of the upstream document
#: is written in upstream's language (:meth:`Lexicon.in_upstream_words`).
UPSTREAM_WORDS = 0.8
#: A word of the translation is one of upstream's written another way (`Anti-Viren` for
#: "anti-virus", `aplicaciones` for "applications") at this rapidfuzz ratio ...
COGNATE = 80
#: ... and of this many letters at least, for the lexicon.
COGNATE_MIN = 5

_TAUGHT_KINDS = frozenset({BlockKind.PARAGRAPH, BlockKind.LIST_ITEM, BlockKind.HEADING, BlockKind.TABLE_ROW})
_WORD_RE = re.compile(r"[^\W\d_]{3,}")
_CJK_RE = re.compile(f"[{CJK_LETTERS}]+")


def cognate(word: str, words: frozenset[str], least: int) -> bool:
    """Whether ``word`` (``least`` letters at least) is one of ``words`` written another way:
    a plural, a spelling of the translation's language (`Anti-Viren` for "anti-virus"): a
    word of at most :data:`COGNATE_LENGTHS` letters more or fewer, :data:`COGNATE` alike."""
    n = len(word)
    if n < least:
        return False
    if word in words:
        return True
    by_length = _by_length(words if isinstance(words, frozenset) else frozenset(words))
    near = [w for k in range(n - COGNATE_LENGTHS, n + COGNATE_LENGTHS + 1) for w in by_length.get(k, ())]
    return bool(near) and process.extractOne(word, near, scorer=fuzz.ratio, score_cutoff=COGNATE) is not None


#: How many letters a cognate (:func:`cognate`) may have more or fewer.
COGNATE_LENGTHS = 3


@lru_cache(maxsize=4096)
def _by_length(words: frozenset[str]) -> dict[int, list[str]]:
    """``words`` by their length (a block's words, asked about many words of other blocks)."""
    out: dict[int, list[str]] = {}
    for w in sorted(words):
        out.setdefault(len(w), []).append(w)
    return out


def words(text: str) -> frozenset[str]:
    """The words of ``text`` as the lexicon counts them (see the module's docstring)."""
    text = text.lower()
    out = {w[:STEM] for w in _WORD_RE.findall(_CJK_RE.sub(" ", text))}
    for run in _CJK_RE.findall(text):
        if len(run) == 1:
            out.add(run)
        out.update(run[k:k + 2] for k in range(len(run) - 1))
    return frozenset(out)


class Lexicon:
    """The words that go together in an alignment's confident pairs."""

    def __init__(self, al: Alignment, pairs: dict[int, int] | None = None,
                 unsure: tuple[set[int], set[int]] = (set(), set())) -> None:
        """Taught by ``al``'s confident pairs, and ``pairs`` (upstream block -> translation
        block: what a later pass holds for sure) instead of those of their blocks and of the
        ``unsure`` ones (upstream, translation)."""
        self.al = al
        self._words: tuple[dict[int, frozenset[str]], dict[int, frozenset[str]]] = ({}, {})
        pairs = dict(pairs or {})
        out_a, out_b = unsure[0] | set(pairs), unsure[1] | set(pairs.values())
        for p in al.pairs:
            if (p.is_match and len(p.upstream) == len(p.translation) == 1 and p.score >= CONFIDENT
                    and p.kind in _TAUGHT_KINDS and p.upstream[0] not in out_a and p.translation[0] not in out_b):
                pairs[p.upstream[0]] = p.translation[0]
        self._taught: list[tuple[frozenset[str], frozenset[str]]] = []
        self._in: tuple[dict[str, list[int]], dict[str, list[int]]] = (defaultdict(list), defaultdict(list))
        for i, j in pairs.items():
            if al.upstream.blocks[i].kind not in _TAUGHT_KINDS:
                continue
            wa, wb = self.words_a(i), self.words_b(j)
            if wa and wb:
                for w in wa:
                    self._in[0][w].append(len(self._taught))
                for w in wb:
                    self._in[1][w].append(len(self._taught))
                self._taught.append((wa, wb))
        self.taught = taught = len(self._taught)
        self._weight = ({x: math.log((taught + 2) / len(n)) for x, n in self._in[0].items()},
                        {y: math.log((taught + 2) / len(n)) for y, n in self._in[1].items()})
        self.unseen = math.log(taught + 2)
        self._goes: tuple[dict[str, dict[str, float]], dict[str, dict[str, float]]] = ({}, {})
        self._upstream_words: frozenset[str] | None = None
        self._similar: dict[tuple[int, int], float] = {}  # (what the alignment's passes ask again)
        # (a word written alike says something): the translation's prose, not its code
        self.latin = not is_cjk_text(" ".join(b.text for b in al.translation.blocks if b.kind in _TAUGHT_KINDS))

    def goes_with(self, word: str, side: int = 0) -> dict[str, float]:
        """The words of the other side going with ``word`` of upstream (``side`` 0) or of the
        translation (1), and how much (Dice's coefficient); worked out on first use."""
        got = self._goes[side].get(word)
        if got is None:
            got = self._goes[side][word] = {}
            holding = self._in[side].get(word, ())
            if self.taught >= MIN_PAIRS and len(holding) >= MIN_TOGETHER:
                together: Counter[str] = Counter()
                for k in holding:
                    together.update(self._taught[k][1 - side])
                other = self._in[1 - side]
                for y, n in together.items():
                    if n < MIN_TOGETHER or n * self.taught < MIN_LIFT * len(holding) * len(other[y]):
                        continue
                    dice = 2 * n / (len(holding) + len(other[y]))
                    if dice >= MIN_DICE:
                        got[y] = dice
        return got

    def words_a(self, i: int) -> frozenset[str]:
        return self._of(0, self.al.upstream.blocks[i])

    def words_b(self, j: int) -> frozenset[str]:
        return self._of(1, self.al.translation.blocks[j])

    def _of(self, side: int, block: Block) -> frozenset[str]:
        got = self._words[side].get(block.index)
        if got is None:
            got = self._words[side][block.index] = words(block.text)
        return got

    def similarity(self, i: int, j: int) -> float:
        """How much of upstream block ``i``'s and translation block ``j``'s known words the
        other holds a word going with (the mean of the two), 0 when one has no known word."""
        found = self._similar.get((i, j))
        if found is None:
            wa, wb = self.words_a(i), self.words_b(j)
            covered_a, known_a = self._covered(wa, wb, 0)
            covered_b, known_b = self._covered(wb, wa, 1)
            found = self._similar[i, j] = (covered_a / known_a + covered_b / known_b) / 2 if known_a and known_b else 0.0
        return found

    def in_upstream_words(self, j: int) -> bool:
        """Whether translation block ``j`` is written in upstream's words, as it was: most of
        its words (:data:`UPSTREAM_WORDS`) are words of the upstream document."""
        if self._upstream_words is None:
            self._upstream_words = frozenset(w for b in self.al.upstream.blocks for w in self.words_a(b.index))
        mine = self.words_b(j)
        return bool(mine) and len(mine & self._upstream_words) >= UPSTREAM_WORDS * len(mine)

    def judges(self, i: int, j: int) -> bool:
        """Whether each block holds a word the lexicon knows partners of, or one the other
        block writes alike: evidence that :meth:`similarity` is about the pair (a word of
        five letters with no partner and no look-alike counts in it, but vouches for
        nothing)."""
        return any(self.goes_with(w, 0) or self._alike(w, self.words_b(j)) for w in self.words_a(i)) and \
            any(self.goes_with(w, 1) or self._alike(w, self.words_a(i)) for w in self.words_b(j))

    def _alike(self, w: str, theirs: frozenset[str]) -> bool:
        return self.latin and cognate(w, theirs, COGNATE_MIN)

    def holds(self, held: int, other: int, j: int) -> bool:
        """Whether translation block ``j``'s words say it is upstream block ``held``'s rather
        than ``other``'s (:data:`HOLDS_MIN`, :data:`HOLDS_MARGIN`)."""
        s = self.similarity(held, j)
        return s >= HOLDS_MIN and s >= self.similarity(other, j) + HOLDS_MARGIN

    def evidence(self, i: int, j: int) -> float:
        """:meth:`similarity` in steps of :data:`STEP`."""
        return round(self.similarity(i, j) / STEP) * STEP

    def _covered(self, mine: frozenset[str], theirs: frozenset[str], side: int) -> tuple[float, float]:
        covered = known = 0.0
        weight = self._weight[side]
        for w in mine:
            partners = self.goes_with(w, side)
            rare = weight.get(w, self.unseen)
            if partners:
                known += rare * max(partners.values())
                covered += rare * max((d for y, d in partners.items() if y in theirs), default=0.0)
            elif self.latin and len(w) >= COGNATE_MIN:  # (a word the other writes alike, or not)
                known += rare
                if self._alike(w, theirs):
                    covered += rare
        return covered, known


def runner_up(scores: list[float], mine: float) -> float:
    """The best of ``scores`` once ``mine`` is left out of them (0 when none is left): what a
    similarity must beat by :data:`HOLDS_MARGIN`."""
    rest = sorted(scores, reverse=True)
    if mine in rest:
        rest.remove(mine)
    return rest[0] if rest else 0.0


def taught(al: Alignment) -> Lexicon | None:
    """The document's :class:`Lexicon`, or ``None`` when fewer than :data:`MIN_PAIRS` pairs
    taught it (it would say nothing to trust)."""
    words = Lexicon(al)
    return words if words.taught >= MIN_PAIRS else None
