"""Start a timed round as a new relsync command starts: with none of the process's caches;
and time relsync's commands as an installed relsync runs them."""

from __future__ import annotations

import compileall
import sys
from pathlib import Path


def cold_caches() -> None:
    """Clear every ``functools`` cache of relsync's modules (parsers and their link cache,
    code skeletons, month-name tables, ...), so that a round pays what a fresh run pays."""
    for name, module in list(sys.modules.items()):
        if name == "relsync" or name.startswith("relsync."):
            for obj in list(vars(module).values()):
                clear = getattr(obj, "cache_clear", None)
                if callable(clear):
                    clear()


def compiled(src: Path) -> Path:
    """``src`` (a ``src/`` directory of relsync) with its modules compiled to bytecode, as
    installing a package compiles them (markdown-it-py's, which the baselines run, are): on a
    machine that sets ``PYTHONDONTWRITEBYTECODE``, a command run from sources would otherwise
    compile every module of relsync each time, a tenth of a second and more, and measure that
    too."""
    compileall.compile_dir(str(src), quiet=1)
    return src
