"""Regular expressions against adversarial input: is every one linear?

    python benchmarks/bench_regex.py [--sizes 100000,1000000]

Collects every compiled pattern at module level in relsync (and the date and number
patterns built from CLDR for several locale sets), feeds each pathological strings of growing
size (long runs of `*`, `[`, backticks, digits and dots, `<`, spaces, mixed CJK, years, day and
month), and reports the worst time per MB and how the time grows with the size (linear: about
1x per MB at every size). Also runs the whole parser on the same strings, ``find_dates`` and
``find_numbers`` on random date- and number-like text in every script (tests/adversarial.py),
and the PO writer on a message made of each (beside babel's ``write_po`` at 5,000 characters:
its word pattern is quadratic on a run without spaces).
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT))

import io  # noqa: E402

from babel.messages.catalog import Catalog  # noqa: E402
from babel.messages.pofile import write_po  # noqa: E402

import relsync  # noqa: E402
from relsync import pofile  # noqa: E402
from relsync.anchors import find_dates, find_numbers  # noqa: E402
from relsync.anchors.dates_grammar import grammar  # noqa: E402
from relsync.anchors.numbers import _pattern as number_pattern  # noqa: E402
from relsync.parse import parse  # noqa: E402
from tests.adversarial import adversarial, runs  # noqa: E402

#: The locale sets whose date and number patterns are measured.
DATE_LOCALES = [("en",), ("en", "zh_CN"), ("en", "ja"), ("en", "de"), ("en", "ru"), ("en", "vi"), ("en", "ar")]
NUMBER_LOCALES = ["en", "zh_CN", "fr", "de", "hi", "ar"]

ATOMS = {
    "stars": "*",
    "brackets": "[",
    "backticks": "`",
    "digits-dots": "1.",
    "digits-commas": "1,",
    "angles": "<",
    "spaces": " ",
    "hashes": "#",
    "braces": "{",
    "url-ish": "http://a",
    "cjk-digits": "年1月",
    "words": "Ab ",
    "years": "2025 ",
    "day-month": "23 April ",
    "year-dashes": "2025-",
}


def patterns() -> dict[str, re.Pattern]:
    found: dict[str, re.Pattern] = {}
    for info in pkgutil.walk_packages(relsync.__path__, "relsync."):
        if info.name.endswith("__main__"):
            continue
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if isinstance(value, re.Pattern):
                found[f"{info.name}.{name}"] = value
            elif isinstance(value, tuple) and value and all(isinstance(v, re.Pattern) for v in value):
                for k, v in enumerate(value):
                    found[f"{info.name}.{name}[{k}]"] = v
    for locales in DATE_LOCALES:
        found[f"relsync.anchors.<dates {'+'.join(locales)}>"] = grammar(locales).pattern
    for locale in NUMBER_LOCALES:
        found[f"relsync.anchors.<numbers {locale}>"] = number_pattern(locale)
    return found


def readers(size: int) -> None:
    """find_dates and find_numbers on random pieces in every script and on long runs."""
    texts = {"adversarial": adversarial(size)}
    for k, run in enumerate(runs(size)):
        texts[f"run {run[:6]!r}"] = run
    print(f"{'reader, ' + format(size, ',') + ' chars':34} {'dates s/MB':>11} {'numbers s/MB':>13}")
    worst = (0.0, "")
    for name, text in texts.items():
        td = timed(lambda: find_dates(text, ("en", "zh_CN", "ja", "de", "ru", "vi", "ar")))
        tn = timed(lambda: find_numbers(text, "fr"))
        mb = len(text) / 1e6
        print(f"{name:34} {td / mb:11.3f} {tn / mb:13.3f}")
        worst = max(worst, (td / mb, f"find_dates on {name}"), (tn / mb, f"find_numbers on {name}"))
    print(f"worst reader time per MB: {worst[0]:.3f} s/MB ({worst[1]})")


def timed(fn) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="100000,1000000")
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    worst = (0.0, "", "")
    growth_worst = (0.0, "", "")
    pats = patterns()
    for atom_name, atom in ATOMS.items():
        for pat_name, pat in pats.items():
            per_mb = []
            for size in sizes:
                text = (atom * (size // len(atom) + 1))[:size]
                t = timed(lambda: [m for m in pat.finditer(text)])
                per_mb.append(t / (size / 1e6))
            if per_mb[-1] > worst[0]:
                worst = (per_mb[-1], pat_name, atom_name)
            growth = per_mb[-1] / max(per_mb[0], 1e-9)
            if per_mb[-1] > 0.01 and growth > growth_worst[0]:
                growth_worst = (growth, pat_name, atom_name)
    print(f"{len(pats)} patterns x {len(ATOMS)} adversarial inputs, sizes {sizes}")
    print(f"worst time per MB: {worst[0]:.3f} s/MB ({worst[1]} on {worst[2]})")
    print(f"worst growth of time per MB from {sizes[0]} to {sizes[-1]} chars: {growth_worst[0]:.2f}x "
          f"({growth_worst[1]} on {growth_worst[2]}; 1x is linear)")
    readers(sizes[-1])
    print(f"{'whole parser':24} {'s/MB':>8}")
    for atom_name, atom in ATOMS.items():
        text = (atom * (sizes[-1] // len(atom) + 1))[: sizes[-1]]
        t = timed(lambda: parse(text))
        print(f"{atom_name:24} {t / (len(text) / 1e6):8.3f}")
    small = 5_000
    print(f"{'PO writer (msgid = msgstr)':24} {'s/MB':>8} {'babel, ' + format(small, ',') + ' chars':>24}")
    for atom_name, atom in ATOMS.items():
        text = (atom * (sizes[-1] // len(atom) + 1))[: sizes[-1]]
        catalog = Catalog(locale="zh_CN", charset="utf-8")
        catalog.add(text, text)
        t = timed(lambda: pofile.write(catalog, 79))
        short = Catalog(locale="zh_CN", charset="utf-8")
        short.add(text[:small], text[:small])
        tb = timed(lambda: write_po(io.BytesIO(), short, width=79))
        print(f"{atom_name:24} {t / (len(text) / 1e6):8.3f} {tb / (small / 1e6):15.3f} s/MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
