"""The PO writer: babel's layout, GNU gettext's ``#|`` form, linear time on long lines."""

from __future__ import annotations

import io
import shutil
import subprocess

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import WORD_SEP, unescape, write_po
from babel.messages.pofile import normalize as babel_normalize
from hypothesis import given, settings
from hypothesis import strategies as st

from relsync import po, pofile

from .conftest import EXAMPLE_TR, EXAMPLE_UP

needs_msgfmt = pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext is not installed")

LONG_OLD = ("Old text that is long enough to wrap across a line in the PO file, and then some "
            '"more" words here to be sure of it.\nSecond line.')
LONG_NEW = "New text that is long enough to wrap across a line in the PO file, and then some more."


def _fuzzy_catalog(previous: str) -> Catalog:
    cat = Catalog(locale="zh_CN", charset="utf-8", fuzzy=False)
    message = cat.add(LONG_NEW, "新的文字。", locations=[("upstream/a.md", 3)], flags=["fuzzy"],
                      auto_comments=["paragraph"], user_comments=["checked"])
    message.previous_id = [previous]
    return cat


@needs_msgfmt
def test_a_long_previous_msgid_is_written_as_gettext_writes_it(tmp_path):
    # babel's writer wraps "#| msgid" as a comment, splitting a quoted string across lines:
    # msgfmt then rejects the whole file ("end-of-line within string").
    path = tmp_path / "a.po"
    path.write_bytes(po.serialize(_fuzzy_catalog(LONG_OLD)))
    text = path.read_text(encoding="utf-8")
    assert '#| msgid ""\n#| "Old text that is long' in text
    for line in text.splitlines():
        if line.startswith("#|"):
            assert line.startswith(('#| msgid "', '#| "')) and line.endswith('"'), line
    result = subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(path)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    again = subprocess.run(["msgcat", str(path)], capture_output=True, text=True)
    assert again.returncode == 0 and "#| msgid" in again.stdout, again.stderr


def test_a_long_previous_msgid_survives_a_round_trip():
    data = po.serialize(_fuzzy_catalog(LONG_OLD))
    message = po.parse_catalog(data, "a.po").get(LONG_NEW)
    assert message.previous_id == [LONG_OLD]
    assert message.user_comments == ["checked"]
    assert po.serialize(po.parse_catalog(data, "a.po")) == data


def test_long_runs_without_spaces_cost_linear_time():
    # babel's word splitter backtracks over a whole run of word characters at every position
    # of it (a 20,000-character CJK line took 3 s); the writer splits it in one pass.
    # The same holds for a run of punctuation ("*" * 20,000 took babel 16 s).
    for line, char in (("中" * 200_000 + "a-b", "中"), ("*" * 200_000 + " -x", "*")):
        cat = Catalog(locale="zh_CN", charset="utf-8")
        cat.add(line, line)
        text = po.serialize(cat).decode("utf-8")
        assert text.count(char) == 400_000


@pytest.mark.parametrize("width", [79, 0, 40])
def test_same_bytes_as_babel_write_po_on_the_example(width):
    up = po.load_file(EXAMPLE_UP, "upstream/pytorch-2.6.md")
    tr = po.load_file(EXAMPLE_TR, "pytorch-2.6.md", locale="zh_CN")
    pot = po.template(up, "upstream/pytorch-2.6.md", "pytorch-2.6")
    catalog, _ = po.gettextize(up, tr, pot, "zh_CN")
    next(iter(catalog)).user_comments.append("header note")
    catalog.obsolete["gone"] = Message("A removed paragraph.", "删除的段落。", user_comments=["kept"])
    for cat in (pot, catalog):
        ours = pofile.write(cat, width)
        buf = io.BytesIO()
        write_po(buf, cat, width=width, include_previous=True)
        assert ours == buf.getvalue()


def test_same_bytes_as_babel_write_po_on_the_corpus(corpus):
    for en, zh in corpus[::6]:
        rel = en.name
        up = po.load_file(en, f"upstream/{rel}")
        tr = po.load_file(zh, rel, locale="zh_CN")
        catalog, _ = po.gettextize(up, tr, po.template(up, f"upstream/{rel}", rel), "zh_CN")
        buf = io.BytesIO()
        write_po(buf, catalog, width=79, include_previous=True)
        assert pofile.write(catalog, 79) == buf.getvalue(), rel


WORDY = st.text(alphabet=st.sampled_from(list("aZ0_中é٣- \t\n\r\x0b\x85\u2028\"\\!.,?&'—–:/`*")), max_size=60)


@settings(max_examples=400, deadline=None)
@given(WORDY)
def test_word_split_is_babels(line):
    assert pofile.split_words(line) == WORD_SEP.split(line)


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("aZ0_中é٣---\"!.,?&'—:/`*")), max_size=200))
def test_hyphenated_tokens_split_as_babel_splits_them(token):
    # the linear scanner of hyphenated tokens against babel's pattern, on tokens of any length
    assert pofile._split_hyphens(token) == WORD_SEP.split(token)


@settings(max_examples=400, deadline=None)
@given(WORDY, st.sampled_from(["", "#~ ", "#| "]), st.sampled_from([0, 8, 20, 79]))
def test_normalize_is_babels_except_where_babel_changes_the_string(text, prefix, width):
    ours = pofile.normalize(text, prefix, width)
    assert _decode(ours, prefix) == text
    theirs = babel_normalize(text, prefix=prefix, width=width)
    if _decode(theirs, prefix) == text:
        assert ours == theirs


SPACED = st.lists(st.sampled_from(["a", "bb", "dddd", "e" * 10, "f" * 30, "中文", "x.y", ","]), max_size=40).map(" ".join)


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(["", " "]), SPACED, st.sampled_from(["", " "]), st.sampled_from([1, 3, 4, 8, 20, 79]))
def test_single_spaced_prose_wraps_as_babel_wraps_it(lead, words, tail, width):
    text = lead + words + tail
    ours, theirs = pofile.normalize(text, "", width), babel_normalize(text, width=width)
    assert _decode(ours, "") == text
    if _decode(theirs, "") == text:  # see test_a_wrapped_string_ending_in_spaces_keeps_its_text
        assert ours == theirs


def _decode(quoted: str, prefix: str) -> str:
    """The string a PO reader gets back (PO lines end at "\n" only)."""
    return "".join(unescape(line.removeprefix(prefix)) for line in quoted.split("\n"))


def test_a_wrapped_string_ending_in_spaces_keeps_its_text():
    # babel: '""\n#~ "000"\n#~ " \\n"', a newline the message never had
    assert pofile.normalize("000 ", "#~ ", 8) == '""\n#~ "000"\n#~ " "'


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab \t\n\u2068\u2069:1.")), max_size=100), st.sampled_from([8, 30, 79]))
def test_comments_wrap_as_babel_wraps_them(comment, width):
    cat = Catalog(charset="utf-8")
    cat.add("x", auto_comments=[comment], user_comments=[comment])
    buf = io.BytesIO()
    write_po(buf, cat, width=width, omit_header=True)
    assert pofile.write(cat, width, omit_header=True) == buf.getvalue()


@needs_msgfmt
def test_po_update_after_a_long_paragraph_changed_writes_a_file_msgfmt_accepts(tmp_path, run_cli):
    old = ("The release brings a new compiler pass that fuses pointwise operations across "
           "graph breaks, which cuts the time of the first call on large models by a third.")
    (tmp_path / "upstream").mkdir()
    doc = tmp_path / "upstream" / "notes.md"
    doc.write_text(f"# Notes\n\n{old}\n", encoding="utf-8")
    assert run_cli("po", "extract", cwd=tmp_path)[0] == 0
    assert run_cli("po", "init", "-l", "zh_CN", cwd=tmp_path)[0] == 0
    target = tmp_path / "locales" / "zh_CN" / "LC_MESSAGES" / "notes.po"
    catalog = po.parse_catalog(target.read_bytes(), "notes.po")
    catalog[old].string = "本版本带来了新的编译器优化。"
    target.write_bytes(po.serialize(catalog))
    doc.write_text(f"# Notes\n\n{old.replace('a third', 'half')}\n", encoding="utf-8")
    assert run_cli("po", "extract", cwd=tmp_path)[0] == 0
    code, _, err = run_cli("po", "update", cwd=tmp_path)
    assert code == 0, err
    text = target.read_text(encoding="utf-8")
    assert "#, fuzzy" in text and '#| msgid ""' in text
    result = subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(target)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert po.parse_catalog(target.read_bytes(), "notes.po").get(old.replace("a third", "half")).previous_id == [old]
