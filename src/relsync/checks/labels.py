"""Labels: paragraphs and list items that are only bold text ("**Related**", "- **See also**"),
which a translated page may keep in English as it keeps headings, and the lists of names
they stand in ("**WebSockets**", "**CORS**": the names of features, kept as they are), as
headings stand among headings naming APIs ("#### IndexedDB", "#### WebRTC")."""

from __future__ import annotations

import re

from ..english_words import ENGLISH_WORD_RE, english_zipf
from ..model import Alignment, Block
from .lengths import KINDS

_LABEL_RE = re.compile(r"(?:[-*+]\s+)?\*\*[^*\n]+\*\*\s*[:：]?")


def is_label(block: Block) -> bool:
    """A paragraph or list item that is only bold text: "**Related**", "- **See also**"."""
    return block.kind in KINDS and "**" in block.source and _LABEL_RE.fullmatch(block.source.strip()) is not None


#: A label among this many labels of names, at least, in its list is one of them ...
_NAMES_AROUND = 2
#: ... read this many items before and after it at most (a list of names is short).
_BESIDE = 20


def among_names(label: Block, al: Alignment) -> bool:
    """Whether a list item that is a label stands in a list (the items beside it at its
    depth) with :data:`_NAMES_AROUND` labels or more that are names: capitalized, no
    common English word ("**Cookie Sessions**" below "**WebSockets**" and "**CORS**": the
    names of features, kept; "**Performance**" and "**Security**" are words)."""
    blocks = al.translation.blocks
    names = 0
    for step in (-1, 1):
        k = label.index + step
        while 0 <= k < len(blocks) and abs(k - label.index) <= _BESIDE and blocks[k].kind == "list_item" \
                and blocks[k].level >= label.level:
            b = blocks[k]
            if b.level == label.level and is_label(b) and is_name(b.text):
                names += 1
                if names >= _NAMES_AROUND:
                    return True
            k += step
    return False


def is_name(text: str) -> bool:
    """Whether every word of ``text`` is capitalized and no common English word."""
    words = ENGLISH_WORD_RE.findall(text)
    return bool(words) and all(not w[0].islower() and english_zipf(w) == 0.0 for w in words)


def among_name_headings(heading: Block, al: Alignment) -> bool:
    """Whether a translation's heading, every word of it capitalized, stands among
    :data:`_NAMES_AROUND` sibling headings or more (its level, under the same parent) that
    are code-like names written alone, each word with a capital inside (:func:`is_code_name`)
    and no word of the translation's own: a section per API, each titled by its name
    ("#### Service Workers" beside "#### IndexedDB" and "#### WebRTC"). Rare words are no
    such names, nor is a heading naming one among its own words: "## Project Scaffolding"
    left beside "## TypeScript", "## IDE 支持" and "## Backend Framework Integrations" is
    English left (Vue's Chinese `guide/scaling-up/tooling.md`, fixed by its translators)."""
    words = ENGLISH_WORD_RE.findall(heading.text)
    if not words or any(w[0].islower() for w in words):
        return False
    doc = al.translation
    own = doc.section_of(heading)
    if own.parent is None:
        return False
    siblings = (doc.blocks[doc.sections[k].heading] for k in doc.sections[own.parent].children if k != own.index)
    return sum(1 for b in siblings if b.level == heading.level and b.text.isascii()
               and is_code_name(b.text)) >= _NAMES_AROUND


def is_code_name(text: str) -> bool:
    """Whether every word of ``text`` has a capital after its first letter (``IndexedDB``,
    ``WebRTC``, ``DOM & HTML DOM``): the names of APIs and formats, not words."""
    words = ENGLISH_WORD_RE.findall(text)
    return bool(words) and all(any(c.isupper() for c in w[1:]) for w in words)

