"""``relsync pairs`` (what discovery found) and ``relsync init`` (a starter relsync.toml)."""

from __future__ import annotations

import itertools
import json
import os
from pathlib import Path

import click

from .cli_common import Exit, emit, locale_option, settings
from .config import LAYOUTS, Config
from .errors import EXIT_ERROR, EXIT_OK, ConfigError
from .io import atomic_write_text, display_path
from .project import Project, discover, layout_for, markdown_files, require_pairs
from .project.starter import blank_config, describe, starter_config
from .report import pairs as pairs_report


def warn(messages: list[str]) -> None:
    for message in messages:
        click.echo(f"relsync: warning: {message}", err=True)


@click.command(name="pairs")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("-l", "--locale", help="Only this locale.")
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write to a file instead of stdout.")
@click.pass_context
def pairs(ctx: click.Context, fmt: str, locale: str | None, output: str | None) -> None:
    """Show which upstream file pairs with which translation, and the files without a
    partner: what relsync understood of the project's layout."""
    found = discover(settings(ctx))
    if fmt == "text":
        warn(found.warnings)
    require_pairs(found)
    if locale:
        locale_option(locale)
        found = found.only_locale(locale)
    data = found.to_dict()
    if fmt == "json":
        emit(json.dumps(data, ensure_ascii=False, indent=2) + "\n", output)
    else:
        emit(pairs_report.render(data), output)
    raise Exit(EXIT_OK)


def _has_settings(cfg: Config) -> Path | None:
    """The settings file a project already has (relsync.toml, or pyproject.toml with
    ``[tool.relsync]``)."""
    if cfg.source is not None:
        return cfg.source
    candidate = cfg.root / "relsync.toml"
    return candidate if candidate.exists() else None


@click.command(name="init")
@click.option("--layout", "layout_name", type=click.Choice(LAYOUTS),
              help="The layout to write (default: the one detected).")
@click.pass_context
def init(ctx: click.Context, layout_name: str | None) -> None:
    """Write a starter relsync.toml for the layout of the project (commented), and say what
    was detected. An existing relsync.toml or [tool.relsync] is never replaced."""
    cfg = settings(ctx)
    existing = _has_settings(cfg)
    if existing is not None:
        click.echo(f"relsync: error: {display_path(existing)}: the project already has settings; "
                   "not replaced (edit it, or remove it first)", err=True)
        raise Exit(EXIT_ERROR)
    if layout_name:
        cfg.layout = layout_name
    target = cfg.root / "relsync.toml"
    try:
        layout = layout_for(cfg)
    except ConfigError as exc:
        if layout_name or not str(exc).startswith("no layout found"):
            raise ConfigError(f"{exc} (or name one: relsync init --layout hugo)") from None
        examples = list(itertools.islice(markdown_files(cfg), 8))
        atomic_write_text(target, blank_config(examples))
        click.echo(f"no layout detected in {display_path(cfg.root)}: wrote {display_path(target)} with the rules "
                   "to set commented (upstream and translation), and the Markdown files found")
        raise Exit(EXIT_OK) from None
    found: Project = discover(cfg, layout)
    locales = [(x, found.codes.get(x, x)) for x in found.locales + found.not_started]
    upstream_root = None
    if layout.upstream_root is not None:  # relative to the root, as the setting is read
        upstream_root = os.path.relpath(layout.upstream_root, cfg.root.resolve()).replace(os.sep, "/")
    atomic_write_text(target, starter_config(layout, locales, upstream_root))
    warn(found.warnings)
    click.echo(f"detected {describe(layout, locales)}")
    orphans = len(found.orphans)
    click.echo(f"wrote {display_path(target)}: {len(found.pairs)} pairs, {len(found.missing)} missing, "
               f"{orphans} orphan{'' if orphans == 1 else 's'} (relsync pairs shows them)")
    raise Exit(EXIT_OK)
