"""The translation-comment convention: a translation that keeps, in an HTML comment right
above a block, the upstream text the block was translated from (the practice of the
Kubernetes zh-cn team, among others)::

    <!--
    To try the new scheduler, enable the
    [`SchedulerQueueHints`](/docs/reference/feature-gates/) feature gate.
    -->
    要试用新的调度器，请启用
    [`SchedulerQueueHints`](/zh-cn/docs/reference/feature-gates/) 特性门控。

A comment is a block's source when it stands directly before the block (blank lines between
are fine, another comment or block is not), its content is text of the kinds it annotates
(a paragraph above a paragraph, a heading above a heading), and it is not written in the
block's own language. A comment holding several blocks is the source of as many blocks
after it. The aligner takes a source comment equal to an upstream block as the strongest
anchor of its block (:mod:`relsync.align`); staleness compares it with upstream as it is
today (:mod:`relsync.stale.comments`). The comments themselves are never blocks, so no rule
reports them as extra, untranslated or different markup.
"""

from __future__ import annotations

import bisect
import dataclasses
import re
from dataclasses import dataclass

from .languages import identify, main_script
from .model import Block, BlockKind, Document
from .parse import HEADING_ID_RE, parse

#: Kinds of blocks a comment may be the source of.
TEXT_KINDS = frozenset({BlockKind.HEADING, BlockKind.PARAGRAPH, BlockKind.LIST_ITEM, BlockKind.TABLE_ROW,
                        BlockKind.CONTAINER})
_SPACE_RE = re.compile(r"\s+")


@dataclass(frozen=True, slots=True)
class SourceComment:
    """A comment that holds the upstream text of the translation blocks after it."""

    start: int
    """First line of the comment."""
    end: int
    blocks: tuple[int, ...]
    """Indexes of the translation blocks it is the source of."""
    source: tuple[Block, ...]
    """Its content, parsed, one block per translation block (lines of the translation file)."""

    def text(self, k: int = 0) -> str:
        """The plain text of the ``k``-th source block, spaces collapsed."""
        return normalized_text(self.source[k])


def normalized_text(block: Block) -> str:
    """A block's plain text with spaces collapsed (what alignment compares)."""
    return _SPACE_RE.sub(" ", block.text).strip()


def normalized_source(block: Block) -> str:
    """A block's Markdown with spaces collapsed and a heading's ``{#id}`` dropped: two
    revisions of a passage are the same when this is (what staleness compares)."""
    text = block.source if block.kind in (BlockKind.PARAGRAPH, BlockKind.LIST_ITEM, BlockKind.HEADING) \
        else block.text
    if block.kind == BlockKind.HEADING:
        text = HEADING_ID_RE.sub("", text)
    return _SPACE_RE.sub(" ", text).strip()


def source_comments(doc: Document) -> dict[int, SourceComment]:
    """The source comments of a translation, by the index of the first block each is the
    source of (computed once per document)."""
    if doc._source_comments is None:
        doc._source_comments = _find(doc) if doc.comments else {}
    return doc._source_comments


def commented_blocks(doc: Document, upstream: Document | None = None) -> dict[int, tuple[SourceComment, int]]:
    """Translation block index -> (its source comment, which of the comment's blocks). A
    comment the ``upstream`` has too is the upstream's own, kept by the translation: no
    source comment."""
    own = {_SPACE_RE.sub(" ", c[2]).strip() for c in upstream.comments} if upstream is not None else set()
    content = {c[0]: _SPACE_RE.sub(" ", c[2]).strip() for c in doc.comments} if own else {}
    out = {}
    for comment in source_comments(doc).values():
        if own and content.get(comment.start) in own:
            continue
        for k, index in enumerate(comment.blocks):
            out[index] = (comment, k)
    return out


def _find(doc: Document) -> dict[int, SourceComment]:
    blocks = doc.blocks
    starts = [b.start for b in blocks]
    comment_starts = sorted(c[0] for c in doc.comments)
    out: dict[int, SourceComment] = {}
    for start, end, content in doc.comments:
        pos = bisect.bisect_right(starts, end)
        if pos >= len(blocks) or not _adjacent(doc, end, blocks[pos].start, comment_starts):
            continue
        source = _content_blocks(content, start, doc.path)
        if not source or pos in out:
            continue
        annotated = _annotated(doc, pos, len(source), comment_starts)
        if len(annotated) != len(source) or not all(_same_kind(s, blocks[i]) for s, i in zip(source, annotated)):
            continue
        if not _other_language(source, [blocks[i] for i in annotated]):
            continue
        out[pos] = SourceComment(start, end, tuple(annotated), tuple(source))
    return out


def _adjacent(doc: Document, end: int, block_start: int, comment_starts: list[int]) -> bool:
    """Only blank lines between a comment's last line and a block, and no other comment."""
    k = bisect.bisect_right(comment_starts, end)
    if k < len(comment_starts) and comment_starts[k] < block_start:
        return False
    return not any(line.strip() for line in doc.source_lines(end + 1, block_start - 1))


def _content_blocks(content: str, start: int, path: str) -> list[Block]:
    """A comment's content parsed as the upstream language's Markdown, its lines those of
    the file (the content starts on the comment's first line, after ``<!--``)."""
    doc = parse(content, path, ("en",))
    return [dataclasses.replace(b, start=b.start + start - 1, end=b.end + start - 1)
            for b in doc.blocks if b.kind in TEXT_KINDS and b.text.strip()]


def _annotated(doc: Document, pos: int, count: int, comment_starts: list[int]) -> list[int]:
    """The ``count`` text blocks from ``pos`` on, up to the next comment."""
    out = [pos]
    k = pos + 1
    while len(out) < count and k < len(doc.blocks):
        prev, block = doc.blocks[k - 1], doc.blocks[k]
        if any(prev.end < s < block.start for s in comment_starts):
            break
        if block.kind not in TEXT_KINDS:
            break
        out.append(k)
        k += 1
    return out


def _same_kind(source: Block, block: Block) -> bool:
    if block.kind not in TEXT_KINDS:
        return False
    if source.kind == block.kind:
        return source.kind != BlockKind.HEADING or source.level == block.level
    return {source.kind, block.kind} <= {BlockKind.PARAGRAPH, BlockKind.LIST_ITEM}


def _other_language(source: list[Block], blocks: list[Block]) -> bool:
    """Whether the comment is in another language than its blocks: decided by the script
    where it tells (Latin above Chinese), left to the upstream comparison where it does not
    (Latin above French), and never when comment and block are the same text."""
    comment = " ".join(b.text for b in source)
    text = " ".join(b.text for b in blocks)
    if _SPACE_RE.sub(" ", comment).strip() == _SPACE_RE.sub(" ", text).strip():
        return False
    script_a, script_b = main_script(comment), main_script(text)
    if script_a != script_b:
        return script_a is not None and script_b is not None  # Latin above Chinese
    a, b = identify(comment), identify(text)  # the same script: the identifier decides
    return a is None or a != b
