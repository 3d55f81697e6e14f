"""Dates written again in the style a text already uses, for safe repairs.

A translation that says ``2024年10月17日`` where upstream says January 29, 2025 is repaired to
``2025年1月29日``, one that says ``3 de abril de 2023`` to ``6 de fevereiro de 2023``: the
style is the CLDR pattern of the translation's locale (babel's standard formats, then its
skeleton formats) that reproduces the old text exactly, and the new date is formatted with
it. Whitespace is compared by kind (CLDR writes a narrow no-break space where a text often has
a plain one) and the text's own spaces are kept. A numeric date no pattern reproduces
(``2022 年 6 月``) is rewritten digit group by digit group when each group's field and
padding is certain. Anything else is refused: a repair never guesses a style.
"""

from __future__ import annotations

import functools
import re
from datetime import date

from babel.dates import DateTimePattern, parse_pattern, tokenize_pattern

from .languages import parse_cldr_locale

#: Pattern fields a date repair may write: year, month, day, weekday.
_DATE_FIELDS = frozenset("yMLdEc")
_ISO_RE = re.compile(r"\d{4}-\d{2}-\d{2}")
_DIGITS_RE = re.compile(r"\d+")
#: Markers that name the field of the digits before them in CJK dates.
_MARKERS = {"年": "y", "년": "y", "月": "m", "월": "m", "日": "d", "号": "d", "일": "d"}
_LETTER_RE = re.compile(r"[^\W\d_]")


def parse_iso(value: str) -> tuple[date, bool] | None:
    """``2025-01-29`` -> (the date, True); ``2025-01`` -> (its first day, False)."""
    parts = value.split("-")
    try:
        if len(parts) == 3:
            return date(int(parts[0]), int(parts[1]), int(parts[2])), True
        if len(parts) == 2:
            return date(int(parts[0]), int(parts[1]), 1), False
    except ValueError:
        return None
    return None


@functools.lru_cache(maxsize=64)
def _patterns(locale: str) -> tuple[tuple[DateTimePattern, bool, bool], ...]:
    """The locale's date patterns as (pattern, has a day field, is a standard format), the
    standard formats first (full to short), then the skeleton formats."""
    loc = parse_cldr_locale(locale)
    if loc is None:
        return ()
    out = []
    seen = set()
    standard = [loc.date_formats[k] for k in ("full", "long", "medium", "short") if k in loc.date_formats]
    for k, pattern in enumerate([*standard, *loc.datetime_skeletons.values()]):
        text = pattern.pattern if isinstance(pattern, DateTimePattern) else str(pattern)
        if text in seen:
            continue
        seen.add(text)
        fields = {value[0] for kind, value in tokenize_pattern(text) if kind == "field"}
        if not fields or not fields <= _DATE_FIELDS or not fields & {"y"} or not fields & {"M", "L"}:
            continue
        out.append((parse_pattern(text), "d" in fields, k < len(standard)))
    return tuple(out)


def _tolerant(text: str) -> re.Pattern[str]:
    """``text`` as a pattern in which each run of whitespace matches any run of whitespace."""
    return re.compile(r"\s+".join(re.escape(part) for part in text.split()) if text.strip() else re.escape(text))


def _carry_spaces(new: str, old_match: str) -> str:
    """``new`` with its whitespace runs replaced, in order, by those of the old text."""
    old_spaces = re.findall(r"\s+", old_match)
    new_parts = re.split(r"\s+", new)
    if len(new_parts) - 1 != len(old_spaces):
        return new
    out = [new_parts[0]]
    for space, part in zip(old_spaces, new_parts[1:]):
        out += [space, part]
    return "".join(out)


def restyle(line: str, start: int, end: int, old_iso: str, new_iso: str,
            locales: tuple[str, ...]) -> tuple[int, int, str] | None:
    """The date ``line[start:end]`` (which reads as ``old_iso``) written as ``new_iso`` in the
    same style: ``(start, end, replacement)``, the span widened to what the style covers
    (``17 октября 2024 г.``), or ``None`` when no style reproduces the old text."""
    old, new = parse_iso(old_iso), parse_iso(new_iso)
    if old is None or new is None or (old[1] and not new[1]):
        return None
    (old_date, has_day), new_date = old, new[0]
    span = line[start:end]
    if has_day and _ISO_RE.fullmatch(span):
        return start, end, new_date.isoformat()
    found = _by_patterns(line, start, end, old_date, new_date, has_day, locales)
    if found is not None:
        return found
    text = _by_digits(span, old_date, new_date, has_day)
    return (start, end, text) if text is not None else None


def _by_patterns(line: str, start: int, end: int, old: date, new: date, has_day: bool,
                 locales: tuple[str, ...]) -> tuple[int, int, str] | None:
    matches: list[tuple[int, int, str, bool]] = []
    for locale in locales:
        loc = parse_cldr_locale(locale)
        for pattern, with_day, standard in _patterns(locale):
            if with_day != has_day:
                continue
            written = pattern.apply(old, loc)
            for m in _tolerant(written).finditer(line, max(0, end - len(written) - 8)):
                if m.start() > start:
                    break
                if m.end() >= end:
                    text = _carry_spaces(pattern.apply(new, loc), m.group())
                    matches.append((m.start(), m.end(), text, standard))
                    break
    if not matches:
        return None
    # The widest style wins (a full date with its weekday over the date alone); among those,
    # all must agree, or a standard format decides.
    width = max(e - s for s, e, _, _ in matches)
    widest = [m for m in matches if m[1] - m[0] == width]
    texts = {m[2] for m in widest}
    if len(texts) == 1:
        return widest[0][:3]
    standard = [m for m in widest if m[3]]
    return standard[0][:3] if standard else None


def _by_digits(span: str, old: date, new: date, has_day: bool) -> str | None:
    """A numeric date (``2022 年 6 月``, ``17.10.2024``) rewritten group by group, when each
    digit group's field is certain (a CJK marker, four digits for the year, or a value only
    one field has) and so is its padding."""
    letters = [c for c in _LETTER_RE.findall(span) if c not in _MARKERS]
    groups = list(_DIGITS_RE.finditer(span))
    if letters or len(groups) != (3 if has_day else 2):
        return None
    values = {"y": old.year, "m": old.month, "d": old.day}
    fields: list[str | None] = []
    for g in groups:
        after = span[g.end():].lstrip()
        fields.append(_MARKERS.get(after[:1]))
    for k, g in enumerate(groups):
        if fields[k] is None and len(g.group()) == 4 and int(g.group()) == old.year:
            fields[k] = "y"
    for k, g in enumerate(groups):
        if fields[k] is None:
            free = [f for f in ("m", "d")[: 2 if has_day else 1]
                    if f not in fields and values[f] == int(g.group())]
            if len(free) != 1:
                return None
            fields[k] = free[0]
    if sorted(f for f in fields if f) != sorted(["y", "m", "d"][: 3 if has_day else 2]):
        return None
    new_values = {"y": new.year, "m": new.month, "d": new.day}
    padded = {len(g.group()) == 2 and g.group().startswith("0") for g, f in zip(groups, fields) if f != "y"}
    short = {len(g.group()) == 1 for g, f in zip(groups, fields) if f != "y"}
    out, last = [], 0
    for g, f in zip(groups, fields):
        digits = g.group()
        value = new_values[f]
        if f == "y":
            if len(digits) == 4:
                text = f"{value:04d}"
            elif len(digits) == 2:
                text = f"{value % 100:02d}"
            else:
                return None
        elif len(digits) == 1 or value >= 10:
            if len(digits) == 1 and True in padded:
                return None
            text = str(value)
        elif digits.startswith("0") or (True in padded and True not in short):
            text = f"{value:02d}"
        elif True in short:
            text = str(value)
        else:
            return None  # "17.10.2024" -> is January "1" or "01"?
        out += [span[last:g.start()], text]
        last = g.end()
    out.append(span[last:])
    return "".join(out)
