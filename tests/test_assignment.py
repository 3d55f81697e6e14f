"""The pairing worth the most (:mod:`relsync.assignment`), against every pairing tried."""

from __future__ import annotations

import itertools
import random

from relsync.assignment import best_matching, best_pairing, uncross


def _best_sum(weights) -> float:
    xs = sorted({x for x, _ in weights})
    ys = sorted({y for _, y in weights})
    best = 0.0
    for chosen in itertools.permutations(ys + [None] * len(xs), len(xs)):
        best = max(best, sum(weights.get((x, y), 0.0) for x, y in zip(xs, chosen) if y is not None))
    return best


def test_the_matching_is_worth_the_most_of_all_pairings():
    rng = random.Random(3)
    for _ in range(200):
        weights = {(rng.randrange(5), 10 + rng.randrange(4)): rng.random() for _ in range(rng.randrange(1, 12))}
        for found in (best_matching(weights), best_pairing(weights)):
            assert len({x for x, _ in found}) == len(found) == len({y for _, y in found})
            assert all(p in weights for p in found)
            assert abs(sum(weights[p] for p in found) - _best_sum(weights)) < 1e-9


def test_the_best_single_pair_is_not_always_taken():
    # "n-data-table supports multiple column sorting" and two Chinese entries naming
    # `n-data-table`: the closest pair alone would leave the long entry without its partner.
    weights = {(1, 1): 0.99, (1, 2): 0.94, (2, 1): 0.80}
    assert best_pairing(weights) == [(1, 2), (2, 1)]


def test_two_neighbours_that_cross_are_uncrossed_where_the_evidence_is_the_same():
    weights = {(10, 21): 1.5, (11, 20): 1.5, (10, 20): 1.4, (11, 21): 1.4}
    crossed = best_pairing(weights)
    assert crossed == [(10, 21), (11, 20)]
    assert uncross(crossed, weights, lambda *_: True, 2) == [(10, 20), (11, 21)]
    assert uncross(crossed, weights, lambda *_: False, 2) == crossed
    assert uncross([(10, 41), (11, 20)], {(10, 20): 1, (11, 41): 1}, lambda *_: True, 2) == [(10, 41), (11, 20)]
