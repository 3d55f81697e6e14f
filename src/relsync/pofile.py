"""Reading and writing gettext PO files.

Reading is babel's ``PoFileParser`` made strict (a message defined twice is an error, as GNU
``msgfmt`` has it) and aware of previous msgids (``#| msgid``), which babel's reader skips.

The layout is babel's ``write_po`` (same wrapping, same comments, same header: the tests
hold the two to the same bytes), with two differences:

* a fuzzy message's previous msgid is written as GNU gettext writes it, one quoted string per
  ``#|`` line. babel wraps ``#| msgid ...`` as free text, which splits a quoted string across
  two lines once the previous msgid is long: GNU ``msgfmt`` rejects the whole file.
* lines are cut into words in linear time. babel's word pattern backtracks over a whole run
  of word characters (or of punctuation) at every position of it, which is quadratic on text
  without spaces (a Chinese paragraph: 20,000 characters took 3 s); the splitter here gives
  the same words in one pass.
"""

from __future__ import annotations

import io
import os
import re
from bisect import bisect_left
from itertools import accumulate

from babel import Locale, UnknownLocaleError
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import PoFileError, PoFileParser, escape, unescape
from babel.util import TextWrapper

from .errors import InputError

_SPACE_SPLIT_RE = re.compile(r"(\s+)")
_HYPHEN_TOKEN_RE = re.compile(r"(?<!\S)[^\s-]*-\S*")
_NON_WORD_RE = re.compile(r"[^\w]*")
_WORD_RE = re.compile(r"\w*")
_SPECIAL_RE = re.compile(r'[\\\t\r\n"]')
_NOT_SINGLE_SPACE_RE = re.compile(r"[^\S ]|  ")
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
    if "-" not in line:
        return _SPACE_SPLIT_RE.split(line)
    out: list[str] = [""]
    pos = 0
    for m in _HYPHEN_TOKEN_RE.finditer(line):
        start, end = m.span()
        for part in (_SPACE_SPLIT_RE.split(line[pos:start]), _split_hyphens(line[start:end])):
            out[-1] += part[0]  # text parts meet at a token's edge
            out += part[1:]
        pos = end
    tail = _SPACE_SPLIT_RE.split(line[pos:])
    out[-1] += tail[0]
    out += tail[1:]
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


def _wrap_line(line: str, special: bool, plen: int, width: int, lines: list[str]) -> None:
    """babel's greedy filling: chunks go on a line while ``2 + sum(len(escaped chunk) +
    plen) < width``; a chunk that fits on no line gets one of its own. The sums are prefix
    sums, so each line is found by bisection instead of a loop over its chunks."""
    if width > 3 and not (special or plen or "-" in line or _NOT_SINGLE_SPACE_RE.search(line)):
        _wrap_spaced(line, width - 3, lines)
        return
    chunks = split_words(line)
    if special or plen:
        escapes = [m.start() for m in _SPECIAL_RE.finditer(line)] if special else []
        cum = [size + bisect_left(escapes, size) + plen * k
               for k, size in enumerate(accumulate(map(len, chunks), initial=0))]
    else:
        cum = list(accumulate(map(len, chunks), initial=0))
    n = len(chunks)
    i = 0
    limit = width - 2
    while i < n:
        j = bisect_left(cum, cum[i] + limit, i + 1) - 1  # chunks i..j-1 fit
        if j == i:
            j = i + 1
        lines.append("".join(chunks[i:j]))
        i = j


def _wrap_spaced(line: str, limit: int, lines: list[str]) -> None:
    """:func:`_wrap_line` for words separated by single spaces (most prose): the chunks are
    the words and the spaces, so a line ends at the last word start or space within
    ``limit`` characters, found with ``rfind`` instead of cutting the line into chunks."""
    s, n = 0, len(line)
    while s < n:
        if n - s <= limit:
            lines.append(line[s:])
            return
        j = line.rfind(" ", s, s + limit + 1)
        if j < 0:
            p = s
        elif j + 1 <= s + limit:
            p = j + 1
        else:
            p = j
        if p == s:  # nothing fits: the first chunk alone
            if line[s] == " ":
                p = s + 1
            else:
                p = line.find(" ", s)
                if p < 0:
                    p = n
        lines.append(line[s:p])
        s = p


def normalize(string: str, prefix: str = "", width: int = 76) -> str:
    """A string as PO quoted lines, as ``babel.messages.pofile.normalize`` writes them (babel
    adds a newline to a string whose wrapping ends in an empty line; this does not)."""
    special = _SPECIAL_RE.search(string) is not None
    plen = len(prefix)
    if _LINE_BREAK_RE.search(string) is None:  # one line, often short: no wrapping to do
        if not special:
            if width <= 0 or len(string) + 2 + plen <= width:
                return f'"{string}"'
        elif width <= 0 or len(escape(string)) + plen <= width:
            return escape(string)
    if width and width > 0:
        lines: list[str] = []
        for line in string.splitlines(True):
            line_special = special and _SPECIAL_RE.search(line) is not None
            if (len(escape(line)) if line_special else len(line) + 2) + plen <= width:
                lines.append(line)
            else:
                _wrap_line(line, line_special, plen, width, lines)
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


def _location_comment(message: Message) -> str:
    locations = message.locations
    if len(locations) > 1:
        try:
            locations = sorted(locations, key=lambda x: (x[0], isinstance(x[1], int) and x[1] or -1))
        except TypeError:
            pass
    seen: dict[str, None] = {}
    for filename, lineno in locations:
        location = _enclose(filename.replace(os.sep, "/"))
        seen[f"{location}:{lineno:d}" if lineno else location] = None
    return " ".join(seen)


def write(catalog: Catalog, width: int | None = 79, *, omit_header: bool = False) -> bytes:
    """The PO file of ``catalog`` (previous msgids included); ``width`` 0 or None: no wrapping.

    Comments wrap at ``width`` (76 without wrapping), as xgettext and babel wrap them.
    """
    width = width or 0
    comment_width = width if width > 0 else 76
    comment_wrapper = TextWrapper(width=comment_width, break_long_words=False)
    out: list[str] = []
    add = out.append

    def comment(text: str, prefix: str = "") -> None:
        if len(text) <= comment_width and text.isprintable() and "\u2068" not in text:
            text = text.strip()
            if text:  # one line: what the wrapper gives, without the wrapper
                add(f"#{prefix} {text}\n")
            return
        for line in comment_wrapper.wrap(text):
            add(f"#{prefix} {line.strip()}\n")

    def strings(message: Message, prefix: str = "") -> None:
        if message.context:
            add(f"{prefix}msgctxt {normalize(message.context, prefix, width)}\n")
        if isinstance(message.id, (list, tuple)):
            add(f"{prefix}msgid {normalize(message.id[0], prefix, width)}\n")
            add(f"{prefix}msgid_plural {normalize(message.id[1], prefix, width)}\n")
            for idx in range(catalog.num_plurals):
                try:
                    string = message.string[idx]
                except IndexError:
                    string = ""
                add(f"{prefix}msgstr[{idx:d}] {normalize(string, prefix, width)}\n")
        else:
            add(f"{prefix}msgid {normalize(message.id, prefix, width)}\n"
                f"{prefix}msgstr {normalize(message.string or '', prefix, width)}\n")

    for message in catalog:
        if not message.id:
            if omit_header:
                continue
            header = catalog.header_comment
            if width > 0:
                wrapper = TextWrapper(width=width, subsequent_indent="# ", break_long_words=False)
                lines: list[str] = []
                for line in header.splitlines():
                    lines += wrapper.wrap(line)
                header = "\n".join(lines)
            add(f"{header}\n")
        for text in message.user_comments:
            comment(text)
        for text in message.auto_comments:
            comment(text, ".")
        if message.locations:
            comment(_location_comment(message), ":")
        if message.flags:
            add(f"#{', '.join(['', *sorted(message.flags)])}\n")
        if message.previous_id:
            add(f"#| msgid {normalize(message.previous_id[0], '#| ', width)}\n")
            if len(message.previous_id) > 1:
                add(f"#| msgid_plural {normalize(message.previous_id[1], '#| ', width)}\n")
        strings(message)
        add("\n")
    for message in catalog.obsolete.values():
        for text in message.user_comments:
            comment(text)
        strings(message, "#~ ")
        add("\n")
    return "".join(out).encode(catalog.charset, "backslashreplace")


# -- reading ------------------------------------------------------------------------------

def read(data: bytes, path: str, locale: str | None = None) -> Catalog:
    """Read a PO/POT; a malformed file is an :class:`InputError` naming the line, and a PO
    whose ``Language`` names another locale than ``locale`` is refused."""
    if b"\x00" in data[:8192]:
        raise InputError(path, "binary file (contains NUL bytes), not a PO file")
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise InputError(path, f"not valid UTF-8 at byte {exc.start}", line=line) from None
    try:
        catalog = Catalog(charset="utf-8")
        _StrictPoParser(catalog, ignore_obsolete=False, abort_invalid=True).parse(io.BytesIO(data))
    except PoFileError as exc:
        problem = str(exc).rsplit(" on ", 1)[0]
        raise InputError(path, f"malformed PO: {problem}", line=exc.lineno + 1) from None
    except (ValueError, TypeError, AttributeError, IndexError, KeyError) as exc:
        raise InputError(path, f"malformed PO: {exc}") from None
    if locale:
        _check_locale(catalog, locale, data, path)
    _read_previous_ids(data.decode("utf-8"), catalog)
    return catalog


class _StrictPoParser(PoFileParser):
    """babel's PO reader, which silently merges a message defined twice; GNU msgfmt rejects
    such a file, and so does relsync (naming the line of the second definition)."""

    def _add_message(self) -> None:
        if not self.obsolete and self.messages:
            if len(self.messages) > 1:
                msgid = tuple(m.denormalize() for m in self.messages)
            else:
                msgid = self.messages[0].denormalize()
            context = self.context.denormalize() if self.context else None
            if msgid and self.catalog.get(msgid, context) is not None:
                self._invalid_pofile("", self.offset, "duplicate message definition")
        super()._add_message()


def _check_locale(catalog: Catalog, locale: str, data: bytes, path: str) -> None:
    """A PO whose Language header names another locale is the wrong file."""
    if catalog.locale is None:
        return
    try:
        expected = Locale.parse(locale.replace("-", "_"))
    except (ValueError, UnknownLocaleError):
        return
    if (catalog.locale.language, catalog.locale.territory) != (expected.language, expected.territory):
        line = next((k for k, text in enumerate(data.decode("utf-8").splitlines(), start=1)
                     if text.startswith('"Language:')), None)
        raise InputError(path, f"PO is for locale {catalog.locale}, not {locale}", line=line)


def _read_previous_ids(text: str, catalog: Catalog) -> None:
    """Attach the ``#| msgid`` comments, which babel's reader skips, to their messages, so
    that a fuzzy message keeps its previous msgid through another update."""
    if "#|" not in text:
        return
    for message in list(catalog) + list(catalog.obsolete.values()):
        # babel's reader keeps the "#|" lines as translator comments
        message.user_comments = [c for c in message.user_comments if not c.startswith("|")]
    by_line = {m.lineno: m for m in catalog if m.id}
    previous: list[str] = []
    keyword = ""
    for lineno, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            previous, keyword = [], ""
        elif line.startswith("#|"):
            rest = line[2:].strip()
            if rest.startswith('"'):
                if keyword == "msgid":
                    previous.append(rest)
            else:
                keyword, _, arg = rest.partition(" ")
                if keyword == "msgid":
                    previous = [arg.strip()]
        elif line.startswith("msgid ") and previous:
            message = by_line.get(lineno)
            if message is not None:
                try:
                    message.previous_id = ["".join(unescape(part) for part in previous)]
                except (ValueError, IndexError):
                    pass
            previous, keyword = [], ""
