"""A block's text with its code spans, template constructs, reference links and URLs held as
private-use characters, so that no sentence or clause is cut inside them and they count for
no length: what :mod:`.omission` reads sentences and their anchors from."""

from __future__ import annotations

import re
from typing import Iterable

from .. import dialects
from ..anchors import URL_RE
from ..model import Block, BlockKind, Document

#: The text of a link that is a reference by number: "[Firefox bug 1469019](...)", "[#1234](...)".
_REFERENCE_LINK_RE = re.compile(r"\[([^\]\n]{0,40}?\d{3,}[^\]\n\d]{0,10})\]\(")
NUMBER_RE = re.compile(r"\d+(?:[.,]\d+)*")
#: A block that is nothing but images: its alt texts are no text a reader of the page reads.
IMAGES_ONLY_RE = re.compile(r"\s*(?:!\[[^\]]*\]\([^)]*\)\s*)+")
#: A tag of HTML.
TAG_RE = re.compile(r"<[^<>]*>")
#: The elements of HTML whose text is code: ``<pre>`` and ``<code>``, with what they hold.
_HTML_CODE_RE = re.compile(r"<(pre|code)\b[^>]*>.*?</\1\s*>", re.S | re.I)
#: A letter or two of code glued to the rest of a word: the word spells out the code's name.
SPELLED_RE = re.compile(r"`(?<![\w`]`)[A-Za-z]{1,2}`[a-z]")  # (the backtick first: a fast scan)


def html_code_only(source: str) -> bool:
    """Whether an HTML block shows text only inside ``<pre>`` or ``<code>`` elements (a
    terminal's output written as highlighted HTML)."""
    rest, n = _HTML_CODE_RE.subn(" ", source)
    return bool(n) and not any(ch.isalpha() for piece in TAG_RE.split(rest) for ch in piece)


def shown_code(blocks: list[Block], memo: dict, doc: Document) -> bool:
    """Whether every piece of text of ``blocks`` (between tags, line by line) is in a code
    block of ``doc``, their document: the output of an example the page shows as code, kept
    as the code is ("Open Modal" of a live demo, the `<button>Open Modal</button>` above it);
    the page's code read once per ``memo``."""
    shown = memo.get("untranslated.code")
    if shown is None:  # the page's code, its spaces as one
        shown = memo["untranslated.code"] = " ".join(
            " ".join(b.source.split()) for b in doc.blocks if b.kind == BlockKind.CODE)
    if not shown:
        return False
    pieces = [" ".join(piece.split()) for b in blocks for line in b.source.split("\n")
              for piece in TAG_RE.split(line)]
    pieces = [p for p in pieces if any(ch.isalpha() for ch in p)]
    return bool(pieces) and all(p in shown for p in pieces)


def prose_length(text: str) -> int:
    """Characters of prose: no code, no spaces (half of them count: CJK writes none)."""
    placeholders = len(_PRIVATE_RE.findall(text)) if not text.isascii() else 0
    return len("".join(text.split())) - placeholders + text.count(" ") // 2


_PRIVATE_RE = re.compile("[\ue000-\uefff]")
#: A letter of another script than Latin (Unicode's Latin blocks up to Latin Extended-B and
#: Latin Extended Additional): what ``languages.letter_scripts`` tells, as a pattern a scan
#: stops at on the first match (counting every letter's script costs the rules half again).
OTHER_LETTER = r"[^\W\d_A-Za-z\u00c0-\u024f\u1e00-\u1eff]"
#: Two such letters in a row: a code span holding them is prose
#: ("[`公式 Starlette ドキュメントサイトの「テストでの lifespan の実行」`](…)").
_PROSE_CODE_RE = re.compile(OTHER_LETTER + "{2}")
#: A macro's text that is a name of code (``ServiceWorkerGlobalScope.onmessageerror``,
#: ``modify()``): shown as code, as the macro's first argument is when it has no text.
_CODE_NAME_RE = re.compile(r"[\w$-]+(?:[.:#][\w$-]+)+(?:\(\))?|[\w$.:#-]+\(\)")
PLACEHOLDER_BASE = 0xE000
PLACEHOLDERS = frozenset(chr(PLACEHOLDER_BASE + k) for k in range(4096))


_STORES = {"up": "omission.masked.up", "tr": "omission.masked.tr"}


def share_upstream(ctx_memo: dict, upstream: Document) -> None:
    """Keep :func:`masked_of` upstream's blocks with the upstream document, for every pair
    that shares it (an upstream page every locale reads)."""
    if _STORES["up"] not in ctx_memo:
        ctx_memo[_STORES["up"]] = upstream.derived(_STORES["up"], dict)


def masked_of(ctx_memo: dict, side: str, block: Block) -> tuple[str, tuple[str, ...], int]:
    """:func:`masked` and the length of its text, once per block of an alignment."""
    store = ctx_memo.get(_STORES[side])  # the side's blocks by index (hot: no key to build)
    if store is None:
        store = ctx_memo[_STORES[side]] = {}
    value = store.get(block.index)
    if value is None:
        text, anchors = masked(block)
        # the masked text's only spaces are single " " (what prose_length counts, faster)
        spaces = text.count(" ")
        placeholders = len(_PRIVATE_RE.findall(text)) if not text.isascii() else 0
        value = store[block.index] = (text, anchors, len(text) - spaces - placeholders + spaces // 2)
    return value

def masked(block: Block) -> tuple[str, tuple[str, ...]]:
    """A block's text with each code span, template construct (a Hugo shortcode, a
    KumaScript macro: its prose parts stay), reference link ("Firefox bug 1469019") and URL
    written in the text replaced by one private-use character, the ``k``-th anchor by U+E000 + ``k``,
    so that no sentence or clause is cut inside them and they count for no length; a code span
    holding words in another script than Latin is left as it is (a translation's words a
    reader reads, set as code)."""
    text = block.text
    anchors: list[str] = []

    def place(value: str) -> str:
        anchors.append(value)
        return chr(PLACEHOLDER_BASE + len(anchors) - 1)

    if dialects.MARKER_RE.search(text):
        def construct(m: re.Match) -> str:
            canonical, prose = dialects.construct(m.group(0))
            shown = " ".join(place(p) if _CODE_NAME_RE.fullmatch(p) else p for p in prose)
            return " " + shown + " " + place(canonical)
        text = dialects.CONSTRUCT_RE.sub(construct, text)
    if "](" in block.source:
        for label in _REFERENCE_LINK_RE.findall(block.source):
            if label in text:
                number = max(re.findall(r"\d{3,}", label), key=len)
                text = text.replace(label, place(number))
    if block.anchors.code:
        for c in sorted({c for c in block.anchors.code if c}, key=len, reverse=True):
            if not c.isascii() and _PROSE_CODE_RE.search(c):
                continue  # a span of words in another script than Latin is prose a reader reads
            if c in text and len(anchors) < 4096:
                text = _whole(text, c, place(c))  # (one placeholder for all its uses)
    if "http" in text or "www." in text:
        text = URL_RE.sub(lambda m: place(m.group(0)) if len(anchors) < 4096 else " ", text)
    return " ".join(text.split()), tuple(anchors)


def _whole(text: str, value: str, placeholder: str) -> str:
    """``text`` with ``value`` replaced by ``placeholder`` where the text writes it as a whole
    token, not inside a word of Latin letters (`y` is no part of "ReadOnly", `id` none of
    "valid"; beside letters of another script it is whole: "`docstring`に")."""
    before, after = value[0] in _ASCII_WORD, value[-1] in _ASCII_WORD
    out: list[str] = []
    start = at = 0
    while (at := text.find(value, at)) >= 0:
        end = at + len(value)
        if (before and at and text[at - 1] in _ASCII_WORD) or (after and end < len(text) and text[end] in _ASCII_WORD):
            at += 1
            continue
        out += (text[start:at], placeholder)
        start = at = end
    return "".join(out) + text[start:] if out else text


def written_whole(text: str, value: str) -> bool:
    """Whether ``text`` writes ``value`` as a whole token (see :func:`_whole`)."""
    return value in text and _whole(text, value, "\ue000") != text


#: The letters of a word in Latin script, digits and ``_``.
_ASCII_WORD = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_")


def hold(text: str, values: Iterable[str], most: int = 256) -> tuple[str, tuple[str, ...]]:
    """``text`` with each of ``values`` (the longest first, at most ``most`` of them) held as
    one private-use character where it is a whole token (:func:`_whole`), and the values held,
    in the order :func:`unmask` reads."""
    held = tuple(sorted({v for v in values if v}, key=len, reverse=True)[:most])
    for k, value in enumerate(held):
        if value in text:
            text = _whole(text, value, chr(PLACEHOLDER_BASE + k))
    return text, held


def unmask(text: str, code: tuple[str, ...]) -> str:
    """``text`` with the anchors :func:`masked` or :func:`hold` held given back (a private-use
    character of the text itself stays)."""
    if text.isascii():
        return text
    n = len(code)
    return "".join(code[ord(ch) - PLACEHOLDER_BASE] if ch in PLACEHOLDERS and ord(ch) - PLACEHOLDER_BASE < n
                   else ch for ch in text)

def anchor_numbers(text: str) -> list[re.Match]:
    """The numbers of a text that a translation keeps as anchors (not a lone digit)."""
    return [m for m in NUMBER_RE.finditer(text) if len(m.group(0)) > 1 or "." in m.group(0)]
