"""Sites below the project root: a repository that keeps its documentation site in ``docs/``,
``website/``, ``apps/<name>/`` or ``packages/<name>/`` is checked from the repository root.

A directory one or two levels below the root is a site when a detector of :mod:`.detect`
finds one there (its own configuration file, or one directory per language). Its layout is
moved under that directory: its patterns and the file it was detected from gain the
directory's path, so the project root stays where the user runs relsync and every path stays
relative to it. Sites with translations win over sites without (a repository's example sites
have none); several sites with translations are checked together, each with its own rules.
"""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path
from typing import Callable

from ..config import Config
from ..errors import ConfigError
from .layouts import Layout, Rule
from .pairing import pair_layout
from .patterns import SKIPPED_DIRS, Pattern

#: How deep below the root a site is looked for (``docs/``, ``apps/web/``).
DEPTH = 2
Detector = Callable[[Path], "Layout | None"]


def directories(root: Path, depth: int = DEPTH) -> list[str]:
    """The directories below ``root`` (``/``-separated, sorted, a parent before its
    children), down to ``depth`` levels; hidden, dependency and build directories skipped."""
    out: list[str] = []
    level = [""]
    for _ in range(depth):
        following = []
        for rel in level:
            try:
                entries = sorted(os.scandir(root / rel if rel else root), key=lambda e: e.name)
            except OSError:
                continue
            for entry in entries:
                if entry.name.startswith(".") or entry.name in SKIPPED_DIRS or not entry.is_dir():
                    continue
                following.append(f"{rel}/{entry.name}" if rel else entry.name)
        out += following
        level = following
    return sorted(out)


def below(root: Path, detectors: tuple[Detector, ...]) -> list[Layout]:
    """The sites in the directories below ``root``: the first detector that finds one in a
    directory gives its layout (moved under it); a site's own subdirectories are its own. A
    directory whose configuration cannot be read (a test fixture of a broken site) is
    passed over: only a site at the root, or one the settings name, is the user's to fix."""
    found: list[Layout] = []
    taken: list[str] = []
    for rel in directories(root):
        if any(rel.startswith(t + "/") for t in taken):
            continue
        for detector in detectors:
            try:
                layout = detector(root / rel)
            except ConfigError:  # a configuration below the root that cannot be read is no site found
                break
            if layout is not None and layout.rules:
                found.append(moved(layout, rel))
                taken.append(rel)
                break
    return found


def moved(layout: Layout, sub: str) -> Layout:
    """A site's layout with its paths under ``sub``: its patterns, and the file it came from
    (also where its warnings name it)."""
    def pattern(p: Pattern) -> Pattern:
        return Pattern.parse(f"{sub}/{p.text}", p.text)

    rules = [dataclasses.replace(rule, upstream=tuple(pattern(p) for p in rule.upstream),
                                 translation=pattern(rule.translation)) for rule in layout.rules]
    old = layout.detected_from
    new = _under(sub, old)
    warnings = [new + w[len(old):] if old and w.startswith(old) else w for w in layout.warnings]
    return dataclasses.replace(layout, rules=rules, detected_from=new, warnings=warnings, site=sub)


def _under(sub: str, detected_from: str) -> str:
    """``docs/astro.config.mjs``; each part of ``en/ beside ja/, zh/`` under the directory."""
    if " beside " in detected_from:
        head, _, tail = detected_from.partition(" beside ")
        return f"{sub}/{head} beside " + ", ".join(f"{sub}/{x}" for x in tail.split(", "))
    return " + ".join(f"{sub}/{part}" for part in detected_from.split(" + ")) if detected_from else f"{sub}/"


def choose(sites: list[Layout], cfg: Config) -> Layout | None:
    """The layout of the sites found: the sites with translations (else those with
    configured locales, else all), one alone or all of them together."""
    if not sites:
        return None
    started = [s for s in sites if any(ok for _, ok in pair_layout(s, cfg).locales)]
    chosen = started or [s for s in sites if s.locales] or sites
    return chosen[0] if len(chosen) == 1 else together(chosen)


def together(sites: list[Layout]) -> Layout:
    """Several sites as one layout: each rule keeps its site's locales (and whether its site
    falls back to the source page); the layout is named for their generator when they share
    one (``sites`` otherwise)."""
    names = {s.name for s in sites}
    rules: list[Rule] = []
    for site in sites:
        for rule in site.rules:
            if rule.locales is None and site.locales:
                rule = dataclasses.replace(rule, locales=tuple(site.locales))
            if rule.locales is not None:  # each site's own fallback, where the layout's would differ
                rule = dataclasses.replace(rule, locales=tuple(
                    dataclasses.replace(spec, fallback=site.fallback) if spec.fallback is None else spec
                    for spec in rule.locales))
            rules.append(rule)
    first = sites[0]
    return Layout(names.pop() if len(names) == 1 else "sites", first.source_language, rules,
                  detected_from=" + ".join(s.detected_from for s in sites),
                  warnings=[w for s in sites for w in s.warnings],
                  fallback=all(s.fallback for s in sites),
                  site=", ".join(s.site for s in sites))
