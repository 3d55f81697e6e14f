"""A whole docs tree from the command line: parallel jobs, the cache, gettextize.

    python benchmarks/bench_scale.py [--rounds 5] [--corpus ../shared/corpus/vue-docs/head]

Copies the corpus into a temporary project (upstream/ and locales/zh_CN/, not a git
repository) and times `relsync check` as a command: with 1 and 2 worker processes (no cache),
a cold and a warm cache, and `relsync po import` over every pair in one process, each
against parsing the same files with markdown-it-py in one process; the commands also against
that parse as a command of its own (interpreter start-up and imports on both sides). Medians of interleaved
rounds; the outputs of -j 1 and -j 2 and of cold and warm runs are compared byte for byte.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from markdown_it import MarkdownIt

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from cold import cold_caches  # noqa: E402

from relsync import po, runner  # noqa: E402
from relsync.config import Config  # noqa: E402
from relsync.project import PairSpec  # noqa: E402


def run(cmd: list[str], cwd: Path) -> tuple[float, bytes]:
    start = time.perf_counter()
    proc = subprocess.run(cmd, cwd=cwd, capture_output=True)
    elapsed = time.perf_counter() - start
    if proc.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(cmd)} failed: {proc.stderr.decode()}")
    return elapsed, proc.stdout


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpus" / "vue-docs" / "head")
    args = ap.parse_args()
    relsync = [sys.executable, "-m", "relsync"]
    with tempfile.TemporaryDirectory() as tmp:
        project = Path(tmp)
        shutil.copytree(args.corpus / "en", project / "upstream")
        shutil.copytree(args.corpus / "zh", project / "locales" / "zh_CN")
        files = sorted(project.rglob("*.md"))
        texts = [f.read_text(encoding="utf-8") for f in files]
        md = MarkdownIt("commonmark").enable("table")
        pairs = [(p, project / "locales" / "zh_CN" / p.relative_to(project / "upstream"))
                 for p in sorted((project / "upstream").rglob("*.md"))]

        def parse_all() -> float:
            start = time.perf_counter()
            for text in texts:
                md.parse(text)
            return time.perf_counter() - start

        def import_all() -> float:
            cold_caches()  # each round starts as a new command: no caches
            start = time.perf_counter()
            for up, tr in pairs:
                rel = up.relative_to(project / "upstream").as_posix()
                parsed_up = po.load_file(up, f"upstream/{rel}")
                parsed_tr = po.load_file(tr, rel, locale="zh_CN")
                catalog, _ = po.gettextize(parsed_up, parsed_tr,
                                           po.template(parsed_up, f"upstream/{rel}", rel), "zh_CN")
                po.serialize(catalog)
            return time.perf_counter() - start

        specs = [PairSpec(up, tr, "zh_CN", up.relative_to(project / "upstream").as_posix()) for up, tr in pairs]
        cfg = Config(root=project)

        def in_process(jobs: int) -> float:
            cold_caches()
            start = time.perf_counter()
            runner.check_pairs(cfg, specs, jobs=jobs)
            return time.perf_counter() - start

        parse_script = project / "parse_all.py"
        parse_script.write_text(
            "import sys\nfrom pathlib import Path\nfrom markdown_it import MarkdownIt\n"
            "md = MarkdownIt('commonmark').enable('table')\n"
            "for f in sorted(Path(sys.argv[1]).rglob('*.md')):\n    md.parse(f.read_text(encoding='utf-8'))\n",
            encoding="utf-8")
        parse_command = [sys.executable, str(parse_script), str(project)]
        samples: dict[str, list[float]] = {k: [] for k in ("parse", "j1", "j2", "cold", "warm", "parse2", "import",
                                                           "p1", "p2", "parsecmd")}
        outputs: dict[str, bytes] = {}
        startup, _ = run(relsync + ["--version"], project)
        for _ in range(args.rounds):
            samples["parse"].append(parse_all())
            samples["parsecmd"].append(run(parse_command, project)[0])
            t, outputs["j1"] = run(relsync + ["check", "--format", "json", "--no-cache", "-j", "1"], project)
            samples["j1"].append(t)
            t, outputs["j2"] = run(relsync + ["check", "--format", "json", "--no-cache", "-j", "2"], project)
            samples["j2"].append(t)
            shutil.rmtree(project / ".relsync-cache", ignore_errors=True)
            t, outputs["cold"] = run(relsync + ["check", "--format", "json"], project)
            samples["cold"].append(t)
            t, outputs["warm"] = run(relsync + ["check", "--format", "json"], project)
            samples["warm"].append(t)
            samples["parse2"].append(parse_all())  # po import's baseline, adjacent in time
            samples["import"].append(import_all())
            samples["p1"].append(in_process(1))
            samples["p2"].append(in_process(2))
        med = {k: statistics.median(v) for k, v in samples.items()}
        base = med["parse"]
        print(f"{len(pairs)} pairs, {len(files)} files; median of {args.rounds} interleaved rounds;"
              f" process start-up ({' '.join(relsync[1:])} --version): {startup:.2f} s")
        rows = [
            ("markdown-it-py parse of all files (baseline)", med["parse"]),
            ("markdown-it-py parse of all files (command)", med["parsecmd"]),
            ("relsync check -j 1 --no-cache (command)", med["j1"]),
            ("relsync check -j 2 --no-cache (command)", med["j2"]),
            ("relsync check, cold cache (command)", med["cold"]),
            ("relsync check, warm cache (command)", med["warm"]),
            ("markdown-it-py parse again, just before po import", med["parse2"]),
            ("relsync po import of every pair (in process)", med["import"]),
            ("check of every pair, 1 job (in process)", med["p1"]),
            ("check of every pair, 2 jobs (in process)", med["p2"]),
        ]
        print(f"{'measurement':48} {'median s':>9} {'x parse':>8}")
        for name, t in rows:
            print(f"{name:48} {t:9.3f} {t / base:8.2f}")
        print(f"-j 2 speed-up over -j 1: {med['j1'] / med['j2']:.2f}x as commands,"
              f" {med['p1'] / med['p2']:.2f}x in process;"
              f" warm cache / cold: {med['warm'] / med['cold']:.0%};"
              f" po import / the parse just before it: {med['import'] / med['parse2']:.2f}x")

        def per_round(a: str, b: str) -> float:  # each round's two runs are adjacent in time
            return statistics.median(x / y for x, y in zip(samples[a], samples[b]))

        print(f"medians of the per-round ratios: -j 2 speed-up {per_round('j1', 'j2'):.2f}x as commands,"
              f" {per_round('p1', 'p2'):.2f}x in process; warm / cold {1 / per_round('cold', 'warm'):.0%};"
              f" po import {per_round('import', 'parse2'):.2f}x the parse run just before it")
        print(f"commands against the parse as a command (start-up on both sides): check -j 1 --no-cache"
              f" {med['j1'] / med['parsecmd']:.2f}x, cold cache {med['cold'] / med['parsecmd']:.2f}x;"
              f" per round {per_round('j1', 'parsecmd'):.2f}x, {per_round('cold', 'parsecmd'):.2f}x")
        print(f"identical output: -j 1 vs -j 2 {outputs['j1'] == outputs['j2']},"
              f" cold vs warm {outputs['cold'] == outputs['warm']}, cache vs none {outputs['cold'] == outputs['j1']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
