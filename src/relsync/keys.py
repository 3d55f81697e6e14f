"""Anchors as comparable keys (code, numbers, dates, links, Latin terms: ``c:``, ``n:``,
``d:``, ``l:``, ``f:``, ``t:``) and how much two blocks' keys overlap: the evidence of
:mod:`relsync.similarity` that two blocks in two languages are one."""

from __future__ import annotations

import functools
import re
from collections import Counter
from urllib.parse import unquote

from rapidfuzz import fuzz

from .languages import is_language_tag, is_territory_code
from .model import Anchors


#: Last path segments that name no page of their own: the page is the directory above.
_INDEX_PAGES = frozenset({"index", "index.html", "index.htm", "index.md", "readme.md", "_index.md"})


def _link_keys(url: str) -> list[str]:
    """Localized links differ by a language prefix or host, and moved pages keep their name
    (``/Tools/Page_Inspector#Rules_view`` and ``/devtools-user/page_inspector/index.html
    #rules-view``): a link is the last segment that names its page (``l:``) and, with a
    fragment, that page and the fragment in one slug style (``f:``), which a translation
    may localize. A site's home page, in any of its languages, is ``l:`` and the site
    (``l://vuejs.org`` for ``https://cn.vuejs.org/``): two sites' home pages are not one."""
    base, _, fragment = url.partition("#")
    base = base.split("?", 1)[0].rstrip("/").lower()
    host = ""
    for prefix in ("https://", "http://"):
        if base.startswith(prefix):
            rest = base[len(prefix):]
            host, _, base = rest.partition("/")
    segments = [seg for seg in base.split("/") if seg]
    while len(segments) > 1 and segments[-1] in _INDEX_PAGES:
        segments.pop()
    if host and all(is_language_tag(seg) for seg in segments):
        return ["l:", "l://" + _site_of(host)]  # a home page, in any of its languages: which site's
    tail = segments[-1].removesuffix(".html").removesuffix(".md") if segments else base
    if not fragment:
        return ["l:" + tail]
    slug = unquote(fragment).lower().replace("_", "-")
    if not tail:
        return ["l:#" + slug]
    return ["l:" + tail, f"f:{tail}#{slug}"]


def _site_of(host: str) -> str:
    """A host without a first label that names a language, a country or ``www``
    (``cn.vuejs.org``, ``ja.vuejs.org``: ``vuejs.org``)."""
    first, dot, rest = host.partition(".")
    named = first == "www" or is_language_tag(first) or is_territory_code(first)
    return rest if dot and "." in rest and named else host


def page_key(url: str) -> str:
    """The key of the page a link leads to, in any locale of the site and wherever the site
    moved it (see :func:`_link_keys`); empty for a link within the page or to a root."""
    key = _link_keys(url)[0]
    return "" if key in ("l:", "l:#") or key.startswith("l:#") else key


def fragment_key(fragment: str) -> str:
    """The key :func:`anchor_keys` gives a link within the page (``#fragment``)."""
    return _link_keys("#" + fragment)[0]


#: Words in parentheses after a space inside code: prose (`any (with argument)`, `any (带参数)`).
_CODE_PROSE_RE = re.compile(r"\s+\((?:[^\W\d_]+\s*)+\)")


def _code_key(code: str) -> str:
    """A code span as compared: no prose in parentheses, no call parentheses, lower case."""
    return (_CODE_PROSE_RE.sub("", code) if " (" in code else code).strip().rstrip("()").lower()[:200]


def anchor_keys(anchors: Anchors) -> Counter[str]:
    """The anchors of a block as one multiset of comparable keys."""
    keys = ["c:" + _code_key(c) for c in anchors.code] if anchors.code else []
    if anchors.numbers:
        keys += ["n:" + n for n in anchors.numbers]
    if anchors.dates:
        keys += ["d:" + d for d in anchors.dates]
        keys.append("d:*")  # a dated line pairs with a dated line, even when the dates differ
    for link in anchors.links:
        keys += _link_keys(link)
    if anchors.terms:
        keys += ["t:" + t.lower() for t in anchors.terms]
    return Counter(keys) if keys else Counter()


#: Weight of an upstream term the translation does not contain: English prose is full of
#: capitalized words that a translation rightly does not keep.
UNMATCHED_TERM_WEIGHT = 0.3
#: Weight of a link fragment the other side does not have: translations localize heading ids.
UNMATCHED_FRAGMENT_WEIGHT = 0.3


def overlap(a: Counter[str], b: Counter[str], words=None) -> tuple[float, float]:
    """Weighted Dice overlap of upstream keys ``a`` and translation keys ``b``, in [0, 1],
    and the weight of the evidence it rests on (below 1: too little to judge by).

    Near-identical keys (rapidfuzz ratio >= 90) count 0.8 of a match; a Latin word the
    translation kept (``补丁版本 (patch releases)``) matches an ordinary word of the upstream
    text: ``words`` returns them (computed only when needed).
    """
    if not a and not b:
        return 0.0, 0.0
    shared = 0.0
    rest_a: dict[str, int] = {}
    rest_b = dict(b)
    for k, v in a.items():
        w = rest_b.get(k, 0)
        if w > v:
            shared += v
            rest_b[k] = w - v
        elif w:
            shared += w
            del rest_b[k]
            if w < v:
                rest_a[k] = v - w
        else:
            rest_a[k] = v
    if rest_a and rest_b:
        shared += _compound_parts(rest_a, rest_b)
    kept = [k for k in rest_b if k[0] == "t"] if words is not None and rest_b else ()
    if kept:
        vocabulary = words()
        for k in [k for k in kept if k[2:] in vocabulary or _inflected(k[2:], vocabulary)
                  or ("-" in k and all(w in vocabulary for w in k[2:].split("-")))]:
            shared += rest_b.pop(k)
    if rest_a and rest_b and len(rest_a) * len(rest_b) <= 64:
        used: set[str] = set()
        for ka in list(rest_a):
            for kb in rest_b:
                if kb in used or ka[:2] != kb[:2] or abs(len(ka) - len(kb)) > max(len(ka), len(kb)) // 5:
                    continue
                if fuzz.ratio(ka, kb, score_cutoff=90):
                    n = min(rest_a[ka], rest_b[kb])
                    shared += 0.8 * n
                    rest_a[ka] -= n
                    rest_b[kb] -= n
                    used.add(kb)
                    break
    wa = 0.0
    for k, v in rest_a.items():
        if k[0] == "t":
            v *= UNMATCHED_TERM_WEIGHT
        elif k[0] == "f":
            v *= UNMATCHED_FRAGMENT_WEIGHT
        wa += v
    wb = 0.0
    for k, v in rest_b.items():
        wb += v * UNMATCHED_FRAGMENT_WEIGHT if k[0] == "f" else v
    weight = 2.0 * shared + wa + wb
    return (2.0 * shared / weight if weight else 0.0), weight


def _compound_parts(rest_a: dict[str, int], rest_b: dict[str, int]) -> int:
    """Match a term of the translation written as a compound with hyphens to an upstream
    term that is one of its parts (``SQLModel-Dokumentation`` for ``SQLModel``, ``ISO-Format``
    for ``ISO``): the matches, taken out of both."""
    found = 0
    for kb in [k for k in rest_b if k[0] == "t" and "-" in k]:
        for part in kb[2:].split("-"):
            ka = "t:" + part
            if rest_a.get(ka):
                found += 1
                rest_a[ka] -= 1
                if not rest_a[ka]:
                    del rest_a[ka]
                rest_b[kb] -= 1
                if not rest_b[kb]:
                    del rest_b[kb]
                break
    return found


#: A Latin word the translation kept matches an upstream word it opens when it has at least
#: this many letters and the upstream word at most ``INFLECTION`` more (``tree-shake`` in
#: "tree-shakeable", ``render`` in "rendering").
INFLECTED_MIN, INFLECTION = 4, 4


@functools.lru_cache(maxsize=1 << 16)  # the DP asks for the same unit's words again and again
def _inflected(term: str, vocabulary: frozenset[str]) -> bool:
    if len(term) < INFLECTED_MIN:
        return False
    return any(w.startswith(term) and len(w) - len(term) <= INFLECTION for w in vocabulary)


def dice(a: Counter[str], b: Counter[str]) -> float:
    return overlap(a, b)[0]
