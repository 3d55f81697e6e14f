"""Coverage: is every upstream block translated, and is the translation really translated?"""

from __future__ import annotations

import re
from typing import Iterator

from rapidfuzz import fuzz

from .. import dialects, sentences
from ..anchors import URL_RE
from ..languages import CJK_PRESENT, CJK_RE, IDENTIFY_MIN_CHARS, cjk_ratio, is_english, reads_as
from ..model import Alignment, Block, BlockKind, Document, Pair, Severity
from .masking import IMAGES_ONLY_RE, SPELLED_RE, TAG_RE, html_code_only, shown_code
from .moved import perhaps_moved
from .registry import Context, Problem, Scope, check
from .terms import page_mixes_english, page_own_words

_WORD_RE = re.compile(r"(?<![\w.@/#-])[A-Za-z][a-z]+(?:'[a-z]+)?(?![\w.@/#(-])")
#: An attribute written as code without backticks: ``role="banner"``.
_ATTRIBUTE_RE = re.compile(r"""(?<![\w:@.-])[\w:@.-]+=(?:"[^"]*"|'[^']*')""")
_TRANSLATABLE = {BlockKind.HEADING, BlockKind.TITLE, BlockKind.PARAGRAPH, BlockKind.LIST_ITEM,
                 BlockKind.CONTAINER, BlockKind.HTML, BlockKind.SHORTCODE}


def prose_words(block_or_text: Block | str, code: tuple[str, ...] = ()) -> list[str]:
    """Ordinary words of a text: letters only, not acronyms, not code, URLs or template
    syntax (a shortcode's caption and a macro's link text are words)."""
    if isinstance(block_or_text, Block):
        text = block_or_text.text
        code = block_or_text.anchors.code
    else:
        text = block_or_text
    text = dialects.split(text)[0]
    for c in code:
        text = text.replace(c, " ")
    text = URL_RE.sub(" ", text)
    if "=" in text:
        text = _ATTRIBUTE_RE.sub(" ", text)
    return _WORD_RE.findall(text)


def snippet(text: str, width: int = 60) -> str:
    """The start of a block's text to quote in a message, its spaces as one, without the
    marker of a definition (MDN's ``- : description``, rendered as the description alone)."""
    text = " ".join(text.split())
    if dialects.is_definition(text):
        text = text[2:]
    return text if len(text) <= width else text[: width - 1] + "…"


#: A byline or credit: a label of at most three words, a colon, then names (capitalized
#: words, handles) joined by commas or a short conjunction, or one name of at most three
#: words: "**Autor(es)**: Ana Silva e João Souza", "**Editors:** Jane Doe".
_BYLINE_RE = re.compile(r"^[\W_]*(?P<label>[^\W\d_]+(?:[ '(][^\W\d_)]+\)?){0,2})[\W_]*[:：][\W_]*(?P<names>.+)$")
_NAME_RE = re.compile(r"[A-Z\u00c0-\u00de][\w'.-]*|@[\w.-]+")
_JOINER_RE = re.compile(r",|&|;|/|·|\band\b|\b[a-z]{1,3}\b")


def _is_byline(text: str) -> bool:
    m = _BYLINE_RE.match(text)
    if m is None:
        return False
    groups = [g.strip() for g in _JOINER_RE.split(m.group("names").strip(" *_")) if g.strip()]
    if not groups or any(not all(_NAME_RE.fullmatch(w) for w in g.split()) for g in groups):
        return False
    return len(groups) > 1 or len(groups[0].split()) <= 3


_LIST_SEPARATOR_RE = re.compile(r"[,、，/&;·]")


def names_only(words: list[str], kind: str, prose: str) -> bool:
    """Prose of three or more words that are mostly capitalized is a list of names
    (specifications, products): "Mathematical Markup Language: MathML Version 2.0". A
    heading is one only when every word is capitalized and it lists them ("Media、WebRTC、
    Web Audio"): English headings in title case are prose."""
    if len(words) < 3:
        return False
    capitalized = sum(1 for w in words if w[0].isupper())
    if kind in ("heading", "title", "container"):
        return capitalized == len(words) and _LIST_SEPARATOR_RE.search(prose) is not None
    return capitalized >= 0.7 * len(words)


def prose_text(text: str, code: tuple[str, ...] = ()) -> str:
    """The prose of a text for the language identifier: no code, template syntax or URLs."""
    text = dialects.split(text)[0]
    for c in code:
        text = text.replace(c, " ")
    return " ".join(URL_RE.sub(" ", text).split())


#: A word joined by an apostrophe to letters English does not join so (English writes only its
#: contractions and possessive there: "it's", "don't", "you're", "we've", "we'll", "you'd",
#: "I'm"): Turkish sets its suffixes so on a foreign word ("Code'u", "header’ları"), Italian
#: and French elide so ("dell'app", "aujourd'hui").
_OTHER_APOSTROPHE_RE = re.compile(r"(?<![\w'’])[^\W\d_]{2,}['’](?!(?:s|t|re|ve|ll|d|m)(?![^\W\d_]))[^\W\d_]")
_LETTERS_RE = re.compile(r"[^\W\d_]+")


def written_in_target(prose: str, up: str, locale: str = "") -> bool:
    """Whether every sentence of a text shows the translator's own language in words no
    English text writes: a word joined to its suffix or elided as English never does
    (``Code'u``, ``dell'app``), or a word with a letter outside ASCII that upstream's text
    does not have (``için``, ``parámetros``): "Type hint'ler ve annotation'lar" is Turkish,
    whatever the identifier reads in its English terms. With ``locale``, also a sentence
    whose own words (those upstream does not write) the identifier reads as the locale's
    language (:data:`OWN_WORDS_CONFIDENCE`): "OAuth2 con Password (y hashing), Bearer con
    tokens JWT". A sentence with none may be English left as it is ("Mas ele é assinado.
    So, when you receive a token...")."""
    folded = up.casefold()
    if not locale and not _shows_target(prose, folded):
        return False
    theirs = {w.casefold() for w in _LETTERS_RE.findall(up)} if locale else set()
    return all(_shows_target(s, folded) or (locale and _own_words_in(s, theirs, locale))
               for s in sentences.split(prose) if _LETTERS_RE.search(s))


#: A sentence's own words tell its language when the identifier, asked English or the
#: target's language, says the target at least this surely: of 2,000 runs of one to four
#: words of MDN's English pages, at most 0.1% read so as Spanish, French, German,
#: Portuguese, Turkish, Italian, Indonesian, Vietnamese, Dutch or Polish (none at 0.95);
#: "usa un" is Spanish at 0.92, "testen und" German at 0.97.
OWN_WORDS_CONFIDENCE = 0.9


#: ... and has no run of this many of upstream's words in a row (a clause left in English:
#: "Firefox 3 ofrece la nueva interface `nsIJSON`, which offers high-performance encoding
#: and decoding of JSON strings.").
OWN_WORDS_RUN = 5


def _own_words_in(sentence: str, theirs: set[str], locale: str) -> bool:
    words = _LETTERS_RE.findall(sentence)
    own, run = [], 0
    for w in words:
        if w.casefold() in theirs:
            run += 1
            if run >= OWN_WORDS_RUN:
                return False
        else:
            own.append(w)
            run = 0
    return bool(own) and reads_as(" ".join(own), locale, OWN_WORDS_CONFIDENCE)


def _shows_target(text: str, folded_up: str) -> bool:
    if ("'" in text or "’" in text) and _OTHER_APOSTROPHE_RE.search(text):
        return True
    if text.isascii():
        return False
    return any(not w.isascii() and w.casefold() not in folded_up for w in _LETTERS_RE.findall(text))


def is_untranslated(up: str, tr: str, code: tuple[str, ...], cjk_target: bool, min_words: int,
                    locale: str = "", kind: str = "paragraph") -> bool:
    """True when ``tr`` is still the source language: English words where the target is CJK;
    for any target, the same text as upstream with enough ordinary words to be prose; and,
    for another target, prose the language identifier reads as English rather than the
    target's language (English left from an older upstream wording). Names and bylines are
    not prose."""
    if cjk_target and cjk_ratio(tr) >= CJK_PRESENT:
        return False
    words = prose_words(tr, code)
    if len(set(words)) < min_words:  # "Firefox bug 1823757, Firefox bug 1866993" is two words
        return False
    prose = prose_text(tr, code)
    if _is_byline(prose) or names_only(words, kind, prose):
        return False
    # A translated label before a list of names ("编辑： Agustina Barbetta、Udi Hofesh"):
    # only the names stayed.
    if cjk_target and CJK_RE.search(tr) and not any(w[0].islower() for w in words):
        return False
    if not cjk_target and written_in_target(prose, up):
        return False
    if cjk_target or fuzz.ratio(prose_text(up, code), prose) >= 95:
        return True
    if not locale or is_english(prose, locale) is not True:
        return False
    return not written_in_target(prose, up, locale)  # its own words, asked last: the rarest case


@check("RS101", "coverage.missing", Severity.ERROR, scope=Scope.DOCUMENT)
def missing(al: Alignment, ctx: Context) -> Iterator[Problem]:
    """An upstream block has no counterpart in the translation.

    Consecutive missing blocks are reported once, at the first of them, with the translation
    line after which they belong, and the issue or pull-request references they cite
    (`#1374`); an entry upstream lists twice in the same words, the translation once, names
    the line of its twin that the translation has. A heading or a list item that only
    groups blocks the translation has, all of them, is reported at info level: the
    translation groups its entries its own way (a changelog's `### Fixes` left out, a
    component name used as a group). Blocks that name nothing telling (the same numbers, code
    and links as the translation's block, or fewer links there when no block left has as
    many) where the translation has blocks pairing with nothing of the same kinds, with the
    same pictographs (a changelog's `🌟`) and of the same length, by the document's own ratio
    (paragraphs, list items, headings, tip containers; code blocks the same on both sides),
    and a run of them beside a run of such blocks in the same order, are reported at warning
    level with the line of those blocks (of several as long, the one whose words, those the
    page's pairs teach and those written alike, clearly say it is the text): they may be the
    same text in another place (a list item moved to another release; a step upstream moved
    after the translation was made), which nothing but position tells apart. Structure with nothing to translate is not content: front
    matter, HTML without visible text, a paragraph that is only macros or shortcodes with no
    prose part (MDN's `{{FirefoxSidebar}}`).

    Fails: upstream has `## Prototype features` and its paragraphs; the translation stops
    before it. Passes: every upstream heading, paragraph, list item and table row has a
    translated counterpart (`## 原型功能`).
    """
    run: list[Pair] = []
    last_tr_line = 0
    paired = {i for p in al.pairs if p.is_match for i in p.upstream}
    moved: list[dict[int, Block]] = []  # computed for the first missing run only

    def flush() -> Iterator[Problem]:
        if not run:
            return
        blocks = [b for p in run for b in al.upstream_blocks(p)]
        if not moved:
            moved.append(perhaps_moved(al))
        here = moved[0]
        yield _missing_run(ctx, blocks, here.get(blocks[0].index) if all(
            here.get(b.index) for b in blocks) else None, paired, last_tr_line)

    for pair in al.pairs:
        if pair.upstream and not pair.translation:
            if not dialects.has_content(al.upstream.blocks[pair.upstream[0]]):
                continue
            run.append(pair)
            continue
        if pair.moved:
            continue  # translated elsewhere: no break in a run of missing blocks around it
        yield from flush()
        run = []
        if pair.translation:
            last_tr_line = al.span(pair, "translation")[1]
    yield from flush()


def _missing_run(ctx: Context, blocks: list[Block], elsewhere: Block | None, paired: set[int],
                 last_tr_line: int) -> Problem:
    """The finding for consecutive missing blocks (see :func:`missing`)."""
    al = ctx.alignment
    first = blocks[0]
    start, end = first.start, max(b.end for b in blocks)
    headings = [b for b in blocks if b.is_heading]
    if headings:
        what = f"section \u201c{snippet(headings[0].text, 50)}\u201d"
    else:
        what = f"{first.kind.replace('_', ' ')} \u201c{snippet(first.text, 50)}\u201d"
    refs = _references(blocks)
    more = f" and {len(blocks) - 1} more block(s)" if len(blocks) > 1 else ""
    where = f" (upstream lines {start}-{end})" if end > start else f" (upstream line {start})"
    details = {"blocks": len(blocks), "upstream_end": end}
    grouping = all(_groups_paired(al.upstream, b, paired) for b in blocks)
    if grouping:
        what = f"group {what.split(' ', 1)[1]}"
        more = " (its blocks are translated, without it)"
    elif elsewhere is not None:
        kind = elsewhere.kind.replace("_", " ")
        where += (f"; the translation's {kind} at line {elsewhere.start}, which pairs with "
                  f"nothing and is as long, may be it, moved")
        details["perhaps_moved_to"] = elsewhere.start
    elif len(blocks) == 1 and (twin := _twin(ctx, first, paired)) is not None:
        where += f"; upstream lists it again at line {twin.start}, which the translation has"
        details["twin"] = twin.start
    return ctx.finding(
        f"missing in translation: {what}{refs}{more}{where}",
        upstream_line=start,
        translation_line=last_tr_line or None,
        details=details,
        minor=2 if grouping else (1 if elsewhere is not None else False),
    )


def _twin(ctx: Context, block: Block, paired: set[int]) -> Block | None:
    """A paired block of upstream with the same kind and text as ``block`` (a paragraph or
    list item: a changelog entry listed in two releases); the paired blocks indexed by their
    text once per pair of documents."""
    twins = ctx.memo.get("missing.twins")
    if twins is None:
        twins = ctx.memo["missing.twins"] = {}
        for b in ctx.alignment.upstream.blocks:
            if b.index in paired and b.kind in _TWIN_KINDS and b.text.strip():
                twins.setdefault((b.kind, " ".join(b.text.split())), b)
    return twins.get((block.kind, " ".join(block.text.split())))


_TWIN_KINDS = frozenset({BlockKind.PARAGRAPH, BlockKind.LIST_ITEM})


#: An issue or pull-request reference as changelogs write it: ``#1374``, ``GH-1374``.
REFERENCE_RE = re.compile(r"(?<![\w&/])(?:#|GH-)\d+\b")


def _references(blocks: list[Block]) -> str:
    """The references a run of missing blocks cites, for its message (at most three)."""
    refs = list(dict.fromkeys(m.group() for b in blocks if b.kind != "code" for m in REFERENCE_RE.finditer(b.text)))
    if not refs:
        return ""
    return " " + ", ".join(refs[:3]) + (" ..." if len(refs) > 3 else "")


def _groups_paired(doc: Document, block: Block, paired: set[int]) -> bool:
    """Whether ``block`` only groups blocks that are all paired: a heading whose section's
    blocks are, or a list item naming nothing (no code, link or number) whose nested items
    are. A translation may group entries its own way (by component, by kind)."""
    if block.is_heading:
        section = doc.section_of(block)
        if section.heading != block.index:
            return False
        inside = range(block.index + 1, section.end + 1)
    elif block.kind == BlockKind.LIST_ITEM and not (block.anchors.code or block.anchors.links
                                                     or block.anchors.numbers):
        end = block.index + 1
        while end < len(doc.blocks) and doc.blocks[end].kind == BlockKind.LIST_ITEM \
                and doc.blocks[end].level > block.level:
            end += 1
        inside = range(block.index + 1, end)
    else:
        return False
    content = [i for i in inside if not doc.blocks[i].is_heading and dialects.has_content(doc.blocks[i])]
    return bool(content) and all(i in paired for i in content)


@check("RS102", "coverage.untranslated", Severity.WARNING)
def untranslated(pair: Pair, ctx: Context) -> Iterator[Problem]:
    """A translated block is still in English, or identical to upstream where it should not be.

    Names, code, numbers, bylines and short labels may stay as they are; prose may not, but
    for the output of an example the page shows as code, every piece of its text in a code
    block of the translation (a live demo's "Open Modal" below `<button>Open Modal</button>`),
    for the alt text of a block that is only images, which the page does not show, for
    English words that spell out a code name ("`g`reater `t`han" for `gt`), and for a
    heading that names what the translation's own sentences call by the same name
    ("#### Microsoft C++ Build Tools" above "Descarga el instalador de Microsoft C++ Build
    Tools"). In a translation into a language written in Latin script, prose the language
    identifier reads as English is reported even when it is not upstream's text (English
    left from an older upstream wording), unless each of its sentences shows the
    translation's own grammar around upstream's terms: a suffix joined by an apostrophe as
    English never joins one ("Response Status Code'u" in Turkish), a word with a letter
    outside ASCII that upstream does not write ("GitHub Actions tabanlı CI"), or words of
    its own, without a clause of upstream's words, that the identifier surely reads as the
    target's language ("OAuth2 con Password (y hashing), Bearer con tokens JWT"), or a word
    its page writes in other blocks too and upstream's page nowhere, no English word or a
    short word of the target's grammar ("Dependencies ve Middleware" in Turkish); in any
    other script, prose with almost no letter of that script. On a page whose paragraphs
    are translated, a heading, title, bold label or ``<summary>`` of ordinary English words
    (upstream writes them, or a plural's singular, in lower case; in another script than Latin
    also a common English word, Zipf frequency >= 4 in wordfreq's lists, that the translation
    does not use as a term in its own sentences, nor a list of names, nor a heading among
    sibling headings that are names of code, "Service Workers" beside "IndexedDB" and "WebRTC", nor
    a term its sentences write, in the singular too; any words, when the translation renders the same
    text of upstream in another heading: a front-matter title kept above its heading
    translated; not one whose every such word the translation's own sentences write,
    "Response Cookies" over Hindi sentences that write "response" and "cookies") is English
    in any script, also when upstream's heading has changed since (see
    :mod:`relsync.checks.english`); not on a page that mixes phrases of English into its own
    sentences throughout, which keeps English headings as its style (see ``untranslated-clause``).

    Text an HTML block shows only inside ``<pre>`` or ``<code>`` is code (a terminal's output
    written as highlighted HTML: the prompts of create-vue on vue-docs' quick-start page).

    A block translated at its start only is quoted from its first sentence in English; a block
    whose English ``untranslated-clause`` quotes (upstream's sentence or clause kept) is
    reported by that rule only.

    Fails: "Performance Improvements" / "Performance Improvements" (a table header left in
    English); "SVG can be used in XHTML pages..." / "Learn how to use SVG in XHTML pages..."
    in a pt-BR translation; "## Update Optimizations" left as it is on a translated Chinese
    page. Passes: "`torch.compile` support for Python 3.13" /
    "`torch.compile` 支持 Python 3.13"; "`Dim.AUTO`" / "`Dim.AUTO`"; "**Authors**: Ana
    Silva" / "**Autor(es)**: Ana Silva"; "# Response Status Code" / "# Response Status
    Code'u" in Turkish.
    """
    if not pair.is_match:
        yield from _english_extra(pair, ctx)
        return
    al = ctx.alignment
    ups = al.upstream_blocks(pair)
    trs = al.translation_blocks(pair)
    if pair.kind == "table_row":
        yield from _english_cells(pair, ups[0], trs[0], ctx)
        return
    if any(b.kind not in _TRANSLATABLE for b in trs):
        return
    up_text = " ".join(b.text for b in ups)
    tr_text = " ".join(b.text for b in trs)
    code = tuple(c for b in trs for c in b.anchors.code)
    min_words = 3 if pair.kind in ("heading", "title", "container") else 4
    if pair.kind == "paragraph" and " ".join(up_text.split()) == " ".join(tr_text.split()):
        min_words = 2  # "Published: March 4, 2025" copied as is
    if _no_prose(trs):
        return
    if is_untranslated(up_text, tr_text, code, ctx.cjk_target, min_words, ctx.locale, pair.kind) \
            and not shown_code(trs, ctx.memo, al.translation) and not (pair.kind in ("heading", "title") and (
                _kept_name(trs[0], ctx) or page_mixes_english(ctx.memo, al))) \
            and (ctx.cjk_target or not _own_words(tr_text, up_text, ctx)):
        same = " (identical to upstream)" if up_text.strip() == tr_text.strip() else ""
        message = f"{pair.kind.replace('_', ' ')} still in English{same}: \u201c{snippet(_english_part(tr_text, up_text, ctx))}\u201d"
        if len(trs) == 1 and trs[0].kind == BlockKind.HTML:  # the line the English text is on
            yield ctx.finding(message, upstream_line=ups[0].start + _text_offset(ups[0]),
                              translation_line=trs[0].start + _text_offset(trs[0]))
        else:
            yield ctx.pair_finding(pair, message)


def _no_prose(blocks: list[Block]) -> bool:
    """Whether translated blocks show no prose to translate: alt texts only, English words
    that spell out a code name ("`g`reater `t`han", kept for it), or a terminal's output
    written as highlighted HTML (code the page shows)."""
    return all(IMAGES_ONLY_RE.fullmatch(b.source) for b in blocks) or any(
        SPELLED_RE.search(b.source) for b in blocks) or all(
        b.kind == BlockKind.HTML and html_code_only(b.source) for b in blocks)


def _own_words(tr: str, up: str, ctx: Context) -> bool:
    """Whether each sentence of a block in Latin letters writes, besides upstream's words, a
    word of the translation's own language that its page writes elsewhere too and upstream's
    page nowhere (:func:`~.terms.page_own_words`), and no run of :data:`OWN_WORDS_RUN` of
    upstream's words: "Container Image Nedir", "Dependencies ve Middleware" in Turkish,
    "Define un path operation decorator" in Spanish."""
    theirs = {w.casefold() for w in _LETTERS_RE.findall(up)}
    own = None
    for sentence in sentences.split(tr):
        found, run = False, 0
        for w in _LETTERS_RE.findall(sentence):
            if w.casefold() in theirs:
                run += 1
                if run >= OWN_WORDS_RUN:
                    return False  # a clause of upstream's words left in English
                continue
            run = 0
            if not found and w.isascii():
                own = page_own_words(ctx.memo, ctx.alignment, ctx.locale) if own is None else own
                found = w.casefold() in own
        if not found and _LETTERS_RE.search(sentence):
            return False
    return own is not None


def _english_part(tr: str, up: str, ctx: Context) -> str:
    """What to quote of a block still in English: from its first sentence that does not show
    the translator's own language, when one before it does (a block translated at its start
    only: "**Actualización automática** para racionalizar to streamline product upgrades.
    Notification of an update is more prominent, ..."); the whole block otherwise."""
    if ctx.cjk_target:
        return tr
    parts = sentences.split(tr)
    folded = up.casefold()
    if len(parts) < 2 or not _shows_target(parts[0], folded):
        return tr
    for k, part in enumerate(parts[1:], 1):
        if _LETTERS_RE.search(part) and not _shows_target(part, folded):
            return " ".join(parts[k:])
    return tr


def _english_cells(pair: Pair, up: Block, tr: Block, ctx: Context) -> Iterator[Problem]:
    """:func:`untranslated` of a table row: its cells left in English."""
    english = []
    for k, cell in enumerate(tr.cells):
        up_text = up.cells[k].text if k < len(up.cells) else ""
        words = prose_words(cell.text, cell.anchors.code)
        if not words:
            continue
        if len(words) == 1 and words[0][0].isupper() and cell.anchors.numbers:
            continue  # a name and its version: "Harbor 1.7", "Python 3.13"
        if ctx.cjk_target and cjk_ratio(cell.text) < CJK_PRESENT and (cell.text == up_text or len(words) >= 3):
            english.append(cell.text)
        elif not ctx.cjk_target and cell.text == up_text and len(words) >= 2:
            english.append(cell.text)
    words = sum(len(prose_words(c)) for c in english)
    if english and (words >= 2 or len(english) == len([c for c in tr.cells if c.text])):
        cells = ", ".join(f"\u201c{c}\u201d" for c in english)
        label = "header cells" if tr.header or up.header else "cells"
        yield ctx.pair_finding(pair, f"table {label} left in English: {cells}", details={"cells": english})


def _kept_name(heading: Block, ctx: Context) -> bool:
    """Whether the translation writes a heading's text in a sentence of its own language
    elsewhere on the page: a name it keeps ("#### Microsoft C++ Build Tools" above
    "Descarga el instalador de Microsoft C++ Build Tools y ábrelo...")."""
    name = " ".join(dialects.split(heading.text)[0].split()).casefold()
    if len(name) < 4:
        return False
    for b in ctx.alignment.translation.blocks:
        if b.index == heading.index or b.kind not in (BlockKind.PARAGRAPH, BlockKind.LIST_ITEM):
            continue
        text = " ".join(b.text.split())
        at = text.casefold().find(name)
        if at < 0:
            continue
        rest = text[:at] + " " + text[at + len(name):]
        if (cjk_ratio(rest) >= CJK_PRESENT) if ctx.cjk_target else (
                bool(ctx.locale) and is_english(prose_text(rest, b.anchors.code), ctx.locale) is False):
            return True
    return False


def _text_offset(block: Block) -> int:
    """The line of an HTML block where its visible text starts, from the block's first."""
    for k, line in enumerate(block.source.split("\n")):
        if TAG_RE.sub("", line).strip():
            return k
    return 0


#: An English paragraph with no upstream counterpart needs this many ordinary words (and
#: :data:`~relsync.languages.IDENTIFY_MIN_CHARS` characters of prose) to be reported.
EXTRA_MIN_WORDS = 6


def _english_extra(pair: Pair, ctx: Context) -> Iterator[Problem]:
    """English prose the alignment paired with nothing (an older upstream wording too far
    from today's text to pair) is untranslated all the same."""
    if pair.upstream or not pair.translation or not ctx.locale:
        return
    blocks = ctx.alignment.translation_blocks(pair)
    if any(b.kind not in ("paragraph", "list_item") for b in blocks):
        return
    text = " ".join(b.text for b in blocks)
    code = tuple(c for b in blocks for c in b.anchors.code)
    words = prose_words(text, code)
    prose = prose_text(text, code)
    if (len(words) < EXTRA_MIN_WORDS or len(prose) < IDENTIFY_MIN_CHARS or _is_byline(prose)
            or names_only(words, pair.kind, prose)):
        return
    if is_english(prose, ctx.locale) is True:
        yield ctx.pair_finding(pair, f"{blocks[0].kind.replace('_', ' ')} still in English, with no "
                                     f"upstream counterpart: \u201c{snippet(text)}\u201d")


@check("RS103", "coverage.extra", Severity.INFO)
def extra(pair: Pair, ctx: Context) -> Iterator[Problem]:
    """A translation block has no upstream counterpart: a translator's note, a credit line, or
    text whose upstream was removed.

    Informational: notes are legitimate, but a reviewer should see them. A whole section
    upstream lacks (a release the translation has first) is one finding, at its heading,
    naming it and its lines.

    Fails (info): a translation that adds "译者：@片刻" under the title. Passes: every
    translated block corresponds to an upstream block.
    """
    if pair.upstream or not pair.translation:
        return
    blocks = ctx.alignment.translation_blocks(pair)
    sections, inside = ctx.memo.get("extra_sections") or ctx.memo.setdefault(
        "extra_sections", _extra_sections(ctx.alignment))
    if blocks[0].index in inside:
        return
    end = sections.get(blocks[0].index)
    if end is not None:
        n = sum(1 for i in range(blocks[0].index + 1, end.index + 1)
                if dialects.has_content(ctx.alignment.translation.blocks[i]))
        more = f" and {n} more block(s)" if n else ""
        yield ctx.pair_finding(pair, f"extra in translation, no upstream counterpart: section "
                                     f"\u201c{snippet(blocks[0].text, 50)}\u201d{more} "
                                     f"(translation lines {blocks[0].start}-{end.end})",
                               details={"blocks": n + 1, "translation_end": end.end})
        return
    if not dialects.has_content(blocks[0]):
        return
    text = " ".join(b.text for b in blocks)
    yield ctx.pair_finding(pair, f"extra in translation, no upstream counterpart: {blocks[0].kind.replace('_', ' ')} \u201c{snippet(text)}\u201d")


def _extra_sections(al: Alignment) -> tuple[dict[int, Block], set[int]]:
    """The translation's headings whose whole section has no upstream counterpart (a
    release only the translation has) -> the section's last block; and the other blocks of
    those sections."""
    doc = al.translation
    paired = {j for p in al.pairs if p.is_match for j in p.translation}
    sections: dict[int, Block] = {}
    inside: set[int] = set()
    for block in doc.blocks:
        if not block.is_heading or block.index in paired or block.index in inside:
            continue
        section = doc.section_of(block)
        if section.heading != block.index or section.end <= block.index:
            continue
        span = range(block.index + 1, section.end + 1)
        if any(i in paired for i in span):
            continue
        sections[block.index] = doc.blocks[section.end]
        inside.update(span)
    return sections, inside
