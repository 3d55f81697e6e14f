"""Release notes: an entry the translation lists under another release than upstream."""

from __future__ import annotations

from typing import Iterator

from ..align_nested import nested
from ..align_releases import block_versions, release_of, scope_level
from ..model import Alignment, Block, BlockKind, Document, Severity
from .coverage import REFERENCE_RE, snippet
from .registry import Context, Problem, Scope, check

_ENTRY_KINDS = frozenset({BlockKind.LIST_ITEM, BlockKind.PARAGRAPH, BlockKind.TABLE_ROW})


def releases(doc: Document) -> tuple[list[Block | None], dict[int, frozenset[str]]]:
    """For each block of a changelog, the heading of the release it stands in: the
    top-level section (:func:`~relsync.align_releases.release_of`) whose heading names a
    version (:func:`~relsync.align_releases.block_versions`); ``None`` before the first or in a
    section naming none (``## Unreleased``). And each such heading's versions."""
    level = scope_level(doc)
    named: dict[int, frozenset[str]] = {}
    heads: dict[int, Block] = {}
    for s in doc.sections:
        if level is not None and s.level == level and s.heading is not None:
            found = frozenset(block_versions(doc.blocks[s.heading]))
            if found:
                named[s.heading], heads[s.index] = found, doc.blocks[s.heading]
    if not heads:
        return [None] * len(doc.blocks), named
    return [heads.get(release_of(doc, level, b)) for b in doc.blocks], named


def _cited(block: Block) -> set[str]:
    return set(block.anchors.links) | {m.group() for m in REFERENCE_RE.finditer(block.text)}


@check("RS208", "releases.release-mismatch", Severity.WARNING, scope=Scope.DOCUMENT)
def release_mismatch(al: Alignment, ctx: Context) -> Iterator[Problem]:
    """A changelog entry stands under another release in the translation than upstream.

    A changelog's releases are its top-level sections whose headings name a version
    (`## 2.44.0`, `## [2.3.0] - 2024-11-18`). An entry (a list item, a paragraph, a table
    row) that the translation lists under a release naming none of the versions of the
    upstream release it is in, and whose heading is not that release's translated (a
    heading with a wrong version is `number-mismatch`'s), tells its readers the change
    shipped in another version. An entry in another group or place of its own release is
    the translation's choice and not reported. Entries that moved together are one finding; an entry nested under a reported
    one is not reported again. A warning when the entries cite the same issue, pull request
    or link; info when nothing but their words or their place pairs them.

    Fails: upstream lists "Progress bars for long downloads (#341)" under `## [2.1.0]`, the
    translation lists its translation under `## [2.2.0]`. Passes: the same entry under
    `## [2.1.0]`, in another group of it (`### 追加` for `### Added`) or another order.
    """
    (up_releases, named_a), (tr_releases, named_b) = releases(al.upstream), releases(al.translation)
    if not named_a or not named_b:
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
        if ra is None or rb is None or (ra.index, rb.index) in same or named_a[ra.index] & named_b[rb.index]:
            continue  # (a release whose heading pairs with upstream's is its own, whatever version it says)
        found[tr.index] = (pair, up, tr, ra, rb)
    kids = nested(al.translation)
    under = {j for k in found for j in kids.get(k, ())}  # (nested under a reported entry)
    runs: list[list[tuple]] = []
    for k in sorted(found):
        pair, up, tr, ra, rb = found[k]
        if k in under:
            continue
        last = runs[-1][-1] if runs else None
        if last is not None and (last[3], last[4]) == (ra, rb) and all(
                j in found for j in range(last[2].index + 1, k)):
            runs[-1].append(found[k])  # (entries that moved together: one finding)
        else:
            runs.append([found[k]])
    for run in runs:
        pair, up, tr, ra, rb = run[0]
        named, lists = "/".join(sorted(named_a[ra.index])), "/".join(sorted(named_b[rb.index]))
        what = tr.kind.replace("_", " ")
        more = f" and {len(run) - 1} more" if len(run) > 1 else ""
        them = f"{len(run)} {what}s stand" if len(run) > 1 else f"{what} stands"
        yield ctx.pair_finding(
            pair,
            f"{them} under release {lists} (line {rb.start}) in the translation; upstream lists "
            f"{'them' if len(run) > 1 else 'it'} under {named} (line {ra.start}): \u201c{snippet(up.text, 50)}\u201d{more}",
            details={"upstream_release": named, "translation_release": lists, "blocks": len(run)},
            minor=not any(_cited(u) & _cited(t) for _, u, t, _, _ in run),
        )

