"""Staleness from real git history: a fixture repository built by each test (git init, commits
of upstream and translation at several revisions, renames), then ``relsync check``/``diff``
and ``mark-synced`` on it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from markdown_it.utils import read_fixture_file

from relsync import stale
from relsync.parse import parse

from .conftest import FIXTURES

STALE = FIXTURES / "stale"
UP = Path("upstream/notes.md")
TR = Path("locales/zh_CN/notes.md")

pytestmark = pytest.mark.skipif(shutil.which("git") is None and not os.environ.get("CI"),
                                reason="git is not installed (.ci/run installs it)")

# Upstream edits used below: (old text, new text) in tests/fixtures/stale/repo/upstream.md.
EDIT_LATENCY = ("cuts start-up latency by 40%", "cuts start-up latency by 55% on large models")
REMOVE_DEPRECATIONS = ("## Deprecations\n\nThe `tl.legacy_loader` module is deprecated and will be "
                       "removed in 3.4.\n\n", "")
ADD_SECURITY = ("| ResNet-50 | 1,204 img/s | 2,530 img/s |\n",
                "| ResNet-50 | 1,204 img/s | 2,530 img/s |\n\n## Security\n\n"
                "Archives written by `tl.export` are now signed with Ed25519 keys.\n")


class Repo:
    """A git repository in a temporary directory, with deterministic identities and dates."""

    def __init__(self, root: Path, init: bool = True) -> None:
        self.root = root
        self.tick = 0
        if init:
            root.mkdir(parents=True, exist_ok=True)
            self.git("init", "-q")
            self.git("checkout", "-q", "-b", "main")

    @classmethod
    def clone(cls, source: Path, target: Path, *options: str) -> "Repo":
        """A clone of ``source`` (``--depth 1`` for a shallow one: through a file:// URL, as
        git ignores the depth of a local path)."""
        Repo(target.parent, init=False).git("clone", "-q", *options, source.resolve().as_uri(), str(target))
        return Repo(target, init=False)

    def git(self, *args: str) -> str:
        self.tick += 1
        date = f"2025-03-{1 + self.tick % 27:02d}T12:00:00+00:00"
        env = dict(os.environ, GIT_AUTHOR_NAME="Ada", GIT_AUTHOR_EMAIL="ada@example.org",
                   GIT_COMMITTER_NAME="Ada", GIT_COMMITTER_EMAIL="ada@example.org",
                   GIT_AUTHOR_DATE=date, GIT_COMMITTER_DATE=date, GIT_CONFIG_NOSYSTEM="1",
                   GIT_CONFIG_GLOBAL=os.devnull)
        for name in ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE"):
            env.pop(name, None)
        proc = subprocess.run(
            ["git", "-c", "user.name=Ada", "-c", "user.email=ada@example.org",
             "-c", "commit.gpgsign=false", "-c", "init.defaultBranch=main", *args],
            cwd=self.root, env=env, capture_output=True, text=True,
        )
        assert proc.returncode == 0, proc.stderr
        return proc.stdout.strip()

    def write(self, rel: Path | str, text: str) -> None:
        path = self.root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")

    def read(self, rel: Path | str) -> str:
        return (self.root / rel).read_text(encoding="utf-8")

    def edit(self, rel: Path | str, *edits: tuple[str, str]) -> None:
        text = self.read(rel)
        for old, new in edits:
            assert old in text, old
            text = text.replace(old, new, 1)
        self.write(rel, text)

    def commit(self, message: str, *paths: Path | str) -> str:
        self.git("add", "--", *(str(p) for p in paths or (".",)))
        self.git("commit", "-q", "-m", message)
        return self.git("rev-parse", "HEAD")


@pytest.fixture
def repo(tmp_path) -> Repo:
    """Upstream and its zh_CN translation committed together: in sync."""
    r = Repo(tmp_path / "site")
    r.write(UP, (STALE / "repo" / "upstream.md").read_text(encoding="utf-8"))
    r.write(TR, (STALE / "repo" / "zh_CN.md").read_text(encoding="utf-8"))
    r.commit("Release notes 3.2 and their translation")
    return r


def check(run_cli, repo: Repo, *args: str) -> list[dict]:
    code, out, err = run_cli("check", "--no-cache", "--format", "json", *args, cwd=repo.root)
    assert code in (0, 1), err
    return json.loads(out)["findings"]


def of(findings: list[dict], slug: str) -> list[dict]:
    return [f for f in findings if f["slug"] == slug]


def line_of(repo: Repo, rel: Path, needle: str) -> int:
    return next(k for k, line in enumerate(repo.read(rel).split("\n"), 1) if needle in line)


def test_fixture_pair_is_clean_and_unchanged_upstream_gives_no_stale(run_cli, repo):
    repo.edit(TR, ("共有 57 位贡献者", "共有 57 位贡献者（感谢！）"))
    repo.commit("Translation: thank the contributors", TR)
    findings = check(run_cli, repo)
    assert of(findings, "stale") == [] and of(findings, "orphaned") == []
    assert [f for f in findings if f["severity"] != "info"] == []


def test_editing_one_upstream_paragraph_makes_exactly_its_translation_stale(run_cli, repo):
    repo.edit(UP, EDIT_LATENCY)
    synced = repo.git("rev-parse", "HEAD")
    repo.commit("Upstream: new latency figure", UP)
    stale_findings = of(check(run_cli, repo), "stale")
    assert len(stale_findings) == 1
    f = stale_findings[0]
    assert f["rule"] == "RS401" and f["severity"] == "warning"
    assert f["translation"] == {"path": str(TR), "line": line_of(repo, TR, "Scheduler.compile")}
    assert f["upstream"] == {"path": str(UP), "line": line_of(repo, UP, "Scheduler.compile")}
    assert f["details"]["since"] == synced and f["details"]["sync"] == "git"
    assert f["details"]["diff"].endswith("cuts start-up latency by [-40%-]{+55% on large models+}.")
    assert "[-40%-]{+55% on large models+}" in f["message"]
    assert [c["change"] for c in f["details"]["changes"]] == ["changed"]


def test_new_upstream_section_is_missing_and_removed_one_orphaned(run_cli, repo):
    repo.edit(UP, REMOVE_DEPRECATIONS, ADD_SECURITY)
    repo.commit("Upstream: drop deprecations, add security", UP)
    findings = check(run_cli, repo)
    assert of(findings, "stale") == []
    orphaned = of(findings, "orphaned")
    assert [f["translation"]["line"] for f in orphaned] == [
        line_of(repo, TR, "## 弃用"), line_of(repo, TR, "tl.legacy_loader")]
    assert "removed since" in orphaned[0]["message"] and "Deprecations" in orphaned[0]["message"]
    missing = of(findings, "missing")
    assert [f["upstream"]["line"] for f in missing] == [line_of(repo, UP, "## Security")]
    # the orphaned blocks are not also reported as merely extra
    assert of(findings, "extra") == []


def test_mark_synced_clears_stale_and_orphaned_and_keeps_every_other_byte(run_cli, repo):
    repo.edit(UP, EDIT_LATENCY, REMOVE_DEPRECATIONS)
    head = repo.commit("Upstream changes", UP)
    before = (repo.root / TR).read_bytes()
    assert of(check(run_cli, repo), "stale") and of(check(run_cli, repo), "orphaned")
    code, out, err = run_cli("mark-synced", cwd=repo.root)
    assert code == 0, err
    assert f"marked {TR}: synced with {UP} at {head[:7]}" in out
    after = (repo.root / TR).read_bytes()
    lines = before.split(b"\n")
    assert after.split(b"\n") == lines[:2] + [f"relsync: {{source_commit: {head}}}".encode()] + lines[2:]
    findings = check(run_cli, repo)
    assert of(findings, "stale") == [] and of(findings, "orphaned") == []
    code, out, _ = run_cli("mark-synced", cwd=repo.root)
    assert code == 0 and out.startswith("already ") and (repo.root / TR).read_bytes() == after


def test_front_matter_revision_wins_over_the_last_commit_of_the_translation(run_cli, repo):
    first = repo.git("rev-parse", "HEAD")
    code, _, err = run_cli("mark-synced", str(UP), str(TR), cwd=repo.root)
    assert code == 0, err
    repo.commit("Translation synced", TR)
    repo.edit(UP, EDIT_LATENCY)
    repo.commit("Upstream: latency", UP)
    repo.edit(TR, ("发布于", "发布日期"))
    repo.commit("Translation: wording", TR)  # the last commit of the translation is now newer
    stale_findings = of(check(run_cli, repo), "stale")
    assert len(stale_findings) == 1
    assert stale_findings[0]["details"]["since"] == first
    assert stale_findings[0]["details"]["sync"] == "front-matter"


def test_upstream_rename_is_followed_from_the_recorded_revision(run_cli, repo):
    synced = repo.git("rev-parse", "HEAD")
    code, _, err = run_cli("mark-synced", cwd=repo.root)
    assert code == 0, err
    repo.commit("Translation synced", TR)
    repo.git("mv", str(UP), "upstream/release-3.2.md")
    repo.git("mv", str(TR), "locales/zh_CN/release-3.2.md")
    repo.edit("upstream/release-3.2.md", EDIT_LATENCY)
    repo.commit("Rename the release notes and update a figure")
    findings = of(check(run_cli, repo), "stale")
    assert len(findings) == 1
    details = findings[0]["details"]
    assert details["since"] == synced and details["upstream_path_then"] == str(UP)
    assert findings[0]["translation"]["path"] == "locales/zh_CN/release-3.2.md"


def test_inferred_revision_follows_an_upstream_rename(run_cli, repo):
    repo.git("mv", str(UP), "upstream/release-3.2.md")
    repo.commit("Rename upstream")
    repo.edit("upstream/release-3.2.md", EDIT_LATENCY)
    repo.commit("Upstream: latency")
    findings = check(run_cli, repo, "upstream/release-3.2.md", str(TR))
    assert [f["translation"]["line"] for f in of(findings, "stale")] == [
        line_of(repo, TR, "Scheduler.compile")]
    assert of(findings, "stale")[0]["details"]["upstream_path_then"] == str(UP)


def test_diff_since_a_revision_and_json_contract(run_cli, repo):
    start = repo.git("rev-parse", "HEAD")
    repo.edit(UP, EDIT_LATENCY)
    repo.commit("Upstream: latency", UP)
    repo.edit(TR, ("降低 40%", "降低 55%"))
    repo.commit("Translation: latency", TR)  # synced again: nothing stale
    code, out, err = run_cli("diff", "--format", "json", cwd=repo.root)
    assert of(json.loads(out)["findings"], "stale") == []
    code, out, err = run_cli("diff", "--format", "json", "--since", "HEAD~2", cwd=repo.root)
    assert code == 1, err
    data = json.loads(out)
    assert set(data) == {"findings", "summary"}
    found = of(data["findings"], "stale")
    assert len(found) == 1 and found[0]["details"]["since"] == start
    assert found[0]["details"]["sync"] == "since"
    assert data["summary"]["by_rule"]["RS401 stale"] == 1


def test_diff_base_reports_what_a_pull_request_leaves_open_and_what_it_fixes(run_cli, repo):
    repo.git("checkout", "-q", "-b", "pr")
    repo.edit(UP, EDIT_LATENCY, ("up to 2.1x faster", "up to 2.6x faster"))
    repo.edit(TR, ("降低 40%", "降低 55%"))  # the PR updates one of the two passages
    repo.commit("Upstream figures; translation of the first")
    code, out, err = run_cli("diff", "--base", "main", "--format", "json", cwd=repo.root)
    assert code == 1, err
    found = of(json.loads(out)["findings"], "stale")
    assert [f["translation"]["line"] for f in found] == [line_of(repo, TR, "批量推理")]
    assert found[0]["details"]["sync"] == "base"
    code, out, err = run_cli("diff", "--base", "main", "--format", "markdown", cwd=repo.root)
    assert "1 stale, 0 orphaned, 0 missing passage(s); 1 updated in this pull request" in out
    assert "— updated in this pull request (upstream line" in out
    assert "+ Batch inference on 8 GPUs is up to 2.6x faster than in 3.1." in out
    assert "Batch inference on 8 GPUs is up to [-2.1x-]{+2.6x+} faster than in 3.1." in out
    code, out, err = run_cli("diff", "--base", "main", "--width", "120", cwd=repo.root)
    assert "1 stale, 0 orphaned passage(s), 1 updated since then" in out
    assert "STALE" not in out or "批量推理" in out


def test_markdown_comment_keeps_document_text_inside_code_fences(run_cli, repo):
    repo.edit(UP, ("ahead of time", "ahead of time (see ```hostile``` and </details><script>x</script>)"))
    repo.commit("Upstream with hostile text", UP)
    code, out, err = run_cli("diff", "--format", "markdown", cwd=repo.root)
    assert code == 1, err
    outside, fence = [], ""
    for line in out.split("\n"):
        if fence:
            fence = "" if line.strip() == fence else fence
        elif line.startswith("```"):
            fence = line[: len(line) - len(line.lstrip("`"))]
        else:
            outside.append(line)
    assert outside.count("<details>") == outside.count("</details>") == 1
    assert not [line for line in outside if "<script" in line or "hostile" in line]
    assert "````diff\n" in out  # a fence longer than the backticks inside
    assert "#### zh\\_CN" in out


def test_recorded_revision_missing_from_the_history_is_a_warning(run_cli, repo):
    """A checkout behind the translation's recorded revision (or one from a rewritten
    history) does not stop the check: that file's staleness is unknown, and it says so."""
    repo.write(TR, "---\nrelsync: {source_commit: 0123456789abcdef0123456789abcdef01234567}\n---\n"
               + repo.read(TR))
    code, out, err = run_cli("check", "--no-cache", cwd=repo.root)
    assert code == 0, err
    assert err == (f"relsync: warning: {TR}:2: source_commit 0123456789abcdef0123456789abcdef01234567 is not a "
                   f"commit of {repo.root.resolve()}, so its staleness is not known (fetch the history: "
                   f"git -C {repo.root.resolve()} fetch)\n")


def test_errors_are_one_line_with_exit_status_2(run_cli, repo):
    code, _, err = run_cli("diff", "--since", "no-such-rev", cwd=repo.root)
    assert code == 2 and "unknown revision 'no-such-rev'" in err
    code, _, err = run_cli("diff", "--since", "HEAD", "--base", "main", cwd=repo.root)
    assert code == 2 and "not both" in err
    code, _, err = run_cli("diff", "--since", "-x", cwd=repo.root)
    assert code == 2 and "invalid revision '-x'" in err


def test_outside_git_no_git_runs_and_nothing_is_stale(run_cli, tmp_path, monkeypatch):
    plain = tmp_path / "plain"
    for rel, name in ((UP, "upstream.md"), (TR, "zh_CN.md")):
        (plain / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(STALE / "repo" / name, plain / rel)
    if stale.work_tree(plain / UP) is not None:
        pytest.skip("the temporary directory is inside a git work tree")

    def no_git(*args, **kwargs):
        raise AssertionError("git must not run outside a work tree")

    monkeypatch.setattr(stale.git, "git", no_git)
    code, out, err = run_cli("check", "--no-cache", "--format", "json", cwd=plain)
    assert code == 0, err
    assert json.loads(out)["findings"] == []


def test_a_translation_never_committed_has_no_staleness(run_cli, repo):
    repo.write("locales/ja/notes.md", (STALE / "repo" / "zh_CN.md").read_text(encoding="utf-8"))
    repo.edit(UP, EDIT_LATENCY)
    repo.commit("Upstream: latency", UP)
    findings = check(run_cli, repo)
    assert [f["translation"]["path"] for f in of(findings, "stale")] == [str(TR)]


def test_a_handful_of_git_calls_per_pair(run_cli, repo, monkeypatch):
    repo.edit(UP, EDIT_LATENCY)
    repo.commit("Upstream: latency", UP)
    calls = []
    real = stale.git.git

    def counting(repo_path, *args, **kwargs):
        calls.append(args[0])
        return real(repo_path, *args, **kwargs)

    monkeypatch.setattr(stale.git, "git", counting)
    assert len(of(check(run_cli, repo), "stale")) == 1
    # the history of the repository in one pass (the translation's last commit), and (a pair
    # with stale passages only) the messages of the upstream's commits since, for the ignored
    # keywords; the upstream then comes from the cat-file process kept open for the run
    assert calls == ["log", "log"]


def test_history_in_one_pass_gives_each_file_the_commit_git_log_follow_gives(tmp_path):
    """Edits, a pure rename (git mv), a rename with an edit, chained renames, a file deleted
    and added again, names with spaces: every path's last commit read from the one log of the
    repository is the one `git log -1 --follow` per file finds."""
    r = Repo(tmp_path / "h")
    up = (STALE / "repo" / "upstream.md").read_text(encoding="utf-8")
    tr = (STALE / "repo" / "zh_CN.md").read_text(encoding="utf-8")
    r.write("en/a.md", up)
    r.write("en/b c.md", up + "\nMore.\n")
    r.write("zh/a.md", tr)
    r.write("zh/d.md", tr + "\n再来。\n")
    r.commit("all")
    r.git("mv", "zh/a.md", "zh/moved.md")
    r.commit("pure rename")
    r.git("mv", "zh/moved.md", "zh/again.md")
    r.commit("pure rename again")
    r.git("mv", "zh/d.md", "zh/e f.md")
    r.write("zh/e f.md", tr + "\n再来。\n\n改了。\n")
    r.commit("rename with an edit")
    r.write("en/b c.md", up + "\nMore, edited.\n")
    r.commit("edit")
    r.git("rm", "-q", "en/a.md")
    r.commit("delete")
    r.write("en/a.md", up + "\nBack.\n")
    r.commit("add again")
    history = stale.git._history(str(r.root), stale.git._checked_out(r.root))
    assert history is not None
    paths = ["en/a.md", "en/b c.md", "zh/again.md", "zh/e f.md", "zh/a.md", "zh/moved.md", "zh/d.md", "none.md"]
    for rel in paths:
        assert stale.git.last_commit(r.root, rel) == stale.git._last_commit_followed(r.root, rel), rel
    assert stale.git.last_commit(r.root, "zh/again.md") == r.git("rev-list", "--max-parents=0", "HEAD")


def test_ignored_keywords_read_from_the_one_pass_history_as_git_log_since_gives(tmp_path, monkeypatch):
    """The commits that changed a page since a translation's revision, and their messages,
    read from the one log of the repository: the same answer as `git log since..HEAD --
    path` for every revision and path, over keyword commits, a rename and another file."""
    r = Repo(tmp_path / "k")
    up = (STALE / "repo" / "upstream.md").read_text(encoding="utf-8")
    r.write("en/a.md", up)
    r.write("en/b.md", up)
    r.commit("English")
    steps = [("en/a.md", "One.", "Typo: one"), ("en/b.md", "Two.", "Rewrite b"),
             ("en/a.md", "Three.", "Reword a"), ("en/a.md", "Four.", "en-only: wording"),
             (None, None, "Rename b"), ("en/a.md", "Five.", "i18nIgnore: spacing")]
    for path, line, message in steps:
        if path is None:
            r.git("mv", "en/b.md", "en/c.md")
        else:
            r.write(path, (tmp_path / "k" / path).read_text(encoding="utf-8") + f"\n{line}\n")
        r.commit(message)
    revisions = r.git("rev-list", "HEAD").split()
    keywords = ["typo", "en-only", "i18nIgnore"]
    one_pass = {(since, rel): stale.git.counted_commit(r.root, since, rel, keywords)
                for since in revisions for rel in ("en/a.md", "en/b.md", "en/c.md")}
    assert one_pass[(revisions[-1], "en/a.md")] == (revisions[3], False)  # "Reword a"
    monkeypatch.setattr(stale.git, "_changed_since", lambda *args: None)  # git log per path
    for (since, rel), found in one_pass.items():
        assert stale.git.counted_commit(r.root, since, rel, keywords) == found, (since, rel)


def test_objects_asked_for_together_are_those_asked_for_one_call_each(tmp_path):
    """The cat-file process kept open answers a few names in one round trip, and names
    that do not fit a pipe's buffer one at a time: the same objects as a call of their own,
    missing names included."""
    r = Repo(tmp_path / "b")
    r.write("en/a b.md", (STALE / "repo" / "upstream.md").read_text(encoding="utf-8"))
    r.commit("one")
    r.write("en/a b.md", "# Changed\n")
    r.commit("two")
    few = ["HEAD^{commit}", "HEAD~1:en/a b.md", "HEAD:en/none.md", "HEAD:en/a b.md"]
    many = few * 200  # more than 4 KiB of names
    for names in (few, many):
        assert stale.git.cat_files(r.root, names) == stale.git._cat_files_once(r.root, names)
    assert stale.git.cat_files(r.root, few)[2] is None and stale.git.cat_files(r.root, few)[3] == b"# Changed\n"


def test_former_names_come_from_the_one_pass_history_as_git_log_follow_gives_them(tmp_path, monkeypatch):
    """Chained renames, a rename with an edit, a name used again after its file moved away:
    the earlier names of each file, read from the one log of the repository, are those `git
    log --follow` finds, up to the commit that added the file; and reading them runs no git
    command per file (a walk of the whole history per renamed upstream page grew with the
    tree times the history)."""
    r = Repo(tmp_path / "f")
    up = (STALE / "repo" / "upstream.md").read_text(encoding="utf-8")
    r.write("en/a.md", up)
    r.write("en/b.md", up + "\nMore.\n")
    r.commit("all")
    r.git("mv", "en/a.md", "en/a2.md")
    r.commit("pure rename")
    r.git("mv", "en/a2.md", "en/a 3.md")
    r.write("en/a 3.md", up + "\nEdited while moved.\n")
    r.commit("rename with an edit")
    r.git("mv", "en/b.md", "en/c.md")
    r.commit("b to c")
    r.write("en/a2.md", up + "\nA new page under an old name, long enough to be its own.\n" * 3)
    r.commit("the old name again")
    r.git("mv", "en/a2.md", "en/d.md")
    r.commit("and moved too")
    paths = ["en/a 3.md", "en/c.md", "en/d.md", "en/b.md", "none.md"]
    head = stale.git._checked_out(r.root)
    followed = {rel: list(stale.git._former_names(str(r.root), head, rel)) for rel in paths}
    assert followed["en/a 3.md"] == ["en/a2.md", "en/a.md"] and followed["en/c.md"] == ["en/b.md"]
    calls = []
    real = stale.git.git

    def counting(repo_path, *args, **kwargs):
        calls.append(args[0])
        return real(repo_path, *args, **kwargs)

    monkeypatch.setattr(stale.git, "git", counting)
    stale.git._one_pass.cache_clear()
    got = {rel: stale.git.former_names(r.root, rel) for rel in paths}
    assert calls == ["log"]
    # en/a2.md was added again before it became en/d.md: its line ends there, where --follow
    # goes on to the earlier file of that name (another page's text)
    assert followed["en/d.md"] == ["en/a2.md", "en/a 3.md", "en/a.md"] and got["en/d.md"] == ["en/a2.md"]
    assert {rel: names for rel, names in got.items() if rel != "en/d.md"} == {
        rel: names for rel, names in followed.items() if rel != "en/d.md"}


def test_history_with_a_merge_is_read_per_file(tmp_path):
    """git log -- path simplifies merges per path: a history with a merge is not read in one pass."""
    r = Repo(tmp_path / "m")
    r.write("en/a.md", "# A\n")
    r.commit("a")
    r.git("checkout", "-q", "-b", "side")
    r.write("en/b.md", "# B\n")
    r.commit("b")
    r.git("checkout", "-q", "main")
    r.write("en/a.md", "# A2\n")
    r.commit("a2")
    r.git("merge", "-q", "--no-edit", "side")
    assert stale.git._history(str(r.root), stale.git._checked_out(r.root)) is None
    assert stale.git.last_commit(r.root, "en/b.md") == r.git("rev-parse", "side")


# -- front matter edits -------------------------------------------------------------------

SHA = "0123456789abcdef0123456789abcdef01234567"
FM_CASES = list(read_fixture_file(STALE / "front-matter.md"))


@pytest.mark.parametrize("line,title,text,expected", FM_CASES, ids=[c[1] for c in FM_CASES])
def test_set_source_commit(line, title, text, expected):
    result = stale.set_source_commit(text, SHA)
    assert result == expected
    doc = parse(result)
    assert doc.front_matter["relsync"]["source_commit"] == SHA
    assert stale.set_source_commit(result, SHA) == result


@pytest.mark.parametrize("prefix", ["", "\ufeff"])
def test_mark_synced_keeps_crlf_and_bom(repo, prefix):
    crlf = prefix + "---\r\ntitle: x\r\n---\r\n\r\n# 标题\r\n"
    (repo.root / TR).write_bytes(crlf.encode("utf-8"))
    sha, changed = stale.mark_synced(repo.root / UP, repo.root / TR)
    assert changed
    expected = prefix + f"---\r\ntitle: x\r\nrelsync: {{source_commit: {sha}}}\r\n---\r\n\r\n# 标题\r\n"
    assert (repo.root / TR).read_bytes() == expected.encode("utf-8")


_FM_LINE = st.sampled_from(["title: x", "date: 2025-03-04", "tags: [a, b]", "# note", "", "desc: \"a: b\""])
_BODY = st.text(alphabet="ab #-*\n语`", max_size=40)


@settings(max_examples=150, deadline=None)
@given(st.lists(_FM_LINE, max_size=4), _BODY, st.sampled_from(["\n", "\r\n"]), st.booleans())
def test_set_source_commit_changes_nothing_but_its_entry(fm_lines, body, eol, with_fm):
    body = body.replace("---", "")
    text = (("---" + eol + "".join(x + eol for x in fm_lines) + "---" + eol) if with_fm else "") + body
    result = stale.set_source_commit(text, SHA)
    entry = f"relsync: {{source_commit: {SHA}}}" + eol
    if with_fm:
        at = result.index(entry)
        assert result[:at] + result[at + len(entry):] == text
    else:
        assert result == f"---\n{entry.strip()}\n---\n" + text  # no line ending to follow
    assert parse(result).front_matter["relsync"]["source_commit"] == SHA


# -- word diff ----------------------------------------------------------------------------

def test_word_diff_reads_as_phrases():
    d = stale.word_diff("PyTorch 2.5 adds FP16 support on X86 CPUs.",
                        "PyTorch 2.6 adds FP16 and BF16 support on X86 CPUs.")
    assert stale.format_word_diff(d) == "PyTorch [-2.5-]{+2.6+} adds FP16 {+and BF16 +}support on X86 CPUs."
    d = stale.word_diff("The cache keeps old entries.", "The store drops stale entries.")
    assert stale.format_word_diff(d) == "The [-cache keeps old-]{+store drops stale+} entries."


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="ab c.,1\n语", max_size=40), st.text(alphabet="ab c.,1\n语", max_size=40))
def test_word_diff_rebuilds_both_texts(old, new):
    d = stale.word_diff(old, new)
    assert "".join(t for op, t in d if op != "+") == old
    assert "".join(t for op, t in d if op != "-") == new
    assert all(text for _, text in d)


def test_markdown_comment_stays_within_its_size_budget(repo, monkeypatch):
    from relsync.config import load_config
    from relsync.pipeline import report_pair
    from relsync.project import PairSpec
    from relsync.report import markdown_diff

    repo.edit(UP, EDIT_LATENCY, ("up to 2.1x faster", "up to 2.6x faster"))
    repo.commit("Upstream figures", UP)
    monkeypatch.chdir(repo.root)
    cfg = load_config(repo.root)
    report = report_pair(PairSpec(UP, TR, "zh_CN", "notes.md"), cfg)
    full = markdown_diff.render([report], {"pairs": 1}, link_base="")
    assert full.count("<details>") == 2 and "not shown" not in full
    short = markdown_diff.render([report], {"pairs": 1}, link_base="", max_chars=len(full) - 200)
    assert short.count("<details>") == 1 and "1 more passage(s) not shown here" in short
    assert len(short) < len(full)


def test_mark_synced_needs_git_and_a_committed_upstream(run_cli, repo, tmp_path):
    repo.write("upstream/new.md", "# New\n\nText.\n")
    repo.write("locales/zh_CN/new.md", "# 新\n\n文本。\n")
    before = (repo.root / "locales/zh_CN/new.md").read_bytes()
    code, _, err = run_cli("mark-synced", "upstream/new.md", "locales/zh_CN/new.md", cwd=repo.root)
    assert code == 2 and "upstream/new.md" in err and "commit it first" in err
    assert (repo.root / "locales/zh_CN/new.md").read_bytes() == before
    outside = tmp_path / "outside"
    (outside / "upstream").mkdir(parents=True)
    (outside / "locales/zh_CN").mkdir(parents=True)
    (outside / "upstream/a.md").write_text("# A\n", encoding="utf-8")
    (outside / "locales/zh_CN/a.md").write_text("# 甲\n", encoding="utf-8")
    if stale.work_tree(outside / "upstream/a.md") is None:
        code, _, err = run_cli("mark-synced", cwd=outside)
        assert code == 2 and "not in a git work tree" in err


def _intro_repo(tmp_path: Path) -> tuple[Repo, Path, Path]:
    """A Docusaurus-like page and its French translation, committed together."""
    r = Repo(tmp_path / "site")
    up, tr = Path("upstream/intro.md"), Path("locales/fr/intro.md")
    r.write(up, "# Intro\n\n## Getting Started\n\nGet started by creating a new site. Run `npm init`.\n\n"
                "Use this awesome feature option.\n")
    r.write(tr, "# Introduction\n\n## Premiers pas\n\nCommencez par créer un nouveau site. Lancez `npm init`.\n\n"
                "Utilisez cette option géniale.\n")
    r.commit("Intro and its translation")
    return r, up, tr


def test_a_paragraph_extended_before_a_new_section_pairs_as_the_translation_was_made(run_cli, tmp_path):
    """A Docusaurus page's last paragraph got a sentence and a number, and a section was
    added after it. Aligned with upstream now, the translation's old paragraph paired with
    the new section's paragraph (as short as it, and nearer the end) and the extended one was
    reported missing; aligned as it was made (upstream at the synced revision, carried onto
    upstream now), the paragraph is stale and only the new section is missing."""
    r, up, tr = _intro_repo(tmp_path)
    r.edit(up, ("feature option.", "feature option. It is on by default since 3.5.\n\n## New section\n\n"
                                   "Brand new text here."))
    r.commit("Upstream: a default and a new section", up)
    findings = check(run_cli, r)
    assert [f["upstream"]["line"] for f in of(findings, "missing")] == [line_of(r, up, "## New section")]
    [f] = of(findings, "stale")
    assert f["translation"]["line"] == line_of(r, tr, "Utilisez") and f["upstream"]["line"] == line_of(r, up, "Use this")
    code, out, _ = run_cli("--no-color", "diff", cwd=r.root)
    row = next(line for line in out.splitlines() if "Brand new text here." in line)
    assert row.startswith("MISSING") and row.rstrip().endswith("│")  # nothing beside it


def test_a_section_translated_after_the_recorded_revision_still_pairs(run_cli, tmp_path):
    """The translator translated upstream's new section but did not record the new revision
    (`relsync mark-synced`): the translation fits upstream now better than the recorded
    revision, and pairs with it; nothing is missing or extra."""
    r, up, tr = _intro_repo(tmp_path)
    code, _, err = run_cli("mark-synced", str(up), str(tr), cwd=r.root)
    assert code == 0, err
    r.commit("Translation synced", tr)
    r.edit(up, ("feature option.", "feature option.\n\n## Deployment\n\nDeploy with `npm run deploy` to port 8080."))
    r.commit("Upstream: deployment", up)
    r.edit(tr, ("option géniale.", "option géniale.\n\n## Déploiement\n\nDéployez avec `npm run deploy` sur le port 8080."))
    r.commit("Translation: deployment", tr)
    findings = check(run_cli, r)
    assert of(findings, "missing") == [] and of(findings, "extra") == []


@pytest.mark.parametrize("seed", range(2))
def test_a_pairing_as_made_covers_every_block_once_in_upstream_order(seed):
    """Pages of `tests/fixtures/align-cases` edited as upstream is (a paragraph extended, a
    section inserted, a block deleted) and aligned as their translation was made: every block
    of upstream now and of the translation is in exactly one pair, in upstream's order."""
    import random

    from relsync.align import align
    from relsync.stale.diff import diff_and_map

    cases = FIXTURES / "align-cases"
    rng = random.Random(seed)
    made = 0
    for up_path in sorted(cases.glob("*.en.md")):
        found = sorted(cases.glob(up_path.name.replace(".en.md", ".*.md")))
        tr_path = next((p for p in found if p != up_path), None)
        if tr_path is None:
            continue
        locale = tr_path.name.split(".")[-2]
        blocks = up_path.read_text(encoding="utf-8").split("\n\n")
        for _ in range(3):
            k = rng.randrange(len(blocks))
            op = rng.choice(["extend", "insert", "delete"])
            if op == "extend":
                blocks[k] += " It is on by default since 3.5."
            elif op == "insert":
                blocks.insert(k, "## New section\n\nBrand new text here, 42 times.")
            elif len(blocks) > 3:
                del blocks[k]
        old, new = parse(up_path.read_text(encoding="utf-8")), parse("\n\n".join(blocks))
        tr = parse(tr_path.read_text(encoding="utf-8"), locales=("en", locale))
        al = align(new, tr)
        made_al, _ = stale.as_made(old, al, *diff_and_map(old, new))
        if made_al is None:
            continue
        made += 1
        assert sorted(i for p in made_al.pairs for i in p.upstream) == list(range(len(new.blocks)))
        assert sorted(j for p in made_al.pairs for j in p.translation) == list(range(len(tr.blocks)))
        firsts = [p.upstream[0] for p in made_al.pairs if p.upstream]
        assert firsts == sorted(firsts)
    assert made  # the edits give the pass work


def test_an_entry_upstream_moved_keeps_its_pair_when_the_translation_is_paired_as_made(run_cli, tmp_path):
    """vue-docs translations/index.md, a year behind: upstream moved "Deutsch / German" to the
    top of its list (the block diff reads it removed and added) and reworded a heading. The
    reworded heading leaves a changed block, so the translation is paired as it was made; the
    German entry, which the alignment of upstream now pairs in its new place, keeps that pair:
    nothing is missing or orphaned."""
    case = STALE / "vue-moved"
    r = Repo(tmp_path / "site")
    up, tr = Path("upstream/translations/index.md"), Path("locales/zh_CN/translations/index.md")
    r.write(up, (case / "old.en.md").read_text(encoding="utf-8"))
    r.write(tr, (case / "zh_CN.md").read_text(encoding="utf-8"))
    r.commit("Translations page and its translation")
    r.write(up, (case / "new.en.md").read_text(encoding="utf-8"))
    r.commit("Upstream a year later", up)
    findings = check(run_cli, r)
    assert of(findings, "missing") == [] and of(findings, "orphaned") == []


def test_a_path_relative_to_its_work_tree_follows_symbolic_links(tmp_path):
    """`relative` names a file by its place in the work tree, through a symbolic link to a
    directory of it too, and nothing outside it."""
    from relsync.stale.git import relative
    repo = tmp_path / "repo"
    (repo / "docs" / "en").mkdir(parents=True)
    (repo / "docs" / "en" / "a.md").write_text("# A\n", encoding="utf-8")
    (tmp_path / "link").symlink_to(repo / "docs")
    (tmp_path / "outside.md").write_text("# B\n", encoding="utf-8")
    assert relative(repo / "docs" / "en" / "a.md", repo) == "docs/en/a.md"
    assert relative(tmp_path / "link" / "en" / "a.md", repo) == "docs/en/a.md"
    assert relative(repo, repo) == "."
    assert relative(tmp_path / "outside.md", repo) is None
    assert relative(tmp_path / "repo-other" / "x.md", repo) is None
