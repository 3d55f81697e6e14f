"""The site a document belongs to: its pages by their place in the site, each in every locale
it is translated to, and the ids each page's headings and anchors carry.

A link of a translation resolves as the site resolves it: to the page in the translation's
locale when that page exists, else to the page the site falls back to (upstream's), and its
fragment to an id of that page: a heading's explicit id (``{#id}``, ``{ #id }``), the slug
the site's generator makes of a heading's text (:mod:`relsync.slugs`), or an HTML
``id``/``name``.
"""

from __future__ import annotations

import functools
import hashlib
import os
import posixpath
import re
from dataclasses import dataclass, field
from typing import Callable, Iterable

from ..io import read_text
from ..languages import is_language_tag
from ..model import Block, BlockKind, Document
from ..parse import markdown
from ..project import Project
from ..slugs import LAYOUT_SLUGGERS, Slugger, heading_id, html_ids, sluggers_for

_PAGE_SUFFIXES = (".mdx", ".markdown", ".md", ".html")
_INDEX_NAMES = ("index", "readme", "_index")


def page_key(path: str) -> str:
    """A page's place in the site, as a link names it: ``/guide/intro`` for
    ``guide/intro.md``, ``/guide`` for ``guide/index.md``, ``""`` for the home page, and
    ``/button`` for dumi's ``button/index.en-US.md`` (a file named with its language); lower
    case (generators route ``Guide.md`` and ``guide`` alike)."""
    path = "/" + path.strip("/")
    for suffix in _PAGE_SUFFIXES:
        if path.lower().endswith(suffix):
            path = path[: -len(suffix)]
            break
    stem, dot, lang = path.rpartition(".")
    if dot and "/" not in lang and is_language_tag(lang):
        path = stem
    head, _, last = path.rpartition("/")
    if last.lower() in _INDEX_NAMES:
        path = head
    return path.rstrip("/").lower()


@dataclass
class SitePage:
    """One page: upstream's file and its translations by locale."""

    upstream: str
    translations: dict[str, str] = field(default_factory=dict)

    def file_for(self, locale: str) -> str:
        """The file a reader of ``locale`` sees: the translation, else upstream's."""
        return self.translations.get(locale, self.upstream)


@dataclass
class Site:
    """The pages of a project by :func:`page_key`, and the slug function of its generator
    (``None``: any of them)."""

    pages: dict[str, SitePage] = field(default_factory=dict)
    slugger: str | None = None
    files: dict[str, str] = field(default_factory=dict)
    """Each page's file (absolute) -> upstream's file of the page: a translation's link to a
    file of its own language names the page upstream's link names."""

    @property
    def sluggers(self) -> tuple[Slugger, ...]:
        return sluggers_for(self.slugger)

    def route(self, path: str, languages: Iterable[str] = ()) -> str | None:
        """The key of the page a normalized link path names, or ``None`` when it is no page
        of the site: ``/docs/x`` also as ``/x`` (MDN's routes), and a route with a language
        suffix of ``languages`` (dumi's ``/docs/react/x-cn``) as the page without it."""
        key = path.rstrip("/").lower()
        for candidate in (key, key[5:] if key.startswith("/docs/") else None):
            if candidate is not None and candidate in self.pages:
                return candidate
        for lang in languages:
            for sep in "-_.":
                if key.endswith(sep + lang.lower()) and key[: -len(lang) - 1] in self.pages:
                    return key[: -len(lang) - 1]
        return None

    def page(self, path: str, languages: Iterable[str] = ()) -> SitePage | None:
        """The page a normalized link path names (see :meth:`route`)."""
        key = self.route(path, languages)
        return None if key is None else self.pages[key]

    def upstream_file(self, path: str) -> str | None:
        """The upstream file of the page a file is (itself for an upstream file)."""
        return self.files.get(os.path.abspath(path))

    def ids(self, path: str) -> frozenset[str]:
        """The ids of the page in a file (empty when it cannot be read)."""
        try:
            stat = os.stat(path)
        except OSError:
            return frozenset()
        return _file_ids(path, stat.st_mtime_ns, stat.st_size, self.sluggers)

    def fingerprint(self) -> str:
        """A hash of what the ids of every page depend on (its heading and anchor lines),
        for the cache: a pair's findings change when a page it links to changes its ids."""
        h = hashlib.sha256(str(self.slugger).encode())
        for key in sorted(self.pages):
            page = self.pages[key]
            for path in (page.upstream, *sorted(page.translations.values())):
                h.update(path.encode("utf-8", "surrogateescape") + b"\x00")
                try:
                    with open(path, "rb") as handle:
                        data = handle.read()
                except OSError:
                    continue
                h.update(_id_lines(data))
        for path in self.neighbours():
            h.update(path.encode("utf-8", "surrogateescape") + b"\x01")
        return h.hexdigest()[:16]

    def neighbours(self) -> list[str]:
        """Every file under the translations' directories (not hidden ones, not
        ``node_modules``): a translation's relative link to a file of its own (an image)
        resolves when the file is there."""
        dirs = sorted({os.path.dirname(os.path.abspath(p)) for page in self.pages.values()
                       for p in page.translations.values()})
        tops = [d for k, d in enumerate(dirs) if not any(d.startswith(t + os.sep) for t in dirs[:k])]
        found = []
        for top in tops:
            for base, subdirs, names in os.walk(top):
                subdirs[:] = sorted(d for d in subdirs if not d.startswith(".") and d != "node_modules")
                found.extend(os.path.join(base, n) for n in sorted(names) if not n.startswith("."))
        return found


#: The lines a page's ids come from: ATX headings, setext underlines (with the line above
#: them), and lines with an ``id``/``name`` attribute; each expression starts with a literal,
#: which the regular expression engine scans for (a file's lines are not each tried).
_ATX_LINE_RE = re.compile(rb"\n[ \t]*#[^\n]*")
_UNDERLINE_RE = re.compile(rb"\n[ \t]*(?:=+|-+)[ \t]*(?=\n|\Z)")
_ATTRIBUTE_RES = (re.compile(rb"id(?<![A-Za-z0-9_]id)\s*="), re.compile(rb"name(?<![A-Za-z0-9_]name)\s*="))


def _id_lines(data: bytes) -> bytes:
    """The lines of a file its page's ids come from, in their order, joined."""
    text = b"\n" + data
    spans = {(m.start() + 1, m.end()) for m in _ATX_LINE_RE.finditer(text)}
    spans.update((text.rfind(b"\n", 0, m.start()) + 1, m.end()) for m in _UNDERLINE_RE.finditer(text))
    for pattern in _ATTRIBUTE_RES:
        for m in pattern.finditer(text):
            end = text.find(b"\n", m.end())
            spans.add((text.rfind(b"\n", 0, m.start()) + 1, len(text) if end < 0 else end))
    return b"\n".join(text[a:b] for a, b in sorted(spans))


def site_of(project: Project) -> Site:
    """The site of a project: every page of its pairs and of its missing translations, and
    the slug function its layout (or the ``heading-ids`` setting) names."""
    cfg = project.config
    slugger = cfg.heading_ids or _configured_slugger(project) or (
        LAYOUT_SLUGGERS.get(project.layout.name) if project.layout is not None else None)
    site = Site(slugger=slugger)
    for missing in project.missing:
        site.files[os.path.abspath(missing.upstream)] = os.path.abspath(missing.upstream)
        if missing.name:
            site.pages.setdefault(page_key(missing.name), SitePage(str(missing.upstream)))
    for spec in project.pairs:
        upstream = os.path.abspath(spec.upstream)
        site.files[upstream] = site.files[os.path.abspath(spec.translation)] = upstream
        if spec.name:
            page = site.pages.setdefault(page_key(spec.name), SitePage(str(spec.upstream)))
            page.translations[spec.locale] = str(spec.translation)
    return site


#: What a site's own configuration says of its heading ids: MkDocs' ``toc.slugify`` set to
#: one of ``pymdownx.slugs``' functions, Hugo's ``autoHeadingIDType``.
_CONFIGURED_SLUGS = {
    "mkdocs": (re.compile(r"slugify\s*:.*pymdownx\.slugs\."), lambda m: "pymdownx"),
    "hugo": (re.compile(r"""autoHeadingIDType["']?\s*[:=]\s*["']?(github-ascii|blackfriday|github)\b""", re.I),
             lambda m: "hugo-" + m.group(1).lower()),
}


def _configured_slugger(project: Project) -> str | None:
    """The slug function the site's configuration file (the one its layout was detected
    from) names, if it names one."""
    layout = project.layout
    rule = _CONFIGURED_SLUGS.get(layout.name) if layout is not None else None
    if rule is None or not layout.detected_from:
        return None
    source = layout.detected_from
    path = source if os.path.isabs(source) else os.path.join(str(project.config.root), source)
    try:
        text = read_text(path)
    except Exception:  # the layout read it already; a file gone since names nothing
        return None
    m = rule[0].search(text)
    return rule[1](m) if m else None


@functools.lru_cache(maxsize=4096)
def _file_ids(path: str, mtime: int, size: int, sluggers: tuple[Slugger, ...]) -> frozenset[str]:
    try:
        text = read_text(path)
    except Exception:  # a page relsync cannot read resolves nothing; its own pair reports it
        return frozenset()
    return scanned_ids(text, sluggers)


_FENCE_RE = re.compile(r"^[ \t]*(?:(?:[-*+]|\d{1,9}[.)]|>)[ \t]+)*(`{3,}|~{3,})")
#: An ATX heading, also inside a list item or a quote ("1. #### Step": Starlight's steps) and
#: indented under one; a fence, also indented.
_ATX_RE = re.compile(r"^[ \t]*(?:(?:[-*+]|\d{1,9}[.)]|>)[ \t]+)*#{1,6}(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$")
_SETEXT_RE = re.compile(r"^ {0,3}(?:=+|-+)[ \t]*$")
_LIST_OR_BREAK_RE = re.compile(r"^ {0,3}(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)|^ {0,3}(?:[-*_][ \t]*){3,}$|^ {0,3}>")


def scanned_ids(text: str, sluggers: Iterable[Slugger]) -> frozenset[str]:
    """:func:`document_ids` of a page from its lines alone: ATX and setext headings outside
    fenced code, and ``id``/``name`` attributes. It gives the ids the parser gives on every
    page of the corpora (``tests/test_site_links.py``) at a fraction of a parse's cost, for
    the pages a document links to."""
    explicit: list[str] = []
    texts: list[str] = []
    other: list[str] = []
    fence = ""
    previous = ""
    lines = text.lstrip("\ufeff").splitlines()
    if lines and lines[0].rstrip() in ("---", "+++"):  # front matter
        end = next((k for k in range(1, len(lines)) if lines[k].rstrip() in ("---", "...", "+++")), 0)
        lines = lines[end + 1:] if end else lines
    for line in lines:
        m = _FENCE_RE.match(line)
        if fence:
            if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence) and not line.strip()[len(m.group(1)):]:
                fence = ""
            previous = ""
            continue
        if m:
            fence, previous = m.group(1), ""
            continue
        heading = None
        atx = _ATX_RE.match(line)
        if atx:
            heading = atx.group(1) or ""
        elif _SETEXT_RE.match(line) and previous.strip() and not _LIST_OR_BREAK_RE.match(previous) \
                and not previous.startswith(("    ", "\t")):
            heading = previous.strip()
        if heading is not None:
            found = heading_id(heading)
            if found.id:
                explicit.append(found.id)
            else:
                texts.append(heading_id(_inline_text(heading)).text)
        if "id" in line or "name" in line:
            other.extend(html_ids(line))
        previous = "" if atx else line
    ids = set(explicit) | set(other)
    for slugger in sluggers:
        ids.update(slugger.ids(texts, explicit))
    ids.discard("")
    return frozenset(ids)


def plain_text(block: Block) -> str:
    """A heading's text as a reader sees it, from its inline source (markup removed, code
    kept), for a document parsed without its inline pass."""
    return _inline_text(block.source)


def _inline_text(source: str) -> str:
    tokens = markdown(plain_text_fast=False).parseInline(source)
    out: list[str] = []
    for token in tokens:
        for child in token.children or ():
            if child.type in ("text", "code_inline"):
                out.append(child.content)
            elif child.type in ("softbreak", "hardbreak"):
                out.append(" ")
    return "".join(out)


def document_ids(doc: Document, sluggers: Iterable[Slugger],
                 text_of: Callable[[Block], str] = lambda block: block.text) -> frozenset[str]:
    """The ids a link to this page may name: explicit heading ids, the slugs each slug
    function makes of the headings without one (repeated ones suffixed), HTML ids."""
    explicit: list[str] = []
    texts: list[str] = []
    other: list[str] = []
    for block in doc.blocks:
        if block.kind == BlockKind.HEADING:
            found = heading_id(block.source)
            if found.id:
                explicit.append(found.id)
            else:  # a generator makes no slug for a heading that names its id
                texts.append(heading_id(text_of(block)).text)
            other.extend(html_ids(block.source))
        elif block.kind != BlockKind.CODE and ("id" in block.source or "name" in block.source):
            other.extend(html_ids(block.source))
    ids = set(explicit) | set(other)
    for slugger in sluggers:
        ids.update(slugger.ids(texts, explicit))
    ids.discard("")
    return frozenset(ids)


def link_page(path: str, name: str) -> str:
    """A relative link's page path from the document ``name`` (``../a.md`` from
    ``guide/b.md``: ``/a.md``)."""
    base = posixpath.dirname("/" + name.lstrip("/"))
    return posixpath.normpath(posixpath.join(base, path))
