"""Writing gettext PO files.

The layout is babel's ``write_po`` (same wrapping, same comments, same header: the tests
hold the two to the same bytes), with two differences:

* a fuzzy message's previous msgid is written as GNU gettext writes it, one quoted string per
  ``#|`` line. babel wraps ``#| msgid ...`` as free text, which splits a quoted string across
  two lines once the previous msgid is long: GNU ``msgfmt`` rejects the whole file.
* lines are cut into words in one pass. babel's word pattern backtracks over a whole run of
  word characters at every position of it, which is quadratic on text without spaces (a
  Chinese paragraph); the splitter here gives the same words in linear time.
"""

from __future__ import annotations

import io
import os
import re
from typing import Iterator

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import escape, write_po
from babel.util import TextWrapper

_SPACE_SPLIT_RE = re.compile(r"(\s+)")
_NON_WORD_RE = re.compile(r"[^\w]*")
_WORD_RE = re.compile(r"\w*")
_SPECIAL_RE = re.compile(r'[\\\t\r\n"]')
#: What ``str.splitlines`` splits at.
_LINE_BREAK_RE = re.compile("[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]")
_ASCII_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
_BEFORE_DASHES = frozenset("!\"'&.,?")


def split_words(line: str) -> list[str]:
    """``babel.messages.pofile.WORD_SEP.split(line)``, in linear time.

    The separators are runs of whitespace, a hyphenated word's first part with its hyphen
    (``built-`` of ``built-in``) and an em-dash made of two or more hyphens between words.
    The hyphen rules never reach across whitespace, so they run on the hyphenated tokens only.
    """
    parts = _SPACE_SPLIT_RE.split(line)
    if "-" not in line:
        return parts
    out: list[str] = []
    for k, part in enumerate(parts):
        if k % 2 == 0 and "-" in part:
            out.extend(_split_hyphens(part))
        else:
            out.append(part)
    return out


def _is_word(ch: str) -> bool:
    return ch.isalnum() or ch == "_"


def _split_hyphens(token: str) -> list[str]:
    """The split of a token without whitespace by babel's two hyphen alternatives, scanned as
    the regex engine scans (leftmost position first, the hyphenated word before the em-dash).

    From a position ``s``: skip non-word characters to ``q``, take the word run ``q..r``.
    The hyphenated-word alternative matches ``s..r+1`` when the run has two or more
    characters, ends with an ASCII letter and is followed by ``-`` and a word run with an
    ASCII letter after its first character. When it fails at ``s`` it fails at every position
    up to ``r`` (same run end), so only an em-dash starting in ``s..q`` can match before ``r``.
    """
    out: list[str] = []
    n = len(token)
    last = s = 0
    while s < n:
        q = _NON_WORD_RE.match(token, s).end()
        r = _WORD_RE.match(token, q).end()
        if (r - q >= 2 and r < n and token[r] == "-" and token[r - 1] in _ASCII_LETTERS
                and _letter_after_first(token, r + 1)):
            out += (token[last:s], token[s:r + 1])
            last = s = r + 1
            continue
        for p in range(s, q):
            if token[p] != "-" or p == 0:
                continue
            before = token[p - 1]
            if not (_is_word(before) or before in _BEFORE_DASHES):
                continue
            e = p
            while e < n and token[e] == "-":
                e += 1
            if e - p >= 2 and e < n and _is_word(token[e]):
                out += (token[last:p], token[p:e])
                last = s = e
                break
        else:
            s = r if r > s else n
    out.append(token[last:])
    return out


def _letter_after_first(token: str, start: int) -> bool:
    """``(?=\\w+[a-zA-Z])`` at ``start``."""
    end = _WORD_RE.match(token, start).end()
    return any(ch in _ASCII_LETTERS for ch in token[start + 1:end])


def _escaped_len(text: str) -> int:
    return len(escape(text)) - 2


def normalize(string: str, prefix: str = "", width: int = 76) -> str:
    """A string as PO quoted lines, as ``babel.messages.pofile.normalize`` writes them (babel
    adds a newline to a string whose wrapping ends in an empty line; this does not)."""
    special = _SPECIAL_RE.search(string) is not None
    plen = len(prefix)
    if _LINE_BREAK_RE.search(string) is None:  # one line, often short: no wrapping to do
        if not (width and width > 0) or (len(escape(string)) if special else len(string) + 2) + plen <= width:
            return escape(string)
    if width and width > 0:
        lines: list[str] = []
        for line in string.splitlines(True):
            line_special = special and _SPECIAL_RE.search(line) is not None
            if (len(escape(line)) if line_special else len(line) + 2) + plen <= width:
                lines.append(line)
                continue
            chunks = split_words(line)
            if line_special:
                lengths = [_escaped_len(chunk) + plen for chunk in chunks]
            else:
                lengths = [len(chunk) + plen for chunk in chunks]
            i, n = 0, len(chunks)
            while i < n:
                size, j = 2, i
                while j < n:
                    if size + lengths[j] < width:
                        size += lengths[j]
                        j += 1
                    else:
                        if j == i:
                            j += 1  # a chunk longer than the line gets a line of its own
                        break
                lines.append("".join(chunks[i:j]))
                i = j
    else:
        lines = string.splitlines(True)
    if len(lines) <= 1:
        return escape(string)
    if not lines[-1]:
        del lines[-1]  # babel also appends "\n" to the line before: a msgid that gains a newline
    if special:
        return '""\n' + "\n".join([prefix + escape(line) for line in lines])
    return '""\n' + "\n".join([f'{prefix}"{line}"' for line in lines])


def _enclose(filename: str) -> str:
    """A file name with spaces between U+2068 and U+2069, as GNU gettext writes it."""
    if " " not in filename and "\t" not in filename:
        return filename
    if not filename.startswith("\u2068"):
        filename = "\u2068" + filename
    if not filename.endswith("\u2069"):
        filename += "\u2069"
    return filename


class _Writer:
    def __init__(self, catalog: Catalog, width: int) -> None:
        self.catalog = catalog
        self.width = width
        self.comment_width = width if width and width > 0 else 76
        self.comment_wrapper = TextWrapper(width=self.comment_width, break_long_words=False)
        self.header_wrapper = TextWrapper(width=width, subsequent_indent="# ", break_long_words=False)

    def comment(self, comment: str, prefix: str = "") -> Iterator[str]:
        if len(comment) <= self.comment_width and comment.isprintable() and "\u2068" not in comment:
            comment = comment.strip()
            if comment:  # one line: what the wrapper gives, without the wrapper
                yield f"#{prefix} {comment}\n"
            return
        for line in self.comment_wrapper.wrap(comment):
            yield f"#{prefix} {line.strip()}\n"

    def strings(self, message: Message, prefix: str = "") -> Iterator[str]:
        width = self.width
        if message.context:
            yield f"{prefix}msgctxt {normalize(message.context, prefix, width)}\n"
        if isinstance(message.id, (list, tuple)):
            yield f"{prefix}msgid {normalize(message.id[0], prefix, width)}\n"
            yield f"{prefix}msgid_plural {normalize(message.id[1], prefix, width)}\n"
            for idx in range(self.catalog.num_plurals):
                try:
                    string = message.string[idx]
                except IndexError:
                    string = ""
                yield f"{prefix}msgstr[{idx:d}] {normalize(string, prefix, width)}\n"
        else:
            yield f"{prefix}msgid {normalize(message.id, prefix, width)}\n"
            yield f"{prefix}msgstr {normalize(message.string or '', prefix, width)}\n"

    def locations(self, message: Message) -> Iterator[str]:
        try:
            locations = sorted(message.locations, key=lambda x: (x[0], isinstance(x[1], int) and x[1] or -1))
        except TypeError:
            locations = message.locations
        seen: dict[str, None] = {}
        for filename, lineno in locations:
            location = _enclose(filename.replace(os.sep, "/"))
            seen[f"{location}:{lineno:d}" if lineno else location] = None
        yield from self.comment(" ".join(seen), ":")

    def messages(self, omit_header: bool) -> Iterator[str]:
        catalog, width = self.catalog, self.width
        for message in catalog:
            if not message.id:
                if omit_header:
                    continue
                header = catalog.header_comment
                if width and width > 0:
                    lines: list[str] = []
                    for line in header.splitlines():
                        lines += self.header_wrapper.wrap(line)
                    header = "\n".join(lines)
                yield f"{header}\n"
            for comment in message.user_comments:
                yield from self.comment(comment)
            for comment in message.auto_comments:
                yield from self.comment(comment, ".")
            yield from self.locations(message)
            if message.flags:
                yield f"#{', '.join(['', *sorted(message.flags)])}\n"
            if message.previous_id:
                yield f"#| msgid {normalize(message.previous_id[0], '#| ', width)}\n"
                if len(message.previous_id) > 1:
                    yield f"#| msgid_plural {normalize(message.previous_id[1], '#| ', width)}\n"
            yield from self.strings(message)
            yield "\n"
        for message in catalog.obsolete.values():
            for comment in message.user_comments:
                yield from self.comment(comment)
            yield from self.strings(message, "#~ ")
            yield "\n"


def _has_conflicts(catalog: Catalog) -> bool:
    get = getattr(catalog, "get_conflicts", None)
    return get is not None and any(get(m.id, m.context) for m in catalog)


def write(catalog: Catalog, width: int | None = 79, *, omit_header: bool = False) -> bytes:
    """The PO file of ``catalog`` (previous msgids included); ``width`` 0 or None: no wrapping."""
    width = width or 0
    if _has_conflicts(catalog):  # merge conflicts of catalogs joined by babel: its own format
        buf = io.BytesIO()
        write_po(buf, catalog, width=width, include_previous=True, omit_header=omit_header)
        return buf.getvalue()
    text = "".join(_Writer(catalog, width).messages(omit_header))
    return text.encode(catalog.charset, "backslashreplace")

