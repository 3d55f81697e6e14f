"""Numbers by value in the locale's symbols: CLDR's formats read back, magnitudes, native
digits, versions, and names that are no numbers."""

from __future__ import annotations

from decimal import Decimal

import pytest
from babel import Locale
from babel.numbers import format_compact_decimal, format_decimal
from hypothesis import given, settings
from hypothesis import strategies as st

from relsync.anchors.numbers import english_reading, find_numbers, same_number

from . import adversarial
from .test_dates import LOCALES

ALL = LOCALES + ("en_IN",)


def values(text, locale):
    return [v for _, _, v in find_numbers(text, locale)]


BRIEF = [
    # decimal comma and grouping per locale (CLDR symbols)
    ("1,5", "de", ["1.5"]), ("1,5", "fr", ["1.5"]), ("1,5", "es", ["1.5"]), ("1,5", "pt_BR", ["1.5"]),
    ("1,5", "ru", ["1.5"]), ("1,5", "uk", ["1.5"]), ("1,5", "id", ["1.5"]), ("1,5", "tr", ["1.5"]),
    ("1,5", "vi", ["1.5"]),
    ("1,500", "en", ["1500"]), ("1.500", "de", ["1500"]), ("1.500,25", "es", ["1500.25"]),
    ("3,892 stars", "en", ["3892"]), ("it costs 1,234.56", "en", ["1234.56"]),
    ("1,5", "en", ["1", "5"]),  # en: "," groups by three, so this is a list
    ("12 000", "fr", ["12000"]), ("12\u00a0000", "ru", ["12000"]), ("12\u202f000", "fr", ["12000"]),
    ("12\u2009000", "de", ["12000"]), ("12\u202f000", "en", ["12000"]), ("1 234,56", "fr", ["1234.56"]),
    ("1.000.000", "de", ["1000000"]), ("en 2024 12 000 personnes", "fr", ["2024", "12000"]),
    ("2024 100 people", "en", ["2024", "100"]),
    # Indian grouping from the CLDR pattern #,##,##0.###
    ("1,00,000", "en_IN", ["100000"]), ("1,00,000", "hi", ["100000"]), ("12,34,567.5", "bn", ["1234567.5"]),
    ("1,000,000", "en_IN", ["1000000"]),
    # native digits
    ("১,০০,০০০", "bn", ["100000"]), ("২০২৫", "bn", ["2025"]), ("१२३", "hi", ["123"]),
    ("٣٫٥", "ar", ["3.5"]), ("١٬٢٣٤", "ar", ["1234"]), ("۱۲۳", "fa", ["123"]), ("１２３", "ja", ["123"]),
    # CLDR compact formats: CJK multipliers and English K/M/B
    ("1000亿", "zh_CN", ["100000000000"]), ("1.2万", "zh_CN", ["12000"]), ("1.2 万", "zh_CN", ["12000"]),
    ("参数量达1000亿个", "zh_CN", ["100000000000"]), ("3億", "ja", ["300000000"]), ("5万", "ja", ["50000"]),
    ("5만", "ko", ["50000"]), ("3억", "ko", ["300000000"]), ("2萬", "zh_TW", ["20000"]),
    ("100B", "en", ["100000000000"]), ("12k", "en", ["12000"]), ("12K", "en", ["12000"]),
    ("3 million", "en", ["3000000"]), ("1.5 billion", "en", ["1500000000"]),
    ("3 Millionen", "de", ["3000000"]), ("1,2 Mio.", "de", ["1200000"]), ("5 млн", "ru", ["5000000"]),
    ("2 lakh", "en_IN", ["200000"]), ("100B", "es", ["100000000000"]),  # glued: the English billion
    ("100 B", "es", ["100000000000000"]),  # spaced as CLDR es writes it: a billón
    ("12KB", "en", ["12"]), ("5 Mbps", "es", ["5"]),
    # versions stay as written
    ("2.6", "en", ["2.6"]), ("2.6", "de", ["2.6"]), ("2.6", "fr", ["2.6"]), ("Firefox 1.5", "de", ["1.5"]),
    ("v2.6.0", "en", ["2.6.0"]), ("v2.6.0", "fr", ["2.6.0"]), ("12.6.3", "fr", ["12.6.3"]),
    ("2.6.1", "de", ["2.6.1"]), ("version 3.10", "en", ["3.10"]), ("v2", "en", ["2"]),
    # names and ordinals are not numbers
    ("FP16 H100 X86 bf16 x86_64 V8", "en", []), ("1st 23rd 2nd 4th", "en", []), ("1er", "fr", []),
    ("100ms and 16GB", "en", ["100", "16"]), ("共3个", "zh_CN", ["3"]), ("16x9", "en", []),
    ("-5 and 50%", "en", ["5", "50"]), ("007", "en", ["7"]), ("1,5,7", "en", ["1", "5", "7"]),
]


@pytest.mark.parametrize("text,locale,expected", BRIEF, ids=[f"{c[1]}:{c[0]}" for c in BRIEF])
def test_brief_examples(text, locale, expected):
    assert values(text, locale) == expected


def test_huge_number_before_magnitude_does_not_overflow():
    digits = "1" * 400
    assert values(digits + "万", "zh_CN") == [digits + "0000"]
    assert values(digits + "k", "en") == [digits + "000"]
    assert values("1." + digits + "万", "zh_CN") == ["1" + digits[:4] + "." + digits[4:]]
    assert values("9" * 5000, "en") == ["9" * 5000]  # no int() digit limit either


def test_spans():
    text = "参数量达1000亿个, about 100B or 3 million"
    assert [text[s:e] for s, e, _ in find_numbers(text, "zh_CN")] == ["1000亿", "100B", "3 million"]
    text = "see v2.6.0 now"
    assert [text[s:e] for s, e, _ in find_numbers(text, "en")] == ["v2.6.0"]


@pytest.mark.parametrize("locale", ALL)
def test_cldr_decimal_round_trip(locale):
    """What babel formats for a locale (its CLDR symbols and grouping) is read back."""
    text = format_decimal(Decimal("1234567.5"), locale=locale)
    assert values(text, locale) == ["1234567.5"], text
    loc = Locale.parse(locale)
    native = loc.other_numbering_systems.get("native") if hasattr(loc, "other_numbering_systems") else None
    if native in ("arab", "arabext", "beng", "deva"):
        text = format_decimal(Decimal("1234567.5"), locale=locale, numbering_system=native)
        assert values(text, locale) == ["1234567.5"], text


@pytest.mark.parametrize("locale", ALL)
def test_cldr_compact_round_trip(locale):
    for kind in ("short", "long"):
        text = format_compact_decimal(1_200_000, format_type=kind, locale=locale, fraction_digits=1)
        assert [v for v in values(text, locale)] == ["1200000"], (kind, text)


def test_same_number():
    assert same_number("1.50", "1.5")
    assert same_number("12000", "12000.0")
    assert not same_number("2.6.0", "2.6")
    assert not same_number("2.6.1", "2.6.10")
    assert same_number("2.6.1", "2.6.1")
    assert not same_number("1500", "1.5")
    assert not same_number("abc", "1")


def test_adversarial_input_is_read_without_error():
    """(Its time per MB is benchmarks/bench_regex.py's.)"""
    text = adversarial.adversarial(100_000)
    for locale in ("en", "de", "fr", "zh_CN", "hi"):
        find_numbers(text, locale)
    for run in adversarial.runs(20_000):
        find_numbers(run, "fr")


@settings(max_examples=300, deadline=None)
@given(st.text(), st.sampled_from(ALL))
def test_never_raises_and_spans_are_sane(text, locale):
    last = 0
    for s, e, v in find_numbers(text, locale):
        assert 0 <= s < e <= len(text) and s >= last
        last = e
        assert v and all(part.isdigit() and part.isascii() for part in v.split(".")), v


noise = st.lists(st.sampled_from(list("0123456789 .,\u00a0\u202f\u2009万亿kKBvx-") + ["1,000", "১২", "٫"]),
                 max_size=40).map("".join)


@settings(max_examples=300, deadline=None)
@given(noise, st.sampled_from(ALL))
def test_never_raises_on_number_noise(text, locale):
    for s, e, v in find_numbers(text, locale):
        assert 0 <= s < e <= len(text)


@settings(max_examples=300, deadline=None)
@given(st.decimals(min_value=0, max_value=10**12, places=2, allow_nan=False, allow_infinity=False),
       st.sampled_from(ALL))
def test_format_decimal_round_trip(value, locale):
    text = format_decimal(value, locale=locale)
    got = values(text, locale)
    assert len(got) == 1 and same_number(got[0], str(value.normalize() if value else 0)), (text, got)


@settings(max_examples=200, deadline=None)
@given(st.decimals(min_value=0, max_value=10**6, places=3, allow_nan=False, allow_infinity=False))
def test_same_number_is_numeric_equality(value):
    a = format(value, "f")
    b = format(value.normalize(), "f") if value else "0"
    assert same_number(a, b) and same_number(b, a)


@pytest.mark.parametrize("value, locale, expected", [
    ("1.500", "de", "1500"), ("12.000", "fr", "12000"), ("1.500", "en", None), ("1.500", "zh_CN", None),
    ("1.5", "de", None), ("0.500", "de", None), ("1.5000", "de", None),
])
def test_english_reading_of_a_copied_thousand(value, locale, expected):
    assert english_reading(value, locale) == expected


@pytest.mark.parametrize("locale", ["en", "de", "es", "pt", "tr", "ru"])
def test_a_version_with_a_wildcard_part_is_a_version_in_every_locale(locale):
    """fastapi-docs docs/*/docs/how-to/migrate-from-pydantic-v1-to-pydantic-v2.md:139: the same
    `0.127.x` read as 0.127 in English and as 127 (a grouped thousand) in German."""
    text = "funktioniert nur in **FastAPI 0.119.0 bis 0.127.x**. Sie wurde in **FastAPI 0.128.0** entfernt"
    assert [v for _, _, v in find_numbers(text, locale)] == ["0.119.0", "0.127", "0.128.0"]
    assert [v for _, _, v in find_numbers("Vue 2.x and 1.5.* builds", locale)] == ["2", "1.5"]
