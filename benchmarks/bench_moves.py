"""Injected moves: entries and sections put in another place in real translations.

    python benchmarks/bench_moves.py [--docs 8] [--seed 1] [--percents 1,5,10]

Takes the naive-ui changelog pair (`../shared/corpus/changelog-naive-ui`), the vue-docs/head
pairs and the mdn-firefox translations with the most one-line list items (``--docs`` of
each), and moves 1%, 5% and 10% of the translation's movable units to another place:

* ``items``: top-level list items whose text is one line and that the alignment of the
  unchanged pair pairs 1-1, each with what is indented under it (vue's `- **Type**` and
  its code block), put after another such item, half of them in the same top-level section
  (another place in the release) and half in another one;
* ``sections``: sections with no sub-section whose heading the unchanged alignment pairs,
  each put before another heading of its level (in another part of the document).

For each document, mode and share: how many blocks moved, the recall of their pairs (a moved
block paired with the upstream block the unchanged alignment paired it with), the precision
(of the pairs holding a moved block, those that are that pair), the recall over the moved
blocks that hold code, a link or a number (the evidence a move is found by; a bold label
such as "**Type**", repeated in every section, is found by nothing), the error-level
findings the moves added (upstream line, rule and message compared with the unchanged pair's;
an entry upstream lists twice and the translation once is one finding at either of its two
lines, the one the translation's entry does not pair with), and of those, the ones about an upstream block no error of the same rule named before ("new
blk": more blocks than the errors of its rule within its lines named; two runs of missing
blocks that a moved pair between them no longer separates are one finding with another
message, about the same blocks), and of the moved blocks reported missing with a block the
translation has elsewhere that "may be" them, those whose named block is theirs ("may ok")
and those naming another ("may no").

``--deletions N`` measures the other side: N translated blocks deleted per document, one at a
time, and how ``missing`` grades each (an error; a warning when a block elsewhere "may be"
it, which is wrong for a deleted block; not reported).

``--releases N`` measures a release one language has alone: N releases of the changelog
removed from the translation, one at a time (upstream's newest, not yet translated, or an
older one a translator skipped). Each should be one finding, the release's, and leave the
rest of the alignment as it was: printed are the releases reported as one finding at their
heading, and the error- and warning-level findings elsewhere that the removal added.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))

from corpus_findings import CORPORA, mdn_pairs, pairs as vue_pairs  # noqa: E402

from relsync import align, check, parse  # noqa: E402

CHANGELOG = CORPORA / "changelog-naive-ui"


def _docs(limit: int) -> list[tuple[str, Path, Path, str]]:
    out = [("changelog-naive-ui", CHANGELOG / "CHANGELOG.en-US.md", CHANGELOG / "CHANGELOG.zh-CN.md", "zh_CN")]
    for corpus, specs in (("vue-docs/head", vue_pairs("head")), ("mdn-firefox", mdn_pairs())):
        scored = []
        for spec in specs:
            text = Path(spec.translation).read_text(encoding="utf-8")
            items = sum(1 for line in text.split("\n") if line.startswith("- "))
            scored.append((items, spec))
        scored.sort(key=lambda x: -x[0])
        for _, spec in scored[:limit]:
            out.append((f"{corpus}:{spec.name}", Path(spec.upstream), Path(spec.translation), spec.locale))
    return out


def _tr_partner(al) -> dict[int, int]:
    """Translation block -> its upstream block, for the 1-1 pairs."""
    return {p.translation[0]: p.upstream[0] for p in al.pairs
            if len(p.upstream) == 1 and len(p.translation) == 1}


def _scope(doc, block) -> int:
    """The top-level section (below the title) holding a block."""
    s = doc.sections[block.section]
    while s.parent is not None and s.parent != 0 and doc.sections[s.parent].heading is not None \
            and doc.sections[s.parent].level > 1:
        s = doc.sections[s.parent]
    return s.index


def _item_end(lines: list[str], start: int) -> int:
    """The last line of the list item opening at line ``start``: its first line and the
    indented lines (a nested code block, list or paragraph) after it, blank lines between."""
    end = start
    n = start + 1
    while n <= len(lines):
        line = lines[n - 1]
        if line.strip() and not line.startswith((" ", "\t")):
            break
        if line.strip():
            end = n
        n += 1
    return end


def _item_units(doc, partner: dict[int, int], lines: list[str]) -> list[tuple[int, int, int]]:
    """(first line, last line, top-level section) of the top-level list items whose first
    line is the item's text: each moves with what is indented under it."""
    out = []
    for b in doc.blocks:
        if b.kind != "list_item" or b.level != 1 or b.start != b.end or b.quote:
            continue
        if not lines[b.start - 1].startswith("- "):
            continue
        if b.index in partner:
            out.append((b.start, _item_end(lines, b.start), _scope(doc, b)))
    return out


def _section_units(doc, partner: dict[int, int], n_lines: int) -> list[tuple[int, int, int]]:
    """(first line, last line, level) of the sections with no sub-section whose heading is paired."""
    out = []
    for s in doc.sections:
        if s.heading is None or s.children or s.level < 2:
            continue
        head = doc.blocks[s.heading]
        if head.kind != "heading" or head.index not in partner:
            continue
        nxt = next((b.start for b in doc.blocks[head.index + 1:] if b.is_heading and b.level <= s.level), n_lines + 1)
        out.append((head.start, nxt - 1, s.level))
    return out


def _move(lines: list[str], chunks: list[tuple[tuple[int, int], int]]) -> tuple[list[str], dict[int, int]]:
    """Lines with each (first, last) range moved before line ``dest`` (1-based, of the
    original text); and the new line of every original line."""
    moving = {}
    for (first, last), dest in chunks:
        moving[first] = (first, last, dest)
    skip = set()
    for first, last, _ in moving.values():
        skip.update(range(first, last + 1))
    inserts: dict[int, list[int]] = {}
    for first, last, dest in moving.values():
        inserts.setdefault(dest, []).extend(range(first, last + 1))
    order: list[int] = []
    for n in range(1, len(lines) + 2):
        order.extend(inserts.get(n, ()))
        if n <= len(lines) and n not in skip:
            order.append(n)
    new_of = {old: k + 1 for k, old in enumerate(order)}
    return [lines[n - 1] for n in order], new_of


def _plan(rng, mode, units, pct, lines):
    """The moves of one run: units and their destinations, none inside a moved unit."""
    k = max(1, round(len(units) * pct / 100))
    chosen = rng.sample(units, min(k, len(units)))
    taken = {ln for u in chosen for ln in range(u[0], u[1] + 1)}
    plan = []
    for n, unit in enumerate(chosen):
        if mode == "items":
            same = n % 2 == 0
            dests = [u for u in units if u not in chosen and (u[2] == unit[2]) == same and u[1] + 1 not in taken]
            if not dests:
                dests = [u for u in units if u not in chosen and u[1] + 1 not in taken]
            if not dests:
                continue
            d = rng.choice(dests)
            plan.append(((unit[0], unit[1]), d[1] + 1))
        else:
            dests = [u for u in units if u not in chosen and u[2] == unit[2] and abs(u[0] - unit[0]) > 1]
            if not dests:
                continue
            d = rng.choice(dests)
            plan.append(((unit[0], unit[1]), d[0]))
    if mode == "sections":  # a moved section ends with a blank line before the next heading
        for (first, last), _ in plan:
            if lines[last - 1].strip():
                lines[last - 1] += "\n"
    return plan


SHOW = False


def _errors(up_text, tr_text, locale) -> Counter:
    """The error-level findings: rule, upstream line, message."""
    return _error_lines(up_text, tr_text, locale)[0]


def _error_lines(up_text, tr_text, locale, findings=None) -> tuple[Counter, dict[tuple, tuple[str, int, int, int]]]:
    """:func:`_errors`, and for each of them the upstream lines it is about and how many blocks
    (a run of missing blocks: from its first block to its last, and how many are missing);
    of ``findings`` when given (all of the pair's)."""
    if findings is None:
        findings = check(up_text, tr_text, locale=locale)
    found = [f for f in findings if f.severity.name == "ERROR"]
    keys: Counter = Counter()
    spans: dict[tuple, tuple[str, int, int, int]] = {}
    for f in found:
        start = f.upstream.line if f.upstream else 0
        details = dict(f.details or ())
        key = (f.rule, start, f.message)
        if "twin" in details:  # an entry upstream lists twice and the translation once: reported
            # at whichever of the two the translation's entry does not pair with, one finding
            key = (f.rule, min(start, details["twin"]), f"listed twice, at {sorted((start, details['twin']))}")
        keys[key] += 1
        spans[key] = (f.rule, start, max(start, details.get("upstream_end", start)), details.get("blocks", 1))
    return keys, spans


def _about_new_blocks(span: tuple[str, int, int, int], before: list[tuple[str, int, int, int]]) -> bool:
    """Whether a finding names more blocks than the findings of its rule before it named
    within its lines (two runs of missing blocks reported as one are not new)."""
    rule, start, end, blocks = span
    return blocks > sum(n for r, s, _, n in before if r == rule and start <= s <= end)


def run_one(name, up_path, tr_path, locale, mode, pct, seed, base_cache):
    up_text = up_path.read_text(encoding="utf-8")
    tr_text = tr_path.read_text(encoding="utf-8")
    if name not in base_cache:
        up_doc = parse(up_text)
        al = align(up_doc, parse(tr_text, locales=("en", locale)))
        keys, spans = _error_lines(up_text, tr_text, locale)
        base_cache[name] = (al, keys, list(spans.values()))
    al, before, before_spans = base_cache[name]
    partner = _tr_partner(al)
    lines = tr_text.split("\n")
    units = (_item_units(al.translation, partner, lines) if mode == "items"
             else _section_units(al.translation, partner, len(lines)))
    if len(units) < 4:
        return None
    rng = random.Random(f"{seed}:{name}:{mode}:{pct}")
    lines = list(lines)
    plan = _plan(rng, mode, units, pct, lines)
    new_lines, new_of = _move(lines, plan)
    moved_text = "\n".join(new_lines)
    start_of = {b.start: b.index for b in al.translation.blocks}
    expected = {}
    moved_to = {}  # (upstream line -> the line its translation moved to)
    anchored = set()
    for (first, last), _ in plan:
        for b in al.translation.blocks:
            if first <= b.start <= last and b.index in partner:
                expected[new_of[b.start]] = al.upstream.blocks[partner[b.index]].start
                moved_to[al.upstream.blocks[partner[b.index]].start] = new_of[b.start]
                if b.anchors.code or b.anchors.links or b.anchors.numbers:
                    anchored.add(new_of[b.start])
    del start_of
    new_al = align(parse(up_text), parse(moved_text, locales=("en", locale)))
    found = {}
    for p in new_al.pairs:
        for j in p.translation:
            line = new_al.translation.blocks[j].start
            if line in expected:
                found[line] = new_al.upstream.blocks[p.upstream[0]].start if p.upstream else None
    correct = sum(1 for line, up in expected.items() if found.get(line) == up)
    predicted = sum(1 for up in found.values() if up is not None)
    correct_anchored = sum(1 for line in anchored if found.get(line) == expected[line])
    findings = check(up_text, moved_text, locale=locale)
    after, after_spans = _error_lines(up_text, moved_text, locale, findings)
    new_errors = sum((after - before).values())
    # the missing moved blocks a warning says another block "may be": that block, or another
    named = [(f.upstream.line, dict(f.details)["perhaps_moved_to"]) for f in findings
             if f.rule == "RS101" and f.upstream and f.upstream.line in moved_to
             and "perhaps_moved_to" in dict(f.details or ())]
    named_right = sum(1 for line, to in named if moved_to[line] == to)
    if SHOW:
        for key, n in (after - before).items():
            print(f"  + {name} {mode} {pct:g}%: {key[0]} up:{key[1]} {key[2][:160]}")
    new_blocks = sum(n for key, n in (after - before).items() if _about_new_blocks(after_spans[key], before_spans))
    return (len(plan), len(expected), correct, predicted, new_errors, len(anchored), correct_anchored,
            new_blocks, named_right, len(named) - named_right)


def deletions(name, up_path, tr_path, locale, per_doc, seed) -> Counter:
    """``per_doc`` translated blocks deleted one at a time (a paragraph or a one-line list
    item the unchanged alignment pairs 1-1): how ``missing`` grades each, at its upstream
    line: ``error``, ``warning`` (the block "may be" one the translation has elsewhere:
    wrong here, the block is gone) or ``none`` (not reported there)."""
    up_text = up_path.read_text(encoding="utf-8")
    tr_text = tr_path.read_text(encoding="utf-8")
    al = align(parse(up_text), parse(tr_text, locales=("en", locale)))
    partner = _tr_partner(al)
    lines = tr_text.split("\n")
    blocks = [b for b in al.translation.blocks if b.index in partner and b.start == b.end
              and b.kind in ("paragraph", "list_item") and not lines[b.start - 1].startswith((" ", "\t"))]
    rng = random.Random(f"{seed}:{name}:deletions")
    out: Counter = Counter()
    for b in rng.sample(blocks, min(per_doc, len(blocks))):
        up_line = al.upstream.blocks[partner[b.index]].start
        text = "\n".join(lines[:b.start - 1] + lines[b.start:])
        grade = "none"
        for f in check(up_text, text, locale=locale):
            if f.slug == "missing" and f.upstream and f.upstream.line <= up_line <= dict(f.details).get("upstream_end", f.upstream.line):
                grade = f.severity.name.lower()
                if SHOW and grade != "error":
                    print(f"  ~ {name}: deleted line {b.start} (upstream {up_line}): {grade}: {f.message[:160]}")
                break
        out[grade] += 1
    return out


def releases(per_doc: int, seed: str) -> tuple[int, int, int, int]:
    """``--releases``: (releases removed, reported at their heading, errors added elsewhere,
    warnings added elsewhere)."""
    up_text = (CHANGELOG / "CHANGELOG.en-US.md").read_text(encoding="utf-8")
    tr_text = (CHANGELOG / "CHANGELOG.zh-CN.md").read_text(encoding="utf-8")
    al = align(parse(up_text), parse(tr_text, locales=("en", "zh_CN")))
    partner = _tr_partner(al)

    def found(text: str) -> Counter:
        return Counter((f.rule, f.upstream.line if f.upstream else 0, f.message, f.severity.name)
                       for f in check(up_text, text, locale="zh_CN") if f.severity.name in ("ERROR", "WARNING"))

    before = found(tr_text)
    lines = tr_text.split("\n")
    heads = [b for b in al.translation.blocks if b.is_heading and b.level == 2 and b.anchors.numbers]
    rng = random.Random(f"{seed}:releases")
    removed = at_release = added = warned = 0
    for k in sorted(rng.sample(range(len(heads) - 1), min(per_doc, len(heads) - 1))):
        head, nxt = heads[k], heads[k + 1]
        if head.index not in partner:
            continue
        up_head = al.upstream.blocks[partner[head.index]]
        up_end = next((b.start for b in al.upstream.blocks[up_head.index + 1:]
                       if b.is_heading and b.level <= up_head.level), len(up_text.split("\n")) + 1)
        new = found("\n".join(lines[:head.start - 1] + lines[nxt.start - 1:])) - before
        removed += 1
        # the release's finding: at its heading, or a run that takes in a block missing before it
        mine = [key for key in new if key[0] == "RS101" and (up_head.start <= key[1] < up_end
                                                             or f"\u201c{up_head.text}\u201d" in key[2])]
        at_release += len(mine) == 1
        if SHOW and len(mine) != 1:
            print(f"  ~ release at upstream {up_head.start} removed: {len(mine)} findings of the release: "
                  + "; ".join(f"up:{key[1]} {key[2][:100]}" for key in mine))
        for key in new:
            if key in mine:
                continue
            if key[3] == "ERROR":
                added += new[key]
            else:
                warned += new[key]
            if SHOW:
                print(f"  + release at upstream {up_head.start} removed: {key[3].lower()} {key[0]} "
                      f"up:{key[1]} {key[2][:140]}")
    return removed, at_release, added, warned


def _row(mode: str, pct: float, r) -> str:
    """Moves, blocks, precision, recall, blocks holding code, a link or a number and their
    recall, new errors, and the moved blocks a missing warning says another block "may be":
    the right block, another."""
    moves, blocks, correct, predicted, new_err, anchored, correct_anchored, new_blocks, right, wrong = r
    p = correct / predicted if predicted else 1.0
    rec = correct / blocks if blocks else 1.0
    rec_a = correct_anchored / anchored if anchored else 1.0
    return (f"{mode:8} {pct:4.0f} {moves:5} {blocks:6} {p:6.3f} {rec:6.3f} {anchored:8} {rec_a:6.3f} "
            f"{new_err:7} {new_blocks:7} {right:6} {wrong:6}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--docs", type=int, default=8, help="pairs of vue-docs and of mdn-firefox (the most list items)")
    ap.add_argument("--seed", default="1")
    ap.add_argument("--percents", default="1,5,10")
    ap.add_argument("--show", action="store_true", help="print each error-level finding the moves added")
    ap.add_argument("--deletions", type=int, default=0, metavar="N",
                    help="instead: delete N translated blocks per document, one at a time, and "
                         "count how `missing` grades each")
    ap.add_argument("--releases", type=int, default=0, metavar="N",
                    help="instead: remove N releases of the changelog's translation, one at a time")
    args = ap.parse_args(argv)
    global SHOW
    SHOW = args.show
    if args.releases:
        removed, found, added, warned = releases(args.releases, args.seed)
        print(f"changelog-naive-ui releases removed {removed}: one finding at the release {found}, "
              f"errors added elsewhere {added}, warnings {warned}")
        return 0
    if args.deletions:
        grades: dict[str, Counter] = {}
        for name, up, tr, locale in _docs(args.docs):
            grades.setdefault(name.split(":")[0], Counter()).update(
                deletions(name, up, tr, locale, args.deletions, args.seed))
        for corpus, c in grades.items():
            print(f"{corpus:22} deleted {sum(c.values()):4}  error {c['error']:4}  warning {c['warning']:4}  "
                  f"info {c['info']:4}  not reported {c['none']:4}")
        return 0
    percents = [float(p) for p in args.percents.split(",")]
    cache: dict = {}
    totals: dict = {}
    head = f"{'mode':8} {'%':>4} {'moves':>5} {'blocks':>6} {'P':>6} {'R':>6} {'anchored':>8} {'R':>6} {'new err':>7} {'new blk':>7} {'may ok':>6} {'may no':>6}"
    print(f"{'document':44} {head}")
    t0 = time.perf_counter()
    for name, up, tr, locale in _docs(args.docs):
        corpus = name.split(":")[0]
        for mode in ("items", "sections"):
            for pct in percents:
                r = run_one(name, up, tr, locale, mode, pct, args.seed, cache)
                if r is None:
                    continue
                print(f"{name[:44]:44} {_row(mode, pct, r)}")
                t = totals.setdefault((corpus, mode, pct), [0] * len(r))
                for k, v in enumerate(r):
                    t[k] += v
    print()
    print(f"{'corpus':22} {head}")
    for (corpus, mode, pct), r in sorted(totals.items()):
        print(f"{corpus:22} {_row(mode, pct, r)}")
    print(f"({time.perf_counter() - t0:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
