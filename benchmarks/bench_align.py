"""Alignment quality and speed on the gold set in ``tests/fixtures/align/``.

Each document of the set is a pair ``NAME.en.md`` / ``NAME.zh_CN.md`` with ``NAME.gold.tsv``:
one gold pair a line, ``UP_START-UP_END<TAB>TR_START-TR_END`` (1-based inclusive source lines,
``-`` for an empty side, anything after ``#`` a note). A side that spans two blocks (a
paragraph split or merged by the translator) is written as the span of both blocks, exactly
as ``relsync align --format json`` prints it.

Scoring compares the pairs of ``relsync align --format json`` with the gold pairs as sets of
``(upstream range, translation range)``; a pair counts only when both ranges are equal, so a
1-2 pair is right only with the same span on each side, and splitting it into 1-1 + 0-1 is
one wrong pair and one wrong extra.

- matched pairs: only pairs with both sides non-empty.
  precision = correct / predicted, recall = correct / gold, F1 their harmonic mean.
  This is the headline figure ("block-pair F1").
- all pairs: the same over every pair, a missing (1-0) or extra (0-1) block included.
  accuracy = correct / gold pairs (the share of the gold alignment reproduced exactly).

Time per document: parse both files and align them, median of ``--rounds`` rounds.

    python benchmarks/bench_align.py [--rounds 7] [--errors FILE] [--only NAME]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from relsync.align import align
from relsync.pipeline import load_document
from relsync.report.json import alignment_dict

ROOT = Path(__file__).resolve().parent.parent
GOLD_DIR = ROOT / "tests" / "fixtures" / "align"
LOCALE = "zh_CN"

Range = tuple[int, int]
PairKey = tuple[Range | None, Range | None]


def parse_range(text: str) -> Range | None:
    text = text.strip()
    if text == "-":
        return None
    start, end = text.split("-")
    return (int(start), int(end))


def read_gold(path: Path) -> list[PairKey]:
    """The gold pairs of a ``.gold.tsv`` file, in file order."""
    pairs = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        body = line.split("#", 1)[0].strip()
        if not body:
            continue
        cols = body.split("\t")
        if len(cols) != 2:
            raise ValueError(f"{path.name}:{number}: expected two tab-separated ranges")
        pairs.append((parse_range(cols[0]), parse_range(cols[1])))
    return pairs


def documents() -> list[str]:
    return sorted(p.name.removesuffix(".gold.tsv") for p in GOLD_DIR.glob("*.gold.tsv"))


def paths(name: str) -> tuple[Path, Path, Path]:
    return (GOLD_DIR / f"{name}.en.md", GOLD_DIR / f"{name}.zh_CN.md", GOLD_DIR / f"{name}.gold.tsv")


def run_align(name: str):
    up, tr, _ = paths(name)
    return align(load_document(up, "en"), load_document(tr, LOCALE))


def predicted_pairs(al) -> list[PairKey]:
    """The pairs as ``relsync align --format json`` prints them."""
    out = []
    for p in alignment_dict(al)["pairs"]:
        up = tuple(p["upstream"]) if p["upstream"] else None
        tr = tuple(p["translation"]) if p["translation"] else None
        out.append((up, tr))
    return out


@dataclass
class Counts:
    correct: int = 0
    predicted: int = 0
    gold: int = 0

    def add(self, other: "Counts") -> None:
        self.correct += other.correct
        self.predicted += other.predicted
        self.gold += other.gold

    @property
    def precision(self) -> float:
        return self.correct / self.predicted if self.predicted else 1.0

    @property
    def recall(self) -> float:
        return self.correct / self.gold if self.gold else 1.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0


@dataclass
class Result:
    name: str
    matched: Counts = field(default_factory=Counts)
    full: Counts = field(default_factory=Counts)
    errors: list[str] = field(default_factory=list)
    crashed: str = ""
    seconds: float = 0.0


def _count(gold: list[PairKey], pred: list[PairKey], both_sides: bool) -> Counts:
    if both_sides:
        gold = [g for g in gold if g[0] and g[1]]
        pred = [p for p in pred if p[0] and p[1]]
    return Counts(len(set(gold) & set(pred)), len(pred), len(gold))


def _overlaps(a: PairKey, b: PairKey) -> bool:
    for ra, rb in zip(a, b):
        if ra and rb and ra[0] <= rb[1] and rb[0] <= ra[1]:
            return True
    return False


def _fmt(r: Range | None) -> str:
    return "-" if r is None else f"{r[0]}-{r[1]}"


def _fmt_pairs(pairs: list[PairKey]) -> str:
    def order(p: PairKey) -> tuple[int, int]:
        return (min(r[0] for r in p if r), 0 if p[0] else 1)

    return ", ".join(f"{_fmt(u)} ~ {_fmt(t)}" for u, t in sorted(pairs, key=order))


def _snippet(doc, r: Range | None, width: int = 60) -> str:
    if r is None or doc is None:
        return ""
    text = " ".join(b.text for b in doc.blocks if r[0] <= b.start and b.end <= r[1] and b.kind != "title"
                    or (b.start, b.end) == r)
    text = " ".join(text.split())
    return text[:width] + ("..." if len(text) > width else "")


def mistakes(name: str, gold: list[PairKey], pred: list[PairKey], al=None) -> list[str]:
    """Wrong stretches: overlapping gold and predicted pairs that differ, grouped, each with
    the text of the blocks involved."""
    gold_set, pred_set = set(gold), set(pred)
    nodes = [("gold", g) for g in gold if g not in pred_set] + [("relsync", p) for p in pred if p not in gold_set]
    seen: set[int] = set()
    out = []
    for i in range(len(nodes)):
        if i in seen:
            continue
        group, stack = [], [i]
        seen.add(i)
        while stack:
            j = stack.pop()
            group.append(nodes[j])
            for k in range(len(nodes)):
                if k not in seen and _overlaps(nodes[j][1], nodes[k][1]):
                    seen.add(k)
                    stack.append(k)
        g = [p for who, p in group if who == "gold"]
        r = [p for who, p in group if who == "relsync"]
        first = min((p[0] or p[1] or (0, 0)) for _, p in group)
        lines = [f"{name}: gold [{_fmt_pairs(g) or 'nothing'}]  relsync [{_fmt_pairs(r) or 'nothing'}]"]
        if al is not None:
            for side, doc in ((0, al.upstream), (1, al.translation)):
                for rng in sorted({p[side] for _, p in group if p[side]}):
                    label = "up" if side == 0 else "tr"
                    lines.append(f"    {label} {_fmt(rng):>9}  {_snippet(doc, rng)}")
        out.append((first, "\n".join(lines)))
    return [text for _, text in sorted(out)]


def evaluate(name: str, rounds: int = 1) -> Result:
    result = Result(name)
    gold = read_gold(paths(name)[2])
    al = None
    try:
        times = []
        for _ in range(max(1, rounds)):
            t0 = time.perf_counter()
            al = run_align(name)
            times.append(time.perf_counter() - t0)
        result.seconds = statistics.median(times)
        pred = predicted_pairs(al)
    except Exception as exc:  # a crash is a result to report, not a reason to stop
        result.crashed = f"{type(exc).__name__}: {exc}"
        pred = []
    result.matched = _count(gold, pred, both_sides=True)
    result.full = _count(gold, pred, both_sides=False)
    result.errors = mistakes(name, gold, pred, al)
    return result


def report(results: list[Result]) -> str:
    head = (f"{'document':<22} {'gold':>5} {'P':>6} {'R':>6} {'F1':>6}   {'all-acc':>7} {'all-F1':>6}"
            f"   {'ms/doc':>7}")
    lines = [head, "-" * len(head)]
    total_m, total_f = Counts(), Counts()
    for r in results:
        total_m.add(r.matched)
        total_f.add(r.full)
        crash = "  CRASH " + r.crashed if r.crashed else ""
        lines.append(f"{r.name:<22} {r.full.gold:>5} {r.matched.precision:>6.3f} {r.matched.recall:>6.3f} "
                     f"{r.matched.f1:>6.3f}   {r.full.recall:>7.3f} {r.full.f1:>6.3f}   "
                     f"{r.seconds * 1000:>7.1f}{crash}")
    lines.append("-" * len(head))
    times = [r.seconds * 1000 for r in results]
    lines.append(f"{'all':<22} {total_f.gold:>5} {total_m.precision:>6.3f} {total_m.recall:>6.3f} "
                 f"{total_m.f1:>6.3f}   {total_f.recall:>7.3f} {total_f.f1:>6.3f}   "
                 f"{statistics.median(times) if times else 0:>7.1f} (median)")
    crashes = sum(1 for r in results if r.crashed)
    lines.append(f"matched pairs: {total_m.correct}/{total_m.gold} gold, {total_m.predicted} predicted; "
                 f"all pairs: {total_f.correct}/{total_f.gold} gold, {total_f.predicted} predicted; "
                 f"crashes: {crashes}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=7, help="timing rounds per document (median)")
    ap.add_argument("--errors", type=Path, help="write the mistaken pairs to this file")
    ap.add_argument("--only", action="append", help="evaluate only this document (repeatable)")
    args = ap.parse_args(argv)
    names = args.only or documents()
    results = [evaluate(name, args.rounds) for name in names]
    print(report(results))
    errors = [e for r in results for e in r.errors]
    if args.errors:
        args.errors.write_text("\n".join(errors) + ("\n" if errors else ""), encoding="utf-8")
    if errors:
        print(f"\n{len(errors)} mistaken stretches:")
        print("\n".join(errors))
    return 1 if any(r.crashed for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
