"""Upstream changes that give a translator nothing to redo.

A change that only touches letter case, whitespace or punctuation, fixes a typo (a small
edit within words, no number changed), or only moves a link target, is noise: it is
reported at info with its kind, never as a stale passage to retranslate. A change whose new
values (numbers, code, link targets) the translation already carries is no change at all for
it: the translator got there first.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from rapidfuzz.distance import OSA

from .diff import BlockChange, Change

#: How the kinds read in a finding, from the most to the least specific.
KINDS = ("whitespace", "case", "punctuation", "typo", "link")

_LINK_TARGET_RE = re.compile(r"\]\(\s*<?([^()\s>]+(?:\([^()\s]*\)[^()\s>]*)*)>?(?:\s+\"[^\"]*\")?\s*\)|<(https?://[^>\s]+)>"
                             r"|\bhttps?://[^\s<>()\[\]]+")
_WORD_RE = re.compile(r"\w+")
_VALUE_RE = re.compile(r"\d+(?:[.,]\d+)*|`[^`\n]+`")


def _source(block) -> str:
    return block.source or block.text


def _no_punctuation(text: str) -> str:
    return "".join(ch for ch in text if not unicodedata.category(ch).startswith(("P", "S")))


def _typo(old: str, new: str) -> bool:
    """The same words but for small edits within a few of them: no word added or removed,
    no number changed, each changed word at most two edits (a swap of two letters is one) and a third of its
    length away."""
    a, b = _WORD_RE.findall(old), _WORD_RE.findall(new)
    if len(a) != len(b) or a == b:
        return False
    changed = [(x, y) for x, y in zip(a, b) if x != y]
    if len(changed) > max(1, len(a) // 10):
        return False
    for x, y in changed:
        if x.isdigit() or y.isdigit() or any(c.isdigit() for c in x + y):
            return False
        distance = OSA.distance(x.casefold(), y.casefold())
        if distance > 2 or distance * 3 > max(len(x), len(y)):
            return False
    return True


def kind(change: BlockChange) -> str | None:
    """The kind of noise ``change`` is, or ``None`` for a change a translator must carry."""
    if change.change != Change.CHANGED or change.old is None or change.new is None:
        return None
    if change.old.kind != change.new.kind or change.new.kind == "code":
        return None
    old, new = _source(change.old), _source(change.new)
    if old.split() == new.split():
        return "whitespace"
    if " ".join(old.split()).casefold() == " ".join(new.split()).casefold():
        return "case"
    if _no_punctuation(old).split() == _no_punctuation(new).split():
        return "punctuation"
    unlinked_old, unlinked_new = _LINK_TARGET_RE.sub("](\u2026)", old), _LINK_TARGET_RE.sub("](\u2026)", new)
    if unlinked_old.split() == unlinked_new.split():
        return "link"
    if _typo(old, new):
        return "typo"
    return None


def passage_kind(changes: Iterable[BlockChange]) -> str | None:
    """The kind of noise every change of a passage is (the first of :data:`KINDS` when they
    differ), or ``None`` when one of them is a real change."""
    kinds = {kind(c) for c in changes}
    if not kinds or None in kinds:
        return None
    return next(k for k in KINDS if k in kinds)


def already_carried(changes: Iterable[BlockChange], translation: str) -> bool:
    """Whether every change only swapped values (numbers, code spans) and the translation
    carries every new value already: it was updated before it was marked synced."""
    added: list[str] = []
    for change in changes:
        if change.change != Change.CHANGED:
            return False
        for op, text in change.diff:
            if op == "=":
                continue
            if _WORD_RE.search(_VALUE_RE.sub("", text)):
                return False  # words changed: the translation must say them anew
            if op == "+":
                added += [v.strip("`") for v in _VALUE_RE.findall(text)]
    return bool(added) and all(v in translation for v in added)
