"""Headings at another level than upstream's: one by one, or a whole page shifted."""

from __future__ import annotations

from typing import Iterator

from ..model import Alignment, BlockKind, Pair, Severity
from .consistency import matched_sides
from .registry import Context, Problem, check

#: Headings a page holds, at least, all at one other level than upstream's, for the shift to
#: be the page's and reported once.
SHIFTED_PAGE_HEADINGS = 3


@check("RS206", "consistency.heading-level", Severity.WARNING)
def heading_level(pair: Pair, ctx: Context) -> Iterator[Problem]:
    """A translated heading has a different level than its upstream heading.

    A front-matter `title` counts as a level-1 heading. A page whose headings (titles aside)
    all stand at one other level than upstream's, three or more (every `##` a `###`), is
    reported once, at its first heading, with how many are shifted.

    Fails: "## Beta features" / "### 测试版功能". Passes: "## Beta features" / "## 测试版功能".
    """
    sides = matched_sides(pair, ctx)
    if sides is None:
        return
    up, tr = sides[0][0], sides[1][0]
    if not (up.is_heading and tr.is_heading and up.level != tr.level):
        return
    message = f"heading level {tr.level} in translation, {up.level} upstream"
    if "heading-level.shift" not in ctx.memo:
        ctx.memo["heading-level.shift"] = _page_shift(ctx.alignment)
    shift = ctx.memo["heading-level.shift"]
    if shift is None or not up.kind == tr.kind == BlockKind.HEADING:  # (a title is no part of the shift)
        yield ctx.pair_finding(pair, message)
    elif shift[0] == tr.index:
        way = "deeper" if shift[1] > 0 else "higher"
        levels = "one level" if abs(shift[1]) == 1 else f"{abs(shift[1])} levels"
        yield ctx.pair_finding(pair, f"{message}: every heading of the page stands {levels} {way} "
                                     f"than upstream's ({shift[2]} headings)", details={"headings": shift[2]})


def _page_shift(al: Alignment) -> tuple[int, int, int] | None:
    """The first translated heading, the shift and the number of headings, when every paired
    heading of the page (titles aside) stands at one other level than upstream's."""
    found = []
    for pair in al.pairs:
        if pair.is_match and len(pair.upstream) == len(pair.translation) == 1:
            up, tr = al.upstream.blocks[pair.upstream[0]], al.translation.blocks[pair.translation[0]]
            if up.kind == tr.kind == BlockKind.HEADING:
                found.append((tr.index, tr.level - up.level))
    shifts = {d for _, d in found}
    if len(found) < SHIFTED_PAGE_HEADINGS or len(shifts) != 1 or 0 in shifts:
        return None
    return min(found)[0], found[0][1], len(found)
