"""What ``relsync fix`` repairs on real translations, and what it refuses.

Runs the fix stage (nothing is written) over the vue-docs corpus (114 en/zh pairs of
``../shared/corpus/vue-docs/head``, with ``benchmarks/vue-docs.relsync.toml``) and the MDN
Firefox release notes (82 translations in 9 languages of ``../shared/corpus/mdn-firefox``),
and prints, per corpus: the findings of the repairing rules, how many carry a repair, how
many repairs the re-run checks confirmed, and the unified diff of every repair so that each
can be judged by reading it (``--diff FILE``).

    python benchmarks/bench_fix.py [--diff FILE]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

from relsync.checks import resolve_settings
from relsync.checks.site import site_of
from relsync.config import Config, load_config
from relsync.fix import fix_project, fixable, unified_diff
from relsync.pipeline import check_pair
from relsync.project import PairSpec, Project

HERE = Path(__file__).resolve().parent
SHARED = HERE.parent.parent / "shared" / "corpus"
MDN_LOCALES = {"de": "de", "es": "es", "fr": "fr", "ja": "ja", "ko": "ko", "pt-br": "pt_BR",
               "ru": "ru", "zh-cn": "zh_CN", "zh-tw": "zh_TW"}


def vue_pairs() -> list[PairSpec]:
    base = SHARED / "vue-docs" / "head"
    return [PairSpec(en, base / "zh" / en.relative_to(base / "en"), "zh_CN",
                     en.relative_to(base / "en").as_posix())
            for en in sorted((base / "en").rglob("*.md"))]


def mdn_pairs() -> list[PairSpec]:
    base = SHARED / "mdn-firefox"
    out = []
    for lang, locale in sorted(MDN_LOCALES.items()):
        for tr in sorted((base / lang).glob("*/index.md")):
            en = base / "en-us" / tr.parent.name / "index.md"
            if en.is_file():
                out.append(PairSpec(en, tr, locale, f"Mozilla/Firefox/Releases/{tr.parent.name}/index.md"))
    return out


def measure(name: str, cfg: Config, specs: list[PairSpec]) -> str:
    start = time.perf_counter()
    site = site_of(Project(cfg, specs))  # the pages links may lead to, as fix_project sees them
    findings = [f for spec in specs for f in check_pair(spec, cfg, site=site) if fixable(f)]
    offered = [f for f in findings if f.fix is not None]
    result = fix_project(Project(cfg, specs))
    elapsed = time.perf_counter() - start
    print(f"{name}: {len(specs)} pairs, {elapsed:.1f} s")
    print(f"  findings of the repairing rules: {len(findings)}; with a repair: {len(offered)}; "
          f"repaired (confirmed): {len(result.applied)}; refused after the re-check: "
          f"{sum(len(ff.refused) for ff in result.files)}")
    by_rule = Counter(f.slug for f in findings)
    fixed = Counter(f.slug for f in result.applied)
    for slug in sorted(by_rule):
        print(f"    {slug:18} {fixed[slug]:4} repaired of {by_rule[slug]:4}")
    return unified_diff(result)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--diff", help="write the repairs as a unified diff to this file")
    args = ap.parse_args(argv)
    if not SHARED.is_dir():
        print(f"no corpus at {SHARED}", file=sys.stderr)
        return 2
    diffs = [measure("vue-docs", resolve_settings(load_config(path=HERE / "vue-docs.relsync.toml")), vue_pairs()),
             measure("mdn-firefox", resolve_settings(Config(root=SHARED / "mdn-firefox")), mdn_pairs())]
    if args.diff:
        Path(args.diff).write_text("".join(diffs), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
