"""``[tool.relsync]`` in pyproject.toml or ``relsync.toml`` -> :class:`Config`, with clear errors."""

from __future__ import annotations

import csv
import io
import sys
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

from babel import Locale, UnknownLocaleError

from .errors import ConfigError, InputError
from .model import Severity

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

CJK_LANGUAGES = {"zh", "ja", "ko", "yue", "wuu", "lzh"}
NOT_LOCALES = {"templates", "LC_MESSAGES", "_templates"}


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
    po: dict[str, object] = field(default_factory=dict)
    """Settings of the PO workflow (``[tool.relsync.po]``)."""
    raw: dict[str, object] = field(default_factory=dict)

    @property
    def locales_dir(self) -> Path:
        return self.root / self.locales

    def rule_enabled(self, rule) -> bool:
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
            if "relsync" in data.get("tool", {}):
                return directory, pp
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
        if source.name == "pyproject.toml" or "tool" in parsed:
            data = parsed.get("tool", {}).get("relsync", {})
        else:
            data = parsed
    return _from_dict(data, root, source)


def _strings(value, key: str) -> list[str]:
    if isinstance(value, str):
        return [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"[tool.relsync] {key} must be a string or a list of strings")
    return list(value)


def _from_dict(data: dict, root: Path, source: Path | None) -> Config:
    from .checks import find_rule

    cfg = Config(root=root, source=source, raw=data)
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
    rules_table = data.get("rules", {})
    if not isinstance(rules_table, dict):
        raise ConfigError("[tool.relsync.rules] must be a table")
    for key in ("disable", "enable"):
        values = _strings(data.get(key, rules_table.get(key, [])), key)
        names = set()
        for name in values:
            rule = find_rule(name)
            if rule is None and name not in ("coverage", "consistency", "document", "staleness"):
                raise ConfigError(f"unknown rule {name!r} in {key} (see `relsync rules`)")
            names.add(rule.slug if rule else name)
        getattr(cfg, key).update(names)
    severities = data.get("severity", rules_table.get("severity", {}))
    if not isinstance(severities, dict):
        raise ConfigError("[tool.relsync.severity] must be a table of rule = severity")
    for name, value in severities.items():
        rule = find_rule(name)
        if rule is None:
            raise ConfigError(f"unknown rule {name!r} in severity (see `relsync rules`)")
        cfg.severity[rule.slug] = parse_severity(str(value))
    if "glossary" in data:
        cfg.glossary = str(data["glossary"])
    if "link-prefixes" in data:
        cfg.link_prefixes = _strings(data["link-prefixes"], "link-prefixes")
    rewrites = data.get("link-rewrites", {})
    if not isinstance(rewrites, dict):
        raise ConfigError("[tool.relsync.link-rewrites] must be a table")
    for locale, mapping in rewrites.items():
        if isinstance(mapping, str):
            cfg.link_rewrites.setdefault("*", {})[locale] = mapping
        elif isinstance(mapping, dict):
            cfg.link_rewrites[locale] = {str(k): str(v) for k, v in mapping.items()}
        else:
            raise ConfigError("[tool.relsync.link-rewrites] values must be strings or tables")
    if "missing-files" in data:
        value = str(data["missing-files"])
        if value not in ("report", "ignore"):
            raise ConfigError("missing-files must be 'report' or 'ignore'")
        cfg.missing_files = value
    if "baseline" in data:
        cfg.baseline = str(data["baseline"])
    po = data.get("po", {})
    if not isinstance(po, dict):
        raise ConfigError("[tool.relsync.po] must be a table")
    cfg.po = po
    return cfg


def parse_severity(value: str) -> Severity:
    try:
        return Severity.parse(value)
    except ValueError as exc:
        raise ConfigError(str(exc)) from None


def parse_locale(name: str) -> Locale:
    """A locale from a directory or option name (``zh_CN``, ``zh-CN``, ``pt-br``)."""
    for sep in ("_", "-"):
        try:
            return Locale.parse(name, sep=sep)
        except (ValueError, UnknownLocaleError, TypeError):
            continue
    raise ConfigError(f"{name!r} is not a locale (expected a name such as zh_CN, ja or pt_BR)")


def is_cjk(locale: str) -> bool:
    return locale.replace("-", "_").split("_")[0].lower() in CJK_LANGUAGES


def month_locales(locale: str) -> tuple[str, ...]:
    """Locales whose month names may appear in a translation into ``locale``."""
    try:
        return ("en", str(parse_locale(locale)))
    except ConfigError:
        return ("en",)


def default_link_prefixes(locale: str) -> list[str]:
    """``zh_CN`` -> ``zh-cn``, ``zh_cn``, ``zh``, ``cn``, ``zh-hans``: language prefixes of
    localized sites."""
    norm = locale.replace("_", "-").lower()
    lang, _, region = norm.partition("-")
    out = [norm, norm.replace("-", "_"), lang]
    if region:
        out.append(region)
    if lang == "zh":
        out += ["zh-hans", "zh-hant", "cn"]
    seen: list[str] = []
    for p in out:
        if p and p not in seen:
            seen.append(p)
    return seen


def read_glossary(path: Path, locale: str) -> list[tuple[str, str]]:
    """Glossary entries ``(source term, required translation)`` from a CSV or TBX file."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise InputError(str(path), f"cannot read glossary: {exc.strerror or exc}") from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(str(path), f"not valid UTF-8 at byte {exc.start}") from None
    if path.suffix.lower() == ".tbx":
        return _read_tbx(text, path, locale)
    entries = []
    reader = csv.reader(io.StringIO(text))
    for lineno, row in enumerate(reader, start=1):
        if not row or row[0].startswith("#"):
            continue
        if lineno == 1 and [c.strip().lower() for c in row[:2]] in (["source", "target"], ["en", locale.lower()], ["term", "translation"]):
            continue
        if len(row) < 2:
            raise InputError(str(path), "expected two columns: source,target", line=lineno)
        entries.append((row[0].strip(), row[1].strip()))
    return entries


def _read_tbx(text: str, path: Path, locale: str) -> list[tuple[str, str]]:
    try:
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        raise InputError(str(path), f"invalid TBX: {exc}", line=exc.position[0]) from None
    xml_lang = "{http://www.w3.org/XML/1998/namespace}lang"
    lang = locale.replace("_", "-").lower()
    entries = []
    for entry in root.iter():
        if not entry.tag.endswith("termEntry") and not entry.tag.endswith("conceptEntry"):
            continue
        terms: dict[str, str] = {}
        for lang_set in entry:
            if not lang_set.tag.endswith("langSet") and not lang_set.tag.endswith("langSec"):
                continue
            code = (lang_set.get(xml_lang) or lang_set.get("lang") or "").lower()
            term = next((t.text for t in lang_set.iter() if t.tag.endswith("term") and t.text), None)
            if term:
                terms[code] = term.strip()
        source = terms.get("en") or next((v for k, v in terms.items() if k.startswith("en")), None)
        target = terms.get(lang) or next((v for k, v in terms.items() if k.split("-")[0] == lang.split("-")[0]), None)
        if source and target:
            entries.append((source, target))
    return entries


def glossary_for(cfg: Config, locale_dir: Path, locale: str) -> list[tuple[str, str]]:
    """The glossary of a locale: the configured file, else ``glossary.csv``/``glossary.tbx``."""
    names = [cfg.glossary] if cfg.glossary else ["glossary.csv", "glossary.tbx"]
    for name in names:
        candidate = locale_dir / name
        if cfg.glossary:
            cfg.inside_root(candidate, "glossary")
        if candidate.is_file():
            return read_glossary(candidate, locale)
        if cfg.glossary:
            raise ConfigError(f"glossary {str(candidate)!r} does not exist")
    return []
