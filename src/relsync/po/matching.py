"""Fuzzy matching for the msgmerge-style update, without babel's all-pairs cost.

babel's ``Catalog.update`` gives a changed message the translation of the most similar old
one: its ``get_close_matches(key, candidates, 1)`` (difflib's, without the autojunk
heuristic), the candidate with the highest ``SequenceMatcher.ratio`` at or above 0.6. It
compares every new message with every old one in Python: 1,000 reworded paragraphs took 97 s.

The same choice is made here with far fewer comparisons. rapidfuzz's normalized Indel
similarity (2 x the longest common subsequence / the total length, computed in C) is an upper
bound of difflib's ratio (2 x the matched characters / the total length, the matched blocks
being a common subsequence), so candidates are scored by difflib in decreasing order of their
bound, only until the bound falls below the best ratio found; ties go as in difflib, to the
greatest candidate. That choice is exact. Over many candidates, scanning every bound still
costs each new message a pass over all old ones, so a catalog of more than
:data:`EXACT_CANDIDATES` candidates is indexed first, as GNU msgmerge does: only the
candidates sharing the message's rarest character 4-grams are bounded and scored.
"""

from __future__ import annotations

import contextlib
import math
from difflib import SequenceMatcher
from heapq import nlargest
from typing import Iterable, Iterator

import babel.messages.catalog
from rapidfuzz import fuzz, process

#: difflib.get_close_matches' default cutoff, which babel uses.
CUTOFF = 0.6
#: Up to this many candidates, every one is bounded (the exact choice, at about 0.1 us per
#: candidate and message); above, the 4-gram index picks the candidates.
EXACT_CANDIDATES = 1000
#: Below a bound this much under the best ratio, no candidate can win (float rounding aside).
_SLACK = 1e-9


def close_matches(word: str, possibilities: Iterable[str], n: int = 1, cutoff: float = CUTOFF) -> list[str]:
    """babel's ``get_close_matches(word, possibilities, n, cutoff)``; for ``n`` = 1, by bounds."""
    keys = possibilities if isinstance(possibilities, list) else list(possibilities)
    if n != 1:  # the general case, which babel does not use
        return _all_pairs(word, keys, n, cutoff)
    best = _best(word, keys, cutoff)
    return [best] if best is not None else []


def _all_pairs(word: str, keys: list[str], n: int, cutoff: float) -> list[str]:
    matcher = _matcher(word)
    scored = []
    for key in keys:
        matcher.set_seq1(key)
        if matcher.real_quick_ratio() >= cutoff and matcher.quick_ratio() >= cutoff and matcher.ratio() >= cutoff:
            scored.append((matcher.ratio(), key))
    return [key for _, key in nlargest(n, scored)]


def _matcher(word: str) -> SequenceMatcher:
    matcher = SequenceMatcher(autojunk=False)  # as babel's
    matcher.set_seq2(word)
    return matcher


def _best(word: str, keys: list[str], cutoff: float) -> str | None:
    """The key of highest ratio at or above ``cutoff`` (the greatest of equals), or None."""
    matcher = _matcher(word)
    ratios: dict[int, float] = {}
    best: tuple[float, str] | None = None
    limit = 8
    while True:
        ranked = process.extract(word, keys, scorer=fuzz.ratio, limit=limit,
                                 score_cutoff=cutoff * 100 - _SLACK)
        done = len(ranked) < limit
        for key, bound, index in ranked:
            if best is not None and bound / 100 < best[0] - _SLACK:
                done = True
                break
            if index not in ratios:
                matcher.set_seq1(key)
                quick = matcher.real_quick_ratio() >= cutoff and matcher.quick_ratio() >= cutoff
                ratios[index] = matcher.ratio() if quick else 0.0
            ratio = ratios[index]
            if ratio >= cutoff and (best is None or (ratio, key) > best):
                best = (ratio, key)
        if done or limit >= len(keys):
            return best[1] if best is not None else None
        limit *= 4


def _grams(text: str) -> set[str]:
    return {text[k:k + 4] for k in range(len(text) - 3)} if len(text) > 4 else {text}


class GramIndex:
    """Candidates by character 4-gram: a message's candidates are those sharing its rarest
    4-grams, taken rarest first while there are fewer than ``max(256, 8 sqrt(n))`` of them
    (a 4-gram every message has selects nothing)."""

    def __init__(self, keys: list[str]) -> None:
        self.keys = keys
        postings: dict[str, list[int]] = {}
        for index, key in enumerate(keys):
            for gram in _grams(key):
                postings.setdefault(gram, []).append(index)
        self.postings = postings
        self.budget = max(256, int(8 * math.sqrt(len(keys))))

    def best(self, word: str, cutoff: float = CUTOFF) -> str | None:
        postings = self.postings
        chosen: set[int] = set()
        for size, gram in sorted((len(postings[g]), g) for g in _grams(word) if g in postings):
            if chosen and len(chosen) + size > self.budget:
                break
            chosen.update(postings[gram])
        return _best(word, [self.keys[k] for k in sorted(chosen)], cutoff) if chosen else None


@contextlib.contextmanager
def indexed_fuzzy_matching() -> Iterator[None]:
    """babel's ``Catalog.update`` with :func:`close_matches` (or the 4-gram index, over more
    than :data:`EXACT_CANDIDATES` candidates) for its ``get_close_matches``."""
    original = babel.messages.catalog.get_close_matches
    cache: dict[str, object] = {}

    def matches(word, possibilities, n=3, cutoff=CUTOFF):
        # One update passes the keys of one dict of candidates, unchanged, to every call:
        # they are listed (and indexed) once.
        if cache.get("count") != len(possibilities):
            keys = list(possibilities)
            index = GramIndex(keys) if len(keys) > EXACT_CANDIDATES else None
            cache.update(count=len(keys), keys=keys, index=index)
        index = cache["index"]
        if index is not None and n == 1:
            best = index.best(word, cutoff)
            return [best] if best is not None else []
        return close_matches(word, cache["keys"], n, cutoff)

    babel.messages.catalog.get_close_matches = matches
    try:
        yield
    finally:
        babel.messages.catalog.get_close_matches = original
