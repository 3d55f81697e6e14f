"""English left inside a translation: a clause of upstream's words in a translated block, and
a heading or title left in English on a translated page.

A word is ordinary English, not a name, when upstream writes it (or, of a plural, its
singular: "mismatches", "mismatch") in lower case somewhere, and it is no acronym; a phrase
is a term the translation keeps when the translation uses it elsewhere too (or the
locale's glossary keeps it). In a language written in another script than Latin, English
shows by its script; in a Latin-script language, a run of upstream's own words is English
only if the language identifier reads it so and the translation uses fewer than half of its
longer ordinary words elsewhere (so cognates and names stay silent, and a clause that shares
one term with the translation, "plugin", does not).
"""

from __future__ import annotations

import re
from collections import Counter
from itertools import islice
from typing import Iterator

from .. import dialects, sentences
from ..anchors import URL_RE
from ..english_words import ENGLISH_WORD_RE, english_shared, english_zipf, is_acronym, plural_of
from ..languages import identify, is_letter, language_code, language_scripts, latin_token, script_of, singular
from ..model import Alignment, Block, Pair, Severity
from .coverage import is_untranslated, names_only, prose_words, written_in_target
from .labels import among_name_headings, among_names, is_label
from .masking import hold, unmask
from .registry import Context, Problem, Scope, check
from .terms import page_mixes_english
from .tooltips import english_tooltips

#: A run of Latin-script words: words joined by spaces, commas and the code placeholder.
_RUN_RE = re.compile(r"[A-Za-z\ue000-\ue0ff][A-Za-z'\u2019\-\ue000-\ue0ff]*"
                     r"(?:[ ,;:()]+[A-Za-z\ue000-\ue0ff][A-Za-z'\u2019\-\ue000-\ue0ff]*)*[.:]?")
_OPENING_QUOTES = "\"'\u201c\u2018\u300c\u300e\u00ab"
#: A word in lower case, not inside a longer word or name (``(?<![\w.-])`` before its first
#: letter, written after that letter: the scan then looks only where a letter is).
_LOWER_WORD_RE = re.compile(r"[a-z](?<![\w.-][a-z])[a-z'-]+(?![\w-])")
_KINDS = ("paragraph", "list_item")
#: English words that make a run of words a clause rather than a name or a noun phrase
#: (a translation may keep "browser CORS preflight request" as its terms).
FUNCTION_WORDS = frozenset("""a an the to of in on at by for from with as is are was were be been can
could will would should may might must do does you we it this that these those and or but if
when not no so than then there which who how what your our its their has have had about into
through over under after before between without within during via""".split())
_CLAUSE_FUNCTION_WORDS = 2
#: Code written without backticks: a dotted or called name, a path (``app.mount()``).
_CODE_LIKE_RE = re.compile(r"\S*[._/()<>=]\S*")
_HEADING_ID_RE = re.compile(r"\{\s*#[^}]*\}")
_LINK_TEXT_RE = re.compile(r"\[([^\]]+)\]\(")
#: A clause needs this many ordinary words (and this many words in all).
_CLAUSE_ORDINARY = 4
_CLAUSE_WORDS = 5
#: ... or this many, in a page that mixes short phrases of English into its sentences
#: (:func:`~.terms.mixes_english`).
_MIXED_CLAUSE_WORDS = 8
#: A heading or title needs this many ordinary words.
_HEADING_ORDINARY = 2
#: In a language of another script, a capitalized word of a heading, label or summary is
#: ordinary English at least this common (wordfreq's Zipf scale: "related" 5.1, "usage" 4.2,
#: "supported" 4.7) when the translation does not use it as a term in its own sentences;
#: names and terms are rarer ("props" 3.7, "teleport" 3.0, "vite" 2.4, "uvicorn" 0).
COMMON_ZIPF = 4.0
_SUMMARY_RE = re.compile(r"(?:<details[^>]*>\s*)?<summary>[^<>]+</summary>", re.IGNORECASE)
#: A translated page: at least this share of its paragraphs are in the target language.
_TRANSLATED_SHARE = 0.6


def _masked(text: str, code: tuple[str, ...]) -> tuple[str, tuple[str, ...]]:
    """A block's text without URLs, its code spans held (:func:`~.masking.hold`)."""
    return hold(URL_RE.sub(" ", dialects.split(text)[0]), code)


def _lower_words(doc_text: str) -> frozenset[str]:
    return frozenset(_LOWER_WORD_RE.findall(doc_text))


def upstream_lower_words(ctx: Context) -> frozenset[str]:
    """The words upstream's paragraphs and list items write in lower case."""
    return _memo(ctx)["lower"]


class LowerWords:
    """:func:`upstream_lower_words` as a set to ask whether a word is in, read from the page
    the first time it is asked (most blocks never ask)."""

    __slots__ = ("_page",)

    def __init__(self, ctx: Context) -> None:
        self._page = _memo(ctx)  # (its entries are read when first asked)

    def __contains__(self, word: object) -> bool:
        return word in self._page["lower"]


def _target_letters(text: str, locale: str, enough: int = 1 << 30) -> int:
    """How many letters of the locale's script ``text`` holds (:func:`~relsync.languages.is_letter`:
    its marks too), counted up to ``enough``."""
    scripts = set(language_scripts(locale))
    found = 0
    for ch in text:
        if not ch.isascii() and is_letter(ch) and script_of(ch) in scripts:
            found += 1
            if found >= enough:
                break
    return found


class _PageMemo(dict):
    """What the English rules read of a page, each entry computed when it is first read (most
    pages need few of them): ``lower`` (:func:`upstream_lower_words`, shared by every locale
    of the upstream page), ``latin``, ``tr_text`` (the translation's prose, case-folded),
    ``kept`` (terms the glossary keeps as they are) and ``headings`` (the translation's
    headings and how often each is written); ``uses`` and ``translated`` are set by their
    readers."""

    def __init__(self, al: Alignment, locale: str, cjk_target: bool, glossary: list[tuple[str, str]]) -> None:
        super().__init__()
        # what the entries are read from, not the context itself: the context keeps this memo,
        # and a cycle would keep the pair's documents until the collector runs
        self.al, self.locale, self.cjk_target, self.glossary = al, locale, cjk_target, glossary

    def __missing__(self, key: str):
        al = self.al
        if key == "lower":
            value = al.upstream.derived("english.lower", lambda: _lower_words(
                "\n".join(b.text for b in al.upstream.blocks if b.kind in _KINDS)))
        elif key == "latin":
            value = _latin(self.locale, self.cjk_target)
        elif key == "tr_text":
            value = "\n".join(b.text for b in al.translation.blocks if b.kind in _KINDS or b.is_heading).casefold()
        elif key == "kept":
            value = frozenset(s.casefold() for s, t in self.glossary if s.casefold() == t.casefold())
        elif key == "headings":
            value = Counter(" ".join(b.text.split()).casefold() for b in al.translation.blocks if b.is_heading)
        else:
            raise KeyError(key)
        self[key] = value
        return value


def _page_of(ctx: Context) -> tuple[Alignment, str, bool, list[tuple[str, str]]]:
    return ctx.alignment, ctx.locale, ctx.cjk_target, ctx.glossary


def _memo(ctx: Context) -> _PageMemo:
    memo = ctx.memo.get("english")
    if memo is None:
        memo = ctx.memo["english"] = _PageMemo(*_page_of(ctx))
    return memo


def _is_latin(ctx: Context) -> bool:
    """Whether the target language is written in Latin letters."""
    return _latin(ctx.locale, ctx.cjk_target)


def _latin(locale: str, cjk_target: bool) -> bool:
    return "Latn" in language_scripts(locale) if locale else not cjk_target


def _uses(memo: dict, phrase: str) -> int:
    """How many times the translation writes ``phrase`` as words (in any case)."""
    phrase = " ".join(phrase.casefold().split())
    if not phrase:
        return 0
    counts = memo.setdefault("uses", {})
    if phrase not in counts:
        # (against the letters of another script too: "Service Workerが")
        counts[phrase] = len(latin_token(phrase, "-", "-").findall(memo["tr_text"]))
    return counts[phrase]


def _is_translated_page(al: Alignment, locale: str, latin: bool) -> bool:
    paragraphs = [(al.upstream.blocks[p.upstream[0]], al.translation.blocks[p.translation[0]])
                  for p in al.pairs if len(p.upstream) == 1 and len(p.translation) == 1
                  and al.translation.blocks[p.translation[0]].kind in _KINDS]
    paragraphs = [(u, t) for u, t in paragraphs if len(t.text) >= 8]
    if len(paragraphs) < 2 or not locale:
        return False
    if latin:
        translated = sum(1 for u, t in paragraphs if " ".join(u.text.split()) != " ".join(t.text.split()))
    else:
        translated = sum(1 for _, t in paragraphs if _target_letters(t.text, locale, 2) >= 2)
    return translated >= _TRANSLATED_SHARE * len(paragraphs)


def _ordinary(words: list[str], lower: frozenset[str]) -> list[str]:
    """The words upstream writes in lower case: ordinary English, not names (nor an acronym,
    `API`, `APIs`); a plural too, when upstream writes the singular in lower case ("Hydration
    mismatches" over "a hydration mismatch")."""
    return [w for w in words if not is_acronym(w) and (w.lower() in lower or plural_of(w.lower(), lower))]


def _quoted(text: str, start: int, end: int) -> bool:
    """Whether the run opens a quotation (markup it quotes between: "「### List of …」")."""
    before = text[:start].rstrip().rstrip("#*_ ")
    return bool(before) and before[-1] in _OPENING_QUOTES


def english_runs(tr: Block, up: Block, ctx: Context) -> list[str]:
    """Clauses of upstream's English words inside a translated block; in a language written
    in the same letters as English, a stretch of upstream's words inside a longer run of
    Latin words ("Kompiler ini juga mendukung perangkat keras baru, and users can enable it
    with one flag." in Indonesian, which writes no letter outside ASCII)."""
    memo = _memo(ctx)
    text, held = _masked(tr.text, tr.anchors.code)
    up_words: set[str] | None = None
    out = []
    for m in _RUN_RE.finditer(text):
        words = ENGLISH_WORD_RE.findall(m.group(0))
        if not _clause_like(words, memo):
            continue
        if up_words is None:
            up_words = {w.lower() for w in ENGLISH_WORD_RE.findall(up.text)}
        if sum(1 for w in words if w.lower() in up_words) >= 0.8 * len(words):
            spans = [(m.start(), m.end())]
        elif memo["latin"]:
            spans = [(start, end) for start, end in _upstream_stretches(text, m, up_words)
                     if _clause_like(ENGLISH_WORD_RE.findall(text[start:end]), memo)]
        else:
            continue  # not upstream's words
        for start, end in spans:
            shown = _english_clause(text, held, start, end, tr, ctx, memo)
            if shown:
                out.append(shown)
    return out


def _clause_like(words: list[str], memo: dict) -> bool:
    """Enough words, ordinary and function words, for a clause (not a noun phrase the
    translation keeps as its terms)."""
    if len(words) < _CLAUSE_WORDS:
        return False
    ordinary = _ordinary(words, memo["lower"])
    if len(set(w.lower() for w in ordinary)) < _CLAUSE_ORDINARY:
        return False
    return sum(1 for w in words if w.lower() in FUNCTION_WORDS) >= _CLAUSE_FUNCTION_WORDS


def _upstream_stretches(text: str, run: re.Match, up_words: set[str]) -> list[tuple[int, int]]:
    """The stretches of a run whose words are all upstream's, each a clause's length at least;
    one that opens with a few words before a comma starts after it (the translation's own
    "interface `nsIJSON`" before ", which offers …")."""
    out: list[tuple[int, int]] = []
    first = last = None
    count = 0
    for w in [*ENGLISH_WORD_RE.finditer(text, run.start(), run.end()), None]:
        if w is not None and w.group(0).lower() in up_words:
            first = w.start() if first is None else first
            last, count = w.end(), count + 1
            continue
        if first is not None and count >= _CLAUSE_WORDS:
            comma = _CLAUSE_BREAK_RE.search(text, first, last)
            if comma and len(ENGLISH_WORD_RE.findall(text[first:comma.start()])) < _CLAUSE_WORDS \
                    and len(ENGLISH_WORD_RE.findall(text[comma.end():last])) >= _CLAUSE_WORDS:
                first = comma.end()
            out.append((first, last))
        first, count = None, 0
    return out


#: Where a clause may start inside a stretch of words.
_CLAUSE_BREAK_RE = re.compile(r"[,;:]\s+")


def _english_clause(text: str, held: tuple[str, ...], start: int, end: int, tr: Block, ctx: Context,
                    memo: dict) -> str | None:
    """The run ``text[start:end]`` (a clause's words: :func:`_clause_like`) as quoted, when it
    is a clause of English left in ``tr``."""
    run = text[start:end]
    if _quoted(text, start, end):
        return None  # a quoted message or title
    if len(ENGLISH_WORD_RE.findall(run)) < _MIXED_CLAUSE_WORDS and page_mixes_english(ctx.memo, ctx.alignment):
        return None  # a page that mixes phrases of English into its sentences throughout: its style
    rest = text[:start] + text[end:]
    if not memo["latin"] and _target_letters(rest, ctx.locale, 4) < 4:
        return None  # the block is English as a whole: `untranslated` says so
    plain = " ".join(w for w in run.split() if not any("\ue000" <= c <= "\ue0ff" for c in w))
    if _uses(memo, plain) > 1 or plain.casefold() in memo["kept"]:
        return None  # a phrase the translation keeps as it is
    shown = " ".join(unmask(run, held).strip(" ,;:(").split())
    if any(shown.casefold() in " ".join(t.replace("`", "").split()).casefold()
           for t in _LINK_TEXT_RE.findall(tr.source)):
        return None  # the title of a page the link leads to, kept as that page has it
    if memo["latin"] and (identify(rest, ("en", ctx.locale)) != language_code(ctx.locale)
                          or identify(plain, ("en", ctx.locale)) != "en"
                          or _shared(memo, _ordinary(ENGLISH_WORD_RE.findall(run), memo["lower"]))):
        return None  # cognates, names, or a block that is not the target language around it
    return shown


#: A sentence of upstream left as it is needs this many ordinary words, this many of them
#: function words (one more ordinary word: one function word).
_SENTENCE_ORDINARY = 3
_SENTENCE_FUNCTION_WORDS = 2
_LOWER_PAIR_RE = re.compile(r"(?<![\w-])[a-z]+ [a-z]+(?![\w-])")
_SENTENCE_END_RE = re.compile(r"[\s.!?:;。．！？]+$")


def _sentence_key(text: str) -> str:
    return _SENTENCE_END_RE.sub("", " ".join(text.split())).casefold()


def _held(block: Block) -> tuple[str, tuple[str, ...]]:
    """A block's text with its code spans and URLs each held as one private-use character
    (no sentence ends inside them), and what :func:`~.masking.unmask` gives them back from."""
    text = dialects.split(block.text)[0]
    return hold(text, tuple(block.anchors.code) + tuple(m.group(0) for m in URL_RE.finditer(text)))


def english_sentences(tr: Block, up: Block, ctx: Context) -> list[str]:
    """Sentences of upstream left as they are inside a translated block: "Firefox 62 was
    released on September 5, 2018." after a Russian sentence. Shorter than a clause of
    :func:`english_runs` may be, but upstream's own sentence word for word."""
    if _LOWER_PAIR_RE.search(tr.text) is None:
        return []  # no two lower-case words in a row: no English sentence of three
    cache = ctx.alignment.upstream.derived("english.sentences", dict)  # shared by every locale
    keys = cache.get((up.text, up.anchors.code))
    if keys is None:
        up_text, up_kept = _held(up)
        keys = cache[(up.text, up.anchors.code)] = frozenset(
            k for k in (_sentence_key(unmask(x, up_kept)) for x in sentences.split(up_text)) if k)
    whole = " ".join(tr.text.split()).casefold()
    if not any(k in whole for k in keys):
        return []  # no sentence of upstream anywhere in the block
    memo = _memo(ctx)
    text, kept = _held(tr)
    out = []
    for a, b in sentences.split_spans(text):
        sentence = text[a:b]
        shown = " ".join(unmask(sentence, kept).split())
        if _sentence_key(shown) not in keys:
            continue
        words = ENGLISH_WORD_RE.findall(sentence)
        ordinary = _ordinary(words, memo["lower"])
        function = sum(1 for w in words if w.lower() in FUNCTION_WORDS)
        if len(ordinary) < _SENTENCE_ORDINARY or function < 1 or (
                function < _SENTENCE_FUNCTION_WORDS and len(ordinary) <= _SENTENCE_ORDINARY):
            continue  # a name or a noun phrase the translation keeps
        if _quoted(text, a, b):
            continue
        rest = text[:a] + text[b:]
        if memo["latin"]:
            if identify(rest, ("en", ctx.locale)) != language_code(ctx.locale):
                continue
        elif _target_letters(rest, ctx.locale, 4) < 4:
            continue  # the block is English as a whole: `untranslated` says so
        plain = " ".join(w for w in sentence.split() if not any("\ue000" <= c <= "\ue0ff" for c in w))
        if _uses(memo, plain) > 1:
            continue  # a sentence the translation writes as it is elsewhere too (a quoted name)
        out.append(shown)
    return out


def _shared(memo: dict, ordinary: list[str]) -> bool:
    """Whether half or more of the run's longer ordinary words are words the translation
    uses elsewhere too (cognates and terms it keeps, not a clause left in English)."""
    long = {w.lower() for w in ordinary if len(w) > 3}
    return 2 * sum(1 for w in long if _uses(memo, w) > 1) >= max(1, len(long))


@check("RS105", "coverage.untranslated-clause", Severity.WARNING)
def untranslated_clause(pair: Pair, ctx: Context) -> Iterator[Problem]:
    """A translated paragraph or list item keeps a clause of upstream's English.

    A run of at least five English words of upstream, four of them ordinary words (upstream
    writes them in lower case), inside a block that is otherwise translated (in a language
    written in Latin letters, the stretch of upstream's words inside a longer run of Latin
    words: "…perangkat keras baru, and users can enable it with one flag."); or a sentence of
    upstream left word for word, with three ordinary words, two of them function words
    ("Firefox 62 was released on September 5, 2018." after a translated sentence). Names, code,
    quoted messages, a term the locale's glossary keeps and a phrase the translation keeps
    elsewhere too are not clauses; in a Latin-script language the run must read as English
    to the language identifier, and fewer than half of its longer words may be words the
    translation uses elsewhere. A run that opens a quotation, markup it quotes between
    (「### List of …」), is a quotation. A page that writes short phrases of upstream's English
    inside its own sentences in many blocks (8% of them, three at least: Hindi pages written in
    the mix of Hindi and English their readers use, "… SSE best practices को out of the box
    implement करता है।") keeps them as its style: there a run needs eight words; a sentence of
    upstream left whole is still reported. A sentence of upstream's tooltip (an inline HTML
    element's ``title``, ``<dfn title="…">``) that the translation's tooltip keeps word for
    word, with three ordinary words and a function word, is reported too. A block this rule
    reports is not reported again by ``untranslated`` (the English it keeps, quoted, says more).

    Fails: "Users can enable it (with the API preference set to Composition API)." / "用户可以
    启用它 (with the API preference set to Composition API)。". Passes: "Use the Composition
    API." / "使用 Composition API。"; a quoted error message.
    """
    if not ctx.locale or not pair.is_match or len(pair.translation) != 1:
        return
    al = ctx.alignment
    tr = al.translation.blocks[pair.translation[0]]
    if len(pair.upstream) == 1 and "title=" in tr.source:
        kept = english_tooltips(al.upstream.blocks[pair.upstream[0]], tr, _memo(ctx)["lower"], FUNCTION_WORDS)
        if kept:
            quoted = ", ".join(f"\u201c{k}\u201d" for k in kept)
            yield ctx.pair_finding(pair, f"tooltip keeps upstream's English: {quoted}", details={"english": kept})
    if tr.kind not in _KINDS or sum(1 for _ in islice(_LOWER_WORD_RE.finditer(tr.text), _SENTENCE_ORDINARY)) \
            < _SENTENCE_ORDINARY:
        return  # too few English words for a clause (most translated blocks)
    ups = al.upstream_blocks(pair)
    if any(u.kind not in _KINDS for u in ups):
        return
    up = ups[0] if len(ups) == 1 else Block(0, ups[0].kind, ups[0].start, ups[-1].end,
                                             " ".join(u.text for u in ups))
    runs = english_runs(tr, up, ctx)
    for sentence in english_sentences(tr, up, ctx):
        if not any(r in sentence or sentence in r for r in runs):
            runs.append(sentence)
    if runs:
        quoted = ", ".join(f"\u201c{r}\u201d" for r in runs)
        yield ctx.pair_finding(pair, f"{tr.kind.replace('_', ' ')} keeps upstream's English: {quoted}",
                               details={"english": runs})


@check("RS102", "coverage.untranslated", Severity.WARNING, scope=Scope.DOCUMENT)
def untranslated_headings(al: Alignment, ctx: Context) -> Iterator[Problem]:
    """Headings and titles left in English on a translated page (see the rule's pair scope).

    A heading of two or more ordinary English words (upstream writes them in lower case),
    with no letter of the target's script (and not all of them words its own sentences write:
    "Response Cookies" over Hindi sentences writing "response" and "cookies"), or in a
    Latin-script language the same words as upstream that the translation uses nowhere else;
    not a name, not code, not a phrase the translation keeps elsewhere. In a Latin-script
    language, a heading upstream has since reworded is English left when every word but
    names is common English, none a short word of the target's grammar, and one at least is
    no word of the target language that the
    translation uses nowhere else (French "SSR Resolve Conditions" under upstream's
    "Conditions for resolving SSR": "Resolve" is no French word; wordfreq's lists of each
    language, shipped as the English words each shares). A title or heading whose same text
    upstream writes in another heading, which the translation renders in words of its own, is
    no name, whatever its words (a front-matter ``title: Tutorial Intro`` kept above
    ``# チュートリアルの紹介``). A heading whose every word is capitalized, among two sibling
    headings or more that are names of code, a capital inside each word (a section per API:
    "Service Workers" beside "IndexedDB" and "WebRTC"), is a feature's name, as a label among
    labels of names is. A page that mixes phrases of English into its sentences (see
    ``untranslated-clause``) keeps English headings as its style.
    """
    if not ctx.locale:
        return
    latin = _is_latin(ctx)
    candidates = []
    for pair in al.pairs:
        if len(pair.upstream) != 1 or len(pair.translation) != 1:
            continue
        up, tr = al.upstream.blocks[pair.upstream[0]], al.translation.blocks[pair.translation[0]]
        if up.is_heading and tr.is_heading:
            what, minimum = pair.kind.replace("_", " "), _HEADING_ORDINARY
        elif is_label(up) and is_label(tr) and " ".join(up.text.split()) == " ".join(tr.text.split()) \
                and not among_names(tr, al):
            what, minimum = "label", 1
        elif _is_summary(up) and _is_summary(tr) and " ".join(up.text.split()) == " ".join(tr.text.split()):
            what, minimum = "summary", 1
        else:
            continue
        if _english_look(up, tr, ctx, latin, minimum):
            candidates.append((pair, up, tr, what, minimum))
    if not candidates or page_mixes_english(ctx.memo, al):
        return  # (the cheap test first) no heading reads as English, or the page keeps English as its style
    memo = _memo(ctx)
    translated = memo.get("translated")
    if translated is None:
        translated = memo["translated"] = _is_translated_page(al, ctx.locale, latin)
    if not translated:
        return
    for pair, up, tr, what, minimum in candidates:
        if tr.is_heading and among_name_headings(tr, al):
            continue  # a feature's name among the names of others: "Service Workers" beside "IndexedDB"
        if _english_heading(up, tr, ctx, memo, minimum, _translated_elsewhere(pair, up, tr, al, ctx)):
            yield ctx.pair_finding(pair, f"{what} still in English on a translated page: \u201c{tr.text.strip()}\u201d")


def _translated_elsewhere(pair: Pair, up: Block, tr: Block, al: Alignment, ctx: Context) -> bool:
    """Whether upstream writes ``up``'s text in another heading or title too, which the
    translation renders otherwise, in words of its own (a page's front-matter ``title: Tutorial
    Intro`` kept, its ``# Tutorial Intro`` translated)."""
    key = " ".join(up.text.split()).casefold()
    for other in al.pairs:
        if other is pair or len(other.upstream) != 1 or len(other.translation) != 1:
            continue
        u, t = al.upstream.blocks[other.upstream[0]], al.translation.blocks[other.translation[0]]
        if u.is_heading and t.is_heading and " ".join(u.text.split()).casefold() == key \
                and " ".join(t.text.split()).casefold() not in (key, " ".join(tr.text.split()).casefold()) \
                and (_is_latin(ctx) or _target_letters(t.text, ctx.locale, 1)):
            return True
    return False


def _english_look(up: Block, tr: Block, ctx: Context, latin: bool, minimum: int) -> bool:
    """What a heading left in English has at least: ``minimum`` words of Latin letters
    besides code, and the same text as upstream in a Latin-script language, no letter of
    the target's script in another."""
    if latin:
        if not _same_text(up, tr) and not english_only(tr, ctx.locale):
            return False  # (not upstream's text, nor words of English that are no words of the target)
    elif _target_letters(tr.text, ctx.locale, 1) or language_code(ctx.locale) == "en":
        return False
    return len({w.lower() for w in ENGLISH_WORD_RE.findall(_heading_text(tr))}) >= minimum


def _same_text(up: Block, tr: Block) -> bool:
    return " ".join(tr.text.split()).casefold() == " ".join(up.text.split()).casefold()


def english_only(tr: Block, locale: str) -> list[str]:
    """The words of a heading that are English and no words of the target language, when
    every word but names is common English, two at least, and none a short word of the
    target's too (a heading upstream has since reworded, kept in its old English: French "SSR
    Resolve Conditions", where "Conditions" is French too and "Resolve" is not); none for a
    language with no list of the English words it shares
    (:func:`~relsync.english_words.english_shared`)."""
    shared = english_shared(locale)
    if shared is None:
        return []
    words = [w for w in ENGLISH_WORD_RE.findall(_heading_text(tr)) if not (len(w) > 1 and (
        w.isupper() or any(c.isupper() for c in w[1:])))]  # (not "SSR", "JavaScript")
    if len(words) < _HEADING_ORDINARY or any(english_zipf(w) < COMMON_ZIPF for w in words):
        return []
    if any(len(w) <= 3 and w.casefold() in shared for w in words):
        return []  # a short word of the target's grammar: "Cookies de Response", "Im Detail"
    return [w for w in words if w.casefold() not in shared]


def _heading_text(tr: Block) -> str:
    """A heading's text without code, code-like words and its ``{#id}``."""
    return _CODE_LIKE_RE.sub(" ", _HEADING_ID_RE.sub(" ", _masked(tr.text, tr.anchors.code)[0]))


def _is_summary(block: Block) -> bool:
    """An HTML block that is only a ``<details>`` element's summary: "<summary>Usage</summary>"."""
    return block.kind == "html" and _SUMMARY_RE.fullmatch(block.source.strip()) is not None


def _terms(al: Alignment, ctx: Context, memo: dict) -> Counter:
    """The Latin-script words the translation writes in its own sentences (blocks with a
    letter of its script), code included: the terms it keeps ("props", "Teleport")."""
    terms = memo.get("terms")
    if terms is None:
        terms = memo["terms"] = Counter()
        for b in al.translation.blocks:
            if (b.kind in _KINDS or b.is_heading) and _target_letters(b.text, ctx.locale, 1):
                terms.update(w.casefold() for w in ENGLISH_WORD_RE.findall(" ".join((b.text, *b.anchors.code))))
    return terms


def _common(word: str, ctx: Context, memo: dict) -> bool:
    """A capitalized word of ordinary English, not a name or a term the translation keeps."""
    if len(word) > 1 and any(c.isupper() for c in word[1:]):
        return False  # "HTML", "JavaScript"
    return english_zipf(word.lower()) >= COMMON_ZIPF and not _terms(ctx.alignment, ctx, memo)[word.casefold()]


def _english_heading(up: Block, tr: Block, ctx: Context, memo: dict, minimum: int, elsewhere: bool = False) -> bool:
    """Whether ``tr``, a heading, title or label as upstream writes it, is English left on a
    translated page; ``elsewhere``: the translation translates the same text of upstream in
    another heading or title (then it is no name, whatever its words)."""
    if memo["headings"][" ".join(tr.text.split()).casefold()] > 1:
        return False  # a heading the translation repeats as it is: its convention
    text = _heading_text(tr)
    if written_in_target(text, up.text):
        return False  # "Response Status Code'u": the translation's grammar around upstream's terms
    words = ENGLISH_WORD_RE.findall(text)
    reworded = memo["latin"] and not _same_text(up, tr)
    if elsewhere:
        ordinary = words  # no name, whatever its words
    elif reworded:  # (two words or more, all common English, one at least no word of the target)
        ordinary = words = english_only(tr, ctx.locale)
    elif names_only(prose_words(text), "heading", text):
        return False  # "Media、WebRTC、Web Audio": names, listed as the translation lists
    else:
        ordinary = _ordinary(words, memo["lower"])
        if not memo["latin"]:
            ordinary = [w for w in words if w in ordinary or _common(w, ctx, memo)]
            terms = _terms(ctx.alignment, ctx, memo)
            if all(terms[w.casefold()] for w in ordinary):
                return False  # every word one its own sentences write: the page's terms ("Response Cookies")
    if not ordinary or (not reworded and (len(set(w.lower() for w in ordinary)) < minimum
                                          or len(ordinary) < (0.6 if minimum > 1 else 0.5) * len(words))):
        return False
    code = tuple(tr.anchors.code)
    if is_untranslated(up.text, tr.text, code, ctx.cjk_target, 3, ctx.locale, "heading"):
        return False  # the pair rule reports it
    plain = " ".join(w for w in text.split() if not any("\ue000" <= c <= "\ue0ff" for c in w)).strip()
    if plain.casefold() in memo["kept"] or _uses(memo, plain) > 1:
        return False  # a phrase the translation keeps
    *head, last = plain.split() or [""]
    one = " ".join([*head, singular(last)])
    if one != plain and _uses(memo, one):
        return False  # ... also as one of them: "Service workers" over "service worker が ..."
    if memo["latin"]:
        return not any(_uses(memo, w) > 1 for w in ordinary)
    return True  # no letter of the target's script (the cheap test before)
