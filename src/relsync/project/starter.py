"""``relsync init``: a commented starter ``relsync.toml`` for the layout discovery found."""

from __future__ import annotations

import json

from .layouts import Layout

GENERATORS = {
    "relsync": "relsync's own layout", "hugo": "a Hugo site", "docusaurus": "a Docusaurus site",
    "mkdocs": "an MkDocs site with mkdocs-static-i18n", "vitepress": "a VitePress site",
    "starlight": "an Astro Starlight site", "jekyll": "a Jekyll site", "mdn": "MDN's translated-content",
    "patterns": "the settings' patterns", "pairs": "the settings' [[pairs]]",
    "directories": "one directory per language", "dumi": "a dumi site",
    "suffixes": "files named by their locale", "sites": "several sites",
}


def _toml(value: str) -> str:
    return json.dumps(value, ensure_ascii=False)


def describe(layout: Layout, locales: list[tuple[str, str]]) -> str:
    """One line: what was detected, from where, in which languages."""
    where = f" ({layout.detected_from})" if layout.detected_from else ""
    shown = ", ".join(loc if code == loc else f"{loc} ({code})" for loc, code in locales) or "none yet"
    return f"{GENERATORS.get(layout.name, layout.name)}{where}; source language {layout.source_language}; locales {shown}"


def _rule_texts(layout: Layout) -> list[tuple[str, str]]:
    """Each rule as ``(upstream, translation)`` pattern text; rules of one locale each that
    differ only by that locale's directory are written once, with ``{lang}``."""
    out: list[tuple[str, str]] = []
    for rule in layout.rules:
        text = rule.translation.text
        if not rule.translation.has_lang and rule.locales and len(rule.locales) == 1:
            code = rule.locales[0].code
            parts = text.split("/")
            if code in parts:
                text = "/".join("{lang}" if p == code else p for p in parts)
        entry = (rule.upstream[-1].text, text)
        if entry not in out:
            out.append(entry)
    return out


def starter_config(layout: Layout, locales: list[tuple[str, str]], upstream_root: str | None = None) -> str:
    """The text of a starter ``relsync.toml``: the layout, its pairing rules as comments to
    edit, and the settings most projects change first."""
    lines = [
        "# relsync settings, written by `relsync init`.",
        f"# Detected: {describe(layout, locales)}.",
        "# `relsync pairs` shows which files pair; `relsync check` checks them.",
        "",
    ]
    several = ", " in layout.site
    if several:
        lines.append(f"# Several sites ({layout.site}): relsync checks them all; to check one, set its rule.")
    elif layout.name == "relsync":
        up, _, _ = layout.rules[0].upstream[0].text.rpartition("/{path}")
        tr = layout.rules[0].translation.text.removesuffix("/{lang}/{path}")
        lines += [f"upstream = {_toml(up or '.')}", f"locales = {_toml(tr or '.')}"]
    elif layout.name in ("directories", "suffixes"):  # no generator to name: the rule itself
        up, tr = _rule_texts(layout)[0]
        lines += [f"upstream = {_toml(up)}", f"translation = {_toml(tr)}"]
    elif layout.name in GENERATORS and layout.name not in ("patterns", "pairs", "sites"):
        lines.append(f"layout = {_toml(layout.name)}")
    if upstream_root:
        lines.append(f"upstream-root = {_toml(upstream_root)}  # the checkout holding the upstream files")
    if layout.rules and (several or layout.name not in ("relsync", "directories", "suffixes")):
        lines += ["", "# The layout pairs these files; to pair others, set one rule instead:"]
        for upstream, translation in _rule_texts(layout):
            lines.append(f"# upstream = {_toml(upstream)}")
            lines.append(f"# translation = {_toml(translation)}")
    codes = [code for _, code in locales]
    lines += [
        "",
        f"# locales = {json.dumps(codes, ensure_ascii=False)}   # only these locales (the codes paths use)",
        f"# source-language = {_toml(layout.source_language)}",
        "",
        '# fail-on = "error"                # error | warning | info',
        '# disable = ["markup-mismatch"]    # rule ids or slugs (see `relsync rules`)',
        '# missing-files = "report"         # "error": a missing page is an error even where the site',
        '#                                  # shows the source page in its place; "ignore": no findings',
        "",
        "# Files whose names no rule relates (the upstream may be in another checkout):",
        *([] if upstream_root else ['# upstream-root = "../upstream-site"']),
        "# [[pairs]]",
        '# upstream = "_posts/2025-01-29-release.md"',
        '# translation = "docs/release.md"',
        '# locale = "zh_CN"',
    ]
    return "\n".join(lines) + "\n"


def blank_config(examples: list[str]) -> str:
    """The text of a starter ``relsync.toml`` for a project whose layout nothing tells: the
    patterns to set, explained, and the Markdown files it holds."""
    lines = [
        "# relsync settings, written by `relsync init`.",
        "# No layout was detected: no upstream/ and locales/ directories, no site configuration",
        "# relsync reads (here or one or two directories below), no directories named by locale codes.",
        "# Say where the upstream documents and their translations are, with one rule:",
        "#   {path} is any path, {lang} the locale code as the paths write it, {ext} .md/.markdown/.mdx.",
        "",
        '# upstream = "docs/en/{path}"             # one directory per language',
        '# translation = "docs/{lang}/{path}"',
        '# upstream = "{path}.en-US{ext}"          # a suffix per language (CHANGELOG.en-US.md)',
        '# translation = "{path}.{lang}{ext}"',
        '# layout = "starlight"                    # or name the generator: ' + ", ".join(
            n for n in GENERATORS if n not in ("patterns", "pairs", "directories", "relsync", "dumi")),
        '# source-language = "en"',
        "",
        "# Markdown files found here:" if examples else "# No Markdown file was found here.",
        *(f"#   {x}" for x in examples),
        "",
        "# Files whose names no rule relates:",
        "# [[pairs]]",
        '# upstream = "CHANGELOG.md"',
        '# translation = "CHANGELOG.zh-CN.md"',
        '# locale = "zh_CN"',
    ]
    return "\n".join(lines) + "\n"
