"""Release notes: an entry the translation lists under another release than upstream."""

from __future__ import annotations

import re
from typing import Iterator

from ..align_releases import scope_level
from ..model import Alignment, Block, BlockKind, Document, Severity
from .registry import Context, Problem, Scope, check

_VERSION_RE = re.compile(r"^v?\d+(?:\.\d+)+(?:[-+][0-9A-Za-z.-]+)?$")
_REFERENCE_RE = re.compile(r"(?<![\w/])#\d+\b")
_ENTRY_KINDS = frozenset({BlockKind.LIST_ITEM, BlockKind.PARAGRAPH, BlockKind.TABLE_ROW})


def release_versions(block: Block) -> frozenset[str]:
    """The versions a release's heading names (``## [2.3.0] - 2024-11-18``: ``2.3.0``)."""
    return frozenset(n.lstrip("v") for n in block.anchors.numbers if _VERSION_RE.match(n))


def releases(doc: Document) -> list[Block | None]:
    """For each block of a changelog, the heading of the release it stands in: the
    top-level section (:func:`~relsync.align_releases.scope_level`) whose heading names a
    version; ``None`` before the first or in a section naming none (``## Unreleased``)."""
    level = scope_level(doc)
    out: list[Block | None] = []
    current: Block | None = None
    for b in doc.blocks:
        if b.is_heading and level is not None and b.level <= level:
            current = b if b.level == level and release_versions(b) else None
        out.append(current)
    return out


def _parent(doc: Document, block: Block) -> int | None:
    """The list item ``block`` (a list item) is nested in, if any."""
    for k in range(block.index - 1, -1, -1):
        b = doc.blocks[k]
        if b.kind != BlockKind.LIST_ITEM:
            return None
        if b.level < block.level:
            return k
    return None


def _cited(block: Block) -> set[str]:
    return set(block.anchors.links) | set(_REFERENCE_RE.findall(block.text))


@check("RS208", "releases.release-mismatch", Severity.WARNING, scope=Scope.DOCUMENT)
def release_mismatch(al: Alignment, ctx: Context) -> Iterator[Problem]:
    """A changelog entry stands under another release in the translation than upstream.

    A changelog's releases are its top-level sections whose headings name a version
    (`## 2.44.0`, `## [2.3.0] - 2024-11-18`). An entry (a list item, a paragraph, a table
    row) that the translation lists under a release naming none of the versions of the
    upstream release it is in, and whose heading is not that release's translated (a
    heading with a wrong version is `number-mismatch`'s), tells its readers the change
    shipped in another version. An
    entry in another group or place of its own release is the translation's choice and not
    reported. Entries that moved together are one finding; an entry nested under a reported
    one is not reported again. A warning when the entries cite the same issue, pull request
    or link; info when nothing but their words or their place pairs them.

    Fails: upstream lists "Progress bars for long downloads (#341)" under `## [2.1.0]`, the
    translation lists its translation under `## [2.2.0]`. Passes: the same entry under
    `## [2.1.0]`, in another group of it (`### 追加` for `### Added`) or another order.
    """
    up_releases, tr_releases = releases(al.upstream), releases(al.translation)
    if not any(up_releases) or not any(tr_releases):
        return
    same = {(p.upstream[0], p.translation[0]) for p in al.pairs if p.is_match and p.upstream and p.translation
            and al.upstream.blocks[p.upstream[0]].is_heading}
    found: dict[int, tuple] = {}
    for pair in al.pairs:
        if not pair.is_match or len(pair.upstream) != 1 or len(pair.translation) != 1:
            continue
        up, tr = al.upstream.blocks[pair.upstream[0]], al.translation.blocks[pair.translation[0]]
        if up.kind not in _ENTRY_KINDS or tr.kind != up.kind:
            continue
        ra, rb = up_releases[up.index], tr_releases[tr.index]
        if ra is None or rb is None or (ra.index, rb.index) in same or release_versions(ra) & release_versions(rb):
            continue  # (a release whose heading pairs with upstream's is its own, whatever version it says)
        found[tr.index] = (pair, up, tr, ra, rb)
    runs: list[list[tuple]] = []
    for k in sorted(found):
        pair, up, tr, ra, rb = found[k]
        if tr.kind == BlockKind.LIST_ITEM and _parent(al.translation, tr) in found:
            continue
        last = runs[-1][-1] if runs else None
        if last is not None and (last[3], last[4]) == (ra, rb) and all(
                j in found for j in range(last[2].index + 1, k)):
            runs[-1].append(found[k])  # (entries that moved together: one finding)
        else:
            runs.append([found[k]])
    for run in runs:
        pair, up, tr, ra, rb = run[0]
        named, lists = "/".join(sorted(release_versions(ra))), "/".join(sorted(release_versions(rb)))
        what = tr.kind.replace("_", " ")
        more = f" and {len(run) - 1} more" if len(run) > 1 else ""
        them = f"{len(run)} {what}s stand" if len(run) > 1 else f"{what} stands"
        yield ctx.pair_finding(
            pair,
            f"{them} under release {lists} (line {rb.start}) in the translation; upstream lists "
            f"{'them' if len(run) > 1 else 'it'} under {named} (line {ra.start}): \u201c{_short(up.text)}\u201d{more}",
            details={"upstream_release": named, "translation_release": lists, "blocks": len(run)},
            minor=not any(_cited(u) & _cited(t) for _, u, t, _, _ in run),
        )


def _short(text: str, width: int = 50) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[:width - 1] + "\u2026"
