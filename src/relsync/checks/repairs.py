"""Safe repairs that rules attach to their findings: where a value sits in the translation's
source, and what replaces it.

A rule knows the values (the number lost and the one added); finding the one place in the
translation's *source* to change is done here, on the block's source lines, with the same
recognisers that produced the anchors (dates by :func:`relsync.anchors.find_dates`, numbers by
:func:`find_numbers`). A repair is offered only when it is unambiguous: the value occurs
exactly once in the translation's blocks, outside code, link targets and HTML, and the
passage is not stale (text whose upstream changed needs a translator, not a substitution).
"""

from __future__ import annotations

import re
from typing import Callable, Iterable

from rapidfuzz import fuzz

from ..anchors import URL_RE, code_skeleton, find_dates
from ..anchors import find_numbers as find_values
from ..datestyle import restyle
from ..languages import decimal_mark, fold_accents, latin_token, month_locales
from ..model import Block, BlockKind, Edit, Pair
from ..parse import markdown
from . import examples
from .registry import Context

#: Block kinds whose source lines a repair may change (never code, HTML or front matter
#: other than its title line).
REPAIRABLE = frozenset({BlockKind.TITLE, BlockKind.HEADING, BlockKind.PARAGRAPH, BlockKind.LIST_ITEM,
                        BlockKind.TABLE_ROW, BlockKind.CONTAINER})

Spans = list[tuple[int, int, str]]

#: A pair the aligner scored lower than this may pair two different sentences (a list item
#: upstream removed with the one after it): its differences are not repaired. Measured on
#: the corpora: every wrong repair offered scored under 0.4 or was refused otherwise.
CONFIDENT_SCORE = 0.4

_CODE_SPAN_RE = re.compile(r"(?<![`\\])(`+)(?!`)(.+?)(?<!`)\1(?!`)")
_LINK_DEST_RE = re.compile(r"\]\(\s*(<[^<>\n]*>|[^\s()<>]+(?:\([^\s()<>]*\)[^\s()<>]*)*)")
_AUTOLINK_RE = re.compile(r"<(?:https?|mailto):[^<>\s]*>", re.IGNORECASE)
_HTML_TAG_RE = re.compile(r"</?[A-Za-z][^<>]*>")
#: A link target that can be written in an inline link as it is.
_PLAIN_TARGET_RE = re.compile(r"[^\s()<>`\\]+")


def _blank(text: str, spans: Iterable[tuple[int, int]]) -> str:
    chars = list(text)
    for start, end in spans:
        chars[start:end] = " " * (end - start)
    return "".join(chars)


def _not_prose(text: str) -> list[tuple[int, int]]:
    """Spans of a source line that the prose recognisers never see: code spans, link
    targets, autolinks, HTML tags."""
    spans = [m.span() for m in _CODE_SPAN_RE.finditer(text)]
    spans += [m.span(1) for m in _LINK_DEST_RE.finditer(text)]
    spans += [m.span() for m in _AUTOLINK_RE.finditer(text)]
    spans += [m.span() for m in _HTML_TAG_RE.finditer(text)]
    return spans


def _prose(text: str) -> str:
    return _blank(text, _not_prose(text)) if any(c in text for c in "`]<") else text


def find_dates_in_source(text: str, locales: tuple[str, ...]) -> Spans:
    """Dates of a source line as ``(start, end, iso)``, outside code, links and HTML."""
    text = _prose(text)
    if "http" in text or "www." in text:
        text = _blank(text, [m.span() for m in URL_RE.finditer(text)])
    return find_dates(text, locales)


def find_numbers(text: str, locales: tuple[str, ...] = ("en",)) -> Spans:
    """Numbers of a source line as ``(start, end, value)``, read as the anchors read them
    (URLs and dates first, so their digits are not numbers; the translation's locale reads
    decimal and group marks); the span leaves out a version's ``v``."""
    text = _prose(text)
    if "http" in text or "www." in text:
        text = _blank(text, [m.span() for m in URL_RE.finditer(text)])
    dates = find_dates(text, locales)
    if dates:
        text = _blank(text, [(s, e) for s, e, _ in dates])
    out = []
    for start, end, value in find_values(text, locales[-1] if locales else "en"):
        if text[start:start + 1] in ("v", "V"):
            start += 1
        out.append((start, end, value))
    return out


def find_code(text: str) -> Spans:
    """Inline code spans of a source line: the span of the code inside its backticks (one
    space each side is padding, as CommonMark reads it) and the code."""
    out = []
    for m in _CODE_SPAN_RE.finditer(text):
        start, end = m.span(2)
        code = m.group(2)
        if len(code) > 2 and code[0] == " " and code[-1] == " " and code.strip():
            start, end, code = start + 1, end - 1, code[1:-1]
        out.append((start, end, code))
    return out


def find_links(text: str) -> Spans:
    """Link targets of a source line as ``(start, end, href)``: inline link and image
    destinations, autolinks and bare URLs; ``href`` is what the parser reads."""
    md = markdown()
    out = []
    for m in _LINK_DEST_RE.finditer(text):
        start, end = m.span(1)
        raw = m.group(1)
        if raw.startswith("<"):
            start, end, raw = start + 1, end - 1, raw[1:-1]
        out.append((start, end, md.normalizeLink(raw)))
    for m in _AUTOLINK_RE.finditer(text):
        out.append((m.start() + 1, m.end() - 1, md.normalizeLink(m.group()[1:-1])))
    rest = _blank(text, _not_prose(text))
    out += [(m.start(), m.end(), md.normalizeLink(m.group())) for m in URL_RE.finditer(rest)]
    return sorted(out)


def _lines(ctx: Context, block: Block) -> list[tuple[int, str, int]]:
    """``(line number, source line, first column a repair may touch)`` of a block."""
    doc = ctx.alignment.translation
    if block.kind == BlockKind.TITLE:
        text = doc.source_lines(block.start, block.start)[0]
        return [(block.start, text, len("title:"))] if text.startswith("title:") else []
    return [(block.start + k, text, 0) for k, text in enumerate(doc.source_lines(block.start, block.end))]


def locate(ctx: Context, blocks: Iterable[Block], finder: Callable[[str], Spans],
           value: str) -> tuple[int, str, int, int] | None:
    """The one place in the blocks' source where ``finder`` reads ``value``, as ``(line,
    source line, start, end)``; ``None`` when there is no such place or more than one."""
    found = []
    for block in blocks:
        if block.kind not in REPAIRABLE:
            return None
        for number, text, first in _lines(ctx, block):
            found += [(number, text, s, e) for s, e, v in finder(text) if v == value and s >= first]
    return found[0] if len(found) == 1 else None


def edit(ctx: Context, line: int, text: str, start: int, end: int, replacement: str) -> Edit | None:
    """An edit of one source line (0-based ``start``/``end`` offsets); ``None`` when it would
    change nothing or write a line break."""
    if "\n" in replacement or "\r" in replacement or text[start:end] == replacement:
        return None
    return Edit(ctx.translation_path, line, start + 1, line, end + 1, replacement, (text,))


def replace(ctx: Context, blocks: Iterable[Block], finder: Callable[[str], Spans], old: str,
            new: str) -> Edit | None:
    """The edit that writes ``new`` where the one occurrence of ``old`` is."""
    if stale(ctx, blocks):
        return None
    place = locate(ctx, blocks, finder, old)
    if place is None:
        return None
    line, text, start, end = place
    return edit(ctx, line, text, start, end, new)


def stale(ctx: Context, blocks: Iterable[Block]) -> bool:
    """Whether an upstream change since the translation was synced touches these blocks."""
    st = ctx.staleness
    if st is None:
        return False
    touched = ctx.memo.get("stale_blocks")
    if touched is None:
        touched = ctx.memo["stale_blocks"] = {i for p in getattr(st, "open", []) if not getattr(p, "noise", "")
                                              for i in p.translation}
    return any(b.index in touched for b in blocks)


def confident(pair: Pair, ctx: Context) -> bool:
    """Whether a pair is sure enough to repair one side from the other: scored high, or held
    in place by confident pairs on both sides, or by one and the end of both documents (a
    short paragraph whose values are all wrong scores low)."""
    if pair.score >= CONFIDENT_SCORE:
        return True
    pairs = ctx.alignment.pairs
    index = ctx.memo.get("pair_index")
    if index is None:
        index = ctx.memo["pair_index"] = {id(p): k for k, p in enumerate(pairs)}
    k = index.get(id(pair))
    if k is None:
        return False
    around = pairs[max(0, k - 1):k] + pairs[k + 1:k + 2]
    return bool(around) and all(p.is_match and p.score >= CONFIDENT_SCORE for p in around)


#: A quoted key of a configuration object (``"devPath": ...``), which no translator translates.
_KEY_RE = re.compile(r"[\"']([A-Za-z_$][\w$.-]*)[\"']\s*:")


def _keys(code: str) -> set[str]:
    return set(_KEY_RE.findall(code))


def _code_differs(up: str, tr: str, info: str) -> bool:
    """Whether a translation's code block is another code than upstream's: outside comments
    and strings or by a configuration key; a Markdown or YAML example by its structure (its
    prose and example values may be translated), as code-mismatch compares them."""
    if up == tr:
        return False
    if examples.language(info) in examples.MARKDOWN_INFO | examples.YAML_INFO:
        return examples.skeleton(up, info) != examples.skeleton(tr, info)
    return code_skeleton(up, info) != code_skeleton(tr, info) or _keys(up) != _keys(tr)


def translated_from_older(ctx: Context) -> bool:
    """Whether the translation's own code examples differ from upstream's outside comments
    and strings: the page was translated from another revision of upstream, and a value its
    prose states (``accurate as of Next.js 13.4.19`` over the Tauri 1 configuration it still
    shows) describes what the page shows, not a copy error to bring in line."""
    older = ctx.memo.get("translated_from_older")
    if older is None:
        al = ctx.alignment
        older = ctx.memo["translated_from_older"] = any(
            _code_differs(ups[0].text, trs[0].text, ups[0].info or trs[0].info)
            for ups, trs in ((al.upstream_blocks(p), al.translation_blocks(p)) for p in al.pairs)
            if len(ups) == len(trs) == 1 and ups[0].kind == trs[0].kind == BlockKind.CODE)
    return older


def same_shape(old: str, new: str) -> bool:
    """Whether ``new`` could be ``old`` copied wrong: as many dotted parts, integer parts of
    about the same length (``2.5``/``2.6``, ``3829``/``3892``; not ``62``/``1404724``)."""
    a, b = old.split("."), new.split(".")
    return len(a) == len(b) and abs(len(a[0]) - len(b[0])) <= 1


def number_fix(ctx: Context, blocks: list[Block], old: str, new: str) -> Edit | None:
    """``old`` written plainly once in the blocks, replaced by ``new`` (a number written with
    separators or a magnitude, ``3,892`` or ``1.2 万``, is left to the translator)."""
    locales = _locales(ctx)
    if stale(ctx, blocks) or not same_shape(old, new):
        return None
    place = locate(ctx, blocks, lambda t: find_numbers(t, locales), old)
    if place is None:
        return None
    line, text, start, end = place
    written = text[start:end]
    mark = decimal_mark(locales[-1])  # "1,5" in German is 1.5, and 1.6 is written "1,6"
    if written not in (old, old.replace(".", mark)) or not new.replace(".", "").isdigit():
        return None
    # The same digits in code or a link target too ("`limit=256` ... 256"): changing the
    # prose alone would make the block contradict itself.
    digits = re.compile(rf"(?<![\d.,]){re.escape(written)}(?!\d|[.,]\d)")
    if sum(len(digits.findall(t)) for b in blocks for _, t, _ in _lines(ctx, b)) != 1:
        return None
    return edit(ctx, line, text, start, end, new if written == old else new.replace(".", mark))


def date_fix(ctx: Context, blocks: list[Block], old_iso: str, new_iso: str) -> Edit | None:
    """The date that reads as ``old_iso`` written as ``new_iso`` in its own style."""
    locales = _locales(ctx)
    if stale(ctx, blocks):
        return None
    place = locate(ctx, blocks, lambda t: find_dates_in_source(t, locales), old_iso)
    if place is None:
        return None
    line, text, start, end = place
    styled = restyle(text, start, end, old_iso, new_iso, locales)
    if styled is None:
        return None
    start, end, written = styled
    return edit(ctx, line, text, start, end, written)


_WORD_RE = re.compile(r"[^\W\d_]{3,}")
_NAME_RE = re.compile(r"[A-Za-z_]\w{3,}")
#: The words of a name: ``AlgumaExcecao`` -> ``Alguma``, ``Excecao``; ``your_enum_member``.
_NAME_WORD_RE = re.compile(r"[A-Z]?[a-z]{3,}|[A-Z]{3,}(?![a-z])")


def _name_words(name: str) -> set[str]:
    return {fold_accents(w) for w in _NAME_WORD_RE.findall(name)}


def _named_in_own_words(ctx: Context, old: str, new: str) -> bool:
    """Whether the words that make the translation's name differ from upstream's are words
    of the translation's prose that upstream never uses: a placeholder named in the
    translation's language (``votre_membre_d_enum`` for ``your_enum_member``, ``AlgumaExcecao``
    for ``SomeException`` beside "exceção"). A misspelt name (``contentlost``) is no word of
    the prose."""
    ours = _name_words(old) - _name_words(new)
    if not ours:
        return False
    prose = ctx.memo.get("prose_words")
    if prose is None:
        up = {fold_accents(w) for w in _WORD_RE.findall(ctx.alignment.upstream.text)}
        tr = {fold_accents(w) for b in ctx.alignment.translation.blocks if b.kind != BlockKind.CODE
              for _, line, _ in _lines(ctx, b) for w in _WORD_RE.findall(_prose(line))}
        prose = ctx.memo["prose_words"] = (up, tr)
    up, tr = prose
    return all(w in tr and w not in up for w in ours)


def _translators_own(ctx: Context, old: str, new: str) -> bool:
    """Whether a translation's code span is its own rather than a copy error: the translation
    uses it elsewhere too (its examples keep the name its prose uses: an older upstream, whole),
    or every word of it is one upstream never uses and no word of upstream's span resembles (a
    placeholder or a value written in the translation's language: ``@algo``, ``prohibir``).
    A misspelt name (``contentlost``) resembles upstream's; ``torch.save`` for ``torch.load``
    shares ``torch``."""
    text = URL_RE.sub(" ", ctx.alignment.translation.text)
    # (also written against the letters of another script: "torch.saveは")
    if len(latin_token(old, ".").findall(text)) > 1:
        return True
    ours = set(_NAME_RE.findall(old)) - set(_NAME_RE.findall(new))
    if any(len(latin_token(name).findall(text)) > 1 for name in ours):
        return True  # the name upstream renamed is the translation's elsewhere too (``.on_tray_event``)
    if _named_in_own_words(ctx, old, new):
        return True
    upstream = ctx.alignment.upstream.text.casefold()
    theirs = [w.casefold() for w in _WORD_RE.findall(new)]
    words = [w.casefold() for w in _WORD_RE.findall(old)]
    return bool(words) and all(w not in upstream and not any(fuzz.ratio(w, x) >= 75 for x in theirs)
                               for w in words)


def code_fix(ctx: Context, blocks: list[Block], old: str, new: str) -> Edit | None:
    """The one code span ``old`` made ``new`` (its backticks kept: ``new`` may hold backticks
    only in shorter runs than the span's fence)."""
    if new != new.strip() or not new:
        return None
    if _translators_own(ctx, old, new):
        return None
    found = replace(ctx, blocks, find_code, old, new)
    if found is None:
        return None
    # "{{domxref("SVGViewElement")}}`.viewTarget`" keeps the name upstream's
    # `SVGViewElement.viewTarget` has, split over a macro and the code: not a wrong copy.
    rest = new.replace(old, " ").strip(" .:#") if old in new else ""
    line = found.before[0]
    outside = line[: found.col - 1] + " " + line[found.end_col - 1 :]
    if len(rest) > 2 and latin_token(rest).search(outside):
        return None
    if "`" not in new:
        return found
    line = found.before[0]
    head, tail = line[: found.col - 1], line[found.end_col - 1 :]
    fence = len(head.rstrip(" ")) - len(head.rstrip(" ").rstrip("`"))
    padded = head.endswith(" ") and tail.startswith(" ")
    if fence in {len(r) for r in re.findall(r"`+", new)} or (not padded and (new[0] == "`" or new[-1] == "`")):
        return None
    return found


def link_fix(ctx: Context, blocks: list[Block], old: str, target: str,
             localize: Callable[[str], str | None]) -> Edit | None:
    """The one link target ``old`` made upstream's ``target``, localized as the translation
    localizes its links (``localize``)."""
    new = localize(target)
    if new is None or not _PLAIN_TARGET_RE.fullmatch(new):
        return None
    return replace(ctx, blocks, find_links, old, new)


def _locales(ctx: Context) -> tuple[str, ...]:
    """The locales the anchors read the translation in (English month names, the
    translation's own; its numbers in the last): :func:`relsync.languages.month_locales`."""
    return month_locales(ctx.locale) if ctx.locale else ("en",)
