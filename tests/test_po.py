"""The PO workflow: extraction, build, import (gettextize), update, stats and the CLI."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po
from markdown_it.utils import read_fixture_file

from relsync import po
from relsync.align import align
from relsync.languages import line_break_joiner
from relsync.parse import markdown

from .conftest import EXAMPLE_TR, EXAMPLE_UP, FIXTURES, ROOT

PO_FIXTURES = FIXTURES / "po"
MSGFMT = shutil.which("msgfmt")
needs_msgfmt = pytest.mark.skipif(MSGFMT is None, reason="GNU gettext (msgfmt) is not installed")


def _units_text(parsed: po.Parsed) -> str:
    return "".join(f"{u.line} {u.kind}: {u.msgid.replace(chr(10), '⏎')}\n" for u in parsed.units)


def _catalog(parsed: po.Parsed, translate) -> Catalog:
    cat = Catalog(locale="zh_CN")
    for unit in parsed.units:
        cat.add(unit.msgid, translate(unit.msgid), context=unit.context)
    return cat


@pytest.mark.parametrize(
    "line,title,text,expected",
    read_fixture_file(PO_FIXTURES / "extract.md"),
    ids=[c[1] for c in read_fixture_file(PO_FIXTURES / "extract.md")],
)
def test_extract_fixtures(line, title, text, expected):
    assert _units_text(po.load(text, "doc.md")) == expected


@pytest.mark.parametrize(
    "line,title,text,expected",
    read_fixture_file(PO_FIXTURES / "build.md"),
    ids=[c[1] for c in read_fixture_file(PO_FIXTURES / "build.md")],
)
def test_build_fixtures(line, title, text, expected):
    parsed = po.load(text, "doc.md")
    assert po.build_text(parsed, _catalog(parsed, str.upper)) == expected
    assert po.build_text(parsed, Catalog()) == text


def test_multiline_translation_continues_the_block():
    """Continuation lines get the block's prefix; a blank line would end the block, so it
    joins the lines around it instead."""
    parsed = po.load("> - item\n>   text\n\n- one\n", "doc.md")
    cat = _catalog(parsed, lambda s: s.upper() + "\\\nSECOND\n\nNEW PARAGRAPH")
    out = po.build_text(parsed, cat)
    assert out == ("> - ITEM TEXT\\\n>   SECOND\n>   NEW PARAGRAPH\n\n"
                   "- ONE\\\n  SECOND\n  NEW PARAGRAPH\n")
    kinds = [b.kind for b in po.load(out, "out.md").doc.blocks]
    assert kinds == ["list_item", "list_item"]


def test_one_line_targets_escape_what_would_break_them():
    text = "---\ntitle: Plain\n---\n\n# Head\n\n| a | b |\n|---|---|\n| c | d |\n"
    parsed = po.load(text, "doc.md")
    cat = _catalog(parsed, lambda s: {"Plain": "键: 值 # 注", "Head": "一\n二", "c": "x | y"}.get(s, s))
    out = po.build_text(parsed, cat)
    assert 'title: "键: 值 # 注"\n' in out
    assert "# 一二\n" in out  # a line break between two Chinese characters joins them
    assert "| x \\| y | d |" in out
    doc = po.load(out, "out.md").doc
    assert doc.front_matter["title"] == "键: 值 # 注"
    assert [c.text for c in doc.blocks[-1].cells] == ["x | y", "d"]


def test_quoted_front_matter_values_round_trip_their_quoting():
    text = "---\ntitle: \"Say \\\"hi\\\"\"\ndescription: 'It''s'\n---\n"
    parsed = po.load(text, "doc.md", front_matter=("title", "description"))
    assert [(u.kind, u.key, u.msgid) for u in parsed.units] == [
        ("title", "title", 'Say "hi"'), ("front_matter", "description", "It's")]
    out = po.build_text(parsed, _catalog(parsed, lambda s: s + " “好”'s"))
    data = po.load(out, "out.md").doc.front_matter
    assert data == {"title": 'Say "hi" “好”\'s', "description": "It's “好”'s"}


def test_crlf_and_bom_survive_build(tmp_path):
    data = "\ufeff# Title\r\n\r\nSome text\r\nmore text.\r\n".encode("utf-8")
    src = tmp_path / "doc.md"
    src.write_bytes(data)
    parsed = po.load_file(src, "doc.md")
    assert [u.msgid for u in parsed.units] == ["Title", "Some text more text."]
    assert po.encode(po.build_text(parsed, Catalog()), parsed.encoding) == data
    out = po.encode(po.build_text(parsed, _catalog(parsed, lambda s: s.upper() + "\nX")), parsed.encoding)
    assert out == "\ufeff# TITLE X\r\n\r\nSOME TEXT MORE TEXT.\r\nX\r\n".encode("utf-8")


def test_identical_texts_in_different_roles_get_a_context():
    text = "## Beta\n\n| Beta | x |\n|---|---|\n| y | z |\n\nBeta\n\n## Beta\n"
    parsed = po.load(text, "doc.md")
    assert [(u.msgid, u.context) for u in parsed.units if u.msgid == "Beta"] == [
        ("Beta", None), ("Beta", "table cell"), ("Beta", "text"), ("Beta", None)]
    pot = po.template(parsed, "upstream/doc.md", "doc")
    beta = [m for m in pot if m.id == "Beta"]
    assert len(beta) == 3
    assert next(m for m in beta if m.context is None).locations == [
        ("upstream/doc.md", 1), ("upstream/doc.md", 9)]


def test_percent_is_not_a_python_format():
    parsed = po.load("Speed up by 50% with %s and %(name)s.\n", "doc.md")
    pot = po.template(parsed, "upstream/doc.md", "doc")
    data = po.serialize(pot)
    assert b"python-format" not in data
    reread = po.parse_catalog(data, "doc.pot")
    assert all("python-format" not in m.flags for m in reread)
    merged = po.update(po.new_catalog(reread, "zh_CN"), reread)
    assert b"python-format" not in po.serialize(merged)


# -- round trips over real documents ------------------------------------------------------

def _html(text: str) -> str:
    return re.sub(r"\s+", " ", markdown().render(text.lstrip("\ufeff").replace("\r\n", "\n")))


def _round_trip(path: Path) -> None:
    data = path.read_bytes()
    parsed = po.load_file(path, str(path))
    assert po.encode(po.build_text(parsed, Catalog()), parsed.encoding) == data, path
    # msgstr = msgid: the same document, up to the joined continuation lines
    identity = po.build_text(parsed, _catalog(parsed, lambda s: s))
    assert _html(identity) == _html(parsed.source.text), path
    # every translated unit lands where it was: the same blocks, in the same order
    marked = po.load(po.build_text(parsed, _catalog(parsed, lambda s: f"Q{s}Z")), "out.md")
    assert [b.kind for b in marked.doc.blocks] == [b.kind for b in parsed.doc.blocks], path
    assert [u.msgid for u in marked.units] == [f"Q{u.msgid}Z" for u in parsed.units], path


def test_round_trip_example():
    _round_trip(EXAMPLE_UP)
    assert len(po.load_file(EXAMPLE_UP, "x").units) > 50


def test_round_trip_corpus(corpus):
    for en, _ in corpus:
        _round_trip(en)


# -- import (gettextize) ------------------------------------------------------------------

@pytest.fixture(scope="module")
def example_po():
    up = po.load_file(EXAMPLE_UP, "upstream/pytorch-2.6.md")
    tr = po.load_file(EXAMPLE_TR, "locales/zh_CN/pytorch-2.6.md", locale="zh_CN")
    pot = po.template(up, "upstream/pytorch-2.6.md", "pytorch-2.6")
    catalog, report = po.gettextize(up, tr, pot, "zh_CN")
    return up, tr, catalog, report


def test_import_example(example_po):
    up, tr, catalog, report = example_po
    assert catalog.get("by PyTorch Team").string == "来自 PyTorch团队"
    assert not catalog.get("by PyTorch Team").fuzzy
    title = catalog.get("PyTorch 2.6 Release Blog")
    assert title.string == "新版本: PyTorch 2.5 发布博客"  # from the front-matter title
    # it announces another version: fuzzy, whatever its score
    assert title.fuzzy and any("says 2.5 where upstream says 2.6" in c for c in title.user_comments)
    # the translator's credit line has no upstream counterpart: kept as a comment
    comments = [c for m in catalog for c in m.user_comments]
    assert any("译者：@片刻" in c for c in comments)
    assert report.extra >= 1
    # table cells pair by column
    assert catalog.get("FlexAttention support on X86 CPU for LLMs").string != ""
    assert report.translated + report.fuzzy + report.untranslated == len([m for m in catalog if m.id])
    assert report.translated > 40


def test_import_every_low_score_is_fuzzy_with_its_score(example_po):
    *_, catalog, _ = example_po
    for message in catalog:
        scored = [c for c in message.user_comments if "aligned with score" in c]
        if scored:
            score = float(scored[0].rsplit(" ", 1)[1])
            assert score < po.FUZZY_SCORE and message.fuzzy


def test_import_then_build_is_no_worse(tmp_path, run_cli):
    out_po = tmp_path / "zh.po"
    out_md = tmp_path / "zh_CN" / "pytorch-2.6.md"
    out_md.parent.mkdir()
    code, _, err = run_cli("po", "import", str(EXAMPLE_UP), str(EXAMPLE_TR), "-o", str(out_po))
    assert code == 0, err
    code, _, err = run_cli("po", "build", str(EXAMPLE_UP), str(out_po), "--fuzzy", "-o", str(out_md))
    assert code == 0, err
    import relsync

    def findings(tr: Path) -> list:
        return relsync.check_files(EXAMPLE_UP, tr, locale="zh_CN")

    before, after = findings(EXAMPLE_TR), findings(out_md)
    assert len(after) <= len(before)
    assert sum(f.severity for f in after) <= sum(f.severity for f in before)
    built = out_md.read_text(encoding="utf-8")
    assert "来自 PyTorch团队" in built and "layout: blog_detail" in built


def test_import_split_paragraph_is_joined_and_fuzzy():
    up = po.load("First sentence about `torch.compile` and 2.6. Second one with `foo()`.\n\n## Next\n", "up.md")
    tr = po.load("第一句 `torch.compile` 和 2.6。\n\n第二句 `foo()`。\n\n## 下一个\n", "tr.md", locales=("en", "zh_CN"))
    al = align(up.doc, tr.doc)
    assert [(p.upstream, p.translation) for p in al.pairs] == [((0,), (0, 1)), ((1,), (2,))]
    catalog, report = po.gettextize(up, tr, po.template(up, "up.md", "up"), "zh_CN", alignment=al)
    message = catalog.get(up.units[0].msgid)
    assert message.fuzzy and message.string == "第一句 `torch.compile` 和 2.6。第二句 `foo()`。"
    assert "1 upstream block(s) aligned with 2 translated block(s)" in message.user_comments[0]
    assert catalog.get("Next").string == "下一个" and not catalog.get("Next").fuzzy
    assert (report.translated, report.fuzzy) == (1, 1)


def test_import_of_another_version_is_fuzzy_whatever_the_score():
    """A translation that gives another version than upstream's (the translation of an older
    upstream) needs review even when the alignment is sure of the pair; one that adds a
    version beside upstream's text does not."""
    from relsync.model import Alignment, Pair

    up = po.load("PyTorch 2.6 ships `torch.compile` for Python 3.13.\n\nIt works with `foo()`.\n", "up.md")
    tr = po.load("PyTorch 2.5 为 Python 3.13 提供 `torch.compile`。\n\n它适用于 `foo()`（自 1.2 起）。\n", "tr.md",
                 locales=("en", "zh_CN"))
    al = Alignment(up.doc, tr.doc, [Pair((0,), (0,), 0.95, "paragraph"), Pair((1,), (1,), 0.95, "paragraph")])
    catalog, report = po.gettextize(up, tr, po.template(up, "up.md", "up"), "zh_CN", alignment=al)
    first = catalog.get(up.units[0].msgid)
    assert first.fuzzy and first.user_comments == ["relsync: the translation says 2.5 where upstream says 2.6"]
    assert not catalog.get(up.units[1].msgid).fuzzy
    assert (report.translated, report.fuzzy) == (1, 1)


def test_import_merged_paragraph_is_split_at_a_sentence_end():
    from relsync.model import Alignment, Pair

    up = po.load("First part here.\n\nSecond part, which is longer than the first.\n", "up.md")
    tr = po.load("第一部分。第二部分比第一部分长。\n", "tr.md", locales=("en", "zh_CN"))
    al = Alignment(up.doc, tr.doc, [Pair((0, 1), (0,), 0.9, "paragraph")])
    catalog, _ = po.gettextize(up, tr, po.template(up, "up.md", "up"), "zh_CN", alignment=al)
    first, second = catalog.get("First part here."), catalog.get("Second part, which is longer than the first.")
    assert (first.string, second.string) == ("第一部分。", "第二部分比第一部分长。")
    assert first.fuzzy and second.fuzzy


def test_import_fills_an_existing_po_and_keeps_its_translations(tmp_path, run_cli):
    target = tmp_path / "zh.po"
    assert run_cli("po", "extract", str(EXAMPLE_UP), "-o", str(tmp_path / "x.pot"))[0] == 0
    assert run_cli("po", "init", str(tmp_path / "x.pot"), "-l", "zh_CN", "-o", str(target))[0] == 0
    text = target.read_text(encoding="utf-8")
    target.write_text(text.replace('msgid "by PyTorch Team"\nmsgstr ""',
                                   'msgid "by PyTorch Team"\nmsgstr "PyTorch 团队撰写"'), encoding="utf-8")
    code, _, err = run_cli("po", "import", str(EXAMPLE_UP), str(EXAMPLE_TR), "-l", "zh_CN", "-o", str(target))
    assert code == 0 and "filled" in err, err
    cat = po.parse_catalog(target.read_bytes(), "zh.po")
    assert cat.get("by PyTorch Team").string == "PyTorch 团队撰写"
    assert sum(1 for m in cat if m.id and m.string) > 50
    once = target.read_bytes()
    code, _, err = run_cli("po", "import", str(EXAMPLE_UP), str(EXAMPLE_TR), "-l", "zh_CN", "-o", str(target))
    assert code == 0 and "unchanged" in err and target.read_bytes() == once, err


def test_corpus_imports_and_msgfmt_accepts(corpus, tmp_path):
    written = []
    for i, (en, zh) in enumerate(corpus):
        up = po.load_file(en, f"upstream/{en.name}")
        tr = po.load_file(zh, str(zh), locale="zh_CN")
        pot = po.template(up, f"upstream/{en.name}", en.stem)
        catalog, report = po.gettextize(up, tr, pot, "zh_CN")
        if up.units and tr.units:
            assert report.translated + report.fuzzy > 0, en
        target = tmp_path / f"{i:03d}.po"
        target.write_bytes(po.serialize(catalog))
        written.append(target)
    assert len(written) == len(corpus) == 114
    if MSGFMT:
        _msgfmt_all(written)


def _msgfmt_all(paths: list[Path]) -> None:
    """One shell running ``msgfmt --check`` on each file; fails naming every rejected file."""
    script = 'for f in "$@"; do msgfmt --check-format --check-header -o /dev/null "$f" || echo "REJECTED $f"; done'
    result = subprocess.run(["sh", "-c", script, "sh", *map(str, paths)], capture_output=True, text=True)
    assert "REJECTED" not in result.stdout, result.stdout + result.stderr
    assert "error" not in result.stderr.replace("warning", ""), result.stderr


# -- update ---------------------------------------------------------------------------------

def _update_project(tmp_path: Path) -> Path:
    up = tmp_path / "upstream"
    up.mkdir()
    (tmp_path / "locales" / "zh_CN" / "LC_MESSAGES").mkdir(parents=True)
    shutil.copy(PO_FIXTURES / "update" / "new.md", up / "demo.md")
    shutil.copy(PO_FIXTURES / "update" / "old.po", tmp_path / "locales" / "zh_CN" / "LC_MESSAGES" / "demo.po")
    return tmp_path


def test_update_keeps_every_translation(tmp_path, run_cli):
    root = _update_project(tmp_path)
    target = root / "locales" / "zh_CN" / "LC_MESSAGES" / "demo.po"
    code, _, err = run_cli("po", "extract", cwd=root)
    assert code == 0, err
    assert (root / "locales" / "templates" / "demo.pot").exists()
    code, _, err = run_cli("po", "update", cwd=root)
    assert code == 0, err
    cat = po.parse_catalog(target.read_bytes(), "demo.po")
    assert cat.get("Release notes").string == "发布说明"
    assert cat.get("Release notes").user_comments == ["Checked by the team."]
    assert "no-wrap" in cat.get("The first release is out.").flags
    changed = cat.get("Install it with `pip install demo==1.1` today.")
    assert changed.fuzzy and changed.previous_id == ["Install it with `pip install demo==1.0` today."]
    assert changed.string == "今天就用 `pip install demo==1.0` 安装它。"
    assert cat.get("A brand new paragraph.").string == ""
    obsolete = {m.id: m.string for m in cat.obsolete.values()}
    assert obsolete["This paragraph will be removed."] == "这一段将被删除。"
    assert obsolete["An old sentence that comes back."] == "一句回来的旧话。"
    text = target.read_text(encoding="utf-8")
    assert '#| msgid "Install it with `pip install demo==1.0` today."' in text
    assert '#~ msgid "This paragraph will be removed."' in text
    # twice: byte for byte the same, file untouched
    before = target.read_bytes()
    code, _, err = run_cli("po", "update", cwd=root)
    assert code == 0 and "unchanged" in err
    assert target.read_bytes() == before
    code, _, _ = run_cli("po", "extract", cwd=root)
    code, _, err = run_cli("po", "update", cwd=root)
    assert target.read_bytes() == before


def test_update_restores_an_obsolete_message_that_comes_back(tmp_path, run_cli):
    root = _update_project(tmp_path)
    with (root / "upstream" / "demo.md").open("a", encoding="utf-8") as handle:
        handle.write("\nAn old sentence that comes back.\n")
    assert run_cli("po", "extract", cwd=root)[0] == 0
    assert run_cli("po", "update", cwd=root)[0] == 0
    cat = read_po((root / "locales" / "zh_CN" / "LC_MESSAGES" / "demo.po").open("rb"))
    back = cat.get("An old sentence that comes back.")
    assert back.string == "一句回来的旧话。" and not back.fuzzy
    assert "An old sentence that comes back." not in {m.id for m in cat.obsolete.values()}


def test_update_explicit_paths(tmp_path, run_cli):
    shutil.copy(PO_FIXTURES / "update" / "old.po", tmp_path / "demo.po")
    pot = tmp_path / "demo.pot"
    code, _, err = run_cli("po", "extract", str(PO_FIXTURES / "update" / "new.md"), "-o", str(pot))
    assert code == 0, err
    code, _, err = run_cli("po", "update", str(pot), str(tmp_path / "demo.po"))
    assert code == 0, err
    assert "#| msgid" in (tmp_path / "demo.po").read_text(encoding="utf-8")


def test_extract_twice_keeps_the_pot_untouched(tmp_path, run_cli):
    pot = tmp_path / "demo.pot"
    src = PO_FIXTURES / "update" / "new.md"
    assert run_cli("po", "extract", str(src), "-o", str(pot))[0] == 0
    first = pot.read_bytes()
    code, _, err = run_cli("po", "extract", str(src), "-o", str(pot))
    assert code == 0 and "unchanged" in err and pot.read_bytes() == first


# -- malformed input and atomic writes ------------------------------------------------------

def test_malformed_po_is_reported_and_never_overwritten(tmp_path, run_cli):
    bad = tmp_path / "bad.po"
    shutil.copy(PO_FIXTURES / "update" / "bad.po", bad)
    before = bad.read_bytes()
    pot = tmp_path / "demo.pot"
    run_cli("po", "extract", str(PO_FIXTURES / "update" / "new.md"), "-o", str(pot))
    for args in (("po", "update", str(pot), str(bad)),
                 ("po", "build", str(PO_FIXTURES / "update" / "new.md"), str(bad), "-o", str(tmp_path / "o.md")),
                 ("po", "stats", str(bad))):
        code, out, err = run_cli(*args)
        assert code == 2, args
        assert f"{bad}:7: malformed PO" in err
        assert "Traceback" not in err
    assert bad.read_bytes() == before
    assert not (tmp_path / "o.md").exists()


def test_a_failed_write_leaves_the_po_intact(tmp_path, run_cli, monkeypatch):
    root = _update_project(tmp_path)
    target = root / "locales" / "zh_CN" / "LC_MESSAGES" / "demo.po"
    before = target.read_bytes()
    assert run_cli("po", "extract", cwd=root)[0] == 0

    def broken_fsync(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("relsync.io.os.fsync", broken_fsync)
    code, _, err = run_cli("po", "update", cwd=root)
    assert code == 2 and "No space left on device" in err
    assert target.read_bytes() == before
    assert [p.name for p in target.parent.iterdir()] == ["demo.po"]


def test_missing_upstream_is_one_line_error(tmp_path, run_cli):
    code, _, err = run_cli("po", "extract", str(tmp_path / "nope.md"))
    assert code == 2 and "nope.md: no such file" in err


# -- build into the layout ------------------------------------------------------------------

def _example_project(tmp_path: Path) -> Path:
    shutil.copytree(ROOT / "upstream", tmp_path / "upstream")
    shutil.copytree(ROOT / "locales", tmp_path / "locales")
    return tmp_path


def test_layout_workflow_on_the_example(tmp_path, run_cli):
    root = _example_project(tmp_path)
    hand_written = (root / "locales" / "zh_CN" / "pytorch-2.6.md").read_bytes()
    assert run_cli("po", "extract", cwd=root)[0] == 0
    code, _, err = run_cli("po", "import", cwd=root)
    assert code == 0, err
    po_path = root / "locales" / "zh_CN" / "LC_MESSAGES" / "pytorch-2.6.po"
    assert po_path.exists()
    # building over the hand-written translation is refused
    code, _, err = run_cli("po", "build", cwd=root)
    assert code == 2 and "--force" in err
    assert (root / "locales" / "zh_CN" / "pytorch-2.6.md").read_bytes() == hand_written
    code, _, err = run_cli("po", "build", "--force", cwd=root)
    assert code == 0, err
    built = (root / "locales" / "zh_CN" / "pytorch-2.6.md").read_bytes()
    assert built != hand_written and "来自 PyTorch团队".encode() in built
    # a file relsync built is rebuilt without --force
    po_path.write_text(po_path.read_text(encoding="utf-8").replace("来自 PyTorch团队", "作者：PyTorch 团队"),
                       encoding="utf-8")
    code, _, err = run_cli("po", "build", cwd=root)
    assert code == 0, err
    assert "作者：PyTorch 团队" in (root / "locales" / "zh_CN" / "pytorch-2.6.md").read_text(encoding="utf-8")
    # import again does not re-import relsync's own output, and keeps the PO's translations
    code, _, err = run_cli("po", "import", cwd=root)
    assert code == 0 and "skipped" in err
    # check and diff still find exactly one locale and ignore templates/ and LC_MESSAGES/
    code, out, err = run_cli("check", "--format", "json", cwd=root)
    assert code in (0, 1), err
    assert json.loads(out)["summary"]["pairs"] == 1


def test_init_creates_and_never_replaces(tmp_path, run_cli):
    root = _example_project(tmp_path)
    assert run_cli("po", "extract", cwd=root)[0] == 0
    code, _, err = run_cli("po", "init", "-l", "ja", cwd=root)
    assert code == 0, err
    target = root / "locales" / "ja" / "LC_MESSAGES" / "pytorch-2.6.po"
    cat = read_po(target.open("rb"))
    assert str(cat.locale) == "ja" and all(not m.string for m in cat if m.id)
    target.write_text(target.read_text(encoding="utf-8").replace(
        'msgid "by PyTorch Team"\nmsgstr ""', 'msgid "by PyTorch Team"\nmsgstr "PyTorch チーム"'), encoding="utf-8")
    before = target.read_bytes()
    code, _, err = run_cli("po", "init", "-l", "ja", cwd=root)
    assert code == 0 and "kept" in err and target.read_bytes() == before
    pot = root / "locales" / "templates" / "pytorch-2.6.pot"
    code, _, err = run_cli("po", "init", str(pot), "-l", "ja", "-o", str(target))
    assert code == 2 and "po update" in err and target.read_bytes() == before
    code, _, err = run_cli("po", "init", "-l", "xx_NOPE", cwd=root)
    assert code == 2


# -- wrapping and compatibility -------------------------------------------------------------

def test_width_and_no_wrap(run_cli):
    code, out, _ = run_cli("po", "extract", str(EXAMPLE_UP), "--width", "40")
    assert code == 0
    # lines wrap at spaces; only a single long word (a URL) may pass the width
    for line in out.splitlines():
        if line.startswith('"') and len(line) > 40:
            assert " " not in line[1:-1].strip(), line
    code, out, _ = run_cli("po", "extract", str(EXAMPLE_UP), "--no-wrap")
    long_line = [line for line in out.splitlines() if line.startswith("msgid") and len(line) > 200]
    assert long_line
    code, out, _ = run_cli("po", "extract", str(EXAMPLE_UP))
    for line in out.splitlines():  # GNU gettext's default page width
        if line.startswith('"') and len(line) > 79:
            assert " " not in line[1:-1].strip(), line


@pytest.fixture(scope="module")
def written_catalogs(tmp_path_factory, example_po):
    up, _, catalog, _ = example_po
    base = tmp_path_factory.mktemp("po")
    pot = base / "example.pot"
    pot.write_bytes(po.serialize(po.template(up, "upstream/pytorch-2.6.md", "pytorch-2.6")))
    out = base / "example.po"
    out.write_bytes(po.serialize(catalog))
    merged = base / "merged.po"
    old = po.parse_catalog((PO_FIXTURES / "update" / "old.po").read_bytes(), "old.po")
    new = po.template(po.load_file(PO_FIXTURES / "update" / "new.md", "x"), "upstream/demo.md", "demo")
    merged.write_bytes(po.serialize(po.update(old, new)))
    return [pot, out, merged]


@needs_msgfmt
def test_msgfmt_accepts_what_relsync_writes(written_catalogs):
    _msgfmt_all(written_catalogs)


def test_polib_reads_what_relsync_writes(written_catalogs):
    polib = pytest.importorskip("polib")
    pot, example, merged = written_catalogs
    entries = polib.pofile(str(example))
    assert entries.metadata["Language"] == "zh_CN"
    assert any(e.msgstr == "来自 PyTorch团队" for e in entries)
    merged_entries = polib.pofile(str(merged))
    assert merged_entries.obsolete_entries() and any(e.previous_msgid for e in merged_entries)
    assert len(polib.pofile(str(pot))) == len(entries)


def test_translate_toolkit_reads_what_relsync_writes(written_catalogs):
    pytest.importorskip("translate.storage.pypo")
    from translate.storage import factory

    pot, example, merged = written_catalogs
    store = factory.getobject(str(example))
    units = [u for u in store.units if not u.isheader()]
    assert any(u.target == "来自 PyTorch团队" for u in units)
    assert any(u.isfuzzy() for u in units)
    assert len([u for u in factory.getobject(str(pot)).units if not u.isheader()]) == len(units)
    assert any(u.isobsolete() for u in factory.getobject(str(merged)).units)


# -- stats ----------------------------------------------------------------------------------

def test_stats_table_json_and_fail_under(run_cli):
    old = str(PO_FIXTURES / "update" / "old.po")
    code, out, _ = run_cli("po", "stats", old)
    assert code == 0
    header, row = out.splitlines()
    assert header.split() == ["document", "locale", "translated", "fuzzy", "untranslated", "obsolete", "words", "%"]
    assert row.split()[:6] == ["old", "zh_CN", "5", "0", "0", "1"]
    code, out, _ = run_cli("po", "stats", old, "--format", "json")
    data = json.loads(out)
    doc = data["documents"][0]
    assert (doc["translated"], doc["obsolete"], doc["percent"]) == (5, 1, 100.0)
    assert doc["translated_words"] == 2 + 5 + 7 + 5 + 1
    assert run_cli("po", "stats", old, "--fail-under", "100")[0] == 0


def test_stats_fail_under(tmp_path, run_cli):
    pot = tmp_path / "demo.pot"
    target = tmp_path / "demo.po"
    run_cli("po", "extract", str(PO_FIXTURES / "update" / "new.md"), "-o", str(pot))
    shutil.copy(PO_FIXTURES / "update" / "old.po", target)
    run_cli("po", "update", str(pot), str(target))
    code, out, err = run_cli("po", "stats", str(target), "--fail-under", "90")
    assert code == 1 and "under 90%" in err
    data = json.loads(run_cli("po", "stats", str(tmp_path), "--format", "json")[1])
    doc = data["documents"][0]
    assert (doc["translated"], doc["fuzzy"], doc["untranslated"], doc["obsolete"]) == (3, 1, 4, 2)
    assert run_cli("po", "stats", str(target), "--fail-under", "37")[0] == 0


def test_fast_outline_gives_the_same_units(corpus):
    """extract and build read a block-level parse; import reads the full one: same units."""
    def key(u: po.Unit) -> tuple:
        return (u.msgid, u.kind, u.line, u.start, u.end, u.column, u.style, u.prefix, u.eol, u.key, u.context)

    paths = [EXAMPLE_UP, EXAMPLE_TR] + [p for pair in corpus[::3] for p in pair]
    for path in paths:
        text, _ = po.decode_markdown(path.read_bytes(), str(path))
        full = [key(u) for u in po.load(text, "x.md").units]
        assert full == [key(u) for u in po.load(text, "x.md", fast=True).units], path
    for _, _, text, _ in read_fixture_file(PO_FIXTURES / "extract.md"):
        assert [key(u) for u in po.load(text, "x.md").units] == [key(u) for u in po.load(text, "x.md", fast=True).units]


def test_broken_front_matter_is_one_line_error(tmp_path, run_cli):
    bad = tmp_path / "bad.md"
    bad.write_text("---\ntitle: [unclosed\n---\n\n# Hi\n", encoding="utf-8")
    code, _, err = run_cli("po", "extract", str(bad))
    assert code == 2 and "bad.md:" in err and "front matter is not valid YAML" in err


# -- properties -----------------------------------------------------------------------------

from hypothesis import HealthCheck, assume, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from relsync.errors import InputError  # noqa: E402

_any_line = st.text(alphabet=st.sampled_from(list("ab #->|`*_:[]()!\\1.\t\r")), max_size=12)
_any_prefix = st.sampled_from(["", "# ", "## ", "- ", "  ", "> ", "1. ", "| ", "::: tip ", "    ",
                               "> - ", "---", "```", "[^1]: ", "title: "])
_any_doc = st.lists(st.tuples(_any_prefix, _any_line), min_size=1, max_size=10).map(
    lambda lines: "\n".join(p + text for p, text in lines) + "\n")

_word = st.text(alphabet=st.sampled_from(list("abc `*_[]()!\\1.:#|-")), min_size=1, max_size=8)
_line = st.lists(_word, min_size=1, max_size=4).map(" ".join)
_prefix = st.sampled_from(["", "# ", "## ", "- ", "> ", "1. ", "> - ", "  - ", "::: tip ", "| "])


def _block(prefix_lines) -> str:
    prefix, lines = prefix_lines
    cont = "  " if prefix.strip() in ("-", "1.", "> -") else ("> " if prefix.startswith(">") else "")
    return "\n".join([prefix + lines[0]] + [cont + line for line in lines[1:]])


_doc = st.lists(st.tuples(_prefix, st.lists(_line, min_size=1, max_size=3)).map(_block),
                min_size=1, max_size=6).map(lambda blocks: "\n\n".join(blocks) + "\n")


def _key(u: po.Unit) -> tuple:
    return (u.msgid, u.start, u.end, u.context, u.prefix, u.style)


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(_any_doc)
def test_property_empty_build_is_identity_and_outline_matches(text):
    try:
        parsed = po.load(text, "x.md")
    except InputError:
        assume(False)
    assert po.build_text(parsed, Catalog()) == text
    assert [_key(u) for u in parsed.units] == [_key(u) for u in po.load(text, "x.md", fast=True).units]


_table = st.tuples(st.integers(1, 3), st.integers(0, 2)).map(
    lambda shape: "\n".join(["| " + " | ".join(f"h{c}" for c in range(shape[0])) + " |",
                             "|" + "---|" * shape[0]]
                            + ["| " + " | ".join(f"c{r}{c}" for c in range(shape[0])) + " |"
                               for r in range(shape[1])]))
_setext = st.tuples(_line, st.sampled_from(["===", "---"])).map("\n".join)
_structured_doc = st.lists(st.one_of(st.tuples(_prefix, st.lists(_line, min_size=1, max_size=3)).map(_block),
                                     _table, _table.map(lambda t: "- " + t.replace("\n", "\n  ")), _setext),
                           min_size=1, max_size=6).map(
    lambda blocks: "\n\n".join(blocks) + "\n")
#: Lines a translator (or an attacker) may put in a msgstr: each would start a block of its own.
_hostile_line = st.sampled_from([
    "--", "=", "==", "[a]: /url", "[a]: </u> 'x'", "[a]:", "/url", "<div>", "</div>", "<!--", "-->", ":::",
    "::: tip", "[^1]: x", "| a | b |", "|---|---|", "a | b", "--|--", "# h", "- i", "+ i", "* i", "1. n",
    "2) n", "> q", "```", "~~~", "    code", "***", "___", "<script>", "<pre>", "<span>", "<?x", "<!X",
    "x\\", "\\", "x  ", "文字", "a | b", "<!-- x -->", "***x***", "", "t #", "#", "{#id}", "`",
])
_msgstr = st.lists(st.one_of(_hostile_line, _line), min_size=1, max_size=3).map("\n".join)


def _flat(text: str) -> str:
    """What inline Markdown shows: its characters, with the targets of links and images; raw
    HTML and emphasis markers count as the characters they are (an escaped line start shows
    the same characters, though it can pair emphasis markers otherwise), soft breaks as
    browsers show them (nothing between two Chinese characters, a space elsewhere)."""
    out = []
    for token in markdown(plain_text_fast=False).parseInline(text)[0].children or []:
        if token.type in ("text", "text_special", "html_inline"):
            out.append(token.content)
        elif token.type == "code_inline":  # (spaces at a line end in code: the joined msgid)
            out.append(f"<code>{' '.join(token.content.split())}</code>")
        elif token.type == "softbreak":
            out.append("\x00")
        elif token.type == "hardbreak":
            out.append("\u23ce")
        elif token.type.endswith(("_open", "_close")) and token.markup and not token.attrs:
            out.append(token.markup)
        else:
            out.append(f"<{token.type} {sorted(token.attrs.items())}>")
    pieces = "".join(out).split("\x00")
    joined = pieces[0]
    for piece in pieces[1:]:
        joined += line_break_joiner(joined, piece) + piece
    flat = re.sub(r"\s+", " ", joined)
    return re.sub(r" ?\u23ce ?", "\u23ce", flat).strip()


def _html_across_lines(text: str) -> bool:
    """Raw HTML over lines, or a code span over a fence line: read inline they swallow what
    follows; in a block the fence or HTML starts a block of its own, and once escaped the rest
    reads otherwise."""
    children = markdown(plain_text_fast=False).parseInline(text)[0].children or []
    fence = re.search(r"(?m)^[ \t]*(`{3,}|~{3,})", text)
    return any(t.type == "html_inline" and "\n" in t.content for t in children) or \
        bool(fence and any(t.type == "code_inline" for t in children))


def _over_a_rule(parsed: po.Parsed, unit: po.Unit) -> bool:
    """Whether the unit's text is on a setext heading's line or over a line of dashes."""
    if unit.block < 0:
        return False
    block = parsed.doc.blocks[unit.block]
    lines = parsed.source.lines
    below = lines[block.end] if block.end < len(lines) else ""
    return (block.kind == "heading" and block.end > block.start) or bool(re.match(r"[ \t|:-]*-[ \t|:-]*$", below))


def _structure(parsed: po.Parsed) -> list[tuple]:
    return [(b.kind, b.level, len(b.cells)) for b in parsed.doc.blocks]


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(_structured_doc, st.data())
def test_property_translations_land_in_their_blocks(text, data):
    """build(upstream, any catalog) has the upstream's block kinds, levels and table shapes,
    and each unit read back from it shows what its msgstr shows (a line that would start a
    block is escaped, which changes no text)."""
    try:
        parsed = po.load(text, "x.md")
    except InputError:  # markdown-it's front-matter plugin also fires inside list items
        assume(False)
    msgstrs = {(u.msgid, u.context): data.draw(_msgstr) for u in parsed.units}
    cat = Catalog(locale="zh_CN")
    for (msgid, context), msgstr in msgstrs.items():
        cat.add(msgid, msgstr, context=context)
    out = po.build_text(parsed, cat)
    again = po.load(out, "out.md")
    assert _structure(again) == _structure(parsed), out
    assert len(again.units) == len(parsed.units), out
    for unit, built in zip(parsed.units, again.units):
        msgstr = msgstrs[(unit.msgid, unit.context)]
        if _html_across_lines(msgstr):
            continue  # read inline, raw HTML over lines swallows escapes; in a block it is none
        if re.search(r"`[^`]*\|", msgstr) and _over_a_rule(parsed, unit):
            continue  # over `---`, a line with a pipe is a table: a code span with one shows as text
        if not msgstr.strip():
            assert built.msgid == unit.msgid
        elif unit.style == po.Style.INLINE:  # (a paragraph's lines start at their first non-space)
            shown = "\n".join(line.lstrip(" \t") for line in msgstr.strip().split("\n"))
            assert _flat(built.msgid) == _flat(shown), (unit, msgstr, out)
        else:  # one line: a line break is a space, a pipe in a cell stays text
            if unit.style == po.Style.CELL:
                msgstr = re.sub(r"(?<!\\)\|", "\\|", msgstr)
            one_line = re.sub(r"\s+", " ", _flat(msgstr.strip()).replace("\u23ce", " ")).strip()
            assert _flat(built.msgid) == one_line, (unit, msgstr, out)


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.text(st.one_of(st.characters(exclude_categories=["Cs"]),
                        st.sampled_from("\x00\x07\t\n\r\x1b\x7f\x80\x85\x9f\xa0\u2028\u2029\ufeff\ufffe\uffff'\"\\#:-{[&*!|>%@`")),
               min_size=1, max_size=12),
       st.sampled_from(["title: {}", "title: '{}'", 'title: "{}"']))
def test_property_front_matter_values_read_back_as_their_msgstr(value, line):
    assume(value.strip())
    parsed = po.load("---\n" + line.format("Title") + "\n---\n", "x.md")
    cat = Catalog(locale="zh_CN")
    cat.add("Title", value)
    out = po.build_text(parsed, cat)
    again = po.load(out, "out.md")
    assert again.doc.front_matter["title"] == re.sub(r"[ \t]*\n[ \t]*", " ", value.replace("\r\n", "\n").replace("\r", "\n").strip())


def test_import_table_cells_pair_by_column_and_shape_differences_are_fuzzy():
    from relsync.model import Alignment, Pair

    up = po.load("| Beta | Prototype | |\n|---|---|---|\n| `a.b` speed | `c.d` size | |\n", "up.md")
    same = po.load("| 测试版 | 原型 | |\n|---|---|---|\n| `a.b` 速度 | `c.d` 大小 | |\n", "tr.md", locales=("en", "zh_CN"))
    narrow = po.load("| 测试版 | 原型 |\n|---|---|\n| `a.b` 速度 | `c.d` 大小 |\n", "tr.md", locales=("en", "zh_CN"))
    for tr, fuzzy in ((same, False), (narrow, True)):
        al = Alignment(up.doc, tr.doc, [Pair((0,), (0,), 0.9, "table_row"), Pair((1,), (1,), 0.9, "table_row")])
        catalog, _ = po.gettextize(up, tr, po.template(up, "up.md", "up"), "zh_CN", alignment=al)
        assert [(m.id, m.string, m.fuzzy) for m in catalog if m.id] == [
            ("Beta", "测试版", fuzzy), ("Prototype", "原型", fuzzy),
            ("`a.b` speed", "`a.b` 速度", fuzzy), ("`c.d` size", "`c.d` 大小", fuzzy)]
        if fuzzy:
            assert "the translated row has 2 cells, the upstream row 3" in catalog.get("Beta").user_comments[0]


def test_settings_templates_front_matter_and_width(tmp_path, run_cli):
    (tmp_path / "upstream" / "guide").mkdir(parents=True)
    (tmp_path / "locales").mkdir()
    (tmp_path / "upstream" / "guide" / "intro.md").write_text(
        "---\ntitle: Intro\ndescription: What it is\nlayout: doc\n---\n\n# Intro\n", encoding="utf-8")
    (tmp_path / "relsync.toml").write_text(
        '[po]\ntemplates = "i18n/pot"\nfront-matter = ["title", "description"]\nwidth = 0\n', encoding="utf-8")
    code, _, err = run_cli("po", "extract", cwd=tmp_path)
    assert code == 0, err
    pot = po.parse_catalog((tmp_path / "i18n" / "pot" / "guide" / "intro.pot").read_bytes(), "intro.pot")
    assert [(m.id, m.context, m.locations) for m in pot if m.id] == [
        ("Intro", None, [("upstream/guide/intro.md", 2), ("upstream/guide/intro.md", 7)]),
        ("What it is", None, [("upstream/guide/intro.md", 3)])]
    (tmp_path / "relsync.toml").write_text('[po]\nfront-matter = "title"\ncolour = 1\n', encoding="utf-8")
    code, _, err = run_cli("po", "extract", cwd=tmp_path)
    assert code == 2 and "unknown setting 'colour'" in err


def test_a_line_break_in_a_one_line_translation_reads_as_a_paragraph_would():
    """A cell or heading is one line: a line break a translator typed between two Chinese
    characters joins them (as a paragraph shows it), between two words it is a space."""
    parsed = po.load("# Title\n\n| Name | Note |\n|---|---|\n| a | b |\n", "x.md")
    cat = Catalog(locale="zh_CN")
    cat.add("Title", "发布\n说明")
    cat.add("Name", "名称\nname")
    cat.add("Note", "备注\n说明")
    out = po.build_text(parsed, cat)
    assert out.splitlines()[0] == "# 发布说明"
    assert out.splitlines()[2] == "| 名称 name | 备注说明 |"


def test_a_shortcode_with_prose_parameters_is_a_message_and_a_bare_macro_is_not():
    """Hugo's figure keeps its alt and caption in a shortcode paragraph: the translator
    translates them (kubernetes/website's translations do); a layout macro alone on its
    line ({{FirefoxSidebar}}) has nothing to translate."""
    text = ('# Title\n\n{{< figure src="/images/flow.svg" alt="A diagram of the flow" caption="The request flow" >}}\n\n'
            '{{FirefoxSidebar}}\n\nText.\n')
    parsed = po.load(text, "x.md")
    assert [u.msgid for u in parsed.units] == [
        "Title", '{{< figure src="/images/flow.svg" alt="A diagram of the flow" caption="The request flow" >}}', "Text."]
    cat = Catalog(locale="zh_CN")
    cat.add(parsed.units[1].msgid, '{{< figure src="/images/flow.svg" alt="流程图" caption="请求流程" >}}')
    out = po.build_text(parsed, cat)
    assert out.splitlines()[2] == '{{< figure src="/images/flow.svg" alt="流程图" caption="请求流程" >}}'
    assert "{{FirefoxSidebar}}" in out


@pytest.mark.parametrize("written", ["zh-cn", "zh-CN", "zh_CN"])
def test_a_po_names_its_language_as_gettext_does_however_the_locale_was_written(written, tmp_path):
    """`-l zh-cn` (a site's code) gives `Language: zh_CN` (it gave zh_cn, which gettext
    tools do not take for Chinese as spoken in China)."""
    parsed = po.load("# Title\n\nText.\n", "x.md")
    catalog = po.new_catalog(po.template(parsed, "x.md", "x"), written)
    assert catalog.locale_identifier == "zh_CN"
    assert b'"Language: zh_CN\\n"' in po.serialize(catalog)


def test_a_github_alert_keeps_its_marker_line_out_of_the_message(tmp_path):
    """`> [!NOTE]` alone on its line makes a GitHub (and VitePress) alert: the marker is
    structure, not text; in the msgid it was joined to the text, and a build put it on the
    text's line, where it is no alert any more."""
    text = "# T\n\n> [!NOTE]\n> Useful information that users should know.\n> Second line.\n"
    parsed = po.load(text, "x.md")
    assert [u.msgid for u in parsed.units] == ["T", "Useful information that users should know. Second line."]
    cat = Catalog(locale="zh_CN")
    cat.add(parsed.units[1].msgid, "用户应当知道的有用信息。\n第二行。")
    out = po.build_text(parsed, cat)
    assert out == "# T\n\n> [!NOTE]\n> 用户应当知道的有用信息。\n> 第二行。\n"
    translated = po.load(out, "zh.md", locales=("zh_CN",))
    catalog, _ = po.gettextize(parsed, translated, po.template(parsed, "x.md", "x"), "zh_CN")
    assert catalog.get(parsed.units[1].msgid).string == "用户应当知道的有用信息。第二行。"


def test_an_mkdocs_admonition_title_is_a_message():
    """`!!! note "Custom title"` (and `??? tip "..."`): the quoted title is text a
    translator translates, like a `::: tip Title` container's; the build keeps the marker,
    the kind and the quotes."""
    text = '# T\n\n!!! note "Custom title"\n    Body text here.\n\n???+ tip "Pro tip"\n    More.\n\n!!! warning ""\n    No title.\n'
    parsed = po.load(text, "x.md")
    assert [(u.msgid, u.kind) for u in parsed.units] == [
        ("T", "heading"), ("Custom title", "container"), ("Body text here.", "paragraph"),
        ("Pro tip", "container"), ("More.", "paragraph"), ("No title.", "paragraph")]
    cat = Catalog(locale="zh_CN")
    cat.add("Custom title", "自定义 \"标题\"")
    cat.add("Pro tip", "提示")
    out = po.build_text(parsed, cat)
    assert '!!! note "自定义 "标题""\n' in out and '???+ tip "提示"\n' in out and '!!! warning ""\n' in out


def test_a_docusaurus_admonition_title_in_brackets_is_the_title():
    """Docusaurus 3 writes `:::note[Your Title]`: the kind is `note`, the title is what the
    brackets hold (it was read as the kind `note[Your` with the title `Title]`, and a
    translated title broke the syntax)."""
    text = "# T\n\n:::note[Your Title]\nSome **content**.\n:::\n\n:::tip Old style title\nText.\n:::\n"
    parsed = po.load(text, "x.md")
    containers = [b for b in parsed.doc.blocks if b.kind == "container"]
    assert [(b.info, b.text) for b in containers] == [("note", "Your Title"), ("tip", "Old style title")]
    assert [u.msgid for u in parsed.units if u.kind == "container"] == ["Your Title", "Old style title"]
    cat = Catalog(locale="zh_CN")
    cat.add("Your Title", "你的标题")
    assert ":::note[你的标题]\n" in po.build_text(parsed, cat)


def test_a_yaml_title_with_a_space_before_its_colon_is_imported():
    """`title : Hello world` is YAML's `title`: the title block is on its line, so import
    fills its message (the title was placed on the `---` line and left untranslated)."""
    up = po.load("---\ntitle : Hello world\n---\n\nText here.\n", "x.md")
    tr = po.load("---\ntitle : 你好，世界\n---\n\n这里的文字。\n", "zh.md", locales=("zh_CN",))
    assert [b.start for b in up.doc.blocks if b.kind == "title"] == [2]
    catalog, _ = po.gettextize(up, tr, po.template(up, "x.md", "x"), "zh_CN")
    assert catalog.get("Hello world").string == "你好，世界"


def test_a_line_break_in_a_front_matter_translation_joins_as_the_text_reads():
    """A title is one line: a line break a translator typed between two Chinese characters
    joins them, between two words it is a space (as in a cell or heading)."""
    parsed = po.load("---\ntitle: Release notes\ndescription: What is new\n---\n\nText.\n", "x.md",
                     front_matter=("title", "description"))
    cat = Catalog(locale="zh_CN")
    cat.add("Release notes", "发布\n说明")
    cat.add("What is new", "新 features\nand fixes")
    out = po.build_text(parsed, cat)
    assert "title: 发布说明\n" in out and "description: 新 features and fixes\n" in out
