"""Git plumbing for staleness: the work tree holding a file, objects by name in one batch,
the last commit of a path, renames, revisions. Git runs as a subprocess, a handful of calls
per pair; outside a git work tree nothing runs.
"""

from __future__ import annotations

import atexit
import functools
import os
import shutil
import subprocess
from pathlib import Path

from ..errors import ConfigError, RelsyncError, notice
from ..io import real_path, relative_path

#: Removed git variables that would point our calls at another repository (set inside hooks).
_GIT_ENV_DROP = ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_PREFIX", "GIT_COMMON_DIR")


class GitError(RelsyncError):
    pass


#: What relsync says when a repository's history cannot tell what is stale.
SHALLOW = ("{repo} is a shallow clone: staleness is measured only within the history at hand "
           "(in CI: actions/checkout with fetch-depth: 0; locally: git fetch --unshallow)")
REFUSED = ("git refuses to read {repo} (dubious ownership: it belongs to another user), so "
           "nothing is reported stale; allow it with: git config --global --add safe.directory {repo}")
NOT_A_CHECKOUT = ("the upstream files are not in a git work tree, so the revisions translations record "
                  "(source_commit, l10n.sourceCommit) cannot be read and nothing is reported stale "
                  "from them (check the upstream out with git, and point upstream-root at the clone)")


@functools.lru_cache(maxsize=1)
def _git_binary() -> str | None:
    return shutil.which("git")


@functools.lru_cache(maxsize=1024)
def _work_tree_of(directory: str) -> str | None:
    path = Path(directory)
    for candidate in (path, *path.parents):
        if (candidate / ".git").exists():
            return str(candidate)
    return None


def work_tree(path: Path | str) -> Path | None:
    """The git work tree holding ``path``, found without running git; ``None`` outside one."""
    if _git_binary() is None:
        return None
    found = _work_tree_of(os.path.dirname(real_path(path)))
    return Path(found) if found else None


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in _GIT_ENV_DROP}
    env["LC_ALL"] = "C"
    env["GIT_OPTIONAL_LOCKS"] = "0"
    return env


def git(repo: Path, *args: str, input: bytes | None = None) -> bytes:
    """Run git in ``repo``; its stdout, or :class:`GitError` with git's message."""
    binary = _git_binary()
    if binary is None:
        raise GitError("git is not installed")
    proc = subprocess.run(
        [binary, "-C", str(repo), "-c", "core.quotepath=off", *args],
        input=input, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=_env(), check=False,
    )
    if proc.returncode != 0:
        message = proc.stderr.decode("utf-8", "replace").strip().splitlines()
        if any("dubious ownership" in line for line in message):
            notice(REFUSED.format(repo=Path(repo).resolve()))
        raise GitError(message[0] if message else f"git {args[0]} failed")
    return proc.stdout


def cat_files(repo: Path, names: list[str]) -> list[bytes | None]:
    """Objects by name (``REV^{commit}``, ``REV:path``), from one ``git cat-file --batch``
    process per repository and commit checked out, kept open for the run; ``None`` for a name
    that does not exist. A commit comes back as its full id."""
    batch = _batch(repo)
    if batch is not None and all("\n" not in n for n in names):
        try:
            return batch.read_all(names)
        except (OSError, ValueError):
            _close_batch(repo)
    return _cat_files_once(repo, names)


def _cat_files_once(repo: Path, names: list[str]) -> list[bytes | None]:
    """:func:`cat_files` in one ``git cat-file --batch`` call of its own."""
    data = git(repo, "cat-file", "--batch", input="".join(n + "\n" for n in names).encode("utf-8"))
    out: list[bytes | None] = []
    pos = 0
    for _ in names:
        end = data.index(b"\n", pos)
        header = data[pos:end].split(b" ")
        pos = end + 1
        if len(header) != 3 or header[-1] in (b"missing", b"ambiguous") or not header[2].isdigit():
            out.append(None)
            continue
        size = int(header[2])
        body = data[pos : pos + size]
        pos += size + 1
        out.append(header[0] if header[1] == b"commit" else body)
    return out


#: Bytes written to a pipe at once that never wait for the reader (POSIX PIPE_BUF).
_PIPE_ATOMIC = 4096


class _Batch:
    """A ``git cat-file --batch`` process answering one name at a time."""

    def __init__(self, repo: Path) -> None:
        self.proc = subprocess.Popen(
            [_git_binary() or "git", "-C", str(repo), "-c", "core.quotepath=off", "cat-file", "--batch"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=_env())

    def read_all(self, names: list[str]) -> list[bytes | None]:
        """The objects ``names`` name: asked for together when the names fit in a pipe's
        buffer (one round trip: git answers while this process waits), else one at a time."""
        assert self.proc.stdin is not None
        request = [name.encode("utf-8") + b"\n" for name in names]
        if sum(map(len, request)) > _PIPE_ATOMIC:
            return [self.read(name) for name in names]
        self.proc.stdin.write(b"".join(request))
        self.proc.stdin.flush()
        return [self._answer() for _ in names]

    def read(self, name: str) -> bytes | None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(name.encode("utf-8") + b"\n")
        self.proc.stdin.flush()
        return self._answer()

    def _answer(self) -> bytes | None:
        assert self.proc.stdout is not None
        header = self.proc.stdout.readline()
        if not header.endswith(b"\n"):
            raise ValueError("git cat-file stopped")
        fields = header[:-1].split(b" ")
        if len(fields) != 3 or not fields[2].isdigit():
            return None
        body = self.proc.stdout.read(int(fields[2]) + 1)[:-1]
        return fields[0] if fields[1] == b"commit" else body

    def close(self) -> None:
        for stream in (self.proc.stdin, self.proc.stdout):
            if stream is not None:
                stream.close()
        self.proc.wait()


#: The open batch processes: (process id, work tree, commit checked out) -> process. A
#: process forked from this one, or a new commit, starts its own.
_BATCHES: dict[tuple[int, str, str], _Batch] = {}
_MAX_BATCHES = 4


def _batch(repo: Path) -> _Batch | None:
    if _git_binary() is None:
        return None
    key = (os.getpid(), str(repo), _checked_out(repo))
    found = _BATCHES.pop(key, None)
    if found is None:
        try:
            found = _Batch(repo)
        except OSError:
            return None
    _BATCHES[key] = found  # the most recently used last
    for old in [k for k in _BATCHES if k[0] != os.getpid()]:
        del _BATCHES[old]  # inherited from the parent process: its pipes are not ours
    while len(_BATCHES) > _MAX_BATCHES:
        oldest = next(iter(_BATCHES))
        _BATCHES.pop(oldest).close()
    return found


def _close_batch(repo: Path) -> None:
    for key in [k for k in _BATCHES if k[:2] == (os.getpid(), str(repo))]:
        try:
            _BATCHES.pop(key).close()
        except OSError:
            pass


@atexit.register
def _close_batches() -> None:
    for key in [k for k in _BATCHES if k[0] == os.getpid()]:
        try:
            _BATCHES.pop(key).close()
        except OSError:
            pass


#: Renames followed back by :func:`last_commit` before it gives up.
MAX_RENAMES = 10


def last_commit(repo: Path, rel: str) -> str | None:
    """The last commit that changed ``rel``'s content, or ``None`` when it was never
    committed. A commit that only renamed it (``git mv``, 100% similar) did not: the
    translation says nothing new there, so the commit before counts. Read from the one-pass
    history of the repository (:func:`_history`) when its history is a line."""
    history = _history(str(repo), _checked_out(repo))
    if history is not None:
        found = history.get(rel)
        return found[0] if found is not None else None
    return _last_commit_followed(repo, rel)


def _last_commit_followed(repo: Path, rel: str) -> str | None:
    """:func:`last_commit` for one file, following it with ``git log --follow``."""
    rev, path = "HEAD", rel
    for _ in range(MAX_RENAMES):
        try:
            out = git(repo, "log", "-1", "--follow", "-M", "--format=%x00%H", "--name-status", rev,
                      "--", path).decode("utf-8", "replace")
        except GitError:
            return None
        head, _, status = out.partition("\n")
        commit = head.lstrip("\x00").strip()
        if not commit:
            return None
        fields = status.strip().split("\t")
        if not (len(fields) == 3 and fields[0] == "R100"):
            return commit
        rev, path = f"{commit}^", fields[1]
    return None


def _history(repo: str, head: str) -> dict[str, tuple[str, int]] | None:
    """Every path's :func:`last_commit` from one ``git log`` of the whole history, oldest
    commit first: path -> (commit, renames followed). ``None`` when the history is not a line
    (a merge: ``git log -- path`` simplifies it per path) or cannot be read."""
    one = _one_pass(repo, head)
    return one[0] if one is not None else None


#: path -> the renames that made it and the commits that added it, newest first: (age of the
#: commit, 0 the newest; the former path, "" for an addition)
_Renames = dict[str, list[tuple[int, str]]]


#: A linear history, newest commit first: (commit, [(status, path before, path after)]).
_Log = list[tuple[str, list[tuple[str, str, str]]]]


@functools.lru_cache(maxsize=8)
def _log(repo: str, head: str) -> _Log | None:
    """Every commit of the history with the paths it changed, from one ``git log -z -M
    --name-status``, newest first; ``None`` when the history is not a line (a merge: ``git
    log -- path`` simplifies it per path) or cannot be read."""
    try:
        out = git(Path(repo), "log", "-z", "-M", "--name-status", "--format=%x01%H%x02%P", "HEAD")
    except GitError:
        return None
    commits: _Log = []
    tokens = out.split(b"\0")
    i = 0
    while i < len(tokens):
        token = tokens[i].lstrip(b"\n")
        i += 1
        if token.startswith(b"\x01"):
            commit, _, parents = token[1:].decode("ascii", "replace").partition("\x02")
            if len(parents.split()) > 1:
                return None
            commits.append((commit, []))
        elif token and commits:
            status = token.decode("ascii", "replace")
            count = 2 if status[:1] in ("R", "C") else 1
            paths = [t.decode("utf-8", "replace") for t in tokens[i : i + count]]
            i += count
            commits[-1][1].append((status, paths[0], paths[-1]))
    return commits


@functools.lru_cache(maxsize=8)
def _one_pass(repo: str, head: str) -> tuple[dict[str, tuple[str, int]], _Renames] | None:
    """The history of the repository read in one ``git log`` (:func:`_log`): every path's last
    commit (see :func:`_history`) and every rename, for :func:`former_names`."""
    commits = _log(repo, head)
    if commits is None:
        return None
    found: dict[str, tuple[str, int]] = {}
    for commit, changes in reversed(commits):
        before = dict((p, found.get(p)) for _, p, _ in changes)
        for status, source, path in changes:
            if status == "R100":
                prior = before.get(source)
                found[source] = (commit, 0)
                if prior is not None and prior[1] + 1 < MAX_RENAMES:
                    found[path] = (prior[0], prior[1] + 1)
                else:
                    found.pop(path, None)
            else:
                if source != path:
                    found[source] = (commit, 0)
                found[path] = (commit, 0)
    renames: _Renames = {}
    for age, (_, changes) in enumerate(commits):
        for status, source, path in changes:
            if status[:1] in ("R", "C") and source != path:
                renames.setdefault(path, []).append((age, source))
            elif status == "A":
                renames.setdefault(path, []).append((age, ""))  # the file began here
    return found, renames


@functools.lru_cache(maxsize=8)
def _messages(repo: str, head: str) -> dict[str, str] | None:
    """Every commit's message, casefolded, from one ``git log`` of the whole history."""
    try:
        out = git(Path(repo), "log", "--format=%x00%H%x01%B", "HEAD").decode("utf-8", "replace")
    except GitError:
        return None
    found: dict[str, str] = {}
    for entry in out.split("\x00")[1:]:
        commit, _, message = entry.partition("\x01")
        found[commit.strip()] = message.casefold()
    return found


#: Characters that make a path a glob pattern for ``git log -- path``.
_PATHSPEC_MAGIC = frozenset("*?[\\:")


def _changed_since(repo: Path, since: str, rel: str) -> list[tuple[str, str]] | None:
    """The commits after ``since`` (up to HEAD) that changed ``rel``, newest first, with their
    casefolded messages, read from the one-pass history; ``None`` when it cannot tell (a
    history with merges, ``since`` not in it, a path git would read as a pattern)."""
    if _PATHSPEC_MAGIC & set(rel):
        return None
    head = _checked_out(repo)
    commits = _log(str(repo), head)
    position = _positions(str(repo), head).get(since) if commits is not None else None
    messages = _messages(str(repo), head) if position is not None else None
    if commits is None or position is None or messages is None:
        return None
    out = []
    for k in _touching(str(repo), head).get(rel, ()):
        if k >= position:
            break
        commit = commits[k][0]
        if commit not in messages:
            return None
        out.append((commit, messages[commit]))
    return out


@functools.lru_cache(maxsize=8)
def _positions(repo: str, head: str) -> dict[str, int]:
    """Each commit's place in :func:`_log` (0: HEAD)."""
    return {commit: k for k, (commit, _) in enumerate(_log(repo, head) or ())}


@functools.lru_cache(maxsize=8)
def _touching(repo: str, head: str) -> dict[str, list[int]]:
    """Each path's commits, as places in :func:`_log` (newest first): those that changed it,
    renamed it or renamed something to it."""
    out: dict[str, list[int]] = {}
    for k, (_, changes) in enumerate(_log(repo, head) or ()):
        for path in {p for _, source, path in changes for p in (source, path)}:
            out.setdefault(path, []).append(k)
    return out


def counted_commit(repo: Path, since: str, rel: str, keywords: list[str]) -> tuple[str | None, bool]:
    """Of the commits that changed ``rel`` after ``since``, the newest whose message holds
    none of ``keywords`` (any case), and whether it is the newest of all. ``(None, False)``
    when every one of them holds a keyword (or there is none). Read from the history in one
    pass when it is a line, else from ``git log since..HEAD -- rel``."""
    if not keywords:
        return None, True
    changed = _changed_since(repo, since, rel)
    if changed is None:
        try:
            out = git(repo, "log", "--format=%x00%H%x01%B", f"{since}..HEAD", "--", rel).decode("utf-8", "replace")
        except GitError:
            return None, True
        changed = []
        for entry in out.split("\x00")[1:]:
            commit, _, message = entry.partition("\x01")
            changed.append((commit.strip(), message.casefold()))
    folded = [k.casefold() for k in keywords]
    newest = True
    for commit, message in changed:
        if not any(k in message for k in folded):
            return commit, newest
        newest = False
    return None, newest


def last_commit_time(repo: Path, rel: str) -> int | None:
    """When the last commit that touched ``rel`` was made (Unix time)."""
    try:
        out = git(repo, "log", "-1", "--format=%ct", "--", rel).decode().strip()
    except GitError:
        return None
    return int(out) if out.isdigit() else None


def commit_at(repo: Path, timestamp: int) -> str | None:
    """The commit checked out in ``repo``'s history as it stood at ``timestamp``."""
    try:
        out = git(repo, "log", "-1", "--format=%H", f"--before=@{timestamp}", "HEAD").decode().strip()
    except GitError:
        return None
    return out or None


def is_shallow(repo: Path) -> bool:
    """Whether ``repo`` is a shallow clone (its ``.git/shallow`` lists the cut), read without
    running git."""
    return _shallow_file(repo) is not None


def _shallow_file(repo: Path) -> Path | None:
    git_dir = _git_dir(repo)
    shallow = git_dir / "shallow" if git_dir is not None else None
    return shallow if shallow is not None and shallow.is_file() else None


def _git_dir(repo: Path) -> Path | None:
    """The repository directory of a work tree: ``.git``, or where a ``.git`` file points."""
    dot_git = repo / ".git"
    if dot_git.is_dir():
        return dot_git
    try:
        text = dot_git.read_text(encoding="utf-8").strip()
    except OSError:
        return None
    if not text.startswith("gitdir:"):
        return None
    target = Path(text[7:].strip())
    target = target if target.is_absolute() else (repo / target)
    common = target / "commondir"
    try:
        return (target / common.read_text(encoding="utf-8").strip()).resolve() if common.is_file() else target
    except OSError:
        return target


def former_names(repo: Path, rel: str) -> list[str]:
    """Earlier paths of ``rel``, newest first, as ``git log --follow`` gives them: read from
    the one-pass history of the repository when its history is a line (a walk of the whole
    history per renamed file would grow with the tree times the history), where the file's
    line ends at the commit that added it (``--follow`` goes on to the file that had its name
    before); else from ``git log --follow``, once per run for a file many translations share."""
    one = _one_pass(str(repo), _checked_out(repo))
    if one is None:
        return list(_former_names(str(repo), _checked_out(repo), rel))
    names: list[str] = []
    current, newer = rel, -1
    while True:
        older = [(age, source) for age, source in one[1].get(current, ()) if age > newer]
        if not older or not older[0][1]:
            return names
        newer, current = older[0]
        if current != rel and current not in names:
            names.append(current)


@functools.lru_cache(maxsize=256)
def _former_names(repo: str, head: str, rel: str) -> tuple[str, ...]:
    try:
        out = git(Path(repo), "log", "--follow", "-M", "--name-status", "--format=", "--", rel)
    except GitError:
        return ()
    names: list[str] = []
    for line in out.decode("utf-8", "replace").splitlines():
        parts = line.split("\t")
        if len(parts) == 3 and parts[0].startswith(("R", "C")) and parts[1] not in names and parts[1] != rel:
            names.append(parts[1])
    return tuple(names)


def resolve(repo: Path, rev: str) -> str:
    """A revision as a full commit id; :class:`ConfigError` when git does not know it."""
    if not rev or rev.startswith("-") or "\n" in rev:
        raise ConfigError(f"invalid revision {rev!r}")
    found = cat_files(repo, [f"{rev}^{{commit}}"])[0]
    if found is None:
        raise ConfigError(f"unknown revision {rev!r} in {repo}")
    return found.decode()


def merge_base(repo: Path, ref: str) -> str:
    resolve(repo, ref)
    try:
        return git(repo, "merge-base", ref, "HEAD").decode().strip()
    except GitError as exc:
        raise ConfigError(f"no merge base of {ref!r} and HEAD: {exc}") from None


def relative(path: Path, repo: Path) -> str | None:
    """``path`` relative to the work tree ``repo``, ``None`` outside it (:func:`~relsync.io.relative_path`)."""
    rel = relative_path(path, repo)
    return None if rel is None else Path(rel).as_posix()


def history_key(path: Path | str) -> str:
    """The commit checked out in the work tree holding ``path`` ("" outside git), and the
    cut of a shallow clone: staleness depends on the history up to it, so result caches key
    on it. Read from ``.git`` without running git when the layout is the usual one."""
    repo = work_tree(path)
    return _checked_out(repo) if repo is not None else ""


def _checked_out(repo: Path) -> str:
    """The commit checked out in the work tree ``repo``, and the cut of a shallow clone."""
    shallow = _shallow_file(repo)
    if shallow is not None:  # a deeper fetch changes what is stale, not HEAD
        try:
            return _head(repo) + ":shallow:" + shallow.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return _head(repo) + ":shallow"
    return _head(repo)


def _head(repo: Path) -> str:
    git_dir = repo / ".git"
    try:
        if git_dir.is_dir():
            head = (git_dir / "HEAD").read_text(encoding="utf-8").strip()
            if not head.startswith("ref: "):
                return head
            ref = head[5:].strip()
            if (git_dir / ref).is_file():
                return (git_dir / ref).read_text(encoding="utf-8").strip()
            packed = git_dir / "packed-refs"
            if packed.is_file():
                for line in packed.read_text(encoding="utf-8").splitlines():
                    if line.endswith(" " + ref):
                        return line.split(" ", 1)[0]
            return ""  # a branch without commits yet
    except OSError:
        pass
    try:
        return git(repo, "rev-parse", "HEAD").decode().strip()
    except GitError:
        return ""


def repository_state(repo: Path) -> str:
    """What git says of the repository beyond HEAD: whether it accepts it at all (a
    "dubious ownership" refusal), whether the clone is shallow and where its history is cut.
    Staleness reads that history, so result caches key on this too: after `git fetch
    --unshallow`, `--deepen` or a `safe.directory` fix the results change."""
    try:
        lines = git(repo, "rev-parse", "HEAD", "--is-shallow-repository", "--git-path", "shallow").decode().split("\n")
    except GitError as exc:
        return f"refused: {exc}"
    shallow = Path(lines[2]) if len(lines) > 2 and lines[2] else None
    if shallow is not None and not shallow.is_absolute():
        shallow = repo / shallow
    try:
        cut = shallow.read_bytes() if shallow is not None else b""
    except OSError:
        cut = b""
    return "\n".join(lines[:2]) + "\n" + cut.decode("ascii", "replace")
