"""Blocks that may have moved: what :func:`~relsync.checks.coverage.missing` tells a reader
when nothing identifies a block that pairs with nothing on either side.

The aligner pairs a block that stands in another place by what names it (references, links,
code, numbers; :mod:`relsync.align_moved`). A paragraph or a list item that names nothing is
left unpaired twice: missing at its place upstream, extra where the translation has it.
Nothing tells it apart from a block upstream added and one the translation kept from an older
revision either, so the missing block is not certain: it is reported one level lower, naming
the translation's block that may be it.
"""

from __future__ import annotations

from collections import Counter, defaultdict

from ..assignment import best_pairing
from ..lexicon import HOLDS_MARGIN, Lexicon, runner_up
from ..model import Alignment, Block, BlockKind, Pair
from ..align_releases import title_numbers
from ..anchors import pictographs
from ..similarity import is_definition
from .masking import NUMBER_RE

#: A block of one side and a block of the other are as long when their length ratio is within
#: this factor of the document's own.
MOVED_LENGTH_FACTOR = 1.6
#: Blocks this short (non-space characters) on both sides are not told apart by length.
MOVED_MIN_LENGTH = 25
#: What two units add to their weight when their words clearly say they are one text: more
#: than any closeness in length.
WORDS_WEIGHT = 1.0
#: What each neighbour moved with it adds to a possible pair's worth (at most 1 for length).
RUN_WEIGHT = 1.0
#: What may stand in another place: prose, and what travels with it (a ``::: tip`` container's
#: title, a code block the same on both sides).
_MOVABLE = frozenset({BlockKind.PARAGRAPH, BlockKind.LIST_ITEM, BlockKind.HEADING, BlockKind.CONTAINER,
                      BlockKind.CODE})


def _length(block: Block) -> int:
    """The length of a block's prose: its non-space characters but those of its code (code
    names weigh the same in both languages, prose does not)."""
    text = block.text
    for code in block.anchors.code:
        text = text.replace(code, "")
    return len("".join(text.split()))


def _units(pairs: list[Pair], upstream: bool, al: Alignment) -> list[list[Block]]:
    """The blocks of one side that pair with nothing (moved pairs aside), in units: a block
    with the list items nested under it (MDN's term and its ``- : description``)."""
    doc = al.upstream if upstream else al.translation
    units: list[list[Block]] = []
    for p in pairs:
        mine, other = (p.upstream, p.translation) if upstream else (p.translation, p.upstream)
        if p.moved or not mine or other:
            continue
        for i in mine:
            b = doc.blocks[i]
            last = units[-1] if units else None
            if (last and b.kind == BlockKind.LIST_ITEM and last[0].kind == BlockKind.LIST_ITEM
                    and b.level > last[0].level and last[-1].index == i - 1):
                last.append(b)
            else:
                units.append([b])
    return [u for u in units if all(b.kind in _MOVABLE for b in u)]


def perhaps_moved(al: Alignment) -> dict[int, Block]:
    """Upstream blocks that pair with nothing and that a block of the translation pairing with
    nothing may be, moved: the same kinds and levels, a term with a term, the same numbers
    (the versions the pages' titles name once each) and code and as many links (none,
    mostly; of the blocks no such block may be, fewer of upstream's), each block as long as
    the other by the document's own length ratio. Every block of a unit (a block and the
    list items nested under it) -> the first block of the translation's unit; each unit of
    the translation explains one, as close in length as a maximum-weight matching of them
    all makes them, where words that clearly say which is which (:func:`_prefer_words`) and
    neighbours that moved together outweigh any closeness in length (:func:`_prefer_runs`)."""
    up_len = tr_len = 0
    for p in al.pairs:
        if p.is_match and not p.moved and p.kind in (BlockKind.PARAGRAPH, BlockKind.LIST_ITEM):
            up_len += sum(_length(b) for b in al.upstream_blocks(p))
            tr_len += sum(_length(b) for b in al.translation_blocks(p))
    if not up_len or not tr_len:
        return {}
    extra = _units(al.pairs, False, al)
    if not extra:
        return {}
    ratio = tr_len / up_len
    shifts = Counter(al.translation.blocks[p.translation[0]].level - al.upstream.blocks[p.upstream[0]].level
                     for p in al.pairs if p.is_match and p.kind == BlockKind.HEADING)
    shift = shifts.most_common(1)[0][0] if shifts else 0
    units = _units(al.pairs, True, al)
    pages = title_numbers(al.upstream), title_numbers(al.translation)
    words: Lexicon | None = None  # (taught when first asked)
    out: dict[int, Block] = {}
    # the same links first; then, of what is left on both sides, a translation with fewer of
    # upstream's links (a translator leaves out "Click here to see what it looks like.")
    for fewer_links in (False, True):
        taken = {b.index for b in out.values()}
        weights: dict[tuple[int, int], float] = {}
        for x, unit in enumerate(units):
            for y, other in enumerate(extra):
                if len(other) != len(unit) or unit[0].index in out or other[0].index in taken:
                    continue
                costs = [_cost(a, b, ratio, shift, pages, fewer_links) for a, b in zip(unit, other)]
                if all(c is not None for c in costs):
                    weights[(x, y)] = 2.0 - sum(costs) / len(costs)  # closer in length: worth more
        if len(weights) > 1:
            words = words or Lexicon(al)
            _prefer_words(weights, units, extra, words)
        _prefer_runs(weights, units, extra)
        for x, y in best_pairing(weights):
            out.update((b.index, extra[y][0]) for b in units[x])
    return out


def _prefer_words(weights: dict[tuple[int, int], float], units: list[list[Block]],
                  extra: list[list[Block]], words: Lexicon) -> None:
    """Add :data:`WORDS_WEIGHT` to the weight of two units whose first blocks' words say they
    are one text, clearly (by :data:`~relsync.lexicon.HOLDS_MARGIN` more than either is like
    another unit it may be): of two entries as long that moved, which is which."""
    similar = {(x, y): words.similarity(units[x][0].index, extra[y][0].index) for x, y in weights}
    rows: dict[int, list[float]] = defaultdict(list)
    columns: dict[int, list[float]] = defaultdict(list)
    for (x, y), s in similar.items():
        rows[x].append(s)
        columns[y].append(s)
    for (x, y), s in similar.items():
        if s >= runner_up(rows[x], s) + HOLDS_MARGIN and s >= runner_up(columns[y], s) + HOLDS_MARGIN:
            weights[x, y] += WORDS_WEIGHT


def _prefer_runs(weights: dict[tuple[int, int], float], units: list[list[Block]],
                 extra: list[list[Block]]) -> None:
    """Add to the weight of two units the run of neighbours that pair with each other
    through them (consecutive blocks on both sides, each pair possible): a list item moved
    with the paragraphs and the tip nested under it is that run, not one short ``**Details**``
    label among others like it."""
    def next_to(side: list[list[Block]], k: int) -> bool:
        return k + 1 < len(side) and side[k + 1][0].index == side[k][-1].index + 1

    ahead: dict[tuple[int, int], int] = {}
    for x, y in sorted(weights, reverse=True):
        ahead[x, y] = 1 + (ahead.get((x + 1, y + 1), 0) if next_to(units, x) and next_to(extra, y) else 0)
    behind: dict[tuple[int, int], int] = {}
    for x, y in sorted(weights):
        before = x > 0 and y > 0 and next_to(units, x - 1) and next_to(extra, y - 1)
        behind[x, y] = 1 + (behind.get((x - 1, y - 1), 0) if before else 0)
    for key in weights:
        weights[key] += RUN_WEIGHT * (ahead[key] + behind[key] - 2)


def _numbers(block: Block, page: frozenset[str]) -> list[str]:
    """A block's numbers, the versions its page's title names once each."""
    numbers = block.anchors.numbers
    return sorted([n for n in numbers if n not in page] + [n for n in page if n in numbers])


def _cost(a: Block, b: Block, ratio: float, shift: int,
          pages: tuple[frozenset[str], frozenset[str]], fewer_links: bool = False) -> float | None:
    """How far apart two blocks are in length, for the document's ratio; None when they
    cannot be one block. Headings are compared by level as the paired headings of the
    document are (``shift``: the translation's usual level minus upstream's). The version
    each page's title names (``pages``: :func:`~relsync.align_releases.title_numbers`)
    counts once however often a block names it: a translator names it once more ("当你退出
    Firefox 3 时，Firefox 3 会…" for "Firefox 3 prompts you … when you exit Firefox.")."""
    level_b = b.level - shift if b.is_heading else b.level
    if a.kind != b.kind or a.level != level_b or is_definition(a.text) != is_definition(b.text):
        return None
    if _numbers(a, pages[0]) != _numbers(b, pages[1]) or sorted(a.anchors.code) != sorted(b.anchors.code):
        return None
    links_a, links_b = len(a.anchors.links), len(b.anchors.links)
    if links_b > links_a or links_b < links_a and not fewer_links:
        return None
    if sorted(pictographs(a.text)) != sorted(pictographs(b.text)):
        return None  # a translation keeps a changelog's `🌟` as it keeps numbers
    la, lb = _length(a), _length(b)
    if la < MOVED_MIN_LENGTH and lb < MOVED_MIN_LENGTH:
        return 0.0
    if not la or not lb:
        return None
    r = (lb / la) / ratio
    if not 1 / MOVED_LENGTH_FACTOR <= r <= MOVED_LENGTH_FACTOR:
        return None
    return abs(r - 1)


def part_elsewhere(al: Alignment, tr: Block, parts: list[str], factor: float) -> Block | None:
    """A block of the translation that pairs with nothing, in ``tr``'s section, that may be
    ``parts`` (what a translated block leaves out of its upstream) standing in another place:
    a paragraph or list item as long as the parts by the document's length ratio
    (``factor``), with the same numbers; the nearest such block. A translator splits a
    paragraph and moves its second sentence below the code it speaks of."""
    text = " ".join(parts)
    length = len("".join(text.split()))
    if not length or factor <= 0:
        return None
    numbers = sorted(NUMBER_RE.findall(text))
    best = None
    for p in al.pairs:
        if p.upstream or len(p.translation) != 1:
            continue
        b = al.translation.blocks[p.translation[0]]
        if b.section != tr.section or b.kind not in (BlockKind.PARAGRAPH, BlockKind.LIST_ITEM) or b.quote != tr.quote:
            continue
        lb = len("".join(b.text.split()))
        if not lb or not 1 / MOVED_LENGTH_FACTOR <= lb / (factor * length) <= MOVED_LENGTH_FACTOR:
            continue
        if sorted(NUMBER_RE.findall(b.text)) != numbers:
            continue
        if best is None or abs(b.index - tr.index) < abs(best.index - tr.index):
            best = b
    return best
