"""Staleness without noise: upstream changes a translator has nothing to redo for (case,
whitespace, punctuation, a typo, a link target that moved) are info with their kind; commits
whose message holds a keyword are not counted; a translation that already says the new value
is not stale; real edits stay warnings. Each case is a history built here."""

from __future__ import annotations

import json
import shutil

import pytest

from relsync.parse import parse
from relsync.stale import noise
from relsync.stale.diff import diff_blocks

from .test_stale import Repo

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")

UP = "upstream/notes.md"
TR = "locales/zh_CN/notes.md"
BEFORE = ("# Release notes\n\n"
          "The new scheduler cuts start-up latency by 40 percent on large models.\n\n"
          "Read the [migration guide](https://example.org/blob/master/guide.md) before you upgrade.\n\n"
          "Version 2.5 adds support for the new accelerator cards.\n")
TRANSLATION = ("# 发布说明\n\n"
               "新的调度器将大模型的启动延迟降低了 40 percent。\n\n"
               "升级前请阅读[迁移指南](https://example.org/blob/master/guide.md)。\n\n"
               "2.5 版本支持新的加速卡。\n")


def change_kinds(old: str, new: str) -> list[str | None]:
    return [noise.kind(c) for c in diff_blocks(parse(old, "a", ("en",)), parse(new, "b", ("en",)))]


@pytest.mark.parametrize("old, new, kind", [
    ("Start the server.\n", "Start the Server.\n", "case"),
    ("Start the server\n", "Start the server.\n", "punctuation"),
    ("Start the server, then wait.\n", "Start the server; then wait!\n", "punctuation"),
    ("The scheduler cuts latnecy on large models.\n", "The scheduler cuts latency on large models.\n", "typo"),
    ("See [the guide](https://x.org/blob/master/a.md).\n", "See [the guide](https://x.org/blob/main/a.md).\n",
     "link"),
    ("The cat sat on the mat.\n", "The dog sat on the mat.\n", None),
    ("Use 10 GB of memory.\n", "Use 12 GB of memory.\n", None),
    ("Start the server.\n", "Start the server and wait.\n", None),
    ("See [the guide](https://x.org/a.md).\n", "See [the new guide](https://x.org/b.md).\n", None),
])
def test_each_change_is_classified(old, new, kind):
    assert change_kinds(old, new) == [kind]


def test_a_translation_that_carries_the_new_value_already():
    changes = diff_blocks(parse("Version 2.5 is out.\n", "a", ("en",)), parse("Version 2.6 is out.\n", "b", ("en",)))
    assert noise.already_carried(changes, "2.6 版本发布")
    assert not noise.already_carried(changes, "2.5 版本发布")
    words = diff_blocks(parse("Version 2.5 is out.\n", "a", ("en",)), parse("Version 2.6 is here.\n", "b", ("en",)))
    assert not noise.already_carried(words, "2.6 版本发布")


def history(tmp_path, edits: list[tuple[str, str, str]], translation: str = TRANSLATION) -> Repo:
    """Upstream and translation committed, then each upstream edit (old, new, message)."""
    repo = Repo(tmp_path / "repo")
    repo.write(UP, BEFORE)
    repo.write(TR, translation)
    repo.git("add", ".")
    repo.git("commit", "-qm", "Translate the notes")
    for old, new, message in edits:
        text = repo.read(UP)
        assert old in text
        repo.write(UP, text.replace(old, new))
        repo.git("commit", "-qam", message)
    return repo


def stale_findings(run_cli, repo: Repo, *settings: str) -> list[dict]:
    if settings:
        repo.write("relsync.toml", "\n".join(settings) + "\n")
    code, out, err = run_cli("check", "--no-cache", "--format", "json", "--fail-on", "info", cwd=repo.root)
    assert code in (0, 1), err
    return [f for f in json.loads(out)["findings"] if f["slug"] == "stale"]


@pytest.mark.parametrize("old, new, kind", [
    ("cuts start-up latency", "cuts Start-Up latency", "case"),
    ("before you upgrade.", "before you upgrade!", "punctuation"),
    ("on large models", "on lrage models", "typo"),
    ("blob/master/guide.md", "blob/main/guide.md", "link"),
])
def test_noise_is_info_with_its_kind(run_cli, tmp_path, old, new, kind):
    found = stale_findings(run_cli, history(tmp_path, [(old, new, "Edit the notes")]))
    assert [(f["severity"], f["details"]["noise"]) for f in found] == [("info", kind)]
    assert "nothing to retranslate" in found[0]["message"]


def test_a_real_edit_stays_a_warning(run_cli, tmp_path):
    found = stale_findings(run_cli, history(tmp_path, [("by 40 percent", "by 55 percent", "Measure again")]))
    assert [f["severity"] for f in found] == ["warning"] and "noise" not in found[0]["details"]


def test_a_link_that_only_moved_is_offered_to_fix(run_cli, tmp_path):
    repo = history(tmp_path, [("blob/master/guide.md", "blob/main/guide.md", "Branch renamed")])
    code, out, err = run_cli("fix", "--no-cache", cwd=repo.root)
    assert "blob/main/guide.md" in repo.read(TR), out + err


def test_a_translation_already_updated_is_not_stale(run_cli, tmp_path):
    repo = history(tmp_path, [("Version 2.5 adds", "Version 2.6 adds", "2.6")],
                   translation=TRANSLATION.replace("2.5 版本", "2.6 版本"))
    assert stale_findings(run_cli, repo) == []


def test_keyword_commits_are_not_counted(run_cli, tmp_path):
    repo = history(tmp_path, [
        ("by 40 percent", "by 55 percent", "Measure again"),
        ("new accelerator cards", "new accelerator boards and cards", "Reword [i18nIgnore]"),
    ])
    found = stale_findings(run_cli, repo)
    assert [f["upstream"]["line"] for f in found] == [3], "the keyword commit's paragraph was reported"
    only_keywords = history(tmp_path / "two", [("new accelerator cards", "new accelerator boards", "en-only: wording")])
    assert stale_findings(run_cli, only_keywords) == []
    assert len(stale_findings(run_cli, only_keywords, "stale-ignore-keywords = []")) == 1
