"""What Python-Markdown sites (MkDocs) write in their pages that is structure, not prose.

* Includes, which a preprocessor replaces before Markdown is read, each on a line of its
  own: ``{* ../../docs_src/x/tutorial001.py hl[18,22] *}`` (a file and the lines to
  highlight, FastAPI's markdown-include-variants), ``{!> path !}`` (mdx_include) and
  ``--8<-- "file.md"`` (pymdownx.snippets; also a block of file names between two
  ``--8<--`` lines). A line that is only a brace-star or brace-bang pair, or that starts
  with the snippet scissors, is no prose in any Markdown, so these are read as includes in
  every document: code that a translation keeps, never a number ``18.22``.
* pymdownx blocks: ``/// tip | Title`` ... ``///``, ``//// tab | Python 3.10+`` (more slashes
  for the outer of nested blocks): a container whose name is structure and whose title is
  prose, with optional indented YAML options under its first line. ``/// x`` is an ordinary
  paragraph in CommonMark, so blocks are read only in the pages of a site that enables
  them: an ``mkdocs.yml`` naming a ``pymdownx.blocks.*`` extension, whose ``docs_dir``
  holds the page (:func:`site_extensions`).

Admonitions (``!!! note "Title"``, ``??? tip``) are read in every document by the parser;
heading attribute lists (``## Title { #id .class }``) by its heading-id pattern. Where the site
enables attr_list, an attribute list after a link, an image, code or emphasis
(``[text](url){ .md-button target=_blank }``) is markup, not text.
"""

from __future__ import annotations

import functools
import os
import re
from pathlib import Path

from markdown_it import MarkdownIt
from markdown_it.rules_block import StateBlock
from mdit_py_plugins.container import container_plugin

from .errors import RelsyncError
from .io import real_path
from .project.sitefiles import read_config

#: The info of the code block an include line (or a snippet block) is read as.
INCLUDE = "include"
#: The container name of a pymdownx block: tokens ``container_pymdownx_open``/``_close``,
#: read as the generic container ``::: name Title`` (``container_any_open``).
BLOCKS = "pymdownx"
CONTAINER = "any"
#: The extension names (a prefix) that make ``///`` blocks.
BLOCK_EXTENSIONS = "pymdownx.blocks."

_CONFIG_NAMES = ("mkdocs.yml", "mkdocs.yaml")
#: One include line: ``{* ... *}``, ``{! ... !}`` (``{!>``, ``{!<`` too), ``--8<-- "file"``.
_INCLUDE_RE = re.compile(r"\{\*[^\n]*\*\}|\{![^\n]*!\}|-{1,}8<-{1,}(?:[ \t]+\S[^\n]*)?")
#: The scissors line that opens and closes a block of snippet file names.
_SCISSORS_RE = re.compile(r"-{1,}8<-{1,}[ \t]*")
#: A block's header after its slashes: a name, then optionally ``| Title``.
_HEADER_RE = re.compile(r"[ \t]*([A-Za-z][\w-]*)[ \t]*(?:\|[ \t]*(.*?))?[ \t]*")
#: An options line under a block's header (``    type: warning``), without its indentation,
#: or a line of a value nested under one.
_OPTION_RE = re.compile(r"[\w-]+:|[ \t]")


# -- includes ------------------------------------------------------------------------------

def _line(state: StateBlock, line: int) -> str:
    return state.src[state.bMarks[line] + state.tShift[line]:state.eMarks[line]]


def _include(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    if state.sCount[start] - state.blkIndent >= 4:
        return False
    text = _line(state, start).rstrip()
    if not text or text[0] not in "{-" or _INCLUDE_RE.fullmatch(text) is None:
        return False
    last = start
    if _SCISSORS_RE.fullmatch(text):  # a block of file names up to the closing scissors
        last = next((k for k in range(start + 1, end) if _SCISSORS_RE.fullmatch(_line(state, k).rstrip())), -1)
        if last < 0:
            return False
    if silent:
        return True
    token = state.push("code_block", "code", 0)  # code the translation keeps
    token.map = [start, last + 1]
    token.info = INCLUDE
    token.content = "\n".join(" ".join(_line(state, k).split()) for k in range(start, last + 1))
    token.block = True
    state.line = last + 1
    return True


def include_plugin(md: MarkdownIt) -> None:
    """Include lines and snippet blocks as tokens of their own (:data:`INCLUDE`)."""
    md.block.ruler.before("paragraph", INCLUDE, _include, {"alt": ["paragraph"]})


# -- pymdownx blocks -----------------------------------------------------------------------

def _is_block_header(params: str, markup: str = "") -> bool:
    return _HEADER_RE.fullmatch(params) is not None


def _read_blocks(state) -> None:
    """Each block as the generic container ``::: name Title`` (its title prose, an ``html``
    block's element none: :func:`block_header`); its YAML options, indented under its
    header, are settings of the block, not an indented code block of its body."""
    kept = []
    opened = None
    for tok in state.tokens:
        if (opened is not None and tok.type == "code_block" and tok.map and tok.map[0] == opened + 1
                and all(_OPTION_RE.match(line) for line in tok.content.splitlines() if line.strip())):
            opened = None
            continue
        opened = None
        if tok.type.startswith(f"container_{BLOCKS}_"):
            tok.type = tok.type.replace(BLOCKS, CONTAINER)
            if tok.nesting == 1:
                tok.info = " ".join(part for part in block_header(tok.info) if part)
                opened = tok.map[0] if tok.map else None
        kept.append(tok)
    state.tokens = kept


def blocks_plugin(md: MarkdownIt) -> None:
    """pymdownx blocks (``/// name | Title`` ... ``///``) as containers."""
    container_plugin(md, name=BLOCKS, marker="/", validate=_is_block_header)
    md.core.ruler.after("block", "pymdownx_blocks", _read_blocks)


def block_header(info: str) -> tuple[str, str]:
    """A block's name and its title (prose; empty when the block has none). The argument of
    an ``html`` block is the element it makes (``/// html | div.note``), not a title."""
    m = _HEADER_RE.fullmatch(info)
    if m is None:
        return info.strip(), ""
    return m.group(1), ("" if m.group(1) == "html" else (m.group(2) or "").strip())


# -- attribute lists ----------------------------------------------------------------------

_ATTRIBUTE = r"""(?:[#.][\w-]+|[\w-]+=(?:"[^"\n]*"|'[^'\n]*'|[^\s}]+))"""
#: An attribute list (attr_list): ``{ .class }``, ``{: #id target=_blank }``, ``{ width="300" }``.
_ATTRIBUTE_LIST_RE = re.compile(rf"\{{:?[ \t]*{_ATTRIBUTE}(?:[ \t]+{_ATTRIBUTE})*[ \t]*\}}")
#: The inline tokens an attribute list right after sets attributes of.
_ATTRIBUTED = frozenset({"link_close", "image", "code_inline", "strong_close", "em_close", "html_inline"})


def _drop_attribute_lists(state) -> None:
    """An attribute list right after a link, an image, code or emphasis sets that element's
    attributes: markup of the page, not text."""
    for tok in state.tokens:
        if tok.type != "inline" or not tok.children:
            continue
        children = tok.children
        for k in range(1, len(children)):
            child = children[k]
            if child.type == "text" and children[k - 1].type in _ATTRIBUTED and child.content.startswith("{"):
                m = _ATTRIBUTE_LIST_RE.match(child.content)
                if m is not None:
                    child.content = child.content[m.end():]


# -- which sites write them ----------------------------------------------------------------

def site_extensions(path: Path | str) -> frozenset[str]:
    """The Markdown extensions of the MkDocs site that builds the page at ``path``: those of
    the nearest ``mkdocs.yml`` above it whose ``docs_dir`` (``docs`` by default) holds the
    page, with those of the configs it inherits (``INHERIT``); none outside such a site."""
    return _site_extensions_above(os.path.dirname(real_path(path)))


@functools.lru_cache(maxsize=4096)
def _site_extensions_above(page_directory: str) -> frozenset[str]:
    """:func:`site_extensions` of the pages in a (resolved) directory."""
    page = os.path.join(page_directory, "")
    directory = page_directory
    while True:
        config = _config_in(directory)
        if config is not None:
            docs = os.path.realpath(os.path.join(directory, _docs_dir(config)))
            if page.startswith(docs.rstrip(os.sep) + os.sep):
                return _extensions(config)
        parent = os.path.dirname(directory)
        if parent == directory:
            return frozenset()
        directory = parent


@functools.lru_cache(maxsize=256)
def _config_in(directory: str) -> str | None:
    for name in _CONFIG_NAMES:
        path = os.path.join(directory, name)
        if os.path.isfile(path):
            return path
    return None


@functools.lru_cache(maxsize=64)
def _read(path: str) -> dict:
    try:
        return read_config(Path(path))
    except RelsyncError:  # a config relsync cannot read: the pages are read as CommonMark
        return {}


def _docs_dir(config: str) -> str:
    value = _read(config).get("docs_dir", "docs")
    return value if isinstance(value, str) and value else "docs"


@functools.lru_cache(maxsize=64)
def _extensions(config: str, depth: int = 0) -> frozenset[str]:
    data = _read(config)
    found = data.get("markdown_extensions") or ()
    names: set[str] = set()
    for item in found if isinstance(found, (list, dict)) else ():
        if isinstance(item, dict):
            names.update(str(k) for k in item)
        else:
            names.add(str(item))
    parent = data.get("INHERIT")
    if isinstance(parent, str) and depth < 8:
        inherited = os.path.normpath(os.path.join(os.path.dirname(config), parent))
        if os.path.isfile(inherited):
            names |= _extensions(inherited, depth + 1)
    return frozenset(names)


def features(extensions: frozenset[str]) -> frozenset[str]:
    """What of :func:`plugin` a site with these Markdown extensions needs: ``blocks``
    (``pymdownx.blocks.*``), ``attr_list``."""
    found = set()
    if any(name.startswith(BLOCK_EXTENSIONS) for name in extensions):
        found.add("blocks")
    if "attr_list" in extensions:
        found.add("attr_list")
    return frozenset(found)


def plugin(md: MarkdownIt, site: frozenset[str] = frozenset()) -> None:
    """Include lines in every document; pymdownx blocks and attribute lists where the site
    reads them (``site``: :func:`features`)."""
    include_plugin(md)
    if "blocks" in site:
        blocks_plugin(md)
    if "attr_list" in site:
        md.core.ruler.after("inline", "attr_list", _drop_attribute_lists)
