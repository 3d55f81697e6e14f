"""Each aligned pair with one status and its findings: what the side-by-side views show."""

from __future__ import annotations

from dataclasses import dataclass

from ..dialects import has_content
from ..model import Alignment, Finding, Pair, StrEnum


class PairStatus(StrEnum):
    """What is wrong with an aligned pair, as the side-by-side views mark it."""

    MISSING = "missing"
    EXTRA = "extra"
    UNTRANSLATED = "untranslated"
    INCONSISTENT = "inconsistent"
    STALE = "stale"
    OK = "ok"


#: Pair statuses, most important first.
STATUSES = tuple(PairStatus)
_STATUS_OF_SLUG = {
    "missing": PairStatus.MISSING,
    "omission": PairStatus.MISSING,  # a part of the block is missing
    "extra": PairStatus.EXTRA,
    "orphaned": PairStatus.EXTRA,
    "untranslated": PairStatus.UNTRANSLATED,
    "untranslated-clause": PairStatus.UNTRANSLATED,
    "stale": PairStatus.STALE,
}


@dataclass
class PairView:
    pair: Pair
    status: PairStatus
    findings: list[Finding]


def status_of(finding: Finding) -> PairStatus:
    return _STATUS_OF_SLUG.get(finding.slug, PairStatus.INCONSISTENT)


def pair_statuses(al: Alignment, findings: list[Finding]) -> list[PairView]:
    """Attach each finding to the pair that holds its line, and give every pair a status."""
    by_tr = _line_index(al, "translation")
    by_up = _line_index(al, "upstream")
    views = [PairView(p, PairStatus.OK, []) for p in al.pairs]
    for f in findings:
        k = None
        if f.upstream is not None and f.upstream.path == al.upstream.path and f.slug == "missing":
            k = by_up.get(f.upstream.line)
        if k is None and f.translation is not None and f.translation.path == al.translation.path:
            k = by_tr.get(f.translation.line)
        if k is None and f.upstream is not None and f.upstream.path == al.upstream.path:
            k = by_up.get(f.upstream.line)
        if k is None:
            continue
        views[k].findings.append(f)
    for view in views:
        if not view.pair.translation:  # (structure with nothing to translate is not missing)
            missing = view.findings or any(has_content(al.upstream.blocks[i]) for i in view.pair.upstream)
            view.status = PairStatus.MISSING if missing else PairStatus.OK
            continue
        if not view.pair.upstream:
            view.status = PairStatus.EXTRA
            continue
        statuses = {status_of(f) for f in view.findings}
        view.status = next((s for s in STATUSES if s in statuses), PairStatus.OK)
    return views


def _line_index(al: Alignment, side: str) -> dict[int, int]:
    """Source line -> index of the pair holding it; the smallest block wins (a front-matter
    title line belongs to the title, not to the front matter around it)."""
    doc = al.upstream if side == "upstream" else al.translation
    owned = []
    for k, pair in enumerate(al.pairs):
        for idx in getattr(pair, side):
            b = doc.blocks[idx]
            owned.append((b.end - b.start, b.start, b.end, k))
    index: dict[int, int] = {}
    for _, start, end, k in sorted(owned, reverse=True):
        for line in range(start, end + 1):
            index[line] = k
    return index
