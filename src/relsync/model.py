"""The data model shared by every stage: documents, blocks, alignments and findings.

Blocks, anchors, cells and pairs are built by the thousand, so they are plain slotted
dataclasses (a frozen one costs about three times as much to build); treat them as values:
nothing changes one after it is built. Findings and locations stay frozen.
"""

from __future__ import annotations

import enum
import hashlib
import re
from dataclasses import dataclass, field, fields
from typing import Callable, Iterator, TypeVar

T = TypeVar("T")


class StrEnum(str, enum.Enum):
    """A string enum whose members read as their values everywhere a string is used: in
    JSON, f-strings, comparisons with plain strings and as dictionary keys."""

    __str__ = str.__str__
    __format__ = str.__format__


class BlockKind(StrEnum):
    """What a :class:`Block` is."""

    TITLE = "title"
    """A front-matter ``title`` (a level-1 heading for alignment)."""
    FRONT_MATTER = "front_matter"
    HEADING = "heading"
    PARAGRAPH = "paragraph"
    LIST_ITEM = "list_item"
    """The first paragraph of a list item (later paragraphs of the item are paragraphs)."""
    TABLE_ROW = "table_row"
    CODE = "code"
    HTML = "html"
    CONTAINER = "container"
    """The opening line of a ``::: tip Title`` container."""
    SHORTCODE = "shortcode"
    """A paragraph that is only a Hugo or Liquid shortcode."""


#: The kinds that count as headings (a front-matter title is a level-1 heading).
HEADING_KINDS = frozenset({BlockKind.HEADING, BlockKind.TITLE})


class Side(StrEnum):
    """The two documents of an alignment."""

    UPSTREAM = "upstream"
    TRANSLATION = "translation"


@dataclass(slots=True)
class Anchors:
    """Language-independent facts found in a block's inline content.

    They survive translation unchanged, so they are what alignment matches on and what
    consistency checks compare.
    """

    numbers: tuple[str, ...] = ()
    """Numbers and versions, normalized (ASCII digits, no thousands separators)."""
    dates: tuple[str, ...] = ()
    """Dates as ISO strings (``2025-01-29``; ``2025-01`` when the day is absent)."""
    code: tuple[str, ...] = ()
    """Inline code spans, verbatim."""
    links: tuple[str, ...] = ()
    """Link and image targets, and bare URLs in the text."""
    terms: tuple[str, ...] = ()
    """Latin-script words and names (``torch.compile``, ``FlexAttention``, ``AOTInductor``)."""

    def is_empty(self) -> bool:
        return not (self.numbers or self.dates or self.code or self.links or self.terms)


@dataclass(slots=True)
class Markup:
    """Counts of inline markup kinds in a block (emphasis, strong, html, images, ...)."""

    counts: tuple[tuple[str, int], ...] = ()

    def as_dict(self) -> dict[str, int]:
        return dict(self.counts)


@dataclass(slots=True)
class Cell:
    """One table cell."""

    text: str
    anchors: Anchors
    header: bool = False


@dataclass(slots=True)
class Block:
    """A leaf unit of a document that is translated as a whole; its kind is a
    :class:`BlockKind`."""

    index: int
    """Position in :attr:`Document.blocks`."""
    kind: BlockKind
    start: int
    """First source line, 1-based."""
    end: int
    """Last source line, 1-based, inclusive."""
    text: str
    """Plain text: markup removed, code spans kept as their content."""
    anchors: Anchors = field(default_factory=Anchors)
    markup: Markup = field(default_factory=Markup)
    level: int = 0
    """Heading level (1-6; 1 for a title); list nesting depth for list items."""
    section: int = 0
    """Index of the enclosing :class:`Section` in :attr:`Document.sections`."""
    source: str = ""
    """The inline Markdown source of the block (or the raw text for code and html)."""
    cells: tuple[Cell, ...] = ()
    """Cells of a ``table_row``."""
    table: int = -1
    """For a ``table_row``: an id shared by the rows of one table (its first line)."""
    header: bool = False
    """For a ``table_row``: the header row."""
    info: str = ""
    """Fence info string for code, container name for containers, ``yaml``, ``toml`` or ``json``
    for front matter, ``html`` for a row of an HTML table."""
    quote: int = 0
    """Block-quote nesting depth."""
    box: int = 0
    """The first line of the innermost container (an aside: ``::: tip``, ``!!! note``, ``///
    note``) the block stands in, 0 for none; a container's own is the one around it."""

    @property
    def lines(self) -> tuple[int, int]:
        return (self.start, self.end)

    @property
    def is_heading(self) -> bool:
        return self.kind in HEADING_KINDS


@dataclass(slots=True)
class Section:
    """A heading and everything under it up to the next heading of the same or higher level."""

    index: int
    heading: int | None
    """Index of the heading block; ``None`` for the document root."""
    level: int
    parent: int | None
    children: list[int] = field(default_factory=list)
    """Indexes of sub-sections."""
    blocks: list[int] = field(default_factory=list)
    """Indexes of the blocks directly in this section (not in sub-sections)."""
    end: int = -1
    """Index of the last block of the section, sub-sections included (-1: no block)."""


@dataclass(slots=True)
class Document:
    """A parsed Markdown document: a flat list of blocks and a tree of sections over them."""

    path: str
    text: str
    blocks: list[Block]
    sections: list[Section]
    front_matter: dict[str, object] = field(default_factory=dict)
    line_count: int = 0
    suppressions: dict[int, frozenset[str]] = field(default_factory=dict)
    """``relsync-disable-next-line`` comments: line of the next block -> rule names."""
    file_suppressions: frozenset[str] = frozenset()
    """``relsync-disable`` comments that apply to the whole file."""
    problems: list[tuple[int, str]] = field(default_factory=list)
    """``(line, message)`` of input the parser read around (broken front matter): parsing never
    raises; the rule ``unreadable`` reports these as findings, and
    :func:`relsync.pipeline.load_document` (``relsync parse``, ``align``) as input errors."""
    comments: list[tuple[int, int, str]] = field(default_factory=list)
    """HTML comments that stand as blocks (not suppressions): ``(first line, last line,
    content)``. A translation may keep the upstream text it was made from in them (see
    :mod:`relsync.comments`)."""
    _lines: list[str] | None = field(default=None, repr=False, compare=False)
    _source_comments: dict | None = field(default=None, repr=False, compare=False)
    _derived: dict = field(default_factory=dict, repr=False, compare=False)

    def __getstate__(self) -> list:
        """A copy for another process (``-j N``): every field but what was derived, which
        is computed again there when needed."""
        return [{} if f.name == "_derived" else getattr(self, f.name) for f in fields(self)]

    def __setstate__(self, state: list) -> None:
        for f, value in zip(fields(self), state):
            object.__setattr__(self, f.name, value)

    def derived(self, key: str, compute: Callable[[], T]) -> T:
        """``compute()``, once per document: what a later stage reads from the document alone
        (the aligner's units of an upstream page, a rule's view of its blocks), kept for
        every pair that shares the document (an upstream page every locale reads)."""
        try:
            return self._derived[key]
        except KeyError:
            value = self._derived[key] = compute()
            return value

    def source_lines(self, start: int, end: int) -> list[str]:
        """Source lines ``start`` to ``end`` (1-based, inclusive); the text is split once."""
        if self._lines is None:
            self._lines = self.text.split("\n")
        return self._lines[start - 1 : end]

    @property
    def root(self) -> Section:
        return self.sections[0]

    def section_of(self, block: Block) -> Section:
        """The innermost section holding ``block`` (for a heading: the section it opens)."""
        return self.sections[block.section]

    def walk(self) -> Iterator[Section]:
        """Sections in document order, depth first."""
        stack = [0]
        while stack:
            section = self.sections[stack.pop()]
            yield section
            stack.extend(reversed(section.children))

    def pretty(self) -> str:
        """A readable dump of the section tree, used in tests and ``relsync parse``."""
        out: list[str] = []

        def show(idx: int, depth: int) -> None:
            section = self.sections[idx]
            pad = "  " * depth
            if section.heading is not None:
                h = self.blocks[section.heading]
                out.append(f"{pad}# {h.text} [{h.start}-{h.end}]")
            for b in section.blocks:
                block = self.blocks[b]
                if block.index == section.heading:
                    continue
                text = block.text.replace("\n", " ")
                if len(text) > 50:
                    text = text[:47] + "..."
                out.append(f"{pad}  {block.kind} [{block.start}-{block.end}] {text}")
            for child in section.children:
                show(child, depth + 1)

        show(0, 0)
        return "\n".join(out)


@dataclass(slots=True)
class Pair:
    """Aligned blocks: one or two upstream blocks with zero, one or two translation blocks.

    Either side may be empty (a block missing from the translation, or extra in it).
    """

    upstream: tuple[int, ...]
    translation: tuple[int, ...]
    score: float
    kind: BlockKind
    """The kind of the pair's first block."""
    moved: bool = False
    """The translation's blocks stand in another place than upstream's order puts them (an
    entry in another group or section): the pair is out of the translation's order."""

    @property
    def is_match(self) -> bool:
        return bool(self.upstream) and bool(self.translation)


@dataclass(slots=True)
class Alignment:
    """The result of aligning an upstream document with its translation."""

    upstream: Document
    translation: Document
    pairs: list[Pair]

    def upstream_blocks(self, pair: Pair) -> list[Block]:
        return [self.upstream.blocks[i] for i in pair.upstream]

    def translation_blocks(self, pair: Pair) -> list[Block]:
        return [self.translation.blocks[i] for i in pair.translation]

    def span(self, pair: Pair, side: Side | str) -> tuple[int, int] | None:
        """The 1-based inclusive line range a pair covers on one side, or ``None``."""
        blocks = self.upstream_blocks(pair) if side == Side.UPSTREAM else self.translation_blocks(pair)
        if not blocks:
            return None
        return (min(b.start for b in blocks), max(b.end for b in blocks))


class Severity(enum.IntEnum):
    """How serious a finding is; ordered so that ``>=`` compares with a threshold."""

    INFO = 1
    WARNING = 2
    ERROR = 3

    def __str__(self) -> str:
        return self.name.lower()

    @classmethod
    def parse(cls, value: str) -> "Severity":
        try:
            return cls[value.strip().upper()]
        except KeyError:
            raise ValueError(
                f"unknown severity {value!r} (expected error, warning or info)"
            ) from None


@dataclass(frozen=True, slots=True)
class Location:
    path: str
    line: int
    column: int = 1

    def to_dict(self) -> dict[str, object]:
        return {"path": self.path, "line": self.line}


@dataclass(frozen=True, slots=True)
class Edit:
    """A safe repair of a translation: the text between two positions of its source is
    replaced.

    Positions are 1-based lines and 1-based columns in code points of the line (a byte-order
    mark is not counted); the end column is exclusive, as in SARIF, so an insertion has
    ``col == end_col``. ``before`` keeps the source lines ``line`` to ``end_line`` as they
    were, so that a report can show the whole lines after the repair (a pull-request
    suggestion replaces lines) without reading the file again.
    """

    path: str
    line: int
    col: int
    end_line: int
    end_col: int
    replacement: str
    before: tuple[str, ...] = ()

    @property
    def old(self) -> str:
        """The text the edit replaces (empty when ``before`` was not kept)."""
        if not self.before:
            return ""
        if self.line == self.end_line:
            return self.before[0][self.col - 1 : self.end_col - 1]
        inner = self.before[1:-1]
        return "\n".join([self.before[0][self.col - 1 :], *inner, self.before[-1][: self.end_col - 1]])

    def after(self) -> tuple[str, ...]:
        """The source lines ``line`` to ``end_line`` once the edit is made."""
        if not self.before:
            return ()
        head = self.before[0][: self.col - 1]
        tail = self.before[-1][self.end_col - 1 :]
        return tuple((head + self.replacement + tail).split("\n"))

    def to_dict(self) -> dict[str, object]:
        return {
            "translation": {"path": self.path, "line": self.line, "col": self.col,
                            "end_line": self.end_line, "end_col": self.end_col},
            "replacement": self.replacement,
        }


@dataclass(frozen=True, slots=True)
class Finding:
    """One problem found by a rule, located on one or both sides."""

    rule: str
    """Stable rule id, e.g. ``RS301``."""
    slug: str
    severity: Severity
    message: str
    upstream: Location | None = None
    translation: Location | None = None
    details: tuple[tuple[str, object], ...] = ()
    minor: bool = False
    """A less certain case of its rule, reported one severity level lower."""
    fix: Edit | None = None
    """A safe repair of the translation, when the rule knows one (see ``relsync fix``)."""

    @property
    def primary(self) -> Location | None:
        """Where a reviewer should look: the translation if it has a line, else upstream."""
        return self.translation or self.upstream

    def to_dict(self) -> dict[str, object]:
        """The one serialized form of a finding; every output format is built from it."""
        data: dict[str, object] = {
            "rule": self.rule,
            "slug": self.slug,
            "severity": str(self.severity),
            "message": self.message,
            "upstream": self.upstream.to_dict() if self.upstream else None,
            "translation": self.translation.to_dict() if self.translation else None,
        }
        if self.details:
            data["details"] = dict(self.details)
        if self.fix is not None:
            data["fix"] = self.fix.to_dict()
        return data

    def fingerprint(self) -> str:
        """The finding's identity as lines move (rule, files and message without line
        numbers): what baselines record and SARIF carries as a partial fingerprint."""
        key = "\x00".join([
            self.rule,
            self.upstream.path if self.upstream else "",
            self.translation.path if self.translation else "",
            _LINE_NUMBERS_RE.sub("line", self.message),
        ])
        return hashlib.sha256(key.encode("utf-8")).hexdigest()[:24]

    def sort_key(self) -> tuple:
        loc = self.primary
        return (
            loc.path if loc else "",
            loc.line if loc else 0,
            self.rule,
            self.message,
        )


_LINE_NUMBERS_RE = re.compile(r"\b(?:lines?|line) \d+(?:-\d+)?")
