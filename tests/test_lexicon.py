"""The words a document's own pairs hold together (relsync.lexicon)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from rapidfuzz import fuzz

from relsync import align, parse
from relsync.lexicon import COGNATE, COGNATE_LENGTHS, MIN_PAIRS, Lexicon, cognate, runner_up, words

from .conftest import ROOT

CASES = ROOT / "tests" / "fixtures" / "align-cases"


def _aligned(name: str):
    up = (CASES / f"{name}.en.md").read_text(encoding="utf-8")
    tr = (CASES / f"{name}.zh_CN.md").read_text(encoding="utf-8")
    return align(parse(up), parse(tr, locales=("en", "zh_CN")))


def _block(doc, text: str) -> int:
    hits = [b.index for b in doc.blocks if b.text == text]
    assert len(hits) == 1, (text, hits)
    return hits[0]


def test_words_are_cut_latin_words_and_cjk_letters_two_by_two():
    assert words("Fix `n-select` caret colors.") == {"fix", "select", "caret", "colors"}
    assert words("Recursos y aplicaciones") == {"recurso", "aplicac"}  # (cut to 7 letters)
    assert words("修复 n-input 光标颜色") == {"修复", "input", "光标", "标颜", "颜色"}
    assert words("色 ok") == {"色"}


def test_a_changelog_teaches_how_its_translator_writes_its_words():
    al = _aligned("changelog-no-anchor")
    lexicon = Lexicon(al)
    assert lexicon.taught >= MIN_PAIRS
    assert "重构" in lexicon.goes_with("refacto") and "修正" in lexicon.goes_with("fix")
    assert "refacto" in lexicon.goes_with("重构", side=1)
    refactor = _block(al.upstream, "Refactor experimental setting primary color feature.")
    fixes = _block(al.translation, "修正了一些零碎的样式错误")
    refactored = _block(al.translation, "重构了试验性的设定主色功能")
    assert lexicon.similarity(refactor, refactored) > lexicon.similarity(refactor, fixes) + 0.2


def test_a_short_page_teaches_nothing():
    root = ROOT / "tests" / "fixtures" / "align"
    up = (root / "pytorch-2.6-html.en.md").read_text(encoding="utf-8")
    tr = (root / "pytorch-2.6-html.zh_CN.md").read_text(encoding="utf-8")
    lexicon = Lexicon(align(parse(up), parse(tr, locales=("en", "zh_CN"))))
    assert lexicon.taught < MIN_PAIRS and not lexicon.goes_with("release")


def test_a_latin_translation_counts_words_written_alike():
    up = parse("Web applications can be cached.\n")
    tr = parse("Las aplicaciones web pueden ser cacheadas.\n", locales=("en", "es"))
    lexicon = Lexicon(align(up, tr))
    assert lexicon.similarity(0, 0) > 0.5
    other = parse("Otro texto sin nada que ver.\n", locales=("en", "es"))
    assert Lexicon(align(up, other)).similarity(0, 0) == 0.0


_LETTERS = "abcdeéfgnrst"


@settings(max_examples=300, deadline=None)
@given(st.frozensets(st.text(_LETTERS, min_size=1, max_size=14), max_size=12),
       st.text(_LETTERS, min_size=1, max_size=14), st.integers(1, 6))
def test_a_cognate_is_a_word_of_about_its_length_written_almost_alike(theirs, word, least):
    # what cognate() answers through length buckets and rapidfuzz's process, said directly
    expected = len(word) >= least and any(
        abs(len(w) - len(word)) <= COGNATE_LENGTHS and fuzz.ratio(word, w) >= COGNATE for w in theirs)
    assert cognate(word, theirs, least) == expected


def test_cognates_of_a_translations_words():
    theirs = frozenset({"aplicaciones", "recursos", "anti-viren"})
    assert cognate("applications", theirs, 5)  # ratio 83, one letter more
    assert cognate("anti-virus", theirs, 5)
    assert not cognate("resources", theirs, 5)  # (ratio 59)
    assert not cognate("apps", theirs, 5)  # too short to tell
    assert not cognate("aplicacionesxxxx", frozenset({"aplicaciones"}), 5)  # (four letters more: ratio 86)
    assert cognate("applications", {"aplicaciones"}, 5)  # (any set of words)


def test_the_runner_up_is_the_best_score_once_ones_own_is_left_out():
    assert runner_up([0.2, 0.5, 0.3], 0.5) == 0.3
    assert runner_up([0.5, 0.5], 0.5) == 0.5  # (a tie: another is as good)
    assert runner_up([0.4], 0.4) == 0.0
