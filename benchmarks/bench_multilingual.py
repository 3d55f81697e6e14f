"""Multilingual injected-defect benchmark: recall per defect kind and language, and
error-level findings per clean real document.

Documents: every MDN Firefox translation (``../shared/corpus/mdn-firefox``, nine languages)
against its English page, the vue-docs Chinese translations (``../shared/corpus/vue-docs/head``,
the first ``--vue`` pairs, with ``benchmarks/vue-docs.relsync.toml``) and the release notes of
``benchmarks/checks_corpus``. Into each translation the script injects, one at a time, up to
``--per-kind`` defects of each kind, each in a block the clean check has no finding of that
rule on, where both sides hold the value:

- number: a number both sides give changed in the translation (``1,5`` -> ``1,6``);
- date: a date both sides give changed (its day, else its year), in the translation's format;
- link: a link target that leads where an upstream link of the block leads, changed
  (``.../Web/API`` -> ``.../Web/API-old``);
- code: a code span both sides share changed (``fetch()`` -> ``fetch_old()``);
- dropped: a translated paragraph or list item deleted;
- title: the version in the translated title changed.

A defect counts as found when a finding of the expected rule that the clean check did not
report is located on the changed block (for a dropped block: names its upstream line).
English left behind and language identification are ``bench_languages.py``'s.

    python benchmarks/bench_multilingual.py [--per-kind 3] [--vue 30] [--verbose]
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

from bench_checks import _CODE_SPAN_RE, _LINK_RE, _NUMBER_RE, Defect, _bump, _edit_line, _masked
from corpus_findings import MDN, mdn_pairs, pairs

from relsync.anchors import find_dates
from relsync.checks.links import links_match, normalize_link
from relsync.config import Config, load_config
from relsync.languages import month_locales
from relsync.model import Severity
from relsync.pipeline import align_files, check_pair, make_context
from relsync.project import PairSpec

HERE = Path(__file__).resolve().parent
EXPECTED = {"number": "number-mismatch", "date": "date-mismatch", "link": "link-mismatch",
            "code": "code-mismatch", "dropped": "missing", "title": "title-version"}
KINDS = tuple(EXPECTED)
PROSE = {"paragraph", "list_item", "heading", "table_row", "title"}


def _matched(al, kinds):
    for pair in al.pairs:
        if len(pair.translation) == 1 and len(pair.upstream) == 1:
            tr = al.translation.blocks[pair.translation[0]]
            up = al.upstream.blocks[pair.upstream[0]]
            if tr.kind in kinds and up.kind == tr.kind:
                yield tr, up


def _flagged(clean, slug: str, tr) -> bool:
    return any(f.slug == slug and f.translation and tr.start <= f.translation.line <= tr.end for f in clean)


def _number(line: str, tr, up):
    shared = {n for n in tr.anchors.numbers if n in up.anchors.numbers and ("." in n or int(n) > 10)}
    for m in _NUMBER_RE.finditer(_masked(line)):
        if m.group(1) in shared:
            return m.span(1), _bump(m.group(1))
    return None


def _date(line: str, tr, up, locale: str):
    shared = set(tr.anchors.dates) & set(up.anchors.dates)
    for s, e, value in find_dates(line, month_locales(locale)):
        if value not in shared or "/" in value:
            continue
        text = line[s:e]
        runs = [(m.start(), m.group()) for m in re.finditer(r"[0-9]+", text)]
        if len(value) == 10:
            day = int(value[8:])
            for k, digits in runs:
                if len(digits) <= 2 and int(digits) == day:
                    return (s + k, s + k + len(digits)), str(day % 27 + 1)
        for k, digits in runs:
            if len(digits) == 4:
                return (s + k, s + k + 4), str(int(digits) + 1)
    return None


def _link(line: str, tr, up, ctx):
    targets = [normalize_link(u, ctx) for u in up.anchors.links]
    for m in _LINK_RE.finditer(line):
        url = m.group(1)
        key = normalize_link(url, ctx)
        if url in tr.anchors.links and not url.startswith("#") and any(links_match(t, key, ctx) for t in targets):
            base, hash_, frag = url.partition("#")
            return m.span(1), base.rstrip("/") + "-old" + hash_ + frag
    return None


def _code(line: str, tr, up):
    shared = {c.strip() for c in tr.anchors.code} & {c.strip() for c in up.anchors.code}
    for m in _CODE_SPAN_RE.finditer(line):
        code = m.group(0)[1:-1]
        if code.strip() in shared and len(code.strip()) > 1:
            new = code[:-2] + "_old()" if code.endswith("()") else code + "_old"
            return m.span(0), f"`{new}`"
    return None


def inject(kind: str, tr_text: str, al, clean, locale: str, limit: int, ctx=None) -> list[Defect]:
    lines = tr_text.split("\n")
    out: list[Defect] = []
    if kind == "dropped":
        for tr, up in _matched(al, {"paragraph", "list_item"}):
            if len(out) >= limit:
                break
            if not _flagged(clean, "missing", tr):
                text = "\n".join(lines[: tr.start - 1] + lines[tr.end:])
                out.append(Defect(kind, text, (tr.start, tr.start), up.start, f"dropped lines {tr.start}-{tr.end}"))
        return out
    for tr, up in _matched(al, PROSE):
        if len(out) >= limit:
            break
        if _flagged(clean, EXPECTED[kind], tr):
            continue
        if kind == "title" and not (tr.kind == "title" or (tr.is_heading and tr.level == 1)):
            continue
        if kind == "number" and (tr.kind == "title" or (tr.is_heading and tr.level == 1)):
            continue
        for k in range(tr.start - 1, min(tr.end, len(lines))):
            line = lines[k]
            if kind == "title":
                m = re.search(r"(?<![\w.])\d+(?:\.\d+)*", line)
                hit = (m.span(), _bump(m.group())) if m and m.group() in up.text else None
            elif kind == "date":
                hit = _date(line, tr, up, locale)
            elif kind == "link":
                hit = _link(line, tr, up, ctx)
            else:
                hit = {"number": _number, "code": _code}[kind](line, tr, up)
            if hit:
                span, new = hit
                out.append(Defect(kind, _edit_line(lines, k, *span, new), (tr.start, tr.end), up.start,
                                  f"line {k + 1}: {line[span[0]:span[1]]} -> {new}"))
                break
    return out


def _key(f) -> tuple:
    return (f.slug, f.translation.line if f.translation else None, f.upstream.line if f.upstream else None, f.message)


def detected(defect: Defect, findings, clean_keys: set) -> bool:
    lo, hi = defect.tr_lines
    for f in findings:
        if f.slug != EXPECTED[defect.kind] or _key(f) in clean_keys:
            continue
        if defect.kind == "dropped":
            end = dict(f.details).get("upstream_end", f.upstream.line if f.upstream else 0)
            if f.upstream and f.upstream.line <= defect.up_line <= end:
                return True
        elif f.translation and lo <= f.translation.line <= hi:
            return True
    return False


def documents(vue: int) -> list[tuple[str, PairSpec, Config]]:
    mdn_cfg = Config(root=MDN)
    out = [(spec.locale, spec, mdn_cfg) for spec in mdn_pairs()]
    vue_cfg = load_config(path=HERE / "vue-docs.relsync.toml")
    out += [("zh_CN (vue-docs)", spec, vue_cfg) for spec in pairs("head")[:vue]]
    notes = HERE / "checks_corpus"
    notes_cfg = Config(root=notes)
    out += [("zh_CN (release notes)", PairSpec(en, notes / "zh" / en.name, "zh_CN", en.name), notes_cfg)
            for en in sorted((notes / "en").glob("*.md"))]
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--per-kind", type=int, default=3)
    ap.add_argument("--lang", help="only this group (ja, zh_CN, ...)")
    ap.add_argument("--vue", type=int, default=30, help="vue-docs pairs to include")
    ap.add_argument("--verbose", action="store_true", help="list every defect missed")
    args = ap.parse_args(argv)
    started = time.perf_counter()
    tried: Counter = Counter()
    hits: Counter = Counter()
    docs: Counter = Counter()
    errors: Counter = Counter()
    misses: dict[str, list[str]] = defaultdict(list)
    for group, spec, cfg in documents(args.vue):
        if args.lang and group != args.lang:
            continue
        al = align_files(spec.upstream, spec.translation, spec.locale)
        clean = check_pair(spec, cfg, al, staleness=None)
        clean_keys = {_key(f) for f in clean}
        docs[group] += 1
        errors[group] += sum(f.severity >= Severity.ERROR for f in clean)
        tr_text = Path(spec.translation).read_text(encoding="utf-8")
        ctx = make_context(al, cfg, spec.locale, spec.name)
        for kind in KINDS:
            for defect in inject(kind, tr_text, al, clean, spec.locale, args.per_kind, ctx):
                tmp = HERE / ".bench_multilingual.md"
                tmp.write_text(defect.text, encoding="utf-8")
                changed = PairSpec(spec.upstream, tmp, spec.locale, spec.name)
                findings = check_pair(changed, cfg, staleness=None)
                tried[group, kind] += 1
                if detected(defect, findings, clean_keys | {_key(f) for f in clean}):
                    hits[group, kind] += 1
                else:
                    misses[group].append(f"{spec.name}: {kind}: {defect.what}")
    (HERE / ".bench_multilingual.md").unlink(missing_ok=True)
    print(f"{sum(docs.values())} document pairs, {sum(tried.values())} injected defects, "
          f"{time.perf_counter() - started:.0f} s; recall per kind (injected)")
    print(f"{'language':22}" + "".join(f"{k:>14}" for k in KINDS) + f"{'docs':>6}{'errors/doc':>11}")
    for group in docs:
        cells = []
        for kind in KINDS:
            n = tried[group, kind]
            cells.append(f"{hits[group, kind] / n:8.3f} ({n:3d})" if n else f"{'-':>14}")
        print(f"{group:22}" + "".join(f"{c:>14}" for c in cells) + f"{docs[group]:6d}{errors[group] / docs[group]:11.2f}")
    if args.verbose:
        for group, items in misses.items():
            for item in items:
                print(f"  missed [{group}] {item}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
