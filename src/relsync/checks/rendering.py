"""What the site renders: Markdown syntax the reader sees as text, link syntax that did not
parse, code that lost or gained its backticks.

Each translated block is rendered as the site's Markdown renders it (:mod:`.rendered`) and
compared with what upstream's block shows: a difference in the syntax left as text, in the
links that parsed, or in the code spans is a finding; what renders on both sides is none.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Iterator
from urllib.parse import unquote

from markdown_it.common.utils import normalizeReference

from ..languages import latin_token
from ..model import Block, BlockKind, Edit, Pair, Severity
from . import rendered, repairs
from .consistency import matched_sides
from .registry import Context, Problem, Scope, check
from .rendered import View

_EMPHASIS_KINDS = ("strong", "emphasis")
_LINK_KINDS = ("link syntax", "brackets")
_SHOWN = {
    "strong": "`**` or `__`", "emphasis": "`*` or `_`", "backtick": "a backtick",
    "link syntax": "`](`, `)(` or `][` of link syntax", "brackets": "brackets `[...]`",
    "angle brackets": "`<` or `>`",
}


def _env(ctx: Context, side: str) -> dict:
    key = f"references_{side}"
    env = ctx.memo.get(key)
    if env is None:
        al = ctx.alignment
        env = ctx.memo[key] = rendered.references(al.upstream if side == "upstream" else al.translation)
    return env


def _views(ctx: Context, pair: Pair) -> tuple[list[tuple[Block, View]], list[tuple[Block, View]]] | None:
    """The rendered views of a matched pair's prose blocks (``None`` for other pairs),
    computed once per pair for the rules of this module. Each rule asks only when the
    blocks' plain text and anchors say there may be something to see."""
    if ctx.memo.get("views_of") is pair:
        return ctx.memo["views"]
    ctx.memo["views_of"] = pair
    ctx.memo["views"] = None
    sides = _prose_sides(pair, ctx)
    if sides is None:
        return None
    ups, trs = sides
    al = ctx.alignment
    up_env, tr_env = _env(ctx, "upstream"), _env(ctx, "translation")
    views = ([(b, rendered.view(rendered.block_source(al.upstream, b), up_env, ctx.markdown)) for b in ups],
             [(b, rendered.view(rendered.block_source(al.translation, b), tr_env, ctx.markdown)) for b in trs])
    ctx.memo["views"] = views
    return views


def _prose_sides(pair: Pair, ctx: Context) -> tuple[list[Block], list[Block]] | None:
    """The blocks of a matched pair whose both sides the site renders as Markdown text."""
    sides = matched_sides(pair, ctx)
    if sides is None or not all(b.kind in rendered.RENDERED for b in (*sides[0], *sides[1])):
        return None
    return sides


def _may_show_syntax(pair: Pair, ctx: Context) -> bool:
    sides = _prose_sides(pair, ctx)
    return sides is not None and any(rendered.might_show_syntax(b) for b in sides[1])


def _may_show_targets(pair: Pair, ctx: Context) -> bool:
    """Whether the translation's plain text holds a target upstream links (a parsed link's
    target is no text)."""
    sides = _prose_sides(pair, ctx)
    if sides is None:
        return False
    targets = {t for b in sides[0] for t in b.anchors.links}
    return any(t in b.text for b in sides[1] for t in targets)


def _may_lose_code(pair: Pair, ctx: Context) -> bool:
    """Whether upstream's code anchors are not all the translation's."""
    sides = _prose_sides(pair, ctx)
    if sides is None:
        return False
    up = Counter(c.strip() for b in sides[0] for c in b.anchors.code)
    if not up:
        return False
    return bool(up - Counter(c.strip() for b in sides[1] for c in b.anchors.code))


def _lines(ctx: Context, block: Block) -> list[tuple[int, str, int, str]]:
    """``(line number, file line, offset, content)`` of a block: each source line and where
    its inline content starts (after a list marker, a quote's ``>``, a heading's ``#``)."""
    doc = ctx.alignment.translation
    lines = doc.source_lines(block.start, block.end)
    if block.kind == BlockKind.TABLE_ROW:
        return [(block.start + k, text, 0, text) for k, text in enumerate(lines)]
    out = []
    for k, content in enumerate(block.source.split("\n")[:len(lines)]):
        content = content.strip()
        offset = lines[k].find(content) if content else -1
        if offset >= 0:
            out.append((block.start + k, lines[k], offset, content))
    return out


def _edit(ctx: Context, number: int, text: str, offset: int, old: str, new: str) -> Edit | None:
    """The smallest edit of a line's content ``old`` (at ``offset``) into ``new``."""
    start = 0
    while start < min(len(old), len(new)) and old[start] == new[start]:
        start += 1
    end_old, end_new = len(old), len(new)
    while end_old > start and end_new > start and old[end_old - 1] == new[end_new - 1]:
        end_old -= 1
        end_new -= 1
    return repairs.edit(ctx, number, text, offset + start, offset + end_old, new[start:end_new])


def _total(views: list[tuple[Block, View]], links: Counter | None = None) -> Counter:
    """The syntax each side shows as text; with ``links`` (upstream's link targets), brackets
    in the text of a link upstream does not have are the translator's own (`[1]`)."""
    total: Counter = Counter()
    for _, v in views:
        total.update(rendered.signs(v.visible))
        if links is not None:
            for href, text in v.link_texts:
                if not links[href]:
                    total["brackets"] -= len(rendered.SIGNS["brackets"].findall(text))
    return total


def _hrefs(views: list[tuple[Block, View]]) -> Counter:
    found: Counter = Counter()
    for _, v in views:
        found.update(v.hrefs)
    return found


# -- broken link syntax ---------------------------------------------------------------------

_OPENING = "([（"


def _shown_targets(up: list[tuple[Block, View]], tr: list[tuple[Block, View]]) -> list[str]:
    """Link targets upstream's blocks link that the translation shows as text, written
    where link syntax would have them (after ``(``, ``（`` or ``[``)."""
    up_hrefs, tr_hrefs = _hrefs(up), _hrefs(tr)
    visible = " ".join(v.visible for _, v in tr)
    out = []
    for href in up_hrefs:
        if not href or up_hrefs[href] <= tr_hrefs[href]:
            continue
        for form in dict.fromkeys((href, unquote(href))):
            k = visible.find(form)
            if k > 0 and visible[k - 1] in _OPENING:
                out.append(form)
                break
    return out


def _link_cause(text: str, target: str) -> tuple[str, str | None]:
    """What broke the link syntax around ``target`` in a source line, and the line repaired
    when the repair is mechanical (full-width brackets written as ASCII ones)."""
    k = text.find(target)
    before = text[:k].rstrip()
    if before.endswith("（") or before.endswith("]（"):
        end = k + len(target)
        close = text[end:end + 1]
        if before.endswith("]（") and close in ("）", ")"):
            head = text[:k].rstrip()[:-1]
            return "full-width `（` in place of `(`", head + "(" + target + ")" + text[end + 1:]
        return "full-width `（` in place of `(`", None
    if before.endswith(")]") or before.endswith(")]("):
        return "a second `](target)` after a complete link", None
    if before.endswith("]]") or before.endswith("]]("):
        return "an extra `]` before the target", None
    if before.endswith(")("):
        return "`)` in place of `]` before the target", None
    head = before[:-1] if before.endswith("(") else before
    if "]" in head[-40:]:
        return "text between `]` and `(`", None
    return "no `[text]` before the target", None


@check("RS221", "consistency.broken-link-syntax", Severity.ERROR, fixable=True)
def broken_link_syntax(pair: Pair, ctx: Context) -> Iterator[Problem]:
    """A link upstream has is text in the translation: its syntax did not parse, so the reader
    sees the target and no link.

    Reported where the target upstream links is shown as text after `(`, `（` or `[` in the
    translated block and the translation has fewer links to it: `原始数据类型(https://...)`,
    `[创建] 了(url)`, `[...)(#usage)`, `[插件]](url)`, full-width `]（url）`. A bare URL
    the translator wrote on purpose is no finding.

    `relsync fix` writes full-width brackets of link syntax as ASCII ones.

    Fails: "see [primitive](https://developer.mozilla.org/x)" / "原始数据类型(https://developer.mozilla.org/x)".
    Passes: "see [primitive](https://developer.mozilla.org/x)" / "[原始数据类型](https://developer.mozilla.org/x)".
    """
    views = _views(ctx, pair) if _may_show_targets(pair, ctx) else None
    if views is None:
        return
    for target in _shown_targets(*views):
        place = next(((n, t, b) for b, _ in views[1] for n, t, _, _ in _lines(ctx, b) if target in t), None)
        if place is None:
            continue
        number, text, block = place
        cause, fixed = _link_cause(text, target)
        fix = None
        if fixed is not None and not repairs.stale(ctx, [block]) \
                and rendered.view(fixed, _env(ctx, "translation"), ctx.markdown).hrefs[target]:
            fix = _edit(ctx, number, text, 0, text, fixed)
        yield ctx.finding(f"link to {target} did not parse ({cause}): the reader sees the target as text",
                          upstream_line=views[0][0][0].start, translation_line=number,
                          details={"target": target, "cause": cause}, fix=fix)


# -- syntax shown as text ------------------------------------------------------------------

def _emphasis_problems(ctx: Context, trs: list[tuple[Block, View]], up_line: int) -> list[Problem]:
    env = _env(ctx, "translation")
    out = []
    for block, _ in trs:
        for number, text, offset, content in _lines(ctx, block):
            if "*" not in content and "_" not in content:
                continue
            shown = None
            for pair in rendered.emphasis_pairs(content):
                if not rendered.broken(pair, content, ctx.markdown):
                    continue
                start, end = pair[0].start, pair[1].end
                if shown is None:
                    shown = rendered.signs(rendered.view(content, env, ctx.markdown).visible)
                if not (shown["strong"] or shown["emphasis"]):
                    break
                fix = None
                if not repairs.stale(ctx, [block]):
                    fixed = rendered.repair_emphasis(content, pair, env, ctx.markdown)
                    fix = _edit(ctx, number, text, offset, content, fixed) if fixed else None
                snippet = content[max(0, start - 2):end + 2]
                if end - start > 24:
                    snippet = content[max(0, start - 2):start + 8] + "…" + content[end - 8:end + 2]
                out.append(ctx.finding(f"`{snippet}` does not render: " + rendered.explain(content, pair),
                                       upstream_line=up_line, translation_line=number,
                                       details={"syntax": content[start:end]}, fix=fix))
    return out


def _merged_paragraphs(pair: Pair, ctx: Context) -> Problem | None:
    """Upstream's one-line paragraphs written as the lines of one translated paragraph: the
    blank line between them is missing, so they render as one paragraph."""
    sides = matched_sides(pair, ctx)
    if sides is None:
        return None
    ups, trs = sides
    if len(ups) < 2 or len(trs) != 1 or trs[0].kind != BlockKind.PARAGRAPH \
            or any(b.kind != BlockKind.PARAGRAPH or b.start != b.end or b.source.startswith(("{", "<"))
                   for b in ups) \
            or trs[0].end - trs[0].start + 1 != len(ups):
        return None
    tr = trs[0]
    return ctx.finding(f"upstream's {len(ups)} paragraphs are one paragraph in the translation (lines "
                       f"{tr.start}-{tr.end} render as one): a blank line between them is missing",
                       upstream_line=ups[0].start, translation_line=tr.start,
                       details={"syntax": "paragraph break"})


_LIST_MARKER_RE = re.compile(r"\s*[*+-][^\s*+-]")
_REFERENCE_USE_RE = re.compile(r"\[([^\[\]\n]+)\]\[([^\[\]\n]*)\]")


def _link_syntax_problem(ctx: Context, trs: list[tuple[Block, View]], kinds: list[str], shown: Counter,
                         upstream_shows: Counter, up_line: int) -> Problem:
    """Brackets or link syntax shown as text: a reference whose label the translation does
    not define, or link syntax that did not parse."""
    env = _env(ctx, "translation")
    for block, _ in trs:
        for number, _, _, content in _lines(ctx, block):
            for m in _REFERENCE_USE_RE.finditer(content):
                label = m.group(2) or m.group(1)
                if normalizeReference(label) not in env["references"]:
                    return ctx.finding(f"`{m.group()}` does not render as a link: the translation defines "
                                       f"no link reference `[{label}]:`; the reader sees the brackets",
                                       upstream_line=up_line, translation_line=number,
                                       details={"syntax": "reference", "label": label})
    kind = kinds[0]
    return ctx.finding(f"the reader sees {' and '.join(_SHOWN[k] for k in kinds)} as text "
                       f"({shown[kind]} in the rendered translation, {upstream_shows[kind]} upstream): "
                       "link syntax that did not parse",
                       upstream_line=up_line, translation_line=_first_line(ctx, trs, kind),
                       details={"syntax": kind})


def _first_line(ctx: Context, trs: list[tuple[Block, View]], kind: str) -> int:
    pattern = rendered.SIGNS[kind]
    env = _env(ctx, "translation")
    for block, _ in trs:
        for number, _, _, content in _lines(ctx, block):
            if pattern.search(content) and pattern.search(rendered.view(content, env, ctx.markdown).visible):
                return number
    return trs[0][0].start


@check("RS220", "consistency.unrendered-markup", Severity.WARNING, fixable=True)
def unrendered_markup(pair: Pair, ctx: Context) -> Iterator[Problem]:
    """Markdown syntax the reader of the translation sees as text, where upstream's shows none.

    Each block is rendered as the site renders it (CommonMark, or Python-Markdown on an MkDocs
    site: setting `markdown`): emphasis delimiters that CommonMark's flanking rules do not let
    open or close (`**“compile”**模式`: a `**` between punctuation and a CJK letter),
    underscores inside words, an unbalanced `*` or backtick, `](`/`)(`/`][` or `[...]` of
    link syntax that did not parse (a reference whose label the translation does not
    define), a stray `<` or `>`.

    The message names the cause and the repair. `relsync fix` makes emphasis render with the
    smallest change that does (the underscores written as asterisks, the punctuation next to
    a delimiter moved outside it, or a space on its outer side), confirmed by parsing again.

    Fails: "**compile** mode" / "**“compile”**模式". Passes: "**compile** mode" / "“**compile**”模式".
    """
    merged = _merged_paragraphs(pair, ctx)
    if merged is not None:
        yield merged
    views = _views(ctx, pair) if _may_show_syntax(pair, ctx) else None
    if views is None:
        return
    ups, trs = views
    shown, upstream_shows = _total(trs, _hrefs(ups)), _total(ups)
    extra = [k for k in rendered.SIGNS if shown[k] > upstream_shows[k]]
    if not extra:
        return
    up_line = ups[0][0].start
    if any(k in _EMPHASIS_KINDS for k in extra):
        problems = _emphasis_problems(ctx, trs, up_line)
        yield from problems
        if problems:
            extra = [k for k in extra if k not in _EMPHASIS_KINDS]
    if any(k in _LINK_KINDS for k in extra):
        if not _shown_targets(ups, trs):  # else broken-link-syntax says it
            yield _link_syntax_problem(ctx, trs, [k for k in extra if k in _LINK_KINDS], shown,
                                       upstream_shows, up_line)
        extra = [k for k in extra if k not in _LINK_KINDS]
    for kind in extra:
        line = _first_line(ctx, trs, kind)
        cause = "Markdown syntax that did not parse"
        if kind == "emphasis" and _LIST_MARKER_RE.match(ctx.alignment.translation.source_lines(line, line)[0]):
            cause = "a `*` or `-` starting a line with no space after it is no list marker"
        yield ctx.finding(f"the reader sees {_SHOWN[kind]} as text ({shown[kind]} in the rendered "
                          f"translation, {upstream_shows[kind]} upstream): {cause}",
                          upstream_line=up_line, translation_line=line, details={"syntax": kind})


def _token(word: str) -> re.Pattern[str]:
    """``word`` as a whole token, no code span's backtick beside it."""
    return latin_token(word, "`.-", "`-")


# -- code spans ------------------------------------------------------------------------------

_NAME_RE = re.compile(r"[A-Za-z]")
_PROSE_WORD_RE = re.compile(r"[A-Za-z][A-Za-z-]*(?: [A-Za-z][A-Za-z-]*){0,2}")
_NOT_TEXT_RE = re.compile(r"(`+).+?\1|\]\([^)\s]*\)?|<[^<>\n]*>|https?://\S+|\{\{.*?\}\}|\{%.*?%\}")


def _upstream_code(ctx: Context) -> frozenset[str]:
    """Every code span of the upstream document."""
    found = ctx.memo.get("upstream_code_spans")
    if found is None:
        found = ctx.memo["upstream_code_spans"] = frozenset(
            c.strip() for b in ctx.alignment.upstream.blocks for c in b.anchors.code)
    return found


def _plain_places(ctx: Context, trs: list[tuple[Block, View]], code: str) -> list[tuple[int, str, int, int]]:
    """Where ``code`` is written as plain text in the translated blocks' lines, outside code,
    link targets, HTML and template macros: ``(line, file line, start, end)``."""
    pattern = _token(code)
    out = []
    for block, _ in trs:
        for number, text, _, _ in _lines(ctx, block):
            masked = _NOT_TEXT_RE.sub(lambda m: "\x02" * len(m.group()), text)
            out += [(number, text, m.start(), m.end()) for m in pattern.finditer(masked)]
    return out


_QUOTED_RE = re.compile("(\\S[ \u00a0\u202f]?)\x02([ \u00a0\u202f]?\\S)")


def _backticks_fix(ctx: Context, trs: list[tuple[Block, View]], code: str) -> Edit | None:
    if "`" in code or repairs.stale(ctx, [b for b, _ in trs]) \
            or any(b.kind not in repairs.REPAIRABLE for b, _ in trs):
        return None
    places = _plain_places(ctx, trs, code)
    if len(places) != 1:
        return None
    number, text, start, end = places[0]
    # “someAttr” is `someAttr`, not “`someAttr`” (and « tax » is `tax`)
    m = _QUOTED_RE.fullmatch(text[:start][-2:] + "\x02" + text[end:end + 2]) or \
        _QUOTED_RE.fullmatch(text[:start][-1:] + "\x02" + text[end:end + 1])
    if m and m.group(1)[0] + m.group(2)[-1] in rendered.QUOTE_PAIRS:
        start, end = start - len(m.group(1)), end + len(m.group(2))
    return repairs.edit(ctx, number, text, start, end, f"`{code}`")


@check("RS222", "consistency.code-format", Severity.WARNING, fixable=True)
def code_format(pair: Pair, ctx: Context) -> Iterator[Problem]:
    """A code span upstream has is plain text in the translation (`pip install torch` without
    its backticks), or (info) the translation puts in code a word upstream writes as prose.

    The code itself is there, so `code-mismatch` does not report it; the reader sees prose
    where upstream shows code. It is there also written against the letters of another
    script ("fastapi.statusと同じ", "with를"): only Latin letters, digits and `_` make it part
    of a longer word. A word in code that upstream writes as prose is reported only when
    upstream's document never writes it as code.

    `relsync fix` adds the backticks when the code is written plainly once in the block.

    Fails: "Run `pip install torch` first." / "先运行 pip install torch。". Passes: "Run
    `pip install torch` first." / "先运行 `pip install torch`。".
    """
    views = _views(ctx, pair) if _may_lose_code(pair, ctx) else None
    if views is None:
        return
    ups, trs = views
    up_code = Counter(c.strip() for _, v in ups for c in v.code)
    tr_code = Counter(c.strip() for _, v in trs for c in v.code)
    tr_visible = " ".join(v.visible for _, v in trs)
    up_visible = " ".join(v.visible for _, v in ups)
    spans = set(tr_code)  # code anchors other than code spans: macros, shortcodes
    tr_anchored = " ".join(c for b, _ in trs for c in b.anchors.code if c.strip() not in spans)
    up_line = ups[0][0].start
    for code in sorted(up_code):
        if up_code[code] <= tr_code[code] or not _NAME_RE.search(code) or len(code) < 2:
            continue
        # as many plain mentions upstream: the translation's may be those (`ref` ... "the ref")
        plain = len(_token(code).findall(tr_visible))
        if code in tr_anchored or plain <= len(_token(code).findall(up_visible)):
            continue
        places = _plain_places(ctx, trs, code)
        if not places:
            continue
        fix = _backticks_fix(ctx, trs, code) if up_code[code] - tr_code[code] == 1 else None
        yield ctx.finding(f"upstream code `{code}` is plain text in the translation (add its backticks)",
                          upstream_line=up_line, translation_line=places[0][0],
                          details={"code": code}, fix=fix)
    # A prose word in code where an upstream code span is gone: "the original `newObject`"
    # written "原来的 `original`".
    # One span for one (`original` for `newObject`); not a plural (`WeakMap` for `WeakMaps`) or
    # a part of it (`offline` of `type: offline`).
    lost = sorted(c for c in up_code if up_code[c] > tr_code[c] + len(_token(c).findall(tr_visible)))
    if len(lost) != 1:
        return
    document_code = _upstream_code(ctx)
    for code in sorted(tr_code):
        if tr_code[code] <= up_code[code] or code in document_code or not _PROSE_WORD_RE.fullmatch(code) \
                or code.lower() in lost[0].lower() or lost[0].lower() in code.lower():
            continue
        if _token(code).search(up_visible):
            yield ctx.finding(f"`{code}` is code in the translation where upstream writes it as prose, "
                              f"and upstream's {', '.join(f'`{c}`' for c in lost)} is not there",
                              upstream_line=up_line, translation_line=trs[0][0].start,
                              details={"code": code, "upstream": lost}, minor=True)


# -- HTML blocks ---------------------------------------------------------------------------

_TAG_RE = re.compile(r"<(/?)([A-Za-z][\w-]*)(?:\s[^<>]*?)?(/?)>")
#: Elements that have no closing tag.
_VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                   "param", "source", "track", "wbr"})
_CODE_ELEMENTS = ("<script", "<style", "<pre", "<!--")


def _tags(block: Block) -> list[tuple[str, str, int]]:
    """The opening and closing tags of an HTML block as ``(tag, name, line)``: ``<div
    class="x">``, ``</div>``; void and self-closing elements left out, and nothing of a
    script, a style or a preformatted block."""
    text = block.source
    if block.kind != BlockKind.HTML or text.lstrip().lower().startswith(_CODE_ELEMENTS):
        return []
    out = []
    for m in _TAG_RE.finditer(text):
        name = m.group(2).lower()
        if name in _VOID or m.group(3):
            continue
        out.append((m.group(), ("/" if m.group(1) else "") + name, block.start + text.count("\n", 0, m.start())))
    return out


#: Elements whose opening tag ends an open paragraph (HTML's implied ``</p>``).
_CLOSES_P = frozenset({"address", "article", "aside", "blockquote", "details", "div", "dl", "fieldset",
                       "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr",
                       "main", "nav", "ol", "p", "pre", "section", "table", "ul"})


def _unbalanced(blocks: list[Block]) -> tuple[str, int, str] | None:
    """The first tag of the blocks where the elements do not nest as written, as ``(tag,
    line, why)``: a closing tag of no open element, a block element opened inside a
    paragraph (a browser closes the paragraph there), an element never closed."""
    stack: list[tuple[str, str, int]] = []
    for block in blocks:
        for tag, name, line in _tags(block):
            if not name.startswith("/"):
                if name in _CLOSES_P and stack and stack[-1][1] == "p":
                    return tag, line, f"inside {stack[-1][0]} (line {stack[-1][2]}), which a browser closes there"
                stack.append((tag, name, line))
            elif stack and stack[-1][1] == name[1:]:
                stack.pop()
            else:
                open_ = f"{stack[-1][0]} (line {stack[-1][2]}) is open" if stack else "no element is open"
                return tag, line, f"closes nothing: {open_}"
    return (stack[-1][0], stack[-1][2], "is never closed") if stack else None


def _gap_line(al, k: int) -> int:
    """The translation line where pair ``k``'s upstream blocks, which it lacks, would be."""
    for pair in reversed(al.pairs[:k]):
        if pair.translation:
            return max(al.translation.blocks[i].end for i in pair.translation) + 1
    return 1


@check("RS205", "consistency.markup-mismatch", Severity.WARNING, scope=Scope.DOCUMENT)
def html_structure(al, ctx: Context) -> Iterator[Problem]:
    """The elements of the translation's HTML blocks do not nest where upstream's do: an
    opening `<div class="options-api">` lost, so its `</div>` closes nothing; a `<div>`
    closed by `</p>`; a `<p class="demo">` wrapped around paragraphs."""
    broken = _unbalanced(al.translation.blocks)
    if broken is None or _unbalanced(al.upstream.blocks) is not None:
        return
    tag, line, why = broken
    for k, pair in enumerate(al.pairs):
        lost = [t for i in pair.upstream for t in _tags(al.upstream.blocks[i])]
        if lost and not pair.translation:
            yield ctx.finding(f"upstream's {' '.join(t for t, _, _ in lost)} (line {lost[0][2]}) is not in the "
                              f"translation, so its HTML does not nest: {tag} at line {line} {why}",
                              upstream_line=lost[0][2], translation_line=_gap_line(al, k),
                              details={"upstream": [t for t, _, _ in lost]})
            return
    pair = next((p for p in al.pairs if any(al.translation.blocks[i].start <= line <= al.translation.blocks[i].end
                                             for i in p.translation)), None)
    theirs = [t for i in (pair.upstream if pair else ()) for t, _, _ in _tags(al.upstream.blocks[i])]
    where = f"; upstream has {' '.join(theirs[:3])}{' …' if len(theirs) > 3 else ''} there" if theirs else ""
    yield ctx.finding(f"HTML does not nest: {tag} at line {line} {why}{where}",
                      upstream_line=al.upstream.blocks[pair.upstream[0]].start if pair and pair.upstream else None,
                      translation_line=line, details={"translation": tag})
