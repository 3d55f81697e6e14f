from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from relsync.parse import _Builder, markdown, parse

from .conftest import FIXTURES

DOC = """---
title: "Release 2.6"
date: 2025-01-29
---

# Heading one {#one}

First paragraph with `code` and a [link](https://example.com/a) on
two lines.

Setext heading
--------------

- item one
- item two
  - nested item

| a | b |
|---|---|
| 1 | 2 |

<!-- a comment -->

```python
print("hi")
```

::: tip Note
Inside the container.
:::

{{< figure src="x.png" >}}

<table>
  <tr><th>Col</th></tr>
  <tr><td>Cell 2.6</td></tr>
</table>
"""


def kinds(doc):
    return [(b.kind, b.start, b.end) for b in doc.blocks]


def test_blocks_and_exact_line_ranges():
    doc = parse(DOC)
    assert kinds(doc) == [
        ("front_matter", 1, 4),
        ("title", 2, 2),
        ("heading", 6, 6),
        ("paragraph", 8, 9),
        ("heading", 11, 12),
        ("list_item", 14, 14),
        ("list_item", 15, 15),
        ("list_item", 16, 16),
        ("table_row", 18, 18),
        ("table_row", 20, 20),
        ("code", 24, 26),
        ("container", 28, 28),
        ("paragraph", 29, 29),
        ("shortcode", 32, 32),
        ("table_row", 35, 35),
        ("table_row", 36, 36),
    ]


def test_every_range_quotes_the_source():
    doc = parse(DOC)
    lines = DOC.split("\n")
    para = doc.blocks[3]
    assert lines[para.start - 1].startswith("First paragraph")
    assert lines[para.end - 1] == "two lines."
    code = next(b for b in doc.blocks if b.kind == "code")
    assert lines[code.start - 1] == "```python" and lines[code.end - 1] == "```"


def test_section_tree():
    doc = parse(DOC)
    root = doc.root
    assert len(root.children) == 1
    h1 = doc.sections[root.children[0]]
    assert doc.blocks[h1.heading].text == "Heading one"
    assert [doc.blocks[doc.sections[c].heading].text for c in h1.children] == ["Setext heading"]
    assert doc.blocks[h1.heading].level == 1
    assert "Setext heading [11-12]" in doc.pretty()


def test_anchors_of_a_paragraph():
    doc = parse(DOC)
    para = doc.blocks[3]
    assert para.anchors.code == ("code",)
    assert para.anchors.links == ("https://example.com/a",)
    heading = doc.blocks[2]
    assert "#one" in heading.anchors.terms and heading.text == "Heading one"
    title = doc.blocks[1]
    assert title.text == "Release 2.6" and title.anchors.numbers == ("2.6",)
    assert doc.front_matter["title"] == "Release 2.6"


def test_html_table_rows_and_cells():
    doc = parse(DOC)
    rows = [b for b in doc.blocks if b.kind == "table_row" and b.start >= 34]
    assert rows[0].header and [c.text for c in rows[0].cells] == ["Col"]
    assert rows[1].cells[0].anchors.numbers == ("2.6",)


@pytest.mark.parametrize("variant", ["crlf", "bom", "cr"])
def test_line_endings_and_bom_do_not_move_lines(variant):
    text = {"crlf": DOC.replace("\n", "\r\n"), "bom": "\ufeff" + DOC, "cr": DOC.replace("\n", "\r")}[variant]
    assert kinds(parse(text)) == kinds(parse(DOC))


def test_tabs_and_cjk_mixed_text():
    doc = parse("# 标题\n\n-\t第一项 PyTorch 2.6\n\n段落里有 FlexAttention 和 3,892 次提交。\n")
    item = doc.blocks[1]
    assert item.kind == "list_item" and item.anchors.numbers == ("2.6",)
    para = doc.blocks[2]
    assert para.anchors.numbers == ("3892",)
    assert "FlexAttention" in para.anchors.terms


def test_suppression_comments():
    doc = parse("<!-- relsync-disable-file link-mismatch -->\n\nA.\n\n"
                "<!-- relsync-disable-next-line number-mismatch -->\nB 2.5.\n")
    assert doc.file_suppressions == {"link-mismatch"}
    assert doc.suppressions == {6: {"number-mismatch"}}


def test_empty_and_front_matter_only():
    assert parse("").blocks == []
    doc = parse("---\ntitle: Only\n---\n")
    assert [b.kind for b in doc.blocks] == ["front_matter", "title"]


@pytest.mark.parametrize("text", ["- pre--release\n\nText.\n", "- x---\n", "1. a--\n"])
def test_a_list_item_on_the_first_line_is_no_front_matter(text):
    """mdit-py-plugins' front-matter rule read dashes on the first line of a list item as an
    opening fence: the item vanished."""
    doc = parse(text)
    assert doc.blocks[0].kind == "list_item" and doc.front_matter == {}


def test_broken_front_matter_is_recorded_and_loading_it_is_an_input_error(tmp_path):
    from relsync.pipeline import load_document
    from relsync.errors import InputError

    text = "---\ntitle: [unclosed\n---\n\nText\n"
    doc = parse(text, "doc.md")
    assert doc.problems and doc.problems[0][0] == 2 and "not valid YAML" in doc.problems[0][1]
    assert [b.kind for b in doc.blocks] == ["front_matter", "paragraph"]
    path = tmp_path / "doc.md"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as info:
        load_document(path)
    assert info.value.line == 2 and "front matter is not valid YAML" in str(info.value)


def test_source_lines_quote_the_text_of_a_block():
    doc = parse(DOC)
    row = next(b for b in doc.blocks if b.kind == "table_row" and b.header)
    assert doc.source_lines(row.start, row.end) == ["| a | b |"]
    code = next(b for b in doc.blocks if b.kind == "code")
    assert doc.source_lines(code.start, code.end) == ["```python", 'print("hi")', "```"]


# Lines of prose with the characters that matter around inline syntax: spaces and tabs at
# line ends and starts (hard and soft breaks), block markers, and a little inline syntax.
PROSE = st.lists(
    st.text(alphabet=st.sampled_from(list("ab Z9中文 \t#-:|>{}%=+@$.`*[]()_<&!^~\\")), max_size=30),
    max_size=8,
).map("\n".join)


@settings(max_examples=300, deadline=None)
@given(PROSE)
def test_text_without_inline_syntax_skips_the_inline_pass_with_the_same_blocks(text):
    fast = parse(text)
    builder = _Builder(text, "<text>", ("en",))
    builder.run(markdown(plain_text_fast=False).parse(text))
    assert fast.blocks == builder.document().blocks


def test_plain_paragraph_breaks_read_as_markdown_it_reads_them():
    text = "First line  \n\t second line \nthird\tline\t\nlast"
    (block,) = parse(text).blocks
    assert block.text == "First line second line third\tline\t last"
    assert dict(block.markup.counts) == {"hardbreak": 1}


# -- MDX ----------------------------------------------------------------------------------

MDX = """---
title: Install
---

import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';

Press <Kbd>Ctrl</Kbd> to start.

<Tabs groupId="os">
  <TabItem value="mac" label="macOS">
    Install it with Homebrew.
  </TabItem>
</Tabs>

<Card
  title="Get started"
  icon="rocket"
/>

{/* the next step's comment isn't prose */}

```jsx
<Tabs>
  <TabItem value="a">x</TabItem>
</Tabs>
```

export const meta = {draft: false};
"""


def test_mdx_imports_exports_and_jsx_are_structure_with_their_prose_props_as_text():
    doc = parse(MDX, "guide/install.mdx")
    shown = [(b.kind, b.start, b.end, b.text) for b in doc.blocks if b.kind not in ("front_matter", "title")]
    assert shown == [
        ("html", 5, 6, ""),
        ("paragraph", 8, 8, "Press Ctrl to start."),
        ("html", 10, 10, ""), ("html", 11, 11, "macOS"),
        ("paragraph", 12, 12, "Install it with Homebrew."),
        ("html", 13, 13, ""), ("html", 14, 14, ""),
        ("html", 16, 19, "Get started"),
        ("html", 21, 21, ""),
        ("code", 23, 27, '<Tabs>\n  <TabItem value="a">x</TabItem>\n</Tabs>\n'),
        ("html", 29, 29, ""),
    ]


def test_markdown_files_keep_commonmark_reading_of_the_same_text():
    doc = parse(MDX, "guide/install.md")
    kinds = [(b.kind, b.start) for b in doc.blocks if b.kind not in ("front_matter", "title")]
    assert kinds[0] == ("paragraph", 5)  # "import Tabs ..." is a sentence in Markdown
    assert ("html", 10) in kinds and ("paragraph", 12) not in kinds  # one HTML block to the blank line
    assert kinds[-1] == ("paragraph", 29)


def test_mdx_file_pairs_are_not_untranslated_for_their_imports(run_cli, tmp_path):
    """starlight-root's getting-started.mdx: its import line is kept as is in every
    translation; it is code, not English left in the French page."""
    site = FIXTURES / "layouts" / "starlight-root"
    code, out, err = run_cli("check", "--no-cache", "--format", "json", cwd=site)
    assert code == 0, err  # its missing pages are info: Starlight shows the English page in their place
    findings = json.loads(out)["findings"]
    assert not [f for f in findings if f["slug"] in ("untranslated", "code-mismatch")]


def test_mkdocs_admonitions_are_containers_with_a_markdown_body():
    """Material for MkDocs' `??? note "Title"` (mkdocs-suffix fixture, plugins.fr.md): the
    indented body is prose, not a code block."""
    doc = parse('??? note "Ordre de chargement"\n\n    Les extensions sont chargées dans l\'ordre.\n\n'
                "!!! tip\n\n    Sans titre.\n", "plugins.fr.md")
    assert [(b.kind, b.start, b.text, b.info) for b in doc.blocks] == [
        ("container", 1, "Ordre de chargement", "note"),
        ("paragraph", 3, "Les extensions sont chargées dans l'ordre.", ""),
        ("container", 5, "", "tip"),
        ("paragraph", 7, "Sans titre.", ""),
    ]


def test_a_block_knows_the_aside_it_stands_in():
    """Each block names the first line of the innermost container it stands in (0 outside
    any): a `::: details` holding a `::: tip`, an admonition's indented body, and the
    paragraph after both."""
    doc = parse("::::: details More\n\nOuter.\n\n::: tip\n\nInner.\n\n:::\n\nOuter again.\n\n:::::\n\n"
                "!!! note\n\n    Noted.\n\nAfter.\n", "page.md")
    assert [(b.start, b.kind, b.box) for b in doc.blocks] == [
        (1, "container", 0), (3, "paragraph", 1), (5, "container", 1), (7, "paragraph", 5),
        (11, "paragraph", 1), (15, "container", 0), (17, "paragraph", 15), (19, "paragraph", 0)]


#: The front matter of tauri-docs src/content/docs/blog/tauri-2-0-0-beta.md (a Starlight
#: page's `banner`, whose `content` is a YAML block scalar holding HTML), with the anchor's
#: text on a line of its own as Starlight pages write it: an indented line that is only a
#: tag, which the MDX pass must not take for JSX.
TAURI_BANNER = """---
title: Announcing the Tauri v2 Beta Release
date: 2024-02-02
authors: [lucasfernog]
banner:
  content: |
    You're reading the blog on the prerelease site for Tauri 2.0 -
    <a href="https://tauri.app">
    Go to the Tauri 1.0 site</a>
---

![Hero Image](./tauri_2_0_0_alpha_0/header.png)
"""


@pytest.mark.parametrize("name", ["blog/tauri-2-0-0-beta.md", "blog/tauri-2-0-0-beta.mdx"])
def test_front_matter_block_scalar_with_indented_html_is_read_as_the_site_reads_it(name):
    doc = parse(TAURI_BANNER, name)
    assert doc.problems == []
    assert doc.front_matter["banner"] == {"content": "You're reading the blog on the prerelease site for "
                                          "Tauri 2.0 -\n<a href=\"https://tauri.app\">\nGo to the Tauri 1.0 site</a>"}
    assert doc.blocks[0].kind == "front_matter" and doc.blocks[0].end == 10
