"""Markdown text -> :class:`~relsync.model.Document`: a section tree with exact line ranges.

Built on markdown-it-py's token stream (CommonMark + GFM tables, front matter, footnotes and
``:::`` containers). Each token carries ``map`` (0-based, end-exclusive source lines); blocks
keep them as 1-based inclusive ranges.
"""

from __future__ import annotations

import bisect
import functools
import re
from collections import Counter

from markdown_it import MarkdownIt
from markdown_it.token import Token
from mdit_py_plugins.admon import admon_plugin
from mdit_py_plugins.container import container_plugin
from mdit_py_plugins.footnote import footnote_plugin
from mdit_py_plugins.front_matter import front_matter_plugin

from . import dialects, dialects_mkdocs
from .dialects import ALL_SYNTAX
from .html_tables import HtmlTable
from . import front_matter
from . import jsx as _jsx
from . import mdx as _mdx
from .anchors import prose_anchors
from .model import Anchors, Block, BlockKind, Cell, Document, Markup, Section

CONTAINER = "any"
_NO_ANCHORS = Anchors()
_NO_MARKUP = Markup()
#: An explicit heading id ending a heading: ``## Title {#id}``, ``{ #id }``, ``{: #id .class }``.
HEADING_ID_RE = re.compile(r"\{:?[ \t]*#([^}\s]+)(?:[ \t]+[^}]*)?\}\s*$")
SUPPRESS_RE = re.compile(
    r"<!--\s*relsync-(disable-next-line|disable-file|disable)\b([^>]*?)-->", re.IGNORECASE
)


#: Characters that start inline syntax in the parser (escapes, code, strikethrough, emphasis,
#: links, images, footnotes, autolinks, HTML, entities). Text without them is plain lines.
_INLINE_SYNTAX_RE = re.compile(r"[\\`~*_\[\]!^<>&]")


def _inline_pass(state) -> None:
    """markdown-it's core ``inline`` rule, except for text with no inline syntax: its tokens
    would be the lines and the breaks between them, which :func:`_plain_lines` reads from
    the text at a fraction of the cost. Such a token keeps no children and is marked plain.
    """
    md = state.md
    for token in state.tokens:
        if token.type == "inline":
            if token.children is None:
                token.children = []
            if _INLINE_SYNTAX_RE.search(token.content) is None:
                token.meta["plain"] = True
            else:
                md.inline.parse(token.content, md, state.env, token.children)


def _plain_lines(content: str) -> tuple[str, int]:
    """The text of an inline token without inline syntax, as markdown-it's ``newline`` rule
    makes it (spaces before a line end dropped, two or more of them a hard break; spaces and
    tabs starting the next line dropped; a break reads as a space), and the hard breaks."""
    if "\n" not in content:
        return content, 0
    lines = content.split("\n")
    last = len(lines) - 1
    hard = 0
    for k, line in enumerate(lines):
        if k:
            line = line.lstrip(" \t")
        if k < last:
            kept = line.rstrip(" ")
            if len(line) - len(kept) >= 2:
                hard += 1
            line = kept
        lines[k] = line
    return " ".join(lines), hard


@functools.lru_cache(maxsize=16)
def markdown(inline: bool = True, *, plain_text_fast: bool = True, mdx: bool = False,
             site: frozenset[str] = frozenset(), syntax: tuple[str, ...] = ALL_SYNTAX) -> MarkdownIt:
    """The shared parser: CommonMark, tables, strikethrough, front matter, footnotes, and the
    ``syntax`` of :data:`~relsync.dialects.ALL_SYNTAX` asked for (containers, admonitions).

    ``inline=False`` skips the inline pass: block structure and line ranges only. With
    ``plain_text_fast`` (the default), an inline token whose text has no inline syntax gets
    no children and ``meta["plain"]`` instead (see :func:`_inline_pass`); ``False`` runs
    markdown-it's inline pass on every token. ``mdx`` adds MDX's ESM and JSX blocks
    (:mod:`relsync.mdx`), ``site`` what a site's extensions add (:func:`relsync.dialects_mkdocs.features`).
    """
    md = MarkdownIt("commonmark", {"html": True}).enable(["table", "strikethrough"])
    md.use(front_matter_plugin).use(front_matter.plugin).use(footnote_plugin)
    yaml_rule = next(rule for rule in md.block.ruler.__rules__ if rule.name == "front_matter")
    md.block.ruler.at("front_matter", front_matter.at_document_start(yaml_rule.fn), {"alt": yaml_rule.alt})
    if "container" in syntax:
        md.use(container_plugin, name=CONTAINER, validate=lambda params, *args: True)
    if "admonition" in syntax:
        md.use(admon_plugin)  # MkDocs' !!! note "Title" and ??? note "Title"
    md.use(dialects_mkdocs.plugin, site)
    if mdx:
        md.use(_mdx.mdx_plugin)
    if not inline:
        md.core.ruler.disable(["inline"])
    elif plain_text_fast:
        md.core.ruler.at("inline", _inline_pass)
    # Percent-encoding a link target is pure and costly; documents link to the same pages.
    md.normalizeLink = functools.lru_cache(maxsize=4096)(md.normalizeLink)
    return md


def parse(text: str, path: str = "<text>", locales: tuple[str, ...] = ("en",), *,
          outline: bool = False, extensions: frozenset[str] = frozenset(),
          syntax: tuple[str, ...] = ALL_SYNTAX) -> Document:
    """Parse Markdown ``text`` into a :class:`Document`.

    ``locales`` names the languages whose month names are recognised in dates. ``outline``
    skips the inline pass and the anchors: the same blocks, line ranges and sources, for
    callers that need only those (PO extraction and build). Footnote definitions need the
    inline pass (one is kept only where it is referenced), so a text with ``[^`` is always
    parsed in full. ``extensions``: the site's (:func:`relsync.dialects_mkdocs.site_extensions`);
    ``syntax``: the generator's block syntax (:func:`relsync.dialects.syntax_for`).
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    norm = text.replace("\r\n", "\n").replace("\r", "\n")
    outline = outline and "[^" not in norm
    mdx = path.lower().endswith(".mdx")
    site = dialects_mkdocs.features(extensions)
    tokens = markdown(inline=not outline, mdx=mdx, site=site, syntax=syntax).parse(
        _mdx.source(norm) if mdx else norm)
    builder = _Builder(norm, path, tuple(locales), outline=outline)
    builder.run(tokens)
    return builder.document()


class _Builder:
    def __init__(self, text: str, path: str, locales: tuple[str, ...], outline: bool = False) -> None:
        self.outline = outline
        self.text = text
        self.path = path
        self.locales = locales
        self.line_count = text.count("\n") + 1
        self.raw: list[dict] = []
        self.boxes: list[tuple[int, int]] = []  # (the lines of each container)
        self.front_matter: dict[str, object] = {}
        self.comments: list[tuple[int, str, frozenset[str]]] = []
        self.notes: list[tuple[int, int, str]] = []
        self.problems: list[tuple[int, str]] = []

    # -- token walk -------------------------------------------------------------------
    def run(self, tokens: list[Token]) -> None:
        list_depth = 0
        quote = 0
        item_first: list[bool] = []
        i = 0
        n = len(tokens)
        while i < n:
            tok = tokens[i]
            t = tok.type
            if t == "front_matter":
                self._front_matter(tok)
            elif t == "heading_open":
                inline = tokens[i + 1]
                self._add(BlockKind.HEADING, tok.map, inline, level=int(tok.tag[1:]), quote=quote)
                i += 2
            elif t == "paragraph_open":
                inline = tokens[i + 1]
                kind = BlockKind.PARAGRAPH
                if item_first and item_first[-1]:
                    kind = BlockKind.LIST_ITEM
                    item_first[-1] = False
                elif tok.level == 0 and dialects.only_constructs(inline.content):
                    kind = BlockKind.SHORTCODE
                self._add(kind, tok.map, inline, level=list_depth, quote=quote)
                i += 2
            elif t in ("bullet_list_open", "ordered_list_open"):
                list_depth += 1
            elif t in ("bullet_list_close", "ordered_list_close"):
                list_depth -= 1
            elif t == "list_item_open":
                item_first.append(True)
            elif t == "list_item_close":
                item_first.pop()
            elif t == "blockquote_open":
                quote += 1
            elif t == "blockquote_close":
                quote -= 1
            elif t == "table_open":
                i = self._table(tokens, i)
            elif t in ("fence", "code_block"):
                self._code(tok, quote)
            elif t == "html_block":
                self._html(tok, quote)
            elif t == f"container_{CONTAINER}_open":
                self._container(tok)
            elif t == "admonition_open":
                i = self._admonition(tokens, i)
            elif t == "footnote_open":
                item_first.append(True)
            elif t == "footnote_close":
                item_first.pop()
            i += 1

    def _prose(self, text: str, links: tuple[str, ...] = ()) -> Anchors:
        """Anchors of a run of prose (none in outline mode)."""
        if self.outline:
            return _NO_ANCHORS
        text, code, macro_links = dialects.split(text)
        numbers, dates, urls, terms = prose_anchors(text, self.locales)
        return Anchors(tuple(numbers), tuple(dates), tuple(code), links + tuple(macro_links) + tuple(urls),
                       tuple(terms))

    def _span(self, map_: list[int] | None) -> tuple[int, int]:
        if not map_:
            return (1, 1)
        start, end = map_
        return (start + 1, max(start + 1, end))

    def _inline(self, inline: Token | None) -> tuple[str, Anchors, Markup, list[str]]:
        """Plain text, anchors and markup counts of an inline token."""
        if self.outline:
            return (inline.content if inline is not None else ""), _NO_ANCHORS, _NO_MARKUP, []
        if inline is not None and inline.meta.get("plain"):
            text, hard = _plain_lines(inline.content)
            return self._finish(text, text, [], [], {"hardbreak": hard} if hard else {})
        if inline is None or not inline.children:
            content = inline.content if inline is not None else ""
            return content, self._prose(content), Markup(), []
        text_parts: list[str] = []
        prose_parts: list[str] = []
        code: list[str] = []
        links: list[str] = []
        markup: Counter[str] = Counter()
        children = inline.children
        notes = dialects.language_notes(children) if "<sup" in inline.content.lower() else ()
        for k, child in enumerate(children):
            ct = child.type
            if k in notes:
                continue  # a translator's mark of a link's language: no markup of the text
            if ct == "text":
                text_parts.append(child.content)
                prose_parts.append(child.content)
            elif ct == "code_inline":
                text_parts.append(child.content)
                prose_parts.append(" ")
                code.append(child.content)
            elif ct in ("softbreak", "hardbreak"):
                text_parts.append(" ")
                prose_parts.append(" ")
                if ct == "hardbreak":
                    markup["hardbreak"] += 1
            elif ct == "link_open":
                href = child.attrs.get("href")
                if href:
                    links.append(str(href))
                markup["autolink" if child.markup == "autolink" else "link"] += 1
            elif ct == "image":
                src = child.attrs.get("src")
                if src:
                    links.append(str(src))
                text_parts.append(child.content)
                prose_parts.append(" " + child.content + " ")
                markup["image"] += 1
            elif ct == "html_inline":
                tag = _html_tag_name(child.content)
                if tag:
                    markup[f"html:{tag}"] += 1
                for attr_value in _HTML_URL_ATTR_RE.findall(child.content):
                    links.append(attr_value[1])
            elif ct.endswith("_open") and ct != "link_open":
                markup[ct[:-5]] += 1
            elif ct == "footnote_ref":
                markup["footnote_ref"] += 1
        return self._finish("".join(text_parts), "".join(prose_parts), code, links, markup)

    def _finish(self, text: str, prose: str, code: list[str], links: list[str],
                markup: dict[str, int]) -> tuple[str, Anchors, Markup, list[str]]:
        prose, constructs, macro_links = dialects.split(prose)
        code.extend(constructs)
        links.extend(macro_links)
        numbers, dates, urls, terms = prose_anchors(prose, self.locales)
        for url in urls:
            if url not in links:
                links.append(url)
        anchors = Anchors(tuple(numbers), tuple(dates), tuple(code), tuple(links), tuple(terms))
        return text, anchors, Markup(tuple(sorted(markup.items()))), code

    def _add(
        self,
        kind: BlockKind,
        map_: list[int] | None,
        inline: Token | None,
        *,
        level: int = 0,
        quote: int = 0,
        info: str = "",
    ) -> None:
        start, end = self._span(map_)
        text, anchors, markup, _ = self._inline(inline)
        if kind == BlockKind.HEADING:
            m = HEADING_ID_RE.search(text)
            if m:
                text = text[: m.start()]
                anchors = Anchors(
                    anchors.numbers,
                    anchors.dates,
                    anchors.code,
                    anchors.links,
                    anchors.terms + ("#" + m.group(1),),
                )
        self.raw.append(
            dict(
                kind=kind,
                start=start,
                end=end,
                text=text.strip(),
                anchors=anchors,
                markup=markup,
                level=level,
                quote=quote,
                info=info,
                source=inline.content if inline is not None else "",
            )
        )

    def _front_matter(self, tok: Token) -> None:
        start, end = self._span(tok.map)
        form = front_matter.FORMS.get(tok.markup, front_matter.YAML)
        first = start if form == front_matter.JSON else start + 1  # the line of the content's start
        data, problem = front_matter.load(tok.content, form)
        if problem is not None:
            self.problems.append((first + problem[0] - 1, problem[1]))
        self.front_matter = data
        self.raw.append(
            dict(kind=BlockKind.FRONT_MATTER, start=start, end=end, text=tok.content, anchors=Anchors(),
                 markup=Markup(), level=0, quote=0, info=form, source=tok.content)
        )
        title = data.get("title")
        if isinstance(title, str) and title.strip():
            lines = tok.content.split("\n")
            found = front_matter.key_line(lines, 0, len(lines), form, "title")
            line = first + found - 1 if found is not None else start
            self.raw.append(
                dict(kind=BlockKind.TITLE, start=line, end=line, text=title.strip(), anchors=self._prose(title),
                     markup=Markup(), level=1, quote=0, info="", source=title)
            )

    def _table(self, tokens: list[Token], i: int) -> int:
        table_id = (tokens[i].map or [0])[0] + 1
        header = False
        row_map = None
        cells: list[Cell] = []
        n = len(tokens)
        while i < n:
            tok = tokens[i]
            t = tok.type
            if t == "thead_open":
                header = True
            elif t == "thead_close":
                header = False
            elif t == "tr_open":
                row_map = tok.map
                cells = []
            elif t == "inline":
                text, anchors, _, _ = self._inline(tok)
                cells.append(Cell(text.strip(), anchors, header))
            elif t == "tr_close":
                self._row(table_id, row_map, cells, header)
            elif t == "table_close":
                return i
            i += 1
        return i

    def _row(self, table_id: int, row_map, cells: list[Cell], header: bool, info: str = "") -> None:
        start, end = self._span(row_map)
        anchors = _merge_anchors(c.anchors for c in cells)
        self.raw.append(
            dict(kind=BlockKind.TABLE_ROW, start=start, end=end,
                 text=" | ".join(c.text for c in cells), anchors=anchors, markup=Markup(),
                 level=0, quote=0, info=info, source="", cells=tuple(cells), table=table_id,
                 header=header)
        )

    def _code(self, tok: Token, quote: int) -> None:
        start, end = self._span(tok.map)
        self.raw.append(
            dict(kind=BlockKind.CODE, start=start, end=end, text=tok.content,
                 anchors=Anchors(code=(tok.content.strip(),) if tok.content.strip() else ()),
                 markup=Markup(), level=0, quote=quote, info=tok.info.strip(), source=tok.content)
        )

    def _html(self, tok: Token, quote: int) -> None:
        start, end = self._span(tok.map)
        content = tok.content
        if tok.meta.get("mdx"):  # MDX's import/export and JSX: structure, and its props
            text, anchors = self._jsx(content)
            self.raw.append(dict(kind=BlockKind.HTML, start=start, end=end, text=text, anchors=anchors,
                                 markup=_NO_MARKUP, level=0, quote=quote, info="mdx", source=content))
            return
        stripped = content.strip()
        if stripped.startswith("<!--") and stripped.endswith("-->") and stripped.count("<!--") == 1:
            m = SUPPRESS_RE.search(stripped)
            if m:
                rules = frozenset(r for r in re.split(r"[\s,]+", m.group(2).strip()) if r)
                self.comments.append((end, m.group(1).lower(), rules))
            elif stripped[4:-3].strip():
                self.notes.append((start, end, stripped[4:-3]))
            return
        if "<table" in content.lower():
            parser = HtmlTable()
            try:
                parser.feed(content)
                parser.close()
            except Exception:  # html.parser is lenient; anything odd keeps it an html block
                parser.rows = []
            if parser.rows:
                for offset, row_cells, header in parser.rows:
                    cells = []
                    for text, is_header in row_cells:
                        cells.append(Cell(text, self._prose(text), is_header))
                    line = start + offset - 1
                    self._row(start, [line - 1, line], cells, header, "html")
                return
        visible = _HTML_TAG_RE.sub(" ", _HTML_CODE_RE.sub(" ", content))
        links = tuple(v for _, v in _HTML_URL_ATTR_RE.findall(content))
        self.raw.append(
            dict(kind=BlockKind.HTML, start=start, end=end, text=" ".join(visible.split()),
                 anchors=self._prose(visible, links),
                 markup=Markup(), level=0, quote=quote, info="", source=content)
        )

    def _jsx(self, content: str) -> tuple[str, Anchors]:
        if self.outline or _ESM_LINE_RE.match(content):
            return "", _NO_ANCHORS
        return _jsx.text_and_anchors(content, self.locales, self._prose)

    def _admonition(self, tokens: list[Token], i: int) -> int:
        """``!!! note "Title"``: a container whose title is the quoted text (its body, the
        indented lines, is ordinary Markdown)."""
        tok = tokens[i]
        title = tokens[i + 2] if i + 2 < len(tokens) and tokens[i + 1].type == "admonition_title_open" else None
        start, _ = self._span(tok.map)
        self.boxes.append(self._span(tok.map))
        text = title.content.strip() if title is not None and '"' in tok.info else ""
        self.raw.append(dict(kind=BlockKind.CONTAINER, start=start, end=start, text=text,
                             anchors=self._prose(text), markup=Markup(), level=0, quote=0,
                             info=str(tok.meta.get("tag") or ""), source=text))
        return i + 3 if title is not None else i

    def _container(self, tok: Token) -> None:
        start, _ = self._span(tok.map)
        self.boxes.append(self._span(tok.map))
        info = tok.info.strip()
        m = _BRACKET_TITLE_RE.fullmatch(info)  # Docusaurus 3: :::note[Title]
        name, title = (m.group(1), m.group(2)) if m else (info.partition(" ")[0], info.partition(" ")[2])
        self.raw.append(
            dict(kind=BlockKind.CONTAINER, start=start, end=start, text=title.strip(), anchors=self._prose(title),
                 markup=Markup(), level=0, quote=0, info=name, source=title)
        )

    # -- assembly ---------------------------------------------------------------------
    def document(self) -> Document:
        raw = sorted(enumerate(self.raw), key=lambda item: (item[1]["start"], item[0]))
        blocks: list[Block] = []
        sections = [Section(index=0, heading=None, level=0, parent=None)]
        stack = [0]
        boxes, inside = sorted(self.boxes, reverse=True), []  # (containers nest: a stack of those open)
        for index, (_, r) in enumerate(raw):
            while boxes and boxes[-1][0] < r["start"]:
                inside.append(boxes.pop())
            while inside and inside[-1][1] < r["start"]:
                inside.pop()
            if r["kind"] == BlockKind.HEADING and r["quote"] == 0:
                level = r["level"]
                while sections[stack[-1]].level >= level:
                    stack.pop()
                parent = stack[-1]
                sec = Section(index=len(sections), heading=index, level=level, parent=parent)
                sections[parent].children.append(sec.index)
                sections.append(sec)
                stack.append(sec.index)
            current = stack[-1]
            sections[current].blocks.append(index)
            for open_section in stack:
                sections[open_section].end = index
            blocks.append(Block(index=index, section=current, box=inside[-1][0] if inside else 0, **r))
        suppressions: dict[int, set[str]] = {}
        file_rules: set[str] = set()
        starts = [b.start for b in blocks]
        for line, form, rules in self.comments:
            if form in ("disable-file", "disable"):
                file_rules |= rules or {"*"}
                continue
            pos = bisect.bisect_right(starts, line)
            if pos < len(blocks):
                suppressions.setdefault(blocks[pos].start, set()).update(rules or {"*"})
        return Document(
            path=self.path,
            text=self.text,
            blocks=blocks,
            sections=sections,
            front_matter=self.front_matter,
            line_count=self.line_count,
            suppressions={k: frozenset(v) for k, v in suppressions.items()},
            file_suppressions=frozenset(file_rules),
            problems=self.problems,
            comments=self.notes,
        )


def _merge_anchors(items) -> Anchors:
    numbers: list[str] = []
    dates: list[str] = []
    code: list[str] = []
    links: list[str] = []
    terms: list[str] = []
    for a in items:
        numbers += a.numbers
        dates += a.dates
        code += a.code
        links += a.links
        terms += a.terms
    return Anchors(tuple(numbers), tuple(dates), tuple(code), tuple(links), tuple(terms))


merge_anchors = _merge_anchors

#: A container's kind and, in brackets, its title (Docusaurus 3's ``:::note[Title]``).
_BRACKET_TITLE_RE = re.compile(r"([\w-]+)\[(.*)\]")
_HTML_TAG_RE = re.compile(r"<[^<>]*>")
#: The content of ``<script>`` and ``<style>`` elements: code, never shown as text.
_HTML_CODE_RE = re.compile(r"<(script|style)\b[^>]*>.*?(?:</\1\s*>|$)", re.IGNORECASE | re.DOTALL)
_HTML_TAG_NAME_RE = re.compile(r"<\s*/?\s*([A-Za-z][A-Za-z0-9-]*)")
#: MDX's ``import``/``export`` lines (:mod:`relsync.mdx`): no props.
_ESM_LINE_RE = re.compile(r"(?:import|export)(?=[\s{*])")
_HTML_URL_ATTR_RE = re.compile(r"""\b(href|src)\s*=\s*["']([^"']*)["']""", re.IGNORECASE)


def _html_tag_name(html: str) -> str | None:
    m = _HTML_TAG_NAME_RE.match(html)
    return m.group(1).lower() if m else None
