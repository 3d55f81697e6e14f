"""The build keeps the upstream's lines, and extraction offers every piece of prose.

Each shape below is cut from a document that an identity or pseudo-translated build changed:
CommonMark's spec examples (code spans, link destinations, raw HTML over lines, backtick runs
that are no fence, `---` blocks) and GFM's table examples.
"""

from __future__ import annotations

import re

import pytest
from babel.messages.catalog import Catalog

from relsync import po
from relsync.parse import markdown

from .pseudo import pseudo


def _html(text: str) -> str:
    return markdown(plain_text_fast=False).render(text)


def _tags(text: str) -> list[str]:
    return re.findall(r"</?[a-z][a-z0-9]*", _html(text))


def _build(text: str, translate) -> str:
    parsed = po.load(text, "doc.md")
    catalog = Catalog(locale="fr")
    for unit in parsed.units:
        catalog.add(unit.msgid, translate(unit.msgid), context=unit.context)
    return po.build_text(parsed, catalog)


SHAPES = [
    "A paragraph\nover three\nlines, **bold**\nand `code`.\n",
    "Run `a \nb` now.\n",  # a code span's space before a line end
    "See [link](<foo\nbar>) here.\n",  # text in CommonMark, a link once joined
    '<a href="x"\ntitle="y" />\nText.\n',  # an HTML block once joined
    '<span\nclass="x">hi</span> now.\n',
    "Say <span\nclass=\"x\">hi</span> now.\n",
    "Text <pre>a\nb</pre> end.\n",  # a newline in raw <pre>
    "``` aa ``` foo\n",  # a code span, not a fence
    "``` aa ```\ntext\n",
    "> quoted\n> over lines\n\n- item\n  continued\n  again\n",
    "Hard break\\\nthen soft\nbreak.\n",
]


@pytest.mark.parametrize("text", SHAPES)
def test_identity_build_is_the_source(text):
    assert _build(text, lambda s: s) == text


@pytest.mark.parametrize("text", SHAPES)
def test_pseudo_translation_keeps_structure_and_lines(text):
    built = _build(text, pseudo)
    assert _tags(built) == _tags(text), built
    assert built.count("\n") == text.count("\n"), built
    assert "\\<" not in built and "&#96;" not in built, built


def test_translation_keeps_the_upstream_line_breaks():
    assert _build("This is **bold**\nand goes on.\n", str.upper) == "THIS IS **BOLD**\nAND GOES ON.\n"
    # under a prefix, each line continues the block
    assert _build("- one\n  two three\n", str.upper) == "- ONE\n  TWO THREE\n"


def test_a_text_without_spaces_is_one_line():
    assert _build("Some words\nand more.\n", lambda s: "一些词和更多。") == "一些词和更多。\n"


def test_code_span_keeps_its_spaces():
    built = _build("Run `a \nb` now.\n", lambda s: s.replace("Run", "Lancez"))
    assert "<code>a  b</code>" in _html(built)


def test_angle_destination_over_lines_stays_text():
    built = _build("See [link](<foo\nbar>) here.\n", lambda s: "Voir [lien](<foo bar>) ici.")
    assert "<a " not in _html(built)


@pytest.mark.parametrize("text,translation", [
    ('<a href="x"\ntitle="y" />\nText.\n', '<a href="x" title="y" /> Texte.'),
    ('<span\nclass="x">hi</span> now.\n', '<span class="x">salut</span> maintenant.'),
])
def test_inline_tag_over_lines_is_not_escaped(text, translation):
    built = _build(text, lambda s: translation)
    assert "\\<" not in built
    assert _html(built).startswith("<p><")


def test_newline_in_raw_pre_stays():
    built = _build("Text <pre>a\nb</pre> end.\n", lambda s: "Texte <pre>a b</pre> fin.")
    assert "<pre>a\nb</pre>" in _html(built)


@pytest.mark.parametrize("text", ["``` aa ``` foo\n", "``` aa ```\ntext\n"])
def test_backticks_that_open_no_fence_are_not_escaped(text):
    built = _build(text, str.upper)
    assert "<code>AA</code>" in _html(built)
    assert "&#96;" not in built


def test_backticks_that_would_open_a_fence_are_escaped():
    built = _build("Some text\n", lambda s: "```python")
    assert "<pre>" not in _html(built) and "```python" in _html(built).replace("&#96;", "`")


def test_table_row_without_pipes_is_offered():
    """GFM example 201: a line after a table's rows is a row, pipes or not."""
    text = "| a | b |\n| - | - |\n| c | d |\nLast line.\n"
    parsed = po.load(text, "doc.md")
    assert "Last line." in [u.msgid for u in parsed.units]
    built = _build(text, str.upper)
    assert "<td>LAST LINE.</td>" in _html(built)


@pytest.mark.parametrize("text,prose", [
    ("---\nJust text\n---\n\nPara\n", ["Just text", "Para"]),
    ("---\n- a\n- b\n---\n", ["a", "b"]),
])
def test_a_dash_block_that_is_no_mapping_is_prose(text, prose):
    """CommonMark reads a `---` block whose content is no YAML mapping as a rule and text."""
    parsed = po.load(text, "doc.md")
    assert [u.msgid for u in parsed.units] == prose
    assert parsed.doc.front_matter == {}


def test_a_dash_block_that_is_a_mapping_is_front_matter():
    parsed = po.load("---\ntitle: Hi\n---\n\nPara\n", "doc.md")
    assert parsed.doc.front_matter == {"title": "Hi"}
    assert [u.msgid for u in parsed.units] == ["Hi", "Para"]


# -- properties -----------------------------------------------------------------------------

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from relsync.align import align  # noqa: E402

from .pseudo import shaped_document  # noqa: E402


@settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.randoms(use_true_random=False))
def test_property_round_trips_keep_the_document(rnd):
    """Identity: the same bytes; pseudo-translation: the same tags, blocks paired one to one."""
    text = shaped_document(rnd)
    assert _build(text, lambda s: s) == text
    built = _build(text, pseudo)
    assert _tags(built) == _tags(text), (text, built)
    up, tr = po.load(text, "doc.md").doc, po.load(built, "doc.md").doc
    pairs = align(up, tr).pairs
    assert [(p.upstream, p.translation) for p in pairs] == [((k,), (k,)) for k in range(len(up.blocks))]


def test_no_break_is_placed_in_a_template_construct():
    built = _build("Some text here\nand a figure follows.\n",
                   lambda s: 'Texte {{< figure src="x.png" alt="une image" >}} et suite.')
    assert '{{< figure src="x.png" alt="une image" >}}' in built
