"""Layouts that write the locale in each file name: dumi (``.dumirc.ts``/``.umirc.ts``:
``components/button/index.en-US.md`` beside ``index.zh-CN.md``), and, with no configuration,
files that name their locale beside each other (``CHANGELOG.en-US.md`` beside
``CHANGELOG.zh-CN.md``).

dumi 2 reads ``locales`` (the first is the default locale; a file without a locale in its
name is the default locale's), routes the Markdown files of its ``resolve.docDirs`` (default
``docs``; names starting ``_`` or ``.`` excluded) and, in its ``resolve.atomDirs`` (default
``src``), ``*.md``, ``*/index.md`` and ``*/README.md``; a page missing in a locale is not
replaced by another locale's. A locale's ``suffix`` (``-cn``) ends its routes (``/docs/x-cn``),
which links in its pages use: :attr:`.layouts.LocaleSpec.route_suffix` keeps it.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from ..languages import locale_name
from .jsconfig import JsConfig
from .layouts import Layout, Rule, is_locale_code, spec_for
from .patterns import MARKDOWN_EXTENSIONS, Pattern, walk

DUMI_FILES = (".dumirc.ts", ".dumirc.js", ".umirc.ts", ".umirc.js")
#: A Markdown file that names a locale: ``index.zh-CN.md`` -> (``index``, ``zh-CN``, ``.md``).
_SUFFIXED_RE = re.compile(r"^(?P<stem>.+)\.(?P<code>[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8}){1,3})"
                          r"(?P<ext>" + "|".join(re.escape(e) for e in MARKDOWN_EXTENSIONS) + r")$")
_DOC_EXCLUDE = ("_*", "**/_*", "_*/**", "**/_*/**")


def dumi(root: Path, source: str | None = None) -> Layout | None:
    """A dumi site with ``locales``; ``source`` (the settings' ``source-language``) names
    which of them is upstream, else the first (dumi's default locale)."""
    name = next((n for n in DUMI_FILES if (root / n).is_file()), None)
    if name is None:
        return None
    try:
        js = JsConfig.from_file(root / name)
    except (OSError, UnicodeDecodeError):
        return None
    top = js.export_default()
    top = top if isinstance(top, dict) else {key: js.find_property(key) for key in ("locales", "resolve")}
    entries = [x for x in top.get("locales") or [] if isinstance(x, dict) and isinstance(x.get("id"), str)] \
        if isinstance(top.get("locales"), list) else []
    if len(entries) < 2:
        return None
    default = _source(entries, source)
    layout = Layout("dumi", locale_name(default["id"]), detected_from=name)
    layout.locales = [dataclasses.replace(spec_for(x["id"]), route_suffix=str(x.get("suffix") or ""),
                                          route_prefix=x["base"] if isinstance(x.get("base"), str) else "")
                      for x in entries if x is not default]
    layout.source_route_suffix = str(default.get("suffix") or "")
    resolve = top.get("resolve") if isinstance(top.get("resolve"), dict) else {}
    layout.rules.append(Rule(
        (Pattern.parse(f"{{path}}.{default['id']}{{ext}}", "dumi"), Pattern.parse("{path}{ext}", "dumi")),
        Pattern.parse("{path}.{lang}{ext}", "dumi"), bare_within=_routed(resolve), exclude=_DOC_EXCLUDE))
    return layout


def _source(entries: list[dict], source: str | None) -> dict:
    if source:
        wanted = locale_name(source)
        for entry in entries:
            if locale_name(entry["id"]) == wanted:
                return entry
    return entries[0]


def _routed(resolve: dict) -> tuple[re.Pattern[str], ...]:
    """The files dumi routes without a locale in their name: every Markdown file of the doc
    directories, the atoms' pages (``*.md``, ``*/index.md``, ``*/README.md``) of the atom
    directories."""
    docs = resolve.get("docDirs") if isinstance(resolve.get("docDirs"), list) else ["docs"]
    atoms = resolve.get("atomDirs") if isinstance(resolve.get("atomDirs"), list) else [{"dir": "src"}]
    out = []
    for entry in docs:
        directory = entry.get("dir") if isinstance(entry, dict) else entry
        if isinstance(directory, str) and directory.strip("./"):
            out.append(re.compile(re.escape(directory.strip("./")) + r"/.+"))
    for entry in atoms:
        directory = entry.get("dir") if isinstance(entry, dict) else None
        if isinstance(directory, str) and directory.strip("./"):
            out.append(re.compile(re.escape(directory.strip("./")) + r"/[^/]+(?:/index|/README)?\.md"))
    return tuple(out)


# -- no configuration: the files themselves ------------------------------------------------

def suffixed(root: Path, source: str | None = None) -> Layout | None:
    """Markdown files that name their locale beside a file of the same name in another
    locale (``X.en-US.md`` beside ``X.zh-CN.md``): the source language's are upstream
    (``source``, else English), every other locale's their translations."""
    groups: dict[tuple[str, str], set[str]] = {}
    for rel in walk(str(root)):
        m = _SUFFIXED_RE.match(rel)
        if m and is_locale_code(m["code"]):
            groups.setdefault((m["stem"], m["ext"]), set()).add(m["code"])
    groups = {k: v for k, v in groups.items() if len(v) > 1}
    if not groups:
        return None
    codes = sorted({c for v in groups.values() for c in v})
    wanted = locale_name(source) if source else None
    src = next((c for c in codes if locale_name(c) == wanted), None) if wanted else None
    src = src or next((c for c in codes if c.replace("_", "-").partition("-")[0].lower() == "en"), None)
    if src is None:
        return None  # no English: which language is upstream is the settings' to say
    beside = [k for k, v in groups.items() if src in v]
    if not beside:
        return None
    others = sorted({c for k in beside for c in groups[k]} - {src})
    stem, ext = sorted(beside)[0]
    layout = Layout("suffixes", locale_name(src),
                    detected_from=f"{stem}.{src}{ext} beside " + ", ".join(f"{stem}.{c}{ext}" for c in others
                                                                           if c in groups[(stem, ext)]))
    layout.locales = [spec_for(c) for c in others]
    layout.rules.append(Rule((Pattern.parse(f"{{path}}.{src}{{ext}}", "suffixes"),),
                             Pattern.parse("{path}.{lang}{ext}", "suffixes")))
    return layout


def dumi_or_suffixed(root: Path, source: str | None = None) -> Layout | None:
    """``layout = "dumi"``: the site's configuration, else the files' own locale names."""
    return dumi(root, source) or suffixed(root, source)

