"""Discovery of real repositories as they are: a site kept in a subdirectory of a monorepo,
found from the repository root; a layout that pairs nothing where Markdown files exist is an
error that says what it looked for; pages paired as the generator routes them; a missing page
the generator replaces with the source page reported at info; ``[[pairs]]`` that settle a
file's partner."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from .conftest import FIXTURES

LAYOUTS = FIXTURES / "layouts"


def pairs_json(run_cli, cwd: Path, *args: str) -> dict:
    code, out, err = run_cli("pairs", "--format", "json", *args, cwd=cwd)
    assert code == 0, err
    return json.loads(out)


def check_json(run_cli, cwd: Path, *args: str) -> tuple[int, dict]:
    code, out, err = run_cli("check", "--no-cache", "--format", "json", *args, cwd=cwd)
    assert code in (0, 1), err
    return code, json.loads(out)


def write(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    return root


@pytest.fixture
def mono(tmp_path) -> Path:
    """A repository keeping its Starlight site in docs/ (pages cut from tauri-docs)."""
    root = tmp_path / "repo"
    shutil.copytree(LAYOUTS / "starlight-monorepo", root)
    return root


# -- a site below the root ------------------------------------------------------------------

def test_a_site_in_a_subdirectory_is_found_from_the_repository_root(run_cli, mono):
    got = pairs_json(run_cli, mono)
    assert got["layout"] == "starlight" and got["detected_from"] == "docs/astro.config.mjs"
    assert ("docs/src/content/docs/develop/updating-dependencies.mdx",
            "docs/src/content/docs/fr/develop/updating-dependencies.md", "fr") in {
        (p["upstream"], p["translation"], p["locale"]) for p in got["pairs"]}
    assert any("src/content/docs/it/ is named by a locale code" in w for w in got["warnings"])
    inside = pairs_json(run_cli, mono / "docs")  # from the site's own directory: paths relative to it
    assert inside["pairs"][0]["upstream"].startswith("src/content/docs/")
    assert len(inside["pairs"]) == len(got["pairs"])


def test_a_preset_at_the_root_reads_the_site_below_it(run_cli, mono):
    """`layout = "starlight"` at the repository root checked 0 pairs and passed."""
    (mono / "relsync.toml").write_text('layout = "starlight"\n', encoding="utf-8")
    got = pairs_json(run_cli, mono)
    assert got["detected_from"] == "docs/astro.config.mjs" and len(got["pairs"]) == 3


def test_init_at_the_repository_root_writes_the_site_below(run_cli, mono):
    code, out, err = run_cli("init", cwd=mono)
    assert code == 0, err
    assert out.startswith("detected an Astro Starlight site (docs/astro.config.mjs)")
    text = (mono / "relsync.toml").read_text(encoding="utf-8")
    assert 'layout = "starlight"' in text and '# upstream = "docs/src/content/docs/{path}"' in text
    assert len(pairs_json(run_cli, mono)["pairs"]) == 3


def test_a_layout_that_pairs_nothing_where_markdown_is_says_what_it_looked_for(run_cli, mono):
    (mono / "relsync.toml").write_text('upstream = "content/en/{path}"\ntranslation = "content/{lang}/{path}"\n',
                                       encoding="utf-8")
    for command in ("pairs", "check"):
        code, out, err = run_cli(command, cwd=mono)
        assert code == 2 and out == "" and err.count("\n") == 1, (command, err)
        assert "pairs no file" in err and "content/en/{path} with content/{lang}/{path}" in err
        assert "such as README.md" in err


def test_sites_of_translations_win_over_example_sites_and_several_are_checked_together(run_cli, tmp_path):
    page = "# Guide\n\nText.\n"
    root = write(tmp_path / "repo", {
        "examples/basics/astro.config.mjs": "export default defineConfig({ integrations: [starlight({})] })\n",
        "examples/basics/src/content/docs/index.md": page,
        "apps/web/astro.config.mjs": "export default defineConfig({ integrations: [starlight({ locales: "
                                     "{ root: { lang: 'en' }, ja: {} } })] })\n",
        "apps/web/src/content/docs/guide.md": page, "apps/web/src/content/docs/ja/guide.md": "# ガイド\n",
        "handbook/en/a.md": page, "handbook/fr/a.md": "# Guide\n\nTexte.\n",
    })
    got = pairs_json(run_cli, root)
    assert got["layout"] == "sites"
    assert got["detected_from"] == "apps/web/astro.config.mjs + handbook/en/ beside handbook/fr/"
    write(root, {"apps/web/src/content/docs/more.md": page, "handbook/en/b.md": page})
    _, result = check_json(run_cli, root)  # Starlight shows its English page; a directory shows nothing
    assert sorted((f["upstream"]["path"], f["severity"]) for f in missing_findings(result)) == [
        ("apps/web/src/content/docs/more.md", "info"), ("handbook/en/b.md", "error")]
    assert sorted((p["upstream"], p["translation"], p["locale"]) for p in got["pairs"]) == [
        ("apps/web/src/content/docs/guide.md", "apps/web/src/content/docs/ja/guide.md", "ja"),
        ("handbook/en/a.md", "handbook/fr/a.md", "fr")]


# -- pages routed by slug ---------------------------------------------------------------------

def test_md_and_mdx_of_one_slug_pair_only_where_the_generator_routes_by_slug(run_cli, tmp_path):
    files = {"en/guide.mdx": "# Guide\n\nText.\n", "fr/guide.md": "# Guide\n\nTexte.\n"}
    plain = pairs_json(run_cli, write(tmp_path / "plain", files))  # no generator: files pair by name
    assert plain["pairs"] == [] and len(plain["missing"]) == 1 and len(plain["orphans"]) == 1
    site = write(tmp_path / "site", {f"src/content/docs/{k}": v for k, v in files.items()})
    (site / "astro.config.mjs").write_text(
        "export default defineConfig({ integrations: [starlight({ defaultLocale: 'en', "
        "locales: { en: { lang: 'en' }, fr: { lang: 'fr' } } })] })\n", encoding="utf-8")
    got = pairs_json(run_cli, site)
    assert [(p["upstream"], p["translation"]) for p in got["pairs"]] == [
        ("src/content/docs/en/guide.mdx", "src/content/docs/fr/guide.md")]
    assert got["missing"] == [] and got["orphans"] == []


def test_explicit_pairs_are_never_also_missing_or_orphaned(run_cli, mono):
    """A `[[pairs]]` locale written `zh-cn` is the directory's zh_CN; the file it pairs is no
    longer missing in that locale, and its translation no longer an orphan."""
    docs = mono / "docs/src/content/docs"
    (docs / "zh-cn/start/prerequisites.mdx").rename(docs / "zh-cn/start/requirements.mdx")
    before = pairs_json(run_cli, mono)
    assert any(o["translation"].endswith("zh-cn/start/requirements.mdx") for o in before["orphans"])
    (mono / "relsync.toml").write_text(
        'layout = "starlight"\n[[pairs]]\nupstream = "docs/src/content/docs/start/prerequisites.mdx"\n'
        'translation = "docs/src/content/docs/zh-cn/start/requirements.mdx"\nlocale = "zh-cn"\n', encoding="utf-8")
    got = pairs_json(run_cli, mono)
    assert ("docs/src/content/docs/start/prerequisites.mdx", "docs/src/content/docs/zh-cn/start/requirements.mdx",
            "zh_CN") in {(p["upstream"], p["translation"], p["locale"]) for p in got["pairs"]}
    assert not [m for m in got["missing"] if m["upstream"].endswith("start/prerequisites.mdx")
                and m["locale"] == "zh_CN"]
    assert got["orphans"] == []
    assert [x["locale"] for x in got["locales"] if x["started"]].count("zh_CN") == 1


# -- missing pages the site replaces with the source page -----------------------------------------

def missing_findings(result: dict) -> list[dict]:
    return [f for f in result["findings"] if f["slug"] == "missing" and not f["translation"]]


def test_a_missing_page_the_site_falls_back_for_is_info_unless_set_to_error(run_cli, mono):
    code, result = check_json(run_cli, mono)
    found = missing_findings(result)
    assert len(found) == 3 and {f["severity"] for f in found} == {"info"}
    assert "the site shows the en page in its place" in found[0]["message"]
    summary = pairs_json(run_cli, mono)
    assert sum(x["missing"] for x in summary["locales"]) == 3  # still counted
    (mono / "relsync.toml").write_text('missing-files = "error"\n', encoding="utf-8")
    code, result = check_json(run_cli, mono)
    assert code == 1 and {f["severity"] for f in missing_findings(result)} == {"error"}


@pytest.mark.parametrize("config,severity", [
    ("plugins:\n  - i18n:\n      docs_structure: suffix\n      languages:\n        - locale: en\n"
     "          default: true\n        - locale: fr\n", "info"),
    ("plugins:\n  - i18n:\n      docs_structure: suffix\n      fallback_to_default: false\n      languages:\n"
     "        - locale: en\n          default: true\n        - locale: fr\n", "error"),
    ("plugins:\n  - i18n:\n      docs_structure: suffix\n      languages:\n        - locale: en\n"
     "          default: true\n        - locale: fr\n          fallback_to_default: false\n", "error"),
])
def test_mkdocs_static_i18n_falls_back_as_its_fallback_to_default_says(run_cli, tmp_path, config, severity):
    site = write(tmp_path / "site", {"mkdocs.yml": "site_name: x\n" + config, "docs/a.md": "# A\n\nText.\n",
                                     "docs/b.md": "# B\n\nText.\n", "docs/a.fr.md": "# A\n\nTexte.\n"})
    _, result = check_json(run_cli, site)
    assert [f["severity"] for f in missing_findings(result)] == [severity]


def test_generators_without_fallback_keep_missing_pages_errors(run_cli, tmp_path):
    site = write(tmp_path / "site", {
        ".vitepress/config.mts": "export default { locales: { root: { lang: 'en-US' }, fr: { lang: 'fr' } } }\n",
        "a.md": "# A\n\nText.\n", "b.md": "# B\n\nText.\n", "fr/a.md": "# A\n\nTexte.\n"})
    code, result = check_json(run_cli, site)
    assert code == 1 and [f["severity"] for f in missing_findings(result)] == ["error"]


# -- a locale in each file name (dumi, and files with no configuration) ----------------------------

CHANGELOGS = {name: (LAYOUTS / "dumi" / name).read_text(encoding="utf-8")
              for name in ("CHANGELOG.en-US.md", "CHANGELOG.zh-CN.md")}


def test_files_that_name_their_locale_pair_with_no_settings(run_cli, tmp_path):
    """naive-ui keeps CHANGELOG.en-US.md beside CHANGELOG.zh-CN.md and nothing else."""
    root = write(tmp_path / "naive", CHANGELOGS)
    got = pairs_json(run_cli, root)
    assert got["layout"] == "suffixes" and got["source_language"] == "en_US"
    assert [(p["upstream"], p["translation"], p["locale"]) for p in got["pairs"]] == [
        ("CHANGELOG.en-US.md", "CHANGELOG.zh-CN.md", "zh_CN")]
    code, result = check_json(run_cli, root)
    assert result["summary"]["pairs"] == 1


def test_a_project_written_in_chinese_first_is_read_the_right_way_round(run_cli, tmp_path):
    root = write(tmp_path / "naive", CHANGELOGS)
    (root / "relsync.toml").write_text('source-language = "zh-CN"\n', encoding="utf-8")
    got = pairs_json(run_cli, root)
    assert got["source_language"] == "zh_CN"
    assert [(p["upstream"], p["translation"], p["locale"]) for p in got["pairs"]] == [
        ("CHANGELOG.zh-CN.md", "CHANGELOG.en-US.md", "en_US")]
    dirs = write(tmp_path / "dirs", {"en/a.md": "# A\n\nText.\n", "zh/a.md": "# 甲\n\n文本。\n"})
    for source in ("zh", "zh-CN"):  # the directory of the locale, or of its language
        (dirs / "relsync.toml").write_text(f'source-language = "{source}"\n', encoding="utf-8")
        got = pairs_json(run_cli, dirs)
        assert [(p["upstream"], p["translation"], p["locale"]) for p in got["pairs"]] == [("zh/a.md", "en/a.md", "en")]


def test_the_source_language_of_a_pattern_is_the_one_it_names(run_cli, tmp_path):
    """`{path}.en-US{ext}` names en-US: `{path}.{lang}{ext}` never takes it for a locale (every
    English page was a translation with no upstream)."""
    root = write(tmp_path / "site", {**CHANGELOGS, "docs/intro.en-US.md": "# Intro\n\nText.\n",
                                     "docs/intro.zh-CN.md": "# 介绍\n\n文本。\n"})
    (root / "relsync.toml").write_text('upstream = "{path}.en-US{ext}"\ntranslation = "{path}.{lang}{ext}"\n',
                                       encoding="utf-8")
    got = pairs_json(run_cli, root)
    assert got["source_language"] == "en_US" and [x["locale"] for x in got["locales"]] == ["zh_CN"]
    assert got["orphans"] == [] and len(got["pairs"]) == 2


def test_a_dumi_site_whose_default_locale_is_chinese(run_cli, tmp_path):
    """dumi's convention: the first locale is the default, its files carry no locale in
    their name (`docs/guide/index.md`), the others do (`index.en-US.md`)."""
    root = write(tmp_path / "site", {
        ".dumirc.ts": "export default defineConfig({\n  locales: [\n    { id: 'zh-CN', name: '中文' },\n"
                      "    { id: 'en-US', name: 'EN' },\n  ],\n});\n",
        "docs/guide/index.md": "# 介绍\n\n文本。\n", "docs/guide/index.en-US.md": "# Introduction\n\nText.\n",
        "docs/config/index.md": "# 配置\n\n文本。\n", "src/Foo/index.md": "# Foo\n\n组件。\n",
        "src/Foo/demo/a.md": "# 示例\n", "README.md": "# dumi\n"})
    got = pairs_json(run_cli, root)
    assert got["layout"] == "dumi" and got["source_language"] == "zh_CN"
    assert [(p["upstream"], p["translation"], p["locale"]) for p in got["pairs"]] == [
        ("docs/guide/index.md", "docs/guide/index.en-US.md", "en_US")]
    assert sorted(m["upstream"] for m in got["missing"]) == ["docs/config/index.md", "src/Foo/index.md"]


def test_a_dumi_locale_suffix_is_the_end_of_its_routes():
    from relsync.config import load_config
    from relsync.project import discover

    project = discover(load_config(LAYOUTS / "dumi"))
    assert project.route_suffixes == {"zh_CN": "-cn"} and project.source_language == "en_US"


def test_missing_files_info_says_the_site_falls_back_by_its_own_means(run_cli, tmp_path):
    """FastAPI's build shows the English page (under docs/missing-translation.md's banner)
    where a language has no translation; MkDocs itself does not: one line says so."""
    site = tmp_path / "site"
    shutil.copytree(LAYOUTS / "mkdocs-per-language", site)
    code, result = check_json(run_cli, site)
    assert {f["severity"] for f in missing_findings(result)} == {"error"} and code == 1
    (site / "relsync.toml").write_text('missing-files = "info"\n', encoding="utf-8")
    _, result = check_json(run_cli, site)
    assert len(missing_findings(result)) == 3 and {f["severity"] for f in missing_findings(result)} == {"info"}


def test_a_broken_configuration_below_the_root_does_not_stop_discovery(run_cli, mono):
    write(mono, {"tests/broken-site/hugo.toml": 'defaultContentLanguage = "en\n', "tests/broken-site/content/a.md": "# A\n"})
    got = pairs_json(run_cli, mono)
    assert got["detected_from"] == "docs/astro.config.mjs"


@pytest.mark.parametrize("site,prefixes", [
    ("starlight-en", {"ja": "/ja/", "pt_BR": "/pt-br/"}),
    ("hugo-k8s", {"ja": "/ja/", "zh_CN": "/zh-cn/"}),
    ("docusaurus", {"fr": "/fr/", "zh_Hans": "/zh-Hans/"}),
])
def test_the_project_says_where_the_site_serves_each_locale(site, prefixes):
    """What a link check needs to read `/pt-br/guides/x/` as the translation's `/guides/x/`."""
    from relsync.config import load_config
    from relsync.project import discover

    project = discover(load_config(LAYOUTS / site))
    assert {k: v for k, v in project.route_prefixes.items() if k in prefixes} == prefixes
    assert project.source_language == "en"


def test_a_site_whose_locales_have_no_translation_yet_says_so(run_cli, tmp_path):
    site = write(tmp_path / "site", {
        "astro.config.mjs": "export default defineConfig({ integrations: [starlight({ locales: "
                            "{ root: { lang: 'en' }, ja: {} } })] })\n",
        "src/content/docs/guide.md": "# Guide\n\nText.\n"})
    code, out, err = run_cli("check", cwd=site)
    assert code == 2 and err.count("\n") == 1
    assert "1 upstream documents and no translation: locales ja have none yet" in err
    assert "src/content/docs/{lang}/{path}" in err


def test_run_from_a_directory_of_the_repository_that_is_no_site(run_cli, mono):
    """From `packages/api/` of the monorepo: the repository's root (its `.git`) is the
    project root, the site in `docs/` is found, paths are relative to where relsync runs."""
    (mono / ".git").mkdir()
    got = pairs_json(run_cli, mono / "packages" / "api")
    assert got["detected_from"] == "docs/astro.config.mjs"
    assert got["pairs"][0]["upstream"].startswith("../../docs/src/content/docs/")


def test_init_writes_the_rule_of_files_named_by_their_locale(run_cli, tmp_path):
    root = write(tmp_path / "naive", CHANGELOGS)
    before = pairs_json(run_cli, root)
    code, out, err = run_cli("init", cwd=root)
    assert code == 0, err
    assert out.startswith("detected files named by their locale (CHANGELOG.en-US.md beside CHANGELOG.zh-CN.md)")
    text = (root / "relsync.toml").read_text(encoding="utf-8")
    assert 'upstream = "{path}.en-US{ext}"\ntranslation = "{path}.{lang}{ext}"\n' in text
    after = pairs_json(run_cli, root)
    assert after["pairs"] == before["pairs"] and after["source_language"] == "en_US"


def test_a_pairs_locale_written_pt_br_is_the_directorys_pt_br_locale(run_cli, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(LAYOUTS / "starlight-en", site)
    docs = site / "src/content/docs"
    (docs / "pt-br/guides/caching.md").rename(docs / "pt-br/guides/cache.md")
    (site / "relsync.toml").write_text(
        '[[pairs]]\nupstream = "src/content/docs/en/guides/caching.md"\n'
        'translation = "src/content/docs/pt-br/guides/cache.md"\nlocale = "pt-br"\n', encoding="utf-8")
    got = pairs_json(run_cli, site)
    assert ("src/content/docs/pt-br/guides/cache.md", "pt_BR") in {(p["translation"], p["locale"]) for p in got["pairs"]}
    assert [x["locale"] for x in got["locales"]].count("pt_BR") == 1
    assert not [m for m in got["missing"] if m["locale"] == "pt_BR" and m["upstream"].endswith("caching.md")]
    assert not [o for o in got["orphans"] if o["translation"].endswith("cache.md")]


def test_docusaurus_reads_a_translation_at_the_source_files_own_path(run_cli, tmp_path):
    """@docusaurus/utils getFolderContainingFile([localized, source], relativeSource): a
    translation `intro.md` of `docs/intro.mdx` is not read by the site."""
    site = write(tmp_path / "site", {
        "docusaurus.config.js": "module.exports = { i18n: { defaultLocale: 'en', locales: ['en', 'fr'] } };\n",
        "docs/intro.mdx": "# Intro\n\nText.\n",
        "i18n/fr/docusaurus-plugin-content-docs/current/intro.md": "# Intro\n\nTexte.\n"})
    got = pairs_json(run_cli, site)
    assert got["pairs"] == [] and len(got["missing"]) == 1 and len(got["orphans"]) == 1


def test_a_locale_whose_folder_pairs_nothing_is_named_in_the_error(run_cli, tmp_path):
    """A Jekyll (polyglot) site whose French folder exists but holds no file the layout
    pairs: the error names the locale, not an empty list."""
    site = write(tmp_path / "site", {
        "_config.yml": 'languages: ["en", "fr"]\ndefault_lang: "en"\nplugins:\n  - jekyll-polyglot\n',
        "_posts/2025-02-01-release.md": "---\nlang: en\n---\n\nVersion 4.1 is out.\n",
        "fr/_posts/2025-02-01-release.md": "---\nlang: fr\n---\n\nLa version 4.1 est sortie.\n"})
    code, out, err = run_cli("check", cwd=site)
    assert code == 2
    assert "no translation: locales fr have none yet" in err
