"""The Kubernetes-sized tree of benchmarks/bench_k8s.py, at a tiny scale: it is the Hugo site it
says (every page paired in 14 locales), no two pages share a text, and its history has the
edits, renames and syncs that give staleness its work. Timings stay in the benchmark."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from .conftest import ROOT, load_script



bench = load_script("bench_k8s", ROOT / "benchmarks" / "bench_k8s.py")
needs_corpus = pytest.mark.skipif(not (bench.CORPUS / "docs" / "en").is_dir(),
                                  reason="the fastapi-docs corpus (../shared/corpus) is not beside the repository")


def _git(root: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=root, check=True, capture_output=True, text=True).stdout


def test_pages_are_copied_into_sections_with_texts_of_their_own():
    bases = ["index.md", "tutorial/index.md", "tutorial/first-steps.md"]
    pages = bench.site_pages(6 / bench.FULL_PAGES, bases)
    assert [p.rel for p in pages] == [
        "concepts/_index.md", "concepts/tutorial/_index.md", "concepts/tutorial/first-steps.md",
        "tasks/_index.md", "tasks/tutorial/_index.md", "tasks/tutorial/first-steps.md"]
    text = "---\nold: front\n---\n\n# FastAPI { #fastapi }\n\nFastAPI is fast.\n"
    first, second = (bench.page_text(text, p) for p in (pages[0], pages[3]))
    assert first == '---\ntitle: "FastAPI"\ncontent_type: concept\nweight: 10\n---\n\n# Kubernetes { #fastapi }\n\nKubernetes is fast.\n'
    assert second != first and "Kubelet is fast." in second


def test_sections_beyond_the_named_ones_are_numbered():
    pages = bench.site_pages(26 / bench.FULL_PAGES, ["a.md", "b.md"])
    assert pages[-1].rel == "concepts-1/b.md"
    assert bench.page_text("# FastAPI\n", pages[-1]).endswith("# Kubernetes 2\n")


@needs_corpus
def test_the_tree_is_a_hugo_site_paired_in_14_locales(tmp_path, run_cli):
    root = tmp_path / "site"
    counts = bench.build(root, 0.01)
    assert counts["pages"] == 15 and counts["pairs"] == 15 * 14
    code, out, err = run_cli("pairs", "--format", "json", cwd=root)
    assert code == 0, err
    got = json.loads(out)
    assert got["layout"] == "hugo"
    assert len(got["pairs"]) == counts["pairs"]
    assert not got["missing"] and not got["orphans"] and not got["warnings"]
    assert {loc["code"] for loc in got["locales"]} == set(bench.LOCALES)
    english = [p.read_text(encoding="utf-8") for p in (root / "content" / "en").rglob("*.md")]
    assert len(set(english)) == len(english) == 15


@needs_corpus
def test_the_history_is_english_then_translations_then_edits_renames_and_syncs(tmp_path):
    root = tmp_path / "site"
    counts = bench.build(root, 0.01)
    subjects = _git(root, "log", "--reverse", "--format=%s").splitlines()
    assert len(subjects) == counts["commits"]
    assert subjects[0] == "English documentation"
    assert subjects[1:15] == [f"{code} translation" for code in bench.LOCALES]
    assert sum(s.startswith("Docs: revision") for s in subjects) >= 10
    assert any(s.startswith("Rename ") for s in subjects)
    assert any(s.endswith(": sync with upstream") for s in subjects)
    first = _git(root, "show", "--name-only", "--format=", "HEAD~" + str(len(subjects) - 1)).split()
    assert "hugo.toml" in first and all(f == "hugo.toml" or f.startswith("content/en/") for f in first)
    renamed = _git(root, "log", "-M", "--diff-filter=R", "--name-status", "--format=").split("\n")
    assert sum(line.startswith("R100") for line in renamed) == 15  # one page, in English and 14 locales
    assert not _git(root, "status", "--porcelain")
