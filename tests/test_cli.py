from __future__ import annotations

import json

import pytest

from .conftest import CORPUS, EXAMPLE_TR, EXAMPLE_UP, ROOT


def test_diff_on_the_bundled_example_reports_its_real_defects(run_cli):
    code, out, err = run_cli("diff", "--width", "140", str(EXAMPLE_UP), str(EXAMPLE_TR))
    assert code == 1, err
    assert "RS301 title-version: title says 2.5 but the document announces 2.6" in out
    assert "RS202 date-mismatch: translation says 2024-10-17 where upstream says 2025-01-29" in out
    assert "table header cells left in English" in out and "Performance Improvements" in out
    assert "RS103 extra" in out and "译者：@片刻" in out


def test_diff_does_not_flag_the_legitimate_mentions_of_2_5(run_cli):
    code, out, _ = run_cli("diff", "--format", "json", str(EXAMPLE_UP), str(EXAMPLE_TR))
    findings = json.loads(out)["findings"]
    lines = {f["translation"]["line"] for f in findings if f["translation"] and f["slug"] == "number-mismatch"}
    assert lines == set()
    by_slug = {f["slug"]: f for f in findings}
    assert by_slug["extra"]["severity"] == "info"
    assert by_slug["title-version"]["translation"] == {"path": "locales/zh_CN/pytorch-2.6.md", "line": 2}


def test_diff_with_no_arguments_runs_the_repository(run_cli):
    code, out, _ = run_cli("diff", "--only-problems", "--width", "120", cwd=ROOT)
    assert code == 1
    assert "upstream/pytorch-2.6.md  \u2194  locales/zh_CN/pytorch-2.6.md  (zh_CN)" in out
    assert "in 1 document pair" in out


def test_diff_narrow_terminal_stacks_the_sides_within_the_width(run_cli):
    from relsync.report.terminal import text_width

    code, out, _ = run_cli("diff", "--width", "50", str(EXAMPLE_UP), str(EXAMPLE_TR))
    body = out.splitlines()[2:-1]
    assert body and all(text_width(line) <= 50 for line in body)


def test_diff_wide_terminal_keeps_columns_aligned_with_cjk(run_cli):
    from relsync.report.terminal import text_width

    code, out, _ = run_cli("diff", "--width", "100", str(EXAMPLE_UP), str(EXAMPLE_TR))
    rows = [line for line in out.splitlines() if "\u2502" in line]
    positions = {text_width(line.split("\u2502")[0]) for line in rows}
    assert len(positions) == 1 and max(text_width(r) for r in rows) <= 100


def test_align_json_contract(run_cli):
    code, out, _ = run_cli("align", "--format", "json", str(EXAMPLE_UP), str(EXAMPLE_TR))
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"upstream", "translation", "pairs"}
    assert data["upstream"].endswith("upstream/pytorch-2.6.md")
    for pair in data["pairs"]:
        assert set(pair) == {"upstream", "translation", "kind", "score", "moved"}  # "moved": added
        assert pair["moved"] is False
        assert 0 <= pair["score"] <= 1
        for side in ("upstream", "translation"):
            assert pair[side] is None or (len(pair[side]) == 2 and 1 <= pair[side][0] <= pair[side][1])
    assert {"upstream": [6, 6], "translation": [2, 2], "kind": "heading"}.items() <= next(
        p for p in data["pairs"] if p["upstream"] == [6, 6]).items()


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda d: d / "nope.md", "no such file"),
        (lambda d: d, "is a directory"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(run_cli, tmp_path, make, message):
    bad = make(tmp_path)
    code, out, err = run_cli("diff", str(EXAMPLE_UP), str(bad))
    assert code == 2
    assert err.count("\n") == 1 and message in err and "Traceback" not in err
    assert str(bad.name) in err


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda d: _write(d / "bin.md", b"\x00\x01\x02binary"), "binary file"),
        (lambda d: _write(d / "latin1.md", "caf\u00e9 ok".encode("latin-1")), "not valid UTF-8 at byte 3"),
    ],
)
def test_a_file_that_cannot_be_read_is_a_finding_of_diff(run_cli, tmp_path, make, message):
    bad = make(tmp_path)
    code, out, err = run_cli("diff", "--format", "json", str(EXAMPLE_UP), str(bad))
    assert code == 1 and err == ""
    assert [(f["slug"], f["translation"]["path"].endswith(bad.name)) for f in json.loads(out)["findings"]] == [
        ("unreadable", True)]
    assert message in json.loads(out)["findings"][0]["message"]


def test_empty_translation_is_all_missing_not_an_error(run_cli, tmp_path):
    empty = _write(tmp_path / "empty.md", b"")
    code, out, err = run_cli("check", "--format", "json", str(EXAMPLE_UP), str(empty))
    assert code == 1 and err == ""
    findings = json.loads(out)["findings"]
    assert [f["slug"] for f in findings] == ["missing"]


def test_utf16_with_bom_is_read(run_cli, tmp_path):
    text = EXAMPLE_TR.read_text(encoding="utf-8")
    utf16 = _write(tmp_path / "zh_CN" / "doc.md", text.encode("utf-16"))
    code, out, _ = run_cli("check", "--format", "json", str(EXAMPLE_UP), str(utf16))
    slugs = sorted(f["slug"] for f in json.loads(out)["findings"])
    assert "title-version" in slugs and "date-mismatch" in slugs


def test_usage_errors_exit_2(run_cli):
    code, _, err = run_cli("diff", str(EXAMPLE_UP) + ".nope")
    assert code == 2 and "no such file" in err
    code, _, err = run_cli("check", "--disable", "no-such-rule", str(EXAMPLE_UP), str(EXAMPLE_TR))
    assert code == 2 and "unknown rule 'no-such-rule'" in err
    code, _, err = run_cli("diff", "-l", "xx_NOPE", str(EXAMPLE_UP), str(EXAMPLE_TR))
    assert code == 2 and "is not a locale" in err


def _write(path, data: bytes):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path


def test_every_real_pair_goes_through_align_and_diff(run_cli, corpus, tmp_path):
    import shutil

    (tmp_path / "upstream").mkdir()
    (tmp_path / "locales" / "zh_CN").mkdir(parents=True)
    for en, zh in corpus:
        rel = en.relative_to(CORPUS / "head" / "en")
        for src, base in ((en, tmp_path / "upstream"), (zh, tmp_path / "locales" / "zh_CN")):
            target = base / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src, target)
    code, out, err = run_cli("diff", "--width", "120", "--lines", "1", cwd=tmp_path)
    assert code in (0, 1) and err == ""
    assert out.count("\u2194") == len(corpus)
    code, out, err = run_cli("diff", "--format", "json", cwd=tmp_path)
    assert code in (0, 1) and json.loads(out)["summary"]["pairs"] == len(corpus)
    for en, zh in corpus[:: max(1, len(corpus) // 20)]:
        code, out, err = run_cli("align", "--format", "json", "-l", "zh_CN", str(en), str(zh))
        assert code == 0 and json.loads(out)["pairs"]


def test_the_readme_shows_what_diff_prints_on_the_example(run_cli):
    """The README's first output is the example's real `diff --only-problems`, as a terminal
    of 110 columns shows it."""
    import re

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    shown = re.search(r"```\n\$ relsync diff --only-problems\n(.*?)```", readme, re.S).group(1)
    code, out, _ = run_cli("diff", "--only-problems", "--width", "110", cwd=ROOT)
    assert code == 1
    assert out == shown


def test_the_readme_shows_what_fix_diff_prints_on_the_example(run_cli):
    """`relsync fix --diff` in the README: the diff on stdout, then what it would fix on
    stderr; nothing is written, and the status says there are repairs to make."""
    import re

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    shown = re.search(r"```\n\$ relsync fix --diff\n(.*?)```", readme, re.S).group(1)
    before = EXAMPLE_TR.read_bytes()
    code, out, err = run_cli("fix", "--diff", cwd=ROOT)
    assert code == 1  # repairs to make
    assert out + err == shown
    assert EXAMPLE_TR.read_bytes() == before
