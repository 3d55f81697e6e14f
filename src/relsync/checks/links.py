"""Links: a translation must lead where upstream leads, whatever its language prefix."""

from __future__ import annotations

import posixpath
import re
from typing import Iterator
from urllib.parse import unquote, urlsplit

from ..languages import is_language_tag
from ..model import Pair, Severity
from ..parse import HEADING_ID_RE
from .registry import Context, Problem, check
from .consistency import matched_sides

_ENGLISH_SEGMENTS = {"en", "en-us", "en_us", "en-gb", "en_gb"}
#: Query parameters that choose a language or track a visit: not part of a link's identity.
_IGNORED_PARAMS = {"lang", "hl", "locale", "language", "lng", "setlang", "uselang",
                   "__hstc", "__hssc", "__hsfp", "fbclid", "gclid"}
_IGNORED_PARAM_PREFIXES = ("utm_",)
#: GitHub serves a default branch's old name by redirect.
_GITHUB_BRANCH_RE = re.compile(r"^(https?://(?:www\.)?github\.com/[^/]+/[^/]+/(?:blob|tree)/)(?:main|master)(?=/|$)")


def _ignored_param(param: str) -> bool:
    name = param.split("=", 1)[0].lower()
    return name in _IGNORED_PARAMS or name.startswith(_IGNORED_PARAM_PREFIXES)


def _language_segment(segment: str, ctx: Context) -> bool:
    low = segment.lower()
    return low in _ENGLISH_SEGMENTS or low in ctx.link_prefixes or is_language_tag(segment)


def normalize_link(url: str, ctx: Context) -> tuple[str, str, str]:
    """A link target as ``(host, path, fragment)`` with its localization removed: the
    configured rewrites, a language segment of any language (``/zh-cn/``, ``/en-US/``,
    ``/ja/``) at the start of the path, ``.md``/``.html``, ``index``, a trailing slash,
    tracking parameters. A relative link is resolved against the document's place in the
    site, unless it starts with a language segment (``zh_tw/Storage``: rooted at the site).
    The fragment is decoded."""
    url = url.strip()
    for src, dst in ctx.link_rewrites.items():
        # "https://cn.vitejs.dev" is the same page as "https://cn.vitejs.dev/".
        bare = src.endswith("/") and url == src[:-1]
        if url.startswith(src) or bare:
            url = dst + ("" if bare else url[len(src):])
            break
    if url.lower().startswith("mailto:"):
        return ("mailto", url.lower()[7:], "")
    parts = urlsplit(url)
    host = parts.netloc.lower()
    path = parts.path
    if not host and not parts.scheme and path and not path.startswith("/"):
        if _language_segment(path.split("/", 1)[0], ctx):
            path = "/" + path
        elif ctx.name:
            base = posixpath.dirname("/" + ctx.name.lstrip("/"))
            path = posixpath.normpath(posixpath.join(base, path))
    segments = path.split("/")
    if len(segments) > 2 and segments[0] == "" and _language_segment(segments[1], ctx):
        segments = [""] + segments[2:]
    path = "/".join(segments)
    # A localized file: "lifecycle_zh-CN.png", "diagram.zh.svg".
    stem, dot, ext = path.rpartition(".")
    if dot and "/" not in ext:
        for prefix in ctx.link_prefixes:
            for sep in "_-.":
                if stem.lower().endswith(sep + prefix.lower()):
                    path = stem[: -len(prefix) - 1] + "." + ext
                    break
            else:
                continue
            break
    for suffix in (".html", ".md"):
        if path.endswith(suffix):
            path = path[: -len(suffix)]
    if path.endswith("/index") or path == "index":
        path = path[: -len("index")]
    if len(path) > 1:
        path = path.rstrip("/")
    if path == "/":
        path = ""
    query = "&".join(sorted(q for q in parts.query.split("&") if q and not _ignored_param(q)))
    if query:
        path += "?" + unquote(query)
    return (host, path, unquote(parts.fragment))


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
    if fa == fb or not fa.isascii() or not fb.isascii():
        return True  # a localized site may translate its heading anchors
    return bool(ha or hb) and min(len(fa), len(fb)) > 40


def _without_docs(path: str) -> str:
    """``/docs/Page`` as ``/Page``: MDN's legacy ``/fr/Page`` is its ``/fr/docs/Page``."""
    return path[5:] if path.startswith("/docs/") else path


def _upstream_ids(ctx: Context) -> set[str]:
    """The upstream document's heading ids, computed once per alignment."""
    ids = ctx.memo.get("upstream_ids")
    if ids is None:
        ids = ctx.memo["upstream_ids"] = _heading_ids(ctx.alignment.upstream)
    return ids


def _heading_ids(doc) -> set[str]:
    """Ids a same-page link may name: explicit ``{#id}`` and the usual slugs of heading text,
    and HTML ``id``/``name`` attributes."""
    ids: set[str] = set()
    for block in doc.blocks:
        if block.is_heading:
            m = HEADING_ID_RE.search(block.source)
            if m:
                ids.add(m.group(1).lower())
            slug = re.sub(r"[^\w\- ]", "", block.text.lower()).strip().replace(" ", "-")
            ids.add(slug)
        elif block.kind == "html":
            ids.update(x.lower() for x in re.findall(r"\b(?:id|name)=[\"']([^\"']+)", block.text))
    return ids


@check("RS204", "consistency.link-mismatch", Severity.ERROR)
def link_mismatch(pair: Pair, ctx: Context) -> Iterator[Problem]:
    """A link target or URL differs; the link text may differ, the destination may not.

    Localized links are equal: a language segment of any language (`/zh-cn/`, `/ja/`,
    `/en-US/`, MDN's legacy `/fr/Page` for `/fr/docs/Page`), a relative link under a language
    folder, an absolute URL of the same page, `.md`/`.html`, a trailing slash, tracking
    parameters (`utm_*`, `fbclid`, ...), a localized edition of an external site, a localized
    or percent-encoded anchor, and the rewrites configured under `link-rewrites`. A link the
    translator added is not a finding; a link upstream has and the translation lacks, an
    anchor that differs only in case or `_`/`-` style, and a page name in the translation's
    own script or words (a localized page) are warnings; a GitHub blob or tree URL that
    differs only by `master`/`main` is info. A same-page `#fragment` upstream that names none
    of its headings is broken upstream and is not compared.

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
         if not (u.startswith("#") and len(u) > 1 and u[1:].lower() not in _upstream_ids(ctx))}
    b = {u: normalize_link(u, ctx) for b in trs for u in b.anchors.links}
    lost = [u for u, key in a.items() if not any(links_match(key, other, ctx) for other in b.values())]
    added = [u for u, key in b.items() if not any(links_match(other, key, ctx) for other in a.values())]
    if not lost:
        return
    lost_raw = sorted(lost)
    added_raw = sorted(added)
    minor = 0 if added else 1
    words = (_words(" ".join(x.text for x in ups)), _words(" ".join(x.text for x in trs)))
    if added:
        msg = f"link target {', '.join(added_raw)} where upstream links to {', '.join(lost_raw)}"
        if {_default_branch(u) for u in lost} == {_default_branch(u) for u in added}:
            msg += " (GitHub redirects the default branch)"
            minor = 2
        elif all(any(_anchor_style(a[u], b[v]) for v in added) for u in lost):
            msg += " (the same page; the anchors differ only in case or slug style)"
            minor = 1
        elif all(any(_localized_name(a[u], b[v], words) for v in added) for u in lost):
            msg += " (a localized page name: perhaps the same page)"
            minor = 1
    else:
        msg = f"upstream link {', '.join(lost_raw)} is missing from the translation"
    yield ctx.pair_finding(pair, msg, details={"upstream": lost_raw, "translation": added_raw},
                           minor=minor)


def _anchor_style(a: tuple[str, str, str], b: tuple[str, str, str]) -> bool:
    """The same page, with anchors that differ only in case or ``_``/``-`` (``#Securing_Updates``
    and ``#securing-updates``): one site's slug style for the other's, or a stale anchor."""
    same_page = a[0] == b[0] and _without_docs(a[1]) == _without_docs(b[1])
    return same_page and a[2].casefold().replace("_", "-") == b[2].casefold().replace("_", "-")


_WORD_RE = re.compile(r"[^\W\d_]{3,}")


def _words(text: str) -> set[str]:
    return {w.casefold() for w in _WORD_RE.findall(text)}


def _localized_name(a: tuple[str, str, str], b: tuple[str, str, str], words: tuple[set[str], set[str]]) -> bool:
    """A link of the same site whose page name is written in the translation's script
    (``/zh-CN/在Firefox_3中CSS的改进`` for ``/CSS_improvements_in_Firefox_3``) or made of the
    translation's own words (``/es/Dibujar_texto_usando_canvas`` beside the link text
    "Dibujar texto usando canvas"): a localized site may translate its page names, which no
    text comparison can map back."""
    if a[0] != b[0] or not unquote(a[1]).isascii():
        return False
    name = unquote(b[1])
    if not name.isascii():
        return True
    slug = _words(name.rsplit("/", 1)[-1])
    up_words, tr_words = words
    # a title of two words or more, all in the translation's text, some of them not upstream's
    return len(slug) >= 2 and slug <= tr_words and bool(slug - up_words)


def _default_branch(url: str) -> str:
    """A GitHub blob or tree URL with ``master`` and ``main`` as one name."""
    return _GITHUB_BRANCH_RE.sub(r"\1main", url.strip())
