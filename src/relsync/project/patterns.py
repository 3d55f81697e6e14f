"""Pair patterns: ``content/en/{path}`` with ``content/{lang}/{path}``, ``docs/{path}{ext}``
with ``docs/{path}.{lang}{ext}``.

A pattern names files by three placeholders: ``{path}``, any path of one or more segments;
``{lang}``, a locale code as the site's paths write it (``zh-cn``, ``pt-BR``); ``{ext}``, a
Markdown extension (``.md``, ``.markdown``, ``.mdx``). An upstream file and a translation pair
when the two patterns give them the same ``{path}`` (and ``{ext}``). A value without
placeholders keeps the older meaning of the settings: a directory.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass

from ..errors import ConfigError

PLACEHOLDER_RE = re.compile(r"\{([^{}]*)\}")
PLACEHOLDERS = ("lang", "path", "ext")
MARKDOWN_EXTENSIONS = (".md", ".markdown", ".mdx")
#: What ``{lang}`` matches when no locale is bound to it: a language code with subtags.
LANG_CODE = r"[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8}){0,3}"
_EXT = "(?P<ext>" + "|".join(re.escape(e) for e in MARKDOWN_EXTENSIONS) + ")"
#: Directories never walked: version control, dependencies, caches, build output.
SKIPPED_DIRS = frozenset({".git", ".hg", ".svn", "node_modules", ".relsync-cache", "__pycache__",
                          ".venv", "venv", "_site", ".docusaurus", ".astro", "dist"})


@dataclass(frozen=True)
class Pattern:
    """A path pattern relative to a base directory (the project root or ``upstream-root``)."""

    text: str
    regex: re.Pattern[str]
    base: str
    """The directory before the first placeholder (``""``: the base itself)."""

    @classmethod
    def parse(cls, text: str, what: str) -> "Pattern":
        """A pattern from the settings; :class:`ConfigError` naming what is wrong with it."""
        names = PLACEHOLDER_RE.findall(text)
        for name in names:
            if name not in PLACEHOLDERS:
                raise ConfigError(f"{what} {text!r}: unknown placeholder {{{name}}} "
                                  "(known: {lang}, {path}, {ext})")
            if names.count(name) > 1:
                raise ConfigError(f"{what} {text!r}: {{{name}}} appears twice")
        if "path" not in names:
            raise ConfigError(f"{what} {text!r} needs {{path}} (or no placeholder at all: a directory)")
        if text.startswith("/") or re.match(r"[A-Za-z]:[\\/]", text) or ".." in text.split("/"):
            elsewhere = " (files of another checkout: name it with upstream-root)" if what == "upstream" else ""
            raise ConfigError(f"{what} {text!r} must be a relative path inside its root, without '..'{elsewhere}")
        return cls._compile(text, None, False)

    @classmethod
    def _compile(cls, text: str, code: str | None, ignore_case: bool) -> "Pattern":
        out = []
        pos = 0
        for m in PLACEHOLDER_RE.finditer(text):
            out.append(re.escape(text[pos:m.start()]))
            name = m.group(1)
            if name == "path":
                out.append("(?P<path>.+?)" if text[m.end():] else "(?P<path>.+)")
            elif name == "ext":
                out.append(_EXT)
            elif code is None:
                out.append(f"(?P<lang>{LANG_CODE})")
            else:
                out.append(f"(?P<lang>(?i:{re.escape(code)}))" if ignore_case else f"(?P<lang>{re.escape(code)})")
            pos = m.end()
        out.append(re.escape(text[pos:]))
        first = PLACEHOLDER_RE.search(text)
        prefix = text[: first.start()] if first else text
        if code is not None and not ignore_case:
            prefix = text.replace("{lang}", code)
            first = PLACEHOLDER_RE.search(prefix)
            prefix = prefix[: first.start()] if first else prefix
        base = prefix.rpartition("/")[0]
        return cls(text if code is None else text.replace("{lang}", code), re.compile("".join(out)), base)

    @property
    def has_lang(self) -> bool:
        return "(?P<lang>" in self.regex.pattern

    @property
    def has_ext(self) -> bool:
        return "(?P<ext>" in self.regex.pattern

    def bind(self, code: str, ignore_case: bool = False) -> "Pattern":
        """The pattern of one locale: ``{lang}`` is ``code`` (a suffix matched in any case
        when ``ignore_case``, as Hugo matches ``.pt-BR.md``)."""
        return Pattern._compile(self.text, code, ignore_case)

    def match(self, rel: str) -> re.Match[str] | None:
        return self.regex.fullmatch(rel)

    def fill(self, path: str, ext: str = "", code: str = "") -> str:
        """The file this pattern names for a ``{path}`` (and ``{ext}``, ``{lang}``)."""
        return self.text.replace("{path}", path).replace("{ext}", ext).replace("{lang}", code)


def directory_pattern(value: str, what: str, lang: bool) -> Pattern:
    """A setting as a pattern: a value without placeholders is a directory, of the documents
    (``upstream = "docs/en"``) or of one directory per locale (``locales = "locales"``)."""
    if PLACEHOLDER_RE.search(value) is None:
        base = value.strip().rstrip("/") or "."
        text = ("" if base == "." else base + "/") + ("{lang}/{path}" if lang else "{path}")
        return Pattern.parse(text, what)
    return Pattern.parse(value, what)


def key_of(match: re.Match[str]) -> str:
    """What pairs two files: their ``{path}``, with ``{ext}`` when the pattern has one."""
    groups = match.groupdict()
    return groups["path"] + (groups.get("ext") or "")


def walk(base: str) -> list[str]:
    """The files under ``base``, as sorted paths relative to it (``/``-separated), skipping
    the directories of :data:`SKIPPED_DIRS` and hidden ones."""
    out = []
    for directory, dirs, files in os.walk(base):
        dirs[:] = sorted(d for d in dirs if d not in SKIPPED_DIRS and not d.startswith("."))
        rel_dir = os.path.relpath(directory, base)
        prefix = "" if rel_dir == "." else rel_dir.replace(os.sep, "/") + "/"
        out.extend(prefix + f for f in sorted(files))
    return out
