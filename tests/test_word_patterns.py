"""The word patterns of the omission and English rules, written for speed, against the plain
patterns they stand for (and `untranslated`'s spelled-out code names); and the page's
lower-case words, read only when asked."""

from __future__ import annotations

import re

from hypothesis import given, settings, strategies as st

from relsync.align import align
from relsync.checks.masking import SPELLED_RE as _SPELLED_RE
from relsync.checks.english import _LOWER_WORD_RE, LowerWords, upstream_lower_words
from relsync.checks.registry import Context
from relsync.checks.units import LATIN_WORD_RE
from relsync.config import Config
from relsync.parse import parse

# What each pattern says, with the look behind written before the word as one reads it.
_PLAIN_LATIN_WORD = re.compile(r"(?<![A-Za-z0-9.-])[A-Za-z][A-Za-z0-9]+(?![A-Za-z0-9-])")
_PLAIN_LOWER_WORD = re.compile(r"(?<![\w.-])[a-z][a-z'-]+(?![\w-])")

_TEXT = st.text(alphabet=st.sampled_from(list("abzAZ09.-'_ \n,") + ["é", "中", "ж", "\ue000", "ß"]),
                max_size=40)


@settings(max_examples=400, deadline=None)
@given(_TEXT)
def test_the_word_patterns_find_what_the_plain_patterns_find(text):
    assert LATIN_WORD_RE.findall(text) == _PLAIN_LATIN_WORD.findall(text)
    assert _LOWER_WORD_RE.findall(text) == _PLAIN_LOWER_WORD.findall(text)


def test_the_word_patterns_at_the_edges_of_words():
    text = "x.js a-b don't1 v2 foo.bar 中文API的 é-clair _tail end"
    assert LATIN_WORD_RE.findall(text) == _PLAIN_LATIN_WORD.findall(text)
    assert _LOWER_WORD_RE.findall(text) == _PLAIN_LOWER_WORD.findall(text)
    assert "js" not in LATIN_WORD_RE.findall(text)  # after a ".": part of a name
    assert "don" in _LOWER_WORD_RE.findall(text)  # cut at the "'", as before


def test_the_pages_lower_case_words_are_read_once_asked_and_only_then():
    up = parse("# Title\n\nThe compiler is faster on Linux.\n", "en.md")
    tr = parse("# 标题\n\n编译器在 Linux 上更快。\n", "zh.md", ("en", "zh_CN"))
    ctx = Context(align(up, tr), locale="zh_CN")
    words = LowerWords(ctx)
    assert "lower" not in ctx.memo.get("english", {})  # nothing read yet
    assert "compiler" in words and "faster" in words
    assert "Linux" not in words and "linux" not in words
    assert "lower" in ctx.memo["english"]
    assert {w for w in ("the", "compiler", "is", "faster", "on", "title") if w in words} == set(
        upstream_lower_words(ctx)) == {"compiler", "is", "faster", "on"}  # paragraphs and list items


def test_a_pairs_rules_leave_no_cycle_through_its_context():
    # The memos rules keep in a context must not point back at it, nor at the memo that holds
    # them: a cycle would keep every pair's documents alive until the collector runs, which a
    # run sets to run rarely (vue-docs: 19 of 20 pairs' alignments, and a third of the cost of
    # the omission and English rules in bench_speed.py spent collecting them).
    import gc
    import weakref

    from relsync.checks import run_checks
    from relsync.model import Alignment
    from relsync.pipeline import make_context, read_pair
    from relsync.project import PairSpec

    from .conftest import EXAMPLE_TR, EXAMPLE_UP

    al, _ = read_pair(PairSpec(EXAMPLE_UP, EXAMPLE_TR, "zh_CN", "example.md"))
    ctx = make_context(al, Config(), "zh_CN")
    assert run_checks(ctx)
    assert ctx.memo == {}  # emptied when the pair's rules are done
    ref = weakref.ref(ctx)
    alignment = id(al)  # (an Alignment takes no weak reference; nothing else is made meanwhile)
    enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        del ctx, al
        assert ref() is None
        # nor its alignment (that one: a cache of another test may keep its own)
        assert not [o for o in gc.get_objects() if isinstance(o, Alignment) and id(o) == alignment]
    finally:
        if enabled:
            gc.enable()


_PLAIN_SPELLED = re.compile(r"(?<![\w`])`[A-Za-z]{1,2}`[a-z]")


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab`gtZ_ 1.") + ["é"]), max_size=30))
def test_a_spelled_out_code_name_is_found_as_the_plain_pattern_finds_it(text):
    assert _SPELLED_RE.findall(text) == _PLAIN_SPELLED.findall(text)
    assert _SPELLED_RE.search("`g`reater `t`han") and not _SPELLED_RE.search("a`g`reater")


def test_ordinary_words_take_plurals_not_acronyms():
    # a plural whose singular upstream writes in lower case is ordinary ("mismatches" over "a
    # hydration mismatch", "classes" over "class"); an acronym's plural is no more ordinary
    # than the acronym ("APIs"), but a capitalized word of two letters ending in s is a word
    from relsync.checks.english import _ordinary
    lower = frozenset({"is", "api", "hydration", "mismatch", "class"})
    assert _ordinary(["Is", "APIs", "API", "Hydration", "mismatches", "Classes", "Tauri"], lower) == \
        ["Is", "Hydration", "mismatches", "Classes"]
