"""The pre-commit hook of `.pre-commit-hooks.yaml`, run by pre-commit itself: it installs
relsync from this checkout and passes the changed files to `relsync check`."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import ROOT
from .test_file_arguments import BAD, GOOD, site
from .test_hostile_input import git


def _pre_commit() -> list[str]:
    try:
        import pre_commit  # noqa: F401
    except ImportError:
        pytest.skip("pre-commit is not installed")
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("needs git and a git checkout of relsync")
    return [sys.executable, "-m", "pre_commit"]


def test_the_hook_checks_the_changed_files_and_their_pairs(tmp_path):
    command = _pre_commit()
    root = site(tmp_path / "project")
    (root / "locales/ja/b.md").write_text(GOOD, encoding="utf-8")  # only zh_CN/b.md is wrong
    git(root, "init", "-q")
    git(root, "add", ".")
    git(root, "commit", "-qm", "one")
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "cache"), "PYTHONDONTWRITEBYTECODE": "1"}

    def hook(*files: str) -> subprocess.CompletedProcess:
        return subprocess.run([*command, "try-repo", str(ROOT), "relsync-check", "--files", *files],
                              cwd=root, env=env, capture_output=True, text=True)

    clean = hook("locales/ja/a.md", "locales/ja/b.md")
    assert clean.returncode == 0, clean.stdout + clean.stderr
    assert "Passed" in clean.stdout
    wrong = hook("locales/zh_CN/b.md")
    assert wrong.returncode == 1, wrong.stdout + wrong.stderr
    assert "locales/zh_CN/b.md" in wrong.stdout and "RS201" in wrong.stdout
    assert "locales/ja" not in wrong.stdout, "a file the commit did not touch was checked"
    upstream = hook("upstream/b.md")  # an upstream change checks its translations
    assert upstream.returncode == 1 and "locales/zh_CN/b.md" in upstream.stdout
