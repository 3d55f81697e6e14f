"""Zero-configuration: the layout a project's own files describe.

Read, never run: Hugo's ``hugo.toml``/``hugo.yaml``/``config.*`` and ``config/_default/``
(``defaultContentLanguage``, ``[languages.<lang>] contentDir``, module mounts,
``disableLanguages``, ``ignoreFiles``), ``mkdocs.yml`` with the mkdocs-static-i18n plugin
(``docs_structure`` suffix or folder), Jekyll's ``_config.yml`` (jekyll-polyglot,
jekyll-multiple-languages-plugin), and MDN's two checkouts (``files/en-us/`` in mdn/content,
``files/<lang>/`` in mdn/translated-content). Docusaurus, VitePress and Starlight configs are
JavaScript: :mod:`.detect_js`. relsync's own ``upstream/`` with ``locales/`` comes first.
"""

from __future__ import annotations

import dataclasses
import re
from functools import partial
from pathlib import Path

from ..config import LANGUAGE_DIRECTORY_BASES, Config, language_directories
from ..languages import locale_name
from . import detect_js, sites, suffixes
from .layouts import Layout, LocaleSpec, Rule, relsync_layout, spec_for
from .patterns import Pattern
from .sitefiles import merge, read_config

HUGO_FILES = tuple(f"{b}.{e}" for b in ("hugo", "config") for e in ("toml", "yaml", "yml", "json"))
_HUGO_KEYS = {"baseurl", "languages", "defaultcontentlanguage", "contentdir", "theme", "module"}
_CONFIG_EXTS = (".toml", ".yaml", ".yml", ".json")


def detect(cfg: Config) -> Layout | None:
    """The layout the project's files describe, or ``None`` when nothing tells: relsync's
    own directories, a site generator's configuration, else directories named by locale
    codes beside an English one; at the root, else in the directories one or two levels
    below it (:mod:`.sites`)."""
    root = cfg.root
    if (root / cfg.upstream).is_dir() and (root / cfg.locales).is_dir():
        return relsync_layout(cfg, f"{cfg.upstream}/")
    detectors = _detectors(cfg.source_language)
    for detector in detectors:
        layout = detector(root)
        if layout is not None:
            return layout
    return sites.choose(sites.below(root, detectors), cfg) or suffixes.suffixed(root, cfg.source_language)


def _detectors(source: str | None) -> tuple:
    """Every detector, in order (those of the presets first), told the settings'
    ``source-language`` where the files do not say which language is upstream."""
    return (*(partial(d, source=source) if d in _SOURCE_AWARE else d for d in DETECTORS),
            partial(one_directory_per_language, source=source))


def preset(name: str, cfg: Config) -> Layout:
    """The layout of a named preset: its generator's configuration when the project has one
    (at the root, else in a directory below it), else the generator's default directories."""
    if name == "relsync":
        return relsync_layout(cfg, "layout = \"relsync\"")
    detectors = dict(zip(PRESET_NAMES, _detectors(cfg.source_language)))
    detectors["dumi"] = partial(suffixes.dumi_or_suffixed, source=cfg.source_language)
    detector = detectors[name]
    layout = detector(cfg.root) or sites.choose(sites.below(cfg.root, (detector,)), cfg)
    if layout is None:
        layout = DEFAULTS[name]()
        layout.detected_from = f'layout = "{name}" (no configuration found: default directories)'
    return layout


# -- Hugo ---------------------------------------------------------------------------------

def hugo_config(root: Path) -> tuple[dict, str] | None:
    """Hugo's merged configuration (keys lower-cased, as Hugo reads them) and where it came
    from: the first root file of :data:`HUGO_FILES`, and ``config/_default/``."""
    data: dict = {}
    sources = []
    default_dir = root / "config" / "_default"
    if default_dir.is_dir():
        for path in sorted(default_dir.iterdir()):
            if path.suffix not in _CONFIG_EXTS or not path.is_file():
                continue
            if path.stem in ("hugo", "config"):
                merge(data, read_config(path), lower=True)
            elif "." not in path.stem:  # languages.toml holds the [languages] table
                merge(data, {path.stem: read_config(path)}, lower=True)
            else:
                continue
            sources.append(f"config/_default/{path.name}")
    for name in HUGO_FILES:
        path = root / name
        if path.is_file():
            found = read_config(path)
            if name.startswith("config.") and not (_HUGO_KEYS & {k.lower() for k in found}):
                break  # a config file of something else
            merge(data, found, lower=True)
            sources.insert(0, name)
            break
    if not sources or (not sources[0].startswith("hugo.") and not (root / "content").is_dir()
                       and "contentdir" not in data and "languages" not in data):
        return None
    return data, " + ".join(sources)


def hugo(root: Path) -> Layout | None:
    found = hugo_config(root)
    if found is None:
        return None
    data, source = found
    default = str(data.get("defaultcontentlanguage") or "en").lower()  # no fallback: a page is built per language
    disabled = {str(x).lower() for x in data.get("disablelanguages") or []}
    languages = {str(k).lower(): v if isinstance(v, dict) else {} for k, v in (data.get("languages") or {}).items()}
    languages = {k: v for k, v in languages.items() if k not in disabled and not v.get("disabled")}
    languages.setdefault(default, {})
    top = str(data.get("contentdir") or "content").strip("/")
    dirs = {k: str(v.get("contentdir") or top).strip("/") for k, v in languages.items()}
    dirs.update(_hugo_mounts(data))
    layout = Layout("hugo", locale_name(default), detected_from=source, slug_routes=True)
    exclude_re = _hugo_ignored(data, layout)
    source_dir = dirs[default]
    by_suffix = []
    for code in sorted(k for k in languages if k != default):
        spec = spec_for(code, route_prefix=f"/{code}/")
        layout.locales.append(spec)
        if dirs[code] == source_dir:
            by_suffix.append(spec)
            continue
        layout.rules.append(Rule((Pattern.parse(f"{source_dir}/{{path}}", "hugo"),),
                                 Pattern.parse(f"{dirs[code]}/{{path}}", "hugo"), (spec,),
                                 key_field="translationKey", exclude_re=exclude_re))
    if by_suffix:
        upstream = (Pattern.parse(f"{source_dir}/{{path}}.{default}{{ext}}", "hugo"),
                    Pattern.parse(f"{source_dir}/{{path}}{{ext}}", "hugo"))
        layout.rules.append(Rule(upstream, Pattern.parse(f"{source_dir}/{{path}}.{{lang}}{{ext}}", "hugo"),
                                 tuple(by_suffix), key_field="translationKey", ignore_case=True,
                                 exclude_re=exclude_re))
    return layout


def _hugo_mounts(data: dict) -> dict[str, str]:
    """Content directories given as module mounts instead of ``contentDir``."""
    out = {}
    module = data.get("module") if isinstance(data.get("module"), dict) else {}
    for mount in module.get("mounts") or []:
        if not isinstance(mount, dict) or mount.get("target") != "content" or not mount.get("source"):
            continue
        matrix = ((mount.get("sites") or {}).get("matrix") or {}).get("languages") or []
        for code in matrix or ([mount["lang"]] if mount.get("lang") else []):
            out[str(code).lower()] = str(mount["source"]).strip("/")
    return out


def _hugo_ignored(data: dict, layout: Layout) -> tuple[re.Pattern[str], ...]:
    out = []
    for expr in data.get("ignorefiles") or []:
        try:
            out.append(re.compile(str(expr)))
        except re.error as exc:
            layout.warnings.append(f"ignoreFiles {expr!r} is not a regular expression ({exc}); not applied")
    return tuple(out)


# -- MkDocs -------------------------------------------------------------------------------

#: What mkdocs-static-i18n reads as a locale (its RE_LOCALE).
MKDOCS_LOCALE = r"[a-z]{2}(?:-[A-Za-z]{4})?(?:-[A-Z]{2})?|[a-z]{2}_[A-Z]{2}"


def mkdocs(root: Path) -> Layout | None:
    path = next((root / n for n in ("mkdocs.yml", "mkdocs.yaml") if (root / n).is_file()), None)
    if path is None:
        return mkdocs_per_language(root)
    data = read_config(path)
    plugin = _mkdocs_i18n(data.get("plugins"))
    if plugin is None:
        return None
    entries = [x for x in plugin.get("languages") or [] if isinstance(x, dict) and x.get("locale")]
    if not entries:
        return None
    default = str(next((x["locale"] for x in entries if x.get("default")), entries[0]["locale"]))
    docs = str(data.get("docs_dir") or "docs").strip("/")
    fallback = plugin.get("fallback_to_default", True) is not False
    layout = Layout("mkdocs", locale_name(default), detected_from=path.name, fallback=fallback)
    layout.locales = [_mkdocs_locale(x, fallback) for x in entries
                      if str(x["locale"]) != default and x.get("build", True) is not False]
    if plugin.get("docs_structure", "suffix") == "folder":
        layout.rules.append(Rule((Pattern.parse(f"{docs}/{default}/{{path}}", "mkdocs"),),
                                 Pattern.parse(f"{docs}/{{lang}}/{{path}}", "mkdocs")))
        return layout
    upstream = (Pattern.parse(f"{docs}/{{path}}.{default}{{ext}}", "mkdocs"),
                Pattern.parse(f"{docs}/{{path}}{{ext}}", "mkdocs"))
    unbuilt = re.compile(rf"(?:^|/)[^/]+\.(?:{MKDOCS_LOCALE})\.[A-Za-z]+$")
    layout.rules.append(Rule(upstream, Pattern.parse(f"{docs}/{{path}}.{{lang}}{{ext}}", "mkdocs"),
                             unbuilt=unbuilt))
    return layout


def mkdocs_per_language(root: Path) -> Layout | None:
    """One MkDocs project per language (FastAPI's ``docs/en/mkdocs.yml`` with
    ``docs/en/docs/``, and ``docs/<lang>/docs/`` beside it): the English project's
    ``docs_dir`` is upstream, the same directory of each other language its translation.
    MkDocs builds each language's pages only."""
    for base in ("", "docs"):
        english, others = language_directories(root / base if base else root)
        projects = [n for n in english if any((root / base / n / f).is_file() for f in ("mkdocs.yml", "mkdocs.yaml"))]
        if not projects or not others:
            continue
        source = min(projects, key=lambda n: (len(n), n))
        prefix = f"{base}/" if base else ""
        config = next(root / base / source / f for f in ("mkdocs.yml", "mkdocs.yaml")
                      if (root / base / source / f).is_file())
        docs = str(read_config(config).get("docs_dir") or "docs").strip("/")
        others = [n for n in others if (root / base / n / docs).is_dir()]
        if not others:
            continue
        layout = Layout("mkdocs", locale_name(source),
                        detected_from=f"{prefix}{source}/{config.name}, one project per language")
        layout.locales = [spec_for(n) for n in others]
        layout.rules.append(Rule((Pattern.parse(f"{prefix}{source}/{docs}/{{path}}", "mkdocs"),),
                                 Pattern.parse(f"{prefix}{{lang}}/{docs}/{{path}}", "mkdocs")))
        return layout
    return None


def _mkdocs_locale(entry: dict, fallback: bool) -> LocaleSpec:
    """A language of mkdocs-static-i18n; its own ``fallback_to_default`` overrides the
    plugin's."""
    spec = spec_for(str(entry["locale"]), route_prefix=f"/{entry['locale']}/")
    own = entry.get("fallback_to_default")
    return dataclasses.replace(spec, fallback=own) if isinstance(own, bool) and own != fallback else spec


def _mkdocs_i18n(plugins: object) -> dict | None:
    for entry in plugins or [] if isinstance(plugins, list) else []:
        if entry == "i18n":
            return {}
        if isinstance(entry, dict) and "i18n" in entry:
            return entry["i18n"] if isinstance(entry["i18n"], dict) else {}
    if isinstance(plugins, dict) and "i18n" in plugins:
        return plugins["i18n"] if isinstance(plugins["i18n"], dict) else {}
    return None


# -- Jekyll -------------------------------------------------------------------------------

def jekyll(root: Path) -> Layout | None:
    path = next((root / n for n in ("_config.yml", "_config.yaml") if (root / n).is_file()), None)
    if path is None:
        return None
    data = read_config(path)
    plugins = {str(p) for p in (data.get("plugins") or data.get("gems") or []) if isinstance(p, str)}
    gemfile = root / "Gemfile"
    gems = gemfile.read_text(encoding="utf-8", errors="replace") if gemfile.is_file() else ""
    languages = [str(x) for x in data.get("languages") or [] if isinstance(x, str)]
    if not languages:
        return None
    if "jekyll-multiple-languages-plugin" in plugins or "jekyll-multiple-languages-plugin" in gems:
        layout = Layout("jekyll", locale_name(languages[0]), detected_from=path.name)
        layout.locales = [spec_for(code) for code in languages[1:]]
        layout.rules.append(Rule((Pattern.parse(f"_i18n/{languages[0]}/{{path}}", "jekyll"),),
                                 Pattern.parse("_i18n/{lang}/{path}", "jekyll")))
        return layout
    if "jekyll-polyglot" not in plugins and "jekyll-polyglot" not in gems:
        return None
    default = str(data.get("default_lang") or "en")
    layout = Layout("jekyll", locale_name(default), detected_from=path.name, fallback=True)
    layout.locales = [spec_for(code, route_prefix=f"/{code}/") for code in languages if code != default]
    excluded = tuple(str(x) for x in data.get("exclude") or [])
    layout.rules.append(Rule((Pattern.parse("_posts/{path}", "jekyll"),),
                             Pattern.parse("_posts/{lang}/{path}", "jekyll")))
    layout.rules.append(Rule((Pattern.parse("{path}", "jekyll"),), Pattern.parse("{lang}/{path}", "jekyll"),
                             key_field="permalink", exclude=("_*", "_*/**", "vendor/**", *excluded)))
    return layout


# -- MDN ----------------------------------------------------------------------------------

def mdn(root: Path) -> Layout | None:
    """mdn/translated-content with mdn/content, side by side in one directory or as the
    sibling checkout ``../content``."""
    if (root / "content/files/en-us").is_dir() and (root / "translated-content/files").is_dir():
        upstream, translation, upstream_root = "content/files/en-us", "translated-content/files", None
        source = "content/files/en-us/ + translated-content/files/"
    elif (root / "files").is_dir() and not (root / "files/en-us").is_dir() \
            and (root.parent / "content/files/en-us").is_dir():
        upstream, translation, upstream_root = "files/en-us", "files", (root.parent / "content").resolve()
        source = "files/ beside ../content/files/en-us/"
    else:
        return None
    layout = Layout("mdn", "en_US", detected_from=source, upstream_root=upstream_root)
    base = upstream_root or root
    layout.rules.append(Rule((Pattern.parse(f"{upstream}/{{path}}", "mdn"),),
                             Pattern.parse(f"{translation}/{{lang}}/{{path}}", "mdn"),
                             include=("**/index.md",), moved=_mdn_redirects(base / upstream / "_redirects.txt")))
    return layout


def _mdn_redirects(path: Path) -> dict[str, str]:
    """``_redirects.txt`` as ``{old path: new path}`` of ``{slug}/index.md`` keys: a renamed
    page leaves its translations at the old place."""
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return {}
    out = {}
    for line in text.splitlines():
        parts = line.split("\t")
        if len(parts) == 2 and not line.startswith("#"):
            old, new = (_mdn_key(p) for p in parts)
            if old and new:
                out[old] = new
    return out


def _mdn_key(url: str) -> str | None:
    m = re.match(r"/[^/]+/docs/(.+)$", url.strip())
    return m.group(1).lower().rstrip("/") + "/index.md" if m else None


# -- one directory per language -------------------------------------------------------------

def one_directory_per_language(root: Path, source: str | None = None) -> Layout | None:
    """Directories named by locale codes side by side, one of them English (``en/``,
    ``en-us/``) and at least one other (``ja/``, ``zh-cn/``): the English directory is
    upstream (or the directory of ``source``, the settings' ``source-language``), each other
    one a translation of it, file for file."""
    for base in LANGUAGE_DIRECTORY_BASES:
        english, others = language_directories(root / base if base else root)
        if not english or not others:
            continue
        named = _named(english + others, source) if source else []
        if named:
            source_dir = min(named, key=lambda n: (len(n), n))
            others = sorted(n for n in english + others if n != source_dir)
        else:
            source_dir = min(english, key=lambda n: (len(n), n))  # en/ before en-us/ before en-gb/
        source = source_dir
        prefix = f"{base}/" if base else ""
        layout = Layout("directories", locale_name(source),
                        detected_from=f"{prefix}{source}/ beside {', '.join(prefix + n + '/' for n in others)}")
        layout.locales = [spec_for(n) for n in others]
        layout.rules.append(Rule((Pattern.parse(f"{prefix}{source}/{{path}}", "directories"),),
                                 Pattern.parse(f"{prefix}{{lang}}/{{path}}", "directories")))
        return layout
    return None


def _named(directories: list[str], source: str) -> list[str]:
    """The directories of the locale ``source`` (``zh_CN``: ``zh-cn/``), else of its language
    when one directory alone has it (``zh-CN``: ``zh/``)."""
    wanted = locale_name(source)
    exact = [n for n in directories if locale_name(n) == wanted]
    if exact:
        return exact
    language = wanted.partition("_")[0]
    same = [n for n in directories if locale_name(n).partition("_")[0] == language]
    return same if len(same) == 1 else []


# -- defaults of the presets ----------------------------------------------------------------

def _defaults(name: str, upstream: str, translation: str, **rule) -> Layout:
    return Layout(name, "en", [Rule((Pattern.parse(upstream, name),), Pattern.parse(translation, name), **rule)],
                  fallback=name in FALLBACK, slug_routes=name in SLUG_ROUTES)


#: Generators that show the source language's page where a translation is missing, by
#: default: Starlight ("fallback content"), Docusaurus (the untranslated document is used),
#: mkdocs-static-i18n (``fallback_to_default``, true unless set), jekyll-polyglot ("fallback
#: language support"). Hugo, VitePress and MDN build a page only where its file is.
FALLBACK = frozenset({"starlight", "docusaurus", "mkdocs", "jekyll"})
#: Generators that route a page by its slug, whatever its Markdown extension, and
#: ``x/index.md`` as ``x.md`` (Docusaurus looks for a translation at the source file's own
#: relative path; VitePress builds only ``.md``, and serves ``x.md`` and ``x/index.md`` apart).
SLUG_ROUTES = frozenset({"starlight", "hugo"})


DEFAULTS = {
    "hugo": lambda: _defaults("hugo", "content/en/{path}", "content/{lang}/{path}", key_field="translationKey"),
    "docusaurus": lambda: _defaults("docusaurus", "docs/{path}", "i18n/{lang}/docusaurus-plugin-content-docs/current/{path}"),
    "mkdocs": lambda: _defaults("mkdocs", "docs/{path}{ext}", "docs/{path}.{lang}{ext}"),
    "vitepress": lambda: _defaults("vitepress", "docs/{path}", "docs/{lang}/{path}"),
    "starlight": lambda: _defaults("starlight", "src/content/docs/{path}", "src/content/docs/{lang}/{path}"),
    "jekyll": lambda: _defaults("jekyll", "_posts/{path}", "_posts/{lang}/{path}"),
    "mdn": lambda: _defaults("mdn", "files/en-us/{path}", "files/{lang}/{path}", include=("**/index.md",)),
    "dumi": lambda: _defaults("dumi", "{path}.en-US{ext}", "{path}.{lang}{ext}"),
}
PRESET_NAMES = ("mdn", "docusaurus", "starlight", "vitepress", "mkdocs", "hugo", "jekyll", "dumi")
DETECTORS = (mdn, detect_js.docusaurus, detect_js.starlight, detect_js.vitepress, mkdocs, hugo, jekyll,
             suffixes.dumi)
_SOURCE_AWARE = (suffixes.dumi,)
