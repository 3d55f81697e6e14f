"""Numbers by value, in the locale's own symbols (babel's CLDR data).

``find_numbers(text, locale)`` returns ``(start, end, value)`` for every number in ``text``:

* ``value`` is canonical: an integer without grouping or leading zeros (``"12000"``), a
  decimal with ``.`` and its fraction digits as written (``"1,50"`` in de -> ``"1.50"``), or a
  version as written (``"2.6.1"``; ``"v2.6.0"`` -> ``"2.6.0"``);
* decimal and group symbols are the locale's, for its default and native numbering systems
  (Arabic ``٫`` ``٬``); group sizes come from its decimal pattern (``#,##,##0.###``: Indian
  ``1,00,000``); a no-break, narrow no-break or thin space groups digits in every locale;
* magnitudes come from CLDR compact decimal formats (``0万``, ``0億``, ``0만``, ``0K``,
  ``0 million``, ``0 Mio.``): the format's power of ten, its suffix glued or spaced exactly as
  CLDR writes it (``100B`` is the English billion). English forms are always known;
* digits of any script are read with ``unicodedata.decimal``, and arithmetic is on digit
  strings, so a 400-digit number before ``万`` cannot overflow.

Not numbers: digits glued to a preceding letter (``FP16``, ``H100``, ``x86``) or followed by
letters and a digit (``16x9``), and ordinals (``1st``, ``1er``).

Linear: one pattern without nested quantifiers finds runs of digits and separators, and each
run is read once, in time linear in its length.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from decimal import Decimal, InvalidOperation

from babel import Locale
from babel.numbers import UnsupportedNumberingSystemError, get_decimal_symbol, get_group_symbol, parse_pattern

from ..languages import CJK_WRITING, is_cjk_char as _is_cjk
from ..languages import parse_cldr_locale

__all__ = ["english_reading", "find_numbers", "same_number"]

# --------------------------------------------------------------------------------------------
# Tables for what CLDR (as shipped by babel) does not carry
# --------------------------------------------------------------------------------------------

#: Ordinal suffixes after a number (babel ships no RBNF ordinal spell-out).
ORDINAL_SUFFIXES: dict[str, tuple[str, ...]] = {
    "en": ("st", "nd", "rd", "th"),
    "fr": ("er", "re", "e", "ème", "eme"),
    "es": ("º", "ª"),
    "pt": ("º", "ª"),
}
#: Space-like characters that group digits in every locale (typographic group separators).
SPACE_GROUPS = ("\u00a0", "\u202f", "\u2009")
#: ``12k``: the lower-case SI prefix for CLDR's English ``K``.
LOWERCASE_ALIASES = {"K": "k"}
#: Locales whose magnitude words are always known (translations keep "100B", "3 million").
BASELINE_LOCALES = ("en",)

_LETTER_BEFORE = r"A-Za-z_\u00aa\u00b5\u00ba\u00c0-\u02af\u0370-\u03ff\u0400-\u052f"
_JOIN = ".,'\u2019\u066b\u066c\uff0c\uff0e"
_SPACE_JOIN = " \u00a0\u202f\u2009"
_NORM_SEP = {"\uff0c": ",", "\uff0e": ".", "\u2019": "'"}
_SPACES = {" ", *SPACE_GROUPS}




def _digits(s: str) -> str:
    """Digits of any script to ASCII digits (a string: no int() size limit)."""
    return "".join(str(unicodedata.decimal(c)) for c in s) if not s.isascii() else s


class _Spec:
    def __init__(self, code: str):
        loc = parse_cldr_locale(code) or Locale.parse("en")
        self.locale = loc
        systems = {"latn", loc.default_numbering_system}
        native = getattr(loc, "other_numbering_systems", {}).get("native")
        if native:
            systems.add(native)
        self.dec: set[str] = set()
        self.grp: set[str] = set()
        for system in systems:
            try:
                self.dec.add(get_decimal_symbol(loc, numbering_system=system))
                self.grp.add(get_group_symbol(loc, numbering_system=system))
            except UnsupportedNumberingSystemError:
                continue
        self.dec = {_NORM_SEP.get(c, c) for c in self.dec}
        self.grp = {_NORM_SEP.get(c, c) for c in self.grp}
        if self.grp & _SPACES:
            self.grp |= _SPACES
        self.grp |= set(SPACE_GROUPS)
        self.grp -= self.dec
        pattern = loc.decimal_formats.get(None)
        grouping = parse_pattern(pattern.pattern).grouping if pattern is not None else (3, 3)
        self.primary, self.secondary = grouping
        self.ordinals = set(ORDINAL_SUFFIXES.get(loc.language, ())) | set(ORDINAL_SUFFIXES["en"])
        self.glued: dict[str, int] = {}
        self.spaced: dict[str, int] = {}
        for src in (loc, *(Locale.parse(b) for b in BASELINE_LOCALES)):
            self._magnitudes(src)

    def _magnitudes(self, loc: Locale) -> None:
        for kind in ("short", "long"):
            table = loc.compact_decimal_formats.get(kind, {})
            for k1, forms in table.items():  # {plural: {magnitude: pattern}}
                for k2, pat in forms.items():
                    magnitude = k2 if str(k2).isdigit() else k1
                    s = getattr(pat, "pattern", str(pat))
                    zeros = s.count("0")
                    if not zeros or not str(magnitude).isdigit():
                        continue
                    exponent = len(str(magnitude)) - 1 - (zeros - 1)
                    if exponent <= 0:
                        continue
                    after = s[s.rindex("0") + 1:].replace("'", "")
                    word = " ".join(after.split())
                    if not word or any(ch.isdigit() for ch in word):
                        continue
                    table_for = self.spaced if after[:1].isspace() else self.glued
                    table_for.setdefault(word, exponent)
                    if word in LOWERCASE_ALIASES:
                        table_for.setdefault(LOWERCASE_ALIASES[word], exponent)


@functools.lru_cache(maxsize=64)
def _spec(code: str) -> _Spec:
    return _Spec(code)


def _alt(words) -> str:
    """Longest first; a space inside a CLDR word ("mil\u00a0M") matches any one space."""
    ws = sorted({w for w in words if w}, key=len, reverse=True)
    return "|".join(r"\s".join(re.escape(p) for p in w.split()) for w in ws) or "(?!)"


@functools.lru_cache(maxsize=64)
def _pattern(code: str) -> re.Pattern[str]:
    s = _spec(code)
    cjk_glued = [w for w in s.glued if _is_cjk(w[0])]
    latin_glued = [w for w in s.glued if not _is_cjk(w[0])]
    ords = _alt(s.ordinals)
    source = (
        rf"(?<![{_LETTER_BEFORE}\d])(?<!\d[.,\u066b\u066c])"
        r"(?P<v>v(?=\d)|V(?=\d+\.\d))?"
        # a run of digit groups: "." "," and the CLDR symbols join any groups; a space-like
        # character only joins a following group of exactly three digits ("12 000")
        rf"(?P<run>\d+(?:[{re.escape(_JOIN)}]\d+|[{re.escape(_SPACE_JOIN)}]\d{{3}}(?!\d))*)"
        rf"(?:[ \u00a0\u202f]?(?P<cjk>{_alt(cjk_glued)})"
        rf"|(?P<glued>{_alt(latin_glued)})(?![^\W\d_{CJK_WRITING}])"
        rf"|[ \u00a0\u202f](?P<spaced>{_alt(s.spaced)})(?!(?<=[^\W\d_])[^\W\d_]))?"
        rf"(?!\d|(?:{ords})(?![^\W\d_])|[A-Za-z]*\d)"
    )
    return re.compile(source)


# --------------------------------------------------------------------------------------------
# Reading a run of digits and separators
# --------------------------------------------------------------------------------------------


def _canonical_int(digits: str) -> str:
    return digits.lstrip("0") or "0"


def _shift(int_part: str, frac: str, exponent: int) -> str:
    """``int_part.frac`` times 10**exponent, exactly, as a canonical string."""
    digits = int_part + frac
    point = len(int_part) + exponent
    if point >= len(digits):
        digits += "0" * (point - len(digits))
        return _canonical_int(digits)
    head, tail = digits[:point], digits[point:].rstrip("0")
    return _canonical_int(head) + (f".{tail}" if tail else "")


def _grouped(digs: list[str], s: _Spec) -> bool:
    """Is ``digs`` (head, groups...) a valid grouping for the locale (Western 3-digit groups
    or the locale's CLDR secondary grouping, e.g. Indian 1,00,000)?"""
    if len(digs) < 2 or not 1 <= len(digs[0]) <= 3 or len(digs[-1]) != s.primary:
        return False
    middle = digs[1:-1]
    sizes = {len(g) for g in middle}
    if not sizes:
        return len(digs[0]) <= max(s.primary, s.secondary)
    if sizes == {s.secondary}:
        return len(digs[0]) <= s.secondary
    return sizes == {s.primary}


def _parse_as(digs: list[str], seps: list[str], dec: set[str], grp: set[str], s: _Spec):
    frac = None
    if seps and seps[-1] in dec:
        frac = digs[-1]
        digs, seps = digs[:-1], seps[:-1]
    if any(c not in grp for c in seps):
        return None
    if len({" " if c in _SPACES else c for c in seps}) > 1:
        return None
    if seps and not _grouped(digs, s):
        return None
    return ("".join(digs), frac)


_SPLIT_RE = re.compile(r"(\D)")


def _read(run: str, s: _Spec, version: bool) -> list[tuple[int, int, tuple]]:
    """Numbers in ``run`` as (start, end, reading) with offsets relative to the run; a reading
    is ("num", int, frac) or ("ver", text)."""
    parts = _SPLIT_RE.split(run)
    raw = parts[0::2]
    digs = [_digits(p) for p in raw]
    seps = [_NORM_SEP.get(c, c) for c in parts[1::2]]
    offsets = []
    off = 0
    for p in raw:
        offsets.append(off)
        off += len(p) + 1
    return _read_parts(digs, seps, offsets, len(run), s, version)


def _read_parts(digs, seps, offsets, end, s: _Spec, version: bool):
    """Read digit groups ``digs`` joined by ``seps`` (offsets relative to the run)."""
    if not seps:
        return [(offsets[0], end, ("num", digs[0], None))]
    if all(c == "." for c in seps) and (version or (len(seps) >= 2 and not ("." in s.grp and _grouped(digs, s)))):
        return [(offsets[0], end, ("ver", ".".join(digs)))]
    r = _parse_as(digs, seps, s.dec, s.grp, s)
    if r is None and ("." in seps or "," in seps):
        # the other convention, when the run only fits that one ("1.500,25" in English text);
        # with one kind of separator, English grouping only ("340,282,346" copied from
        # English into Russian, where "," is the decimal sign)
        both = "." in seps and "," in seps
        for dec, grp in (({"."}, {","}), ({","}, {"."})) if both else (({"."}, {","}),):
            r = _parse_as(digs, seps, dec, grp, s)
            if r:
                break
    if r is None and seps == ["."]:
        r = (digs[0], digs[1])  # "1.5" where "." is not the decimal symbol: a dot decimal
    if r is not None:
        return [(offsets[0], end, ("num", r[0], r[1]))]
    # Not one number: split at the weakest separators (spaces, then commas, ...) and read the
    # pieces on their own.
    for group in (_SPACES, {","}, {"'"}, {"\u066c"}, None):
        cut = [i for i, c in enumerate(seps) if (c in group if group is not None else True)]
        if cut:
            break
    pieces = []
    lo = 0
    for ci in cut + [len(seps)]:
        piece_end = offsets[ci + 1] - 1 if ci + 1 < len(offsets) else end
        pieces.append((digs[lo:ci + 1], seps[lo:ci], offsets[lo:ci + 1], piece_end))
        lo = ci + 1
    out = []
    i = 0
    while i < len(pieces):
        pd, ps, po, pe = pieces[i]
        j = i
        if group is _SPACES and not ps and 1 <= len(pd[0]) <= 3:
            # "2024 12 000": a valid space-grouped number may start after a piece that is not
            # part of it; extend piece by piece (each step O(1), so long runs stay linear)
            while j + 1 < len(pieces):
                nd, ns, _no, _ne = pieces[j + 1]
                if seps[cut[j]] not in s.grp or len(nd[0]) != s.primary:
                    break
                if ns and not (len(ns) == 1 and ns[0] in s.dec):
                    break
                j += 1
                if ns:
                    break  # a decimal part ends the number
        if j > i:
            last_digs, last_seps = pieces[j][0], pieces[j][1]
            int_digits = "".join(p[0][0] for p in pieces[i:j + 1])
            out.append((po[0], pieces[j][3], ("num", int_digits, last_digs[1] if last_seps else None)))
        else:
            out.extend(_read_parts(pd, ps, po, pe, s, False))
        i = j + 1
    return out


def _value(reading: tuple, exponent: int | None) -> str:
    if reading[0] == "ver":
        return reading[1]
    _, int_part, frac = reading
    if exponent:
        return _shift(int_part, frac or "", exponent)
    return _canonical_int(int_part) + (f".{frac}" if frac is not None else "")


_WILDCARD_RE = re.compile(r"\.[xX*](?!\w)")


def find_numbers(text: str, locale: str = "en") -> list[tuple[int, int, str]]:
    """Numbers in ``text`` as ``(start, end, value)``; see the module docstring."""
    if not isinstance(text, str) or not text:
        return []
    locale = locale or "en"
    s = _spec(locale)
    out: list[tuple[int, int, str]] = []
    append = out.append
    for m in _pattern(locale).finditer(text):
        version, run, cjk, glued, spaced = m.group("v", "run", "cjk", "glued", "spaced")
        mag = cjk or glued or spaced
        exponent = None
        if mag:
            mag = " ".join(mag.split())
            exponent = s.spaced.get(mag) if spaced else s.glued.get(mag)
        if run.isdecimal():  # the common case: one integer
            digits = _digits(run)
            append((m.start(), m.end(), _shift(digits, "", exponent) if exponent else _canonical_int(digits)))
            continue
        run_start = m.start("run")
        # "0.127.x", "1.5.*": a version with a wildcard part is a version, in every locale
        wildcard = _WILDCARD_RE.match(text, m.end()) is not None
        pieces = _read(run, s, version is not None or wildcard)
        for i, (a, b, reading) in enumerate(pieces):
            last = i == len(pieces) - 1
            start = m.start() if i == 0 else run_start + a
            end = m.end() if last and mag else run_start + b
            append((start, end, _value(reading, exponent if last else None)))
    return out


def same_number(a: str, b: str) -> bool:
    """Do two values of :func:`find_numbers` denote the same number? ``"1.50"`` and ``"1.5"``
    do; versions (two or more dots) must be equal as written."""
    if a == b:
        return True
    if a.count(".") >= 2 or b.count(".") >= 2:
        return False
    try:
        return Decimal(a) == Decimal(b)
    except (InvalidOperation, ValueError):
        return False


_THOUSANDS_RE = re.compile(r"[1-9]\d{0,2}\.\d{3}")


def english_reading(value: str, locale: str) -> str | None:
    """The value English grouping gives the text ``find_numbers`` read as ``value`` in
    ``locale``: ``1,500`` copied from English into German is read ``1.500`` (one and a half)
    and is ``1500`` to its writer. ``None`` where the readings cannot differ (the locale's
    decimal sign is a point, or the value has no three-digit fraction)."""
    if "." in _spec(locale or "en").dec or not _THOUSANDS_RE.fullmatch(value):
        return None
    return value.replace(".", "")

