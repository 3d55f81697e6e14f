"""`relsync check PATH...` (and diff, fix): the pairs that files or directories involve, the
two-file form, `--changed-since REF`, and outputs into special files."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from .test_hostile_input import git

UP = "# Release\n\nVersion 2.6 is out on January 29, 2025.\n"
GOOD = "# 发布\n\n2.6 版本于 2025年1月29日 发布。\n"
BAD = "# 发布\n\n2.5 版本于 2025年1月29日 发布。\n"


def site(root: Path) -> Path:
    """Two documents in two locales; `b.md` is wrong in both."""
    for name in ("a.md", "b.md"):
        (root / "upstream").mkdir(parents=True, exist_ok=True)
        (root / "upstream" / name).write_text(UP, encoding="utf-8")
        for lang in ("zh_CN", "ja"):
            (root / "locales" / lang).mkdir(parents=True, exist_ok=True)
            (root / "locales" / lang / name).write_text(BAD if name == "b.md" else GOOD, encoding="utf-8")
    return root


def checked(run_cli, *args, cwd) -> tuple[int, set[str], dict]:
    code, out, err = run_cli("check", "--no-cache", "--format", "json", *args, cwd=cwd)
    assert code in (0, 1), err
    report = json.loads(out)
    return code, {f["translation"]["path"] for f in report["findings"]}, report["summary"]


def test_no_argument_checks_every_pair(run_cli, tmp_path):
    code, paths, summary = checked(run_cli, cwd=site(tmp_path))
    assert summary["pairs"] == 4
    assert paths == {"locales/zh_CN/b.md", "locales/ja/b.md"} and code == 1


def test_an_upstream_file_checks_its_pairs_in_every_locale(run_cli, tmp_path):
    code, paths, summary = checked(run_cli, "upstream/b.md", cwd=site(tmp_path))
    assert summary["pairs"] == 2 and paths == {"locales/zh_CN/b.md", "locales/ja/b.md"}


def test_translations_check_their_own_pairs(run_cli, tmp_path):
    code, paths, summary = checked(run_cli, "locales/ja/a.md", "locales/ja/b.md", cwd=site(tmp_path))
    assert summary["pairs"] == 2 and paths == {"locales/ja/b.md"}


def test_two_upstream_files_are_a_list_not_a_pair(run_cli, tmp_path):
    """Two files pre-commit passes (both upstream documents) are not upstream and translation."""
    code, paths, summary = checked(run_cli, "upstream/a.md", "upstream/b.md", cwd=site(tmp_path))
    assert summary["pairs"] == 4 and paths == {"locales/zh_CN/b.md", "locales/ja/b.md"}


def test_a_directory_checks_the_pairs_inside(run_cli, tmp_path):
    code, paths, summary = checked(run_cli, "locales/zh_CN", cwd=site(tmp_path))
    assert summary["pairs"] == 2 and paths == {"locales/zh_CN/b.md"}


def test_a_pair_of_the_project_is_that_pair(run_cli, tmp_path):
    code, paths, summary = checked(run_cli, "upstream/b.md", "locales/ja/b.md", cwd=site(tmp_path))
    assert summary["pairs"] == 1 and paths == {"locales/ja/b.md"}


def test_two_files_outside_any_project_keep_the_two_file_form(run_cli, tmp_path):
    (tmp_path / "en.md").write_text(UP, encoding="utf-8")
    (tmp_path / "zh.md").write_text(BAD, encoding="utf-8")
    code, paths, summary = checked(run_cli, "en.md", "zh.md", cwd=tmp_path)
    assert summary["pairs"] == 1 and paths == {"zh.md"} and code == 1


def test_a_file_the_project_does_not_know_is_not_checked(run_cli, tmp_path):
    root = site(tmp_path)
    (root / "README.md").write_text("# Read me\n", encoding="utf-8")
    code, out, err = run_cli("check", "--no-cache", "--format", "json", "README.md", cwd=root)
    assert code == 0 and json.loads(out)["summary"]["pairs"] == 0
    assert "README.md" in err and "not checked" in err


def test_a_path_that_does_not_exist_is_bad_usage(run_cli, tmp_path):
    code, out, err = run_cli("check", "--no-cache", "upstream/nope.md", cwd=site(tmp_path))
    assert code == 2 and "upstream/nope.md: no such file" in err and err.count("\n") == 1


def test_diff_and_fix_take_paths_too(run_cli, tmp_path):
    root = site(tmp_path)
    code, out, err = run_cli("diff", "--no-cache", "--format", "json", "locales/ja/b.md", cwd=root)
    assert code == 1 and {f["translation"]["path"] for f in json.loads(out)["findings"]} == {"locales/ja/b.md"}
    code, out, err = run_cli("fix", "--no-cache", "locales/ja/b.md", cwd=root)
    assert (root / "locales/ja/b.md").read_text(encoding="utf-8") == GOOD
    assert (root / "locales/zh_CN/b.md").read_text(encoding="utf-8") == BAD, "a pair not named was repaired"


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_changed_since_checks_the_pairs_whose_files_changed(run_cli, tmp_path):
    root = site(tmp_path)
    git(root, "init", "-q")
    git(root, "add", ".")
    git(root, "commit", "-qm", "one")
    (root / "locales/ja/b.md").write_text(BAD + "\n追加。\n", encoding="utf-8")  # changed in the work tree
    (root / "upstream/c.md").write_text(UP, encoding="utf-8")  # new, untracked
    code, out, err = run_cli("check", "--no-cache", "--format", "json", "--changed-since", "HEAD", cwd=root)
    report = json.loads(out)
    assert report["summary"]["pairs"] == 1
    assert {f["translation"]["path"] for f in report["findings"] if f["slug"] != "missing"} == {"locales/ja/b.md"}
    assert {f["upstream"]["path"] for f in report["findings"] if f["slug"] == "missing"} == {"upstream/c.md"}
    code, out, err = run_cli("check", "--no-cache", "--changed-since", "no-such-ref", cwd=root)
    assert code == 2 and "--changed-since" in err and err.count("\n") == 1


def test_reports_go_to_dev_null(run_cli, tmp_path):
    if not os.path.exists("/dev/null"):
        pytest.skip("no /dev/null here")
    before = os.lstat("/dev/null")
    code, out, err = run_cli("check", "--no-cache", "-o", "/dev/null", cwd=site(tmp_path))
    after = os.lstat("/dev/null")
    assert code == 1 and out == "" and (after.st_mode, after.st_rdev) == (before.st_mode, before.st_rdev)


def test_an_output_that_cannot_be_written_is_refused_before_the_work(run_cli, tmp_path, monkeypatch):
    import relsync.runner

    ran = []
    monkeypatch.setattr(relsync.runner, "run", lambda *a, **k: ran.append(1))
    code, out, err = run_cli("check", "--no-cache", "-o", "no-such-dir/report.json", cwd=site(tmp_path))
    assert code == 2 and "no-such-dir" in err and not ran
    code, out, err = run_cli("check", "--no-cache", "-o", "locales", cwd=tmp_path)
    assert code == 2 and "directory" in err and not ran
