"""MDX's JSX props: prose props are translated text, value props are kept.

Fixtures cut from the Tauri documentation (../shared/corpus/tauri-docs, a Starlight site):
``starlight/migrate-index.*.mdx`` from ``src/content/docs/start/migrate/index.mdx`` and
``src/content/docs/zh-cn/start/migrate/index.mdx``; ``starlight/index-cards.*.mdx`` from
``src/content/docs/index.mdx`` and ``src/content/docs/fr/index.mdx``.
"""

from __future__ import annotations

from pathlib import Path

from relsync import check
from relsync.jsx import props
from relsync.parse import parse

FIXTURES = Path(__file__).parent / "fixtures" / "starlight"


def _read(name: str) -> str:
    return (FIXTURES / name).read_text(encoding="utf-8")


def _slugs(up: str, tr: str, locale: str) -> list[tuple[str, str]]:
    return [(f.slug, f.message) for f in check(up, tr, locale=locale, name="start/migrate/index.mdx")
            if f.slug not in ("extra",)]


def test_props_are_sorted_into_prose_links_and_values():
    p = props('<LinkCard\n  title="Upgrade from Tauri 1.0"\n  href="/start/migrate/from-tauri-1/"\n'
              '  description="Read more." icon="rocket" cols={2} client:load {...rest} />')
    assert p.prose == ("Upgrade from Tauri 1.0", "Read more.")
    assert p.links == ("/start/migrate/from-tauri-1/",)
    assert p.values == ('icon="rocket"', "cols={2}", "client:load", "{...rest}")


def test_aria_and_html_translatable_attributes_are_prose():
    p = props('<img alt="A diagram" src="d.png" aria-label="Close" aria-hidden="true" />')
    assert p.prose == ("A diagram", "Close")
    assert p.links == ("d.png",)
    assert p.values == ('aria-hidden="true"',)


def test_a_jsx_block_has_its_prose_props_as_text_and_its_values_as_code():
    doc = parse(_read("migrate-index.en.mdx"), "start/migrate/index.mdx")
    cards = [b for b in doc.blocks if b.kind == "html" and b.text]
    assert [b.text for b in cards] == [
        "Upgrade from Tauri 1.0 Read more about the updates you need to make to a version 1 project "
        "in order to upgrade to version 2.",
        "Migrate from Tauri 2.0 beta Read more about the updates required for the 2.0 beta project "
        "to upgrade to 2.0.",
    ]
    assert cards[0].anchors.links == ("/start/migrate/from-tauri-1/",)
    assert "1.0" in cards[0].anchors.numbers and not cards[0].anchors.code


def test_translated_link_cards_are_not_code_mismatches():
    """The Chinese page translates each LinkCard's title and description and keeps href."""
    assert _slugs(_read("migrate-index.en.mdx"), _read("migrate-index.zh-cn.mdx"), "zh_CN") == []


def test_a_prose_prop_is_checked_like_prose_and_a_link_prop_like_a_link():
    up = _read("migrate-index.en.mdx")
    tr = _read("migrate-index.zh-cn.mdx")
    wrong_number = tr.replace("阅读有关 2.0 Beta", "阅读有关 2.1 Beta")
    assert [s for s, _ in _slugs(up, wrong_number, "zh_CN")] == ["number-mismatch"]
    wrong_link = tr.replace('href="/start/migrate/from-tauri-1/"', 'href="/start/migrate/from-tauri-2/"')
    assert [s for s, _ in _slugs(up, wrong_link, "zh_CN")] == ["link-mismatch"]


def test_value_props_are_compared_and_translated_titles_are_not():
    """fr/index.mdx translates each Card's title and keeps its icon."""
    up, tr = _read("index-cards.en.mdx"), _read("index-cards.fr.mdx")
    assert _slugs(up, tr, "fr") == []
    changed = tr.replace('<Card title="Multiplatforme" icon="rocket">', '<Card title="Multiplatforme" icon="star">')
    found = _slugs(up, changed, "fr")
    assert [s for s, _ in found] == ["code-mismatch"]
    assert 'icon="star"' in found[0][1]


def test_a_date_in_a_value_prop_is_compared_as_a_date():
    up = '<BlogPost date="April 25, 2024" title="Tauri 2.0 Release Candidate" />\n'
    same = '<BlogPost date="April 25, 2024" title="Tauri 2.0 Release Candidate (versión candidata)" />\n'
    other = '<BlogPost date="April 26, 2024" title="Tauri 2.0 Release Candidate" />\n'
    assert [s for s, _ in _slugs(up, same, "es")] == []
    assert [s for s, _ in _slugs(up, other, "es")] == ["date-mismatch"]
