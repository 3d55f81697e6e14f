"""One regular expression per locale set that finds the dates of :mod:`.dates_cldr`'s forms.

The build is paid by every run, so it is kept small:

* names are matched case-insensitively inside ``(?i:...)`` groups only; Python's ``re``
  folds ``İ``/``ı`` to ``i``, ``ẞ`` to ``ß`` and ``Ｋ``/``K`` to ``k`` there, and
  :func:`~.dates_cldr.name_key` folds a matched name the same way, so every match has a key;
* name alternations are tries, whose branches start with a distinct character the engine
  tests in one step;
* a word boundary after a name counts the combining marks of the names' scripts as word
  characters (Bengali and Devanagari vowel signs are marks, which ``\\w`` does not see); only
  the 128-code-point blocks those names use are scanned for marks;
* forms no locale of the set writes (year-first CJK dates, numeric day-first dates) are left
  out.

Every quantifier is bounded, so a match attempt reads at most :data:`WINDOW` characters
(the tests hold every locale set to it).
"""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass, field

from ..languages import is_cjk_char
from .dates_cldr import BIDI, DASH_VARIANTS, Spec, merged_spec

#: The longest text one date match can span (the tests check every locale set against it);
#: the pattern only runs on windows this wide around a 4-digit year.
WINDOW = 160
_S0 = rf"[\s{BIDI}]{{0,2}}"
_S1 = rf"[\s{BIDI}]{{1,2}}"
#: A numeric date may not follow a digit ("12025-01-01"); nor a letter of a spaced script
#: ("v2025-01-01"), which the reader checks (a class of the CJK ranges in every form would
#: cost more to compile than the whole rest of the pattern).
_NB = r"(?<!\d)"


@dataclass
class Grammar:
    """The compiled pattern of a locale set and what reading its matches needs."""

    locales: tuple[str, ...]
    pattern: re.Pattern[str]
    months: dict[str, tuple[int, bool]]
    numeric: dict[str, set[str]]
    gap: re.Pattern[str]
    stems: dict[str, tuple[int, int]] = field(default_factory=dict)


@functools.lru_cache(maxsize=256)
def _block_marks(block: int) -> str:
    out = []
    start = None
    for cp in range(block, block + 0x81):
        mark = cp < block + 0x80 and unicodedata.category(chr(cp)).startswith("M")
        if mark and start is None:
            start = cp
        elif not mark and start is not None:
            a, b = re.escape(chr(start)), re.escape(chr(cp - 1))
            out.append(a if start == cp - 1 else f"{a}-{b}")
            start = None
    return "".join(out)


def word_class(names) -> str:
    """A word character next to ``names``: ``\\w`` and the combining marks of their scripts'
    blocks (none for Latin or CJK names: text is in NFKC, which composes their accents)."""
    blocks = {ord(c) & ~0x7F for n in names for c in n if ord(c) >= 0x250 and not is_cjk_char(c)}
    marks = "".join(_block_marks(b) for b in sorted(blocks))
    return rf"[\w{marks}]" if marks else r"\w"


def _fold_char(c: str) -> str:
    lower = c.lower()
    c = lower if len(lower) == 1 else c
    return "i" if c == "ı" else c


def _fold(word: str) -> str:
    return "".join(_fold_char(c) for c in " ".join(word.split()))


def trie(words, wch: str, boundary: bool = True) -> str:
    """Any of ``words``, case-insensitively, longest first. A word that ends in a letter of
    a spaced script must end at a word boundary."""
    spaced: list[str] = []
    unspaced: list[str] = []
    for w in words:
        w = _fold(w)
        if w:
            (spaced if boundary and w[-1].isalnum() and not is_cjk_char(w[-1]) else unspaced).append(w)
    alts = []
    if spaced:
        alts.append(f"(?i:{_trie_body(spaced)})(?!{wch})")
    if unspaced:
        alts.append(f"(?i:{_trie_body(unspaced)})")
    if not alts:
        return "(?!)"
    return alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"


def _trie_body(words: list[str]) -> str:
    root: dict = {}
    for w in words:
        node = root
        for ch in w:
            node = node.setdefault(ch, {})
        node[""] = {}

    def build(node: dict) -> str:
        alts = [(r"\s" if ch == " " else re.escape(ch)) + build(node[ch]) for ch in sorted(k for k in node if k)]
        if "" in node:
            if not alts:
                return ""
            alts.append("")
        if len(alts) == 1:
            return alts[0]
        return "(?:" + "|".join(alts) + ")"

    return build(root)


def alt(strings) -> str:
    strings = sorted({s for s in strings if s}, key=len, reverse=True)
    return "(?:" + "|".join(re.escape(s) for s in strings) + ")" if strings else "(?!)"


class _Parts:
    """The sub-patterns of one locale set, shared by its forms."""

    def __init__(self, s: Spec) -> None:
        self.s = s
        self.w = w = word_class(s.month_names | s.weekdays | s.fillers | s.range_words)
        self.month = trie(s.month_names, w)
        if s.month_stems:  # an inflected month the reader resolves by its stem
            longest = max(n for _, n in s.month_stems.values())
            stems = trie(s.month_stems, w, boundary=False)
            self.month = rf"(?:{self.month}|{stems}[^\W\d_]{{1,{longest}}}(?!{w}))"
        conn = s.connectors | set(DASH_VARIANTS) | {"–", "—"}
        conn |= {unicodedata.normalize("NFKC", c) for c in conn}
        self.conn = rf"(?:{alt(conn)}|{trie(s.range_words, w)})" if s.range_words else alt(conn)
        self.ordinal = rf"(?:{trie(s.ordinals, w)})?" if s.ordinals else ""
        self.day_punct = rf"(?:{alt(s.day_punct)})?" if s.day_punct else ""
        self.fill = rf"(?:{trie(s.fillers, w)}{_S1})?" if s.fillers else ""
        self.day_word = rf"(?:{trie(s.day_prefix, w)}{_S1})?" if s.day_prefix else ""
        self.year_suffix = self._year_suffix()
        seps = alt(s.seps | {","})
        weekday = trie(s.weekdays, w)
        self.weekday_before = rf"(?:{weekday}\.?(?:{_S0}{seps}{_S0}|{_S1}))?"
        self.weekday_after = rf"(?:{_S0}(?:[(（]{_S0}{weekday}{_S0}[)）]|{weekday}))?"
        self.year_sep = rf"(?:{_S0}{seps}{_S0}|{_S1}){self.fill}"
        self.month_pre = trie(s.month_prefixes, w, boundary=False) if s.month_prefixes else ""
        self.month_suf = alt(s.month_suffixes) if s.month_suffixes else ""

    def _year_suffix(self) -> str:
        """``г.`` after a year; an abbreviation ending in ``.`` also stands for its full words
        (``года``, ``году``, ``року``), whose final period is the sentence's."""
        if not self.s.year_trail:
            return ""
        alts = []
        for t in sorted(self.s.year_trail):
            base = t.rstrip(".")
            if t.endswith(".") and base.isalpha() and not is_cjk_char(base[0]):
                alts.append(trie([base], self.w, boundary=False) + rf"(?:\.|[^\W\d_]{{1,5}}(?!{self.w})|(?!{self.w}))")
            else:
                alts.append(trie([t], self.w))
        return rf"(?:{_S0}(?:{'|'.join(alts)}))?"

    def day(self, n: str) -> str:
        return rf"(?P<{n}>\d{{1,2}})(?!\d){self.ordinal}{self.day_punct}"

    def cjk_day(self, n: str) -> str:
        return rf"(?P<{n}>\d{{1,2}})(?!\d){_S0}{alt(self.s.day_words)}"

    def mon(self, n: str) -> str:
        alts = [rf"(?P<{n}>{self.month})\.?"]
        if self.month_pre:
            alts.append(rf"{self.month_pre}{_S0}(?P<{n}p>\d{{1,2}})(?!\d)")
        if self.month_suf:
            alts.append(rf"(?P<{n}s>\d{{1,2}}){_S0}{self.month_suf}")
        return "(?:" + "|".join(alts) + ")"


def _year(n: str) -> str:
    return rf"(?P<{n}>\d{{4}})(?!\d)(?![.,]\d)"


def _forms(p: _Parts) -> list[str]:
    s = p.s
    year_first = {"-", "/"} | s.year_first_seps
    ysep = "|".join(re.escape(x) + (r"\s?" if x == "." else "") for x in sorted(year_first))
    forms = [
        # year first: 2025-01-29, 2025/01/29, 2025. 4. 23. (an ISO interval is two of them)
        rf"{_NB}(?<![.,\-])(?<!\d:)(?<![^\d]/)(?P<iy>\d{{4}})(?P<isep>{ysep})(?P<im>\d{{1,2}})(?!\d)(?P=isep)"
        rf"(?P<id>\d{{1,2}})(?!\d)(?![\-.]\d)(?!/(?!\d{{4}}-)\d)(?!(?!T\d)[^\W\d_])",
    ]
    if s.year_struct:
        # 2025年4月23日, 2025 年 4 月 23 日, 2025년 4월 23일, ranges 2024年8月21日-23日
        forms.append(
            rf"{_NB}(?<![.,/\-])(?<!\d:){_year('yy')}{_S0}{alt(s.year_struct)}{_S0}{p.mon('ym1')}"
            rf"(?:{_S0}{p.cjk_day('yd1')}(?:{_S0}{p.conn}{_S0}(?:{p.mon('ym2')}{_S0})?{p.cjk_day('yd2')})?"
            rf"{p.weekday_after}|{_S0}{p.conn}{_S0}{p.mon('ym3')})?"
        )
    # day or month first, numeric, with a 4-digit year: 29.01.2025, 23/04/2025, 23‏/4‏/2025
    b = f"[{BIDI}]?"
    forms.append(
        rf"{_NB}(?<![.,/\-])(?<!\d:)(?P<n1>\d{{1,2}})(?!\d){b}(?P<nsep>[\-./]){b}(?P<n2>\d{{1,2}})(?!\d){b}"
        rf"(?P=nsep){b}(?P<ny>\d{{4}})(?!\d)(?![\-/.]\d)(?![^\W\d_])"
    )
    dmy = (
        rf"(?<![.,/\-])(?<!\d:){p.day_word}{p.day('d1')}(?:{_S0}{p.conn}{_S0}{p.day('d2')})?{_S1}{p.fill}{p.mon('m1')}"
        rf"(?:{_S0}{p.conn}{_S0}{p.day('d3')}{_S1}{p.fill}{p.mon('m2')})?{p.year_sep}{_year('y1')}{p.year_suffix}"
    )
    mdy = (
        rf"{_S1}{p.day('d4')}(?:{_S0}{p.conn}{_S0}(?:{p.mon('m4')}{_S1})?{p.day('d5')})?"
        rf"{p.year_sep}{_year('y2')}{p.year_suffix}"
    )
    my = rf"(?:{_S0}{p.conn}{_S0}{p.mon('m5')})?{p.year_sep}{_year('y3')}{p.year_suffix}"
    forms.append(rf"(?<!{p.w}){p.weekday_before}(?:{dmy}|{p.mon('m3')}(?:{mdy}|(?P<my>{my})))")
    return forms


@functools.lru_cache(maxsize=32)
def grammar(locales: tuple[str, ...]) -> Grammar:
    """The pattern of a locale set, built once per run."""
    s = merged_spec(locales)
    p = _Parts(s)
    # every form starts with a digit or a letter: one test rejects any other position
    pattern = re.compile(r"(?=\w)(?:" + "|".join(f"(?:{f})" for f in _forms(p)) + ")")
    gap = re.compile(rf"{_S0}(?:{p.conn}){_S0}")
    return Grammar(locales, pattern, s.months, s.numeric, gap, s.month_stems)
