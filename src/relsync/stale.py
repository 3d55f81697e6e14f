"""Staleness from git history: which translated passages an upstream change left behind.

A translation records the upstream revision it was made from in its front matter
(``relsync: {source_commit: SHA}``, written by ``relsync mark-synced``); without that, the
revision is inferred as lsync does: the upstream file as it was at the last commit that
touched the translation. Renames of the upstream file are followed.

The upstream document at that revision is diffed against the upstream document now, block by
block (changed, added, removed blocks, each changed block with a word-level diff), and the
changes are carried onto the translation through an alignment of the *old* upstream with the
translation, since that is the text the translation was made from.

Git is run as a subprocess, a handful of calls per pair; outside a git work tree nothing runs.
"""

from __future__ import annotations

import difflib
import functools
import os
import re
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from rapidfuzz import fuzz

from .align import align
from .errors import ConfigError, InputError, RelsyncError
from .model import Alignment, Block, Document
from .parse import decode, parse

#: One piece of a word diff: ``("=", text)`` kept, ``("-", text)`` removed, ``("+", text)`` added.
WordDiff = tuple[tuple[str, str], ...]

_TOKEN_RE = re.compile(r"\s+|\d+(?:[.,]\d+)*[%\w]*|\w+|[^\w\s]")
#: Removed git variables that would point our calls at another repository (set inside hooks).
_GIT_ENV_DROP = ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_PREFIX", "GIT_COMMON_DIR")


@dataclass(frozen=True, slots=True)
class SyncPoint:
    """The upstream revision a translation was made from."""

    commit: str
    """Full commit id."""
    source: str
    """How it was found: ``front-matter``, ``git`` (inferred), ``since`` or ``base``."""
    upstream_path: str = ""
    """The upstream file's path at that commit, relative to the repository (renames followed)."""

    @property
    def short(self) -> str:
        return self.commit[:7]


@dataclass(frozen=True, slots=True)
class BlockChange:
    """One upstream block that differs between the synced revision and now."""

    change: str
    """``changed``, ``added`` or ``removed``."""
    old: Block | None
    """The block at the synced revision (``None`` when added)."""
    new: Block | None
    """The block now (``None`` when removed)."""
    diff: WordDiff

    def to_dict(self) -> dict[str, object]:
        return {
            "change": self.change,
            "old_line": self.old.start if self.old else None,
            "line": self.new.start if self.new else None,
            "diff": format_word_diff(self.diff),
            "ops": [list(op) for op in self.diff],
        }


@dataclass(frozen=True, slots=True)
class Passage:
    """Translated blocks that one or more upstream changes affect."""

    status: str
    """``stale`` (its upstream changed, or text was added to it) or ``orphaned`` (its upstream
    was removed)."""
    translation: tuple[int, ...]
    """Indexes of the translation blocks."""
    changes: tuple[BlockChange, ...]
    addressed: bool = False
    """With a base revision: the translation of the passage changed since then too."""


@dataclass
class Staleness:
    """What changed upstream since a translation's synced revision, carried onto it."""

    sync: SyncPoint
    changes: list[BlockChange] = field(default_factory=list)
    passages: list[Passage] = field(default_factory=list)

    @property
    def open(self) -> list[Passage]:
        """Passages still to update (in base mode: those the translation did not touch)."""
        return [p for p in self.passages if not p.addressed]

    @property
    def addressed(self) -> list[Passage]:
        return [p for p in self.passages if p.addressed]


# -- word and block diffs ------------------------------------------------------------------

def word_diff(old: str, new: str) -> WordDiff:
    """A word-level diff. Whitespace between two replacements is folded into them, so that a
    reworded phrase reads as one change rather than word, space, word."""
    a = _TOKEN_RE.findall(old)
    b = _TOKEN_RE.findall(new)
    ops: list[tuple[str, str]] = []
    run: list[tuple[str, str]] = []

    def flush() -> None:
        removed = "".join(t for op, t in run if op in ("-", "~"))
        added = "".join(t for op, t in run if op in ("+", "~"))
        if any(op == "-" for op, _ in run) and any(op == "+" for op, _ in run):
            folded = [("-", removed), ("+", added)]
        else:
            folded = [("=" if op == "~" else op, t) for op, t in run]
        for op, text in folded:
            if not text:
                continue
            if ops and ops[-1][0] == op:
                ops[-1] = (op, ops[-1][1] + text)
            else:
                ops.append((op, text))
        run.clear()

    codes = difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes()
    for k, (tag, i1, i2, j1, j2) in enumerate(codes):
        if tag == "equal":
            text = "".join(a[i1:i2])
            if run and k < len(codes) - 1 and not text.strip():
                run.append(("~", text))
                continue
            flush()
            run.append(("=", text))
            flush()
            continue
        run.append(("-", "".join(a[i1:i2])))
        run.append(("+", "".join(b[j1:j2])))
    flush()
    # a lone insertion or deletion starts at a word: "FP16 {+and BF16 +}support"
    for k in range(1, len(ops) - 1):
        (p_op, prev), (op, text), (n_op, nxt) = ops[k - 1], ops[k], ops[k + 1]
        if p_op == n_op == "=" and op != "=" and text[:1].isspace() and nxt[:1] == text[:1]:
            ops[k - 1] = ("=", prev + text[0])
            ops[k] = (op, text[1:] + text[0])
            ops[k + 1] = ("=", nxt[1:])
    return tuple((op, text) for op, text in ops if text)


def format_word_diff(diff: WordDiff, context: int | None = None) -> str:
    """``[-removed-]{+added+}`` notation, as ``git diff --word-diff=plain``; with ``context``,
    unchanged runs are cut to that many characters on each side of a change."""
    out = []
    for k, (op, text) in enumerate(diff):
        if op == "-":
            out.append(f"[-{text}-]")
        elif op == "+":
            out.append(f"{{+{text}+}}")
        else:
            text = " ".join(text.split("\n"))
            if context is not None and len(text) > context * 2:
                first, last = k == 0, k == len(diff) - 1
                if first:
                    text = "\u2026" + text[-context:]
                elif last:
                    text = text[:context] + "\u2026"
                else:
                    text = text[:context] + " \u2026 " + text[-context:]
            out.append(text)
    return "".join(out)


def block_source(doc: Document, block: Block) -> str:
    """The Markdown a block was written as: inline source, or its raw lines."""
    if block.kind in ("table_row", "html") or not block.source:
        return "\n".join(doc.source_lines(block.start, block.end)).strip()
    return block.source.strip()


def _key(doc: Document, block: Block) -> str:
    return f"{block.kind}:{block.level}\x00" + " ".join(block_source(doc, block).split())


def _diffable(doc: Document) -> list[Block]:
    return [b for b in doc.blocks if b.kind != "front_matter"]


def diff_blocks(old: Document, new: Document) -> list[BlockChange]:
    """Upstream at the synced revision against upstream now, block by block.

    Identical blocks (up to whitespace and line wrapping) match first; within a run of
    differing blocks, blocks of the same kind are paired by similarity (a rewritten paragraph
    is ``changed``); the rest are ``removed`` or ``added``.
    """
    a, b = _diffable(old), _diffable(new)
    ka = [_key(old, x) for x in a]
    kb = [_key(new, x) for x in b]
    changes: list[BlockChange] = []
    matcher = difflib.SequenceMatcher(None, ka, kb, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        for o, n in _pair_region(old, new, a[i1:i2], b[j1:j2]):
            if o is not None and n is not None:
                diff = word_diff(block_source(old, o), block_source(new, n))
                changes.append(BlockChange("changed", o, n, diff))
            elif o is not None:
                changes.append(BlockChange("removed", o, None, (("-", block_source(old, o)),)))
            else:
                changes.append(BlockChange("added", None, n, (("+", block_source(new, n)),)))
    return changes


def _similarity(old: Document, new: Document, o: Block, n: Block) -> float:
    if o.kind != n.kind and {o.kind, n.kind} != {"heading", "title"}:
        return 0.0
    return fuzz.ratio(block_source(old, o), block_source(new, n)) / 100


def _pair_region(old: Document, new: Document, a: list[Block], b: list[Block]):
    """Monotone pairing of a differing run, in order: (old, new), (old, None), (None, new)."""
    if len(a) == len(b) and all(_similarity(old, new, o, n) > 0 for o, n in zip(a, b)):
        return list(zip(a, b))
    threshold = 0.5
    n, m = len(a), len(b)
    score = [[0.0] * (m + 1) for _ in range(n + 1)]
    sim = [[0.0] * m for _ in range(n)]
    for i in range(n - 1, -1, -1):
        for j in range(m - 1, -1, -1):
            s = sim[i][j] = _similarity(old, new, a[i], b[j])
            take = score[i + 1][j + 1] + s if s >= threshold else -1.0
            score[i][j] = max(take, score[i + 1][j], score[i][j + 1])
    out = []
    i = j = 0
    while i < n and j < m:
        s = sim[i][j]
        if s >= threshold and score[i][j] == score[i + 1][j + 1] + s:
            out.append((a[i], b[j]))
            i, j = i + 1, j + 1
        elif score[i][j] == score[i + 1][j]:
            out.append((a[i], None))
            i += 1
        else:
            out.append((None, b[j]))
            j += 1
    out.extend((x, None) for x in a[i:])
    out.extend((None, y) for y in b[j:])
    return out


# -- carrying changes onto the translation ------------------------------------------------

def compare(old: Document, al: Alignment, sync: SyncPoint,
            translation_changed: set[int] | None = None) -> Staleness:
    """Diff ``old`` (upstream at ``sync``) against ``al.upstream`` and carry the changes onto
    ``al.translation``.

    ``translation_changed``: translation lines changed since a base revision; passages that
    touch them are ``addressed``.
    """
    result = Staleness(sync)
    if old.text == al.upstream.text:
        return result
    changes = diff_blocks(old, al.upstream)
    result.changes = changes
    if not changes:
        return result
    old_al = align(old, al.translation)
    from_old: dict[int, tuple[int, ...]] = {}
    for pair in old_al.pairs:
        for i in pair.upstream:
            from_old[i] = pair.translation
    from_new: dict[int, tuple[int, ...]] = {}
    for pair in al.pairs:
        for i in pair.upstream:
            from_new[i] = pair.translation
    groups: dict[int, tuple[set[int], list[BlockChange]]] = {}
    owner: dict[int, int] = {}
    for change in changes:
        if change.old is not None:
            targets = from_old.get(change.old.index, ())
        else:
            targets = from_new.get(change.new.index, ())
        targets = tuple(t for t in targets if al.translation.blocks[t].kind != "front_matter")
        if not targets:
            continue  # never translated: `missing` reports the upstream block
        key = next((owner[t] for t in targets if t in owner), targets[0])
        blocks, group = groups.setdefault(key, (set(), []))
        blocks.update(targets)
        for t in targets:
            owner[t] = key
        group.append(change)
    for key in sorted(groups):
        blocks, group = groups[key]
        status = "orphaned" if all(c.change == "removed" for c in group) else "stale"
        tr = tuple(sorted(blocks))
        addressed = False
        if translation_changed is not None:
            addressed = any(
                line in translation_changed
                for t in tr
                for line in range(al.translation.blocks[t].start, al.translation.blocks[t].end + 1)
            )
        result.passages.append(Passage(status, tr, tuple(group), addressed))
    return result


def changed_lines(before: str, after: str) -> set[int]:
    """1-based lines of ``after`` that are new or changed relative to ``before``."""
    a = before.replace("\r\n", "\n").split("\n")
    b = after.replace("\r\n", "\n").split("\n")
    lines: set[int] = set()
    for tag, _, _, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag in ("replace", "insert"):
            lines.update(range(j1 + 1, j2 + 1))
    return lines


# -- git ---------------------------------------------------------------------------------

class GitError(RelsyncError):
    pass


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
    found = _work_tree_of(os.path.dirname(os.path.realpath(path)))
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
        raise GitError(message[0] if message else f"git {args[0]} failed")
    return proc.stdout


def cat_files(repo: Path, names: list[str]) -> list[bytes | None]:
    """Objects by name (``REV^{commit}``, ``REV:path``) in one ``git cat-file --batch`` call;
    ``None`` for a name that does not exist. A commit comes back as its full id."""
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


def last_commit(repo: Path, rel: str) -> str | None:
    """The last commit that touched ``rel``, or ``None`` when it was never committed."""
    try:
        out = git(repo, "log", "-1", "--format=%H", "--", rel).decode().strip()
    except GitError:
        return None
    return out or None


def former_names(repo: Path, rel: str) -> list[str]:
    """Earlier paths of ``rel``, newest first, from ``git log --follow``."""
    try:
        out = git(repo, "log", "--follow", "-M", "--name-status", "--format=", "--", rel)
    except GitError:
        return []
    names: list[str] = []
    for line in out.decode("utf-8", "replace").splitlines():
        parts = line.split("\t")
        if len(parts) == 3 and parts[0].startswith(("R", "C")) and parts[1] not in names and parts[1] != rel:
            names.append(parts[1])
    return names


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


def _relative(path: Path, repo: Path) -> str | None:
    try:
        return Path(path).resolve().relative_to(repo.resolve()).as_posix()
    except ValueError:
        return None


def history_key(path: Path | str) -> str:
    """The commit checked out in the work tree holding ``path`` ("" outside git): staleness
    depends on the history up to it, so result caches key on it. Read from ``.git`` without
    running git when the layout is the usual one."""
    repo = work_tree(path)
    if repo is None:
        return ""
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


def front_matter_commit(doc: Document) -> tuple[str, int] | None:
    """``relsync: {source_commit: SHA}`` from a translation's front matter, with its line."""
    entry = doc.front_matter.get("relsync") if doc.front_matter else None
    if not isinstance(entry, dict) or entry.get("source_commit") in (None, ""):
        return None
    value = str(entry["source_commit"]).strip()
    line = 1
    for k, text in enumerate(doc.text.split("\n"), start=1):
        if "source_commit" in text:
            line = k
            break
    return value, line


def for_pair(upstream: Path | str, translation: Path | str, al: Alignment, *,
             since: str | None = None, base: str | None = None) -> Staleness | None:
    """Staleness of one translation, or ``None`` when git history cannot tell (not in a git
    work tree, translation never committed, upstream absent at the synced revision).

    ``since``: compare with this upstream revision instead of the synced one. ``base``: a pull
    request's base; compare with the merge base, and mark passages whose translation changed
    since then as addressed.
    """
    repo = work_tree(upstream)
    if repo is None:
        if since is not None or base is not None:
            raise ConfigError(f"--since and --base need git: {upstream} is not in a git work tree")
        return None
    rel_up = _relative(Path(upstream), repo)
    rel_tr = _relative(Path(translation), repo)
    if rel_up is None:
        return None
    line = None
    if base is not None:
        rev, source = merge_base(repo, base), "base"
    elif since is not None:
        rev, source = since, "since"
    else:
        recorded = front_matter_commit(al.translation)
        if recorded is not None:
            (rev, line), source = recorded, "front-matter"
        elif rel_tr is not None:
            rev, source = last_commit(repo, rel_tr), "git"
            if rev is None:
                return None
        else:
            return None
    if not rev or rev.startswith("-") or "\n" in rev or "\r" in rev:
        if source == "front-matter":
            raise InputError(al.translation.path, f"invalid source_commit {rev!r}", line=line)
        raise ConfigError(f"invalid revision {rev!r}")
    names = [f"{rev}^{{commit}}", f"{rev}:{rel_up}"]
    if base is not None and rel_tr is not None:
        names.append(f"{rev}:{rel_tr}")
    try:
        found = cat_files(repo, names)
    except GitError:
        if source in ("since", "base"):
            raise
        return None
    if found[0] is None:
        if source == "front-matter":
            raise InputError(al.translation.path, f"source_commit {rev!r} is not a commit of the "
                             "repository (a shallow clone? fetch the history)", line=line)
        if source == "since":
            raise ConfigError(f"unknown revision {rev!r}")
        return None
    commit = found[0].decode()
    blob, path = found[1], rel_up
    if blob is None:
        for name in former_names(repo, rel_up):
            blob = cat_files(repo, [f"{commit}:{name}"])[0]
            if blob is not None:
                path = name
                break
    if blob is None:
        return None
    shown = f"{path}@{commit[:7]}"
    old_text = decode(blob, shown)
    if old_text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n") == al.upstream.text:
        return Staleness(SyncPoint(commit, source, path))  # unchanged: nothing to parse or align
    old = parse(old_text, shown, ("en",))
    touched = None
    if base is not None:
        before = found[2] if len(found) > 2 else None
        if before is None:
            touched = set(range(1, al.translation.line_count + 2))
        else:
            touched = changed_lines(decode(before, f"{rel_tr}@{commit[:7]}"), al.translation.text)
    return compare(old, al, SyncPoint(commit, source, path), touched)


# -- recording the synced revision -------------------------------------------------------

_FM_OPEN_RE = re.compile(r"---[ \t]*\r?\n")
_FM_CLOSE_RE = re.compile(r"^---[ \t]*$")
_KEY_RE = re.compile(r"^relsync[ \t]*:(.*)$")
_FLOW_VALUE_RE = re.compile(r"(source_commit[ \t]*:[ \t]*)(?:'[^']*'|\"[^\"]*\"|[^,}\s]*)")
_CHILD_RE = re.compile(r"^([ \t]+)source_commit[ \t]*:.*$")


def set_source_commit(text: str, sha: str) -> str:
    """``text`` with ``relsync: {source_commit: sha}`` in its front matter, every other
    character kept; front matter is added when the document has none."""
    eol = "\r\n" if re.match(r"[^\n]*\r\n", text) else "\n"
    entry = f"relsync: {{source_commit: {sha}}}"
    if not _FM_OPEN_RE.match(text):
        return f"---{eol}{entry}{eol}---{eol}" + text
    lines = text.split("\n")
    close = next((k for k in range(1, len(lines)) if _FM_CLOSE_RE.match(lines[k].rstrip("\r"))), None)
    if close is None:
        return f"---{eol}{entry}{eol}---{eol}" + text
    for k in range(1, close):
        raw = lines[k]
        cr = "\r" if raw.endswith("\r") else ""
        body = raw[: len(raw) - len(cr)]
        m = _KEY_RE.match(body)
        if not m:
            continue
        rest = m.group(1)
        value = rest.split("#", 1)[0].strip()
        if value.startswith("{"):
            if _FLOW_VALUE_RE.search(body):
                lines[k] = _FLOW_VALUE_RE.sub(lambda mm: mm.group(1) + sha, body, count=1) + cr
            else:
                inner = value[1:].lstrip()
                sep = "" if inner.startswith("}") else ", "
                lines[k] = body[: body.index("{") + 1] + f"source_commit: {sha}{sep}" + body[body.index("{") + 1 :].lstrip() + cr
            return "\n".join(lines)
        if value == "":
            j = k + 1
            indent = "  "
            while j < close and (not lines[j].strip() or lines[j][:1] in (" ", "\t")):
                child = _CHILD_RE.match(lines[j].rstrip("\r"))
                if child:
                    jcr = "\r" if lines[j].endswith("\r") else ""
                    lines[j] = f"{child.group(1)}source_commit: {sha}{jcr}"
                    return "\n".join(lines)
                if lines[j].strip():
                    indent = re.match(r"[ \t]*", lines[j]).group(0)
                j += 1
            lines.insert(k + 1, f"{indent}source_commit: {sha}{cr}")
            return "\n".join(lines)
        lines[k] = entry + cr
        return "\n".join(lines)
    cr = "\r" if lines[close].endswith("\r") else ""
    lines.insert(close, entry + cr)
    return "\n".join(lines)


def mark_synced(upstream: Path | str, translation: Path | str, rev: str = "HEAD") -> tuple[str, bool]:
    """Record in the translation's front matter that it is in sync with upstream at ``rev``.

    Returns the commit id and whether the file changed. The file is rewritten atomically and
    keeps every byte besides the ``relsync`` entry (and its encoding, BOM and line endings).
    """
    from .io import atomic_write_bytes

    repo = work_tree(upstream)
    if repo is None:
        raise InputError(str(upstream), "not in a git work tree; mark-synced records a git commit")
    rel_up = _relative(Path(upstream), repo)
    sha = resolve(repo, rev)
    if rel_up is None or cat_files(repo, [f"{sha}:{rel_up}"])[0] is None:
        raise InputError(str(upstream), f"not committed at {rev} ({sha[:7]}); commit it first")
    path = Path(translation)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise InputError(str(translation), f"cannot read: {exc.strerror or exc}") from None
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        bom, encoding = data[:2], ("utf-16-le" if data.startswith(b"\xff\xfe") else "utf-16-be")
    else:
        bom = b"\xef\xbb\xbf" if data.startswith(b"\xef\xbb\xbf") else b""
        encoding = "utf-8"
    text = decode(data, str(translation))
    updated = set_source_commit(text, sha)
    doc = parse(updated, str(translation))
    entry = doc.front_matter.get("relsync") if doc.front_matter else None
    if not isinstance(entry, dict) or str(entry.get("source_commit")) != sha:
        raise InputError(str(translation), "cannot record source_commit in this front matter; "
                         f"set `relsync: {{source_commit: {sha}}}` by hand")
    if updated == text:
        return sha, False
    atomic_write_bytes(path, bom + updated.encode(encoding))
    return sha, True

