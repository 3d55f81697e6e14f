"""Literal values out of a JavaScript or TypeScript site config, without running it.

``docusaurus.config.ts``, ``astro.config.mjs`` and ``.vitepress/config.mts`` are programs;
relsync reads the part of them that is data. A tokenizer (comments dropped, strings kept)
feeds a small evaluator of the subset site configs use for their locales: object, array,
string, number and boolean literals; identifiers bound by ``const``/``let``/``var`` in the
file, ``import { x } from './file'`` of such a binding, and ``import x from './file.json'``
(a JSON module, or another file's ``export default``); spreads and shorthand properties;
wrapper calls (``defineConfig(...)``, ``starlight(...)``); ``process.env.X`` as unset (so
``isPreview ? [...] : [...]`` takes what a plain build takes); ``! && || ?? === !== ?:``;
TypeScript's ``as``, ``satisfies``, ``: Type`` and ``x!``. Everything else (calls, functions,
JSX) is :data:`UNKNOWN`, and :attr:`JsConfig.warnings` says where, so a caller can say it
could not read the locales rather than guess.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path


class _Unknown:
    """A value the evaluator cannot know; false in a condition."""

    def __repr__(self) -> str:
        return "UNKNOWN"

    def __bool__(self) -> bool:
        return False


UNKNOWN = _Unknown()
_PUNCT = ("...", "===", "!==", "??=", "?.", "??", "&&", "||", "==", "!=", "<=", ">=", "=>",
          "{", "}", "[", "]", "(", ")", ",", ":", ";", "?", "=", "!", ".", "<", ">", "+", "-",
          "*", "/", "%", "&", "|", "^", "~", "@", "#")
_IDENT_RE = re.compile(r"[A-Za-z_$][\w$]*")
_NUMBER_RE = re.compile(r"0[xX][0-9a-fA-F]+|\d[\d_]*(?:\.\d+)?(?:[eE][+-]?\d+)?")
_OPEN = {"(": ")", "[": "]", "{": "}"}
_CLOSE = set(_OPEN.values())
_STOP = {",", ";", ")", "]", "}"}
_PRECEDENCE = {"??": 1, "||": 1, "&&": 2, "===": 3, "!==": 3, "==": 3, "!=": 3, "<": 4, ">": 4,
               "<=": 4, ">=": 4, "+": 5, "-": 5, "*": 6, "/": 6, "%": 6}
#: Calls whose value is their first argument.
WRAPPERS = frozenset({"defineConfig", "defineConfigWithTheme", "defineUserConfig", "withMermaid",
                      "starlight", "defineDocsConfig"})
_MODULE_SUFFIXES = ("", ".ts", ".mts", ".js", ".mjs", ".cts", ".cjs")


@dataclass(frozen=True, slots=True)
class Token:
    kind: str
    """``ident``, ``str``, ``num``, ``punct``, ``tmpl`` (a template literal) or ``eof``."""
    value: object
    pos: int


def tokenize(src: str) -> list[Token]:
    """The tokens of a JavaScript source, comments dropped."""
    out: list[Token] = []
    i, n = 0, len(src)
    while i < n:
        c = src[i]
        if c in " \t\r\n\ufeff":
            i += 1
        elif src.startswith("//", i):
            j = src.find("\n", i)
            i = n if j < 0 else j
        elif src.startswith("/*", i):
            j = src.find("*/", i + 2)
            i = n if j < 0 else j + 2
        elif c in "'\"":
            i = _string(src, i, out)
        elif c == "`":
            i = _template(src, i, out)
        elif c.isdigit():
            m = _NUMBER_RE.match(src, i)
            out.append(Token("num", _number(m.group(0)), i))
            i = m.end()
        elif (m := _IDENT_RE.match(src, i)) is not None:
            out.append(Token("ident", m.group(0), i))
            i = m.end()
        else:
            punct = next((p for p in _PUNCT if src.startswith(p, i)), None)
            if punct is not None:
                out.append(Token("punct", punct, i))
            i += len(punct) if punct else 1  # a stray character (JSX text): skipped
    return out


def _string(src: str, i: int, out: list[Token]) -> int:
    quote, j, buf = src[i], i + 1, []
    while j < len(src) and src[j] != quote:
        if src[j] == "\\" and j + 1 < len(src):
            buf.append({"n": "\n", "t": "\t"}.get(src[j + 1], src[j + 1]))
            j += 2
        else:
            buf.append(src[j])
            j += 1
    out.append(Token("str", "".join(buf), i))
    return j + 1


def _template(src: str, i: int, out: list[Token]) -> int:
    """A template literal: its text, or :data:`UNKNOWN` when it interpolates."""
    j, depth, interpolates = i + 1, 0, False
    while j < len(src):
        if src[j] == "\\":
            j += 2
            continue
        if src.startswith("${", j):
            interpolates, depth = True, depth + 1
            j += 2
            continue
        if src[j] == "}" and depth:
            depth -= 1
        elif src[j] == "`" and not depth:
            break
        j += 1
    out.append(Token("tmpl", UNKNOWN if interpolates else src[i + 1:j], i))
    return j + 1


def _number(text: str) -> object:
    text = text.replace("_", "")
    try:
        if text[:2].lower() == "0x":
            return int(text, 16)
        return float(text) if any(c in text for c in ".eE") else int(text)
    except ValueError:  # beyond Python's digit limit for int()
        return UNKNOWN


class _Env:
    """``process.env``: every variable is unset."""


@dataclass
class _Named:
    """An identifier whose value is unknown, kept by name (a wrapper's callee)."""

    name: str


@dataclass
class JsConfig:
    """A JavaScript or TypeScript config file, read as data."""

    text: str
    path: Path | None = None
    """The file, to follow ``import { x } from './relative'``."""
    warnings: list[str] = field(default_factory=list)

    @classmethod
    def from_file(cls, path: Path) -> "JsConfig":
        return cls(path.read_text(encoding="utf-8-sig"), path)

    def __post_init__(self) -> None:
        self.toks = tokenize(self.text)
        self.k = 0
        self._decls: dict[str, int] = {}
        self._imports: dict[str, tuple[str, str]] = {}
        self._resolving: set[str] = set()
        for k, t in enumerate(self.toks):
            if t.kind != "ident" or k + 1 >= len(self.toks):
                continue
            if t.value in ("const", "let", "var") and self.toks[k + 1].kind == "ident":
                self._decls.setdefault(str(self.toks[k + 1].value), k + 2)
            elif t.value == "import" and self.toks[k + 1].value == "{":
                self._read_import(k + 2)
            elif t.value == "import" and self.toks[k + 1].kind == "ident" and k + 3 < len(self.toks) \
                    and self.toks[k + 2].value == "from" and self.toks[k + 3].kind == "str":
                self._imports[str(self.toks[k + 1].value)] = (str(self.toks[k + 3].value), "default")

    def _read_import(self, j: int) -> None:
        names = []
        toks = self.toks
        while j < len(toks) and toks[j].value != "}":
            if toks[j].kind == "ident" and toks[j].value != "type":
                if j + 2 < len(toks) and toks[j + 1].value == "as":
                    names.append((str(toks[j].value), str(toks[j + 2].value)))
                    j += 3
                    continue
                names.append((str(toks[j].value), str(toks[j].value)))
            j += 1
        if j + 2 < len(toks) and toks[j + 1].value == "from" and toks[j + 2].kind == "str":
            for exported, local in names:
                self._imports[local] = (str(toks[j + 2].value), exported)

    # -- what callers ask for --------------------------------------------------------------
    def export_default(self) -> object:
        """The value of ``export default ...`` or ``module.exports = ...`` (wrappers unwrapped);
        :data:`UNKNOWN` when it is a function (Docusaurus' ``createConfigAsync``)."""
        toks = self.toks
        for k in range(len(toks) - 1):
            t, nt = toks[k], toks[k + 1]
            if t.kind == "ident" and t.value == "export" and nt.value == "default":
                return self._eval_at(k + 2)
            if (t.value == "module" and nt.value == "." and k + 3 < len(toks)
                    and toks[k + 2].value == "exports" and toks[k + 3].value == "="):
                return self._eval_at(k + 4)
        return UNKNOWN

    def find_property(self, name: str) -> object:
        """The value of the first ``name: value`` property anywhere in the file."""
        toks = self.toks
        for k in range(len(toks) - 1):
            t, nt = toks[k], toks[k + 1]
            if t.kind in ("ident", "str") and t.value == name and nt.value == ":" and nt.kind == "punct" \
                    and not (k and toks[k - 1].kind == "punct" and toks[k - 1].value in ("?", ".")):
                return self._eval_at(k + 2)
        return UNKNOWN

    def find_call_arg(self, callee: str) -> object:
        """The first argument of the first call of ``callee``."""
        toks = self.toks
        for k in range(len(toks) - 1):
            if toks[k].kind == "ident" and toks[k].value == callee and toks[k + 1].value == "(":
                return self._eval_at(k + 2)
        return UNKNOWN

    # -- names -------------------------------------------------------------------------------
    def resolve(self, name: str) -> object:
        """The value a top-level binding (or an import of one) gives ``name``."""
        if name in self._resolving:
            return UNKNOWN
        if name not in self._decls:
            return self._resolve_import(name)
        k = self._decls[name]
        if k < len(self.toks) and self.toks[k].value == ":":
            k = self._skip_type(k + 1, stop={"="})
        if k >= len(self.toks) or self.toks[k].value != "=":
            return UNKNOWN
        self._resolving.add(name)
        try:
            return self._eval_at(k + 1)
        finally:
            self._resolving.discard(name)

    def _resolve_import(self, name: str) -> object:
        if name not in self._imports or self.path is None:
            return UNKNOWN
        module, exported = self._imports[name]
        if not module.startswith("."):
            return UNKNOWN
        base = self.path.parent / module
        candidates = [Path(f"{base}{s}") for s in _MODULE_SUFFIXES]
        candidates += [base / f"index{s}" for s in _MODULE_SUFFIXES[1:5]]
        for candidate in candidates:
            if candidate.is_file():
                if candidate.suffix == ".json":
                    return _json_module(candidate) if exported == "default" else UNKNOWN
                other = JsConfig.from_file(candidate)
                value = other.export_default() if exported == "default" else other.resolve(exported)
                self.warnings += [f"{candidate.name}: {w}" for w in other.warnings]
                return value
        return UNKNOWN

    # -- the evaluator -------------------------------------------------------------------------
    def _eval_at(self, k: int) -> object:
        saved, self.k = self.k, k
        try:
            return self._expr()
        except (IndexError, ValueError, RecursionError) as exc:
            pos = self.toks[min(k, len(self.toks) - 1)].pos if self.toks else 0
            self.warnings.append(f"could not read the expression at offset {pos}: {exc}")
            return UNKNOWN
        finally:
            self.k = saved

    def _peek(self, offset: int = 0) -> Token:
        j = self.k + offset
        return self.toks[j] if j < len(self.toks) else Token("eof", None, len(self.text))

    def _is(self, value: str, offset: int = 0) -> bool:
        t = self._peek(offset)
        return t.kind == "punct" and t.value == value

    def _take(self, value: str | None = None) -> Token:
        t = self._peek()
        if value is not None and not (t.kind == "punct" and t.value == value):
            raise ValueError(f"expected {value!r}, found {t.value!r}")
        if t.kind == "eof":
            raise ValueError("unexpected end of file")
        self.k += 1
        return t

    def _skip_balanced(self) -> None:
        """Skip one bracketed group, from its opening bracket."""
        depth = 0
        while True:
            t = self._take()
            if t.kind == "punct" and t.value in _OPEN:
                depth += 1
            elif t.kind == "punct" and t.value in _CLOSE:
                depth -= 1
                if depth == 0:
                    return

    def _skip_type(self, k: int, stop: set[str]) -> int:
        """The position after a TypeScript type that starts at ``k``."""
        depth = 0
        while k < len(self.toks):
            t = self.toks[k]
            if t.kind == "punct":
                if t.value in _OPEN or t.value == "<":
                    depth += 1
                elif t.value in _CLOSE or t.value == ">":
                    if depth == 0:
                        return k
                    depth -= 1
                elif depth == 0 and (t.value in stop or t.value in _STOP):
                    return k
            k += 1
        return k

    def _expr(self) -> object:
        cond = self._binary(0)
        if not self._is("?"):
            return cond
        self._take("?")
        a = self._expr()
        self._take(":")
        b = self._expr()
        if cond is UNKNOWN:
            self.warnings.append("a condition could not be evaluated; took its last branch")
            return b
        return a if _truthy(cond) else b

    def _binary(self, floor: int) -> object:
        left = self._unary()
        while True:
            t = self._peek()
            if t.kind == "ident" and t.value in ("as", "satisfies"):
                self.k = self._skip_type(self.k + 1, stop={"?", ":", "&&", "||", "??"})
                continue
            if not (t.kind == "punct" and t.value in _PRECEDENCE and _PRECEDENCE[t.value] > floor):
                return left
            op = str(self._take().value)
            left = _binop(op, left, self._binary(_PRECEDENCE[op]))

    def _unary(self) -> object:
        if self._is("!"):
            self._take()
            value = self._unary()
            return UNKNOWN if value is UNKNOWN else not _truthy(value)
        if self._is("-") or self._is("+"):
            op = self._take().value
            value = self._unary()
            if not isinstance(value, (int, float)) or isinstance(value, bool):
                return UNKNOWN
            return -value if op == "-" else value
        t = self._peek()
        if t.kind == "ident" and t.value in ("await", "typeof", "void", "new"):
            self._take()
            value = self._unary()
            return value if t.value == "await" else UNKNOWN
        return self._postfix(self._primary())

    def _primary(self) -> object:
        t = self._peek()
        if t.kind in ("str", "num", "tmpl"):
            self._take()
            return t.value
        if self._is("["):
            return self._array()
        if self._is("{"):
            return self._object()
        if self._is("("):
            return self._parenthesized()
        if t.kind == "ident":
            self._take()
            return self._identifier(str(t.value))
        if self._is("<"):  # JSX, or a type argument list
            self.k = self._skip_type(self.k, stop=set())
            return UNKNOWN
        raise ValueError(f"unexpected {t.value!r}")

    def _parenthesized(self) -> object:
        if self._arrow_ahead():
            self._skip_balanced()
            if self._is(":"):
                self.k = self._skip_type(self.k + 1, stop={"=>"})
            self._take("=>")
            return self._skip_arrow_body()
        self._take("(")
        value = self._expr()
        while self._is(","):
            self._take()
            value = self._expr()
        self._take(")")
        return value

    def _identifier(self, name: str) -> object:
        if name in ("true", "false"):
            return name == "true"
        if name in ("null", "undefined"):
            return None
        if name in ("function", "class"):
            while not self._is("{"):
                self._take()
            self._skip_balanced()
            return UNKNOWN
        if name == "async":
            return self._primary()
        if self._is("=>"):
            self._take()
            return self._skip_arrow_body()
        if name == "process":
            return _Named("process")
        if name == "require" and self._is("("):
            self._skip_balanced()
            return UNKNOWN
        value = self.resolve(name)
        if value is UNKNOWN:
            if name not in WRAPPERS and not self._is("("):
                self.warnings.append(f"{name!r} is not a literal defined in this file")
            return _Named(name)
        return value

    def _postfix(self, value: object) -> object:
        while True:
            if self._is(".") or self._is("?."):
                self._take()
                value = _member(value, str(self._take().value))
            elif self._is("["):
                self._take("[")
                key = self._expr()
                self._take("]")
                value = _member(value, key) if isinstance(key, str) else UNKNOWN
            elif self._is("("):
                value = self._call(value)
            elif self._is("!") and not self._is("=", 1):  # TypeScript's non-null assertion
                self._take()
            else:
                return UNKNOWN if isinstance(value, _Named) else value

    def _call(self, callee: object) -> object:
        self._take("(")
        args = []
        while not self._is(")"):
            if self._is("..."):
                self._take()
            args.append(self._expr())
            if self._is(","):
                self._take()
        self._take(")")
        if isinstance(callee, _Named) and callee.name in WRAPPERS and args:
            return args[0]
        return UNKNOWN

    def _array(self) -> list:
        self._take("[")
        out: list = []
        while not self._is("]"):
            if self._is("..."):
                self._take()
                value = self._expr()
                if isinstance(value, list):
                    out.extend(value)
                else:
                    out.append(UNKNOWN)
                    self.warnings.append("an array spreads a value that is not a literal array")
            elif not self._is(","):
                out.append(self._expr())
            if self._is(","):
                self._take()
        self._take("]")
        return out

    def _object(self) -> dict:
        self._take("{")
        out: dict = {}
        while not self._is("}"):
            if self._is("..."):
                self._take()
                value = self._expr()
                if isinstance(value, dict):
                    out.update(value)
                else:
                    self.warnings.append("an object spreads a value that is not a literal object")
            else:
                key, value = self._property()
                if isinstance(key, str):
                    out[key] = value
            if self._is(","):
                self._take()
        self._take("}")
        return out

    def _property(self) -> tuple[object, object]:
        t = self._take()
        if t.kind == "punct" and t.value == "[":  # a computed key
            self.k -= 1
            self._skip_balanced()
            key: object = UNKNOWN
        elif t.kind == "ident" and t.value in ("get", "set", "async") and not any(
                self._is(p) for p in (":", ",", "}", "(")):
            key = self._take().value
        else:
            key = t.value if t.kind != "num" else str(t.value)
        if self._is(":"):
            self._take()
            return key, self._expr()
        if self._is("("):  # a method
            self._skip_balanced()
            if self._is(":"):
                self.k = self._skip_type(self.k + 1, stop={"{"})
            self._skip_balanced()
            return key, UNKNOWN
        return key, self.resolve(key) if isinstance(key, str) else UNKNOWN  # shorthand

    def _arrow_ahead(self) -> bool:
        depth, j = 0, self.k
        while j < len(self.toks):
            t = self.toks[j]
            if t.kind == "punct" and t.value in _OPEN:
                depth += 1
            elif t.kind == "punct" and t.value in _CLOSE:
                depth -= 1
                if depth == 0:
                    nxt = self.toks[j + 1] if j + 1 < len(self.toks) else None
                    return bool(nxt and nxt.kind == "punct" and nxt.value in ("=>", ":"))
            j += 1
        return False

    def _skip_arrow_body(self) -> object:
        if self._is("{"):
            self._skip_balanced()
        else:
            self._expr()
        return UNKNOWN


def _json_module(path: Path) -> object:
    """A JSON file imported as a module: its value."""
    try:
        return json.loads(path.read_text(encoding="utf-8-sig"))
    except (OSError, UnicodeDecodeError, ValueError):
        return UNKNOWN


def _member(value: object, name: object) -> object:
    if isinstance(value, _Named) and value.name == "process" and name == "env":
        return _Env()
    if isinstance(value, _Env):
        return None
    if isinstance(value, dict):
        return value.get(name)
    return UNKNOWN


def _truthy(value: object) -> bool:
    if value is UNKNOWN:
        return False
    return True if isinstance(value, (list, dict)) else bool(value)


def _binop(op: str, a: object, b: object) -> object:
    if op == "??":
        return b if a is None else a
    if op == "||":
        return a if _truthy(a) else b
    if op == "&&":
        return b if _truthy(a) else a
    if a is UNKNOWN or b is UNKNOWN:
        return UNKNOWN
    if op in ("===", "=="):
        return a == b
    if op in ("!==", "!="):
        return a != b
    if op == "+":
        return a + b if type(a) is type(b) and isinstance(a, (str, int, float)) else f"{a}{b}"
    if not (isinstance(a, (int, float)) and isinstance(b, (int, float))):
        return UNKNOWN
    if op in _COMPARISONS:
        return _COMPARISONS[op](a, b)
    if op == "-":
        return a - b
    if op == "*":
        return a * b
    if b == 0:
        return UNKNOWN
    return a / b if op == "/" else a % b


_COMPARISONS = {"<": lambda a, b: a < b, ">": lambda a, b: a > b, "<=": lambda a, b: a <= b,
                ">=": lambda a, b: a >= b}
