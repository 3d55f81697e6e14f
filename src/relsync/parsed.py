"""Documents parsed once per run: a text read again is not parsed again.

An upstream page is read by the pair of every locale that translates it, and the revision of it
that many translations were made from by each of their staleness; :func:`parse_shared` is
:func:`relsync.parse.parse` remembering the texts it parsed last, so such a text is parsed
once. The key is what the parse reads: the text, whether the path names an MDX file, the
locales and the site's extensions; the path itself only names the document, so the same
revision of a page shown under two names (``page.md@1a2b3c4``, ``page.md@5d6e7f8``) is
parsed once and handed back under each name. The document it returns is shared by every
caller: it is a value, nothing changes one after it is built.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import replace

from .model import Document
from .parse import parse

#: How many parsed texts are kept: the pairs of one upstream page run together, so this
#: holds a page, the revisions of it its translations were made from, and some more.
SHARED_SIZE = 64

_Key = tuple[str, bool, tuple[str, ...], frozenset[str]]
_SHARED: OrderedDict[_Key, Document] = OrderedDict()


def parse_shared(text: str, path: str = "<text>", locales: tuple[str, ...] = ("en",), *,
                 extensions: frozenset[str] = frozenset()) -> Document:
    """:func:`relsync.parse.parse` of ``text``, once per run for the same text, MDX-ness,
    locales and extensions (the least recently used of :data:`SHARED_SIZE` are forgotten).
    A document parsed under another path comes back named ``path``."""
    key = (text, path.lower().endswith(".mdx"), tuple(locales), frozenset(extensions))
    doc = _SHARED.get(key)
    if doc is None:
        doc = parse(text, path, locales, extensions=extensions)
        _SHARED[key] = doc
        while len(_SHARED) > SHARED_SIZE:
            _SHARED.popitem(last=False)
    else:
        _SHARED.move_to_end(key)
    return doc if doc.path == path else replace(doc, path=path, problems=list(doc.problems))


def clear_shared() -> None:
    """Forget every parsed text (a new run starts with none)."""
    _SHARED.clear()


parse_shared.cache_clear = clear_shared  # type: ignore[attr-defined]  # as the benchmarks' cold rounds expect

__all__ = ["clear_shared", "parse_shared"]
