"""Examples in documentation: placeholders and prose a translation may localize.

Fixtures cut from the Tauri documentation (../shared/corpus/tauri-docs):
``starlight/sidecar.*.mdx`` from ``src/content/docs/develop/sidecar.mdx`` and
``src/content/docs/zh-cn/develop/sidecar.mdx``; ``starlight/menu-copy.*.mdx`` from
``src/content/docs/start/migrate/from-tauri-1.mdx`` (and its ``zh-cn/`` translation);
``starlight/plugin-tree.*.mdx`` from ``src/content/docs/develop/Plugins/index.mdx`` (and its
``zh-cn/`` translation). The Markdown examples are the shapes of the Starlight documentation's
German pages (an aside's title and a link localized in an ```mdx example), which the corpora
do not hold.
"""

from __future__ import annotations

from pathlib import Path

from relsync import check, fix_text
from relsync.checks.examples import same_but_placeholders, skeleton

FIXTURES = Path(__file__).parent / "fixtures" / "starlight"


def _read(name: str) -> str:
    return (FIXTURES / name).read_text(encoding="utf-8")


def _found(up: str, tr: str, locale: str, name: str = "guide.mdx") -> list[tuple[str, str]]:
    return [(f.slug, f.message) for f in check(up, tr, locale=locale, name=name)
            if f.slug not in ("extra", "missing")]


def test_a_translated_placeholder_in_a_code_span_is_not_a_code_mismatch():
    """`<PROJECT ROOT>/src-tauri/...` written `<项目根目录>/src-tauri/...`."""
    assert _found(_read("sidecar.en.mdx"), _read("sidecar.zh-cn.mdx"), "zh_CN") == []
    wrong = _read("sidecar.zh-cn.mdx").replace("<项目根目录>/src-tauri/binaries", "<项目根目录>/src-tauri/bin")
    assert [s for s, _ in _found(_read("sidecar.en.mdx"), wrong, "zh_CN")] == ["code-mismatch"]


def test_a_code_span_that_differs_only_in_a_space_is_the_same_code():
    """`copy(app, None)?` written `copy(app,None)?` beside an added `Menu`."""
    assert _found(_read("menu-copy.en.mdx"), _read("menu-copy.zh-cn.mdx"), "zh_CN") == []


def test_placeholders():
    assert same_but_placeholders("https://github.com/USER_NAME/repo.git",
                                 "https://github.com/BENUTZERNAME/repo.git")
    assert same_but_placeholders("<PROJECT ROOT>/src-tauri", "<项目根目录>/src-tauri")
    assert not same_but_placeholders("PATH", "HOME")
    assert not same_but_placeholders("HTTP_PROXY=1", "HTTPS_PROXY=1")
    assert not same_but_placeholders("<PROJECT ROOT>/src-tauri", "<PROJECT ROOT>/src")


def test_translated_annotations_of_a_plain_text_tree_are_not_code():
    """The plugin layout tree: its annotations translated with their punctuation (`setup
    state...` / `设置状态……`, `Re-exports` / `重新导出`)."""
    up, tr = _read("plugin-tree.en.mdx"), _read("plugin-tree.zh-cn.mdx")
    assert _found(up, tr, "zh_CN") == []
    wrong = tr.replace("│ └── models.rs ", "│ ├── models.rs ")
    assert [s for s, _ in _found(up, wrong, "zh_CN")] == ["code-mismatch"]


MDX_EXAMPLE_EN = '''Add an aside with a custom title:

```mdx
:::tip[Did you know?]
Astro helps you build faster websites with [“Islands Architecture”](https://docs.astro.build/en/concepts/islands/).
:::
```
'''
MDX_EXAMPLE_DE = '''Füge einen Hinweis mit eigenem Titel hinzu:

```mdx
:::tip[Wusstest du schon?]
Astro hilft dir, schnellere Websites mit der [„Insel-Architektur“](https://docs.astro.build/de/concepts/islands/) zu erstellen.
:::
```
'''


def test_a_markdown_example_is_compared_by_its_structure():
    assert _found(MDX_EXAMPLE_EN, MDX_EXAMPLE_DE, "de") == []
    other_kind = MDX_EXAMPLE_DE.replace(":::tip[", ":::caution[")
    assert [s for s, _ in _found(MDX_EXAMPLE_EN, other_kind, "de")] == ["code-mismatch"]
    no_link = MDX_EXAMPLE_DE.replace("[„Insel-Architektur“](https://docs.astro.build/de/concepts/islands/)",
                                     "„Insel-Architektur“")
    assert [s for s, _ in _found(MDX_EXAMPLE_EN, no_link, "de")] == ["code-mismatch"]


def test_a_yaml_front_matter_example_keeps_its_keys_and_values_that_are_not_prose():
    up = "---\ntitle: My page\ndescription: Learn what Starlight can do\ntemplate: splash\n---\n"
    tr = "---\ntitle: Meine Seite\ndescription: Lerne, was Starlight kann\ntemplate: splash\n---\n"
    assert skeleton(up, "yaml") == skeleton(tr, "yaml")
    assert skeleton(up, "yaml") != skeleton(tr.replace("splash", "doc"), "yaml")
    assert skeleton(up, "yaml") != skeleton(tr.replace("template:", "templat:"), "yaml")


def test_an_older_wording_is_a_finding_but_no_repair():
    """es/plugin/dialog.mdx says "Ejecuta `cargo add tauri-plugin-dialog`" where upstream
    now says "Run the following command in the `src-tauri` folder" above a code block with
    that command: the code-mismatch stays, the repair (writing `src-tauri` in place of the
    command) would make the sentence wrong."""
    up, tr = _read("dialog-install.en.mdx"), _read("dialog-install.es.mdx")
    assert "code-mismatch" in [s for s, _ in _found(up, tr, "es", name="plugin/dialog.mdx")]
    fixed, applied = fix_text(up, tr, locale="es", name="plugin/dialog.mdx")
    assert fixed == tr and not applied


def test_a_placeholder_in_a_markdown_example_may_be_translated():
    up = ("```md\n## Deploy\n\nPush to `https://github.com/USER_NAME/my-site.git` and open\n"
          "[the dashboard](https://example.com/dashboard).\n```\n")
    tr = ("```md\n## Veröffentlichen\n\nPushe nach `https://github.com/BENUTZERNAME/my-site.git` und öffne\n"
          "[das Dashboard](https://example.com/de/dashboard).\n```\n")
    assert skeleton(up.split("\n", 1)[1].rsplit("```", 1)[0], "md") == \
        skeleton(tr.split("\n", 1)[1].rsplit("```", 1)[0], "md")
    assert _found(up, tr, "de") == []
    assert [s for s, _ in _found(up, tr.replace("my-site.git", "my-app.git"), "de")] == ["code-mismatch"]
