"""Warm `relsync check` (every pair a cache hit): CPU and wall time of this checkout's code
against another copy of relsync's sources (``--base``), in one run, on the same projects.

    python benchmarks/bench_warm.py --base /tmp/relsync-main/src [--rounds 5] PROJECT...

Each PROJECT directory is checked where it is with ``relsync check --format json``, each
version with its own cache directory (``--cache-dir``, in a temporary directory): one run fills
the cache, then ``--rounds`` warm runs, alternating the versions; median CPU (user + system of
the child) and wall time. The JSON reports of both versions, cold and warm, must be
byte-identical.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from cold import compiled

SRC = Path(__file__).resolve().parent.parent / "src"
CHECK = [sys.executable, "-m", "relsync", "check", "--format", "json"]


def run(src: Path, project: Path, cache: Path) -> tuple[float, float, bytes]:
    env = dict(os.environ, PYTHONPATH=str(src))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run([*CHECK, "--cache-dir", str(cache)], cwd=project, env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, proc.stdout


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--base", type=Path, required=True, help="the src/ directory of the version to compare with")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("projects", type=Path, nargs="+")
    args = ap.parse_args()
    versions = {"base": compiled(args.base.resolve()), "this": compiled(SRC)}
    with tempfile.TemporaryDirectory() as tmp:
        for project in args.projects:
            caches = {v: Path(tmp) / f"{project.name}-{v}" for v in versions}
            outputs = {v: [run(src, project, caches[v])[2]] for v, src in versions.items()}
            times: dict[str, list[tuple[float, float]]] = {v: [] for v in versions}
            for _ in range(args.rounds):
                for v, src in versions.items():
                    wall, cpu, out = run(src, project, caches[v])
                    times[v].append((wall, cpu))
                    outputs[v].append(out)
            distinct = {o for outs in outputs.values() for o in outs}
            line = [f"{project}: {'identical' if len(distinct) == 1 else 'OUTPUTS DIFFER'};"]
            for v in versions:
                wall = statistics.median(t[0] for t in times[v])
                cpu = statistics.median(t[1] for t in times[v])
                line.append(f"{v} wall {wall:.2f} s CPU {cpu:.2f} s;")
            print(" ".join(line), f"(median of {args.rounds} warm runs)", flush=True)


if __name__ == "__main__":
    main()
