"""English words as wordfreq counts them, shipped with relsync (no list is loaded from
wordfreq at run time: ``scripts/update_english_words.py`` writes the tables): how common an
English word is, and which common English words are words of another language too."""

from __future__ import annotations

import functools
import gzip
import math
import re
from pathlib import Path

from .languages import language_code, singular

#: A French-style elision at the start of a token, which wordfreq's tokenizer makes a token
#: of its own: one or two letters, an apostrophe, a vowel or ``h``.
_ELISION_RE = re.compile(r"([a-z]{1,2})'(?=[aehiouyáéíóúàèìòùâêîôûåïöœ])")
#: What breaks a word into tokens for wordfreq: a hyphen, two apostrophes in a row.
_TOKEN_BREAK_RE = re.compile("-|['\u2019]{2,}")
#: A word as English writes it in Latin letters, with its apostrophe or hyphen ("don't",
#: "client-side"); the English rules read runs of them.
ENGLISH_WORD_RE = re.compile(r"[A-Za-z][A-Za-z'\u2019-]*")

#: Common English words and their frequencies (wordfreq's Zipf 4.0 and up), shipped with
#: relsync (``scripts/update_english_words.py`` writes it).
ENGLISH_COMMON = Path(__file__).resolve().parent / "data" / "english-common.tsv"


@functools.lru_cache(maxsize=1)
def _english_common() -> dict[str, int]:
    table: dict[str, int] = {}
    with open(ENGLISH_COMMON, encoding="utf-8") as f:
        for line in f:
            if not line.startswith("#"):
                word, _, centibels = line.rstrip("\n").partition("\t")
                table[word] = int(centibels)
    return table


#: For each language written in Latin letters, the common English words that are its words
#: too (``scripts/update_english_words.py`` writes it from wordfreq's lists).
ENGLISH_SHARED = ENGLISH_COMMON.with_name("english-shared.tsv.gz")


@functools.lru_cache(maxsize=1)
def _english_shared() -> dict[str, str]:
    with gzip.open(ENGLISH_SHARED, "rt", encoding="utf-8") as f:
        return dict(line.rstrip("\n").split("\t", 1) for line in f if not line.startswith("#"))


@functools.lru_cache(maxsize=64)
def english_shared(locale: str) -> frozenset[str] | None:
    """The common English words (:func:`english_zipf` 4.0 and up) that are words of the
    locale's language too (Zipf 3.0 and up there: French "conditions", Portuguese "resolve"),
    lower case; ``None`` for a language relsync has no such list of (one not written in Latin
    letters, or one wordfreq does not know)."""
    words = _english_shared().get(language_code(locale)) if locale else None
    return None if words is None else frozenset(words.split())


@functools.lru_cache(maxsize=8192)
def english_zipf(word: str) -> float:
    """How common ``word`` (letters, apostrophes, hyphens) is in English, on wordfreq's Zipf
    scale (log10 of uses per billion words: "the" 7.73, "related" 5.1, "usage" 4.23), as
    wordfreq's ``zipf_frequency(word, "en")`` gives it for words of 4.0 and up; a rarer or
    unknown word ("props" 3.7, "vite" 2.4) is 0.0. Read from relsync's own table of the
    common words; the parts of a hyphenated word combine as wordfreq combines tokens."""
    tokens = []
    for part in _TOKEN_BREAK_RE.split(word.casefold()):
        part = part.lstrip("'\u2019")
        elided = _ELISION_RE.match(part)  # "l'application": "l" and "application" (not with ’)
        while elided:
            tokens.append(elided.group(1))
            part = part[elided.end():]
            elided = _ELISION_RE.match(part)
        part = part.replace("\u2019", "'").strip("'")
        if part:
            tokens.append(part)
    if not tokens:
        return 0.0
    table = _english_common()
    inverse = 0.0
    for token in tokens:
        centibels = table.get(token)
        if centibels is None:
            return 0.0
        inverse += 1.0 / 10 ** (-centibels / 100)
    freq = 1.0 / inverse
    freq = round(freq, math.floor(-math.log(freq, 10)) + 3)
    zipf = round(math.log(freq, 10) + 9, 2)
    return zipf if zipf >= 4.0 else 0.0


def is_acronym(word: str) -> bool:
    """`API`, `APIs` (two capitals at least before a plural's `s`: not "Is" or "As")."""
    return len(word) > 1 and (word.isupper() or len(word) > 2 and word[-1] == "s" and word[:-1].isupper())


def plural_of(word: str, words: frozenset[str]) -> bool:
    """Whether ``word`` is the English plural (``-s``, ``-es``) of one of ``words``."""
    one = singular(word)
    return one != word and (one in words or one.endswith("e") and one[:-1] in words)
