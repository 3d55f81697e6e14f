"""The ``relsync`` command line: each command parses options, runs the library, renders, and
returns an exit status (see :func:`main`).

Exit status: 0 clean, 1 findings at or above the fail threshold, 2 bad usage or input, 3 an
internal error.
"""

from __future__ import annotations

import os
import shutil
import sys
import traceback
from pathlib import Path

import click

from . import runner
from ._version import __version__
from .baseline import DEFAULT_PATH, baseline_path, write_baseline
from .checks import find_rule
from .checks import rules as all_rules
from .cli_common import SEVERITIES, Exit, color, emit, locale_option, project, refuse_overwriting_inputs
from .config import parse_severity
from .errors import EXIT_ERROR, EXIT_FINDINGS, EXIT_OK, ConfigError, RelsyncError, drain_notices
from .io import display_path, printable, refuse_overwrite
from .pipeline import align_files, load_document
from .report import FINDING_FORMATS, render_findings
from .report import json as json_report
from .report.text import format_finding


def _env_width() -> int | None:
    value = os.environ.get("COLUMNS")
    return int(value) if value and value.isdigit() else None


def _cache(cfg, use_cache: bool, cache_dir: str | None) -> runner.Cache | None:
    if not use_cache:
        return None
    return runner.Cache(Path(cache_dir) if cache_dir else cfg.root / ".relsync-cache")


def _run(found, jobs: int, cache, quiet: bool, **options) -> runner.CheckResult:
    """Run the pipeline over a project, with a progress bar for a person at a terminal."""
    jobs = jobs or runner.default_jobs()
    if len(found.pairs) >= 20 and not quiet and runner.show_progress():
        with click.progressbar(length=len(found.pairs), label="checking", file=sys.stderr) as bar:
            return runner.run(found, jobs=jobs, cache=cache, progress=bar.update, **options)
    return runner.run(found, jobs=jobs, cache=cache, **options)


def _exit_for(findings, threshold) -> Exit:
    return Exit(EXIT_FINDINGS if any(f.severity >= threshold for f in findings) else EXIT_OK)


pipeline_options = [
    click.option("--disable", multiple=True, metavar="RULE", help="Turn a rule off (id or slug); repeatable."),
    click.option("--enable", multiple=True, metavar="RULE", help="Turn a rule on (id or slug); repeatable."),
    click.option("-j", "--jobs", type=click.IntRange(0), default=1, show_default=True,
                 help="Check file pairs in N parallel processes (0: one per CPU)."),
    click.option("--cache/--no-cache", "use_cache", default=True, show_default=True,
                 help="Reuse results of unchanged pairs from the cache directory."),
    click.option("--cache-dir", type=click.Path(file_okay=False),
                 help="Cache directory (default: .relsync-cache at the project root; safe to delete)."),
]


def _with_pipeline_options(f):
    for option in reversed(pipeline_options):
        f = option(f)
    return f


class _Commands(click.Group):
    """The command group; `relsync po` (and babel's catalog code) loads only when used."""

    lazy = {"po": ("relsync.cli_po", "po"), "pairs": ("relsync.cli_project", "pairs"),
            "init": ("relsync.cli_project", "init")}

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.lazy})

    def get_command(self, ctx: click.Context, name: str):
        if name in self.lazy and name not in self.commands:
            import importlib

            module, attr = self.lazy[name]
            self.add_command(getattr(importlib.import_module(module), attr), name)
        return super().get_command(ctx, name)


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(__version__, prog_name="relsync")
@click.option("--config", "config_path", type=click.Path(dir_okay=False),
              help="Settings file (default: relsync.toml or [tool.relsync] in pyproject.toml).")
@click.option("--color/--no-color", default=None, help="Colour the output (default: on a terminal).")
@click.pass_context
def cli(ctx: click.Context, config_path: str | None, color: bool | None) -> None:
    """Keep translated Markdown in sync with its upstream."""
    obj = ctx.ensure_object(dict)
    obj["config_path"] = config_path
    obj["color"] = sys.stdout.isatty() if color is None else color


@cli.command()
@click.argument("upstream", type=click.Path())
@click.argument("translation", type=click.Path())
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("-l", "--locale", help="Locale of the translation (default: from its path).")
def align(upstream: str, translation: str, fmt: str, locale: str | None) -> None:
    """Align UPSTREAM with TRANSLATION and print the block pairs with their scores."""
    al = align_files(upstream, translation, locale_option(locale))
    if fmt == "json":
        click.echo(json_report.render_alignment(al), nl=False)
        return
    for pair in al.pairs:
        up = al.span(pair, "upstream")
        tr = al.span(pair, "translation")
        show = lambda s: f"{s[0]}-{s[1]}" if s else "-"  # noqa: E731
        click.echo(f"{show(up):>9}  {show(tr):>9}  {pair.score:4.2f}  {pair.kind}" + ("  moved" if pair.moved else ""))


@cli.command()
@click.argument("paths", nargs=-1, type=click.Path(), metavar="[PATH]...")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "markdown", "html"]), default="text",
              show_default=True)
@click.option("-l", "--locale", help="Only this locale (or: the translation's locale).")
@click.option("--since", metavar="REV",
              help="Compare upstream with REV instead of each translation's synced revision.")
@click.option("--base", metavar="REF",
              help="Pull-request mode: what upstream changes since the merge base with REF make stale, "
                   "and which of them the translations already address.")
@click.option("-w", "--width", type=click.IntRange(20, 1000), help="Terminal width (default: detected).")
@click.option("--lines", "max_lines", type=click.IntRange(0), default=3, show_default=True,
              help="Lines of text shown per side of a pair (0: all).")
@click.option("-p", "--only-problems", is_flag=True, help="Show only pairs with a finding.")
@click.option("--fail-on", type=SEVERITIES, default="warning", show_default=True,
              help="Exit 1 when a finding has this severity or higher.")
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write to a file instead of stdout.")
@click.option("--changed-since", metavar="REF",
              help="Only the pairs whose upstream or translation changed since the git revision REF.")
@_with_pipeline_options
@click.pass_context
def diff(ctx, paths, fmt, locale, since, base, width, max_lines, only_problems, fail_on,
         output, changed_since, disable, enable, jobs, use_cache, cache_dir):
    """Show each upstream document and its translation aligned side by side, marking what is
    wrong.

    With no arguments, runs every pair of the project; with files or directories (upstream
    documents, translations), the pairs they involve; with UPSTREAM TRANSLATION, two files
    that are not both documents of the project, that pair. In a git work tree, passages
    whose upstream changed since the translation was synced are stale.
    """
    if since and base:
        raise click.UsageError("give --since or --base, not both")
    found = project(ctx, paths, locale, disable, enable, changed_since)
    cfg = found.config
    refuse_overwriting_inputs(found, output, baseline_path(cfg))
    result = _run(found, jobs, _cache(cfg, use_cache, cache_dir), quiet=fmt != "text" or bool(output),
                  baseline=baseline_path(cfg), reports=fmt != "json", since=since, base=base)
    if fmt == "text":
        emit(_diff_text(result, width or _env_width() or shutil.get_terminal_size((100, 24)).columns,
                        max_lines, only_problems, color(ctx) and not output), output)
    elif fmt in ("markdown", "html"):
        from .report import html, markdown_diff

        renderer = html.render if fmt == "html" else markdown_diff.render
        emit(renderer(result.reports, result.summary(), extra=result.files), output)
    else:
        emit(render_findings(fmt, result.findings, result.summary()), output)
    raise _exit_for(result.findings, parse_severity(fail_on))


def _diff_text(result: runner.CheckResult, width: int, max_lines: int, only_problems: bool,
               colored: bool) -> str:
    from .report import terminal
    from .report.text import format_finding, summary_line

    shown = result.reports
    if only_problems and len(shown) > 1:  # a project: the pairs with problems (and the summary)
        shown = [r for r in shown if r.findings]
    chunks = [terminal.render(r.alignment, r.findings, width=width, max_lines=max_lines,
                              only_problems=only_problems, color=colored, locale=r.spec.locale)
              + terminal.staleness_line(r.staleness) for r in shown]
    for f in result.files:
        chunks.append(format_finding(f, colored) + "\n")
    chunks.append(summary_line(result.summary()) + "\n")
    return "\n".join(chunks)


@cli.command(name="report")
@click.argument("paths", nargs=-1, type=click.Path(), metavar="[PATH]...")
@click.option("-o", "--output", required=True, type=click.Path(file_okay=False),
              help="The directory to write the site into (made when missing).")
@click.option("-l", "--locale", help="Only this locale.")
@click.option("--title", default="relsync status", show_default=True, help="The site's title.")
@click.option("--file-url", metavar="TEMPLATE", default="",
              help="A file's page on the repository host, with {path} (e.g. "
                   "https://github.com/ORG/REPO/blob/main/{path}).")
@click.option("--history-url", metavar="TEMPLATE", default="",
              help="A file's history on the repository host, with {path} (e.g. "
                   "https://github.com/ORG/REPO/commits/main/{path}).")
@click.option("--changed-since", metavar="REF",
              help="Only the pairs whose upstream or translation changed since the git revision REF.")
@_with_pipeline_options
@click.pass_context
def report_cmd(ctx, paths, output, locale, title, file_url, history_url, changed_since, disable, enable, jobs,
               use_cache, cache_dir):
    """Write a static status site of the project's translations into a directory: each
    locale's progress, a page-by-locale matrix, and each pair side by side."""
    from .report import site

    found = project(ctx, paths, locale, disable, enable, changed_since)
    cfg = found.config
    if Path(output).exists() and not Path(output).is_dir():
        raise ConfigError(f"{output}: not a directory (give the directory to write the site into)")
    result = _run(found, jobs, _cache(cfg, use_cache, cache_dir), quiet=False, baseline=baseline_path(cfg),
                  reports=True)
    links = site.Links(file_url, history_url)
    entries = site.entries_of(result, found)
    pages = [(e.page, site.pair_page(r, e, links)) for r, e in zip(result.reports, entries)]
    written = site.write_site(output, entries, pages, title, links)
    click.echo(f"wrote {len(written)} pages to {output}/ (open {output}/index.html)", err=True)
    raise Exit(EXIT_OK)


@cli.command(name="mark-synced")
@click.argument("upstream", required=False, type=click.Path())
@click.argument("translation", required=False, type=click.Path())
@click.option("-l", "--locale", help="Only this locale (or: the translation's locale).")
@click.option("--rev", default="HEAD", show_default=True, metavar="REV",
              help="The upstream revision the translation is now in sync with.")
@click.pass_context
def mark_synced(ctx, upstream, translation, locale, rev):
    """Record in the translation's front matter that it is in sync with upstream at REV
    (`relsync: {source_commit: SHA}`, or `l10n: {sourceCommit: SHA}` where the file has it);
    staleness is then measured from there. REV is a revision of the checkout holding the
    upstream file (upstream-root, when it is another).

    With no arguments, marks every translation of the project.
    """
    from . import stale

    found = project(ctx, [p for p in (upstream, translation) if p], locale)
    for spec in found.pairs:
        sha, changed = stale.mark_synced(spec.upstream, spec.translation, rev, found.config.source_commit_key)
        state = "marked" if changed else "already"
        click.echo(f"{state} {display_path(spec.translation)}: synced with "
                   f"{display_path(spec.upstream)} at {sha[:7]}")


@cli.command()
@click.argument("paths", nargs=-1, type=click.Path(), metavar="[PATH]...")
@click.option("--format", "fmt", type=click.Choice(sorted(FINDING_FORMATS)), default="text", show_default=True)
@click.option("-l", "--locale", help="Only this locale (or: the translation's locale).")
@click.option("--fail-on", type=SEVERITIES, help="Exit 1 when a finding has this severity or higher (default: error).")
@click.option("--baseline", type=click.Path(dir_okay=False), help="Hide the findings recorded in this baseline file.")
@click.option("--write-baseline", "write_baseline_to", is_flag=False, flag_value=DEFAULT_PATH,
              default=None, type=click.Path(dir_okay=False),
              help=f"Record the current findings as the baseline (default file: {DEFAULT_PATH}).")
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write to a file instead of stdout.")
@click.option("--shard", metavar="K/N", help="Check only the K-th of N deterministic shares of the pairs (CI matrices).")
@click.option("--changed-since", metavar="REF",
              help="Only the pairs whose upstream or translation changed since the git revision REF.")
@_with_pipeline_options
@click.pass_context
def check(ctx, paths, fmt, locale, fail_on, baseline, write_baseline_to, output, shard, changed_since,
          disable, enable, jobs, use_cache, cache_dir):
    """Check translations against upstream; a CI gate.

    With no arguments, checks every pair of the project; with files or directories (upstream
    documents, translations: what pre-commit or `git diff --name-only` gives), the pairs they
    involve; with UPSTREAM TRANSLATION, two files that are not both documents of the
    project, that pair.
    """
    found = project(ctx, paths, locale, disable, enable, changed_since)
    cfg = found.config
    refuse_overwriting_inputs(found, output, baseline_path(cfg, baseline))
    refuse_overwriting_inputs(found, write_baseline_to)
    result = _run(found, jobs, _cache(cfg, use_cache, cache_dir), quiet=fmt != "text" or bool(output),
                  shard=runner.parse_shard(shard) if shard else None,
                  baseline=None if write_baseline_to else baseline_path(cfg, baseline))
    if write_baseline_to:
        write_baseline(Path(write_baseline_to), result.findings)
        click.echo(f"wrote {len(result.findings)} findings to {write_baseline_to}", err=True)
        raise Exit(EXIT_OK)
    emit(render_findings(fmt, result.findings, result.summary(), color=color(ctx) and not output), output)
    raise _exit_for(result.findings, parse_severity(fail_on) if fail_on else cfg.fail_on)


@cli.command(name="fix")
@click.argument("paths", nargs=-1, type=click.Path(), metavar="[PATH]...")
@click.option("-l", "--locale", help="Only this locale (or: the translation's locale).")
@click.option("--rule", "only_rules", multiple=True, metavar="RULE",
              help="Repair only this rule's findings (id or slug); repeatable.")
@click.option("--diff", "show_diff", is_flag=True, help="Print the repairs as a unified diff and write nothing.")
@click.option("--changed-since", metavar="REF",
              help="Only the pairs whose upstream or translation changed since the git revision REF.")
@_with_pipeline_options
@click.pass_context
def fix_cmd(ctx, paths, locale, only_rules, show_diff, changed_since, disable, enable, jobs, use_cache,
            cache_dir):
    """Repair what is mechanical in the translations, in place: a version, a date, a number,
    a link target or a code span copied wrong.

    Only unambiguous repairs are made, and every other byte stays as it was. Exit 1 when
    findings of the repairing rules remain that could not be repaired (they are listed).
    """
    from . import fix

    found = project(ctx, paths, locale, disable, enable, changed_since)
    cfg = found.config
    result = fix.fix_project(found, rules=_fix_rules(only_rules), jobs=jobs or runner.default_jobs(),
                             cache=_cache(cfg, use_cache, cache_dir), baseline=baseline_path(cfg))
    report = [fix.describe(f) + "\n" for f in result.applied]
    report += [f"{format_finding(f)} (not fixed: {why})\n" for f, why in result.remaining]
    if show_diff:
        click.echo(fix.unified_diff(result), nl=False)
        click.echo("".join(report), nl=False, err=True)
    else:
        fix.write(result)
        click.echo("".join(report), nl=False)
    changed = sum(1 for ff in result.files if ff.changed)
    verb = "would fix" if show_diff else "fixed"
    click.echo(f"{verb} {len(result.applied)} finding{'s' if len(result.applied) != 1 else ''} in {changed} "
               f"file{'s' if changed != 1 else ''}, {len(result.remaining)} left to fix by hand", err=True)
    raise Exit(EXIT_FINDINGS if result.remaining or (show_diff and changed) else EXIT_OK)


def _fix_rules(names) -> set[str] | None:
    """The ``--rule`` names as slugs of rules that repair; an unknown or non-repairing rule is
    an error."""
    if not names:
        return None
    slugs = set()
    for name in names:
        rule = find_rule(name)
        if rule is None:
            raise ConfigError(f"unknown rule {name!r} (see `relsync rules`)")
        if not rule.fixable:
            repairing = ", ".join(r.slug for r in all_rules() if r.fixable)
            raise ConfigError(f"rule {rule.slug!r} makes no repairs (relsync fix repairs {repairing})")
        slugs.add(rule.slug)
    return slugs


@cli.command(name="merge-reports")
@click.argument("reports", nargs=-1, required=True, type=click.Path())
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write to a file instead of stdout.")
@click.option("--fail-on", type=SEVERITIES, help="Exit 1 when a merged finding has this severity or higher.")
def merge_reports(reports, output, fail_on):
    """Join the JSON or SARIF reports of `relsync check --shard K/N` runs into one."""
    import json

    from .report.merge import merge_reports as merge

    refuse_overwrite(output, *reports)
    kind, merged = merge([Path(r) for r in reports])
    emit(json.dumps(merged, ensure_ascii=False, indent=2) + "\n", output)
    if fail_on and kind == "json":
        threshold = parse_severity(fail_on)
        if any(parse_severity(f["severity"]) >= threshold for f in merged["findings"]):
            raise Exit(EXIT_FINDINGS)
    raise Exit(EXIT_OK)


@cli.command(name="rules")
@click.option("--format", "fmt", type=click.Choice(["text", "markdown", "json"]), default="text", show_default=True)
@click.argument("rule", required=False)
def rules_cmd(fmt: str, rule: str | None) -> None:
    """List the rules (or show one rule's documentation)."""
    from .report import rules_doc

    if rule:
        found = find_rule(rule)
        if found is None:
            raise ConfigError(f"unknown rule {rule!r} (see `relsync rules`)")
        click.echo(rules_doc.rule_text(found))
        return
    click.echo(rules_doc.render(all_rules(), fmt), nl=False)


@cli.command(name="parse")
@click.argument("file", type=click.Path())
@click.option("-l", "--locale", default="en", show_default=True)
def parse_cmd(file: str, locale: str) -> None:
    """Print the section tree of a Markdown FILE with each block's line range."""
    click.echo(printable(load_document(file, locale).pretty()))



def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status instead of exiting. What the run had to
    say without failing (a shallow clone, ...) follows its output on stderr; an error is one
    line alone."""
    drain_notices()
    status = _main(argv)
    notices = drain_notices()
    if status != EXIT_ERROR:
        for message in notices:
            click.echo(f"relsync: warning: {message}", err=True)
    return status


def _main(argv: list[str] | None) -> int:
    try:
        cli.main(args=argv, prog_name="relsync", standalone_mode=False)
    except Exit as exc:
        return exc.code
    except RelsyncError as exc:
        click.echo(f"relsync: error: {printable(str(exc))}", err=True)
        return EXIT_ERROR
    except click.exceptions.Abort:
        click.echo("relsync: aborted", err=True)
        return EXIT_ERROR
    except click.ClickException as exc:
        exc.show()
        return EXIT_ERROR
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_OK
    except KeyboardInterrupt:
        click.echo("relsync: interrupted", err=True)
        return 130
    except RecursionError:
        click.echo("relsync: error: input nested too deeply to process", err=True)
        return EXIT_ERROR
    except Exception as exc:  # a bug: one line, and the traceback only on request
        if os.environ.get("RELSYNC_DEBUG"):
            traceback.print_exc()
        click.echo(f"relsync: internal error: {exc.__class__.__name__}: {exc} "
                   "(set RELSYNC_DEBUG=1 for the traceback)", err=True)
        return 3
    return EXIT_OK
