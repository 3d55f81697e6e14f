"""MDX's own block syntax for markdown-it: ``import``/``export`` lines and JSX, which are
structure, like HTML blocks, never prose to translate.

* ESM: at the top level, a line starting ``import`` or ``export`` and the lines after it up
  to a blank line (``import Tabs from '@theme/Tabs';``).
* JSX flow: a line that is only tags (``<Tabs groupId="os">``, ``</TabItem>``, ``<Card
  title="x" />``, a tag whose attributes run over several lines) or only an expression
  (``{/* a comment */}``). The Markdown between an opening and a closing tag stays Markdown.

Both become ``html_block`` tokens marked ``meta["mdx"]``; the parser turns them into blocks
without text. As in MDX, indentation does not make a code block: JSX is indented by the
nesting of its components, so :func:`source` reads a JSX line without its indentation
(line numbers stay). Only ``.mdx`` files get these rules: in Markdown, ``import x`` is a
sentence.
"""

from __future__ import annotations

import re

from markdown_it import MarkdownIt
from markdown_it.rules_block import StateBlock

_ESM_RE = re.compile(r"(?:import|export)(?=[\s{*])")
_TAG_START_RE = re.compile(r"<(?:[A-Za-z_$][\w$.:-]*|/|>)")
#: Lines a JSX tag may span before the rule gives up (an unclosed ``<``).
MAX_TAG_LINES = 40


_FENCE_RE = re.compile(r"[ \t]*(`{3,}|~{3,})")


def source(text: str) -> str:
    """``text`` as the MDX rules read it: lines that are only JSX (or open a JSX tag) lose
    their indentation, so that a ``</Card>`` indented under a paragraph ends it; fenced code
    is left as it is, and so is the front matter (the site reads it as YAML, where the
    indentation of a block scalar's lines is its text)."""
    lines = text.split("\n")
    fence = ""
    body = _front_matter_end(lines)
    for k, line in enumerate(lines[body:], body):
        m = _FENCE_RE.match(line)
        if m:
            marker = m.group(1)
            if not fence:
                fence = marker
            elif marker[0] == fence[0] and len(marker) >= len(fence) and not line.strip()[len(marker):].strip():
                fence = ""
            continue
        stripped = line.lstrip(" \t")
        if fence or stripped == line or not (stripped.startswith("{") or _TAG_START_RE.match(stripped)):
            continue
        if _skip_flow(stripped) != -1:
            lines[k] = stripped
    return "\n".join(lines)


def _front_matter_end(lines: list[str]) -> int:
    """The index of the first line after the front matter (``---`` ... ``---``), 0 without."""
    if not lines or lines[0].rstrip() != "---":
        return 0
    for k in range(1, len(lines)):
        if lines[k].rstrip() == "---":
            return k + 1
    return 0


def mdx_plugin(md: MarkdownIt) -> None:
    md.disable("code")
    md.block.ruler.before("html_block", "mdx_esm", _esm, {"alt": []})
    md.block.ruler.before("html_block", "mdx_jsx", _jsx, {"alt": ["paragraph", "reference", "blockquote"]})


def _line(state: StateBlock, line: int) -> str:
    return state.src[state.bMarks[line] + state.tShift[line]:state.eMarks[line]]


def _emit(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    if silent:
        return True
    state.line = end
    token = state.push("html_block", "", 0)
    token.map = [start, end]
    token.content = state.getLines(start, end, state.blkIndent, True)
    token.meta = {"mdx": True}
    return True


def _esm(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    if state.level > 0 or state.blkIndent > 0 or state.sCount[start] > 0:
        return False
    if not _ESM_RE.match(_line(state, start)):
        return False
    line = start + 1
    while line < end and not state.isEmpty(line):
        line += 1
    return _emit(state, start, line, silent)


def _jsx(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    first = _line(state, start)
    if not (_TAG_START_RE.match(first) or first.startswith("{")):
        return False
    line = start
    text = first
    while True:
        pos = _skip_flow(text)
        if pos is None:  # a tag or an expression still open: take the next line
            line += 1
            if line >= end or line - start > MAX_TAG_LINES or state.isEmpty(line):
                return False
            text += "\n" + _line(state, line)
            continue
        if pos < 0:
            return False  # text after the tags: inline JSX in a paragraph
        return _emit(state, start, line + 1, silent)


def _skip_flow(text: str) -> int | None:
    """The end of the tags and expressions that fill ``text``; ``None`` while one is open,
    ``-1`` when other text follows them."""
    pos = 0
    n = len(text)
    while pos < n:
        c = text[pos]
        if c in " \t\n":
            pos += 1
        elif c == "<" and _TAG_START_RE.match(text, pos):
            pos = _close(text, pos, ">")
            if pos is None:
                return None
        elif c == "{":
            pos = _close(text, pos, "}")
            if pos is None:
                return None
        else:
            return -1
    return pos


def _close(text: str, pos: int, closer: str) -> int | None:
    """The position after the ``>`` of the tag (or the ``}`` of the expression) at ``pos``,
    skipping quoted strings and ``{...}`` attribute values; ``None`` if it does not close."""
    depth = 0
    quote = ""
    k = pos + 1
    while k < len(text):
        c = text[k]
        if quote:
            if c == "\\":
                k += 1
            elif c == quote:
                quote = ""
        elif c == "/" and text.startswith("/*", k):
            end = text.find("*/", k + 2)
            if end < 0:
                return None
            k = end + 2
            continue
        elif c in "\"'`" and (closer == "}" or depth > 0 or text[k - 1] == "="):
            quote = c
        elif c == "{":
            depth += 1
        elif c == "}":
            if depth == 0 and closer == "}":
                return k + 1
            depth -= 1
        elif c == closer and depth == 0:
            return k + 1
        k += 1
    return None
