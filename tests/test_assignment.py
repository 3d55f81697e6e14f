"""The pairing worth the most (:mod:`relsync.assignment`), against every pairing tried."""

from __future__ import annotations

import itertools
import random

from relsync.assignment import best_matching, best_pairing


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
