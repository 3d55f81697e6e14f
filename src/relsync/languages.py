"""What is specific to a language or script: the script a language is written in and the
scripts of a text, language identification, CJK letters and their share of a text, how a
line break joins, locale names, and the language prefixes a localized site puts in its links.

Every other module asks here instead of spelling out a character range or a language list.
"""

from __future__ import annotations

import bisect
import copy
import functools
import re
import unicodedata
from collections import Counter
from typing import Iterable

from babel import Locale, UnknownLocaleError
from babel.core import get_global
from babel.numbers import get_decimal_symbol

from .errors import ConfigError
from .langid_model import load_identifier

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
#: The characters that join a Latin word or code to what stands beside it (a regular
#: expression's class, without brackets): Latin letters, accented too (Vietnamese's
#: too), digits and ``_``. A letter of another script beside it does not: "API를",
#: "weights_onlyを", "旧的API".
LATIN_JOINED = "A-Za-z0-9_\u00c0-\u024f\u1e00-\u1eff"


@functools.lru_cache(maxsize=4096)
def latin_token(text: str, before: str = "", after: str = "") -> re.Pattern[str]:
    """``text`` as a whole token: no character of :data:`LATIN_JOINED` beside it, nor one of
    ``before`` before it or of ``after`` after it (characters of a regular expression's class:
    ``"-"`` for a word that a hyphen joins to the next); compiled once."""
    return re.compile(rf"(?<![{LATIN_JOINED}{before}]){re.escape(text)}(?![{LATIN_JOINED}{after}])")

#: A text with at least this share of CJK letters (of its CJK and Latin letters) is written
#: in a CJK language; below it, it is Latin-script text, possibly with a few CJK names.
CJK_SHARE = 0.2
#: A text with at least this share of CJK letters has been translated into a CJK language.
CJK_PRESENT = 0.05

CJK_LANGUAGES = frozenset({"zh", "ja", "ko", "yue", "wuu", "lzh"})

#: Scripts written without spaces between words: Han, kana, bopomofo and their punctuation
#: and full-width forms, Thai, Lao, Khmer, Myanmar. Hangul is not among them: Korean puts a
#: space between words.
_UNSPACED = (
    "\u2e80-\u2fdf\u2fe0-\u303f\u3040-\u30ff\u3100-\u312f\u3190-\u31ff\u3200-\u33ff"
    "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff9f\uffe0-\uffef"
    "\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff"
)
_UNSPACED_RE = re.compile(f"[{_UNSPACED}]")


def line_break_joiner(before: str, after: str) -> str:
    """What a line break between the texts ``before`` and ``after`` reads as: nothing between
    two characters of a script written without spaces (CSS Text's segment-break rule, as
    browsers render it), a space everywhere else."""
    if before and after and _UNSPACED_RE.match(before[-1]) and _UNSPACED_RE.match(after[0]):
        return ""
    return " "


def join_lines(pieces: Iterable[str]) -> str:
    """Texts on separate lines as one line, each break read as :func:`line_break_joiner`
    reads it (empty pieces left out)."""
    out = ""
    for piece in pieces:
        if piece:
            out = out + line_break_joiner(out, piece) + piece if out else piece
    return out


_UNSPACED_GAP_RE = re.compile(f"(?<=[{_UNSPACED}])\\s+(?=[{_UNSPACED}])")


def term_key(text: str) -> str:
    """A term as two translations of it compare: full-width forms folded (NFKC), case
    folded, no space between two characters of a script written without spaces, the
    punctuation around it dropped ("Exemple :" is "exemple", "新しい 機能" is "新しい機能")."""
    text = " ".join(unicodedata.normalize("NFKC", text).casefold().split())
    text = _UNSPACED_GAP_RE.sub("", text)
    start = next((k for k, ch in enumerate(text) if ch.isalnum()), None)
    if start is None:
        return text
    end = next(k for k in range(len(text) - 1, -1, -1) if text[k].isalnum())
    return text[start:end + 1]


def contains_term(text: str, term: str) -> bool:
    """Whether a translation uses a target-language term, in any case and inflection:
    Russian "Прототипы" uses "прототип", German "Prototypfunktionen" uses "Funktion"."""
    return term_key(term) in term_key(text)


def fold_accents(text: str) -> str:
    """``text`` casefolded without its accents (``Cómo`` -> ``como``, ``exceção`` ->
    ``excecao``): what page names and identifiers written in a language's words keep of them."""
    return "".join(c for c in unicodedata.normalize("NFKD", text.casefold()) if not unicodedata.combining(c))


def is_cjk_char(ch: str) -> bool:
    """Whether ``ch`` is a CJK letter, punctuation mark or full-width form (:data:`CJK_WRITING`)."""
    cp = ord(ch)
    k = bisect.bisect_right(_CJK_WRITING_FIRSTS, cp) - 1
    return k >= 0 and cp <= _CJK_WRITING_RANGES[k][1]


def cjk_letters(text: str) -> int:
    """How many CJK letters ``text`` holds."""
    return 0 if text.isascii() else sum(map(len, _CJK_RUN_RE.findall(text)))


def weighted_length(text: str) -> int:
    """The length of ``text`` with a CJK letter counted as three: about what it takes in
    a language written with spaces (to tell whether two blocks may be one translated)."""
    return len(text) + 2 * cjk_letters(text)


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


def script_locale(text: str) -> str:
    """The locale a text's script names when no locale is given: ``ja`` for kana, ``ko`` for
    hangul, ``zh`` for other CJK text (see :func:`identify`), else ``en``: enough to read its
    dates and numbers, without the language identifier."""
    scripts = letter_scripts(text[:IDENTIFY_SAMPLE])
    if not scripts:
        return "en"
    return {"Kana": "ja", "Hang": "ko", "Hani": "zh"}.get(_main_script(scripts), "en")


def parse_locale(name: str) -> Locale:
    """A locale from a directory or option name (``zh_CN``, ``zh-CN``, ``pt-br``)."""
    for sep in ("_", "-"):
        try:
            return Locale.parse(name, sep=sep)
        except (ValueError, UnknownLocaleError, TypeError):
            continue
    raise ConfigError(f"{name!r} is not a locale (expected a name such as zh_CN, ja or pt_BR)")


def language_tag(locale: str) -> str:
    """The BCP 47 tag of a locale name as written, for ``lang`` attributes: ``zh_CN`` ->
    ``zh-CN``, ``pt-br`` -> ``pt-BR``, ``zh_hant_tw`` -> ``zh-Hant-TW``."""
    parts = [p for p in re.split(r"[-_]", locale) if p]
    out = []
    for k, part in enumerate(parts):
        if k == 0:
            out.append(part.lower())
        elif len(part) == 4 and part.isalpha():
            out.append(part.title())
        elif len(part) == 2 or (len(part) == 3 and part.isdigit()):
            out.append(part.upper())
        else:
            out.append(part.lower())
    return "-".join(out)


def is_cjk(locale: str) -> bool:
    """Whether a locale's language is written in CJK script."""
    return locale.replace("-", "_").split("_")[0].lower() in CJK_LANGUAGES


@functools.lru_cache(maxsize=256)
def parse_cldr_locale(code: str) -> Locale | None:
    """``zh_CN``, ``zh-cn``, ``pt-br`` -> a babel Locale (the language alone if the region is
    unknown); ``None`` for what is no locale."""
    parts = code.replace("-", "_").split("_")
    if not parts or not parts[0]:
        return None
    norm = [parts[0].lower()] + [p.title() if len(p) == 4 else p.upper() for p in parts[1:]]
    for candidate in ("_".join(norm), parts[0].lower()):
        try:
            return Locale.parse(candidate)
        except (ValueError, UnknownLocaleError, TypeError):
            continue
    return None


def month_locales(locale: str) -> tuple[str, ...]:
    """Locales whose month names may appear in a translation into ``locale``."""
    loc = parse_cldr_locale(locale) if locale else None  # (the language, if babel knows no such region)
    return ("en", str(loc)) if loc is not None else ("en",)


def decimal_mark(locale: str) -> str:
    """The decimal symbol of a locale's numbers, from CLDR (``,`` in de, fr, ru; ``.`` in
    en, zh, ja)."""
    try:
        return get_decimal_symbol(parse_cldr_locale(locale) or "en") or "."
    except (ValueError, KeyError):
        return "."


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


# -- scripts ---------------------------------------------------------------------------------

#: Letters by script: (first code point, last code point, ISO 15924 code). Sorted.
_SCRIPT_RANGES = sorted([
    (0x0041, 0x005A, "Latn"), (0x0061, 0x007A, "Latn"), (0x00C0, 0x024F, "Latn"),
    (0x1E00, 0x1EFF, "Latn"), (0x0370, 0x03FF, "Grek"), (0x0400, 0x052F, "Cyrl"),
    (0x0530, 0x058F, "Armn"), (0x0590, 0x05FF, "Hebr"), (0x0600, 0x06FF, "Arab"),
    (0x0750, 0x077F, "Arab"), (0x08A0, 0x08FF, "Arab"), (0x0900, 0x097F, "Deva"),
    (0x0980, 0x09FF, "Beng"), (0x0A00, 0x0A7F, "Guru"), (0x0A80, 0x0AFF, "Gujr"),
    (0x0B00, 0x0B7F, "Orya"), (0x0B80, 0x0BFF, "Taml"), (0x0C00, 0x0C7F, "Telu"),
    (0x0C80, 0x0CFF, "Knda"), (0x0D00, 0x0D7F, "Mlym"), (0x0D80, 0x0DFF, "Sinh"),
    (0x0E00, 0x0E7F, "Thai"), (0x0E80, 0x0EFF, "Laoo"), (0x1000, 0x109F, "Mymr"),
    (0x10A0, 0x10FF, "Geor"), (0x1100, 0x11FF, "Hang"), (0x1200, 0x137F, "Ethi"),
    (0x1780, 0x17FF, "Khmr"), (0x3040, 0x30FF, "Kana"), (0x3130, 0x318F, "Hang"),
    (0x31F0, 0x31FF, "Kana"), (0x3400, 0x4DBF, "Hani"), (0x4E00, 0x9FFF, "Hani"),
    (0xAC00, 0xD7AF, "Hang"), (0xF900, 0xFAFF, "Hani"), (0xFB50, 0xFDFF, "Arab"),
    (0xFE70, 0xFEFF, "Arab"), (0xFF66, 0xFF9F, "Kana"),
])
_SCRIPT_STARTS = [r[0] for r in _SCRIPT_RANGES]
#: CLDR's scripts that are several of the letter scripts above.
_SCRIPT_LETTERS = {"Jpan": ("Hani", "Kana"), "Kore": ("Hang", "Hani"), "Hans": ("Hani",),
                   "Hant": ("Hani",)}


def _script_of(ch: str) -> str | None:
    cp = ord(ch)
    k = bisect.bisect_right(_SCRIPT_STARTS, cp) - 1
    if k >= 0 and cp <= _SCRIPT_RANGES[k][1]:
        return _SCRIPT_RANGES[k][2]
    return None


def script_of(ch: str) -> str | None:
    """The script of one letter (ISO 15924: ``Latn``, ``Hani``, ``Deva``...), or ``None``."""
    return _script_of(ch)


def is_letter(ch: str) -> bool:
    """Whether a character is a letter of a word: a letter, or a vowel sign or other mark of a
    script (Devanagari "हैं" is three letters, as its sounds would be in Cyrillic)."""
    return ch.isalpha() or unicodedata.category(ch)[0] == "M"


def letter_scripts(text: str) -> Counter[str]:
    """How many letters of ``text`` each script has (Latin, Cyrillic, Han, Kana, ...), in the
    order the scripts first appear."""
    if text.isascii():
        return Counter({"Latn": len(_ASCII_LETTERS_RE.findall(text))})
    out: Counter[str] = Counter()
    for ch, n in Counter(text).items():  # each distinct character once
        script = _LETTER_SCRIPT.get(ch, _UNSEEN)
        if script is _UNSEEN:
            script = _LETTER_SCRIPT[ch] = _script_of(ch) if is_letter(ch) else None
        if script:
            out[script] += n
    return out


_ASCII_LETTERS_RE = re.compile(r"[A-Za-z]")
#: The script of each character met (``None``: not a letter, or of no script listed).
_LETTER_SCRIPT: dict[str, str | None] = {}
_UNSEEN = object()


@functools.lru_cache(maxsize=256)
def language_scripts(locale: str) -> tuple[str, ...]:
    """The letter scripts a locale's language is written in, from CLDR's likely subtags:
    ``de`` -> Latin; ``ja`` -> Han and kana; ``ko`` -> Hangul and Han; ``sr`` -> Cyrillic."""
    norm = locale.replace("-", "_")
    likely = get_global("likely_subtags")
    parts = [p for p in norm.split("_") if p]
    if not parts:
        return ()
    tag = likely.get(norm) or likely.get("_".join(parts[:2])) or likely.get(parts[0].lower()) or ""
    if len(parts) > 1 and len(parts[1]) == 4:
        script = parts[1].title()
    else:
        bits = tag.split("_")
        script = bits[1] if len(bits) > 1 else ""
    return _SCRIPT_LETTERS.get(script, (script,)) if script else ()


def language_code(locale: str) -> str:
    """The language of a locale name: ``pt-br`` -> ``pt``, ``zh_TW`` -> ``zh``."""
    return locale.replace("-", "_").split("_")[0].lower()


# -- language identification ------------------------------------------------------------------

#: Letters that only one language of a script writes (the first found decides).
_CYRILLIC_MARKS = (("\u0456\u0457\u0454\u0491", "uk"), ("\u045e", "be"), ("\u0452\u045b\u045f\u0458", "sr"),
                   ("\u044b\u044d\u0451", "ru"))
_ARABIC_MARKS = (("\u0679\u0688\u0691\u06ba\u06d2", "ur"), ("\u067e\u0686\u0698\u06af\u06cc", "fa"))
#: Characters of a text read to identify its language.
IDENTIFY_SAMPLE = 20000


def _main_script(scripts: Counter[str]) -> str:
    """The script a text is written in: CJK as soon as :data:`CJK_SHARE` of its letters are
    CJK (Japanese with 5% kana, Korean when Hangul is most of it, else Chinese), whatever
    Latin names it quotes; else its most frequent script."""
    total = sum(scripts.values())
    cjk = scripts["Hani"] + scripts["Kana"] + scripts["Hang"]
    if cjk and cjk >= CJK_SHARE * total:
        if scripts["Hang"] * 2 > cjk:
            return "Hang"
        return "Kana" if scripts["Kana"] * 20 >= cjk else "Hani"
    return next(s for s, _ in scripts.most_common() if s not in ("Hani", "Kana", "Hang"))


def main_script(text: str) -> str | None:
    """The script ``text`` is written in (ISO 15924: ``Latn``, ``Cyrl``, ``Hani``, ``Kana``,
    ``Hang``...; see :func:`_main_script`), or ``None`` without letters."""
    scripts = letter_scripts(text[:IDENTIFY_SAMPLE])
    return _main_script(scripts) if scripts else None


def _marked(text: str, marks: tuple[tuple[str, str], ...], default: str | None) -> str | None:
    for chars, language in marks:
        if any(c in text for c in chars):
            return language
    return default



#: From this many characters of prose on, the identifier's answer stands (on the MDN, Vue
#: and gettext paragraphs, py3langid restricted to {English, target} is 0.999 accurate from
#: 40 characters on).
IDENTIFY_MIN_CHARS = 40
#: Between :data:`IDENTIFY_SHORT_CHARS` and :data:`IDENTIFY_MIN_CHARS` characters, it
#: stands only with this probability (at 20-39 characters: no de, fr, es, pt, id or vi text
#: of 1,074 called English, 70% of 983 English texts found); below, nothing is decided.
IDENTIFY_SHORT_CHARS = 20
IDENTIFY_SHORT_CONFIDENCE = 0.9


@functools.lru_cache(maxsize=1)
def _identifier():
    """py3langid's model, which ships in its wheel (nothing is downloaded); loaded on first
    use only, as it costs numpy's import, and from a decompressed copy after the first time
    (:mod:`relsync.langid_model`)."""
    return load_identifier()


def singular(word: str) -> str:
    """``word`` without an English plural's ``s`` (``APIs``, ``WeakMaps``, ``apis``); a word of
    three letters or fewer, one ending in ``ss`` or in a capital ``S`` (``iOS``) as it is."""
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word




@functools.lru_cache(maxsize=64)
def _restricted(languages: tuple[str, ...]):
    base = _identifier()
    if any(lang not in base.nb_classes for lang in languages):
        return None
    ident = copy.copy(base)  # set_languages rebinds the model's arrays; the base stays whole
    ident.set_languages(list(languages))
    return ident


def reads_as(text: str, target: str, least: float) -> bool:
    """Whether the identifier, asked English or ``target``'s language (any length), says the latter at ``least``."""
    lang = language_code(target)
    ident = _restricted(("en", lang)) if lang != "en" else None
    found = ident.classify(text) if ident is not None else ("en", 0.0)
    return found[0] == lang and found[1] >= least


def identify(text: str, candidates: tuple[str, ...] | None = None) -> str | None:
    """The language ``text`` is written in, by script first, then by the language
    identifier (py3langid, loaded only when the script cannot decide).

    With ``candidates`` (language codes such as ``("en", "de")``) the answer is one of them,
    or ``None``: the text's main script decides when only one candidate is written in it
    (``("en", "ru")`` on Cyrillic text is ``"ru"``); otherwise the identifier decides among
    the candidates of that script, for texts of at least :data:`IDENTIFY_SHORT_CHARS`
    characters (with :data:`IDENTIFY_SHORT_CONFIDENCE` below :data:`IDENTIFY_MIN_CHARS`).
    Without candidates, a script of one language family decides (kana: ``ja``, Hangul:
    ``ko``, Han: ``zh``, Devanagari: ``hi``, Bengali: ``bn``, Arabic: ``ar`` — or ``fa``/``ur``
    by the letters only they write —, Thai: ``th``...); Cyrillic by the letters one
    language alone writes (``і``/``ї`` Ukrainian, ``ы``/``э`` Russian); a Latin or other
    shared script goes to the identifier over all its languages. The script is the one
    :func:`_main_script` finds.
    """
    return _identify(text[:IDENTIFY_SAMPLE], candidates)


def _identify(text: str, candidates: tuple[str, ...] | None, scripts: Counter[str] | None = None) -> str | None:
    """:func:`identify` of a sample, with its :func:`letter_scripts` when already counted."""
    scripts = letter_scripts(text) if scripts is None else scripts
    if not scripts:
        return None
    main = _main_script(scripts)
    if candidates:
        langs = tuple(dict.fromkeys(language_code(c) for c in candidates))
        written = tuple(c for c in langs if main in language_scripts(c))
        if len(written) <= 1:
            return written[0] if written else None
        ident = _restricted(written)
    else:
        decided = _SCRIPT_LANGUAGE.get(main)
        if main == "Arab":
            decided = _marked(text, _ARABIC_MARKS, decided)
        elif main == "Cyrl":
            decided = _marked(text.lower(), _CYRILLIC_MARKS, None)
        if decided:
            return decided
        ident = _identifier()
    text = " ".join(text.split())
    size = len(" ".join(_NOT_WORDS_RE.sub(" ", text).split()))  # punctuation left by stripped code is no text
    if ident is None or size < IDENTIFY_SHORT_CHARS:
        return None
    lang, confidence = ident.classify(text)
    if size < IDENTIFY_MIN_CHARS and confidence < IDENTIFY_SHORT_CONFIDENCE:
        return None
    return lang


_NOT_WORDS_RE = re.compile(r"[^\w\s]+|\d+")


#: Scripts that one language (or one macrolanguage) writes, for :func:`identify` without
#: candidates.
_SCRIPT_LANGUAGE = {"Kana": "ja", "Hang": "ko", "Hani": "zh", "Deva": "hi", "Beng": "bn",
                    "Arab": "ar", "Thai": "th", "Hebr": "he", "Grek": "el", "Armn": "hy",
                    "Geor": "ka", "Khmr": "km", "Laoo": "lo", "Mymr": "my", "Sinh": "si",
                    "Taml": "ta", "Telu": "te", "Knda": "kn", "Mlym": "ml", "Gujr": "gu",
                    "Guru": "pa", "Orya": "or", "Ethi": "am"}


#: A text with at least this share of its letters in the target language's script is
#: written in it, whatever else it quotes (API names, product names): the rule
#: :data:`CJK_PRESENT` states for CJK, for every script but Latin.
SCRIPT_PRESENT = 0.05


def is_english(text: str, target: str) -> bool | None:
    """Whether ``text`` (prose without code, names in code or URLs) is English rather than
    the language of the locale ``target``; ``None`` when it cannot be told (too short, or a
    script neither language writes). A text in a script other than Latin is translated
    as soon as :data:`SCRIPT_PRESENT` of its letters are in the target's script."""
    scripts = language_scripts(target)
    letters = None
    if scripts and "Latn" not in scripts:
        letters = letter_scripts(text)
        total = sum(letters.values())
        if total and sum(letters[s] for s in scripts) >= SCRIPT_PRESENT * total:
            return False
    if len(text) > IDENTIFY_SAMPLE:
        letters = None  # the identifier reads a sample
    elif "Latn" in scripts and _without_english_glue(text):
        return False  # (for another script, the script decides without the identifier)
    lang = _identify(text[:IDENTIFY_SAMPLE], ("en", target), letters)
    return None if lang is None else lang == "en"


#: Words English prose is held together by, which other languages written in Latin letters
#: seldom use (one they do, German's "was" and "will", only sends their text on to the
#: identifier): a text of :data:`GLUE_MIN_WORDS` words or more with fewer than
#: :data:`GLUE_MIN_SHARE` of them is not English prose (English has about a third).
ENGLISH_GLUE = frozenset("the of and to is that for with this you are be it by from your can not "
                         "or was were which will would has have".split())
GLUE_MIN_WORDS = 12
GLUE_MIN_SHARE = 0.04
_GLUE_WORD_RE = re.compile(r"[^\W\d_]+")


def _without_english_glue(text: str) -> bool:
    """Whether ``text`` has too few of English's glue words to be English prose (what the
    identifier, a hundred times slower, would say of it)."""
    words = _GLUE_WORD_RE.findall(text.lower())
    return len(words) >= GLUE_MIN_WORDS and sum(w in ENGLISH_GLUE for w in words) < GLUE_MIN_SHARE * len(words)


_TAG_RE = re.compile(r"[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*")


def is_territory_code(label: str) -> bool:
    """Whether a host label is a territory's code in babel's CLDR data (``cn``, ``br``,
    ``jp``): a site's edition for a country (``cn.vuejs.org``)."""
    return len(label) == 2 and label.upper() in get_global("territory_languages")


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
