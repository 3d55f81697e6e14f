"""``[tool.relsync]`` in pyproject.toml or ``relsync.toml`` -> :class:`Config`, with clear errors.

Settings are read and checked for their types here; rule names are checked against the rule
registry by :func:`relsync.checks.resolve_settings`, which the command line and the library
API call before any work starts.
"""

from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

from .errors import ConfigError, InputError
from .io import display_path, real_path
from .languages import is_language_tag, locale_name, parse_locale
from .model import Severity
from .slugs import SLUGGERS

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

#: Rule families, which the settings may name instead of single rules.
RULE_FAMILIES = ("coverage", "consistency", "document", "staleness")
#: The Markdown a site is rendered with (``markdown = "..."``): CommonMark (markdown-it,
#: remark, goldmark, kramdown's GFM mode) or Python-Markdown (MkDocs).
MARKDOWN_FLAVORS = ("commonmark", "python-markdown")
DEFAULT_PO_WIDTH = 79  # GNU gettext's page width (msgcat, msgmerge, xgettext)
#: The layouts ``layout = "..."`` may name (see :mod:`relsync.project.layouts`).
LAYOUTS = ("relsync", "hugo", "docusaurus", "mkdocs", "vitepress", "starlight", "jekyll", "mdn", "dumi")
#: Front-matter keys that record the upstream revision a translation was synced with: relsync's
#: own and MDN's. ``mark-synced`` keeps the one a file has; ``source-commit-key`` picks the one
#: it writes into a file that has neither.
SOURCE_COMMIT_KEYS = ("relsync.source_commit", "l10n.sourceCommit")
#: The values of ``missing-files``.
MISSING_FILES = ("report", "error", "info", "ignore")
#: The Markdown files of a project unless ``include`` says otherwise.
MARKDOWN_GLOBS = ["**/*.md", "**/*.markdown", "**/*.mdx"]


#: Commit-message keywords that mark an upstream change as one translations need not follow:
#: the defaults of Lunaria, the tracker of Astro's sites, which teams already write.
STALE_IGNORE_KEYWORDS = ("lunaria-ignore", "i18nIgnore", "typo", "en-only", "broken link")


@dataclass(slots=True)
class PoSettings:
    """``[tool.relsync.po]``: the PO workflow."""

    templates: str = ""
    """Directory of the POTs (``""``: ``<locales>/templates``, or ``<directory>/templates``
    in a layout other than relsync's)."""
    directory: str = ""
    """Directory of the POs in a layout other than relsync's: ``<directory>/<lang>/NAME.po``
    (``""``: ``po``). relsync's own layout keeps them in ``locales/<lang>/LC_MESSAGES``."""
    front_matter: tuple[str, ...] = ("title",)
    """Front-matter keys whose values are messages."""
    use_fuzzy: bool = False
    """Build with fuzzy translations."""
    width: int = DEFAULT_PO_WIDTH
    """PO line width (0: no wrapping)."""
    code_blocks: bool = False
    """Extract fenced code blocks too (for translated comments and sample strings)."""


@dataclass(frozen=True, slots=True)
class PairSetting:
    """One ``[[pairs]]`` table: an upstream file (relative to ``upstream-root``) and its
    translation (relative to the project root)."""

    upstream: str
    translation: str
    locale: str | None = None
    """``None``: from the translation's front matter or text."""


@dataclass
class Config:
    """Settings of a project; every field has a default that works for the usual layout."""

    root: Path = field(default_factory=Path.cwd)
    source: Path | None = None
    """The file the settings came from, if any."""
    upstream: str = "upstream"
    """A directory (the relsync layout) or a pattern with ``{path}``: ``content/en/{path}``."""
    locales: str = "locales"
    """The directory of ``<lang>/`` directories (the relsync layout)."""
    translation: str | None = None
    """A pattern with ``{lang}`` and ``{path}`` (``content/{lang}/{path}``), or a directory of
    ``<lang>/`` directories; ``None``: ``locales``."""
    locale_codes: dict[str, str] = field(default_factory=dict)
    """``locales = [...]`` or ``{code = locale}``: the locales, by the code paths use."""
    layout: str | None = None
    """A preset of :data:`LAYOUTS`; ``None``: detected from the project's own files."""
    upstream_root: str | None = None
    """Another checkout holding the upstream files (the one path allowed outside the root)."""
    source_language: str | None = None
    pairs: list[PairSetting] = field(default_factory=list)
    """``[[pairs]]`` tables."""
    source_commit_key: str = SOURCE_COMMIT_KEYS[0]
    configured: frozenset[str] = frozenset()
    """The settings keys the file sets (a missing one means: detect)."""
    include: list[str] = field(default_factory=lambda: list(MARKDOWN_GLOBS))
    ignore: list[str] = field(default_factory=list)
    fail_on: Severity = Severity.ERROR
    disable: set[str] = field(default_factory=set)
    enable: set[str] = field(default_factory=set)
    severity: dict[str, Severity] = field(default_factory=dict)
    glossary: str | None = None
    """Glossary file name, relative to ``locales/<lang>/`` (default: ``glossary.csv`` or ``.tbx``)."""
    stale_ignore_keywords: list[str] = field(default_factory=lambda: list(STALE_IGNORE_KEYWORDS))
    """Upstream commits whose message holds one of these (any case) make nothing stale."""
    link_prefixes: list[str] = field(default_factory=list)
    link_rewrites: dict[str, dict[str, str]] = field(default_factory=dict)
    """Per locale (or ``*``): link prefix in the translation -> upstream prefix."""
    missing_files: str = "report"
    """One of :data:`MISSING_FILES`: ``report`` (at info where the generator shows the source
    page in a missing translation's place), ``error`` (at the rule's severity everywhere),
    ``info`` (at info everywhere: the site shows the source page by means relsync does not
    read, such as a build script), ``ignore``."""
    heading_ids: str | None = None
    """The slug function of the site's generator (a name of :data:`relsync.slugs.SLUGGERS`);
    ``None``: the one the layout implies."""
    markdown: str | None = None
    """The Markdown the site renders with (one of :data:`MARKDOWN_FLAVORS`); ``None``: the
    one the layout implies (Python-Markdown for MkDocs, CommonMark otherwise)."""
    baseline: str | None = None
    po: PoSettings = field(default_factory=PoSettings)
    """Settings of the PO workflow (``[tool.relsync.po]``)."""

    @property
    def locales_dir(self) -> Path:
        return self.root / self.locales

    @property
    def upstream_base(self) -> Path:
        """The directory upstream paths are relative to: ``upstream-root``, else the root."""
        if self.upstream_root is None:
            return self.root
        return (self.root / self.upstream_root).resolve()

    def inside_upstream_root(self, path: Path, what: str) -> Path:
        """``path`` (relative to ``upstream-root``) resolved; an error if it leaves it."""
        if self.upstream_root is None:
            return self.inside_root(path, what)
        base = self.upstream_base
        resolved = (base / path).resolve()
        if resolved != base and base not in resolved.parents:
            raise ConfigError(f"{what} {str(path)!r} is outside upstream-root {base}")
        return resolved

    @property
    def templates(self) -> str:
        """The directory of the POTs, relative to the root."""
        return self.po.templates or f"{self.locales}/templates"

    def rule_enabled(self, rule) -> bool:
        """Whether a rule runs: enabled by id, slug or family wins over disabled."""
        names = {rule.id, rule.slug, f"{rule.family}.{rule.slug}", rule.family}
        if names & self.enable:
            return True
        return not (names & self.disable)

    def rule_severity(self, rule) -> Severity:
        for name in (rule.id, rule.slug, f"{rule.family}.{rule.slug}"):
            if name in self.severity:
                return self.severity[name]
        return rule.severity

    def inside_root(self, path: Path, what: str) -> Path:
        """``path`` resolved; an error if it leaves the project root (``..``, symlinks)."""
        resolved = real_path(os.path.join(self.root, path))  # (strings: once for every file found)
        root = real_path(self.root)
        if resolved != root and not resolved.startswith(os.path.join(root, "")):
            raise ConfigError(f"{what} {str(path)!r} is outside the project root {root}")
        return Path(resolved)


#: Files and directories that mark the root of a site whose layout relsync detects.
SITE_MARKERS = (
    "hugo.toml", "hugo.yaml", "hugo.yml", "hugo.json", "config/_default", "mkdocs.yml", "mkdocs.yaml",
    *(f"{site}docusaurus.config.{e}" for site in ("", "website/") for e in ("ts", "mts", "cts", "js", "mjs", "cjs")),
    *(f"astro.config.{e}" for e in ("mjs", "js", "ts", "mts")),
    ".vitepress", "docs/.vitepress", "_config.yml", "_config.yaml", "content/files/en-us",
    ".dumirc.ts", ".dumirc.js", ".umirc.ts", ".umirc.js",
)


#: Where a project keeps one directory per language (``en/`` beside ``ja/``).
LANGUAGE_DIRECTORY_BASES = ("", "docs", "content")


def _site_root(directory: Path) -> bool:
    """Whether a directory is the root of a site: a generator's configuration, or MDN's
    translated-content beside mdn/content."""
    if any((directory / m).exists() for m in SITE_MARKERS):
        return True
    return (directory / "files").is_dir() and (directory.parent / "content/files/en-us").is_dir()


def _language_root(directory: Path) -> bool:
    """Whether a directory keeps one directory per language, itself or in ``docs/`` or
    ``content/``."""
    return any(all(language_directories(directory / base)) for base in LANGUAGE_DIRECTORY_BASES)


def language_directories(directory: Path) -> tuple[list[str], list[str]]:
    """The subdirectories of ``directory`` named by locale codes: the English ones (``en``,
    ``en-us``) and the others (``ja``, ``zh-cn``), each sorted."""
    try:
        names = sorted(d.name for d in directory.iterdir() if d.is_dir() and not d.name.startswith("."))
    except OSError:
        return [], []
    codes = [n for n in names if is_language_tag(n)]
    english = [n for n in codes if n.replace("_", "-").partition("-")[0].lower() == "en"]
    return english, [n for n in codes if n not in english]


def find_root(start: Path | None = None) -> tuple[Path, Path | None]:
    """The project root: the nearest directory with relsync.toml or a pyproject.toml that
    has ``[tool.relsync]``; without settings, the nearest directory with an ``upstream/``
    directory or a site relsync detects (a generator's configuration); else the nearest
    with one directory per language; else the repository's root (the nearest directory with
    ``.git``), where a site one or two directories below is found; else the start directory."""
    start = (start or Path.cwd()).resolve()
    for directory in (start, *start.parents):
        rs = directory / "relsync.toml"
        if rs.is_file():
            return directory, rs
        pp = directory / "pyproject.toml"
        if pp.is_file():
            try:
                data = tomllib.loads(pp.read_text(encoding="utf-8"))
            except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
                data = {}
            tool = data.get("tool", {})
            if "relsync" in (tool if isinstance(tool, dict) else str(tool)):
                return directory, pp  # a [tool] that is not a table is reported by load_config
    for directory in (start, *start.parents):
        if (directory / "upstream").is_dir() or _site_root(directory):
            return directory, None
    for directory in (start, *start.parents):
        if _language_root(directory):
            return directory, None
    for directory in (start, *start.parents):
        if (directory / ".git").exists():  # the repository's root: a site may be below it
            return directory, None
    return start, None


def load_config(root: Path | None = None, path: Path | None = None) -> Config:
    """Read the settings of the project at ``root`` (found from the current directory)."""
    if path is not None:
        source: Path | None = path
        root = root or path.resolve().parent
    else:
        root, source = find_root(root)
    data: dict = {}
    if source is not None:
        try:
            text = source.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise InputError(str(source), "config file not found") from None
        except (OSError, UnicodeDecodeError) as exc:
            raise InputError(str(source), f"cannot read config: {exc}") from None
        try:
            parsed = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            line = getattr(exc, "lineno", None)
            raise InputError(str(source), f"invalid TOML: {exc}", line=line) from None
        data = _settings_table(parsed, source)
    try:
        return _from_dict(data, root, source)
    except ConfigError as exc:
        raise located(exc, source, data) from None


def located(exc: ConfigError, source: Path | None, keys) -> ConfigError:
    """``exc``, about a setting of ``source`` (one of ``keys``), with the file and the line of
    the setting it names first before its message: ``relsync.toml:2: unknown layout …``."""
    if source is None or exc.path is not None:
        return exc
    message = exc.problem
    named = sorted((m.start(), key) for key in keys
                   for m in [re.search(rf"(?<![\w-]){re.escape(str(key))}(?![\w-])", message)] if m)
    try:
        lines = source.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        lines = []
    line = next((n for _, key in named if (n := _key_line(lines, str(key), source.name == "pyproject.toml"))), None)
    return ConfigError(message, display_path(source), line)


def _key_line(lines: list[str], key: str, in_tool: bool) -> int | None:
    """The line that sets ``key`` (or opens its table) in a settings file, from 1; in
    pyproject.toml, within ``[tool.relsync]`` and its tables."""
    pattern = re.compile(rf"""\s*(\[\[?\s*(tool\.relsync\.)?)?["']?{re.escape(key)}["']?\s*(=|\]\]?)""")
    inside = not in_tool
    for n, text in enumerate(lines, 1):
        if in_tool and text.lstrip().startswith("["):
            inside = text.strip().strip("[]").strip().startswith("tool.relsync")
        if inside and pattern.match(text):
            return n
    return None


def _settings_table(parsed: dict, source: Path) -> dict:
    """The relsync table of a settings file: ``[tool.relsync]``, or the whole of relsync.toml."""
    if source.name != "pyproject.toml" and "tool" not in parsed:
        data = parsed
    else:
        tool = parsed.get("tool", {})
        if not isinstance(tool, dict):
            raise InputError(str(source), f"tool must be a table ([tool.relsync]), not {_toml_type(tool)}")
        data = tool.get("relsync", {})
        if not isinstance(data, dict):
            raise InputError(str(source), f"[tool.relsync] must be a table of settings, not {_toml_type(data)}")
    _refuse_nul(data, "")
    return data


def _toml_type(value: object) -> str:
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    return {str: "a string", list: "an array"}.get(type(value), "a value")


def _refuse_nul(value: object, key: str) -> None:
    """A NUL in a setting is never a usable path or pattern (the operating system refuses it)."""
    if isinstance(value, dict):
        for k, v in value.items():
            _refuse_nul(v, f"{key}.{k}" if key else str(k))
    elif isinstance(value, list):
        for v in value:
            _refuse_nul(v, key)
    elif isinstance(value, str) and "\x00" in value:
        raise ConfigError(f"setting {key} {value!r} contains a NUL character")


def _strings(value, key: str) -> list[str]:
    if isinstance(value, str):
        return [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"[tool.relsync] {key} must be a string or a list of strings")
    return list(value)


def _from_dict(data: dict, root: Path, source: Path | None) -> Config:
    cfg = Config(root=root, source=source, configured=frozenset(data))
    known = {
        "upstream", "locales", "include", "ignore", "fail-on", "disable", "enable", "severity",
        "glossary", "link-prefixes", "link-rewrites", "missing-files", "baseline", "po", "rules",
        "heading-ids", "stale-ignore-keywords", "markdown", *LAYOUT_KEYS,
    }
    for key in data:
        if key not in known:
            raise ConfigError(f"unknown setting {key!r} (known: {', '.join(sorted(known))})")
    _layout_settings(cfg, data)
    if "include" in data:
        cfg.include = _strings(data["include"], "include")
    if "ignore" in data:
        cfg.ignore = _strings(data["ignore"], "ignore")
    if "fail-on" in data:
        try:
            cfg.fail_on = parse_severity(str(data["fail-on"]))
        except ConfigError as exc:
            raise ConfigError(f"fail-on: {exc}") from None
    _rules(cfg, data)
    if "glossary" in data:
        cfg.glossary = str(data["glossary"])
    if "link-prefixes" in data:
        cfg.link_prefixes = _strings(data["link-prefixes"], "link-prefixes")
    _link_rewrites(cfg, data.get("link-rewrites", {}))
    if "missing-files" in data:
        value = str(data["missing-files"])
        if value not in MISSING_FILES:
            raise ConfigError("missing-files must be 'report', 'error', 'info' or 'ignore'")
        cfg.missing_files = value
    if "baseline" in data:
        cfg.baseline = str(data["baseline"])
    if "heading-ids" in data:
        value = data["heading-ids"]
        if value not in SLUGGERS:
            raise ConfigError(f"unknown heading-ids {value!r} (known: {', '.join(SLUGGERS)})")
        cfg.heading_ids = value
    if "stale-ignore-keywords" in data:
        cfg.stale_ignore_keywords = [k for k in _strings(data["stale-ignore-keywords"], "stale-ignore-keywords")
                                     if k.strip()]
    if "markdown" in data:
        if data["markdown"] not in MARKDOWN_FLAVORS:
            raise ConfigError(f"markdown must be one of {', '.join(MARKDOWN_FLAVORS)}")
        cfg.markdown = str(data["markdown"])
    cfg.po = _po_settings(data.get("po", {}))
    return cfg


#: The settings that say where the files are and how they pair.
LAYOUT_KEYS = ("layout", "translation", "upstream-root", "source-language", "pairs", "source-commit-key")


def _path_setting(value: object, key: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ConfigError(f"{key} must be a path (a non-empty string)")
    if "\x00" in value:
        raise ConfigError(f"{key} {value!r} contains a NUL character")
    return value


def _layout_settings(cfg: Config, data: dict) -> None:
    """``layout``, ``upstream``, ``translation``, ``locales``, ``upstream-root``,
    ``source-language``, ``[[pairs]]`` and ``source-commit-key``, checked for their types;
    :mod:`relsync.project` checks the patterns."""
    if "layout" in data:
        if data["layout"] not in LAYOUTS:
            raise ConfigError(f"unknown layout {data['layout']!r} (known: {', '.join(LAYOUTS)})")
        cfg.layout = data["layout"]
    if "upstream" in data:
        cfg.upstream = _path_setting(data["upstream"], "upstream")
    if "translation" in data:
        cfg.translation = _path_setting(data["translation"], "translation")
    if "locales" in data:
        _locales_setting(cfg, data["locales"])
    if "upstream-root" in data:
        cfg.upstream_root = _path_setting(data["upstream-root"], "upstream-root")
    if "source-language" in data:
        cfg.source_language = _locale_setting(data["source-language"], "source-language")
    if "pairs" in data:
        cfg.pairs = _pair_settings(data["pairs"])
    if "source-commit-key" in data:
        if data["source-commit-key"] not in SOURCE_COMMIT_KEYS:
            raise ConfigError(f"source-commit-key must be one of {', '.join(SOURCE_COMMIT_KEYS)}")
        cfg.source_commit_key = data["source-commit-key"]


def _locale_setting(value: object, key: str) -> str:
    if not isinstance(value, str):
        raise ConfigError(f"{key} must be a locale name such as zh_CN")
    parse_locale(value)
    return value


def _locales_setting(cfg: Config, value: object) -> None:
    """A directory (the relsync layout), a list of locale codes, or a table code -> locale."""
    if isinstance(value, str):
        cfg.locales = _path_setting(value, "locales")
        return
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        cfg.locale_codes = {v: locale_name(v) for v in value}
    elif isinstance(value, dict) and all(isinstance(v, str) for v in value.values()):
        cfg.locale_codes = {str(k): v for k, v in value.items()}
    else:
        raise ConfigError("locales must be a directory, a list of locale codes, or a table "
                          "code = locale")
    for code, locale in cfg.locale_codes.items():
        if not code or "/" in code or "\x00" in code:
            raise ConfigError(f"locales: {code!r} is not a locale code")
        try:
            parse_locale(locale)
        except ConfigError as exc:
            raise ConfigError(f"locales: {exc}") from None


def _pair_settings(value: object) -> list[PairSetting]:
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        raise ConfigError("pairs must be [[pairs]] tables with upstream and translation")
    out = []
    for k, table in enumerate(value, start=1):
        unknown = set(table) - {"upstream", "translation", "locale"}
        if unknown:
            raise ConfigError(f"[[pairs]] {k}: unknown key {sorted(unknown)[0]!r} "
                              "(known: locale, translation, upstream)")
        for key in ("upstream", "translation"):
            if key not in table:
                raise ConfigError(f"[[pairs]] {k}: {key} is missing")
        locale = table.get("locale")
        out.append(PairSetting(_path_setting(table["upstream"], "[[pairs]] upstream"),
                               _path_setting(table["translation"], "[[pairs]] translation"),
                               _locale_setting(locale, "[[pairs]] locale") if locale is not None else None))
    return out


def _rules(cfg: Config, data: dict) -> None:
    """``disable``, ``enable`` and ``severity`` (also under ``[tool.relsync.rules]``), as the
    names were written; :func:`relsync.checks.resolve_settings` checks them."""
    rules_table = data.get("rules", {})
    if not isinstance(rules_table, dict):
        raise ConfigError("[tool.relsync.rules] must be a table")
    for key in ("disable", "enable"):
        getattr(cfg, key).update(_strings(data.get(key, rules_table.get(key, [])), key))
    severities = data.get("severity", rules_table.get("severity", {}))
    if not isinstance(severities, dict):
        raise ConfigError("[tool.relsync.severity] must be a table of rule = severity")
    for name, value in severities.items():
        cfg.severity[name] = parse_severity(str(value))


def _link_rewrites(cfg: Config, rewrites: object) -> None:
    if not isinstance(rewrites, dict):
        raise ConfigError("[tool.relsync.link-rewrites] must be a table")
    for locale, mapping in rewrites.items():
        if isinstance(mapping, str):
            cfg.link_rewrites.setdefault("*", {})[locale] = mapping
        elif isinstance(mapping, dict):
            cfg.link_rewrites[locale] = {str(k): str(v) for k, v in mapping.items()}
        else:
            raise ConfigError("[tool.relsync.link-rewrites] values must be strings or tables")


def _po_settings(data: object) -> PoSettings:
    if not isinstance(data, dict):
        raise ConfigError("[tool.relsync.po] must be a table")
    known = {"templates", "directory", "front-matter", "use-fuzzy", "width", "code-blocks"}
    for key in data:
        if key not in known:
            raise ConfigError(f"unknown setting {key!r} in [tool.relsync.po] (known: {', '.join(sorted(known))})")
    out = PoSettings()
    for key in ("templates", "directory"):
        if key in data:
            if not isinstance(data[key], str) or not data[key].strip():
                raise ConfigError(f"[tool.relsync.po] {key} must be a directory path")
            setattr(out, key, data[key])
    if "front-matter" in data:
        value = data["front-matter"]
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise ConfigError("[tool.relsync.po] front-matter must be a list of key names")
        out.front_matter = tuple(value)
    for key, attr in (("use-fuzzy", "use_fuzzy"), ("code-blocks", "code_blocks")):
        if key in data:
            if not isinstance(data[key], bool):
                raise ConfigError(f"[tool.relsync.po] {key} must be true or false")
            setattr(out, attr, data[key])
    if "width" in data:
        if not isinstance(data["width"], int) or isinstance(data["width"], bool):
            raise ConfigError("[tool.relsync.po] width must be a number (0: no wrapping)")
        out.width = data["width"]
    return out


def parse_severity(value: str) -> Severity:
    try:
        return Severity.parse(value)
    except ValueError as exc:
        raise ConfigError(str(exc)) from None
