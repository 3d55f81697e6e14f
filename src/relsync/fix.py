"""``relsync fix``: the safe repairs that rules attach to their findings, made in the
translations' bytes.

The rules decide what can be repaired (:attr:`Finding.fix <relsync.model.Finding.fix>`, an
:class:`~relsync.model.Edit`); this stage only makes the edits, and makes sure they did what
they said. A file's edits are kept only when the checks, run again on the repaired text in
memory, no longer report the repaired findings and report nothing new; otherwise the edits
are tried one by one and only those that pass are kept. Every byte outside the edits stays
as it was: the encoding, a byte-order mark and the line endings (CRLF stays CRLF). A file
with unresolved merge-conflict markers is never touched, and files are written atomically
(their permissions kept).
"""

from __future__ import annotations

import difflib
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable

from .align import align
from .checks import UNREADABLE
from .checks.registry import fixable, passage, selectable
from .config import Config
from .errors import InputError
from .io import atomic_write_bytes, display_path, read_bytes
from .languages import month_locales
from .model import Edit, Finding
from .parse import parse
from .pipeline import check, check_pair, load_document, site_syntax
from .project import PairSpec, Project
from .runner import Cache, run
from .checks.site import Site, site_of

_LINE_END_RE = re.compile(r"(\r\n|\r|\n)")
_CONFLICT_RE = re.compile(r"^(<{7}|={7}|>{7})(?: |$)", re.MULTILINE)

NO_REPAIR = "no safe repair (ambiguous, or the passage needs a translator)"
UNREAD = "the file cannot be read or parsed; nothing of its pair is repaired"
UNREAD_PAIR = "a file of this pair cannot be read or parsed; its translation is not written"


@dataclass
class FileFix:
    """The repairs of one translation."""

    spec: PairSpec | None
    path: str
    """The translation as the findings name it."""
    before: bytes
    after: bytes
    applied: list[Finding] = field(default_factory=list)
    refused: list[tuple[Finding, str]] = field(default_factory=list)
    """Findings whose repair was not made, and why."""

    @property
    def changed(self) -> bool:
        return self.before != self.after


@dataclass
class FixResult:
    files: list[FileFix]
    remaining: list[tuple[Finding, str]]
    """Findings of the repaired rules left as they were, and why."""

    @property
    def applied(self) -> list[Finding]:
        return [f for ff in self.files for f in ff.applied]


def fix_text(upstream: str, translation: str, *, locale: str = "", name: str = "",
             config: Config | None = None, glossary: Iterable[tuple[str, str]] = (),
             rules: set[str] | None = None) -> tuple[str, list[Finding]]:
    """A translation (Markdown text) with the safe repairs made, and the findings repaired
    (the arguments are :func:`relsync.check`'s; ``rules``: only these rules' repairs)."""
    glossary = list(glossary)
    up = parse(upstream, f"upstream/{name or 'document.md'}")  # once: every trial re-checks the translation only

    def findings_of(text: str) -> list[Finding]:
        return check(up, text, locale=locale, name=name, config=config, glossary=glossary)

    found = findings_of(translation)
    reported = {_ident(f) for f in found if fixable(f, rules)}
    ff = repair(translation.encode("utf-8"), selectable(found, rules), findings_of,
                f"translation/{name or 'document.md'}", reported=reported, current=found)
    return ff.after.decode("utf-8"), ff.applied


def fix_project(project: Project, *, rules: set[str] | None = None, jobs: int = 1,
                cache: Cache | None = None, baseline: Path | None = None) -> FixResult:
    """Repair what the findings of a project's pairs offer to repair, in memory (see
    :func:`write` and :func:`unified_diff`). ``rules``: only these rules' findings (slugs)."""
    cfg = project.config
    found = run(project, jobs=jobs, cache=cache, baseline=baseline).findings
    unread = [f for f in found if f.slug == UNREADABLE]
    untouchable = _untouchable(project, unread)
    findings = [f for f in found if fixable(f, rules)]
    specs = {display_path(spec.translation): spec for spec in project.pairs}
    site = site_of(project)
    by_file: dict[str, list[Finding]] = {}
    remaining: list[tuple[Finding, str]] = [(f, UNREAD) for f in unread]
    unrepaired = {passage(f): f for f in findings if f.fix is None}
    for f in findings:
        other = unrepaired.get(passage(f))
        if f.fix is not None and f.fix.path in untouchable:
            remaining.append((f, UNREAD_PAIR))
        elif f.fix is None or f.fix.path not in specs:
            remaining.append((f, NO_REPAIR))
        elif other is not None:
            remaining.append((f, f"the passage differs in more than this value ({other.rule} {other.slug})"))
        else:
            by_file.setdefault(f.fix.path, []).append(f)
    originals = {path: read_bytes(specs[path].translation, path) for path in by_file}
    for path, data in originals.items():
        refuse_conflicts(path, data)
    files = []
    for path, wanted in by_file.items():
        reported = {_ident(f) for f in findings if f.translation and f.translation.path == path}
        ff = repair_file(specs[path], cfg, path, originals[path], wanted, reported, site)
        files.append(ff)
        done = {_ident(f) for f in ff.applied}
        remaining = [(f, why) for f, why in remaining if _ident(f) not in done] + ff.refused
    remaining.sort(key=lambda item: item[0].sort_key())
    return FixResult(files, remaining)


def _untouchable(project: Project, unread: list[Finding]) -> set[str]:
    """The translations of the pairs with a file relsync could not read or parse: never
    written (their text is not what the site reads, or not known at all)."""
    bad = {loc.path for f in unread for loc in (f.upstream, f.translation) if loc is not None}
    return {display_path(spec.translation) for spec in project.pairs
            if bad & {display_path(spec.upstream), display_path(spec.translation)}}


def _ident(f: Finding) -> tuple:
    """A finding's identity across rounds of repairs (one-line edits move no line)."""
    return (f.fingerprint(), f.translation.line if f.translation else 0, f.upstream.line if f.upstream else 0)


def refuse_conflicts(path: str, data: bytes) -> None:
    """An :class:`InputError` when a file holds merge-conflict markers: its text is not the
    translation yet, and a repair would hide the conflict."""
    text = _decode(data)[2]
    starts = [m for m in _CONFLICT_RE.finditer(text)]
    kinds = [m.group(1)[0] for m in starts]
    if "<" in kinds and ">" in kinds[kinds.index("<"):]:
        first = starts[kinds.index("<")]
        line = text.count("\n", 0, first.start()) + 1
        raise InputError(path, "unresolved merge conflict (a <<<<<<< marker); resolve it first", line=line)


def repair_file(spec: PairSpec, cfg: Config, path: str, data: bytes, findings: list[Finding],
                reported: set[tuple] | None = None, site: Site | None = None) -> FileFix:
    """One translation's repairs, each kept only if the checks confirm it (see :func:`repair`)."""
    exts = site_syntax(spec.upstream, spec.translation)
    upstream = load_document(spec.upstream, "en", exts)

    def findings_of(text: str) -> list[Finding]:
        tr = parse(text, display_path(spec.translation), month_locales(spec.locale or "en"), extensions=exts)
        return check_pair(spec, cfg, alignment=align(upstream, tr), site=site)

    return repair(data, findings, findings_of, path, spec, reported)


#: Repairs may make others safe (a paragraph held in place by its repaired neighbours):
#: at most this many rounds of repairs on one file.
MAX_ROUNDS = 4


def repair(data: bytes, findings: list[Finding], findings_of: Callable[[str], list[Finding]],
           path: str, spec: PairSpec | None = None, reported: set[tuple] | None = None,
           current: list[Finding] | None = None) -> FileFix:
    """The repairs of ``findings`` in a translation's bytes, each kept only if ``findings_of``
    (the checks, on a text) confirms it; then, round by round, the repairs that the repaired
    text offers for findings that were ``reported`` (as :func:`_ident` names them; default:
    ``findings``), until none is left. ``current``: ``findings_of`` the unchanged text, when
    the caller has it."""
    ff = FileFix(spec, path, data, data)
    reported = {_ident(f) for f in findings} if reported is None else reported
    current = findings_of(_decode(data)[2]) if current is None else current
    refused: set[tuple] = set()
    for _ in range(MAX_ROUNDS):
        kept, why_not, current = _round(ff.after, findings, findings_of, current)
        ff.applied += kept
        for f, why in why_not:
            if _ident(f) not in refused:
                refused.add(_ident(f))
                ff.refused.append((f, why))
        if not kept:
            break
        ff.after = apply_edits(ff.after, [f.fix for f in kept])
        findings = [f for f in selectable(current) if _ident(f) in reported
                    and _ident(f) not in refused]
        if not findings:
            break
    done = {_ident(f) for f in ff.applied}
    ff.refused = [(f, why) for f, why in ff.refused if _ident(f) not in done]
    return ff


def _round(data: bytes, findings: list[Finding], findings_of: Callable[[str], list[Finding]],
           current: list[Finding]) -> tuple[list[Finding], list[tuple[Finding, str]], list[Finding]]:
    """One round of repairs: those kept, those refused and why, and the findings after it."""
    refused: list[tuple[Finding, str]] = []
    groups: dict[tuple, list[Finding]] = {}
    for f in findings:
        groups.setdefault(_span(f.fix), []).append(f)
    candidates: list[Finding] = []
    for same in groups.values():
        if len({f.fix.replacement for f in same}) > 1:
            refused += [(f, "two repairs of the same text disagree") for f in same]
        else:
            candidates += same  # one repair may settle two findings
    candidates, overlapping = _without_overlaps(candidates)
    refused += [(f, "another repair changes the same text") for f in overlapping]
    before = _keys(current)
    kept, why, after = _verified(findings_of, data, candidates, before)
    if why is not None:
        kept, after = [], current
        for f in candidates:
            trial, reason, found = _verified(findings_of, data, [*kept, f], before)
            if reason is None:
                kept, after = trial, found
            else:
                refused.append((f, reason))
    return kept, refused, after


def _span(e: Edit) -> tuple[int, int, int, int]:
    return (e.line, e.col, e.end_line, e.end_col)


def _without_overlaps(findings: list[Finding]) -> tuple[list[Finding], list[Finding]]:
    """Findings whose edits touch no other's text, and the others (identical edits of two
    findings are one repair and do not overlap)."""
    spans = sorted({_span(f.fix) for f in findings})
    clash = set()
    for a, b in zip(spans, spans[1:]):
        if (b[0], b[1]) < (a[2], a[3]):
            clash |= {a, b}
    return ([f for f in findings if _span(f.fix) not in clash],
            [f for f in findings if _span(f.fix) in clash])


def _keys(findings: list[Finding]) -> Counter:
    return Counter((f.rule, f.translation.line if f.translation else 0,
                    f.upstream.line if f.upstream else 0) for f in findings)


def _verified(findings_of: Callable[[str], list[Finding]], data: bytes, findings: list[Finding],
              before: Counter) -> tuple[list[Finding], str | None, list[Finding]]:
    """``findings`` if their edits, made together, remove them and add no finding, else why
    not; and the findings of the repaired text."""
    try:
        new = apply_edits(data, [f.fix for f in findings])
    except ValueError as exc:
        return findings, str(exc), []
    after = findings_of(_decode(new)[2])
    extra = _keys(after) - (before - _keys(findings))
    if extra:
        rule, line, _ = sorted(extra)[0]
        return findings, f"the repaired text would still have {rule} at line {line}", after
    return findings, None, after


# -- bytes ----------------------------------------------------------------------------------

def _decode(data: bytes) -> tuple[bytes, str, str]:
    """``(byte-order mark, codec, text)`` of a translation, as :func:`relsync.io.decode` reads it."""
    for bom, codec in ((b"\xef\xbb\xbf", "utf-8"), (b"\xff\xfe", "utf-16-le"), (b"\xfe\xff", "utf-16-be")):
        if data.startswith(bom):
            return bom, codec, data[len(bom):].decode(codec)
    return b"", "utf-8", data.decode("utf-8")


def apply_edits(data: bytes, edits: list[Edit]) -> bytes:
    """The file's bytes with one-line edits made; its encoding, byte-order mark and line
    endings kept. A :class:`ValueError` when an edit's line is not the line it was made for
    (the file changed since it was checked)."""
    bom, codec, text = _decode(data)
    parts = _LINE_END_RE.split(text)
    lines, ends = parts[0::2], parts[1::2] + [""]
    unique = sorted({(_span(e), e.replacement): e for e in edits}.values(), key=_span, reverse=True)
    for e in unique:
        if e.line != e.end_line or e.line > len(lines) or (e.before and lines[e.line - 1] != e.before[0]):
            raise ValueError(f"line {e.line} changed since it was checked")
    for e in unique:  # from the end of the file: each edit leaves the columns before it
        line = lines[e.line - 1]
        lines[e.line - 1] = line[: e.col - 1] + e.replacement + line[e.end_col - 1 :]
    return bom + "".join(x + end for x, end in zip(lines, ends)).encode(codec)


def _with_ends(text: str) -> list[str]:
    parts = _LINE_END_RE.split(text)
    lines = [x + end for x, end in zip(parts[0::2], parts[1::2] + [""])]
    return lines[:-1] if lines and not lines[-1] else lines


def write(result: FixResult) -> None:
    """Write every repaired file (atomically, permissions kept)."""
    for ff in result.files:
        if ff.changed:
            atomic_write_bytes(ff.spec.translation, ff.after)


def unified_diff(result: FixResult) -> str:
    """The repairs as a unified diff (``a/PATH``, ``b/PATH``, as git writes them)."""
    chunks = []
    for ff in result.files:
        if not ff.changed:
            continue
        a = _with_ends(_decode(ff.before)[2])
        b = _with_ends(_decode(ff.after)[2])
        for line in difflib.unified_diff(a, b, f"a/{ff.path}", f"b/{ff.path}"):
            chunks.append(line if line.endswith(("\n", "\r")) else line + "\n\\ No newline at end of file\n")
    return "".join(chunks)


def describe(f: Finding) -> str:
    """``path:line: RS301 title-version: 2.5 -> 2.6``."""
    e = f.fix
    return f"{e.path}:{e.line}: {f.rule} {f.slug}: {e.old} -> {e.replacement}"
