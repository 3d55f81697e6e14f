"""Atomic file writes: a temporary file in the same directory, fsync, then rename.

A crash or an error part-way leaves the previous file intact byte for byte; the new file keeps
the old file's permissions.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

from .errors import InputError


def atomic_write_bytes(path: Path | str, data: bytes) -> None:
    target = Path(path)
    directory = target.parent if str(target.parent) else Path(".")
    if not directory.is_dir():
        raise InputError(str(target), f"directory {str(directory)!r} does not exist")
    try:
        mode = stat.S_IMODE(target.stat().st_mode)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise InputError(str(target), f"cannot write: {exc.strerror or exc}") from None
        raise


def atomic_write_text(path: Path | str, text: str) -> None:
    atomic_write_bytes(path, text.encode("utf-8"))
