"""What of upstream's English a page's translation keeps throughout, learned from the page
itself as a translator's own style.

Its terms: words of upstream that the translation writes as upstream does, block after
block (``frontend``, ``token``, ``plugin``: jargon, no common English word), so that a block
which writes one nowhere has likely left out the part that held it (`omission`). Over its
one-to-one paragraphs and list items (those left in upstream's words aside), a word is a kept
term when the translation writes it in most of the blocks whose upstream holds it, and seldom
where upstream has it not (Spanish "no", German "also" are words of the translation's
language).

Its phrases: a translation that writes short phrases of upstream's English inside its own
sentences in many blocks (Hindi pages written in the mix of Hindi and English their readers
use: "HTTP headers on the fly set करने के लिए") keeps such phrases as its style, not as
clauses left untranslated (`untranslated-clause`).

Its own words: words in Latin letters its translation writes in several blocks and upstream's
page nowhere, no English word or a short word of the target's grammar (Turkish "ve", "nedir";
Spanish "un"), which tell a heading or sentence written in the translation's language around
upstream's terms from English left as it is (`untranslated`).
"""

from __future__ import annotations

import re
from collections import Counter

from ..english_words import ENGLISH_WORD_RE, english_shared, english_zipf
from ..model import Alignment
from .lengths import left_in_english, one_to_one
from .masking import masked_of
from .units import LATIN_WORD_RE, is_jargon

#: A term is seen in this many upstream blocks at least ...
_MIN_BLOCKS = 2
#: ... the translation writes it in this share of them at least ...
_KEPT_SHARE = 0.8
#: ... and in at most this many blocks whose upstream has it not, for each block that keeps it.
_ELSEWHERE_SHARE = 0.25


def words(text: str) -> set[str]:
    """The words in Latin letters of ``text``, folded."""
    return {w.casefold() for w in LATIN_WORD_RE.findall(text)}


class KeptTerms:
    """The document's kept terms, as a set to ask whether a folded word that a block's upstream
    holds and its translation writes nowhere is in: kept in the document's other blocks (the
    block asked about is left out of the count), learned from the alignment the first time
    it is asked (most blocks never ask)."""

    __slots__ = ("_al", "_memo", "_counts")

    def __init__(self, al: Alignment, memo: dict) -> None:
        self._al, self._memo, self._counts = al, memo, None

    def __contains__(self, word: object) -> bool:
        return self._kept(word, False)  # (the block asked about: upstream holds it, the translation not)

    def writes(self, word: str) -> bool:
        """Whether a folded word that a block's upstream holds and its translation writes too
        is kept in the document's other blocks."""
        return self._kept(word, True)

    def _kept(self, word: object, written: bool) -> bool:
        """:func:`is_kept` of ``word`` over the other blocks (the block asked about, whose
        translation writes the word or not, left out of the counts)."""
        if self._counts is None:
            self._counts = _counts(self._al, self._memo)
        ups, both, alone = self._counts
        return is_kept(ups.get(word, 0) - 1, both.get(word, 0) - written, alone.get(word, 0), word)


def is_kept(n: int, kept: int, alone: int, word: object) -> bool:
    """Whether a word upstream holds in ``n`` blocks, the translation in ``kept`` of them and in
    ``alone`` blocks whose upstream has it not, is a kept term."""
    return (n >= _MIN_BLOCKS and kept >= _KEPT_SHARE * n and alone <= _ELSEWHERE_SHARE * kept
            and isinstance(word, str) and is_jargon(word))


def kept_terms(al: Alignment, memo: dict) -> frozenset[str]:
    """The folded words the document's translation keeps as upstream writes them (see the
    module's doc)."""
    ups, both, alone = _counts(al, memo)
    return frozenset(w for w, n in ups.items() if is_kept(n, both[w], alone[w], w))


def _counts(al: Alignment, memo: dict) -> tuple[Counter, Counter, Counter]:
    """For each folded word, the one-to-one blocks whose upstream holds it, those whose
    translation writes it too, and those whose translation alone does (counted for every
    word: only those of upstream, all jargon, are ever asked for)."""
    ups: Counter = Counter()
    both: Counter = Counter()
    alone: Counter = Counter()
    jargon = al.upstream.derived("terms.jargon", dict)  # (upstream's, for every locale of the page)
    for up, tr in one_to_one(al):
        if left_in_english(memo, up, tr):
            continue
        ours = jargon.get(up.index)
        if ours is None:
            ours = jargon[up.index] = frozenset(w for w in words(masked_of(memo, "up", up)[0]) if is_jargon(w))
        theirs = words(masked_of(memo, "tr", tr)[0])
        ups.update(ours)
        both.update(ours & theirs)
        alone.update(theirs - ours)
    return ups, both, alone


#: A phrase of upstream's English: three words or more in lower case, all of them upstream's.
_PHRASE_RE = re.compile(rf"(?:{ENGLISH_WORD_RE.pattern}\s+){{2,}}{ENGLISH_WORD_RE.pattern}")
_PHRASE_WORDS = 3
#: A page mixes English phrases into its sentences when this share of its translated blocks
#: hold one at least (Hindi pages of fastapi-docs: 15% of their blocks; every other language
#: of the corpora with more than one translated block: under 3%) ...
_MIXED_SHARE = 0.08
#: ... and this many.
_MIXED_BLOCKS = 3


def page_mixes_english(memo: dict, al: Alignment) -> bool:
    """:func:`mixes_english`, read once for a page (``memo``: the page's)."""
    found = memo.get("terms.mixes")
    if found is None:
        found = memo["terms.mixes"] = mixes_english(al)
    return found


def mixes_english(al: Alignment) -> bool:
    """Whether the page's translation writes short phrases of upstream's English inside its own
    sentences, in many of its blocks (see the module's doc)."""
    translated = mixed = 0
    for up, tr in one_to_one(al):
        if tr.text.isascii():
            continue  # (a block in ASCII alone may be left in English)
        translated += 1
        ours = None
        for m in _PHRASE_RE.finditer(tr.text):
            found = ENGLISH_WORD_RE.findall(m.group(0))
            if sum(w.islower() for w in found) < _PHRASE_WORDS:
                continue
            ours = ours if ours is not None else {w.lower() for w in ENGLISH_WORD_RE.findall(up.text)}
            if all(w.lower() in ours for w in found):
                mixed += 1
                break
    return mixed >= _MIXED_BLOCKS and mixed >= _MIXED_SHARE * translated


#: A word of the translation's own language: written in this many of its blocks at least ...
_OWN_BLOCKS = 2
#: ... no English word, or a word of the target's grammar as short as this that English
#: writes too (Spanish "un", "la"; Turkish "ve").
_OWN_SHARED_LETTERS = 3


def page_own_words(memo: dict, al: Alignment, locale: str) -> frozenset[str]:
    """The folded words in Latin letters that the page's translation writes in two of its
    blocks or more and upstream's page writes nowhere, words of no English (Turkish "ile",
    "nedir") or short words of the target's grammar that English writes too (Spanish "un",
    "la", by wordfreq's lists, :func:`~relsync.english_words.english_shared`): the
    translation's own language; read once for a page (``memo``: the page's)."""
    found = memo.get("terms.own")
    if found is None:
        shared = english_shared(locale) or frozenset()
        ours = set().union(*(words(b.text) for b in al.upstream.blocks))
        counts: Counter = Counter()
        for b in al.translation.blocks:
            counts.update(words(b.text) - ours)
        found = memo["terms.own"] = frozenset(
            w for w, n in counts.items() if n >= _OWN_BLOCKS and (
                english_zipf(w) == 0.0 or (len(w) <= _OWN_SHARED_LETTERS and w in shared)))
    return found
