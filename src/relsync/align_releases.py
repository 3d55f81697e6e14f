"""Releases: the top-level sections of a changelog (``## 2.44.0``), within which entries that
moved pair first (:mod:`relsync.align_moved`), and the releases one language has alone."""

from __future__ import annotations

from collections import Counter
from typing import Protocol

from .model import Alignment, Block, BlockKind, Document


class Side(Protocol):
    """One document's blocks by release (:class:`relsync.align_moved._Side`)."""

    level: int | None

    def scope(self, i: int) -> int: ...

    def scope_of(self, block: Block) -> int: ...


#: The top-level sections of each side (upstream's, the translation's) that a release one
#: side has alone fills.
Lone = tuple[set[int], set[int]]


def scope_level(doc: Document) -> int | None:
    """The shallowest heading level with more than one heading: the level of releases in a
    changelog (``## 2.43.0``), of chapters in a page."""
    levels = Counter(b.level for b in doc.blocks if b.kind == BlockKind.HEADING)
    return min((lv for lv, n in levels.items() if n > 1), default=None)


def scope_pairs(al: Alignment, up: Side, tr: Side) -> dict[int, int]:
    """Upstream top-level section -> the translation's, by their paired headings."""
    out: dict[int, int] = {-1: -1}
    for p in al.pairs:
        if not p.is_match or len(p.upstream) != 1 or len(p.translation) != 1:
            continue
        a, b = al.upstream.blocks[p.upstream[0]], al.translation.blocks[p.translation[0]]
        if a.kind == BlockKind.HEADING and a.level == up.level and b.is_heading:
            sa, sb = up.scope_of(a), tr.scope_of(b)
            if sa >= 0 and sb >= 0:
                out[sa] = sb
    return out


def lone_releases(al: Alignment, up: Side, tr: Side) -> Lone:
    """The top-level sections of each side whose heading names a version (``## 2.44.0``) that
    no heading of the other side names, the heading itself unpaired: a release one language
    has and the other has not (upstream's newest, not yet translated)."""
    out: tuple[set[int], set[int]] = set(), set()
    paired = ({i for p in al.pairs if p.is_match for i in p.upstream},
              {j for p in al.pairs if p.is_match for j in p.translation})
    docs = (al.upstream, al.translation)
    named = [{n for b in doc.blocks if b.is_heading for n in b.anchors.numbers} for doc in docs]
    for k, side in enumerate((up, tr)):
        for b in docs[k].blocks:
            if (b.is_heading and b.level == side.level and b.anchors.numbers and b.index not in paired[k]
                    and not set(b.anchors.numbers) & named[1 - k]):
                out[k].add(side.scope_of(b))
    return out


def leave_lone_releases(lone: Lone, up: Side, tr: Side, partner_a: dict[int, int | None],
                        partner_b: dict[int, int | None]) -> None:
    """Take the unpaired blocks of a release one side has alone (``lone``:
    :func:`lone_releases`) out of play (``partner_a``, ``partner_b``: the blocks of each side
    in play, and their partners): its entries are not the other side's, moved (a missing
    release is one finding, not a pool of entries taking the blocks other releases paired by
    position)."""
    lone_a, lone_b = lone
    for lone_scopes, partners, side in ((lone_a, partner_a, up), (lone_b, partner_b, tr)):
        if lone_scopes:
            for i in [i for i, x in partners.items() if x is None and side.scope(i) in lone_scopes]:
                del partners[i]


def lone_crossings(al: Alignment, lone: Lone, up: Side, tr: Side) -> list[tuple[int, int]]:
    """The pairs the ordered alignment made from a block of a release one side has alone
    (``lone``: :func:`lone_releases`) to a block of a release paired with another: made by
    position alone, across releases (2.11.2's ``### Feats``, a release not translated, paired
    with the ``### Fixes`` the translation gives 2.11.3)."""
    lone_a, lone_b = lone
    if not lone_a and not lone_b:
        return []
    scopes = scope_pairs(al, up, tr)
    back = {sb: sa for sa, sb in scopes.items()}
    out = []
    for p in al.pairs:
        if not p.is_match or len(p.upstream) != 1 or len(p.translation) != 1:
            continue
        a, b = p.upstream[0], p.translation[0]
        sa, sb = up.scope(a), tr.scope(b)
        if (sa in lone_a and back.get(sb, sa) != sa) or (sb in lone_b and scopes.get(sa, sb) != sb):
            out.append((a, b))
    return out
