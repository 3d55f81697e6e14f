"""What a reader sees of a block: its inline Markdown rendered by the parser the site's
Markdown is read with (markdown-it-py, CommonMark with the document's link reference
definitions), reduced to the text that shows as text.

* :func:`view`: the visible text of a block's source (code spans, inline HTML, images and
  link targets are not text), the link targets that parsed, and the code spans;
* :func:`signs`: the Markdown syntax characters that are left in visible text, by kind;
* :func:`emphasis_pairs`: the emphasis delimiters of a source line that were meant as a pair,
  with what CommonMark's flanking rules let each do (markdown-it's own ``scanDelims``);
* :func:`repair_emphasis`: the smallest change of a line that makes such a pair render,
  confirmed by parsing the line again;
* :func:`quoted_instead`: terms a translation sets off in quotation marks where upstream
  writes them in bold;
* :func:`fold_html_emphasis`: ``<strong>`` and ``<i>`` counted as the emphasis they render;
  :func:`drops_bold`: a translation's page that leaves out bold as its style.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, field

from markdown_it.common.utils import normalizeReference
from markdown_it.rules_inline import StateInline

from ..model import Alignment, Block, BlockKind, Document
from ..parse import markdown

#: Blocks whose inline source the site renders as Markdown text.
RENDERED = frozenset({BlockKind.HEADING, BlockKind.PARAGRAPH, BlockKind.LIST_ITEM, BlockKind.TABLE_ROW})

#: Characters of Markdown syntax; a block whose plain text has none shows none.
_SYNTAX_CHARS_RE = re.compile(r"[*_`\[\]<>]|\)\s*\(")

#: Placeholders of what is not text in :attr:`View.visible`: a code span, inline HTML or an
#: image, a footnote reference.
CODE, HTML = "\x00", "\x01"

#: Markdown syntax left as text, by kind. An underscore between two ASCII letters or digits
#: (``snake_case``) is a letter of a name, a `*` or `_` between spaces or quotes (``a * b``,
#: ``"*"``) a character, ``)(`` only syntax before a link target, ``[!NOTE]`` an alert's
#: marker, and ``->``, ``<=``, ``a < b`` arrows and comparisons: none of them is syntax.
SIGNS: dict[str, re.Pattern[str]] = {
    "strong": re.compile(r"(?<!\s)\*\*+|\*\*+(?!\s)|(?<![A-Za-z0-9\s])__+|__+(?![A-Za-z0-9\s])"),
    "emphasis": re.compile(r"(?<![*\s\"'“«‘])\*(?![*\"'”»’])|(?<![*\"'“«‘])\*(?![*\s\"'”»’])"
                           r"|(?<![A-Za-z0-9_\s])_(?!_)|(?<!_)_(?![A-Za-z0-9_\s])"),
    "backtick": re.compile(r"`+"),
    "link syntax": re.compile(r"\]\s*[(（]|\)\((?=[a-z]+:|[/#.])|\]\["),
    "brackets": re.compile(r"\[(?!!)[^\[\]\n]+\]"),
    "angle brackets": re.compile(r"<(?![-=\s])|(?:^|(?<=\s))>(?=\s)"),
}

_REFERENCE_RE = re.compile(r"^ {0,3}\[((?:[^\[\]\\\n]|\\.)+)\]:[ \t]*(\S+)", re.MULTILINE)


@dataclass
class View:
    """What a reader sees of one block."""

    visible: str = ""
    """The text shown as text; code spans are :data:`CODE`, inline HTML and images :data:`HTML`."""
    hrefs: Counter = field(default_factory=Counter)
    """Targets of the links and images that parsed."""
    code: list[str] = field(default_factory=list)
    """The code spans, in order."""
    link_texts: list[tuple[str, str]] = field(default_factory=list)
    """``(target, visible text)`` of each link that parsed."""


def references(doc: Document) -> dict:
    """The document's link reference definitions, as markdown-it keeps them in ``env``."""
    refs = {}
    if "]:" in doc.text:
        for m in _REFERENCE_RE.finditer(doc.text):
            label = normalizeReference(m.group(1))
            refs.setdefault(label, {"href": m.group(2).strip("<>"), "title": ""})
    return {"references": refs}


def block_source(doc: Document, block: Block) -> str:
    """The inline source of a block as the site renders it (a table row: its line)."""
    if block.kind == BlockKind.TABLE_ROW:
        return "\n".join(doc.source_lines(block.start, block.end))
    return block.source


def might_show_syntax(block: Block) -> bool:
    """Whether a block's plain text holds Markdown syntax outside its code spans (whose
    content is in the text as it is, and shows as code)."""
    if block.kind not in RENDERED or _SYNTAX_CHARS_RE.search(block.text) is None:
        return False
    if not block.anchors.code:
        return True
    inside = sum(len(_SYNTAX_CHARS_RE.findall(c)) for c in block.anchors.code)
    return len(_SYNTAX_CHARS_RE.findall(block.text)) > inside


_CODE_ELEMENT_RE = re.compile(r"<(/?)(?:kbd|code|samp|var|tt)\b[^>]*>", re.IGNORECASE)

#: Python-Markdown's strong and emphasis with asterisks, which know no flanking rules
#: (``**“x”**y`` renders): a pair markdown-it leaves as text renders on an MkDocs site.
_PYTHON_MARKDOWN_STRONG_RE = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*")
_PYTHON_MARKDOWN_EM_RE = re.compile(r"(?<!\*)\*(?=[^\s*])([^*]+?)(?<=[^\s*])\*(?!\*)")


def view(source: str, env: dict, flavor: str = "commonmark") -> View:
    """Render ``source`` (inline Markdown) and keep what a reader sees (``flavor``: the
    site's Markdown, ``commonmark`` or ``python-markdown``)."""
    md = markdown()
    tokens: list = []
    md.inline.parse(source, md, dict(env), tokens)
    out = View()
    parts: list[str] = []
    link: list = []  # the open link's target and where its text starts
    code_element = 0  # inside <kbd>, <code>, <samp>, <var>: text shown as code
    for tok in tokens:
        kind = tok.type
        if kind == "html_inline" and (m := _CODE_ELEMENT_RE.match(tok.content)):
            code_element += -1 if m.group(1) else 1
            code_element = max(code_element, 0)
        if kind == "text" and code_element:
            parts.append(CODE)
            out.code.append(tok.content)
        elif kind == "text":
            parts.append(tok.content)
        elif kind == "text_special":
            parts.append(HTML)  # an escaped character is meant as text
        elif kind in ("softbreak", "hardbreak"):
            parts.append(" ")
        elif kind == "code_inline":
            parts.append(CODE)
            out.code.append(tok.content)
        elif kind in ("html_inline", "image", "footnote_ref"):
            parts.append(HTML)
            if kind == "image":
                out.hrefs[tok.attrs.get("src", "")] += 1
        elif kind == "link_open":
            out.hrefs[str(tok.attrs.get("href", ""))] += 1
            link = [str(tok.attrs.get("href", "")), len(parts)]
        elif kind == "link_close" and link:
            out.link_texts.append((link[0], "".join(parts[link[1]:])))
            link = []
    out.visible = "".join(parts)
    if flavor == "python-markdown" and "*" in out.visible:
        out.visible = _PYTHON_MARKDOWN_EM_RE.sub(r"\1", _PYTHON_MARKDOWN_STRONG_RE.sub(r"\1", out.visible))
    return out


def shows_more_strong(up_doc: Document, ups: list[Block], tr_doc: Document, trs: list[Block]) -> bool:
    """Whether the translated blocks show `**` or `__` as text more often than upstream's:
    bold that did not render."""
    def strong(doc: Document, blocks: list[Block]) -> int:
        env = references(doc)
        return sum(signs(view(block_source(doc, b), env).visible)["strong"] for b in blocks
                   if b.kind in RENDERED)
    return strong(tr_doc, trs) > strong(up_doc, ups)


def signs(visible: str) -> Counter:
    """How many of each kind of :data:`SIGNS` the visible text shows."""
    found: Counter = Counter()
    for kind, pattern in SIGNS.items():
        n = len(pattern.findall(visible))
        if n:
            found[kind] = n
    return found


# -- emphasis ----------------------------------------------------------------------------

_RUN_RE = re.compile(r"\*+|_+")
_CODE_OR_TARGET_RE = re.compile(r"(`+).+?\1|\]\([^)\s]*\)?|<[^<>\n]*>|https?://\S+")


@dataclass(frozen=True)
class Delimiter:
    start: int
    end: int
    can_open: bool
    can_close: bool

    def marker(self, line: str) -> str:
        return line[self.start:self.end]


def _runs(line: str) -> list[Delimiter]:
    masked = _CODE_OR_TARGET_RE.sub(lambda m: "\x02" * len(m.group()), line)
    md = markdown()
    state = StateInline(line, md, {}, [])
    out = []
    for m in _RUN_RE.finditer(masked):
        start, end = m.span()
        if start and line[start - 1] == "\\":
            continue
        if m.group()[0] == "_" and start and end < len(line) and line[start - 1].isascii() \
                and line[start - 1].isalnum() and line[end:end + 1].isascii() and line[end:end + 1].isalnum():
            continue  # snake_case
        scanned = state.scanDelims(start, line[start] == "*")
        out.append(Delimiter(start, end, scanned.can_open, scanned.can_close))
    return out


def emphasis_pairs(line: str) -> list[tuple[Delimiter, Delimiter]]:
    """Delimiter runs of a line meant as pairs: consecutive runs of the same character and
    length (``**a。**b`` and ``_全局_``), in order."""
    runs = _runs(line)
    pairs = []
    k = 0
    while k + 1 < len(runs):
        a, b = runs[k], runs[k + 1]
        if a.marker(line) == b.marker(line) and len(a.marker(line)) <= 3:
            pairs.append((a, b))
            k += 2
        else:
            k += 1
    return pairs


def broken(pair: tuple[Delimiter, Delimiter], line: str, flavor: str = "commonmark") -> bool:
    """Whether a pair of delimiters does not render (Python-Markdown renders any pair of
    asterisks)."""
    if flavor == "python-markdown" and line[pair[0].start] == "*":
        return False
    return not (pair[0].can_open and pair[1].can_close)


def _punct(ch: str) -> bool:
    return bool(ch) and unicodedata.category(ch).startswith("P")


def explain(line: str, pair: tuple[Delimiter, Delimiter]) -> str:
    """Why a pair of delimiters does not render, in CommonMark's words, and the repair."""
    a, b = pair
    mark = a.marker(line)
    if mark[0] == "_" and ((not a.can_open and _letter(line, a.start - 1))
                           or (not b.can_close and _letter(line, b.end))):
        return (f"`{mark}` next to a letter cannot open or close emphasis (underscores inside a "
                f"word do not emphasize); write `{'*' * len(mark)}` instead")
    why = []
    if not a.can_open:
        after = line[a.end:a.end + 1]
        why.append(f"the opening `{mark}` before `{after}` (punctuation) and after a letter is not "
                   "left-flanking" if _punct(after) else f"the opening `{mark}` cannot open")
    if not b.can_close:
        before = line[b.start - 1:b.start]
        why.append(f"the closing `{mark}` after `{before}` (punctuation) and before a letter is not "
                   "right-flanking" if _punct(before) else f"the closing `{mark}` cannot close")
    return ("; ".join(why) + " (CommonMark's flanking rules), so the reader sees the delimiters; move "
            "the punctuation outside the delimiters or put a space on their outer side")


def _letter(line: str, k: int) -> bool:
    return 0 <= k < len(line) and line[k].isalnum()


def _candidates(line: str, pair: tuple[Delimiter, Delimiter]) -> list[str]:
    a, b = pair
    mark = a.marker(line)
    head, inner, tail = line[:a.start], line[a.end:b.start], line[b.end:]
    out = []
    if mark[0] == "_":
        out.append(head + "*" * len(mark) + inner + "*" * len(mark) + tail)
    moved_in = inner
    lead = trail = ""
    if not a.can_open:
        m = re.match(r"[^\w\s]+", moved_in)
        if m and all(_punct(c) for c in m.group()):
            lead, moved_in = m.group(), moved_in[m.end():]
    if not b.can_close:
        m = re.search(r"[^\w\s]+$", moved_in)
        if m and all(_punct(c) for c in m.group()):
            trail, moved_in = m.group(), moved_in[:m.start()]
    if trail and not lead and _closing(trail[0]):
        if not (moved_in[:1] and _opening(moved_in[0])):
            trail, moved_in = "", inner  # "(lifespan)" keeps its parentheses together
        else:
            lead, moved_in = moved_in[0], moved_in[1:]  # a quotation moves out whole
    if lead and not trail and _opening(lead[-1]):
        if not (moved_in[-1:] and _closing(moved_in[-1])):
            lead, moved_in = "", inner
        else:
            trail, moved_in = moved_in[-1], moved_in[:-1]
    if (lead or trail) and moved_in.strip():
        out.append(head + lead + mark + moved_in + mark + trail + tail)
    spaced_head = head + " " if not a.can_open and head and not head[-1].isspace() else head
    spaced_tail = " " + tail if not b.can_close and tail and not tail[0].isspace() else tail
    if (spaced_head, spaced_tail) != (head, tail):
        out.append(spaced_head + mark + inner + mark + spaced_tail)
    return out


def _opening(ch: str) -> bool:
    return unicodedata.category(ch) in ("Pi", "Ps")


def _closing(ch: str) -> bool:
    return unicodedata.category(ch) in ("Pf", "Pe")


def _emphasis_count(line: str, env: dict) -> int:
    md = markdown()
    tokens: list = []
    md.inline.parse(line, md, dict(env), tokens)
    return sum(t.type in ("em_open", "strong_open") for t in tokens)


def repair_emphasis(line: str, pair: tuple[Delimiter, Delimiter], env: dict,
                    flavor: str = "commonmark") -> str | None:
    """The line with the pair made to render, by the first change that works of: the
    underscores written as asterisks; the punctuation next to a delimiter moved outside it;
    a space on the failing delimiter's outer side. Confirmed by parsing: one more emphasis,
    fewer delimiters left as text, the same text otherwise."""
    before = _emphasis_count(line, env)
    shown = signs(view(line, env, flavor).visible)
    left = shown["strong"] + shown["emphasis"]
    for fixed in _candidates(line, pair):
        after = signs(view(fixed, env, flavor).visible)
        if _emphasis_count(fixed, env) > before and after["strong"] + after["emphasis"] < left \
                and _same_letters(line, fixed):
            return fixed
    return None


def _same_letters(a: str, b: str) -> bool:
    keep = re.compile(r"[\s*_]")
    return sorted(keep.sub("", a)) == sorted(keep.sub("", b))


#: Quotation marks a translator may write around a term: in place of its backticks, or of
#: the bold upstream sets it in.
QUOTE_PAIRS = frozenset({"“”", '""', "''", "‘’", "「」", "『』", "«»", "„“"})
#: A short quotation, as a translation sets a term off where upstream writes it in bold
#: ("「停止」"); not between marks that are apostrophes too ("don't ... isn't").
_QUOTED_RE = re.compile("|".join(f"{re.escape(q[0])}[^{re.escape(q[1])}\\n]{{1,60}}{re.escape(q[1])}"
                                 for q in sorted(QUOTE_PAIRS) if q[1] not in "'\u2019"))


def quoted_instead(ups: list[Block], trs: list[Block], strong: int) -> bool:
    """Whether the translation quotes as many more terms than upstream as upstream sets in
    bold: its own way of setting them off ("「伺服器」" for "**server**")."""
    quoted = sum(len(_QUOTED_RE.findall(b.text)) for b in trs) - sum(len(_QUOTED_RE.findall(b.text)) for b in ups)
    return quoted >= strong


#: Inline HTML that renders as Markdown's emphasis (counted by opening and closing tag).
_RENDERED_AS = {"strong": ("html:strong", "html:b"), "em": ("html:em", "html:i")}


def fold_html_emphasis(counts) -> None:
    """``counts`` (markup kinds of blocks) with ``<strong>``/``<b>`` counted as bold and
    ``<em>``/``<i>`` as emphasis, as they render (where ``**`` would not:
    ``<strong>“x”</strong>的``)."""
    for kind, tags in _RENDERED_AS.items():
        tagged = sum(counts.pop(t, 0) for t in tags)
        if tagged:
            counts[kind] += (tagged + 1) // 2


#: Blocks whose bold a page leaves out, at least, for that to be its style.
BOLD_STYLE_BLOCKS = 3


def drops_bold(al: Alignment, memo: dict) -> bool:
    """Whether the translation's page leaves out the bold of :data:`BOLD_STYLE_BLOCKS` of its
    paired blocks or more and keeps it in a quarter of them at most: its style (as CJK
    typography often drops emphasis), not a block's slip."""
    found = memo.get("markup.drops_bold")
    if found is None:
        kept = dropped = 0
        for pair in al.pairs:
            if not pair.is_match:
                continue
            if _bold(al.upstream_blocks(pair)):
                kept, dropped = (kept + 1, dropped) if _bold(al.translation_blocks(pair)) else (kept, dropped + 1)
        found = memo["markup.drops_bold"] = dropped >= BOLD_STYLE_BLOCKS and 3 * kept <= dropped
    return found


def _bold(blocks: list[Block]) -> int:
    """The bold of blocks, Markdown's and HTML's (:func:`fold_html_emphasis`)."""
    counts: Counter = Counter()
    for block in blocks:
        counts.update(block.markup.as_dict())
    fold_html_emphasis(counts)
    return counts["strong"]
