"""PO round trips over every Markdown document at hand: what a build keeps.

    python benchmarks/bench_po_roundtrip.py [--corpus ../shared/corpus] [--sample 1]
                                            [--generated 300] [--seed 0] [--verbose]

Documents: every ``.md`` and ``.mdx`` file under the corpus directory (all corpora, English
and translations; ``--sample K`` takes every K-th file in path order), every ``.md`` of
``tests/fixtures``, and ``--generated`` documents made of the shapes of ``tests/pseudo.py``
(code spans, link destinations and raw HTML over lines, backtick runs that open no fence,
a table row without pipes, `---` blocks that are not YAML, containers, admonitions...).

For each document, the messages of ``po extract`` are built back twice, and four criteria
are counted:

1. identity: a PO whose every msgstr is its msgid builds the source byte for byte (and,
   a weaker figure, to the same HTML);
2. pseudo: a pseudo-translation (letters accented; markup, code, URLs, month names and
   magnitude words kept)
   builds a document whose HTML has the same tags in the same order as the source's;
3. check: ``relsync check`` of the source against the pseudo-translation reports no
   error-level finding;
4. align: ``align`` pairs the source's blocks with the pseudo-translation's one to one, in
   order.

A document relsync refuses (malformed front matter) is counted apart. Run the script from
another checkout to measure it before a change (it imports ``src/`` and ``tests/`` beside it).
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT))

from babel.messages.catalog import Catalog  # noqa: E402

from relsync import po  # noqa: E402
from relsync.align import align  # noqa: E402
from relsync.errors import InputError  # noqa: E402
from relsync.model import Severity  # noqa: E402
from relsync.parse import markdown, parse  # noqa: E402
from relsync.pipeline import check  # noqa: E402
from tests.pseudo import pseudo, shaped_document  # noqa: E402

CRITERIA = ("identity bytes", "identity HTML", "pseudo tags", "check", "align")
_TAG_RE = re.compile(r"</?[A-Za-z][\w-]*")


def documents(corpus: Path, sample: int, generated: int, seed: int) -> list[tuple[str, str, str]]:
    """(group, name, text) of every document measured."""
    docs = []
    files = sorted(p for p in corpus.rglob("*") if p.suffix in (".md", ".mdx") and p.is_file())
    for path in files[::sample]:
        docs.append((path.relative_to(corpus).parts[0], str(path.relative_to(corpus)), _read(path)))
    for path in sorted((ROOT / "tests" / "fixtures").rglob("*.md")):
        docs.append(("tests/fixtures", str(path.relative_to(ROOT)), _read(path)))
    rnd = random.Random(seed)
    for k in range(generated):
        docs.append(("generated", f"generated/{k}.md", shaped_document(rnd)))
    return [d for d in docs if d[2] is not None]


def _read(path: Path) -> str | None:
    try:
        return path.read_bytes().decode("utf-8")
    except UnicodeDecodeError:
        return None


def _html(text: str, name: str) -> str:
    text = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    return markdown(plain_text_fast=False, mdx=name.endswith(".mdx")).render(text)


def _catalog(parsed: po.Parsed, translate) -> Catalog:
    catalog = Catalog(locale="fr")
    for unit in parsed.units:
        catalog.add(unit.msgid, translate(unit.msgid), context=unit.context)
    return catalog


def _one_to_one(up, tr) -> bool:
    alignment = align(up, tr)
    pairs = alignment.pairs
    if len(pairs) != len(up.blocks) or len(up.blocks) != len(tr.blocks):
        return False
    return all(p.upstream == (k,) and p.translation == (k,) for k, p in enumerate(pairs))


def measure(name: str, text: str) -> dict[str, bool] | None:
    try:
        parsed = po.load(text, name)
    except InputError:
        return None
    source = parsed.source.bom + parsed.source.text
    identity = po.build_text(parsed, _catalog(parsed, lambda s: s))
    translated = po.build_text(parsed, _catalog(parsed, pseudo))
    source_html = _html(source, name)
    up = parse(source, name)
    tr = parse(translated, name)
    errors = [f for f in check(up, tr, locale="fr", name=name) if f.severity >= Severity.ERROR]
    return {
        "identity bytes": identity == source,
        "identity HTML": _html(identity, name) == source_html,
        "pseudo tags": _TAG_RE.findall(_html(translated, name)) == _TAG_RE.findall(source_html),
        "check": not errors,
        "align": _one_to_one(up, tr),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpus")
    parser.add_argument("--sample", type=int, default=1, help="take every K-th corpus file")
    parser.add_argument("--generated", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--verbose", action="store_true", help="name each failing document")
    args = parser.parse_args(argv)
    docs = documents(args.corpus, max(1, args.sample), args.generated, args.seed)
    passed: dict[str, Counter] = {}
    totals: Counter = Counter()
    refused: Counter = Counter()
    start = time.perf_counter()
    for group, name, text in docs:
        result = measure(name, text)
        if result is None:
            refused[group] += 1
            continue
        totals[group] += 1
        counts = passed.setdefault(group, Counter())
        for criterion, ok in result.items():
            counts[criterion] += ok
            if not ok and args.verbose:
                print(f"  {criterion:<15} {name}")
    elapsed = time.perf_counter() - start
    print(f"{sum(totals.values())} documents ({sum(refused.values())} refused), {elapsed:.0f} s\n")
    print(f"{'group':<20}{'docs':>6}" + "".join(f"{c:>16}" for c in CRITERIA))
    every: Counter = Counter()
    for group in sorted(totals):
        every.update(passed[group])
        print(f"{group:<20}{totals[group]:>6}" + "".join(
            f"{100 * passed[group][c] / totals[group]:>15.1f}%" for c in CRITERIA))
    total = sum(totals.values())
    print(f"{'all':<20}{total:>6}" + "".join(f"{100 * every[c] / total:>15.1f}%" for c in CRITERIA))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
