"""Links resolved as the site resolves them: a project's pages in each locale and their ids
(:mod:`relsync.checks.site`), through ``relsync check`` and ``relsync fix`` on small trees of
real shapes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from relsync.checks.site import Site, SitePage, document_ids, page_key, scanned_ids, site_of
from relsync.config import Config
from relsync.project import Project
from relsync.parse import parse
from relsync.project.layouts import Layout
from relsync.slugs import SLUGGERS


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def _findings(run_cli, root: Path, *args: str) -> list[dict]:
    code, out, err = run_cli("check", "--no-cache", "--format", "json", *args, cwd=root)
    assert code in (0, 1), err
    return json.loads(out)["findings"]


@pytest.mark.parametrize("name,key", [
    ("guide/intro.md", "/guide/intro"),
    ("guide/index.md", "/guide"),
    ("index.mdx", ""),
    ("develop/Plugins/index.mdx", "/develop/plugins"),
    ("components/button/index.en-US.md", "/components/button"),
    ("CHANGELOG.en-US.md", "/changelog"),
])
def test_page_key(name, key):
    assert page_key(name) == key


def test_a_localized_route_suffix_is_the_page():
    site = Site({"/docs/react/introduce": SitePage("docs/react/introduce.en-US.md")})
    assert site.route("/docs/react/introduce-cn", ["zh-cn", "cn"]) == "/docs/react/introduce"
    assert site.route("/docs/react/introduce-cn") is None
    assert site.route("/docs/react/other-cn", ["cn"]) is None


# tauri-docs (Starlight): zh-cn/develop/Plugins/index.mdx has the heading "### 插件配置" and
# zh-cn/develop/Plugins/develop-mobile.mdx links "/zh-cn/develop/plugins/#插件配置", the id of
# the Chinese heading on the Chinese page.
STARLIGHT = {
    "astro.config.mjs": "import starlight from '@astrojs/starlight';\nexport default { integrations: [starlight({ title: 'Docs', defaultLocale: 'root', locales: { root: { label: 'English', lang: 'en' }, 'zh-cn': { label: '简体中文', lang: 'zh-CN' } } })] };\n",
    "src/content/docs/develop/plugins/index.mdx": "---\ntitle: Plugin Development\n---\n\n## Plugin Configuration\n\nText.\n",
    "src/content/docs/develop/plugins/develop-mobile.mdx": "---\ntitle: Mobile Plugin Development\n---\n\nSee [plugin configuration](/develop/plugins/#plugin-configuration).\n\nAnd [the lifecycle](/develop/plugins/#lifecycle-events).\n",
    "src/content/docs/zh-cn/develop/plugins/index.mdx": "---\ntitle: 插件开发\n---\n\n## 插件配置\n\n文字。\n",
    "src/content/docs/zh-cn/develop/plugins/develop-mobile.mdx": "---\ntitle: 移动插件开发\n---\n\n参见[插件配置](/zh-cn/develop/plugins/#插件配置)。\n\n以及[生命周期](/zh-cn/develop/plugins/#生命周期事件)。\n",
}


def test_a_localized_anchor_on_another_page_resolves(run_cli, tmp_path):
    _write(tmp_path, STARLIGHT)
    found = _findings(run_cli, tmp_path)
    links = [f for f in found if f["rule"] in ("RS204", "RS211")]
    # "#插件配置" lands on the Chinese page's heading; "#生命周期事件" names no heading of it
    assert [(f["slug"], f["translation"]["line"]) for f in links] == [("unresolved-link", 7)], links
    assert links[0]["message"] == ("link /zh-cn/develop/plugins/#生命周期事件 names no id of page "
                                   "/develop/plugins; nearest: #插件配置")


def test_fix_never_repairs_a_localized_anchor(run_cli, tmp_path):
    _write(tmp_path, STARLIGHT)
    code, out, err = run_cli("fix", "--diff", cwd=tmp_path)
    assert "#插件配置" not in out and "#plugin-configuration" not in out, out


# dumi (ant-design): CHANGELOG.zh-CN.md links its own language's files and routes where
# CHANGELOG.en-US.md links the English ones.
DUMI = {
    "relsync.toml": 'upstream = "{path}.en-US{ext}"\ntranslation = "{path}.{lang}{ext}"\nsource-language = "en-US"\n',
    "CHANGELOG.en-US.md": "# Changelog\n\n- Read the [migration guide](/docs/react/migration-v5) and the [Chinese changelog](./CHANGELOG.zh-CN.md).\n- See [Button](components/button/index.en-US.md#api).\n",
    "CHANGELOG.zh-CN.md": "# 更新日志\n\n- 阅读[迁移指南](/docs/react/migration-v5-cn)和[中文更新日志](./CHANGELOG.zh-CN.md)。\n- 参见 [Button](components/button/index.zh-CN.md#api)。\n",
    "docs/react/migration-v5.en-US.md": "# Migration\n",
    "docs/react/migration-v5.zh-CN.md": "# 迁移\n",
    "components/button/index.en-US.md": "# Button\n\n## API\n",
    "components/button/index.zh-CN.md": "# 按钮\n\n## API\n",
}


def test_links_to_the_translations_own_language_are_localized(run_cli, tmp_path):
    _write(tmp_path, DUMI)
    found = _findings(run_cli, tmp_path)
    assert [f for f in found if f["slug"] in ("link-mismatch", "unresolved-link")] == []


def test_a_link_to_another_page_of_the_site_is_still_a_mismatch(run_cli, tmp_path):
    files = dict(DUMI)
    files["CHANGELOG.zh-CN.md"] = files["CHANGELOG.zh-CN.md"].replace("migration-v5-cn", "introduce-cn")
    files["docs/react/introduce.en-US.md"] = "# Introduce\n"
    _write(tmp_path, files)
    found = [f for f in _findings(run_cli, tmp_path) if f["slug"] == "link-mismatch"]
    assert len(found) == 1 and "introduce-cn" in found[0]["message"]
    # the page it leads to exists: the site proves nothing wrong, a translator decides
    assert found[0].get("fix") is None


def test_the_cache_sees_a_linked_page_change_its_ids(run_cli, tmp_path):
    _write(tmp_path, STARLIGHT)
    cache = str(tmp_path / "cache")

    def unresolved():
        code, out, err = run_cli("check", "--cache-dir", cache, "--format", "json", cwd=tmp_path)
        return [f for f in json.loads(out)["findings"] if f["slug"] == "unresolved-link"]

    assert len(unresolved()) == 1
    page = tmp_path / "src/content/docs/zh-cn/develop/plugins/index.mdx"
    page.write_text(page.read_text(encoding="utf-8") + "\n## 生命周期事件\n", encoding="utf-8")
    assert unresolved() == []


def test_heading_ids_setting(run_cli, tmp_path):
    (tmp_path / "up.md").write_text("## Über Tests\n\nSee [tests](#über-tests).\n", encoding="utf-8")
    (tmp_path / "tr.md").write_text("## Über Tests\n\nSiehe [Tests](#über-tests).\n", encoding="utf-8")
    code, out, err = run_cli("check", "up.md", "tr.md", "-l", "de", "--format", "json", cwd=tmp_path)
    assert [f for f in json.loads(out)["findings"] if f["slug"] == "unresolved-link"] == []
    (tmp_path / "relsync.toml").write_text('heading-ids = "vitepress"\n', encoding="utf-8")
    code, out, err = run_cli("check", "up.md", "tr.md", "-l", "de", "--format", "json", cwd=tmp_path)
    found = [f for f in json.loads(out)["findings"] if f["slug"] == "unresolved-link"]
    assert [f["message"] for f in found] == ["link #über-tests names no id of this page; nearest: #uber-tests"]
    (tmp_path / "relsync.toml").write_text('heading-ids = "nope"\n', encoding="utf-8")
    code, out, err = run_cli("check", "up.md", "tr.md", cwd=tmp_path)
    assert code == 2 and "unknown heading-ids 'nope'" in err


def test_a_link_without_the_locale_prefix_may_land_on_the_default_locales_page(run_cli, tmp_path):
    # tauri-docs zh-cn/develop/resources.mdx:122 links "/plugin/file-system/#scopes": on a
    # Starlight site that is the English page, whose heading "## Scopes" makes the id.
    files = dict(STARLIGHT)
    files["src/content/docs/zh-cn/develop/plugins/develop-mobile.mdx"] = (
        "---\ntitle: 移动插件开发\n---\n\n参见[插件配置](/develop/plugins/#plugin-configuration)。\n\n"
        "以及[生命周期](/zh-cn/develop/plugins/#plugin-configuration)。\n")
    _write(tmp_path, files)
    found = [f for f in _findings(run_cli, tmp_path) if f["slug"] in ("unresolved-link", "link-mismatch")]
    assert [(f["slug"], f["translation"]["line"]) for f in found] == [("unresolved-link", 7)], found


@pytest.mark.parametrize("layout,config,text,expected", [
    ("mkdocs", "mkdocs.yml", "markdown_extensions:\n  - toc:\n      slugify: !!python/object/apply:pymdownx.slugs.slugify\n        kwds:\n          case: lower\n", "pymdownx"),
    ("mkdocs", "mkdocs.yml", "markdown_extensions:\n  - toc:\n      permalink: true\n", "python-markdown"),
    ("hugo", "hugo.toml", "[markup.goldmark.parser]\n  autoHeadingIDType = 'github-ascii'\n", "hugo-github-ascii"),
    ("hugo", "config.yaml", "markup:\n  goldmark:\n    parser:\n      autoHeadingIDType: blackfriday\n", "hugo-blackfriday"),
    ("hugo", "hugo.toml", "title = 'x'\n", "hugo-github"),
])
def test_the_slug_function_the_sites_configuration_names(tmp_path, layout, config, text, expected):
    (tmp_path / config).write_text(text, encoding="utf-8")
    project = Project(Config(root=tmp_path), layout=Layout(layout, "en", detected_from=config))
    assert site_of(project).slugger == expected


def test_a_link_to_a_file_that_exists_is_never_repaired(run_cli, tmp_path):
    # tauri-docs es/start/prerequisites.mdx:149: "./visual-studio-build-tools-installer.png"
    # beside the translation, where upstream now names "@assets/start/prerequisites/...".
    files = {
        "upstream/start.md": "# Start\n\n![Installer](@assets/start/prerequisites/installer.png)\n",
        "locales/es/start.md": "# Inicio\n\n![Instalador](./installer.png)\n",
    }
    _write(tmp_path, files)
    code, out, err = run_cli("fix", "--diff", cwd=tmp_path)
    assert "@assets" in out  # the file is not there: the link leads nowhere, upstream's does
    (tmp_path / "locales/es/installer.png").write_bytes(b"\x89PNG")
    code, out, err = run_cli("fix", "--diff", cwd=tmp_path)
    assert "@assets" not in out, out


def test_an_image_of_the_same_name_beside_the_translation_is_its_copy(run_cli, tmp_path):
    # tauri-docs es/start/prerequisites.mdx:149 again: with the image there, the site shows it;
    # the finding is a warning that names the copy, and one of another name stays an error.
    files = {
        "upstream/start.md": "# Start\n\n![Installer](@assets/start/prerequisites/installer.png)\n\n"
                             "![Done](@assets/start/prerequisites/done.png)\n",
        "locales/es/start.md": "# Inicio\n\n![Instalador](./installer.png)\n\n![Listo](./setup-2.png)\n",
    }
    _write(tmp_path, files)
    (tmp_path / "locales/es/installer.png").write_bytes(b"\x89PNG")
    (tmp_path / "locales/es/setup-2.png").write_bytes(b"\x89PNG")
    code, out, err = run_cli("check", "--format", "json", "--no-cache", cwd=tmp_path)
    found = {f["translation"]["line"]: f for f in json.loads(out)["findings"] if f["slug"] == "link-mismatch"}
    assert found[3]["severity"] == "warning" and "beside the translation: perhaps its copy" in found[3]["message"]
    assert found[5]["severity"] == "error"


SCANNED = [
    # vue-docs front matter, not a setext heading
    "---\noutline: deep\n---\n\n# Releases {#releases}\n\nText.\n",
    # tauri-docs distribute/Sign/windows.mdx: headings in list items (Starlight's steps)
    "1. #### Convert your `.cer` to `.pfx`\n\n   Text.\n\n2. #### Import your `.pfx` file into the keystore.\n",
    # tauri-docs learn/Security/capabilities-for-windows-and-platforms.mdx: indented under a list
    "1. Step\n\n    #### Give filesystem capabilities to the `first` window\n\n    Text.\n",
    # a shell comment in a fence is no heading; a setext heading and an HTML anchor are ids
    "```sh\n# not a heading\n```\n\nSetext *title*\n=============\n\n<a id=\"legacy\"></a>\n\n## Usage\n\n## Usage\n",
]


@pytest.mark.parametrize("text", SCANNED)
def test_the_scanned_ids_of_a_linked_page_are_the_parsers(text):
    sluggers = tuple(SLUGGERS.values())
    assert scanned_ids(text, sluggers) == document_ids(parse(text, "page.md"), sluggers)


def test_the_cache_sees_the_translations_copy_of_an_image_appear(run_cli, tmp_path):
    # whether the translation's ./installer.png is there decides the finding's level
    _write(tmp_path, {
        "upstream/start.md": "# Start\n\n![Installer](@assets/start/prerequisites/installer.png)\n",
        "locales/es/start.md": "# Inicio\n\n![Instalador](./installer.png)\n",
    })
    cache = str(tmp_path / "cache")

    def severity():
        code, out, err = run_cli("check", "--cache-dir", cache, "--format", "json", cwd=tmp_path)
        return [f["severity"] for f in json.loads(out)["findings"] if f["slug"] == "link-mismatch"]

    assert severity() == ["error"]
    (tmp_path / "locales/es/installer.png").write_bytes(b"\x89PNG")
    assert severity() == ["warning"]


@pytest.mark.parametrize("edit, changes", [
    (("Some prose.", "Other prose."), False),
    (("## Usage", "## Use"), True),
    (("Setup\n-----", "Set-up\n-----"), True),
    (('<a id="top"></a>', '<a id="head"></a>'), True),
    (('<a name="x">', '<a name="y">'), True),
    (("valid = 1", "valid = 2"), False),  # ("id" inside a word is no attribute)
])
def test_the_site_fingerprint_follows_the_lines_ids_come_from(tmp_path, edit, changes):
    page = tmp_path / "page.md"
    text = '# Title\n\nSome prose.\n\n## Usage\n\nSetup\n-----\n\n<a id="top"></a> <a name="x">\n\nvalid = 1\n'
    site = Site({"/page": SitePage(str(page))})
    page.write_text(text, encoding="utf-8")
    before = site.fingerprint()
    page.write_text(text.replace(*edit), encoding="utf-8")
    assert (site.fingerprint() != before) is changes
