"""Run every benchmark, one after the other, and print their tables.

    python benchmarks/run_all.py [--quick]

`--quick` uses fewer rounds. Peers (mdpo, translate-toolkit, po4a) are measured where
installed; see README.md here.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

SCRIPTS = [
    ("speed: check vs the markdown-it-py parse", "bench_speed.py", ["--rounds", "9"], ["--rounds", "3"]),
    ("scale: -j, cache, po import", "bench_scale.py", ["--rounds", "9"], ["--rounds", "2"]),
    ("growth: 1x, 10x, 100x documents", "bench_growth.py", ["--rounds", "3"], ["--rounds", "1", "--sizes", "1,10"]),
    ("alignment quality on the gold set", "bench_align.py", ["--rounds", "5"], ["--rounds", "1"]),
    ("checks: injected defects", "bench_checks.py", [], []),
    ("checks: vue-docs findings", "corpus_findings.py", [], []),
    ("relsync fix on real translations", "bench_fix.py", [], []),
    ("every language: identification, English left behind", "bench_languages.py", [], ["--per-doc", "1", "--rounds", "1"]),
    ("checks: injected defects in every language", "bench_multilingual.py", [], ["--per-kind", "1", "--vue", "10"]),
    ("checks: mdn-firefox findings", "corpus_findings.py", ["--corpus", "mdn-firefox"], ["--corpus", "mdn-firefox"]),
    ("checks: mdn-firefox findings by category", "mdn_judge.py", [], []),
    ("dates and numbers: build cost and throughput", "bench_locale_build.py", ["--rounds", "3"], ["--rounds", "1"]),
    ("PO workflow against peers", "bench_po.py", ["--rounds", "9"], ["--rounds", "2", "--skip-po4a-extract"]),
    ("staleness cost", "bench_stale.py", ["--repeat", "3"], ["--repeat", "1"]),
    ("regular expressions on adversarial input", "bench_regex.py", [], ["--sizes", "20000,100000"]),
    ("omissions and English inside a block", "bench_omissions.py", [], ["--per-locale", "3", "--fastapi-per-locale", "1"]),
    ("sentence segmentation against pysbd and ICU", "bench_sentences.py", [], ["--rounds", "1"]),
]


def main() -> int:
    quick = "--quick" in sys.argv[1:]
    failed = []
    for title, script, args, quick_args in SCRIPTS:
        print(f"\n=== {title} ({script}) ===", flush=True)
        proc = subprocess.run([sys.executable, str(HERE / script), *(quick_args if quick else args)])
        if proc.returncode != 0:
            failed.append(script)
    if failed:
        print(f"\nfailed: {', '.join(failed)}")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
