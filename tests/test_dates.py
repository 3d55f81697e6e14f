"""Dates by value in every locale: the forms CLDR writes are read back, ranges, numeric
forms, case, native digits, and text that is no date."""

from __future__ import annotations

import re
import unicodedata
from datetime import date, timedelta

import pytest
from babel.dates import format_date, get_date_format, get_month_names
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from relsync import check, fix_text
from relsync.align import align
from relsync.anchors import dates
from relsync.anchors.dates import find_dates
from relsync.parse import parse
from relsync.anchors.dates_grammar import WINDOW, grammar

from . import adversarial

try:  # Python 3.11+
    from re import _parser as sre_parse  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover
    import sre_parse  # type: ignore[no-redef]

LOCALES = ("en", "zh_CN", "zh_TW", "ja", "ko", "es", "fr", "de", "pt_BR", "ru", "uk", "id", "vi",
           "bn", "hi", "ar", "tr")
FORMATS = ("short", "medium", "long", "full")
D = date(2025, 4, 23)
VALUE_RE = re.compile(r"\d{4}-\d{2}(?:-\d{2})?(?:/\d{4}-\d{2}(?:-\d{2})?)?")


def values(text, locales):
    return [v for _, _, v in find_dates(text, locales)]


def two_digit_year(locale: str, fmt: str) -> bool:
    """CLDR short formats with a two-digit year ("4/23/25", "23.04.25") are ambiguous
    (century; versions such as 1.2.25) and are deliberately not read."""
    pattern = get_date_format(fmt, locale).pattern
    return bool(re.search(r"(?<!y)yy(?!y)", pattern))


NATIVE_ZERO = {"bn": "০", "hi": "०", "ar": "٠"}


def native(text: str, locale: str) -> str:
    zero = NATIVE_ZERO[locale]
    return "".join(chr(ord(zero) + int(c)) if c.isdigit() and c.isascii() else c for c in text)


# --- the examples of the brief -----------------------------------------------------------------

BRIEF = [
    ("Published: January 29, 2025", ("en",), ["2025-01-29"]),
    ("发布: 2024年10月17日", ("zh_CN",), ["2024-10-17"]),
    ("January 29, 2025", ("en",), ["2025-01-29"]),
    ("Jan. 29, 2025", ("en",), ["2025-01-29"]),
    ("Jan 29, 2025", ("en",), ["2025-01-29"]),
    ("29 January 2025", ("en",), ["2025-01-29"]),
    ("Wednesday, 23rd April, 2025", ("en",), ["2025-04-23"]),
    ("April 23rd, 2025", ("en",), ["2025-04-23"]),
    ("2025-01-29", ("en",), ["2025-01-29"]),
    ("23 de abril de 2025", ("es",), ["2025-04-23"]),
    ("23 de abril de 2025", ("pt_BR",), ["2025-04-23"]),
    ("6 de fevereiro de 2023", ("pt_BR",), ["2023-02-06"]),
    ("23. April 2025", ("de",), ["2025-04-23"]),
    ("23 avril 2025", ("fr",), ["2025-04-23"]),
    ("1er avril 2025", ("fr",), ["2025-04-01"]),
    ("2025년 4월 23일", ("ko",), ["2025-04-23"]),
    ("23 квітня 2025 року", ("uk",), ["2025-04-23"]),
    ("23 апреля 2025 г.", ("ru",), ["2025-04-23"]),
    ("2025年4月23日", ("zh_CN",), ["2025-04-23"]),
    ("2025年4月23日", ("zh_TW",), ["2025-04-23"]),
    ("2025年4月23日", ("ja",), ["2025-04-23"]),
    ("2025 年 4 月 23 日", ("zh_CN",), ["2025-04-23"]),
    ("2025 年 4 月 23 日", ("ja",), ["2025-04-23"]),
    ("23 April 2025", ("id",), ["2025-04-23"]),
    ("ngày 23 tháng 4 năm 2025", ("vi",), ["2025-04-23"]),
    ("২৩ এপ্রিল ২০২৫", ("bn",), ["2025-04-23"]),
    ("२३ अप्रैल २०२५", ("hi",), ["2025-04-23"]),
    ("٢٣ أبريل ٢٠٢٥", ("ar",), ["2025-04-23"]),
    ("January 2025", ("en",), ["2025-01"]),
    ("2025年1月", ("zh_CN",), ["2025-01"]),
    ("2025년 1월", ("ko",), ["2025-01"]),
    ("23 abr 2025", ("es",), ["2025-04-23"]),
    ("23 abr. 2025", ("pt_BR",), ["2025-04-23"]),
    ("23 avr. 2025", ("fr",), ["2025-04-23"]),
    ("23 avr 2025", ("fr",), ["2025-04-23"]),
    ("29 EKİM 2024", ("tr",), ["2024-10-29"]),
    ("29 ekim 2024", ("tr",), ["2024-10-29"]),
    ("29 MAYIS 2024", ("tr",), ["2024-05-29"]),
    ("Aprİl 5, 2025", ("en",), ["2025-04-05"]),
    ("APRIL 5, 2025", ("en",), ["2025-04-05"]),
    ("23 КВІТНЯ 2025", ("uk",), ["2025-04-23"]),
    ("23. MÄRZ 2025", ("de",), ["2025-03-23"]),
    # ranges
    ("August 21-23, 2024", ("en",), ["2024-08-21/2024-08-23"]),
    ("August 21–23, 2024", ("en",), ["2024-08-21/2024-08-23"]),
    ("2024年8月21日-23日", ("zh_CN",), ["2024-08-21/2024-08-23"]),
    ("2024年8月21日至23日", ("zh_TW",), ["2024-08-21/2024-08-23"]),
    ("2024年8月21日～23日", ("ja",), ["2024-08-21/2024-08-23"]),
    ("2024년 8월 21일~23일", ("ko",), ["2024-08-21/2024-08-23"]),
    ("21–23 de agosto de 2024", ("es",), ["2024-08-21/2024-08-23"]),
    ("21. bis 23. August 2024", ("de",), ["2024-08-21/2024-08-23"]),
    ("21.–23. August 2024", ("de",), ["2024-08-21/2024-08-23"]),
    ("August 21 – September 2, 2024", ("en",), ["2024-08-21/2024-09-02"]),
    ("21 August – 2 September 2024", ("en",), ["2024-08-21/2024-09-02"]),
    ("2024年8月21日～9月2日", ("ja",), ["2024-08-21/2024-09-02"]),
    ("December 30, 2024 – January 2, 2025", ("en",), ["2024-12-30/2025-01-02"]),
    ("2025-01-29/2025-02-03", ("en",), ["2025-01-29/2025-02-03"]),
    ("January – March 2025", ("en",), ["2025-01/2025-03"]),
    ("21 au 23 août 2024", ("fr",), ["2024-08-21/2024-08-23"]),
    ("21—23 августа 2024 г.", ("ru",), ["2024-08-21/2024-08-23"]),
    # numeric forms
    ("2025/01/29", ("en",), ["2025-01-29"]),
    ("2025/1/29", ("zh_CN",), ["2025-01-29"]),
    ("2025. 4. 23.", ("ko",), ["2025-04-23"]),
    ("29.01.2025", ("de",), ["2025-01-29"]),
    ("29.01.2025", ("ru",), ["2025-01-29"]),
    ("29.01.2025", ("uk",), ["2025-01-29"]),
    ("05.04.2025", ("de",), ["2025-04-05"]),  # de declares d.M.y: read as declared
    ("05/04/2025", ("fr",), ["2025-04-05"]),
    ("01/02/2025", ("en",), []),  # en M/d/y: ambiguous, skipped
    ("1/29/2025", ("en",), ["2025-01-29"]),  # en M/d/y, only one reading valid
    ("29/01/2025", ("en",), ["2025-01-29"]),  # only one reading valid
    ("05.04.2025", ("en",), []),  # en declares no "." order and both readings are valid
    ("23.04.25", ("de",), []),  # two-digit year: not read
    ("4/23/25", ("en",), []),
    # invalid dates are not returned
    ("2025-02-30", ("en",), []),
    ("February 30, 2025", ("en",), []),
    ("30 de febrero de 2025", ("es",), []),
    ("2025年2月30日", ("zh_CN",), []),
    ("2025-13-01", ("en",), []),
    ("August 23-21, 2024", ("en",), []),
    # not dates
    ("Firefox 1.5 and 2025", ("en",), []),
    ("set 2024 and mar 2025", ("pt_BR", "es")),
    ("version 2025.1.3", ("en",), []),
    ("ECMAScript 2015", ("en",), []),
    ("2020 年中頃", ("ja",), []),
    ("1.23 April 2025", ("en",), ["2025-04"]),
]
BRIEF = [c if len(c) == 3 else (c[0], c[1], []) for c in BRIEF]


@pytest.mark.parametrize("text,locales,expected", BRIEF, ids=[f"{c[1][0]}:{c[0]}" for c in BRIEF])
def test_brief_examples(text, locales, expected):
    assert values(text, locales) == expected


# --- what CLDR writes is what is read ------------------------------------------------------------

CLDR_CASES = [(loc, fmt) for loc in LOCALES for fmt in FORMATS]


@pytest.mark.parametrize("locale,fmt", CLDR_CASES, ids=[f"{l}-{f}" for l, f in CLDR_CASES])
def test_cldr_format_round_trip(locale, fmt):
    text = format_date(D, fmt, locale=locale)
    expected = [] if two_digit_year(locale, fmt) else [D.isoformat()]
    assert values(text, (locale,)) == expected, text


@pytest.mark.parametrize("locale", sorted(NATIVE_ZERO))
@pytest.mark.parametrize("fmt", ("medium", "long", "full"))
def test_native_digits(locale, fmt):
    text = native(format_date(D, fmt, locale=locale), locale)
    assert values(text, (locale,)) == [D.isoformat()], text


@pytest.mark.parametrize("locale", LOCALES)
def test_locale_in_prose(locale):
    """One date per locale, inside a sentence, as the locale writes it (CLDR long format)."""
    text = f"Released: {format_date(date(2024, 10, 17), 'long', locale=locale)}. Next."
    assert values(text, (locale,)) == ["2024-10-17"], text


def _casings(name: str, locale: str):
    out = {name, name.lower(), name.upper(), name.title()}
    if locale == "tr":  # Turkish upper case: i -> İ, ı -> I
        out.add(name.replace("i", "İ").replace("ı", "I").upper())
    return out


@pytest.mark.parametrize("locale", LOCALES)
def test_every_month_name_in_every_case(locale):
    """Every CLDR month name, in every casing, maps to its month: the pattern and the lookup
    key agree (no KeyError on 'EKİM' or 'Aprİl')."""
    for width in ("wide", "abbreviated"):
        for context in ("format", "stand-alone"):
            for num, name in get_month_names(width, context, locale).items():
                if any(c.isdigit() for c in name):
                    continue  # "4月", "tháng 4": tested through the CJK and vi formats
                for variant in _casings(name, locale):
                    got = values(f"23 {variant} 2025", (locale,))
                    assert got == [f"2025-{num:02d}-23"], (variant, got)


def test_locales_are_normalised_and_unknown_ones_ignored():
    assert values("2025年4月23日", ("zh-cn",)) == ["2025-04-23"]
    assert values("23 de abril de 2025", ("pt-br",)) == ["2025-04-23"]
    assert values("23 April 2025", ("xx", "", "en")) == ["2025-04-23"]
    assert values("23 April 2025", "en") == ["2025-04-23"]


def test_english_names_are_always_known():
    assert values("Firefox 5 was released on June 21, 2011.", ("de",)) == ["2011-06-21"]


def test_spans():
    text = "Firefox 57 wird am [14. November 2017](https://x) veröffentlicht"
    (s, e, v), = find_dates(text, ("de",))
    assert text[s:e] == "14. November 2017" and v == "2017-11-14"
    text = "Firefox 28 был выпущен 18 марта 2014 года. Список"
    (s, e, v), = find_dates(text, ("ru",))
    assert text[s:e] == "18 марта 2014 года"


def test_odd_inputs_do_not_raise():
    for text in ("", "\ud800 2025", "2025" * 3, "\x00" * 10 + "2025-01-01", "٢٠٢٥-٠١-٢٩",
                 "９９９９年９９月９９日", "0000-01-01", "9999-12-31", "31 December 9999",
                 "1 January 0000", "𝟐𝟎𝟐𝟓-01-29"):
        find_dates(text, LOCALES)
    assert values("٢٠٢٥-٠١-٢٩", ("ar",)) == ["2025-01-29"]
    assert values("２０２５年４月２３日", ("ja",)) == ["2025-04-23"]


def test_adversarial_input_is_read_without_error():
    """(Its time per MB is benchmarks/bench_regex.py's.)"""
    for s, e, v in find_dates(adversarial.adversarial(100_000), LOCALES):
        assert VALUE_RE.fullmatch(v)
    for run in adversarial.runs(20_000):
        find_dates(run, LOCALES)


@pytest.mark.parametrize("locales", [("en",), ("en", "zh_CN"), ("en", "vi"), ("en", "ru"), LOCALES],
                         ids=lambda x: "+".join(x))
def test_a_match_is_never_wider_than_the_window(locales):
    """Every quantifier is bounded: a match attempt reads at most WINDOW characters."""
    _, hi = sre_parse.parse(grammar(locales).pattern.pattern).getwidth()
    assert hi <= WINDOW


# --- properties -----------------------------------------------------------------------------------

# a fixed family of locale sets (each compiles its grammar once): every single locale, a few
# pairs as relsync uses them (translation + English), and all of them at once
LOCALE_SETS = [(l,) for l in LOCALES] + [("zh_CN", "en"), ("de", "en"), ("pt_BR", "es"), LOCALES]
locale_sets = st.sampled_from(LOCALE_SETS)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(), locale_sets)
def test_never_raises_and_spans_are_sane(text, locales):
    found = find_dates(text, locales)
    last = 0
    for s, e, v in found:
        assert 0 <= s < e <= len(text)
        assert s >= last
        last = e
        assert VALUE_RE.fullmatch(v), v


date_alphabet = st.sampled_from(list("0123456789 -./,年月日년월일de") + ["April ", "abril ", "квітня ",
                                "2025", "–", "至", "～", "bis ", "tháng ", "ngày ", "EKİM ", "г.", "\u200f"])


@settings(max_examples=300, deadline=None)
@given(st.lists(date_alphabet, max_size=40).map("".join), locale_sets)
def test_never_raises_on_date_like_noise(text, locales):
    for s, e, v in find_dates(text, locales):
        assert 0 <= s < e <= len(text) and VALUE_RE.fullmatch(v)
        for part in v.split("/"):
            y, m, *d = map(int, part.split("-"))
            date(y, m, d[0] if d else 1)  # valid


@settings(max_examples=400, deadline=None)
@given(st.dates(date(1990, 1, 1), date(2040, 12, 31)), st.sampled_from(LOCALES), st.sampled_from(FORMATS),
       st.sampled_from(["", "Date: ", "(", "— "]), st.sampled_from(["", ".", ")", " —"]))
def test_format_date_round_trip(d, locale, fmt, before, after):
    text = before + format_date(d, fmt, locale=locale) + after
    expected = [] if two_digit_year(locale, fmt) else [d.isoformat()]
    assert values(text, (locale,)) == expected, text


@settings(max_examples=100, deadline=None)
@given(st.dates(date(1990, 1, 1), date(2040, 12, 31)), st.sampled_from(sorted(NATIVE_ZERO)),
       st.sampled_from(("medium", "long", "full")))
def test_native_digit_round_trip(d, locale, fmt):
    text = native(format_date(d, fmt, locale=locale), locale)
    assert values(text, (locale,)) == [d.isoformat()], text


@settings(max_examples=200, deadline=None)
@given(st.dates(date(1990, 1, 1), date(2040, 12, 30)), st.integers(1, 40), st.sampled_from(LOCALES))
def test_cldr_interval_round_trip(d, days, locale):
    """Two full CLDR long dates joined by a dash are a range."""
    end = d + timedelta(days=days)
    text = f"{format_date(d, 'long', locale=locale)} – {format_date(end, 'long', locale=locale)}"
    assert values(text, (locale,)) == [f"{d.isoformat()}/{end.isoformat()}"], text


def test_digits_helper_reads_all_scripts():
    for zero in ("0", "০", "०", "٠", "۰", "０"):
        s = "".join(chr(ord(zero) + i) for i in (2, 0, 2, 5))
        assert dates._digits(s) == 2025
        assert all(unicodedata.decimal(c) is not None for c in s)


@pytest.mark.parametrize("text, expected", [
    ("v2025-01-01", []), ("12025-01-01", []), ("x_2025-01-01", []), ("abc29.01.2025", []),
    ("于2020年6月30日发布", ["2020-06-30"]), ("(2025-01-01)", ["2025-01-01"]),
    ("发布于：2025年3月12日", ["2025-03-12"]),
])
def test_a_numeric_date_may_touch_cjk_text_but_not_a_word(text, expected):
    assert values(text, ("en", "zh_CN", "de")) == expected


def test_the_publication_date_is_located_on_its_front_matter_line_in_every_form():
    """TOML's `date = ...` and YAML's `date :` are on their line, and a `date:` line of the
    body is not the front matter's (the line was the first `date:` of the text, or 1)."""
    from relsync.checks.publication import front_matter_date
    from relsync.parse import parse

    toml = parse('+++\ntitle = "Release"\ndate = 2025-01-29\n+++\n\n# Release\n', "x.md")
    yaml_doc = parse("---\ntitle: Release\ndate : 2025-01-29\n---\n\ndate: see below\n", "y.md")
    assert front_matter_date(toml) == ("2025-01-29", 3)
    assert front_matter_date(yaml_doc) == ("2025-01-29", 3)


def test_a_date_in_an_unnamed_latin_language_is_read_by_its_month_name():
    """`14 de junio de 2018` in a translation whose language relsync was not told: the
    locales whose month names hold `junio` read it."""
    assert [v for _, _, v in find_dates("Se publicó el 14 de junio de 2018.", ("en",))] == ["2018-06-14"]
    assert [v for _, _, v in find_dates("14 de junio de 2018", ("en",))] == ["2018-06-14"]
    assert [v for _, _, v in find_dates("Am 14. Juni 2018 erschienen.", ("en",))] == ["2018-06-14"]
    assert find_dates("We shipped 14 items in 2018.", ("en",)) == []


def test_a_date_in_an_unnamed_latin_language_does_not_block_its_pairing():
    up = "# Release\n\nVersion 2.1 was released on June 14, 2018.\n\nIt fixes many bugs in the parser.\n"
    tr = ("# Lanzamiento\n\nLa versión 2.1 se publicó el 14 de junio de 2018.\n\n"
          "Corrige muchos errores del analizador.\n")
    pairs = align(parse(up, "en.md"), parse(tr, "es.md")).pairs
    assert [(p.upstream, p.translation) for p in pairs] == [((0,), (0,)), ((1,), (1,)), ((2,), (2,))]


# -- grammatical cases CLDR does not give -------------------------------------------------

@pytest.mark.parametrize("text, locales, value", [
    ("в апреле 2023 года", ("en", "ru"), "2023-04"),  # prepositional (the example)
    ("в мае 2023 года", ("en", "ru"), "2023-05"),  # a short stem: май / мая
    ("у квітні 2023 року", ("en", "uk"), "2023-04"),
    ("w kwietniu 2023", ("en", "pl"), "2023-04"),  # locative, another stem than kwiecień
    ("v dubnu 2023", ("en", "cs"), "2023-04"),
    ("v červnu 2023", ("en", "cs"), "2023-06"),  # červen / června: June
    ("v červenci 2023", ("en", "cs"), "2023-07"),  # červenec / července: July, the longer stem
    ("huhtikuussa 2023", ("en", "fi"), "2023-04"),  # inessive
])
def test_an_inflected_month_is_read_by_its_stem(text, locales, value):
    assert [v for _, _, v in find_dates(text, locales)] == [value]


@pytest.mark.parametrize("text, locales", [
    ("мама 2023", ("en", "ru")),  # a short stem takes one letter only
    ("Marches 2024", ("en",)),  # English months do not inflect: no stems
    ("Aprilscherz 2024", ("en", "de")),
])
def test_a_word_that_only_starts_like_a_month_is_no_date(text, locales):
    assert find_dates(text, locales) == []


def test_an_inflected_month_is_compared_and_never_rewritten_in_another_case():
    """"в марте 2023 года" for "April 2023": a date-mismatch; no CLDR pattern writes the
    prepositional case, so the repair is not offered (it would write "в апрель")."""
    up = "# Notes\n\nThe feature was released in April 2023 for all users.\n"
    tr = "# Заметки\n\nФункция была выпущена в марте 2023 года для всех пользователей.\n"
    assert [(f.slug, f.message) for f in check(up, tr, locale="ru")] == [
        ("date-mismatch", "translation says 2023-03 where upstream says 2023-04")]
    assert fix_text(up, tr, locale="ru") == (tr, [])
    same = tr.replace("в марте", "в апреле")
    assert check(up, same, locale="ru") == []
