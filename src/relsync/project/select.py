"""The part of a project that a list of paths involves: what ``relsync check PATH...`` and
``--changed-since REF`` check.

A pair is involved when its upstream or its translation is one of the paths, or lies in one
of the directories given; so is a missing translation (by its upstream) and an orphaned one
(by itself). Paths are compared as real paths, so ``./docs/x.md``, an absolute path and a
path through a symbolic link name the same file.
"""

from __future__ import annotations

import os
import subprocess
from dataclasses import replace
from pathlib import Path

from ..errors import ConfigError, InputError


class Selection:
    """Files and directories, as real paths, and the test whether a path is among them."""

    def __init__(self, paths: list[Path | str]) -> None:
        self.files: set[str] = set()
        self.directories: list[str] = []
        for path in paths:
            real = os.path.realpath(path)
            if os.path.isdir(real):
                self.directories.append(real.rstrip(os.sep) + os.sep)
            else:
                self.files.add(real)

    def __contains__(self, path: Path | str) -> bool:
        real = os.path.realpath(path)
        return real in self.files or any(real.startswith(d) for d in self.directories)


def involving(project, paths: list[Path | str]):
    """``project`` restricted to the pairs, missing and orphaned files that ``paths`` name
    (files or directories)."""
    chosen = Selection(paths)
    pairs = [p for p in project.pairs if p.upstream in chosen or p.translation in chosen]
    missing = [m for m in project.missing if m.upstream in chosen or m.translation in chosen]
    orphans = [o for o in project.orphans if o.translation in chosen]
    used = {x.locale for x in (*pairs, *missing, *orphans)}
    return replace(project, pairs=pairs, missing=missing, orphans=orphans,
                   locales=[x for x in project.locales if x in used],
                   not_started=[], unstarted=[])


def roles(project) -> dict[str, str]:
    """Real path -> ``upstream`` or ``translation``, for every document of ``project``."""
    found: dict[str, str] = {}
    for p in project.pairs:
        found[os.path.realpath(p.upstream)] = "upstream"
        found[os.path.realpath(p.translation)] = "translation"
    for m in project.missing:
        found[os.path.realpath(m.upstream)] = "upstream"
    for o in project.orphans:
        found[os.path.realpath(o.translation)] = "translation"
    return found


def unknown(project, paths: list[Path | str]) -> list[str]:
    """The ``paths`` that name no upstream document, translation or directory holding one of
    ``project``: a file the project does not know (a README, a file of another directory)."""
    known = roles(project)
    out = []
    for path in paths:
        real = os.path.realpath(path)
        if os.path.isdir(real):
            prefix = real.rstrip(os.sep) + os.sep
            if not any(k.startswith(prefix) for k in known):
                out.append(os.fspath(path))
        elif real not in known:
            out.append(os.fspath(path))
    return out


def changed_since(ref: str, roots: list[Path]) -> list[Path]:
    """The files that differ from ``ref`` in the git work trees holding ``roots``: committed
    since, staged, changed in the work tree, or new and not ignored."""
    changed: list[Path] = []
    for top in dict.fromkeys(_toplevel(root) for root in roots):
        diff = _git(top, "diff", "--name-only", "-z", "--no-renames", ref, "--")
        new = _git(top, "ls-files", "--others", "--exclude-standard", "-z")
        for name in (diff + new).split("\0"):
            if name:
                changed.append(Path(top) / name)
    return changed


def _toplevel(root: Path) -> str:
    return _git(root, "rev-parse", "--show-toplevel").strip()


def _git(cwd: Path | str, *args: str) -> str:
    try:
        proc = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True,
                              encoding="utf-8", errors="surrogateescape")
    except FileNotFoundError:
        raise ConfigError("--changed-since needs git, which is not installed") from None
    except OSError as exc:
        raise InputError(str(cwd), f"cannot run git: {exc}") from None
    if proc.returncode != 0:
        message = (proc.stderr.strip().splitlines() or ["git failed"])[-1]
        raise ConfigError(f"--changed-since: {message} (in {cwd})")
    return proc.stdout
