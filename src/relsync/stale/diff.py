"""Word and block diffs of two revisions of a document: no git, only text.

An upstream document at the synced revision is compared with the document now, block by
block (changed, added, removed blocks), each changed block with a word-level diff. Both stay
linear in the size of the input: a long block is diffed by lines before words, and a long
run of differing blocks is paired within a band.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from rapidfuzz import fuzz

from ..model import Block, Document, StrEnum

#: One piece of a word diff: ``("=", text)`` kept, ``("-", text)`` removed, ``("+", text)`` added.
WordDiff = tuple[tuple[str, str], ...]



class Change(StrEnum):
    """How an upstream block differs between the synced revision and now."""

    CHANGED = "changed"
    ADDED = "added"
    REMOVED = "removed"


_TOKEN_RE = re.compile(r"\s+|\d+(?:[.,]\d+)*[%\w]*|\w+|[^\w\s]")


@dataclass(frozen=True, slots=True)
class BlockChange:
    """One upstream block that differs between the synced revision and now."""

    change: Change
    old: Block | None
    """The block at the synced revision (``None`` when added)."""
    new: Block | None
    """The block now (``None`` when removed)."""
    diff: WordDiff

    def to_dict(self) -> dict[str, object]:
        return {
            "change": self.change,
            "old_line": self.old.start if self.old else None,
            "line": self.new.start if self.new else None,
            "diff": format_word_diff(self.diff),
            "ops": [list(op) for op in self.diff],
        }


#: Texts of more tokens than this (either side) are diffed line by line first, and word by
#: word only within each run of changed lines: a word diff compares every token with every
#: other, and a long code block has tens of thousands.
WORD_DIFF_TOKENS = 2000
#: A run of changed lines of more tokens than this (either side) is shown removed and added
#: whole (a rewritten listing): its word diff would cost too much and say too little.
WORD_DIFF_RUN_TOKENS = 4000

_LINE_RE = re.compile(r"[^\n]*\n|[^\n]+\Z")


def word_diff(old: str, new: str) -> WordDiff:
    """A word-level diff. Whitespace between two replacements is folded into them, so that a
    reworded phrase reads as one change rather than word, space, word."""
    a = _TOKEN_RE.findall(old)
    b = _TOKEN_RE.findall(new)
    if len(a) <= WORD_DIFF_TOKENS and len(b) <= WORD_DIFF_TOKENS:
        return _fold(_token_pieces(a, b))
    return _fold(_line_pieces(old, new))


def _token_pieces(a: list[str], b: list[str]) -> list[tuple[bool, str, str]]:
    """The diff of two token lists as pieces ``(equal, old text, new text)``."""
    codes = difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes()
    return [(tag == "equal", "".join(a[i1:i2]), "".join(b[j1:j2])) for tag, i1, i2, j1, j2 in codes]


def _line_pieces(old: str, new: str) -> list[tuple[bool, str, str]]:
    """Lines first (blank and frequent lines may only extend a match: difflib's autojunk),
    then words within each run of changed lines of bounded size."""
    la, lb = _LINE_RE.findall(old), _LINE_RE.findall(new)
    pieces: list[tuple[bool, str, str]] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, la, lb).get_opcodes():
        before, after = "".join(la[i1:i2]), "".join(lb[j1:j2])
        if tag == "equal":
            pieces.append((True, before, after))
            continue
        ta, tb = _TOKEN_RE.findall(before), _TOKEN_RE.findall(after)
        if tag == "replace" and len(ta) <= WORD_DIFF_RUN_TOKENS and len(tb) <= WORD_DIFF_RUN_TOKENS:
            pieces.extend(_token_pieces(ta, tb))
        else:
            pieces.append((False, before, after))
    return pieces


def _fold(pieces: list[tuple[bool, str, str]]) -> WordDiff:
    """Diff pieces into ops, a reworded phrase as one change."""
    ops: list[tuple[str, str]] = []
    run: list[tuple[str, str]] = []

    def flush() -> None:
        removed = "".join(t for op, t in run if op in ("-", "~"))
        added = "".join(t for op, t in run if op in ("+", "~"))
        if any(op == "-" for op, _ in run) and any(op == "+" for op, _ in run):
            folded = [("-", removed), ("+", added)]
        else:
            folded = [("=" if op == "~" else op, t) for op, t in run]
        for op, text in folded:
            if not text:
                continue
            if ops and ops[-1][0] == op:
                ops[-1] = (op, ops[-1][1] + text)
            else:
                ops.append((op, text))
        run.clear()

    for k, (equal, before, after) in enumerate(pieces):
        if equal:
            if run and k < len(pieces) - 1 and not before.strip():
                run.append(("~", before))
                continue
            flush()
            run.append(("=", before))
            flush()
            continue
        run.append(("-", before))
        run.append(("+", after))
    flush()
    # a lone insertion or deletion starts at a word: "FP16 {+and BF16 +}support"
    for k in range(1, len(ops) - 1):
        (p_op, prev), (op, text), (n_op, nxt) = ops[k - 1], ops[k], ops[k + 1]
        if p_op == n_op == "=" and op != "=" and text[:1].isspace() and nxt[:1] == text[:1]:
            ops[k - 1] = ("=", prev + text[0])
            ops[k] = (op, text[1:] + text[0])
            ops[k + 1] = ("=", nxt[1:])
    return tuple((op, text) for op, text in ops if text)


def format_word_diff(diff: WordDiff, context: int | None = None) -> str:
    """``[-removed-]{+added+}`` notation, as ``git diff --word-diff=plain``; with ``context``,
    unchanged runs are cut to that many characters on each side of a change."""
    out = []
    for k, (op, text) in enumerate(diff):
        if op == "-":
            out.append(f"[-{text}-]")
        elif op == "+":
            out.append(f"{{+{text}+}}")
        else:
            text = " ".join(text.split("\n"))
            if context is not None and len(text) > context * 2:
                first, last = k == 0, k == len(diff) - 1
                if first:
                    text = "\u2026" + text[-context:]
                elif last:
                    text = text[:context] + "\u2026"
                else:
                    text = text[:context] + " \u2026 " + text[-context:]
            out.append(text)
    return "".join(out)


def block_source(doc: Document, block: Block) -> str:
    """The Markdown a block was written as: inline source, or its raw lines."""
    if block.kind in ("table_row", "html") or not block.source:
        return "\n".join(doc.source_lines(block.start, block.end)).strip()
    return block.source.strip()


def block_key(doc: Document, block: Block) -> str:
    """What two revisions of a block must share to be the same block (kind, level, source up
    to whitespace)."""
    return f"{block.kind}:{block.level}\x00" + " ".join(block_source(doc, block).split())


def _diffable(doc: Document) -> list[Block]:
    return [b for b in doc.blocks if b.kind != "front_matter"]


def diff_blocks(old: Document, new: Document) -> list[BlockChange]:
    """Upstream at the synced revision against upstream now, block by block.

    Identical blocks (up to whitespace and line wrapping) match first; within a run of
    differing blocks, blocks of the same kind are paired by similarity (a rewritten paragraph
    is ``changed``); the rest are ``removed`` or ``added``.
    """
    return diff_and_map(old, new)[0]


def diff_and_map(old: Document, new: Document) -> tuple[list[BlockChange], dict[int, int]]:
    """:func:`diff_blocks`, and every block of ``old`` that is a block of ``new`` (the same, or
    changed) -> that block (front matter to front matter, in order)."""
    a, b = _diffable(old), _diffable(new)
    ka = [block_key(old, x) for x in a]
    kb = [block_key(new, x) for x in b]
    changes: list[BlockChange] = []
    mapping = {x.index: y.index for x, y in zip((x for x in old.blocks if x.kind == "front_matter"),
                                                (y for y in new.blocks if y.kind == "front_matter"))}
    matcher = difflib.SequenceMatcher(None, ka, kb, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            mapping.update((a[i].index, b[j].index) for i, j in zip(range(i1, i2), range(j1, j2)))
            continue
        for o, n in _pair_region(old, new, a[i1:i2], b[j1:j2]):
            if o is not None and n is not None:
                diff = word_diff(block_source(old, o), block_source(new, n))
                changes.append(BlockChange(Change.CHANGED, o, n, diff))
                mapping[o.index] = n.index
            elif o is not None:
                changes.append(BlockChange(Change.REMOVED, o, None, (("-", block_source(old, o)),)))
            else:
                changes.append(BlockChange(Change.ADDED, None, n, (("+", block_source(new, n)),)))
    return changes, mapping


def _similarity(old: Document, new: Document, o: Block, n: Block) -> float:
    if o.kind != n.kind and {o.kind, n.kind} != {"heading", "title"}:
        return 0.0
    return fuzz.ratio(block_source(old, o), block_source(new, n)) / 100


#: Differing runs up to this many block pairs (n * m) compare every pair; larger ones (a
#: rewritten document) compare the blocks within a band of the diagonal.
FULL_PAIR_CELLS = 40_000
#: Half-width of that band, beyond (at most four times this of) the runs' length difference.
PAIR_BAND = 25


def _pair_banded(old: Document, new: Document, a: list[Block], b: list[Block], threshold: float):
    """The pairing of :func:`_pair_region` for a long run: pairs at or above ``threshold``
    among the blocks within a band of the diagonal, the monotone chain of them with the
    greatest total similarity (a weighted longest increasing subsequence), in time and memory
    linear in the run's length."""
    n, m = len(a), len(b)
    width = PAIR_BAND + min(abs(n - m), 4 * PAIR_BAND) + -(-max(n, m) // max(1, min(n, m)))
    points = []
    for i in range(n):
        center = (i * m) // n
        for j in range(max(0, center - width), min(m, center + width + 1)):
            s = _similarity(old, new, a[i], b[j])
            if s >= threshold:
                points.append((i, j, s))
    chain = _heaviest_chain(points, m)
    out = []
    i = j = 0
    for x, y in chain:
        out.extend((blk, None) for blk in a[i:x])
        out.extend((None, blk) for blk in b[j:y])
        out.append((a[x], b[y]))
        i, j = x + 1, y + 1
    out.extend((blk, None) for blk in a[i:])
    out.extend((None, blk) for blk in b[j:])
    return out


def _heaviest_chain(points: list[tuple[int, int, float]], m: int) -> list[tuple[int, int]]:
    """Of points (i, j, weight), the chain strictly increasing in i and j with the greatest
    total weight; a Fenwick tree of the best chain ending below each j."""
    tree: list[tuple[float, int]] = [(0.0, -1)] * (m + 1)
    best: list[float] = []
    prev: list[int] = []
    order = sorted(range(len(points)), key=lambda k: (points[k][0], -points[k][1]))
    for k in order:
        _, j, weight = points[k]
        top, arg = 0.0, -1
        q = j  # the best over columns < j
        while q > 0:
            if tree[q][0] > top:
                top, arg = tree[q]
            q -= q & -q
        best_k = top + weight
        best.append(best_k)
        prev.append(arg)
        q = j + 1
        while q <= m:
            if tree[q][0] < best_k:
                tree[q] = (best_k, len(best) - 1)
            q += q & -q
    if not best:
        return []
    k = max(range(len(best)), key=best.__getitem__)
    chain = []
    while k >= 0:
        x, y, _ = points[order[k]]
        chain.append((x, y))
        k = prev[k]
    chain.reverse()
    return chain


def _pair_region(old: Document, new: Document, a: list[Block], b: list[Block]):
    """Monotone pairing of a differing run, in order: (old, new), (old, None), (None, new)."""
    if len(a) == len(b) and all(_similarity(old, new, o, n) > 0 for o, n in zip(a, b)):
        return list(zip(a, b))
    threshold = 0.5
    n, m = len(a), len(b)
    if n * m > FULL_PAIR_CELLS:
        return _pair_banded(old, new, a, b, threshold)
    score = [[0.0] * (m + 1) for _ in range(n + 1)]
    sim = [[0.0] * m for _ in range(n)]
    for i in range(n - 1, -1, -1):
        for j in range(m - 1, -1, -1):
            s = sim[i][j] = _similarity(old, new, a[i], b[j])
            take = score[i + 1][j + 1] + s if s >= threshold else -1.0
            score[i][j] = max(take, score[i + 1][j], score[i][j + 1])
    out = []
    i = j = 0
    while i < n and j < m:
        s = sim[i][j]
        if s >= threshold and score[i][j] == score[i + 1][j + 1] + s:
            out.append((a[i], b[j]))
            i, j = i + 1, j + 1
        elif score[i][j] == score[i + 1][j]:
            out.append((a[i], None))
            i += 1
        else:
            out.append((None, b[j]))
            j += 1
    out.extend((x, None) for x in a[i:])
    out.extend((None, y) for y in b[j:])
    return out


def changed_lines(before: str, after: str) -> set[int]:
    """1-based lines of ``after`` that are new or changed relative to ``before``."""
    a = before.replace("\r\n", "\n").split("\n")
    b = after.replace("\r\n", "\n").split("\n")
    lines: set[int] = set()
    for tag, _, _, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag in ("replace", "insert"):
            lines.update(range(j1 + 1, j2 + 1))
    return lines
