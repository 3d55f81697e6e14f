"""MkDocs site syntax: includes, pymdownx blocks, attribute-list heading ids, read as the
site reads them (tests/fixtures/mkdocs-fastapi is cut from the fastapi-docs corpus)."""

from __future__ import annotations

import json
import shutil

import pytest

from relsync.dialects_mkdocs import block_header, site_extensions
from relsync.parse import parse

from .conftest import FIXTURES

SITE = FIXTURES / "mkdocs-fastapi"
BLOCKS = frozenset({"pymdownx.blocks.admonition", "pymdownx.blocks.tab", "attr_list"})

#: fastapi-docs docs/en/docs/python-types.md 238-248: a tab holding a code block.
TABS = """You can declare that a value could have a type, like `str`.

//// tab | Python 3.10+

```Python hl_lines="1"
{!> ../../docs_src/python_types/tutorial009_py310.py!}
```

////

/// tip | Title with `code`
    type: warning

Nested text.

///
"""


def _shown(doc):
    return [(b.kind, b.start, b.end, b.text.strip(), b.info) for b in doc.blocks]


def test_pymdownx_blocks_are_containers_whose_title_is_prose_where_the_site_reads_them():
    doc = parse(TABS, "python-types.md", extensions=BLOCKS)
    assert _shown(doc) == [
        ("paragraph", 1, 1, "You can declare that a value could have a type, like str.", ""),
        ("container", 3, 3, "Python 3.10+", "tab"),
        ("code", 5, 7, "{!> ../../docs_src/python_types/tutorial009_py310.py!}", "Python hl_lines=\"1\""),
        ("container", 11, 11, "Title with `code`", "tip"),
        ("paragraph", 14, 14, "Nested text.", ""),
    ]


def test_slashes_are_a_paragraph_in_a_site_without_blocks():
    doc = parse(TABS, "python-types.md")
    assert ("paragraph", 3, 3, "//// tab | Python 3.10+", "") in _shown(doc)
    assert not [b for b in doc.blocks if b.kind == "container"]


@pytest.mark.parametrize("line", [
    "{* ../../docs_src/query_params/tutorial004_py310.py hl[6,8] *}",
    "{!../../docs_src/templates/templates/item.html!}",
    '--8<-- "includes/abbreviations.md"',
])
def test_an_include_line_is_code_in_every_document(line):
    doc = parse(f"Parameter werden anhand ihres Namens erkannt:\n\n{line}\n", "x.md", ("de",))
    assert _shown(doc)[1] == ("code", 3, 3, line, "include")
    assert doc.blocks[1].anchors.numbers == ()


def test_a_snippet_block_is_one_include():
    doc = parse("Text.\n\n--8<--\nfile1.md\nfile2.md\n--8<--\n\nMore.\n", "x.md")
    assert [(b.kind, b.start, b.end) for b in doc.blocks] == [
        ("paragraph", 1, 1), ("code", 3, 6), ("paragraph", 8, 8)]


def test_attribute_list_heading_id():
    doc = parse("# Query-Parameter { #query-parameters }\n\n## B {: #b .wide }\n", "x.md")
    assert [(b.text, b.anchors.terms[-1]) for b in doc.blocks] == [
        ("Query-Parameter", "#query-parameters"), ("B", "#b")]


def test_block_header():
    assert block_header(" tab | Python 3.10+") == ("tab", "Python 3.10+")
    assert block_header(" note") == ("note", "")
    assert block_header(" html | div[class='note']") == ("html", "")


def test_site_extensions_come_from_the_mkdocs_yml_whose_docs_dir_holds_the_page(tmp_path):
    page = SITE / "docs" / "en" / "docs" / "tutorial" / "body.md"
    assert "pymdownx.blocks.admonition" in site_extensions(page) and "attr_list" in site_extensions(page)
    assert site_extensions(SITE / "docs" / "de" / "docs" / "tutorial" / "body.md") == frozenset()
    (tmp_path / "site" / "pages").mkdir(parents=True)
    (tmp_path / "site" / "mkdocs.yml").write_text(
        "INHERIT: ../base.yml\ndocs_dir: pages\nmarkdown_extensions:\n  - attr_list\n", encoding="utf-8")
    (tmp_path / "base.yml").write_text(
        "markdown_extensions:\n  - pymdownx.blocks.tab:\n      alternate_style: true\n", encoding="utf-8")
    (tmp_path / "site" / "pages" / "a.md").write_text("x\n", encoding="utf-8")
    (tmp_path / "site" / "a.md").write_text("x\n", encoding="utf-8")
    assert site_extensions(tmp_path / "site" / "pages" / "a.md") == {"attr_list", "pymdownx.blocks.tab"}
    assert site_extensions(tmp_path / "site" / "a.md") == frozenset()  # not under docs_dir


def test_fastapi_pages_have_no_false_findings_of_their_site_syntax(run_cli, tmp_path):
    """Before: `hl[6,8]` was the German decimal 6.8 (number-mismatch), `/// tip | Tipp` and
    `///` were paragraphs (untranslated, missing)."""
    shutil.copytree(SITE, tmp_path / "fastapi")
    code, out, err = run_cli("check", "--no-cache", "--format", "json", cwd=tmp_path / "fastapi")
    findings = json.loads(out)["findings"]
    assert [(f["rule"], f["slug"], f["translation"] and f["translation"]["line"], f["message"])
            for f in findings] == []
    assert code == 0, err


#: fastapi-docs docs/missing-translation.md:7 (the notice FastAPI puts on an untranslated page).
LINKED = "Learn more: [Contributing - Translations](https://fastapi.tiangolo.com/contributing/#translations){.internal-link target=_blank}\n"


def test_an_attribute_list_after_a_link_is_structure_where_the_site_reads_them():
    doc = parse(LINKED, "missing-translation.md", extensions=frozenset({"attr_list"}))
    assert doc.blocks[0].text == "Learn more: Contributing - Translations"
    assert parse(LINKED, "missing-translation.md").blocks[0].text.endswith("{.internal-link target=_blank}")
    doc = parse("![Diagram](d.png){ width=\"300\" } and `code`{: .python }\n", "x.md",
                extensions=frozenset({"attr_list"}))
    assert doc.blocks[0].text == "Diagram and code" and doc.blocks[0].anchors.numbers == ()
