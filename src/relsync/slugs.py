"""Heading ids as site generators make them: the explicit ids a heading writes, and the slug
functions that make ids of heading text.

Each slug function is a faithful port of its generator's own code (named in its docstring),
with the generator's rule for a repeated id (``foo``, ``foo-1``, ``foo-2``; MkDocs'
``foo_1``). :data:`SLUGGERS` is the table of them by name; :data:`LAYOUT_SLUGGERS` the one
each detected layout uses, which the ``heading-ids`` setting overrides.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Callable, Iterable

#: An attribute list at the end of a heading: ``{#id}`` (VitePress, Docusaurus, kramdown),
#: ``{ #id .class }`` (Hugo, MkDocs' attr_list), ``{: #id}`` (kramdown's IAL).
_ATTRS_RE = re.compile(r"\s*\{:?\s*([^{}]*?)\s*\}\s*$")
_ID_TOKEN_RE = re.compile(r"#([^\s#.{}]+)")
#: ``id="x"`` / ``name='x'`` in HTML or JSX, the ids a page may carry besides its headings.
HTML_ID_RE = re.compile(r"""(?<![\w:-])(?:id|name)\s*=\s*(?:"([^"]+)"|'([^']+)'|\{\s*["']([^"']+)["']\s*\})""")


# -- slug functions ---------------------------------------------------------------------

def github_slug(text: str) -> str:
    """github-slugger (Starlight through Astro, Docusaurus): lower case, every character
    but letters, marks, numbers, ``_``, ``-`` and spaces removed, each space a ``-``."""
    out = []
    for c in text.lower():
        cat = unicodedata.category(c)
        if c == " ":
            out.append("-")
        elif c == "-" or cat[0] in "LMN" or cat == "Pc":
            out.append(c)
    return "".join(out)


_VP_SPECIAL_RE = re.compile(r"""[\s~`!@#$%^&*()\-_+=\[\]{}|\\;:"'“”‘’<>,.?/]+""")
_VP_COMBINING_RE = re.compile("[\u0300-\u036f]")
_VP_CONTROL_RE = re.compile("[\u0000-\u001f]")


def vitepress_slug(text: str) -> str:
    """VitePress's ``slugify`` (@mdit-vue/shared): NFKD without accents, runs of ASCII
    punctuation and spaces one ``-``, none at either end, ``_`` before a leading digit,
    lower case."""
    s = unicodedata.normalize("NFKD", text)
    s = _VP_COMBINING_RE.sub("", s)
    s = _VP_CONTROL_RE.sub("", s)
    s = _VP_SPECIAL_RE.sub("-", s)
    s = re.sub(r"-{2,}", "-", s).strip("-")
    s = re.sub(r"^(\d)", r"_\1", s)
    return s.lower()


def _hugo_alnum(c: str) -> bool:
    return c == "_" or unicodedata.category(c)[0] == "L" or unicodedata.category(c) == "Nd"


def hugo_github_slug(text: str, ascii_only: bool = False) -> str:
    """Hugo's ``autoHeadingIDType = "github"`` (goldmark's ``sanitizeAnchorName``): spaces
    and ``-`` each a ``-``, letters, digits and ``_`` in lower case, the rest dropped;
    ``github-ascii`` first removes accents and then drops every other non-ASCII letter."""
    if ascii_only:
        text = "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))
    out = []
    for c in text.strip():
        if ascii_only and not c.isascii():
            continue
        if c in "- ":
            out.append("-")
        elif _hugo_alnum(c):
            out.append(c.lower())
    return "".join(out)


def hugo_github_ascii_slug(text: str) -> str:
    """Hugo's ``autoHeadingIDType = "github-ascii"``."""
    return hugo_github_slug(text, ascii_only=True)


def blackfriday_slug(text: str) -> str:
    """Hugo's ``autoHeadingIDType = "blackfriday"`` (``SanitizedAnchorName``): runs of
    anything but letters and numbers one ``-`` between words, lower case."""
    out: list[str] = []
    dash = False
    for c in text:
        if unicodedata.category(c)[0] in "LN":
            if dash and out:
                out.append("-")
            dash = False
            out.append(c.lower())
        else:
            dash = True
    return "".join(out)


def toc_slug(text: str) -> str:
    """Python-Markdown's ``toc`` extension ``slugify`` (MkDocs' default): ASCII by NFKD,
    anything but word characters, spaces and ``-`` removed, lower case, runs of spaces and
    ``-`` one ``-``."""
    value = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    value = re.sub(r"[^\w\s-]", "", value).strip().lower()
    return re.sub(r"[-\s]+", "-", value)


_TAGS_RE = re.compile(r"</?[^>]*>")


def pymdownx_slug(text: str) -> str:
    """``pymdownx.slugs.slugify(case="lower")`` (Material for MkDocs' recommended
    Unicode slugs): NFC, tags removed, lower case, anything but word characters, ``-`` and
    spaces removed, each space a ``-``."""
    slug = _TAGS_RE.sub("", unicodedata.normalize("NFC", text)).strip().lower()
    return re.sub(r"[^\w\- ]", "", slug).replace(" ", "-")


def kramdown_slug(text: str) -> str:
    """kramdown's ``basic_generate_id`` (Jekyll): everything before the first ASCII letter
    removed, anything but ASCII letters, digits, spaces and ``-`` removed, spaces ``-``,
    lower case; ``section`` when nothing is left."""
    s = re.sub(r"^[^a-zA-Z]+", "", text)
    s = re.sub(r"[^a-zA-Z0-9 -]", "", s).replace(" ", "-").lower()
    return s or "section"


_MDN_DROP_RE = re.compile(r"""["#$%&+,/:;=?@\[\]^`{|}~')(\\]""")


def mdn_slug(text: str) -> str:
    """MDN's heading ids: lower case, URL-reserved punctuation removed, runs of white space
    ``_`` (``Considérations de sécurité`` -> ``considérations_de_sécurité``)."""
    return re.sub(r"\s+", "_", _MDN_DROP_RE.sub("", text.strip())).lower()


# -- repeated ids -----------------------------------------------------------------------

def _dash_counter(slug: str, used: dict[str, int]) -> str:
    """github-slugger, markdown-it-anchor (VitePress), Hugo and kramdown: ``foo``, ``foo-1``,
    ``foo-2``, skipping ids already taken."""
    result = slug
    while result in used:
        used[slug] = used.get(slug, 0) + 1
        result = f"{slug}-{used[slug]}"
    used.setdefault(result, 0)
    return result


def _underscore_counter(slug: str, used: dict[str, int]) -> str:
    """Python-Markdown's ``unique``: ``foo``, ``foo_1``, ``foo_2``; an empty id is ``_1``."""
    result = slug
    while result in used or not result:
        m = re.match(r"^(.*)_([0-9]+)$", result)
        result = f"{m.group(1)}_{int(m.group(2)) + 1}" if m else f"{result}_1"
    used.setdefault(result, 0)
    return result


@dataclass(frozen=True)
class Slugger:
    """A generator's slug function and its rule for a repeated id."""

    name: str
    slug: Callable[[str], str]
    unique: Callable[[str, dict[str, int]], str] = _dash_counter

    def ids(self, texts: Iterable[str], taken: Iterable[str] = ()) -> list[str]:
        """The ids of a page's headings, in order, repeated ones (and those the page's
        explicit ids ``taken``) suffixed."""
        used: dict[str, int] = dict.fromkeys(taken, 0)
        return [self.unique(self.slug(t), used) for t in texts]


SLUGGERS: dict[str, Slugger] = {s.name: s for s in (
    Slugger("github", github_slug),
    Slugger("vitepress", vitepress_slug),
    Slugger("hugo-github", hugo_github_slug),
    Slugger("hugo-github-ascii", hugo_github_ascii_slug),
    Slugger("hugo-blackfriday", blackfriday_slug),
    Slugger("python-markdown", toc_slug, _underscore_counter),
    Slugger("pymdownx", pymdownx_slug, _underscore_counter),
    Slugger("kramdown", kramdown_slug),
    Slugger("mdn", mdn_slug),
)}

#: The slug function of each layout relsync detects; a layout not named here (relsync's
#: own, patterns) reads an id as resolving when any of them makes it.
LAYOUT_SLUGGERS = {
    "vitepress": "vitepress",
    "starlight": "github",
    "docusaurus": "github",
    "hugo": "hugo-github",
    "mkdocs": "python-markdown",
    "jekyll": "kramdown",
    "mdn": "mdn",
}


def sluggers_for(name: str | None) -> tuple[Slugger, ...]:
    """The slug functions a site may use: the named one, or all when none is named."""
    if name and name in SLUGGERS:
        return (SLUGGERS[name],)
    return tuple(SLUGGERS.values())


# -- explicit ids -----------------------------------------------------------------------

@dataclass(frozen=True)
class HeadingId:
    """What the end of a heading's source says about its id."""

    text: str
    """The heading's source without its attribute lists."""
    id: str | None = None
    """The explicit id the generator reads, if any."""
    written: tuple[str, ...] = ()
    """Each attribute list as written at the end of the heading (``{#a}``, ``{ #a .b }``)."""
    defect: str = ""
    """Why the explicit id is not what its writer meant: written twice, with a space, with
    ``$`` for ``#``; ``""`` when it is well formed or absent."""


_DOLLAR_ID_RE = re.compile(r"\s*\$\{([^{}]*)\}\s*$")


def heading_id(source: str) -> HeadingId:
    """The explicit id at the end of a heading's inline source (``## Title {#id}``).

    Attribute lists are read from the end: one is the id; more than one (``{#a} {#a}``:
    the first is shown as text), an id with a space inside the braces (``{#NODE_ENV and
    Modes}``), or ``${id}`` for ``{#id}`` is a defect.
    """
    text = source.rstrip()
    written: list[str] = []
    ids: list[str] = []
    defect = ""
    while True:
        m = _ATTRS_RE.search(text)
        if m is None:
            break
        inner = m.group(1)
        tokens = _ID_TOKEN_RE.findall(inner)
        if not inner.lstrip().startswith(("#", ".")) and "=" not in inner:
            break  # prose in braces ("{placeholder}", "${id}"), not an attribute list
        written.insert(0, m.group().strip())
        ids.extend(tokens[:1])
        rest = _ID_TOKEN_RE.sub("", inner).split()
        if tokens and any(not (w.startswith(".") or "=" in w) for w in rest):
            defect = defect or f"the id {m.group().strip()} has a space in it"
        text = text[: m.start()]
    dollar = _DOLLAR_ID_RE.search(text)
    if dollar is not None and not written:
        return HeadingId(text[: dollar.start()].rstrip(), None, (dollar.group().strip(),),
                         f"{dollar.group().strip()} is written with $ where an id needs #")
    if len(written) > 1:
        defect = f"the id is written {len(written)} times ({' '.join(written)}): the first is shown as text"
    return HeadingId(text.rstrip(), ids[0] if ids else None, tuple(written), defect)


def html_ids(text: str) -> list[str]:
    """The ``id``/``name`` attributes of HTML or JSX in a text."""
    return [next(g for g in m.groups() if g) for m in HTML_ID_RE.finditer(text)]
