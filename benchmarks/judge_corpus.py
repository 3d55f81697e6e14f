"""Every error-level finding of ``relsync check`` on a real corpus, one line each, with the
judgement of a reader who read both files: ``false``, ``real defect`` or ``real upstream
change``.

The corpus is checked as a new user would: from its root (``--root`` for a corpus whose site
is in a subdirectory, ``--pair`` for one of two files), with no settings and no cache. The
judgements are data, in ``benchmarks/judgements/<corpus>.toml``:

* ``[[shape]]``: a kind of finding judged once, for every finding it matches (``rule``, and
  regular expressions over the ``message`` and the translation's or upstream's ``path``);
  each says ``judgement`` and ``why``, and the first that matches decides;
* ``[[finding]]``: one finding read on its own (``rule`` and ``at``, the translation's
  ``path:line``, or the upstream's for a finding without a translation side).

A finding neither judges is ``unjudged``. The TSV lists every finding with its judgement; the
summary gives the counts per judgement, rule and language, and the false findings per
translated document.

    python benchmarks/judge_corpus.py --corpus fastapi-docs [--out benchmarks/fastapi_findings.tsv]
    python benchmarks/judge_corpus.py --corpus fastapi-docs --settings 'missing-files = "info"'
    python benchmarks/judge_corpus.py --corpus changelog-naive-ui --pair CHANGELOG.en-US.md CHANGELOG.zh-CN.md
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

from relsync.checks import resolve_settings
from relsync.config import load_config
from relsync.io import display_path
from relsync.model import Finding
from relsync.project import Project, discover, explicit_pair
from relsync.runner import default_jobs, run

HERE = Path(__file__).resolve().parent
CORPORA = HERE.parent.parent / "shared" / "corpus"
JUDGEMENTS = ("false", "real defect", "real upstream change")


@dataclass
class Shape:
    name: str
    judgement: str
    why: str
    rule: str = ""
    message: str = ""
    path: str = ""

    def matches(self, f: Finding) -> bool:
        loc = f.translation or f.upstream
        return ((not self.rule or f.slug == self.rule)
                and (not self.message or re.search(self.message, f.message) is not None)
                and (not self.path or (loc is not None and re.search(self.path, loc.path) is not None)))


def read_judgements(path: Path) -> tuple[list[Shape], dict[tuple[str, str], tuple[str, str]]]:
    if not path.is_file():
        return [], {}
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    shapes = []
    for item in data.get("shape", []):
        shapes.append(Shape(item["name"], item["judgement"], item.get("why", ""), item.get("rule", ""),
                            item.get("message", ""), item.get("path", "")))
    readings = {(item["rule"], item["at"]): (item["judgement"], item.get("why", ""))
                for item in data.get("finding", [])}
    for judgement in [s.judgement for s in shapes] + [j for j, _ in readings.values()]:
        if judgement not in JUDGEMENTS:
            raise SystemExit(f"{path}: unknown judgement {judgement!r} (expected one of {JUDGEMENTS})")
    return shapes, readings


def where(f: Finding) -> str:
    loc = f.translation or f.upstream
    return f"{loc.path}:{loc.line}" if loc is not None else ""


def judge(f: Finding, shapes: list[Shape], readings) -> tuple[str, str, str]:
    """The judgement of a finding, the shape or reading that gave it, and why."""
    reading = readings.get((f.slug, where(f)))
    if reading is not None:
        return reading[0], "read", reading[1]
    for shape in shapes:
        if shape.matches(f):
            return shape.judgement, shape.name, shape.why
    return "unjudged", "", ""


def language(f: Finding, locales: dict[str, str]) -> str:
    """The locale of the translation a finding is about."""
    if f.translation is not None and f.translation.path in locales:
        return locales[f.translation.path]
    m = re.match(r"no (\S+) translation", f.message)
    return m.group(1) if m else "?"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", required=True, help="a directory of ../shared/corpus, or a path")
    ap.add_argument("--root", default="", help="the site's directory inside the corpus (vue-docs: head)")
    ap.add_argument("--pair", nargs=2, metavar=("UPSTREAM", "TRANSLATION"), help="check these two files")
    ap.add_argument("--judgements", help="default: benchmarks/judgements/<corpus>.toml")
    ap.add_argument("--out", help="default: benchmarks/<corpus>_findings.tsv")
    ap.add_argument("-j", "--jobs", type=int, default=0)
    ap.add_argument("--settings", default="", metavar="TOML",
                    help="the one line of settings the corpus's layout needs (fastapi-docs: "
                         "'missing-files = \"info\"')")
    args = ap.parse_args(argv)
    corpus = Path(args.corpus) if os.sep in args.corpus else CORPORA / args.corpus
    name = corpus.name.removesuffix("-docs")
    shapes, readings = read_judgements(Path(args.judgements) if args.judgements
                                       else HERE / "judgements" / f"{corpus.name}.toml")
    out = Path(args.out) if args.out else HERE / f"{name}_findings.tsv"
    root = (corpus / args.root).resolve()
    os.chdir(root)  # paths as a user running relsync there sees them
    if args.settings:
        with tempfile.NamedTemporaryFile("w", suffix=".toml", delete=False, encoding="utf-8") as handle:
            handle.write(args.settings + "\n")
        cfg = resolve_settings(load_config(root, Path(handle.name)))
        os.unlink(handle.name)
    else:
        cfg = resolve_settings(load_config(root))
    if args.pair:
        spec = explicit_pair(cfg, args.pair[0], args.pair[1])
        project = Project(cfg, [spec], locales=[spec.locale] if spec.locale else [])
    else:
        project = discover(cfg)
    result = run(project, jobs=args.jobs or default_jobs())
    locales = {display_path(spec.translation): spec.locale for spec in project.pairs}
    rows = []
    for f in result.findings:
        if str(f.severity) != "error":
            continue
        judgement, by, why = judge(f, shapes, readings)
        rows.append((where(f), language(f, locales), f.rule, f.slug, judgement, by, why, f.message))
    with open(out, "w", encoding="utf-8") as handle:
        handle.write("at\tlanguage\trule\tslug\tjudgement\tshape\twhy\tmessage\n")
        for row in rows:
            handle.write("\t".join(str(x).replace("\t", " ").replace("\n", " ") for x in row) + "\n")
    documents = len(project.pairs)
    by_judgement = Counter(r[4] for r in rows)
    print(f"{corpus.name}: {documents} translated documents, {len(rows)} error-level findings -> {out}")
    for judgement, n in by_judgement.most_common():
        print(f"{n:6}  {judgement}")
    print("per rule and judgement:")
    for (slug, judgement), n in sorted(Counter((r[3], r[4]) for r in rows).items()):
        print(f"{n:6}  {slug:20} {judgement}")
    print("per language (false / all):")
    langs = Counter(r[1] for r in rows)
    false = Counter(r[1] for r in rows if r[4] == "false")
    print("  " + "  ".join(f"{lang} {false[lang]}/{n}" for lang, n in sorted(langs.items())))
    if documents:
        print(f"false error-level findings per translated document: {by_judgement['false'] / documents:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
