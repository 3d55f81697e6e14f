"""The pairing of two sets that is worth the most: a maximum-weight bipartite matching.

The Hungarian method with potentials (Kuhn and Munkres), O(n^2 m) for n rows and m columns,
on each group of items linked by candidate pairs; a group too large for it is paired
greedily, the best pair first.
"""

from __future__ import annotations

from collections import defaultdict

#: A group larger than this (items of both sides) is paired greedily.
ASSIGNMENT_MAX_ITEMS = 200

_INF = float("inf")


def best_matching(weights: dict[tuple[int, int], float]) -> list[tuple[int, int]]:
    """The pairs ``(x, y)`` of ``weights`` (positive, keyed by pair) that use every ``x``
    and every ``y`` at most once and whose weights sum to the most."""
    if not weights:
        return []
    rows = sorted({x for x, _ in weights})
    cols = sorted({y for _, y in weights})
    transpose = len(rows) > len(cols)
    if transpose:
        rows, cols = cols, rows
        weights = {(y, x): w for (x, y), w in weights.items()}
    n, m = len(rows), len(cols)
    cost = [[-weights.get((r, c), 0.0) for c in cols] for r in rows]
    u = [0.0] * (n + 1)
    v = [0.0] * (m + 1)
    owner = [0] * (m + 1)  # column -> row (1-based), 0: free
    way = [0] * (m + 1)
    for i in range(1, n + 1):
        owner[0] = i
        j0 = 0
        slack = [_INF] * (m + 1)
        used = [False] * (m + 1)
        while True:
            used[j0] = True
            i0, delta, j1 = owner[j0], _INF, 0
            row = cost[i0 - 1]
            ui0 = u[i0]
            for j in range(1, m + 1):
                if not used[j]:
                    cur = row[j - 1] - ui0 - v[j]
                    if cur < slack[j]:
                        slack[j], way[j] = cur, j0
                    if slack[j] < delta:
                        delta, j1 = slack[j], j
            for j in range(m + 1):
                if used[j]:
                    u[owner[j]] += delta
                    v[j] -= delta
                else:
                    slack[j] -= delta
            j0 = j1
            if owner[j0] == 0:
                break
        while j0:
            j1 = way[j0]
            owner[j0] = owner[j1]
            j0 = j1
    out = []
    for j in range(1, m + 1):
        if owner[j]:
            pair = (rows[owner[j] - 1], cols[j - 1])
            if pair in weights:
                out.append((pair[1], pair[0]) if transpose else pair)
    return sorted(out)


def best_pairing(weights: dict[tuple[int, int], float]) -> list[tuple[int, int]]:
    """:func:`best_matching` of each group of candidate pairs linked by shared items."""
    out = []
    for group in _components(weights):
        out += _pairing(group)
    return sorted(out)


def _components(weights: dict[tuple[int, int], float]) -> list[dict[tuple[int, int], float]]:
    """The candidate pairs of ``weights`` in groups linked by shared items."""
    parent: dict[tuple[int, int], tuple[int, int]] = {}

    def find(x):
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for a, b in weights:
        parent[find((0, a))] = find((1, b))
    groups: dict[tuple[int, int], dict[tuple[int, int], float]] = defaultdict(dict)
    for (a, b), w in weights.items():
        groups[find((0, a))][a, b] = w
    return list(groups.values())


def _pairing(group: dict[tuple[int, int], float]) -> list[tuple[int, int]]:
    """The pairs of a group worth the most together, or, for a large group, taken the best
    first."""
    if len({a for a, _ in group}) + len({b for _, b in group}) <= ASSIGNMENT_MAX_ITEMS:
        return best_matching(group)
    out, taken_a, taken_b = [], set(), set()
    for (a, b), _ in sorted(group.items(), key=lambda e: (-e[1], e[0])):
        if a not in taken_a and b not in taken_b:
            out.append((a, b))
            taken_a.add(a)
            taken_b.add(b)
    return out


def uncross(pairs: list[tuple[int, int]], weights: dict[tuple[int, int], float], tie, reach: int
            ) -> list[tuple[int, int]]:
    """``pairs`` with two that cross each other, at most ``reach`` apart on each side, made
    in order instead where ``weights`` allows it and ``tie(x1, y1, x2, y2)`` says the
    evidence is the same either way."""
    pairs = sorted(pairs)
    for i in range(len(pairs)):
        for j in range(i + 1, len(pairs)):
            (x1, y1), (x2, y2) = pairs[i], pairs[j]
            if x2 - x1 > reach:
                break
            if y2 < y1 <= y2 + reach and (x1, y2) in weights and (x2, y1) in weights and tie(x1, y1, x2, y2):
                pairs[i], pairs[j] = (x1, y2), (x2, y1)
    return pairs

