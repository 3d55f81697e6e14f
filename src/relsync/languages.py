"""What is specific to a language or script: CJK letters and their share of a text, locale
names, and the language prefixes a localized site puts in its links.

Every other module asks here instead of spelling out a character range or a language list.
"""

from __future__ import annotations

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
_CJK_RUN_RE = re.compile(f"[{CJK_LETTERS}]+")
_LATIN_RUN_RE = re.compile(r"[A-Za-z\u00c0-\u024f]+")

#: A text with at least this share of CJK letters (of its CJK and Latin letters) is written
#: in a CJK language; below it, it is Latin-script text, possibly with a few CJK names.
CJK_SHARE = 0.2
#: A text with at least this share of CJK letters has been translated into a CJK language.
CJK_PRESENT = 0.05

CJK_LANGUAGES = frozenset({"zh", "ja", "ko", "yue", "wuu", "lzh"})


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


_TAG_SEP_RE = re.compile(r"[-_]")


def locale_name(tag: str) -> str:
    """A locale code as a site writes it (``zh-cn``, ``pt-BR``, ``zh-Hans``, ``en-us``) in the
    form relsync names locales (``zh_CN``, ``pt_BR``, ``zh_Hans``, ``en_US``).

    Only the case of each subtag changes (language lower, script title, region upper): a
    round trip through babel would add likely subtags (``zh_CN`` becomes ``zh_Hans_CN``), which
    is not what a directory called ``zh-cn`` means.
    """
    parts = [p for p in _TAG_SEP_RE.split(tag.strip()) if p]
    if not parts:
        return tag
    out = [parts[0].lower()]
    for part in parts[1:]:
        if len(part) == 4 and part.isalpha():
            out.append(part.title())
        elif (len(part) == 2 and part.isalpha()) or (len(part) == 3 and part.isdigit()):
            out.append(part.upper())
        else:
            out.append(part.lower())
    return "_".join(out)


# -- language identification -----------------------------------------------------------------

#: Scripts written by one language in practice (a regex character class, the language).
_SCRIPT_LANGUAGES = (
    ("\u0370-\u03ff\u1f00-\u1fff", "el"), ("\u0590-\u05ff", "he"), ("\u0e00-\u0e7f", "th"),
    ("\u10a0-\u10ff", "ka"), ("\u0530-\u058f", "hy"), ("\u0980-\u09ff", "bn"),
    ("\u0900-\u097f", "hi"), ("\u0b80-\u0bff", "ta"), ("\u0c00-\u0c7f", "te"),
    ("\u0c80-\u0cff", "kn"), ("\u0d00-\u0d7f", "ml"), ("\u0a80-\u0aff", "gu"),
    ("\u0a00-\u0a7f", "pa"), ("\u1780-\u17ff", "km"), ("\u0e80-\u0eff", "lo"),
    ("\u1000-\u109f", "my"), ("\u0d80-\u0dff", "si"), ("\u1200-\u137f", "am"),
)
_SCRIPT_RES = tuple((re.compile(f"[{chars}]"), lang) for chars, lang in _SCRIPT_LANGUAGES)
_CYRILLIC_RE = re.compile("[\u0400-\u04ff]")
_ARABIC_RE = re.compile("[\u0600-\u06ff\u0750-\u077f]")
_KANA_RE = re.compile("[\u3040-\u30ff]")
_HANGUL_RE = re.compile("[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]")
_LETTER_RE = re.compile(r"[^\W\d_]")
#: Letters that only one language of a script writes (the first found decides).
_CYRILLIC_MARKS = (("\u0456\u0457\u0454\u0491", "uk"), ("\u045e", "be"), ("\u0452\u045b\u045f\u0458", "sr"),
                   ("\u044b\u044d\u0451", "ru"))
_ARABIC_MARKS = (("\u0679\u0688\u0691\u06ba\u06d2", "ur"), ("\u067e\u0686\u0698\u06af\u06cc", "fa"))
#: Characters of a text read to identify its language.
IDENTIFY_SAMPLE = 20000


def identify(text: str) -> str | None:
    """The language ``text`` is written in, as a language code, where its script decides it;
    ``None`` where it does not.

    CJK text is Japanese when it has kana, Korean when hangul is most of it, else Chinese;
    Cyrillic and Arabic text by the letters one language alone writes (``і``/``ї`` Ukrainian,
    ``ы``/``э`` Russian, ``پ``/``گ`` Persian, ``ے`` Urdu; without one, Arabic for Arabic
    script and ``None`` for Cyrillic); scripts written by one language in practice (Greek,
    Hebrew, Thai, Bengali, Devanagari as Hindi, ...) by the script. A text is read as the
    script of at least :data:`CJK_SHARE` of its letters. Latin-script text returns ``None``:
    telling English from French or Vietnamese takes a language model, not the script.
    """
    sample = text[:IDENTIFY_SAMPLE]
    if sample.isascii():
        return None
    letters = len(_LETTER_RE.findall(sample))
    if not letters:
        return None
    floor = CJK_SHARE * letters
    cjk = len(CJK_RE.findall(sample))
    if cjk >= floor:
        return _cjk_language(sample, cjk)
    cyrillic = len(_CYRILLIC_RE.findall(sample))
    if cyrillic >= floor:
        return _marked(sample.lower(), _CYRILLIC_MARKS, None)
    if len(_ARABIC_RE.findall(sample)) >= floor:
        return _marked(sample, _ARABIC_MARKS, "ar")
    for pattern, language in _SCRIPT_RES:
        if len(pattern.findall(sample)) >= floor:
            return language
    return None


def _cjk_language(sample: str, cjk: int) -> str:
    kana = len(_KANA_RE.findall(sample))
    hangul = len(_HANGUL_RE.findall(sample))
    if hangul * 2 > cjk:
        return "ko"
    return "ja" if kana * 20 >= cjk else "zh"


def _marked(sample: str, marks: tuple[tuple[str, str], ...], default: str | None) -> str | None:
    for chars, language in marks:
        if any(c in sample for c in chars):
            return language
    return default
