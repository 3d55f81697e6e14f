"""Omission: a translated block that does not cover its upstream block.

Each upstream block is cut into sentences (:mod:`relsync.sentences`; one sentence into its
clauses), the translation into sentences, and the two are aligned as a translator writes
them, in order: one upstream sentence to one translated sentence, two to one, one to two, or
an upstream sentence with no counterpart. The cost of a group is how far its length is from
the length the document's own translation ratio predicts (:mod:`.lengths`: the median of
its translated blocks' length ratios, so a terse translator is not short; names written
alike left out of both lengths), against the spread of that ratio in the document; a
sentence whose numbers, code, names or links the translation keeps is not skipped, and one
whose link the translation lost is more likely the part left out.
A block is reported when skipping upstream sentences explains its length clearly better than
any reading that covers them all; when two choices of the part left out explain it alike,
only a block far shorter than predicted is reported, with both.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import partial
from typing import Callable, Container, Iterator

from rapidfuzz import fuzz

from ..languages import is_letter
from ..model import Block, Pair, Severity
from .consistency import code_variant
from .english import LowerWords
from .lengths import KINDS, LEFT_IN_ENGLISH, Ratio, document_ratio, left_in_english, lengths, one_to_one, shared
from .links import links_match
from .moved import part_elsewhere
from .masking import IMAGES_ONLY_RE, NUMBER_RE, masked_of, prose_length, share_upstream, unmask
from .registry import Context, Problem, check
from .stopped import end_lost, far_short, stopped_short, stops_unfinished, uncited_on_citing_page, why_short
from .terms import KeptTerms
from .units import (MAX_UNITS, MIN_MISSING_SHARE, NAME, Unit, cited, leads_alike, link_keys, links_named,
                    address_lost, any_lost_name, balanced, code_and_numbers, keeps_anchors, loose, lost_names,
                    named_in, once_less, opening, sentence_lost, surely_lost, sentences_of, translation_units,
                    units_named, upstream_units, url_lost, whole_sentences, words_left_out, written_lost)
from .urls import normalize_link

#: An upstream block needs this many prose characters to be judged ...
_MIN_CHARS = 40
#: ... or, the names written alike left out, this many, when more than its length tells: it
#: lost the references its page's translation writes everywhere else
#: (:func:`~.stopped.uncited_on_citing_page`), or it stops unfinished.
_MIN_CHARS_TOLD = 30
#: ... and when it held a number, code span or link of its own that the translation lost.
_MIN_MISSING_SHARE_LOST = 0.1
#: Cost of leaving one upstream unit without counterpart (in squared standard deviations).
_SKIP_COST = 4.0
#: A group holds at most this many clauses of one sentence.
_WIDEST = 12
#: Cost of each sentence more than one in a group (two upstream sentences translated as one).
_MERGE_COST = 3.0
#: Cost of each number or code span of an upstream unit that the translation lost, when the
#: unit is read as translated (at most two count).
_LOST_ANCHOR_COST = 4.5
#: A name lost counts as this share of a code span or number lost (a translator may
#: translate an acronym: `命令行` for `CLI`).
_NAME_WEIGHT = 0.5
#: ... and with such a loss (up to as long as predicted: a lost anchor says more than the length).
_SHORTFALL_WITH_LOSS = 0.0
#: ... and with as many sentences as upstream, none of the skipped anchors lost.
_SHORTFALL_LENGTH_ONLY = -3.5
#: ... or when the part left out is the block's end (a translation that stops short).
_SHORTFALL_LENGTH_ONLY_END = -2.5
#: ... or the whole of a block of one clause (no sentence to tell which part: a terse
#: translation whole, "з JSON-тілом на кшталт:" for "with a JSON body containing something
#: like:", is 2.5 short).
_SHORTFALL_ONE_CLAUSE = -3.0
#: Another choice of the part left out must cost this much more, or both are quoted ...
_AMBIGUOUS = 1.5
#: ... and the whole block must be this many standard deviations shorter than predicted.
_SHORTFALL_AMBIGUOUS = -2.0
#: The whole translation must be at least this many standard deviations shorter than predicted ...
_SHORTFALL = -1.5
#: ... or this many, when it writes a name or a kept term of upstream's nowhere (less short, a
#: name lost, half a code span's weight, never makes leaving a unit out clearly cheaper).
_SHORTFALL_NAMED = -1.0
#: How much cheaper (squared standard deviations) the reading with skipped units must be.
_MARGIN = 2.0
#: ... or this much, for the end of a block of one sentence judged a little less short
#: (:data:`_SHORTFALL_LENGTH_ONLY_END`), as the end of a block of several is.
_MARGIN_END = 2 * _MARGIN
#: ... or this much, for whole sentences left out by a translation of fewer sentences than upstream.
_MARGIN_WHOLE = 1.5
#: ... or this much, when such sentences hold an address the translation has nowhere ...
_MARGIN_ADDRESS = 1.0
#: ... or a URL written out in the text that the translation writes nowhere (a reader sees it).
_MARGIN_URL = 0.0
#: The reading with skipped units must fit the rest this well (sum of squared deviations) ...
_FIT = 6.0
#: ... unless the whole translation is this many standard deviations shorter than predicted.
_FAR_SHORT = -4.5
#: A block that lost every code span and number of one of its sentences (two or more) is
#: judged up to this many standard deviations longer than predicted.
_SENTENCE_LOST = 1.0
#: A clause of this many words in lower case that the translation writes as upstream does
#: is kept.
_SAME_WORDS = 3


def _group_costs(up: list[Unit], tr: list[Unit], ratio: Ratio, lost: frozenset[str]) -> tuple[float, float]:
    """What a group costs by its length and the code and numbers of its own it lost, and by
    the names it lost (a translator may translate a name: no sign of how well it fits)."""
    lu = sum(u.length for u in up)
    lt = sum(t.length for t in tr)
    expected = math.exp(ratio.log_ratio) * lu
    z = math.log((lt + 4) / (expected + 4)) / ratio.spread
    missing = frozenset().union(*(u.anchors for u in up)) & lost
    names = sum(1 for a in missing if a.startswith(NAME))
    anchors = min(2, len(missing) - names) * _LOST_ANCHOR_COST
    return z * z + anchors, min(2, len(missing) - names + _NAME_WEIGHT * names) * _LOST_ANCHOR_COST - anchors


def _is_unlatin(text: str) -> bool:
    """Whether most letters of ``text`` are of another script than Latin."""
    letters = [ch for ch in text if is_letter(ch)]
    return sum(1 for ch in letters if ch.isascii()) < 0.5 * len(letters)


def _own_key(k: int) -> str:
    return f"\x00unit{k}"


def _align(ups: list[Unit], trs: list[Unit], ratio: Ratio, kept: frozenset[str], lost: frozenset[str],
           allow_skip: bool, forbid: frozenset[int] = frozenset()) -> tuple[float, list[int], float]:
    """The cheapest monotone alignment of the units: its cost, the upstream units it leaves
    without counterpart and what leaving them out, and the names lost, cost of it (the rest is
    how well the other units fit). An upstream unit with a number or code span of its own that
    the translation keeps cannot be skipped; one whose own anchors the translation lost costs
    more to translate than to skip. A group of clauses costs :data:`_MERGE_COST` for each
    sentence boundary it crosses on either side (a translator keeps sentences)."""
    inf = float("inf")
    n, m = len(ups), len(trs)
    best = [[(inf, (), 0.0)] * (m + 1) for _ in range(n + 1)]
    best[0][0] = (0.0, (), 0.0)
    # a group holds up to four units, or the clauses left of the sentence it starts in (at
    # most :data:`_WIDEST`)
    widest = [0] * (n + 1)
    for i in range(n - 1, -1, -1):
        left = 1 + (widest[i + 1] if i + 1 < n and ups[i + 1].sentence == ups[i].sentence else 0)
        widest[i] = left
    widest = [max(4, min(_WIDEST, w)) for w in widest[:n]] + [0]
    for i in range(n + 1):
        moves = [(a, b) for a in range(1, widest[i] + 1) for b in (1, 2)] + [(0, 1)]
        if allow_skip:
            moves += [(a, 0) for a in range(1, widest[i] + 1)]
        for j in range(m + 1):
            cost, skipped, skip_cost = best[i][j]
            if cost == inf:
                continue
            for a, b in moves:
                if i + a > n or j + b > m:
                    continue
                if b == 0:
                    if any(u.anchors & kept for u in ups[i:i + a]) or forbid.intersection(range(i, i + a)):
                        continue
                    step, more = _SKIP_COST, tuple(range(i, i + a))
                    if ups[i].sentence != ups[i + a - 1].sentence and (
                            (i and ups[i - 1].sentence == ups[i].sentence)
                            or (i + a < n and ups[i + a].sentence == ups[i + a - 1].sentence)):
                        step += _SKIP_COST  # the end of a sentence and the next, or a sentence and
                        # the start of the next: two parts left out
                elif a == 0:
                    step, more = _SKIP_COST, ()
                else:
                    group = ups[i:i + a]
                    crossed = group[-1].sentence - group[0].sentence + b - 1
                    fit, names_cost = _group_costs(group, trs[j:j + b], ratio, lost)
                    step = fit + names_cost + crossed * _MERGE_COST
                    more = ()
                if cost + step < best[i + a][j + b][0]:
                    best[i + a][j + b] = (cost + step, skipped + more,
                                          skip_cost + (step if b == 0 else names_cost if a else 0.0))
    cost, skipped, skip_cost = best[n][m]
    return cost, list(skipped), skip_cost


def _names_lost(up: Block, tr: Block, memo: dict) -> bool:
    """Whether the translation writes a name of upstream, or (in Latin letters) a term the page
    keeps, nowhere (a first look)."""
    terms = () if memo.get("omission.unlatin") else memo.get("omission.terms", ())
    return any_lost_name(up.text, tr.source, memo.get("omission.lower"), terms)


@dataclass(slots=True)
class Omitted:
    """What a translated block leaves out: the upstream parts with no counterpart, and,
    when another part could as well be the one left out, that part; ``estimated``: the parts
    are told by the length alone."""

    parts: list[str]
    alternative: list[str]
    estimated: bool = False
    #: what says an estimated part is left out
    because: str = "far shorter than upstream predicts"


def uncovered(up: Block, tr: Block, ratio: Ratio, memo: dict | None = None,
              leads: Callable[[str], bool] | None = None) -> list[str]:
    """The upstream sentences (or clauses) of ``up`` that ``tr`` clearly does not cover;
    empty when it covers them, or when that cannot be told for sure."""
    found = omitted(up, tr, ratio, memo, leads)
    return found.parts if found else []


def omitted(up: Block, tr: Block, ratio: Ratio, memo: dict | None = None,
            leads: Callable[[str], bool] | None = None) -> Omitted | None:
    """What ``tr`` clearly leaves out of ``up``, or ``None``. ``leads(url)``: whether a link
    of the translation leads where an upstream link does (links unused without it)."""
    if IMAGES_ONLY_RE.fullmatch(up.source):
        return None  # an image's alt text is no prose a reader misses
    memo = {} if memo is None else memo
    if masked_of(memo, "up", up)[2] < _MIN_CHARS:
        return None  # (leaving out the names written alike only makes it shorter)
    english = left_in_english(memo, up, tr)
    if english:
        ratio = LEFT_IN_ENGLISH  # judged as upstream's words against upstream's
    up_length, tr_length = lengths(memo, up, tr)
    if tr_length <= 0 or up_length < _MIN_CHARS and not (up_length >= _MIN_CHARS_TOLD and not english and (
            uncited_on_citing_page(up, tr, memo) or stops_unfinished(up, tr, memo))):
        return None
    shortfall = math.log(tr_length / (math.exp(ratio.log_ratio) * up_length)) / ratio.spread
    # (a translation that stops unfinished need only be _SHORTFALL_NAMED short)
    stops = stops_unfinished(up, tr, memo) if not english and shortfall <= _SHORTFALL_NAMED else None
    # (so need one that writes none of the references the page's translation writes elsewhere)
    uncited = not english and shortfall <= _SHORTFALL_NAMED and not stops and uncited_on_citing_page(up, tr, memo)
    if shortfall > _SHORTFALL_WITH_LOSS or (shortfall > _SHORTFALL and keeps_anchors(up, tr) and (
            shortfall > _SHORTFALL_NAMED or not _names_lost(up, tr, memo))) and not stops:
        if shortfall > _SENTENCE_LOST or len(code_and_numbers(up) - code_and_numbers(tr)) < 2 and not url_lost(up, tr):
            return None  # as long as its upstream predicts, or short with every anchor kept
    found = _omitted_parts(up, tr, ratio, memo, leads, english)
    if found is None and (shortfall <= _SHORTFALL or stops or uncited or english and end_lost(up, tr, memo)):
        found = _left_out(up, tr, memo) if english else _stopped(up, tr, ratio, memo)
        if found is None and not english:
            # a translation that lost the references, or the code, upstream ends with stops before them
            because = why_short(up, tr, memo, stops)  # (its length need only be _SHORTFALL short)
            least = _SHORTFALL_NAMED if stops or uncited else _SHORTFALL if because else _SHORTFALL_LENGTH_ONLY
            parts = far_short(up, tr, ratio, memo, least)
            if parts:
                found = Omitted(parts, [], True, because) if because else Omitted(parts, [], True)
    return found


def _left_out(up: Block, tr: Block, memo: dict) -> Omitted | None:
    """What a block left in upstream's words leaves out of them, word for word (a list item
    cut inside its one clause: "XUL JavaScript files can." for "XUL JavaScript files can now
    contain non-ASCII characters.")."""
    text, anchors, total = masked_of(memo, "up", up)
    runs = words_left_out((text, anchors), masked_of(memo, "tr", tr)[:2])
    if sum(prose_length(text[a:b]) for a, b in runs) < MIN_MISSING_SHARE * total:
        return None
    return Omitted([unmask(balanced(text, a, b), anchors) for a, b in runs], [])


def _stopped(up: Block, tr: Block, ratio: Ratio, memo: dict) -> Omitted | None:
    parts = stopped_short(up, tr, ratio, memo)
    return Omitted(parts, []) if parts else None


def _omitted_parts(up: Block, tr: Block, ratio: Ratio, memo: dict,
                   leads: Callable[[str], bool] | None, english: bool = False) -> Omitted | None:
    """:func:`omitted` by the alignment of sentences and clauses (of one clause left in
    upstream's words, ``english``, the words tell what is left out: :func:`_left_out`)."""
    up_held, tr_held = masked_of(memo, "up", up)[:2], masked_of(memo, "tr", tr)[:2]
    ours, theirs = shared(memo, up, tr)
    ups, count = upstream_units(up, up_held, ours)
    total = sum(u.length for u in ups)
    if total < _MIN_CHARS:
        return None
    if len(ups) < 2:  # one clause: only a translation far too short for it says it is not there
        return None if english else _too_short(ups[0], up, tr, ratio, memo)
    trs = translation_units(tr, up, tr_held, theirs)
    lt = sum(t.length for t in trs)
    if not lt or len(ups) > MAX_UNITS or len(trs) > MAX_UNITS:
        return None
    kept, lost = _kept_and_lost(ups, trs, tr, tr_held, up.anchors.code, memo.get("omission.lower"),
                                memo.get("omission.terms", ()), memo.get("omission.unlatin", False), up.anchors.links)
    citing = cited(up, up_held)
    kept -= citing
    lost |= once_less(ups, tr, up.anchors.code, citing)
    if leads_alike(ups, trs, up, tr):  # the lead in bold is translated as the translation's own
        ups[0] = Unit(ups[0].text, ups[0].length, ups[0].anchors | {_own_key(0)}, ups[0].sentence)
        kept |= {_own_key(0)}
    if leads is not None and up.anchors.links:
        kept_links, lost_links = link_keys(ups, up, tr, leads)
        kept, lost = kept | kept_links, lost | lost_links
    shortfall = math.log(lt / (math.exp(ratio.log_ratio) * total)) / ratio.spread
    if shortfall > (_SHORTFALL_WITH_LOSS if lost else _SHORTFALL) and not (
            shortfall <= _SENTENCE_LOST and (sentence_lost(ups, lost) or url_lost(up, tr))):
        return None
    full = _align(ups, trs, ratio, kept, lost, False)[0]
    partial, skipped, skip_cost = _align(ups, trs, ratio, kept, lost, True)
    fewer = sentences_of(trs, citing) < count  # (fewer sentences than upstream, counted alike)
    margin = _MARGIN if not (fewer and whole_sentences(ups, skipped)) else _MARGIN_URL if any(
        written_lost(a, tr) for k in skipped for a in ups[k].anchors & lost) else _MARGIN_ADDRESS if any(
        address_lost(ups[k].anchors & lost, tr) for k in skipped) else _MARGIN_WHOLE
    if not skipped or full - partial < margin or (partial - skip_cost > _FIT and shortfall > _FAR_SHORT):
        return None
    skipped = opening(ups, _narrowed(ups, trs, ratio, kept, lost, skipped, partial), tr)
    other, elsewhere, _ = _align(ups, trs, ratio, kept | frozenset(_own_key(k) for k in skipped), lost, True,
                                 forbid=frozenset(skipped))
    ambiguous = other - partial < min(margin, _AMBIGUOUS)
    if ambiguous and (shortfall > _SHORTFALL_AMBIGUOUS or not elsewhere):
        return None  # another part could as well be the one left out, and the block is not clearly short
    least = _MIN_MISSING_SHARE_LOST if any(surely_lost(ups[k].anchors & lost, tr) for k in skipped) \
        else MIN_MISSING_SHARE
    if sum(ups[k].length for k in skipped) < least * total:
        return None
    # (or one of two readings alike: the block stops short, or it leaves out another part)
    if count > 1:
        ends_of = (skipped, elsewhere if ambiguous else [])
    else:  # (a block of one sentence: only its end, when no other part could be it, by _MARGIN_END)
        ends_of = () if ambiguous or full - partial < _MARGIN_END else (skipped,)
    at_end = any(part and part == list(range(len(ups) - len(part), len(ups))) for part in ends_of)
    # a name lost (weaker than code: a translator may translate it) tells only of a sentence's
    # end left out, not of clauses inside a sentence whose end the translation renders
    ends = all(k + 1 in skipped or k + 1 == len(ups) or ups[k + 1].sentence != ups[k].sentence for k in skipped)
    told = {a for k in skipped for a in ups[k].anchors & lost if ends or not a.startswith(NAME)}
    if not fewer and not told \
            and shortfall > (_SHORTFALL_LENGTH_ONLY_END if at_end else _SHORTFALL_LENGTH_ONLY):
        return None  # as many sentences as upstream and no anchor lost: only a clear shortfall tells
    return Omitted(_quoted_parts(ups, skipped), _quoted_parts(ups, elsewhere) if ambiguous else [])


def _narrowed(ups: list[Unit], trs: list[Unit], ratio: Ratio, kept: frozenset[str], lost: frozenset[str],
              skipped: list[int], cost: float) -> list[int]:
    """``skipped`` without the units at the edges of a run of it that hold none of the lost
    anchors its other units hold, when the reading that translates them costs at most
    :data:`_NARROWED` more: of readings about as cheap, the one that leaves out least, the
    part whose code the translation lost (a clause left out of the middle of a sentence that
    the translation renders whole around it)."""
    runs: list[list[int]] = []
    for k in skipped:
        if runs and runs[-1][-1] == k - 1:
            runs[-1].append(k)
        else:
            runs.append([k])
    for n, run in enumerate(runs):
        core = [k for k in run if ups[k].anchors & lost]
        if not core or len(core) == len(run) or (core[0], core[-1]) == (run[0], run[-1]):
            continue
        narrower = [k for r in runs[:n] for k in r] + list(range(core[0], core[-1] + 1)) + \
            [k for r in runs[n + 1:] for k in r]
        left_out = set(narrower)
        rest = [u for k, u in enumerate(ups) if k not in left_out]
        full = _align(rest, trs, ratio, kept, lost, False)[0]
        if full + _SKIP_COST * len(runs) <= cost + _NARROWED:
            runs[n] = list(range(core[0], core[-1] + 1))
    return [k for r in runs for k in r]


#: A reading that leaves out less may cost this much more (squared standard deviations).
_NARROWED = 1.0


def _too_short(unit: Unit, up: Block, tr: Block, ratio: Ratio, memo: dict) -> Omitted | None:
    """The clause of a one-clause upstream block, when the translation is far shorter than it
    predicts (:data:`_SHORTFALL_ONE_CLAUSE`): a list item of which the translation kept only
    its emoji or its first words."""
    tr_length = lengths(memo, up, tr)[1]
    return Omitted([unit.text], []) if ratio.deviation(unit.length, tr_length) <= _SHORTFALL_ONE_CLAUSE else None


def _kept_and_lost(ups: list[Unit], trs: list[Unit], tr: Block, tr_held: tuple[str, tuple[str, ...]],
                   up_code: tuple[str, ...] = (), lower: Container[str] | None = None,
                   terms: Container[str] = (), unlatin: bool = False,
                   up_links: tuple[str, ...] = ()) -> tuple[frozenset[str], frozenset[str]]:
    """The anchors of one upstream sentence alone (of one or more of its clauses) that the
    translation keeps, and those it lost;
    in a translation written in another script (``unlatin``: its language's; or most letters
    of its prose, code, macros and references aside), a name in Latin letters of one sentence
    alone that the translation writes marks the units holding it as kept (``ups`` get their
    keys)."""
    in_translation = frozenset().union(*(t.anchors for t in trs)) | frozenset(tr.anchors.code)
    raw = " ".join((tr.text, *tr.anchors.links, *tr.anchors.numbers))  # macros hold numbers too
    # written another way is not left out (`cargo .toml` for `Cargo.toml`: code-mismatch's)
    folded = {loose(a) for a in in_translation}
    owners: dict[str, set[int]] = {}
    for u in ups:
        for a in u.anchors:
            owners.setdefault(a, set()).add(u.sentence)
    own = {a for a, k in owners.items() if len(k) == 1}  # anchors that one sentence alone holds
    upstream_all = frozenset().union(*(u.anchors for u in ups))
    # written inside another anchor the translation keeps is not kept: `clip-path` of a
    # sentence left out, beside the {{cssxref("clip-path")}} of the sentence translated
    inside = {a: sum(b.count(a) for b in upstream_all if b != a and a in b and b in in_translation)
              # (and inside a link both have: `uv` in the URL of "docs.astral.sh/uv/…")
              + sum(url.count(a) for url in tr.anchors.links if url in up_links) for a in own}
    kept = frozenset(a for a in own if a in in_translation or loose(a) in folded
                     or (a in raw and raw.count(a) > inside[a]))
    # nor written almost alike where the translation has code upstream has not: code-mismatch's
    # (`errorCaptured()` for `onErrorCaptured()`), in a sentence it translates
    ours = {loose(a) for a in upstream_all}
    theirs = [c for c in dict.fromkeys(tr.anchors.code) if loose(c) not in ours]
    if theirs:
        kept |= _written_alike([a for a in own - kept if not NUMBER_RE.fullmatch(a)], theirs)
    # a macro the translation writes another way ({{domxref("element.blur()")}}) is no loss,
    # nor a number when the translation gives another one (a number that differs)
    other_numbers = any(NUMBER_RE.fullmatch(a) and a not in upstream_all for a in in_translation)
    source = tr.source.lower()
    lost = frozenset(a for a in own if a not in kept and not (a.startswith("{") and named_in(a, source))
                     and not (other_numbers and NUMBER_RE.fullmatch(a)))
    held, anchors = tr_held  # (the translation's masked())
    written = " ".join(tr.text.split())
    for k, u in enumerate(ups):
        # a clause the translation writes as upstream does (left in English) is there; not a
        # name of several words (`Extensible Hypertext Markup Language`)
        text = " ".join(u.text.split()).rstrip(".,;:!?")
        if sum(w[0].islower() for w in text.split()) >= _SAME_WORDS and text in written:
            ups[k] = Unit(u.text, u.length, u.anchors | {_own_key(k)}, u.sentence)
            kept |= {_own_key(k)}
    latin = not (unlatin or _is_unlatin(held))  # (in another script, its names in Latin letters say what is kept)
    writes = getattr(terms, "writes", None)
    if not latin or writes is not None:
        for k in units_named(ups, unmask(held, anchors), latin, writes):  # (a reference as its number only)
            ups[k] = Unit(ups[k].text, ups[k].length, ups[k].anchors | {_own_key(k)}, ups[k].sentence)
            kept |= {_own_key(k)}
    return kept, lost | lost_names(ups, tr, up_code, lower, latin, terms if latin else ())


def _written_alike(lost: list[str], theirs: list[str]) -> set[str]:
    """The code spans of ``lost`` that a code span of the translation's own stands for, as
    code-mismatch reads a span replaced (:func:`~.consistency.code_variant`), each for one,
    the most alike first."""
    alike = sorted(((fuzz.ratio(a, c), a, c) for a in lost for c in theirs if code_variant(c, a)), reverse=True)
    found: set[str] = set()
    used: set[str] = set()
    for _, a, c in alike:
        if a not in found and c not in used:
            found.add(a)
            used.add(c)
    return found


def _quoted_parts(ups: list[Unit], skipped: list[int]) -> list[str]:
    """The skipped units, consecutive clauses of one sentence joined."""
    out: list[str] = []
    last = None
    for k in skipped:
        if last is not None and k == last + 1 and ups[k].sentence == ups[last].sentence:
            out[-1] += " " + ups[k].text
        else:
            out.append(ups[k].text)
        last = k
    return out


def _leads(tr: Block, ctx: Context) -> Callable[[str], bool]:
    """Whether a link of ``tr`` leads where an upstream URL does (as ``link-mismatch`` says)."""
    keys: list[tuple[str, str, str]] = []

    def leads(url: str) -> bool:
        if not keys and tr.anchors.links:
            keys.extend(normalize_link(t, ctx) for t in tr.anchors.links)
        key = normalize_link(url, ctx)
        return any(links_match(key, t, ctx) for t in keys)
    return leads


def _quote(text: str, width: int = 80) -> str:
    text = " ".join(text.split())
    return "\u201c" + (text if len(text) <= width else text[: width - 1] + "\u2026") + "\u201d"


@check("RS104", "coverage.omission", Severity.WARNING)
def omission(pair: Pair, ctx: Context) -> Iterator[Problem]:
    """A translated paragraph or list item leaves out part of its upstream: a sentence, the
    second half, a clause.

    How a block is read:
    - Length. Upstream is cut into sentences (a sentence into its clauses), the translation into sentences, aligned in
      order; each group's length is compared with what the document's own translation ratio predicts (the median of
      its translated paragraphs and list items, so a terse translator is not short; a block left in upstream's words
      is judged against upstream's length; a document too short for a ratio of its own, at its language's, measured on
      real translations). Words in Latin letters that a translation in another script writes as upstream does
      (``Rust``, ``JavaScript``) count for no length on either side; a code span of words in another script than Latin
      is prose. Upstream needs 40 characters of prose, those names aside, to be judged (30 for a block without the
      references its page writes everywhere else, or one that stops unfinished, below).
    - What the translation keeps. A sentence whose numbers, code or link the translation keeps is translated (not the
      references a block ends with, "(Firefox bug 1452645)", which cite the whole entry); so is, in a translation in
      another script (its language's, or most of its letters), one whose own Latin name it writes; in Latin letters,
      one whose own term the page keeps (``Python``); a clause it writes as upstream does, left in English; code it
      writes almost alike in a span upstream has not (`errorCaptured()` for `onErrorCaptured()`). Code a macro's text
      names (``{{domxref("X.message_event", "X.onmessage")}}``) is code; a reference macro is lost when the
      translation names its target nowhere (``{{CSSxRef("font-stretch")}}`` keeps it).
    - What it lost. A sentence whose link the translation lost (no link of it leads there) costs more to read as
      translated; half as much, one whose own name it writes nowhere (``JavaScript``, ``SPA``, ``Nuxt``: a capital
      inside, or a capital where no sentence starts on a word upstream never writes in lower case; no common English
      word) while it writes another name of the block as it is (in another script, any Latin word of upstream's block;
      in Latin script, a name with a capital inside needs none), or a term it writes nowhere that the page keeps in
      its other blocks (``frontend``, ``token``: jargon, in two blocks at least, four in five). A block that lost a
      number, code span or link is judged at any length up to the predicted one; one that lost only a name or term, a
      deviation short. A name lost tells only of a sentence's end left out, not of clauses inside a sentence whose end
      is rendered. A sentence of two code spans or numbers, none kept, may be left out of a block a deviation long.

    When it is reported (err on the side of silence):
    - The reading that leaves the part out is clearly cheaper than any covering it all: by 2 squared deviations; by
      1.5 for whole sentences when the translation has fewer; by 1.0 when they hold a link's page it has nowhere; at
      all when they write out a URL it writes nowhere. The part is a fifth of the block at least (a tenth when it held
      a number, code span or link the translation lost); the end of one sentence and the next, or a sentence and the
      start of the next, are two parts. When another part could as well be the one left out (two sentences of about
      the same length), the block must be two deviations short, and both are quoted.
    - With as many sentences as upstream and no anchor lost: only when far shorter than predicted; a little less far
      when the part is the end of a block of several sentences (it stops short inside its last one) or of one
      sentence, clearly (by 4 squared deviations, no other part alike), or one of two readings alike.
    - A translation that stops short inside a clause, keeping the code and numbers of the block's start and none of
      its end, as long as that start predicts: the part from the last clause boundary before the first it lost.
    - So far shorter than predicted (4.5 deviations) that no reading fits, not even the one leaving out part of it:
      the parts that reading leaves out (``一度 `await myfile.read()` を。`` for "This is especially useful if you run
      `await myfile.read()` once and then need to read the contents again.": its first and last clauses).
    - Estimated (``"estimated": true``), nothing but the length telling the part: 3.5 deviations short (a block of one
      clause: 3.0); 1.5 short, writing none of the references, or not the code span, upstream ends with ("Die
      Schnittstellen zum Zugriff auf." for "… XUL `<tree>` elements have changed."); 1.0 short, writing none of the
      references upstream ends with, nor its own, where the page writes them in its other blocks (four in five, three
      at least); 1.0 short, stopping unfinished where upstream ends a sentence or a list item: a quote or bracket it
      opens and never closes, or a last word no sentence of its language ends with (an article, a preposition, a
      conjunction: "Durante la instalación marque la."; in Chinese or Japanese, one Latin letter). Quoted: upstream's
      end beyond the share the translation's length covers and the last code, number or link it keeps; when those
      reach upstream's end, upstream's start before the clause of the first (a language that writes upstream's last
      clause first); when it lost some after them, what follows the last it keeps.
    - A block left in upstream's words (three words at least, hyphenated ones one), 1.5 deviations shorter than
      upstream or without the code upstream ends with, is compared word for word: the runs of two words or more it
      leaves out are the parts ("App Manager: a new." for "App Manager: a new Manifest Editor was added.").

    Quoted: the upstream sentences or clauses with no counterpart; a part closing a parenthesis or quote from where it
    opens; of two readings about as cheap, the one leaving out less (the clause whose code was lost); a bold lead both
    open with is translated. A block of the translation pairing with nothing in the same section, as long as the part
    and with its numbers, may be the part set elsewhere: the finding names it, one level lower.

    Fails: "The new compiler is faster. It also supports new hardware. Users can enable it with one flag and get
    large gains on most models." / "新的编译器更快。". Passes: the same upstream /
    "新的编译器更快。它还支持新的硬件。用户只需一个开关即可启用它，并在大多数模型上获得很大的提升。"; "This release removes the old API." / "此版本删除了旧的 API。".
    """
    if len(pair.upstream) != 1 or len(pair.translation) != 1:
        return
    al = ctx.alignment
    up, tr = al.upstream.blocks[pair.upstream[0]], al.translation.blocks[pair.translation[0]]
    if up.kind not in KINDS or tr.kind != up.kind:
        return
    if tr.anchors.links and not up.anchors.links and not links_named(tr, up):
        return  # the translation links where upstream does not: two different items paired
    ratio = _ratio(ctx)
    found = omitted(up, tr, ratio, ctx.memo, _leads(tr, ctx) if up.anchors.links else None)
    if found:
        yield _finding(ctx, pair, up, tr, found, ratio)


def _ratio(ctx: Context) -> Ratio:
    """The document's ratio; what the rule reads of the page is read with it, at its first pair."""
    if "omission.ratio" not in ctx.memo:
        share_upstream(ctx.memo, ctx.alignment.upstream)
        ctx.memo.update({"omission.locale": ctx.locale, "omission.lower": LowerWords(ctx),
                         "omission.terms": KeptTerms(ctx.alignment, ctx.memo),
                         "omission.citing": partial(one_to_one, ctx.alignment)})
        ctx.memo["omission.ratio"] = document_ratio(ctx.alignment, ctx.locale, ctx.memo)
    return ctx.memo["omission.ratio"]


def _finding(ctx: Context, pair: Pair, up: Block, tr: Block, found: Omitted, ratio: Ratio) -> Problem:
    """The finding of what ``tr`` leaves out: the parts quoted, the alternative, or the block
    pairing with nothing that may be the part (then one level lower)."""
    missing = found.parts
    quoted = " ".join(_quote(s) for s in missing)
    what = "sentence" if len(missing) == 1 else "sentences"
    details: dict = {"uncovered": missing}
    if found.alternative:
        quoted += " (or for " + " ".join(_quote(s) for s in found.alternative) + ": the length does not say which)"
        details["or"] = found.alternative
    # (a block left in upstream's words is judged at upstream's length, and so is its part)
    factor = 1.0 if left_in_english(ctx.memo, up, tr) else math.exp(ratio.log_ratio)
    elsewhere = None if found.alternative else part_elsewhere(ctx.alignment, tr, missing, factor)
    if elsewhere is not None:
        quoted += (f"; the translation's {elsewhere.kind.replace('_', ' ')} at line {elsewhere.start}, which "
                   f"pairs with nothing and is as long, may be it")
        details["perhaps_at"] = elsewhere.start
    kind = up.kind.replace('_', ' ')
    message = f"{kind} leaves out part of upstream: no counterpart for the upstream {what} {quoted}"
    if found.estimated:
        details["estimated"] = True
        message = (f"{kind} leaves out part of upstream: {found.because}, and by its "
                   f"length the part left out is about {quoted}")
    return ctx.pair_finding(pair, message, details=details, minor=elsewhere is not None)
