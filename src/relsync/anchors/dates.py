"""Dates by value, in any locale babel knows.

``find_dates(text, locales)`` returns ``(start, end, value)`` for every date it can read:
``value`` is ``YYYY-MM-DD``, a month ``YYYY-MM``, or a range ``A/B`` of two of either. The
forms come from CLDR (:mod:`.dates_cldr`) and are matched by one pattern per locale set
(:mod:`.dates_grammar`), which is built only when a text holds a 4-digit year and then only
runs on windows around such years (every date read has one).

Reading rules:

* a two-digit year is never read (``4/23/25``: the century is unknown, and it looks like a
  version);
* year-first numeric dates are year-month-day;
* a day/month-first numeric date with a 4-digit year is read as the locales declare
  (``dd.MM.y`` in de: ``05.04.2025`` is 5 April), and otherwise only when just one reading
  is a valid date (``1/29/2025``);
* an invalid date (``2025-02-30``, ``30 de febrero de 2025``) is not read, not even in part;
* a Latin-script word between a day number and a year that no locale asked for names
  (``14 de junio de 2018`` read with English only) is looked up in the month names of the
  :data:`GUESSED_LANGUAGES` most widely spoken Latin-script languages of CLDR, and the date
  is read with the first that names it.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from datetime import date

from babel.core import get_global
from babel.localedata import locale_identifiers

from ..languages import is_cjk_char, language_code, language_scripts
from .dates_cldr import locale_spec, name_key, stem_month
from .dates_grammar import WINDOW, Grammar, grammar

__all__ = ["find_dates"]

_YEAR_RE = re.compile(r"(?<!\d)\d{4}(?!\d)")


def _digits(s: str) -> int:
    """Decimal digits of any script (``2025``, ``২০২৫``, ``٢٠٢٥``, ``２０２５``) to an int."""
    if s.isascii():
        return int(s)
    n = 0
    for c in s:
        n = n * 10 + unicodedata.decimal(c)
    return n


def _iso(y: int | None, m: int | None, d: int | None) -> str | None:
    if y is None or m is None:
        return None
    try:
        date(y, m, d or 1)
    except (ValueError, OverflowError):
        return None
    return f"{y:04d}-{m:02d}-{d:02d}" if d else f"{y:04d}-{m:02d}"


def _range(a: str | None, b: str | None) -> str | None:
    if not a or not b or len(a) != len(b):
        return None
    if a == b:
        return a
    return f"{a}/{b}" if a < b else None


class _Reader:
    """The value of one match of a grammar's pattern."""

    def __init__(self, g: Grammar, m: re.Match[str], text: str):
        self.g, self.m, self.text = g, m, text
        self.groups = m.groupdict()
        #: a name was not accepted: a date may still start inside this match (otherwise an
        #: unreadable match is an invalid date, skipped whole)
        self.name_rejected = False

    def num(self, n: str) -> int | None:
        v = self.groups.get(n)
        return _digits(v) if v is not None else None

    def has(self, n: str) -> bool:
        g = self.groups
        return g.get(n) is not None or g.get(n + "p") is not None or g.get(n + "s") is not None

    def month(self, n: str, abbr_needs_mark: bool = False) -> int | None:
        raw = self.groups.get(n)
        if raw is None:
            v = self.groups.get(n + "p") or self.groups.get(n + "s")
            num = _digits(v) if v is not None else 0
            return num if 1 <= num <= 12 else None
        hit = self.g.months.get(name_key(raw))
        if hit is None and self.g.stems:
            num = stem_month(self.g.stems, name_key(raw))
            hit = (num, True) if num is not None else None
        if hit is None:
            self.name_rejected = True
            return None
        num, wide = hit
        if abbr_needs_mark and not wide:
            dotted = self.text[self.m.end(n):self.m.end(n) + 1] == "."
            if not dotted and raw == raw.lower() and raw.lower() != raw.upper():
                self.name_rejected = True  # "set 2024", "mar 2025": a lower-case abbreviation
                return None
        return num

    def glued_to_a_word(self) -> bool:
        """A numeric form right after a letter of a spaced script (``v2025-01-01``); CJK
        text may touch a date (``于2020年6月30日``)."""
        start = self.m.start()
        if start == 0:
            return False
        prev = self.text[start - 1]
        return (prev.isalpha() or prev == "_") and not is_cjk_char(prev)

    def value(self) -> str | None:
        g = self.groups
        if (g.get("iy") is not None or g.get("yy") is not None or g.get("ny") is not None) \
                and self.glued_to_a_word():
            self.name_rejected = True  # the next position may still start a date
            return None
        if g.get("iy") is not None:
            return _iso(self.num("iy"), self.num("im"), self.num("id"))
        if g.get("yy") is not None:
            return self._year_first()
        if g.get("ny") is not None:
            return self._numeric()
        if g.get("d1") is not None:
            return self._day_first()
        if g.get("d4") is not None:
            y, m1 = self.num("y2"), self.month("m3")
            a = _iso(y, m1, self.num("d4"))
            if g.get("d5") is None or a is None:
                return a
            m2 = self.month("m4") if self.has("m4") else m1
            return _range(a, _iso(y, m2, self.num("d5")))
        if g.get("my") is not None:
            y, m1 = self.num("y3"), self.month("m3", abbr_needs_mark=True)
            if m1 is None or not self.has("m5"):
                return _iso(y, m1, None)
            return _range(_iso(y, m1, None), _iso(y, self.month("m5", abbr_needs_mark=True), None))
        return None

    def _year_first(self) -> str | None:
        """``2025年4月23日``, ``2024年8月21日-23日``, ``2025年1月～3月``."""
        g = self.groups
        y, m1 = self.num("yy"), self.month("ym1")
        if m1 is None:
            return None
        if g.get("yd1") is not None:
            a = _iso(y, m1, self.num("yd1"))
            if g.get("yd2") is None:
                return a
            m2 = self.month("ym2") if self.has("ym2") else m1
            return _range(a, _iso(y, m2, self.num("yd2")))
        if self.has("ym3"):
            return _range(_iso(y, m1, None), _iso(y, self.month("ym3"), None))
        return _iso(y, m1, None)

    def _day_first(self) -> str | None:
        """``23 de abril de 2025``, ``21–23 de agosto``, ``21 August – 2 September 2024``."""
        g = self.groups
        y, m1 = self.num("y1"), self.month("m1")
        a = _iso(y, m1, self.num("d1"))
        if a is None or (g.get("d2") is not None and g.get("d3") is not None):
            return None
        if g.get("d2") is not None:
            return _range(a, _iso(y, m1, self.num("d2")))
        if g.get("d3") is not None:
            return _range(a, _iso(y, self.month("m2"), self.num("d3")))
        return a

    def _numeric(self) -> str | None:
        """Day/month-first numeric dates: read as the locales declare for the separator when
        they declare day-first order only; otherwise only when unambiguous (one reading is a
        valid date, or both readings are the same day)."""
        a, b, y = self.num("n1"), self.num("n2"), self.num("ny")
        orders = self.g.numeric.get(self.m.group("nsep"), set())
        dmy, mdy = _iso(y, b, a), _iso(y, a, b)
        if orders == {"dmy"} or dmy == mdy:
            return dmy
        if dmy and not mdy:
            return dmy
        return mdy if mdy and not dmy else None


def _windows(text: str) -> list[tuple[int, int]]:
    out: list[list[int]] = []
    n = len(text)
    for m in _YEAR_RE.finditer(text):
        a, b = max(0, m.start() - WINDOW - 2), min(n, m.end() + WINDOW + 8)
        if out and a <= out[-1][1]:
            out[-1][1] = b
        else:
            out.append([a, b])
    return [(a, b) for a, b in out]


def find_dates(text: str, locales: tuple[str, ...] = ("en",), *, guess: bool = True) -> list[tuple[int, int, str]]:
    """Dates in ``text`` as ``(start, end, value)``, sorted, not overlapping.

    ``locales`` are CLDR codes (``zh_CN``, ``zh-cn``, ``pt_BR``); unknown ones are ignored,
    and English names are always known. With ``guess``, a month name of another Latin-script
    language adds its locale (see the module's reading rules). Never raises on any ``str``."""
    if not isinstance(text, str) or not _YEAR_RE.search(text):
        return []
    locales = (locales,) if isinstance(locales, str) else tuple(locales)
    g = grammar(locales)
    extra = _month_name_locales(text, g, locales) if guess and _NAMED_DATE_RE.search(text) else ()
    if extra:
        return find_dates(text, locales + extra, guess=False)
    found: list[tuple[int, int, str]] = []
    search = g.pattern.search
    for ws, we in _windows(text):
        pos = ws
        while pos < we:
            m = search(text, pos, we)
            if m is None:
                break
            reader = _Reader(g, m, text)
            value = reader.value()
            if value:
                found.append((m.start(), m.end(), value))
                pos = max(m.end(), m.start() + 1)
            elif reader.name_rejected:
                pos = m.start() + 1
            else:
                pos = max(m.end(), m.start() + 1)
    return _merge_ranges(text, found, g)


#: A day number, a word and a 4-digit year close together (``14 de junio de 2018``, ``14. Juni
#: 2018``): where a month name of a language no locale asked for would stand.
_NAMED_DATE_RE = re.compile(
    r"(?<!\d)[0-3]?\d\.?[ \t\xa0]+(?:[^\W\d_]{1,3}[ \t\xa0]+)?([^\W\d_]{3,})\.?,?[ \t\xa0]+"
    r"(?:[^\W\d_]{1,3}[ \t\xa0]+)?\d{4}(?!\d)")
#: How many Latin-script languages a month name is looked up in (each costs loading its CLDR
#: data, once per process, and only when a text has a word no locale asked for names).
GUESSED_LANGUAGES = 40
_LATIN_WORD_RE = re.compile(r"[A-Za-z\u00c0-\u024f]+")


def _month_name_locales(text: str, g: Grammar, locales: tuple[str, ...]) -> tuple[str, ...]:
    """The first widely spoken Latin-script language that names a month where ``text`` has a
    word between a day number and a year that ``locales`` do not know (the reader then
    decides whether that is a date: a lower-case abbreviation without its dot is not)."""
    words = {name_key(m.group(1)) for m in _NAMED_DATE_RE.finditer(text)
             if _LATIN_WORD_RE.fullmatch(m.group(1)) and name_key(m.group(1)) not in g.months
             and stem_month(g.stems, name_key(m.group(1))) is None}
    if not words:
        return ()
    known = {language_code(c) for c in locales}
    found = next((c for c in _latin_languages() if c not in known and words & _month_keys(c)), None)
    return (found,) if found else ()


@functools.lru_cache(maxsize=None)
def _month_keys(lang: str) -> frozenset[str]:
    spec = locale_spec(lang, True) if "Latn" in language_scripts(lang) else None
    return frozenset(spec.months) if spec is not None else frozenset()


@functools.lru_cache(maxsize=1)
def _latin_languages() -> tuple[str, ...]:
    """CLDR's most widely spoken Latin-script languages (by the shares CLDR gives them in each
    territory), in that order."""
    weight: dict[str, float] = {}
    for languages in get_global("territory_languages").values():
        for lang, info in languages.items():
            weight[lang] = weight.get(lang, 0.0) + float(info.get("population_percent") or 0)
    langs = [c for c in locale_identifiers() if "_" not in c and language_scripts(c) == ("Latn",)]
    return tuple(sorted(langs, key=lambda c: (-weight.get(c, 0.0), c)))[:GUESSED_LANGUAGES]


def _merge_ranges(text: str, found: list[tuple[int, int, str]], g: Grammar) -> list[tuple[int, int, str]]:
    """Two whole dates joined by a connector are one range: ``December 30, 2024 – January 2,
    2025``, ``2024年8月21日至2024年9月2日``, ``2025-01-29/2025-02-03``."""
    out: list[tuple[int, int, str]] = []
    for item in found:
        if out:
            s0, e0, v0 = out[-1]
            s1, e1, v1 = item
            gap = text[e0:s1]
            if "/" not in v0 and "/" not in v1 and len(v0) == len(v1) and v0 < v1 and len(gap) <= 12:
                iso_pair = gap == "/" and len(v0) == 10 and text[s0:e0] == v0 and text[s1:e1] == v1
                if iso_pair or g.gap.fullmatch(gap):
                    out[-1] = (s0, e1, f"{v0}/{v1}")
                    continue
        out.append(item)
    return out
