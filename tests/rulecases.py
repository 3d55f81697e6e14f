"""Rule fixture cases: ``tests/fixtures/rules/<slug>.md``, one file per rule.

Each case is a title line, then three parts each closed by a line holding a single ``.``:
the upstream snippet, the translation snippet, and the expected findings of the rule, one
per line as ``TRANSLATION_LINE:UPSTREAM_LINE SEVERITY: MESSAGE`` (``-`` for a side without a
line); an empty expected part means the case passes. A title may end with settings in
braces: ``{locale=ja; glossary=Prototype=原型功能; rewrite=https://cn.x.dev/>https://x.dev/;
name=guide/intro.md; markdown=python-markdown}``. ``old=FILE`` names the upstream as the translation was made from it
(``tests/fixtures/stale/FILE``), for the staleness rules.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import relsync
from relsync.align import align
from relsync.checks import find_rule
from relsync.config import Config
from relsync.languages import month_locales
from relsync.parse import parse
from relsync.stale import SyncPoint, compare

RULE_FIXTURES = Path(__file__).resolve().parent / "fixtures" / "rules"
_SETTINGS_RE = re.compile(r"\{([^{}]*)\}\s*$")


@dataclass
class RuleCase:
    slug: str
    title: str
    line: int
    upstream: str
    translation: str
    expected: list[str]
    settings: dict[str, list[str]] = field(default_factory=dict)
    result: str = ""
    """The third part as it is (a repair case's repaired translation; empty: refused)."""

    @property
    def fails(self) -> bool:
        return bool(self.expected)

    @property
    def id(self) -> str:
        return f"{self.slug}:{self.line}:{self.title}"


def read_cases(path: Path) -> list[RuleCase]:
    lines = path.read_text(encoding="utf-8").split("\n")
    cases: list[RuleCase] = []
    k = 0
    while k < len(lines):
        if not lines[k].strip():
            k += 1
            continue
        title_line = k
        title = lines[k].strip()
        k += 1
        parts: list[list[str]] = []
        for _ in range(3):
            if k >= len(lines) or lines[k] != ".":
                raise ValueError(f"{path}:{k + 1}: expected a '.' line in case {title!r}")
            k += 1
            part = []
            while k < len(lines) and lines[k] != ".":
                part.append(lines[k])
                k += 1
            parts.append(part)
        if k >= len(lines):
            raise ValueError(f"{path}: case {title!r} is not closed with a '.' line")
        k += 1
        settings: dict[str, list[str]] = {}
        m = _SETTINGS_RE.search(title)
        if m:
            title = title[: m.start()].strip()
            for item in m.group(1).split(";"):
                key, _, value = item.strip().partition("=")
                settings.setdefault(key.strip(), []).append(value.strip())
        cases.append(RuleCase(
            slug=path.stem, title=title, line=title_line + 1,
            upstream="\n".join(parts[0]) + "\n", translation="\n".join(parts[1]) + "\n",
            expected=[x.strip() for x in parts[2] if x.strip()], settings=settings,
            result="\n".join(parts[2]) + "\n" if parts[2] else "",
        ))
    return cases


def all_cases() -> list[RuleCase]:
    return [c for path in sorted(RULE_FIXTURES.glob("*.md")) for c in read_cases(path)]


def format_finding(f) -> str:
    tr = f.translation.line if f.translation else "-"
    up = f.upstream.line if f.upstream else "-"
    return f"{tr}:{up} {f.severity}: {f.message}"


def run_case(case: RuleCase) -> list[str]:
    """The findings of the case's rule, after every rule ran (overlaps and suppressions apply)."""
    rule = find_rule(case.slug)
    assert rule is not None, f"no rule {case.slug!r}"
    return [format_finding(f) for f in case_findings(case) if f.rule == rule.id]


def case_findings(case: RuleCase, translation: str | None = None) -> list:
    """Every finding on the case (or on ``translation`` in its place)."""
    translation = case.translation if translation is None else translation
    locale = case.settings.get("locale", ["zh_CN"])[0]
    name = case.settings.get("name", ["notes.md"])[0]
    cfg = Config(root=RULE_FIXTURES)
    cfg.markdown = case.settings.get("markdown", [None])[0]
    for rewrite in case.settings.get("rewrite", []):
        src, _, dst = rewrite.partition(">")
        cfg.link_rewrites.setdefault(locale, {})[src] = dst
    up = parse(case.upstream, f"upstream/{name}", ("en",))
    tr = parse(translation, f"locales/{locale}/{name}", month_locales(locale))
    staleness = None
    for old in case.settings.get("old", []):
        old_text = (RULE_FIXTURES.parent / "stale" / old).read_text(encoding="utf-8")
        staleness = compare(parse(old_text, f"upstream/{name}@old", ("en",)), align(up, tr),
                            SyncPoint("0" * 40, "fixture", f"upstream/{name}"))
    glossary = [tuple(entry.partition("=")[::2]) for entry in case.settings.get("glossary", [])]
    return relsync.check(up, tr, locale=locale, name=name, config=cfg, glossary=glossary,
                         staleness=staleness)
