"""relsync: keep translated Markdown in sync with its upstream.

The library API:

* :func:`parse` Markdown text into a :class:`Document` (a section tree with line ranges);
* :func:`align` two documents into an :class:`Alignment`;
* :func:`check` a translation against its upstream (text or documents), :func:`check_files`
  two files, :func:`check_project` a whole project, into :class:`Finding` objects;
* :func:`fix_text` a translation: the safe repairs its findings carry, made and confirmed.
"""

from ._version import __version__
from .align import align
from .model import Alignment, Block, BlockKind, Document, Finding, Pair, Section, Severity, Side
from .parse import parse

__all__ = [
    "Alignment",
    "Block",
    "BlockKind",
    "Document",
    "Finding",
    "Pair",
    "Section",
    "Severity",
    "Side",
    "__version__",
    "align",
    "check",
    "check_files",
    "check_project",
    "fix_text",
    "parse",
]

#: Entry points loaded on first use: the checks and the runner are not needed to parse.
_LAZY = {"check": "pipeline", "check_files": "pipeline", "check_project": "runner", "fix_text": "fix"}


def __getattr__(name: str):
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
