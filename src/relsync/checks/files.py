"""Whole files: a file relsync cannot read or parse, a document with no translation in a
locale, a translation with no upstream document. The last two are the project-scope
implementations of ``missing`` and ``extra``, so the settings, suppressions and the baseline
treat them as those rules."""

from __future__ import annotations

from typing import Iterator

from ..io import display_path
from ..model import Alignment, Location, Severity
from . import coverage as _coverage  # noqa: F401  (the rules' documented implementations first)
from .registry import UNREADABLE, Context, Problem, ProjectContext, Scope, check


@check("RS100", f"coverage.{UNREADABLE}", Severity.ERROR, scope=Scope.DOCUMENT)
def unreadable(al: Alignment, ctx: Context) -> Iterator[Problem]:
    """A file of the pair cannot be read or parsed (binary, not UTF-8, broken front matter).

    It cannot be opened, it is binary or not valid UTF-8 (or UTF-16 with a byte-order mark),
    or its front matter is not valid YAML, TOML or JSON (a value YAML reads but Python cannot
    build, such as `date: 2025-02-30`, is text, not an error). One such file never stops the
    run: the other pairs are checked and reported. A file that cannot be read at all is checked by no other rule; a document whose
    front matter is broken is read around it, and its body is checked.

    Fails: a translation whose front matter is `title: [发布说明` (an unclosed flow sequence).
    Passes: `banner:` / `  content: |` with an indented `<a href="https://tauri.app">` line
    (a block scalar's text, in a `.md` or an `.mdx` page).
    """
    for doc, side in ((al.upstream, "upstream"), (al.translation, "translation")):
        for line, message in doc.problems:
            yield Problem(message, **{side: Location(doc.path, max(line, 1))})


@check("RS101", "coverage.missing", Severity.ERROR, scope=Scope.PROJECT)
def missing_files(project, ctx: ProjectContext) -> Iterator[Problem]:
    """An upstream document has no translation in a locale (unless `missing-files =
    "ignore"`). Where the site shows the source page in its place (Starlight, Docusaurus,
    mkdocs-static-i18n, jekyll-polyglot; or everywhere with `missing-files = "info"`), two
    levels lower: info, unless `missing-files = "error"`."""
    if ctx.config.missing_files == "ignore":
        return
    for m in project.missing:
        shown = ctx.config.missing_files == "info" or (
            ctx.config.missing_files == "report" and project.falls_back(m.locale))
        note = f"; the site shows the {project.source_language} page in its place" if shown else ""
        yield Problem(
            f"no {m.locale} translation of this document ({display_path(m.translation)} does not exist{note})",
            upstream=Location(display_path(m.upstream), 1), minor=2 if shown else False,
        )


@check("RS103", "coverage.extra", Severity.INFO, scope=Scope.PROJECT)
def extra_files(project, ctx: ProjectContext) -> Iterator[Problem]:
    """A translation whose upstream document does not exist."""
    for o in project.orphans:
        yield Problem(
            f"translation has no upstream document ({display_path(o.upstream)} does not exist)",
            translation=Location(display_path(o.translation), 1),
        )
