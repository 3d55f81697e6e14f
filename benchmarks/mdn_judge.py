"""Every error-level finding of ``relsync check`` on the mdn-firefox corpus, sorted into the
categories RESULTS.md judges (true or false, and why), one line per finding.

The categories are decided from each finding's values (its rule, the two link targets, the
two sides' text); RESULTS.md gives the judgment of each category and the samples read.

    python benchmarks/mdn_judge.py [--out benchmarks/mdn_findings.tsv]
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from pathlib import Path
from urllib.parse import unquote, urlsplit

from corpus_findings import MDN, mdn_pairs

from relsync.config import Config
from relsync.pipeline import check_pair

HERE = Path(__file__).resolve().parent
_LANG_RE = re.compile(r"^/[A-Za-z]{2}(?:[-_][A-Za-z]{2})?(?:/docs)?(?=/)")
_BUG_RE = re.compile(r"(?:bugzil\.la/|show_bug\.cgi\?id=)(\d+)")


def _path(url: str) -> str:
    parts = urlsplit(url.strip())
    return _LANG_RE.sub("", unquote(parts.path)).rstrip("/")


_MACRO_BUG_RE = re.compile(r"\{\{\s*bug\s*\(\s*[\"']?(\d+)", re.I)


def link_category(lost: list[str], added: list[str], tr_text: str) -> str:
    macro_bugs = set(_MACRO_BUG_RE.findall(tr_text))
    tr_bugs = {b for u in added for b in _BUG_RE.findall(u)}
    rest = []
    kinds = set()
    for u in lost:
        bugs = set(_BUG_RE.findall(u))
        if bugs and bugs <= macro_bugs:
            kinds.add("macro")
        elif bugs and bugs <= tr_bugs:
            kinds.add("alias")
        else:
            rest.append(u)
    added = [u for u in added if not set(_BUG_RE.findall(u)) & set(b for x in lost for b in _BUG_RE.findall(x))]
    if not rest:
        if kinds == {"alias"}:
            return "link: the same bug by another address (bugzil.la / show_bug.cgi)"
        return "link: a {{bug(N)}} macro for upstream's bugzil.la/N link (macros: languages branch)"
    lost = rest
    if not added:
        return "link: upstream link gone"
    if any(_BUG_RE.search(u) for u in lost):
        return "link: another bug number"
    hosts_up = {urlsplit(u).netloc for u in lost}
    hosts_tr = {urlsplit(u).netloc for u in added}
    if hosts_up != hosts_tr:
        return "link: upstream moved to another site"
    up_paths = [_path(u) for u in lost]
    tr_paths = [_path(u) for u in added]
    if any(not p.isascii() for p in tr_paths):
        return "link: localized page name (legacy)"
    if {p.rsplit("/", 1)[-1].casefold() for p in up_paths} & {p.rsplit("/", 1)[-1].casefold() for p in tr_paths}:
        return "link: same page name at another path (page moved upstream)"
    legacy = all(not re.match(r"^/[A-Za-z-]+/docs/", urlsplit(u).path) for u in added if u.startswith("/"))
    if legacy and all(u.startswith("/") for u in added):
        return "link: legacy wiki page (no docs/)"
    return "link: another page"


def category(f, tr_text: str) -> str:
    details = dict(f.details)
    if f.slug == "link-mismatch":
        return link_category(list(details.get("upstream", [])), list(details.get("translation", [])), tr_text)
    return f.slug


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(HERE / "mdn_findings.tsv"))
    args = ap.parse_args(argv)
    cfg = Config(root=MDN)
    rows = []
    for spec in mdn_pairs():
        lines = Path(spec.translation).read_text(encoding="utf-8").split("\n")
        for f in check_pair(spec, cfg, staleness=None):
            if str(f.severity) == "error":
                line = f.translation.line if f.translation else 0
                text = "\n".join(lines[max(0, line - 1): line + 3]) if line else ""
                rows.append((spec.name, line or "", category(f, text), f.message))
    counts = Counter(r[2] for r in rows)
    with open(args.out, "w", encoding="utf-8") as out:
        out.write("translation\tline\tcategory\tmessage\n")
        for name, line, cat, msg in rows:
            out.write(f"{name}\t{line}\t{cat}\t{msg.replace(chr(9), ' ')}\n")
    for cat, n in counts.most_common():
        print(f"{n:5}  {cat}")
    print(f"{len(rows)} error-level findings in {len(mdn_pairs())} translations -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
