"""Errors that relsync reports as one clear line and exit status 2."""

from __future__ import annotations

EXIT_OK = 0
EXIT_FINDINGS = 1
EXIT_ERROR = 2


class RelsyncError(Exception):
    """A problem with the user's input or usage, reported without a traceback."""

    exit_code = EXIT_ERROR

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class InputError(RelsyncError):
    """A file that cannot be read or understood; names the file (and line, when known)."""

    def __init__(self, path: str, problem: str, line: int | None = None) -> None:
        self.path = path
        self.problem = problem
        self.line = line
        super().__init__(_where(path, line, problem))


class ConfigError(RelsyncError):
    """An invalid configuration value; names the settings file and line, when known."""

    def __init__(self, message: str, path: str | None = None, line: int | None = None) -> None:
        self.path = path
        self.problem = message
        self.line = line
        super().__init__(message if path is None else _where(path, line, message))


def _where(path: str, line: int | None, problem: str) -> str:
    return f"{path}:{line}: {problem}" if line else f"{path}: {problem}"


# -- warnings ------------------------------------------------------------------------------

#: What a run has to say without failing (a shallow clone, a repository git refuses), in
#: the order said, as (key, message); the command line prints each key's first message once
#: on stderr after its output, with how many more it stands for.
_NOTICES: list[tuple[str, str]] = []


def notice(message: str, key: str | None = None) -> None:
    """Say ``message`` to the user this run (``relsync: warning: ...``), not as an error.
    Messages with one ``key`` are said once, the first standing for the others."""
    _NOTICES.append((key or message, message))


def notice_mark() -> int:
    """A mark to ask later what was noticed since (:func:`notices_since`)."""
    return len(_NOTICES)


def notices_since(mark: int) -> list[tuple[str, str]]:
    """The ``(key, message)`` notices since ``mark`` (for a worker to hand back)."""
    return list(_NOTICES[mark:])


def drain_notices() -> list[str]:
    """The notices since the last call, one per key, in order (the list is emptied)."""
    out = _collapse(_NOTICES)
    _NOTICES.clear()
    return out


def collapse_notices(notices: list[tuple[str, str]]) -> list[str]:
    """One message per key, saying how many more it stands for."""
    return _collapse(notices)


def _collapse(notices: list[tuple[str, str]]) -> list[str]:
    first: dict[str, str] = {}
    more: dict[str, set[str]] = {}
    for key, message in notices:
        first.setdefault(key, message)
        more.setdefault(key, set()).add(message)
    return [message + (f" (and {len(more[key]) - 1} more like it)" if len(more[key]) > 1 else "")
            for key, message in first.items()]
