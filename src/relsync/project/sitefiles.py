"""Reading a site's own files without running its generator: TOML, JSON and YAML configs
(YAML with the tags MkDocs and Jekyll sites use, read as plain values), and front matter."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import yaml

from .. import front_matter as front_matter_forms
from ..errors import ConfigError

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib


class TolerantLoader(yaml.SafeLoader):
    """A safe YAML loader that reads unknown tags (``!!python/name:...``, ``!ENV``,
    ``!relative``) as their plain value instead of failing: a site config's tags matter to
    its generator, not to which files pair. Nothing is ever constructed or run."""


def _any_tag(loader: yaml.SafeLoader, suffix: str, node: yaml.Node) -> object:
    if isinstance(node, yaml.ScalarNode):
        return loader.construct_scalar(node)
    if isinstance(node, yaml.SequenceNode):
        seq = loader.construct_sequence(node)
        return seq[-1] if suffix == "ENV" and seq else seq  # !ENV [VAR, default]: the default
    return loader.construct_mapping(node)


TolerantLoader.add_multi_constructor("!", _any_tag)
TolerantLoader.add_multi_constructor("tag:yaml.org,2002:python/", _any_tag)


def read_config(path: Path) -> dict:
    """A TOML, JSON or YAML config file as a dictionary; :class:`ConfigError` naming the file
    when it cannot be read."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: cannot read: {getattr(exc, 'strerror', None) or exc}") from None
    try:
        if path.suffix == ".toml":
            data = tomllib.loads(text)
        elif path.suffix == ".json":
            data = json.loads(text)
        else:
            data = yaml.load(text, Loader=TolerantLoader)  # noqa: S506 (a safe loader)
    except (tomllib.TOMLDecodeError, json.JSONDecodeError, yaml.YAMLError, ValueError) as exc:
        problem = str(exc).splitlines()[0] if str(exc) else exc.__class__.__name__
        raise ConfigError(f"{path}: cannot read the site's configuration: {problem}") from None
    return data if isinstance(data, dict) else {}


_FM_RE = re.compile(r"\A(?:\ufeff)?---[ \t]*\r?\n(.*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|\Z)", re.S)
_TOML_FM_RE = re.compile(r"\A(?:\ufeff)?\+\+\+[ \t]*\r?\n(.*?)\r?\n\+\+\+[ \t]*(?:\r?\n|\Z)", re.S)
#: Bytes of a file read for its front matter.
FRONT_MATTER_BYTES = 16384


def front_matter(path: Path) -> dict:
    """A Markdown file's front matter (YAML ``---`` or TOML ``+++``), ``{}`` when it has none
    or it cannot be read: discovery only consults it, the checks report broken ones."""
    try:
        with open(path, "rb") as handle:
            text = handle.read(FRONT_MATTER_BYTES).decode("utf-8", "replace")
    except OSError:
        return {}
    m = _FM_RE.match(text)
    form = front_matter_forms.YAML
    if m is None:
        m, form = _TOML_FM_RE.match(text), front_matter_forms.TOML
    if m is None:
        return {}
    data, _ = front_matter_forms.load(m.group(1), form)  # as the checks read it (2025-02-30 is text)
    return data


def merge(target: dict, data: dict, lower: bool = False) -> dict:
    """``data`` merged into ``target`` table by table (keys lower-cased when ``lower``, as
    Hugo reads them)."""
    for key, value in data.items():
        key = str(key).lower() if lower else key
        if isinstance(value, dict) and isinstance(target.get(key), dict):
            merge(target[key], value, lower)
        else:
            target[key] = _lowered(value) if lower else value
    return target


def _lowered(value: object) -> object:
    if isinstance(value, dict):
        return {str(k).lower(): _lowered(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_lowered(v) for v in value]
    return value
