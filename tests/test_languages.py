"""Every language first-class: line joining in PO import, language identification,
untranslated text in any script, and the PO workflow on every language of the corpora."""

from __future__ import annotations

import pytest

from relsync import po
from relsync.align import align
from relsync.checks.consistency import _has_token

from .conftest import mdn_pairs
from .test_po import MSGFMT, _msgfmt_all


def _imported(up_text: str, tr_text: str, locale: str) -> dict[str, str]:
    up = po.load(up_text, "up.md")
    tr = po.load(tr_text, "tr.md", locales=("en", locale))
    catalog, _ = po.gettextize(up, tr, po.template(up, "up.md", "up"), locale, alignment=align(up.doc, tr.doc))
    return {m.id: m.string for m in catalog if m.id}


UP = "# Title\n\nThis is a long paragraph\nthat wraps over lines.\n"


@pytest.mark.parametrize("locale,translation,expected", [
    # Korean writes spaces between words: a line break is a space, and spaces stay.
    ("ko", "# 제목\n\n이것은 긴 문단으로\n여러 줄에 걸쳐 있습니다.\n", "이것은 긴 문단으로 여러 줄에 걸쳐 있습니다."),
    # Chinese and Japanese do not: a line break between two of their characters is nothing...
    ("zh_CN", "# 标题\n\n这是一个很长的段落\n跨越多行。\n", "这是一个很长的段落跨越多行。"),
    ("ja", "# タイトル\n\nこれは長い段落で\n複数行にわたります。\n", "これは長い段落で複数行にわたります。"),
    # ...but a space the translator wrote stays, and a break next to a Latin word is a space.
    ("ja", "# タイトル\n\nこれは 長い段落で\nFirefox\nでは複数行です。\n", "これは 長い段落で Firefox では複数行です。"),
    ("de", "# Titel\n\nDas ist ein langer Absatz,\nder umbricht.\n", "Das ist ein langer Absatz, der umbricht."),
    ("ru", "# Заголовок\n\nЭто длинный абзац,\nкоторый переносится.\n", "Это длинный абзац, который переносится."),
    ("hi", "# शीर्षक\n\nयह एक लंबा अनुच्छेद है\nजो कई पंक्तियों में है।\n", "यह एक लंबा अनुच्छेद है जो कई पंक्तियों में है।"),
    ("ar", "# العنوان\n\nهذه فقرة طويلة\nتمتد على عدة أسطر.\n", "هذه فقرة طويلة تمتد على عدة أسطر."),
])
def test_po_import_joins_wrapped_lines_as_the_language_writes(locale, translation, expected):
    assert _imported(UP, translation, locale)["This is a long paragraph that wraps over lines."] == expected


@pytest.mark.skipif(not mdn_pairs(), reason="the MDN corpus is not beside the repository")
@pytest.mark.skipif(MSGFMT is None, reason="GNU gettext (msgfmt) is not installed")
def test_po_import_of_every_mdn_language_is_accepted_by_msgfmt(mdn_corpus, tmp_path):
    written = []
    langs = set()
    for en, tr_path, lang in mdn_corpus:
        up = po.load_file(en, "upstream/index.md")
        tr = po.load_file(tr_path, str(tr_path), locale=lang)
        catalog, report = po.gettextize(up, tr, po.template(up, "upstream/index.md", "index"), lang)
        assert report.translated + report.fuzzy > 0, tr_path
        target = tmp_path / f"{lang}-{tr_path.parts[-2]}.po"
        target.write_bytes(po.serialize(catalog))
        written.append(target)
        langs.add(lang)
    assert len(langs) == 9
    _msgfmt_all(written)


# -- the terminal diff in every script ------------------------------------------------------

SCRIPTS = [
    "यह संस्करण नेटवर्किंग और सुरक्षा में कई सुधार लाता है, और पुराने इंटरफ़ेस हटाता है।",  # Devanagari
    "এই সংস্করণে নেটওয়ার্কিং এবং নিরাপত্তায় অনেক উন্নতি রয়েছে, পুরানো ইন্টারফেস সরানো হয়েছে।",  # Bengali
    "يجلب هذا الإصدار العديد من التحسينات في الشبكات والأمان ويزيل الواجهات القديمة.",  # Arabic
    "이 릴리스는 네트워킹과 보안을 개선하고 오래된 인터페이스를 제거합니다.",  # Hangul
    "Cette version apporte de nombreuses améliorations réseau et sécurité.",  # precomposed
    "Cette version apporte de nombreuses ame\u0301liorations re\u0301seau et se\u0301curite\u0301.",  # combining
    "本版本改进了网络和安全，并删除了旧的接口。👨\u200d👩\u200d👧 👍🏽 ❤️ 完成。",  # wide, emoji sequences
]


@pytest.mark.parametrize("text", SCRIPTS, ids=["hi", "bn", "ar", "ko", "fr", "fr-nfd", "zh-emoji"])
@pytest.mark.parametrize("width", [17, 23, 30])
def test_terminal_wrap_keeps_graphemes_whole_and_within_the_width(text, width):
    from wcwidth import iter_graphemes, wcswidth

    from relsync.report.terminal import text_width, wrap

    lines = wrap(text, width)
    assert all(text_width(line) == wcswidth(line) <= width for line in lines)
    graphemes = list(iter_graphemes(text))
    boundaries = {sum(map(len, graphemes[:k])) for k in range(len(graphemes) + 1)}
    pos = 0
    for line in lines:
        pos = text.index(line, pos)
        assert pos in boundaries and pos + len(line) in boundaries, (line, text)
        pos += len(line)


def test_terminal_diff_columns_line_up_in_every_script(tmp_path, run_cli):
    from wcwidth import wcswidth

    up = tmp_path / "up.md"
    tr = tmp_path / "tr.md"
    up.write_text("\n\n".join(f"Paragraph {k} about networking and security changes." for k in range(len(SCRIPTS))) + "\n",
                  encoding="utf-8")
    tr.write_text("\n\n".join(f"{k} {s}" for k, s in enumerate(SCRIPTS)) + "\n", encoding="utf-8")
    code, out, err = run_cli("diff", str(up), str(tr), "--locale", "hi", "--width", "90", "--lines", "0")
    assert code in (0, 1), err
    rows = [line for line in out.splitlines() if "\u2502" in line]
    assert len(rows) > len(SCRIPTS)
    assert {wcswidth(line.split("\u2502")[0]) for line in rows} == {wcswidth(rows[0].split("\u2502")[0])}


# -- language identification ----------------------------------------------------------------

@pytest.mark.parametrize("text,target,expected", [
    # real paragraphs of the MDN corpus (en-us/1.5, de/1.5, ru/28) and the brief's examples
    ("Several tools and browser extensions are available to help developers support Firefox 1.5.", "de", True),
    ("Einige Erweiterungen unterstützen derzeit Firefox 1.5 nicht und werden automatisch deaktiviert.", "de", False),
    ("Добавлена поддержка аудиокодека Opus для контента в мультимедиа-контейнерах WebM.", "ru", False),
    ("Several tools and browser extensions are available to help developers support Firefox 1.5.", "ru", True),
    ("Стили User agent в представлении Inspector Rules", "ru", False),  # ru/32: names in Latin
    ("Vários recursos e extensões de navegador estão disponíveis para os desenvolvedores.", "pt-br", False),
    ("Several tools and browser extensions are available to help developers.", "pt_BR", True),
    ("Cette version apporte de nombreuses améliorations pour les développeurs web.", "fr", False),
    ("Phiên bản này mang lại nhiều cải tiến cho các nhà phát triển web.", "vi", False),
    ("Versi ini membawa banyak peningkatan bagi para pengembang web.", "id", False),
    ("Цей випуск приносить багато покращень для веб-розробників.", "uk", False),
    ("यह संस्करण वेब डेवलपर्स के लिए कई सुधार लाता है।", "hi", False),
    ("এই সংস্করণে ওয়েব ডেভেলপারদের জন্য অনেক উন্নতি রয়েছে।", "bn", False),
    ("يجلب هذا الإصدار العديد من التحسينات لمطوري الويب.", "ar", False),
    ("This release brings many improvements for web developers.", "ar", True),
    ("Highlights", "de", None),  # too short to tell
    # fastapi-docs de and fr/advanced/advanced-dependencies.md: twelve words or more and none
    # of English's glue words (the, of, and, to, ...): not English, the identifier not asked
    ("Es kann jedoch Fälle geben, in denen Sie Parameter für eine Abhängigkeit festlegen möchten, "
     "ohne viele verschiedene Funktionen oder Klassen zu deklarieren.", "de", False),
    ("But there could be cases where you want to be able to set parameters on the dependency, "
     "without having to declare many different functions or classes.", "de", True),
])
def test_is_english(text, target, expected):
    from relsync.languages import is_english

    assert is_english(text, target) is expected


def test_identify_by_script_first_then_by_the_identifier():
    from relsync.languages import identify

    assert identify("このリリースではネットワークが改善されました。") == "ja"
    assert identify("이 릴리스는 네트워킹을 개선합니다.") == "ko"
    assert identify("本版本改进了网络和安全。") == "zh"
    assert identify("يحسن هذا الإصدار الشبكات والأمان.") == "ar"
    assert identify("यह संस्करण सुरक्षा में सुधार करता है।") == "hi"
    assert identify("Das ist ein deutscher Satz mit genug Wörtern, um ihn zu erkennen.") == "de"
    assert identify("Das ist ein deutscher Satz mit genug Wörtern.", ("en", "de")) == "de"
    assert identify("Это русский текст.", ("en", "ru")) == "ru"  # the script decides at any length
    assert identify("Hello", ("en", "de")) is None
    assert identify("1234 !!!") is None


def _python(code: str) -> str:
    import subprocess
    import sys

    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.strip()


def test_the_identifier_loads_only_where_the_script_cannot_decide():
    out = _python(
        "import sys, relsync\n"
        "up = 'Firefox 57 now supports the AbortController interface for fetch requests.\\n'\n"
        "relsync.check(up, 'Firefox 57 unterstützt jetzt AbortController für fetch-Anfragen.\\n', locale='de')\n"
        "print('py3langid' in sys.modules, 'numpy' in sys.modules)\n"
    )
    assert out == "False False"  # too few English words to be prose: no need to ask
    out = _python(
        "import sys, relsync\n"
        "up = 'Firefox 57 now supports the AbortController interface for fetch requests.\\n'\n"
        "relsync.check(up, 'Это русский текст о Firefox 57.\\n', locale='ru')\n"
        "relsync.check(up, 'Firefox 57 现在支持 AbortController。\\n', locale='zh_CN')\n"
        "print('py3langid' in sys.modules)\n"
        "relsync.check(up, 'Firefox 57 supports the AbortController interface, so fetch requests can stop.\\n', locale='de')\n"
        "print('py3langid' in sys.modules)\n"
    )
    assert out.split() == ["False", "True"]


def test_a_long_text_without_english_glue_words_is_decided_without_the_identifier():
    # fastapi-docs de/advanced/advanced-dependencies.md line 9 beside its English
    out = _python(
        "import sys, relsync\n"
        "up = 'But there could be cases where you want to be able to set parameters on the dependency, "
        "without having to declare many different functions or classes.\\n'\n"
        "tr = 'Es kann jedoch Fälle geben, in denen Sie Parameter für eine Abhängigkeit festlegen möchten, "
        "ohne viele verschiedene Funktionen oder Klassen zu deklarieren.\\n'\n"
        "found = [f.slug for f in relsync.check(up, tr, locale='de')]\n"
        "print('py3langid' in sys.modules, 'untranslated' in found)\n"
    )
    assert out == "False False"


def test_the_identifier_needs_no_network():
    out = _python(
        "import socket\n"
        "def refuse(*a, **k): raise OSError('no network')\n"
        "socket.socket = refuse; socket.create_connection = refuse; socket.getaddrinfo = refuse\n"
        "from relsync.languages import is_english\n"
        "print(is_english('Several tools and browser extensions are available to help developers.', 'de'))\n"
    )
    assert out == "True"


def test_singular_drops_a_plurals_s_only():
    from relsync.languages import singular
    # names a translation keeps in the singular (mdn-firefox zh-cn/78 `WeakMap` for
    # "WeakMaps"; vue-docs "API" for "advanced reactivity APIs")
    assert [singular(w) for w in ("APIs", "apis", "WeakMaps", "features")] == ["API", "api", "WeakMap", "feature"]
    # no plural: a capital S, a double s, three letters
    assert [singular(w) for w in ("iOS", "CSS", "class", "Express", "ups")] == ["iOS", "CSS", "class", "Express", "ups"]


def test_the_marks_of_a_script_are_its_letters():
    """A vowel sign is a letter of its script (Devanagari "हैं": three), so that a Hindi
    sentence around English terms counts what it writes; a combining accent of Latin text
    written decomposed is no letter of its own."""
    import unicodedata

    from relsync.languages import letter_scripts

    assert letter_scripts("हैं और") == {"Deva": 5}
    assert letter_scripts(unicodedata.normalize("NFD", "café")) == {"Latn": 4}


@pytest.mark.parametrize("text, code, written", [
    ("Lưu dữ liệu", "d", False),  # (a Vietnamese letter of Latin Extended Additional joins it)
    ("Lưu d liệu", "d", True),
    ("fastapi.statusと同じ", "fastapi.status", True),
    ("[with를 사용해", "with", True),
    ("weights_only_v2 を使う", "weights_only", False),
    ("Kaféstatus", "status", False),
])
def test_code_is_a_whole_token_beside_letters_of_another_script_only(text, code, written):
    assert _has_token(text, code) is written


def test_a_latin_token_takes_the_characters_each_side_adds():
    from relsync.languages import latin_token

    assert latin_token("on", "-", "-").search("turn it on") and not latin_token("on", "-", "-").search("add-on")
    assert latin_token("on").search("add-on")  # (a hyphen joins only where asked)
    assert not latin_token("save", ".").search("torch.save") and latin_token("save").search("torch.save")
    assert latin_token("API").search("API를") and not latin_token("API").search("APIs")
