"""Where a translated paragraph's lines break: where the upstream's lines break, when the
translation lets a break be placed there.

A message joins a block's lines with a space (see :mod:`relsync.po.units`); a build that
wrote each message on one line would change more than the layout: a code span keeps a space
before a line end, ``[a](<b⏎c>)`` is text where ``[a](<b c>)`` is a link, ``<a⏎href="x" />``
is inline HTML where ``<a href="x" />`` alone on a line is an HTML block, and a line end in
raw ``<pre>`` shows. So the build puts the upstream's breaks back: each at the same words
when the translation has them once (markup, code and URLs are not translated), else at the
space nearest to the same share of the text; a translation without spaces stays one line.
Which form is written is decided by parsing: see :func:`signature`.
"""

from __future__ import annotations

import re

from ..parse import markdown

#: Inline tokens that carry no structure: the text, and a soft break (the layout).
_LAYOUT = frozenset(("text", "text_special", "softbreak"))
_TAG_NAME_RE = re.compile(r"<\s*(/?)\s*([A-Za-z][A-Za-z0-9-]*)")


def segments(lines: list[str]) -> list[list[str]]:
    """The upstream lines of a block grouped by hard break, as a message joins them (a line
    ending in a backslash or two spaces ends a group: a newline in the message)."""
    groups: list[list[str]] = [[]]
    for k, line in enumerate(lines):
        body = line.lstrip(" \t")
        groups[-1].append(body)
        if k < len(lines) - 1 and (body.endswith("\\") or body.endswith("  ")):
            groups.append([])
    return groups


def with_breaks(lines: list[str], upstream: list[list[str]]) -> list[str] | None:
    """The translated ``lines`` (one per hard break) with the upstream's soft breaks placed
    in them; None when the translation has another number of hard breaks."""
    if len(lines) != len(upstream):
        return None
    out: list[str] = []
    for line, group in zip(lines, upstream):
        out.extend(_place(line, group))
    return out


def _place(text: str, group: list[str]) -> list[str]:
    if len(group) < 2 or " " not in text:
        return [text]
    bodies = [line.strip(" \t") for line in group]
    total = sum(len(b) for b in bodies) + len(bodies) - 1
    cuts: list[tuple[int, str]] = []
    pos, done = 0, 0
    for j in range(len(group) - 1):
        done += len(bodies[j]) + 1
        before = group[j].rstrip(" \t")
        trail = group[j][len(before):]
        at = _anchored(text, pos, before, bodies[j + 1])
        if at is None:
            at, trail = _nearest_space(text, pos, round(done / total * len(text))), ""
        if at is None:
            continue
        cuts.append((at, trail))
        pos = at + 1
    out: list[str] = []
    start = 0
    for at, trail in cuts:
        out.append(text[start:at] + trail)
        start = at + 1
    out.append(text[start:])
    return [line for line in out if line.strip()] or [text]


def _anchored(text: str, pos: int, before: str, after: str) -> int | None:
    """The space between the words around the upstream's break, when the translation has
    them once after ``pos``."""
    left = before.rsplit(None, 1)[-1] if before.split() else ""
    right = after.split(None, 1)[0] if after.split() else ""
    if not left or not right:
        return None
    needle = f"{left} {right}"
    found = text.find(needle, pos)
    if found < 0 or text.find(needle, found + 1) >= 0:
        return None
    return found + len(left)


#: Template constructs (Hugo shortcodes, Liquid tags, KumaScript macros): a line break placed
#: in one is a break of the site's template syntax, not of the prose.
_CONSTRUCT_RE = re.compile(r"\{\{.*?\}\}|\{%.*?%\}")


def _nearest_space(text: str, pos: int, target: int) -> int | None:
    best = None
    constructs = [m.span() for m in _CONSTRUCT_RE.finditer(text)] if "{" in text else []
    for m in re.finditer(r"(?<=\S) (?=\S)", text[pos:]):
        at = pos + m.start()
        if any(a < at < b for a, b in constructs):
            continue
        if best is None or abs(at - target) < abs(best - target):
            best = at
        elif at > target:
            break
    return best


def signature(text: str) -> tuple:
    """What an inline text's parse makes of it, its words and line layout left out: the
    sequence of emphasis, links, code spans, HTML tags, images and hard breaks."""
    children = markdown(plain_text_fast=False).parseInline(text)[0].children or []
    out = []
    for token in children:
        if token.type in _LAYOUT:
            continue
        if token.type == "html_inline":
            m = _TAG_NAME_RE.match(token.content)
            out.append(("html", (m.group(1) + m.group(2).lower()) if m else token.content[:4]))
        else:
            out.append((token.type, token.tag))
    return tuple(out)
