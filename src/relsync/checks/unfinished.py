"""A translated block that stops unfinished: it opens a quote or a bracket that it never
closes where upstream closes all of its own, or its last sentence ends on a word that no
sentence of its language ends with (an article, a preposition, a conjunction: "Durante la
instalación marque la.", "Les fichiers … qui vous permettront de."; in Chinese or Japanese,
one Latin letter of a name cut: "Firefox 2 支援 O。"). What a translation cut short looks like,
whatever its length says: :mod:`.omission` takes it as the reason a block shorter than
predicted left its end out. A bracket opened and never closed, where upstream closes its
own, is also a finding of its own (``unclosed-bracket``), whatever the block's length."""

from __future__ import annotations

import re
from typing import Iterator

from ..languages import language_code
from ..model import BlockKind, Pair, Severity
from .masking import masked_of, share_upstream
from .registry import Context, Problem, check
from .rendered import QUOTE_PAIRS

#: Words that end no sentence of their language: articles, prepositions and conjunctions
#: that always stand before what they govern (a word that may also be a pronoun, a verb, an
#: imperative or a separable particle ends a sentence somewhere, and is not here: French
#: "en", "une", German "die", "auf", Portuguese "seu", "um", Spanish "entre", "para" of
#: "el contenedor también para.", Japanese "に" of an item "デフォルトで有効に。", "の" of
#: "存在そのもの。" (read apart); Japanese has its particles here, and the small "tsu" no
#: word ends with: "カラーピッ。" is "カラーピッカー" cut). Chinese writes its words without
#: spaces and many of its function characters also end other words (参与, 总和, 合并, 方便):
#: its words here end no sentence of the five corpora's Chinese translations (17,436
#: sentence ends), read at the end of the text.
_NEVER_LAST = {
    "es": "el la los las un del al de en con por que y e o u ni pero sino sin hacia desde hasta su sus cuyo "
          "cuya",
    "pt": "do da dos das de em no na nos nas ao aos com pelo pela pelos pelas que e ou mas sem",
    "fr": "le la les des du de d au aux à et ou mais que qu dans par ce cet cette ces son sa ses notre votre "
          "nos vos leurs",
    "it": "il lo la i gli le un di del dello della dei degli delle al allo alla ai agli alle da dal "
          "dallo dalla dai dagli dalle nel nello nella nei negli nelle sul sullo sulla sui sugli sulle per tra "
          "fra e ed o ma che con",
    "de": "und oder sondern dass weil zum zur beim vom ins im des",
    "ru": "и в во на с со к ко по для от до из у о об обо при без через или но а чтобы",
    "uk": "і й та в у на з із зі до для від по при без через або але а щоб",
    "pl": "i w we na z ze do dla od przy bez przez lub albo że aby żeby",
    "id": "dan atau di ke dari untuk dengan yang pada oleh bahwa",
    "tr": "ve veya",
    "ja": "を が な や っ ッ",
    "zh": "或 被 把 将 將 于 於 而 但 如果 因为 因為 并且 並且 而且 以及 以便 以免",
}
_WORDS = {language: frozenset(words.split()) for language, words in _NEVER_LAST.items()}
#: The marks that open and close a bracket (one opened in full width may close in half
#: width: "（例えば、Macromedia Flash)").
_BRACKET_MARKS = [("(（", ")）"), ("[", "]"), ("《", "》"), ("【", "】")]
#: ... and those of a quote (:data:`~.rendered.QUOTE_PAIRS`, but those whose marks are one,
#: or an apostrophe too; German's „ closes with “ or ”, :func:`_pairs`).
_PAIRS = _BRACKET_MARKS + sorted(
    (q[0], q[1]) for q in QUOTE_PAIRS if q[0] != q[1] and q[1] not in "'’" and q[0] != "„")
#: The full stops a statement ends with: a text ending with a colon, a question mark or an
#: exclamation mark is not read by its last word (a question may end on a word a statement
#: does not: "А?").
_END_RE = re.compile(r"[.。]*$")
#: A text that ends a sentence: its last mark (closing quotes and brackets aside) one of these.
_SENTENCE_END_RE = re.compile(r"[.。!?！？][\"'”’」』»)）\]]*$")
_LAST_WORD_RE = re.compile(r"(?<![-'’/\w])([^\W\d_]+)$")
#: A text in a language written without spaces that ends its sentence on one Latin letter
#: ("Firefox 2 支援 O。" for "Firefox 2 supports the OpenSearch search engine format."): a name
#: cut (not a language's name upstream ends with too: "…支持 C。" for "…support for C.").
_LONE_LETTER_RE = re.compile(r"(?<![A-Za-z0-9_./+#-])([A-Za-z])$")
_SPACELESS = frozenset({"zh", "yue", "ja"})


def unfinished(up_text: str, tr_text: str, locale: str = "", item: bool = False) -> str | None:
    """Why the translated text stops unfinished (``"it opens “ and does not close it"``,
    ``"its last word “la” ends no sentence"``), or ``None``; only where upstream's text ends
    a sentence (a paragraph that leads into the code block after it may end "… o" or "…
    remplacez tauri par"), or, of a list item (``item``), where upstream's item ends on a
    letter or digit and on no word that leads into what follows (:data:`_ENGLISH_OPEN`): an
    item is whole without a full stop ("Анотацію API та" for "API annotation and automatic
    documentation"), but "`@contextlib.contextmanager` or" leads into the next. Both texts as
    the omission rule reads them (code, macros and links held), so that marks inside code do
    not count."""
    up_text, text = up_text.rstrip(), tr_text.rstrip()
    if not _SENTENCE_END_RE.search(up_text) and not (item and _item_ends(up_text)):
        return None
    if all(_count(up_text, opens) == _count(up_text, closes) for opens, closes in _pairs(up_text)):
        for opens, closes in _pairs(text):
            if _count(text, opens) > _count(text, closes):
                return f"it opens {opens[0]} and does not close it"
    if text.count('"') % 2 and not up_text.count('"') % 2:
        return 'it opens " and does not close it'
    if text.endswith(("…", "...")):
        return None  # (an ellipsis: a text that goes on; only full stops are taken off, below)
    body = _END_RE.sub("", text)
    language = language_code(locale) if locale else ""
    lone = _LONE_LETTER_RE.search(body) if language in _SPACELESS and body != text else None
    if lone and not up_text.rstrip(".").endswith(" " + lone.group(1)):
        return f"its last word “{lone.group(1)}” is a letter of a word cut"
    words = _WORDS.get(language)
    if not words:
        return None
    if language == "ja":  # (a particle is written joined to the word before it)
        last = body[-1:]
        if last == "の" and body[-2:-1] != "も":  # (the "の" of もの, "thing", ends a sentence)
            return "its last word “の” ends no sentence"
    elif language == "zh":  # (its words are not cut apart: read at the end)
        last = next((w for w in words if body.endswith(w)), "")
    else:
        m = _LAST_WORD_RE.search(body)
        last = m.group(1) if m else ""
    if last and last.casefold() in words and not _capitals(last, up_text):
        return f"its last word “{last}” ends no sentence"
    return None


#: English words an upstream list item that leads into what follows ends on (the next item,
#: what is nested under it): articles, conjunctions, prepositions, possessives.
_ENGLISH_OPEN = frozenset(
    "a an the and or nor but of to in on at for with by from into onto as than via per your my our their its his "
    "her this these those".split())


def _item_ends(up_text: str) -> bool:
    """Whether an upstream list item with no full stop ends as a whole: on a letter or digit,
    not on a word of :data:`_ENGLISH_OPEN`."""
    if not up_text or not up_text[-1].isalnum():
        return False
    m = _LAST_WORD_RE.search(up_text)
    return m is None or m.group(1).casefold() not in _ENGLISH_OPEN


def _capitals(word: str, up_text: str) -> bool:
    """Whether a last word written in capitals is an abbreviation or a letter, not the function
    word written alike in lower case: "ПО" (software) for "по", "LA" for "la", or one capital
    letter upstream writes as a word too ("vitamina A", "plan B")."""
    if not word.isupper():
        return False
    return len(word) > 1 or re.search(rf"(?<!\w){re.escape(word)}(?!\w)", up_text) is not None


def _pairs(text: str) -> list[tuple[str, str]]:
    """The marks that open and close a quote or a bracket in ``text``: German and other
    languages open with „ and close with “ (or ”), where English opens with “. Upstream's
    marks are read by its own convention, the translation's by its."""
    if "„" in text:
        return [(o, c) for o, c in _PAIRS if o != "“"] + [("„", "“”")]
    return _PAIRS


def _count(text: str, marks: str) -> int:
    """How often ``text`` writes one of ``marks`` (a bracket written in full width or not)."""
    return sum(text.count(mark) for mark in marks)


#: The brackets :func:`unclosed_bracket` reads, and the corner brackets Japanese and Chinese
#: quote with.
_BRACKETS = _BRACKET_MARKS + [("「", "」"), ("『", "』")]


@check("RS223", "consistency.unclosed-bracket", Severity.WARNING)
def unclosed_bracket(pair: Pair, ctx: Context) -> Iterator[Problem]:
    """A translated paragraph or list item opens a bracket it never closes, where upstream
    closes every bracket of that kind it opens.

    The page shows the stray bracket: a typo, or a sentence cut after it. Code spans, link
    destinations, URLs and template macros are read as single tokens, so a bracket inside
    them does not count; a closing bracket without an opening one ("a) … b) …") is not
    reported. A translation that carries a bracket upstream left open and later closed is
    reported too.

    Fails: "… (see [WebKit bug 28285](https://webkit.org/b/28285))." / "… (see {{ WebkitBug(28285) }}.".
    Passes: "… (see [WebKit bug 28285](…))." / "…（参见 [WebKit bug 28285](…)）。".
    """
    if len(pair.upstream) != 1 or len(pair.translation) != 1:
        return
    al = ctx.alignment
    up, tr = al.upstream.blocks[pair.upstream[0]], al.translation.blocks[pair.translation[0]]
    if up.kind != tr.kind or up.kind not in (BlockKind.PARAGRAPH, BlockKind.LIST_ITEM):
        return
    text = masked_of(ctx.memo, "tr", tr)[0]
    if not any(mark in text for opens, _ in _BRACKETS for mark in opens):
        return
    share_upstream(ctx.memo, al.upstream)  # (upstream's held text, kept with its page for every locale)
    up_text = masked_of(ctx.memo, "up", up)[0]
    for opens, closes in _BRACKETS:
        if _count(text, opens) > _count(text, closes) and _count(up_text, opens) == _count(up_text, closes):
            yield ctx.pair_finding(pair, f"translation opens “{opens[0]}” and never closes it; upstream "
                                         f"closes every {opens[0]} it opens")
            return
