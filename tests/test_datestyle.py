"""Dates written again in the style a text already uses (babel's CLDR patterns): the date
repairs of ``relsync fix``. The spans are given here as a recogniser reports them, so each
locale's style is tested whether or not today's recogniser reads its dates."""

from __future__ import annotations

import pytest

from relsync.datestyle import restyle


def _restyled(line: str, old: str, old_iso: str, new_iso: str, locale: str) -> str | None:
    start = line.index(old)
    found = restyle(line, start, start + len(old), old_iso, new_iso, (locale, "en"))
    if found is None:
        return None
    s, e, text = found
    return line[:s] + text + line[e:]


@pytest.mark.parametrize("locale, line, old, old_iso, new_iso, expected", [
    ("zh_CN", "发布: 2024年10月17日", "2024年10月17日", "2024-10-17", "2025-01-29", "发布: 2025年1月29日"),
    ("pt_BR", "Publicado em 3 de abril de 2023.", "3 de abril de 2023", "2023-04-03", "2023-02-06",
     "Publicado em 6 de fevereiro de 2023."),
    ("es", "Publicado el 17 de octubre de 2024", "17 de octubre de 2024", "2024-10-17", "2025-01-29",
     "Publicado el 29 de enero de 2025"),
    ("fr", "Publié le 17 octobre 2024", "17 octobre 2024", "2024-10-17", "2025-01-29", "Publié le 29 janvier 2025"),
    ("de", "Veröffentlicht am 17. Oktober 2024", "17. Oktober 2024", "2024-10-17", "2025-01-29",
     "Veröffentlicht am 29. Januar 2025"),
    ("de", "am 17.10.2024 erschienen", "17.10.2024", "2024-10-17", "2025-01-29", "am 29.01.2025 erschienen"),
    # Russian writes "г." after the year; the span widens to it, and the text's own space stays
    ("ru", "вышел 17 октября 2024 г. ура", "17 октября 2024", "2024-10-17", "2025-01-29",
     "вышел 29 января 2025 г. ура"),
    ("ko", "2024년 10월 17일 출시", "2024년 10월 17일", "2024-10-17", "2025-01-29", "2025년 1월 29일 출시"),
    ("ja", "公開日: 2024年10月17日木曜日", "2024年10月17日", "2024-10-17", "2025-01-29", "公開日: 2025年1月29日水曜日"),
    ("zh_CN", "于 2022 年 6 月发布", "2022 年 6 月", "2022-06", "2022-07", "于 2022 年 7 月发布"),
    ("zh_CN", "发布于 2024-10-17。", "2024-10-17", "2024-10-17", "2025-01-02", "发布于 2025-01-02。"),
    ("en", "Published: October 17, 2024", "October 17, 2024", "2024-10-17", "2025-01-29", "Published: January 29, 2025"),
    ("en", "released in July 2022", "July 2022", "2022-07", "2023-03", "released in March 2023"),
    # a month-only date may take a full date's month; a full date is not shortened
    ("zh_CN", "于 2022 年 6 月发布", "2022 年 6 月", "2022-06", "2022-07-01", "于 2022 年 7 月发布"),
])
def test_a_date_is_written_in_its_own_style(locale, line, old, old_iso, new_iso, expected):
    assert _restyled(line, old, old_iso, new_iso, locale) == expected


@pytest.mark.parametrize("locale, line, old, old_iso, new_iso", [
    ("de", "am 17. Okt 2024", "17. Okt 2024", "2024-10-17", "2025-01-29"),  # CLDR writes "Okt."
    ("en", "on October 17th, 2024", "October 17th, 2024", "2024-10-17", "2025-01-29"),
    ("es", "el 17 de Octubre de 2024", "17 de Octubre de 2024", "2024-10-17", "2025-01-29"),  # capitalized
    ("zh_CN", "2024-10-17", "2024-10-17", "2024-10-17", "2025-01"),  # a full date is not shortened
    ("zh_CN", "于 2024.5.5", "2024.5.5", "2024-05-05", "2025-01-29"),  # which group is the month?
])
def test_a_date_no_style_reproduces_is_refused(locale, line, old, old_iso, new_iso):
    assert _restyled(line, old, old_iso, new_iso, locale) is None
