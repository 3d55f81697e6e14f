"""Growth: does relsync's cost per byte stay flat on documents 10x and 100x the largest real one,
and on the shapes of input that once grew quadratically?

    python benchmarks/bench_growth.py [--rounds 3] [--corpus ../shared/corpus/vue-docs/head]
                                      [--shapes all|none|table-rows,stale-code,...] [--scale 1.0]

The 10x and 100x documents are made from the largest corpus pair by repeating it, with every
heading id made unique per copy (`{#id}` -> `{#id-3}`) as in a real long document; the
translation keeps the real drift of the pair in every copy. For each size: the median time
to parse both sides, align and run every rule; the time per MB relative to the 1x document
(target: at most 1.2); and the peak memory of that run (tracemalloc) relative to the input.

Then each shape runs at 1x, 4x and 16x a base size, through the command line in process
(`relsync.cli.main`, caches cleared as a new command starts): the median seconds and the
ratio to the size before, 4.0 per step being linear and 16.0 quadratic; and the peak memory
of one more run. The shapes:

* ``table-rows``: `relsync align` of a table whose translation has its rows in another order
  (the rows were matched by scoring every pair of rows).
* ``stale-code``: `relsync check` in a git repository where one line of a code block changed
  since the translation (the word diff of the changed block).
* ``rewrite``: `relsync check` after every paragraph was rewritten upstream, into one more
  paragraph than before (the diff of the old and new upstream).
* ``list-items``: `relsync check` of one-word list items sharing no anchor with their
  translation, which lacks every tenth item (the alignment band as wide as the difference).
* ``shuffled``: `relsync check` of paragraphs with one unique version number each, the
  translation shuffled.
* ``changelog-moves``: `relsync check` of release notes, ten entries per release, each with
  a component in code and its issue link, the translation having 1% of its entries in another
  release (16x: 13,600 entries, 20,400 lines).
* ``unpaired-entries``: `relsync check` of release notes whose translation cites other issues
  in every entry, so that no entry pairs by its anchors (the words pass compares blocks left
  without a partner with one another).
* ``po-update``: `relsync po update` of a PO whose paragraphs were all slightly reworded
  (each new message is matched fuzzily with an old one); GNU `msgmerge --previous` on the
  same files beside it, where installed.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from cold import cold_caches  # noqa: E402

import relsync  # noqa: E402
from relsync.cli import main as relsync_main  # noqa: E402
from relsync.parse import parse  # noqa: E402

_ID_RE = re.compile(r"\{#([^}\s]+)\}")
_FRONT_RE = re.compile(r"\A---\n.*?\n---\n", re.S)


def grow(text: str, times: int) -> str:
    front = _FRONT_RE.match(text)
    head = front.group(0) if front else ""
    body = text[len(head):]
    copies = [_ID_RE.sub(lambda m, k=k: "{#" + f"{m.group(1)}-{k}" + "}", body) for k in range(times)]
    return head + "\n".join(copies)


def run(up: str, tr: str) -> int:
    return len(relsync.check(parse(up, "up.md"), parse(tr, "tr.md", ("en", "zh_CN")), locale="zh_CN"))


# -- shapes -------------------------------------------------------------------------------

UP = "upstream/x.md"
TR = "locales/zh_CN/x.md"
WORDS = ("apple banana cherry delta echo falcon garnet harbor island jungle kettle lemon mango "
         "nickel orbit pepper quartz raven salmon tiger umber violet walnut xenon yellow zephyr").split()
ONE_WORDS = [f"{a}{b}" for b in WORDS for a in WORDS]


def relsync_cli(cwd: Path, *args: str) -> int:
    """One relsync command in process, its output discarded; its exit status."""
    old = os.getcwd()
    os.chdir(cwd)
    try:
        with open(os.devnull, "w", encoding="utf-8") as sink, \
                contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
            code = relsync_main(list(args))
    finally:
        os.chdir(old)
    if code not in (0, 1):
        raise SystemExit(f"relsync {' '.join(args)} failed with status {code} in {cwd}")
    return code


def _git(root: Path, *args: str) -> None:
    env = dict(os.environ, GIT_AUTHOR_NAME="bench", GIT_AUTHOR_EMAIL="bench@example.org",
               GIT_COMMITTER_NAME="bench", GIT_COMMITTER_EMAIL="bench@example.org",
               GIT_CONFIG_NOSYSTEM="1", GIT_CONFIG_GLOBAL=os.devnull)
    subprocess.run(["git", "-c", "init.defaultBranch=main", "-c", "commit.gpgsign=false", *args],
                   cwd=root, env=env, check=True, capture_output=True)


def _project(root: Path, up: str, tr: str) -> None:
    (root / "upstream").mkdir(parents=True, exist_ok=True)
    (root / "locales" / "zh_CN").mkdir(parents=True, exist_ok=True)
    (root / UP).write_text(up, encoding="utf-8")
    (root / TR).write_text(tr, encoding="utf-8")


def _committed_change(root: Path, before: str, translation: str, after: str) -> None:
    """A repository where the translation was made from ``before`` and upstream is now ``after``."""
    _project(root, before, translation)
    _git(root, "init", "-q")
    _git(root, "add", ".")
    _git(root, "commit", "-qm", "translate")
    (root / UP).write_text(after, encoding="utf-8")
    _git(root, "commit", "-qam", "upstream changed")


def _check(root: Path) -> None:
    relsync_cli(root, "check", "--no-cache", "--format", "json", "-o", str(root / "report.json"))


def shape_table_rows(root: Path, n: int):
    order = [(k * 7919) % n for k in range(n)] if n % 7919 else list(reversed(range(n)))
    head = "| Function | What it does | Since |\n|---|---|---|\n"
    up = [f"| `func_{k}` | Computes thing number {k} | {k}.0 |" for k in range(n)]
    tr = [f"| `func_{k}` | 计算第 {k} 项 | {k}.0 |" for k in order]
    _project(root, "# API\n\n" + head + "\n".join(up) + "\n", "# 接口\n\n" + head + "\n".join(tr) + "\n")
    return lambda: relsync_cli(root, "align", UP, TR, "--format", "json")


def _code(lines: int, changed: int | None = None) -> str:
    body = [f"result_{k} = compute({k}, option='{WORDS[k % 26]}')" for k in range(lines)]
    if changed is not None:
        body[changed] = f"result_{changed} = compute({changed}, option='changed')"
    return "# Code\n\nRun this:\n\n```python\n" + "\n".join(body) + "\n```\n"


def shape_stale_code(root: Path, n: int):
    translation = _code(n).replace("# Code\n\nRun this:", "# 代码\n\n运行：")
    _committed_change(root, _code(n), translation, _code(n, changed=n // 2))
    return lambda: _check(root)


def shape_rewrite(root: Path, n: int):
    v1 = [f"Paragraph {k} tells the {WORDS[k % 26]} {WORDS[(k // 26) % 26]} story." for k in range(n)]
    tr = [f"第 {k} 段讲述 {WORDS[k % 26]} 的故事。" for k in range(n)]
    v2 = [f"Entirely new text {k} about {WORDS[(k + 5) % 26]} {WORDS[(k // 7) % 26]} matters."
          for k in range(n + 1)]

    def doc(paragraphs: list[str]) -> str:
        return "# Doc\n\n" + "\n\n".join(paragraphs) + "\n"

    _committed_change(root, doc(v1), doc(tr), doc(v2))
    return lambda: _check(root)


def shape_list_items(root: Path, n: int):
    up = "# Glossary\n\n" + "\n".join(f"- {ONE_WORDS[k % len(ONE_WORDS)]}" for k in range(n)) + "\n"
    tr = "# 词汇表\n\n" + "\n".join(f"- 词{chr(0x4e00 + k % 20000)}" for k in range(n) if k % 10 != 5) + "\n"
    _project(root, up, tr)
    return lambda: _check(root)


def shape_shuffled(root: Path, n: int):
    up = [f"Paragraph about release {k}.{k % 7} and its uses." for k in range(n)]
    tr = [f"关于版本 {k}.{k % 7} 及其用途的段落。" for k in range(n)]
    order = list(range(n))
    random.Random(0).shuffle(order)
    _project(root, "# Doc\n\n" + "\n\n".join(up) + "\n", "# 文档\n\n" + "\n\n".join(tr[k] for k in order) + "\n")
    return lambda: _check(root)
def shape_changelog_moves(root: Path, n: int):
    """Release notes of ``n`` entries, ten per release (``## 1.K.0`` / ``### Fixes``), each
    naming a component and citing its issue; the translation has 1% of its entries in
    another release."""
    def notes(entry, fixes: str, title: str, moved: dict[int, int]) -> str:
        releases: list[list[int]] = [list(range(r, min(n, r + 10))) for r in range(0, n, 10)]
        for k, target in moved.items():
            releases[k // 10].remove(k)
            releases[target].append(k)
        out = [title, ""]
        for r, ks in enumerate(releases):
            out += [f"## 1.{r}.0", "", f"### {fixes}", ""] + [entry(k) for k in ks] + [""]
        return "\n".join(out)

    rng = random.Random(0)
    moved = {k: rng.randrange(-(-n // 10)) for k in rng.sample(range(n), max(1, n // 100))}
    link = "https://github.com/example/ui/issues/"
    up = notes(lambda k: f"- Fix `n-part-{k % 50}` layout issue {k}, closes [#{k}]({link}{k}).", "Fixes",
               "# Changelog", {})
    tr = notes(lambda k: f"- 修复 `n-part-{k % 50}` 的布局问题，关闭 [#{k}]({link}{k})", "Fixes", "# 更新日志", moved)
    _project(root, up, tr)
    return lambda: _check(root)


def shape_unpaired_entries(root: Path, n: int):
    """Release notes of ``n`` entries in one release, each naming a component and two more
    words, whose translation cites other issues in every entry: entries pair by length and
    position or not at all, and hundreds are left without a partner on both sides (the
    words pass compares such blocks with one another)."""
    rng = random.Random(0)
    words = "alpha beta gamma delta layout button select input popover table tree menu drawer modal".split()
    link = "https://github.com/example/ui/issues/"
    up = "# Changelog\n\n## 1.0.0\n\n" + "\n".join(
        f"- Fix `n-{rng.choice(words)}` {rng.choice(words)} {rng.choice(words)} issue, closes [#{k}]({link}{k})."
        for k in range(n))
    tr = "# 更新日志\n\n## 1.0.0\n\n" + "\n".join(
        f"- 修复 `n-{rng.choice(words)}` 的{rng.choice(['布局', '按钮', '选择', '输入'])}问题，"
        f"关闭 [#{k + 100000}]({link}{k + 100000})" for k in range(n))
    _project(root, up + "\n", tr + "\n")
    return lambda: _check(root)


def _paragraph(k: int) -> str:
    a, b, c = WORDS[k % 26], WORDS[(k // 26) % 26], WORDS[(k * 7 + 3) % 26]
    return f"The {a} {b} section {c} explains item number {k} in some detail."


def _po_quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def shape_po_update(root: Path, n: int):
    old = [_paragraph(k) for k in range(n)]
    new = [p.replace("in some detail", "in much more detail") for p in old]
    _project(root, "# Doc\n\n" + "\n\n".join(new) + "\n", "")
    relsync_cli(root, "po", "extract", UP, "-o", "new.pot")
    header = ('msgid ""\nmsgstr ""\n"Language: zh_CN\\n"\n"MIME-Version: 1.0\\n"\n'
              '"Content-Type: text/plain; charset=UTF-8\\n"\n"Content-Transfer-Encoding: 8bit\\n"\n')
    body = [f"#: {UP}:{3 + 2 * k}\nmsgid {_po_quote(p)}\nmsgstr {_po_quote('译文：' + p)}\n"
            for k, p in enumerate(old)]
    (root / "old.po").write_text(header + "\n" + "\n".join([f'#: {UP}:1\nmsgid "Doc"\nmsgstr "文档"\n', *body]),
                                 encoding="utf-8")

    def update() -> None:
        (root / "x.po").write_bytes((root / "old.po").read_bytes())
        relsync_cli(root, "po", "update", "new.pot", "x.po")

    return update


def msgmerge_po_update(root: Path, n: int):
    """GNU msgmerge on the files of ``shape_po_update``; None when it is not installed."""
    if shutil.which("msgmerge") is None:
        return None
    shape_po_update(root, n)
    return lambda: subprocess.run(["msgmerge", "-q", "--previous", "-o", str(root / "gnu.po"),
                                   str(root / "old.po"), str(root / "new.pot")], check=True)


#: name -> (builder of the run at size n, base size, unit)
SHAPES = {
    "table-rows": (shape_table_rows, 125, "rows"),
    "stale-code": (shape_stale_code, 125, "code lines"),
    "rewrite": (shape_rewrite, 250, "paragraphs"),
    "list-items": (shape_list_items, 250, "items"),
    "shuffled": (shape_shuffled, 250, "paragraphs"),
    "po-update": (shape_po_update, 125, "messages"),
    "changelog-moves": (shape_changelog_moves, 850, "entries"),
    "unpaired-entries": (shape_unpaired_entries, 250, "entries"),
}
#: shape -> the same run by another tool, shown beside it
OTHERS = {"po-update": ("msgmerge", msgmerge_po_update)}


def _timed(run_once, rounds: int) -> tuple[float, float]:
    """Median seconds of ``rounds`` runs (caches cleared before each) and the peak MB of one more."""
    samples = []
    for _ in range(rounds):
        cold_caches()
        start = time.perf_counter()
        run_once()
        samples.append(time.perf_counter() - start)
    cold_caches()
    tracemalloc.start()
    run_once()
    peak = tracemalloc.get_traced_memory()[1] / 1e6
    tracemalloc.stop()
    return statistics.median(samples), peak


def run_shapes(names: list[str], rounds: int, scale: float) -> None:
    """Each shape at 1x, 4x and 16x: seconds, the ratio per 4x step (4.0 linear, 16.0
    quadratic) and per doubling beyond linear (1.0 linear, 2.0 quadratic), peak memory, and
    the other tool's seconds with relsync's multiple of them."""
    print(f"\n{'shape':<11} {'size':>4} {'n':>6} {'unit':<11} {'median s':>9} {'x per 4x':>8} "
          f"{'beyond/2x':>9} {'peak MB':>8}  beside")
    for name in names:
        build, base, unit = SHAPES[name]
        previous = None
        for factor in (1, 4, 16):
            n = max(1, round(base * scale)) * factor
            with tempfile.TemporaryDirectory(prefix=f"relsync-{name}-") as tmp:
                t, peak = _timed(build(Path(tmp), n), rounds)
            beside = ""
            if name in OTHERS:
                other, make = OTHERS[name]
                with tempfile.TemporaryDirectory(prefix=f"relsync-{name}-") as tmp:
                    run_other = make(Path(tmp), n)
                    if run_other is not None:
                        o = statistics.median(_timed(run_other, 1)[0] for _ in range(rounds))
                        beside = f"{other} {o:.3f} s, relsync x{t / o:.1f}"
            ratio = f"{t / previous:8.2f}" if previous else f"{'':>8}"
            beyond = f"{(t / previous / 4) ** 0.5:9.2f}" if previous else f"{'':>9}"
            print(f"{name:<11} {factor:>3}x {n:>6} {unit:<11} {t:9.3f} {ratio} {beyond} {peak:8.1f}  {beside}",
                  flush=True)
            previous = t


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpus" / "vue-docs" / "head")
    ap.add_argument("--sizes", default="1,10,100")
    ap.add_argument("--shapes", default="all", help="shapes to run after the corpus table: all, none, or a list")
    ap.add_argument("--scale", type=float, default=1.0, help="multiply every shape's base size")
    args = ap.parse_args()
    en_files = sorted((args.corpus / "en").rglob("*.md"), key=lambda p: p.stat().st_size)
    en = en_files[-1]
    zh = args.corpus / "zh" / en.relative_to(args.corpus / "en")
    up0, tr0 = en.read_text(encoding="utf-8"), zh.read_text(encoding="utf-8")
    print(f"largest pair: {en.relative_to(args.corpus)} ({len(up0.encode()) / 1e3:.0f} kB + {len(tr0.encode()) / 1e3:.0f} kB)")
    print(f"{'size':>5} {'MB':>7} {'median s':>9} {'s/MB':>7} {'per-byte x1':>11} {'peak MB':>8} {'peak/input':>10}")
    base = None
    for times in (int(x) for x in args.sizes.split(",")):
        up, tr = grow(up0, times), grow(tr0, times)
        mb = (len(up.encode()) + len(tr.encode())) / 1e6
        samples = []
        reps = max(1, 10 // times)  # the small documents run several times per sample: less noise
        for _ in range(args.rounds):
            start = time.perf_counter()
            for _ in range(reps):
                cold_caches()  # each run pays what a new command pays
                run(up, tr)
            samples.append((time.perf_counter() - start) / reps)
        t = statistics.median(samples)
        tracemalloc.start()
        run(up, tr)
        peak = tracemalloc.get_traced_memory()[1] / 1e6
        tracemalloc.stop()
        per_mb = t / mb
        base = base or per_mb
        print(f"{times:>4}x {mb:7.2f} {t:9.3f} {per_mb:7.2f} {per_mb / base:11.2f} {peak:8.1f} {peak / mb:10.1f}")
    if args.shapes != "none":
        run_shapes(list(SHAPES) if args.shapes == "all" else args.shapes.split(","), args.rounds, args.scale)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
