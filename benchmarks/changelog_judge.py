"""Every error-level finding of ``relsync check`` on the naive-ui changelog pair, with the
judgment of a reader of both files (real or false, and why), one line per finding.

    python benchmarks/changelog_judge.py [--out benchmarks/changelog_findings.tsv]

The judgments below were made by reading both files at each finding's lines; a finding with
no judgment here (after a change to relsync) is written as ``unjudged``, to be read.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "src"))

from relsync import check  # noqa: E402

CORPUS = HERE.parent.parent / "shared" / "corpus" / "changelog-naive-ui"

#: (slug, upstream line) -> (verdict, why)
JUDGED = {
    ("code-mismatch", 214): ("real", "the prop is `show-mask` in English, `mask-visible` in Chinese"),
    ("code-mismatch", 336): ("false", "Chinese names `n-config-provider` once, English twice, and adds the prop "
                                      "`cls-prefix`: a paraphrase (code counted with its repetitions)"),
    ("missing", 411): ("real", "English lists #5729 twice (lines 406 and 411), Chinese once"),
    ("code-mismatch", 434): ("real", "the prop is `get-column-style` in English, `get-column-width` in Chinese"),
    ("code-mismatch", 435): ("real", "`get-render-prefix` in English, `render-prefix` in Chinese"),
    ("code-mismatch", 436): ("real", "`get-render-suffix` in English, `render-suffix` in Chinese"),
    ("code-mismatch", 672): ("real", "English names `n-grid`, Chinese `n-form-item-gi`"),
    ("link-mismatch", 690): ("false", "issues/4554 and pull/4554 are one pull request on GitHub (the "
                                      "issue address redirects)"),
    ("missing", 800): ("real", "an English-only entry (#3516 summarised again under 2.34.0)"),
    ("code-mismatch", 1000): ("real", "English says `resize`, Chinese `resizable`"),
    ("link-mismatch", 1463): ("real", "English cites #2846, Chinese #2556"),
    ("code-mismatch", 1554): ("real", "Chinese writes `n-date-table` for `n-data-table`"),
    ("code-mismatch", 1714): ("real", "Chinese writes `\"actions=\"null\"` for `:actions=\"null\"`"),
    ("missing", 2077): ("real", "`n-form-item` adds `for` prop is in English only"),
    ("code-mismatch", 2336): ("real", "Chinese writes `detroyAll` for `destroyAll`"),
    ("missing", 2491): ("real", "English lists #1374 twice (2.20.0 and 2.19.11), Chinese once"),
    ("missing", 2561): ("real", "English lists it twice (lines 1401 and 2561), Chinese once"),
    ("code-mismatch", 2747): ("real", "English writes `n-for` for `n-form`"),
    ("missing", 2981): ("real", "English lists it twice (lines 2952 and 2981), Chinese once"),
    ("code-mismatch", 3509): ("real", "English names `n-tabs`, Chinese `n-tab-pane`"),
    ("code-mismatch", 4310): ("real", "English writes `n-date-table` for `n-data-table`"),
}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=HERE / "changelog_findings.tsv")
    args = ap.parse_args(argv)
    up = (CORPUS / "CHANGELOG.en-US.md").read_text(encoding="utf-8")
    tr = (CORPUS / "CHANGELOG.zh-CN.md").read_text(encoding="utf-8")
    findings = [f for f in check(up, tr, locale="zh_CN") if f.severity.name == "ERROR"]
    rows = ["upstream_line\ttranslation_line\trule\tmessage\tverdict\twhy"]
    verdicts: Counter[str] = Counter()
    for f in findings:
        line = f.upstream.line if f.upstream else 0
        verdict, why = JUDGED.get((f.slug, line), ("unjudged", ""))
        verdicts[verdict] += 1
        tr_line = f.translation.line if f.translation else ""
        message = " ".join(f.message.split())
        rows.append(f"{line}\t{tr_line}\t{f.rule} {f.slug}\t{message}\t{verdict}\t{why}")
    args.out.write_text("\n".join(rows) + "\n", encoding="utf-8")
    print(f"{len(findings)} error-level findings: " + ", ".join(f"{n} {v}" for v, n in sorted(verdicts.items()))
          + f" -> {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
