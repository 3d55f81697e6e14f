"""Real repository layouts: each fixture site under ``tests/fixtures/layouts/`` (Hugo by
directory, by file name and with ``config/_default``, Docusaurus in JS and TS, MkDocs suffix
and folder, VitePress, Starlight with a root and an ``en`` default locale, Jekyll polyglot
and multiple-languages, MDN's two checkouts) with ``EXPECTED.json``, the pairing its own
generator makes (see each file's ``notes``): ``relsync pairs`` must find exactly that, and
``relsync check`` must run on it sensibly. Then the settings that describe a layout, and
``relsync init``."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from relsync.config import load_config
from relsync.project import discover, explicit_pair, translation_locale

from .conftest import FIXTURES

LAYOUTS = FIXTURES / "layouts"
SITES = sorted(p.name for p in LAYOUTS.iterdir() if (p / "EXPECTED.json").is_file())


def expected(site: str) -> dict:
    return json.loads((LAYOUTS / site / "EXPECTED.json").read_text(encoding="utf-8"))


def pairs_json(run_cli, cwd: Path, *args: str) -> dict:
    code, out, err = run_cli("pairs", "--format", "json", *args, cwd=cwd)
    assert code == 0, err
    return json.loads(out)


def site_root(site: str, tmp_path: Path) -> Path:
    """The fixture site to run in: in place, or, for a site that no file marks as a root
    (one directory per language, a site in a subdirectory), a copy outside this repository,
    whose own example would be found first."""
    want = expected(site)
    if want.get("config", "") is not None and "/" not in want.get("config", ""):
        return LAYOUTS / site
    shutil.copytree(LAYOUTS / site, tmp_path / site)
    return tmp_path / site


@pytest.mark.parametrize("site", SITES)
def test_pairs_are_what_the_generator_pairs(run_cli, site, tmp_path):
    want = expected(site)
    got = pairs_json(run_cli, site_root(site, tmp_path))
    assert sorted((p["upstream"], p["translation"], p["locale"]) for p in got["pairs"]) == sorted(
        (p["upstream"], p["translation"], p["locale"]) for p in want["pairs"])
    assert sorted((m["upstream"], m["translation"], m["locale"]) for m in got["missing"]) == sorted(
        (m["upstream"], m["expected_translation"], m["locale"]) for m in want["missing"])
    assert sorted((o["translation"], o["locale"]) for o in got["orphans"]) == sorted(
        (o["translation"], o["locale"]) for o in want["orphans"])
    assert got["source_language"] == want["source_language"]
    assert got["layout"] == want["generator"].split("-")[0]
    started = {x["locale"] for x in got["locales"] if x["started"]}
    assert started == set(want.get("locales_with_content") or [x["locale"] for x in want["locales"]])
    shown = {p for entry in got["pairs"] for p in (entry["upstream"], entry["translation"])}
    assert not shown & set(want.get("excluded", [])) and not shown & set(want.get("ignored", []))


@pytest.mark.parametrize("site", SITES)
def test_check_runs_on_every_site_and_never_checks_the_source_language(run_cli, site, tmp_path):
    code, out, err = run_cli("check", "--no-cache", "--format", "json", cwd=site_root(site, tmp_path))
    assert code in (0, 1), err
    result = json.loads(out)
    assert result["summary"]["pairs"] == len(expected(site)["pairs"])
    want = expected(site)
    translations = {p["translation"] for p in want["pairs"]} | {o["translation"] for o in want["orphans"]}
    upstreams = {p["upstream"] for p in want["pairs"]} | {m["upstream"] for m in want["missing"]}
    for f in result["findings"]:
        tr = (f["translation"] or {}).get("path")
        up = (f["upstream"] or {}).get("path")
        assert tr is None or tr in translations, f  # no upstream file is checked as a translation
        assert up is None or up in upstreams, f


def test_pairs_text_says_what_was_detected(run_cli):
    code, out, err = run_cli("pairs", cwd=LAYOUTS / "hugo-k8s")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == ("hugo layout (hugo.toml), source language en, locales ja, zh_CN "
                        "(ko, pt_BR configured, not started)")
    assert "content/en/docs/concepts/overview/components.md" in lines
    assert "  zh_CN   content/zh-cn/docs/concepts/overview/components.md" in lines
    assert "  ja      missing  content/ja/docs/tasks/tools/install-kubectl-linux.md" in lines
    assert lines[-1] == "ja: 2 pairs, 2 missing, 1 orphan; zh_CN: 4 pairs, 0 missing, 0 orphans"


def test_pairs_warns_of_pages_built_in_no_language(run_cli):
    code, out, err = run_cli("pairs", cwd=LAYOUTS / "mkdocs-suffix")
    assert code == 0
    assert err == ("relsync: warning: docs/guides/next.js.md: the site builds this page in no language "
                   "(its name ends in what reads as a locale code); not checked\n")
    assert "built in no language by the site (not checked):\n  docs/guides/next.js.md" in out


def test_mdn_orphan_is_told_where_its_upstream_moved(run_cli):
    got = pairs_json(run_cli, LAYOUTS / "mdn")
    assert got["orphans"] == [{
        "translation": "translated-content/files/zh-cn/web/performance/lazy_loading/index.md",
        "upstream": "content/files/en-us/web/performance/lazy_loading/index.md", "locale": "zh_CN",
        "note": "upstream moved to content/files/en-us/web/performance/guides/lazy_loading/index.md"}]


def test_pairs_run_from_a_subdirectory_find_the_site(run_cli):
    got = pairs_json(run_cli, LAYOUTS / "hugo-k8s" / "content" / "zh-cn" / "docs")
    assert got["layout"] == "hugo" and len(got["pairs"]) == 6
    assert got["pairs"][0]["upstream"].startswith("../../en/")


# -- the settings -------------------------------------------------------------------------

@pytest.fixture
def k8s(tmp_path) -> Path:
    site = tmp_path / "website"
    shutil.copytree(LAYOUTS / "hugo-k8s", site)
    return site


def test_source_directory_inside_the_locales_directory_is_not_a_locale(run_cli, k8s):
    """upstream = "content/en" with locales = "content" once checked content/en as a
    translation of itself (every paragraph "untranslated")."""
    (k8s / "relsync.toml").write_text('upstream = "content/en"\nlocales = "content"\n', encoding="utf-8")
    got = pairs_json(run_cli, k8s)
    assert {x["locale"] for x in got["locales"]} == {"ja", "zh-cn"}
    assert not [p for p in got["pairs"] if p["translation"].startswith("content/en/")]
    code, out, _ = run_cli("check", "--no-cache", "--format", "json", cwd=k8s)
    assert not [f for f in json.loads(out)["findings"]
                if (f["translation"] or {}).get("path", "").startswith("content/en/")]


@pytest.mark.parametrize("config", [
    'upstream = "content/en/{path}"\ntranslation = "content/{lang}/{path}"\n',
    'layout = "hugo"\n',
    'layout = "hugo"\nlocales = ["zh-cn", "ja"]\n',
])
def test_one_line_configs_give_the_same_pairs(run_cli, k8s, config):
    (k8s / "relsync.toml").write_text(config, encoding="utf-8")
    got = pairs_json(run_cli, k8s)
    want = expected("hugo-k8s")
    assert sorted(p["translation"] for p in got["pairs"]) == sorted(p["translation"] for p in want["pairs"])
    assert {p["locale"] for p in got["pairs"]} == {"zh_CN", "ja"}
    assert got["source_language"] == "en"


def test_locales_table_names_each_code(run_cli, k8s):
    (k8s / "relsync.toml").write_text(
        'upstream = "content/en/{path}"\ntranslation = "content/{lang}/{path}"\n'
        '[locales]\nzh-cn = "zh_Hans_CN"\n', encoding="utf-8")
    got = pairs_json(run_cli, k8s)
    assert {p["locale"] for p in got["pairs"]} == {"zh_Hans_CN"}
    assert got["locales"][0] == {"locale": "zh_Hans_CN", "code": "zh-cn", "started": True, "pairs": 4,
                                 "missing": 0, "orphans": 0}


def test_suffix_patterns_with_ext(run_cli, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(LAYOUTS / "mkdocs-suffix", site)
    (site / "mkdocs.yml").unlink()
    (site / "relsync.toml").write_text('upstream = "docs/{path}{ext}"\ntranslation = "docs/{path}.{lang}{ext}"\n',
                                       encoding="utf-8")
    got = pairs_json(run_cli, site)
    assert {(p["translation"], p["locale"]) for p in got["pairs"]} == {
        (p["translation"], p["locale"]) for p in expected("mkdocs-suffix")["pairs"]}


@pytest.mark.parametrize("config,message", [
    ('upstream = "content/en/{page}"\ntranslation = "content/{lang}/{path}"\n', "unknown placeholder {page}"),
    ('upstream = "content/en/{path}"\ntranslation = "content/{lang}/{path}/{path}"\n', "{path} appears twice"),
    ('upstream = "content/{lang}/{path}"\ntranslation = "content/{lang}/{path}"\n', "{lang} names a translation"),
    ('upstream = "content/en/{path}"\ntranslation = "content/{lang}"\n', "needs {path}"),
    ('upstream = "content/en/{path}"\ntranslation = "../{lang}/{path}"\n', "without '..'"),
    ('upstream = "../up/docs/{path}"\ntranslation = "docs/{path}"\n',
     "without '..' (files of another checkout: name it with upstream-root)"),
    ('upstream = "content/en/{path}"\ntranslation = "content/zh-cn/{path}"\n', "has no {lang}"),
    ('upstream = "docs/{path}{ext}"\ntranslation = "docs/{lang}/{path}"\n', "both use {ext}"),
    ('upstream = "content/en"\ntranslation = "content/{lang}/{path}"\nlocales = "content"\n', "not both"),
    ('layout = "gatsby"\n', "unknown layout 'gatsby' (known: relsync, hugo,"),
    ('upstream-root = "../no-such-checkout"\n[[pairs]]\nupstream = "a.md"\ntranslation = "b.md"\n',
     "upstream-root '../no-such-checkout' does not exist"),
    ('[[pairs]]\nupstream = "a.md"\n', "[[pairs]] 1: translation is missing"),
    ('[[pairs]]\nupstream = "a.md"\ntranslation = "b.md"\nlang = "ja"\n', "unknown key 'lang'"),
    ('[[pairs]]\nupstream = "a.md"\ntranslation = "b.md"\n', "neither 'a.md'"),
    ('[[pairs]]\nupstream = "a.md"\ntranslation = "../b.md"\n', "outside the project root"),
    ('locales = ["zh-cn", 3]\n', "locales must be a directory, a list of locale codes"),
    ('locales = {zh-cn = "klingon_XX"}\n', "'klingon_XX' is not a locale"),
    ('source-commit-key = "x.y"\n', "source-commit-key must be one of"),
    ('translation = 5\n', "translation must be a path"),
])
def test_bad_layout_settings_exit_2_with_one_line(run_cli, k8s, config, message):
    (k8s / "relsync.toml").write_text(config, encoding="utf-8")
    for command in ("pairs", "check"):
        code, out, err = run_cli(command, cwd=k8s)
        assert code == 2 and out == "", (command, err)
        assert err.startswith("relsync: error: ") and err.count("\n") == 1 and message in err, err


def test_no_layout_at_all_says_what_it_looked_for(run_cli, tmp_path):
    (tmp_path / "notes.md").write_text("# Notes\n", encoding="utf-8")
    code, out, err = run_cli("pairs", cwd=tmp_path)
    assert code == 2 and "no layout found" in err and "relsync init" in err


def test_unreadable_js_config_falls_back_to_the_directories_with_a_warning(run_cli, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(LAYOUTS / "starlight-en", site)
    config = site / "astro.config.mjs"
    config.write_text(config.read_text(encoding="utf-8").replace(
        "locales: {", "locales: Object.fromEntries(langs.map((l) => [l, {}])), _unused: {"), encoding="utf-8")
    code, out, err = run_cli("pairs", cwd=site)
    assert code == 0
    assert err.startswith("relsync: warning: astro.config.mjs: locales could not be read")
    assert "locales taken from the directories" in err
    got = pairs_json(run_cli, site)
    assert sorted(p["translation"] for p in got["pairs"]) == sorted(
        p["translation"] for p in expected("starlight-en")["pairs"])


# -- the locale of a translation ------------------------------------------------------------

def test_locale_of_two_files_from_the_layout_front_matter_or_text(tmp_path):
    cfg = load_config(LAYOUTS / "hugo-k8s")
    zh = LAYOUTS / "hugo-k8s/content/zh-cn/docs/concepts/overview/components.md"
    assert explicit_pair(cfg, "up.md", zh).locale == "zh_CN"
    loose = tmp_path / "loose"
    loose.mkdir()
    (loose / "ja.md").write_text("# はじめに\n\nこれは日本語の文書です。\n", encoding="utf-8")
    (loose / "de.md").write_text("---\nlang: de-DE\n---\n\n# Einführung\n", encoding="utf-8")
    (loose / "fr.md").write_text("# Introduction\n\nCeci est un document.\n", encoding="utf-8")
    assert translation_locale(loose / "ja.md") == "ja"
    assert translation_locale(loose / "de.md") == "de_DE"
    assert translation_locale(loose / "fr.md") is None  # Latin script: not decided by the script


def test_check_two_files_knows_a_japanese_translation(run_cli, tmp_path):
    (tmp_path / "en.md").write_text("# Release notes\n\nThe scheduler is faster in 1.33.\n", encoding="utf-8")
    (tmp_path / "tr.md").write_text("# リリースノート\n\nスケジューラーは 1.33 で高速になりました。\n", encoding="utf-8")
    code, out, err = run_cli("check", "--no-cache", "--format", "json", "en.md", "tr.md", cwd=tmp_path)
    assert code == 0, err
    assert json.loads(out)["findings"] == []


# -- relsync init -------------------------------------------------------------------------

def test_init_writes_a_commented_config_for_the_detected_layout(run_cli, k8s):
    code, out, err = run_cli("init", cwd=k8s)
    assert code == 0, err
    assert out.splitlines()[0] == ("detected a Hugo site (hugo.toml); source language en; locales ja, "
                                   "zh_CN (zh-cn), ko, pt_BR (pt-br)")
    text = (k8s / "relsync.toml").read_text(encoding="utf-8")
    assert 'layout = "hugo"' in text.splitlines()
    assert '# translation = "content/{lang}/{path}"' in text
    before = pairs_json(run_cli, k8s)
    assert len(before["pairs"]) == 6
    code, out, err = run_cli("init", cwd=k8s)
    assert code == 2 and "already has settings" in err
    assert (k8s / "relsync.toml").read_text(encoding="utf-8") == text


def test_init_never_replaces_tool_relsync_in_pyproject(run_cli, k8s):
    (k8s / "pyproject.toml").write_text('[tool.relsync]\nfail-on = "warning"\n', encoding="utf-8")
    code, out, err = run_cli("init", cwd=k8s)
    assert code == 2 and "pyproject.toml" in err and not (k8s / "relsync.toml").exists()


@pytest.mark.parametrize("site", SITES)
def test_init_config_gives_the_pairs_zero_config_gives(run_cli, tmp_path, site):
    copy = tmp_path / site
    shutil.copytree(LAYOUTS / site, copy)
    before = pairs_json(run_cli, copy)
    code, out, err = run_cli("init", cwd=copy)
    assert code == 0, err
    after = pairs_json(run_cli, copy)
    assert after["pairs"] == before["pairs"] and after["missing"] == before["missing"]


def test_init_with_nothing_to_detect_writes_a_starter_that_explains_the_rules(run_cli, tmp_path):
    """`relsync init` never answers with the error it is meant to solve."""
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "a.md").write_text("# A\n", encoding="utf-8")
    code, out, err = run_cli("init", cwd=tmp_path)
    assert code == 0, err
    assert out.startswith("no layout detected in ")
    text = (tmp_path / "relsync.toml").read_text(encoding="utf-8")
    assert '# upstream = "docs/en/{path}"' in text and '# translation = "{path}.{lang}{ext}"' in text
    assert "#   notes/a.md" in text


def test_init_with_a_layout_uses_its_default_directories(run_cli, tmp_path):
    (tmp_path / "content" / "en").mkdir(parents=True)
    (tmp_path / "content" / "en" / "a.md").write_text("# A\n", encoding="utf-8")
    (tmp_path / "content" / "fr").mkdir()
    (tmp_path / "content" / "fr" / "a.md").write_text("# A\n", encoding="utf-8")
    code, out, err = run_cli("init", "--layout", "hugo", cwd=tmp_path)
    assert code == 0, err
    got = pairs_json(run_cli, tmp_path)
    assert [(p["upstream"], p["translation"], p["locale"]) for p in got["pairs"]] == [
        ("content/en/a.md", "content/fr/a.md", "fr")]


def test_library_discover_of_a_site(tmp_path):
    project = discover(load_config(LAYOUTS / "vitepress"))
    assert project.layout.name == "vitepress" and project.layout.source_language == "en_US"
    assert [p.locale for p in project.pairs] == ["fr", "fr", "zh_CN", "zh_CN", "zh_CN"]
    assert project.pairs[0].name == "guide/getting-started.md"


def test_broken_site_configuration_names_the_file(run_cli, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(LAYOUTS / "hugo-k8s", site)
    (site / "hugo.toml").write_text('defaultContentLanguage = "en\n', encoding="utf-8")
    code, out, err = run_cli("pairs", cwd=site)
    assert code == 2 and err.count("\n") == 1
    assert "hugo.toml: cannot read the site's configuration" in err


def test_dated_and_undated_names_pair_by_slug(run_cli, k8s):
    """kubernetes/website keeps a blog post as `_posts/2025-04-23-Kubernetes-v1-33-Release/index.md`
    upstream; a translation may name it by its slug alone."""
    post = "blog/_posts/2025-04-23-Kubernetes-v1-33-Release/index.md"
    ja = k8s / "content/ja/blog/_posts/Kubernetes-v1-33-Release.md"
    ja.parent.mkdir(parents=True)
    shutil.copyfile(k8s / "content/zh-cn" / post, ja)
    got = pairs_json(run_cli, k8s)
    assert {"upstream": f"content/en/{post}", "translation": "content/ja/blog/_posts/Kubernetes-v1-33-Release.md",
            "locale": "ja"} in got["pairs"]
    assert not [m for m in got["missing"] if m["upstream"] == f"content/en/{post}" and m["locale"] == "ja"]
    assert not [o for o in got["orphans"] if o["translation"].endswith("Kubernetes-v1-33-Release.md")]


def test_pairs_of_one_locale(run_cli):
    got = pairs_json(run_cli, LAYOUTS / "hugo-k8s", "-l", "ja")
    assert {p["locale"] for p in got["pairs"]} == {"ja"} and [x["locale"] for x in got["locales"]] == ["ja"]
    for name in ("zh_CN", "zh-cn", "zh-CN"):  # relsync's name or the code the paths write
        got = pairs_json(run_cli, LAYOUTS / "hugo-k8s", "-l", name)
        assert len(got["pairs"]) == 4 and {p["locale"] for p in got["pairs"]} == {"zh_CN"}


def test_settings_above_a_site_win_over_detecting_it(run_cli, tmp_path):
    """A monorepo with relsync.toml at its root and the site in website/: running from
    website/ uses the settings, as before sites were detected."""
    shutil.copytree(LAYOUTS / "hugo-k8s", tmp_path / "website")
    (tmp_path / "relsync.toml").write_text(
        'upstream = "website/content/en/{path}"\ntranslation = "website/content/{lang}/{path}"\n'
        'locales = ["zh-cn"]\n', encoding="utf-8")
    got = pairs_json(run_cli, tmp_path / "website")
    assert got["layout"] == "patterns" and {p["locale"] for p in got["pairs"]} == {"zh_CN"}


def test_vitepress_rewrites_that_move_a_translation_or_cannot_be_read(run_cli, tmp_path):
    """A rewrite serving a translation's directory under another prefix (``zh/`` as
    ``/zh-cn/``) keeps the files where they are; rewrites computed by code are said once."""
    site = tmp_path / "site"
    (site / ".vitepress").mkdir(parents=True)
    for rel in ("en/guide.md", "zh/guide.md"):
        (site / rel).parent.mkdir(parents=True, exist_ok=True)
        (site / rel).write_text("# Guide\n\nText.\n", encoding="utf-8")
    config = site / ".vitepress" / "config.mts"
    config.write_text("export default {\n  rewrites: { 'en/:rest*': ':rest*', 'zh/:rest*': 'zh-cn/:rest*',\n"
                      "    'guide/old.md': 'guide/new.md' },\n"
                      "  locales: { root: { lang: 'en-US' }, 'zh-cn': { lang: 'zh-CN', link: '/zh-cn/' } }\n}\n",
                      encoding="utf-8")
    got = pairs_json(run_cli, site)
    assert [(p["upstream"], p["translation"], p["locale"]) for p in got["pairs"]] == [
        ("en/guide.md", "zh/guide.md", "zh_CN")]
    config.write_text("export default {\n  rewrites: (id) => id.replace(/^en\\//, ''),\n"
                      "  locales: { root: { lang: 'en-US' }, zh: { lang: 'zh-CN' } }\n}\n", encoding="utf-8")
    got = pairs_json(run_cli, site)
    assert any("rewrites could not be read" in w for w in got["warnings"]), got["warnings"]


def test_init_writes_the_rule_of_a_project_with_one_directory_per_language(run_cli, tmp_path):
    """No generator to name: `relsync init` writes the rule it found, which then pairs the
    same files."""
    site = tmp_path / "site"
    shutil.copytree(LAYOUTS / "language-directories", site)
    before = pairs_json(run_cli, site)
    code, out, err = run_cli("init", cwd=site)
    assert code == 0, err
    text = (site / "relsync.toml").read_text(encoding="utf-8")
    assert 'upstream = "docs/en/{path}"\ntranslation = "docs/{lang}/{path}"\n' in text
    after = pairs_json(run_cli, site)
    assert after["pairs"] == before["pairs"] and after["missing"] == before["missing"]


@pytest.mark.parametrize("others", [("assets", "api"), ("src", "lib"), ("ast", "old")])
def test_directories_that_are_no_locale_codes_are_no_language_layout(run_cli, tmp_path, others):
    """`en/` beside `assets/` and `api/`, or `src/` and `lib/` (words, and three-letter
    names babel would read as rare languages), is no layout relsync can guess: the clear
    error, not a guess; and the root is not taken for one either."""
    site = tmp_path / "site"
    for rel in ("en/a.md", *(f"{o}/a.md" for o in others)):
        (site / rel).parent.mkdir(parents=True, exist_ok=True)
        (site / rel).write_text("# A\n", encoding="utf-8")
    code, _, err = run_cli("pairs", cwd=site / "en")
    assert code == 2 and "no layout found" in err


def test_a_region_of_digits_is_a_locale_directory(run_cli, tmp_path):
    """`es-419` (Latin American Spanish, as Docusaurus and VitePress sites name it) beside
    `en-us/` is a translation, found from inside it too."""
    site = tmp_path / "site"
    for rel in ("en-us/a.md", "es-419/a.md"):
        (site / rel).parent.mkdir(parents=True, exist_ok=True)
        (site / rel).write_text("# A\n", encoding="utf-8")
    got = pairs_json(run_cli, site / "es-419")
    assert [(p["upstream"], p["translation"], p["locale"]) for p in got["pairs"]] == [
        ("../en-us/a.md", "a.md", "es_419")]


def test_vitepress_locales_computed_by_code_beside_a_root_rewrite(run_cli, tmp_path):
    """Locales that cannot be read are taken from the directories; the one a rewrite serves
    at the root (`en/`) is the source language's, not a locale."""
    site = tmp_path / "site"
    (site / ".vitepress").mkdir(parents=True)
    for rel in ("en/guide.md", "ja/guide.md"):
        (site / rel).parent.mkdir(parents=True, exist_ok=True)
        (site / rel).write_text("# Guide\n\nText.\n", encoding="utf-8")
    (site / ".vitepress" / "config.mts").write_text(
        "export default {\n  rewrites: { 'en/:rest*': ':rest*' },\n"
        "  locales: Object.fromEntries(langs.map((l) => [l, { lang: l }])),\n}\n", encoding="utf-8")
    got = pairs_json(run_cli, site)
    assert [(p["upstream"], p["translation"], p["locale"]) for p in got["pairs"]] == [
        ("en/guide.md", "ja/guide.md", "ja")]
    assert got["orphans"] == []


def test_every_configuration_detection_reads_marks_a_site_root():
    """The root finder knows a site by the files detection reads (run from a page deep in
    `content/ja/`, a `hugo.yml` site was taken for the directories under `content/`)."""
    import importlib

    from relsync.config import SITE_MARKERS

    detect = importlib.import_module("relsync.project.detect")  # (the package exports detect())
    detect_js = importlib.import_module("relsync.project.detect_js")

    read = {*(n for n in detect.HUGO_FILES if n.startswith("hugo.")), "mkdocs.yml", "mkdocs.yaml",
            "_config.yml", "_config.yaml", *detect_js.ASTRO_FILES,
            *(site + n for site in ("", "website/") for n in detect_js.DOCUSAURUS_FILES),
            *(base + n.split("/")[0] for base in ("", "docs/") for n in detect_js.VITEPRESS_FILES)}
    assert read <= set(SITE_MARKERS), sorted(read - set(SITE_MARKERS))


def test_a_hugo_site_found_from_a_page_deep_in_a_translation(run_cli, tmp_path):
    site = tmp_path / "website"
    (site / "content" / "en" / "docs").mkdir(parents=True)
    (site / "content" / "ja" / "docs").mkdir(parents=True)
    (site / "hugo.yml").write_text("defaultContentLanguage: en\nlanguages:\n  en:\n    contentDir: content/en\n"
                                   "  ja:\n    contentDir: content/ja\n", encoding="utf-8")
    (site / "content" / "en" / "docs" / "a.md").write_text("# A\n", encoding="utf-8")
    (site / "content" / "ja" / "docs" / "a.md").write_text("# エー\n", encoding="utf-8")
    got = pairs_json(run_cli, site / "content" / "ja" / "docs")
    assert got["layout"] == "hugo"


def test_a_front_matter_value_yaml_cannot_build_keeps_the_page_paired_by_key(run_cli, tmp_path):
    """`date: 2025-02-30` (no such day) is read as text, as the checks read it: the page
    keeps its translationKey and pairs with its translation of another name (discovery read
    such front matter as empty)."""
    site = tmp_path / "site"
    (site / "content" / "en").mkdir(parents=True)
    (site / "content" / "ja").mkdir(parents=True)
    (site / "hugo.toml").write_text('defaultContentLanguage = "en"\n[languages.en]\ncontentDir = "content/en"\n'
                                    '[languages.ja]\ncontentDir = "content/ja"\n', encoding="utf-8")
    (site / "content" / "en" / "release.md").write_text(
        "---\ntitle: Release\ndate: 2025-02-30\ntranslationKey: release-1\n---\n\nText.\n", encoding="utf-8")
    (site / "content" / "ja" / "ririsu.md").write_text(
        "---\ntitle: リリース\ntranslationKey: release-1\n---\n\nテキスト。\n", encoding="utf-8")
    got = pairs_json(run_cli, site)
    assert [(p["upstream"], p["translation"]) for p in got["pairs"]] == [
        ("content/en/release.md", "content/ja/ririsu.md")]


def test_readme_pairs_examples_are_what_relsync_pairs_prints_on_the_fixtures():
    """The README's `relsync pairs` examples are generated from these fixtures."""
    from .conftest import ROOT, load_script

    script = load_script("update_layout_examples", ROOT / "scripts" / "update_layout_examples.py")
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert script.EXAMPLE_RE.search(text)
    assert script.render(text) == text, "README examples are stale: run `python scripts/update_layout_examples.py`"
