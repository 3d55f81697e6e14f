"""The props of MDX's JSX tags: which are text for the reader and which are values.

``<LinkCard title="Get started" href="/start/" />``: a translation translates ``title`` and
keeps ``href``. :func:`props` reads the tags of a JSX block (the blocks :mod:`relsync.mdx`
makes) and sorts their props:

* prose: the attributes whose value is text shown to a reader, as the standards name them:
  HTML's translatable attributes (the HTML standard's list for ``translate``: ``abbr``,
  ``alt``, ``label``, ``placeholder``, ``title``), WAI-ARIA's properties that are text read
  to the user (``aria-label``, ``aria-description``, ``aria-placeholder``,
  ``aria-roledescription``, ``aria-valuetext``, ``aria-braillelabel``), and the text props
  of documentation components, the same names as the prose parameters of shortcodes
  (:data:`relsync.dialects.PROSE_PARAMETERS`: Starlight's ``<Card title>``, ``<LinkCard
  description>``, ``<TabItem label>``, ``<Badge text>``; ``caption``, ``summary``, ...);
* links: ``href``, ``src`` and the other props that name an address;
* values: every other prop (``icon="rocket"``, ``npm="npm run tauri add dialog"``,
  ``client:load``, ``cols={2}``), kept exactly by a translation.

A prose prop written as an expression (``title={"Start"}``) is a value: only string
literals are text.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Callable

from .anchors import find_dates
from .dialects import PROSE_PARAMETERS
from .model import Anchors

#: HTML's translatable attributes and WAI-ARIA's text properties, beside the shortcodes' prose
#: parameters.
PROSE_PROPS = PROSE_PARAMETERS | frozenset({
    "abbr", "alt", "label", "placeholder", "title",
    "aria-label", "aria-description", "aria-placeholder", "aria-roledescription",
    "aria-valuetext", "aria-braillelabel", "aria-brailleroledescription",
})
#: Props whose value is an address: compared as links.
LINK_PROPS = frozenset({"href", "src", "to", "link", "url", "poster", "srcset", "action", "cite"})

_TAG_RE = re.compile(r"<(?P<name>[A-Za-z_$][\w$.:-]*)")
_NAME_RE = re.compile(r"[^\s=/>{}\"']+")


@dataclass(frozen=True, slots=True)
class Props:
    """The props of a block's tags, sorted: prose texts, link targets, and values written
    ``name="value"`` (or ``name={expression}``, whitespace collapsed)."""

    prose: tuple[str, ...] = ()
    links: tuple[str, ...] = ()
    values: tuple[str, ...] = ()


def _string(text: str, pos: int) -> int:
    """The position after the string literal that opens at ``pos`` (its end if unclosed)."""
    quote = text[pos]
    k = pos + 1
    while k < len(text):
        if text[k] == "\\":
            k += 2
            continue
        if text[k] == quote:
            return k + 1
        k += 1
    return len(text)


def _expression(text: str, pos: int) -> int:
    """The position after the ``{...}`` that opens at ``pos``, strings and nested braces
    skipped (its end if unclosed)."""
    depth = 0
    k = pos
    while k < len(text):
        c = text[k]
        if c in "\"'`":
            k = _string(text, k)
            continue
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return k + 1
        k += 1
    return len(text)


def _tag_props(text: str, pos: int, out: dict[str, list[str]]) -> int:
    """Read the props of the tag whose name ends at ``pos``; the position after the tag."""
    n = len(text)
    while pos < n:
        c = text[pos]
        if c.isspace() or c == "/":
            pos += 1
        elif c == ">":
            return pos + 1
        elif c == "{":  # a spread: {...props}
            end = _expression(text, pos)
            out["values"].append(" ".join(text[pos:end].split()))
            pos = end
        else:
            m = _NAME_RE.match(text, pos)
            if m is None:
                return pos + 1
            name = m.group()
            pos = m.end()
            while pos < n and text[pos] in " \t\n":
                pos += 1
            if pos >= n or text[pos] != "=":
                out["values"].append(name)
                continue
            pos += 1
            while pos < n and text[pos] in " \t\n":
                pos += 1
            if pos < n and text[pos] in "\"'":
                end = _string(text, pos)
                _sort(name, text[pos + 1:end - 1], out)
            elif pos < n and text[pos] == "{":
                end = _expression(text, pos)
                out["values"].append(f"{name}={' '.join(text[pos:end].split())}")
            else:
                m = _NAME_RE.match(text, pos)
                end = m.end() if m else pos + 1
                out["values"].append(f"{name}={text[pos:end]}")
            pos = end
    return pos


def _sort(name: str, value: str, out: dict[str, list[str]]) -> None:
    key = name.lower()
    if key in PROSE_PROPS:
        if value.strip():
            out["prose"].append(value.strip())
    elif key in LINK_PROPS:
        if value.strip():
            out["links"].append(value.strip())
    else:
        out["values"].append(f'{name}="{value}"')


@functools.lru_cache(maxsize=4096)
def props(source: str) -> Props:
    """The props of every tag in a JSX block's source, sorted (expressions between tags,
    ``{/* comments */}``, are skipped)."""
    out: dict[str, list[str]] = {"prose": [], "links": [], "values": []}
    pos = 0
    n = len(source)
    while pos < n:
        c = source[pos]
        if c == "{":
            pos = _expression(source, pos)
            continue
        if c == "<":
            m = _TAG_RE.match(source, pos)
            if m is not None:
                pos = _tag_props(source, m.end(), out)
                continue
        pos += 1
    return Props(tuple(out["prose"]), tuple(out["links"]), tuple(out["values"]))


_DIGIT_RE = re.compile(r"\d")


def text_and_anchors(source: str, locales: tuple[str, ...],
                     prose: Callable[[str, tuple[str, ...]], Anchors]) -> tuple[str, Anchors]:
    """A JSX block's text (its prose props) and anchors: the prose props' anchors as
    ``prose(text, links)`` reads them, the address props as links, the other props as code,
    except a value that is a date (``date="April 25, 2024"``), compared as a date."""
    if "=" not in source:
        return "", Anchors()
    p = props(source)
    text = " ".join(p.prose)
    anchors = prose(text, p.links) if text else Anchors(links=p.links)
    code: list[str] = []
    dates: list[str] = []
    for value in p.values:
        literal = value.partition("=")[2]
        found = find_dates(literal[1:-1], locales) if literal[:1] == '"' and _DIGIT_RE.search(literal) else []
        if found and found[0][0] == 0 and found[-1][1] == len(literal) - 2:
            dates += [iso for _, _, iso in found]
        else:
            code.append(value)
    if code or dates:
        anchors = Anchors(anchors.numbers, anchors.dates + tuple(dates), tuple(code), anchors.links, anchors.terms)
    return text, anchors
