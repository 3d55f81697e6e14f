"""The pairs an ordered alignment cannot make: blocks that stand in another place.

Release notes are not kept in upstream's order: an entry stands in another group, another
release, or swaps places with its neighbour. After the ordered alignment of
:mod:`relsync.align`, blocks left unpaired on both sides (paragraphs, list items, table rows,
code blocks), and pairs whose two blocks each name something the other does not (or share
only the page's version where the translation names a link; or name code such a pair of
their release lacks: entries of one component shifted by one), are paired again by what
identifies an entry: its strong anchors (issue and pull-request references, links, code
names, numbers, a code block's code; a link's page name is a code name too: `nsIJSON` and a
link to ``/nsIJSON``). A new pair needs a shared anchor found in no other block of the scope
on either side, or the same set of strong anchors found once on each side (a number alone is
not enough: a page's own version); two blocks citing other references never pair, nor do
blocks of very different lengths or a dated block and an undated one. Within each top-level
section (a release) first, then across the document; the best evidence first, two blocks
naming the same anchors before anything else, the ordered alignment's pair winning a tie.
A pair of the ordered alignment joining one list item naming nothing telling with several
(two entries a translator put side by side, taken for one entry split in two) is in play
apart, and joined again when none of its items found another partner.
Then the blocks still without a partner that share strong anchors pair at their best as a
whole (a maximum-weight matching of their overlap, score and words: :mod:`relsync.lexicon`),
within each release first; a pair the ordered alignment made by length and position alone
(one block naming code or a link, the other nothing) yields its blocks to a block that has
no partner. Then blocks with no telling strong anchor (a number alone is the page's version)
pair when they share a Latin word the translation kept (four letters or more, or an acronym
in capitals: `SSL`; a part of a compound, `Download-Manager`, that upstream writes apart) that
no other of them holds, in their release, then in the document (a pair of the ordered
alignment that won over a neighbour without a partner by a hair takes part); then, alike, those
told by links alone, which a translation may give under its page's own name. Last, what is
left pairs by its words (an entry moved beside another's translation, taken for it, too), and
two pairs whose anchors cannot tell them apart trade partners when words say so (:mod:`relsync.align_words`).
Unpaired headings whose sections' blocks went to one another's sections then pair too (a
whole group moved), and so do headings naming something written alike; list items naming
nothing (or only a localized page, when left without a partner or paired by the page's
version alone) pair by what is nested under them, and the blocks left under two headings
paired out of order are aligned in order with each other (:mod:`relsync.align_nested`).

The blocks of a release one language has alone (its version named by no heading of the
other, :mod:`relsync.align_releases`) take no part, and the pairs the ordered alignment made
from them into another release are undone: they are missing or extra as a whole. A pair out
of the translation's order is ``moved``; the pair list keeps upstream's order, and the
translation's order outside moved pairs.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from functools import cached_property

from .align_kept import kept_texts, same_text_pairs
from .align_nested import described, evident, lone_letters, moved_headings, own_language_words, telling
from .align_order import rebuild
from .align_words import exchange_by_words, merge_again, merged_items, pair_parents, rematch_words, swap_by_words
from .align_releases import (Keys, ReleaseSide, leave_lone_releases, linked_only, lone_crossings, lone_releases,
                             scope_pairs)
from .assignment import best_pairing, uncross
from .languages import singular, weighted_length
from .lexicon import MIN_PAIRS, Lexicon, cognate
from .model import Alignment, Block, BlockKind, Pair
from .similarity import KIND_GROUP, Scorer

#: A new pair's strong anchors must overlap at least this much (Dice over the two sets).
MIN_OVERLAP = 0.5
#: What a pair of the ordered alignment is worth beyond its overlap: another pairing must be
#: clearly better to take one of its blocks.
KEEP_BONUS = 0.25
#: ... and the score of its blocks, positions aside (:meth:`~relsync.similarity.Scorer.block_score`),
#: at least this.
MIN_SCORE = 0.4
#: A kept Latin word pairs blocks with no strong anchor when it has at least this many letters
#: or is an acronym in capitals, of any length (`SSL`, `UI`).
KEPT_WORD_MIN = 4
#: An ordered pair is undone for the kept-word pass when a neighbour without a partner scores
#: with its other block at least this little below it (:meth:`_Matching.release_tied`).
TIE = 0.05
#: Of blocks left without a partner, the pairing worth the most is made (their anchors'
#: overlap and score), and of equal ones the nearer by this much for a position the same.
NEARER = 0.01
#: Blocks at most this far apart (in blocks) are neighbours that keep their order.
NEIGHBOURS = 2
#: What undoing a pair of the ordered alignment costs a pairing of what is left: a block
#: with no partner is taken before one such a pair held.
RELEASED_COST = 0.5
#: Rounds of the pairing of what is left at most (each pairs what the last left alone).
LEFTOVER_ROUNDS = 4
#: Blocks whose lengths differ by more than this factor are not one entry (a CJK letter
#: counts as three).
MAX_LENGTH_RATIO = 6.0


def _references(keys: Keys) -> Keys:
    """The links and numbers of a block: what cites an issue, a pull request or a commit."""
    return frozenset(k for k in keys if k[0] in "ln")


def _linked_once(shared: Keys, up: ReleaseSide, tr: ReleaseSide, numbered: bool = False) -> bool:
    """Whether the blocks link to the same page that no other block of either document links
    to (a section of the page itself: tauri-docs' "[configuration checklist](…#…)");
    ``numbered``: to the same numbered reference (an issue, a bug, a pull request: ru/63's
    "[Firefox bug 1309752](…)" for `{{bug(1309752)}}`, whatever else their anchors name)."""
    df_a, df_b = up.df(-1), tr.df(-1)
    return any(k[0] == "l" and (not numbered or k[2:].isdigit()) and df_a[k] == 1 and df_b[k] == 1 for k in shared)


def _overlap(a: Keys, b: Keys) -> float:
    return 2 * len(a & b) / (len(a) + len(b)) if a and b else 0.0


def _identified(a: int, b: int, up: ReleaseSide, tr: ReleaseSide, scope_a: int, scope_b: int) -> bool:
    """Whether strong, unique evidence says ``a`` and ``b`` are one entry: a shared anchor
    that no other block of either scope holds, or the same anchors, held by no other block."""
    ka, kb = up.keys[a], tr.keys[b]
    shared = ka & kb
    if not shared:
        return False
    ra, rb = _references(ka), _references(kb)
    if ra and rb and not ra & rb:
        return False  # each cites its own issue or page
    if not telling(shared):
        return False
    df_a, df_b = up.df(scope_a), tr.df(scope_b)
    if any(df_a[k] == 1 and df_b[k] == 1 for k in shared):
        return True
    return ka == kb and up.sets(scope_a)[ka] == 1 and tr.sets(scope_b)[kb] == 1


def _rank(q: float, original: bool) -> float:
    """The worth of an edge of overlap ``q``: the same anchors on both sides first, then the
    overlap, the ordered alignment's pair winning a tie by :data:`KEEP_BONUS` (a pair whose
    blocks each name what the other does not never outranks two blocks naming the same)."""
    return q + (KEEP_BONUS if original else 0.0) + (1.0 if q == 1.0 else 0.0)


def _compatible(a: Block, b: Block) -> bool:
    if a.quote != b.quote:
        return False
    if a.kind == BlockKind.TABLE_ROW or b.kind == BlockKind.TABLE_ROW:
        return a.kind == b.kind
    return KIND_GROUP.get(a.kind) == KIND_GROUP.get(b.kind)


class _Matching:
    """The state of the pass: which block has which partner, and which pairs are new."""

    def __init__(self, al: Alignment, up: ReleaseSide, tr: ReleaseSide, scorer: Scorer) -> None:
        self.al, self.up, self.tr, self.scorer = al, up, tr, scorer
        self.partner_a: dict[int, int | None] = {}
        self.partner_b: dict[int, int | None] = {}
        self.original: dict[int, int] = {}
        self.released: tuple[set[int], set[int]] = set(), set()
        """The blocks of the pairs :meth:`release_weak` undid, while they are."""
        self.fixed: set[tuple[int, int]] = set()
        """Blocks a new pair holds: the document-wide pass leaves them."""
        self._partners: dict[int, int] | None = None  # (the ordered alignment's, for :meth:`_home`)
        ordered = []
        self.merged: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
        """The ordered alignment's pairs of one list item and several, in play apart
        (:func:`~relsync.align_words.merged_items`)."""
        for p in al.pairs:
            if merged_items(self, p):
                continue
            if not p.translation and len(p.upstream) == 1 and p.upstream[0] in up.keys:
                self.partner_a[p.upstream[0]] = None
            elif not p.upstream and len(p.translation) == 1 and p.translation[0] in tr.keys:
                self.partner_b[p.translation[0]] = None
            elif len(p.upstream) == 1 and len(p.translation) == 1 and self._disputed(p):
                self._put_in_play(p.upstream[0], p.translation[0])
            elif len(p.upstream) == 1 and len(p.translation) == 1 and p.upstream[0] in up.keys \
                    and p.translation[0] in tr.keys:
                ordered.append((p.upstream[0], p.translation[0]))
        self._displaced(ordered)

    def _put_in_play(self, a: int, b: int) -> None:
        self.partner_a[a], self.partner_b[b] = b, a
        self.original[a] = b

    def _displaced(self, ordered: list[tuple[int, int]]) -> None:
        """Put in play the pairs of the ordered alignment one of whose blocks names code or a
        link its partner lacks that a disputed pair of its release lacks too (entries of one
        component shifted by one: `render-filter` paired with `render-filter-icon`, its own
        translation with the entry above)."""
        lost: tuple[set, set] = (set(), set())  # (release, key) upstream's / the translation's pairs lack
        for a, b in self.original.items():
            ka, kb = self.up.keys[a], self.tr.keys[b]
            lost[1].update((self.up.scope(a), k) for k in ka - kb if k[0] in "cl")
            lost[0].update((self.up.scope(a), k) for k in kb - ka if k[0] in "cl")
        if not lost[0] and not lost[1]:
            return
        for a, b in ordered:
            ka, kb, scope = self.up.keys[a], self.tr.keys[b], self.up.scope(a)
            if any((scope, k) in lost[1] for k in kb - ka) or any((scope, k) in lost[0] for k in ka - kb):
                self._put_in_play(a, b)

    @cached_property
    def lexicon(self) -> Lexicon:
        """The words pairs hold together (:mod:`relsync.lexicon`), on first use: those the
        anchors made and the ordered alignment's confident pairs of blocks out of play."""
        sure = {a: b for a, b in self.partner_a.items()
                if b is not None and telling(self.up.keys[a] & self.tr.keys[b])}
        return Lexicon(self.al, sure, (set(self.partner_a), set(self.partner_b)))

    def _disputed(self, p: Pair) -> bool:
        """A pair each of whose blocks names something the other does not, or sharing no
        telling anchor (the page's version) where the translation names code or a link."""
        a, b = p.upstream[0], p.translation[0]
        ka, kb = self.up.keys.get(a), self.tr.keys.get(b)
        return ka is not None and kb is not None and (
            bool(ka - kb and kb - ka) or (telling(kb - ka) and not telling(ka & kb)))

    def _unsupported(self, p: Pair) -> bool:
        """A pair one of whose blocks names code or a link and the other nothing: made by
        length and position alone (unless the other writes that code as text: `jaJP` and
        "更新 jaJP locale")."""
        if not p.is_match or len(p.upstream) != 1 or len(p.translation) != 1:
            return False
        ka, kb = self.up.keys.get(p.upstream[0]), self.tr.keys.get(p.translation[0])
        if ka is None or kb is None or (not ka) == (not kb) or not telling(ka or kb):
            return False
        other = (self.tr.doc.blocks[p.translation[0]] if ka else self.up.doc.blocks[p.upstream[0]]).text.lower()
        return not any(k[0] == "c" and len(k) > 4 and k[2:] in other for k in ka or kb)

    def rematch(self, scoped: bool) -> None:
        """Pair the blocks in play by their evidence, the best first, within each section
        (``scoped``) or across the document."""
        up, tr = self.up, self.tr
        groups_a: dict[int, list[int]] = defaultdict(list)
        groups_b: dict[int, list[int]] = defaultdict(list)
        for a in self.partner_a:
            if (0, a) not in self.fixed:
                groups_a[up.scope(a) if scoped else -1].append(a)
        for b in self.partner_b:
            if (1, b) not in self.fixed:
                groups_b[tr.scope(b) if scoped else -1].append(b)
        scopes = scope_pairs(self.al, up, tr) if scoped else {-1: -1}
        edges: list[tuple[float, int, int, int]] = []
        for sa, sb in scopes.items():
            if sa in groups_a and sb in groups_b:
                edges += self._edges(groups_a[sa], groups_b[sb], sa, sb)
        if edges:
            self._greedy(edges)

    def _edges(self, blocks_a: list[int], blocks_b: list[int], sa: int, sb: int):
        up, tr = self.up, self.tr
        by_key: dict[str, list[int]] = defaultdict(list)
        for b in blocks_b:
            for k in tr.keys[b]:
                by_key[k].append(b)
        out = []
        for a in blocks_a:
            ka = up.keys[a]
            seen = set()
            for k in ka:
                for b in by_key.get(k, ()):
                    if b in seen:
                        continue
                    seen.add(b)
                    q = _overlap(ka, tr.keys[b])
                    if self.original.get(a) == b:
                        out.append((_rank(q, True), 1, a, b))
                    elif ((q >= MIN_OVERLAP or _linked_once(ka & tr.keys[b], up, tr, numbered=True))
                          and _compatible(up.doc.blocks[a], tr.doc.blocks[b])
                          and _identified(a, b, up, tr, sa, sb) and self.alike(a, b)):
                        out.append((_rank(q, False), 0, a, b))
            b = self.original.get(a)
            if b is not None and b not in seen and b in self.partner_b and (1, b) not in self.fixed:
                out.append((_rank(_overlap(ka, tr.keys[b]), True), 1, a, b))
        return out

    def release_weak(self) -> list[tuple[int, int]]:
        """Unpair the ordered alignment's pairs still standing that share no telling strong
        anchor (made by length and position; a number alone is the page's version): the
        passes for what is left may give their blocks a partner with evidence, a block that
        has none (two such pairs are no evidence against each other). Returns them, for
        :meth:`restore`."""
        weak = [(a, b) for a, b in self.original.items()
                if self.partner_a.get(a) == b and not telling(self.up.keys[a] & self.tr.keys[b])]
        for p in self.al.pairs:
            if self._unsupported(p) and p.upstream[0] not in self.partner_a \
                    and p.translation[0] not in self.partner_b:
                a, b = p.upstream[0], p.translation[0]
                self.original[a] = b
                weak.append((a, b))
        for a, b in weak:
            self.partner_a[a] = self.partner_b[b] = None
        self.released = {a for a, _ in weak}, {b for _, b in weak}
        return weak

    def restore(self, weak: list[tuple[int, int]]) -> None:
        """Pair again the pairs of :meth:`release_weak` neither of whose blocks found another."""
        self.released = set(), set()
        for a, b in weak:
            if self.partner_a[a] is None and self.partner_b[b] is None:
                self.partner_a[a], self.partner_b[b] = b, a

    def release_tied(self) -> list[tuple[int, int, int, int]]:
        """Unpair the ordered alignment's pairs that won over a neighbour without a partner by
        a hair: an upstream block paired with a translation block that its unpaired upstream
        neighbour scores about as well with (or the reverse), none of them naming anything
        telling (two items of Firefox 3's page, "Firefox 3" in each: the one whose
        translation moved away took its neighbour's). The kept-word pass may then pair one of
        them elsewhere, and :meth:`settle_tied` gives the neighbour the block left. Returns
        (upstream block, translation block, neighbour, 0 for an upstream neighbour or 1)."""
        up, tr, score = self.up, self.tr, self.scorer.block_score
        out = []
        for p in self.al.pairs:
            if not p.is_match or p.moved or len(p.upstream) != 1 or len(p.translation) != 1:
                continue
            a, b = p.upstream[0], p.translation[0]
            if (a in self.partner_a or b in self.partner_b or a not in up.keys or b not in tr.keys
                    or telling(up.keys[a]) or telling(tr.keys[b])):
                continue
            for side, x in ((0, a - 1), (0, a + 1), (1, b - 1), (1, b + 1)):
                partners, sides = (self.partner_a, up) if side == 0 else (self.partner_b, tr)
                if (x in partners and partners[x] is None and not telling(sides.keys[x])
                        and sides.doc.blocks[x].kind == p.kind
                        and (score(x, b) if side == 0 else score(a, x)) >= score(a, b) - TIE):
                    out.append((a, b, x, side))
                    break
        for a, b, _, _ in out:
            self.partner_a[a] = self.partner_b[b] = None
            self.original[a] = b
            self.released[0].add(a)
            self.released[1].add(b)
        return out

    def settle_tied(self, tied: list[tuple[int, int, int, int]]) -> None:
        """After the kept-word pass: a block of a pair of :meth:`release_tied` that found
        another partner leaves the other block to the neighbour; a pair neither of whose blocks
        found one is made again."""
        for a, b, x, side in tied:
            if side == 0 and self.partner_a[a] is not None and self.partner_b[b] is None \
                    and self.partner_a[x] is None:
                self.partner_a[x], self.partner_b[b] = b, x
            elif side == 1 and self.partner_b[b] is not None and self.partner_a[a] is None \
                    and self.partner_b[x] is None:
                self.partner_a[a], self.partner_b[x] = x, a
            elif self.partner_a[a] is None and self.partner_b[b] is None:
                self.partner_a[a], self.partner_b[b] = b, a

    def rematch_leftovers(self) -> None:
        """Pair the blocks still without a partner that are one another's best by their
        strong anchors, neither having another as good among the blocks without a partner:
        an entry whose anchors (one component name) are common in the document, but not
        among what is left. Within each release first, then across the document, again
        while a round pairs some (a pair made leaves a block alone with its partner)."""
        scopes = scope_pairs(self.al, self.up, self.tr)
        for _ in range(LEFTOVER_ROUNDS):
            left_a = [a for a, b in self.partner_a.items() if b is None and self.up.keys[a]]
            left_b = [b for b, a in self.partner_b.items() if a is None and self.tr.keys[b]]
            by_scope_a, by_scope_b = self.up.by_scope(left_a), self.tr.by_scope(left_b)
            made = 0
            for sa, sb in scopes.items():
                if sa >= 0 and sa in by_scope_a and sb in by_scope_b:
                    made += self._leftover_round(by_scope_a[sa], by_scope_b[sb])
            left_a = [a for a in left_a if self.partner_a[a] is None]
            left_b = [b for b in left_b if self.partner_b[b] is None]
            made += self._leftover_round(left_a, left_b)
            if not made:
                return

    def _leftover_round(self, left_a: list[int], left_b: list[int]) -> int:
        """One round of :meth:`rematch_leftovers` among ``left_a`` and ``left_b``: the
        pairing worth the most of the blocks that share strong anchors (their overlap and
        score, and, of equal ones, the nearer: in the release its group pairs into
        (:meth:`_home`), then in place), each group of blocks linked by such anchors
        on its own; the number of pairs made."""
        up, tr = self.up, self.tr
        by_key: dict[str, list[int]] = defaultdict(list)
        for b in left_b:
            for k in tr.keys[b]:
                by_key[k].append(b)
        n_a, n_b = max(1, len(up.doc.blocks)), max(1, len(tr.doc.blocks))
        weights: dict[tuple[int, int], float] = {}
        homes: dict[int, int | None] = {}
        for a in left_a:
            ka = up.keys[a]
            for b in {b for k in ka for b in by_key.get(k, ())}:
                kb = tr.keys[b]
                q = _overlap(ka, kb)
                ra, rb = _references(ka), _references(kb)
                if q < MIN_OVERLAP or (ra and rb and not ra & rb) or not telling(ka & kb):
                    continue
                if up.doc.blocks[a].kind != tr.doc.blocks[b].kind or not self.alike(a, b):
                    continue
                if a in self.released[0] and b in self.released[1] and not _linked_once(ka & kb, up, tr):
                    continue  # two pairs of the ordered alignment are no evidence against each other,
                    # unless they link to a page no other block of either document links to
                if b not in homes:
                    homes[b] = self._home(b)  # (once a round: what its group pairs into holds)
                near = 1.0 - abs(a / n_a - b / n_b) + (up.scope(a) == homes[b])
                undone = RELEASED_COST if a in self.released[0] or b in self.released[1] else 0.0
                weights[a, b] = (q + self.scorer.block_score(a, b) + self.lexicon.evidence(a, b)
                                 + NEARER * near - undone)
        made = 0
        def no_more(a1: int, b1: int, a2: int, b2: int) -> bool:
            return (_overlap(up.keys[a1], tr.keys[b2]) == _overlap(up.keys[a1], tr.keys[b1])
                    and _overlap(up.keys[a2], tr.keys[b1]) == _overlap(up.keys[a2], tr.keys[b2]))

        # (two neighbours that moved together keep their order where their anchors say no more)
        for a, b in uncross(best_pairing(weights), weights, no_more, NEIGHBOURS):
            self.partner_a[a], self.partner_b[b] = b, a
            self.fixed.update(((0, a), (1, b)))
            made += 1
        return made

    def _home(self, b: int) -> int | None:
        """The release most of the other blocks of translation block ``b``'s group (its
        section) pair into, when they are two or more and most of them do: of an entry's
        copies that upstream lists in two releases, the one in the release its group came
        from is the nearer."""
        if self._partners is None:
            self._partners = {p.translation[0]: p.upstream[0] for p in self.al.pairs
                              if p.is_match and len(p.translation) == 1 and len(p.upstream) == 1}
        doc = self.tr.doc
        found: Counter[int] = Counter()
        for k in doc.sections[doc.blocks[b].section].blocks:
            a = self.partner_b[k] if k in self.partner_b else self._partners.get(k)
            if k != b and a is not None:
                found[self.up.scope(a)] += 1
        if not found:
            return None
        home, n = found.most_common(1)[0]
        return home if n >= 2 and 2 * n > sum(found.values()) else None

    def rematch_kept_words(self, units_a, unit_of_a: dict[int, int], units_b, unit_of_b: dict[int, int]) -> None:
        """Pair blocks still without a partner with the same text (an entry left in English),
        and those without telling strong anchors (``Firefox 3`` on Firefox 3's page) when the
        translation kept a Latin word of the upstream block (``新增 volar 类型支持`` for "Add
        volar types.") that no other such block on either side holds, and no Latin word the
        upstream block lacks (in a translation in Latin letters, a capitalized word is one of
        its language, `Modul`, unless upstream's block has it). An upstream block whose telling
        anchors are code pairs so by a code name the translation writes as a word (``新增 svSE
        locale`` for "Add `svSE` locale."). In each release, then across; then those told by
        links alone (:func:`~relsync.align_releases.linked_only`; a translated block also by
        the page's version, the versions its title names: "Firefox 3 utiliza … [Growl](…)" for
        "Firefox now supports [Growl](…)"), the others' words held."""
        up, tr = self.up, self.tr
        # (the same text, whatever it names, when the ordered alignment paired neither block,
        # or paired it by length and position alone (:meth:`release_weak`), and both, or
        # neither, hold a description: a title in a list of related pages is not the entry
        # that describes it)
        held_b = set(self.original.values())
        free_a = [a for a, b in self.partner_a.items()
                  if b is None and (a not in self.original or a in self.released[0])]
        free_b = [b for b, a in self.partner_b.items() if a is None and (b not in held_b or b in self.released[1])]
        for a, b in same_text_pairs(free_a, free_b, up.doc, tr.doc):
            if described(up.doc, a) == described(tr.doc, b):
                self.partner_a[a], self.partner_b[b] = b, a
        units = (units_a, unit_of_a, units_b, unit_of_b)
        scopes = scope_pairs(self.al, up, tr)
        for linked in (False, True):  # (then entries told by links alone: after, not to share their words)
            left_a = [a for a, b in self.partner_a.items() if b is None and (not telling(up.keys[a]) or all(
                k[0] == "c" for k in up.keys[a]) or linked and linked_only(up.keys[a]))]
            left_b = [b for b, a in self.partner_b.items() if a is None and (
                not telling(tr.keys[b]) or linked and linked_only(tr.keys[b] - tr.page_numbers))]
            if not left_a or not left_b:
                continue
            by_scope_a, by_scope_b = up.by_scope(left_a), tr.by_scope(left_b)
            for sa, sb in scopes.items():
                if sa >= 0 and sa in by_scope_a and sb in by_scope_b:
                    self._kept_words_round(by_scope_a[sa], by_scope_b[sb], *units)
            self._kept_words_round([a for a in left_a if self.partner_a[a] is None],
                                   [b for b in left_b if self.partner_b[b] is None], *units)

    def _kept_words_round(self, left_a: list[int], left_b: list[int], units_a, unit_of_a, units_b,
                          unit_of_b) -> None:
        up, tr = self.up, self.tr
        for a, b in same_text_pairs(left_a, left_b, up.doc, tr.doc):
            self.partner_a[a], self.partner_b[b] = b, a
        words_a = {a: _with_singulars(units_a[unit_of_a[a]].words) for a in left_a
                   if self.partner_a[a] is None and a in unit_of_a}
        kept_b = {b: {k[2:] for k in units_b[unit_of_b[b]].keys if k[0] == "t" and (
                      len(k) >= KEPT_WORD_MIN + 2 or k[2:].upper() in tr.doc.blocks[b].anchors.terms)}
                  for b in left_b if b in unit_of_b and self.partner_b[b] is None}
        upstream_words = frozenset().union(*words_a.values()) if words_a else frozenset()
        for kept in kept_b.values():  # (the parts of a compound, `Download-Manager`, upstream writes)
            kept |= {part for w in kept if "-" in w for part in w.split("-")
                     if len(part) >= KEPT_WORD_MIN and part in upstream_words}
        own = {b: own_language_words(tr.doc.blocks[b]) for b in kept_b}
        holders_a = Counter(w for ws in words_a.values() for w in ws)
        holders_b = Counter(w for ws in kept_b.values() for w in ws)
        for b, kept in kept_b.items():
            found = [(a, w) for w in kept if holders_b[w] == 1 and holders_a[w] == 1
                     for a, ws in words_a.items() if w in ws]
            if len({a for a, _ in found}) != 1:
                continue
            a = found[0][0]
            if telling(up.keys[a]) and not linked_only(up.keys[a]) and not any("c:" + w in up.keys[a] for _, w in found):
                continue  # (code the translation writes as a word, or nothing)
            every = {k[2:] for k in units_b[unit_of_b[b]].keys if k[0] == "t"} - (own[b] - words_a[a])
            every -= lone_letters(up.doc.blocks[a])  # (the "X" of "Mac OS X" upstream writes too)
            if any(not cognate(w, words_a[a], KEPT_WORD_MIN) for w in every - words_a[a]):
                continue  # a Latin word the upstream block does not have: another text
            if a in self.released[0] and b in self.released[1]:
                continue
            if self.partner_a[a] is None and up.doc.blocks[a].kind == tr.doc.blocks[b].kind and self.alike(a, b):
                self.partner_a[a], self.partner_b[b] = b, a

    def alike(self, a: int, b: int, scored: bool = True) -> bool:
        """What the ordered alignment asks of a pair, its position aside: a score worth a
        pair (unless not ``scored``: other evidence), lengths not far apart, and not a dated
        block beside an undated one naming something else."""
        if self.scorer.dated_apart(a, b):
            return False
        la = weighted_length(self.up.doc.blocks[a].text)
        lb = weighted_length(self.tr.doc.blocks[b].text)
        if max(la, lb) > MAX_LENGTH_RATIO * max(1, min(la, lb)):
            return False
        return (not scored or self.up.doc.blocks[a].kind == BlockKind.TABLE_ROW
                or self.scorer.block_score(a, b) >= MIN_SCORE)

    def _greedy(self, edges) -> None:
        """Take the edges best first; of equal new edges, one whose blocks another equal
        edge also wants is ambiguous and left. A block in play keeps its partner only
        through its edge (the ordered alignment's pair, with its bonus)."""
        for _, _, a, b in edges:
            self._free_a(a)
            self._free_b(b)
        edges.sort(key=lambda e: (-e[0], -e[1], e[2], e[3]))
        k = 0
        while k < len(edges):
            j = k
            while j < len(edges) and edges[j][:2] == edges[k][:2]:
                j += 1
            free = [(a, b) for _, _, a, b in edges[k:j]
                    if self.partner_a[a] is None and self.partner_b[b] is None]
            count_a = Counter(a for a, _ in free)
            count_b = Counter(b for _, b in free)
            for a, b in free:
                if edges[k][1] or (count_a[a] == 1 and count_b[b] == 1):
                    if self.partner_a[a] is None and self.partner_b[b] is None:
                        self.partner_a[a], self.partner_b[b] = b, a
                        if self.original.get(a) != b:
                            self.fixed.update(((0, a), (1, b)))
            k = j

    def _free_a(self, a: int) -> None:
        b = self.partner_a.get(a)
        if b is not None:
            self.partner_b[b] = None
        self.partner_a[a] = None

    def _free_b(self, b: int) -> None:
        a = self.partner_b.get(b)
        if a is not None:
            self.partner_a[a] = None
        self.partner_b[b] = None


def _with_singulars(words: frozenset[str]) -> frozenset[str]:
    """Upstream's words and their singulars (`apis`: `api`), as a translation keeps a name."""
    return words | {singular(w) for w in words}


def relocate(al: Alignment, scorer: Scorer) -> tuple[list[Pair], int | None]:
    """The pairs of ``al`` with the blocks that stand in another place paired (see the
    module's docstring; the same list when there are none), and, when their words were asked
    and left blocks without a partner on both sides or had too few pairs to learn from
    (:data:`~relsync.lexicon.MIN_PAIRS`), how many pairs taught them: the pairs of a section
    or of entries that moved, made after this pass, may teach them more."""
    kept = kept_texts(al)
    if kept:  # (an entry left in upstream's words pairs with its own text; what held it lets go)
        al.pairs = rebuild(al, scorer, kept, set(kept), set(kept.values()))
    up = ReleaseSide(al.upstream, scorer.up, scorer.unit_of_a)
    tr = ReleaseSide(al.translation, scorer.tr, scorer.unit_of_b)
    lone = lone_releases(al, up, tr)  # (the same after the crossings are undone: none is a release's heading)
    crossing = lone_crossings(al, lone, up, tr)
    if crossing:  # undone: a release one side has alone pairs with nothing of another
        al.pairs = rebuild(al, scorer, {}, {a for a, _ in crossing}, {b for _, b in crossing})
    m = _Matching(al, up, tr, scorer)
    leave_lone_releases(lone, up, tr, m.partner_a, m.partner_b)
    if not any(b is None for b in m.partner_a.values()) and not m.original:
        return al.pairs, None
    if not any(b is None for b in m.partner_b.values()) and not m.original:
        return al.pairs, None
    m.rematch(scoped=True)
    m.rematch(scoped=False)
    weak = m.release_weak()
    m.rematch_leftovers()
    tied = m.release_tied()
    m.rematch_kept_words(scorer.up, scorer.unit_of_a, scorer.tr, scorer.unit_of_b)
    m.settle_tied(tied)
    m.restore(weak)
    rematch_words(m)
    exchange_by_words(m, NEIGHBOURS)
    swap_by_words(m)
    merge_again(m)
    pairs = {a: b for a, b in m.partner_a.items() if b is not None}
    levels = {u.blocks[0]: u.level for u in scorer.tr if u.kind == BlockKind.HEADING}
    pairs.update(moved_headings(al, m.partner_a, levels, lambda a, b: m.original.get(a) != b if a in m.partner_a
                           else evident(scorer, a, b)))
    in_play_a, in_play_b = set(m.partner_a) | set(pairs), set(m.partner_b) | set(pairs.values())
    pair_parents(al, m, pairs, in_play_a, in_play_b)
    taught = None
    if "lexicon" in m.__dict__ and (m.lexicon.taught < MIN_PAIRS or (
            None in m.partner_a.values() and None in m.partner_b.values())):
        taught = m.lexicon.taught
    if all(m.original.get(a) == b for a, b in pairs.items()) and len(pairs) == len(m.original):
        return al.pairs, taught
    return rebuild(al, scorer, pairs, in_play_a, in_play_b), taught
