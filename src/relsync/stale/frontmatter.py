"""The synced revision in a translation's front matter: reading ``relsync: {source_commit:
SHA}`` (relsync's own) or ``l10n: {sourceCommit: SHA}`` (MDN's), and writing one of them
while keeping every other byte of the file."""

from __future__ import annotations

import functools
import re

from ..model import Document

#: The front-matter entries that record a synced revision, as (table, key): the first found
#: is read; ``mark-synced`` updates the one a file has.
KEYS = (("relsync", "source_commit"), ("l10n", "sourceCommit"))


def front_matter_commit(doc: Document) -> tuple[str, int, str] | None:
    """The synced revision a translation's front matter records, its line, and the entry
    (``relsync.source_commit`` or ``l10n.sourceCommit``). The value is read as written: YAML
    would make ``0123456`` the octal number 42798."""
    for table, key in KEYS:
        entry = doc.front_matter.get(table) if doc.front_matter else None
        if not isinstance(entry, dict) or entry.get(key) in (None, ""):
            continue
        value = str(entry[key]).strip()
        line = 1
        for k, text in enumerate(doc.text.split("\n"), start=1):
            m = _raw_value_re(key).search(text)
            if m:
                line = k
                if not isinstance(entry[key], str):
                    value = m.group(1).strip("'\"")
                break
        return value, line, f"{table}.{key}"
    return None


def recorded_key(doc: Document) -> str | None:
    """Which entry a translation records its synced revision in, if any."""
    found = front_matter_commit(doc)
    return found[2] if found else None


@functools.lru_cache(maxsize=8)
def _raw_value_re(key: str) -> re.Pattern[str]:
    return re.compile(rf"\b{re.escape(key)}[ \t]*:[ \t]*('[^']*'|\"[^\"]*\"|[^,}}#\s]+)")


_LINE_RE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z")
_FM_OPEN_RE = re.compile(r"---[ \t]*\Z")
_FM_CLOSE_RE = re.compile(r"---[ \t]*\Z")


def _quoted(name: str) -> str:
    """``name`` as a YAML key may be written: plain, double- or single-quoted."""
    n = re.escape(name)
    return f"""(?:{n}|"{n}"|'{n}')"""


@functools.lru_cache(maxsize=8)
def _patterns(table: str, key: str) -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """The table key line, a key's value in a flow mapping, and a key's child line (indent
    and key, the value, and what follows: a comment)."""
    commit_key = rf"{_quoted(key)}[ \t]*:"
    return (re.compile(rf"{_quoted(table)}[ \t]*:(.*)\Z"),
            re.compile(rf"""({commit_key}[ \t]*)(?:'[^']*'|"[^"]*"|[^,}}\s]*)"""),
            re.compile(rf"""([ \t]+{commit_key}[ \t]*)('[^']*'|"[^"]*"|[^#]*?)([ \t]*(?:#.*)?)\Z"""))


def _lines(text: str) -> list[list[str]]:
    """``text`` as ``[body, line end]`` pairs; the ends are those Markdown knows (LF, CRLF, a
    lone CR), each kept as it is."""
    out = []
    for m in _LINE_RE.finditer(text):
        line = m.group(0)
        body = line.rstrip("\r\n")
        out.append([body, line[len(body):]])
    return out


def _value_comment(rest: str) -> tuple[str, str]:
    """A YAML value and its inline comment (`` # ...`` after blank space)."""
    m = re.search(r"(?:^|[ \t])#", rest)
    return (rest[: m.start()].strip(), rest[m.start():]) if m else (rest.strip(), "")


def set_source_commit(text: str, sha: str, entry: str = "relsync.source_commit") -> str:
    """``text`` with its synced revision set to ``sha`` in ``entry`` (``relsync.source_commit``
    or ``l10n.sourceCommit``), every other character kept (line ends, comments, quoting of
    the keys); front matter is added when the document has none."""
    table, _, key = entry.partition(".")
    lines = _lines(text)
    eol = lines[0][1] if lines and lines[0][1] else "\n"
    line_entry = f"{table}: {{{key}: {sha}}}"
    close = None
    if lines and _FM_OPEN_RE.match(lines[0][0]):
        close = next((k for k in range(1, len(lines)) if _FM_CLOSE_RE.match(lines[k][0])), None)
    if close is None:
        return f"---{eol}{line_entry}{eol}---{eol}" + text
    table_re, _, _ = _patterns(table, key)
    for k in range(1, close):
        m = table_re.match(lines[k][0])
        if m and not lines[k][0][:1].isspace():
            _set_entry(lines, k, close, m.group(1), sha, table, key)
            return "".join(body + end for body, end in lines)
    lines.insert(close, [line_entry, lines[close - 1][1] or eol])
    return "".join(body + end for body, end in lines)


def _set_entry(lines: list[list[str]], k: int, close: int, rest: str, sha: str, table: str,
               key: str) -> None:
    """Set ``key`` in the ``table`` entry on line ``k`` (flow or block form)."""
    _, flow_re, child_re = _patterns(table, key)
    body = lines[k][0]
    value, comment = _value_comment(rest)
    if value.startswith("{"):
        if flow_re.search(body):
            lines[k][0] = flow_re.sub(lambda mm: mm.group(1) + sha, body, count=1)
        else:
            brace = body.index("{")
            inner = body[brace + 1:].lstrip()
            lines[k][0] = body[: brace + 1] + f"{key}: {sha}" + ("" if inner.startswith("}") else ", ") + inner
        return
    if value:
        head = body[: len(body) - len(rest)]
        lines[k][0] = f"{head} {{{key}: {sha}}}" + (f" {comment.lstrip()}" if comment else "")
        return
    indent = "  "
    j = k + 1
    while j < close and (not lines[j][0].strip() or lines[j][0][:1] in (" ", "\t")):
        child = child_re.match(lines[j][0])
        if child:
            lead = child.group(1) if child.group(1)[-1:] in (" ", "\t") else child.group(1) + " "
            lines[j][0] = lead + sha + child.group(3)
            return
        if lines[j][0].strip():
            indent = re.match(r"[ \t]*", lines[j][0]).group(0)
        j += 1
    lines.insert(k + 1, [f"{indent}{key}: {sha}", lines[k][1]])
