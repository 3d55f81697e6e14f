"""relsync: keep translated Markdown in sync with its upstream."""

from .align import align
from .model import Alignment, Block, Document, Finding, Pair, Section, Severity
from .parse import parse

__version__ = "0.1.0"

__all__ = [
    "Alignment",
    "Block",
    "Document",
    "Finding",
    "Pair",
    "Section",
    "Severity",
    "__version__",
    "align",
    "parse",
]
