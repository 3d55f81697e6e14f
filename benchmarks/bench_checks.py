"""Injected-defect benchmark of ``relsync check``: recall per defect kind, false findings per
clean document.

The clean pairs are ``benchmarks/checks_corpus/{en,zh}/NAME.md``: release notes with faithful
Chinese translations, and the bundled PyTorch 2.6 example with its real defects fixed. For
each pair the script injects, one at a time, every defect of each kind it can place (up to
``--per-kind`` per document) into the translation and checks the result:

- number: a number of the prose changed (``3892`` -> ``3893``, ``2.6`` -> ``2.7``);
- date: a date's day changed (``2025年1月29日`` -> ``2025年1月30日``);
- link: a link target changed (``.../v2.6.0`` -> ``.../v2.6.0-old``);
- code: an inline code span changed (``torch.load`` -> ``torch.load_old``);
- dropped: a translated paragraph or list item deleted;
- english: a translated paragraph replaced by its upstream English text;
- title: the version in the title changed.

A defect counts as found when a finding of the expected rule (any severity) is located on
the changed translation block (or, for a dropped block, names its upstream line). False
findings are the error-level findings on the clean pairs.

    python benchmarks/bench_checks.py [--per-kind 6] [--verbose]
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path

from relsync.align import align
import relsync
from relsync.config import Config
from relsync.languages import month_locales
from relsync.model import Severity
from relsync.parse import parse

HERE = Path(__file__).resolve().parent
CORPUS = HERE / "checks_corpus"
LOCALE = "zh_CN"
EXPECTED = {
    "number": {"number-mismatch"},
    "date": {"date-mismatch"},
    "link": {"link-mismatch"},
    "code": {"code-mismatch"},
    "dropped": {"missing"},
    "english": {"untranslated"},
    "title": {"title-version"},
}
KINDS = tuple(EXPECTED)


def check(up_text: str, tr_text: str, name: str):
    up = parse(up_text, f"en/{name}", ("en",))
    tr = parse(tr_text, f"zh/{name}", month_locales(LOCALE))
    al = align(up, tr)
    return al, relsync.check(up, tr, locale=LOCALE, name=name, config=Config(root=CORPUS))


@dataclass
class Defect:
    kind: str
    text: str
    """The translation with the defect."""
    tr_lines: tuple[int, int]
    """Lines of the changed translation block (in the new text)."""
    up_line: int
    """First line of the upstream block it translates."""
    what: str


# -- injectors: each yields defects for one document -------------------------------------

_CODE_SPAN_RE = re.compile(r"`[^`\n]+`")
_LINK_RE = re.compile(r"\]\(([^)\s]+)\)")
_ZH_DATE_RE = re.compile(r"(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日")
_NUMBER_RE = re.compile(r"(?<![\w.,/#:-])(\d+(?:\.\d+)*)(?![\w.]*\d)(?!\s*[年月日])(?![\w-])")


def _masked(line: str) -> str:
    """The line with code spans, link targets and dates blanked out (same length)."""
    blank = lambda m: " " * len(m.group(0))  # noqa: E731
    line = _CODE_SPAN_RE.sub(blank, line)
    line = _LINK_RE.sub(blank, line)
    line = re.sub(r"https?://\S+", blank, line)
    return _ZH_DATE_RE.sub(blank, line)


def _bump(number: str) -> str:
    head, _, last = number.rpartition(".")
    new = str(int(last) + 1)
    return f"{head}.{new}" if head else new


def _significant(number: str) -> bool:
    return "." in number or int(number) > 10


def _blocks(al, kinds):
    """Matched (translation block, upstream block) pairs of the given kinds."""
    for pair in al.pairs:
        if len(pair.translation) == 1 and pair.upstream:
            tr = al.translation.blocks[pair.translation[0]]
            if tr.kind in kinds:
                yield tr, al.upstream.blocks[pair.upstream[0]]


def _edit_line(lines: list[str], k: int, start: int, end: int, new: str) -> str:
    out = list(lines)
    out[k] = out[k][:start] + new + out[k][end:]
    return "\n".join(out)


def inject(kind: str, up_text: str, tr_text: str, al) -> list[Defect]:
    lines = tr_text.split("\n")
    up_lines = up_text.split("\n")
    prose = {"paragraph", "list_item", "heading", "table_row"}
    found: list[Defect] = []
    if kind in ("number", "date", "link", "code"):
        for tr, up in _blocks(al, prose | {"title"}):
            if kind == "number" and tr.is_heading and tr.level == 1:
                continue  # the title's version is the "title" kind
            for k in range(tr.start - 1, tr.end):
                line = lines[k]
                m = None
                if kind == "number":
                    masked = _masked(line)
                    m = next((x for x in _NUMBER_RE.finditer(masked) if _significant(x.group(1))), None)
                    new = _bump(m.group(1)) if m else ""
                    span = m.span(1) if m else None
                elif kind == "date":
                    m = _ZH_DATE_RE.search(line)
                    if m:
                        day = int(m.group(3))
                        new = f"{m.group(1)}年{m.group(2)}月{day % 27 + 1}日"
                        span = m.span(0)
                elif kind == "link":
                    m = _LINK_RE.search(line)
                    if m:
                        url = m.group(1)
                        base, hash_, frag = url.partition("#")
                        new = base.rstrip("/") + "-old" + hash_ + frag
                        span = m.span(1)
                else:
                    m = _CODE_SPAN_RE.search(line)
                    if m:
                        code = m.group(0)[1:-1]
                        new = "`" + (code[:-2] + "_old()" if code.endswith("()") else code + "_old") + "`"
                        span = m.span(0)
                if m:
                    found.append(Defect(kind, _edit_line(lines, k, *span, new), (tr.start, tr.end),
                                        up.start, f"line {k + 1}: {line[span[0]:span[1]]} -> {new}"))
                    break
    elif kind == "dropped":
        for tr, up in _blocks(al, {"paragraph", "list_item"}):
            out = lines[: tr.start - 1] + lines[tr.end:]
            found.append(Defect(kind, "\n".join(out), (tr.start, tr.start), up.start,
                                f"dropped lines {tr.start}-{tr.end}"))
    elif kind == "english":
        for tr, up in _blocks(al, {"paragraph"}):
            if up.end - up.start != tr.end - tr.start:
                continue
            out = lines[: tr.start - 1] + up_lines[up.start - 1: up.end] + lines[tr.end:]
            found.append(Defect(kind, "\n".join(out), (tr.start, tr.end), up.start,
                                f"lines {tr.start}-{tr.end} left in English"))
    elif kind == "title":
        for tr, up in _blocks(al, {"title", "heading"}):
            if tr.level != 1:
                continue
            k = tr.start - 1
            m = re.search(r"\d+\.\d+", lines[k])
            if m:
                head, _, last = m.group(0).rpartition(".")
                new = f"{head}.{int(last) - 1 if int(last) > 0 else int(last) + 1}"
                found.append(Defect(kind, _edit_line(lines, k, *m.span(), new), (tr.start, tr.end),
                                    up.start, f"title {m.group(0)} -> {new}"))
    return found


def detected(defect: Defect, findings) -> bool:
    lo, hi = defect.tr_lines
    for f in findings:
        if f.slug not in EXPECTED[defect.kind]:
            continue
        if defect.kind == "dropped":
            if f.upstream and f.upstream.line <= defect.up_line <= dict(f.details).get("upstream_end", f.upstream.line):
                return True
            continue
        if f.translation and lo <= f.translation.line <= hi:
            return True
    return False


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="relsync check: injected-defect recall and false findings")
    ap.add_argument("--per-kind", type=int, default=6, help="defects of one kind per document (max)")
    ap.add_argument("--verbose", action="store_true", help="list every defect missed")
    args = ap.parse_args(argv)
    names = sorted(p.name for p in (CORPUS / "en").glob("*.md"))
    started = time.perf_counter()
    false_by_rule: Counter[str] = Counter()
    warn_by_rule: Counter[str] = Counter()
    tried: Counter[str] = Counter()
    hits: Counter[str] = Counter()
    error_hits: Counter[str] = Counter()
    misses: dict[str, list[str]] = defaultdict(list)
    for name in names:
        up_text = (CORPUS / "en" / name).read_text(encoding="utf-8")
        tr_text = (CORPUS / "zh" / name).read_text(encoding="utf-8")
        al, clean = check(up_text, tr_text, name)
        for f in clean:
            if f.severity >= Severity.ERROR:
                false_by_rule[f.slug] += 1
                misses["clean"].append(f"{name}: {f.rule} {f.slug}: {f.message}")
            elif f.severity == Severity.WARNING:
                warn_by_rule[f.slug] += 1
        for kind in KINDS:
            for defect in inject(kind, up_text, tr_text, al)[: args.per_kind]:
                _, findings = check(up_text, defect.text, name)
                tried[kind] += 1
                if detected(defect, findings):
                    hits[kind] += 1
                    if any(f.slug in EXPECTED[kind] and f.severity >= Severity.ERROR for f in findings):
                        error_hits[kind] += 1
                else:
                    misses[kind].append(f"{name}: {defect.what}")
    elapsed = time.perf_counter() - started
    print(f"{len(names)} clean document pairs, {sum(tried.values())} injected defects, {elapsed:.1f} s")
    print()
    print(f"{'defect':10} {'injected':>8} {'found':>6} {'recall':>7} {'as error':>9}")
    for kind in KINDS:
        n = tried[kind]
        r = hits[kind] / n if n else float("nan")
        print(f"{kind:10} {n:8d} {hits[kind]:6d} {r:7.3f} {error_hits[kind]:9d}")
    errors = sum(false_by_rule.values())
    print()
    print(f"error-level false findings on clean documents: {errors} "
          f"({errors / len(names):.3f} per document) {dict(false_by_rule)}")
    print(f"warning-level findings on clean documents: {sum(warn_by_rule.values())} {dict(warn_by_rule)}")
    if args.verbose:
        for kind, items in misses.items():
            for item in items:
                print(f"  missed {kind}: {item}" if kind != "clean" else f"  false: {item}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
