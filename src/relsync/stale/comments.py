"""Staleness without git: a translation's source comments (:mod:`relsync.comments`) against
upstream as it is now.

A source comment equal to the upstream block its translation is aligned with (spaces aside)
says the block is in sync, whatever the history says; one that differs says the block is
stale, with the word diff from the comment's text to today's. A comment that resembles none
of those upstream blocks is not taken for a source (a note, a front-matter copy)."""

from __future__ import annotations

from dataclasses import dataclass, field

from rapidfuzz import fuzz

from ..comments import commented_blocks, normalized_source
from ..model import Alignment, Block
from .diff import BlockChange, Change, word_diff

#: How alike (rapidfuzz ratio, 0-100) a comment and the upstream block must be for the
#: comment to be that block's source: a reworded passage still is, a note is not.
SOURCE_SIMILARITY = 60
#: Or: the comment is this much (partial ratio) a part of the upstream block, and at least
#: :data:`SOURCE_PART` of its length (upstream added sentences to the passage).
SOURCE_CONTAINED = 95
SOURCE_PART = 0.25


@dataclass
class CommentStaleness:
    """What the source comments of a translation say."""

    covered: set[int] = field(default_factory=set)
    """Translation blocks whose source comment decides their staleness."""
    stale: list[tuple[int, int, BlockChange]] = field(default_factory=list)
    """``(translation block, comment line, change)`` of each stale block."""


def from_comments(al: Alignment) -> CommentStaleness:
    """Compare every source comment of ``al.translation`` with the upstream block aligned
    with the block it annotates."""
    result = CommentStaleness()
    commented = commented_blocks(al.translation)
    if not commented:
        return result
    for pair in al.pairs:
        if not pair.upstream or not pair.translation:
            continue
        for t in pair.translation:
            if t not in commented:
                continue
            comment, k = commented[t]
            old = comment.source[k]
            new = _counterpart(old, al.upstream_blocks(pair))
            if new is None:
                continue
            result.covered.add(t)
            before, after = normalized_source(old), normalized_source(new)
            if before != after:
                result.stale.append((t, comment.start, BlockChange(Change.CHANGED, old, new, word_diff(before, after))))
    return result


def _counterpart(old: Block, candidates: list[Block]) -> Block | None:
    """The upstream block the comment's block is a revision of, if any is alike enough."""
    best, score = None, 0.0
    before = normalized_source(old)
    for block in candidates:
        if block.kind != old.kind and {block.kind, old.kind} != {"paragraph", "list_item"}:
            continue
        s = _alike(before, normalized_source(block))
        if s > score:
            best, score = block, s
    return best if score else None


def _alike(comment: str, upstream: str) -> float:
    """How much ``comment`` is a revision of ``upstream``; 0 when it is not one."""
    s = fuzz.ratio(comment, upstream)
    if s >= SOURCE_SIMILARITY:
        return s
    short, long = sorted((comment, upstream), key=len)
    if len(short) >= SOURCE_PART * len(long) and len(short.split()) >= 6 \
            and fuzz.partial_ratio(short, long) >= SOURCE_CONTAINED:
        return SOURCE_SIMILARITY
    return 0.0
