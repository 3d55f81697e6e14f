"""Omission: a translated block that does not cover its upstream block.

Each upstream block is cut into sentences (:mod:`relsync.sentences`; one sentence into its
clauses), the translation into sentences, and the two are aligned as a translator writes
them, in order: one upstream sentence to one translated sentence, two to one, one to two, or
an upstream sentence with no counterpart. The cost of a group is how far its length is from
the length the document's own translation ratio predicts (the median of its blocks' length
ratios, so a terse translator is not short), against the spread of that ratio in the
document; a sentence whose numbers, code or names the translation keeps is not skipped.
A block is reported when skipping upstream sentences explains its length clearly better than
any reading that covers them all.
"""

from __future__ import annotations

import math
import re
import statistics
from dataclasses import dataclass
from typing import Iterator

from .. import dialects, sentences
from ..anchors import URL_RE
from ..languages import language_code
from ..model import Alignment, Block, Pair, Severity
from .registry import Context, Problem, check

_KINDS = ("paragraph", "list_item")
#: Blocks of at least this many prose characters upstream give the document's ratio.
_RATIO_MIN_CHARS = 30
#: A document needs this many such blocks for its own ratio; with fewer, the language's.
_RATIO_MIN_BLOCKS = 6
#: Length ratios (translation / English, in characters of prose) by language, for documents
#: too short to give their own: medians measured on the corpora (benchmarks/RESULTS.md).
_DEFAULT_RATIO = {"zh": 0.37, "ja": 0.57, "ko": 0.6, "yue": 0.37}
#: The spread (standard deviation of the log ratio) assumed at least, and by default.
_MIN_SPREAD = 0.22
_DEFAULT_SPREAD = 0.3
#: An upstream block needs this many prose characters to be judged.
_MIN_CHARS = 40
#: The part of the block without counterpart, in characters of prose, at least.
_MIN_MISSING_SHARE = 0.25
#: Cost of leaving one upstream unit without counterpart (in squared standard deviations).
_SKIP_COST = 4.0
#: Cost of each sentence more than one in a group (two upstream sentences translated as one).
_MERGE_COST = 2.0
#: Cost of each number or code span of an upstream unit that the translation lost, when the
#: unit is read as translated (at most two count).
_LOST_ANCHOR_COST = 3.0
#: ... and with such a loss.
_SHORTFALL_WITH_LOSS = -0.5
#: The whole translation must be at least this many standard deviations shorter than predicted.
_SHORTFALL = -2.0
#: How much cheaper (squared standard deviations) the reading with skipped units must be.
_MARGIN = 3.5
#: The reading with skipped units must fit the rest this well (sum of squared deviations).
_FIT = 4.0
_IMAGES_ONLY_RE = re.compile(r"\s*(?:!\[[^\]]*\]\([^)]*\)\s*)+")
_CLAUSE_RE = re.compile(r"(?<=[,;:])\s+|\s+(?=\u2014)|(?<=\u2014)\s*|\s+(?:and|but|so|which|while|because|or)\s+")
_NUMBER_RE = re.compile(r"\d+(?:[.,]\d+)*")


def _length(text: str) -> int:
    """Characters of prose: no code, no spaces (half of them count: CJK writes none)."""
    letters = sum(1 for ch in text if ch not in _PLACEHOLDERS and not ch.isspace())
    return letters + sum(1 for ch in text if ch == " ") // 2


_PLACEHOLDER_BASE = 0xE000
_PLACEHOLDERS = frozenset(chr(_PLACEHOLDER_BASE + k) for k in range(4096))


def masked(block: Block) -> tuple[str, tuple[str, ...]]:
    """A block's text with template syntax reduced to its prose, URLs dropped and each code
    span replaced by one private-use character (the ``k``-th code span by U+E000 + ``k``), so
    that no sentence or clause is cut inside code and code counts for no length."""
    text = URL_RE.sub(" ", dialects.split(block.text)[0])
    code = tuple(sorted({c for c in block.anchors.code if c}, key=len, reverse=True))[:4096]
    for k, c in enumerate(code):
        text = text.replace(c, chr(_PLACEHOLDER_BASE + k))
    return " ".join(text.split()), code


@dataclass(frozen=True, slots=True)
class Ratio:
    """A document's translation length ratio and its spread (log scale)."""

    log_ratio: float
    spread: float


def document_ratio(al: Alignment, locale: str) -> Ratio:
    """The median log length ratio of the document's one-to-one paragraphs and list items,
    and the spread around it (1.4826 x the median absolute deviation)."""
    logs = []
    for pair in al.pairs:
        if len(pair.upstream) != 1 or len(pair.translation) != 1:
            continue
        up, tr = al.upstream.blocks[pair.upstream[0]], al.translation.blocks[pair.translation[0]]
        if up.kind not in _KINDS or tr.kind != up.kind:
            continue
        a, b = _length(masked(up)[0]), _length(masked(tr)[0])
        if a >= _RATIO_MIN_CHARS and b:
            logs.append(math.log(b / a))
    if len(logs) < _RATIO_MIN_BLOCKS:
        default = _DEFAULT_RATIO.get(language_code(locale), 1.1) if locale else 1.0
        return Ratio(math.log(default), _DEFAULT_SPREAD)
    median = statistics.median(logs)
    mad = statistics.median(abs(x - median) for x in logs)
    return Ratio(median, max(_MIN_SPREAD, 1.4826 * mad))


@dataclass(slots=True)
class Unit:
    text: str
    length: int
    anchors: frozenset[str]


def _anchors(text: str, code: tuple[str, ...]) -> frozenset[str]:
    """What a translation keeps of a piece of text: its code spans and numbers."""
    found = {code[ord(ch) - _PLACEHOLDER_BASE] for ch in text if ch in _PLACEHOLDERS}
    found |= {n for n in _NUMBER_RE.findall(text) if len(n) > 1 or "." in n}
    return frozenset(found)


def _unmask(text: str, code: tuple[str, ...]) -> str:
    return "".join(code[ord(ch) - _PLACEHOLDER_BASE] if ch in _PLACEHOLDERS else ch for ch in text)


def upstream_units(block: Block) -> tuple[list[Unit], int]:
    """The sentences of an upstream block, or the clauses of its one sentence; and the
    number of its sentences."""
    text, code = masked(block)
    parts = sentences.split(text)
    count = len(parts)
    if count == 1:
        parts = _clauses(parts[0])
    return [Unit(_unmask(p, code), _length(p), _anchors(p, code)) for p in parts], count


def _clauses(sentence: str) -> list[str]:
    """A sentence cut at its commas, semicolons, colons, dashes and conjunctions, each piece
    at least 15 characters (a shorter one joins the piece before it)."""
    cuts = [m.start() for m in _CLAUSE_RE.finditer(sentence)] + [len(sentence)]
    out: list[str] = []
    last = 0
    for cut in cuts:
        piece = sentence[last:cut]
        if out and (len(piece.strip()) < 15 or len(out[-1].strip()) < 15):
            out[-1] += piece
        else:
            out.append(piece)
        last = cut
    return [p.strip() for p in out if p.strip()]


def _translation_units(block: Block) -> list[Unit]:
    text, code = masked(block)
    return [Unit(_unmask(p, code), _length(p), _anchors(p, code)) for p in sentences.split(text)]


def _group_cost(up: list[Unit], tr: list[Unit], ratio: Ratio, lost: frozenset[str]) -> float:
    lu = sum(u.length for u in up)
    lt = sum(t.length for t in tr)
    expected = math.exp(ratio.log_ratio) * lu
    z = math.log((lt + 4) / (expected + 4)) / ratio.spread
    missing = len(frozenset().union(*(u.anchors for u in up)) & lost)
    return z * z + min(2, missing) * _LOST_ANCHOR_COST


def _align(ups: list[Unit], trs: list[Unit], ratio: Ratio, kept: frozenset[str], lost: frozenset[str],
           allow_skip: bool, merge: float) -> tuple[float, list[int]]:
    """The cheapest monotone alignment of the units: its cost and the upstream units it
    leaves without counterpart. An upstream unit with a number or code span of its own that
    the translation keeps cannot be skipped; one whose own anchors the translation lost
    costs more to translate than to skip."""
    inf = float("inf")
    n, m = len(ups), len(trs)
    best = [[(inf, ())] * (m + 1) for _ in range(n + 1)]
    best[0][0] = (0.0, ())
    moves = [(a, b) for a in (1, 2, 3) for b in (1, 2)] + [(0, 1)] + ([(1, 0)] if allow_skip else [])
    for i in range(n + 1):
        for j in range(m + 1):
            cost, skipped = best[i][j]
            if cost == inf:
                continue
            for a, b in moves:
                if i + a > n or j + b > m:
                    continue
                if b == 0:
                    if ups[i].anchors & kept:
                        continue
                    step, more = _SKIP_COST, (i,)
                elif a == 0:
                    step, more = _SKIP_COST, ()
                else:
                    step = _group_cost(ups[i:i + a], trs[j:j + b], ratio, lost) + (a + b - 2) * merge
                    more = ()
                if cost + step < best[i + a][j + b][0]:
                    best[i + a][j + b] = (cost + step, skipped + more)
    cost, skipped = best[n][m]
    return cost, list(skipped)


def uncovered(up: Block, tr: Block, ratio: Ratio) -> list[str]:
    """The upstream sentences (or clauses) of ``up`` that ``tr`` clearly does not cover;
    empty when it covers them, or when that cannot be told for sure."""
    if _IMAGES_ONLY_RE.fullmatch(up.source):
        return []  # an image's alt text is no prose a reader misses
    ups, count = upstream_units(up)
    total = sum(u.length for u in ups)
    if len(ups) < 2 or total < _MIN_CHARS:
        return []
    trs = _translation_units(tr)
    lt = sum(t.length for t in trs)
    if not lt:
        return []
    in_translation = frozenset().union(*(t.anchors for t in trs)) | frozenset(tr.anchors.code)
    owners: dict[str, int] = {}
    for u in ups:
        for a in u.anchors:
            owners[a] = owners.get(a, 0) + 1
    own = {a for a, k in owners.items() if k == 1}  # anchors that one unit alone holds
    kept = frozenset(a for a in own if a in in_translation)
    lost = frozenset(a for a in own if a not in in_translation and a not in tr.text)
    shortfall = math.log(lt / (math.exp(ratio.log_ratio) * total)) / ratio.spread
    if shortfall > (_SHORTFALL_WITH_LOSS if lost else _SHORTFALL):
        return []
    merge = _MERGE_COST if count > 1 else 0.0  # clauses are merged as a matter of course
    full, _ = _align(ups, trs, ratio, kept, lost, False, merge)
    partial, skipped = _align(ups, trs, ratio, kept, lost, True, merge)
    if not skipped or full - partial < _MARGIN or partial - _SKIP_COST * len(skipped) > _FIT:
        return []
    if sum(ups[k].length for k in skipped) < _MIN_MISSING_SHARE * total:
        return []
    if count > 1 and len(trs) >= count and not any(ups[k].anchors & lost for k in skipped):
        return []  # as many sentences as upstream: a terse translation, unless anchors are lost
    return [ups[k].text for k in skipped]


def _quote(text: str, width: int = 80) -> str:
    text = " ".join(text.split())
    return "\u201c" + (text if len(text) <= width else text[: width - 1] + "\u2026") + "\u201d"


@check("RS104", "coverage.omission", Severity.WARNING)
def omission(pair: Pair, ctx: Context) -> Iterator[Problem]:
    """A translated paragraph or list item leaves out part of its upstream: a sentence, the
    second half, a clause.

    The translation's length is compared with the length the document's own translation
    ratio predicts for each upstream sentence (so a terse translator is not flagged for
    being terse), sentence by sentence in order; a sentence whose numbers or code the
    translation keeps counts as translated. Only a block that clearly lacks a part is
    reported, with the upstream sentences that have no counterpart.

    Fails: "The new compiler is faster. It also supports new hardware. Users can enable it
    with one flag and get large gains on most models." / "新的编译器更快。". Passes: the same
    upstream / "新的编译器更快。它还支持新的硬件。用户只需一个开关即可启用它，并在大多数模型上获得很大的提升。";
    "This release removes the old API." / "此版本删除了旧的 API。".
    """
    if len(pair.upstream) != 1 or len(pair.translation) != 1:
        return
    al = ctx.alignment
    up, tr = al.upstream.blocks[pair.upstream[0]], al.translation.blocks[pair.translation[0]]
    if up.kind not in _KINDS or tr.kind != up.kind:
        return
    ratio = ctx.memo.get("omission.ratio")
    if ratio is None:
        ratio = ctx.memo["omission.ratio"] = document_ratio(al, ctx.locale)
    missing = uncovered(up, tr, ratio)
    if missing:
        quoted = " ".join(_quote(s) for s in missing)
        what = "sentence" if len(missing) == 1 else "sentences"
        yield ctx.pair_finding(pair, f"{up.kind.replace('_', ' ')} leaves out part of upstream: "
                                     f"no counterpart for the upstream {what} {quoted}",
                               details={"uncovered": missing})
