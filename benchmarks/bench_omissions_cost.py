"""What the omission and English-inside rules cost: ``relsync check`` of the vue-docs pairs in
one process, each pair checked with every rule and with the new rules left out, the two
interleaved pair by pair (in alternating order, as the second check of a pair finds what the
first cached) so that a busy machine slows both alike; in wall time and in the process's CPU
time.

    python benchmarks/bench_omissions_cost.py [--rounds 5] [--corpus ../shared/corpus/vue-docs/head]

Left out: ``omission``, ``untranslated-clause`` and the document-scope part of
``untranslated`` (headings, titles and labels on a translated page).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from relsync.checks import Scope, find_rule, rules  # noqa: E402
from relsync.config import Config  # noqa: E402
from relsync.pipeline import check_pair  # noqa: E402
from relsync.project import PairSpec  # noqa: E402

NEW = ("omission", "untranslated-clause")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpus" / "vue-docs" / "head")
    args = ap.parse_args()
    pairs = [PairSpec(en, args.corpus / "zh" / en.relative_to(args.corpus / "en"), "zh_CN",
                      en.relative_to(args.corpus / "en").as_posix())
             for en in sorted((args.corpus / "en").rglob("*.md"))]
    rules()
    untranslated = find_rule("untranslated")
    headings = untranslated.implementations.pop(Scope.DOCUMENT)
    with_new, without = Config(), Config(disable=set(NEW))
    totals = {"all rules": [], "without the new rules": []}
    cpu_totals = {"all rules": [], "without the new rules": []}
    for _ in range(args.rounds):
        t_all = t_without = c_all = c_without = 0.0
        for k, spec in enumerate(pairs):
            # the second check of a pair finds what the first cached: the order alternates
            for with_rules in ((True, False) if k % 2 == 0 else (False, True)):
                if with_rules:
                    untranslated.implementations[Scope.DOCUMENT] = headings
                else:
                    untranslated.implementations.pop(Scope.DOCUMENT, None)
                start, cpu = time.perf_counter(), time.process_time()
                check_pair(spec, with_new if with_rules else without, staleness=None)
                elapsed, used = time.perf_counter() - start, time.process_time() - cpu
                if with_rules:
                    t_all += elapsed
                    c_all += used
                else:
                    t_without += elapsed
                    c_without += used
        totals["all rules"].append(t_all)
        totals["without the new rules"].append(t_without)
        cpu_totals["all rules"].append(c_all)
        cpu_totals["without the new rules"].append(c_without)
    base = statistics.median(totals["without the new rules"])
    print(f"{len(pairs)} pairs, median of {args.rounds} rounds, interleaved pair by pair")
    for name, times in totals.items():
        print(f"{name:28} {statistics.median(times):8.3f} s   x {statistics.median(times) / base:.3f}")
    ratios = [a / b for a, b in zip(totals["all rules"], totals["without the new rules"])]
    print(f"per-round ratio all / without: median {statistics.median(ratios):.3f} "
          f"(min {min(ratios):.3f}, max {max(ratios):.3f})")
    cpu_ratios = [a / b for a, b in zip(cpu_totals["all rules"], cpu_totals["without the new rules"])]
    print(f"per-round ratio in CPU time: median {statistics.median(cpu_ratios):.3f} "
          f"(min {min(cpu_ratios):.3f}, max {max(cpu_ratios):.3f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
