"""What a run pays to build the date and number patterns of a locale set, and how fast they
read the corpora.

Each locale set is built in a fresh process (babel's locale data, the CLDR analysis, the
regex compile: what a new ``relsync`` command pays), best of ``--rounds``. Then
``find_dates`` and ``find_numbers`` read every file of the corpora (one call per file).

    python benchmarks/bench_locale_build.py [--rounds 3]

(The throughput is measured with the patterns built.)
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPORA = ROOT.parent / "shared" / "corpus"
SETS = [("en",), ("en", "zh_CN"), ("en", "zh_TW"), ("en", "ja"), ("en", "ko"), ("en", "es"), ("en", "fr"),
        ("en", "de"), ("en", "pt_BR"), ("en", "ru"), ("en", "uk"), ("en", "id"), ("en", "vi"), ("en", "bn"),
        ("en", "hi"), ("en", "ar")]
CHILD = """
import sys, time
t0 = time.perf_counter()
import relsync.anchors.dates_grammar as g, relsync.anchors.numbers as n
t1 = time.perf_counter()
locales = tuple(sys.argv[1].split(","))
g.grammar(locales); n._pattern(locales[-1])
t2 = time.perf_counter()
print(f"{(t1 - t0) * 1000:.1f} {(t2 - t1) * 1000:.1f} {len(g.grammar(locales).pattern.pattern)}")
"""


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    print(f"{'locale set':12} {'import ms':>9} {'build ms':>9} {'date pattern chars':>19}")
    for locales in SETS:
        best = None
        for _ in range(args.rounds):
            out = subprocess.run([sys.executable, "-c", CHILD, ",".join(locales)], capture_output=True,
                                 text=True, check=True, cwd=ROOT).stdout.split()
            row = (float(out[1]), float(out[0]), int(out[2]))
            best = row if best is None or row[0] < best[0] else best
        print(f"{'+'.join(locales):12} {best[1]:9.1f} {best[0]:9.1f} {best[2]:19}")
    sys.path.insert(0, str(ROOT / "src"))
    from relsync.anchors import find_dates, find_numbers
    from relsync.languages import month_locales
    folders = [("vue-docs/head/zh", "zh_CN"), ("mdn-firefox/en-us", "en")]
    folders += [(f"mdn-firefox/{d}", loc) for d, loc in (("ja", "ja"), ("zh-cn", "zh_CN"), ("zh-tw", "zh_TW"),
                ("ko", "ko"), ("fr", "fr"), ("es", "es"), ("ru", "ru"), ("pt-br", "pt_BR"), ("de", "de"))]
    print(f"\n{'corpus':22} {'KB':>6} {'dates MB/s':>10} {'found':>6} {'numbers MB/s':>12} {'found':>6}")
    for folder, locale in folders:
        texts = [p.read_text(encoding="utf-8") for p in sorted((CORPORA / folder).rglob("*.md"))]
        size = sum(len(t.encode("utf-8")) for t in texts) / 1e6
        locales = month_locales(locale)
        find_dates("1 January 2025", locales)  # the build is the table above's
        find_numbers("1", locales[-1])
        t = time.perf_counter()
        dates = sum(len(find_dates(x, locales)) for x in texts)
        td = time.perf_counter() - t
        t = time.perf_counter()
        numbers = sum(len(find_numbers(x, locales[-1])) for x in texts)
        tn = time.perf_counter() - t
        print(f"{folder:22} {size * 1000:6.0f} {size / td:10.1f} {dates:6} {size / tn:12.1f} {numbers:6}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
