"""Consistency of each aligned pair: what translation must keep exactly."""

from __future__ import annotations

import re
from collections import Counter
from typing import Iterator
from urllib.parse import urlsplit

from ..model import Anchors, Block, Finding, Pair, Severity
from ..parse import merge_anchors
from . import Context, check

#: Integers up to this value are often written as words ("two", "两个"); they are not compared.
SMALL_INTEGER = 10


def _anchors(blocks: list[Block]) -> Anchors:
    return blocks[0].anchors if len(blocks) == 1 else merge_anchors(b.anchors for b in blocks)


def _sides(pair: Pair, ctx: Context) -> tuple[list[Block], list[Block]] | None:
    if not pair.is_match:
        return None
    al = ctx.alignment
    return al.upstream_blocks(pair), al.translation_blocks(pair)


def _significant_number(n: str) -> bool:
    if "." in n:
        return True
    try:
        return int(n) > SMALL_INTEGER
    except ValueError:
        return True


def _fmt(values) -> str:
    return ", ".join(sorted(values, key=lambda v: (len(v), v)))


def _diff(up: Counter[str], tr: Counter[str]) -> tuple[set[str], set[str]]:
    """Values upstream has that the translation lacks, and the reverse (by presence)."""
    return set(up) - set(tr), set(tr) - set(up)


@check("RS201", "consistency.number-mismatch", Severity.ERROR)
def number_mismatch(pair: Pair, ctx: Context) -> Iterator[Finding]:
    """A number or version in the translation differs from the upstream block.

    Numbers are compared by value: `3892`, `3,892`, full-width `３８９２` and `0.39 万` are one
    number. Small integers (up to 10) are skipped because they are often written as words.
    Numbers inside code, links and dates are left to their own rules.

    Fails: "PyTorch 2.6 is out" / "PyTorch 2.5 发布". Passes: "3,892 commits" / "3892 次提交".
    """
    sides = _sides(pair, ctx)
    if sides is None:
        return
    up, tr = _anchors(sides[0]), _anchors(sides[1])
    a = Counter(n for n in up.numbers if _significant_number(n))
    b = Counter(n for n in tr.numbers if _significant_number(n))
    lost, added = _diff(a, b)
    if not lost and not added:
        return
    if lost and added:
        msg = f"translation has {_fmt(added)} where upstream has {_fmt(lost)}"
    elif lost:
        msg = f"upstream number {_fmt(lost)} is missing from the translation"
    else:
        msg = f"translation has {_fmt(added)}, which upstream does not"
    yield ctx.pair_finding(pair, msg, details={"upstream": sorted(lost), "translation": sorted(added)})


def _dates_equal(a: str, b: str) -> bool:
    return a == b or a.startswith(b + "-") or b.startswith(a + "-")


@check("RS202", "consistency.date-mismatch", Severity.ERROR)
def date_mismatch(pair: Pair, ctx: Context) -> Iterator[Finding]:
    """A date in the translation is not the date upstream gives.

    Dates are compared as dates across locale formats (month names come from babel's locale
    data): "January 29, 2025", "29 January 2025", "2025-01-29" and "2025年1月29日" are equal.

    Fails: "Published: January 29, 2025" / "发布: 2024年10月17日". Passes: "Published: January
    29, 2025" / "发布: 2025年1月29日".
    """
    sides = _sides(pair, ctx)
    if sides is None:
        return
    up, tr = _anchors(sides[0]), _anchors(sides[1])
    lost = [d for d in up.dates if not any(_dates_equal(d, e) for e in tr.dates)]
    added = [d for d in tr.dates if not any(_dates_equal(d, e) for e in up.dates)]
    if not lost and not added:
        return
    if lost and added:
        msg = f"translation says {_fmt(set(added))} where upstream says {_fmt(set(lost))}"
    elif lost:
        msg = f"upstream date {_fmt(set(lost))} is missing from the translation"
    else:
        msg = f"translation has date {_fmt(set(added))}, which upstream does not"
    yield ctx.pair_finding(pair, msg, details={"upstream": lost, "translation": added})


_COMMENT_RES = (
    re.compile(r"/\*.*?\*/", re.S),
    re.compile(r"<!--.*?-->", re.S),
    re.compile(r"(?m)(?:^|(?<=\s))//.*$"),
    re.compile(r"(?m)(?:^|(?<=\s))#(?![!{\[]).*$"),
    re.compile(r"(?m)^\s*--\s.*$"),
)
_STRING_RE = re.compile(r"'[^'\n]*'|\"[^\"\n]*\"|`[^`]*`")


def code_skeleton(code: str) -> str:
    """Code without comments, string contents and whitespace: what translation must not change.

    Translators legitimately translate comments and sample strings in code blocks.
    """
    for pattern in _COMMENT_RES:
        code = pattern.sub(" ", code)
    code = _STRING_RE.sub("''", code)
    return "".join(code.split())


@check("RS203", "consistency.code-mismatch", Severity.ERROR)
def code_mismatch(pair: Pair, ctx: Context) -> Iterator[Finding]:
    """Inline code or a code block differs between upstream and translation.

    Inline code must be kept verbatim (a code span may lose its backticks as long as the code
    itself is there). In code blocks, comments and string literals may be translated; the
    rest must be the same.

    Fails: "`weights_only` of `torch.load`" / "`torch.save` 的 `weights_only`". Passes:
    "`weights_only`" / "`weights_only` 参数"; `# load the model` / `# 加载模型` in a code block.
    """
    sides = _sides(pair, ctx)
    if sides is None:
        return
    ups, trs = sides
    if ups[0].kind == "code" and trs[0].kind == "code":
        if code_skeleton(ups[0].text) != code_skeleton(trs[0].text):
            line = _first_code_difference(ups[0].text, trs[0].text)
            yield ctx.finding(
                f"code block differs from upstream outside comments and strings (at block line {line})",
                upstream_line=ups[0].start,
                translation_line=trs[0].start,
            )
        return
    if ups[0].kind == "code" or trs[0].kind == "code":
        return
    up_text = " ".join(b.text for b in ups)
    tr_text = " ".join(b.text for b in trs)
    up_code = {c for b in ups for c in b.anchors.code}
    tr_code = {c for b in trs for c in b.anchors.code}
    lost = sorted(c for c in up_code - tr_code if c not in tr_text)
    added = sorted(c for c in tr_code - up_code if c not in up_text)
    if not lost and not added:
        return
    parts = []
    if lost:
        parts.append("upstream code " + ", ".join(f"`{c}`" for c in lost) + " not in translation")
    if added:
        parts.append("translation has " + ", ".join(f"`{c}`" for c in added) + " not in upstream")
    yield ctx.pair_finding(pair, "; ".join(parts), details={"upstream": lost, "translation": added})


def _first_code_difference(a: str, b: str) -> int:
    la = [code_skeleton(x) for x in a.split("\n")]
    lb = [code_skeleton(x) for x in b.split("\n")]
    la = [x for x in la if x]
    lb = [x for x in lb if x]
    for k, (x, y) in enumerate(zip(la, lb), start=1):
        if x != y:
            return k
    return min(len(la), len(lb)) + 1


def normalize_link(url: str, ctx: Context) -> str:
    """A link target with its localization removed: language prefixes, site host, ``index``."""
    url = url.strip()
    for src, dst in ctx.link_rewrites.items():
        if url.startswith(src):
            url = dst + url[len(src):]
            break
    if url.startswith("mailto:"):
        return url.lower()
    parts = urlsplit(url)
    path = parts.path
    lowered = path.lower()
    for prefix in ctx.link_prefixes:
        p = "/" + prefix.strip("/").lower() + "/"
        if lowered.startswith(p):
            path = path[len(p) - 1 :]
            break
    for suffix in (".html", ".md"):
        if path.endswith(suffix):
            path = path[: -len(suffix)]
    if path.endswith("/index"):
        path = path[: -len("index")]
    if len(path) > 1:
        path = path.rstrip("/")
    return f"{path}#{parts.fragment}" if parts.fragment else path or url


def _host(url: str) -> str:
    return urlsplit(url).netloc.lower()


@check("RS204", "consistency.link-mismatch", Severity.ERROR)
def link_mismatch(pair: Pair, ctx: Context) -> Iterator[Finding]:
    """A link target or URL differs; the link text may differ, the destination may not.

    Localized links are equal: a `/<lang>/` prefix, the same path on an absolute URL of the
    same site, a `.md`/`.html` suffix, a trailing slash, and the rewrites configured under
    `link-rewrites`.

    Fails: "[notes](https://github.com/pytorch/pytorch/releases/tag/v2.6.0)" /
    "[发布说明](https://github.com/pytorch/pytorch/releases/tag/v2.5.0)". Passes:
    "[guide](/guide/intro)" / "[指南](/zh-cn/guide/intro)".
    """
    sides = _sides(pair, ctx)
    if sides is None:
        return
    ups, trs = sides
    if ups[0].kind == "code" or trs[0].kind == "code":
        return
    a = {normalize_link(u, ctx): u for b in ups for u in b.anchors.links}
    b = {normalize_link(u, ctx): u for b in trs for u in b.anchors.links}
    lost = set(a) - set(b)
    added = set(b) - set(a)
    # An absolute URL of a site may replace a relative link to the same page.
    for x in list(lost):
        for y in list(added):
            if _host(a[x]) != _host(b[y]) and (x.endswith(y) or y.endswith(x)) and min(len(x), len(y)) > 1:
                lost.discard(x)
                added.discard(y)
                break
    if not lost and not added:
        return
    lost_raw = sorted(a[k] for k in lost)
    added_raw = sorted(b[k] for k in added)
    if lost and added:
        msg = f"link target {', '.join(added_raw)} where upstream links to {', '.join(lost_raw)}"
    elif lost:
        msg = f"upstream link {', '.join(lost_raw)} is missing from the translation"
    else:
        msg = f"translation links to {', '.join(added_raw)}, which upstream does not"
    yield ctx.pair_finding(pair, msg, details={"upstream": lost_raw, "translation": added_raw})


_MARKUP_COMPARED = ("image", "footnote_ref")


@check("RS205", "consistency.markup-mismatch", Severity.WARNING)
def markup_mismatch(pair: Pair, ctx: Context) -> Iterator[Finding]:
    """Images, footnote references, inline HTML tags or emphasis differ in number or kind.

    Emphasis style may change (`*a*` vs `_a_`) and CJK typography may drop italics, so
    emphasis is compared by presence; images, footnote references and HTML tags by count.

    Fails: "see ![diagram](d.png)[^1]" / "见下图". Passes: "a *new* API" / "一个_新的_ API".
    """
    sides = _sides(pair, ctx)
    if sides is None:
        return
    ups, trs = sides
    a: Counter[str] = Counter()
    b: Counter[str] = Counter()
    for blk in ups:
        a.update(blk.markup.as_dict())
    for blk in trs:
        b.update(blk.markup.as_dict())
    problems = []
    for kind in sorted(set(a) | set(b)):
        compared = kind in _MARKUP_COMPARED or kind.startswith("html:")
        if compared and a[kind] != b[kind]:
            problems.append(f"{kind} {a[kind]} upstream vs {b[kind]} translation")
        elif kind == "strong" and a[kind] and not b[kind]:
            problems.append("bold text dropped")
    if problems:
        yield ctx.pair_finding(pair, "markup differs: " + "; ".join(problems))


@check("RS206", "consistency.heading-level", Severity.WARNING)
def heading_level(pair: Pair, ctx: Context) -> Iterator[Finding]:
    """A translated heading has a different level than its upstream heading.

    A front-matter `title` counts as a level-1 heading.

    Fails: "## Beta features" / "### 测试版功能". Passes: "## Beta features" / "## 测试版功能".
    """
    sides = _sides(pair, ctx)
    if sides is None:
        return
    up, tr = sides[0][0], sides[1][0]
    if up.is_heading and tr.is_heading and up.level != tr.level:
        yield ctx.pair_finding(pair, f"heading level {tr.level} in translation, {up.level} upstream")


@check("RS207", "consistency.table-shape", Severity.WARNING, scope="document")
def table_shape(al, ctx: Context) -> Iterator[Finding]:
    """A translated table has a different number of rows or columns than its upstream table.

    Fails: a 3-column upstream table translated with 2 columns. Passes: the same rows and
    columns, whatever the order of rows and whether either side is an HTML `<table>`.
    """
    tables: dict[int, dict[int, int]] = {}
    for pair in al.pairs:
        if pair.kind != "table_row" or not pair.upstream:
            continue
        up = al.upstream.blocks[pair.upstream[0]]
        counts = tables.setdefault(up.table, Counter())
        if pair.translation:
            counts[al.translation.blocks[pair.translation[0]].table] += 1
    up_rows = Counter(b.table for b in al.upstream.blocks if b.kind == "table_row")
    tr_rows = Counter(b.table for b in al.translation.blocks if b.kind == "table_row")
    for up_table, counts in tables.items():
        if not counts:
            continue
        tr_table = counts.most_common(1)[0][0]
        up_cols = max(len(b.cells) for b in al.upstream.blocks if b.table == up_table and b.kind == "table_row")
        tr_cols = max(len(b.cells) for b in al.translation.blocks if b.table == tr_table and b.kind == "table_row")
        problems = []
        if up_rows[up_table] != tr_rows[tr_table]:
            problems.append(f"{tr_rows[tr_table]} rows in translation, {up_rows[up_table]} upstream")
        if up_cols != tr_cols:
            problems.append(f"{tr_cols} columns in translation, {up_cols} upstream")
        if problems:
            yield ctx.finding(
                "table shape differs: " + "; ".join(problems),
                upstream_line=up_table,
                translation_line=tr_table,
            )
