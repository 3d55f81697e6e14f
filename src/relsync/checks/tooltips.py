"""Tooltips: the ``title`` attributes of a block's inline HTML (``<dfn title="…">``,
``<abbr title="…">``), text the page shows when the reader points at a word, which a
translation translates as it translates the block (FastAPI's pages explain their terms so).
:mod:`.english` reports a sentence of upstream's tooltip that the translation's tooltip keeps
word for word."""

from __future__ import annotations

import html
import re
from collections.abc import Container

from .. import sentences
from ..english_words import ENGLISH_WORD_RE
from ..model import Block, BlockKind

#: The ``title`` attribute of an inline HTML element (not a Markdown link's title, which
#: pages mostly fill with a path; nor an ``<abbr>``'s, the words its letters stand for, a
#: name a translation keeps beside its own words: "greater than or equal – größer oder
#: gleich" for `ge`).
_TITLE_RE = re.compile(r"<(?!abbr\b)[A-Za-z][\w-]*\s[^<>]*?(?<=\s)title=\"([^\"]+)\"", re.I)
#: The blocks whose tooltips are read: prose (not a code block's markup).
_KINDS = frozenset({BlockKind.PARAGRAPH, BlockKind.LIST_ITEM, BlockKind.HEADING, BlockKind.TABLE_ROW})
#: A kept sentence has at least this many words upstream writes in lower case ...
ORDINARY_WORDS = 3
#: ... one of them a function word ("Have some coffee for your cookie.").
FUNCTION_WORDS_MIN = 1


def tooltips(block: Block) -> list[str]:
    """The block's tooltips, in order, their entities read and spaces collapsed."""
    return [" ".join(html.unescape(t).split()) for t in _TITLE_RE.findall(block.source)]


def english_tooltips(up: Block, tr: Block, lower: Container[str], function_words: Container[str]) -> list[str]:
    """The sentences of upstream's tooltips that the translation's tooltips keep as they are,
    tooltip by tooltip (as many on both sides), each with :data:`ORDINARY_WORDS` words
    upstream writes in lower case (``lower``) and a function word; none when the block
    itself is upstream's text (the block is untranslated, which ``untranslated`` says)."""
    if tr.kind not in _KINDS or up.kind != tr.kind:
        return []
    theirs = tooltips(tr)
    if not theirs:
        return []
    ours = tooltips(up)
    if len(ours) != len(theirs) or " ".join(up.text.split()) == " ".join(tr.text.split()):
        return []
    out = []
    for u, t in zip(ours, theirs):
        for sentence in sentences.split(u):
            words = ENGLISH_WORD_RE.findall(sentence)
            ordinary = [w for w in words if w.lower() in lower and not w.isupper()]
            if len(ordinary) >= ORDINARY_WORDS and sum(w.lower() in function_words for w in words) \
                    >= FUNCTION_WORDS_MIN and sentence in t:
                out.append(sentence)
    return out
