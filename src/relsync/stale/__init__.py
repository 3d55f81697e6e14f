"""Staleness: which translated passages an upstream change left behind.

A translation records the upstream revision it was made from in its front matter
(``relsync: {source_commit: SHA}``, written by ``relsync mark-synced``); without that, the
revision is inferred as lsync does: the upstream file as it was at the last commit that
touched the translation. Renames of the upstream file are followed.

The upstream document at that revision is diffed against the upstream document now
(:mod:`.diff`), and the changes are carried onto the translation through an alignment of the
*old* upstream with the translation, since that is the text the translation was made from.
When the alignment of upstream now pairs a block added since that revision, or leaves a block
changed since without a partner, that alignment of the old upstream, carried onto upstream
now, is the pairing every rule reads (:func:`as_made`): a paragraph extended before a new
section is stale, and the new section is what is missing.
Git is reached through :mod:`.git`; the front matter is read and written by
:mod:`.frontmatter`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from ..align import align
from ..dialects_mkdocs import site_extensions
from ..errors import ConfigError, InputError, notice
from ..io import atomic_write_bytes, decode
from ..model import Alignment, Document, Pair, StrEnum
from ..parse import parse
from ..parsed import parse_shared
from . import noise
from .comments import from_comments
from .diff import (BlockChange, Change, WordDiff, block_source, changed_lines, diff_and_map, diff_blocks, format_word_diff,
                   word_diff)
from .frontmatter import front_matter_commit, recorded_key, set_source_commit
from .git import (NOT_A_CHECKOUT, SHALLOW, GitError, cat_files, commit_at, counted_commit, former_names, history_key, is_shallow,
                  last_commit, last_commit_time, merge_base, relative, repository_state, resolve, work_tree)

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
    """How it was found: ``front-matter``, ``git`` (inferred), ``date`` (inferred from the
    date of the translation's last commit, in another checkout), ``since``, ``base``, or
    ``comment`` (no revision: the translation's source comments alone)."""
    upstream_path: str = ""
    """The upstream file's path at that commit, relative to the repository (renames followed)."""

    @property
    def short(self) -> str:
        return self.commit[:7] if self.commit else "the source comments"


@dataclass(frozen=True, slots=True)
class Passage:
    """Translated blocks that one or more upstream changes affect."""

    status: PassageStatus
    translation: tuple[int, ...]
    """Indexes of the translation blocks."""
    changes: tuple[BlockChange, ...]
    addressed: bool = False
    """With a base revision: the translation of the passage changed since then too."""
    comment: int = 0
    """The line of the source comment that found the passage stale (0: the history did)."""
    noise: str = ""
    """When every change gives the translator nothing to redo, what they are (``case``,
    ``punctuation``, ``typo``, ``link``: :mod:`.noise`)."""


@dataclass
class Staleness:
    """What changed upstream since a translation's synced revision, carried onto it."""

    sync: SyncPoint
    changes: list[BlockChange] = field(default_factory=list)
    passages: list[Passage] = field(default_factory=list)
    alignment: Alignment | None = None
    """Upstream now paired with the translation as the translation was made: from the upstream
    of the synced revision, aligned with the translation, each of its blocks carried onto the
    block it is now (:func:`as_made`); ``None`` when the alignment of upstream now holds."""

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
    changes, carried = diff_and_map(old, al.upstream)
    result.changes = changes
    if not changes:
        return result
    then = None  # old aligned with the translation, once
    if sync.source in _MADE_FROM:
        result.alignment, then = as_made(old, al, changes, carried)
        al = result.alignment or al
    from_new: dict[int, tuple[int, ...]] = {}
    for pair in al.pairs:
        for i in pair.upstream:
            from_new[i] = pair.translation
    from_old = _translated_from_old(old, al, changes, from_new, then)
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
        if status == PassageStatus.STALE and noise.already_carried(
                group, "\n".join(al.translation.blocks[t].source or al.translation.blocks[t].text for t in tr)):
            continue  # the translation says what upstream says now
        kind = noise.passage_kind(group) if status == PassageStatus.STALE else None
        result.passages.append(Passage(status, tr, tuple(group), addressed, noise=kind or ""))
    return result


#: How a synced revision was found when it is the text the translator had (not ``--since`` or
#: a pull request's base, which only name what to compare with).
_MADE_FROM = frozenset({"front-matter", "git", "date"})


def as_made(old: Document, al: Alignment, changes: list[BlockChange],
            carried: dict[int, int]) -> tuple[Alignment | None, Alignment | None]:
    """Upstream now paired with the translation as the translator saw upstream: when the
    alignment of upstream now pairs a block added since the synced revision (text the
    translation cannot hold yet) or leaves a block changed since without a partner, the
    upstream of that revision is aligned with the translation and each of its blocks carried
    onto the block it is now (``carried``); blocks added since have no partner, but for one
    the alignment of upstream now pairs with the translation of a block removed since (a
    block upstream replaced or moved, which keeps that pair). Returns that
    alignment (``None`` when the alignment of upstream now shows neither, or when the
    translation fits upstream now at least as well: its pairs' scores add up to as much, a
    section translated since and the revision not recorded) and the alignment of the synced
    revision when it was made."""
    paired = {i for p in al.pairs if p.is_match for i in p.upstream}
    if not any(c.new is not None and (c.new.index in paired) == (c.change == Change.ADDED) for c in changes
               if c.change != Change.REMOVED):
        return None, None
    items: list[tuple[tuple[int, int, int], Pair]] = []
    last = -1
    then = align(old, al.translation)
    if sum(p.score for p in then.pairs if p.is_match) <= sum(p.score for p in al.pairs if p.is_match):
        return None, then  # the translation fits upstream now as well (a section translated since, not recorded)
    for k, p in enumerate(then.pairs):
        ups = tuple(sorted(carried[i] for i in p.upstream if i in carried))
        if ups:
            last = min(ups)
        elif not p.translation:
            continue  # removed since, never translated
        kind = al.upstream.blocks[ups[0]].kind if ups else p.kind
        both = bool(ups) and bool(p.translation)
        items.append(((last, 0 if ups else 1, k), Pair(ups, p.translation, p.score if both else 0.0, kind,
                                                       p.moved and both)))
    held = {i for _, p in items for i in p.upstream}
    # a translation whose old text upstream removed, paired now with a block added since, is
    # that block's translation as upstream replaced or moved it: the pair of upstream now stands
    now = {p.translation[0]: p for p in al.pairs if len(p.upstream) == 1 and len(p.translation) == 1
           and p.upstream[0] not in held}
    orphans = {p.translation[0] for _, p in items if not p.upstream and len(p.translation) == 1} & now.keys()
    kept = {now[t].upstream[0]: now[t] for t in orphans}
    items = [(key, p) for key, p in items if p.upstream or p.translation[0] not in orphans]
    items.extend(((b.index, 0, -1), kept.get(b.index) or Pair((b.index,), (), 0.0, b.kind))
                 for b in al.upstream.blocks if b.index not in held)
    return Alignment(al.upstream, al.translation, [p for _, p in sorted(items, key=lambda x: x[0])]), then


def _translated_from_old(old: Document, al: Alignment, changes: list[BlockChange],
                         from_new: dict[int, tuple[int, ...]],
                         then: Alignment | None = None) -> dict[int, tuple[int, ...]]:
    """The translation's blocks each changed or removed block of ``old`` was translated as.

    A changed block whose block now is paired in ``al`` was translated as that pair's
    translation (the text around it is the same in both revisions); only when a removed
    block, or a changed one that pairs with nothing now, is among the changes is ``old``
    aligned with the translation itself (``then``, when it already was).
    """
    out: dict[int, tuple[int, ...]] = {}
    for change in changes:
        if change.old is None:
            continue
        targets = from_new.get(change.new.index, ()) if change.new is not None else ()
        if not targets:
            break
        out[change.old.index] = targets
    else:
        return out
    out = {}
    for pair in (then or align(old, al.translation)).pairs:
        for i in pair.upstream:
            out[i] = pair.translation
    return out


#: What a recorded revision may be: a commit id or a ref name, not a path (``HEAD:x``), a
#: range (``a..b``) or an option.
_REVISION_RE = re.compile(r"^(?!-)(?!.*\.\.)[\w./@{}~^+-]+$")


def for_pair(upstream: Path | str, translation: Path | str, al: Alignment, *,
             since: str | None = None, base: str | None = None,
             ignore_keywords: tuple[str, ...] | list[str] = ()) -> Staleness | None:
    """Staleness of one translation: from its source comments (no git needed), and from git
    history; ``None`` when neither can tell (no comments, and not in a git work tree, the
    translation never committed, upstream absent at the synced revision).

    ``since``: compare with this upstream revision instead of the synced one. ``base``: a pull
    request's base; compare with the merge base, and mark passages whose translation changed
    since then as addressed. With the upstream in another checkout, revisions are that
    checkout's. ``ignore_keywords``: upstream commits whose message holds one of these make
    nothing stale (not with ``since`` or ``base``, which name the revision to compare with).
    """
    try:
        found = _from_git(Path(upstream), Path(translation), al, since, base)
        if found is not None and found.passages and ignore_keywords and since is None and base is None:
            found = _without_ignored_commits(Path(upstream), found, al, list(ignore_keywords))
    except GitError:
        if since is not None or base is not None:
            raise
        found = None  # git refused: it said why (a notice), staleness is off
    return _with_comments(found, al)


def _without_ignored_commits(upstream: Path, found: Staleness, al: Alignment,
                             keywords: list[str]) -> Staleness:
    """Leave out the changes that only commits holding a keyword made: those after the newest
    commit without one (every change, when all of them hold one). A block changed or removed
    after that commit still reads there as it did at the synced revision; a block added
    after it is not there yet."""
    repo = work_tree(upstream)
    rel_up = relative(upstream, repo) if repo is not None else None
    if rel_up is None or not found.sync.commit:
        return found
    counted, newest = counted_commit(repo, found.sync.commit, rel_up, keywords)
    if newest:
        return found
    if counted is None:
        return Staleness(found.sync)
    blob = cat_files(repo, [f"{counted}:{rel_up}"])[0]
    if blob is None:
        return found
    shown = f"{rel_up}@{counted[:7]}"
    then = parse(decode(blob, shown), shown, ("en",))
    texts = {_words(b) for b in then.blocks}

    def counts(change: BlockChange) -> bool:
        if change.old is None:
            return _words(change.new) in texts
        return _words(change.old) not in texts

    passages = []
    for passage in found.passages:
        kept = tuple(c for c in passage.changes if counts(c))
        if kept:
            passages.append(Passage(passage.status, passage.translation, kept, passage.addressed,
                                    passage.comment, noise.passage_kind(kept) or ""))
    return Staleness(found.sync, [c for c in found.changes if counts(c)], passages)


def _words(block) -> str:
    return f"{block.kind}\x00" + " ".join((block.source or block.text).split())


def _with_comments(found: Staleness | None, al: Alignment) -> Staleness | None:
    """The source comments decide for the blocks they annotate; history for the others."""
    comments = from_comments(al)
    if not comments.covered:
        return found
    result = found if found is not None else Staleness(SyncPoint("", "comment"))
    result.passages = [p for p in result.passages if not set(p.translation) <= comments.covered]
    for t, line, change in comments.stale:
        result.passages.append(Passage(PassageStatus.STALE, (t,), (change,), comment=line))
    result.passages.sort(key=lambda p: p.translation)
    return result


def _from_git(upstream: Path, translation: Path, al: Alignment, since: str | None,
              base: str | None) -> Staleness | None:
    repo = work_tree(upstream)
    recorded = front_matter_commit(al.translation)
    if repo is None:
        if since is not None or base is not None:
            raise ConfigError(f"--since and --base need git: {upstream} is not in a git work tree")
        if recorded is not None:
            notice(NOT_A_CHECKOUT)
        return None
    if is_shallow(repo):
        notice(SHALLOW.format(repo=repo.resolve()))
    rel_up = relative(upstream, repo)
    rel_tr = relative(translation, repo)
    if rel_up is None:
        return None
    sync = _sync_revision(repo, rel_tr, translation, al, recorded, since, base)
    if sync is None:
        return None
    rev, source, line = sync
    names = [f"{rev}^{{commit}}", f"{rev}:{rel_up}"]
    if base is not None and rel_tr is not None:
        names.append(f"{rev}:{rel_tr}")
    found = cat_files(repo, names)
    if found[0] is None:
        return _unknown_revision(repo, rev, source, line, al)
    return _compare_revision(repo, found, rel_up, rel_tr, source, base, al)


def _sync_revision(repo: Path, rel_tr: str | None, translation: Path, al: Alignment, recorded,
                   since: str | None, base: str | None) -> tuple[str, str, int | None] | None:
    """The revision the translation was made from, how it was found, and its line."""
    if base is not None:
        return merge_base(repo, base), "base", None
    if since is not None:
        rev, source, line = since, "since", None
    elif recorded is not None:
        rev, line, _ = recorded
        source = "front-matter"
    elif rel_tr is not None:
        rev, source, line = last_commit(repo, rel_tr), "git", None
    else:  # the translation lives in another checkout: upstream as it was when it last changed
        rev, source, line = _by_date(repo, translation), "date", None
    if rev is None:
        return None
    if not _REVISION_RE.match(rev):
        if source == "front-matter":
            raise InputError(al.translation.path, f"invalid source_commit {rev!r} (expected a commit id)", line=line)
        raise ConfigError(f"invalid revision {rev!r}")
    return rev, source, line


def _by_date(repo: Path, translation: Path) -> str | None:
    own = work_tree(translation)
    rel = relative(translation, own) if own is not None else None
    when = last_commit_time(own, rel) if rel is not None else None
    return commit_at(repo, when) if when is not None else None


def _unknown_revision(repo: Path, rev: str, source: str, line: int | None, al: Alignment) -> None:
    """A revision the history does not have: an error for ``--since``; for a recorded one, a
    warning (a shallow clone, a checkout behind the translation's) and no staleness."""
    if source == "since":
        raise ConfigError(f"unknown revision {rev!r}")
    if source == "front-matter" and not is_shallow(repo):
        notice(f"{al.translation.path}:{line}: source_commit {rev} is not a commit of {repo.resolve()}, "
               f"so its staleness is not known (fetch the history: git -C {repo.resolve()} fetch)",
               key=f"unknown-revision:{repo.resolve()}")
    return None


def _compare_revision(repo: Path, found: list[bytes | None], rel_up: str, rel_tr: str | None, source: str,
                      base: str | None, al: Alignment) -> Staleness | None:
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
    old = parse_shared(old_text, shown, ("en",), extensions=site_extensions(repo / rel_up))  # read as the page is now
    touched = None
    if base is not None and rel_tr is not None:
        before = found[2] if len(found) > 2 else None
        if before is None:
            touched = set(range(1, al.translation.line_count + 2))
        else:
            touched = changed_lines(decode(before, f"{rel_tr}@{commit[:7]}"), al.translation.text)
    return compare(old, al, SyncPoint(commit, source, path), touched)


def mark_synced(upstream: Path | str, translation: Path | str, rev: str = "HEAD",
                entry: str = "relsync.source_commit") -> tuple[str, bool]:
    """Record in the translation's front matter that it is in sync with upstream at ``rev``
    (a revision of the checkout holding the upstream file).

    The entry is the one the file already records its revision in (``relsync.source_commit``
    or MDN's ``l10n.sourceCommit``), else ``entry``. Returns the commit id and whether the file
    changed. The file is rewritten atomically and keeps every byte besides that entry (and its
    encoding, BOM and line endings).
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
    entry = recorded_key(parse(text, str(translation))) or entry
    updated = set_source_commit(text, sha, entry)
    found = front_matter_commit(parse(updated, str(translation)))
    if found is None or found[0] != sha or found[2] != entry:
        table, _, key = entry.partition(".")
        raise InputError(str(translation), f"cannot record {key} in this front matter; "
                         f"set `{table}: {{{key}: {sha}}}` by hand")
    if updated == text:
        return sha, False
    atomic_write_bytes(path, bom + updated.encode(encoding))
    return sha, True
