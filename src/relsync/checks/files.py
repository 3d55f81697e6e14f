"""Whole files: a document with no translation in a locale, a translation with no upstream
document. These are the project-scope implementations of ``missing`` and ``extra``, so the
settings, suppressions and the baseline treat them as those rules."""

from __future__ import annotations

from typing import Iterator

from ..io import display_path
from ..model import Location, Severity
from . import coverage as _coverage  # noqa: F401  (the rules' documented implementations first)
from .registry import Problem, ProjectContext, Scope, check


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
