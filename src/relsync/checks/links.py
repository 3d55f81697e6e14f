"""Links: a translation must lead where upstream leads, whatever its language prefix."""

from __future__ import annotations

import functools
import mimetypes
import os
import re
from typing import Iterator
from urllib.parse import unquote, urlsplit

from ..languages import fold_accents, is_language_tag, language_scripts
from ..model import Pair, Severity
from . import repairs
from .registry import Context, Problem, check
from .site import page_key as site_page_key
from .consistency import matched_sides
from .targets import own_ids, resolves, target, upstream_ids
from .urls import _ENGLISH_SEGMENTS, normalize_link

#: GitHub serves a default branch's old name by redirect.
_GITHUB_BRANCH_RE = re.compile(r"^(https?://(?:www\.)?github\.com/[^/]+/[^/]+/(?:blob|tree)/)(?:main|master)(?=/|$)")
_GITHUB_ISSUE_RE = re.compile(r"^(https?://(?:www\.)?github\.com/[^/]+/[^/]+/)issues/(?=\d+(?:[/#?]|$))")


def _site(host: str, ctx: Context) -> tuple[str, bool]:
    """A host without a language label, and whether the label named the target language.

    The label may be any but the last two labels: ``zh.wikipedia.org``, ``v2.cn.vuejs.org``.
    """
    labels = host.split(".")
    for k in range(len(labels) - 2):
        label = labels[k]
        rest = ".".join(labels[:k] + labels[k + 1:])
        if label in ctx.link_prefixes or (label not in _ENGLISH_SEGMENTS and is_language_tag(label)):
            return rest, True
        if label in _ENGLISH_SEGMENTS or (label == "www" and k == 0):
            return rest, False
    return host, False


def links_match(a: tuple[str, str, str], b: tuple[str, str, str], ctx: Context) -> bool:
    """Whether an upstream link ``a`` and a translated link ``b`` lead to the same page.

    A localized edition of an external site (``zh.wikipedia.org``, ``cn.vitejs.dev`` with a
    rewrite) may use its own paths; a localized site may translate heading anchors, and a
    playground may encode translated code in the fragment.
    """
    (ha, pa, fa), (hb, pb, fb) = a, b
    if ha and hb and ha != hb:
        site_a, _ = _site(ha, ctx)
        site_b, localized = _site(hb, ctx)
        if site_a != site_b:
            return False
        if localized:
            return True
    elif bool(ha) != bool(hb) and len(pa) <= 1:
        return False
    if pa != pb and _without_docs(pa) != _without_docs(pb):
        return False
    if isinstance(fb, _Landed):
        return fa == fb or not fa or not resolves(fa, fb.ids)
    if fb is None or fa == fb or not fa.isascii() or not fb.isascii():
        return True  # a localized site may translate its heading anchors
    if not (ha or hb) or not (fa and fb):
        return False  # a fragment upstream gives and the translation lost is no localization
    # Another site's page may be localized, and its ids with it; an id that differs only in
    # case or "_"/"-" style is that site's old slug style, not a localized one.
    return fa.casefold().replace("_", "-") != fb.casefold().replace("_", "-")


class _Landed(str):
    """A translation's fragment that lands on an id of its page, with the page's ids."""

    ids: frozenset[str] = frozenset()


def _site_key(url: str, ctx: Context) -> tuple:
    """A translation link as :func:`links_match` compares it, where the site can judge its
    fragment (a page of the site whose ids are known): one that names no id is
    ``unresolved-link``'s and not compared here (``None``); one that lands on an id differs
    from upstream's only if upstream's is an id of the same page too (another section, not
    a localized id)."""
    key = normalize_link(url, ctx)
    if not key[0] and key[1] and ctx.site.pages and ctx.site.route(key[1]) is None:
        # a route the site localizes with a language suffix (dumi's "/docs/react/x-cn")
        path = key[1].split("?", 1)[0]
        route = ctx.site.route(path, ctx.link_prefixes)
        if route is not None and path.lower().startswith(route):
            key = (key[0], path[: len(route)], key[2])
    if not key[2]:
        return key
    found = target(url, ctx)
    if found is None:
        return key
    if not resolves(found[0], found[1]):
        return (key[0], key[1], None)
    landed = _Landed(key[2])
    landed.ids = found[1]
    return (key[0], key[1], landed)


def _within(key: tuple, own: str | None) -> tuple:
    """A link key with the page's own address (``own``, its :func:`~.site.page_key`) and a
    fragment as the link within the page it is (``/start/frontend/#checklist`` on
    ``start/frontend/index.mdx``: ``#checklist``)."""
    host, path, fragment = key
    if own is not None and not host and path and fragment and path.lower().rstrip("/") == own:
        return (host, "", fragment)
    return key


def _relative_path(url: str) -> str:
    """The path a link relative to its document names (``./installer.png``, ``../guide/x.md``),
    without fragment and query; empty for any other link (a site path, a fragment alone, a
    scheme: ``https:``, ``mailto:``)."""
    if url.startswith(("#", "/")) or ":" in url.split("/", 1)[0]:
        return ""
    return unquote(url.split("#", 1)[0].split("?", 1)[0])


def _page_file(url: str, document: str, ctx: Context) -> str | None:
    """The upstream file of the page a relative link to a file names (``CHANGELOG.zh-CN.md``
    from the Chinese changelog: the English changelog, through the project's own pairs), or
    ``None`` for any other link."""
    path = _relative_path(url) if ctx.site.files else ""
    return ctx.site.upstream_file(os.path.join(os.path.dirname(document), path)) if path else None


def _without_docs(path: str) -> str:
    """``/docs/Page`` as ``/Page``: MDN's legacy ``/fr/Page`` is its ``/fr/docs/Page``."""
    return path[5:] if path.startswith("/docs/") else path


@check("RS204", "consistency.link-mismatch", Severity.ERROR, fixable=True)
def link_mismatch(pair: Pair, ctx: Context) -> Iterator[Problem]:
    """A link target or URL differs; the link text may differ, the destination may not.

    Localized links are equal: a language segment of any language (`/zh-cn/`, `/ja/`,
    `/en-US/`, MDN's legacy `/fr/Page` for `/fr/docs/Page`), a relative link under a language
    folder, an absolute URL of the same page, `.md`/`.html`, a trailing slash, tracking
    parameters (`utm_*`, `fbclid`, ...), a localized edition of an external site, a localized
    or percent-encoded anchor, and the rewrites configured under `link-rewrites`. A link the
    translator added is not a finding; a link upstream has and the translation lacks, an
    anchor that differs only in case or `_`/`-` style, and a page name in the translation's
    own script, words or language (a localized page: `/es/Novedades_en_JavaScript_1.8` for
    `/New_in_JavaScript_1.8`, unless the two give other numbers), and a file of the same
    name that is no page, beside the translation and there (its own copy of an image:
    `./installer.png` for `@assets/start/installer.png`) are warnings; a GitHub blob
    or tree URL that
    differs only by `master`/`main`, or an `issues/N` link for `pull/N`, is info (GitHub
    redirects them). The page's own address with a fragment (`/start/frontend/#checklist` on
    that page) is a link within the page. A same-page `#fragment` upstream that names none
    of its headings is broken upstream and is not compared. A fragment is not compared where
    the site decides: on a page of the site whose ids are known, a fragment that lands on one
    of them resolves whatever upstream names (`unresolved-link` reports one that does not),
    and another site's page may be localized, its ids with it.

    `relsync fix` writes upstream's target where one link differs, localized as the
    translation's other links to that site are (a language prefix, a localized host, a rewrite).

    Fails: "[notes](https://github.com/pytorch/pytorch/releases/tag/v2.6.0)" /
    "[发布说明](https://github.com/pytorch/pytorch/releases/tag/v2.5.0)". Passes:
    "[guide](/guide/intro)" / "[指南](/zh-cn/guide/intro)".
    """
    sides = matched_sides(pair, ctx)
    if sides is None:
        return
    ups, trs = sides
    if ups[0].kind == "code" or trs[0].kind == "code":
        return
    if not any(b.anchors.links for b in ups):
        return  # links the translator added are not findings
    # A same-page "#fragment" that names no heading upstream is broken upstream; a translation
    # that links elsewhere may have fixed it.
    a = {u: normalize_link(u, ctx) for b in ups for u in b.anchors.links
         if not (u.startswith("#") and len(u) > 1 and not resolves(unquote(u[1:]), upstream_ids(ctx)))}
    own = site_page_key(ctx.name) if ctx.name else None
    a = {u: _within(k, own) for u, k in a.items()}
    b = {u: _within(_site_key(u, ctx), own) for b in trs for u in b.anchors.links}
    pages = ({u: _page_file(u, ctx.upstream_path, ctx) for u in a},
             {v: _page_file(v, ctx.translation_path, ctx) for v in b})

    def same(u: str, v: str) -> bool:
        return (pages[0][u] is not None and pages[0][u] == pages[1][v]) or links_match(a[u], b[v], ctx)

    lost = [u for u in a if not any(same(u, v) for v in b)]
    added = [v for v in b if not any(same(u, v) for u in a)]
    if not lost:
        return
    lost_raw = sorted(lost)
    added_raw = sorted(added)
    if added:
        note, minor = _why_other(lost, added, a, b, (ups, trs), ctx)
        msg = f"link target {', '.join(added_raw)} where upstream links to {', '.join(lost_raw)}{note}"
    else:
        msg, minor = f"upstream link {', '.join(lost_raw)} is missing from the translation", 1
    fix = None
    if len(lost) == 1 and len(added) == 1 and not minor and repairs.confident(pair, ctx) \
            and _fragment_repair_ok(a[lost[0]], b[added[0]], ctx) \
            and _may_repair(a[lost[0]], added[0], ctx):
        old = added[0]
        fix = repairs.link_fix(ctx, trs, old, lost[0], lambda target: _same_language(
            old, localized_target(target, ctx), ctx))
    yield ctx.pair_finding(pair, msg, details={"upstream": lost_raw, "translation": added_raw},
                           minor=minor, fix=fix)


def _why_other(lost: list[str], added: list[str], a: dict, b: dict, sides: tuple, ctx: Context) -> tuple[str, int]:
    """What may make the translation's other targets upstream's after all, for the message,
    and how much lower the finding is (:func:`link_mismatch`)."""
    if {_github_alias(u) for u in lost} == {_github_alias(u) for u in added}:
        branch = {_github_alias(u, False) for u in lost} == {_github_alias(u, False) for u in added}
        return (" (GitHub redirects the default branch)" if branch
                else " (GitHub redirects an issue number to its pull request)"), 2
    if all(any(_anchor_style(a[u], b[v]) for v in added) for u in lost):
        return " (the same page; the anchors differ only in case or slug style)", 1
    words = tuple(_words(" ".join(x.text for x in blocks)) for blocks in sides)
    if all(any(_localized_name(a[u], b[v], words, ctx) for v in added) for u in lost):
        return " (a localized page name: perhaps the same page)", 1
    if all(any(_same_file(u, v, ctx) for v in added) for u in lost):
        return " (a file of the same name beside the translation: perhaps its copy)", 1
    return "", 0


# -- repairs ------------------------------------------------------------------------------

_BOUNDARY = "/.?#"


def _rewrite_rule(up: str, tr: str) -> tuple[str, str]:
    """How a translation wrote an upstream link: the prefix of ``up`` it replaced and by
    what (``/guide/a`` -> ``/zh-cn/guide/a``: ``("", "/zh-cn")``); the kept suffix starts at
    a separator, so ``/fr/x`` -> ``/ar/x`` is ``("/fr", "/ar")``. A trailing slash is no
    convention."""
    up, tr = up.rstrip("/"), tr.rstrip("/")
    k = 0
    while k < min(len(up), len(tr)) and up[-1 - k] == tr[-1 - k]:
        k += 1
    while 0 < k < len(up) and up[len(up) - k] not in _BOUNDARY:
        k -= 1
    return up[: len(up) - k], tr[: len(tr) - k]


def _fragment_repair_ok(up: tuple[str, str, str], tr: tuple[str, str, str], ctx: Context) -> bool:
    """Whether a link that differs from upstream's may take upstream's fragment. A localized
    site may name its headings in its own language (MDN's French pages have
    ``#considérations_de_sécurité``), so a link to the same page with another fragment is
    repaired only on the document itself when the fragment names one of the translation's
    headings, or when the translation's other links keep upstream's fragments."""
    if up[2] and tr[2] and up[2] != tr[2] and not tr[2].isascii():
        return False  # the translation names a translated heading of its own page
    if up[:2] != tr[:2] or up[2] == tr[2]:
        return True
    if not up[0] and not up[1]:
        return resolves(up[2], own_ids(ctx))
    kept, translated = _fragment_habit(ctx)
    return kept > translated


def _fragment_habit(ctx: Context) -> tuple[int, int]:
    """How often the translation's links to the page an upstream link names keep its
    fragment, and how often they name another (a translated heading)."""
    habit = ctx.memo.get("fragment_habit")
    if habit is not None:
        return habit
    kept = translated = 0
    al = ctx.alignment
    for pair in al.pairs:
        if not pair.is_match:
            continue
        ups = [normalize_link(u, ctx) for b in al.upstream_blocks(pair) for u in b.anchors.links]
        trs = [normalize_link(t, ctx) for b in al.translation_blocks(pair) for t in b.anchors.links]
        for u in ups:
            if not u[2] or not (u[0] or u[1]):
                continue
            same_page = [t for t in trs if t[:2] == u[:2] and t[2]]
            if any(t[2] == u[2] for t in same_page):
                kept += 1
            elif same_page:
                translated += 1
    habit = ctx.memo["fragment_habit"] = (kept, translated)
    return habit


def _may_repair(up: tuple, old: str, ctx: Context) -> bool:
    """Whether a translation's link may take upstream's target: not one that leads to a page
    of the site or a file that exists (the site proves nothing wrong with it), and not across sites (a
    link upstream moved from another site to this one, or back, came with a new sentence:
    ``[NuxtJS](https://nuxt.com/)`` where upstream now links ``[Vue frameworks](/guide/quick-start#frameworks)``)."""
    key = normalize_link(old, ctx)
    if bool(up[0]) != bool(key[0]):
        return False
    if key[0]:
        return True
    path = _relative_path(old)
    if path and os.path.isfile(os.path.join(os.path.dirname(ctx.translation_path), path)):
        return False  # a file beside the translation: an image of its own
    if path and "." in path.rsplit("/", 1)[-1]:
        return True  # a file beside the translation that is not there: the link leads nowhere
    if not ctx.site.pages:
        return False  # no page of the site at hand: nothing proves the translation's link wrong
    route = key[1].split("?", 1)[0]
    if ctx.site.route(route, ctx.link_prefixes) is not None or _page_file(old, ctx.translation_path, ctx):
        return False
    # the site must know upstream's page: a tree that holds only some of the site's pages
    # (release notes of a larger site) cannot tell a moved page from a wrong link
    return ctx.site.route(up[1].split("?", 1)[0], ctx.link_prefixes) is not None


def _split(url: str):
    """``urlsplit(url)``, or ``None`` for a target it cannot read (a placeholder host such as
    ``https://[your-server]/``)."""
    try:
        return urlsplit(url)
    except ValueError:
        return None


def _language_of(url: str, ctx: Context) -> str:
    """The language a link names: its first path segment or a host label, when that is a
    language prefix (``/zh-TW/...``, ``/en-US/...``, ``zh.wikipedia.org``); else ``""``."""
    parts = _split(url)
    if parts is None:
        return ""
    segments = parts.path.split("/")
    if len(segments) > 2 and segments[0] == "":
        first = segments[1].lower()
        if first in ctx.link_prefixes or first in _ENGLISH_SEGMENTS:
            return first
    for label in parts.netloc.lower().split(".")[:-2]:
        if label in ctx.link_prefixes or label in _ENGLISH_SEGMENTS:
            return label
    return ""


def _same_language(old: str, new: str | None, ctx: Context) -> str | None:
    """``new`` if it names the language the translation's own link named: a repair changes
    where a link leads, not which edition of the site it opens."""
    if new is None or _language_of(old, ctx) != _language_of(new, ctx):
        return None
    return new


def _localized_sites(ctx: Context) -> set[str]:
    """Sites the translation links to with a language prefix or label (``/es/``,
    ``zh.wikipedia.org``): their links are localized even where none matches upstream's."""
    sites = ctx.memo.get("localized_sites")
    if sites is not None:
        return sites
    sites = set()
    for block in ctx.alignment.translation.blocks:
        for link in block.anchors.links:
            parts = _split(link)
            if parts is None:
                continue
            host = parts.netloc.lower()
            first = parts.path.split("/")[1].lower() if parts.path.startswith("/") and parts.path.count("/") > 1 else ""
            if first in ctx.link_prefixes or (host and _site(host, ctx)[1]):
                sites.add(_site(host, ctx)[0] if host else "")
    ctx.memo["localized_sites"] = sites
    return sites


def _site_of(url: str) -> str:
    parts = _split(url)
    return parts.netloc.lower() if parts is not None else ""


def _link_examples(ctx: Context) -> list[tuple[str, tuple[str, str]]]:
    """Every link of the translation that leads where its upstream's does, as ``(upstream
    site, rewrite rule)``: the document's own localization convention."""
    examples = ctx.memo.get("link_examples")
    if examples is not None:
        return examples
    examples = []
    al = ctx.alignment
    for pair in al.pairs:
        if not pair.is_match:
            continue
        ups = [u for b in al.upstream_blocks(pair) for u in b.anchors.links]
        trs = [t for b in al.translation_blocks(pair) for t in b.anchors.links]
        if not ups or not trs:
            continue
        keys = {t: normalize_link(t, ctx) for t in trs}
        for u in ups:
            key = normalize_link(u, ctx)
            match = next((t for t in trs if links_match(key, keys[t], ctx)), None)
            if match is not None:
                examples.append((_site_of(u), _rewrite_rule(u, match)))
    ctx.memo["link_examples"] = examples
    return examples


def localized_target(target: str, ctx: Context) -> str | None:
    """Upstream's ``target`` as this translation writes its links: by the one rule its other
    links to the same site follow (a ``/zh-cn/`` prefix, a localized host, a rewrite); with
    no link to that site, by a configured ``link-rewrites`` entry of that site, or as it is
    when none of the translation's links is localized; ``None`` when its links follow no
    single convention."""
    examples = _link_examples(ctx)
    site = _site_of(target)
    rules = {rule for s, rule in examples if s == site and target.startswith(rule[0])}
    if len(rules) == 1:
        old, new = rules.pop()
        return _checked(target, new + target[len(old):], ctx)
    if rules or any(s == site for s, _ in examples):
        return None
    for src, dst in ctx.link_rewrites.items():
        if _site_of(dst) and target.startswith(dst):
            return _checked(target, src + target[len(dst):], ctx)
    if (_site(site, ctx)[0] if site else "") in _localized_sites(ctx):
        return None
    if all(old == new for _, (old, new) in examples):
        return target
    return None


def _checked(target: str, written: str, ctx: Context) -> str | None:
    """``written`` if it still leads where ``target`` does."""
    return written if links_match(normalize_link(target, ctx), normalize_link(written, ctx), ctx) else None


def _anchor_style(a: tuple[str, str, str], b: tuple[str, str, str]) -> bool:
    """The same page, with anchors that differ only in case or ``_``/``-`` (``#Securing_Updates``
    and ``#securing-updates``): one site's slug style for the other's, or a stale anchor."""
    same_page = a[0] == b[0] and _without_docs(a[1]) == _without_docs(b[1])
    return same_page and a[2] is not None and b[2] is not None and a[2].casefold().replace("_", "-") == b[2].casefold().replace("_", "-")


_WORD_RE = re.compile(r"[^\W\d_]{3,}")


def _words(text: str) -> set[str]:
    return {w.casefold() for w in _WORD_RE.findall(text)}


def _localized_name(a: tuple[str, str, str], b: tuple[str, str, str], words: tuple[set[str], set[str]],
                    ctx: Context) -> bool:
    """A link of the same site whose page name is written in the translation's script
    (``/zh-CN/在Firefox_3中CSS的改进`` for ``/CSS_improvements_in_Firefox_3``), made of the
    translation's own words (``/es/Dibujar_texto_usando_canvas`` beside the link text
    "Dibujar texto usando canvas") or in the translation's language (``/es/Novedades_en_
    JavaScript_1.8`` for ``/New_in_JavaScript_1.8``): a localized site may translate its page
    names, which no text comparison can map back. Not when both names give numbers and
    they differ (``Novedades_en_JavaScript_1.6`` for ``New_in_JavaScript_1.8``)."""
    if a[0] != b[0] or not unquote(a[1]).isascii():
        return False
    name = unquote(b[1])
    if not name.isascii():
        return True
    up_name = unquote(a[1])
    up_numbers, numbers = set(_NAME_NUMBER_RE.findall(up_name)), set(_NAME_NUMBER_RE.findall(name))
    if up_numbers and numbers and up_numbers != numbers:
        return False  # a localized name of another version is another page
    slug = _words(name.rsplit("/", 1)[-1])
    up_words, tr_words = words
    # a title of two words or more, all in the translation's text, some of them not upstream's
    if len(slug) >= 2 and slug <= tr_words and bool(slug - up_words):
        return True
    return "Latn" in language_scripts(ctx.locale) and _in_translation_language(up_name, name, ctx)


@functools.cache
def _file_types() -> mimetypes.MimeTypes:
    return mimetypes.MimeTypes()  # Python's own table, not the machine's: the same everywhere


def _same_file(up: str, tr: str, ctx: Context) -> bool:
    """Links to a file of the same name that is no page or text (an image, a download: its
    type by its extension), the translation's beside it and there (``./installer.png`` for
    upstream's ``@assets/start/prerequisites/installer.png``): a translation may keep its own
    copy of an image, which the site shows. One that is not there leads nowhere."""
    ours, theirs = _relative_path(up), _relative_path(tr)
    name = ours.rsplit("/", 1)[-1]
    if not name or name != theirs.rsplit("/", 1)[-1]:
        return False
    kind = _file_types().guess_type(name, strict=False)[0]
    return (kind is not None and not kind.startswith("text/")
            and os.path.isfile(os.path.join(os.path.dirname(ctx.translation_path), theirs)))


_NAME_WORD_RE = re.compile(r"[^\W\d_]{2,}")
_NAME_NUMBER_RE = re.compile(r"\d+(?:\.\d+)*")


def _in_translation_language(up_path: str, tr_path: str, ctx: Context) -> bool:
    """Whether a page name is in the translation's language (written in Latin script) rather
    than upstream's: more of its words (those not in upstream's page name) are ordinary words
    of the translation's text that upstream's text never uses (``en``, ``von``,
    ``almacenamiento``; not a name in capitals) than the reverse."""
    up_vocabulary, tr_vocabulary = _vocabularies(ctx)
    own = {fold_accents(w) for w in _NAME_WORD_RE.findall(up_path)}
    theirs = ours = 0
    for word in {fold_accents(w) for w in _NAME_WORD_RE.findall(tr_path)} - own:
        if word in tr_vocabulary and word not in up_vocabulary:
            theirs += tr_vocabulary[word]
        elif word in up_vocabulary and word not in tr_vocabulary:
            ours += 1
    return theirs > ours


def _vocabularies(ctx: Context) -> tuple[dict[str, bool], dict[str, bool]]:
    """The words of each side's text, folded; a translation word maps to whether the text
    writes it as an ordinary word (lower case, or capitalized), not only as a name in
    capitals (``HTML``, ``JavaScript``)."""
    memo = ctx.memo.get("vocabularies")
    if memo is None:
        al = ctx.alignment
        up = {fold_accents(w): True for b in al.upstream.blocks for w in _NAME_WORD_RE.findall(b.text)}
        tr: dict[str, bool] = {}
        for block in al.translation.blocks:
            for w in _NAME_WORD_RE.findall(block.text):
                ordinary = w.islower() or (w[0].isupper() and w[1:].islower())
                tr[fold_accents(w)] = tr.get(fold_accents(w), False) or ordinary
        memo = ctx.memo["vocabularies"] = (up, tr)
    return memo


def _github_alias(url: str, issues: bool = True) -> str:
    """A GitHub URL with what GitHub redirects made one: ``master`` and ``main`` in a blob or
    tree URL, and with ``issues``, ``issues/N`` and ``pull/N`` (one number names one issue or
    pull request)."""
    url = _GITHUB_BRANCH_RE.sub(r"\1main", url.strip())
    return _GITHUB_ISSUE_RE.sub(r"\1pull/", url) if issues else url
