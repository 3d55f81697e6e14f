"""Heading levels across two documents: a translation that writes every heading a level
deeper than upstream (MDN's older translations start their sections at ``###``) is compared
with upstream as the levels it stands for."""

from __future__ import annotations

from collections import Counter

from .model import BlockKind
from .similarity import Unit, increasing_chain

#: A translation's headings are taken as one level deeper (or shallower) than upstream's when
#: at least this many heading pairs that identify each other say so...
LEVEL_SHIFT_MIN = 2
#: ... and they outnumber those at the same level by this factor.
LEVEL_SHIFT_MAJORITY = 2


def level_shift(up: list[Unit], tr: list[Unit]) -> int:
    """How many levels deeper the translation writes its headings than upstream, when it
    does so throughout: MDN's older translations start their sections at ``###`` where
    upstream has ``##``. Told by the heading pairs that identify each other before any
    alignment: the same text (a heading left in English), the same heading id or the same
    anchor, each found once on each side. 0 when they do not agree."""
    hu = [u for u in up if u.kind == BlockKind.HEADING]
    ht = [u for u in tr if u.kind == BlockKind.HEADING]
    if len(hu) < LEVEL_SHIFT_MIN or len(ht) < LEVEL_SHIFT_MIN:
        return 0
    first_a = unique_keys([u.keys for u in hu])
    first_b = unique_keys([u.keys for u in ht])
    first_a.update({"=" + k: x for k, x in unique_keys(
        [(" ".join(u.text.split()).casefold(),) for u in hu]).items()})
    first_b.update({"=" + k: y for k, y in unique_keys(
        [(" ".join(u.text.split()).casefold(),) for u in ht]).items()})
    points = sorted({(x, first_b[key]) for key, x in first_a.items() if key in first_b})
    shifts = Counter(ht[y].level - hu[x].level for x, y in increasing_chain(points))
    if not shifts:
        return 0
    shift, n = shifts.most_common(1)[0]
    if shift and n >= LEVEL_SHIFT_MIN and n >= LEVEL_SHIFT_MAJORITY * shifts[0]:
        return shift
    return 0


def unique_keys(key_sets) -> dict[str, int]:
    """Keys that occur in exactly one of the given key sets -> the index of that set."""
    first: dict[str, int] = {}
    seen_twice: set[str] = set()
    for x, keys in enumerate(key_sets):
        for key in keys:
            if key in first:
                seen_twice.add(key)
            else:
                first[key] = x
    for key in seen_twice:
        del first[key]
    return first
