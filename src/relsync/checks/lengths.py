"""A document's translation length ratio, and the lengths of a pair's blocks it applies to.

The ratio is the median of the log length ratios (translation / upstream, in characters of
prose) of the document's one-to-one paragraphs and list items that are translated (a block
left in upstream's words is no translation), with the spread around it; words in Latin
letters that a translation in another script writes as upstream does (names kept as they
are; in a block of its letters, or any block not left in upstream's words of a document
whose language is written in another script) are not translated and count for no length
on either side.
"""

from __future__ import annotations

import math
import re
import statistics
from collections import Counter
from dataclasses import dataclass
from itertools import islice
from typing import Iterator

from ..languages import language_code, language_scripts, script_locale
from ..model import Alignment, Block
from .masking import OTHER_LETTER, masked_of
from .units import LATIN_WORD_RE, Shared

#: The kinds of blocks judged, and whose length ratios give the document's.
KINDS = ("paragraph", "list_item")
#: Blocks of at least this many prose characters upstream give the document's ratio.
_RATIO_MIN_CHARS = 30
#: A document needs this many such blocks for its own ratio; with fewer, the language's.
_RATIO_MIN_BLOCKS = 6
#: Length ratios (translation / English, in characters of prose) by language, for documents
#: too short to give their own: medians measured on the corpora (benchmarks/RESULTS.md).
_DEFAULT_RATIO = {"zh": 0.34, "yue": 0.34, "ja": 0.53, "ko": 0.5, "de": 1.19, "fr": 1.18, "es": 1.08, "pt": 1.08,
                  "ru": 1.07, "uk": 1.03, "tr": 1.07, "hi": 1.06}
#: The spread (standard deviation of the log ratio) assumed at least, and for a language
#: whose ratio was measured ...
MIN_SPREAD = 0.22
#: ... and for another (its ratio a guess).
_DEFAULT_SPREAD = 0.3


@dataclass(frozen=True, slots=True)
class Ratio:
    """A document's translation length ratio and its spread (log scale)."""

    log_ratio: float
    spread: float

    def deviation(self, up_length: float, tr_length: float) -> float:
        """How many standard deviations a translation of ``tr_length`` characters is from the
        length predicted for ``up_length`` (negative: shorter), both lengths smoothed by
        :data:`SMOOTHING` (a few characters more or less weigh less in a short block)."""
        return math.log((tr_length + SMOOTHING) / (math.exp(self.log_ratio) * up_length + SMOOTHING)) / self.spread


#: Characters added to both lengths before a block's length is judged against its upstream's.
SMOOTHING = 4


def one_to_one(al: Alignment) -> Iterator[tuple[Block, Block]]:
    """The document's paragraphs and list items paired one to one with a block of their kind:
    the blocks a page's own ratio, terms and style are read from."""
    for pair in al.pairs:
        if len(pair.upstream) == 1 and len(pair.translation) == 1:
            up, tr = al.upstream.blocks[pair.upstream[0]], al.translation.blocks[pair.translation[0]]
            if up.kind in KINDS and tr.kind == up.kind:
                yield up, tr


def document_ratio(al: Alignment, locale: str, memo: dict | None = None) -> Ratio:
    """The median log length ratio of the document's one-to-one paragraphs and list items,
    and the spread around it (1.4826 x the median absolute deviation). Records in ``memo``
    whether the locale is written in another script than Latin (:func:`shared` reads it: the
    pairs of one document share a memo, and the rule asks for the ratio first)."""
    logs = []
    memo = {} if memo is None else memo
    scripts = language_scripts(locale) if locale else ()
    memo["omission.unlatin"] = bool(scripts) and "Latn" not in scripts
    for up, tr in one_to_one(al):
        if masked_of(memo, "up", up)[2] < _RATIO_MIN_CHARS or left_in_english(memo, up, tr):
            continue  # too short to tell, or no translation
        a, b = lengths(memo, up, tr)
        if a >= _RATIO_MIN_CHARS and b > 0:
            logs.append(math.log(b / a))
    if len(logs) < _RATIO_MIN_BLOCKS:
        language = language_code(locale or script_locale(al.translation.text[:2000]))
        if language in _DEFAULT_RATIO:
            return Ratio(math.log(_DEFAULT_RATIO[language]), MIN_SPREAD)
        return Ratio(math.log(1.1), _DEFAULT_SPREAD)
    median = statistics.median(logs)
    mad = statistics.median(abs(x - median) for x in logs)
    return Ratio(median, max(MIN_SPREAD, 1.4826 * mad))


_OTHER_LETTER_RE = re.compile(OTHER_LETTER)
#: The ratio a block left in upstream's words is judged at: upstream's length.
LEFT_IN_ENGLISH = Ratio(0.0, MIN_SPREAD)
#: A translated block whose words are upstream's words at least this often is left in them.
_UPSTREAM_WORDS = 0.8
#: A word in Latin letters as :func:`left_in_english` counts them: words joined by hyphens
#: are one ("non-standard", "Picture-in-Picture").
_COMPOUND_RE = re.compile(r"(?<![A-Za-z0-9.-])[A-Za-z][A-Za-z0-9]+(?:-[A-Za-z0-9]+)*(?![A-Za-z0-9-])")


def _words(memo: dict, side: str, block: Block) -> Counter:
    """The words in Latin letters of a block's prose (its masked text), with their uses."""
    key = ("omission.words", side, block.index)
    found = memo.get(key)
    if found is None:
        found = memo[key] = Counter(LATIN_WORD_RE.findall(masked_of(memo, side, block)[0]))
    return found


def _other_script(memo: dict, tr: Block) -> bool:
    """Whether a translated block has letters of another script than Latin."""
    known = memo.get("omission.other")
    if known is None:
        known = memo["omission.other"] = {}
    found = known.get(tr.index)
    if found is None:
        held = masked_of(memo, "tr", tr)[0]
        found = known[tr.index] = not held.isascii() and _OTHER_LETTER_RE.search(held) is not None
    return found


def left_in_english(memo: dict, up: Block, tr: Block) -> bool:
    """Whether a translated block is written in upstream's words, not translated: no letter
    of another script than Latin, and most of its words (three at least, two of its first
    three among them) are words of the upstream block."""
    key = ("omission.english", up.index, tr.index)
    found = memo.get(key)
    if found is None:
        found = memo[key] = _in_upstream_words(memo, up, tr)
    return found


def _in_upstream_words(memo: dict, up: Block, tr: Block) -> bool:
    """:func:`left_in_english`, computed."""
    if _other_script(memo, tr):
        return False
    held = masked_of(memo, "tr", tr)[0]
    first = [m.group(0).lower() for m in islice(_COMPOUND_RE.finditer(held), 3)]
    if len(first) < 3:
        return False
    key = ("omission.lowered", up.index)
    lowered = memo.get(key)
    if lowered is None:
        text = masked_of(memo, "up", up)[0].lower()
        lowered = memo[key] = (text, set(_COMPOUND_RE.findall(text)))
    if sum(w not in lowered[0] for w in first) > 1:
        return False  # (the quick look: its first words are not upstream's)
    theirs = Counter(w.lower() for w in _COMPOUND_RE.findall(held))
    total = sum(theirs.values())
    return sum(n for w, n in theirs.items() if w in lowered[1]) >= _UPSTREAM_WORDS * total


def shared(memo: dict, up: Block, tr: Block) -> tuple[Shared, Shared]:
    """The words in Latin letters that a translation in another script writes as upstream
    does (names kept as they are: ``Rust``, ``JavaScript``, ``API`` for ``APIs``), each with
    the share of its uses on each side that are written alike (upstream's "optional" three
    times, the translation's once, quoted: a third of upstream's): they are not translated,
    so they count for no length; none for a translation in Latin letters (a block with no
    letter of another script counts as one unless :func:`document_ratio` recorded a locale
    of another script and the block is not left in upstream's words: "🎨 Tailwind CSS。").
    Upstream's uses are those of the word and of its plural (``APIs`` for ``API``)."""
    key = ("omission.shared", up.index, tr.index)
    found = memo.get(key)
    if found is None:
        ours: dict[str, float] = {}
        theirs: dict[str, float] = {}
        other = _other_script(memo, tr) or (memo.get("omission.unlatin") and not left_in_english(memo, up, tr))
        words = _words(memo, "tr", tr) if other else None
        if words:
            text = masked_of(memo, "up", up)[0]
            for w, n in words.items():
                uses = _uses(text, w)
                if uses:
                    alike = min(n, uses)
                    theirs[w] = alike / n
                    ours[w] = alike / uses
        found = memo[key] = (ours, theirs)
    return found


def _uses(text: str, word: str) -> int:
    """How many words of ``text`` are ``word`` or its plural."""
    count, at = 0, text.find(word)
    while at >= 0:
        if not (at and (text[at - 1].isalnum() or text[at - 1] in ".-")):
            after = text[at + len(word):at + len(word) + 2]
            if not after[:1].isalnum() or (after[:1] == "s" and not after[1:2].isalnum()):
                count += 1
        at = text.find(word, at + 1)
    return count


def lengths(memo: dict, up: Block, tr: Block) -> tuple[float, float]:
    """The prose lengths of a pair's blocks, the words written alike on both sides left out."""
    key = ("omission.lengths", up.index, tr.index)
    found = memo.get(key)
    if found is None:
        a, b = masked_of(memo, "up", up)[2], masked_of(memo, "tr", tr)[2]
        theirs = shared(memo, up, tr)[1]
        if theirs:
            left_out = sum(len(w) * n * theirs[w] for w, n in _words(memo, "tr", tr).items() if w in theirs)
            a, b = a - left_out, b - left_out
        found = memo[key] = (a, b)
    return found
