"""Staleness: translated passages whose upstream changed or vanished since the translation was
synced. The git work is done by :mod:`relsync.stale`; these rules only report it, and do
nothing when the context carries no staleness (no git history at hand)."""

from __future__ import annotations

from typing import Iterator

from ..model import Alignment, Severity
from ..stale import format_word_diff
from .registry import Context, Problem, Scope, check

_NOISE = {"case": "letter case", "punctuation": "punctuation", "typo": "a typo",
          "link": "a link target (`relsync fix` carries it over)", "whitespace": "whitespace"}
_KIND = {"code": "code block", "html": "HTML block", "title": "title", "container": "container"}


def _kind(kind: str) -> str:
    return _KIND.get(kind, kind.replace("_", " "))


def _snippet(text: str, width: int = 70) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "\u2026"


def _passages(ctx: Context, status: str):
    st = getattr(ctx, "staleness", None)
    if st is None:
        return
    for passage in st.open:
        if passage.status == status:
            yield st, passage


def _details(st, passage) -> dict:
    return {
        "since": "" if passage.comment else st.sync.commit,
        "sync": "comment" if passage.comment else st.sync.source,
        "upstream_path_then": st.sync.upstream_path,
        "diff": "\n".join(format_word_diff(c.diff) for c in passage.changes),
        "changes": [c.to_dict() for c in passage.changes],
    }


@check("RS401", "staleness.stale", Severity.WARNING, scope=Scope.DOCUMENT)
def stale(al: Alignment, ctx: Context) -> Iterator[Problem]:
    """A translated passage whose upstream changed since the translation was synced.

    The synced revision is `relsync: {source_commit: SHA}` (or MDN's `l10n: {sourceCommit:
    SHA}`) in the translation's front matter, or else the upstream file at the last commit
    that changed the translation. A block whose translation keeps its upstream text in an HTML
    comment right above it is compared with that text instead, with no history needed. The
    finding carries the upstream word diff (`[-old-]{+new+}`); `relsync mark-synced` records a
    new synced revision once the passage is updated.

    A change that gives the translator nothing to redo is reported at info with its kind:
    only letter case, whitespace or punctuation, a typo (a small edit within words, no number
    changed), or only a link target (which `link-mismatch` then offers to `relsync fix`). A
    change whose new values (numbers, code) the translation already carries is not stale.
    Upstream commits whose message holds one of `stale-ignore-keywords` are not counted.

    Fails: upstream "PyTorch 2.5 adds FP16 support" became "PyTorch 2.6 adds FP16 and BF16
    support" after the translation was made. Passes: the upstream paragraph is unchanged since
    the synced revision; upstream became "PyTorch 2.6 adds FP16 support" and the translation
    says 2.6 already.
    """
    for st, passage in _passages(ctx, "stale"):
        changes = passage.changes
        first = next((c for c in changes if c.change == "changed"), changes[0])
        if passage.comment:
            what = f"upstream differs from its source kept in the comment at line {passage.comment}"
            text = format_word_diff(first.diff, context=30)
        elif passage.noise:
            what = f"upstream changed only {_NOISE[passage.noise]} since {st.sync.short}, nothing to retranslate"
            text = format_word_diff(first.diff, context=30)
        elif first.change == "changed":
            what = f"upstream changed since {st.sync.short}"
            text = format_word_diff(first.diff, context=30)
        else:
            kind = _kind((first.new or first.old).kind)
            what = f"upstream added a {kind} to this passage since {st.sync.short}"
            text = first.new.text if first.new else ""
        more = f" (and {len(changes) - 1} more change(s))" if len(changes) > 1 else ""
        line = next((c.new.start for c in changes if c.new is not None), None)
        tr = al.translation.blocks[passage.translation[0]]
        details = _details(st, passage)
        if passage.noise:
            details["noise"] = passage.noise
        yield ctx.finding(
            f"{what}: \u201c{_snippet(text, 120)}\u201d{more}",
            upstream_line=line,
            translation_line=tr.start,
            details=details,
            minor=bool(passage.noise),
        )


@check("RS402", "staleness.orphaned", Severity.WARNING, scope=Scope.DOCUMENT)
def orphaned(al: Alignment, ctx: Context) -> Iterator[Problem]:
    """A translated passage whose upstream block was removed since the translation was synced.

    New upstream blocks are reported by `missing`; this is the other direction: text the
    translation still carries although upstream dropped it.

    Fails: upstream deleted the "Deprecations" section after the translation was made, and the
    translation still has "弃用". Passes: the translation dropped the section too, or upstream
    never changed.
    """
    for st, passage in _passages(ctx, "orphaned"):
        old = passage.changes[0].old
        kind = _kind(old.kind)
        tr = al.translation.blocks[passage.translation[0]]
        yield ctx.finding(
            f"translation of an upstream {kind} removed since {st.sync.short} "
            f"(upstream line {old.start} there): \u201c{_snippet(old.text)}\u201d",
            translation_line=tr.start,
            details=_details(st, passage),
        )
