"""relsync's table of common English words against wordfreq itself (a test dependency)."""

from __future__ import annotations

import itertools

from hypothesis import given, settings, strategies as st
from wordfreq import zipf_frequency

from relsync.checks.english import COMMON_ZIPF
from relsync.english_words import ENGLISH_WORD_RE, _english_common, english_zipf

from .conftest import ROOT

_WORD_RE = ENGLISH_WORD_RE  # the words the English rules look up


def _same(word: str) -> bool:
    theirs, ours = zipf_frequency(word, "en"), english_zipf(word)
    if theirs >= COMMON_ZIPF:
        return abs(theirs - ours) < 1e-9
    return ours < COMMON_ZIPF


def test_every_word_of_the_table_and_its_forms_is_as_common_as_wordfreq_says():
    words = list(_english_common())
    forms = set(words)
    forms |= {w.capitalize() for w in words} | {w.upper() for w in words[::7]}
    forms |= {w + "'" for w in words[::5]} | {w + "\u2019s" for w in words[::5]}
    forms |= {"l'" + w for w in words[::3]} | {"l\u2019" + w for w in words[::11]}
    forms |= {"qu'" + w for w in words[::13]} | {"o'" + w for w in words[::17]}
    forms |= {f"{a}-{b}" for a, b in itertools.product(words[::97], words[5::89])}
    differ = [w for w in sorted(forms) if not _same(w)]
    assert not differ, differ[:10]


def test_the_words_of_the_fixtures_are_as_common_as_wordfreq_says():
    words = set()
    for path in (ROOT / "tests" / "fixtures").rglob("*.md"):
        words.update(_WORD_RE.findall(path.read_text(encoding="utf-8", errors="replace")))
    differ = [w for w in sorted(words) if not _same(w)]
    assert len(words) > 1000 and not differ, differ[:10]


@settings(max_examples=300, deadline=None)
@given(st.from_regex(r"\A[A-Za-z][A-Za-z'\u2019-]{0,12}\Z"))
def test_any_word_is_as_common_as_wordfreq_says(word):
    assert _same(word)


_WORDS = st.sampled_from(["and", "users", "can", "enable", "it", "with", "one", "flag", "baru", "keras", "ini", ","])


@settings(max_examples=200, deadline=None)
@given(st.lists(_WORDS, min_size=1, max_size=30))
def test_stretches_of_upstream_words_are_inside_their_run_and_hold_a_clause(words):
    """`untranslated-clause` reads a run of Latin words in its stretches of upstream's words:
    each inside the run, in order, apart, of upstream's words only and a clause's length."""
    from relsync.checks.english import _CLAUSE_WORDS, _RUN_RE, _upstream_stretches
    up_words = {"and", "users", "can", "enable", "it", "with", "one", "flag"}
    text = " ".join(words).replace(" ,", ",")
    for run in _RUN_RE.finditer(text):
        last = run.start()
        for start, end in _upstream_stretches(text, run, up_words):
            assert last <= start < end <= run.end()
            found = _WORD_RE.findall(text[start:end])
            assert len(found) >= _CLAUSE_WORDS and all(w in up_words for w in found)
            last = end


def test_the_english_words_of_another_language_are_as_wordfreq_lists_them():
    # (scripts/update_english_words.py writes the lists; a language not in Latin letters has none)
    from relsync.english_words import _english_shared, english_shared
    assert english_shared("zh_CN") is None and english_shared("ru") is None
    french, portuguese = english_shared("fr"), english_shared("pt_BR")
    assert "conditions" in french and "resolve" not in french
    assert "resolve" in portuguese and "conditions" not in portuguese
    for language in sorted(_english_shared()):
        words = sorted(english_shared(language))
        assert all(zipf_frequency(w, language) >= 2.995 and english_zipf(w) >= COMMON_ZIPF for w in words[::41])
        outside = [w for w in list(_english_common())[::53] if w not in english_shared(language)]
        assert all(zipf_frequency(w, language) < 2.995 for w in outside), language
