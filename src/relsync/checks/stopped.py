"""A translation that stops short inside a clause: what :mod:`.omission` reports when the
sentences and clauses of a block leave nothing to skip (a list item whose second half is
missing, cut inside its one clause), told by the anchors the translation keeps of the
block's start and lost of its end (:func:`stopped_short`), or, far shorter than predicted,
by the share of upstream its length covers (:func:`far_short`)."""

from __future__ import annotations

import math
import re
from collections import Counter
from typing import Callable

from ..model import Block, BlockKind
from .lengths import SMOOTHING, Ratio, lengths, shared
from .masking import PLACEHOLDER_BASE, PLACEHOLDERS, anchor_numbers, masked_of, prose_length, unmask, written_whole
from .unfinished import unfinished
from .units import (BEFORE_CONJUNCTION, CITATION_RE, MAX_UNITS, MIN_MISSING_SHARE, cited, loose, unshared,
                    upstream_units)


def stopped_short(up: Block, tr: Block, ratio: Ratio, memo: dict) -> list[str] | None:
    """A translation that stops short: it keeps the code spans and numbers of the start of
    the upstream block and none of its end, and is as long as that start predicts (a list
    item whose second half is missing, cut inside a clause). The part quoted starts at the
    last sentence or clause boundary before the first anchor lost."""
    text, anchors, _ = masked_of(memo, "up", up)
    if not anchors and not any(ch.isdigit() for ch in text):
        return None
    kept = _kept_by(tr)
    last_kept, first_lost = -1, len(text)
    positioned = _positioned_anchors(text, anchors)
    if len(positioned) > MAX_UNITS:
        return None
    for at, value in positioned:
        if kept(value):
            last_kept = max(last_kept, at)
        else:
            first_lost = min(first_lost, at)
    if last_kept < 0 or first_lost == len(text) or last_kept > first_lost:
        return None  # nothing kept, nothing lost, or kept anchors after lost ones: not a cut end
    cut = max((m.end() for m in _CUT_RE.finditer(text, last_kept + 1, first_lost)), default=None)
    if cut is None:
        return None
    ours = shared(memo, up, tr)[0]

    def length(part: str) -> float:
        return prose_length(part) - unshared(part, ours)
    start, end = length(text[:cut]), length(text[cut:])
    if end < MIN_MISSING_SHARE * (start + end):
        return None
    # as long as upstream up to the cut, or up to the first anchor lost (the cut may be after it)
    factor = math.exp(ratio.log_ratio)
    tr_length = lengths(memo, up, tr)[1] + SMOOTHING
    least, most = factor * start + SMOOTHING, factor * length(text[:first_lost]) + SMOOTHING
    fit = math.log(tr_length / least if tr_length < least else most / tr_length if tr_length > most else 1.0)
    if abs(fit) / ratio.spread > _STOPPED_FIT:
        return None  # the translation is not as long as the start it keeps
    return [unmask(text[cut:].strip(), anchors)]


#: Where a part left out may start: after a sentence end, a comma, a colon, a semicolon, a
#: dash or an opening parenthesis, or before a conjunction (what :data:`.units.CLAUSE_RE` cuts at).
_CUT_RE = re.compile(r"[.!?;:,\u3002\uff0c\uff1b\uff1a]\s+|\s+(?=[\u2014(])|" + BEFORE_CONJUNCTION)
#: A translation that stops short is as long as the start of upstream it keeps within this
#: many standard deviations.
_STOPPED_FIT = 1.5


def _kept_by(tr: Block) -> Callable[[str], bool]:
    """Whether the translation keeps a code span, number or URL of upstream: as it is, in its
    text or links as a whole word, or written with other spaces or case (`cargo .toml` for
    `Cargo.toml`)."""
    in_translation = set(tr.anchors.code) | set(tr.anchors.numbers)
    raw = " ".join((tr.text, *tr.anchors.links))
    folded = {loose(a) for a in in_translation}

    # in the text as a whole token, not inside a word (`y` is not in "DOMPointReadOnly")
    return lambda value: value in in_translation or loose(value) in folded or written_whole(raw, value)


def _positioned_anchors(text: str, anchors: tuple[str, ...]) -> list[tuple[int, str]]:
    """The code spans, URLs and numbers of a masked text with their offsets."""
    out = [(k, anchors[ord(ch) - PLACEHOLDER_BASE]) for k, ch in enumerate(text) if ch in PLACEHOLDERS]
    out += [(m.start(), m.group(0)) for m in anchor_numbers(text)]
    return out


def far_short(up: Block, tr: Block, ratio: Ratio, memo: dict, least: float) -> list[str] | None:
    """A block of several clauses whose translation is ``least`` standard deviations or more
    shorter than predicted (a block of one clause is reported a little less short: several
    clauses short by 3.0 are a terse translator's paraphrase as often as not) when no sentence,
    clause or anchor tells the part left out: the end of upstream beyond the share of it the
    translation's length covers, and beyond the last code span, number or link it keeps (not
    the references the block ends with, which cite all of it), from the parenthesis it
    closes if it closes one; quoted as what the part may be."""
    text, anchors, total = masked_of(memo, "up", up)
    up_length, tr_length = lengths(memo, up, tr)
    if up_length <= 0 or ratio.deviation(up_length, tr_length) > least:
        return None
    if len(upstream_units(up, (text, anchors), shared(memo, up, tr)[0])[0]) > MAX_UNITS:
        return None  # not judged, as by the alignment of its sentences
    covered = min(1.0, tr_length / (math.exp(ratio.log_ratio) * up_length)) * total
    cut, seen = len(text), 0.0
    for m in _WORD_RE.finditer(text):
        if seen >= covered:
            cut = m.start()
            break
        seen += prose_length(m.group(0)) + 0.5
    kept = _kept_by(tr)
    citing = cited(up, (text, anchors))
    end = len(text)
    if citing and all(kept(value) for value in citing):
        end = CITATION_RE.search(text).start()  # the translation cites as upstream does
    positioned = _positioned_anchors(text, anchors)
    for at, value in positioned:
        if cut <= at < end and kept(value):
            cut = max(cut, at + 1)  # the translation keeps it: the part left out comes after
    for opens, closes in _OPENS_CLOSES:  # a part that closes a parenthesis or a quote starts where it opens
        opened = text.rfind(opens, 0, cut)
        if opened >= 0 and (text.count(closes, cut, end) > text.count(opens, cut, end) if opens != closes
                            else text.count(opens, cut, end) % 2 and text.count(opens, 0, cut) % 2) and not any(
                opened <= at < cut and kept(value) for at, value in positioned):
            cut = opened
    part = text[cut:end].strip()
    if prose_length(part) < MIN_MISSING_SHARE * total:
        # its start, when the anchors it keeps reach upstream's end (its references aside);
        # else what follows the last of them
        upto = CITATION_RE.search(text).start() if citing else end
        last = max((at for at, value in positioned if at < upto and kept(value)), default=-1)
        if last >= 0 and any(last < at < upto and not kept(value) for at, value in positioned):
            part = text[last + 1:end].lstrip(" ,;:")
        else:
            part = _before_kept(text, positioned, kept, tr, end)
        if prose_length(part) < MIN_MISSING_SHARE * total:
            return None
    return [unmask(part, anchors)]


def _before_kept(text: str, positioned: list[tuple[int, str]], kept: Callable[[str], bool], tr: Block,
                 end: int) -> str:
    """Upstream's start before the clause holding the first anchor the translation keeps,
    reading the anchors it keeps as upstream's last ones (an anchor upstream names twice and
    the translation once is its second): the part left out when the anchors kept reach
    upstream's end is its start (a language that writes upstream's last clause first,
    Japanese "…が含まれているとき、" for "when a manifest.json `background` key contains …",
    keeps that clause and leaves out the main one); ``kept``: :func:`_kept_by` of ``tr``."""
    held = Counter(tr.anchors.code) + Counter(tr.anchors.numbers)
    first = None
    for at, value in reversed([(at, value) for at, value in positioned if at < end]):
        if kept(value) and (held[value] > 0 or value not in held):
            held[value] -= 1
            first = at
    if first is None:
        return ""
    cuts = [m.start() for m in _CUT_RE.finditer(text, 0, first)]
    return text[:cuts[-1] if cuts else first].strip()


_WORD_RE = re.compile(r"\S+")
_OPENS_CLOSES = (("(", ")"), ("“", "”"), ('"', '"'))


#: Why a part estimated by the length is left out, when the references upstream ends with
#: are not in the translation ...
UNCITED = "shorter than upstream predicts, without the references it ends with"
#: ... or when the code upstream ends with is not in the translation (at 1.0 short, `methods`
#: written 方法 and a paragraph that drops `JSONResponse` and keeps its sense are reported) ...
CODE_LOST = "shorter than upstream predicts, without the code it ends with"
#: ... or when the translation stops unfinished (:mod:`.unfinished`).
UNFINISHED = "shorter than upstream predicts, and stops unfinished ({})"


def why_short(up: Block, tr: Block, memo: dict, stops: str | None) -> str | None:
    """What tells that a translation shorter than predicted left out upstream's end, when no
    sentence, clause or anchor tells which part it left out: the references or the code
    upstream ends with lost, or an unfinished end (``stops``: :func:`stops_unfinished`, as
    the caller read it)."""
    if citation_lost(up, tr, memo):
        return UNCITED
    if end_lost(up, tr, memo):
        return CODE_LOST
    return UNFINISHED.format(stops) if stops else None


def stops_unfinished(up: Block, tr: Block, memo: dict) -> str | None:
    """Why the translation stops unfinished (:func:`~.unfinished.unfinished`, in the locale
    ``memo`` records), or ``None``."""
    return unfinished(masked_of(memo, "up", up)[0], masked_of(memo, "tr", tr)[0], memo.get("omission.locale", ""),
                      item=up.kind == BlockKind.LIST_ITEM)


def citation_lost(up: Block, tr: Block, memo: dict) -> bool:
    """Whether upstream ends with references (a bug number, a pull request) of which the
    translation writes none, in no link, text or macro."""
    citing = cited(up, masked_of(memo, "up", up)[:2])
    if not citing:
        return False
    kept = _kept_by(tr)
    return not any(kept(value) or value in tr.source for value in citing)


#: A page's translation cites as upstream does when it writes the references upstream ends a
#: block with in this share at least of its other one-to-one blocks that have them ...
_CITES_SHARE = 0.8
#: ... and in this many at least.
_CITES_BLOCKS = 3


def uncited_on_citing_page(up: Block, tr: Block, memo: dict) -> bool:
    """Whether ``tr`` writes none of the references ``up`` ends with (:func:`citation_lost`),
    nor any of its own (a number that differs is number-mismatch's), where the page's
    translation writes them in its other blocks (:data:`_CITES_SHARE` of them, at least
    :data:`_CITES_BLOCKS`): a translator who keeps every reference and not this one stopped
    before it. ``memo["omission.citing"]``: what gives the page's one-to-one blocks (the rule
    records it)."""
    if not citation_lost(up, tr, memo) or cited(tr, masked_of(memo, "tr", tr)[:2]):
        return False
    counts = memo.get("omission.cites")
    if counts is None:
        blocks = memo.get("omission.citing")
        cite = [not citation_lost(u, t, memo) for u, t in (blocks() if blocks else ())
                if cited(u, masked_of(memo, "up", u)[:2])]
        counts = memo["omission.cites"] = (sum(cite), len(cite))
    kept, total = counts  # (this block among them, lost)
    return kept >= _CITES_BLOCKS and kept >= _CITES_SHARE * (total - 1)


def end_lost(up: Block, tr: Block, memo: dict) -> bool:
    """Whether a code span upstream ends with, its references aside, is not in the
    translation, nor any code span or number after it: "在請求與回應中會被當。" for "In
    requests and responses will be treated as `str`."."""
    text, anchors, _ = masked_of(memo, "up", up)
    citing = cited(up, (text, anchors))
    end = CITATION_RE.search(text).start() if citing else len(text)
    positioned = [(at, value) for at, value in _positioned_anchors(text, anchors) if at < end]
    if not positioned:
        return False
    kept = _kept_by(tr)
    numbers = {m.group(0) for m in anchor_numbers(text)}  # (a number that differs is number-mismatch's)
    lost = [at for at, value in positioned if not kept(value) and value not in tr.source and value not in numbers]
    return bool(lost) and not any(kept(value) for at, value in positioned if at > min(lost))
