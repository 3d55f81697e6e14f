"""What the site renders: the Markdown a project is read with, and a block as a reader sees
it (the rules themselves are tested by their cases in fixtures/rules/)."""

from __future__ import annotations

import pytest

import relsync
from relsync.checks import rendered
from relsync.config import Config, load_config
from relsync.errors import ConfigError
from relsync.project import discover

from .conftest import FIXTURES


def test_an_mkdocs_site_is_read_as_python_markdown():
    cfg = load_config(FIXTURES / "layouts" / "mkdocs-folder")
    discover(cfg)
    assert cfg.markdown == "python-markdown"


def test_a_vitepress_site_is_read_as_commonmark():
    cfg = load_config(FIXTURES / "layouts" / "vitepress")
    discover(cfg)
    assert cfg.markdown is None


def test_an_mkdocs_yml_beside_the_upstream_files_makes_an_mkdocs_site(tmp_path):
    """FastAPI keeps an mkdocs.yml in each language's directory (fastapi-docs docs/en/):
    discovery reads it as directories of languages, the site is still MkDocs."""
    for lang, text in (("en", "# Proxy\n\nA **proxy** in front.\n"), ("ko", "# 프록시\n\n**프록시(proxy)**를 둡니다.\n")):
        (tmp_path / "docs" / lang / "docs").mkdir(parents=True)
        (tmp_path / "docs" / lang / "docs" / "index.md").write_text(text, encoding="utf-8")
    (tmp_path / "docs" / "en" / "mkdocs.yml").write_text("site_name: x\n", encoding="utf-8")
    cfg = load_config(tmp_path)
    project = discover(cfg)
    assert project.pairs and cfg.markdown == "python-markdown"


def test_the_markdown_setting_is_checked(tmp_path):
    (tmp_path / "relsync.toml").write_text('markdown = "asciidoc"\n', encoding="utf-8")
    with pytest.raises(ConfigError, match="markdown must be one of commonmark, python-markdown"):
        load_config(tmp_path)


def test_python_markdown_renders_bold_that_commonmark_leaves_as_asterisks():
    """fastapi-docs ko/docs/advanced/behind-a-proxy.md: `**프록시(proxy)**를` is bold on the
    MkDocs site; CommonMark's flanking rules would leave the asterisks."""
    up, tr = "A **proxy** in front.\n", "**프록시(proxy)**를 둡니다.\n"
    assert [f.slug for f in relsync.check(up, tr, locale="ko")] == ["unrendered-markup"]
    cfg = Config(markdown="python-markdown")
    assert [f.slug for f in relsync.check(up, tr, locale="ko", config=cfg)] == []


def test_the_view_keeps_what_shows_as_text():
    v = rendered.view("见 `a**b` 和 [链接](/x) <span>y</span> \\* 与 **粗体。**后", {})
    assert v.code == ["a**b"] and v.hrefs == {"/x": 1}
    assert rendered.signs(v.visible) == {"strong": 2}


@pytest.mark.parametrize("source, shows", [
    # underscores, brackets and parentheses only inside code spans: nothing to render
    ("* `item_id` wird als `int` deklariert, `q: str | None = None` ist optional.\n", False),
    ("Rufen Sie `items[0]` auf, dann `app.get()`.\n", False),
    # the same characters outside the code as well: the block is rendered
    ("Rufen Sie `items[0]` auf, dann [die Doku].\n", True),
    ("`*` steht für **alle Elemente*.\n", True),
    ("Ein `_` und ein snake_case_name im Text.\n", True),
])
def test_only_syntax_outside_code_spans_sends_a_block_to_be_rendered(source, shows):
    block = relsync.parse(source, locales=("en", "de")).blocks[0]
    assert rendered.might_show_syntax(block) is shows
