"""Files in and out: reading bytes and text with errors that name the file, paths as the user
typed them, and atomic writes.

An atomic write goes to a temporary file in the same directory, is fsynced, then renamed over
the target: a crash or an error part-way leaves the previous file intact byte for byte, and
the new file keeps the old file's permissions.
"""

from __future__ import annotations

import functools
import os
import re
import stat
import time
from pathlib import Path

from .errors import InputError


def display_path(path: Path | str) -> str:
    """A path as users typed it: relative to the current directory when it is below it."""
    return _display_path(str(path), os.getcwd())


@functools.lru_cache(maxsize=1 << 17)
def _display_path(path: str, cwd: str) -> str:
    rel = relative_path(path, cwd)
    return path if rel is None else rel


def relative_path(path: os.PathLike | str, directory: os.PathLike | str) -> str | None:
    """``path`` relative to ``directory``, symbolic links resolved on both (the directories'
    once per run): ``"."`` for the directory itself, ``None`` outside it."""
    real = real_path(path)
    base = _resolved(os.fspath(directory))
    if real == base:
        return "."
    prefix = base.rstrip(os.sep) + os.sep
    return real[len(prefix):] if real.startswith(prefix) else None


@functools.lru_cache(maxsize=16)
def _resolved(directory: str) -> str:
    return os.path.realpath(directory)


def real_path(path: os.PathLike | str) -> str:
    """``os.path.realpath(path)``, with the symbolic links of the directory above it resolved
    once per directory: only the last component is looked at again for each file."""
    path = os.fspath(path)
    directory, name = os.path.split(path)
    cwd = "" if os.path.isabs(directory) else os.getcwd()
    if name in ("", ".", ".."):
        return _real_directory(path, cwd)
    joined = os.path.join(_real_directory(directory, cwd), name)
    return os.path.realpath(joined) if os.path.islink(joined) else joined


@functools.lru_cache(maxsize=1 << 14)
def _real_directory(directory: str, cwd: str) -> str:
    """A directory resolved (``cwd``: the current directory a relative one is read from)."""
    return os.path.realpath(os.path.join(cwd, directory or "."))


#: Control characters a terminal or a log viewer would act on (CSI colours, OSC hyperlinks
#: and window titles, BEL, backspace, a lone CR that overwrites the line), but not tab and LF.
_CONTROL_RE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def _control_picture(m: re.Match[str]) -> str:
    code = ord(m.group(0))
    if code < 0x20:
        return chr(0x2400 + code)  # U+241B SYMBOL FOR ESCAPE, ...
    return "\u2421" if code == 0x7F else f"<U+{code:04X}>"


def printable(text: str) -> str:
    """Document text as it may be shown on a terminal or in a CI log: each control character
    replaced by a visible symbol (ESC by ␛), so that a document cannot colour, retitle,
    hyperlink or rewrite what relsync prints."""
    return _CONTROL_RE.sub(_control_picture, text) if _CONTROL_RE.search(text) else text


def decode(data: bytes, path: str) -> str:
    """Bytes -> text: UTF-8 (a BOM is dropped) or UTF-16 with a BOM; otherwise an error."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    elif data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError as exc:
            raise InputError(path, f"not valid UTF-16 at byte {exc.start}") from None
    if b"\x00" in data:
        raise InputError(path, "binary file (contains NUL bytes), not Markdown")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise InputError(path, f"not valid UTF-8 at byte {exc.start}", line=line) from None


def must_be_file(path: os.PathLike | str, what: str = "a file", shown: str | None = None) -> None:
    """An :class:`InputError` unless ``path`` exists and is not a directory."""
    p = os.fspath(path)
    shown = display_path(p) if shown is None else shown
    if not os.path.exists(p):
        raise InputError(shown, "no such file")
    if os.path.isdir(p):
        raise InputError(shown, f"is a directory, not {what}")


def read_bytes(path: os.PathLike | str, shown: str | None = None,
               what: str = "a file") -> bytes:
    """A file's bytes; every failure is an :class:`InputError` naming the file as ``shown``."""
    p = os.fspath(path)
    shown = display_path(p) if shown is None else shown
    must_be_file(p, what, shown)
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
    real = real_path(out)
    try:
        info = os.stat(out)
    except OSError:
        info = None
    for source in inputs:
        if source is None or os.fspath(source) in ("", "-"):
            continue
        if _same_file(real, info, os.fspath(source)):
            shown, input_shown = display_path(out), display_path(source)
            what = "an input" if shown == input_shown else f"{input_shown}, an input"
            raise InputError(out if os.path.islink(out) else shown,
                             f"is {what} of this command; refusing to overwrite it (choose another output path)")


def _same_file(real: str, info: os.stat_result | None, other: str) -> bool:
    """Whether ``other`` is the output resolved to ``real`` (``info``: its ``os.stat``)."""
    if real == real_path(other):
        return True
    if info is None:
        return False
    try:
        return os.path.samestat(info, os.stat(other))
    except OSError:
        return False


def check_output(path: os.PathLike | str | None) -> None:
    """Refuse, before any work, an output that cannot be written: a directory, a path in a
    directory that does not exist or cannot be written to, a file that cannot be written.
    ``-`` is stdout; a special file (``/dev/null``, a pipe) is written into."""
    if path is None or os.fspath(path) in ("", "-"):
        return
    shown = os.fspath(path)
    try:
        info = os.stat(path)
    except FileNotFoundError:
        info = None
    except OSError as exc:
        raise InputError(shown, f"cannot write: {exc.strerror or exc}") from None
    if info is not None and stat.S_ISDIR(info.st_mode):
        raise InputError(shown, "is a directory; give a file to write the report to")
    if info is not None and not stat.S_ISREG(info.st_mode):
        if not os.access(path, os.W_OK):
            raise InputError(shown, "cannot write: permission denied")
        return
    real = os.path.realpath(path)
    directory = os.path.dirname(real) or "."
    if not os.path.isdir(directory):
        raise InputError(shown, f"directory {os.path.dirname(shown) or '.'!r} does not exist")
    if not os.access(directory, os.W_OK | os.X_OK) or (info is not None and not os.access(real, os.W_OK)):
        raise InputError(shown, "cannot write: permission denied")


def write_output(path: os.PathLike | str, data: bytes) -> None:
    """Write an output the user named: into a special file (``/dev/null``, a pipe, a
    terminal) as it is, never replacing it; a regular file atomically."""
    try:
        info = os.stat(path)
    except OSError:
        info = None
    if info is None or stat.S_ISREG(info.st_mode) or stat.S_ISDIR(info.st_mode):
        atomic_write_bytes(path, data)
        return
    try:
        with open(path, "wb") as handle:
            handle.write(data)
    except OSError as exc:
        raise InputError(os.fspath(path), f"cannot write: {exc.strerror or exc}") from None


def atomic_write_bytes(path: Path | str, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically. A symlink is written through (its target is
    replaced, the link stays a link); a FIFO, a device or a socket is never replaced by a
    regular file; every failure is an :class:`InputError` naming the path."""
    shown = str(path)
    try:
        info = os.stat(path)  # what a symlink leads to
    except FileNotFoundError:
        info = None
    except OSError as exc:
        raise InputError(shown, f"cannot write: {exc.strerror or exc}") from None
    if info is not None and not stat.S_ISREG(info.st_mode):
        kind = "a directory" if stat.S_ISDIR(info.st_mode) else "not a regular file"
        raise InputError(shown, f"is {kind}; relsync only replaces regular files (use '-' for stdout)")
    target = Path(os.path.realpath(path)) if os.path.islink(path) else Path(path)
    directory = target.parent if str(target.parent) else Path(".")
    if not directory.is_dir():
        raise InputError(shown, f"directory {str(directory)!r} does not exist")
    if info is not None:
        mode = stat.S_IMODE(info.st_mode)
    else:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    remove_stale_temporaries(directory, target.name)
    try:
        fd, tmp = _temporary(directory, target.name)
    except OSError as exc:
        raise InputError(shown, f"cannot write: {exc.strerror or exc}") from None
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
            raise InputError(shown, f"cannot write: {exc.strerror or exc}") from None
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


#: A temporary older than this is left by a write that was killed: no write takes so long.
STALE_TEMPORARY_AGE = 3600.0

_TEMPORARY_RE = re.compile(r"\A\.(?P<name>.+)\.[0-9a-z]{8,16}\.tmp\Z")


def remove_stale_temporaries(directory: Path | str, name: str | None = None,
                             pattern: re.Pattern[str] = _TEMPORARY_RE) -> None:
    """Remove the temporaries of writes of ``name`` (any name when None) that a killed run
    left in ``directory``: relsync's own naming only, and only when older than
    :data:`STALE_TEMPORARY_AGE`, so a concurrent run's write in progress is never touched."""
    cutoff = time.time() - STALE_TEMPORARY_AGE
    try:
        with os.scandir(directory) as entries:
            stale = [entry.path for entry in entries if _is_stale(entry, name, pattern, cutoff)]
    except OSError:
        return
    for path in stale:
        try:
            os.unlink(path)
        except OSError:
            pass


def _is_stale(entry: os.DirEntry, name: str | None, pattern: re.Pattern[str], cutoff: float) -> bool:
    if not entry.name.endswith(".tmp") or (name is not None and not entry.name.startswith(f".{name}.")):
        return False
    match = pattern.match(entry.name)
    if match is None or (name is not None and match.groupdict().get("name") != name):
        return False
    try:
        return entry.is_file(follow_symlinks=False) and entry.stat(follow_symlinks=False).st_mtime < cutoff
    except OSError:
        return False


def atomic_write_text(path: Path | str, text: str) -> None:
    atomic_write_bytes(path, text.encode("utf-8"))
