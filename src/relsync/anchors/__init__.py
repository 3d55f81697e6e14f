"""Anchors in prose: numbers, versions and dates by value per locale, URLs and Latin terms.

These functions see only the *text* runs of a block (markdown-it has already taken code spans,
link targets and markup out), so a number inside a code span or a URL is never read as prose.
Every pattern here is linear: no nested quantifiers, no backtracking over the same span.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections import Counter

from ..languages import CJK_RE
from .dates import find_dates
from .numbers import english_reading, find_numbers, same_number  # noqa: F401  (the package's API)

URL_RE = re.compile(r"\b(?:https?://|www\.)[^\s<>()\[\]{}\"'，。、（）]+[^\s<>()\[\]{}\"'，。、（）.,;:!?]")
TERM_RE = re.compile(r"[A-Za-z\u00c0-\u024f_][A-Za-z0-9\u00c0-\u024f_]*(?:[.\-/+][A-Za-z0-9_]+)*")
#: Terminal escape sequences (CSI such as a colour ``ESC [31m``, OSC such as a hyperlink or a
#: window title, and two-character ones): their parameters are not numbers of the text.
ESCAPE_SEQUENCE_RE = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[ -~]?")
SHORTCODE_RE = re.compile(r"\{\{[<%].*?[>%]\}\}|\{%.*?%\}")


def nfkc(text: str) -> str:
    """Full-width digits and letters to ASCII; ideographic spaces to spaces."""
    return unicodedata.normalize("NFKC", text)


_DIGIT_RE = re.compile(r"\d")


def _blank(text: str, spans: list[tuple[int, int]]) -> str:
    if not spans:
        return text
    parts = []
    last = 0
    for start, end in spans:
        parts.append(text[last:start])
        parts.append(" " * (end - start))
        last = end
    parts.append(text[last:])
    return "".join(parts)


def prose_anchors(
    text: str, locales: tuple[str, ...] = ("en",)
) -> tuple[list[str], list[str], list[str], list[str]]:
    """Numbers, dates, bare URLs and Latin terms in a run of prose.

    ``locales`` name the languages whose dates are read (:func:`relsync.languages.month_locales`);
    the last one is the text's own, whose decimal and group symbols read its numbers. A number
    inside a date or a URL belongs to that date or URL and is not reported again.
    """
    if "\x1b" in text:
        text = ESCAPE_SEQUENCE_RE.sub(" ", text)
    if not text.isascii():
        text = nfkc(text)
    urls = []
    if "http" in text or "www." in text:
        spans = []
        for m in URL_RE.finditer(text):
            urls.append(m.group(0))
            spans.append(m.span())
        text = _blank(text, spans)
    numbers: list[str] = []
    dates: list[tuple[int, int, str]] = []
    if _DIGIT_RE.search(text):
        dates = find_dates(text, locales)
        text = _blank(text, [(s, e) for s, e, _ in dates])
        numbers = [value for _, _, value in find_numbers(text, locales[-1] if locales else "en")]
    terms = TERM_RE.findall(text)
    if not CJK_RE.search(text):
        terms = english_names(text, terms)
    return numbers, [iso for _, _, iso in dates], urls, terms


_NAME_LINE_RE = re.compile(r"(?m)^(?![a-z]+$)[^\n]{2,}$")
_CAPITALIZED_RE = re.compile(r"[A-Z][a-z\u00e0-\u024f]+\b")
#: What a sentence or clause starts after: its punctuation, the opening "¿" and "¡" of a
#: Spanish question or exclamation, and the quotation marks English does not write (« », „, ‹ ›).
_SENTENCE_PUNCTUATION = frozenset(".!?:;\"'([*_>-¿¡«»„‹›")


def _sentence_starts(text: str) -> list[str]:
    r"""Capitalized words at the start of the text or after sentence punctuation and at most
    two spaces: what ``(?:^|(?<=[.!?:;"'(\[*_>¿¡«»„‹›-]))\s{0,2}([A-Z][a-z]+)`` finds, without
    trying that pattern at every position of the text."""
    out = []
    for m in _CAPITALIZED_RE.finditer(text):
        q = m.start()
        spaces = 0
        while spaces < 3 and q > spaces and text[q - spaces - 1].isspace():
            spaces += 1
        if spaces < 3 and (q == spaces or text[q - spaces - 1] in _SENTENCE_PUNCTUATION):
            out.append(m.group())
    return out


def english_names(text: str, words: list[str]) -> list[str]:
    """The words of English prose that read as names: inner capitals, digits, dots,
    underscores (``PyTorch``, ``FP16``, ``torch.compile``), or a capitalized word that does
    not merely start a sentence (``Python``, but not the ``The`` of "The release")."""
    # the words of two or more characters that are not all lowercase letters: ASCII ones by
    # one pattern over all words (they hold no newline), the others word by word
    names = _NAME_LINE_RE.findall("\n".join(words))
    if not all(w.isascii() for w in names):
        # a word of accented lowercase letters is a word of the language, hyphenated or
        # not (Portuguese `retorná-la`, French `peut-être`)
        names = [w for w in names if w.isascii() or not (w.replace("-", "").isalpha() and w.islower())]
    if not any(w.isalpha() and w[1:].islower() for w in names):
        return names
    starts = Counter(_sentence_starts(text))
    out = []
    for w in names:
        if starts[w] and w.isalpha() and w[1:].islower():
            starts[w] -= 1
            continue
        out.append(w)
    return out


_HASH_COMMENT_RE = re.compile(r"(?m)(?:^|(?<=\s))#(?![!{\[]).*$")
_COMMENT_RES = (
    re.compile(r"/\*.*?\*/", re.S),
    re.compile(r"<!--.*?-->", re.S),
    re.compile(r"(?m)(?:^|(?<=\s))//.*$"),
    _HASH_COMMENT_RE,
    re.compile(r"(?m)^\s*--\s.*$"),
)
#: Languages where ``#`` starts no comment: markup (``<template #fallback>``), CSS (``#app``),
#: JavaScript (``this.#count``), JSON and C-like languages.
NO_HASH_COMMENT_INFO = frozenset({
    "html", "vue", "vue-html", "xml", "svg", "svelte", "astro", "jsx", "tsx", "js", "javascript",
    "ts", "typescript", "mjs", "cjs", "css", "scss", "sass", "less", "json", "jsonc", "json5",
    "java", "kotlin", "swift", "go", "rust", "c", "cpp", "c++", "cs", "csharp", "php",
})
_STRING_RE = re.compile(r"'[^'\n]*'|\"[^\"\n]*\"|`[^`]*`")
_TAG_TEXT_RE = re.compile(r">[^<>{}]*<")
_TAG_MIXED_RE = re.compile(r">([^<>]*)<")
_INTERPOLATION_RE = re.compile(r"\{\{[^{}]*\}\}|\{[^{}]*\}")
_PROSE_RE = re.compile(r"[^\W\d_]+")
#: Punctuation of sentences, which a plain-text block's annotations translate with their words
#: (``Re-exports ..., setup state...`` / ``重新导出……、设置状态……``): a hyphen or an apostrophe
#: inside a word too.
_SENTENCE_PUNCTUATION_RE = re.compile(r"\.{2,}|[,;!?、，。…；！？]|(?<=[^\W\d_])['’-](?=[^\W\d_])")
PLAIN_TEXT_INFO = frozenset({"", "text", "txt", "plain", "plaintext"})


#: The labels of a Mermaid diagram, which a translation translates: what follows the colon
#: of a message or a note, a participant's alias (``participant dep as Dep with yield``, which
#: a translation may add to name ``participant Client`` in its language),
#: the text of a block (``opt``, ``alt``, ``loop``, ...); and a node's or an edge's text
#: (``A[Label]``, ``B{Label}``, ``C(Label)``, ``-->|label|``).
_MERMAID_LINE_LABEL_RE = re.compile(
    r"^(\s*(?:(?:participant|actor)\s+[^\s:]+(?=\s+as\b)"
    r"|(?:opt|alt|else|loop|critical|break|par|and|option|section|title)\b"
    r"|[^:\n]*:)).*$", re.M)
_MERMAID_SHAPE_LABEL_RE = re.compile(r"([\[({|])[^\[\](){}|\n]*([\])}|])")


def diagram_structure(code: str, info: str) -> str:
    """A Mermaid diagram without its labels (:data:`_MERMAID_LINE_LABEL_RE`); other code as
    it is."""
    if info.split(" ", 1)[0].lower() != "mermaid":
        return code
    return _MERMAID_LINE_LABEL_RE.sub(r"\1", _MERMAID_SHAPE_LABEL_RE.sub(r"\1\2", code))


@functools.lru_cache(maxsize=4096)
def code_skeleton(code: str, info: str = "code") -> str:
    """Code without comments, string contents, text between tags, and whitespace: what a
    translation must not change. Translators legitimately translate comments, sample
    strings and sample text in markup; in a plain-text block (a diagram, a console
    transcript) only the non-word structure is kept. Cached: a translation mostly repeats
    upstream's code."""
    if info.split(" ", 1)[0].lower() in PLAIN_TEXT_INFO:
        if not code.isascii():
            code = nfkc(code)
        return "".join(_PROSE_RE.sub("", _SENTENCE_PUNCTUATION_RE.sub("", code)).split())
    lang = re.match(r"[\w+-]*", info.strip()).group(0).lower()  # "vue{4}", "ts:line-numbers"
    code = diagram_structure(code, lang)
    for pattern in _COMMENT_RES:
        if pattern is _HASH_COMMENT_RE and lang in NO_HASH_COMMENT_INFO:
            continue
        code = pattern.sub(" ", code)
    code = _STRING_RE.sub("''", code)
    code = _TAG_TEXT_RE.sub("><", code)
    # Text around interpolations is sample text too: keep only "{{ $attrs }}", "{count}".
    code = _TAG_MIXED_RE.sub(lambda m: ">" + "".join(_INTERPOLATION_RE.findall(m.group(1))) + "<", code)
    return "".join(code.split())


#: A placeholder of prose in code, ``<value is the content of file /path/to/ca.pem>``: three
#: words or more and none of the signs of a tag's attributes (``<template #default>``).
_PLACEHOLDER_RE = re.compile(r"<[^<>=\"'#@:{}\s][^<>=\"'#@:{}\n]*>")
_NON_ASCII_RE = re.compile(r"[^\x00-\x7f]+")


def prose_free_skeleton(code: str, info: str = "code") -> str:
    """:func:`code_skeleton` also without prose placeholders and non-ASCII text: two blocks
    equal here and not there differ only in text a translator may translate."""
    code = _PLACEHOLDER_RE.sub(lambda m: "<>" if len(m.group().split()) >= 3 else m.group(), code)
    return _NON_ASCII_RE.sub("", code_skeleton(code, info))


#: Emoji and pictographs (``🌟`` marking a highlight of a release, ``✨``, ``✔``): a translation
#: keeps them as it keeps numbers, so they are evidence of which blocks pair.
PICTOGRAPH_RE = re.compile("[\U0001F000-\U0001FAFF\u2600-\u27BF\u2B00-\u2BFF]")


def pictographs(text: str) -> list[str]:
    """The pictographs of a text, in order (:data:`PICTOGRAPH_RE`)."""
    return PICTOGRAPH_RE.findall(text) if not text.isascii() else []
