"""Blocks that moved with nothing to name them, paired by their words or what they hold.

An entry with no issue reference, code or link (`Refactor experimental setting primary color
feature.`) that the translation keeps in another group of its release, or in another
section, leaves the ordered alignment with nothing but length and position: it stays without
a partner, or its neighbour's translation is taken in its place. The document's own confident
pairs say which words go with which (:mod:`relsync.lexicon`); that is the evidence here.

Among the blocks still without a partner after the passes by anchors of
:mod:`relsync.align_moved`, and the pairs of the ordered alignment that name nothing telling
in a release (a top-level section) holding such a block on either side, within each release
first, then across the document (a round of at most :data:`MAX_ROUND` comparisons): the
pairing worth the most by their words is made, each new pair scoring at least
:data:`WORD_MIN` and :data:`WORD_MARGIN` more than what either of its blocks scores with any
other block in play (the ordered alignment's pair counts :data:`HOLD` more), or half that
more than a block the ordered alignment pairs elsewhere worth more. Blocks citing other
references (issues, links) never pair, nor a block citing what an upstream block cites
with another, nor, in a translation not in Latin letters, a block keeping a lower-case Latin
word the upstream block does not write (:func:`_kept_apart`). A pair of the ordered alignment neither of whose blocks
found another is made again. A term (an item over its description, MDN's ``- :``) pairs
with a term and a description with a description; a block of a CJK translation without a
CJK letter, or a block in upstream's words in any script, is left to the passes for text
kept as it was. Of two pairs whose blocks
name the same anchors, one made out of order, the blocks trade partners when their words say
so (:func:`swap_by_words`); an upstream block the ordered alignment paired with an entry
moved beside its own translation takes that translation, and the entry its own upstream block,
when their words say so (:func:`exchange_by_words`). A list item naming nothing pairs by the blocks nested under it
(:func:`pair_parents`).
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any, Protocol

from .align_nested import described, parent_pairs, telling
from .align_releases import ReleaseSide, scope_pairs
from .assignment import best_pairing
from .dialects import is_definition
from .languages import cjk_letters
from .lexicon import HOLDS_MARGIN, HOLDS_MIN, Lexicon, runner_up, taught
from .model import Alignment, BlockKind, Pair
from .similarity import Scorer

#: A pair made by words alone is this similar at least
#: (:meth:`~relsync.lexicon.Lexicon.similarity`) and this much more than either of its blocks
#: with any other block in play: the bar of :meth:`~relsync.lexicon.Lexicon.holds`.
WORD_MIN, WORD_MARGIN = HOLDS_MIN, HOLDS_MARGIN
#: A round compares every block in play on one side with every one on the other; beyond
#: this many comparisons (a thousand entries on each side without a partner) the blocks
#: are not a few entries that moved, and the round is not made.
MAX_ROUND = 40_000
#: What the ordered alignment's pair is worth beyond its words.
HOLD = 0.1


class Matching(Protocol):
    """What these passes read and change of :mod:`relsync.align_moved`'s matching."""

    al: Alignment
    up: Any
    tr: Any
    scorer: Scorer
    partner_a: dict[int, int | None]
    partner_b: dict[int, int | None]
    original: dict[int, int]
    merged: list[tuple[tuple[int, ...], tuple[int, ...]]]

    @property
    def lexicon(self) -> Lexicon: ...

    def alike(self, a: int, b: int, scored: bool = True) -> bool: ...


def merged_items(m: Matching, p: Pair) -> bool:
    """Put in play, without a partner, the blocks of a pair of the ordered alignment that
    joins one list item with several, none naming anything telling (two entries a translator
    moved side by side, taken for one entry split): the passes by words may pair them apart;
    :func:`merge_again` joins them again when none of them found a partner."""
    if p.kind != BlockKind.LIST_ITEM or not p.upstream or not p.translation or len(p.upstream) + len(p.translation) < 3:
        return False
    ups, trs = m.up.doc.blocks, m.tr.doc.blocks
    if any(a not in m.up.keys or telling(m.up.keys[a]) or ups[a].kind != BlockKind.LIST_ITEM for a in p.upstream) \
            or any(b not in m.tr.keys or telling(m.tr.keys[b]) or trs[b].kind != BlockKind.LIST_ITEM
                   for b in p.translation):
        return False
    m.partner_a.update(dict.fromkeys(p.upstream))
    m.partner_b.update(dict.fromkeys(p.translation))
    m.merged.append((p.upstream, p.translation))
    return True


def merge_again(m: Matching) -> None:
    """Take out of play the blocks of :func:`merged_items` none of which found a partner:
    their pair stays as the ordered alignment made it."""
    for ups, trs in m.merged:
        if all(m.partner_a.get(a) is None for a in ups) and all(m.partner_b.get(b) is None for b in trs):
            for a in ups:
                m.partner_a.pop(a, None)
            for b in trs:
                m.partner_b.pop(b, None)


def rematch_words(m: Matching) -> None:
    """Pair the blocks in play by their words (see the module's docstring)."""
    free_a = [a for a, b in m.partner_a.items() if b is None]
    free_b = [b for b, a in m.partner_b.items() if a is None]
    if not free_a or not free_b:
        return
    held, brought = _held(m, free_a, free_b)
    for a, b in held.items():
        m.partner_a[a] = m.partner_b[b] = None
    scopes = scope_pairs(m.al, m.up, m.tr)
    for scoped in (True, False):
        groups_a: dict[int, list[int]] = defaultdict(list)
        groups_b: dict[int, list[int]] = defaultdict(list)
        for a, b in m.partner_a.items():
            if b is None:
                groups_a[m.up.scope(a) if scoped else -1].append(a)
        for b, a in m.partner_b.items():
            if a is None:
                groups_b[m.tr.scope(b) if scoped else -1].append(b)
        for sa, sb in (scopes.items() if scoped else [(-1, -1)]):
            if (sa >= 0 or not scoped) and sa in groups_a and sb in groups_b:
                _round(m, groups_a[sa], groups_b[sb], held)
    for a, b in held.items():
        if m.partner_a[a] is None and m.partner_b[b] is None:
            m.partner_a[a], m.partner_b[b] = b, a
        if a in brought and m.partner_a[a] == b:  # (untouched: out of play again)
            del m.partner_a[a], m.partner_b[b], m.original[a]


def _held(m: Matching, free_a: list[int], free_b: list[int]) -> tuple[dict[int, int], set[int]]:
    """The pairs in a release where a block is without a partner on either side, naming nothing
    telling or only what such a block names too (`n-input`, the component of two entries side
    by side), whose words the lexicon knows (of a pair it cannot judge, it says nothing): the
    ordered alignment's, and those the passes before made again; and of them those out of
    play until now (in ``m.original`` while :func:`rematch_words` runs)."""
    scopes_a = {m.up.scope(a) for a in free_a}
    scopes_b = {m.tr.scope(b) for b in free_b}
    alike_a = {(m.up.scope(a), m.up.keys[a]) for a in free_a}
    alike_b = {(m.tr.scope(b), m.tr.keys[b]) for b in free_b}
    held: dict[int, int] = {}
    brought: set[int] = set()
    for p in m.al.pairs:
        if not p.is_match or p.moved or len(p.upstream) != 1 or len(p.translation) != 1:
            continue
        a, b = p.upstream[0], p.translation[0]
        if a not in m.up.keys or b not in m.tr.keys:
            continue
        if (telling(m.up.keys[a]) or telling(m.tr.keys[b])) and (m.up.scope(a), m.up.keys[a]) not in alike_a \
                and (m.tr.scope(b), m.tr.keys[b]) not in alike_b:
            continue  # (named by anchors no block without a partner in its release has alike)
        in_play = a in m.partner_a or b in m.partner_b
        if in_play and (m.partner_a.get(a) != b or m.partner_b.get(b) != a):
            continue
        if (m.up.scope(a) in scopes_a or m.tr.scope(b) in scopes_b) and m.lexicon.judges(a, b):
            held[a] = b
            if not in_play:
                brought.add(a)
                m.original[a] = b
    return held, brought


def _round(m: Matching, blocks_a: list[int], blocks_b: list[int], held: dict[int, int]) -> None:
    words = m.lexicon
    blocks_a = [a for a in blocks_a if m.partner_a[a] is None]
    blocks_b = [b for b in blocks_b if m.partner_b[b] is None]
    if len(blocks_a) * len(blocks_b) > MAX_ROUND:
        return  # (not entries that moved: another text, which words cannot pair one by one)
    score: dict[tuple[int, int], float] = {}
    if not words.latin:  # (a block in Latin letters in a CJK translation: English, as it was)
        blocks_b = [b for b in blocks_b if cjk_letters(m.tr.doc.blocks[b].text)]
    for a in blocks_a:
        for b in blocks_b:
            if not _may_pair(m, a, b):
                continue
            s = words.similarity(a, b) + (HOLD if held.get(a) == b else 0.0)
            if s > 0:
                score[a, b] = s
    if not score:
        return
    best_a: dict[int, list[float]] = defaultdict(list)
    best_b: dict[int, list[float]] = defaultdict(list)
    free_a: dict[int, list[float]] = defaultdict(list)  # (without the blocks the ordered
    free_b: dict[int, list[float]] = defaultdict(list)  # alignment pairs elsewhere worth more)
    held_b = {b: a for a, b in held.items()}
    for (a, b), s in score.items():
        best_a[a].append(s)
        best_b[b].append(s)
        if held_b.get(b, a) == a or s >= score.get((held_b[b], b), 0.0):
            free_a[a].append(s)
        if held.get(a, b) == b or s >= score.get((a, held[a]), 0.0):
            free_b[b].append(s)
    weights = {k: s for k, s in score.items() if s >= WORD_MIN or held.get(k[0]) == k[1]}
    for a, b in best_pairing(weights):
        s = score[a, b]
        if held.get(a) == b:
            continue
        rival = max(runner_up(free_a[a], s), runner_up(free_b[b], s))
        taken = max(runner_up(best_a[a], s), runner_up(best_b[b], s))  # (those held elsewhere too)
        if s - rival >= WORD_MARGIN and s - taken >= WORD_MARGIN / 2:
            m.partner_a[a], m.partner_b[b] = b, a


def _may_pair(m: Matching, a: int, b: int) -> bool:
    """Whether two blocks may pair by their words: of one kind (a term with a term), lengths
    not far apart, no anchors against it, the same references."""
    block_a, block_b = m.up.doc.blocks[a], m.tr.doc.blocks[b]
    if block_a.kind != block_b.kind or is_definition(block_a.text) != is_definition(block_b.text):
        return False
    if described(m.up.doc, a) != described(m.tr.doc, b):
        return False  # (a term of a definition list pairs with a term, not with an item of prose)
    if m.lexicon.in_upstream_words(b):
        return False  # (upstream's words, not a translation: the passes for kept text decide)
    return m.alike(a, b, scored=False) and not m.scorer.contradicts(a, b) and not cites_apart(m.up, m.tr, a, b) \
        and not _kept_apart(m, a, b)


def _kept_apart(m: Matching, a: int, b: int) -> bool:
    """Whether a translation not in Latin letters keeps a lower-case Latin word the upstream
    block does not write (``props`` of "导出所有组件的 props 对象" against "All placeable
    components register listeners on demand."): a word kept from another text. Not a
    capitalized name or an acronym, which a translator adds ("用于隐藏尚未完成编译的 DOM 模板。"
    for "Used to hide un-compiled template until it is ready.")."""
    if m.lexicon.latin:
        return False
    kept = [t for t in m.tr.doc.blocks[b].anchors.terms if len(t) >= 4 and t.islower()]
    if not kept:
        return False
    text = m.up.doc.blocks[a].text.lower()
    return any(t not in text for t in kept)


def cites_apart(up: ReleaseSide, tr: ReleaseSide, a: int, b: int) -> bool:
    """Whether the blocks cite other references (issues, pull requests, links), or one cites
    what an upstream block does (an entry's `#1664` is that entry's, not another's)."""
    ra = {k for k in up.keys[a] if k[0] in "ln"}
    rb = {k for k in tr.keys[b] if k[0] in "ln"}
    if ra and rb:
        return not ra & rb
    cited = up.df(-1)
    return any(cited[k] for k in rb - ra)


#: Two pairs whose blocks name the same anchors trade partners when their words say so by
#: this much (the sum of the two pairs' similarities: of 622 such two pairs of naive-ui's
#: changelog, paired right, one would gain by trading, by 0.15).
SWAP_MARGIN = 0.05


def swap_by_words(m: Matching) -> None:
    """Of two pairs whose upstream blocks name the same strong anchors, and whose translation
    blocks too (`n-input`, and nothing else), one of them made out of order: the blocks trade
    partners when their words say so (by :data:`SWAP_MARGIN`, each new pair scoring
    :data:`WORD_MIN` at least). The ordered alignment pairs an entry with its neighbour's
    translation when its own moved away, and anchors alone cannot tell the two apart."""
    made = [(a, b) for a, b in m.partner_a.items()
            if b is not None and m.original.get(a) != b and telling(m.up.keys[a] & m.tr.keys[b])]
    if not made:
        return
    by_keys: dict[tuple, list[tuple[int, int]]] = defaultdict(list)
    for p in m.al.pairs:
        if p.is_match and len(p.upstream) == 1 and len(p.translation) == 1:
            a, b = p.upstream[0], p.translation[0]
            if a in m.up.keys and b in m.tr.keys and m.partner_a.get(a, b) == b and m.partner_b.get(b, a) == a:
                by_keys[m.up.keys[a], m.tr.keys[b]].append((a, b))
    for a, b in made:
        by_keys[m.up.keys[a], m.tr.keys[b]].append((a, b))
    for a1, b1 in made:
        if m.partner_a.get(a1) != b1:
            continue
        best, gain = None, SWAP_MARGIN
        for a2, b2 in by_keys[m.up.keys[a1], m.tr.keys[b1]]:
            if a2 == a1 or m.partner_a.get(a2, b2) != b2 or m.partner_b.get(b2, a2) != a2:
                continue
            sim = m.lexicon.similarity  # (taught only when two pairs are alike)
            s12, s21 = sim(a1, b2), sim(a2, b1)
            g = s12 + s21 - sim(a1, b1) - sim(a2, b2)
            if g >= gain and min(s12, s21) >= WORD_MIN and _may_pair(m, a1, b2) and _may_pair(m, a2, b1):
                best, gain = (a2, b2), g
        if best is not None:
            a2, b2 = best
            if a2 not in m.partner_a:
                m.original[a2] = b2
            m.partner_a[a1], m.partner_b[b2] = b2, a1
            m.partner_a[a2], m.partner_b[b1] = b1, a2


#: An ordered pair gives its blocks to two blocks left without a partner beside it when the
#: words of the two new pairs say so by this much more than those of the pair and of the
#: two blocks (the sum of their similarities), each block of the pair preferring its new partner.
EXCHANGE_MARGIN = 0.1


def exchange_by_words(m: Matching, reach: int) -> None:
    """Of a pair of the ordered alignment naming nothing telling whose translated block has,
    at most ``reach`` blocks away, a block without a partner,
    and an upstream block of its release without a partner: the four pair crosswise when
    their words say so (:data:`EXCHANGE_MARGIN`; the upstream block of the pair more like
    the block beside its partner, the other upstream block more like that partner than like
    the block beside it). An entry moved next to another's translation is taken for it by
    length and position ("**Botón estrella.**" moved beside "**Vista a pantalla
    completa.**", Full page zoom's): the entry moved, and the one it displaced, pair again."""
    free_a = [a for a, b in m.partner_a.items() if b is None and a in m.up.keys]
    free_b = [b for b, a in m.partner_b.items() if a is None and b in m.tr.keys]
    if not free_a or not free_b:
        return
    by_scope_a, free = m.up.by_scope(free_a), set(free_b)
    best: list[tuple[float, int, int, int, int]] = []
    sim = m.lexicon.similarity
    for p in m.al.pairs:
        if not p.is_match or p.moved or len(p.upstream) != 1 or len(p.translation) != 1:
            continue
        a, b = p.upstream[0], p.translation[0]
        if a in m.partner_a or b in m.partner_b or a not in m.up.keys or b not in m.tr.keys:
            continue
        if telling(m.up.keys[a]) or telling(m.tr.keys[b]):
            continue
        near = [x for d in range(1, reach + 1) for x in (b - d, b + d) if x in free]
        others = by_scope_a.get(m.up.scope(a), ())
        if not near or not others:
            continue
        held = sim(a, b)
        for b2 in near:
            gain_a = sim(a, b2)
            if gain_a <= held or not _may_pair(m, a, b2) or _names_apart(m, a, b2):
                continue
            for a2 in others:
                s = sim(a2, b)
                if s <= sim(a2, b2) or not _may_pair(m, a2, b) or _names_apart(m, a2, b):
                    continue
                gain = gain_a + s - held - sim(a2, b2)
                if gain >= EXCHANGE_MARGIN:
                    best.append((gain, a, b, a2, b2))
    used: set[tuple[int, int]] = set()
    for _, a, b, a2, b2 in sorted(best, reverse=True):
        if {(0, a), (1, b), (0, a2), (1, b2)} & used:
            continue
        used.update(((0, a), (1, b), (0, a2), (1, b2)))
        m.original[a] = b
        m.partner_a[a], m.partner_b[b2] = b2, a
        m.partner_a[a2], m.partner_b[b] = b, a2


def _names_apart(m: Matching, a: int, b: int) -> bool:
    """Whether a translation not in Latin letters writes, in block ``b``, a word in Latin
    letters that upstream block ``a`` does not ("Windows Vista との統合" against "Save what you
    were doing."): a name kept says more than words that often go together."""
    if m.lexicon.latin:
        return False
    text = m.up.doc.blocks[a].text.lower()
    return any(t.lower() not in text for t in m.tr.doc.blocks[b].anchors.terms)


def pair_parents(al: Alignment, m: Matching, pairs: dict[int, int], in_play_a: set[int],
                 in_play_b: set[int]) -> None:
    """Add to ``pairs`` the list items naming nothing (or only a localized page, unpaired or
    paired by the page's version alone) whose nested blocks paired with one another's
    (:func:`~relsync.align_nested.parent_pairs`), unpairing what they were paired with;
    not one whose words say it is the translation of the block it is paired with (MDN zh-cn/3
    keeps FUEL's description under its "Updating extensions" term: the term stays)."""
    partner = {p.upstream[0]: p.translation[0] for p in al.pairs
               if p.is_match and len(p.upstream) == 1 and len(p.translation) == 1}
    for a in in_play_a:
        partner.pop(a, None)
    partner.update(pairs)
    found = parent_pairs(al.upstream, al.translation, partner, m.up.keys.get, m.tr.keys.get, pairs)
    if not found:
        return
    owner = {b: a for a, b in partner.items()}
    made: set[int] = set()
    for a, t in found:
        if a in made or owner.get(t) in made:
            continue
        held = owner.get(t)
        if held is not None and m.lexicon.holds(held, a, t):
            continue
        for x in (a, held):
            if x is not None and x in partner:
                in_play_a.add(x)
                in_play_b.add(partner[x])
                if m.original.get(x) is None and x not in pairs:
                    m.original[x] = partner[x]  # (a pair of the ordered alignment undone)
                pairs.pop(x, None)
                owner.pop(partner.pop(x), None)
        pairs[a] = partner[a] = t
        owner[t] = a
        made.add(a)
        in_play_a.add(a)
        in_play_b.add(t)


#: A stretch of entries naming nothing (:func:`stretches_by_words`) pairs again when each new
#: pair is this similar by its words at least ...
SHIFT_MIN = HOLDS_MIN
#: ... and the stretch gains this much per pair changed.
SHIFT_MARGIN = HOLDS_MARGIN
#: ... or, in a translation whose words the lexicon reads one by one (not Chinese, Japanese or
#: Korean, whose runs of characters it reads), a pair this similar and a gain of this much: of pairs
#: drawn at random from a page's blocks, half are under 0.14 similar in Spanish, French,
#: German, Portuguese and Russian, under 0.26 in Chinese and Japanese; of its confident pairs,
#: each judged by the words the others teach, 1% are under 0.1.
SHIFT_MIN_WORDS = SHIFT_MARGIN_WORDS = 0.1
#: The pairing of a stretch weighs pairs at most this many blocks off its diagonal, beyond the
#: difference of its two lengths.
STRETCH_BAND = 12


def stretches_by_words(al: Alignment, scorer: Scorer) -> dict[int, int]:
    """Stretches of entries naming nothing (MDN's "**Label.** prose") paired in order by
    position, with a block without a partner on one side at least: one of them the
    translation has in another place, and the ordered alignment paired the entries around
    the gap each with its neighbour's translation. A stretch pairs again in order by the
    document's words (:mod:`relsync.lexicon`) when they say so: each new pair
    :data:`SHIFT_MIN` similar at least, a pair of the ordered alignment counting :data:`HOLD`
    more, and the stretch gaining :data:`SHIFT_MARGIN` per pair changed (in a translation the
    lexicon reads word by word, :data:`SHIFT_MIN_WORDS` and :data:`SHIFT_MARGIN_WORDS`; two at least: one
    block taking a paired block's partner is :func:`rematch_words`'s to judge); blocks naming
    code or a link keep their pairs. A block so left without a partner then pairs with its
    translation elsewhere when each is the other's best (:func:`_pair_freed`). Upstream
    block -> translation block."""
    up, tr = al.upstream.blocks, al.translation.blocks

    def plain(side: int, i: int) -> bool:
        unit = (scorer.unit_of_a if side == 0 else scorer.unit_of_b).get(i)
        return unit is not None and not telling((scorer.up if side == 0 else scorer.tr)[unit].strong[0])

    def alike(a: int, b: int) -> bool:
        return up[a].kind == tr[b].kind and is_definition(up[a].text) == is_definition(tr[b].text)

    stretches, run = [], []
    for p in al.pairs + [None]:
        if p is not None and len(p.upstream) <= 1 and len(p.translation) <= 1 and not p.moved and all(
                plain(0, a) for a in p.upstream) and all(plain(1, b) for b in p.translation):
            run.append(p)
            continue
        if any(not q.translation for q in run) or any(not q.upstream for q in run):
            stretches.append(run)
        run = []
    if not stretches:
        return {}
    words = taught(al)
    if words is None:
        return {}
    out: dict[int, int] = {}
    freed_a: set[int] = set()
    freed_b: set[int] = set()
    least, margin = (SHIFT_MIN_WORDS, SHIFT_MARGIN_WORDS) if words.latin else (SHIFT_MIN, SHIFT_MARGIN)
    for stretch in stretches:
        blocks_a = [q.upstream[0] for q in stretch if q.upstream]
        blocks_b = sorted(q.translation[0] for q in stretch if q.translation)
        if len(blocks_a) * len(blocks_b) > MAX_ROUND:
            continue  # (not a few entries that moved)
        now = {q.upstream[0]: q.translation[0] for q in stretch if q.upstream and q.translation}
        new = _in_order(blocks_a, blocks_b, lambda a, b: (
            words.similarity(a, b) + (HOLD if now.get(a) == b else 0.0) if alike(a, b) else 0.0),
            lambda a, b: now.get(a) == b, least)
        changed = [(a, b) for a, b in new.items() if now.get(a) != b]
        gain = sum(words.similarity(a, b) for a, b in new.items()) - sum(words.similarity(a, b) for a, b in now.items())
        if len(changed) >= 2 and gain >= margin * len(changed):
            out.update(changed)
            taken = set(new.values())
            freed_a.update(a for a, b in now.items() if a not in new and b in taken)
            freed_b.update(b for a, b in now.items() if b not in taken and a in new)
    free_a = [p.upstream[0] for p in al.pairs if len(p.upstream) == 1 and not p.translation]
    free_b = [p.translation[0] for p in al.pairs if len(p.translation) == 1 and not p.upstream]
    _pair_freed(out, free_a + sorted(freed_a), free_b + sorted(freed_b), freed_a, freed_b, words,
                lambda a, b: alike(a, b) and plain(0, a) and plain(1, b))
    return out


def _in_order(blocks_a: list[int], blocks_b: list[int], similarity, held, least: float = SHIFT_MIN) -> dict[int, int]:
    """The pairing in order of two lists of blocks with the most similarity, new pairs of
    ``least`` at least (``held``: a pair that is, whatever its similarity), within
    :data:`STRETCH_BAND` of the diagonal."""
    n, m = len(blocks_a), len(blocks_b)
    width = STRETCH_BAND + abs(n - m)
    best = [[0.0] * (m + 1) for _ in range(n + 1)]
    for i in range(1, n + 1):
        centre = i * m // n
        for j in range(1, m + 1):
            a, b = blocks_a[i - 1], blocks_b[j - 1]
            paired = 0.0
            if abs(j - centre) <= width:
                s = similarity(a, b)
                if s >= least or held(a, b):
                    paired = best[i - 1][j - 1] + s
            best[i][j] = max(best[i - 1][j], best[i][j - 1], paired)
    out: dict[int, int] = {}
    i, j = n, m
    while i and j:
        if best[i][j] == best[i - 1][j]:
            i -= 1
        elif best[i][j] == best[i][j - 1]:
            j -= 1
        else:
            out[blocks_a[i - 1]] = blocks_b[j - 1]
            i, j = i - 1, j - 1
    return out


def _pair_freed(out: dict[int, int], left_a: list[int], left_b: list[int], freed_a: set[int], freed_b: set[int],
                words: Lexicon, plain) -> None:
    """Pair a block :func:`stretches_by_words` left without a partner (``freed_a``,
    ``freed_b``) with a block without one (``left_a``, ``left_b``, the freed ones among them)
    when each is the other's best by their words: :data:`SHIFT_MIN` similar at least and
    :data:`SHIFT_MARGIN` more than any other pairing of either (the entry the translation
    has in another place, with its translation there)."""
    taken = set(out.values())
    left_a = [a for a in left_a if a not in out]
    left_b = [b for b in left_b if b not in taken]
    scores: dict[tuple[int, int], float] = {}

    def sim(a: int, b: int) -> float:
        if (a, b) not in scores:
            scores[a, b] = words.similarity(a, b) if plain(a, b) else 0.0
        return scores[a, b]
    candidates = {(a, b) for a in freed_a for b in left_b} | {(a, b) for b in freed_b for a in left_a}
    for a, b in sorted(candidates, key=lambda ab: (-sim(*ab), ab)):
        s = sim(a, b)
        if s < SHIFT_MIN:
            break
        if a in out or b in taken:
            continue
        rival = max([sim(a, y) for y in left_b if y != b] + [sim(x, b) for x in left_a if x != a], default=0.0)
        if s - rival >= SHIFT_MARGIN:
            out[a] = b
            taken.add(b)
