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
        where = f"{path}:{line}" if line else str(path)
        super().__init__(f"{where}: {problem}")


class ConfigError(RelsyncError):
    """An invalid configuration value."""


# -- warnings ------------------------------------------------------------------------------

#: What a run has to say without failing (a shallow clone, a repository git refuses), in
#: the order said; the command line prints each once on stderr after its output.
_NOTICES: list[str] = []


def notice(message: str) -> None:
    """Say ``message`` to the user once this run (``relsync: warning: ...``), not as an error."""
    _NOTICES.append(message)


def notice_mark() -> int:
    """A mark to ask later what was noticed since (:func:`notices_since`)."""
    return len(_NOTICES)


def notices_since(mark: int) -> list[str]:
    return list(dict.fromkeys(_NOTICES[mark:]))


def drain_notices() -> list[str]:
    """The notices since the last call, each once, in order (the list is emptied)."""
    out = list(dict.fromkeys(_NOTICES))
    _NOTICES.clear()
    return out
