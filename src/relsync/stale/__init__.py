"""Staleness: which translated passages an upstream change left behind.

A translation records the upstream revision it was made from in its front matter
(``relsync: {source_commit: SHA}``, written by ``relsync mark-synced``); without that, the
revision is inferred as lsync does: the upstream file as it was at the last commit that
touched the translation. Renames of the upstream file are followed.

The upstream document at that revision is diffed against the upstream document now
(:mod:`.diff`), and the changes are carried onto the translation through an alignment of the
*old* upstream with the translation, since that is the text the translation was made from.
Git is reached through :mod:`.git`; the front matter is read and written by
:mod:`.frontmatter`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..align import align
from ..errors import ConfigError, InputError
from ..io import atomic_write_bytes, decode
from ..model import Alignment, Document, StrEnum
from ..parse import parse
from .diff import BlockChange, Change, WordDiff, block_source, changed_lines, diff_blocks, format_word_diff, word_diff
from .frontmatter import front_matter_commit, set_source_commit
from .git import (GitError, cat_files, former_names, history_key, last_commit, merge_base, relative, repository_state,
                  resolve, work_tree)

__all__ = [
    "BlockChange", "Change", "PassageStatus", "GitError", "Passage", "Staleness", "SyncPoint", "WordDiff", "block_source",
    "changed_lines", "compare", "diff_blocks", "for_pair", "format_word_diff", "front_matter_commit",
    "history_key", "mark_synced", "repository_state", "set_source_commit", "word_diff", "work_tree",
]


class PassageStatus(StrEnum):
    """What an upstream change made of a translated passage."""

    STALE = "stale"
    """Its upstream changed, or text was added to it."""
    ORPHANED = "orphaned"
    """Its upstream was removed."""


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
class Passage:
    """Translated blocks that one or more upstream changes affect."""

    status: PassageStatus
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
        status = (PassageStatus.ORPHANED if all(c.change == Change.REMOVED for c in group)
                  else PassageStatus.STALE)
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
    rel_up = relative(Path(upstream), repo)
    rel_tr = relative(Path(translation), repo)
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


def mark_synced(upstream: Path | str, translation: Path | str, rev: str = "HEAD") -> tuple[str, bool]:
    """Record in the translation's front matter that it is in sync with upstream at ``rev``.

    Returns the commit id and whether the file changed. The file is rewritten atomically and
    keeps every byte besides the ``relsync`` entry (and its encoding, BOM and line endings).
    """
    repo = work_tree(upstream)
    if repo is None:
        raise InputError(str(upstream), "not in a git work tree; mark-synced records a git commit")
    rel_up = relative(Path(upstream), repo)
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
