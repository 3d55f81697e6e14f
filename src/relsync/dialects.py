"""Template syntax that real Markdown sites write in their prose: Hugo shortcodes
(``{{< figure src="x.png" alt="..." >}}``, ``{{% alert title="..." %}}``), Jekyll/Liquid tags
(``{% include note.html content="..." %}``, ``{{ page.title }}``) and MDN's KumaScript macros
(``{{domxref("Window.fetch")}}``, ``{{Deprecated_Inline}}``).

Each construct is code that a translation must keep, with some parts that are prose and may
be translated: the ``alt``, ``title`` or ``caption`` of a shortcode, the link text that an MDN
cross-reference macro takes as its second argument. :func:`split` separates the two: the
construct without its prose parts, written one canonical way (so ``{{ DOMxRef('X') }}`` and
``{{domxref("X")}}`` are the same code: macro names are case-insensitive, their arguments
are not), and the prose parts as text. MDN's ``{{bug(N)}}`` is the link it renders.
"""

from __future__ import annotations

import functools
import re

from .model import Block

#: Named parameters of shortcodes and includes whose values are prose.
PROSE_PARAMETERS = frozenset({
    "alt", "title", "caption", "attr", "description", "text", "label", "summary", "content",
    "header", "tooltip", "placeholder",
})
#: KumaScript macros that take a link text, and which argument it is (0-based): the text
#: shown instead of the target's name, which a translation may translate.
MACRO_TEXT_ARGUMENT = {
    "domxref": 1, "cssxref": 1, "jsxref": 1, "htmlelement": 1, "svgelement": 1, "svgattr": 1,
    "mathmlelement": 1, "glossary": 1, "httpheader": 1, "httpmethod": 1, "httpstatus": 1,
    "webextapiref": 1, "event": 1, "htmlattrxref": 2, "csp": 1,
}

#: KumaScript macros that are links: the URL each one's first argument stands for.
MACRO_LINK = {"bug": "https://bugzil.la/{}"}

#: One construct: a shortcode, a Liquid tag, a ``{{ ... }}`` expression or macro (whose
#: arguments may hold one level of braces: ``{{ languages({"en": "..."}) }}``); a malformed
#: macro with one opening brace (``{domxref("X")}}``) is a construct too, so that it does
#: not read as the macro it fails to be.
CONSTRUCT_RE = re.compile(
    r"\{\{<(?P<hugo>[^<>]*)>\}\}"
    r"|\{\{%(?P<hugo2>[^%]*)%\}\}"
    r"|\{%(?P<liquid>[^%]*)%\}"
    r"|\{\{(?P<expr>(?:[^{}]|\{[^{}]*\})*)\}\}"
    r"|(?<!\{)\{(?P<broken>[A-Za-z_][\w.-]*\([^{}]*\))\}\}"
)
#: A macro call: a name and, in parentheses, its arguments (the body is stripped first).
_MACRO_RE = re.compile(r"(?P<name>[A-Za-z_][\w.-]*)(?:\s*\((?P<args>.*)\))?;?", re.S)
_PARAM_RE = re.compile(r"""(?:(?P<key>[\w-]+)=)?(?P<value>"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|[^\s"']+)""")
_QUOTED_RE = re.compile(r""""(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'""")
#: A quick test before the full pattern: most prose has no template syntax at all.
MARKER_RE = re.compile(r"\{[{%]|\{[A-Za-z_][\w.-]*\(")


def _arguments(text: str) -> list[str]:
    """The comma-separated arguments of a macro, each stripped (quoted strings kept whole)."""
    args: list[str] = []
    current: list[str] = []
    pos = 0
    while pos < len(text):
        ch = text[pos]
        if ch in "\"'":
            m = _QUOTED_RE.match(text, pos)
            end = m.end() if m else len(text)
            current.append(text[pos:end])
            pos = end
            continue
        if ch == ",":
            args.append("".join(current).strip())
            current = []
        else:
            current.append(ch)
        pos += 1
    args.append("".join(current).strip())
    return args


def _unquote(value: str) -> str | None:
    """The text of a quoted literal, ``None`` when ``value`` is not quoted."""
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
        return re.sub(r"\\(.)", r"\1", value[1:-1])
    return None


def _literal(value: str) -> str:
    text = _unquote(value)
    return '"' + text.replace('"', '\\"') + '"' if text is not None else value.strip()


def _macro(body: str, braces: tuple[str, str]) -> tuple[str, list[str]]:
    """A KumaScript macro or a ``{{ expression }}``: canonical code and the prose arguments;
    a macro that is a link (:data:`MACRO_LINK`) is its URL instead (code starting ``https:``)."""
    body = body.strip()
    m = _MACRO_RE.fullmatch(body)
    if m is None:
        return braces[0] + " ".join(body.split()) + braces[1], []
    name = m.group("name")
    if m.group("args") is None:
        if "." in name:  # {{ page.title }}: a Liquid or Vue expression, names are case-sensitive
            return braces[0] + name + braces[1], []
        return braces[0] + name.lower() + braces[1], []
    args = _arguments(m.group("args"))
    while args and args[-1] == "":
        args.pop()
    link = MACRO_LINK.get(name.lower())
    if link is not None and args:
        value = _unquote(args[0])
        return link.format((value if value is not None else args[0]).strip()), []
    text_at = MACRO_TEXT_ARGUMENT.get(name.lower())
    prose = []
    code_args = []
    for k, arg in enumerate(args):
        if k == text_at and _unquote(arg) is not None:
            prose.append(_unquote(arg))
            code_args.append('""')
        else:
            code_args.append(_literal(arg))
    while code_args and code_args[-1] == '""':
        code_args.pop()
    return f"{braces[0]}{name.lower()}({', '.join(code_args)}){braces[1]}", prose


def _parameters(body: str, braces: tuple[str, str]) -> tuple[str, list[str]]:
    """A shortcode or a Liquid tag: its name and parameters without the prose ones."""
    code = []
    prose = []
    body = "=".join(part.strip() for part in body.strip(" \t\n-").split("="))
    for m in _PARAM_RE.finditer(body):
        key, value = m.group("key"), m.group("value")
        if key and key.lower() in PROSE_PARAMETERS and _unquote(value) is not None:
            prose.append(_unquote(value))
        elif key:
            code.append(f"{key}={_literal(value)}")
        else:
            code.append(_literal(value) if _unquote(value) is not None else value)
    return f"{braces[0]} {' '.join(code)} {braces[1]}", prose


@functools.lru_cache(maxsize=8192)
def construct(source: str) -> tuple[str, tuple[str, ...]]:
    """The canonical code of one construct and its prose parts."""
    m = CONSTRUCT_RE.fullmatch(source)
    if m is None:
        return source, ()
    if m.group("hugo") is not None:
        code, prose = _parameters(m.group("hugo"), ("{{<", ">}}"))
    elif m.group("hugo2") is not None:
        code, prose = _parameters(m.group("hugo2"), ("{{%", "%}}"))
    elif m.group("liquid") is not None:
        code, prose = _parameters(m.group("liquid"), ("{%", "%}"))
    elif m.group("expr") is not None:
        code, prose = _macro(m.group("expr"), ("{{", "}}"))
    else:
        code, prose = _macro(m.group("broken"), ("{", "}}"))
    return code, tuple(prose)


def split(text: str) -> tuple[str, list[str], list[str]]:
    """``text`` with each construct replaced by its prose parts, the constructs' code, and
    the links that link macros stand for.

    >>> split('Use {{domxref("Node.textContent", "the text")}} here ({{bug(123)}}).')
    ('Use  the text  here ( ).', ['{{domxref("Node.textContent")}}'], ['https://bugzil.la/123'])
    """
    if MARKER_RE.search(text) is None:
        return text, [], []
    code: list[str] = []
    links: list[str] = []
    parts: list[str] = []
    last = 0
    for m in CONSTRUCT_RE.finditer(text):
        canonical, prose = construct(m.group(0))
        (links if canonical.startswith("https:") else code).append(canonical)
        parts.append(text[last:m.start()])
        parts.append(" " + " ".join(prose) + " " if prose else " ")
        last = m.end()
    if not code and not links:
        return text, [], []
    parts.append(text[last:])
    return "".join(parts), code, links


def only_constructs(text: str) -> bool:
    """Whether ``text`` is nothing but constructs (a paragraph that is one shortcode)."""
    text = text.strip()
    if not text or MARKER_RE.match(text) is None:
        return False
    return not CONSTRUCT_RE.sub("", text).strip()


_PROSE_LETTER_RE = re.compile(r"[^\W\d_]")


def has_prose(text: str) -> bool:
    """Whether ``text`` holds a letter outside its constructs' code: text around them, or a
    prose parameter (a caption, a macro's link text)."""
    return _PROSE_LETTER_RE.search(split(text)[0]) is not None


_TARGET_RE = re.compile(r"""\{\{[\w.-]+\(\s*"((?:[^"\\]|\\.)*)"[^{}]*\)\}\}""")


def macro_target(code: str) -> str | None:
    """The target a canonical cross-reference macro names (``{{domxref("Node")}}`` ->
    ``Node``), ``None`` for other code."""
    m = _TARGET_RE.fullmatch(code)
    return m.group(1) if m else None


def macro_page(code: str) -> tuple[str, str] | None:
    """The page a cross-reference macro links, as MDN resolves it: the macro and its target
    in lower case and without call parentheses (page names are case-insensitive there, and
    the reference macros drop a trailing ``()`` from the address, showing it in the text);
    ``None`` for other code."""
    target = macro_target(code)
    if target is None:
        return None
    return code[2:code.index("(")].lower(), target.lower().removesuffix("()")


def is_definition(text: str) -> bool:
    """Whether a list item's text is the description of a term: MDN writes a definition
    list as ``- term`` with ``- : description`` nested under it, and a translation keeps
    that shape, so a description is never the translation of a term."""
    return text.startswith(": ")


#: A list item or paragraph opening with a lead in bold, its marker aside ("- **Web forgery
#: protection enhanced.** Now…", ``1. **Install**``): the lead is group 1.
LEAD_RE = re.compile(r"\s*(?:[-*+]\s+|\d+[.)]\s+)?\*\*([^*\n]+)\*\*")


#: A language note a translator adds to a link to a page in another language: a short
#: parenthesized word in superscript, MDN's French ``<sup>(angl.)</sup>``.
_NOTE_TEXT_RE = re.compile(r"\s*\([^\d()<>]{1,15}\)\s*")


def language_notes(children) -> set[int]:
    """Indices of the two tags of each translator's note among inline tokens (the text
    between stays text): a language note, and a footnote mark that links within the page
    (``<sup>[[1]](#footnote-1)</sup>``, a note of the translator's own; whether the page
    has that id is for the link rules)."""
    notes: set[int] = set()
    for k in range(len(children) - 2):
        a, t, b = children[k], children[k + 1], children[k + 2]
        if a.type != "html_inline" or a.content.strip().lower() != "<sup>":
            continue
        if (b.type == "html_inline" and t.type == "text" and b.content.strip().lower() == "</sup>"
                and _NOTE_TEXT_RE.fullmatch(t.content)):
            notes.update((k, k + 2))
        elif (k + 4 < len(children) and t.type == "link_open" and str(t.attrs.get("href", "")).startswith("#")
              and children[k + 3].type == "link_close" and children[k + 4].type == "html_inline"
              and children[k + 4].content.strip().lower() == "</sup>"):
            notes.update((k, k + 4))
    return notes


def has_content(block: Block) -> bool:
    """Front matter, HTML without visible text (a component, a wrapper), a container with no
    title (VitePress' ``::: code-group``, whose tabs a translation may render with a
    component of its own) and a paragraph of
    template constructs with no prose part (MDN's ``{{FirefoxSidebar}}``, a macro whose
    arguments are all code) are structure, not text to translate: a translation may drop
    them or keep them elsewhere (a sidebar in its front matter)."""
    if block.kind == "front_matter":
        return False
    if block.kind == "shortcode":
        return has_prose(block.text)
    return not (block.kind in ("html", "container") and not block.text.strip())


# -- block syntax of each site generator ---------------------------------------------------

#: Block syntax beyond CommonMark and GFM, by site generator: MkDocs' admonitions (``!!! note``),
#: the ``:::`` containers of VitePress, Docusaurus and Starlight; the others have neither. With
#: no generator known (relsync's own layout, two files named), both are read.
GENERATOR_SYNTAX = {"mkdocs": ("admonition",), "vitepress": ("container",),
                    "docusaurus": ("container",), "starlight": ("container",)}
ALL_SYNTAX = ("admonition", "container")


def syntax_for(layout: str | None) -> tuple[str, ...]:
    """The block syntax of a layout's generator (:data:`GENERATOR_SYNTAX`)."""
    return ALL_SYNTAX if layout in (None, "relsync") else GENERATOR_SYNTAX.get(layout, ())
