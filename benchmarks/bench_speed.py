"""Speed of relsync on the vue-docs corpus against the markdown-it-py parse baseline.

    python benchmarks/bench_speed.py [--rounds 5] [--corpus ../shared/corpus/vue-docs/head]

Prints, for each measurement, the median wall time of several rounds and its ratio to the
baseline measured in the same run: parsing all 228 files with markdown-it-py alone
(CommonMark + tables, one process). Ratios are what the targets are stated in; the machine
is noisy, so compare ratios, not seconds across runs.

``relsync check`` is measured twice in each round: with every rule, and without the rules of
omissions and English inside a block (``omission``, ``untranslated-clause`` and the
document-scope part of ``untranslated``: headings, titles and labels left in English); the
last line gives the ratio of the two medians, what those rules cost (in wall time, and in
the process's CPU time, which a machine shared with other work moves least).
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from pathlib import Path

from markdown_it import MarkdownIt

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from cold import cold_caches  # noqa: E402

from relsync.pipeline import check_pair  # noqa: E402
from relsync.project import PairSpec  # noqa: E402
from relsync.align import align  # noqa: E402
from relsync.checks import Scope, find_rule, rules  # noqa: E402
from relsync.config import Config  # noqa: E402
from relsync.parse import parse  # noqa: E402


#: The rules of omissions and English inside a block (with the document scope of `untranslated`).
NEW_RULES = ("omission", "untranslated-clause")
WITHOUT = "relsync check without omission/English rules"


def pairs_of(corpus: Path) -> list[tuple[Path, Path, str]]:
    out = []
    for en in sorted((corpus / "en").rglob("*.md")):
        rel = en.relative_to(corpus / "en").as_posix()
        out.append((en, corpus / "zh" / rel, rel))
    return out


def timed(fn) -> tuple[float, float]:
    """Wall time and this process's CPU time of one call (CPU time is what other work on a
    shared machine moves least)."""
    gc.collect()
    start, cpu = time.perf_counter(), time.process_time()
    fn()
    return time.perf_counter() - start, time.process_time() - cpu


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpus" / "vue-docs" / "head")
    args = ap.parse_args()
    pairs = pairs_of(args.corpus)
    texts = {p: p.read_text(encoding="utf-8") for en, zh, _ in pairs for p in (en, zh)}
    size = sum(len(t.encode("utf-8")) for t in texts.values())
    md = MarkdownIt("commonmark").enable("table")
    cfg = Config(root=ROOT)
    cfg_without = Config(root=ROOT, disable=set(NEW_RULES))
    rules()
    untranslated = find_rule("untranslated")
    headings = untranslated.implementations[Scope.DOCUMENT]

    def baseline():
        for text in texts.values():
            md.parse(text)

    def relsync_parse():
        cold_caches()  # each round starts as a new command: no caches
        for path, text in texts.items():
            parse(text, str(path), ("en", "zh_CN"))

    def relsync_align():
        cold_caches()
        for en, zh, _ in pairs:
            align(parse(texts[en], str(en)), parse(texts[zh], str(zh), ("en", "zh_CN")))

    def relsync_check():
        cold_caches()
        for en, zh, rel in pairs:
            check_pair(PairSpec(en, zh, "zh_CN", rel), cfg)

    def relsync_check_without():
        cold_caches()
        untranslated.implementations.pop(Scope.DOCUMENT)
        try:
            for en, zh, rel in pairs:
                check_pair(PairSpec(en, zh, "zh_CN", rel), cfg_without)
        finally:
            untranslated.implementations[Scope.DOCUMENT] = headings

    measurements = [("markdown-it-py parse (baseline)", baseline), ("relsync parse", relsync_parse),
                    ("relsync parse + align", relsync_align),
                    ("relsync check (parse, align, all rules)", relsync_check),
                    (WITHOUT, relsync_check_without)]
    samples: dict[str, list[tuple[float, float]]] = {name: [] for name, _ in measurements}
    for _ in range(args.rounds):  # interleaved, so that a noisy moment hits every measurement
        for name, fn in measurements:
            samples[name].append(timed(fn))
    wall = {name: statistics.median(w for w, _ in samples[name]) for name, _ in measurements}
    cpu = {name: statistics.median(c for _, c in samples[name]) for name, _ in measurements}
    base, base_cpu = wall[measurements[0][0]], cpu[measurements[0][0]]
    print(f"{len(pairs)} pairs, {len(texts)} files, {size / 1e6:.2f} MB, median of {args.rounds} rounds")
    print(f"{'measurement':45} {'median s':>9} {'x baseline':>10} {'CPU s':>7} {'x baseline':>10}")
    for name, _ in measurements:
        print(f"{name:45} {wall[name]:9.3f} {wall[name] / base:10.2f} {cpu[name]:7.3f} {cpu[name] / base_cpu:10.2f}")
    check = "relsync check (parse, align, all rules)"
    print(f"all rules / without the omission and English rules: wall {wall[check] / wall[WITHOUT]:.3f}, "
          f"CPU {cpu[check] / cpu[WITHOUT]:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
