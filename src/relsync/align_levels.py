"""Headings across two documents: a translation that writes every heading a level deeper
than upstream (MDN's older translations start their sections at ``###``) is compared with
upstream as the levels it stands for; what stands under a heading (:func:`heading_body`);
heading pairs given up for a heading that stands in another place (:func:`displaced`) or in
another parent section, by its place alone (:func:`in_the_tree`); and a
block paired into a section the translation has not, where its own section has a partner for
it (:func:`strays`); a heading paired with its neighbour's translation (:func:`shifted_headings`)."""

from __future__ import annotations

from collections import Counter

from .align_nested import GAP_MIN_SCORE
from .lexicon import HOLDS_MARGIN, HOLDS_MIN, Lexicon, taught
from .model import Alignment, Block, BlockKind, Document
from .similarity import Scorer, Unit, increasing_chain

#: A translation's headings are taken as one level deeper (or shallower) than upstream's when
#: at least this many heading pairs that identify each other say so...
LEVEL_SHIFT_MIN = 2
#: ... and they outnumber those at the same level by this factor.
LEVEL_SHIFT_MAJORITY = 2


def level_shift(up: list[Unit], tr: list[Unit]) -> int:
    """How many levels deeper the translation writes its headings than upstream, when it
    does so throughout: MDN's older translations start their sections at ``###`` where
    upstream has ``##``. Told by the heading pairs that identify each other before any
    alignment: the same text (a heading left in English), the same heading id or the same
    anchor, each found once on each side. 0 when they do not agree."""
    hu = [u for u in up if u.kind == BlockKind.HEADING]
    ht = [u for u in tr if u.kind == BlockKind.HEADING]
    if len(hu) < LEVEL_SHIFT_MIN or len(ht) < LEVEL_SHIFT_MIN:
        return 0
    first_a = unique_keys([u.keys for u in hu])
    first_b = unique_keys([u.keys for u in ht])
    first_a.update({"=" + k: x for k, x in unique_keys(
        [(" ".join(u.text.split()).casefold(),) for u in hu]).items()})
    first_b.update({"=" + k: y for k, y in unique_keys(
        [(" ".join(u.text.split()).casefold(),) for u in ht]).items()})
    points = sorted({(x, first_b[key]) for key, x in first_a.items() if key in first_b})
    shifts = Counter(ht[y].level - hu[x].level for x, y in increasing_chain(points))
    if not shifts:
        return 0
    shift, n = shifts.most_common(1)[0]
    if shift and n >= LEVEL_SHIFT_MIN and n >= LEVEL_SHIFT_MAJORITY * shifts[0]:
        return shift
    return 0


def unique_keys(key_sets) -> dict[str, int]:
    """Keys that occur in exactly one of the given key sets -> the index of that set."""
    first: dict[str, int] = {}
    seen_twice: set[str] = set()
    for x, keys in enumerate(key_sets):
        for key in keys:
            if key in first:
                seen_twice.add(key)
            else:
                first[key] = x
    for key in seen_twice:
        del first[key]
    return first


#: A heading pair is given up for a heading left out that scores this much more with one of
#: its headings, positions aside (:func:`displaced`).
DISPLACED_MARGIN = 0.15
#: Two headings left out on both sides pair when each is the other's best by this much at
#: least, positions aside (:func:`_free_pairs`) ...
FREE_PAIR_MIN = 0.5
#: ... among at most this many pairs of them.
MAX_FREE_PAIRS = 10_000


def displaced(sync: list[tuple[int, int]], n: int, m: int, score, body,
              floor: float) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """The heading pairs of ``sync`` (indices of headings, in order), with a pair given up
    where a heading the pairs leave out scores with one of its headings by
    :data:`DISPLACED_MARGIN` more, positions aside, than its partner does, and shares at
    least as much of the anchors under them (``body``; none shared is no evidence, whatever
    the score): a section the other language has in another place, whose partner the
    ordered pairing took for the section that stands there. That heading's pair is returned
    apart (out of order, as crossed); a pair scoring under ``floor`` is none."""
    free_a = set(range(n)) - {x for x, _ in sync}
    free_b = set(range(m)) - {y for _, y in sync}
    kept: list[tuple[int, int]] = []
    crossed: list[tuple[int, int]] = []
    for x, y in sync:
        now = score(x, y)
        best = max(((score(x2, y), x2, y) for x2 in free_a), default=None)
        other = max(((score(x, y2), x, y2) for y2 in free_b), default=None)
        found = max((c for c in (best, other) if c is not None and c[0] >= now + DISPLACED_MARGIN), default=None)
        shared = body(found[1], found[2]) if found is not None and found[0] >= floor else 0.0
        if shared <= 0 or shared < body(x, y):
            kept.append((x, y))
            continue
        _, x2, y2 = found
        if x2 == x:
            free_b.discard(y2)
            free_b.add(y)
        else:
            free_a.discard(x2)
            free_a.add(x)
        crossed.append((x2, y2))
    if len(free_a) * len(free_b) <= MAX_FREE_PAIRS:
        crossed += _free_pairs(free_a, free_b, score, body)
    return kept, crossed


def _parents(heads: list[Unit]) -> list[int]:
    """The heading each heading's section is in (its index in ``heads``), -1 for none."""
    out, stack = [], []
    for k, u in enumerate(heads):
        level = u.level if u.kind == BlockKind.HEADING else 0
        while stack and heads[stack[-1]].level >= level:
            stack.pop()
        out.append(stack[-1] if stack and u.kind == BlockKind.HEADING else -1)
        if u.kind == BlockKind.HEADING:
            stack.append(k)
    return out


def in_the_tree(sync: list[tuple[int, int]], heads_a: list[Unit], heads_b: list[Unit], score,
                floor: float) -> list[tuple[int, int]]:
    """The heading pairs of ``sync`` without those that only their place made: a heading
    whose parent section pairs with a section the other heading is not in (either way),
    scoring under ``floor`` positions aside (a subsection of "For XUL and extension
    developers" paired with "New features for end users" after a section moved under it)."""
    parent_a, parent_b = _parents(heads_a), _parents(heads_b)
    partner_a = dict(sync)
    partner_b = {y: x for x, y in sync}

    def ancestors(parent: list[int], k: int) -> set[int]:
        found = set()
        while parent[k] >= 0:
            k = parent[k]
            found.add(k)
        return found

    out = []
    for x, y in sync:
        px, py = parent_a[x], parent_b[y]
        apart = (px >= 0 and px in partner_a and partner_a[px] not in ancestors(parent_b, y)) or (
            py >= 0 and py in partner_b and partner_b[py] not in ancestors(parent_a, x))
        if apart and score(x, y) < floor:
            continue
        out.append((x, y))
    return out


def _free_pairs(free_a: set[int], free_b: set[int], score, body) -> list[tuple[int, int]]:
    """Headings the pairs leave out on both sides that are each other's best, positions
    aside, by at least :data:`FREE_PAIR_MIN` and sharing anchors under them: a section the
    other language has in another place, where no heading stood in its way."""
    scores = {(x, y): score(x, y) for x in free_a for y in free_b}
    out: list[tuple[int, int]] = []
    for (x, y), s in sorted(scores.items(), key=lambda kv: (-kv[1], kv[0])):
        if s < FREE_PAIR_MIN:
            break
        if x not in free_a or y not in free_b or body(x, y) <= 0:
            continue
        if any(scores[x, y2] >= s for y2 in free_b if y2 != y) or any(scores[x2, y] >= s for x2 in free_a if x2 != x):
            continue  # (not the best of each: ties are left alone)
        free_a.discard(x)
        free_b.discard(y)
        out.append((x, y))
    return out


#: A heading's body: the anchors of at most this many units of its section.
BODY_UNITS = 15


#: The length :func:`heading_body` gives a body holding a template construct alone on its
#: line (MDN's ``{{Firefox_for_developers('2')}}`` under "See also"): what it renders is
#: not in the source, and its source's length says nothing of it.
UNKNOWN_LENGTH = -2


def heading_body(doc: Document, units: list[Unit], k: int) -> tuple[Counter[str], int]:
    """The anchors and length of the text under heading unit ``k``: the first units of the
    section the heading opens (computed once); :data:`UNKNOWN_LENGTH` for a body with a
    template construct standing alone."""
    u = units[k]
    if u.body is None:
        end = section_end(doc, doc.blocks[u.blocks[0]])
        body: Counter[str] = Counter()
        length = 0
        for v in units[k + 1 : k + 1 + BODY_UNITS]:
            if v.blocks[0] > end:
                break
            body.update(v.keys)
            if length != UNKNOWN_LENGTH:
                length = UNKNOWN_LENGTH if v.kind == BlockKind.SHORTCODE else length + v.length
        u.body, u.body_length = body, length
    return u.body, u.body_length


def section_end(doc: Document, block: Block) -> int:
    """The last block of the text under a heading: the end of the section it opens. A
    front-matter title (or a heading in a block quote) opens no section: its text ends
    before the next section of the same or a higher level."""
    section = doc.section_of(block)
    if section.heading == block.index:
        return section.end
    for other in doc.sections[1:]:
        if other.heading > block.index and other.level <= block.level:
            return other.heading - 1
    return len(doc.blocks) - 1


#: A block paired into a section the translation has not pairs in its own section with a
#: block scoring at least this with it, positions aside (:func:`strays`).
STRAY_MIN = 0.5


def strays(al: Alignment, scorer: Scorer) -> dict[int, int]:
    """Translation blocks paired with upstream blocks of a section whose heading has no
    partner (a section the translation has not: vue-docs' glossary without "cache static"),
    while the section they stand in pairs with an upstream section, before it, holding a
    block of their kind without a partner that scores :data:`STRAY_MIN` with them at least,
    positions aside, and that the page's words say is theirs more than any block they pair
    with (:class:`~relsync.lexicon.Lexicon`; of a page too short to teach them, none): that
    block is their partner (the old text of "hoisting"'s last paragraph, which the ordered
    alignment paired with the next section's two). Upstream block -> translation block."""
    up, tr, score = al.upstream, al.translation, scorer.block_score
    words = None
    heads: dict[int, int] = {}
    free: dict[int, list[int]] = {}
    for p in al.pairs:
        if p.is_match and len(p.upstream) == 1 and len(p.translation) == 1 and up.blocks[p.upstream[0]].is_heading:
            heads[p.translation[0]] = p.upstream[0]
        elif not p.translation and len(p.upstream) == 1:
            free.setdefault(up.section_of(up.blocks[p.upstream[0]]).heading, []).append(p.upstream[0])
    paired_heads = set(heads.values())
    out: dict[int, int] = {}
    for p in al.pairs:
        if not p.is_match or len(p.translation) != 1 or tr.blocks[p.translation[0]].is_heading:
            continue
        b = p.translation[0]
        theirs = {up.section_of(up.blocks[a]).heading for a in p.upstream}
        own = heads.get(tr.section_of(tr.blocks[b]).heading)
        if own is None or any(h is None or h in paired_heads for h in theirs):
            continue
        found = [a for a in free.get(own, ()) if a < p.upstream[0] and a not in out
                 and up.blocks[a].kind == tr.blocks[b].kind and score(a, b) >= STRAY_MIN]
        if not found:
            continue
        words = words or Lexicon(al)
        best = max(found, key=lambda a: score(a, b))
        if words.judges(best, b) and words.similarity(best, b) > max(words.similarity(a, b) for a in p.upstream):
            out[best] = b
    return out


def shifted_headings(al: Alignment, scorer: Scorer) -> dict[int, int]:
    """Headings paired in order with their neighbour's translation, next to a heading without
    a partner: a section the translation put elsewhere leaves the heading over it, its parent,
    with other text under it, and the ordered alignment pairs the heading before it in its
    place ("New features for end users" with "Bugs ya solucionados", MDN es/3 with its web
    developers' section put under "Nuevas características para el usuario final"). A heading
    pairs with the heading next to its partner that has none, when the page's words
    (:class:`~relsync.lexicon.Lexicon`) say so: :data:`~relsync.lexicon.HOLDS_MIN` similar at
    least and :data:`~relsync.lexicon.HOLDS_MARGIN` more than with its partner; the partner
    it leaves then pairs with the heading on its side of it that has none, when they score
    :data:`~relsync.align_nested.GAP_MIN_SCORE` (what a pair out of order needs). Upstream
    block -> translation block."""
    up, tr = al.upstream.blocks, al.translation.blocks
    order_a = [b.index for b in up if b.kind == BlockKind.HEADING]
    order_b = [b.index for b in tr if b.kind == BlockKind.HEADING]
    partner_a: dict[int, int | None] = {a: None for a in order_a}
    partner_b: dict[int, int | None] = {b: None for b in order_b}
    held: list[tuple[int, int]] = []
    for p in al.pairs:
        if p.is_match and len(p.upstream) == len(p.translation) == 1:
            a, b = p.upstream[0], p.translation[0]
            if a in partner_a and b in partner_b:
                partner_a[a], partner_b[b] = b, a
                if not p.moved:
                    held.append((a, b))
    at_a = {a: k for k, a in enumerate(order_a)}
    at_b = {b: k for k, b in enumerate(order_b)}
    candidates = [(a, b, order_b[at_b[b] + step], step) for a, b in held for step in (1, -1)
                  if 0 <= at_b[b] + step < len(order_b) and partner_b[order_b[at_b[b] + step]] is None]
    if not candidates:
        return {}
    words = taught(al)
    if words is None:
        return {}
    out: dict[int, int] = {}
    for a, b, other, step in candidates:
        if a in out or other in out.values():
            continue
        s = words.similarity(a, other)
        if s >= HOLDS_MIN and s >= words.similarity(a, b) + HOLDS_MARGIN and words.judges(a, other):
            out[a] = other
            # the heading left: with the upstream heading on its side, if that has none
            j = at_a[a] - step
            if 0 <= j < len(order_a) and partner_a[order_a[j]] is None and order_a[j] not in out \
                    and scorer.block_score(order_a[j], b) >= GAP_MIN_SCORE:
                out[order_a[j]] = b
    return out
