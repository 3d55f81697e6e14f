"""Releases: the top-level sections of a changelog (``## 2.44.0``), within which entries that
moved pair first (:mod:`relsync.align_moved`), each side's movable blocks by release with
their strong anchors (:class:`ReleaseSide`), and the releases one language has alone."""

from __future__ import annotations

import re
from collections import Counter, defaultdict

from .keys import anchor_keys
from .model import Alignment, Block, BlockKind, Document

#: Kinds of blocks that may pair out of order (headings pair by their sections' blocks; a
#: code block by its code, the same on both sides).
MOVABLE = frozenset({BlockKind.PARAGRAPH, BlockKind.LIST_ITEM, BlockKind.TABLE_ROW, BlockKind.CODE})
#: Anchor kinds that identify what a block is about: numbers, code, links, dates.
_STRONG = frozenset("ncld")
#: A block's strong anchors (:func:`~relsync.keys.anchor_keys`).
Keys = frozenset[str]


def _strong(keys) -> Keys:
    return frozenset(k for k in keys if k[0] in _STRONG and k != "d:*")


#: A link's page name that names code: letters first, then letters, digits, ``_.-``.
_NAME_RE = re.compile(r"[a-z][\w.-]{3,}")


def _names(keys: Keys) -> Keys:
    """The page names of a block's links as code names (``c:``): a translation writes the
    interface `nsIParentalControlsService` as the text of a link to its page."""
    return frozenset("c:" + k[2:] for k in keys if k[0] == "l" and _NAME_RE.fullmatch(k, 2))


def linked_only(keys: Keys) -> bool:
    """Whether a block's strong anchors are its links alone (and their page names, :func:`_names`):
    an entry a translation links under its own page name (`/de/Drag_und_Drop_Ereignisse` for
    `/en-US/docs/Drag_and_drop_events`) shares none of them, and tells itself by its words."""
    return bool(keys) and all(k[0] == "l" or (k[0] == "c" and "l:" + k[2:] in keys) for k in keys)


_VERSION_RE = re.compile(r"^\d+(?:\.\d+)+$")
_NAMED_NUMBER_RE = re.compile(r"(?<=[A-Za-z] )\d+(?![\d.,]?\d)")


def block_versions(block: Block) -> list[str]:
    """Dotted versions; in a title, also a whole number after a name ("Firefox 57")."""
    found = [n for n in block.anchors.numbers if _VERSION_RE.match(n)]
    if block.kind == BlockKind.TITLE or (block.is_heading and block.level == 1):
        named = set(_NAMED_NUMBER_RE.findall(block.text))
        found += [n for n in block.anchors.numbers if n in named and n not in found]
    return found


def title_numbers(doc: Document) -> frozenset[str]:
    """The versions a page's title names (:func:`block_versions` of its front-matter
    ``title``, else of its one ``#`` heading; a changelog whose releases are ``#`` headings
    has none): the page's version ("Firefox 3 for developers"), which a block names as the
    page's, not as an entry's own reference."""
    title = next((b for b in doc.blocks if b.kind == BlockKind.TITLE), None)
    if title is None:
        tops = [b for b in doc.blocks if b.kind == BlockKind.HEADING and b.level == 1]
        title = tops[0] if len(tops) == 1 else None
    return frozenset(block_versions(title)) if title else frozenset()


class ReleaseSide:
    """One document's movable blocks: their strong anchors and their top-level section."""

    def __init__(self, doc: Document, units, unit_of: dict[int, int]) -> None:
        self.doc = doc
        self.level = scope_level(doc)
        self.keys: dict[int, Keys] = {}
        for b in doc.blocks:
            if b.kind not in MOVABLE:
                continue
            u = unit_of.get(b.index)
            if u is not None and len(units[u].blocks) == 1:
                keys = frozenset(units[u].strong[0])  # (computed once for the DP)
            else:
                keys = _strong(anchor_keys(b.anchors))
            self.keys[b.index] = keys | _names(keys)
        #: the page's version (:func:`title_numbers`): a block naming it names the page
        self.page_numbers: Keys = frozenset("n:" + n for n in title_numbers(doc))
        self._scope: dict[int, int] = {}
        self._df: dict[int, Counter[str]] | None = None
        self._sets: dict[int, Counter[Keys]] = defaultdict(Counter)

    def scope(self, i: int) -> int:
        s = self._scope.get(i)
        if s is None:
            s = self._scope[i] = self.scope_of(self.doc.blocks[i])
        return s

    def by_scope(self, blocks: list[int]) -> dict[int, list[int]]:
        """``blocks`` by their top-level section (:meth:`scope`), in their order."""
        out: dict[int, list[int]] = defaultdict(list)
        for i in blocks:
            out[self.scope(i)].append(i)
        return out

    def df(self, scope: int) -> Counter[str]:
        """How many blocks of a scope (-1: the document) hold each strong anchor."""
        if self._df is None:
            self._df = defaultdict(Counter)
            for i, keys in self.keys.items():
                for scope_i in {self.scope(i), -1}:
                    self._df[scope_i].update(keys)
                    self._sets[scope_i][keys] += 1
        return self._df[scope]

    def sets(self, scope: int) -> Counter[Keys]:
        """How many blocks of a scope hold each set of strong anchors."""
        self.df(scope)
        return self._sets[scope]

    def scope_of(self, block: Block) -> int:
        """The section at the top level (a release) holding ``block``, -1 for none."""
        return release_of(self.doc, self.level, block)


def release_of(doc: Document, level: int | None, block: Block) -> int:
    """The section at ``level`` (:func:`scope_level`: a release) holding ``block``, -1 for
    none."""
    if level is None:
        return -1
    sections = doc.sections
    s = sections[block.section]
    while s.parent is not None and s.level > level:
        s = sections[s.parent]
    return s.index if s.level == level else -1


#: The top-level sections of each side (upstream's, the translation's) that a release one
#: side has alone fills.
Lone = tuple[set[int], set[int]]


def scope_level(doc: Document) -> int | None:
    """The shallowest heading level with more than one heading: the level of releases in a
    changelog (``## 2.43.0``), of chapters in a page."""
    levels = Counter(b.level for b in doc.blocks if b.kind == BlockKind.HEADING)
    return min((lv for lv, n in levels.items() if n > 1), default=None)


def scope_pairs(al: Alignment, up: ReleaseSide, tr: ReleaseSide) -> dict[int, int]:
    """Upstream top-level section -> the translation's, by their paired headings."""
    out: dict[int, int] = {-1: -1}
    for p in al.pairs:
        if not p.is_match or len(p.upstream) != 1 or len(p.translation) != 1:
            continue
        a, b = al.upstream.blocks[p.upstream[0]], al.translation.blocks[p.translation[0]]
        if a.kind == BlockKind.HEADING and a.level == up.level and b.is_heading:
            sa, sb = up.scope_of(a), tr.scope_of(b)
            if sa >= 0 and sb >= 0:
                out[sa] = sb
    return out


def lone_releases(al: Alignment, up: ReleaseSide, tr: ReleaseSide) -> Lone:
    """The top-level sections of each side whose heading names a version (``## 2.44.0``) that
    no heading of the other side names, the heading itself unpaired: a release one language
    has and the other has not (upstream's newest, not yet translated)."""
    out: tuple[set[int], set[int]] = set(), set()
    paired = ({i for p in al.pairs if p.is_match for i in p.upstream},
              {j for p in al.pairs if p.is_match for j in p.translation})
    docs = (al.upstream, al.translation)
    named = [{n for b in doc.blocks if b.is_heading for n in b.anchors.numbers} for doc in docs]
    for k, side in enumerate((up, tr)):
        for b in docs[k].blocks:
            if (b.is_heading and b.level == side.level and b.anchors.numbers and b.index not in paired[k]
                    and not set(b.anchors.numbers) & named[1 - k]):
                out[k].add(side.scope_of(b))
    return out


def leave_lone_releases(lone: Lone, up: ReleaseSide, tr: ReleaseSide, partner_a: dict[int, int | None],
                        partner_b: dict[int, int | None]) -> None:
    """Take the unpaired blocks of a release one side has alone (``lone``:
    :func:`lone_releases`) out of play (``partner_a``, ``partner_b``: the blocks of each side
    in play, and their partners): its entries are not the other side's, moved (a missing
    release is one finding, not a pool of entries taking the blocks other releases paired by
    position)."""
    lone_a, lone_b = lone
    for lone_scopes, partners, side in ((lone_a, partner_a, up), (lone_b, partner_b, tr)):
        if lone_scopes:
            for i in [i for i, x in partners.items() if x is None and side.scope(i) in lone_scopes]:
                del partners[i]


def lone_crossings(al: Alignment, lone: Lone, up: ReleaseSide, tr: ReleaseSide) -> list[tuple[int, int]]:
    """The pairs the ordered alignment made from a block of a release one side has alone
    (``lone``: :func:`lone_releases`) to a block of a release paired with another: made by
    position alone, across releases (2.11.2's ``### Feats``, a release not translated, paired
    with the ``### Fixes`` the translation gives 2.11.3)."""
    lone_a, lone_b = lone
    if not lone_a and not lone_b:
        return []
    scopes = scope_pairs(al, up, tr)
    back = {sb: sa for sa, sb in scopes.items()}
    out = []
    for p in al.pairs:
        if not p.is_match or len(p.upstream) != 1 or len(p.translation) != 1:
            continue
        a, b = p.upstream[0], p.translation[0]
        sa, sb = up.scope(a), tr.scope(b)
        if (sa in lone_a and back.get(sb, sa) != sa) or (sb in lone_b and scopes.get(sa, sb) != sb):
            out.append((a, b))
    return out
