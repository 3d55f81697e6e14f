"""Files in and out: reading bytes and text with errors that name the file, paths as the user
typed them, and atomic writes.

An atomic write goes to a temporary file in the same directory, is fsynced, then renamed over
the target: a crash or an error part-way leaves the previous file intact byte for byte, and
the new file keeps the old file's permissions.
"""

from __future__ import annotations

import functools
import os
import stat
from pathlib import Path

from .errors import InputError


def display_path(path: Path | str) -> str:
    """A path as users typed it: relative to the current directory when it is below it."""
    return _display_path(str(path), os.getcwd())


@functools.lru_cache(maxsize=8192)
def _display_path(path: str, cwd: str) -> str:
    real = os.path.realpath(path)
    base = _resolved(cwd)
    if real == base:
        return "."
    prefix = base.rstrip(os.sep) + os.sep
    return real[len(prefix):] if real.startswith(prefix) else path


@functools.lru_cache(maxsize=16)
def _resolved(directory: str) -> str:
    return os.path.realpath(directory)


def decode(data: bytes, path: str) -> str:
    """Bytes -> text: UTF-8 (a BOM is dropped) or UTF-16 with a BOM; otherwise an error."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    elif data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError as exc:
            raise InputError(path, f"not valid UTF-16 at byte {exc.start}") from None
    if b"\x00" in data[:8192]:
        raise InputError(path, "binary file (contains NUL bytes), not Markdown")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise InputError(path, f"not valid UTF-8 at byte {exc.start}", line=line) from None


def read_bytes(path: os.PathLike | str, shown: str | None = None,
               what: str = "a file") -> bytes:
    """A file's bytes; every failure is an :class:`InputError` naming the file as ``shown``."""
    p = os.fspath(path)
    shown = display_path(p) if shown is None else shown
    if not os.path.exists(p):
        raise InputError(shown, "no such file")
    if os.path.isdir(p):
        raise InputError(shown, f"is a directory, not {what}")
    try:
        return Path(p).read_bytes()
    except PermissionError:
        raise InputError(shown, "permission denied") from None
    except OSError as exc:
        raise InputError(shown, f"cannot read: {exc.strerror or exc}") from None


def read_text(path: Path | str) -> str:
    """A Markdown file as text (see :func:`decode`)."""
    shown = display_path(path)
    return decode(read_bytes(path, shown, "a Markdown file"), shown)


def refuse_overwrite(output: os.PathLike | str | None, *inputs: os.PathLike | str | None) -> None:
    """Refuse an output that is one of the command's inputs (the same file, by any path or
    link): writing it would replace what is being read. ``-`` (stdout) is never an input."""
    if output is None or os.fspath(output) in ("", "-"):
        return
    out = os.fspath(output)
    for source in inputs:
        if source is None or os.fspath(source) in ("", "-"):
            continue
        if _same_file(out, os.fspath(source)):
            shown, input_shown = display_path(out), display_path(source)
            what = "an input" if shown == input_shown else f"{input_shown}, an input"
            raise InputError(out if os.path.islink(out) else shown,
                             f"is {what} of this command; refusing to overwrite it (choose another output path)")


def _same_file(a: str, b: str) -> bool:
    if os.path.realpath(a) == os.path.realpath(b):
        return True
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


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
    fd, tmp = _temporary(directory, target.name)
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


def _temporary(directory: Path, name: str) -> tuple[int, str]:
    """A new file ``.NAME.XXXXXXXX.tmp`` beside the target, created exclusively (what
    ``tempfile.mkstemp`` does, without importing it on every run)."""
    while True:
        tmp = os.path.join(directory, f".{name}.{os.urandom(6).hex()}.tmp")
        try:
            return os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o600), tmp
        except FileExistsError:
            continue


def atomic_write_text(path: Path | str, text: str) -> None:
    atomic_write_bytes(path, text.encode("utf-8"))
