"""The document corpora of ``../shared/corpus`` as (corpus, PairSpec, Config) triples, found
as ``relsync check`` finds them (layout discovery), for the benchmarks that run every corpus.
"""

from __future__ import annotations

import random
from collections import defaultdict
from pathlib import Path

from relsync.config import Config, load_config
from relsync.project import PairSpec, discover

HERE = Path(__file__).resolve().parent
CORPORA = HERE.parent.parent / "shared" / "corpus"
MDN_LOCALES = {"ja": "ja", "zh-cn": "zh_CN", "zh-tw": "zh_TW", "ko": "ko", "fr": "fr", "es": "es",
               "ru": "ru", "pt-br": "pt_BR", "de": "de"}
NAMES = ("vue-docs", "mdn-firefox", "tauri-docs", "fastapi-docs", "changelog-naive-ui")


def _vue() -> tuple[list[PairSpec], Config]:
    base = CORPORA / "vue-docs" / "head"
    specs = [PairSpec(en, base / "zh" / en.relative_to(base / "en"), "zh_CN", en.relative_to(base / "en").as_posix())
             for en in sorted((base / "en").rglob("*.md"))]
    return specs, load_config(HERE / "vue-docs.relsync.toml") if (HERE / "vue-docs.relsync.toml").exists() else Config()


def _mdn() -> tuple[list[PairSpec], Config]:
    base = CORPORA / "mdn-firefox"
    specs = []
    for folder, locale in MDN_LOCALES.items():
        for tr in sorted((base / folder).glob("*/index.md")):
            en = base / "en-us" / tr.parent.name / "index.md"
            if en.exists():
                specs.append(PairSpec(en, tr, locale, f"mozilla/firefox/releases/{tr.parent.name}/index.md"))
    return specs, Config()


def _changelog() -> tuple[list[PairSpec], Config]:
    base = CORPORA / "changelog-naive-ui"
    return [PairSpec(base / "CHANGELOG.en-US.md", base / "CHANGELOG.zh-CN.md", "zh_CN", "CHANGELOG.md")], Config()


def _discovered(root: Path) -> tuple[list[PairSpec], Config]:
    cfg = load_config(root)
    return list(discover(cfg).pairs), cfg


def corpus(name: str) -> tuple[list[PairSpec], Config]:
    if name == "vue-docs":
        return _vue()
    if name == "mdn-firefox":
        return _mdn()
    if name == "changelog-naive-ui":
        return _changelog()
    return _discovered(CORPORA / name)


def sample(specs: list[PairSpec], per_locale: int | None, seed: int = 0) -> list[PairSpec]:
    """At most ``per_locale`` pairs of each locale, drawn with a fixed seed (all: ``None``)."""
    if per_locale is None:
        return specs
    by_locale = defaultdict(list)
    for s in specs:
        by_locale[s.locale].append(s)
    rng = random.Random(seed)
    out = []
    for locale in sorted(by_locale):
        group = by_locale[locale]
        out += sorted(rng.sample(group, min(per_locale, len(group))), key=lambda s: str(s.translation))
    return out
