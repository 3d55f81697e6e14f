"""The alignment gold set (tests/fixtures/align/): well-formed gold files, and a quality floor.

The floors sit a little under what relsync measures on the set (see benchmarks/RESULTS.md),
so that a regression of the aligner fails here; timings stay in benchmarks/bench_align.py.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from relsync.pipeline import load_document

from .conftest import FIXTURES, ROOT, load_script

GOLD_DIR = FIXTURES / "align"

#: Block-pair F1 over the whole set (pairs with both sides non-empty); measured 0.988.
FLOOR_MATCHED_F1 = 0.98
#: F1 over every pair, missing and extra blocks included; measured 0.978.
FLOOR_ALL_F1 = 0.97
#: Block-pair F1 of each document; the lowest measured is 0.933 (pytorch-2.6-html).
FLOOR_DOCUMENT_F1 = 0.95



bench = load_script("bench_align", ROOT / "benchmarks" / "bench_align.py")
DOCUMENTS = bench.documents()


def test_the_set_is_large_enough():
    gold = {name: bench.read_gold(bench.paths(name)[2]) for name in DOCUMENTS}
    assert len(DOCUMENTS) >= 6
    assert sum(len(pairs) for pairs in gold.values()) >= 300
    assert "pytorch-2.6" in DOCUMENTS
    assert sum(1 for name in DOCUMENTS if name.startswith("vue-") and "drift" not in name) >= 3


@pytest.mark.parametrize("name", DOCUMENTS)
def test_gold_is_well_formed(name):
    """Every gold range is one block, or two consecutive blocks, of its file; every block
    of both files is in exactly one gold pair; pairs are not empty on both sides."""
    up_path, tr_path, gold_path = bench.paths(name)
    docs = (load_document(up_path, "en"), load_document(tr_path, "zh_CN"))
    used: tuple[Counter, Counter] = (Counter(), Counter())
    problems = []
    for pair in bench.read_gold(gold_path):
        if pair == (None, None):
            problems.append("a pair with two empty sides")
        for side, rng in enumerate(pair):
            if rng is None:
                continue
            blocks = _blocks_of(docs[side], rng)
            if blocks is None:
                problems.append(f"{'upstream' if side == 0 else 'translation'} {rng[0]}-{rng[1]} is not a block")
                continue
            used[side].update(blocks)
    for side, doc in enumerate(docs):
        label = "upstream" if side == 0 else "translation"
        for b in doc.blocks:
            if used[side][b.index] != 1:
                problems.append(f"{label} block {b.kind} {b.start}-{b.end} is in {used[side][b.index]} pairs")
    assert problems == []


def _blocks_of(doc, rng) -> list[int] | None:
    """The blocks a gold range names: one block, or two consecutive ones (split/merge)."""
    exact = [b.index for b in doc.blocks if (b.start, b.end) == rng]
    if exact:
        # a front matter holding only its title line is one block, the title another
        return exact[:1] if len(exact) == 1 else [i for i in exact if doc.blocks[i].kind != "title"][:1]
    for a, b in zip(doc.blocks, doc.blocks[1:]):
        if a.start == rng[0] and b.end == rng[1] and b.kind != "title":
            return [a.index, b.index]
    return None


def test_generated_fixtures_are_up_to_date():
    make_drift = load_script("make_drift", GOLD_DIR / "tools" / "make_drift.py")
    for name in make_drift.RECIPES:
        for fname, text in make_drift.build(name).items():
            assert (GOLD_DIR / fname).read_text(encoding="utf-8") == text, f"rebuild {fname} with make_drift.py"


@pytest.fixture(scope="module")
def results():
    return {name: bench.evaluate(name) for name in DOCUMENTS}


def test_no_document_crashes_the_aligner(results):
    assert {name: r.crashed for name, r in results.items() if r.crashed} == {}


def test_quality_floor_over_the_set(results):
    matched, full = bench.Counts(), bench.Counts()
    for r in results.values():
        matched.add(r.matched)
        full.add(r.full)
    assert matched.f1 >= FLOOR_MATCHED_F1, bench.report(list(results.values()))
    assert full.f1 >= FLOOR_ALL_F1, bench.report(list(results.values()))


@pytest.mark.parametrize("name", DOCUMENTS)
def test_quality_floor_per_document(results, name):
    r = results[name]
    assert r.matched.f1 >= FLOOR_DOCUMENT_F1, "\n".join(r.errors)


@pytest.mark.parametrize("name", DOCUMENTS)
def test_every_block_in_exactly_one_pair(name):
    al = bench.run_align(name)
    up = Counter(i for p in al.pairs for i in p.upstream)
    tr = Counter(i for p in al.pairs for i in p.translation)
    assert [i for i in range(len(al.upstream.blocks)) if up[i] != 1] == []
    assert [i for i in range(len(al.translation.blocks)) if tr[i] != 1] == []


def test_scoring_counts_exact_spans_only():
    """A 1-2 pair predicted as 1-1 plus an extra block scores as wrong, not half right."""
    gold = [((1, 1), (1, 3)), ((5, 5), (5, 5)), (None, (7, 7))]
    pred = [((1, 1), (1, 1)), (None, (3, 3)), ((5, 5), (5, 5)), (None, (7, 7))]
    matched = bench._count(gold, pred, both_sides=True)
    full = bench._count(gold, pred, both_sides=False)
    assert (matched.correct, matched.predicted, matched.gold) == (1, 2, 2)
    assert (full.correct, full.predicted, full.gold) == (2, 4, 3)
    [stretch] = bench.mistakes("doc", gold, pred)
    assert "gold [1-1 ~ 1-3]" in stretch and "relsync [1-1 ~ 1-1, - ~ 3-3]" in stretch
