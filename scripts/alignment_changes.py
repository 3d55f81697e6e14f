"""The alignment of every pair of a real corpus, recorded and compared pair by pair, so that a
change to the aligner can be read where it moves a block and nowhere else.

    python scripts/alignment_changes.py write DIR [--corpus mdn-firefox|vue-docs]
    python scripts/alignment_changes.py compare DIR [--corpus ...]

``write`` stores ``relsync align --format json`` of every pair (one JSON file each);
``compare`` aligns again and prints, for each pair whose alignment differs, the block pairs
only the old alignment has (``-``) and those only the new one has (``+``), with the first
characters of both sides' text.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from corpus_findings import mdn_pairs, pairs as vue_pairs  # noqa: E402

from relsync.cli import main as relsync_main  # noqa: E402


def _specs(corpus: str):
    return mdn_pairs() if corpus == "mdn-firefox" else vue_pairs("head")


def _align(up: Path, tr: Path) -> dict:
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        relsync_main(["align", str(up), str(tr), "--format", "json"])
    return json.loads(buf.getvalue())


def _key(pair: dict) -> tuple:
    return (tuple(pair["upstream"] or ()), tuple(pair["translation"] or ()))


def _excerpt(lines: list[str], span) -> str:
    if not span:
        return "-"
    text = " ".join(" ".join(lines[span[0] - 1: span[1]]).split())
    return text[:70]


def _name(spec) -> str:
    return spec.name.replace("/", "__") + ".json"


def write(directory: Path, corpus: str) -> int:
    directory.mkdir(parents=True, exist_ok=True)
    specs = _specs(corpus)
    for spec in specs:
        data = _align(Path(spec.upstream), Path(spec.translation))
        (directory / _name(spec)).write_text(json.dumps(data["pairs"], indent=0), encoding="utf-8")
    print(f"{len(specs)} alignments in {directory}")
    return 0


def compare(directory: Path, corpus: str) -> int:
    changed = moved = 0
    specs = _specs(corpus)
    for spec in specs:
        old = json.loads((directory / _name(spec)).read_text(encoding="utf-8"))
        new = _align(Path(spec.upstream), Path(spec.translation))["pairs"]
        old_keys, new_keys = {_key(p) for p in old}, {_key(p) for p in new}
        if old_keys == new_keys:
            continue
        changed += 1
        up_lines = Path(spec.upstream).read_text(encoding="utf-8").split("\n")
        tr_lines = Path(spec.translation).read_text(encoding="utf-8").split("\n")
        print(f"== {spec.name}")
        for sign, pairs, other in (("-", old, new_keys), ("+", new, old_keys)):
            for p in pairs:
                if _key(p) in other:
                    continue
                moved += 1
                up, tr = p["upstream"], p["translation"]
                print(f"  {sign} {up or '-'} ~ {tr or '-'} {p['kind']} {p['score']}")
                print(f"      up: {_excerpt(up_lines, up)}")
                print(f"      tr: {_excerpt(tr_lines, tr)}")
    print(f"{changed} of {len(specs)} alignments differ ({moved} block pairs only on one side)")
    return 1 if changed else 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("mode", choices=["write", "compare"])
    ap.add_argument("directory")
    ap.add_argument("--corpus", default="mdn-firefox", choices=("mdn-firefox", "vue-docs"))
    args = ap.parse_args(argv)
    target = Path(args.directory).resolve()
    return (write if args.mode == "write" else compare)(target, args.corpus)


if __name__ == "__main__":
    raise SystemExit(main())
