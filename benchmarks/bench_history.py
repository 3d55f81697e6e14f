"""Cold `relsync check` on a real-sized project with its git history, against parsing its files.

    python benchmarks/bench_history.py [--rounds 3] [--edits 300] [--commits 100] [--renames 12]
                                       [--before SRC] [--keep DIR]

Builds, in a temporary directory, a git repository from ``../shared/corpus/fastapi-docs``:
the English pages committed first, each translation in a commit of its own after them, then
``--edits`` edits of English prose lines spread over ``--commits`` commits, and ``--renames``
pages renamed (``git mv``, English and every translation in one commit) among them: the
translations are left behind by those edits, so staleness has real work, and history has
a few hundred commits. A copy of the same tree without ``.git`` is the project without history.

Each round runs, as whole commands (a new Python process each, interpreter start included):

- the baseline: parsing every paired file once with markdown-it-py (CommonMark + tables);
- ``relsync check --no-cache --format json -j 1`` with history, ``-j 2`` with history, and
  ``-j 1`` without history;
- ``relsync check --no-cache --format json -j 1`` on ``../shared/corpus/vue-docs/head`` as a
  project (``upstream/`` and ``locales/zh_CN/``, no history), against its own baseline: the
  same markdown-it-py parse of its 228 paired files (``--no-vue`` leaves it out);
- with ``--before SRC`` (a ``src`` directory of another relsync), the same four with it.

Prints the median wall and CPU time of the rounds (CPU: user + system of the command and of
every process it waited for), the ratios to the baseline, and ``-j 1 / -j 2``;
also checks that every relsync command of a round printed the same findings as the first.
The machine may be shared: compare ratios measured in one run, not seconds across runs.
Each relsync ``src`` timed is compiled to bytecode first, as an installed relsync is (and
markdown-it-py, which the baseline runs).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from cold import compiled

HERE = Path(__file__).resolve().parent
SRC = HERE.parent / "src"
CORPUS = HERE.parent.parent / "shared" / "corpus" / "fastapi-docs"
VUE = HERE.parent.parent / "shared" / "corpus" / "vue-docs" / "head"
PROSE_RE = re.compile(r"^[A-Z][a-z]+ [a-z]+ [^|{}<>`]*[a-z]\.$")


def git(root: Path, *args: str) -> str:
    env = dict(os.environ, GIT_AUTHOR_NAME="Ada", GIT_AUTHOR_EMAIL="ada@example.org",
               GIT_COMMITTER_NAME="Ada", GIT_COMMITTER_EMAIL="ada@example.org",
               GIT_CONFIG_NOSYSTEM="1", GIT_CONFIG_GLOBAL=os.devnull)
    return subprocess.run(["git", "-c", "commit.gpgsign=false", "-c", "init.defaultBranch=main", *args],
                          cwd=root, env=env, check=True, capture_output=True, text=True).stdout


def locales(docs: Path) -> list[str]:
    return sorted(p.name for p in docs.iterdir() if p.is_dir() and p.name != "en")


def build(root: Path, edits: int, commits: int, renames: int) -> None:
    """The repository described in the module docstring, deterministic (seeded)."""
    shutil.copytree(CORPUS / "docs", root / "docs")
    docs = root / "docs"
    git(root, "init", "-q")
    git(root, "add", "docs/en", "docs/missing-translation.md")
    git(root, "commit", "-q", "-m", "English documentation")
    for lang in locales(docs):
        git(root, "add", f"docs/{lang}")
        git(root, "commit", "-q", "-m", f"{lang} translation")
    rng = random.Random(23)
    english = sorted((docs / "en" / "docs").rglob("*.md"))
    rename_at = set(rng.sample(range(commits), min(renames, commits)))
    per_commit = -(-edits // max(1, commits - len(rename_at)))
    for n in range(commits):
        if n in rename_at:
            page = rng.choice(english)
            rel = page.relative_to(docs / "en" / "docs")
            new_rel = rel.with_name(f"{rel.stem}-{n}{rel.suffix}")
            for lang in ["en", *locales(docs)]:
                if (docs / lang / "docs" / rel).exists():
                    git(root, "mv", f"docs/{lang}/docs/{rel.as_posix()}", f"docs/{lang}/docs/{new_rel.as_posix()}")
            english[english.index(page)] = docs / "en" / "docs" / new_rel
            git(root, "commit", "-q", "-m", f"Rename {rel.as_posix()}")
            continue
        for _ in range(per_commit):
            page = rng.choice(english)
            lines = page.read_text(encoding="utf-8").split("\n")
            prose = [k for k, line in enumerate(lines) if PROSE_RE.match(line)]
            if prose:
                k = rng.choice(prose)
                lines[k] = lines[k][:-1] + f", as revision {n} says."
                page.write_text("\n".join(lines), encoding="utf-8")
        git(root, "commit", "-q", "-a", "-m", f"Docs: revision {n}")


def paired_files(docs: Path) -> list[str]:
    """Every file of a pair: each English page with a translation, and each translation."""
    out: list[str] = []
    langs = locales(docs)
    for page in sorted((docs / "en" / "docs").rglob("*.md")):
        rel = page.relative_to(docs / "en" / "docs")
        found = [docs / lang / "docs" / rel for lang in langs if (docs / lang / "docs" / rel).is_file()]
        if found:
            out += [str(page), *map(str, found)]
    return out


BASELINE = """
import sys
from markdown_it import MarkdownIt
md = MarkdownIt("commonmark").enable("table")
for path in open(sys.argv[1], encoding="utf-8").read().splitlines():
    md.parse(open(path, encoding="utf-8").read())
"""


def timed(cmd: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, float, bytes]:
    """Wall time, CPU time (user + system of the command and every process it waited for:
    its workers, git) and the output of a command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(cmd)} in {cwd}: exit {proc.returncode}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return elapsed, cpu, proc.stdout


def summarize(times: dict[str, list[float]], cpus: dict[str, list[float]], sources: list[str], files: int) -> None:
    """The medians of the rounds, their ratios to the baseline of the same files, and -j 1 / -j 2."""
    base = statistics.median(times["baseline"])
    print(f"\nmedian of {len(times['baseline'])} rounds (baseline: markdown-it-py parse of {files} files, {base:.1f} s)")
    if "baseline vue" in times:
        print(f"  (vue-docs against its own baseline, a parse of its files: {statistics.median(times['baseline vue']):.1f} s)")
    print(f"  {'command':<26} {'wall':>9} {'x base':>7} {'x base/round':>13} {'CPU':>9} {'x base':>7}")
    for name, values in times.items():
        own = "baseline vue" if " vue" in name else "baseline"
        m, c = statistics.median(values), statistics.median(cpus[name])
        per_round = statistics.median(v / b for v, b in zip(values, times[own]))
        print(f"  {name:<26} {m:7.1f} s {m / statistics.median(times[own]):6.2f}x {per_round:12.2f}x "
              f"{c:7.1f} s {c / statistics.median(cpus[own]):6.2f}x")
    print("  (x base: ratio of medians; x base/round: median of each round's ratio to its baseline; "
          "CPU: user + system of the command and its workers and git processes)")
    for name in sources:
        j1, j2 = times[f"{name} history -j 1"], times[f"{name} history -j 2"]
        per_round = statistics.median(a / b for a, b in zip(j1, j2))
        print(f"  {name}: -j 1 / -j 2 with history = {statistics.median(j1) / statistics.median(j2):.2f} "
              f"(median of rounds {per_round:.2f})")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--edits", type=int, default=300)
    ap.add_argument("--commits", type=int, default=100)
    ap.add_argument("--renames", type=int, default=12)
    ap.add_argument("--before", type=Path, help="the src directory of another relsync to compare with")
    ap.add_argument("--keep", type=Path, help="build the repository here and keep it")
    ap.add_argument("--no-vue", dest="vue", action="store_false", help="leave the vue-docs project out")
    args = ap.parse_args()

    work = args.keep or Path(tempfile.mkdtemp(prefix="relsync-bench-history-"))
    history, plain = work / "history", work / "plain"
    if not (history / ".git").is_dir():
        shutil.rmtree(work, ignore_errors=True)
        history.mkdir(parents=True)
        started = time.perf_counter()
        build(history, args.edits, args.commits, args.renames)
        print(f"built {history} in {time.perf_counter() - started:.0f} s: "
              f"{git(history, 'rev-list', '--count', 'HEAD').strip()} commits")
    if not plain.is_dir():
        shutil.copytree(history / "docs", plain / "docs")
    listing = work / "paired-files.txt"
    files = paired_files(history / "docs")
    listing.write_text("\n".join(files) + "\n", encoding="utf-8")
    print(f"{len(files)} paired files")

    vue = work / "vue"
    if args.vue and not vue.is_dir():
        shutil.copytree(VUE / "en", vue / "upstream")
        shutil.copytree(VUE / "zh", vue / "locales" / "zh_CN")
    vue_listing = work / "vue-files.txt"
    if args.vue:
        vue_files = [str(p) for p in sorted(vue.rglob("*.md"))]
        vue_listing.write_text("\n".join(vue_files) + "\n", encoding="utf-8")
        print(f"{len(vue_files)} vue-docs files")

    sources = {"after": compiled(SRC)} | ({"before": compiled(args.before.resolve())} if args.before else {})
    runs: dict[str, tuple[list[str], Path, Path]] = {"baseline": ([sys.executable, "-c", BASELINE, str(listing)], work, SRC)}
    if args.vue:
        runs["baseline vue"] = ([sys.executable, "-c", BASELINE, str(vue_listing)], work, SRC)
    for name, src in sources.items():
        check = [sys.executable, "-m", "relsync", "check", "--no-cache", "--format", "json"]
        runs[f"{name} history -j 1"] = ([*check, "-j", "1"], history, src)
        runs[f"{name} history -j 2"] = ([*check, "-j", "2"], history, src)
        runs[f"{name} no history -j 1"] = ([*check, "-j", "1"], plain, src)
        if args.vue:
            runs[f"{name} vue -j 1"] = ([*check, "-j", "1"], vue, src)
    times: dict[str, list[float]] = {name: [] for name in runs}
    cpus: dict[str, list[float]] = {name: [] for name in runs}
    outputs: dict[str, bytes] = {}
    for r in range(args.rounds):
        for name, (cmd, cwd, src) in runs.items():
            env = dict(os.environ, PYTHONPATH=str(src))
            elapsed, cpu, out = timed(cmd, cwd, env)
            times[name].append(elapsed)
            cpus[name].append(cpu)
            if not name.startswith("baseline"):
                kind = "vue" if " vue " in name else "history" if "no history" not in name else "plain"
                findings = json.dumps(json.loads(out)["findings"], sort_keys=True).encode()
                if outputs.setdefault(kind, findings) != findings:
                    print(f"round {r + 1}: {name} printed other findings than the first command")
        print(f"round {r + 1}: " + ", ".join(f"{n} {t[-1]:.1f} s" for n, t in times.items()), flush=True)

    summarize(times, cpus, list(sources), len(files))
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
