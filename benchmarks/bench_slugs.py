"""Heading ids: relsync's slug functions against the generators' own code, on every distinct
heading of the corpora.

relsync ports the slug functions (:mod:`relsync.slugs`) instead of depending on the
generators' packages. This script checks the ports against the real implementations where
they are installed, on the distinct heading texts of tauri-docs, vue-docs and fastapi-docs
(as relsync's parser reads them, without their explicit ids), and prints the import time of Python-Markdown's ``toc``
(the one a dependency could have given):

    pip install markdown pymdown-extensions          # optional, into any environment
    npm install --prefix DIR github-slugger @mdit-vue/shared   # optional
    python benchmarks/bench_slugs.py [--node-modules DIR/node_modules]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

from relsync.parse import parse
from relsync.slugs import SLUGGERS, heading_id

HERE = Path(__file__).resolve().parent
CORPORA = HERE.parent.parent / "shared" / "corpus"
ROOTS = ("tauri-docs/src", "vue-docs/head", "fastapi-docs/docs")

_NODE = """
const {slug} = require('github-slugger'); const {slugify} = require('@mdit-vue/shared');
const lines = require('fs').readFileSync(0, 'utf8').split('\\n').filter(Boolean).map(JSON.parse);
for (const t of lines) console.log(JSON.stringify([slug(t), slugify(t)]));
"""


def headings(corpora: Path) -> list[str]:
    found: set[str] = set()
    for root in ROOTS:
        for path in sorted((corpora / root).rglob("*.md*")):
            doc = parse(path.read_text(encoding="utf-8", errors="replace"), str(path))
            found.update(heading_id(b.text.replace("\n", " ")).text for b in doc.blocks if b.kind == "heading")
    return sorted(t for t in found if t)


def _compare(name: str, texts: list[str], expected: list[str]) -> None:
    port = SLUGGERS[name].slug
    wrong = [(t, e, port(t)) for t, e in zip(texts, expected) if port(t) != e]
    print(f"{name:<16} {len(texts) - len(wrong):>6}/{len(texts)} agree")
    for t, e, got in wrong[:5]:
        print(f"    {t!r}: generator {e!r}, relsync {got!r}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpora", type=Path, default=CORPORA)
    ap.add_argument("--node-modules", type=Path, help="a node_modules with github-slugger and @mdit-vue/shared")
    args = ap.parse_args(argv)
    texts = headings(args.corpora)
    print(f"{len(texts)} distinct headings")
    try:
        from markdown.extensions.toc import slugify
        _compare("python-markdown", texts, [slugify(t, "-") for t in texts])
        out = subprocess.run([sys.executable, "-X", "importtime", "-c", "import markdown.extensions.toc"],
                             capture_output=True, text=True).stderr.strip().splitlines()
        print(f"    import markdown.extensions.toc: {int(out[-1].split('|')[1]) / 1000:.1f} ms cumulative")
    except ImportError:
        print("python-markdown: not installed, skipped")
    try:
        from pymdownx.slugs import slugify as pymdownx_slugify
        lower = pymdownx_slugify(case="lower")
        _compare("pymdownx", texts, [lower(t, "-") for t in texts])
    except ImportError:
        print("pymdownx: not installed, skipped")
    if args.node_modules:
        proc = subprocess.run(["node", "-e", _NODE], input="\n".join(json.dumps(t) for t in texts),
                              capture_output=True, text=True, env={"NODE_PATH": str(args.node_modules)})
        if proc.returncode:
            print(f"node: {proc.stderr.strip()[:200]}")
        else:
            rows = [json.loads(line) for line in proc.stdout.splitlines()]
            _compare("github", texts, [r[0] for r in rows])
            _compare("vitepress", texts, [r[1] for r in rows])
    return 0


if __name__ == "__main__":
    sys.exit(main())
