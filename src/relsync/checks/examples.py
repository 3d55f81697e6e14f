"""Examples in documentation: what a translation keeps of them and what it may localize.

A code block in a markup language (```md, ```mdx, ```markdoc; ```yaml front matter) shows
the reader a page to write: a translation keeps its markup and its code, and translates its
prose, its example values and its placeholders (``:::tip[Wusstest du schon?]`` for
``:::tip[Did you know?]``). :func:`skeleton` compares such a block by its structure, read by
the same parser as the page: the kinds of its blocks, heading levels, container kinds, inline
code, the number of links and images, the skeleton of its own code blocks and of its front
matter (its code spans up to their placeholders: ``USER_NAME`` may be ``BENUTZERNAME``).
Other languages keep :func:`relsync.anchors.code_skeleton` (comments and string
literals may be translated).

:func:`same_but_placeholders` says whether two code spans differ only in a placeholder a
translation may translate: ``<PROJECT ROOT>`` written ``<项目根目录>``, ``USER_NAME`` written
``BENUTZERNAME`` inside a URL; :func:`named_in_translated_words`, whether the English words of
an example's names are translated (``Ctrl+Espacio`` for ``Ctrl+Space``).
"""

from __future__ import annotations

import functools
import difflib
import re

from rapidfuzz.distance import Levenshtein

from ..anchors import code_skeleton
from ..english_words import english_zipf
from ..jsx import PROSE_PROPS
from ..parse import parse

#: Info strings of Markdown examples (the first word of the fence's info).
MARKDOWN_INFO = frozenset({"md", "markdown", "mdx", "markdoc", "mdoc"})
#: Info strings of YAML: front matter examples and configuration.
YAML_INFO = frozenset({"yaml", "yml"})

_INFO_RE = re.compile(r"[\w+-]*")
_YAML_LINE_RE = re.compile(r"^(?P<lead>\s*(?:-\s+)*)(?:(?P<key>[^\s:#][^:#]*?)\s*:(?:\s+|$))?(?P<value>.*)$")
_YAML_COMMENT_RE = re.compile(r"(?:^|\s)#.*$")


def language(info: str) -> str:
    """The language an info string names (``mdx title="x"`` -> ``mdx``)."""
    return _INFO_RE.match(info.strip()).group(0).lower()


def _prose_value(key: str, value: str) -> bool:
    """A YAML value a translation may translate: under a prose key (``title``,
    ``description``, ``label``...), or text of several words or in another script."""
    if key.strip().lower() in PROSE_PROPS:
        return True
    bare = value.strip().strip("\"'")
    return " " in bare or not bare.isascii()


def yaml_skeleton(text: str) -> str:
    """YAML by its keys, its nesting and its values that are not prose (comments dropped)."""
    out = []
    for line in text.split("\n"):
        line = _YAML_COMMENT_RE.sub("", line).rstrip()
        if not line.strip():
            continue
        m = _YAML_LINE_RE.match(line)
        key, value = m.group("key") or "", m.group("value").strip()
        if value and value not in "|>" and _prose_value(key, value):
            value = "''"
        out.append(f"{m.group('lead')}{key}{':' if m.group('key') else ''}{value}")
    return "\n".join(out)


@functools.lru_cache(maxsize=1024)
def markdown_skeleton(text: str, lang: str) -> str:
    """A Markdown example by its structure (see the module's docstring)."""
    doc = parse(text, "example.mdx" if lang == "mdx" else "example.md")
    parts = []
    if doc.front_matter:
        end = text.find("\n---", 3)
        parts.append("fm:" + yaml_skeleton(text[3:end] if end > 0 else ""))
    for b in doc.blocks:
        if b.kind in ("front_matter", "title"):
            continue
        if b.kind == "code":
            parts.append(f"code[{b.info}]:{skeleton(b.text, b.info)}")
            continue
        counts = b.markup.as_dict()
        links = len(b.anchors.links)
        code = sorted(_placeholder_core(c)[0] for c in b.anchors.code)
        parts.append(f"{b.kind}{b.level if b.is_heading else ''}[{b.info}]{code}{links}"
                     f"{sorted((k, v) for k, v in counts.items() if k.startswith('html:') or k == 'image')}")
    return "\n".join(parts)


def skeleton(text: str, info: str) -> str:
    """What a translation must keep of a code block: its structure for a Markdown or YAML
    example, :func:`~relsync.anchors.code_skeleton` otherwise."""
    lang = language(info)
    if lang in MARKDOWN_INFO:
        return markdown_skeleton(text, lang)
    if lang in YAML_INFO:
        return yaml_skeleton(text)
    return code_skeleton(text, info)


def first_difference(up: str, tr: str, info: str) -> tuple[int, int, str, str]:
    """Where a code block first differs by what a translation must keep of it
    (:func:`skeleton`: the structure of a Markdown or YAML example, the code of any other),
    line by line: the upstream's and the translation's line (0-based in the block's text),
    and the upstream and translation lines there (``""`` for a line one side lacks; both when
    no one line differs)."""
    la, lb = up.split("\n"), tr.split("\n")
    # lines with nothing to keep (blank, a comment alone) are left out of the comparison
    ka = [(k, x) for k, x in enumerate(skeleton(line, info) for line in la) if x]
    kb = [(k, x) for k, x in enumerate(skeleton(line, info) for line in lb) if x]
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, [x for _, x in ka], [x for _, x in kb],
                                                         autojunk=False).get_opcodes():
        if tag != "equal":
            i = ka[min(i1, len(ka) - 1)][0] if ka else 0
            k = kb[min(j1, len(kb) - 1)][0] if kb else 0
            return i, k, la[i].strip() if i1 < i2 else "", lb[k].strip() if j1 < j2 else ""
    return 0, 0, "", ""


#: A placeholder in angle brackets: words in capitals (``<PROJECT ROOT>``) or in another
#: script (``<项目根目录>``).
_ANGLE_PLACEHOLDER_RE = re.compile(r"<(?:[A-Z][A-Z0-9_ -]+|[^<>\x00-\x7f][^<>]*)>")
#: A placeholder word in capitals, of four characters or more (``USER_NAME``, ``BENUTZERNAME``).
_CAPS_PLACEHOLDER_RE = re.compile(r"(?<![\w$])[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*(?![\w(])")
_CODE_CHARS_RE = re.compile(r"[a-z0-9]")


def _placeholder_core(code: str) -> tuple[str, int]:
    code = _ANGLE_PLACEHOLDER_RE.sub("<X>", code)
    code = _CAPS_PLACEHOLDER_RE.sub(lambda m: "X" if len(m.group()) >= 4 else m.group(), code)
    return "".join(code.split()), len(_CODE_CHARS_RE.findall(code))


#: A name in code: letters and digits, their words joined by ``_`` or ``-``.
_NAME_RE = re.compile(r"[^\W_]+(?:[-_]+[^\W_]+)*")
#: The words of a name: between ``_`` and ``-``, and at camelCase humps.
_NAME_WORD_RE = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[^\W\d_A-Z]+|\d+")
#: Names this close (edits) are one name mistyped (`detroyAll` for `destroyAll`), not translated.
_TYPO_EDITS = 2
#: The words that make a name an example's, by the convention of documentation: `something`,
#: `your_api_key`, `my_app`, `SomeException`, `foo`, `example.com`.
EXAMPLE_WORDS = frozenset({"something", "some", "your", "my", "foo", "bar", "baz", "example"})
#: A key combination: modifier keys joined to a key by ``+`` (`Ctrl+Space`), whose key names
#: a translation writes as the reader's keyboard does (`Ctrl+Espacio`).
_KEYS_RE = re.compile(r"(?:(?:Ctrl|Control|Cmd|Command|Alt|Option|Opt|Shift|Meta|Super|Win)\s*\+\s*)+[^\W_]+",
                      re.IGNORECASE)


def _name_words(name: str) -> list[str]:
    return [w.casefold() for w in _NAME_WORD_RE.findall(name) if len(w) > 1]


def named_in_translated_words(a: str, b: str) -> bool:
    """Whether code span ``b`` is ``a`` with the English words of its example names (a name
    with one of :data:`EXAMPLE_WORDS`, or the key of a key combination) translated:
    ``Ctrl+Espacio`` for ``Ctrl+Space``, ``@algo`` for ``@something``,
    ``votre_membre_d_enum.value`` for ``your_enum_member.value``, ``except AlgumaExcecao`` for
    ``except SomeException``. The rest of the spans is the same; in each name that differs,
    every word upstream's has and the translation's lacks is a common English word
    (:func:`~relsync.english_words.english_zipf`), no word the translation's adds is one, and the
    two names are not one mistyped. A name of the code itself is not an example's: `server`
    for `servidor`, `forbid` for `prohibir` stay differences, as do ``n-date-table`` for
    ``n-data-table`` and ``detroyAll`` for ``destroyAll``."""
    names_a, names_b = _NAME_RE.findall(a), _NAME_RE.findall(b)
    if a == b or len(names_a) != len(names_b):
        return False
    keys = _KEYS_RE.fullmatch(a.strip()) is not None
    if ["".join(x.split()) for x in _NAME_RE.split(a)] != ["".join(x.split()) for x in _NAME_RE.split(b)]:
        return False
    changed = [(x, y) for x, y in zip(names_a, names_b) if x != y]
    for x, y in changed:
        if not keys and Levenshtein.distance(x.casefold(), y.casefold()) <= _TYPO_EDITS:
            return False  # (a key's name is its keyboard's: `Ctrl+Espace`, not a typo)
        words_x, words_y = _name_words(x), _name_words(y)
        gone = [w for w in words_x if w not in words_y]
        new = [w for w in words_y if w not in words_x]
        if not gone or not new or not all(english_zipf(w) for w in gone) or any(english_zipf(w) for w in new):
            return False
        if not keys and not EXAMPLE_WORDS.intersection(words_x):
            return False  # a name of the code (`server`, `forbid`), which stays as it is
    return bool(changed)


def same_but_placeholders(a: str, b: str) -> bool:
    """Whether code spans ``a`` and ``b`` differ only in placeholders or in spaces
    (``copy(app, None)`` and ``copy(app,None)``), the rest of them being code (three letters or digits at least: ``PATH`` and ``HOME`` are not
    placeholders of each other)."""
    if a == b:
        return False
    core_a, rest = _placeholder_core(a)
    core_b, _ = _placeholder_core(b)
    return core_a == core_b and rest >= 3
