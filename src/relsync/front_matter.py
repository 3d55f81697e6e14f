"""Front matter in the three forms static-site generators read (Hugo reads all three): YAML
between ``---`` lines, TOML between ``+++`` lines, or a JSON object opening the document.

Reading gives a mapping and, for a broken block, the line and problem to report; the YAML
loader is PyYAML's safe one, except that a value PyYAML recognises but cannot build (the date
``2025-02-30``, an integer of more digits than Python converts) is the text it is. Writing
quotes a translated value so that the same reader gives back exactly that value, in the
block's own quoting where it can hold it.
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass

import yaml

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

YAML, TOML, JSON = "yaml", "toml", "json"
#: The markup of markdown-it's ``front_matter`` token for each form.
FORMS = {"---": YAML, "+++": TOML, "{": JSON}


class _Loader(yaml.SafeLoader):
    """PyYAML's safe loader; a timestamp or integer it cannot build stays a string."""


def _or_text(construct):
    def build(loader, node):
        try:
            return construct(loader, node)
        except (ValueError, OverflowError):
            return loader.construct_scalar(node)
    return build


_Loader.add_constructor("tag:yaml.org,2002:timestamp", _or_text(yaml.SafeLoader.construct_yaml_timestamp))
_Loader.add_constructor("tag:yaml.org,2002:int", _or_text(yaml.SafeLoader.construct_yaml_int))


def load_yaml(text: str) -> object:
    """YAML text as data (safe: nothing is evaluated); raises ``yaml.YAMLError``."""
    return yaml.load(text, Loader=_Loader)


def load(content: str, form: str) -> tuple[dict, tuple[int, str] | None]:
    """The mapping of a front-matter block and its problem, if it is broken: ``(line, message)``
    with ``line`` 1-based within ``content``."""
    if not content.strip():
        return {}, None
    try:
        if form == TOML:
            data = tomllib.loads(content)
        elif form == JSON:
            data = json.loads(content, parse_int=_int_or_text)
        else:
            data = load_yaml(content)
    except yaml.YAMLError as exc:
        return {}, _yaml_problem(exc, content)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"\(at line (\d+), column \d+\)|\(at end of document\)", str(exc))
        line = int(m.group(1)) if m and m.group(1) else content.count("\n") + 1
        message = str(exc)[: m.start()].strip() if m else str(exc)
        return {}, (line, f"front matter is not valid TOML: {message}")
    except json.JSONDecodeError as exc:
        return {}, (exc.lineno, f"front matter is not valid JSON: {exc.msg}")
    except RecursionError:
        return {}, (1, "front matter is nested too deeply")
    except ValueError as exc:  # tomllib: an integer of more digits than Python converts
        m = _LONG_NUMBER_RE.search(content)
        line = content.count("\n", 0, m.start()) + 1 if m else 1
        return {}, (line, f"front matter is not valid TOML: {exc}".split(";")[0])
    return (data if isinstance(data, dict) else {}), None


_LONG_NUMBER_RE = re.compile(r"\d{4000,}")


def _int_or_text(digits: str) -> int | str:
    """A JSON integer as a number, or as its digits when Python will not convert that many."""
    try:
        return int(digits)
    except ValueError:
        return digits


def _yaml_problem(exc: yaml.YAMLError, content: str) -> tuple[int, str]:
    mark = getattr(exc, "problem_mark", None)
    if mark is not None:
        return mark.line + 1, f"front matter is not valid YAML: {getattr(exc, 'problem', None) or 'invalid YAML'}"
    if isinstance(exc, yaml.reader.ReaderError):
        line = content.count("\n", 0, exc.position) + 1
        return line, f"front matter is not valid YAML: character U+{exc.character:04X} is not allowed"
    return 1, "front matter is not valid YAML: invalid YAML"


# -- recognising TOML and JSON front matter -----------------------------------------------

_TOML_FENCE_RE = re.compile(r"\+\+\+[ \t]*$")
_JSON_OPEN_RE = re.compile(r'\{[ \t]*(?:$|")')


def plugin(md) -> None:
    """markdown-it rule for TOML (``+++``) and JSON front matter: a ``front_matter`` token like
    mdit-py-plugins' YAML one, with ``+++`` or ``{`` as its markup."""
    md.block.ruler.before("front_matter", "front_matter_toml_json", _rule,
                          {"alt": ["paragraph", "reference", "blockquote", "list"]})


def _rule(state, start_line: int, end_line: int, silent: bool) -> bool:
    if start_line != 0 or state.bMarks[0] + state.tShift[0] != 0 or state.src[:1] not in ("+", "{"):
        return False
    first = state.src[: state.eMarks[0]]
    if _TOML_FENCE_RE.match(first):
        close = next((k for k in range(1, end_line)
                      if _TOML_FENCE_RE.match(state.src[state.bMarks[k]:state.eMarks[k]])), None)
        if close is None:
            return False
        content_lines, last, markup = (1, close), close, "+++"
    elif _JSON_OPEN_RE.match(first):
        last = json_object_end(state.src)
        if last is None or last >= end_line:
            return False
        content_lines, markup = (0, last + 1), "{"
    else:
        return False
    if silent:
        return True
    token = state.push("front_matter", "", 0)
    token.hidden = True
    token.markup = markup
    a, b = content_lines
    token.content = state.src[state.bMarks[a]:state.eMarks[b - 1]] if b > a else ""
    token.block = True
    token.map = [0, last + 1]
    state.line = last + 1
    return True


def json_object_end(text: str) -> int | None:
    """The 0-based line on which the JSON object opening ``text`` closes, when nothing but
    spaces follows it on that line; None when it does not close."""
    depth = 0
    in_string = escaped = False
    for pos, ch in enumerate(text):
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
            elif ch == "\n":
                return None
        elif ch == '"':
            in_string = True
        elif ch in "{[":
            depth += 1
        elif ch in "}]":
            depth -= 1
            if depth == 0:
                end = text.find("\n", pos)
                rest = text[pos + 1:] if end < 0 else text[pos + 1:end]
                return text.count("\n", 0, pos) if not rest.strip() else None
    return None


# -- where a value sits in the source --------------------------------------------------------

class Quoting:
    """How a value is written in its block (the ``Style`` of a PO unit)."""

    YAML_PLAIN = "yaml-plain"
    YAML_DOUBLE = "yaml-double"
    YAML_SINGLE = "yaml-single"
    TOML_BASIC = "toml-basic"
    TOML_LITERAL = "toml-literal"
    JSON = "json"


@dataclass(slots=True)
class Value:
    """A top-level string value of a front-matter block, on one line of the source."""

    key: str
    value: str
    line: int
    """0-based line of the source."""
    start: int
    end: int
    """Columns of the value on that line, quotes included."""
    quoting: str


_YAML_KEY_RE = re.compile(r"^([A-Za-z_][\w-]*)[ \t]*:(?:[ \t]+(.*?))?[ \t]*$")
_TOML_KEY_RE = re.compile(r"""^[ \t]*([A-Za-z0-9_-]+)[ \t]*=[ \t]*("(?:[^"\\]|\\.)*"|'[^']*')[ \t]*(?:#.*)?$""")
_JSON_KEY_RE = re.compile(r'^[ \t]*"((?:[^"\\]|\\.)*)"[ \t]*:[ \t]*("(?:[^"\\]|\\.)*")[ \t]*,?[ \t]*$')


def values(lines: list[str], first: int, last: int, form: str, keys) -> list[Value]:
    """The one-line string values of ``keys`` at the top level of the block whose content is
    ``lines[first:last]``."""
    wanted = set(keys)
    out = []
    depth = 0  # of a JSON object, at the start of the line
    for idx in range(first, last):
        line = lines[idx]
        if form == YAML:
            value = _yaml_value(line, wanted, idx)
        elif form == TOML:
            if line.lstrip().startswith("["):
                break  # a [table]: what follows is not top level
            value = _toml_value(line, wanted, idx)
        else:
            value = _json_value(line, wanted, idx) if depth == 1 else None
            depth += _depth_change(line)
        if value is not None and value.value.strip():
            out.append(value)
    return out


def _yaml_value(line: str, wanted: set[str], idx: int) -> Value | None:
    m = _YAML_KEY_RE.match(line)
    if not m or m.group(1) not in wanted or not m.group(2):
        return None
    raw, start = m.group(2), m.start(2)
    if raw[0] in "\"'":
        if len(raw) < 2 or raw[-1] != raw[0]:
            return None
        quoting = Quoting.YAML_DOUBLE if raw[0] == '"' else Quoting.YAML_SINGLE
    elif raw[0] in "|>&*!%@`{[" or " #" in raw:
        return None
    else:
        quoting = Quoting.YAML_PLAIN
    value = yaml_scalar(raw)
    if not isinstance(value, str) or (quoting == Quoting.YAML_PLAIN and value != raw):
        return None
    return Value(m.group(1), value, idx, start, start + len(raw), quoting)


def _toml_value(line: str, wanted: set[str], idx: int) -> Value | None:
    m = _TOML_KEY_RE.match(line)
    if not m or m.group(1) not in wanted or m.group(2)[:3] in ('"""', "'''"):
        return None
    try:
        value = tomllib.loads("v = " + m.group(2))["v"]
    except tomllib.TOMLDecodeError:
        return None
    quoting = Quoting.TOML_BASIC if m.group(2)[0] == '"' else Quoting.TOML_LITERAL
    return Value(m.group(1), value, idx, m.start(2), m.end(2), quoting)


def _json_value(line: str, wanted: set[str], idx: int) -> Value | None:
    m = _JSON_KEY_RE.match(line)
    if not m:
        return None
    try:
        key, value = json.loads(f'"{m.group(1)}"'), json.loads(m.group(2))
    except ValueError:
        return None
    if key not in wanted:
        return None
    return Value(key, value, idx, m.start(2), m.end(2), Quoting.JSON)


_STRING_RE = re.compile(r'"(?:[^"\\]|\\.)*"')


def key_line(lines: list[str], first: int, last: int, form: str, key: str) -> int | None:
    """The 1-based line of ``lines[first:last]`` where the top-level ``key`` is set."""
    name = re.escape(key)
    pattern = {YAML: rf"{name}[ \t]*:", TOML: rf"{name}[ \t]*=", JSON: rf'[ \t]*"{name}"[ \t]*:'}[form]
    key_re = re.compile(pattern)
    return next((k + 1 for k in range(first, min(last, len(lines))) if key_re.match(lines[k])), None)


def _depth_change(line: str) -> int:
    bare = _STRING_RE.sub("", line)
    return sum(bare.count(c) for c in "{[") - sum(bare.count(c) for c in "}]")


def yaml_scalar(raw: str) -> object:
    """One YAML scalar as data; None when it is not valid YAML."""
    try:
        return load_yaml(raw)
    except yaml.YAMLError:
        return None


# -- writing a value back ----------------------------------------------------------------------

#: What YAML allows in a document unescaped (its "printable" set), less the characters YAML
#: reads as line breaks inside a scalar.
_YAML_UNSAFE_RE = re.compile("[^\x09\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
#: What TOML forbids unescaped in a string.
_TOML_UNSAFE_RE = re.compile("[\x00-\x08\x0a-\x1f\x7f]")
_YAML_ESCAPES = {"\\": "\\\\", '"': '\\"', "\t": "\\t", "\n": "\\n", "\r": "\\r", "\x00": "\\0",
                 "\x85": "\\N", "\u2028": "\\L", "\u2029": "\\P"}
_TOML_ESCAPES = {"\\": "\\\\", '"': '\\"', "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}


def quote(value: str, quoting: str) -> str:
    """``value`` as it is written in a block whose value was quoted as ``quoting``, such that
    reading the block gives ``value`` back."""
    if quoting == Quoting.JSON:
        return json.dumps(value, ensure_ascii=False).replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")
    if quoting in (Quoting.TOML_BASIC, Quoting.TOML_LITERAL):
        if quoting == Quoting.TOML_LITERAL and "'" not in value and not _TOML_UNSAFE_RE.search(value):
            return f"'{value}'"
        return '"' + "".join(_TOML_ESCAPES.get(c) or (f"\\u{ord(c):04X}" if _TOML_UNSAFE_RE.match(c) else c)
                             for c in value) + '"'
    safe = not _YAML_UNSAFE_RE.search(value)
    if quoting == Quoting.YAML_PLAIN and safe and not value.startswith(("'", '"')) and yaml_scalar(value) == value:
        return value
    if quoting == Quoting.YAML_SINGLE and safe:
        return "'" + value.replace("'", "''") + "'"
    return '"' + "".join(_YAML_ESCAPES.get(c) or (_yaml_escape(c) if _YAML_UNSAFE_RE.match(c) else c)
                         for c in value) + '"'


def _yaml_escape(c: str) -> str:
    code = ord(c)
    return f"\\x{code:02X}" if code < 0x100 else (f"\\u{code:04X}" if code < 0x10000 else f"\\U{code:08X}")


# -- the YAML rule of the parser ----------------------------------------------------------

def at_document_start(rule):
    """mdit-py-plugins' front-matter rule, only on the document's first character (it also
    fires on the first line of a list item or quote: `- x--` read as a fence), and only on
    a YAML mapping: other text between two `---` lines is a rule and Markdown, as CommonMark
    reads it (broken YAML stays front matter, reported as such)."""
    def at_start(state, start_line: int, end_line: int, silent: bool) -> bool:
        if start_line != 0 or state.bMarks[0] + state.tShift[0] != 0:
            return False
        if silent or not rule(state, start_line, end_line, silent):
            return silent and rule(state, start_line, end_line, silent)
        if _yaml_mapping(state.tokens[-1].content):
            return True
        state.tokens.pop()
        state.line = start_line
        return False
    return at_start


_YAML_KEY_LINE_RE = re.compile(r"[ \t]*(?:#.*)?\n|[\w\"'][^\n]*?:(?:[ \t]|$)", re.MULTILINE)


def _yaml_mapping(content: str) -> bool:
    """Whether front matter is a YAML mapping (or empty, or broken YAML)."""
    if not content.strip() or _YAML_KEY_LINE_RE.match(content.lstrip("\n")):
        return True
    try:
        data = load_yaml(content)
    except Exception:  # PyYAML's errors: reported with the front matter
        return True
    return data is None or isinstance(data, dict)
