"""``relsync po``: the translator's gettext workflow.

Layout (configurable with ``[tool.relsync.po] templates``)::

    upstream/NAME.md                          the English document
    locales/templates/NAME.pot                its template          (po extract)
    locales/<lang>/LC_MESSAGES/NAME.po        its translation       (po init / update / import)
    locales/<lang>/NAME.md                    the built translation (po build)

Every command also takes explicit paths; with explicit paths and no ``-o``, output goes to
stdout.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import click

from . import po as po_lib
from .cli_common import Exit, emit_bytes, settings as load_settings
from .config import Config, PoSettings
from .errors import InputError, RelsyncError
from .io import display_path, refuse_overwrite
from .languages import parse_locale
from .dialects import ALL_SYNTAX, syntax_for
from .project import PoFiles, built_path, guess_locale, po_path, pot_path


def _settings(ctx: click.Context) -> tuple[Config, PoSettings]:
    cfg = load_settings(ctx)
    settings = copy.copy(cfg.po)
    if ctx.parent is not None and ctx.parent.params.get("code_blocks"):
        settings.code_blocks = True
    return cfg, settings


def _syntax(cfg: Config, files: PoFiles | None = None) -> tuple[str, ...]:
    """The block syntax of the project's generator (every dialect's when it is unknown)."""
    layout = files.project.layout if files is not None and files.project is not None else None
    return syntax_for(layout.name if layout is not None else cfg.layout)


def _width(settings: PoSettings, width: int | None, no_wrap: bool) -> int:
    if no_wrap:
        return 0
    return settings.width if width is None else width


def _note(path: Path | str, status: str, detail: str = "") -> None:
    click.echo(f"{status:9} {display_path(path)}{('  ' + detail) if detail else ''}", err=True)


def _ensure_dir(path: Path) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError(display_path(path.parent), f"cannot create directory: {exc.strerror or exc}") from None


def _locale_of(path: Path, catalog_locale: str | None, cfg: Config) -> str:
    return catalog_locale or guess_locale(path, cfg) or ""


width_options = [
    click.option("--width", type=click.IntRange(0), default=None,
                 help="Wrap PO lines at this width (default: 79, like GNU gettext; 0: no wrapping)."),
    click.option("--no-wrap", is_flag=True, help="Do not wrap long msgid/msgstr lines."),
]


def _with_width(f):
    for option in reversed(width_options):
        f = option(f)
    return f


@click.group(name="po")
@click.option("--code-blocks", is_flag=True,
              help="Also extract fenced code blocks (for translated comments); "
                   "or set code-blocks = true in [tool.relsync.po].")
def po(code_blocks: bool) -> None:
    """Gettext catalogs for translators who work in PO editors (Poedit, Weblate, Lokalize).

    \b
    po extract   upstream Markdown -> POT
    po init      POT -> new PO for a locale
    po update    merge a PO with its new POT (fuzzy, #| msgid, obsolete #~)
    po import    existing translated Markdown -> PO, by alignment (gettextize)
    po build     upstream Markdown + PO -> translated Markdown
    po stats     translated / fuzzy / untranslated / obsolete per document and locale
    """


@po.command()
@click.argument("upstream", nargs=-1, type=click.Path())
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="POT file to write ('-': stdout).")
@_with_width
@click.pass_context
def extract(ctx, upstream, output, width, no_wrap):
    """Upstream documents -> POT templates.

    With no UPSTREAM: every upstream document into locales/templates/NAME.pot. Files whose
    messages did not change are left untouched.
    """
    cfg, settings = _settings(ctx)
    w = _width(settings, width, no_wrap)
    if upstream:
        if output and len(upstream) > 1:
            raise click.UsageError("-o takes one UPSTREAM")
        for path in upstream:
            shown = display_path(path)
            name = Path(path).stem
            if not output or output == "-":
                emit_bytes(po_lib.serialize(po_lib.extract_file(path, shown, shown, name, settings,
                                                                syntax=_syntax(cfg)), w))
                continue
            refuse_overwrite(output, path)
            previous = _existing(output)
            pot = po_lib.extract_file(path, shown, shown, name, settings, previous, _syntax(cfg))
            written = po_lib.write_catalog(output, pot, w, _key(previous))
            _note(output, "wrote" if written else "unchanged", f"{len(pot)} messages")
        return
    files = PoFiles(cfg)
    for doc in files.documents:
        target = pot_path(cfg, doc)
        previous = _existing(target)
        pot = po_lib.extract_file(doc.path(cfg), display_path(doc.path(cfg)),
                                  doc.reference, doc.name, settings, previous, _syntax(cfg, files))
        _ensure_dir(target)
        written = po_lib.write_catalog(target, pot, w, _key(previous))
        _note(target, "wrote" if written else "unchanged", f"{len(pot)} messages")


def _existing(path, locale: str | None = None):
    path = Path(path)
    return po_lib.read_catalog(path, display_path(path), locale) if path.exists() else None


def _key(catalog):
    return po_lib.messages_key(catalog) if catalog is not None else None


@po.command()
@click.argument("pot", required=False, type=click.Path())
@click.option("-l", "--locale", required=True, help="Locale of the new PO (zh_CN, ja, pt_BR).")
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="PO file to write ('-': stdout).")
@_with_width
@click.pass_context
def init(ctx, pot, locale, output, width, no_wrap):
    """Create a PO for LOCALE from a POT (every template of the project when no POT is given).

    An existing PO is never replaced: use `relsync po update`.
    """
    cfg, settings = _settings(ctx)
    parse_locale(locale)
    w = _width(settings, width, no_wrap)
    if pot:
        template = po_lib.read_catalog(pot, display_path(pot))
        catalog = po_lib.new_catalog(template, locale)
        if not output or output == "-":
            emit_bytes(po_lib.serialize(catalog, w))
            return
        refuse_overwrite(output, pot)
        _create(Path(output), catalog, w)
        return
    files = PoFiles(cfg)
    for loc in files.locales(locale):
        for doc in files.documents:
            template_path = pot_path(cfg, doc)
            if not template_path.exists():
                raise InputError(display_path(template_path), "no such template; run `relsync po extract` first")
            template = po_lib.read_catalog(template_path, display_path(template_path))
            target = po_path(cfg, loc, doc)
            if target.exists():
                _note(target, "exists", "kept (use `relsync po update`)")
                continue
            _ensure_dir(target)
            _create(target, po_lib.new_catalog(template, loc, doc.reference), w)


def _create(target: Path, catalog, width: int) -> None:
    if target.exists():
        raise RelsyncError(f"{display_path(target)}: already exists; use `relsync po update` to merge it with a new template")
    po_lib.write_catalog(target, catalog, width)
    _note(target, "wrote", f"{len(catalog)} messages")


@po.command()
@click.argument("pot", required=False, type=click.Path())
@click.argument("po_file", metavar="[PO]", required=False, type=click.Path())
@click.option("-l", "--locale", help="Only this locale (layout mode).")
@_with_width
@click.pass_context
def update(ctx, pot, po_file, locale, width, no_wrap):
    """Merge PO with a new POT, like msgmerge (every PO of the project when no file is given).

    Unchanged messages keep their translation; changed ones become fuzzy with the previous
    msgid (#|); removed ones become obsolete (#~); translator comments and flags stay.
    Running it twice leaves the file byte for byte the same.
    """
    cfg, settings = _settings(ctx)
    w = _width(settings, width, no_wrap)
    if pot and not po_file:
        raise click.UsageError("give both POT and PO, or neither")
    if pot:
        _update_one(Path(pot), Path(po_file), w)
        return
    files = PoFiles(cfg)
    for loc in files.locales(locale):
        for doc in files.documents:
            target = po_path(cfg, loc, doc)
            if target.exists():
                template_path = pot_path(cfg, doc)
                if not template_path.exists():
                    raise InputError(display_path(template_path), "no such template; run `relsync po extract` first")
                _update_one(template_path, target, w, loc)


def _update_one(pot: Path, po_file: Path, width: int, locale: str | None = None) -> None:
    template = po_lib.read_catalog(pot, display_path(pot))
    catalog = po_lib.read_catalog(po_file, display_path(po_file), locale)
    po_lib.check_template(catalog, template, display_path(po_file))
    before = po_lib.messages_key(catalog)  # update merges in place
    merged = po_lib.update(catalog, template)
    converted = po_lib.fit_charset(merged)
    written = po_lib.write_catalog(po_file, merged, width, before)
    _note(po_file, "updated" if written else "unchanged", _summary(merged))
    _note_conversion(po_file, converted)


def _note_conversion(path: Path, charset: str | None) -> None:
    if charset:
        _note(path, "converted", f"to UTF-8: {charset} cannot hold the new text")


def _summary(catalog) -> str:
    s = po_lib.stats(catalog)
    return f"{s['translated']} translated, {s['fuzzy']} fuzzy, {s['untranslated']} untranslated, {s['obsolete']} obsolete"


@po.command(name="import")
@click.argument("upstream", required=False, type=click.Path())
@click.argument("translation", required=False, type=click.Path())
@click.option("-l", "--locale", help="Locale of the translation (default: from its path).")
@click.option("-o", "--output", type=click.Path(dir_okay=False),
              help="PO file to create or fill ('-': stdout).")
@_with_width
@click.pass_context
def import_cmd(ctx, upstream, translation, locale, output, width, no_wrap):
    """Gettextize: fill a PO from an existing translated document, by alignment.

    Every aligned pair fills a msgstr; pairs with a low score, and split or merged blocks, are
    fuzzy with a comment giving the score; unmatched upstream blocks stay untranslated;
    translated text with no upstream counterpart is kept as a translator comment. An existing
    PO is filled, never overwritten: its translations win. With no arguments: every
    translated document of the project (locales/<lang>/NAME.md, or the pairs of its layout).
    """
    cfg, settings = _settings(ctx)
    w = _width(settings, width, no_wrap)
    if upstream and not translation:
        raise click.UsageError("give both UPSTREAM and TRANSLATION, or neither")
    if upstream:
        loc = locale or guess_locale(translation, cfg)
        if not loc:
            raise click.UsageError("cannot tell the locale of the translation: pass -l LOCALE")
        parse_locale(loc)
        _import_one(Path(upstream), display_path(upstream), Path(translation), loc,
                    Path(output) if output and output != "-" else None, Path(upstream).stem, settings, w,
                    syntax=_syntax(cfg))
        return
    files = PoFiles(cfg)
    for loc in files.locales(locale):
        for doc in files.documents:
            tr = built_path(cfg, loc, doc)
            if tr is None or not tr.exists():
                continue
            target = po_path(cfg, loc, doc)
            _ensure_dir(target)
            _import_one(doc.path(cfg), doc.reference, tr, loc, target, doc.name, settings, w,
                        built_by_relsync=po_lib.is_built(tr, target), syntax=_syntax(cfg, files))


def _import_one(upstream: Path, reference: str, translation: Path, locale: str, output: Path | None,
                name: str, settings: PoSettings, width: int, built_by_relsync: bool = False,
                syntax: tuple[str, ...] = ALL_SYNTAX) -> None:
    if built_by_relsync:
        _note(translation, "skipped", "built by relsync po build from this PO")
        return
    refuse_overwrite(output, upstream, translation)
    up = po_lib.load_file(upstream, display_path(upstream), settings.front_matter,
                          code_blocks=settings.code_blocks, syntax=syntax)
    tr = po_lib.load_file(translation, display_path(translation), settings.front_matter, locale,
                          code_blocks=settings.code_blocks, syntax=syntax)
    up.path = reference
    pot = po_lib.template(up, reference, name)
    catalog, report = po_lib.gettextize(up, tr, pot, locale)
    if output is None:
        emit_bytes(po_lib.serialize(catalog, width))
        return
    previous = _existing(output, locale)
    if previous is not None:
        po_lib.check_template(previous, pot, display_path(output))
        before = po_lib.messages_key(previous)  # update merges in place
        merged = po_lib.update(previous, pot)
        filled = po_lib.fill_missing(merged, catalog)
        converted = po_lib.fit_charset(merged)
        written = po_lib.write_catalog(output, merged, width, before)
        _note(output, "filled" if written else "unchanged", f"{filled} messages filled; {_summary(merged)}")
        _note_conversion(output, converted)
        return
    po_lib.write_catalog(output, catalog, width)
    _note(output, "wrote", f"{report.translated} translated, {report.fuzzy} fuzzy, "
                           f"{report.untranslated} untranslated, {report.extra} extra kept as comments")


@po.command()
@click.argument("upstream", required=False, type=click.Path())
@click.argument("po_file", metavar="[PO]", required=False, type=click.Path())
@click.option("-l", "--locale", help="Only this locale (layout mode); the PO's locale (explicit paths).")
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Markdown file to write ('-': stdout).")
@click.option("--fuzzy/--no-fuzzy", "use_fuzzy", default=None,
              help="Use fuzzy translations (default: no, fall back to the upstream text).")
@click.option("--force", is_flag=True, help="Replace an output file that relsync did not build.")
@click.pass_context
def build(ctx, upstream, po_file, locale, output, use_fuzzy, force):
    """Upstream Markdown + PO -> translated Markdown (locales/<lang>/NAME.md, or where the
    project's layout keeps the translation).

    Only the translated text changes; everything else (front matter, tables, code, link
    definitions, HTML, line endings) is the upstream's, byte for byte. Untranslated and fuzzy
    messages keep the upstream text. A file that relsync po build did not write (a
    hand-written translation) is not replaced without --force.
    """
    cfg, settings = _settings(ctx)
    fuzzy = settings.use_fuzzy if use_fuzzy is None else use_fuzzy
    if upstream and not po_file:
        raise click.UsageError("give both UPSTREAM and PO, or neither")
    if upstream:
        if locale:
            parse_locale(locale)
        catalog = po_lib.read_catalog(po_file, display_path(po_file), locale)
        po_lib.check_document(catalog, str(upstream), display_path(po_file))
        data = po_lib.build_file(upstream, display_path(upstream), catalog, settings, fuzzy, _syntax(cfg))
        if not output or output == "-":
            emit_bytes(data)
            return
        refuse_overwrite(output, upstream, po_file)
        status = po_lib.write_built(output, display_path(output), data, po_file, force)
        _note(output, status)
        return
    files = PoFiles(cfg)
    for loc in files.locales(locale):
        for doc in files.documents:
            catalog_path = po_path(cfg, loc, doc)
            if not catalog_path.exists():
                continue
            catalog = po_lib.read_catalog(catalog_path, display_path(catalog_path), loc)
            po_lib.check_document(catalog, doc.reference, display_path(catalog_path))
            up = doc.path(cfg)
            data = po_lib.build_file(up, display_path(up), catalog, settings, fuzzy, _syntax(cfg, files))
            target = built_path(cfg, loc, doc)
            if target is None:
                _note(catalog_path, "skipped", f"the layout keeps no {loc} translation of {doc.reference}")
                continue
            refuse_overwrite(target, up, catalog_path)
            _ensure_dir(target)
            _note(target, po_lib.write_built(target, display_path(target), data, catalog_path, force))


@po.command()
@click.argument("files", nargs=-1, type=click.Path())
@click.option("--format", "fmt", type=click.Choice(["table", "json"]), default="table", show_default=True)
@click.option("--fail-under", type=click.FloatRange(0, 100), metavar="PERCENT",
              help="Exit 1 when a PO has fewer than PERCENT of its messages translated.")
@click.pass_context
def stats(ctx, files, fmt, fail_under):
    """Translated / fuzzy / untranslated / obsolete messages and words per PO.

    With no FILES: every locales/<lang>/LC_MESSAGES/**/*.po of the project (po/<lang>/ in
    another layout). A directory stands for the PO files below it.
    """
    cfg = load_settings(ctx)
    paths: list[Path] = []
    names: dict[Path, str] = {}  # a project PO -> its document's name
    if files:
        for f in files:
            p = Path(f)
            if p.is_dir():
                paths.extend(sorted(p.rglob("*.po")))
            elif not p.exists():
                raise InputError(display_path(p), "no such file")
            else:
                paths.append(p)
    else:
        for base in PoFiles(cfg).catalog_dirs():
            if base.is_dir():
                found = sorted(base.rglob("*.po"))
                paths.extend(found)
                names.update((p, p.relative_to(base).with_suffix("").as_posix()) for p in found)
    if not paths:
        click.echo("relsync: no PO files found (locales/<lang>/LC_MESSAGES/*.po, or po/<lang>/*.po in "
                   "another layout)", err=True)
    rows = []
    for path in paths:
        catalog = po_lib.read_catalog(path, display_path(path))
        row = {"file": display_path(path), "document": names.get(path) or _document_name(path),
               "locale": _locale_of(path, catalog.locale_identifier, cfg)}
        row.update(po_lib.stats(catalog))
        rows.append(row)
    if fmt == "json":
        click.echo(json.dumps({"documents": rows, "total": _total(rows)}, indent=2, ensure_ascii=False))
    else:
        click.echo(_table(rows), nl=False)
    if fail_under is not None:
        low = [r for r in rows if r["percent"] < fail_under]
        for r in low:
            click.echo(f"relsync: {r['file']}: {r['percent']}% translated, under {fail_under:g}%", err=True)
        if low:
            raise Exit(1)


def _document_name(path: Path) -> str:
    parts = path.with_suffix("").parts
    if "LC_MESSAGES" in parts:
        return "/".join(parts[len(parts) - parts[::-1].index("LC_MESSAGES"):])
    return path.stem


def _total(rows: list[dict]) -> dict:
    keys = ("translated", "fuzzy", "untranslated", "obsolete", "translated_words", "fuzzy_words",
            "untranslated_words", "obsolete_words", "total")
    total = {k: sum(r[k] for r in rows) for k in keys}
    total["percent"] = round(100.0 * total["translated"] / total["total"], 1) if total["total"] else 100.0
    return total


def _table(rows: list[dict]) -> str:
    head = ["document", "locale", "translated", "fuzzy", "untranslated", "obsolete", "words", "%"]
    body = [[r["document"], r["locale"], str(r["translated"]), str(r["fuzzy"]), str(r["untranslated"]),
             str(r["obsolete"]),
             f"{r['translated_words']}/{r['translated_words'] + r['fuzzy_words'] + r['untranslated_words']}",
             f"{r['percent']:.1f}"] for r in rows]
    if len(rows) > 1:
        t = _total(rows)
        body.append(["total", "", str(t["translated"]), str(t["fuzzy"]), str(t["untranslated"]),
                     str(t["obsolete"]),
                     f"{t['translated_words']}/{t['translated_words'] + t['fuzzy_words'] + t['untranslated_words']}",
                     f"{t['percent']:.1f}"])
    widths = [max(len(row[i]) for row in [head, *body]) for i in range(len(head))]
    lines = []
    for row in [head, *body]:
        cells = [row[0].ljust(widths[0]), row[1].ljust(widths[1])]
        cells += [row[i].rjust(widths[i]) for i in range(2, len(head))]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines) + "\n"
