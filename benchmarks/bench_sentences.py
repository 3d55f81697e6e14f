"""Sentence segmentation: relsync's segmenter beside pysbd and ICU (icu4py), on the gold
sentences of ``tests/fixtures/sentences/gold.tsv``.

    pip install pysbd icu4py      # the candidates, optional
    python benchmarks/bench_sentences.py [--rounds 5]

Prints, for each segmenter: boundary precision and recall, the share of texts split exactly
as the gold, per language; its import time (a fresh process) and its time per 1,000 texts;
and the size of what it installs.
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from relsync import sentences  # noqa: E402

GOLD = ROOT / "tests" / "fixtures" / "sentences" / "gold.tsv"
MARK = "\u241e"
#: pysbd's languages (its ``Language`` table); others are read as English.
PYSBD_LANGS = {"en", "hi", "mr", "zh", "es", "am", "ar", "hy", "bg", "ur", "ru", "pl", "fa", "nl",
               "da", "fr", "my", "el", "it", "ja", "de", "kk", "sk"}


def read_gold() -> list[tuple[str, str, set[int]]]:
    out = []
    for line in GOLD.read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#") or line.startswith("lang\t"):
            continue
        lang, _, marked = line.split("\t")
        text, cuts = "", set()
        for piece in marked.split(MARK):
            text += piece
            cuts.add(len(text.rstrip()))
        cuts.discard(len(text.rstrip()))
        out.append((lang, text, cuts))
    return out


def ends(spans: list[tuple[int, int]], text: str) -> set[int]:
    return {len(text[:b].rstrip()) for _, b in spans[:-1]}


def relsync_segmenter():
    import re
    code = re.compile(r"`([^`]+)`")
    return lambda lang, text: ends(sentences.split_spans(text, code.findall(text)), text)


def pysbd_segmenter():
    import pysbd
    cache = {}

    def run(lang, text):
        lang = lang if lang in PYSBD_LANGS else "en"
        seg = cache.setdefault(lang, pysbd.Segmenter(language=lang, clean=False, char_span=True))
        return ends([(s.start, s.end) for s in seg.segment(text)], text)
    return run


def icu_segmenter():
    from icu4py.breakers import SentenceBreaker
    return lambda lang, text: ends(list(SentenceBreaker(text, lang).segments()), text)


CANDIDATES = {"relsync.sentences": ("relsync.sentences", relsync_segmenter),
              "pysbd": ("pysbd", pysbd_segmenter), "icu4py": ("icu4py.breakers", icu_segmenter)}


def import_time(module: str) -> float:
    pre = "import relsync.anchors; " if module.startswith("relsync") else ""  # relsync loads its anchors anyway
    code = f"import time, sys; sys.path.insert(0, {str(ROOT / 'src')!r}); {pre}t = time.perf_counter(); import {module}; print(time.perf_counter() - t)"
    runs = [float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)
            for _ in range(3)]
    return statistics.median(runs)


def installed_size(dist: str) -> float:
    from importlib.metadata import distribution
    d = distribution(dist)
    root = Path(d.locate_file(""))
    paths = {(root / f).resolve() for f in d.files or ()}
    libs = root / f"{dist}.libs"  # the shared libraries a manylinux wheel vendors
    if libs.is_dir():
        paths |= {p.resolve() for p in libs.rglob("*")}
    return sum(p.stat().st_size for p in paths if p.is_file()) / 1e6


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    gold = read_gold()
    print(f"{len(gold)} texts, {sum(len(c) for _, _, c in gold)} gold boundaries, "
          f"{len({g[0] for g in gold})} languages")
    for name, (module, make) in CANDIDATES.items():
        if importlib.util.find_spec(module.split(".")[0]) is None:
            print(f"{name}: not installed")
            continue
        seg = make()
        tp = fp = fn = 0
        exact = defaultdict(lambda: [0, 0])
        for lang, text, cuts in gold:
            found = seg(lang, text)
            tp += len(found & cuts)
            fp += len(found - cuts)
            fn += len(cuts - found)
            exact[lang][0] += found == cuts
            exact[lang][1] += 1
        texts = [t for _, t, _ in gold] * 20
        langs = [g[0] for g in gold] * 20
        times = []
        for _ in range(args.rounds):
            start = time.perf_counter()
            for lang, text in zip(langs, texts):
                seg(lang, text)
            times.append(time.perf_counter() - start)
        per_k = statistics.median(times) / len(texts) * 1000
        dist = {"relsync.sentences": None, "pysbd": "pysbd", "icu4py": "icu4py"}[name]
        size = f"{installed_size(dist):.1f} MB" if dist else "0 (part of relsync)"
        wrong = [lang for lang, (ok, n) in sorted(exact.items()) if ok < n]
        print(f"{name}: precision {tp / max(tp + fp, 1):.2f}, recall {tp / max(tp + fn, 1):.2f}, "
              f"exact {sum(v[0] for v in exact.values())}/{len(gold)} (wrong in: {', '.join(wrong) or '-'}); "
              f"import {import_time(module) * 1000:.0f} ms; {per_k * 1000:.0f} ms per 1,000 texts; installs {size}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
