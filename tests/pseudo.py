"""A pseudo-translation of a msgid: its letters accented, its markup and code kept (shared with
benchmarks/bench_po_roundtrip.py).

What is kept as it is: code spans, raw HTML and autolinks (``<...>``), link destinations and
reference links (any bracketed text not followed by ``(``),
entities, backslash escapes, template constructs (``{{...}}``, ``{%...%}``, ``{...}``),
bare URLs, month names and number magnitude words (dates and amounts stay readable). Every other ASCII vowel (and ``n``, ``c``) gets an accent, one character for one,
so a translation is as long as its msgid and its words stay words.
"""

from __future__ import annotations

import re

from babel.dates import get_month_names

#: Languages whose month names a pseudo-translation keeps (with number magnitude words, a
#: date or an amount stays readable: a translation writes them in its language, which a
#: pseudo-translation has not).
_DATE_LANGUAGES = ("en", "de", "es", "fr", "it", "pt", "nl", "tr", "id", "vi", "pl")
_MONTHS = sorted({name.rstrip(".").lower() for lang in _DATE_LANGUAGES for width in ("wide", "abbreviated")
                  for name in get_month_names(width, "format", lang).values() if len(name.rstrip(".")) > 2},
                 key=len, reverse=True)
_ACCENTS = str.maketrans("aeiouncAEIOUNC", "áéíóúñçÁÉÍÓÚÑÇ")
_KEPT_RE = re.compile(
    r"(`+)[\s\S]*?(?<!`)\1(?!`)"  # a code span
    r"|<[^<>\n]*(?:\n[^<>\n]*)*>"  # raw HTML, an autolink
    r"|\]\((?:<[^>]*>|[^()\s]*(?:\([^()\s]*\))?[^()\s]*)(?:\s+(?:\"[^\"]*\"|'[^']*'))?\s*\)"  # a destination
    r"|\[[^\[\]]*\](?!\()"  # reference links' labels and texts
    r"|&#?\w+;|\\[\s\S]"  # entities, escapes
    r"|\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}|\{[^{}\n]*\}"  # template constructs, attributes
    r"|https?://\S+|\S+@\S+"  # bare URLs and addresses
    r"|(?i:\b(?:" + "|".join(map(re.escape, _MONTHS)) + r"|million|billion|thousand)\b)"  # dates, amounts
)


def pseudo(msgid: str) -> str:
    """``msgid`` with its prose letters accented and everything else kept."""
    out: list[str] = []
    pos = 0
    for m in _KEPT_RE.finditer(msgid):
        out.append(msgid[pos:m.start()].translate(_ACCENTS))
        out.append(m.group(0))
        pos = m.end()
    out.append(msgid[pos:].translate(_ACCENTS))
    return "".join(out)


# -- documents with the shapes a build must keep -------------------------------------------

#: Pieces of documents that once changed or were lost in a round trip (CommonMark's and GFM's
#: spec examples: code spans, link destinations and raw HTML over lines, backtick runs that
#: open no fence, tables with a row without pipes, `---` blocks that are not YAML).
SHAPES = (
    "Run `a \nb` now.",
    "See [link](<foo\nbar>) here.",
    '<a href="x"\ntitle="y" />\nText after.',
    '<span\nclass="x">hi</span> there.',
    "Some <span\nclass=\"x\">hi</span> there.",
    "Text <pre>a\nb</pre> end.",
    "``` aa ``` foo",
    "``` aa ```\ntext",
    "| a | b |\n| - | - |\n| c | d |\nLast line.",
    "!!! note\n\n    indented code",
    "::: tip A title\nInside the container.\n:::",
    "Hard break\\\nthen soft\nbreak.",
    "> quoted\n> over lines",
    "- item\n  continued\n- another",
    "1. first\n2. second\n   continued",
    "# A heading",
    "Setext heading\n---",
    "A paragraph with **bold\ntext** and _emphasis\nover lines_.",
    "[ref link][r] and a shortcut [r].\n\n[r]: https://example.com/x",
    "An image ![alt text](a.png \"Title\") in text.",
    "{{< figure src=\"x.png\" alt=\"A picture\" >}}",
    "```js\nconst a = 1;\n```",
    "<div>\nraw html block\n</div>",
)
_WORDS = ("alpha", "beta", "gamma", "delta", "text", "line", "word", "*em*", "**strong**",
          "`code`", "[a link](https://example.com)", "<kbd>Ctrl</kbd>", "1.5", "and", "or")
_FRONT = ("---\ntitle: A title\n---", "---\nJust text\n---", "---\n- a\n- b\n---", "")


def shaped_document(rnd) -> str:
    """A document of the shapes and some generated prose (``rnd``: a ``random.Random``)."""
    blocks = [rnd.choice(_FRONT)]
    for _ in range(rnd.randint(1, 6)):
        if rnd.random() < 0.6:
            blocks.append(rnd.choice(SHAPES))
        else:
            lines = [" ".join(rnd.choice(_WORDS) for _ in range(rnd.randint(1, 7)))
                     for _ in range(rnd.randint(1, 4))]
            blocks.append("\n".join(lines))
    return "\n\n".join(block for block in blocks if block) + "\n"
