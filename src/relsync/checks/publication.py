"""The date a document was published, against the date its translation gives it.

A post's publication date is its front matter's ``date:``, else the ``YYYY-MM-DD-`` that
starts a Jekyll or Hugo post's file name (``_posts/2025-01-29-pytorch2-6.md``,
``blog/_posts/2025-04-23-Kubernetes-v1-33-Release/index.md``). This is the document-scope
implementation of ``date-mismatch``: the pair rule compares a dateline with upstream's
dateline; this one compares it with the date of the document itself, which upstream may
not write in its text at all.
"""

from __future__ import annotations

import datetime as _dt
import re
from pathlib import PurePosixPath
from typing import Iterator

from .. import front_matter
from ..model import Alignment, BlockKind, Document, Severity
from .consistency import _dates_equal
from .registry import Context, Problem, Scope, check

_DATE_PREFIX_RE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})-")
_ISO_RE = re.compile(r"^\s*(\d{4})-(\d{2})-(\d{2})")
#: A dateline is a short block among the first few of a document that gives one date.
DATELINE_BLOCKS = 6
DATELINE_LENGTH = 48


def front_matter_date(doc: Document) -> tuple[str, int] | None:
    """``date:`` of a document's front matter as an ISO date, with its line."""
    value = doc.front_matter.get("date") if doc.front_matter else None
    if isinstance(value, (_dt.date, _dt.datetime)):
        iso = value.strftime("%Y-%m-%d")
    elif isinstance(value, str) and _ISO_RE.match(value):
        iso = "-".join(_ISO_RE.match(value).groups())
    else:
        return None
    block = next((b for b in doc.blocks if b.kind == BlockKind.FRONT_MATTER), None)
    line = front_matter.key_line(doc.text.split("\n"), block.start - 1, block.end, block.info or front_matter.YAML,
                                 "date") if block is not None else None
    return iso, line or 1


def publication_date(doc: Document) -> tuple[str, str, int | None] | None:
    """When the upstream document was published, what says so, and the line that says it."""
    found = front_matter_date(doc)
    if found is not None:
        return found[0], "its front matter", found[1]
    path = PurePosixPath(doc.path)
    for name in (path.name, path.parent.name) if path.stem in ("index", "_index") else (path.name,):
        m = _DATE_PREFIX_RE.match(name)
        if m:
            return "-".join(m.groups()), f"its file name {name}", None
    return None


@check("RS202", "consistency.date-mismatch", Severity.ERROR, scope=Scope.DOCUMENT)
def publication_date_mismatch(al: Alignment, ctx: Context) -> Iterator[Problem]:
    """A translation dates the document otherwise than upstream's publication date.

    The publication date is upstream's front-matter `date:`, else the date a Jekyll or Hugo
    post's file name starts with. The translation's `date:`, and a dateline among its first
    blocks that no upstream block with a date is paired with, must give that date.

    Fails: `_posts/2025-01-29-pytorch2-6.md` / "发布: 2024年10月17日" (2.5's date). Passes:
    `_posts/2024-10-17-pytorch2-5.md` / "发布: 2024年10月17日".
    """
    published = publication_date(al.upstream)
    if published is None:
        return
    date, source, up_line = published
    own = front_matter_date(al.translation)
    if own is not None and not _dates_equal(own[0], date):
        yield ctx.finding(f"translation's front matter dates it {own[0]}; upstream was published {date} "
                          f"(from {source})", upstream_line=up_line, translation_line=own[1],
                          details={"upstream": [date], "translation": [own[0]]})
    for block in _datelines(al):
        given = block.anchors.dates[0]
        if not _dates_equal(given, date):
            yield ctx.finding(f"translation dates it {given}; upstream was published {date} (from {source})",
                              upstream_line=up_line, translation_line=block.start,
                              details={"upstream": [date], "translation": [given]})


def _datelines(al: Alignment):
    """Short one-date blocks among the translation's first blocks whose upstream partner
    (if any) gives no date: those the pair rule has nothing to compare with."""
    dated_partner = set()
    for pair in al.pairs:
        if pair.upstream and any(al.upstream.blocks[i].anchors.dates for i in pair.upstream):
            dated_partner.update(pair.translation)
    seen = 0
    for block in al.translation.blocks:
        if block.kind in (BlockKind.FRONT_MATTER, BlockKind.TITLE):
            continue
        seen += 1
        if seen > DATELINE_BLOCKS:
            return
        if (block.kind == BlockKind.PARAGRAPH and len(block.anchors.dates) == 1
                and len(block.text) <= DATELINE_LENGTH and block.index not in dated_partner):
            yield block
