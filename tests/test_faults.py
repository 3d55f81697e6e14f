"""The fault matrix of docs/faults.md: every row is a test here.

Each bad input gives one line on stderr naming the file (and line or byte offset where there
is one), exit status 2, no traceback, and writes nothing.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from .conftest import EXAMPLE_TR, EXAMPLE_UP


@pytest.fixture
def project(tmp_path):
    (tmp_path / "upstream").mkdir()
    (tmp_path / "locales" / "zh_CN").mkdir(parents=True)
    shutil.copyfile(EXAMPLE_UP, tmp_path / "upstream" / "notes.md")
    shutil.copyfile(EXAMPLE_TR, tmp_path / "locales" / "zh_CN" / "notes.md")
    return tmp_path


def snapshot(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def assert_clean_failure(code: int, out: str, err: str, *needles: str) -> None:
    assert code == 2, (code, out, err)
    assert err.count("\n") == 1, err
    assert "Traceback" not in err and err.startswith("relsync: error: ")
    for needle in needles:
        assert needle in err, (needle, err)


def write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


TR = "locales/zh_CN/notes.md"

CASES = {
    "missing file": (lambda p: (p / TR).unlink(), ["check", "upstream/notes.md", TR], ["notes.md", "no such file"]),
    # a directory of the project is a list of its pairs (`check upstream/notes.md locales/zh_CN`);
    # one that holds none of its documents, given as the translation, is no Markdown file
    "directory": (lambda p: (p / "drafts").mkdir(), ["check", "upstream/notes.md", "drafts"], ["drafts", "is a directory"]),
    "config names a missing directory": (lambda p: write(p / "relsync.toml", b'upstream = "docs/en"\n'), ["check"],
                                         ["upstream directory", "does not exist"]),
    "config path outside the root": (lambda p: write(p / "relsync.toml", b'locales = "../elsewhere"\n'), ["check"],
                                     ["outside the project root"]),
    "unknown rule in config": (lambda p: write(p / "relsync.toml", b'disable = ["no-such-rule"]\n'), ["check"],
                               ["unknown rule 'no-such-rule'"]),
    "unknown rule on the command line": (lambda p: None, ["check", "--disable", "nope"], ["unknown rule 'nope'"]),
    "invalid TOML": (lambda p: write(p / "relsync.toml", b"disable = [\n"), ["check"], ["relsync.toml", "invalid TOML"]),
    "not a locale": (lambda p: None, ["check", "-l", "xx_QQQ"], ["'xx_QQQ' is not a locale"]),
    "bad severity": (lambda p: write(p / "relsync.toml", b'fail-on = "fatal"\n'), ["check"], ["unknown severity 'fatal'"]),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_bad_input_fails_cleanly_and_writes_nothing(run_cli, project, name):
    prepare, args, needles = CASES[name]
    prepare(project)
    before = snapshot(project)
    code, out, err = run_cli(*args, cwd=project)
    assert_clean_failure(code, out, err, *needles)
    assert snapshot(project) == before


def test_symlink_out_of_the_root_is_refused(run_cli, project, tmp_path_factory):
    outside = tmp_path_factory.mktemp("outside")
    shutil.copytree(project / "locales", outside / "locales")
    shutil.rmtree(project / "locales")
    os.symlink(outside / "locales", project / "locales")
    code, out, err = run_cli("check", cwd=project)
    assert_clean_failure(code, out, err, "outside the project root")


#: Files of the project that cannot be read or parsed: each is a finding of the rule
#: ``unreadable`` (exit 1), and the report of every other pair is written.
UNREADABLE = {
    "binary file": (b"\x89PNG\r\n\x1a\n\x00\x00", 1, "binary file (contains NUL bytes), not Markdown"),
    "non-UTF-8": ("标题\n\ncaf\u00e9".encode("utf-8")[:9] + b"\xe9t\xe9\n", 3, "not valid UTF-8 at byte 9"),
    "broken front matter": (b"---\ntitle: [oops\n---\n\n# x\n", 2, "front matter is not valid YAML"),
}


@pytest.fixture
def two_pairs(project):
    """The project with a second document, translated well."""
    (project / "upstream" / "other.md").write_text("# Other\n\nVersion 2.6 is out.\n", encoding="utf-8")
    (project / "locales" / "zh_CN" / "other.md").write_text("# 其他\n\n版本 2.5 已发布。\n", encoding="utf-8")
    return project


@pytest.mark.parametrize("name", sorted(UNREADABLE))
@pytest.mark.parametrize("command", [["check"], ["diff", "--format", "json"]])
def test_a_file_that_cannot_be_read_is_a_finding_and_the_run_goes_on(run_cli, two_pairs, name, command):
    data, line, message = UNREADABLE[name]
    write(two_pairs / TR, data)
    before = snapshot(two_pairs)
    code, out, err = run_cli(*command, "--no-cache", "--format", "json", cwd=two_pairs)
    assert code == 1 and err == "", (code, err)
    findings = json.loads(out)["findings"]
    bad = [f for f in findings if f["slug"] == "unreadable"]
    assert [(f["rule"], f["severity"], f["translation"]) for f in bad] == [
        ("RS100", "error", {"path": TR, "line": line})]
    assert message in bad[0]["message"]
    assert any(f["slug"] == "number-mismatch" and f["translation"]["path"].endswith("other.md") for f in findings)
    assert snapshot(two_pairs) == before


def test_a_file_that_cannot_be_read_is_reported_in_text_too(run_cli, two_pairs):
    write(two_pairs / TR, UNREADABLE["broken front matter"][0])
    code, out, err = run_cli("check", "--no-cache", cwd=two_pairs)
    assert code == 1 and err == ""
    assert f"{TR}:2" in out and "RS100 unreadable" in out and "other.md" in out


def test_unreadable_rule_is_disabled_and_suppressed_like_any_rule(run_cli, two_pairs):
    write(two_pairs / TR, UNREADABLE["binary file"][0])
    code, out, _ = run_cli("check", "--no-cache", "--format", "json", "--disable", "unreadable", cwd=two_pairs)
    assert "unreadable" not in {f["slug"] for f in json.loads(out)["findings"]}
    (two_pairs / "relsync.toml").write_text('[severity]\nunreadable = "warning"\n', encoding="utf-8")
    code, out, _ = run_cli("check", "--no-cache", "--format", "json", "--disable", "number-mismatch",
                           cwd=two_pairs)
    assert code == 0 and [f["severity"] for f in json.loads(out)["findings"] if f["slug"] == "unreadable"] == [
        "warning"]
    write(two_pairs / TR, b"<!-- relsync-disable unreadable -->\n---\ntitle: [oops\n---\n")
    code, out, _ = run_cli("check", "--no-cache", "--format", "json", cwd=two_pairs)
    assert "unreadable" not in {f["slug"] for f in json.loads(out)["findings"]}


def test_unreadable_file(run_cli, two_pairs, monkeypatch):
    real = Path.read_bytes

    def deny(self):
        if self.name == "notes.md" and "locales" in self.parts:
            raise PermissionError(13, "Permission denied")
        return real(self)

    monkeypatch.setattr(Path, "read_bytes", deny)
    code, out, err = run_cli("check", "--no-cache", "--format", "json", cwd=two_pairs)
    assert code == 1 and err == ""
    findings = json.loads(out)["findings"]
    assert [(f["message"], f["translation"]) for f in findings if f["slug"] == "unreadable"] == [
        ("permission denied", {"path": TR, "line": 1})]
    assert {f["translation"]["path"] for f in findings if f["translation"]} == {TR, "locales/zh_CN/other.md"}


def test_fix_never_writes_a_file_it_could_not_read(run_cli, two_pairs):
    """Its front matter is broken: the body's wrong version is not repaired, the file is
    named among what is left to fix."""
    broken = b"---\ntitle: [oops\n---\n\n# \xe5\x85\xb6\xe4\xbb\x96\n\nVersion 2.5.\n"
    write(two_pairs / "locales" / "zh_CN" / "other.md", broken)
    before = snapshot(two_pairs)
    code, out, err = run_cli("fix", "--no-cache", cwd=two_pairs)
    assert code == 1
    assert snapshot(two_pairs)["locales/zh_CN/other.md"] == before["locales/zh_CN/other.md"]
    assert "unreadable" in out and "other.md:2" in out


@pytest.mark.parametrize("variant", ["crlf", "mixed", "utf16", "bom"])
def test_line_ending_and_encoding_variants_read_like_the_original(run_cli, project, variant):
    tr = project / TR
    text = tr.read_text(encoding="utf-8")
    data = {
        "crlf": text.replace("\n", "\r\n").encode("utf-8"),
        "mixed": "".join(line + ("\r\n" if k % 2 else "\n") for k, line in enumerate(text.split("\n"))).encode("utf-8"),
        "utf16": text.encode("utf-16"),
        "bom": b"\xef\xbb\xbf" + text.encode("utf-8"),
    }[variant]
    import json

    code, out, _ = run_cli("check", "--no-cache", "--format", "json", cwd=project)
    expected = [(f["slug"], f["translation"] and f["translation"]["line"]) for f in json.loads(out)["findings"]]
    tr.write_bytes(data)
    code, out, _ = run_cli("check", "--no-cache", "--format", "json", cwd=project)
    got = [(f["slug"], f["translation"] and f["translation"]["line"]) for f in json.loads(out)["findings"]]
    assert got == expected


@pytest.mark.parametrize("content", [b"", b"---\ntitle: Only a title\n---\n"])
def test_empty_and_front_matter_only_files_are_checked_not_errors(run_cli, project, content):
    (project / TR).write_bytes(content)
    code, out, err = run_cli("check", "--no-cache", cwd=project)
    assert code == 1 and err == "" and "RS101 missing" in out


def test_failed_write_leaves_the_old_file_intact(tmp_path, monkeypatch):
    from relsync.errors import InputError
    from relsync.io import atomic_write_text

    target = tmp_path / "out.po"
    target.write_bytes(b"old content\n")
    target.chmod(0o640)

    def disk_full(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)  # the data never reaches the disk
    with pytest.raises(InputError, match="No space left on device"):
        atomic_write_text(target, "new content that never lands\n" * 1000)
    monkeypatch.undo()
    assert target.read_bytes() == b"old content\n"
    assert oct(target.stat().st_mode & 0o777) == oct(0o640)
    assert [p.name for p in tmp_path.iterdir()] == ["out.po"]


def test_exception_during_replace_keeps_old_file(tmp_path, monkeypatch):
    from relsync.io import atomic_write_text

    target = tmp_path / "doc.md"
    target.write_text("translator's work\n", encoding="utf-8")

    def boom(*args):
        raise RuntimeError("injected")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(RuntimeError):
        atomic_write_text(target, "replacement\n")
    monkeypatch.undo()
    assert target.read_text(encoding="utf-8") == "translator's work\n"
    assert [p.name for p in tmp_path.iterdir()] == ["doc.md"]


def test_successful_write_keeps_permissions(tmp_path):
    from relsync.io import atomic_write_text

    target = tmp_path / "doc.md"
    target.write_text("a\n", encoding="utf-8")
    target.chmod(0o600)
    atomic_write_text(target, "b\n")
    assert target.read_text(encoding="utf-8") == "b\n" and target.stat().st_mode & 0o777 == 0o600


@pytest.mark.parametrize("setting, needle", [
    (b'glossary = "../../../etc/passwd"\n', "glossary"),
    (b'glossary = "/etc/passwd"\n', "glossary"),
    (b'baseline = "../outside.json"\n', "baseline"),
    (b'[po]\ntemplates = "/tmp/elsewhere"\n', "templates directory"),
])
def test_paths_from_settings_never_leave_the_root(run_cli, project, setting, needle):
    (project / "relsync.toml").write_bytes(setting)
    (project.parent / "outside.json").write_text('{"version": 1, "fingerprints": {}}', encoding="utf-8")
    args = ["po", "extract"] if b"[po]" in setting else ["check", "--no-cache"]
    code, out, err = run_cli(*args, cwd=project)
    assert_clean_failure(code, out, err, needle, "outside the project root")


def test_front_matter_yaml_is_never_evaluated(run_cli, project, tmp_path):
    marker = tmp_path / "evaluated"
    (project / TR).write_text(
        f'---\ntitle: !!python/object/apply:os.system ["touch {marker}"]\n---\n\n# x\n', encoding="utf-8")
    code, out, err = run_cli("check", "--no-cache", cwd=project)
    assert code == 1 and f"{TR}:2" in out and "front matter is not valid YAML" in out
    assert not marker.exists()


@pytest.mark.parametrize("upstream, translation, locale", [
    ("Released on October 29, 2024.\n", "29 EKİM 2024 tarihinde yayınlandı.\n", "tr"),
    ("Released on April 5, 2025.\n", "Publié le 5 AVRİL 2025, Aprİl 5, 2025.\n", "fr"),
    ("It has " + "9" * 400 + "0000 parameters.\n", "它有 " + "9" * 400 + "万个参数。\n", "zh_CN"),
    ("It has " + "9" * 400 + "k parameters.\n", "Es hat " + "9" * 400 + "k Parameter.\n", "de"),
])
def test_odd_dates_and_huge_numbers_are_read_not_crashed(run_cli, tmp_path, upstream, translation, locale):
    """Upper-case Turkish dotted İ in a month name and a 400-digit number before a magnitude
    are read by value: the same date, the same number, no finding and no traceback."""
    (tmp_path / "upstream").mkdir()
    (tmp_path / "locales" / locale).mkdir(parents=True)
    (tmp_path / "upstream" / "notes.md").write_text(upstream, encoding="utf-8")
    (tmp_path / "locales" / locale / "notes.md").write_text(translation, encoding="utf-8")
    code, out, err = run_cli("check", "--no-cache", "--format", "json", cwd=tmp_path)
    assert (code, err) == (0, ""), (out, err)


@pytest.mark.parametrize("fmt", ["text", "markdown", "html"])
def test_every_diff_view_shows_a_file_that_cannot_be_read(run_cli, two_pairs, fmt):
    """The side-by-side views show findings on the pairs' rows; a file that could not be read
    has no row, and its finding is shown for its pair."""
    write(two_pairs / TR, UNREADABLE["binary file"][0])
    code, out, err = run_cli("diff", "--no-cache", "--format", fmt, cwd=two_pairs)
    assert code == 1 and err == ""
    assert "binary file (contains NUL bytes)" in out.replace("\\(", "(").replace("\\)", ")")
    assert "RS100" in out
