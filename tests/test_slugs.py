"""Heading ids as each generator makes them (:mod:`relsync.slugs`).

The fixtures under ``tests/fixtures/slugs/`` hold ids that the generators' own code made
(each file names the package and version); the cases below name where their ids come from.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from relsync.slugs import SLUGGERS, heading_id, html_ids

FIXTURES = Path(__file__).parent / "fixtures" / "slugs"


def _cases():
    for path in sorted(FIXTURES.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for text, expected in data["cases"]:
            yield pytest.param(path.stem, text, expected, id=f"{path.stem}:{text}")


@pytest.mark.parametrize("name,text,expected", list(_cases()))
def test_slug_is_the_generators_own(name, text, expected):
    assert SLUGGERS[name].slug(text) == expected


def test_github_slugger_documented_ids():
    # github-slugger's README: repeated slugs, non-Latin letters kept, emoji removed.
    ids = SLUGGERS["github"].ids(["foo", "foo", "bar", "foo", "Привет non-latin 你好", "😄 emoji"])
    assert ids == ["foo", "foo-1", "bar", "foo-2", "привет-non-latin-你好", "-emoji"]


def test_starlight_localized_heading_id():
    # tauri-docs (Starlight) fr/start/prerequisites.mdx:10 links "#dépendances-systèmes",
    # the id of its own heading "## Dépendances Systèmes" (line 14).
    assert SLUGGERS["github"].slug("Dépendances Systèmes") == "dépendances-systèmes"


def test_vitepress_repeated_ids_and_explicit_ids_taken():
    # markdown-it-anchor (VitePress): "-1", "-2"; an explicit id of the page takes its slug.
    assert SLUGGERS["vitepress"].ids(["Usage", "Usage", "Usage"]) == ["usage", "usage-1", "usage-2"]
    assert SLUGGERS["vitepress"].ids(["Usage"], taken=["usage"]) == ["usage-1"]
    # vuejs/docs: the English heading whose id the Chinese page keeps (real-fixes-vue cb77843)
    assert SLUGGERS["vitepress"].slug(
        "Web Accessibility Initiative – Accessible Rich Internet Applications (WAI-ARIA)"
    ) == "web-accessibility-initiative-–-accessible-rich-internet-applications-wai-aria"


def test_python_markdown_repeated_ids():
    # Python-Markdown's toc ``unique``: "_1", "_2"; an empty slug is "_1".
    assert SLUGGERS["python-markdown"].ids(["Header", "Header", "Header", "你好"]) == [
        "header", "header_1", "header_2", "_1"]


def test_kramdown_documented_ids():
    # kramdown's documentation, "Automatic Header IDs".
    assert SLUGGERS["kramdown"].ids(["This is a header", "12. Another one 1.2", "Do ^& it now",
                                     "Header 3", "Header 3", "123"]) == [
        "this-is-a-header", "another-one-12", "do--it-now", "header-3", "header-3-1", "section"]


def test_hugo_autoids():
    # Hugo markup/goldmark/autoid.go: "github" keeps each space and dash as one "-" and
    # drops punctuation; "github-ascii" drops accents then non-ASCII; "blackfriday" joins
    # words with one "-".
    assert SLUGGERS["hugo-github"].slug("Hugo's Über Test -- 2") == "hugos-über-test----2"
    assert SLUGGERS["hugo-github-ascii"].slug("Hugo's Über Test 你好") == "hugos-uber-test-"
    assert SLUGGERS["hugo-blackfriday"].slug("Hugo's Über Test -- 2") == "hugo-s-über-test-2"


def test_mdn_ids():
    # mdn-firefox en-us/57/index.md links "#quantum_css_notes" to "#### Quantum CSS notes";
    # MDN's French pages have "#considérations_de_sécurité".
    assert SLUGGERS["mdn"].slug("Quantum CSS notes") == "quantum_css_notes"
    assert SLUGGERS["mdn"].slug("Considérations de sécurité") == "considérations_de_sécurité"


@pytest.mark.parametrize("source,expected_id,defect", [
    ("Props {#props}", "props", ""),
    ("Props { #props }", "props", ""),
    ("Props {: #props .wide}", "props", ""),
    ("Title {.note #x data-a=1}", "x", ""),
    ("Plain title", None, ""),
    ("Use {placeholder} here", None, ""),
    # real-fixes-vue 8e4095d (src/guide/reusability/custom-directives.md:182)
    ("简化形式 {#function-shorthand} {#function-shorthand}", "function-shorthand", "2 times"),
    # real-fixes-vue d8f1d9c (src/tutorial/src/step-1/description.md:1)
    ("入门 {#Getting Started}", "Getting", "space"),
    # vite docs zh-CN: "${server-hmr}" for "{#server-hmr}"
    ("server.hmr ${server-hmr}", None, "$"),
])
def test_heading_id(source, expected_id, defect):
    found = heading_id(source)
    assert found.id == expected_id
    assert (defect in found.defect) if defect else found.defect == ""


def test_html_ids():
    assert html_ids('<a id="top"></a> <a name=\'old\'></a> <Aside id={"x"} /> data-id="no"') == ["top", "old", "x"]
