"""Blocks a translation keeps in upstream's words, word for word.

An entry left in upstream's words that moved is the one block without a partner with its
text on each side (:func:`same_text_pairs`); a block of one side that the ordered alignment
paired by position with another block than the one whose text it is pairs with that one
(:func:`kept_texts`).
"""

from __future__ import annotations

from collections import Counter

from .model import Alignment, Document


#: A block's text must have this many characters to pair by being the same text.
SAME_TEXT_MIN_CHARS = 20


def same_text_pairs(left_a: list[int], left_b: list[int], up: Document, tr: Document,
                    least: int = SAME_TEXT_MIN_CHARS) -> list[tuple[int, int]]:
    """Blocks left without a partner whose text is the same, of the same kind, the only such
    text among them on each side: an entry the translation left in upstream's words, in
    another place."""
    def texts(doc: Document, blocks: list[int]) -> dict[int, str]:
        return {k: " ".join(doc.blocks[k].text.split()) for k in blocks}
    texts_a, texts_b = texts(up, left_a), texts(tr, left_b)
    count_a, count_b = Counter(texts_a.values()), Counter(texts_b.values())
    by_text = {t: a for a, t in texts_a.items() if count_a[t] == 1 and len(t) >= least}
    return [(by_text[t], b) for b, t in texts_b.items()
            if t in by_text and count_b[t] == 1 and up.blocks[by_text[t]].kind == tr.blocks[b].kind]


def kept_texts(al: Alignment) -> dict[int, int]:
    """Blocks that the ordered alignment paired with another block than the one block
    without a partner on the other side whose text theirs is, word for word, a sentence (an
    entry's description left in upstream's words, in another place, taken by position by a
    neighbour's pair; a title may be named again elsewhere, in a list of related pages):
    upstream block -> translation block, the only such text on each side. Either side's
    block may be the one paired so: the translation's left text taken by another upstream
    entry, or upstream's entry taken by another translated one."""
    out = _kept_texts(al.pairs, al.upstream, al.translation, lambda p: p.upstream, lambda p: p.translation)
    mirrored = _kept_texts(al.pairs, al.translation, al.upstream, lambda p: p.translation, lambda p: p.upstream)
    taken = set(out.values())
    for b, a in mirrored.items():
        if a not in out and b not in taken:
            out[a] = b
    return out


def _kept_texts(pairs, doc_a: Document, doc_b: Document, side_a, side_b) -> dict[int, int]:
    """:func:`kept_texts` one way: a block of ``doc_a`` without a partner -> the block of
    ``doc_b`` paired elsewhere that writes its text."""
    paired_a = {i for p in pairs if p.is_match for i in side_a(p)}
    left_a = [b.index for b in doc_a.blocks if b.index not in paired_a]
    if not left_a:
        return {}
    texts_a = {i: " ".join(doc_a.blocks[i].text.split()) for i in left_a}
    counts = Counter(" ".join(b.text.split()) for b in doc_b.blocks)
    seen = Counter(texts_a.values())
    by_text = {t: i for i, t in texts_a.items() if len(t) >= SAME_TEXT_MIN_CHARS and seen[t] == 1
               and t.endswith((".", "!", "?"))}
    out: dict[int, int] = {}
    for p in pairs:
        if not p.is_match:
            continue
        own = {" ".join(doc_a.blocks[i].text.split()) for i in side_a(p)}
        for j in side_b(p):
            t = " ".join(doc_b.blocks[j].text.split())
            a = by_text.get(t)
            if a is not None and t not in own and counts[t] == 1 and doc_a.blocks[a].kind == doc_b.blocks[j].kind:
                out[a] = j
    return out
