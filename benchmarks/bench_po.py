"""The PO workflow against its peers on the vue-docs corpus.

    python benchmarks/bench_po.py [--rounds 5] [--corpus ../shared/corpus/vue-docs/head]

1. Extraction time over the 114 English files, median of several rounds, each tool beside the
   markdown-it-py parse baseline (CommonMark + tables, as in bench_speed.py) measured in the
   same run: relsync (`po extract`: parse, cut
   into messages, build the babel catalog, write the POT), mdpo's md2po and
   translate-toolkit's md2po (one catalog per file, in process), po4a (`po4a-gettextize`
   without a translation, one process per file, so its Perl start-up is included: the
   script also times `perl -e 1` to show that share).
2. Gettextize time: `po import` of the 114 pairs (parse both sides, align, fill the catalog,
   write the PO) beside the markdown-it-py parse of the 228 files, interleaved rounds.
3. Gettextize: the share of the 114 English/Chinese pairs each tool turns into a usable PO
   (the tool succeeds, GNU msgfmt --check accepts the result, and at least one message is
   translated). relsync: `po import` by alignment; po4a: `po4a-gettextize -l`, which pairs
   blocks by position. mdpo and translate-toolkit have no gettextize mode.

Tools that are not installed are reported as such (`pip install mdpo translate-toolkit
mistletoe`, `apt-get install po4a`).
"""

from __future__ import annotations

import argparse
import gc
import io
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from cold import cold_caches  # noqa: E402
from markdown_it import MarkdownIt  # noqa: E402

from relsync import po  # noqa: E402


def interleaved_medians(fns: dict, rounds: int) -> dict:
    """Median time of each function, the rounds interleaved (A B C A B C ...) so that a
    change in the machine's load affects every tool alike."""
    times: dict = {name: [] for name in fns}
    for _ in range(rounds):
        for name, fn in fns.items():
            gc.collect()  # no tool pays for the garbage of the one before
            start = time.perf_counter()
            fn()
            times[name].append(time.perf_counter() - start)
    return {name: statistics.median(ts) for name, ts in times.items()}


def median_time(fn, rounds: int) -> float:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def pairs_of(corpus: Path) -> list[tuple[Path, Path, str]]:
    return [(en, corpus / "zh" / en.relative_to(corpus / "en"), en.relative_to(corpus / "en").as_posix())
            for en in sorted((corpus / "en").rglob("*.md"))]


# -- extraction -----------------------------------------------------------------------------

def parse_baseline(texts: list[str]) -> None:
    md = MarkdownIt("commonmark").enable("table")
    for text in texts:
        md.parse(text)


def relsync_extract(texts: list[tuple[str, str]]) -> None:
    cold_caches()  # each round starts as a new command: no caches
    for name, text in texts:
        parsed = po.load(text, name, fast=True)  # what `relsync po extract` runs
        po.serialize(po.template(parsed, f"upstream/{name}", name))


def relsync_import(pairs: list[tuple[str, str, str]]) -> None:
    cold_caches()
    for rel, en, zh in pairs:  # what `relsync po import` runs for each pair
        up = po.load(en, f"upstream/{rel}")
        tr = po.load(zh, rel, locales=("zh_CN",))
        catalog, _ = po.gettextize(up, tr, po.template(up, f"upstream/{rel}", rel), "zh_CN")
        po.serialize(catalog)


def mdpo_extract(texts: list[tuple[str, str]]) -> None:
    from mdpo.md2po import markdown_to_pofile

    for _, text in texts:
        str(markdown_to_pofile(text))


def ttk_extract(texts: list[tuple[str, str]]) -> None:
    from translate.storage import markdown as ttk_markdown
    from translate.storage import po as ttk_po

    for name, text in texts:
        source = io.BytesIO(text.encode("utf-8"))
        source.name = name
        parsed = ttk_markdown.MarkdownFile(inputfile=source)
        store = ttk_po.pofile()
        for unit in parsed.units:
            store.addsourceunit(unit.source).addlocations(unit.getlocations())
        bytes(store)


def po4a_extract(paths: list[Path], out: Path) -> None:
    for i, path in enumerate(paths):
        subprocess.run(["po4a-gettextize", "-f", "text", "-o", "markdown", "-M", "UTF-8",
                        "-m", str(path), "-p", str(out / f"{i}.pot")],
                       capture_output=True, check=False, cwd=out)


def have_ttk() -> bool:
    try:
        from translate.storage import markdown  # noqa: F401
    except ImportError:
        return False
    return True


def have_mdpo() -> bool:
    try:
        import mdpo.md2po  # noqa: F401
    except ImportError:
        return False
    return True


# -- gettextize -----------------------------------------------------------------------------

def msgfmt_ok(path: Path) -> bool:
    result = subprocess.run(["msgfmt", "--check-format", "--check-header", "-o", "/dev/null", str(path)],
                            capture_output=True, text=True)
    return result.returncode == 0


TOTALS: dict[str, int] = {}


def relsync_gettextize(pairs, out: Path) -> tuple[int, list[str]]:
    usable, failed = 0, []
    for i, (en, zh, rel) in enumerate(pairs):
        try:
            up = po.load_file(en, f"upstream/{rel}")
            tr = po.load_file(zh, rel, locale="zh_CN")
            catalog, report = po.gettextize(up, tr, po.template(up, f"upstream/{rel}", rel), "zh_CN")
        except Exception as exc:  # a crash counts as a failure, named in the report
            failed.append(f"{rel}: {exc.__class__.__name__}: {exc}")
            continue
        for field in ("translated", "fuzzy", "untranslated", "extra"):
            TOTALS[field] = TOTALS.get(field, 0) + getattr(report, field)
        target = out / f"relsync-{i}.po"
        target.write_bytes(po.serialize(catalog))
        has_units = bool(up.units and tr.units)
        if msgfmt_ok(target) and (report.translated + report.fuzzy > 0 or not has_units):
            usable += 1
        else:
            failed.append(rel)
    return usable, failed


def po4a_gettextize(pairs, out: Path) -> tuple[int, list[str]]:
    usable, failed = 0, []
    for i, (en, zh, rel) in enumerate(pairs):
        target = out / f"po4a-{i}.po"
        result = subprocess.run(
            ["po4a-gettextize", "-f", "text", "-o", "markdown", "-M", "UTF-8", "-L", "UTF-8",
             "-m", str(en), "-l", str(zh), "-p", str(target)],
            capture_output=True, text=True, cwd=out)  # it leaves gettextization.failed.po in cwd
        if result.returncode == 0 and target.exists() and msgfmt_ok(target):
            usable += 1
        else:
            failed.append(rel)
    return usable, failed


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpus" / "vue-docs" / "head")
    ap.add_argument("--skip-po4a-extract", action="store_true", help="po4a extraction takes a while")
    args = ap.parse_args(argv)
    pairs = pairs_of(args.corpus)
    if not pairs:
        print(f"no corpus at {args.corpus}", file=sys.stderr)
        return 2
    texts = [(rel, po.decode_markdown(en.read_bytes(), rel)[0]) for en, _, rel in pairs]
    size = sum(len(t.encode()) for _, t in texts)
    print(f"{len(pairs)} English files, {size / 1e6:.2f} MB; median of {args.rounds} rounds")
    print()
    # gettextize time first, in a fresh process: the peers' modules are not imported yet
    both = [(rel, text, po.decode_markdown(zh.read_bytes(), rel)[0])
            for (rel, text), (_, zh, _) in zip(texts, pairs)]
    every = [t for _, a, b in both for t in (a, b)]
    imports = interleaved_medians({"parse": lambda: parse_baseline(every),
                                   "import": lambda: relsync_import(both)}, args.rounds)
    print(f"{'gettextize time (114 pairs, 228 files)':52} {'seconds':>8} {'x parse':>8}")
    print(f"{'markdown-it-py parse of the 228 files (baseline)':52} {imports['parse']:8.3f} {1.0:8.2f}")
    print(f"{'relsync po import':52} {imports['import']:8.3f} {imports['import'] / imports['parse']:8.2f}")
    print()
    plain = [t for _, t in texts]
    fns = {"markdown-it-py parse (baseline)": lambda: parse_baseline(plain),
           "relsync po extract": lambda: relsync_extract(texts)}
    if have_mdpo():
        fns["mdpo md2po"] = lambda: mdpo_extract(texts)
    if have_ttk():
        fns["translate-toolkit md2po"] = lambda: ttk_extract(texts)
    for fn in fns.values():  # warm-up: imports, caches
        fn()
    medians = interleaved_medians(fns, args.rounds)
    base = medians["markdown-it-py parse (baseline)"]
    rows = list(medians.items())
    for name in ("mdpo md2po", "translate-toolkit md2po"):
        if name not in medians:
            rows.append((name, None))
    tmp = Path(tempfile.mkdtemp(prefix="bench-po-"))
    try:
        if shutil.which("po4a-gettextize") and not args.skip_po4a_extract:
            paths = [en for en, _, _ in pairs]
            rounds = max(1, min(args.rounds, 3))
            rows.append((f"po4a-gettextize (1 process per file, {rounds} rounds)",
                         median_time(lambda: po4a_extract(paths, tmp), rounds)))
            perl = median_time(lambda: [subprocess.run(["perl", "-e", "1"]) for _ in paths], rounds)
            rows.append(("  of which: perl start-up x114", perl))
        else:
            rows.append(("po4a-gettextize", "skipped" if shutil.which("po4a-gettextize") else None))
        print(f"{'extraction':52} {'seconds':>8} {'x parse':>8}")
        for name, seconds in rows:
            if seconds is None or seconds == "skipped":
                print(f"{name:52} {seconds or 'not installed':>17}")
            else:
                print(f"{name:52} {seconds:8.3f} {seconds / base:8.2f}")
        print()
        if not shutil.which("msgfmt"):
            print("gettextize: msgfmt not installed, skipped")
            return 0
        print(f"{'gettextize (usable PO: tool ok, msgfmt --check ok)':52} {'usable':>8} {'share':>8}")
        results = [("relsync po import", relsync_gettextize(pairs, tmp))]
        if shutil.which("po4a-gettextize"):
            results.append(("po4a-gettextize", po4a_gettextize(pairs, tmp)))
        else:
            results.append(("po4a-gettextize", None))
        for name, result in results:
            if result is None:
                print(f"{name:52} {'not installed':>17}")
                continue
            usable, failed = result
            print(f"{name:52} {usable:5d}/{len(pairs)} {100 * usable / len(pairs):7.1f}%")
        print("mdpo, translate-toolkit: no gettextize mode (they cannot read a translated document)")
        print("relsync messages: " + ", ".join(f"{v} {k}" for k, v in TOTALS.items())
              + " (extra: translated blocks kept as comments)")
        for name, result in results:
            if result and result[1]:
                print(f"\n{name} failed on {len(result[1])}: " + ", ".join(result[1][:60]))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
