"""``[tool.relsync]`` in pyproject.toml or ``relsync.toml`` -> :class:`Config`, with clear errors.

Settings are read and checked for their types here; rule names are checked against the rule
registry by :func:`relsync.checks.resolve_settings`, which the command line and the library
API call before any work starts.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path

from .errors import ConfigError, InputError
from .model import Severity

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

#: Rule families, which the settings may name instead of single rules.
RULE_FAMILIES = ("coverage", "consistency", "document", "staleness")
DEFAULT_PO_WIDTH = 79  # GNU gettext's page width (msgcat, msgmerge, xgettext)


@dataclass(slots=True)
class PoSettings:
    """``[tool.relsync.po]``: the PO workflow."""

    templates: str = ""
    """Directory of the POTs (``""``: ``<locales>/templates``)."""
    front_matter: tuple[str, ...] = ("title",)
    """Front-matter keys whose values are messages."""
    use_fuzzy: bool = False
    """Build with fuzzy translations."""
    width: int = DEFAULT_PO_WIDTH
    """PO line width (0: no wrapping)."""
    code_blocks: bool = False
    """Extract fenced code blocks too (for translated comments and sample strings)."""


@dataclass
class Config:
    """Settings of a project; every field has a default that works for the usual layout."""

    root: Path = field(default_factory=Path.cwd)
    source: Path | None = None
    """The file the settings came from, if any."""
    upstream: str = "upstream"
    locales: str = "locales"
    include: list[str] = field(default_factory=lambda: ["**/*.md"])
    ignore: list[str] = field(default_factory=list)
    fail_on: Severity = Severity.ERROR
    disable: set[str] = field(default_factory=set)
    enable: set[str] = field(default_factory=set)
    severity: dict[str, Severity] = field(default_factory=dict)
    glossary: str | None = None
    """Glossary file name, relative to ``locales/<lang>/`` (default: ``glossary.csv`` or ``.tbx``)."""
    link_prefixes: list[str] = field(default_factory=list)
    link_rewrites: dict[str, dict[str, str]] = field(default_factory=dict)
    """Per locale (or ``*``): link prefix in the translation -> upstream prefix."""
    missing_files: str = "report"
    baseline: str | None = None
    po: PoSettings = field(default_factory=PoSettings)
    """Settings of the PO workflow (``[tool.relsync.po]``)."""

    @property
    def locales_dir(self) -> Path:
        return self.root / self.locales

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
        resolved = (self.root / path).resolve()
        root = self.root.resolve()
        if resolved != root and root not in resolved.parents:
            raise ConfigError(f"{what} {str(path)!r} is outside the project root {root}")
        return resolved


def find_root(start: Path | None = None) -> tuple[Path, Path | None]:
    """The project root: the nearest directory with relsync.toml, a pyproject.toml that has
    ``[tool.relsync]``, or an ``upstream/`` directory; else the start directory."""
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
        if (directory / "upstream").is_dir():
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
    return _from_dict(data, root, source)


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
    cfg = Config(root=root, source=source)
    known = {
        "upstream", "locales", "include", "ignore", "fail-on", "disable", "enable", "severity",
        "glossary", "link-prefixes", "link-rewrites", "missing-files", "baseline", "po", "rules",
    }
    for key in data:
        if key not in known:
            raise ConfigError(f"unknown setting {key!r} in {source} (known: {', '.join(sorted(known))})")
    if "upstream" in data:
        cfg.upstream = str(data["upstream"])
    if "locales" in data:
        cfg.locales = str(data["locales"])
    if "include" in data:
        cfg.include = _strings(data["include"], "include")
    if "ignore" in data:
        cfg.ignore = _strings(data["ignore"], "ignore")
    if "fail-on" in data:
        cfg.fail_on = parse_severity(str(data["fail-on"]))
    _rules(cfg, data)
    if "glossary" in data:
        cfg.glossary = str(data["glossary"])
    if "link-prefixes" in data:
        cfg.link_prefixes = _strings(data["link-prefixes"], "link-prefixes")
    _link_rewrites(cfg, data.get("link-rewrites", {}))
    if "missing-files" in data:
        value = str(data["missing-files"])
        if value not in ("report", "ignore"):
            raise ConfigError("missing-files must be 'report' or 'ignore'")
        cfg.missing_files = value
    if "baseline" in data:
        cfg.baseline = str(data["baseline"])
    cfg.po = _po_settings(data.get("po", {}))
    return cfg


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
    known = {"templates", "front-matter", "use-fuzzy", "width", "code-blocks"}
    for key in data:
        if key not in known:
            raise ConfigError(f"unknown setting {key!r} in [tool.relsync.po] (known: {', '.join(sorted(known))})")
    out = PoSettings()
    if "templates" in data:
        out.templates = str(data["templates"])
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
