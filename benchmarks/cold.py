"""Start a timed round as a new relsync command starts: with none of the process's caches."""

from __future__ import annotations

import sys


def cold_caches() -> None:
    """Clear every ``functools`` cache of relsync's modules (parsers and their link cache,
    code skeletons, month-name tables, ...), so that a round pays what a fresh run pays."""
    for name, module in list(sys.modules.items()):
        if name == "relsync" or name.startswith("relsync."):
            for obj in list(vars(module).values()):
                clear = getattr(obj, "cache_clear", None)
                if callable(clear):
                    clear()
