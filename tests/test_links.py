"""Link identity across localizations, as properties: a language segment, a legacy form
without ``docs/``, tracking parameters and a decoded anchor never make two links differ, and
a changed page name always does."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

import relsync
from relsync.languages import is_language_tag

TAGS = ["ja", "zh-CN", "zh-TW", "ko", "fr", "es", "ru", "pt-BR", "de", "uk", "id", "vi", "bn", "hi", "ar"]
segment = st.from_regex(r"[A-Za-z][A-Za-z0-9_]{2,12}", fullmatch=True)
pages = st.lists(segment, min_size=1, max_size=3).map("/".join)


def slugs(upstream: str, translation: str, locale: str) -> list[str]:
    return [f.slug for f in relsync.check(upstream, translation, locale=locale.replace("-", "_"))
            if f.slug == "link-mismatch"]


@given(pages, st.sampled_from(TAGS), st.booleans(), st.sampled_from(["", "?utm_source=x", "?fbclid=1&gclid=2"]))
def test_a_localized_link_to_the_same_page_is_no_finding(page, tag, legacy, tracking):
    up = f"See [the page](/en-US/docs/{page}).\n"
    target = f"/{tag}/{page}" if legacy else f"/{tag}/docs/{page}"
    tr = f"Voir [la page]({target}{tracking}).\n"
    assert slugs(up, tr, tag) == []


@given(pages, st.sampled_from(TAGS))
def test_another_page_under_a_language_segment_is_a_finding(page, tag):
    up = f"See [the page](/en-US/docs/{page}).\n"
    tr = f"Voir [la page](/{tag}/docs/{page}-old).\n"
    assert slugs(up, tr, tag) == ["link-mismatch"]


def test_language_tags_are_languages_babel_knows():
    assert all(is_language_tag(t) for t in TAGS + ["en-US", "En", "zh_tw", "zh-Hans"])
    assert not any(is_language_tag(w) for w in ["docs", "api", "www", "src", "guide", "blog", "v2"])
