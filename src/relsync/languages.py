"""What is specific to a language or script: CJK letters and their share of a text, locale
names, and the language prefixes a localized site puts in its links.

Every other module asks here instead of spelling out a character range or a language list.
"""

from __future__ import annotations

import bisect
import functools
import re

from babel import Locale, UnknownLocaleError

from .errors import ConfigError

#: CJK letters: radicals, kana, bopomofo, hangul, ideographs (a regex character-class body).
CJK_LETTERS = (
    "\u2e80-\u2fdf\u3040-\u30ff\u3100-\u312f\u3130-\u318f\u31a0-\u31ff\u3400-\u4dbf"
    "\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff"
)
#: CJK punctuation, symbols and full-width forms: with :data:`CJK_LETTERS`, the characters
#: that CJK text writes without spaces between them.
CJK_SYMBOLS = "\u2fe0-\u303f\u3190-\u319f\u3200-\u33ff\u4dc0-\u4dff\uff00-\uffef"
CJK_WRITING = CJK_LETTERS + CJK_SYMBOLS

CJK_RE = re.compile(f"[{CJK_LETTERS}]")
#: :data:`CJK_WRITING` as sorted (first, last) code points, for one character's test without
#: compiling another class of these ranges (each costs milliseconds at start-up).
_CJK_WRITING_RANGES = tuple(sorted((ord(CJK_WRITING[k]), ord(CJK_WRITING[k + 2]))
                                   for k in range(0, len(CJK_WRITING), 3)))
_CJK_WRITING_FIRSTS = tuple(a for a, _ in _CJK_WRITING_RANGES)
_CJK_RUN_RE = re.compile(f"[{CJK_LETTERS}]+")
_LATIN_RUN_RE = re.compile(r"[A-Za-z\u00c0-\u024f]+")

#: A text with at least this share of CJK letters (of its CJK and Latin letters) is written
#: in a CJK language; below it, it is Latin-script text, possibly with a few CJK names.
CJK_SHARE = 0.2
#: A text with at least this share of CJK letters has been translated into a CJK language.
CJK_PRESENT = 0.05

CJK_LANGUAGES = frozenset({"zh", "ja", "ko", "yue", "wuu", "lzh"})


def is_cjk_char(ch: str) -> bool:
    """Whether ``ch`` is a CJK letter, punctuation mark or full-width form (:data:`CJK_WRITING`)."""
    cp = ord(ch)
    k = bisect.bisect_right(_CJK_WRITING_FIRSTS, cp) - 1
    return k >= 0 and cp <= _CJK_WRITING_RANGES[k][1]


def cjk_letters(text: str) -> int:
    """How many CJK letters ``text`` holds."""
    return 0 if text.isascii() else sum(map(len, _CJK_RUN_RE.findall(text)))


def cjk_ratio(text: str) -> float:
    """Share of CJK letters among the CJK and Latin letters of ``text`` (0 without letters)."""
    if text.isascii():
        return 0.0
    cjk = sum(map(len, _CJK_RUN_RE.findall(text)))
    if not cjk:
        return 0.0
    latin = sum(map(len, _LATIN_RUN_RE.findall(text)))
    total = cjk + latin
    return cjk / total if total else 0.0


def is_cjk_text(text: str) -> bool:
    """Whether ``text`` is written in a CJK language (see :data:`CJK_SHARE`)."""
    return cjk_ratio(text) >= CJK_SHARE


_KANA_RE = re.compile("[\u3040-\u30ff]")
_HANGUL_RE = re.compile("[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]")


def script_locale(text: str) -> str:
    """The locale a text's script names when no locale is given: ``ja`` for kana, ``ko`` for
    hangul, ``zh`` for other CJK text, else ``en``: enough to read its dates and numbers."""
    if not is_cjk_text(text):
        return "en"
    if _KANA_RE.search(text):
        return "ja"
    return "ko" if _HANGUL_RE.search(text) else "zh"


def parse_locale(name: str) -> Locale:
    """A locale from a directory or option name (``zh_CN``, ``zh-CN``, ``pt-br``)."""
    for sep in ("_", "-"):
        try:
            return Locale.parse(name, sep=sep)
        except (ValueError, UnknownLocaleError, TypeError):
            continue
    raise ConfigError(f"{name!r} is not a locale (expected a name such as zh_CN, ja or pt_BR)")


def is_cjk(locale: str) -> bool:
    """Whether a locale's language is written in CJK script."""
    return locale.replace("-", "_").split("_")[0].lower() in CJK_LANGUAGES


def month_locales(locale: str) -> tuple[str, ...]:
    """Locales whose month names may appear in a translation into ``locale``."""
    try:
        return ("en", str(parse_locale(locale)))
    except ConfigError:
        return ("en",)


def default_link_prefixes(locale: str) -> list[str]:
    """``zh_CN`` -> ``zh-cn``, ``zh_cn``, ``zh``, ``cn``, ``zh-hans``: language prefixes of
    localized sites."""
    norm = locale.replace("_", "-").lower()
    lang, _, region = norm.partition("-")
    out = [norm, norm.replace("-", "_"), lang]
    if region:
        out.append(region)
    if lang == "zh":
        out += ["zh-hans", "zh-hant", "cn"]
    seen: list[str] = []
    for p in out:
        if p and p not in seen:
            seen.append(p)
    return seen


_TAG_RE = re.compile(r"[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*")


@functools.lru_cache(maxsize=1024)
def is_language_tag(segment: str) -> bool:
    """Whether a path segment or host label names a language babel knows: ``ja``, ``zh-CN``,
    ``pt_BR``, ``en-US``, ``En`` (not ``docs``, ``api``, ``www``; a bare three-letter code such
    as ``src`` is a directory more often than a language)."""
    if not _TAG_RE.fullmatch(segment):
        return False
    lang, _, rest = segment.replace("_", "-").partition("-")
    if len(lang) == 3 and not rest:
        return False
    try:
        Locale.parse(lang.lower())
    except (ValueError, UnknownLocaleError, TypeError):
        return False
    if rest:
        try:
            Locale.parse(segment.replace("_", "-"), sep="-")
        except (ValueError, UnknownLocaleError, TypeError):
            return rest.lower() in ("hans", "hant")
    return True
