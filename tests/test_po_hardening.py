"""PO fault rows of docs/faults.md and the properties translators rely on: no lost work."""

from __future__ import annotations

import shutil
import subprocess

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from relsync import po

from .conftest import EXAMPLE_TR, EXAMPLE_UP


@pytest.fixture
def example_po(tmp_path, run_cli):
    path = tmp_path / "zh.po"
    code, _, err = run_cli("po", "import", str(EXAMPLE_UP), str(EXAMPLE_TR), "-l", "zh_CN", "-o", str(path))
    assert code == 0, err
    return path


def _fails_cleanly(run_cli, args, *needles):
    code, out, err = run_cli(*args)
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err, (code, err)
    for needle in needles:
        assert needle in err, err


def test_duplicate_msgids_are_an_error_with_the_line_msgfmt_names(run_cli, example_po, tmp_path):
    text = example_po.read_text(encoding="utf-8")
    start = text.index('msgid "Published: January 29, 2025"')
    entry = text[start:text.index("\n\n", start)]
    example_po.write_text(text + "\n" + entry + "\n", encoding="utf-8")
    before = example_po.read_bytes()
    line = before.decode("utf-8").count("\n", 0, before.decode("utf-8").rindex('msgid "Published')) + 1
    out = tmp_path / "out.md"
    _fails_cleanly(run_cli, ["po", "build", str(EXAMPLE_UP), str(example_po), "-o", str(out)],
                   f"zh.po:{line}: malformed PO: duplicate message definition")
    assert not out.exists() and example_po.read_bytes() == before
    if shutil.which("msgfmt"):
        msgfmt = subprocess.run(["msgfmt", "-c", "-o", "/dev/null", str(example_po)], capture_output=True, text=True)
        assert f"zh.po:{line}: duplicate message definition" in msgfmt.stderr


def test_po_of_another_locale_is_refused(run_cli, example_po, tmp_path):
    text = example_po.read_text(encoding="utf-8").replace('"Language: zh_CN\\n"', '"Language: fr\\n"')
    example_po.write_text(text, encoding="utf-8")
    _fails_cleanly(run_cli, ["po", "build", str(EXAMPLE_UP), str(example_po), "-l", "zh_CN",
                             "-o", str(tmp_path / "out.md")], "PO is for locale fr, not zh_CN")
    before = example_po.read_bytes()
    _fails_cleanly(run_cli, ["po", "import", str(EXAMPLE_UP), str(EXAMPLE_TR), "-l", "zh_CN",
                             "-o", str(example_po)], "PO is for locale fr, not zh_CN")
    assert example_po.read_bytes() == before


def test_po_of_another_document_is_refused(run_cli, example_po, tmp_path):
    text = example_po.read_text(encoding="utf-8").replace("pytorch-2.6.md:", "other-notes.md:")
    example_po.write_text(text, encoding="utf-8")
    out = tmp_path / "out.md"
    _fails_cleanly(run_cli, ["po", "build", str(EXAMPLE_UP), str(example_po), "-o", str(out)],
                   "PO is for other-notes.md, not pytorch-2.6.md")
    assert not out.exists()


_SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
_PARAGRAPH = st.text(st.sampled_from(list("abc 中文字。1.2`*_")), min_size=1, max_size=30).filter(str.strip)


def _doc(paragraphs):
    return "# Title\n\n" + "\n\n".join(p.strip().replace("\n", " ") for p in paragraphs) + "\n"


def _pot(text: str):
    parsed = po.load(text, "upstream/doc.md")
    return parsed, po.template(parsed, "upstream/doc.md", "doc")


@_SETTINGS
@given(st.lists(_PARAGRAPH, min_size=1, max_size=6), st.lists(_PARAGRAPH, min_size=1, max_size=6),
       st.data())
def test_update_twice_is_identical_and_keeps_every_translation_comment_and_flag(old, new, data):
    _, pot_old = _pot(_doc(old))
    catalog = po.new_catalog(pot_old, "zh_CN")
    for k, message in enumerate(m for m in catalog if m.id):
        message.string = f"译文 {k}"
        if data.draw(st.booleans()):
            message.user_comments = [f"translator note {k}"]
        if data.draw(st.booleans()):
            message.flags.add("fuzzy")
    kept = {(m.id, m.context): (m.string, list(m.user_comments), "fuzzy" in m.flags) for m in catalog if m.id}
    _, pot_new = _pot(_doc(new))
    once = po.serialize(po.update(po.parse_catalog(po.serialize(catalog), "a.po"), pot_new))
    twice = po.serialize(po.update(po.parse_catalog(once, "a.po"), pot_new))
    assert once == twice
    merged = po.parse_catalog(once, "a.po")
    everywhere = {}
    for m in list(merged) + list(merged.obsolete.values()):
        if m.id and m.string:
            everywhere.setdefault(m.string, m)
    for (msgid, _), (string, comments, fuzzy) in kept.items():
        assert string in everywhere, f"translation of {msgid!r} lost"
        m = everywhere[string]
        assert all(c in m.user_comments for c in comments)
        if fuzzy and m.id == msgid:
            assert "fuzzy" in m.flags  # obsolete entries too


def test_import_build_import_is_stable(tmp_path, run_cli):
    first = tmp_path / "a.po"
    built = tmp_path / "zh_CN" / "built.md"
    built.parent.mkdir()
    second = tmp_path / "b.po"
    assert run_cli("po", "import", str(EXAMPLE_UP), str(EXAMPLE_TR), "-l", "zh_CN", "-o", str(first))[0] == 0
    assert run_cli("po", "build", str(EXAMPLE_UP), str(first), "--fuzzy", "-o", str(built))[0] == 0
    assert run_cli("po", "import", str(EXAMPLE_UP), str(built), "-l", "zh_CN", "-o", str(second))[0] == 0
    a = po.parse_catalog(first.read_bytes(), "a.po")
    b = po.parse_catalog(second.read_bytes(), "b.po")
    strings_a = {(m.id, m.context): m.string for m in a if m.id}
    strings_b = {(m.id, m.context): m.string for m in b if m.id}
    assert strings_a == strings_b


def test_every_real_pair_goes_through_import_update_and_build(corpus, tmp_path):
    written = []
    for k, (en, zh) in enumerate(corpus):
        up = po.load_file(en, f"upstream/{en.name}")
        tr = po.load_file(zh, f"locales/zh_CN/{zh.name}", locale="zh_CN")
        pot = po.template(up, f"upstream/{en.name}", en.stem)
        catalog, _ = po.gettextize(up, tr, pot, "zh_CN")
        data = po.serialize(catalog)
        updated = po.serialize(po.update(po.parse_catalog(data, "x.po", "zh_CN"), pot))
        assert po.serialize(po.update(po.parse_catalog(updated, "x.po", "zh_CN"), pot)) == updated
        built = po.build_text(up, po.parse_catalog(updated, "x.po", "zh_CN"), use_fuzzy=True)
        assert built.strip()
        path = tmp_path / f"{k}.po"
        path.write_bytes(updated)
        written.append(str(path))
    if shutil.which("msgfmt"):
        script = 'for f in "$@"; do msgfmt --check-format --check-header -o /dev/null "$f" || echo "FAILED $f"; done'
        result = subprocess.run(["sh", "-c", script, "sh", *written], capture_output=True, text=True)
        assert "FAILED" not in result.stdout, result.stdout + result.stderr


CODE = __import__("pathlib").Path(__file__).parent / "fixtures" / "po" / "code"


def test_code_blocks_are_extracted_only_when_asked(run_cli, tmp_path):
    plain, coded = tmp_path / "plain.pot", tmp_path / "code.pot"
    assert run_cli("po", "extract", str(CODE / "upstream.md"), "-o", str(plain))[0] == 0
    assert run_cli("po", "--code-blocks", "extract", str(CODE / "upstream.md"), "-o", str(coded))[0] == 0
    plain_ids = {m.id for m in po.parse_catalog(plain.read_bytes(), "plain.pot") if m.id}
    code_ids = {m.id for m in po.parse_catalog(coded.read_bytes(), "code.pot") if m.id}
    assert code_ids - plain_ids == {"// create the app\nconst app = createApp({ msg: 'Hello' })",
                                    '# load the model\nmodel = load("x")'}
    assert "#. code block" in coded.read_text(encoding="utf-8")


def test_code_blocks_import_and_build_carry_translated_comments(run_cli, tmp_path):
    catalog, built, same = tmp_path / "zh.po", tmp_path / "out.md", tmp_path / "same.md"
    pot = tmp_path / "t.pot"
    up, tr = CODE / "upstream.md", CODE / "translation.md"
    assert run_cli("po", "--code-blocks", "import", str(up), str(tr), "-l", "zh_CN", "-o", str(catalog))[0] == 0
    messages = {m.id: m.string for m in po.parse_catalog(catalog.read_bytes(), "zh.po") if m.id}
    assert messages['# load the model\nmodel = load("x")'] == '# 加载模型\nmodel = load("x")'
    assert run_cli("po", "--code-blocks", "build", str(up), str(catalog), "-o", str(built))[0] == 0
    assert built.read_bytes() == tr.read_bytes()  # the list item's code keeps its indentation
    assert run_cli("po", "--code-blocks", "extract", str(up), "-o", str(pot))[0] == 0
    assert run_cli("po", "--code-blocks", "build", str(up), str(pot), "-o", str(same))[0] == 0
    assert same.read_bytes() == up.read_bytes()
    if shutil.which("msgfmt"):
        assert subprocess.run(["msgfmt", "--check-format", "-o", "/dev/null", str(catalog)]).returncode == 0


@pytest.mark.parametrize("translation", ["# 不是标题", "- 不是列表", "1. 不是编号列表", "> 不是引用",
                                         "```不是代码", "第一行\n---", "第一行\n- 第二行", "第一行\n2) 第二行"])
def test_a_translation_that_looks_like_block_syntax_keeps_the_structure(translation):
    text = "# Notes\n\nFirst paragraph.\n\n- An item.\n\nLast paragraph.\n"
    parsed = po.load(text, "doc.md")
    catalog = po.new_catalog(po.template(parsed, "doc.md", "doc"), "zh_CN")
    for message in catalog:
        if message.id in ("First paragraph.", "An item."):
            message.string = translation
    built = po.build_text(parsed, catalog)
    before = [(b.kind, b.level) for b in po.load(text, "doc.md").doc.blocks]
    after = po.load(built, "built.md").doc.blocks
    assert [(b.kind, b.level) for b in after] == before, built
    shown = " ".join(translation.replace("\n", " ").split())
    assert after[1].text == shown and after[2].text == shown
