"""What staleness costs `relsync check` on the vue-docs corpus, measured side by side.

Builds a git repository in a temporary directory: the year-old English docs as upstream and
the year-old Chinese translation, committed; then the current English docs committed over
them (a translation one year behind). Runs `relsync check` over every pair with the staleness
rules on and off, alternating, and reports medians, their ratio, the git calls per pair and
the stale/orphaned findings.

    python benchmarks/bench_stale.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import tempfile
import time
from collections import Counter
from pathlib import Path

from relsync import runner, stale
from relsync.checks import resolve_settings
from relsync.config import load_config
from relsync.project import discover

CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus" / "vue-docs"


def git(root: Path, *args: str) -> None:
    env = dict(os.environ, GIT_AUTHOR_NAME="bench", GIT_AUTHOR_EMAIL="bench@example.org",
               GIT_COMMITTER_NAME="bench", GIT_COMMITTER_EMAIL="bench@example.org",
               GIT_CONFIG_NOSYSTEM="1", GIT_CONFIG_GLOBAL=os.devnull)
    subprocess.run(["git", "-c", "commit.gpgsign=false", *args], cwd=root, env=env, check=True,
                   capture_output=True)


def build(root: Path, behind: bool = True) -> int:
    """The repository; ``behind``: upstream moved on a year after the translation, else the
    current docs and translation committed together (in sync)."""
    names = sorted(
        p.relative_to(CORPUS / "head" / "en").as_posix()
        for p in (CORPUS / "head" / "en").rglob("*.md")
        if (CORPUS / "head" / "zh" / p.relative_to(CORPUS / "head" / "en")).is_file()
    )
    names = [n for n in names if (CORPUS / "year-old" / "en" / n).is_file()
             and (CORPUS / "year-old" / "zh" / n).is_file()]
    git(root, "init", "-q")
    first = ("year-old/en", "year-old/zh") if behind else ("head/en", "head/zh")
    for n in names:
        for src, dst in zip(first, ("upstream", "locales/zh_CN")):
            target = root / dst / n
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(CORPUS / src / n, target)
    git(root, "add", ".")
    git(root, "commit", "-q", "-m", "docs and translation")
    if not behind:
        return len(names)
    for n in names:
        shutil.copy(CORPUS / "head" / "en" / n, root / "upstream" / n)
    git(root, "add", ".")
    git(root, "commit", "-q", "-m", "upstream one year later")
    return len(names)


def run(root: Path, staleness: bool):
    cfg = load_config(root)
    if not staleness:
        cfg.disable |= {"stale", "orphaned"}
    project = discover(resolve_settings(cfg))
    start = time.perf_counter()
    result = runner.run(project)
    return time.perf_counter() - start, result


def measure(behind: bool, repeat: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        n = build(root, behind)
        cwd = os.getcwd()
        os.chdir(root)
        calls: Counter[str] = Counter()
        real = stale.git

        def counting(repo, *a, **kw):
            calls[a[0]] += 1
            return real(repo, *a, **kw)

        stale.git = counting
        try:
            times = {True: [], False: []}
            for _ in range(repeat):
                for on in (False, True):
                    calls.clear()
                    seconds, res = run(root, on)
                    times[on].append(seconds)
                    if on:
                        result, per_run = res, dict(calls)
        finally:
            stale.git = real
            os.chdir(cwd)
    off, on = statistics.median(times[False]), statistics.median(times[True])
    by_slug = Counter(f.slug for f in result.findings)
    what = ("upstream vue-docs head/en committed over year-old/en, translation year-old/zh"
            if behind else "vue-docs head/en and head/zh committed together (in sync)")
    print(f"{n} pairs: {what}")
    print(f"  relsync check, staleness off: median {off:.2f} s over {repeat} runs")
    print(f"  relsync check, staleness on:  median {on:.2f} s over {repeat} runs")
    print(f"  ratio on/off: {on / off:.2f}")
    print(f"  git calls per run: {sum(per_run.values())} {per_run}, "
          f"{sum(per_run.values()) / n:.2f} per pair")
    print(f"  findings: stale {by_slug['stale']}, orphaned {by_slug['orphaned']}, "
          f"missing {by_slug['missing']}, all {len(result.findings)}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    for behind in (False, True):
        measure(behind, args.repeat)


if __name__ == "__main__":
    main()
