"""A layout applied to the files: which upstream file pairs with which translation in which
locale, and the files that have no partner.

Each rule pairs the upstream files its patterns match with the translations its translation
pattern names, by ``{path}``. A file that a translation pattern names is never upstream (a
site's ``content/`` holding ``content/fr/``, a ``page.fr.md`` beside ``page.md``), and the
source language's own directory is never a locale. Files whose names differ are paired by a
front-matter key when the layout has one (Hugo's ``translationKey``, Jekyll's ``permalink``),
then by slug: ``2025-04-24-slug.md`` in one language, ``slug.md`` or ``slug/index.md`` in
another.
"""

from __future__ import annotations

import fnmatch
import re
from dataclasses import dataclass, field
from pathlib import Path

from ..config import Config
from ..languages import locale_name
from .layouts import NOT_LOCALES, Layout, LocaleSpec, Rule, is_locale_code
from .patterns import Pattern, key_of, walk
from .sitefiles import front_matter

#: A Jekyll/Hugo date prefix of a file or directory name.
DATE_PREFIX_RE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})-")
_INDEX_NAMES = ("index", "_index", "README")


@dataclass
class Found:
    """What pairing found, in paths under the project root (or ``upstream-root``)."""

    pairs: list[tuple[Path, Path, LocaleSpec, str, Path | None]] = field(default_factory=list)
    """``(upstream, translation, locale, name, locale directory)``."""
    missing: list[tuple[Path, Path, LocaleSpec, str, Path | None]] = field(default_factory=list)
    """``(upstream, expected translation, locale, name, locale directory)``."""
    orphans: list[tuple[Path, Path, LocaleSpec, str]] = field(default_factory=list)
    """``(translation, expected upstream, locale, note)``."""
    unstarted: list[tuple[Path, Path, LocaleSpec, str]] = field(default_factory=list)
    """``(upstream, where its translation would be, locale, name)`` for the locales whose
    translation has not started (not missing: where a PO build would write)."""
    unbuilt: list[Path] = field(default_factory=list)
    locales: list[tuple[LocaleSpec, bool]] = field(default_factory=list)
    """Every locale, and whether its translation has started."""


def matches(rel: str, patterns) -> bool:
    """Whether a relative path matches one of the glob patterns (``**/`` may match nothing)."""
    return any(_glob(p).match(rel) or _glob(p).match("/" + rel) for p in patterns)


_GLOBS: dict[str, re.Pattern[str]] = {}


def _glob(pattern: str) -> re.Pattern[str]:
    """fnmatch's translation of a glob, compiled once."""
    compiled = _GLOBS.get(pattern)
    if compiled is None:
        compiled = _GLOBS[pattern] = re.compile(fnmatch.translate(pattern))
    return compiled


class _Tree:
    """The files under a directory, walked once per base directory."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.listings: dict[str, list[str]] = {}

    def files(self, base: str) -> list[str]:
        """Paths relative to the tree's root of the files under ``base``."""
        if base not in self.listings:
            directory = self.root / base if base else self.root
            prefix = base + "/" if base else ""
            self.listings[base] = [prefix + f for f in walk(str(directory))] if directory.is_dir() else []
        return self.listings[base]


def pair_layout(layout: Layout, cfg: Config) -> Found:
    """Every pair the layout's rules give, the missing and orphaned files, and the upstream
    files the generator builds in no language."""
    found = Found()
    root = cfg.root.resolve()
    up_root = layout.upstream_root or (cfg.upstream_base if cfg.upstream_root else root)
    trees = {"tr": _Tree(root), "up": _Tree(up_root)}
    same_tree = up_root == root
    rule_locales = [(rule, _locales(rule, layout, trees["tr"], same_tree)) for rule in layout.rules]
    bound = [_bound(rule, spec) for rule, specs in rule_locales for spec in specs] if same_tree else []
    started: dict[LocaleSpec, bool] = {}
    seen_unbuilt: set[Path] = set()
    upstreams: dict[tuple, tuple[dict[str, str], list[str]]] = {}
    for rule, specs in rule_locales:
        same = (rule.upstream, rule.include, rule.exclude, rule.exclude_re, rule.unbuilt, rule.bare_within)
        if same not in upstreams:  # Hugo has one rule per locale over the same upstream files
            upstreams[same] = _upstream_entries(rule, trees["up"], bound, cfg)
        upstream, unbuilt = upstreams[same]
        for rel in unbuilt:
            if up_root / rel not in seen_unbuilt:
                seen_unbuilt.add(up_root / rel)
                found.unbuilt.append(up_root / rel)
        for spec in specs:
            pattern = _bound(rule, spec)
            translations = _entries(rule, pattern, trees["tr"], cfg)
            has_started = _match(found, rule, spec, pattern, upstream, translations, (up_root, root))
            started[spec] = started.get(spec, False) or has_started
    found.locales = [(spec, started[spec]) for spec in _unique(s for _, specs in rule_locales for s in specs)]
    _pair_by_slug(found, layout.slug_routes)
    return found


def _unique(specs) -> list[LocaleSpec]:
    out: list[LocaleSpec] = []
    for spec in specs:
        if spec not in out:
            out.append(spec)
    return out


def _bound(rule: Rule, spec: LocaleSpec) -> Pattern:
    return rule.translation.bind(spec.code, rule.ignore_case) if rule.translation.has_lang else rule.translation


def _locales(rule: Rule, layout: Layout, tree: _Tree, same_tree: bool) -> list[LocaleSpec]:
    """The rule's locales: its own, the layout's, or those its translation pattern finds."""
    if rule.locales is not None:
        return list(rule.locales)
    if layout.locales:
        return list(layout.locales)
    return _found_locales(rule, layout, tree, same_tree)


def _found_locales(rule: Rule, layout: Layout, tree: _Tree, same_tree: bool) -> list[LocaleSpec]:
    """Locales from the files: the directory names (or suffixes) where the translation
    pattern has ``{lang}``, except the upstream's own directory."""
    upstream_bases = {p.base for p in rule.upstream} if same_tree else set()
    text = rule.translation.text
    head, _, tail = text.partition("{lang}")
    codes: set[str] = set()
    if tail.startswith("/") and "{" not in head:
        directory = tree.root / head if head else tree.root
        names = [d.name for d in directory.iterdir() if d.is_dir()] if directory.is_dir() else []
        for name in names:
            if name.startswith(".") or (head + name) in upstream_bases:
                continue
            if any(b.startswith(head + name + "/") for b in upstream_bases):
                continue
            if (layout.lenient_locales and name not in NOT_LOCALES) \
                    or is_locale_code(name):
                codes.add(name)
    else:
        for rel in tree.files(rule.translation.base):
            m = rule.translation.match(rel)
            if m and m.group("lang") and is_locale_code(m.group("lang")):
                codes.add(m.group("lang"))
        source = locale_name(layout.source_language)
        codes = {c for c in codes if locale_name(c) != source}
    return [LocaleSpec(code, code if layout.lenient_locales else locale_name(code)) for code in sorted(codes)]


def _wanted(rule: Rule, rel: str, key: str, cfg: Config) -> bool:
    """Whether a matched file is a document the settings and the generator keep."""
    if not (matches(key, cfg.include) or matches(rel, cfg.include)):
        return False
    if rule.include and not (matches(key, rule.include) or matches(rel, rule.include)):
        return False
    if cfg.ignore and (matches(key, cfg.ignore) or matches(rel, cfg.ignore)):
        return False
    if rule.exclude and (matches(rel, rule.exclude) or matches(key, rule.exclude)):
        return False
    return not any(r.search(rel) for r in rule.exclude_re)


def _upstream_entries(rule: Rule, tree: _Tree, bound: list[Pattern], cfg: Config
                      ) -> tuple[dict[str, str], list[str]]:
    """``{key: path}`` of the rule's upstream files, and those the generator never builds."""
    out: dict[str, str] = {}
    unbuilt: list[str] = []
    for base in dict.fromkeys(p.base for p in rule.upstream):
        for rel in tree.files(base):
            if any(b.match(rel) for b in bound):
                continue  # a translation
            for pattern in rule.upstream:
                m = pattern.match(rel)
                if m is None:
                    continue
                key = key_of(m)
                if rule.bare_within and pattern is rule.upstream[-1] and len(rule.upstream) > 1 \
                        and not any(r.fullmatch(rel) for r in rule.bare_within):
                    break  # a file the generator does not route
                if _wanted(rule, rel, key, cfg) and key not in out:
                    if rule.unbuilt is not None and rule.unbuilt.search(key) and pattern is rule.upstream[-1]:
                        unbuilt.append(rel)
                    else:
                        out[key] = rel
                break
    return out, unbuilt


def _entries(rule: Rule, pattern: Pattern, tree: _Tree, cfg: Config) -> dict[str, str]:
    out: dict[str, str] = {}
    for rel in tree.files(pattern.base):
        m = pattern.match(rel)
        if m is not None:
            key = key_of(m)
            if _wanted(rule, rel, key, cfg):
                out.setdefault(key, rel)
    return out


def locale_directory(pattern: Pattern, rule: Rule, spec: LocaleSpec, root: Path) -> Path | None:
    """The directory that is the locale's own (``locales/zh_CN``, ``content/zh-cn``,
    ``i18n/fr``); ``None`` when its files sit among other locales' (``page.fr.md``)."""
    if not rule.translation.has_lang:
        return root / pattern.base if pattern.base else None
    head, _, tail = rule.translation.text.partition("{lang}")
    if tail.startswith("/") and "{" not in head:
        return root / (head + spec.code)
    return None


def _started(spec: LocaleSpec, locale_dir: Path | None, translations: dict[str, str]) -> bool:
    """A locale is being translated when its directory exists (a locale configured with no
    directory is not started: no file of it is missing) or, when its code is in the file
    names, when one of its files exists."""
    if spec.started is not None:
        return spec.started
    return bool(translations) or (locale_dir is not None and locale_dir.is_dir())


def _match(found: Found, rule: Rule, spec: LocaleSpec, pattern: Pattern, upstream: dict[str, str],
           translations: dict[str, str], roots: tuple[Path, Path]) -> bool:
    """Pairs, missing files and orphans of one rule in one locale; whether it has started."""
    up_root, root = roots
    locale_dir = locale_directory(pattern, rule, spec, root)
    started = _started(spec, locale_dir, translations)
    missing = [k for k in upstream if k not in translations]
    orphans = [k for k in translations if k not in upstream]
    renamed: dict[str, str] = {}
    if rule.key_field and missing and orphans:
        renamed = _by_front_matter(rule.key_field, missing, orphans, upstream, translations, up_root, root)
    for key, up in upstream.items():
        tr = translations.get(key) or translations.get(renamed.get(key, "\x00"))
        if tr is not None:
            found.pairs.append((up_root / up, root / tr, spec, key, locale_dir))
        elif started:
            found.missing.append((up_root / up, root / _fill(pattern, key), spec, key, locale_dir))
        else:
            found.unstarted.append((up_root / up, root / _fill(pattern, key), spec, key))
    taken = set(renamed.values())
    for key in orphans:
        if key in taken:
            continue
        note = ""
        if key in rule.moved and rule.moved[key] in upstream:
            note = f"upstream moved to {rule.upstream[0].fill(*_split(rule.moved[key], rule))}"
        expected = up_root / rule.upstream[-1].fill(*_split(key, rule))
        found.orphans.append((root / translations[key], expected, spec, note))
    return started


def _split(key: str, rule: Rule) -> tuple[str, str]:
    """A key as the ``{path}`` and ``{ext}`` of the rule's patterns."""
    if rule.translation.has_ext:
        stem, dot, ext = key.rpartition(".")
        return stem, dot + ext
    return key, ""


def _fill(pattern: Pattern, key: str) -> str:
    if pattern.has_ext:
        stem, dot, ext = key.rpartition(".")
        return pattern.fill(stem, dot + ext)
    return pattern.fill(key)


def _by_front_matter(name: str, missing: list[str], orphans: list[str], upstream: dict[str, str],
                     translations: dict[str, str], up_root: Path, root: Path) -> dict[str, str]:
    """Upstream keys -> translation keys of files whose front matter gives the same ``name``."""
    values: dict[str, str] = {}
    for key in orphans:
        value = front_matter(root / translations[key]).get(name)
        if isinstance(value, (str, int)) and str(value) not in values:
            values[str(value)] = key
    out = {}
    for key in missing:
        value = front_matter(up_root / upstream[key]).get(name)
        if isinstance(value, (str, int)) and str(value) in values:
            out[key] = values.pop(str(value))
    return out


def slug_key(path: Path) -> tuple[str, str] | None:
    """``(directory, slug)`` of a dated name: ``_posts/2025-04-24-slug.md`` and
    ``_posts/2025-04-24-slug/index.md`` give ``(_posts, slug)``; ``None`` without a date."""
    parts = list(path.parts)
    stem = path.stem
    if stem in _INDEX_NAMES and len(parts) > 1:
        parts = parts[:-1]
        stem = parts[-1]
    m = DATE_PREFIX_RE.match(stem)
    return (str(Path(*parts[:-1])), stem[m.end():].lower()) if m else None


def _plain_key(path: Path) -> tuple[str, str]:
    parts = list(path.parts)
    stem = path.stem
    if stem in _INDEX_NAMES and len(parts) > 1:
        parts = parts[:-1]
        stem = parts[-1]
    return str(Path(*parts[:-1])), stem.lower()


def _pair_by_slug(found: Found, slug_routes: bool = False) -> None:
    """Pair a missing translation with an orphan of the same locale when their names differ
    only by a date prefix (and ``/index``), one of them dated, or, where the generator routes
    by slug (``slug_routes``), by their Markdown extension too (``x.md`` translates
    ``x.mdx``): each orphan keyed once, each missing file looked up (the first orphan of its
    key, in order, wins)."""
    if not found.missing or not found.orphans:
        return
    by_key: dict[tuple, list[tuple[int, bool]]] = {}
    for k, (tr, _, spec, _) in enumerate(found.orphans):
        have = slug_key(tr)
        by_key.setdefault((spec, have or _plain_key(tr)), []).append((k, have is not None))
    taken: set[int] = set()
    kept = []
    for up, expected, spec, name, locale_dir in found.missing:
        want = slug_key(expected)
        match = next((k for k, dated in by_key.get((spec, want or _plain_key(expected)), ())
                      if k not in taken and (want or dated or slug_routes)), None)
        if match is None:
            kept.append((up, expected, spec, name, locale_dir))
        else:
            taken.add(match)
            found.pairs.append((up, found.orphans[match][0], spec, name, locale_dir))
    found.missing = kept
    found.orphans = [o for k, o in enumerate(found.orphans) if k not in taken]
