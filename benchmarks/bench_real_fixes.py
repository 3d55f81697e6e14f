"""Real-defect benchmark: defects the Vue.js Chinese translators fixed themselves.

The corpus is ``../shared/corpus/real-fixes-vue/`` (its SOURCE.md says how it was made and how
to score): one directory per case, with ``en.md`` (the English of the day of the fix),
``pre.md`` (the Chinese file before the fix), ``post.md`` (after it) and ``case.json``
(``kind``, ``pre_lines``, ``post_lines``, ``note``). Each case is checked twice with the
library API, ``relsync.check(en, pre)`` and ``relsync.check(en, post)``, each pair on its own
(``locale="zh_CN"``, ``name`` = the page's path in the site).

A case is detected when the check of ``pre.md`` reports a finding whose rule fits the case's
kind (see ``KIND_RULES``) on a translation line within ``pre_lines`` +-1 (a ``missing`` finding
of an omission counts when its translation location is there too), and the check of
``post.md`` no longer reports that finding: no finding of the same rule on the same upstream
line whose message is nearly the same (rapidfuzz ratio >= 90; findings with no upstream
location compare their messages only). Recall per kind is detected / cases of that kind;
the overall non-wording recall is detected / the 75 cases that are not ``wording``
(``wording`` cases, mistranslations, are shown apart).

Which rules fit which kind (``KIND_RULES``): a rule fits a kind when its slug is listed there
or contains one of the kind's keywords, so that a rule added later under a telling name
(``broken-anchor``, ``heading-id``, ``code-lost``, ``unrendered-markup``) counts without
editing this script:

- link: ``link-mismatch`` and slugs with ``link``, ``anchor``, ``fragment``;
- number: ``number-mismatch``, ``date-mismatch``;
- code: ``code-mismatch`` and slugs with ``code``;
- untranslated: ``untranslated`` and slugs with ``untranslated`` (``untranslated-clause``: an
  English clause inside a translated sentence);
- omission: ``missing`` and slugs with ``omi`` (an omitted sentence);
- markup: ``markup-mismatch``, ``heading-level``, ``table-shape`` and slugs with
  ``markup``, ``render``, ``heading-id``, ``anchor``, ``link-syntax`` (broken link syntax and
  ``{#id}`` anchors are markup in the corpus's kinds).

The second figure is the error-level findings per document on the ``post.md`` files (the
fixed translations; most are still imperfect, so this is a ceiling to hold, not zero).

    python benchmarks/bench_real_fixes.py [--corpus DIR] [--verbose] [--kind KIND]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from pathlib import Path

from rapidfuzz import fuzz

import relsync
from relsync.model import Severity

HERE = Path(__file__).resolve().parent
CORPUS = HERE.parent.parent / "shared" / "corpus" / "real-fixes-vue"
if not CORPUS.is_dir():
    CORPUS = Path("/work/shared/corpus/real-fixes-vue")
LOCALE = "zh_CN"
KINDS = ("link", "number", "code", "untranslated", "omission", "markup")

#: kind -> (slugs that fit it, keywords a fitting slug contains)
KIND_RULES: dict[str, tuple[frozenset[str], tuple[str, ...]]] = {
    "link": (frozenset({"link-mismatch"}), ("link", "anchor", "fragment")),
    "number": (frozenset({"number-mismatch", "date-mismatch"}), ()),
    "code": (frozenset({"code-mismatch"}), ("code",)),
    "untranslated": (frozenset({"untranslated"}), ("untranslated",)),
    "omission": (frozenset({"missing"}), ("omi",)),
    "markup": (frozenset({"markup-mismatch", "heading-level", "table-shape"}),
               ("markup", "render", "heading-id", "anchor", "link-syntax")),
}


def fits(slug: str, kind: str) -> bool:
    slugs, words = KIND_RULES.get(kind, (frozenset(), ()))
    return slug in slugs or any(w in slug for w in words)


def site_name(path: str) -> str:
    """``src/guide/intro.md`` -> ``guide/intro.md``, the page's path in the site."""
    return path[4:] if path.startswith("src/") else path


def run(up: str, tr: str, name: str) -> list:
    return relsync.check(up, tr, locale=LOCALE, name=name)


def same_finding(a, b) -> bool:
    if a.slug != b.slug:
        return False
    if (a.upstream is None) != (b.upstream is None):
        return False
    if a.upstream is not None and a.upstream.line != b.upstream.line:
        return False
    return fuzz.ratio(a.message, b.message) >= 90


def located(f, lo: int, hi: int) -> bool:
    return f.translation is not None and lo - 1 <= f.translation.line <= hi + 1


def score_case(case_dir: Path) -> dict:
    meta = json.loads((case_dir / "case.json").read_text(encoding="utf-8"))
    en = (case_dir / "en.md").read_text(encoding="utf-8")
    pre = (case_dir / "pre.md").read_text(encoding="utf-8")
    post = (case_dir / "post.md").read_text(encoding="utf-8")
    name = site_name(meta["path"])
    pre_f = run(en, pre, name)
    post_f = run(en, post, name)
    lo, hi = meta["pre_lines"]
    kind = meta["kind"]
    at_place = [f for f in pre_f if located(f, lo, hi)]
    candidates = [f for f in at_place if fits(f.slug, kind)] if kind in KIND_RULES else at_place
    hits = [f for f in candidates if not any(same_finding(f, g) for g in post_f)]
    return {
        "case": case_dir.name, "kind": kind, "note": meta.get("note", ""), "lines": (lo, hi),
        "detected": bool(hits), "hits": hits, "at_place": at_place,
        "post_errors": [f for f in post_f if f.severity == Severity.ERROR],
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpus", type=Path, default=CORPUS)
    ap.add_argument("--verbose", action="store_true", help="list every case, found or not")
    ap.add_argument("--kind", help="only this kind")
    args = ap.parse_args(argv)
    if not (args.corpus / "manifest.tsv").is_file():
        print(f"no corpus at {args.corpus}", file=sys.stderr)
        return 2
    cases = sorted(p for p in args.corpus.iterdir() if (p / "case.json").is_file())
    results = [score_case(c) for c in cases]
    if args.kind:
        results = [r for r in results if r["kind"] == args.kind]
    by_kind: dict[str, list[dict]] = defaultdict(list)
    for r in results:
        by_kind[r["kind"]].append(r)
    print(f"{'kind':<13} {'cases':>5} {'found':>5} {'recall':>7}")
    counted = found = 0
    for kind in (*KINDS, "wording"):
        rs = by_kind.get(kind, [])
        if not rs:
            continue
        n = sum(r["detected"] for r in rs)
        print(f"{kind:<13} {len(rs):>5} {n:>5} {n / len(rs):>7.2f}")
        if kind != "wording":
            counted += len(rs)
            found += n
    if counted:
        print(f"{'non-wording':<13} {counted:>5} {found:>5} {found / counted:>7.2f}")
    errors = [f for r in results for f in r["post_errors"]]
    by_rule = Counter(f.slug for f in errors)
    print(f"\nerror-level findings on post.md: {len(errors)} in {len(results)} documents "
          f"({len(errors) / max(1, len(results)):.2f} per document)")
    for slug, n in by_rule.most_common():
        print(f"  {slug:<24} {n}")
    for r in results:
        if args.verbose or (not r["detected"] and r["kind"] != "wording"):
            mark = "FOUND" if r["detected"] else "missed"
            lo, hi = r["lines"]
            print(f"\n{mark} {r['case']} {r['kind']} pre {lo}-{hi}: {r['note']}")
            for f in r["hits"] or r["at_place"]:
                print(f"    {f.slug} {f.severity} L{f.translation.line}: {f.message[:160]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
