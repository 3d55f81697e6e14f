"""What every ``relsync`` command shares: the settings, the pairs it runs on, output."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from .checks import apply_rule_options, resolve_settings
from .config import Config, load_config
from .errors import InputError, RelsyncError, notice
from .io import check_output, must_be_file, refuse_overwrite, write_output
from .languages import locale_name, parse_locale
from .project import Project, discover, explicit_pair, require_pairs, select

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
    """Write ``text`` to ``output`` (atomically, or into a special file such as /dev/null or
    a pipe) or to stdout."""
    if output and output != "-":
        write_output(output, text.encode("utf-8"))
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


def project(ctx: click.Context, paths: tuple[str, ...] | list[str], locale: str | None,
            disable=(), enable=(), changed_since: str | None = None) -> Project:
    """What a command runs on, with the command line's rule options applied to the settings
    first: every pair of the project; the pairs that the given files or directories involve
    (an upstream file, a translation, a directory of either); the pairs whose files changed
    since a git revision; or, for two files that are not two documents of the project, that
    pair (``relsync check UPSTREAM TRANSLATION``)."""
    cfg = apply_rule_options(settings(ctx), disable, enable)
    paths = list(paths)
    for path in paths:
        if not Path(path).exists():
            raise InputError(path, "no such file")
    found = None
    if len(paths) == 2 and not changed_since:
        found = _discover_quietly(cfg)
        if found is None or not _two_documents(found, paths):
            for path in paths:  # a pair named on the command line that is not two files: bad usage
                must_be_file(path, "a Markdown file")
            spec = explicit_pair(cfg, paths[0], paths[1], locale_option(locale))
            return Project(cfg, [spec], locales=[spec.locale] if spec.locale else [])
    found = found or discover(cfg)
    for warning in found.warnings:
        notice(warning)
    require_pairs(found)
    if changed_since:
        roots = [cfg.root] + ([found.layout.upstream_root] if found.layout and found.layout.upstream_root else [])
        paths += [str(p) for p in select.changed_since(changed_since, roots)]
        found = select.involving(found, paths)
    elif paths:
        for path in select.unknown(found, paths):
            notice(f"{path}: not a document of the project; not checked")
        found = select.involving(found, paths)
    if locale:
        locale_option(locale)
        found = found.only_locale(locale)
    return found


def _discover_quietly(cfg: Config) -> Project | None:
    try:
        return discover(cfg)
    except RelsyncError:
        return None


def _two_documents(found: Project, paths: list[str]) -> bool:
    """Whether two paths are a list of documents to check rather than an upstream and its
    translation: both known to the project, and not an upstream document followed by a
    translation (paired or not, as after a rename)."""
    if select.unknown(found, paths):
        return False
    roles = select.roles(found)
    return not (roles.get(os.path.realpath(paths[0])) == "upstream"
                and roles.get(os.path.realpath(paths[1])) == "translation")


def refuse_overwriting_inputs(found: Project, output: str | None, *inputs: Path | str | None) -> None:
    """Refuse an output path that is one of what the command reads: the project's documents,
    its settings file, and ``inputs`` (``-o TR``, ``-o relsync.toml``, ``-o`` the baseline):
    the report would replace what it is about."""
    documents = [path for spec in found.pairs for path in (spec.upstream, spec.translation)]
    refuse_overwrite(output, *documents, found.config.source, *inputs)
    check_output(output)
