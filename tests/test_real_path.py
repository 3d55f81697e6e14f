"""``io.real_path`` resolves a path exactly as ``os.path.realpath`` does (the cache keys and
the paths shown depend on it), with symbolic links to files and directories, ``..`` after a
link, relative paths and paths that do not exist."""

from __future__ import annotations

import os

import pytest

from relsync.io import real_path


@pytest.fixture
def tree(tmp_path):
    (tmp_path / "real" / "sub").mkdir(parents=True)
    (tmp_path / "real" / "sub" / "page.md").write_text("x", encoding="utf-8")
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "target.md").write_text("y", encoding="utf-8")
    os.symlink(tmp_path / "real", tmp_path / "linked")
    os.symlink(tmp_path / "other" / "target.md", tmp_path / "real" / "sub" / "alias.md")
    os.symlink("../other/target.md", tmp_path / "real" / "relative.md")
    os.symlink("missing.md", tmp_path / "real" / "dangling.md")
    return tmp_path


CASES = ["real/sub/page.md", "linked/sub/page.md", "linked/sub/alias.md", "linked/relative.md",
         "linked/../other/target.md", "linked/sub/../page.md", "linked/dangling.md", "linked/nothing/x.md",
         "linked", "linked/", "linked/.", "linked/sub/..", ".", "", "real//sub/./page.md"]


@pytest.mark.parametrize("path", CASES)
def test_real_path_is_realpath(tree, monkeypatch, path):
    assert real_path(tree / path if path else tree) == os.path.realpath(tree / path if path else tree)
    monkeypatch.chdir(tree)
    assert real_path(path) == os.path.realpath(path)
    monkeypatch.chdir(tree / "linked" / "sub")  # the same relative path read from elsewhere
    assert real_path(path) == os.path.realpath(path)
