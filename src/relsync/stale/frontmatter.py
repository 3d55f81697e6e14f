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


_FM_OPEN_RE = re.compile(r"---[ \t]*\r?\n")
_FM_CLOSE_RE = re.compile(r"^---[ \t]*$")
_KEY_RE = re.compile(r"^relsync[ \t]*:(.*)$")
_FLOW_VALUE_RE = re.compile(r"(source_commit[ \t]*:[ \t]*)(?:'[^']*'|\"[^\"]*\"|[^,}\s]*)")
_CHILD_RE = re.compile(r"^([ \t]+)source_commit[ \t]*:.*$")


def set_source_commit(text: str, sha: str) -> str:
    """``text`` with ``relsync: {source_commit: sha}`` in its front matter, every other
    character kept; front matter is added when the document has none."""
    eol = "\r\n" if re.match(r"[^\n]*\r\n", text) else "\n"
    entry = f"relsync: {{source_commit: {sha}}}"
    if not _FM_OPEN_RE.match(text):
        return f"---{eol}{entry}{eol}---{eol}" + text
    lines = text.split("\n")
    close = next((k for k in range(1, len(lines)) if _FM_CLOSE_RE.match(lines[k].rstrip("\r"))), None)
    if close is None:
        return f"---{eol}{entry}{eol}---{eol}" + text
    for k in range(1, close):
        raw = lines[k]
        cr = "\r" if raw.endswith("\r") else ""
        body = raw[: len(raw) - len(cr)]
        m = _KEY_RE.match(body)
        if not m:
            continue
        rest = m.group(1)
        value = rest.split("#", 1)[0].strip()
        if value.startswith("{"):
            if _FLOW_VALUE_RE.search(body):
                lines[k] = _FLOW_VALUE_RE.sub(lambda mm: mm.group(1) + sha, body, count=1) + cr
            else:
                inner = value[1:].lstrip()
                sep = "" if inner.startswith("}") else ", "
                lines[k] = body[: body.index("{") + 1] + f"source_commit: {sha}{sep}" + body[body.index("{") + 1 :].lstrip() + cr
            return "\n".join(lines)
        if value == "":
            j = k + 1
            indent = "  "
            while j < close and (not lines[j].strip() or lines[j][:1] in (" ", "\t")):
                child = _CHILD_RE.match(lines[j].rstrip("\r"))
                if child:
                    jcr = "\r" if lines[j].endswith("\r") else ""
                    lines[j] = f"{child.group(1)}source_commit: {sha}{jcr}"
                    return "\n".join(lines)
                if lines[j].strip():
                    indent = re.match(r"[ \t]*", lines[j]).group(0)
                j += 1
            lines.insert(k + 1, f"{indent}source_commit: {sha}{cr}")
            return "\n".join(lines)
        lines[k] = entry + cr
        return "\n".join(lines)
    cr = "\r" if lines[close].endswith("\r") else ""
    lines.insert(close, entry + cr)
    return "\n".join(lines)
