"""Catalog operations on babel's :class:`~babel.messages.catalog.Catalog`: the template of
a document, a new PO, the msgmerge-style update, and counts.

The merging of a PO with a new template is babel's ``Catalog.update`` (fuzzy matching with the
previous msgid kept; its candidates bounded and ranked by :mod:`.matching`, with the same
choices), with what a translator expects on top: an obsolete message that comes
back is restored, a fuzzy message keeps what it was translated from.
"""

from __future__ import annotations

import datetime
import os
import re

from babel.messages.catalog import Catalog

from .. import pofile
from ..config import DEFAULT_PO_WIDTH
from ..errors import InputError
from ..languages import CJK_WRITING, locale_name
from .matching import indexed_fuzzy_matching
from .units import Parsed

FORMAT_FLAGS = frozenset({"python-format", "python-brace-format"})
_WORD_RE = re.compile(rf"[{CJK_WRITING}]|[^\s{CJK_WRITING}]+")


def _now() -> datetime.datetime:
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch and epoch.isdigit():
        return datetime.datetime.fromtimestamp(int(epoch), datetime.timezone.utc)
    return datetime.datetime.now(datetime.timezone.utc).replace(second=0, microsecond=0)


def strip_format_flags(catalog: Catalog) -> Catalog:
    """Markdown is not a Python format string: drop the flags babel guesses from ``%``."""
    for message in list(catalog) + list(catalog.obsolete.values()):
        message.flags -= FORMAT_FLAGS
    return catalog


def template(parsed: Parsed, reference: str, name: str,
             creation_date: datetime.datetime | None = None) -> Catalog:
    """The POT of a document: one message per distinct (msgid, msgctxt)."""
    cat = Catalog(project=name, version="", charset="utf-8", fuzzy=True,
                  header_comment=f"# Translation template for {reference}.\n#",
                  creation_date=creation_date or _now(), revision_date=None)
    cat.msgid_bugs_address = ""
    for unit in parsed.units:
        cat.add(unit.msgid, locations=[(reference, unit.line)], auto_comments=[unit.comment],
                context=unit.context)
    return strip_format_flags(cat)


def new_catalog(pot: Catalog, locale: str, reference: str | None = None) -> Catalog:
    """An empty PO for ``locale`` from a template (what ``msginit`` does)."""
    cat = Catalog(locale=_babel_locale(locale), project=pot.project, version="", charset="utf-8",
                  fuzzy=False, creation_date=pot.creation_date, revision_date=_now(),
                  header_comment=f"# {locale} translation of {reference or pot.project}.\n#")
    cat.msgid_bugs_address = pot.msgid_bugs_address or ""
    cat.language_team = f"{locale} <LL@li.org>"
    cat.update(pot, no_fuzzy_matching=True)
    return strip_format_flags(cat)


def _babel_locale(locale: str) -> str:
    """A locale as gettext names it (``zh-cn`` and ``zh-CN`` are ``zh_CN``)."""
    return locale_name(locale).replace("-", "_")


def update(po: Catalog, pot: Catalog) -> Catalog:
    """Merge a PO with a new template, msgmerge-style: unchanged messages keep their
    translation, changed ones become fuzzy with the previous msgid, removed ones obsolete;
    an obsolete message that comes back is restored. Translator comments and flags stay."""
    keys = {(m.id, m.context) for m in pot if m.id}
    for key, message in list(po.obsolete.items()):
        if (message.id, message.context) in keys and po.get(message.id, message.context) is None:
            del po.obsolete[key]
            po[message.id] = message
    previous = {(m.id, m.context): m.previous_id for m in po if m.id and m.previous_id}
    with indexed_fuzzy_matching():
        po.update(pot, update_header_comment=False)
    for message in po:
        key = (message.id, message.context)
        if message.fuzzy and not message.previous_id and key in previous:
            message.previous_id = previous[key]  # still fuzzy: keep what it was translated from
    for key, message in list(po.obsolete.items()):
        if not message.string:
            del po.obsolete[key]  # an untranslated message carries nothing to keep
    for message in po:
        if message.id and not message.string and "fuzzy" in message.flags:
            message.flags.discard("fuzzy")
    return strip_format_flags(po)


def serialize(catalog: Catalog, width: int | None = DEFAULT_PO_WIDTH) -> bytes:
    return pofile.write(catalog, width)


fit_charset = pofile.fit_charset


def parse_catalog(data: bytes, path: str, locale: str | None = None) -> Catalog:
    """Read a PO/POT (:func:`relsync.pofile.read`) without babel's format-string guesses."""
    return strip_format_flags(pofile.read(data, path, locale))


def check_document(catalog: Catalog, reference: str, path: str) -> None:
    """A PO whose messages all come from another upstream document is the wrong file."""
    sources = _sources(catalog)
    if sources and os.path.basename(reference) not in sources:
        others = ", ".join(sorted(sources)[:3])
        raise InputError(path, f"PO is for {others}, not {os.path.basename(reference)}")


def check_template(catalog: Catalog, pot: Catalog, path: str) -> None:
    """A PO of another document than the template's is the wrong file: merged, every
    translation would become obsolete. It is refused when its references name none of the
    template's documents and none of its translations is of a message the template has (a
    renamed document keeps its messages, and merges)."""
    wanted = _sources(pot)
    if not wanted or wanted & _sources(catalog):
        return
    if any(m.id and m.string and pot.get(m.id, m.context) is not None for m in catalog):
        return
    check_document(catalog, sorted(wanted)[0], path)


def _sources(catalog: Catalog) -> set[str]:
    return {os.path.basename(filename) for m in catalog if m.id for filename, _ in m.locations}


def messages_key(catalog: Catalog) -> tuple[bytes, str | None]:
    """What a catalog says, header dates aside: catalogs with equal keys hold the same
    messages, so a file that already holds them is left untouched."""
    return pofile.write(catalog, 0, omit_header=True), catalog.locale_identifier


def fill_missing(existing: Catalog, imported: Catalog) -> int:
    """Fill the untranslated messages of ``existing`` from ``imported``; translations already
    in ``existing`` are never replaced. Returns the number filled."""
    count = 0
    for message in existing:
        if not message.id or message.string:
            continue
        other = imported.get(message.id, context=message.context)
        if other is None or not other.string:
            continue
        message.string = other.string
        if other.fuzzy:
            message.flags.add("fuzzy")
        message.user_comments = list(dict.fromkeys(list(message.user_comments) + list(other.user_comments)))
        count += 1
    return count


# -- statistics -----------------------------------------------------------------------------

def words(text: str) -> int:
    return len(_WORD_RE.findall(text))


def stats(catalog: Catalog) -> dict[str, int]:
    out = {k: 0 for k in ("translated", "fuzzy", "untranslated", "obsolete",
                          "translated_words", "fuzzy_words", "untranslated_words", "obsolete_words")}
    for message in catalog:
        if not message.id:
            continue
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        string = message.string if isinstance(message.string, str) else "".join(message.string or ())
        state = "fuzzy" if message.fuzzy and string else ("translated" if string else "untranslated")
        out[state] += 1
        out[f"{state}_words"] += words(msgid)
    for message in catalog.obsolete.values():
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        out["obsolete"] += 1
        out["obsolete_words"] += words(msgid)
    total = out["translated"] + out["fuzzy"] + out["untranslated"]
    out["total"] = total
    out["percent"] = round(100.0 * out["translated"] / total, 1) if total else 100.0
    return out
