"""Layouts from JavaScript configs: Docusaurus (``docusaurus.config.*`` and ``i18n/``),
VitePress (``.vitepress/config.*`` locales) and Starlight (``astro.config.*`` with
``starlight({locales})``), read by :mod:`.jsconfig` without running them. When a config's
locales cannot be read, the locale directories are taken instead, and a warning says so.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from ..languages import locale_name
from .jsconfig import UNKNOWN, JsConfig
from .layouts import Layout, LocaleSpec, Rule, is_locale_code, spec_for
from .patterns import Pattern

DOCUSAURUS_FILES = tuple(f"docusaurus.config.{e}" for e in ("ts", "mts", "cts", "js", "mjs", "cjs"))
VITEPRESS_FILES = tuple(f".vitepress/config/index.{e}" for e in ("js", "ts", "mjs", "mts")) + \
    tuple(f".vitepress/config.{e}" for e in ("js", "ts", "mjs", "mts"))
ASTRO_FILES = tuple(f"astro.config.{e}" for e in ("mjs", "js", "ts", "mts"))
#: Docusaurus' default exclusions: partials (``_x.mdx``, ``_dir/``) are imported, not pages.
DOCUSAURUS_EXCLUDE = ("_*", "**/_*", "_*/**", "**/_*/**", "**/*.test.*", "**/__tests__/**")
_CONTENT_PLUGINS = {"docs": "docs", "blog": "blog", "pages": "src/pages"}


def _read(path: Path, layout: Layout) -> JsConfig | None:
    try:
        js = JsConfig.from_file(path)
    except (OSError, UnicodeDecodeError) as exc:
        layout.warnings.append(f"{path.name}: cannot read it ({exc}); locales taken from the directories")
        return None
    return js


def _unreadable(layout: Layout, js: JsConfig | None, what: str) -> None:
    detail = f" ({js.warnings[0]})" if js is not None and js.warnings else ""
    layout.warnings.append(f"{layout.detected_from}: {what} could not be read{detail}; "
                           "locales taken from the directories")


def _rel(path: str) -> str:
    """A path as pattern text: ``/``-separated, without ``./`` and trailing slashes."""
    parts = []
    for part in path.replace("\\", "/").split("/"):
        if part in ("", "."):
            continue
        if part == ".." and parts and parts[-1] != "..":
            parts.pop()
        else:
            parts.append(part)
    return "/".join(parts)


def _join(*parts: str) -> str:
    return _rel("/".join(p for p in parts if p))


# -- Docusaurus ---------------------------------------------------------------------------

def docusaurus(root: Path) -> Layout | None:
    for site in ("", "website"):
        name = next((n for n in DOCUSAURUS_FILES if (root / site / n).is_file()), None)
        if name is not None:
            return _docusaurus(root, site, name)
    return None


def _docusaurus(root: Path, site: str, name: str) -> Layout:
    layout = Layout("docusaurus", "en", detected_from=_join(site, name), fallback=True)
    js = _read(root / site / name, layout)
    top = js.export_default() if js is not None else UNKNOWN
    if js is not None and not isinstance(top, dict):  # an exported function
        top = {key: js.find_property(key) for key in ("i18n", "presets", "plugins")}
    top = top if isinstance(top, dict) else {}
    i18n = top.get("i18n") if isinstance(top.get("i18n"), dict) else None
    if i18n is None and (js is None or "i18n" in js.text):
        _unreadable(layout, js, "i18n")
    i18n = i18n or {}
    default = i18n.get("defaultLocale") if isinstance(i18n.get("defaultLocale"), str) else "en"
    layout.source_language = locale_name(default)
    configs = i18n.get("localeConfigs") if isinstance(i18n.get("localeConfigs"), dict) else {}
    i18n_dir = _join(site, i18n.get("path") if isinstance(i18n.get("path"), str) else "i18n")
    locales = i18n.get("locales")
    if isinstance(locales, list) and all(isinstance(x, str) for x in locales):
        for code in locales:
            if code != default:
                layout.locales.append(_docusaurus_locale(code, configs.get(code)))
    else:
        if i18n:
            _unreadable(layout, js, "i18n.locales")
        layout.locales = _locale_dirs(root / i18n_dir, default)
    for kind, plugin_id, path in _docusaurus_plugins(top):
        layout.rules.extend(_docusaurus_rules(root, site, i18n_dir, kind, plugin_id, path))
    if js is not None:
        layout.warnings += [f"{layout.detected_from}: {w}" for w in js.warnings if "locale" in w]
    return layout


def _docusaurus_locale(code: str, config: object) -> LocaleSpec:
    config = config if isinstance(config, dict) else {}
    path = config.get("path") if isinstance(config.get("path"), str) else code
    translate = config.get("translate")
    return LocaleSpec(path, locale_name(code), translate if isinstance(translate, bool) and not translate else None,
                      route_prefix=f"/{code}/")


def _docusaurus_plugins(top: dict) -> list[tuple[str, str, str]]:
    """The content plugin instances: ``(kind, id, path)`` of the classic preset's docs, blog
    and pages, and of ``plugins`` entries."""
    out = []
    presets = top.get("presets") if isinstance(top.get("presets"), list) else [["classic", {}]]
    for entry in presets:
        options = entry[1] if isinstance(entry, list) and len(entry) > 1 and isinstance(entry[1], dict) else {}
        for kind, default_path in _CONTENT_PLUGINS.items():
            option = options.get(kind, {})
            if option is not False:
                option = option if isinstance(option, dict) else {}
                out.append((kind, str(option.get("id") or "default"), str(option.get("path") or default_path)))
    for entry in top.get("plugins") if isinstance(top.get("plugins"), list) else []:
        name, options = (entry[0], entry[1] if len(entry) > 1 else {}) if isinstance(entry, list) else (entry, {})
        options = options if isinstance(options, dict) else {}
        for kind, default_path in _CONTENT_PLUGINS.items():
            if name in (f"@docusaurus/plugin-content-{kind}", f"content-{kind}", f"docusaurus-plugin-content-{kind}"):
                out.append((kind, str(options.get("id") or "default"), str(options.get("path") or default_path)))
    return out


def _docusaurus_rules(root: Path, site: str, i18n_dir: str, kind: str, plugin_id: str, path: str) -> list[Rule]:
    plugin = f"docusaurus-plugin-content-{kind}" + ("" if plugin_id == "default" else f"-{plugin_id}")
    sources = [(_join(site, path), "current" if kind == "docs" else "")]
    if kind == "docs":
        prefix = "" if plugin_id == "default" else f"{plugin_id}_"
        for version in _versions(root / site / f"{prefix}versions.json"):
            sources.append((_join(site, f"{prefix}versioned_docs/version-{version}"), f"version-{version}"))
    rules = []
    for source, sub in sources:
        upstream = Pattern.parse(_join(source, "{path}"), "docusaurus")
        translation = Pattern.parse(_join(i18n_dir, "{lang}", plugin, sub, "{path}"), "docusaurus")
        rules.append(Rule((upstream,), translation, include=("**/*.md", "**/*.mdx"), exclude=DOCUSAURUS_EXCLUDE))
    return rules


def _versions(path: Path) -> list[str]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    return [str(v) for v in data if isinstance(v, (str, int, float))] if isinstance(data, list) else []


def _locale_dirs(directory: Path, default: str, exclude: tuple[str, ...] = ()) -> list[LocaleSpec]:
    """Locales from the directories whose names are locale codes, as a fallback."""
    if not directory.is_dir():
        return []
    return [spec_for(d.name) for d in sorted(directory.iterdir())
            if d.is_dir() and d.name != default and d.name not in exclude and is_locale_code(d.name)]


# -- VitePress ----------------------------------------------------------------------------

def vitepress(root: Path) -> Layout | None:
    for base in ("", "docs"):
        name = next((n for n in VITEPRESS_FILES if (root / base / n).is_file()), None)
        if name is not None:
            return _vitepress(root, base, name)
    return None


def _vitepress(root: Path, base: str, name: str) -> Layout:
    layout = Layout("vitepress", "en_US", detected_from=_join(base, name))
    js = _read(root / base / name, layout)
    top = js.export_default() if js is not None else UNKNOWN
    top = top if isinstance(top, dict) else {}
    src = _join(base, top["srcDir"]) if isinstance(top.get("srcDir"), str) else _rel(base)
    exclude = tuple(g for g in top.get("srcExclude") or [] if isinstance(g, str)) \
        if isinstance(top.get("srcExclude"), list) else ()
    locales = top.get("locales")
    root_lang = top.get("lang") if isinstance(top.get("lang"), str) else "en-US"
    rewrites = top.get("rewrites", UNKNOWN if "rewrites" in (js.text if js is not None else "") else None)
    served = _vitepress_rewrites(rewrites, layout, js)
    if isinstance(locales, dict):
        main = locales.get("root") if isinstance(locales.get("root"), dict) else {}
        layout.source_language = locale_name(main.get("lang") if isinstance(main.get("lang"), str) else root_lang)
        for key, value in locales.items():
            if key == "root":
                continue
            lang = value.get("lang") if isinstance(value, dict) and isinstance(value.get("lang"), str) else key
            link = value.get("link") if isinstance(value, dict) and isinstance(value.get("link"), str) else f"/{key}/"
            layout.locales.append(LocaleSpec(served.get(key, key), locale_name(lang), route_prefix=link))
    else:
        layout.source_language = locale_name(root_lang)
        if "locales" in (js.text if js is not None else ""):
            _unreadable(layout, js, "locales")
            layout.locales = _locale_dirs(root / src, served.get("", ""))
    upstream = Pattern.parse(_join(src, served.get("", ""), "{path}"), "vitepress")
    layout.rules.append(Rule((upstream,), Pattern.parse(_join(src, "{lang}", "{path}"), "vitepress"),
                             include=("**/*.md",), exclude=exclude))
    return layout


#: A VitePress rewrite that serves a whole directory under another prefix (or the root):
#: ``'en/:rest*': ':rest*'``, ``'zh/:rest*': 'zh-cn/:rest*'``.
_REWRITE_FROM_RE = re.compile(r"(?P<dir>[^/:*()]+(?:/[^/:*()]+)*)/:(?P<param>\w+)\*")
_REWRITE_TO_RE = re.compile(r"(?:(?P<prefix>[^/:*()]+(?:/[^/:*()]+)*)/)?:(?P<param>\w+)\*")


def _vitepress_rewrites(rewrites: object, layout: Layout, js) -> dict[str, str]:
    """``{URL prefix: source directory}`` from the ``rewrites`` that move a whole directory
    (``""`` for the root: the root locale's pages kept in ``en/``, as VitePress's own docs
    keep them); a rewrite of single pages changes no locale."""
    served: dict[str, str] = {}
    if rewrites is UNKNOWN or (rewrites is not None and not isinstance(rewrites, dict)):
        detail = f" ({js.warnings[0]})" if js is not None and js.warnings else ""
        layout.warnings.append(f"{layout.detected_from}: rewrites could not be read{detail}; "
                               "pages are paired where they are in the source directory")
        return served
    for source, target in (rewrites or {}).items():
        m, t = _REWRITE_FROM_RE.fullmatch(str(source)), _REWRITE_TO_RE.fullmatch(str(target))
        if m and t and m["param"] == t["param"]:
            served[t["prefix"] or ""] = m["dir"]
    return served


# -- Starlight ----------------------------------------------------------------------------

def starlight(root: Path) -> Layout | None:
    name = next((n for n in ASTRO_FILES if (root / n).is_file()), None)
    if name is None:
        return None
    text = (root / name).read_text(encoding="utf-8", errors="replace")
    if not re.search(r"\bstarlight\s*\(", text):
        return None
    layout = Layout("starlight", "en", detected_from=name, fallback=True, slug_routes=True)
    js = _read(root / name, layout)
    options = js.find_call_arg("starlight") if js is not None else UNKNOWN
    options = options if isinstance(options, dict) else {}
    docs = "src/content/docs"
    locales = options.get("locales")
    default = options.get("defaultLocale") if isinstance(options.get("defaultLocale"), str) else "root"
    if isinstance(locales, dict):
        layout.source_language = _starlight_lang(locales.get(default), "en" if default == "root" else default)
        layout.locales = [LocaleSpec(key, _starlight_lang(value, key), route_prefix=f"/{key}/")
                          for key, value in locales.items()
                          if key not in (default, "root")]
    else:
        if "locales" in text:
            _unreadable(layout, js, "locales")
        layout.locales = _locale_dirs(root / docs, default)
    retired = _retired_locales(layout, root / docs, default) if isinstance(locales, dict) else ()
    upstream = _join(docs, "" if default == "root" else default, "{path}")
    layout.rules.append(Rule((Pattern.parse(upstream, "starlight"),),
                             Pattern.parse(_join(docs, "{lang}", "{path}"), "starlight"),
                             exclude=("_*", "**/_*", *retired)))
    return layout


def _retired_locales(layout: Layout, docs: Path, default: str) -> tuple[str, ...]:
    """Globs of the directories of ``docs`` named by a locale code the config does not name
    (a retired locale's pages): not the source's pages, not a translation; said once."""
    known = {spec.code for spec in layout.locales} | {default}
    out = []
    for name in sorted(d.name for d in docs.iterdir() if d.is_dir()) if docs.is_dir() else []:
        if name not in known and is_locale_code(name):
            out.append(f"{name}/**")
            layout.warnings.append(f"{layout.detected_from}: src/content/docs/{name}/ is named by a locale "
                                   "code the config does not name (a retired locale?); not checked")
    return tuple(out)


def _starlight_lang(value: object, key: str) -> str:
    lang = value.get("lang") if isinstance(value, dict) and isinstance(value.get("lang"), str) else key
    return locale_name(lang)
