"""Parallel runs, the content-hash cache, CI shards and merged reports give the same findings."""

from __future__ import annotations

import json
import shutil

import pytest

from relsync import runner

from .conftest import EXAMPLE_TR, EXAMPLE_UP


@pytest.fixture
def project(tmp_path, corpus):
    """A small project: a dozen real vue-docs pairs plus the bundled example."""
    (tmp_path / "upstream").mkdir()
    zh = tmp_path / "locales" / "zh_CN"
    zh.mkdir(parents=True)
    for en, tr in corpus[:: max(1, len(corpus) // 12)]:
        name = en.name
        shutil.copyfile(en, tmp_path / "upstream" / name)
        shutil.copyfile(tr, zh / name)
    shutil.copyfile(EXAMPLE_UP, tmp_path / "upstream" / "pytorch-2.6.md")
    shutil.copyfile(EXAMPLE_TR, zh / "pytorch-2.6.md")
    return tmp_path


def check_json(run_cli, project, *args):
    code, out, err = run_cli("check", "--format", "json", *args, cwd=project)
    assert code in (0, 1), err
    return json.loads(out)


def test_two_jobs_give_the_same_findings_in_the_same_order(run_cli, project):
    one = check_json(run_cli, project, "-j", "1", "--no-cache")
    two = check_json(run_cli, project, "-j", "2", "--no-cache")
    assert one == two
    assert one["summary"]["pairs"] >= 10 and one["findings"]


def test_cache_reuses_unchanged_pairs_and_notices_changes(run_cli, project):
    cold = check_json(run_cli, project)
    cache = project / ".relsync-cache"
    entries = list(cache.rglob("*.json"))
    assert len(entries) == cold["summary"]["pairs"]
    warm = check_json(run_cli, project)
    assert warm == cold
    # A changed translation is checked again, not answered from the cache.
    tr = project / "locales" / "zh_CN" / "pytorch-2.6.md"
    tr.write_text(tr.read_text(encoding="utf-8").replace("PyTorch 2.5 发布博客", "PyTorch 2.6 发布博客"), encoding="utf-8")
    changed = check_json(run_cli, project)
    slugs = [f["slug"] for f in changed["findings"] if f["translation"] and f["translation"]["path"].endswith("pytorch-2.6.md")]
    assert "title-version" not in slugs and "title-version" in [f["slug"] for f in cold["findings"]]
    # Settings are part of the key too.
    disabled = check_json(run_cli, project, "--disable", "extra")
    assert all(f["slug"] != "extra" for f in disabled["findings"])
    # Deleting the cache is safe.
    shutil.rmtree(cache)
    assert check_json(run_cli, project) == changed


@pytest.mark.parametrize("form", ["json", "text"])
def test_a_warm_run_hits_the_cache_for_every_pair_and_prints_the_same_bytes(run_cli, project, monkeypatch, form):
    code, cold, _ = run_cli("check", "--format", form, cwd=project)
    entries = sorted(p.name for p in (project / ".relsync-cache").rglob("*.json"))

    def not_cached(*args, **kwargs):
        raise AssertionError("a pair of the warm run was not found in the cache")

    monkeypatch.setattr(runner, "_one", not_cached)
    warm_code, warm, _ = run_cli("check", "--format", form, cwd=project)
    assert (warm_code, warm) == (code, cold) and cold
    # the same keys: no entry was written again under another name
    assert sorted(p.name for p in (project / ".relsync-cache").rglob("*.json")) == entries


def test_a_corrupt_cache_entry_is_ignored(run_cli, project):
    cold = check_json(run_cli, project)
    for entry in (project / ".relsync-cache").rglob("*.json"):
        entry.write_text("{not json", encoding="utf-8")
    assert check_json(run_cli, project) == cold


def test_shards_partition_the_pairs_and_merge_back(run_cli, project, tmp_path):
    full = check_json(run_cli, project, "--no-cache")
    paths = []
    counts = 0
    for k in (1, 2, 3):
        part = check_json(run_cli, project, "--no-cache", "--shard", f"{k}/3")
        counts += part["summary"]["pairs"]
        path = tmp_path / f"shard{k}.json"
        path.write_text(json.dumps(part), encoding="utf-8")
        paths.append(str(path))
    assert counts == full["summary"]["pairs"]
    code, out, _ = run_cli("merge-reports", *paths)
    merged = json.loads(out)
    key = lambda f: json.dumps(f, sort_keys=True)  # noqa: E731
    assert sorted(map(key, merged["findings"])) == sorted(map(key, full["findings"]))
    assert merged["summary"]["pairs"] == full["summary"]["pairs"]
    assert merged["summary"]["error"] == full["summary"]["error"]


def test_merge_sarif_reports(run_cli, project, tmp_path):
    paths = []
    for k in (1, 2):
        code, out, _ = run_cli("check", "--format", "sarif", "--no-cache", "--shard", f"{k}/2", cwd=project)
        path = tmp_path / f"s{k}.sarif"
        path.write_text(out, encoding="utf-8")
        paths.append(str(path))
    code, out, _ = run_cli("check", "--format", "sarif", "--no-cache", cwd=project)
    full = json.loads(out)
    code, out, _ = run_cli("merge-reports", *paths)
    merged = json.loads(out)
    assert len(merged["runs"]) == 1
    assert len(merged["runs"][0]["results"]) == len(full["runs"][0]["results"])
    rules = merged["runs"][0]["tool"]["driver"]["rules"]
    for result in merged["runs"][0]["results"]:
        if "ruleIndex" in result:
            assert rules[result["ruleIndex"]]["id"] == result["ruleId"]


@pytest.mark.parametrize("value", ["0/2", "3/2", "x", "1/0"])
def test_bad_shard_is_a_usage_error(run_cli, project, value):
    code, _, err = run_cli("check", "--shard", value, cwd=project)
    assert code == 2 and "--shard" in err


def test_merge_reports_rejects_other_files(run_cli, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"something": 1}', encoding="utf-8")
    code, _, err = run_cli("merge-reports", str(bad))
    assert code == 2 and "bad.json" in err


def test_pairs_are_checked_with_the_runs_collector_thresholds_and_the_process_keeps_its_own(
        run_cli, project, monkeypatch):
    import gc

    seen = []
    one = runner._one

    def recording(*args, **kwargs):
        seen.append(gc.get_threshold())
        return one(*args, **kwargs)

    monkeypatch.setattr(runner, "_one", recording)
    before = gc.get_threshold()
    assert before != runner.RUN_GC_THRESHOLDS
    check_json(run_cli, project, "-j", "1", "--no-cache")
    assert seen and set(seen) == {runner.RUN_GC_THRESHOLDS}
    assert gc.get_threshold() == before
