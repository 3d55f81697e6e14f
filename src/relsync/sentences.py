"""Sentences of a block's text, in any language.

A sentence ends at one of Unicode's sentence terminals (``Sentence_Terminal``): ``. ! ?`` and
their full-width forms, the CJK full stop ``。``, the Devanagari danda ``।`` and double danda
``॥``, the Arabic question mark ``؟`` and full stop ``۔``, the Armenian full stop ``։``, the
Ethiopic ``።``, the Myanmar ``။`` and the Khmer ``។``, with the closing quotes and brackets
that follow. A terminal that is no sentence end is passed over: a decimal number or version
(``3.14``, ``v2.6.1``: no space after the dot), an ellipsis or an abbreviation followed by a
lower-case word (``e.g. the``, ``т. е. это``), a known abbreviation or a single initial
(``e.g.``, ``z. B.``, ``J. Smith``), and everything inside a code span or a URL, which are
masked before the text is read. Thai and Lao write no sentence terminal: a space between two
letters of those scripts ends a sentence (or a clause, which the uses here accept).

Measured against pysbd and ICU's sentence break iterator (icu4py) on the gold sentences of
``tests/fixtures/sentences.tsv`` (``benchmarks/bench_sentences.py``): see
``benchmarks/RESULTS.md`` for why this small module is used instead.
"""

from __future__ import annotations

import re
from typing import Iterable

from .anchors import URL_RE
from .languages import CJK_LETTERS

#: Unicode's Sentence_Terminal characters that end sentences in the languages relsync reads.
TERMINALS = ".!?\u203c\u2047\u2048\u2049\u3002\uff01\uff1f\uff0e\uff61\u0964\u0965\u061f\u06d4\u0589\u1362\u104b\u17d4"
#: Terminals that end a sentence with no space after them (CJK and full-width forms).
_UNSPACED_TERMINALS = "\u3002\uff01\uff1f\uff0e\uff61"
_CLOSERS = "\"'\u2019\u201d\u00bb\u300d\u300f\uff09)\\]\u3011\u3009\u300b"
#: Abbreviations that a capitalized word may follow in the same sentence (lower case, without
#: their final dot): English, and the common ones of the languages relsync's corpora hold.
ABBREVIATIONS = frozenset({
    "e.g", "i.e", "etc", "vs", "cf", "mr", "mrs", "ms", "dr", "prof", "st", "no", "fig", "approx",
    "incl", "ca", "z.b", "d.h", "bzw", "usw", "vgl", "p.ex", "p.ej", "ej", "sr", "sra", "ex",
    "т.е", "т.д", "т.п", "т.к", "и.т.д", "др", "см", "напр", "e.t.c", "u.a", "o.ä", "jr", "inc",
    "ltd", "co", "corp", "approx", "resp", "nr", "bd", "vol", "ed", "pp", "al",
})
_SPACED_TERMINALS = "".join(c for c in TERMINALS if c not in _UNSPACED_TERMINALS)
_TERMINAL_RE = re.compile(f"[{_UNSPACED_TERMINALS}]+[{re.escape(_CLOSERS)}]*"
                          f"|[{re.escape(_SPACED_TERMINALS)}]+[{re.escape(_CLOSERS)}]*")
_THAI_GAP_RE = re.compile("(?<=[\u0e00-\u0eff])[ \u00a0]+(?=[\u0e00-\u0eff])")
_WORD_BEFORE_RE = re.compile(r"([^\W\d_]+(?:\.\s?[^\W\d_]+)*)\s*$")
_ABBREVIATION_NEXT_RE = re.compile(r"[^\W\d_]{1,3}\.")
_MASK = "\x00"
_CJK_LETTER_RE = re.compile(f"[{CJK_LETTERS}]")


def _mask(text: str, protected: Iterable[str]) -> str:
    """``text`` with the terminals inside code spans and URLs replaced, so that no sentence
    ends there (same length: offsets stay valid)."""
    chars = list(text)
    spans = [m.span() for m in URL_RE.finditer(text)] if ("http" in text or "www." in text) else []
    for code in protected:
        if not code or not any(c in TERMINALS for c in code):
            continue
        start = text.find(code)
        while start >= 0:
            spans.append((start, start + len(code)))
            start = text.find(code, start + len(code))
    for start, end in spans:
        for k in range(start, end):
            if chars[k] in TERMINALS:
                chars[k] = _MASK
    return "".join(chars)


def _is_end(text: str, start: int, end: int) -> bool:
    """Whether the terminal run ``text[start:end]`` ends a sentence."""
    run = text[start:end]
    if end >= len(text):
        return True
    if run[0] in _UNSPACED_TERMINALS:
        # 「準備ができた。」と言った: a quoted sentence goes on after its closing quote
        return run[-1] not in _CLOSERS or not text[end].isalpha()
    if not text[end].isspace():
        # 3.14, v2.6, example.com, a code span's dots; but a full stop before a CJK letter
        # ends an English sentence inside a CJK paragraph ("…at https://trunkrs.dev.本指南…")
        return run.rstrip(_CLOSERS) in ".!?" and _CJK_LETTER_RE.match(text, end) is not None
    rest = text[end:].lstrip()
    if not rest:
        return True
    nxt = rest[0]
    if run[0] != ".":
        return not nxt.islower()
    if nxt.islower() or nxt in ",;:":
        return False  # e.g. the, т. е. это, an ellipsis inside a sentence
    if len(run.rstrip(_CLOSERS)) > 1 and not nxt.isupper():
        return False  # an ellipsis before a word of a script without case
    m = _WORD_BEFORE_RE.search(text[max(0, start - 40):start])  # a bounded look back: linear
    if m:
        word = m.group(1).replace(" ", "")
        if word.lower() in ABBREVIATIONS or (len(word) == 1 and word.isupper() and len(run) == 1):
            return False  # e.g. Vue, z. B. Vue, J. Smith
        if len(word) == 1 and _ABBREVIATION_NEXT_RE.match(rest):
            return False  # the "z." of "z. B.", the "p." of "p. ej."
    return True


def split_spans(text: str, protected: Iterable[str] = ()) -> list[tuple[int, int]]:
    """The sentences of ``text`` as ``(start, end)`` offsets, spaces around them left out.
    ``protected``: code spans of the text, in which no sentence ends."""
    masked = _mask(text, protected)
    cuts = [m.end() for m in _TERMINAL_RE.finditer(masked) if _is_end(masked, m.start(), m.end())]
    cuts += [m.start() for m in _THAI_GAP_RE.finditer(masked)]
    spans = []
    last = 0
    for cut in sorted(set(cuts)) + [len(text)]:
        piece = text[last:cut]
        if piece.strip():
            lead = len(piece) - len(piece.lstrip())
            spans.append((last + lead, last + len(piece.rstrip())))
        last = cut
    return spans


def split(text: str, protected: Iterable[str] = ()) -> list[str]:
    """The sentences of ``text`` (see :func:`split_spans`)."""
    return [text[a:b] for a, b in split_spans(text, protected)]
