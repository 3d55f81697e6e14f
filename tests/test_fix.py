"""``relsync fix``: the repairs rules offer (fixture cases per rule), and the fix stage that
makes them in the translations' bytes."""

from __future__ import annotations

import dataclasses
import json
import os
import shutil
import stat
import subprocess
from pathlib import Path

import pytest

from relsync.checks import rules
from relsync.fix import apply_edits

from .conftest import ROOT
from .rulecases import case_findings, read_cases

FIX_FIXTURES = Path(__file__).resolve().parent / "fixtures" / "fix"
CASES = [c for path in sorted(FIX_FIXTURES.glob("*.md")) if path.name != "README.md"
         for c in read_cases(path)]


def _repaired(case, translation=None):
    findings = [f for f in case_findings(case, translation) if f.slug == case.slug]
    edits = [f.fix for f in findings if f.fix is not None]
    text = case.translation if translation is None else translation
    return findings, apply_edits(text.encode("utf-8"), edits).decode("utf-8")


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_repair_case(case):
    findings, repaired = _repaired(case)
    assert findings, "a repair case needs a finding of its rule"
    if not case.result:
        assert [f.fix for f in findings] == [None] * len(findings)
        return
    assert repaired == case.result
    # the repaired text has no finding of the rule left, and a second repair changes nothing
    after, again = _repaired(case, repaired)
    assert after == []
    assert again == repaired


@pytest.mark.parametrize("rule", [r for r in rules() if r.fixable], ids=lambda r: r.slug)
def test_every_repairing_rule_has_fixed_and_refused_cases(rule):
    cases = [c for c in CASES if c.slug == rule.slug]
    assert any(c.result for c in cases), f"no fixed case for {rule.slug}"
    assert any(not c.result for c in cases), f"no refused case for {rule.slug}"


def test_the_repairing_rules():
    assert sorted(r.slug for r in rules() if r.fixable) == [
        "broken-link-syntax", "code-format", "code-mismatch", "date-mismatch", "heading-id",
        "link-mismatch", "number-mismatch", "title-version", "unrendered-markup", "unresolved-link"]


# -- the command ------------------------------------------------------------------------------

@pytest.fixture
def example(tmp_path, monkeypatch):
    """A copy of the bundled example (not a git work tree) as the current directory."""
    dest = tmp_path / "example"
    for part in ("upstream", "locales"):
        shutil.copytree(ROOT / part, dest / part)
    monkeypatch.chdir(dest)
    return dest


EXAMPLE = Path("locales/zh_CN/pytorch-2.6.md")


def _expected_example() -> bytes:
    """The bundled translation with only the title's version and the dateline changed."""
    data = (ROOT / EXAMPLE).read_bytes()
    old_title = "title: \"新版本: PyTorch 2.5 发布博客\"".encode()
    old_date = "发布: 2024年10月17日".encode()
    assert data.count(old_title) == 1 and data.count(old_date) == 1
    return (data.replace(old_title, "title: \"新版本: PyTorch 2.6 发布博客\"".encode())
            .replace(old_date, "发布: 2025年1月29日".encode()))


def test_fix_on_the_bundled_example_changes_only_title_and_dateline(run_cli, example):
    code, out, err = run_cli("fix")
    assert code == 0, err
    assert (example / EXAMPLE).read_bytes() == _expected_example()
    assert out == (f"{EXAMPLE}:2: RS301 title-version: 2.5 -> 2.6\n"
                   f"{EXAMPLE}:5: RS202 date-mismatch: 2024年10月17日 -> 2025年1月29日\n")
    assert "fixed 2 findings in 1 file, 0 left to fix by hand" in err
    # check: neither finding remains; a second fix changes nothing
    code, out, _ = run_cli("check", "--format", "json", "--no-cache")
    assert {"title-version", "date-mismatch"} & {f["slug"] for f in json.loads(out)["findings"]} == set()
    code, out, err = run_cli("fix")
    assert (code, out) == (0, "")
    assert (example / EXAMPLE).read_bytes() == _expected_example()


def test_fix_diff_prints_a_unified_diff_and_writes_nothing(run_cli, example):
    before = (example / EXAMPLE).read_bytes()
    code, out, err = run_cli("fix", "--diff")
    assert code == 1  # there is something to fix
    assert (example / EXAMPLE).read_bytes() == before
    assert out.startswith(f"--- a/{EXAMPLE}\n+++ b/{EXAMPLE}\n@@ -1,8 +1,8 @@\n")
    assert "-title: \"新版本: PyTorch 2.5 发布博客\"\n+title: \"新版本: PyTorch 2.6 发布博客\"\n" in out
    assert "-发布: 2024年10月17日\n+发布: 2025年1月29日\n" in out
    assert f"{EXAMPLE}:2: RS301 title-version: 2.5 -> 2.6" in err
    patched = example / "patched.md"
    patched.write_bytes(before)
    result = subprocess.run(["patch", "-s", str(patched)], input=out.encode(), capture_output=True)
    if result.returncode == 0:  # `patch` is not on every machine
        assert patched.read_bytes() == _expected_example()


def test_fix_only_named_rules(run_cli, example):
    code, out, err = run_cli("fix", "--rule", "RS202")
    assert code == 0, err
    assert out == f"{EXAMPLE}:5: RS202 date-mismatch: 2024年10月17日 -> 2025年1月29日\n"
    assert "PyTorch 2.5" in (example / EXAMPLE).read_text(encoding="utf-8")


@pytest.mark.parametrize("rule, message", [
    ("no-such-rule", "unknown rule 'no-such-rule'"),
    ("untranslated", "rule 'untranslated' makes no repairs (relsync fix repairs number-mismatch, "
                     "date-mismatch, code-mismatch, link-mismatch, unresolved-link, heading-id, "
                     "unrendered-markup, broken-link-syntax, code-format, title-version)"),
])
def test_fix_refuses_a_rule_that_makes_no_repairs(run_cli, example, rule, message):
    before = (example / EXAMPLE).read_bytes()
    code, out, err = run_cli("fix", "--rule", rule)
    assert code == 2
    assert message in err and err.startswith("relsync: error: ")
    assert (example / EXAMPLE).read_bytes() == before


def test_fix_exit_1_lists_the_findings_it_could_not_repair(run_cli, example):
    tr = example / EXAMPLE
    text = tr.read_text(encoding="utf-8")
    # two versions wrong in one paragraph: two candidates, no safe repair
    text = text.replace("Python 3.13", "Python 3.12").replace("PyTorch® 2.6", "PyTorch® 2.4")
    tr.write_text(text, encoding="utf-8")
    code, out, err = run_cli("fix")
    assert code == 1
    assert "RS201 number-mismatch: translation has 2.4, 3.12 where upstream has 2.6, 3.13" in out
    assert "(not fixed: no safe repair" in out
    assert "fixed 4 findings in 1 file, 2 left to fix by hand" in err


def test_fix_keeps_encoding_bom_line_endings_and_permissions(run_cli, example):
    tr = example / EXAMPLE
    text = tr.read_text(encoding="utf-8")
    variants = {
        "crlf-bom": b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode("utf-8"),
        "utf16": b"\xff\xfe" + text.encode("utf-16-le"),
        "cr": text.replace("\n", "\r").encode("utf-8"),
    }
    expected_text = _expected_example().decode("utf-8")
    expected = {
        "crlf-bom": b"\xef\xbb\xbf" + expected_text.replace("\n", "\r\n").encode("utf-8"),
        "utf16": b"\xff\xfe" + expected_text.encode("utf-16-le"),
        "cr": expected_text.replace("\n", "\r").encode("utf-8"),
    }
    for name, data in variants.items():
        tr.write_bytes(data)
        os.chmod(tr, 0o640)
        code, out, err = run_cli("fix", "--no-cache")
        assert code == 0, (name, err)
        assert tr.read_bytes() == expected[name], name
        assert stat.S_IMODE(tr.stat().st_mode) == 0o640
        assert [p.name for p in tr.parent.iterdir() if p.name.endswith(".tmp")] == []


@pytest.mark.parametrize("markers", [
    "<<<<<<< HEAD\n发布: 2024年10月17日\n=======\n发布: 2024年10月18日\n>>>>>>> theirs\n",
    "<<<<<<< ours\n发布: 2024年10月17日\n||||||| base\n=======\n>>>>>>> theirs\n",
])
def test_fix_never_touches_a_file_with_merge_conflict_markers(run_cli, example, markers):
    tr = example / EXAMPLE
    text = tr.read_text(encoding="utf-8").replace("发布: 2024年10月17日\n", markers)
    tr.write_text(text, encoding="utf-8")
    before = tr.read_bytes()
    for args in (("fix",), ("fix", "--diff")):
        code, out, err = run_cli(*args)
        assert code == 2
        assert err == (f"relsync: error: {EXAMPLE}:5: unresolved merge conflict (a <<<<<<< marker); "
                       "resolve it first\n")
        assert out == ""
        assert tr.read_bytes() == before


def test_lone_marker_lines_are_not_a_conflict(run_cli, example):
    """A setext underline or a deep quote alone is Markdown, not a merge conflict."""
    tr = example / EXAMPLE
    text = tr.read_text(encoding="utf-8") + "\n```text\n=======\n>>>>>>> quoted\n```\n"
    tr.write_text(text, encoding="utf-8")
    code, _, err = run_cli("fix")
    assert code == 0, err
    assert "2025年1月29日" in tr.read_text(encoding="utf-8")


def test_a_repair_the_checks_do_not_confirm_is_not_made(example):
    """A repair that would leave a new finding is dropped, with the reason, and the others
    are still made."""
    from relsync.config import Config
    from relsync.fix import repair_file
    from relsync.model import Edit
    from relsync.pipeline import check_pair
    from relsync.project import discover

    project = discover(Config(root=example, upstream="upstream", locales="locales"))
    spec = project.pairs[0]
    data = (example / EXAMPLE).read_bytes()
    findings = [f for f in check_pair(spec, project.config) if f.fix is not None]
    assert [f.slug for f in findings] == ["title-version", "date-mismatch"]
    title, date = findings
    line = date.fix.before[0]
    bad = dataclasses.replace(date, fix=Edit(date.fix.path, 5, 5, 5, 16, "2023年1月29日", (line,)))
    ff = repair_file(spec, project.config, str(EXAMPLE), data, [title, bad])
    assert ff.applied == [title]
    assert ff.refused == [(bad, "the repaired text would still have RS202 at line 5")]
    assert ff.after == data.replace("PyTorch 2.5 发布".encode(), "PyTorch 2.6 发布".encode())


def test_a_file_changed_since_it_was_checked_is_not_repaired(example):
    from relsync.model import Edit

    edit = Edit(str(EXAMPLE), 5, 5, 5, 16, "2025年1月29日", ("发布: 2024年10月18日",))
    with pytest.raises(ValueError, match="line 5 changed since it was checked"):
        apply_edits((example / EXAMPLE).read_bytes(), [edit])


def test_two_repairs_on_one_line_are_both_made():
    from relsync.model import Edit

    line = "使用 `torch.save` 并阅读[说明](https://example.org/old)。"
    code, link = line.index("torch.save") + 1, line.index("https://") + 1
    edits = [Edit("a.md", 1, code, 1, code + 10, "torch.load", (line,)),
             Edit("a.md", 1, link, 1, link + len("https://example.org/old"), "https://example.org/new", (line,))]
    assert apply_edits((line + "\n").encode(), edits).decode() == \
        "使用 `torch.load` 并阅读[说明](https://example.org/new)。\n"


def test_the_diff_marks_a_last_line_without_a_newline():
    from relsync.fix import FileFix, FixResult, unified_diff

    ff = FileFix(None, "a.md", "# T\n\n发布: 2024年10月17日".encode(), "# T\n\n发布: 2025年1月29日".encode())
    assert unified_diff(FixResult([ff], [])) == (
        "--- a/a.md\n+++ b/a.md\n@@ -1,3 +1,3 @@\n # T\n \n"
        "-发布: 2024年10月17日\n\\ No newline at end of file\n"
        "+发布: 2025年1月29日\n\\ No newline at end of file\n")


def test_a_passage_with_a_difference_no_rule_repairs_is_left_whole():
    """A bug number in the link text and the target: the number cannot be repaired (it is
    written twice), so the link is not repaired alone, which would leave the text saying
    another bug (cut from mdn/translated-content files/ja/mozilla/firefox/releases/149/index.md)."""
    import relsync

    upstream = ("- {{domxref(\"MediaElementAudioSourceNode\")}} now respects the media element's volume.\n"
                "  Previously setting the volume did not affect the captured audio for MediaStream sources.\n"
                "  ([Firefox bug 2017708](https://bugzil.la/2017708)).\n")
    translation = ("- {{domxref(\"MediaElementAudioSourceNode\")}} がメディア要素の音量に従うようになりました。\n"
                   "  以前は MediaStream のソースとしてキャプチャーした音声に影響がありませんでした"
                   " ([Firefox bug 2010427](https://bugzil.la/2010427))。\n")
    findings = relsync.check(upstream, translation, locale="ja")
    by_slug = {f.slug: f for f in findings}
    assert by_slug["link-mismatch"].fix is not None and by_slug["number-mismatch"].fix is None
    assert relsync.fix_text(upstream, translation, locale="ja") == (translation, [])


def test_the_rules_say_which_repair(run_cli):
    code, out, _ = run_cli("rules", "--format", "json")
    assert {r["slug"] for r in json.loads(out) if r["fixable"]} == {
        "broken-link-syntax", "code-format", "code-mismatch", "date-mismatch", "heading-id",
        "link-mismatch", "number-mismatch", "title-version", "unrendered-markup", "unresolved-link"}
    _, out, _ = run_cli("rules", "RS202")
    assert out.startswith("RS202 date-mismatch (consistency, default severity: error, repaired by relsync fix)")


@pytest.mark.parametrize("locale", ["zh-cn", "zh-CN", "zh_CN"])
def test_a_locale_written_as_a_site_writes_it_is_the_same_locale(run_cli, tmp_path, locale):
    """`-l zh-cn` (as MDN and Hugo write it) is zh_CN: the date is checked and repaired in
    its style (it was an internal error: babel reads only zh_CN)."""
    up, tr = tmp_path / "up.md", tmp_path / "tr.md"
    up.write_text("# Release\n\nReleased on October 29, 2024.\n", encoding="utf-8")
    tr.write_text("# 发布\n\n发布于 2024年10月28日。\n", encoding="utf-8")
    code, out, err = run_cli("check", str(up), str(tr), "-l", locale)
    assert code == 1 and "RS202 date-mismatch" in out, (out, err)
    code, out, err = run_cli("fix", "--diff", str(up), str(tr), "-l", locale)
    assert "+发布于 2024年10月29日。" in out, (out, err)


def test_a_locale_with_a_region_babel_does_not_know_is_its_language_for_dates_too():
    """The date reader reads `de-XX` as German (the language when the region is unknown);
    the repair writes the date in German too (it found no style: babel knows no de_XX)."""
    import relsync

    up = "# Release\n\nReleased on October 29, 2024.\n"
    tr = "# Veröffentlichung\n\nVeröffentlicht am 28. Oktober 2024.\n"
    fixed, applied = relsync.fix_text(up, tr, locale="de-XX")
    assert [f.slug for f in applied] == ["date-mismatch"]
    assert "Veröffentlicht am 29. Oktober 2024." in fixed
