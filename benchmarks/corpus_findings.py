"""False findings on clean real translations: ``relsync check`` over a real corpus.

``--corpus vue-docs`` (the default) runs every rule over the 114 English/Chinese pairs of
``../shared/corpus/vue-docs/head`` with the settings in ``benchmarks/vue-docs.relsync.toml``
(the corpus's per-locale link rewrite map); ``--corpus mdn-firefox`` over the 82 MDN Firefox
release-note translations (nine languages) against their English page, with no settings.
Prints the count of findings per severity and rule, per language, then every error-level
finding with both sides' text so that each can be judged by reading it.

    python benchmarks/corpus_findings.py [--corpus vue-docs|mdn-firefox] [--snapshot head]
                                         [--lang ja] [--all] [--json FILE]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

from relsync.pipeline import check_pair
from relsync.project import PairSpec
from relsync.config import Config, load_config

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
CORPORA = ROOT.parent / "shared" / "corpus"
CORPUS = CORPORA / "vue-docs"
MDN = CORPORA / "mdn-firefox"
#: MDN's locale directories and the locales they name.
MDN_LOCALES = {"ja": "ja", "zh-cn": "zh_CN", "zh-tw": "zh_TW", "ko": "ko", "fr": "fr", "es": "es",
               "ru": "ru", "pt-br": "pt_BR", "de": "de"}


def pairs(snapshot: str) -> list[PairSpec]:
    base = CORPUS / snapshot
    out = []
    for en in sorted((base / "en").rglob("*.md")):
        rel = en.relative_to(base / "en").as_posix()
        out.append(PairSpec(en, base / "zh" / rel, "zh_CN", rel))
    return out


def _version_key(path: Path) -> tuple[float, str]:
    try:
        return (float(path.parent.name), path.parent.name)
    except ValueError:
        return (0.0, path.parent.name)


def mdn_pairs(lang: str | None = None) -> list[PairSpec]:
    """Every MDN translation with the English page of its version."""
    out = []
    for folder, locale in MDN_LOCALES.items():
        if lang and folder != lang:
            continue
        for tr in sorted((MDN / folder).glob("*/index.md"), key=_version_key):
            en = MDN / "en-us" / tr.parent.name / "index.md"
            if en.is_file():
                out.append(PairSpec(en, tr, locale, f"{folder}/{tr.parent.name}/index.md"))
    return out


def _line(path: Path, line: int | None) -> str:
    if not line:
        return ""
    lines = path.read_text(encoding="utf-8").splitlines()
    return lines[line - 1].strip()[:160] if line <= len(lines) else ""


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", default="vue-docs", choices=("vue-docs", "mdn-firefox"))
    ap.add_argument("--lang", help="mdn-firefox: only this language folder (ja, zh-cn, ...)")
    ap.add_argument("--snapshot", default="head")
    ap.add_argument("--all", action="store_true", help="show warnings and info too")
    ap.add_argument("--json", help="write every finding to this file")
    ap.add_argument("--config", default=str(HERE / "vue-docs.relsync.toml"))
    args = ap.parse_args(argv)
    mdn = args.corpus == "mdn-firefox"
    where = MDN if mdn else CORPUS / args.snapshot
    if not where.is_dir():
        print(f"no corpus at {where}", file=sys.stderr)
        return 2
    cfg = Config(root=MDN) if mdn else load_config(path=Path(args.config))
    specs = mdn_pairs(args.lang) if mdn else pairs(args.snapshot)
    start = time.perf_counter()
    everything = []
    for spec in specs:
        for f in check_pair(spec, cfg):
            everything.append((spec, f))
    elapsed = time.perf_counter() - start
    by_sev = Counter(str(f.severity) for _, f in everything)
    by_rule = Counter((str(f.severity), f.slug) for _, f in everything)
    shown = "all" if args.all else "error"
    for spec, f in everything:
        if not args.all and str(f.severity) != "error":
            continue
        tr_line = f.translation.line if f.translation else None
        up_line = f.upstream.line if f.upstream else None
        print(f"{spec.name}:{tr_line}: {f.rule} {f.slug} [{f.severity}]: {f.message}")
        if up_line:
            print(f"    en {up_line}: {_line(spec.upstream, up_line)}")
        if tr_line:
            print(f"    {spec.locale} {tr_line}: {_line(spec.translation, tr_line)}")
    print()
    print(f"{len(specs)} pairs in {elapsed:.1f} s; findings shown: {shown}")
    print("by severity:", dict(sorted(by_sev.items())))
    for (sev, slug), n in sorted(by_rule.items()):
        print(f"  {sev:8} {slug:26} {n}")
    docs = Counter(spec.locale for spec in specs)
    errors = Counter(spec.locale for spec, f in everything if str(f.severity) == "error")
    print(f"{'locale':8} {'documents':>9} {'errors':>7} {'per document':>12}")
    for locale, n in sorted(docs.items()):
        print(f"{locale:8} {n:9} {errors[locale]:7} {errors[locale] / n:12.2f}")
    if args.json:
        data = [dict(f.to_dict(), pair=spec.name) for spec, f in everything]
        Path(args.json).write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
