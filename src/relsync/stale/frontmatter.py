"""The synced revision in a translation's front matter: reading ``relsync: {source_commit:
SHA}`` and writing it while keeping every other byte of the file."""

from __future__ import annotations

import re

from ..model import Document


def front_matter_commit(doc: Document) -> tuple[str, int] | None:
    """``relsync: {source_commit: SHA}`` from a translation's front matter, with its line."""
    entry = doc.front_matter.get("relsync") if doc.front_matter else None
    if not isinstance(entry, dict) or entry.get("source_commit") in (None, ""):
        return None
    value = str(entry["source_commit"]).strip()
    line = 1
    for k, text in enumerate(doc.text.split("\n"), start=1):
        if "source_commit" in text:
            line = k
            break
    return value, line


_LINE_RE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z")
_FM_OPEN_RE = re.compile(r"---[ \t]*\Z")
_FM_CLOSE_RE = re.compile(r"---[ \t]*\Z")
#: The ``relsync`` key, plain or quoted as YAML allows.
_KEY_RE = re.compile(r"""(?:relsync|"relsync"|'relsync')[ \t]*:(.*)\Z""")
_COMMIT_KEY = r"""(?:source_commit|"source_commit"|'source_commit')[ \t]*:"""
_FLOW_VALUE_RE = re.compile(rf"""({_COMMIT_KEY}[ \t]*)(?:'[^']*'|"[^"]*"|[^,}}\s]*)""")
#: A ``source_commit:`` child line: indent and key, the value, and what follows (a comment).
_CHILD_RE = re.compile(rf"""([ \t]+{_COMMIT_KEY}[ \t]*)('[^']*'|"[^"]*"|[^#]*?)([ \t]*(?:#.*)?)\Z""")


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


def set_source_commit(text: str, sha: str) -> str:
    """``text`` with ``relsync: {source_commit: sha}`` in its front matter, every other
    character kept (line ends, comments, quoting of the key); front matter is added when the
    document has none."""
    lines = _lines(text)
    eol = lines[0][1] if lines and lines[0][1] else "\n"
    entry = f"relsync: {{source_commit: {sha}}}"
    close = None
    if lines and _FM_OPEN_RE.match(lines[0][0]):
        close = next((k for k in range(1, len(lines)) if _FM_CLOSE_RE.match(lines[k][0])), None)
    if close is None:
        return f"---{eol}{entry}{eol}---{eol}" + text
    for k in range(1, close):
        m = _KEY_RE.match(lines[k][0])
        if m and not lines[k][0][:1].isspace():
            _set_entry(lines, k, close, m.group(1), sha)
            return "".join(body + end for body, end in lines)
    lines.insert(close, [entry, lines[close - 1][1] or eol])
    return "".join(body + end for body, end in lines)


def _set_entry(lines: list[list[str]], k: int, close: int, rest: str, sha: str) -> None:
    """Set ``source_commit`` in the ``relsync`` entry on line ``k`` (flow or block form)."""
    body = lines[k][0]
    value, comment = _value_comment(rest)
    if value.startswith("{"):
        if _FLOW_VALUE_RE.search(body):
            lines[k][0] = _FLOW_VALUE_RE.sub(lambda mm: mm.group(1) + sha, body, count=1)
        else:
            brace = body.index("{")
            inner = body[brace + 1:].lstrip()
            lines[k][0] = body[: brace + 1] + f"source_commit: {sha}" + ("" if inner.startswith("}") else ", ") + inner
        return
    if value:
        key = body[: len(body) - len(rest)]
        lines[k][0] = f"{key} {{source_commit: {sha}}}" + (f" {comment.lstrip()}" if comment else "")
        return
    indent = "  "
    j = k + 1
    while j < close and (not lines[j][0].strip() or lines[j][0][:1] in (" ", "\t")):
        child = _CHILD_RE.match(lines[j][0])
        if child:
            lead = child.group(1) if child.group(1)[-1:] in (" ", "\t") else child.group(1) + " "
            lines[j][0] = lead + sha + child.group(3)
            return
        if lines[j][0].strip():
            indent = re.match(r"[ \t]*", lines[j][0]).group(0)
        j += 1
    lines.insert(k + 1, [f"{indent}source_commit: {sha}", lines[k][1]])
