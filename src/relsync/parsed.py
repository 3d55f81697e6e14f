"""Documents parsed once per run: a text read again is not parsed again.

An upstream page is read by the pair of every locale that translates it, and the revision of it
that many translations were made from by each of their staleness; :func:`parse_shared` is
:func:`relsync.parse.parse` remembering the texts it parsed last (with the path, locales and
extensions they were parsed with), so such a text is parsed once. The document it returns is
shared by every caller: it is a value, nothing changes one after it is built.
"""

from __future__ import annotations

import functools

from .parse import parse

parse_shared = functools.lru_cache(maxsize=64)(parse)

__all__ = ["parse_shared"]
