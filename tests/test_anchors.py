from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from relsync.anchors import TERM_RE, _sentence_starts, english_names, find_dates, prose_anchors


@pytest.mark.parametrize(
    "text, numbers",
    [
        ("3892 commits", ["3892"]),
        ("3,892 commits", ["3892"]),
        ("３８９２ 次提交", ["3892"]),
        ("12,000 users", ["12000"]),
        ("1.2 万用户", ["1.2"]),  # an English text: 万 is no magnitude of its locale
        ("over 1.5 million users", ["1500000"]),
        ("320k followers", ["320000"]),
        ("32 万粉丝", ["32"]),
        ("PyTorch 2.6 and CUDA 12.6.3", ["2.6", "12.6.3"]),
        ("tag v2.6.0", ["2.6.0"]),
        ("X86 and FP16 on H100", []),
        ("the 1st and 2nd", []),
    ],
)
def test_numbers(text, numbers):
    assert prose_anchors(text)[0] == numbers


@pytest.mark.parametrize(
    "text, locale, numbers",
    [
        ("1.2 万用户", "zh_CN", ["12000"]),
        ("32 万粉丝", "zh_CN", ["320000"]),
        ("1000亿参数", "zh_CN", ["100000000000"]),
        ("100B参数", "zh_CN", ["100000000000"]),
        ("3億人", "ja", ["300000000"]),
        ("3억 명", "ko", ["300000000"]),
        ("1,5 GB", "de", ["1.5"]),
        ("1.500 Nutzer", "de", ["1500"]),
        ("12 000 utilisateurs", "fr", ["12000"]),
        ("12\u202f000 utilisateurs", "fr", ["12000"]),
        ("1,00,000 users", "hi", ["100000"]),
        ("১২৩ জন", "bn", ["123"]),
        ("٣٫٥ مليون", "ar", ["3500000"]),  # 3.5 million
        ("Firefox 3.5 ist da", "de", ["3.5"]),
        ("PyTorch 2.6.1", "de", ["2.6.1"]),
    ],
)
def test_numbers_by_locale(text, locale, numbers):
    """The translation's locale reads its numbers: decimal comma, grouping, native digits
    and CJK magnitudes."""
    assert prose_anchors(text, ("en", locale))[0] == numbers


def test_a_huge_number_before_a_magnitude_is_read_exactly():
    big = "9" * 400
    assert prose_anchors(f"{big}万", ("en", "zh_CN"))[0] == [big + "0000"]
    assert prose_anchors(f"{big}k users")[0] == [big + "000"]


@pytest.mark.parametrize(
    "text, iso",
    [
        ("January 29, 2025", "2025-01-29"),
        ("Jan 29 2025", "2025-01-29"),
        ("29 January 2025", "2025-01-29"),
        ("2025-01-29", "2025-01-29"),
        ("2025年1月29日", "2025-01-29"),
        ("2024年10月17日", "2024-10-17"),
        ("in July 2022", "2022-07"),
        ("2022 年 6 月", "2022-06"),
    ],
)
def test_dates(text, iso):
    assert [d for _, _, d in find_dates(text, ("en", "zh_CN"))] == [iso]


def test_french_month_names_come_from_babel():
    assert [d for _, _, d in find_dates("le 29 janvier 2025", ("en", "fr"))] == ["2025-01-29"]


def test_numbers_inside_dates_and_urls_are_not_numbers():
    numbers, dates, urls, _ = prose_anchors("Released January 29, 2025, see https://x.org/v/2.6 now")
    assert numbers == [] and dates == ["2025-01-29"] and urls == ["https://x.org/v/2.6"]


def test_terms_in_cjk_and_in_english():
    assert "FlexAttention" in prose_anchors("支持 FlexAttention 的 CPU")[3]
    terms = prose_anchors("We are excited. The torch.compile API")[3]
    assert "torch.compile" in terms and "API" in terms and "We" not in terms and "The" not in terms


SENTENCE_CAPITAL_RE = re.compile(r"""(?:^|(?<=[.!?:;"'(\[*_>¿¡«»„‹›-]))\s{0,2}([A-Z][a-z\u00e0-\u024f]+)\b""")


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("AbcZé É \t\n.!?:;\"'([*_>¿¡«»„‹›-0x\u00a0")), max_size=40))
def test_sentence_starts_are_what_the_sentence_pattern_finds(text):
    assert _sentence_starts(text) == SENTENCE_CAPITAL_RE.findall(text)


def test_a_capitalized_word_that_only_starts_a_sentence_is_no_name():
    text = "The release adds Python 3.13. Support for Windows follows.  Also: Linux."
    # "Linux" after "Also: " starts a clause like "Support" and "Also" do
    assert english_names(text, TERM_RE.findall(text)) == ["Python", "Windows"]


def test_a_word_opening_a_spanish_question_or_a_french_quotation_is_no_name():
    # MDN es/3 (Firefox 3), its "Información con un clic" entry: "¿Quiere" opens a question
    text = ("Información con un clic. ¿Quiere tener más información sobre el sitio Web que estás visitando? "
            "¡Pruebe! « Haga » clic en el icono.")
    assert english_names(text, TERM_RE.findall(text)) == ["Web"]


def test_a_sites_home_page_is_keyed_by_its_site_in_any_language():
    from relsync.keys import _link_keys, page_key
    assert _link_keys("https://vue-loader.vuejs.org/") == ["l:", "l://vue-loader.vuejs.org"]
    assert _link_keys("https://vue-loader.vuejs.org/zh/") == _link_keys("https://vue-loader.vuejs.org")
    assert _link_keys("https://cn.vuejs.org/") == _link_keys("https://www.vuejs.org/") == ["l:", "l://vuejs.org"]
    assert _link_keys("https://jp.vuejs.org/") == _link_keys("https://ja.vuejs.org/") == ["l:", "l://vuejs.org"]
    assert _link_keys("https://api.vuejs.org/") == ["l:", "l://api.vuejs.org"]  # (no language, no country)
    assert _link_keys("https://devtools.vuejs.org/") != _link_keys("https://vue-loader.vuejs.org/")
    assert page_key("https://vuejs.org/") == page_key("/") == ""
    assert _link_keys("https://vuejs.org/guide/") == ["l:guide"]
