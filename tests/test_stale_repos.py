"""Staleness where the history is not the plain one: shallow clones, repositories git
refuses, invalid or YAML-mangled recorded revisions, renames of both files in one commit,
and the upstream in another checkout (MDN's translated-content beside mdn/content, a
translator's notes beside pytorch.github.io), each built with real git."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from .conftest import FIXTURES
from .test_stale import EDIT_LATENCY, STALE, TR, UP, Repo, check, line_of, of, pytestmark  # noqa: F401

MDN = FIXTURES / "layouts" / "mdn"
RELEASE_121 = "mozilla/firefox/releases/121/index.md"


@pytest.fixture
def repo(tmp_path) -> Repo:
    r = Repo(tmp_path / "site")
    r.write(UP, (STALE / "repo" / "upstream.md").read_text(encoding="utf-8"))
    r.write(TR, (STALE / "repo" / "zh_CN.md").read_text(encoding="utf-8"))
    r.commit("Release notes 3.2 and their translation")
    r.edit(UP, EDIT_LATENCY)
    r.commit("Upstream: new latency figure", UP)
    return r


def run_check(run_cli, cwd: Path, *args: str) -> tuple[int, list[dict], str]:
    code, out, err = run_cli("check", "--no-cache", "--format", "json", *args, cwd=cwd)
    assert code in (0, 1), err
    return code, json.loads(out)["findings"], err


# -- hardening: staleness never switches itself off silently ----------------------------------

def test_shallow_clone_says_staleness_needs_the_history(run_cli, repo, tmp_path):
    clone = tmp_path / "clone"
    Repo.clone(repo.root, clone, "--depth", "1")
    code, findings, err = run_check(run_cli, clone)
    assert of(findings, "stale") == []  # the history that would tell is not there
    assert err.count("\n") == 1 and err.startswith("relsync: warning: ")
    assert "shallow clone" in err and "fetch-depth: 0" in err and "git fetch --unshallow" in err
    Repo(clone, init=False).git("fetch", "-q", "--unshallow")
    code, findings, err = run_check(run_cli, clone)
    assert len(of(findings, "stale")) == 1 and err == ""


def test_shallow_clone_with_a_recorded_revision_it_lacks_is_a_warning_not_an_error(run_cli, repo, tmp_path):
    first = repo.git("rev-list", "--max-parents=0", "HEAD")
    repo.write(TR, f"---\nrelsync: {{source_commit: {first}}}\n---\n" + repo.read(TR))
    repo.commit("Translation: record the synced revision", TR)
    clone = tmp_path / "clone"
    Repo.clone(repo.root, clone, "--depth", "1")
    code, findings, err = run_check(run_cli, clone)
    assert "shallow clone" in err and err.count("\n") == 1


def test_repository_git_refuses_says_how_to_allow_it(run_cli, repo, monkeypatch):
    monkeypatch.setenv("GIT_TEST_ASSUME_DIFFERENT_OWNER", "1")
    code, findings, err = run_check(run_cli, repo.root)
    assert of(findings, "stale") == []
    assert err.count("\n") == 1 and "dubious ownership" in err
    assert f"git config --global --add safe.directory {repo.root.resolve()}" in err


def test_invalid_source_commit_is_a_finding_naming_the_line(run_cli, repo):
    repo.write(TR, "---\nrelsync: {source_commit: 'HEAD:../x'}\n---\n" + repo.read(TR))
    code, out, err = run_cli("check", "--no-cache", cwd=repo.root)
    assert code == 1 and f"{TR}:2:1: RS100 unreadable: invalid source_commit 'HEAD:../x'" in out, (out, err)


def test_all_digit_source_commit_is_read_as_written_not_as_an_octal_number(run_cli, repo):
    repo.write(TR, "---\nrelsync: {source_commit: 0123456}\n---\n" + repo.read(TR))
    code, out, err = run_cli("check", "--no-cache", cwd=repo.root)
    assert "source_commit 0123456 is not a commit" in err and "42798" not in err


def test_renaming_upstream_and_translation_in_one_commit_keeps_pending_stale(run_cli, repo):
    assert len(of(run_check(run_cli, repo.root)[1], "stale")) == 1
    repo.git("mv", str(UP), "upstream/release-3.2.md")
    repo.git("mv", str(TR), "locales/zh_CN/release-3.2.md")
    repo.commit("Rename the release notes")
    stale_findings = of(run_check(run_cli, repo.root)[1], "stale")
    assert [f["translation"]["path"] for f in stale_findings] == ["locales/zh_CN/release-3.2.md"]
    assert "[-40%-]{+55% on large models+}" in stale_findings[0]["message"]


# -- the upstream in another checkout ----------------------------------------------------------

@pytest.fixture
def mdn(tmp_path) -> tuple[Repo, Repo, str]:
    """mdn/content with two revisions of the Firefox 121 notes, and mdn/translated-content
    whose ja page records the first as its l10n.sourceCommit (the files of the MDN layout
    fixture, real excerpts of /work/shared/corpus/mdn-firefox)."""
    content = Repo(tmp_path / "content")
    english = (MDN / "content/files/en-us" / RELEASE_121).read_text(encoding="utf-8")
    content.write(f"files/en-us/{RELEASE_121}", english)
    synced = content.commit("Firefox 121 release notes")
    content.edit(f"files/en-us/{RELEASE_121}", ("Firefox 121 was released on", "Firefox 121 shipped on"))
    content.commit("Release notes: wording")
    translated = Repo(tmp_path / "translated-content")
    ja = (MDN / "translated-content/files/ja" / RELEASE_121).read_text(encoding="utf-8")
    ja = ja.replace("sourceCommit: d1a9b34e50b4b9e84b51f8fadc585ae1afe75069", f"sourceCommit: {synced}")
    translated.write(f"files/ja/{RELEASE_121}", ja)
    translated.commit("ja: Firefox 121")
    return content, translated, synced


def test_mdn_is_detected_beside_mdn_content_and_stale_is_measured_there(run_cli, mdn):
    content, translated, synced = mdn
    code, out, err = run_cli("pairs", "--format", "json", cwd=translated.root)
    got = json.loads(out)
    assert got["layout"] == "mdn" and got["upstream_root"] == "../content"
    assert got["pairs"] == [{"upstream": f"../content/files/en-us/{RELEASE_121}",
                             "translation": f"files/ja/{RELEASE_121}", "locale": "ja"}]
    code, findings, err = run_check(run_cli, translated.root)
    stale_findings = of(findings, "stale")
    assert len(stale_findings) == 1, findings
    assert stale_findings[0]["details"]["since"] == synced and stale_findings[0]["details"]["sync"] == "front-matter"
    assert "[-was released-]{+shipped+}" in stale_findings[0]["message"]


def test_mdn_configured_with_upstream_root_and_mark_synced_writes_l10n(run_cli, mdn):
    content, translated, synced = mdn
    (translated.root / "relsync.toml").write_text(
        'upstream-root = "../content"\nupstream = "files/en-us/{path}"\ntranslation = "files/{lang}/{path}"\n'
        'include = ["**/index.md"]\n', encoding="utf-8")
    assert len(of(run_check(run_cli, translated.root)[1], "stale")) == 1
    before = translated.read(f"files/ja/{RELEASE_121}")
    code, out, err = run_cli("mark-synced", cwd=translated.root)
    assert code == 0, err
    head = content.git("rev-parse", "HEAD")
    after = translated.read(f"files/ja/{RELEASE_121}")
    assert after == before.replace(f"sourceCommit: {synced}", f"sourceCommit: {head}")
    assert "relsync:" not in after
    assert of(run_check(run_cli, translated.root)[1], "stale") == []


def test_translation_without_a_recorded_revision_is_compared_by_date(run_cli, mdn):
    content, translated, synced = mdn
    path = f"files/ja/{RELEASE_121}"
    translated.write(path, translated.read(path).replace(f"l10n:\n  sourceCommit: {synced}\n", ""))
    translated.commit("ja: drop l10n")  # committed after both upstream revisions: in sync by date
    assert of(run_check(run_cli, translated.root)[1], "stale") == []


def test_upstream_root_that_is_not_a_git_checkout_warns_once(run_cli, mdn, tmp_path):
    content, translated, synced = mdn
    plain = tmp_path / "content-export"
    shutil.copytree(content.root / "files", plain / "files")
    (translated.root / "relsync.toml").write_text(
        'upstream-root = "../content-export"\nupstream = "files/en-us/{path}"\n'
        'translation = "files/{lang}/{path}"\n', encoding="utf-8")
    code, findings, err = run_check(run_cli, translated.root)
    assert of(findings, "stale") == []
    assert err.count("\n") == 1 and "not in a git work tree" in err and "upstream-root" in err


PYTORCH_POST = "_posts/2025-01-29-pytorch2-6.md"
NOTES = "docs/LatestChanges/PyTorch_V2.6.md"


def test_translators_notes_beside_pytorch_github_io(run_cli, tmp_path):
    """The seed's own translator keeps the Chinese notes in another repository under another
    name: [[pairs]] with upstream-root, and the dateline checked against the post's date."""
    from .conftest import EXAMPLE_TR, EXAMPLE_UP

    site = Repo(tmp_path / "pytorch.github.io")
    post = EXAMPLE_UP.read_text(encoding="utf-8").replace("Published: January 29, 2025\n\n", "")
    site.write(PYTORCH_POST, post)
    site.commit("PyTorch 2.6 release blog")
    notes = Repo(tmp_path / "pytorch-doc-zh")
    notes.write(NOTES, EXAMPLE_TR.read_text(encoding="utf-8"))
    notes.write("relsync.toml", f'upstream-root = "../pytorch.github.io"\n\n[[pairs]]\nupstream = "{PYTORCH_POST}"\n'
                f'translation = "{NOTES}"\nlocale = "zh_CN"\n')
    notes.commit("PyTorch 2.6 notes")
    code, out, err = run_cli("pairs", "--format", "json", cwd=notes.root)
    assert json.loads(out)["pairs"] == [{"upstream": f"../pytorch.github.io/{PYTORCH_POST}",
                                         "translation": NOTES, "locale": "zh_CN"}]
    code, findings, err = run_check(run_cli, notes.root)
    dates = of(findings, "date-mismatch")
    assert [(f["translation"]["line"], f["upstream"]) for f in dates] == [(5, None)]
    assert "2024-10-17" in dates[0]["message"] and "2025-01-29" in dates[0]["message"]
    site.edit(PYTORCH_POST, ("FP16 support on X86 CPUs.", "FP16 and BF16 support on X86 CPUs."))
    site.commit("Post: BF16 too")
    assert len(of(run_check(run_cli, notes.root)[1], "stale")) == 1


def test_cache_key_covers_the_upstream_checkouts_history(mdn, monkeypatch):
    from relsync import runner
    from relsync.checks import resolve_settings
    from relsync.config import load_config
    from relsync.project import discover

    content, translated, synced = mdn
    monkeypatch.chdir(translated.root)
    cfg = resolve_settings(load_config(translated.root))
    spec = discover(cfg).pairs[0]
    before = runner.cache_key(spec, cfg)
    content.write("files/en-us/web/index.md", "---\ntitle: Web\n---\n\nThe web.\n")
    content.commit("Another page")  # the upstream checkout moved; none of the pair's files did
    moved = runner.cache_key(spec, cfg)
    assert moved != before
    translated.write("files/ja/web/index.md", "---\ntitle: Web\n---\n\nウェブ。\n")
    translated.commit("ja: another page")  # so did the translation's own checkout
    assert runner.cache_key(spec, cfg) != moved


def test_a_cached_run_in_a_shallow_clone_is_recomputed_once_the_history_is_fetched(run_cli, repo, tmp_path):
    clone = tmp_path / "clone"
    Repo.clone(repo.root, clone, "--depth", "1")
    for _ in range(2):  # the second run reads no result the warning came with
        code, out, err = run_cli("check", "--format", "json", cwd=clone)
        assert of(json.loads(out)["findings"], "stale") == [] and "shallow clone" in err
    Repo(clone, init=False).git("fetch", "-q", "--unshallow")
    code, out, err = run_cli("check", "--format", "json", cwd=clone)
    assert len(of(json.loads(out)["findings"], "stale")) == 1 and err == ""


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_many_unknown_revisions_are_one_warning(run_cli, repo, jobs):
    record = "---\nrelsync: {source_commit: 0123456789abcdef0123456789abcdef01234567}\n---\n"
    repo.write(TR, record + repo.read(TR))
    repo.write("upstream/second.md", repo.read(UP))
    repo.write("locales/zh_CN/second.md", repo.read(TR))
    repo.commit("a second page")
    code, out, err = run_cli("check", "--no-cache", "-j", jobs, cwd=repo.root)
    assert err.count("\n") == 1 and err.rstrip().endswith("(and 1 more like it)"), err


def test_init_beside_mdn_content_writes_its_upstream_root(run_cli, mdn):
    content, translated, synced = mdn
    (translated.root / "files" / "ja" / "docs").mkdir()
    code, out, err = run_cli("init", cwd=translated.root / "files" / "ja" / "docs")
    assert code == 0, err
    text = (translated.root / "relsync.toml").read_text(encoding="utf-8")
    assert 'layout = "mdn"' in text and 'upstream-root = "../content"' in text
    code, out, err = run_cli("pairs", "--format", "json", cwd=translated.root)
    assert len(json.loads(out)["pairs"]) == 1


def test_an_upstream_block_removed_in_the_other_checkout_leaves_its_translation_orphaned(run_cli, mdn):
    content, translated, synced = mdn
    path = f"files/en-us/{RELEASE_121}"
    text = content.read(path)
    start = text.index("- The {{cssxref(\":has\"")
    content.write(path, text[:start] + text[text.index("\n", start) + 1:])
    content.commit("Release notes: :has() moved to 121's follow-up")
    orphaned = of(run_check(run_cli, translated.root)[1], "orphaned")
    assert len(orphaned) == 1 and ":has" in orphaned[0]["message"]
    assert orphaned[0]["translation"]["path"] == f"files/ja/{RELEASE_121}"
