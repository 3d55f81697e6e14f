"""Reading and writing gettext PO files.

Reading is babel's ``PoFileParser`` made strict (a message defined twice is an error, as GNU
``msgfmt`` has it), in the charset the header declares, and aware of previous msgids (``#|
msgid``, and ``#~| msgid`` of obsolete entries as msgmerge writes them), which babel's reader
takes for translator comments or rejects. A catalog read from a file (:class:`PoCatalog`)
keeps its header fields and comment as written.

The layout is babel's ``write_po`` (same wrapping, same comments, same header: the tests
hold the two to the same bytes), with these differences:

* a fuzzy message's previous msgid is written as GNU gettext writes it, one quoted string per
  ``#|`` line. babel wraps ``#| msgid ...`` as free text, which splits a quoted string across
  two lines once the previous msgid is long: GNU ``msgfmt`` rejects the whole file.
* an obsolete entry keeps its flags (a fuzzy guess stays fuzzy when its text comes back) and
  its previous msgid (``#~|``), as msgmerge writes them;
* lines are cut into words in linear time. babel's word pattern backtracks over a whole run
  of word characters (or of punctuation) at every position of it, which is quadratic on text
  without spaces (a Chinese paragraph: 20,000 characters took 3 s); the splitter here gives
  the same words in one pass.
"""

from __future__ import annotations

import codecs
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


def _render(catalog: Catalog, width: int | None, omit_header: bool) -> str:
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
            add(_header_comment(catalog, width))
            message = _header_message(catalog, message)
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
        if message.flags:  # a fuzzy guess must come back fuzzy
            add(f"#{', '.join(['', *sorted(message.flags)])}\n")
        if message.previous_id:
            add(f"#~| msgid {normalize(message.previous_id[0], '#~| ', width)}\n")
            if len(message.previous_id) > 1:
                add(f"#~| msgid_plural {normalize(message.previous_id[1], '#~| ', width)}\n")
        strings(message, "#~ ")
        add("\n")
    return "".join(out)


def write(catalog: Catalog, width: int | None = 79, *, omit_header: bool = False) -> bytes:
    """The PO file of ``catalog`` (previous msgids included); ``width`` 0 or None: no wrapping.

    Comments wrap at ``width`` (76 without wrapping), as xgettext and babel wrap them. The
    file is in the catalog's charset; text that charset cannot hold makes it UTF-8 (see
    :func:`fit_charset`).
    """
    fit_charset(catalog)
    return _render(catalog, width, omit_header).encode(_codec(catalog.charset))


def fit_charset(catalog: Catalog) -> str | None:
    """Make ``catalog`` UTF-8 when its charset cannot hold its text; returns the charset it
    had, or None when it fits (GNU msgfmt rejects the escapes a lossy encoding would write)."""
    codec = _codec(catalog.charset)
    if codec == "utf-8":
        return None
    try:
        _render(catalog, 0, False).encode(codec)
    except UnicodeEncodeError:
        old = catalog.charset
        catalog.charset = "utf-8"
        return old
    return None


def _codec(charset: str) -> str:
    """The Python codec of a PO charset; UTF-8 for a name that is none (xgettext's
    ``CHARSET``) or no text encoding (``rot13``, ``base64``)."""
    try:
        name = codecs.lookup(charset).name
        b"a".decode(name)
        return name
    except (LookupError, TypeError, ValueError):
        return "utf-8"


def _header_comment(catalog: Catalog, width: int) -> str:
    """The comment lines above the header: as read, when nothing changed them."""
    if isinstance(catalog, PoCatalog) and catalog.raw_comment and catalog.header_comment == catalog.read_comment:
        return "".join(line + "\n" for line in catalog.raw_comment)
    header = catalog.header_comment
    if width > 0:
        wrapper = TextWrapper(width=width, subsequent_indent="# ", break_long_words=False)
        lines: list[str] = []
        for line in header.split("\n"):
            lines += wrapper.wrap(line)
        header = "\n".join(lines)
    return f"{header}\n"


def _header_message(catalog: Catalog, message: Message) -> Message:
    """The header entry: a PO read from a file keeps its fields as written, in their order,
    but for the template's POT-Creation-Date and a charset that had to change."""
    if not isinstance(catalog, PoCatalog) or catalog.raw_fields is None:
        return message
    fields = []
    for line in catalog.raw_fields:
        name = line.partition(":")[0].strip().lower()
        if name == "pot-creation-date" and catalog.creation_date != catalog.read_creation_date:
            line = "POT-Creation-Date: " + dict(catalog.mime_headers)["POT-Creation-Date"]
        elif name == "content-type" and _codec(catalog.charset) != _codec(catalog.read_charset):
            line = _CHARSET_RE.sub("charset=" + catalog.charset.upper(), line) if _CHARSET_RE.search(line) \
                else f"{line}; charset={catalog.charset.upper()}"
        fields.append(line)
    return Message("", "".join(f + "\n" for f in fields), flags=message.flags)


# -- reading ------------------------------------------------------------------------------

class PoCatalog(Catalog):
    """A catalog read from a PO file, which remembers its header as written: the header
    fields and comment a translator's editor wrote (``X-Generator``, ``X-Poedit-*``, the
    order) are written back as they were."""

    raw_fields: list[str] | None = None
    """The header's fields, one ``Name: value`` line each, as read."""
    raw_comment: list[str] = []
    """The comment lines above the header, as read."""
    read_comment: str | None = None
    read_creation_date = None
    read_charset: str = "utf-8"


def read(data: bytes, path: str, locale: str | None = None) -> Catalog:
    """Read a PO/POT in the charset its header declares; a malformed file is an
    :class:`InputError` naming the line, and a PO whose ``Language`` names another locale
    than ``locale`` is refused."""
    if b"\x00" in data[:8192]:
        raise InputError(path, "binary file (contains NUL bytes), not a PO file")
    text = _decode(data, path)
    lines = text.split("\n")  # as babel's reader counts lines
    previous, lines = _previous_ids(lines)
    parser = None
    try:
        catalog = PoCatalog(charset="utf-8")
        parser = _StrictPoParser(catalog, ignore_obsolete=False, abort_invalid=True)
        parser.parse(lines)
    except PoFileError as exc:
        problem = str(exc).rsplit(" on ", 1)[0]
        raise InputError(path, f"malformed PO: {problem}", line=exc.lineno + 1) from None
    except (ValueError, TypeError, AttributeError, IndexError, KeyError) as exc:
        raise InputError(path, f"malformed PO: {exc}") from None
    if locale:
        _check_locale(catalog, locale, text, path)
    for message in list(catalog) + list(catalog.obsolete.values()):
        if message.lineno in previous:
            message.previous_id = previous[message.lineno]
    _remember_header(catalog, parser, lines)
    return catalog


_CHARSET_RE = re.compile(r"charset=([A-Za-z0-9._:+-]+)", re.IGNORECASE)
_CONTENT_TYPE_RE = re.compile(rb'^"Content-Type:[^\n]*?charset=([A-Za-z0-9._:+-]+)', re.MULTILINE | re.IGNORECASE)


def _decode(data: bytes, path: str) -> str:
    """A PO's bytes in the charset of its header (UTF-8 when it names none, or a placeholder
    such as xgettext's ``CHARSET``)."""
    m = _CONTENT_TYPE_RE.search(data, 0, 65536)
    codec = _codec(m.group(1).decode("ascii")) if m else "utf-8"
    try:
        return data.decode(codec)
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        name = "UTF-8" if codec == "utf-8" else m.group(1).decode("ascii")
        raise InputError(path, f"not valid {name} at byte {exc.start}", line=line) from None


def _previous_ids(lines: list[str]) -> tuple[dict[int, list[str]], list[str]]:
    """The previous msgids (``#| msgid``, and ``#~| msgid`` of obsolete entries, which babel's
    reader takes for a translator comment or rejects), by the 1-based line of the msgid they
    belong to, and the lines without them for babel's reader."""
    found: dict[int, list[str]] = {}
    parts: dict[str, list[str]] = {}
    keyword = ""
    out = list(lines)
    for k, raw in enumerate(lines):
        line = raw.strip()
        mark = 3 if line.startswith("#~|") else 2 if line.startswith("#|") else 0
        if mark:
            out[k] = ""
            rest = line[mark:].strip()
            if rest.startswith('"'):
                if keyword in parts:
                    parts[keyword].append(rest)
            else:
                keyword, _, arg = rest.partition(" ")
                if keyword == "msgid":
                    parts = {}
                if keyword in ("msgid", "msgid_plural"):
                    parts[keyword] = [arg.strip()]
        elif not line:
            parts, keyword = {}, ""
        elif line.startswith(("msgid ", "#~ msgid ")) and "msgid" in parts:
            try:
                found[k + 1] = ["".join(unescape(p) for p in parts[key])
                                for key in ("msgid", "msgid_plural") if key in parts]
            except (ValueError, IndexError):
                pass
            parts, keyword = {}, ""
    return found, out


def _remember_header(catalog: PoCatalog, parser, lines: list[str]) -> None:
    header = getattr(parser, "header", None)
    if header is None:
        return
    string, offset = header
    catalog.raw_fields = [line for line in string.split("\n") if line]
    catalog.raw_comment = [line.rstrip("\r") for line in lines[:offset]
                           if line.startswith("#") and line[1:2] not in (",", ".", ":", "~")]
    catalog.read_comment = catalog.header_comment
    catalog.read_creation_date = catalog.creation_date
    catalog.read_charset = catalog.charset


class _StrictPoParser(PoFileParser):
    """babel's PO reader, which silently merges a message defined twice; GNU msgfmt rejects
    such a file, and so does relsync (naming the line of the second definition). It also
    keeps the header's text as written."""

    header: tuple[str, int] | None = None

    def _add_message(self) -> None:
        if not self.obsolete and self.messages:
            if len(self.messages) > 1:
                msgid = tuple(m.denormalize() for m in self.messages)
            else:
                msgid = self.messages[0].denormalize()
            context = self.context.denormalize() if self.context else None
            if msgid and self.catalog.get(msgid, context) is not None:
                self._invalid_pofile("", self.offset, "duplicate message definition")
            if msgid == "" and context is None and self.header is None and self.translations:
                self.header = (self.translations[0][1].denormalize(), self.offset)
        super()._add_message()


def _check_locale(catalog: Catalog, locale: str, text: str, path: str) -> None:
    """A PO whose Language header names another locale is the wrong file."""
    if catalog.locale is None:
        return
    try:
        expected = Locale.parse(locale.replace("-", "_"))
    except (ValueError, UnknownLocaleError):
        return
    if (catalog.locale.language, catalog.locale.territory) != (expected.language, expected.territory):
        line = next((k for k, line in enumerate(text.split("\n"), start=1)
                     if line.startswith('"Language:')), None)
        raise InputError(path, f"PO is for locale {catalog.locale}, not {locale}", line=line)
