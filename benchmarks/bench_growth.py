"""Growth: does relsync's cost per byte stay flat on documents 10x and 100x the largest real one?

    python benchmarks/bench_growth.py [--rounds 3] [--corpus ../shared/corpus/vue-docs/head]

The 10x and 100x documents are made from the largest corpus pair by repeating it, with every
heading id made unique per copy (`{#id}` -> `{#id-3}`) as in a real long document; the
translation keeps the real drift of the pair in every copy. For each size: the median time
to parse both sides, align and run every rule; the time per MB relative to the 1x document
(target: at most 1.2); and the peak memory of that run (tracemalloc) relative to the input.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from cold import cold_caches  # noqa: E402

import relsync  # noqa: E402
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


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpus" / "vue-docs" / "head")
    ap.add_argument("--sizes", default="1,10,100")
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
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
