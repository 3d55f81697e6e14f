"""The omission and untranslated cases of ``../shared/corpus/real-fixes-vue``: real defects of
the Chinese Vue.js docs that the translators later fixed, scored as the corpus's SOURCE.md
says.

    python benchmarks/bench_real_omissions.py [--verbose]

A case is detected when checking ``en.md`` against ``pre.md`` gives a finding of a fitting
rule on a line within ``pre_lines`` +-1 that checking ``en.md`` against ``post.md`` does not
give (``omission``: ``omission`` or ``missing``; ``untranslated``: ``untranslated`` or
``untranslated-clause``). Prints recall per kind and each case.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))

import relsync  # noqa: E402

CORPUS = HERE.parent.parent / "shared" / "corpus" / "real-fixes-vue"
FITTING = {"omission": {"omission", "missing"}, "untranslated": {"untranslated", "untranslated-clause"}}


def detected(case_dir: Path, case: dict) -> tuple[bool, str]:
    en = (case_dir / "en.md").read_text(encoding="utf-8")
    slugs = FITTING[case["kind"]]
    lo, hi = case["pre_lines"]

    def findings(name: str):
        text = (case_dir / name).read_text(encoding="utf-8")
        return [f for f in relsync.check(en, text, locale="zh_CN", name=case["path"]) if f.slug in slugs]

    before = [f for f in findings("pre.md") if f.translation and lo - 1 <= f.translation.line <= hi + 1]
    after = {(f.slug, f.message) for f in findings("post.md")}
    hits = [f for f in before if (f.slug, f.message) not in after]
    return bool(hits), (f"{hits[0].slug}: {hits[0].message}" if hits else "")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args(argv)
    found, total = Counter(), Counter()
    for case_dir in sorted(p for p in CORPUS.iterdir() if (p / "case.json").is_file()):
        case = json.loads((case_dir / "case.json").read_text(encoding="utf-8"))
        if case["kind"] not in FITTING:
            continue
        hit, what = detected(case_dir, case)
        total[case["kind"]] += 1
        found[case["kind"]] += hit
        if args.verbose or not hit:
            print(f"{'found' if hit else 'MISSED':6} {case['kind']:12} {case_dir.name} {case['path']}:{case['pre_lines']}"
                  f"  {what[:100] or case['note'][:100]}")
    for kind in FITTING:
        print(f"{kind}: {found[kind]}/{total[kind]} = {found[kind] / total[kind]:.2f}")
    print(f"both: {sum(found.values())}/{sum(total.values())} = {sum(found.values()) / sum(total.values()):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
