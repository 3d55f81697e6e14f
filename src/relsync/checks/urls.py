"""Link targets as the site reads them: ``(host, path, fragment)`` with their localization
removed, so that a translation's ``/zh-cn/guide/intro.html`` and upstream's
``/guide/intro`` are one page."""

from __future__ import annotations

import posixpath
import re
from urllib.parse import unquote, urlsplit

from ..languages import is_language_tag
from .registry import Context

_ENGLISH_SEGMENTS = {"en", "en-us", "en_us", "en-gb", "en_gb"}
#: Query parameters that choose a language or track a visit: not part of a link's identity.
_IGNORED_PARAMS = {"lang", "hl", "locale", "language", "lng", "setlang", "uselang",
                   "__hstc", "__hssc", "__hsfp", "fbclid", "gclid"}
_IGNORED_PARAM_PREFIXES = ("utm_",)


def _ignored_param(param: str) -> bool:
    name = param.split("=", 1)[0].lower()
    return name in _IGNORED_PARAMS or name.startswith(_IGNORED_PARAM_PREFIXES)


#: A language tag ending a file name: "lifecycle_zh-CN", "diagram.zh", "guide-es".
_FILE_LANGUAGE_RE = re.compile(r"[_.-]([A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})?)$")


def _own_language(tag: str, ctx: Context) -> bool:
    """Whether a tag names the translation's language: one of its link prefixes, or a tag of
    the same language (``zh-CN`` in a ``zh`` translation)."""
    low = tag.lower()
    if low in ctx.link_prefixes:
        return True
    if not ctx.locale or not is_language_tag(tag):
        return False
    return low.replace("_", "-").split("-")[0] == ctx.locale.lower().replace("_", "-").split("-")[0]


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
    try:
        parts = urlsplit(url)
    except ValueError:  # "https://[your-server]/": a placeholder, compared as it is written
        return ("", url, "")
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
    elif len(segments) == 2 and segments[0] == "" and segments[1].lower() in ctx.link_prefixes:
        segments = [""]  # the home page of the translation's language: "https://fastapi.tiangolo.com/de"
    path = "/".join(segments)
    # A localized file: "lifecycle_zh-CN.png", "diagram.zh.svg".
    stem, dot, ext = path.rpartition(".")
    if dot and "/" not in ext:
        m = _FILE_LANGUAGE_RE.search(stem)
        if m is not None and _own_language(m.group(1), ctx):
            path = stem[: m.start()] + "." + ext
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
