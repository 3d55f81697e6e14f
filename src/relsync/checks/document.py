"""Document-level rules: the announced version, the glossary, consistent terminology."""

from __future__ import annotations

import functools
import re
from collections import Counter, defaultdict
from typing import Iterator

from ..align_releases import block_versions
from ..languages import contains_term, term_key
from ..model import Alignment, Block, Severity
from . import repairs
from .registry import Context, Problem, Scope, check

def announced_version(al: Alignment) -> str | None:
    """The version a release note announces: the upstream title's, else the body's most cited."""
    for block in al.upstream.blocks:
        if block.is_heading and block.level == 1:
            versions = block_versions(block)
            if versions:
                return versions[0]
            break
    counts = Counter(v for b in al.upstream.blocks[:40] if b.kind == "paragraph" for v in block_versions(b))
    return counts.most_common(1)[0][0] if counts else None


@check("RS301", "document.title-version", Severity.ERROR, scope=Scope.DOCUMENT, fixable=True)
def title_version(al: Alignment, ctx: Context) -> Iterator[Problem]:
    """A title or top heading names a version other than the one the document announces.

    The announced version is the upstream title's (or, without one, the version the upstream
    body cites most). Older versions mentioned in the body are history, not a defect.

    `relsync fix` writes the announced version in place of the title's wrong one.

    Fails: upstream "# PyTorch 2.6 Release Blog" / `title: "新版本: PyTorch 2.5 发布博客"`.
    Passes: the same title with "PyTorch 2.6"; a body sentence "FlexAttention 最初是在 PyTorch
    2.5 中引入的".
    """
    version = announced_version(al)
    if version is None:
        return
    partner: dict[int, Block] = {}
    for pair in al.pairs:
        if pair.is_match:
            for t in pair.translation:
                partner[t] = al.upstream.blocks[pair.upstream[0]]
    for block in al.translation.blocks:
        if not block.is_heading or block.level > 2:
            continue
        versions = block_versions(block)
        up = partner.get(block.index)
        up_versions = set(block_versions(up)) if up is not None else set()
        wrong = [v for v in versions if v != version and v not in up_versions]
        if wrong and (up is None or version in up_versions or up.level == 1 or block.kind == "title"):
            yield ctx.finding(
                f"title says {', '.join(wrong)} but the document announces {version}: "
                f"\u201c{block.text}\u201d",
                upstream_line=up.start if up is not None else None,
                translation_line=block.start,
                details={"announced": version, "title": wrong},
                fix=repairs.number_fix(ctx, [block], wrong[0], version) if len(set(wrong)) == 1 else None,
            )


@functools.lru_cache(maxsize=4096)
def _term_pattern(term: str) -> re.Pattern[str] | None:
    if not term.isascii():
        return None
    plural = "" if term[-1:].lower() == "s" or not term[-1:].isalpha() else "(?:e?s)?"
    return re.compile(rf"(?<![A-Za-z0-9]){re.escape(term)}{plural}(?![A-Za-z0-9])", re.IGNORECASE)


def _contains(text: str, term: str, lowered: str | None = None) -> bool:
    """Whether upstream's English ``text`` uses ``term``: a whole word for Latin terms, in
    any case, singular or plural ("Feature" in "Prototype features")."""
    pattern = _term_pattern(term)
    if pattern is None:
        return term in text
    if term.lower() not in (lowered if lowered is not None else text.lower()):
        return False
    return pattern.search(text) is not None


@check("RS302", "document.glossary", Severity.WARNING, scope=Scope.DOCUMENT)
def glossary(al: Alignment, ctx: Context) -> Iterator[Problem]:
    """A term that the locale's glossary fixes is translated another way.

    The glossary is a CSV (`source,target`) or TBX file under `locales/<lang>/`. A block whose
    upstream uses the term must contain the glossary's translation (or keep the term as is).

    Fails (glossary `Prototype,原型功能`): "PROTOTYPE FEATURES" / "原型特点". Passes:
    "PROTOTYPE FEATURES" / "原型功能"; "[Prototype] Dim.AUTO" / "[Prototype] Dim.AUTO".
    """
    if not ctx.glossary:
        return
    for pair in al.pairs:
        if not pair.is_match:
            continue
        up_text = " ".join(b.text for b in al.upstream_blocks(pair))
        up_lower = up_text.lower()
        tr_text = None
        for source, target in ctx.glossary:
            if not target or not _contains(up_text, source, up_lower):
                continue
            if tr_text is None:
                tr_text = " ".join(b.text for b in al.translation_blocks(pair))
            if contains_term(tr_text, target) or _contains(tr_text, source):
                continue
            yield ctx.pair_finding(
                pair,
                f"\u201c{source}\u201d should be translated as \u201c{target}\u201d (the locale's glossary)",
                details={"source": source, "target": target},
            )


@check("RS303", "document.terminology-consistency", Severity.WARNING, scope=Scope.DOCUMENT)
def terminology_consistency(al: Alignment, ctx: Context) -> Iterator[Problem]:
    """The same upstream heading, table header or container title is translated two ways.

    Fails: two "### Example" headings translated "示例" and "例子". Passes: both "示例".
    """
    seen: dict[str, dict[str, Block]] = defaultdict(dict)
    for pair in al.pairs:
        if not pair.is_match or len(pair.upstream) != 1 or len(pair.translation) != 1:
            continue
        up = al.upstream.blocks[pair.upstream[0]]
        tr = al.translation.blocks[pair.translation[0]]
        if up.kind not in ("heading", "container") or not up.text:
            continue
        key = f"{up.kind}:{' '.join(up.text.lower().split())}"
        variants = seen[key]
        text = " ".join(tr.text.split())
        if variants and term_key(text) not in {term_key(v) for v in variants}:
            first_text, first = next(iter(variants.items()))
            yield ctx.finding(
                f"\u201c{up.text}\u201d is translated \u201c{text}\u201d here but "
                f"\u201c{first_text}\u201d at line {first.start}",
                upstream_line=up.start,
                translation_line=tr.start,
            )
        variants.setdefault(text, tr)
