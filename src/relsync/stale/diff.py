"""Word and block diffs of two revisions of a document: no git, only text.

An upstream document at the synced revision is compared with the document now, block by
block (changed, added, removed blocks), each changed block with a word-level diff.
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


def word_diff(old: str, new: str) -> WordDiff:
    """A word-level diff. Whitespace between two replacements is folded into them, so that a
    reworded phrase reads as one change rather than word, space, word."""
    a = _TOKEN_RE.findall(old)
    b = _TOKEN_RE.findall(new)
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

    codes = difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes()
    for k, (tag, i1, i2, j1, j2) in enumerate(codes):
        if tag == "equal":
            text = "".join(a[i1:i2])
            if run and k < len(codes) - 1 and not text.strip():
                run.append(("~", text))
                continue
            flush()
            run.append(("=", text))
            flush()
            continue
        run.append(("-", "".join(a[i1:i2])))
        run.append(("+", "".join(b[j1:j2])))
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


def _key(doc: Document, block: Block) -> str:
    return f"{block.kind}:{block.level}\x00" + " ".join(block_source(doc, block).split())


def _diffable(doc: Document) -> list[Block]:
    return [b for b in doc.blocks if b.kind != "front_matter"]


def diff_blocks(old: Document, new: Document) -> list[BlockChange]:
    """Upstream at the synced revision against upstream now, block by block.

    Identical blocks (up to whitespace and line wrapping) match first; within a run of
    differing blocks, blocks of the same kind are paired by similarity (a rewritten paragraph
    is ``changed``); the rest are ``removed`` or ``added``.
    """
    a, b = _diffable(old), _diffable(new)
    ka = [_key(old, x) for x in a]
    kb = [_key(new, x) for x in b]
    changes: list[BlockChange] = []
    matcher = difflib.SequenceMatcher(None, ka, kb, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        for o, n in _pair_region(old, new, a[i1:i2], b[j1:j2]):
            if o is not None and n is not None:
                diff = word_diff(block_source(old, o), block_source(new, n))
                changes.append(BlockChange(Change.CHANGED, o, n, diff))
            elif o is not None:
                changes.append(BlockChange(Change.REMOVED, o, None, (("-", block_source(old, o)),)))
            else:
                changes.append(BlockChange(Change.ADDED, None, n, (("+", block_source(new, n)),)))
    return changes


def _similarity(old: Document, new: Document, o: Block, n: Block) -> float:
    if o.kind != n.kind and {o.kind, n.kind} != {"heading", "title"}:
        return 0.0
    return fuzz.ratio(block_source(old, o), block_source(new, n)) / 100


def _pair_region(old: Document, new: Document, a: list[Block], b: list[Block]):
    """Monotone pairing of a differing run, in order: (old, new), (old, None), (None, new)."""
    if len(a) == len(b) and all(_similarity(old, new, o, n) > 0 for o, n in zip(a, b)):
        return list(zip(a, b))
    threshold = 0.5
    n, m = len(a), len(b)
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
