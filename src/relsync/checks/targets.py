"""Where links land on the site: fragments that name no id of their page, and the explicit
heading ids a translation must keep."""

from __future__ import annotations

from typing import Iterator
from urllib.parse import unquote

from rapidfuzz import fuzz, process

from ..model import Alignment, Block, BlockKind, Severity
from ..slugs import SLUGGERS, heading_id
from . import repairs
from .registry import Context, Problem, Scope, check
from .site import document_ids, page_key
from .urls import normalize_link


def own_ids(ctx: Context) -> frozenset[str]:
    """The ids of the translation's own page."""
    ids = ctx.memo.get("own_ids")
    if ids is None:
        ids = ctx.memo["own_ids"] = document_ids(ctx.alignment.translation, ctx.site.sluggers)
    return ids


def upstream_ids(ctx: Context) -> frozenset[str]:
    """The ids of upstream's page."""
    ids = ctx.memo.get("upstream_own_ids")
    if ids is None:
        ids = ctx.memo["upstream_own_ids"] = document_ids(ctx.alignment.upstream, ctx.site.sluggers)
    return ids


def _plain_ids(ctx: Context) -> frozenset[str]:
    """The translation's ids as github-slugger makes them: the ones a message names when the
    site's slug function is not known (every function's ids resolve)."""
    ids = ctx.memo.get("plain_ids")
    if ids is None:
        ids = ctx.memo["plain_ids"] = document_ids(ctx.alignment.translation, (SLUGGERS["github"],))
    return ids


def _is_id(fragment: str) -> bool:
    """Whether a fragment names an element (not a client-side route ``#/x``, a text
    fragment ``#:~:text=``, a query ``#a=b`` or an encoded playground state)."""
    return bool(fragment) and not any(c in fragment for c in "/=:?!") and len(fragment) <= 120


def target(url: str, ctx: Context) -> tuple[str, frozenset[str], str] | None:
    """A translation link's fragment, the ids of the page it lands on and that page's name
    (``""``: this page), or ``None`` when the site cannot tell: a link to another site, no
    fragment, or a page that is not one of the site's Markdown pages."""
    url = url.strip()
    if url.startswith("#"):
        fragment = unquote(url[1:])
        return (fragment, own_ids(ctx), "") if _is_id(fragment) else None
    host, path, fragment = normalize_link(url, ctx)
    if host or not _is_id(fragment) or ":" in url.split("#", 1)[0]:
        return None
    path = path.split("?", 1)[0]
    if ctx.name and page_key(path) == page_key(ctx.name):
        return fragment, own_ids(ctx), ""
    page = ctx.site.page(path, ctx.link_prefixes)
    if page is None:
        return None
    ids = ctx.site.ids(page.file_for(ctx.locale))
    if url.startswith("/") and not _localized(url, ctx):
        # "/plugin/x/" from a page under "/zh-cn/": the default locale's page on a site that
        # prefixes its locales, the translation's own on a site of its own
        ids |= ctx.site.ids(page.upstream)
    return (fragment, ids, path) if ids else None


def _localized(url: str, ctx: Context) -> bool:
    """Whether a rooted link starts with the translation's language segment (``/zh-cn/``)."""
    first = url.lstrip("/").split("/", 1)[0].lower()
    return first in ctx.link_prefixes


def resolves(fragment: str, ids: frozenset[str]) -> bool:
    """Whether a fragment names one of the ids (browsers compare exactly; a fragment in
    another case is read as the same, as some sites redirect it)."""
    if fragment in ids:
        return True
    low = fragment.lower()
    return any(i.lower() == low for i in ids)


def judged(url: str, ctx: Context) -> bool | None:
    """``True`` when the link lands on an id of its page, ``False`` when it names none,
    ``None`` when the site cannot tell."""
    found = target(url, ctx)
    return None if found is None else resolves(found[0], found[1])


def _upstream_of(al: Alignment, ctx: Context) -> dict[int, tuple[object, list[Block]]]:
    """Each translation block's pair and upstream blocks."""
    memo = ctx.memo.get("upstream_of")
    if memo is None:
        memo = ctx.memo["upstream_of"] = {}
        for pair in al.pairs:
            if pair.is_match:
                ups = al.upstream_blocks(pair)
                for block in al.translation_blocks(pair):
                    memo[block.index] = (pair, ups)
    return memo


@check("RS211", "consistency.unresolved-link", Severity.ERROR, Scope.DOCUMENT, fixable=True)
def unresolved_link(al: Alignment, ctx: Context) -> Iterator[Problem]:
    """A link of the translation names an id its page does not have: on the site it leads to
    the top of the page, or nowhere.

    A same-page `#fragment` must name an id of the translation itself (a heading's explicit
    `{#id}`, the slug the site's generator makes of a heading, an HTML `id`/`name`); a link
    to another page of the site must name an id of that page in the translation's locale
    (or of upstream's page, which the site shows in its place). A localized anchor
    (`#dépendances-systèmes` on a French page with the heading "Dépendances Systèmes")
    resolves; a link that resolves is never a finding, whatever upstream writes, and one that
    does not is a finding even when upstream has the same link. Links to other sites are not
    judged. The message names the ids nearest to it.

    `relsync fix` writes upstream's fragment when the aligned upstream passage links to the
    same page with a fragment that names an id of the translation's page.

    Fails: "[见下文](#仅限-typescript-的功能)" on a page whose heading is
    "## 仅限 TypeScript 的功能 {#typescript-only-features}". Passes:
    "[见下文](#typescript-only-features)" on that page.
    """
    upstream_of = _upstream_of(al, ctx)
    for block in al.translation.blocks:
        if block.kind == BlockKind.CODE or not block.anchors.links:
            continue
        for url in dict.fromkeys(block.anchors.links):
            found = target(url, ctx)
            if found is None or resolves(found[0], found[1]):
                continue
            fragment, ids, page = found
            shown = ids if page or ctx.site.slugger else _plain_ids(ctx)
            near = [m[0] for m in process.extract(fragment, sorted(shown), scorer=fuzz.ratio, limit=3)]
            where = f"page {page}" if page else "this page"
            msg = f"link {unquote(url)} names no id of {where}"
            msg += f"; nearest: {', '.join('#' + n for n in near)}" if near else " (it has no ids)"
            pair, ups = upstream_of.get(block.index, (None, []))
            fix = _fragment_fix(ctx, block, url, fragment, ids, ups, pair)
            yield ctx.finding(msg, translation_line=block.start,
                              upstream_line=ups[0].start if ups else None,
                              details={"link": url, "nearest": near}, fix=fix)


def _fragment_fix(ctx: Context, block: Block, url: str, fragment: str, ids: frozenset[str],
                  ups: list[Block], pair) -> object:
    """Upstream's fragment in place of one that names no id, when the aligned upstream
    passage links to the same page with exactly one fragment that the page has."""
    if pair is None or not repairs.confident(pair, ctx):
        return None
    key = normalize_link(url, ctx)[:2]
    candidates = set()
    for b in ups:
        for u in b.anchors.links:
            host, path, up_fragment = normalize_link(u, ctx)
            if (host, path) == key and up_fragment != fragment and resolves(up_fragment, ids):
                candidates.add(u.split("#", 1)[1])
    if len(candidates) != 1:
        return None
    new = url.split("#", 1)[0] + "#" + candidates.pop()
    return repairs.link_fix(ctx, [block], url, new, lambda t: t)


@check("RS212", "consistency.heading-id", Severity.ERROR, fixable=True)
def heading_id_kept(pair, ctx: Context) -> Iterator[Problem]:
    """A heading's explicit id is lost, changed or malformed: links from other pages and
    other languages name it.

    Where upstream writes `{#id}` (the Vue/Vite convention keeps English ids on translated
    headings), the translation's heading must have the same id, written once and well
    formed: `{#advanced} {#advanced}` shows the first as text, `{#NODE_ENV and Modes}` is not
    an id, `${server-hmr}` is text. A translation's own id written twice or with a space is a
    finding too. An id that is lost or differs but is well formed still names its heading
    (links to it from other pages break: `unresolved-link` finds those): a warning.
    `relsync fix` writes upstream's id.

    Fails: "## Web Accessibility Initiative – ... {#web-accessibility-initiative-–-accessible-rich-internet-applications-wai-aria}"
    / "## Web 无障碍倡议 – ... {#web-accessibility-initiative-accessible-rich-internet-applications-wai-aria}".
    Passes: "## Props {#props}" / "## 属性 {#props}".
    """
    al = ctx.alignment
    ups = [b for b in al.upstream_blocks(pair) if b.kind == BlockKind.HEADING]
    trs = [b for b in al.translation_blocks(pair) if b.kind == BlockKind.HEADING]
    if len(trs) != 1 or len(ups) > 1:
        return
    tr = trs[0]
    mine = heading_id(tr.source)
    theirs = heading_id(ups[0].source) if ups else None
    wanted = theirs.id if theirs is not None and not theirs.defect else None
    if wanted and mine.id == wanted and not mine.defect:
        return
    if not wanted and not mine.defect:
        return
    minor = False
    if wanted and mine.id is None and not mine.written:
        msg, minor = f"heading id {{#{wanted}}} upstream gives is missing", True
    elif wanted and not mine.defect:
        msg, minor = f"heading id {{#{mine.id}}} where upstream has {{#{wanted}}}", True
    else:
        msg = f"heading id {' '.join(mine.written)}: {mine.defect}"
    fix = _id_fix(ctx, tr, mine, wanted) if wanted and repairs.confident(pair, ctx) else None
    yield ctx.pair_finding(pair, msg, details={"upstream": wanted or "", "translation": list(mine.written)},
                           minor=minor, fix=fix)


def _id_fix(ctx: Context, block: Block, mine, wanted: str):
    """The heading's line with upstream's id in place of the attribute lists it writes (or
    after its text)."""
    if block.start != block.end:
        return None
    line = ctx.alignment.translation.source_lines(block.start, block.start)[0]
    at = line.find(block.source)
    if at < 0 or not block.source:
        return None
    start = at + len(mine.text)
    return repairs.edit(ctx, block.start, line, start, at + len(block.source.rstrip()), f" {{#{wanted}}}")
