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


_FM_OPEN_RE = re.compile(r"---[ \t]*\r?\n")
_FM_CLOSE_RE = re.compile(r"^---[ \t]*$")


@functools.lru_cache(maxsize=8)
def _patterns(table: str, key: str) -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    t, k = re.escape(table), re.escape(key)
    return (re.compile(rf"^{t}[ \t]*:(.*)$"),
            re.compile(rf"({k}[ \t]*:[ \t]*)(?:'[^']*'|\"[^\"]*\"|[^,}}\s]*)"),
            re.compile(rf"^([ \t]+){k}[ \t]*:.*$"))


def set_source_commit(text: str, sha: str, entry: str = "relsync.source_commit") -> str:
    """``text`` with its synced revision set to ``sha`` in ``entry`` (``relsync.source_commit``
    or ``l10n.sourceCommit``), every other character kept; front matter is added when the
    document has none."""
    table, _, key = entry.partition(".")
    key_re, flow_re, child_re = _patterns(table, key)
    eol = "\r\n" if re.match(r"[^\n]*\r\n", text) else "\n"
    line_entry = f"{table}: {{{key}: {sha}}}"
    if not _FM_OPEN_RE.match(text):
        return f"---{eol}{line_entry}{eol}---{eol}" + text
    lines = text.split("\n")
    close = next((k for k in range(1, len(lines)) if _FM_CLOSE_RE.match(lines[k].rstrip("\r"))), None)
    if close is None:
        return f"---{eol}{line_entry}{eol}---{eol}" + text
    for k in range(1, close):
        raw = lines[k]
        cr = "\r" if raw.endswith("\r") else ""
        body = raw[: len(raw) - len(cr)]
        m = key_re.match(body)
        if not m:
            continue
        value = m.group(1).split("#", 1)[0].strip()
        if value.startswith("{"):
            lines[k] = _set_in_flow(body, key, sha, flow_re) + cr
            return "\n".join(lines)
        if value == "":
            return _set_in_block(lines, k, close, key, sha, cr, child_re)
        lines[k] = line_entry + cr
        return "\n".join(lines)
    cr = "\r" if lines[close].endswith("\r") else ""
    lines.insert(close, line_entry + cr)
    return "\n".join(lines)


def _set_in_flow(body: str, key: str, sha: str, flow_re: re.Pattern[str]) -> str:
    if flow_re.search(body):
        return flow_re.sub(lambda mm: mm.group(1) + sha, body, count=1)
    brace = body.index("{")
    inner = body[brace + 1:].lstrip()
    sep = "" if inner.startswith("}") else ", "
    return body[: brace + 1] + f"{key}: {sha}{sep}" + inner


def _set_in_block(lines: list[str], k: int, close: int, key: str, sha: str, cr: str,
                  child_re: re.Pattern[str]) -> str:
    j = k + 1
    indent = "  "
    while j < close and (not lines[j].strip() or lines[j][:1] in (" ", "\t")):
        child = child_re.match(lines[j].rstrip("\r"))
        if child:
            jcr = "\r" if lines[j].endswith("\r") else ""
            lines[j] = f"{child.group(1)}{key}: {sha}{jcr}"
            return "\n".join(lines)
        if lines[j].strip():
            indent = re.match(r"[ \t]*", lines[j]).group(0)
        j += 1
    lines.insert(k + 1, f"{indent}{key}: {sha}{cr}")
    return "\n".join(lines)
