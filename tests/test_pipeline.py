"""One findings pipeline: file-level findings go through the rule registry like every other
finding, and `relsync diff` and `relsync check` agree."""

from __future__ import annotations

import json
import shutil

import pytest

import relsync

from .conftest import ROOT


@pytest.fixture
def tree(tmp_path, monkeypatch):
    """The bundled example, an upstream document with no translation, and a translation
    with no upstream document."""
    shutil.copytree(ROOT / "upstream", tmp_path / "upstream")
    shutil.copytree(ROOT / "locales", tmp_path / "locales")
    (tmp_path / "upstream" / "new.md").write_text("# New page\n\nNot translated yet.\n", encoding="utf-8")
    (tmp_path / "locales" / "zh_CN" / "old.md").write_text("# 旧页面\n\n上游已删除。\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _file_findings(out: str) -> list[dict]:
    """Findings about whole files: a missing translation or a translation with no upstream."""
    return [f for f in json.loads(out)["findings"]
            if "does not exist" in f["message"]]


def test_file_level_findings_are_reported(run_cli, tree):
    code, out, _ = run_cli("check", "--format", "json", "--no-cache")
    found = {(f["rule"], f["severity"]) for f in _file_findings(out)}
    assert found == {("RS101", "error"), ("RS103", "info")}
    assert code == 1


@pytest.mark.parametrize("name", ["missing", "RS101", "coverage.missing"])
def test_disable_on_the_command_line_turns_off_missing_files(run_cli, tree, name):
    code, out, _ = run_cli("check", "--format", "json", "--no-cache", "--disable", name)
    assert [f["rule"] for f in _file_findings(out)] == ["RS103"]
    assert not any(f["rule"] == "RS101" for f in json.loads(out)["findings"])


def test_disable_a_family_in_the_settings_turns_off_file_findings(run_cli, tree):
    (tree / "relsync.toml").write_text('disable = ["coverage"]\n', encoding="utf-8")
    code, out, _ = run_cli("check", "--format", "json", "--no-cache")
    assert _file_findings(out) == []
    assert not any(f["slug"] in ("missing", "extra", "untranslated") for f in json.loads(out)["findings"])


def test_severity_setting_applies_to_missing_files(run_cli, tree):
    (tree / "relsync.toml").write_text('[severity]\nmissing = "info"\n', encoding="utf-8")
    code, out, _ = run_cli("check", "--format", "json", "--no-cache")
    missing = [f for f in _file_findings(out) if f["rule"] == "RS101"]
    assert [f["severity"] for f in missing] == ["info"]


def test_enable_on_the_command_line_wins_over_a_disabled_family(run_cli, tree):
    (tree / "relsync.toml").write_text('disable = ["coverage"]\n', encoding="utf-8")
    code, out, _ = run_cli("check", "--format", "json", "--no-cache", "--enable", "missing")
    assert [f["rule"] for f in _file_findings(out)] == ["RS101"]


def test_a_file_suppression_in_an_orphaned_translation_applies(run_cli, tree):
    (tree / "locales" / "zh_CN" / "old.md").write_text(
        "<!-- relsync-disable-file extra -->\n# 旧页面\n", encoding="utf-8")
    code, out, _ = run_cli("check", "--format", "json", "--no-cache")
    assert [f["rule"] for f in _file_findings(out)] == ["RS101"]


def test_a_suppression_written_in_capitals_in_an_orphaned_translation_applies(run_cli, tree):
    (tree / "locales" / "zh_CN" / "old.md").write_text(
        "# 旧页面\n\n<!-- RELSYNC-DISABLE-FILE extra -->\n", encoding="utf-8")
    code, out, _ = run_cli("check", "--format", "json", "--no-cache")
    assert [f["rule"] for f in _file_findings(out)] == ["RS101"]


def test_an_orphaned_translation_without_suppressions_is_reported(run_cli, tree):
    (tree / "locales" / "zh_CN" / "old.md").write_text(
        "# 旧页面\n\n<!-- relsync: disable-file extra -->\n", encoding="utf-8")
    code, out, _ = run_cli("check", "--format", "json", "--no-cache")
    assert sorted(f["rule"] for f in _file_findings(out)) == ["RS101", "RS103"]


def test_missing_files_ignore_setting(run_cli, tree):
    (tree / "relsync.toml").write_text('missing-files = "ignore"\n', encoding="utf-8")
    code, out, _ = run_cli("check", "--format", "json", "--no-cache")
    assert [f["rule"] for f in _file_findings(out)] == ["RS103"]


def test_the_baseline_hides_file_findings(run_cli, tree):
    run_cli("check", "--no-cache", "--write-baseline")
    code, out, _ = run_cli("check", "--format", "json", "--no-cache", "--baseline", ".relsync-baseline.json")
    data = json.loads(out)
    assert data["findings"] == []
    assert data["summary"]["baselined"] > 2
    assert code == 0


def test_diff_and_check_agree_in_json(run_cli, tree):
    _, checked, _ = run_cli("check", "--format", "json", "--no-cache")
    _, diffed, _ = run_cli("diff", "--format", "json", "--no-cache")
    assert json.loads(diffed) == json.loads(checked)
    assert diffed == checked


def test_diff_takes_the_rule_settings_too(run_cli, tree):
    code, out, _ = run_cli("diff", "--format", "json", "--disable", "missing", "--disable", "extra")
    assert _file_findings(out) == []


def test_diff_runs_in_parallel_with_the_same_output(run_cli, tree):
    (tree / "upstream" / "b.md").write_text((tree / "upstream" / "pytorch-2.6.md").read_text(encoding="utf-8"),
                                            encoding="utf-8")
    (tree / "locales" / "zh_CN" / "b.md").write_text(
        (tree / "locales" / "zh_CN" / "pytorch-2.6.md").read_text(encoding="utf-8"), encoding="utf-8")
    one = run_cli("--no-color", "diff", "-j", "1", "--no-cache")
    two = run_cli("--no-color", "diff", "-j", "2", "--no-cache")
    assert one == two
    assert "b.md" in one[1]


@pytest.mark.parametrize("translation, slug", [
    ("发布于 2025年4月6日。\n", "date-mismatch"),
    ("2025年4月6日にリリースされました。\n", "date-mismatch"),
    ("2025년 4월 6일에 출시되었습니다.\n", "date-mismatch"),
    ("用户超过 3 万人，发布于 2025年4月5日。\n", "number-mismatch"),
])
def test_a_cjk_translation_without_a_locale_is_read_by_its_script(translation, slug):
    """The library's text API reads a translation given without a locale in the locale its
    script names (kana: ja, hangul: ko, other CJK: zh), so its dates and magnitudes are
    compared by value."""
    upstream = "Released on April 5, 2025, with over 20,000 users.\n" if slug == "number-mismatch" \
        else "Released on April 5, 2025.\n"
    assert [f.slug for f in relsync.check(upstream, translation)] == [slug]
