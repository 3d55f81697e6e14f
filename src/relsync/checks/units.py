"""The units `omission` aligns: an upstream block's sentences cut into clauses, and the
translation's sentences, each with its length of prose and the anchors it holds (code spans,
numbers, references: :mod:`.masking`), and the names of upstream's clauses a translation
writes nowhere."""

from __future__ import annotations

import difflib
import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Container, Mapping

from .. import sentences
from ..anchors import URL_RE
from ..dialects import LEAD_RE, macro_target
from ..english_words import english_zipf
from ..keys import page_key
from ..languages import LATIN_JOINED, singular
from ..model import Block
from .masking import PLACEHOLDER_BASE, PLACEHOLDERS, anchor_numbers, masked, prose_length, unmask

#: The part of a block without counterpart, in characters of prose, at least (`omission`).
MIN_MISSING_SHARE = 0.2
#: A block of more sentences or clauses than this on a side is not judged (the alignment of
#: its units costs their product), nor one of more code spans and numbers for where it stops.
MAX_UNITS = 60

#: Where an English clause starts: before a conjunction (:data:`CLAUSE_RE`).
BEFORE_CONJUNCTION = (r"\s+(?=(?:and|but|so|which|while|because|or|when|if|where|that|with|to|for|as"
                      r"|since|unless|until|after|before|by|using|instead)\s)")
CLAUSE_RE = re.compile(r"(?<=[,;:])\s+|\s+(?=[\u2014(])|(?<=\u2014)\s*|" + BEFORE_CONJUNCTION)
#: A sentence says something when it has two words of letters (not "(Firefox bug 1598151)").
_WORDS_RE = re.compile(r"[^\W\d_]{2,}\W+(?!bug\b)[^\W\d_]{2,}(?![^\W\d_])(?!\W+\d)")


@dataclass(slots=True)
class Unit:
    """A sentence, or a clause of one: its text, length of prose and anchors."""

    text: str
    length: int
    anchors: frozenset[str]
    sentence: int = 0
    """The sentence of the block it belongs to."""


def _anchors(text: str, code: tuple[str, ...]) -> frozenset[str]:
    """What a translation keeps of a piece of text: its code spans and numbers."""
    found = {code[ord(ch) - PLACEHOLDER_BASE] for ch in text if ch in PLACEHOLDERS}
    found |= {m.group(0) for m in anchor_numbers(text)}
    return frozenset(found)


#: References in parentheses ending a block (held anchors only): "([Firefox bug 1325814](...)).", or
#: "(...):" before the items it introduces.
CITATION_RE = re.compile(r"\(\s*[\ue000-\uefff][\ue000-\uefff\s,;]*\)\s*[.:\u3002\uff1a]?\s*$")


#: A block's text with its anchors held, and the anchors (:func:`~.masking.masked`).
Held = tuple[str, tuple[str, ...]]


#: A word in Latin letters, also where a text in another script writes it without spaces (no
#: letter, digit, "." or "-" before it: looked behind its first letter, so that the scan
#: stops only at letters).
LATIN_WORD_RE = re.compile(r"[A-Za-z](?<![A-Za-z0-9.-][A-Za-z])[A-Za-z0-9]+(?![A-Za-z0-9-])")


#: Words written alike on both sides, each with the share of its uses to leave out.
Shared = Mapping[str, float]


def unshared(text: str, shared: Shared) -> float:
    """The length of the words of ``shared`` in ``text``, each use times its share (to
    leave out of its prose length); a word of ``shared`` in the plural is one of its uses."""
    if not shared:
        return 0.0
    total = 0.0
    for w in LATIN_WORD_RE.findall(text):
        share = shared.get(w) or (shared.get(w[:-1]) if w[-1:] == "s" else None)
        if share:
            total += len(w) * share
    return total


def _unmarked(block: Block, held: Held | None) -> Held:
    """A block's masked text (``held``, when the caller has it) without a description's
    marker (MDN's ``- :``): no word of its first sentence."""
    text, code = held or masked(block)
    if text.startswith(": ") and block.text.startswith(": "):
        text = text[2:]
    return text, code


def upstream_units(block: Block, held: Held | None = None,
                   shared: Shared | None = None) -> tuple[list[Unit], int]:
    """The clauses of an upstream block's sentences, and the number of its sentences
    (``held``: the block's :func:`~.masking.masked`, when the caller has it; the words of
    ``shared`` count for no length)."""
    text, code = _unmarked(block, held)
    parts = sentences.split(text)
    links = _link_texts(block) if "](" in block.source or "<a " in block.source else ()
    units = [Unit(unmask(c, code), prose_length(c) - unshared(c, shared or {}), _anchors(c, code), k)
             for k, p in enumerate(parts) for c in _clauses(p, links)]
    count = sum(1 for p in parts if _WORDS_RE.search(p))
    lead = LEAD_RE.match(block.source)
    head = lead.group(1).strip() if lead else ""
    if head.endswith(":") and units and " ".join(units[0].text.split()) == head:
        count += 1  # ("**Method handlers:** A property name…": a sentence, as the translation's lead is)
    return units, count


def sentences_of(trs: list[Unit], citing: frozenset[str]) -> int:
    """The number of a translation's sentences, as :func:`upstream_units` counts upstream's:
    not the references a block ends with ("([bogue Firefox 2018797](…))." in French), nor a
    sentence of one word in a script that spaces its words ("Claro." for "Sure.")."""
    return sum(1 for t in trs if _WORDS_RE.search(t.text) or not (
        (t.anchors and t.anchors <= citing) or (not t.anchors and _ONE_WORD_RE.fullmatch(t.text))))


_ONE_WORD_RE = re.compile(r"\W*[A-Za-z\u00c0-\u024f\u0400-\u04ff]+\W*")


def whole_sentences(ups: list[Unit], parts: list[int]) -> bool:
    """Whether the units ``parts`` are whole sentences of ``ups``."""
    sentences = {ups[k].sentence for k in parts}
    return bool(parts) and all(k in parts for k, u in enumerate(ups) if u.sentence in sentences)


#: A link of the source and its text: Markdown's ``[text](url)`` and HTML's ``<a href>``.
LINK_RE = re.compile(r"\[((?:[^\[\]\n]|\[[^\]\n]*\])+)\]\(\s*<?([^)\s>]+)"
                     r"|<a\s[^>]*?href=[\"']([^\"']+)[\"'][^>]*>(.*?)</a>", re.S)


def link_text(m: re.Match) -> str:
    """The text of a link :data:`LINK_RE` found, as the block's text writes it."""
    return " ".join(re.sub(r"<[^>]+>|[`*_]", "", m.group(1) or m.group(4) or "").split())


def _link_texts(block: Block) -> tuple[str, ...]:
    """The texts of a block's links."""
    return tuple(t for t in map(link_text, LINK_RE.finditer(block.source)) if len(t) >= 2)


def links_named(tr: Block, up: Block) -> bool:
    """Whether each link of the translation has a text upstream's block writes (the name of
    an interface upstream writes as code: "[nsIInterfaceRequestor](…)::GetInterface" for
    "`nsIInterfaceRequestor::GetInterface`")."""
    texts = _link_texts(tr)
    return bool(texts) and len(texts) == len(tr.anchors.links) and all(t in up.text for t in texts)


def cited(block: Block, held: Held | None = None) -> frozenset[str]:
    """The anchors of the references a block ends with: they cite the whole block, so a
    translation keeping them says nothing of its last sentence (one that lost them may)."""
    text, code = held or masked(block)
    found = CITATION_RE.search(text)
    return _anchors(found.group(0), code) if found else frozenset()


def _clauses(sentence: str, links: tuple[str, ...] = ()) -> list[str]:
    """A sentence cut at its commas, semicolons, colons, dashes and conjunctions, each piece
    at least 15 characters (a shorter one joins the piece before it) or naming a link of its
    own (``links``: the texts of the block's links, "and [shadcn/ui](…)")."""
    cuts = [m.start() for m in CLAUSE_RE.finditer(sentence)] + [len(sentence)]
    out: list[str] = []
    last = 0
    for cut in cuts:
        piece = sentence[last:cut]
        if out and (_short(piece, links) or _short(out[-1], links)):
            out[-1] += piece
        else:
            out.append(piece)
        last = cut
    return [p.strip() for p in out if p.strip()]


def _short(piece: str, links: tuple[str, ...] = ()) -> bool:
    """A piece too short to be a clause of its own: under 15 characters, and no code span,
    URL or link of its own (", like: `2008-09-15T15:53:00+05:00`" is one: what it shows; a
    reference cited, "([bug 1460506](…))", is what a translation that stops short loses)."""
    piece = piece.strip()
    return len(piece) < 15 and not any(ch in PLACEHOLDERS for ch in piece) and not any(
        re.search(r"(?<!\w)" + re.escape(t) + r"(?!\w)", piece) for t in links if t in piece)


def leads_alike(ups: list[Unit], trs: list[Unit], up: Block, tr: Block) -> bool:
    """Whether upstream's first unit is its lead in bold and the translation's first unit its
    own (:func:`translation_units` split it off): the lead is translated, whatever follows."""
    up_lead, tr_lead = LEAD_RE.match(up.source), LEAD_RE.match(tr.source)
    if not up_lead or not tr_lead or len(ups) < 2 or len(trs) < 2:
        return False
    head = up_lead.group(1).strip()
    return " ".join(ups[0].text.split()) == head and " ".join(trs[0].text.split()) == tr_lead.group(1).strip()


def translation_units(block: Block, up: Block, held: Held | None = None,
                      shared: Shared | None = None) -> list[Unit]:
    """The translation's sentences; when upstream's block opens with a lead in bold that is a
    sentence of its own ("**Web forgery protection enhanced.**"), the translation's lead in
    bold is one too, also without a full stop after it."""
    text, code = _unmarked(block, held)
    parts = sentences.split(text)
    up_lead = LEAD_RE.match(up.source)
    lead = LEAD_RE.match(block.source) if up_lead and up_lead.group(1).strip()[-1:] in ".!?:" else None
    if lead and parts and len(parts[0]) > len(lead.group(1).strip()) and parts[0].startswith(lead.group(1).strip()):
        head = lead.group(1).strip()
        parts[:1] = [head, parts[0][len(head):].strip()]
    return [Unit(unmask(p, code), prose_length(p) - unshared(p, shared or {}), _anchors(p, code)) for p in parts if p]


#: A name: a word with a capital letter (``JavaScript``, ``API``, ``Gecko``) that is no
#: common English word.
_NAME_RE = re.compile(r"(?<![\w.-])(?=[a-z0-9]*[A-Z])[A-Za-z][A-Za-z0-9]+(?![\w-])")
#: A word capitalized only for starting a sentence or a list item's lead.
_STARTS_RE = re.compile(r"(?:^|[.!?:]\s+|\s[-*]\s+)$")
NAME = "\x00name:"


def names(text: str, lower: Container[str]) -> set[str]:
    """The names of a text: a word with a capital inside (``JavaScript``, ``API``), or
    capitalized (``Nuxt``) where no sentence starts and written in lower case nowhere in the
    upstream document (``lower``; "Plugins" of a title is a word); no common English word."""
    out = set()
    for m in _NAME_RE.finditer(text):
        w = m.group(0)
        if english_zipf(w) != 0.0:
            continue
        if w[1:].islower() and (w.lower() in lower or _STARTS_RE.search(text, 0, m.start())):
            continue
        out.add(w)
    return out


def _stem(name: str) -> str:
    """A name folded, without a plural's ``s`` (``APIs``, ``WeakMaps``; not ``iOS``)."""
    return singular(name).casefold()


def lost_names(ups: list[Unit], tr: Block, code: tuple[str, ...], lower: Container[str] | None,
               latin: bool, terms: Container[str] = ()) -> frozenset[str]:
    """The names of one upstream unit alone, outside its code, that the translation writes
    nowhere, also not as the singular (``WeakMap`` for ``WeakMaps``), when it writes another
    name of the block as it is (in another script, any word in Latin letters of the block:
    :func:`_keeps_latin_words`; in Latin script, a name with a capital inside needs no
    other: ``JavaScript`` is not translated); ``ups`` get their keys. ``code``: the block's
    code spans, whose names are not counted twice; ``lower``: the words upstream writes in
    lower case (:func:`names`); ``None``: no name is counted; ``terms``: the page's kept
    terms (:mod:`.terms`), lost as names are, with no other name written."""
    if lower is None:
        return frozenset()
    source = tr.source.casefold()
    owners: dict[str, set[int]] = {}
    for k, u in enumerate(ups):
        text = u.text
        for c in code:
            text = text.replace(c, " ")
        for w in names(text, lower):
            owners.setdefault(w, set()).add(k)
    lost = _lost_terms(ups, code, source, terms, set(owners))
    written = {w for w in owners if _stem(w) in source}
    if not written:
        if latin:
            owners = {w: k for w, k in owners.items() if not w[1:].islower()}
        elif not _keeps_latin_words(ups, tr, code):
            return frozenset(lost)  # the translator writes no name of the block as it is (`下键` for `ArrowDown`)
    for w, where in owners.items():
        if len(where) == 1 and w not in written:
            k = next(iter(where))
            ups[k] = Unit(ups[k].text, ups[k].length, ups[k].anchors | {NAME + w}, ups[k].sentence)
            lost.add(NAME + w)
    return frozenset(lost)


def _keeps_latin_words(ups: list[Unit], tr: Block, code: tuple[str, ...]) -> bool:
    """Whether a translation in another script writes, outside its code, a word in Latin
    letters of upstream's block as upstream does ("当 ID 改变时", "新的 todo 项目"): it keeps
    upstream's words as they are, names among them."""
    text = tr.text
    for c in tr.anchors.code:
        text = text.replace(c, " ")
    theirs = {w.casefold() for w in LATIN_WORD_RE.findall(URL_RE.sub(" ", text))}  # (an address is no word)
    if not theirs:
        return False
    for u in ups:
        ours = u.text
        for c in code:
            ours = ours.replace(c, " ")
        ours = URL_RE.sub(" ", ours)
        if any(w.casefold() in theirs for w in LATIN_WORD_RE.findall(ours)):
            return True
    return False


#: A term (:mod:`.terms`) has this many letters at least.
_TERM_LETTERS = 3


@lru_cache(maxsize=1 << 16)
def is_jargon(word: str) -> bool:
    """Whether a folded word may be a term: long enough, and no common English word."""
    return len(word) >= _TERM_LETTERS and english_zipf(word) == 0.0


def any_lost_name(text: str, translation: str, lower: Container[str] | None, terms: Container[str] = ()) -> bool:
    """Whether a name or kept term of upstream's ``text`` is written nowhere in the
    translation's source (a first look: :func:`lost_names` tells which unit held it)."""
    if lower is None:
        return False
    source = translation.casefold()
    # (a term is asked for last: the first question learns the page's terms)
    return any(_stem(w) not in source for w in names(text, lower)) or any(
        w.casefold() not in source and is_jargon(w.casefold()) and w.casefold() in terms
        for w in LATIN_WORD_RE.findall(text))


def _lost_terms(ups: list[Unit], code: tuple[str, ...], source: str, terms: Container[str],
                known: set[str]) -> set[str]:
    """The kept terms (:mod:`.terms`) of one upstream unit alone, outside its code, that the
    translation writes nowhere; ``ups`` get their keys."""
    owners: dict[str, set[int]] = {}
    for k, u in enumerate(ups):
        text = u.text
        for c in code:
            text = text.replace(c, " ")
        for w in LATIN_WORD_RE.findall(text):
            folded = w.casefold()
            if w not in known and folded not in source and is_jargon(folded) and folded in terms:
                owners.setdefault(folded, set()).add(k)
    lost: set[str] = set()
    for w, where in owners.items():
        if len(where) == 1:
            k = next(iter(where))
            ups[k] = Unit(ups[k].text, ups[k].length, ups[k].anchors | {NAME + w}, ups[k].sentence)
            lost.add(NAME + w)
    return lost


#: What a link's anchor key starts with (its URL follows).
LINK_KEY = "\x00link:"


def surely_lost(anchors: set[str] | frozenset[str], tr: Block) -> bool:
    """Whether one of ``anchors`` (lost ones) is a number or code span, or a link to a page
    the translation links nowhere, in any locale or place of the site (a page that moved
    keeps its name: ``/Performance/Lazy_loading``, ``/Performance/Guides/Lazy_loading``)."""
    pages = None
    for a in anchors:
        if a.startswith(NAME):
            continue
        if not a.startswith(LINK_KEY):
            return True
        if pages is None:
            pages = {page_key(url) for url in tr.anchors.links}
        key = page_key(a[len(LINK_KEY):])
        if key and key not in pages:
            return True
    return False


def code_and_numbers(block: Block) -> set[str]:
    """A block's code spans and numbers."""
    return {*block.anchors.code, *block.anchors.numbers}


def keeps_anchors(up: Block, tr: Block) -> bool:
    """Whether the translation has every code span, number and date of the upstream block, and as
    many links (a first look: a block that lost one may have lost the sentence that held it)."""
    return (set(up.anchors.code) <= set(tr.anchors.code) and set(up.anchors.numbers) <= set(tr.anchors.numbers)
            and set(up.anchors.dates) <= set(tr.anchors.dates) and len(tr.anchors.links) >= len(up.anchors.links))


def address_lost(anchors: set[str] | frozenset[str], tr: Block) -> bool:
    """Whether one of ``anchors`` (lost ones) is an address the translation has nowhere: a
    URL written out ("Learn more about Trunk at https://trunkrs.dev."), or a link to a page
    it links nowhere (:func:`surely_lost`). Unlike code, which a translator may write
    another way ("„rick“" for `rick`), an address is never translated."""
    return surely_lost({a for a in anchors if a.startswith(LINK_KEY) or "://" in a}, tr)


def url_lost(up: Block, tr: Block) -> bool:
    """Whether upstream writes out a URL in its text ("Learn more about Trunk at
    https://trunkrs.dev.") that the translation writes nowhere (:func:`written_lost`)."""
    return any(written_lost(url, tr) for url in up.anchors.links if "://" in url and url in up.text)


def written_lost(anchor: str, tr: Block) -> bool:
    """Whether ``anchor`` is a URL written out in the text (not a link's destination) that the
    translation writes nowhere, in no link, text or code (its scheme and a slash it ends
    with aside)."""
    return "://" in anchor and not anchor.startswith(LINK_KEY) and _HOST_RE.sub("", anchor).rstrip("/") not in tr.source


_HOST_RE = re.compile(r"^[a-z][a-z0-9+.-]*://(?:www\.)?", re.I)


def sentence_lost(ups: list[Unit], lost: frozenset[str]) -> bool:
    """Whether a sentence holds two code spans or numbers or more, all of them lost."""
    held: dict[int, set[str]] = {}
    for u in ups:
        held.setdefault(u.sentence, set()).update(a for a in u.anchors if not a.startswith((NAME, LINK_KEY)))
    return any(len(a) >= 2 and a <= lost for a in held.values())


def opening(ups: list[Unit], skipped: list[int], tr: Block) -> list[int]:
    """``skipped`` with each run that closes a parenthesis it does not open starting at the
    unit of its sentence that opens it (clauses are cut at commas inside parentheses too: "a
    path alias (e.g.," and "`@/types`), ..." are two; the part left out is not the second
    alone), unless that unit holds what the translation keeps (its references)."""
    out = set(skipped)
    held = " ".join((tr.text, *tr.anchors.links))
    for k in skipped:
        if k - 1 in out:
            continue
        end = k
        while end + 1 in out:
            end += 1
        first = k
        while (first and ups[first - 1].sentence == ups[k].sentence and _opened(ups[first:end + 1]) < 0
               and not any(a.removeprefix(LINK_KEY) in held for a in ups[first - 1].anchors)):
            first -= 1
        out.update(range(first, k))
    return sorted(out)


def _opened(units: list[Unit]) -> int:
    """Parentheses the units' text opens less those it closes."""
    text = " ".join(u.text for u in units)
    return text.count("(") - text.count(")")


#: A word, a number or a held anchor (code, link) of a masked text, as :func:`words_left_out` reads it.
_TOKEN_RE = re.compile(r"[^\W_]+|[\ue000-\uefff]")
#: A run of upstream's words a block written in them leaves out has at least this many words.
LEFT_OUT_MIN_WORDS = 2
#: Texts of more words than this on a side are not compared word for word.
LEFT_OUT_MAX_WORDS = 2000


def words_left_out(up: tuple[str, tuple[str, ...]], tr: tuple[str, tuple[str, ...]]) -> list[tuple[int, int]]:
    """The runs of an upstream text's words (offsets in its masked text) that a text written
    in upstream's own words leaves out: what an exact comparison of the two word sequences
    finds deleted, not replaced (an older wording is not a part left out). ``up`` and ``tr``
    are masked texts with their anchors (:func:`~.masking.masked`)."""
    def tokens(text: str, code: tuple[str, ...]) -> list[tuple[str, int, int]]:
        return [(code[ord(m.group(0)) - PLACEHOLDER_BASE] if m.group(0) in PLACEHOLDERS
                 and ord(m.group(0)) - PLACEHOLDER_BASE < len(code) else m.group(0).lower(), m.start(), m.end())
                for m in _TOKEN_RE.finditer(text)]
    ours, theirs = tokens(*up), tokens(*tr)
    if len(ours) > LEFT_OUT_MAX_WORDS or len(theirs) > LEFT_OUT_MAX_WORDS:
        return []  # (the comparison costs their product)
    matcher = difflib.SequenceMatcher(None, [t[0] for t in ours], [t[0] for t in theirs], autojunk=False)
    return [(ours[i1][1], ours[i2 - 1][2]) for op, i1, i2, _, _ in matcher.get_opcodes()
            if op == "delete" and i2 - i1 >= LEFT_OUT_MIN_WORDS]


def balanced(text: str, start: int, end: int) -> str:
    """The part ``text[start:end]`` with the parenthesis that opens one it closes, or closes
    one it opens: "(Nightly): …" for "Nightly): …"."""
    part = text[start:end]
    if part.count("(") > part.count(")") and text[end:end + 1] == ")":
        return part + ")"
    return "(" + part if part.count(")") > part.count("(") and text[start - 1:start] == "(" else part


def loose(text: str) -> str:
    """Text compared for being kept at all: letter case and spaces aside."""
    return "".join(text.split()).casefold()


def named_in(macro: str, source: str) -> bool:
    """Whether the translation's source (lower case) names what ``macro`` refers to, in a macro
    written another way (``{{domxref("element.blur()")}}`` for ``{{domxref("HTMLElement.blur()")}}``)
    or as text; a macro that names no target is taken as written."""
    target = macro_target(macro)
    if target is None:
        return True
    return re.split(r"[./#]", target.lower().removesuffix("()"))[-1] in source


def once_less(ups: list[Unit], tr: Block, up_code: tuple[str, ...], citing: frozenset[str]) -> frozenset[str]:
    """A code span several sentences hold that the translation writes once less than
    upstream: the one sentence holding it and nothing else (the references the block ends
    with aside) is left out (its units get a key of their own, lost): "The `pending` event
    occurs when entering a pending state.", beside "… emits 3 events: `pending`, `resolve`
    and `fallback`." that the translation renders ("除了 `pending` 事件之外，…")."""
    ours = Counter(loose(a) for a in up_code)
    theirs = Counter(loose(a) for a in tr.anchors.code)
    out: set[str] = set()
    sentences: dict[int, set[str]] = {}
    for u in ups:
        sentences.setdefault(u.sentence, set()).update(u.anchors - citing)
    for a in {a for anchors in sentences.values() for a in anchors}:
        if ours[loose(a)] - theirs[loose(a)] != 1 or not theirs[loose(a)]:
            continue  # (one less: of two less, which is which the counts do not tell)
        alone = [k for k, anchors in sentences.items() if anchors == {a}]
        if len(alone) != 1:
            continue
        for k, u in enumerate(ups):
            if u.sentence in alone:
                key = f"\x00once-less{k}"
                ups[k] = Unit(u.text, u.length, u.anchors | {key}, u.sentence)
                out.add(key)
    return frozenset(out)


def link_keys(ups: list[Unit], up: Block, tr: Block, leads: Callable[[str], bool]) -> tuple[set[str], set[str]]:
    """The links of one upstream unit alone (the unit that holds the link's text): each unit
    gets the link's key among its anchors; the keys of those the translation leads to as
    well (``leads``), and of those it lost (no link of the translation leads there, and it
    has fewer links than upstream)."""
    kept: set[str] = set()
    lost: set[str] = set()
    fewer = len(tr.anchors.links) < len(up.anchors.links)
    for m in LINK_RE.finditer(up.source):
        url = m.group(2) or m.group(3)
        text = link_text(m)
        if len(text) < 2 or not url:
            continue
        owners = [k for k, u in enumerate(ups) if text in u.text]
        if len(owners) != 1:
            continue
        key = LINK_KEY + url
        k = owners[0]
        ups[k] = Unit(ups[k].text, ups[k].length, ups[k].anchors | {key}, ups[k].sentence)
        if leads(url):
            kept.add(key)
        elif fewer:
            lost.add(key)
    return kept, lost


#: A term in Latin letters: a name, or a word a translation in Latin letters keeps ...
_TERM_RE = re.compile(r"(?<![\w.-])[A-Za-z][A-Za-z0-9]+(?![\w-])")
#: ... in a text of another script, where a letter of it may touch the term ("API를", "旧的API");
#: unlike :data:`LATIN_WORD_RE` (read over masked prose), ``_`` joins: the text holds its code,
#: and `on_menu_event` is no "event".
_LATIN_TERM_RE = re.compile(rf"(?<![{LATIN_JOINED}.-])[A-Za-z][A-Za-z0-9]+(?![{LATIN_JOINED}-])")


def units_named(ups: list[Unit], text: str, latin: bool, writes: Callable[[str], bool] | None) -> set[int]:
    """The upstream units translated by what they name: a translation in another script
    (not ``latin``) keeps names in Latin letters, one in Latin letters the page's kept terms
    (``writes``): a unit whose own term ``text`` writes is translated. A term of one sentence
    alone, written as many times as its clauses hold it (of two clauses naming "docstring",
    a translation naming it once may have left one out)."""
    words: dict[str, set[int]] = {}
    for k, u in enumerate(ups):
        for w in set(_TERM_RE.findall(u.text)):
            words.setdefault(w, set()).add(k)
    theirs = Counter((_TERM_RE if latin else _LATIN_TERM_RE).findall(text))
    return {k for w, where in words.items()
            if len({ups[k].sentence for k in where}) == 1 and theirs[w] >= len(where)
            and (not latin or writes is not None and writes(w.casefold())) for k in where}
