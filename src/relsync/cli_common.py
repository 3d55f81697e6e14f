"""What every ``relsync`` command shares: the settings, the pairs it runs on, output."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from .checks import apply_rule_options, resolve_settings
from .config import Config, load_config
from .errors import notice
from .io import atomic_write_text, must_be_file, refuse_overwrite
from .languages import locale_name, parse_locale
from .project import Project, discover, explicit_pair

SEVERITIES = click.Choice(["error", "warning", "info"], case_sensitive=False)


class Exit(Exception):
    """Leave the command line with this status (see :func:`relsync.cli.main`)."""

    def __init__(self, code: int) -> None:
        self.code = code


def settings(ctx: click.Context) -> Config:
    """The project's settings (``--config`` or found from the current directory), with the
    rule names checked."""
    obj = ctx.ensure_object(dict)
    if "config" not in obj:
        path = obj.get("config_path")
        obj["config"] = resolve_settings(load_config(path=Path(path) if path else None))
    return obj["config"]


def color(ctx: click.Context) -> bool:
    return bool(ctx.ensure_object(dict).get("color"))


def emit(text: str, output: str | None = None) -> None:
    """Write ``text`` to ``output`` (atomically) or to stdout."""
    if output and output != "-":
        atomic_write_text(output, text)
    else:
        click.echo(text, nl=False)


def emit_bytes(data: bytes) -> None:
    stream = getattr(sys.stdout, "buffer", sys.stdout)
    stream.write(data)
    stream.flush()


def locale_option(value: str | None) -> str | None:
    """A ``--locale`` value, checked to be a locale and named as relsync names locales
    (``zh-cn`` is ``zh_CN``)."""
    if value is None:
        return None
    parse_locale(value)
    return locale_name(value)


def project(ctx: click.Context, upstream: str | None, translation: str | None,
            locale: str | None, disable=(), enable=()) -> Project:
    """What a command runs on: the two files given, or every pair of the project; with the
    command line's rule options applied to the settings first."""
    cfg = apply_rule_options(settings(ctx), disable, enable)
    if upstream and not translation:
        raise click.UsageError("give both UPSTREAM and TRANSLATION, or neither")
    if upstream and translation:
        for path in (upstream, translation):  # a file named on the command line that is none: bad usage
            must_be_file(path, "a Markdown file")
        spec = explicit_pair(cfg, upstream, translation, locale_option(locale))
        return Project(cfg, [spec], locales=[spec.locale] if spec.locale else [])
    found = discover(cfg)
    for warning in found.warnings:
        notice(warning)
    if locale:
        locale_option(locale)
        found = found.only_locale(locale)
    return found


def refuse_overwriting_inputs(found: Project, output: str | None, *inputs: Path | str | None) -> None:
    """Refuse an output path that is one of what the command reads: the project's documents,
    its settings file, and ``inputs`` (``-o TR``, ``-o relsync.toml``, ``-o`` the baseline):
    the report would replace what it is about."""
    documents = [path for spec in found.pairs for path in (spec.upstream, spec.translation)]
    refuse_overwrite(output, *documents, found.config.source, *inputs)
