"""What CLDR (babel's locale data) says about how a locale writes a date.

For each locale, :func:`locale_spec` reads:

* month and weekday *names* (``get_month_names`` / ``get_day_names``, wide and abbreviated,
  format and stand-alone context: the genitive ``квітня`` and the nominative ``квітень``).
  Names that carry the month number (``4月``, ``4월``, ``tháng 4``) become a prefix or a
  suffix around any digits, so ``4 月`` and ``４月`` are read too;
* the literals of its date patterns (short to full, and the y/M/d/E skeletons): what follows
  a field (``年 月 日``, ``년 일``, German ``d.``, Russian ``г.``), the words between fields
  (``de``, ``năm``), the separators (``,`` ``،``) and, for all-numeric patterns, the field
  order each separator implies (``dd.MM.y``: day first with ``.``);
* range connectors from the interval formats (``–``, ``—``, ``至``, ``～``, ``~``);
* the CLDR unit name of "day" where it does not inflect (``ngày``, ``hari``, ``gün``), which
  may precede the day number.

What CLDR does not carry is in the small tables below.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass, field

from babel import Locale
from babel.dates import get_date_format, get_day_names, get_month_names, split_interval_pattern, tokenize_pattern

from ..languages import is_cjk_char, parse_cldr_locale

#: Ordinal suffixes written after a day number: CLDR has ordinal plural rules, and babel ships
#: no ordinal spell-out strings.
ORDINAL_SUFFIXES: dict[str, tuple[str, ...]] = {
    "en": ("st", "nd", "rd", "th"),
    "fr": ("er", "re"),  # 1er avril
    "es": ("º", "ª"),  # 1º de abril
    "pt": ("º", "ª"),
}
#: Words that join the two ends of a range in prose (CLDR interval formats use symbols only).
RANGE_WORDS: dict[str, tuple[str, ...]] = {
    "en": ("to", "through", "until"),
    "de": ("bis",),
    "fr": ("au",),
    "es": ("al", "a"),
    "pt": ("a", "até"),
    "ru": ("по",),
    "uk": ("по",),
    "id": ("sampai", "hingga"),
    "vi": ("đến",),
    "ja": ("から",),  # 21日から23日 (まで)
    "zh": ("到",),
    "ko": ("부터",),  # 21일부터 23일 (까지)
}
#: How prose types the CLDR connectors: an ASCII hyphen for an en dash, the wave dash for
#: the full-width tilde.
DASH_VARIANTS: tuple[str, ...] = ("-", "〜")
#: Colloquial forms no CLDR pattern has: the Chinese day suffix ``号``, the English "23rd *of*
#: April" and the Spanish "de mayo *del* 2025".
EXTRA_DAY_SUFFIXES: dict[str, tuple[str, ...]] = {"zh": ("号",)}
EXTRA_FILLERS: dict[str, tuple[str, ...]] = {"en": ("of",), "es": ("del",)}
#: Locales whose month and weekday names are always known (translations keep English dates);
#: their numeric field order is not added. ``en_GB`` brings "Sept".
BASELINE_NAME_LOCALES: tuple[str, ...] = ("en", "en_GB")

#: Bidirectional marks that Arabic patterns put around separators.
BIDI = "\u200e\u200f\u061c"
_FIELD = {"y": "y", "Y": "y", "u": "y", "M": "M", "L": "M", "d": "d", "E": "E", "c": "E", "e": "E"}
_PIECE_RE = re.compile(r"[^\W\d_]+\.?|[^\w\s]")
_NUMBERED_MONTH_RE = re.compile(r"\A(\D*?)(\d+)(\D*)\Z")


def name_key(s: str) -> str:
    """The lookup key of a month name. The same function builds the table keys and reads
    matched text, so every spelling the pattern accepts has a key: ``EKİM`` -> ``ekim``,
    ``MAYIS`` and ``Mayıs`` -> ``mayis``, ``Aprİl`` -> ``april``."""
    s = unicodedata.normalize("NFKC", s).casefold().replace("\u0307", "").replace("ı", "i")
    return " ".join(s.split()).rstrip(".").rstrip()


@dataclass
class Spec:
    """The date vocabulary of one locale (or, merged, of a locale set)."""

    lang: str = ""
    months: dict[str, tuple[int, bool]] = field(default_factory=dict)
    """:func:`name_key` -> (month, whether some wide name has that key)."""
    month_names: set[str] = field(default_factory=set)
    month_prefixes: set[str] = field(default_factory=set)  # "tháng" of "tháng 4"
    month_suffixes: set[str] = field(default_factory=set)  # "月" of "4月"
    weekdays: set[str] = field(default_factory=set)
    day_punct: set[str] = field(default_factory=set)  # "." of "23. April"
    day_words: set[str] = field(default_factory=set)  # "日", "일"
    year_struct: set[str] = field(default_factory=set)  # "年", "년": a year followed by a month
    year_trail: set[str] = field(default_factory=set)  # "г.", "р."
    fillers: set[str] = field(default_factory=set)  # "de", "năm"
    day_prefix: set[str] = field(default_factory=set)  # "ngày"
    seps: set[str] = field(default_factory=set)  # ",", "،"
    numeric: dict[str, set[str]] = field(default_factory=dict)  # "." -> {"dmy"}
    year_first_seps: set[str] = field(default_factory=set)
    connectors: set[str] = field(default_factory=set)
    ordinals: set[str] = field(default_factory=set)
    range_words: set[str] = field(default_factory=set)
    month_stems: dict[str, tuple[int, int]] = field(default_factory=dict)
    """A month's stem (:func:`name_key`) -> (month, the most letters an ending may add):
    the grammatical cases CLDR does not give (:func:`month_stems`)."""


def _merged_tokens(pattern: str) -> list[tuple[str, object]]:
    out: list[tuple[str, object]] = []
    for kind, val in tokenize_pattern(pattern):
        if kind == "chars" and out and out[-1][0] == "chars":
            out[-1] = ("chars", str(out[-1][1]) + val)
        else:
            out.append((kind, val))
    return out


def _pieces(literal: str) -> list[str]:
    """Words (``de``, ``г.``), single CJK characters and single punctuation marks."""
    out = []
    for p in _PIECE_RE.findall(literal):
        if len(p) > 1 and is_cjk_char(p[0]):
            out.extend(p.rstrip("."))
        else:
            out.append(p)
    return out


def _is_word(p: str) -> bool:
    return p[:1].isalpha()


def _date_patterns(loc: Locale) -> list[str]:
    pats = [get_date_format(f, loc).pattern for f in ("short", "medium", "long", "full")]
    for skel, pat in loc.datetime_skeletons.items():
        letters = set(skel)
        if "y" in letters and ("M" in letters or "L" in letters) and letters <= set("yMLdEc"):
            pats.append(getattr(pat, "pattern", str(pat)))
    return pats


def _field_at(toks, i: int) -> str | None:
    if 0 <= i < len(toks) and toks[i][0] == "field":
        return _FIELD.get(toks[i][1][0])
    return None


def _numeric_order(spec: Spec, toks, kinds, widths) -> bool:
    """An all-numeric y/M/d pattern: the field order its separator implies."""
    if sorted(kinds) != ["M", "d", "y"] or widths.get("M", 9) > 2 or "E" in widths:
        return False
    idx = [i for i, (k, _) in enumerate(toks) if k == "field"]
    lits = [toks[i][1] for i in range(idx[0] + 1, idx[-1]) if toks[i][0] == "chars"]
    cleaned = {"".join(ch for ch in str(lit) if ch not in BIDI and not ch.isspace()) for lit in lits}
    if len(cleaned) != 1:
        return False
    sep = cleaned.pop()
    if sep not in ("/", ".", "-"):
        return False
    order = "".join(k.lower() for k in kinds)
    if order.startswith("y"):
        spec.year_first_seps.add(sep)
    else:
        spec.numeric.setdefault(sep, set()).add(order)
    return True


def _analyse_pattern(spec: Spec, pattern: str) -> None:
    toks = _merged_tokens(pattern)
    fields = [_FIELD.get(v[0]) for k, v in toks if k == "field"]  # type: ignore[index]
    kinds = [f for f in fields if f in ("y", "M", "d")]
    widths = {_FIELD.get(v[0]): v[1] for k, v in toks if k == "field"}  # type: ignore[index]
    if _numeric_order(spec, toks, kinds, widths) or "y" not in kinds or "M" not in kinds:
        return
    for i, (kind, val) in enumerate(toks):
        if kind != "chars":
            continue
        lit = "".join(ch for ch in str(val) if ch not in BIDI)
        prev, nxt = _field_at(toks, i - 1), _field_at(toks, i + 1)
        pieces = _pieces(lit)
        if not pieces:
            continue
        attached = not lit[:1].isspace()
        trailing_year_word = prev == "y" and _is_word(pieces[0]) and (nxt in (None, "E") or pieces[0].endswith("."))
        if prev in ("y", "M", "d") and (attached or trailing_year_word):
            first = pieces[0]
            if _is_word(first) or first == ".":
                pieces.pop(0)
                if prev == "d":
                    (spec.day_punct if first == "." else spec.day_words).add(first)
                elif prev == "y":
                    if _is_word(first):
                        (spec.year_struct if nxt in ("M", "d") else spec.year_trail).add(first)
                elif prev == "M" and widths.get("M", 9) <= 2 and _is_word(first):
                    spec.month_suffixes.add(first)
        for p in pieces:
            if _is_word(p):
                if nxt in ("y", "M", "d") and prev != "E":
                    spec.fillers.add(p.rstrip("."))
            elif unicodedata.category(p) == "Po" and p not in "./":
                spec.seps.add(p)


def _analyse_intervals(spec: Spec, loc: Locale) -> None:
    suffixes = spec.day_words | spec.day_punct | spec.year_struct | spec.year_trail | spec.month_suffixes
    ordered = sorted(suffixes, key=len, reverse=True)
    for skel, fmts in loc.interval_formats.items():
        if skel is None:
            s = str(fmts).replace("{0}", "").replace("{1}", "").strip()
            if s:
                spec.connectors.add(s)
            continue
        if not set(skel) <= set("yMLdEc"):
            continue
        for pat in fmts.values():
            try:
                first, _second = split_interval_pattern(str(pat) if not isinstance(pat, list) else "".join(pat))
            except (ValueError, TypeError):
                continue
            toks = _merged_tokens(first)
            if not toks or toks[-1][0] != "chars":
                continue
            lit = "".join(ch for ch in str(toks[-1][1]) if ch not in BIDI).strip()
            for suf in ordered:
                if lit.startswith(suf):
                    lit = lit[len(suf):]
                    break
            lit = lit.lstrip(" .)）\u2009\u202f\xa0").strip()
            if (lit and len(lit) <= 3 and not any(c.isalnum() for c in lit)) or lit == "至":
                spec.connectors.add(lit)


def _names(spec: Spec, loc: Locale) -> None:
    for width in ("wide", "abbreviated"):
        for context in ("format", "stand-alone"):
            for num, name in get_month_names(width, context, loc).items():
                m = _NUMBERED_MONTH_RE.match(name)
                if m and int(m.group(2)) == num:
                    if m.group(1).strip():
                        spec.month_prefixes.add(m.group(1).strip())
                    if m.group(3).strip():
                        spec.month_suffixes.add(m.group(3).strip())
                    continue
                k = name_key(name)
                old = spec.months.get(k)
                spec.months[k] = (num, width == "wide" or bool(old and old[1]))
                spec.month_names.add(name.rstrip("."))
            for name in get_day_names(width, context, loc).values():
                spec.weekdays.add(name.rstrip("."))


#: A stem shorter than this takes a one-letter ending only (Russian ``ма`` of ``май`` /
#: ``мая``: ``мае``).
SHORT_STEM = 3


def month_stems(loc: Locale) -> dict[str, tuple[int, int]]:
    """The stems of a language whose month names inflect: CLDR gives the nominative
    (stand-alone) and the genitive or partitive (format) wide names, and where they differ
    the other cases share their common start (Russian ``апрель`` / ``апреля``: ``апрел``,
    which reads the prepositional ``в апреле``; Ukrainian ``у квітні``, Polish ``w
    kwietniu``, Czech ``v dubnu``, Finnish ``huhtikuussa``). An ending may be as long as the
    longer name's ending, and one letter more."""
    fmt = get_month_names("wide", "format", loc)
    alone = get_month_names("wide", "stand-alone", loc)
    stems: dict[str, tuple[int, int]] = {}
    for num, name in fmt.items():
        other = alone.get(num, name)
        a, b = name_key(name), name_key(other)
        if a == b or not a.isalpha() or not b.isalpha() or is_cjk_char(a[0]):
            continue
        k = 0
        while k < min(len(a), len(b)) and a[k] == b[k]:
            k += 1
        if k < 2:
            continue
        stem = a[:k]
        stems[stem] = (num, 1 if k < SHORT_STEM else max(len(a), len(b)) - k + 1)
    return stems


@functools.lru_cache(maxsize=64)
def locale_spec(code: str, names_only: bool = False) -> Spec | None:
    """The date vocabulary of one locale; ``names_only``: its month and weekday names and the
    tabled words, not its patterns (what a baseline or a base language contributes)."""
    loc = parse_cldr_locale(code)
    if loc is None:
        return None
    spec = Spec(lang=loc.language)
    _names(spec, loc)
    spec.month_stems = month_stems(loc)
    spec.ordinals |= set(ORDINAL_SUFFIXES.get(loc.language, ()))
    spec.range_words |= set(RANGE_WORDS.get(loc.language, ()))
    spec.fillers |= set(EXTRA_FILLERS.get(loc.language, ()))
    spec.day_words |= set(EXTRA_DAY_SUFFIXES.get(loc.language, ()))
    if names_only:
        return spec
    for pat in _date_patterns(loc):
        _analyse_pattern(spec, pat)
    _analyse_intervals(spec, loc)
    # Every count form of the CLDR unit pattern "{0} ngày" has the same word (unlike "{0} day"
    # / "{0} days"): the noun does not inflect and may stand before the day number.
    long = loc._data.get("unit_patterns", {}).get("duration-day", {}).get("long", {})
    words = {str(v).replace("{0}", "").strip() for k, v in long.items() if k != "per"}
    if len(words) == 1 and (word := words.pop()).isalpha() and not is_cjk_char(word[0]):
        spec.day_prefix.add(word)
    return spec


_NAME_FIELDS = ("month_names", "month_prefixes", "month_suffixes", "weekdays", "ordinals", "range_words",
                "fillers", "day_words")
_FORM_FIELDS = ("day_punct", "year_struct", "year_trail", "day_prefix", "seps", "year_first_seps", "connectors")


def merged_spec(locales: tuple[str, ...]) -> Spec:
    """The vocabulary of a locale set. Names also come from each locale's base language
    (``zh_TW`` text writes ``六月``, which CLDR gives to ``zh``) and from the English
    baseline; the numeric field orders and the other forms only from the locales asked for.
    The first locale to name a month wins its key."""
    total = Spec()
    languages = [c.replace("-", "_").split("_")[0].lower() for c in locales if c]
    specs = [(locale_spec(c), False) for c in locales]
    specs += [(locale_spec(c, True), True) for c in dict.fromkeys((*languages, *BASELINE_NAME_LOCALES))]
    for spec, baseline in specs:
        if spec is None:
            continue
        for k, v in spec.months.items():
            total.months.setdefault(k, v)
        for k, stem in spec.month_stems.items():
            total.month_stems.setdefault(k, stem)
        for attr in _NAME_FIELDS:
            getattr(total, attr).update(getattr(spec, attr))
        if baseline:
            continue
        for attr in _FORM_FIELDS:
            getattr(total, attr).update(getattr(spec, attr))
        for sep, orders in spec.numeric.items():
            total.numeric.setdefault(sep, set()).update(orders)
    return total


def stem_month(stems: dict[str, tuple[int, int]], key: str) -> int | None:
    """The month whose stem opens ``key`` (a :func:`name_key`) with an ending it allows,
    the longest stem first (Czech ``července`` is July's ``červen``, not June's ``červ``)."""
    for k in range(len(key), 1, -1):
        hit = stems.get(key[:k])
        if hit is not None:
            return hit[0] if len(key) - k <= hit[1] else None
    return None
