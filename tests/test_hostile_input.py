"""Hostile input: what a careless or malicious user, document or file system does to relsync.

The conventions are those of docs/faults.md: bad input is exit status 2 and one line on
stderr, ``relsync: error: PATH[:LINE]: problem``; exit 3 ("internal error") is always a bug;
files are written atomically, through symlinks, never over a special file or an input; reports
never carry live markup or terminal controls from a document; caches are never trusted blindly.

``P`` below is a project made in ``tmp_path`` with ``upstream/x.md`` and
``locales/zh_CN/x.md`` (the default layout, no settings), and commands run in it.
"""

from __future__ import annotations

import errno
import html.parser
import json
import os
import re
import shutil
import stat
import subprocess
import time
import urllib.parse
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from .conftest import assert_clean_failure, assert_ran

UP = "upstream/x.md"
TR = "locales/zh_CN/x.md"

needs_git = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")

#: A pair with one real finding (a wrong date), for tests that need findings.
DATE_UP = "# Release\n\nReleased on October 29, 2024.\n"
DATE_TR = "# 发布\n\n发布于 2024年10月28日。\n"


# -- helpers --------------------------------------------------------------------------------

def _data(text: str | bytes) -> bytes:
    return text if isinstance(text, bytes) else text.encode("utf-8")


def make_project(root: Path, up: str | bytes = DATE_UP, tr: str | bytes = DATE_TR, *,
                 lang: str = "zh_CN", name: str = "x.md") -> Path:
    (root / "upstream").mkdir(parents=True, exist_ok=True)
    (root / "locales" / lang).mkdir(parents=True, exist_ok=True)
    (root / "upstream" / name).write_bytes(_data(up))
    (root / "locales" / lang / name).write_bytes(_data(tr))
    return root


def snapshot(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and ".relsync-cache" not in p.parts}


GIT_ENV = {"GIT_AUTHOR_NAME": "Tester", "GIT_AUTHOR_EMAIL": "tester@example.org",
           "GIT_COMMITTER_NAME": "Tester", "GIT_COMMITTER_EMAIL": "tester@example.org"}


def git(cwd: Path, *args: str) -> str:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")} | GIT_ENV
    proc = subprocess.run(["git", "-c", "init.defaultBranch=main", "-c", "protocol.file.allow=always",
                           "-c", "commit.gpgsign=false", *args],
                          cwd=cwd, env=env, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


UP_V1 = "# Release\n\nFirst paragraph about the release.\n\nSecond paragraph about speed.\n"
UP_V2 = "# Release\n\nFirst paragraph about the new release.\n\nSecond paragraph about speed.\n"
TR_V1 = "# 发布\n\n关于发布的第一段。\n\n关于速度的第二段。\n"


def stale_repo(root: Path, tr: str = TR_V1, name: str = "x.md") -> Path:
    """A repository where the translation was committed with upstream v1 and upstream then
    changed one paragraph (v2): one `stale` passage."""
    make_project(root, UP_V1, tr, name=name)
    git(root, "init", "-q")
    git(root, "add", ".")
    git(root, "commit", "-qm", "translate")
    (root / "upstream" / name).write_text(UP_V2, encoding="utf-8")
    git(root, "commit", "-qam", "upstream: reword")
    return root


def findings_json(out: str) -> list[dict]:
    return json.loads(out)["findings"]


def slugs(out: str) -> list[str]:
    return [f["slug"] for f in findings_json(out)]


def _pot(run_cli, P: Path, text: str, name: str = "x.pot") -> Path:
    (P / UP).write_text(text, encoding="utf-8")
    assert run_cli("po", "extract", UP, "-o", name, cwd=P)[0] == 0
    return P / name


# == Writing files ===========================================================================

WRITERS = {
    "check -o": lambda out: ["check", "--no-cache", "-o", out],
    "diff -o": lambda out: ["diff", "-o", out],
    "po extract -o": lambda out: ["po", "extract", UP, "-o", out],
}


@pytest.mark.parametrize("where", ["/proc", "under a regular file"])
@pytest.mark.parametrize("command", sorted(WRITERS))
def test_output_into_a_directory_where_nothing_can_be_created(run_cli, tmp_path, command, where):
    """-o into a directory where no file can be created (/proc refuses even root) is exit 2
    naming the path; so is a path whose parent is a regular file."""
    P = make_project(tmp_path)
    if where == "/proc":
        if not Path("/proc/self").is_dir():
            pytest.skip("no /proc on this system")
        target = "/proc/relsync-hostile-test.out"
    else:
        (P / "afile").write_text("x", encoding="utf-8")
        target = "afile/relsync-hostile-test.out"
    code, out, err = run_cli(*WRITERS[command](target), cwd=P)
    assert_clean_failure(code, out, err, "relsync-hostile-test.out")


@pytest.fixture
def sealed_dir(tmp_path):
    """A directory that even root cannot create files in (chattr +i); returns (dir, seal)."""
    directory = tmp_path / "sealed"
    directory.mkdir()

    def seal() -> None:
        if shutil.which("chattr") is None:
            pytest.skip("chattr is not installed")
        proc = subprocess.run(["chattr", "+i", str(directory)], capture_output=True, text=True)
        if proc.returncode != 0:
            pytest.skip(f"cannot make a directory immutable here: {proc.stderr.strip()}")

    yield directory, seal
    subprocess.run(["chattr", "-i", str(directory)], capture_output=True)


def _sealed_args(directory: Path, command: str) -> list[str]:
    return {
        "po update": ["po", "update", "new.pot", str(directory / "x.po")],
        "po extract -o": ["po", "extract", UP, "-o", str(directory / "x.pot")],
        "check -o": ["check", "--no-cache", "-o", str(directory / "report.txt")],
        "diff -o": ["diff", "-o", str(directory / "report.txt")],
    }[command]


def _po_files_in(run_cli, P: Path, directory: Path) -> None:
    assert run_cli("po", "extract", UP, "-o", str(directory / "x.pot"), cwd=P)[0] == 0
    assert run_cli("po", "init", str(directory / "x.pot"), "-l", "zh_CN",
                   "-o", str(directory / "x.po"), cwd=P)[0] == 0
    (P / UP).write_text("# Title\n\nHello new world.\n", encoding="utf-8")
    assert run_cli("po", "extract", UP, "-o", "new.pot", cwd=P)[0] == 0


@pytest.mark.parametrize("command", ["po update", "po extract -o", "check -o", "diff -o"])
def test_writing_into_an_immutable_directory(run_cli, tmp_path, sealed_dir, command):
    """po update, po extract -o, check -o and diff -o into a directory that cannot be written
    (immutable: this holds for root too): exit 2 naming the path, the files there unchanged."""
    directory, seal = sealed_dir
    P = make_project(tmp_path, "# Title\n\nHello world.\n", "# 标题\n\n你好世界。\n")
    _po_files_in(run_cli, P, directory)
    before = snapshot(directory)
    seal()
    code, out, err = run_cli(*_sealed_args(directory, command), cwd=P)
    assert_clean_failure(code, out, err, "sealed")
    assert snapshot(directory) == before


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0,
                    reason="running as root: a 0o555 directory does not stop root")
@pytest.mark.parametrize("command", ["po update", "check -o"])
def test_writing_into_a_read_only_directory(run_cli, tmp_path, command):
    """The same with a chmod 0o555 directory (only meaningful when not root)."""
    directory = tmp_path / "sealed"
    directory.mkdir()
    P = make_project(tmp_path / "p", "# Title\n\nHello world.\n", "# 标题\n\n你好世界。\n")
    _po_files_in(run_cli, P, directory)
    directory.chmod(0o555)
    try:
        code, out, err = run_cli(*_sealed_args(directory, command), cwd=P)
        assert_clean_failure(code, out, err, "sealed")
    finally:
        directory.chmod(0o755)


def _symlinked(P: Path, name: str, content: bytes | None = None) -> tuple[Path, Path]:
    """``P/name`` as a symlink to ``P/store/name`` (inside the project)."""
    store = P / "store"
    store.mkdir(exist_ok=True)
    target = store / name
    if content is not None:
        target.write_bytes(content)
    link = P / name
    os.symlink(os.path.join("store", name), link)
    return link, target


def test_check_output_through_a_symlink_writes_the_target(run_cli, tmp_path):
    """`check -o link` writes the link's target; the link stays a link."""
    P = make_project(tmp_path)
    link, target = _symlinked(P, "report.txt", b"old report\n")
    code, out, err = run_cli("check", "--no-cache", "-o", "report.txt", cwd=P)
    assert code == 1, err
    assert link.is_symlink()
    assert "RS202" in target.read_text(encoding="utf-8")


def test_check_output_into_a_fifo_is_written_into(run_cli, tmp_path):
    """`check -o fifo` writes the report into the pipe, for its reader; the FIFO is never
    replaced by a regular file; `-` is stdout."""
    import threading

    P = make_project(tmp_path)
    fifo = P / "pipe"
    os.mkfifo(fifo)
    received = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()), daemon=True)
    reader.start()
    code, out, err = run_cli("check", "--no-cache", "-o", "pipe", cwd=P)
    reader.join(10)
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode), "the FIFO was replaced"
    assert code == 1 and b"RS202" in received[0]


@pytest.mark.parametrize("device", ["/dev/null"])
def test_check_output_onto_a_device_writes_into_it(run_cli, tmp_path, device):
    """`-o /dev/null` discards the report (as root, the device node must not be replaced by
    a regular file)."""
    if not os.path.exists(device):
        pytest.skip(f"no {device} here")
    P = make_project(tmp_path)
    before = os.lstat(device)
    code, out, err = run_cli("check", "--no-cache", "-o", device, cwd=P)
    after = os.lstat(device)
    assert (after.st_mode, after.st_ino) == (before.st_mode, before.st_ino)
    assert code == 1 and out == "" and "Traceback" not in err


def _mark_synced_through_a_link(P: Path) -> tuple[Path, Path, list[str], str]:
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    real = P / "store" / "x.md"
    real.parent.mkdir()
    (P / TR).rename(real)
    os.symlink(os.path.relpath(real, (P / TR).parent), P / TR)
    git(P, "init", "-q")
    git(P, "add", ".")
    git(P, "commit", "-qm", "one")
    return P / TR, real, ["mark-synced", UP, TR], "source_commit"


@pytest.mark.parametrize("command", ["po update", "po extract -o", "po build -o", "mark-synced"])
def test_writes_through_symlinks_keep_the_link(run_cli, tmp_path, command):
    """po update, mark-synced, po build and po extract -o on a symlinked file write its
    target and keep the link."""
    P = make_project(tmp_path, "# Title\n\nFirst paragraph here.\n", "# 标题\n\n第一段。\n")
    if command == "po extract -o":
        link, target = _symlinked(P, "x.pot", b"")
        assert run_cli("po", "extract", UP, "-o", "store/x.pot", cwd=P)[0] == 0
        (P / UP).write_text("# Title\n\nFirst paragraph changed.\n", encoding="utf-8")
        args, expect = ["po", "extract", UP, "-o", "x.pot"], "First paragraph changed."
    elif command == "po update":
        link, target = _symlinked(P, "x.po")
        assert run_cli("po", "import", UP, TR, "-o", "store/x.po", cwd=P)[0] == 0
        _pot(run_cli, P, "# Title\n\nFirst paragraph changed.\n", "new.pot")
        args, expect = ["po", "update", "new.pot", "x.po"], "First paragraph changed."
    elif command == "po build -o":
        link, target = _symlinked(P, "out.md", b"old\n")
        assert run_cli("po", "import", UP, TR, "-o", "x.po", cwd=P)[0] == 0
        args, expect = ["po", "build", UP, "x.po", "-o", "out.md", "--force"], "第一段。"
    else:
        link, target, args, expect = _mark_synced_through_a_link(P)
    code, out, err = run_cli(*args, cwd=P)
    assert code == 0, err
    assert link.is_symlink(), "the symlink was replaced by a file"
    assert expect in target.read_text(encoding="utf-8")


HEADINGS_UP = "# Release notes\n\n## Fixes\n"
HEADINGS_TR = "# 发布说明\n\n## 修复\n"
SAME_PATH = {
    "check -o TR": (["check", "--no-cache", "-o", TR], TR),
    "check -o UP": (["check", "--no-cache", UP, TR, "-o", UP], UP),
    "check -o TR by another path": (["check", "--no-cache", "-o", "locales/../" + TR], TR),
    "diff -o TR": (["diff", "-o", TR], TR),
    "diff -o UP": (["diff", "--format", "html", "-o", UP], UP),
    "check --write-baseline TR": (["check", "--no-cache", f"--write-baseline={TR}"], TR),
    "merge-reports -o a report": (["merge-reports", "shard.json", "-o", "shard.json"], "shard.json"),
    "check -o the settings": (["check", "--no-cache", "-o", "relsync.toml"], "relsync.toml"),
    "check -o the baseline": (["check", "--no-cache", "--baseline", "shard.json", "-o", "shard.json"], "shard.json"),
}


@pytest.mark.parametrize("case", sorted(SAME_PATH))
def test_output_path_equal_to_an_input_path_is_refused(run_cli, tmp_path, case):
    """An output path that is an input of the command (`check -o TR`, `diff -o UP`,
    `check --write-baseline TR`, `merge-reports a.json -o a.json`) is refused: exit 2, the
    file untouched."""
    P = make_project(tmp_path, HEADINGS_UP, HEADINGS_TR)
    (P / "relsync.toml").write_text('fail-on = "error"\n', encoding="utf-8")
    assert run_cli("check", "--no-cache", "--format", "json", "-o", "shard.json", cwd=P)[0] == 0
    args, victim = SAME_PATH[case]
    before = (P / victim).read_bytes()
    code, out, err = run_cli(*args, cwd=P)
    assert (P / victim).read_bytes() == before, f"{victim} was overwritten"
    assert_clean_failure(code, out, err, Path(victim).name, "input")


def test_output_through_a_symlink_to_an_input_is_refused(run_cli, tmp_path):
    """`check -o link` where the link points at the translation is the translation."""
    P = make_project(tmp_path, HEADINGS_UP, HEADINGS_TR)
    os.symlink(TR, P / "report.txt")
    before = (P / TR).read_bytes()
    code, out, err = run_cli("check", "--no-cache", "-o", "report.txt", cwd=P)
    assert (P / TR).read_bytes() == before
    assert_clean_failure(code, out, err, "report.txt", "input")


# == The cache ===============================================================================

GLOSSARY_UP = "# Prototype features\n\nThe Prototype works.\n"
GLOSSARY_TR = "# 原型特点\n\n原型可用。\n"

BAD_CACHE_ENTRIES = {
    "line is a string": lambda f: {**f, "translation": {**f["translation"], "line": "x"}},
    "line is a boolean": lambda f: {**f, "translation": {**f["translation"], "line": True}},
    "severity is a number": lambda f: {**f, "severity": 5},
    "severity is unknown": lambda f: {**f, "severity": "fatal"},
    "path is a number": lambda f: {**f, "translation": {**f["translation"], "path": 5}},
    "message is a number": lambda f: {**f, "message": 5},
    "rule is missing": lambda f: {k: v for k, v in f.items() if k != "rule"},
    "location is a string": lambda f: {**f, "upstream": "upstream/x.md"},
    "details is a string": lambda f: {**f, "details": "x"},
    "entry is a number": lambda f: 1,
}


@pytest.mark.parametrize("fmt", ["sarif", "github", "markdown", "text", "json"])
@pytest.mark.parametrize("entry", sorted(BAD_CACHE_ENTRIES))
def test_cache_entry_with_wrong_types_is_a_miss(run_cli, tmp_path, entry, fmt):
    """A cache entry whose fields have the wrong types (`"line": "x"`, `"severity": 5`) is
    a miss: the same output as --no-cache (it crashed the sarif, github and markdown
    renderers, or changed the output)."""
    P = make_project(tmp_path)
    assert run_cli("check", cwd=P)[0] == 1  # fills the cache
    files = list((P / ".relsync-cache").rglob("*.json"))
    assert files
    for path in files:
        good = json.loads(path.read_text(encoding="utf-8"))
        assert good, "the pair has a finding"
        path.write_text(json.dumps([BAD_CACHE_ENTRIES[entry](good[0])]), encoding="utf-8")
    expected = run_cli("check", "--no-cache", "--format", fmt, cwd=P)
    assert run_cli("check", "--format", fmt, cwd=P) == expected


@pytest.mark.parametrize("content", ["{}", "null", '"x"', "5", '{"findings": []}'])
def test_cache_file_that_is_not_a_list_is_a_miss(run_cli, tmp_path, content):
    """A cache file holding `{}` (or any JSON that is not a list of findings) is a miss,
    not "no findings"."""
    P = make_project(tmp_path)
    expected = run_cli("check", "--no-cache", cwd=P)
    assert expected[0] == 1
    run_cli("check", cwd=P)
    files = list((P / ".relsync-cache").rglob("*.json"))
    assert files
    for path in files:
        path.write_text(content, encoding="utf-8")
    assert run_cli("check", cwd=P) == expected


def test_cache_sees_a_glossary_added_beside_an_explicit_pair(run_cli, tmp_path):
    """For an explicit pair outside locales/<lang>/ (`relsync check en/x.md zh/x.md`), a
    glossary added beside the translation is seen at once, cache or not."""
    P = tmp_path
    for d, text in (("en", GLOSSARY_UP), ("zh", GLOSSARY_TR)):
        (P / d).mkdir()
        (P / d / "x.md").write_text(text, encoding="utf-8")
    assert run_cli("check", "en/x.md", "zh/x.md", cwd=P)[0] == 0
    (P / "zh" / "glossary.csv").write_text("source,target\nPrototype,原型功能\n", encoding="utf-8")
    expected = run_cli("check", "--no-cache", "en/x.md", "zh/x.md", cwd=P)
    assert "RS302" in expected[1]
    assert run_cli("check", "en/x.md", "zh/x.md", cwd=P) == expected


def test_cache_sees_a_configured_glossary_that_changes(run_cli, tmp_path):
    """The glossary named in the settings is part of the key: editing it is seen at once."""
    P = make_project(tmp_path, GLOSSARY_UP, GLOSSARY_TR)
    (P / "relsync.toml").write_text('glossary = "terms.csv"\n', encoding="utf-8")
    terms = P / "locales" / "zh_CN" / "terms.csv"
    terms.write_text("source,target\nPrototype,原型\n", encoding="utf-8")
    assert run_cli("check", cwd=P)[0] == 0
    terms.write_text("source,target\nPrototype,原型功能\n", encoding="utf-8")
    expected = run_cli("check", "--no-cache", cwd=P)
    assert "RS302" in expected[1]
    assert run_cli("check", cwd=P) == expected


@needs_git
def test_cache_is_not_reused_after_the_history_deepens(run_cli, tmp_path):
    """After `git fetch --unshallow` the cache is not reused: the key covers the shallow
    state of the repository, not only HEAD, and the stale finding appears."""
    origin = stale_repo(tmp_path / "origin")
    git(tmp_path, "clone", "-q", "--depth", "1", origin.as_uri(), "clone")
    clone = tmp_path / "clone"
    run_cli("check", cwd=clone)
    git(clone, "fetch", "-q", "--unshallow")
    expected = run_cli("check", "--no-cache", cwd=clone)
    assert "RS401 stale" in expected[1], expected
    assert run_cli("check", cwd=clone) == expected


@pytest.mark.parametrize("library", ["babel", "py3langid"])
def test_cache_key_covers_the_libraries_that_read_documents(monkeypatch, library):
    """Another version of markdown-it-py or babel (its CLDR data) may read a document
    otherwise, another py3langid model tell another language: the code part of the cache
    key changes with it."""
    from relsync import runner

    runner.code_fingerprint.cache_clear()
    before = runner.code_fingerprint()
    real = runner.metadata.version
    monkeypatch.setattr(runner.metadata, "version", lambda name: "0.0" if name == library else real(name))
    runner.code_fingerprint.cache_clear()
    try:
        assert runner.code_fingerprint() != before
    finally:
        monkeypatch.undo()
        runner.code_fingerprint.cache_clear()


def test_cache_write_on_a_full_disk_leaves_no_temporary(run_cli, tmp_path, monkeypatch):
    """A cache write on a full disk costs only time: the run goes on and leaves no
    temporary file behind (it left a partial `.tmp`)."""
    P = make_project(tmp_path)
    expected = run_cli("check", "--no-cache", cwd=P)
    cache = P / ".relsync-cache"
    real_text, real_bytes = Path.write_text, Path.write_bytes

    def half_then_full(self, data, *args, **kwargs):
        if cache in self.parents:
            (real_text if isinstance(data, str) else real_bytes)(self, data[: len(data) // 2], *args, **kwargs)
            raise OSError(errno.ENOSPC, "No space left on device")
        return (real_text if isinstance(data, str) else real_bytes)(self, data, *args, **kwargs)

    def no_space(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(Path, "write_text", half_then_full)
    monkeypatch.setattr(Path, "write_bytes", half_then_full)
    monkeypatch.setattr(os, "fsync", no_space)
    real_write = os.write
    monkeypatch.setattr(os, "write", lambda fd, data: real_write(fd, data[: len(data) // 2]) and no_space())
    got = run_cli("check", cwd=P)
    monkeypatch.undo()
    assert got == expected
    assert [p.name for p in cache.rglob("*") if p.is_file() and ".tmp" in p.name] == []


@pytest.mark.parametrize("command", ["po extract", "check cache", "check -o"])
def test_stale_temporaries_of_killed_writes_are_cleaned(run_cli, tmp_path, command):
    """A killed write leaves `.NAME.*.tmp`: relsync removes stale temporaries of its own
    naming (here a week old) in the directories it writes, and leaves a fresh one (a
    concurrent run's) alone."""
    P = make_project(tmp_path)
    if command == "po extract":
        assert run_cli("po", "extract", cwd=P)[0] == 0
        directory, stem = P / "locales" / "templates", ".x.pot"
        (P / UP).write_text(DATE_UP + "\nMore text.\n", encoding="utf-8")
        args = ["po", "extract"]
    elif command == "check cache":
        run_cli("check", cwd=P)
        entry = next((P / ".relsync-cache").rglob("*.json"))
        directory, stem = entry.parent, entry.name[:-5]
        entry.unlink()  # the next run writes it again, in the same directory
        args = ["check"]
    else:
        directory, stem = P, ".report.txt"
        args = ["check", "--no-cache", "-o", "report.txt"]
    old = directory / f"{stem}.k3j4h5l6.tmp"
    fresh = directory / f"{stem}.a1b2c3d4.tmp"
    other = directory / ".notes.md.k3j4h5l6.tmp"  # not a file this run writes
    for path in (old, fresh, other):
        path.write_bytes(b"partial")
    week = time.time() - 7 * 24 * 3600
    os.utime(old, (week, week))
    os.utime(other, (week, week))
    assert run_cli(*args, cwd=P)[0] in (0, 1)
    assert not old.exists(), f"{old.name} was left behind"
    assert fresh.exists(), "a fresh temporary (another run's) was removed"
    assert other.exists() or command == "check cache", "a temporary of another file was removed"


# == Crashes on hostile input ================================================================

@pytest.mark.parametrize("href", ["https://[your-server]/c", "http://[::1/x"])
@pytest.mark.parametrize("same", [True, False], ids=["same-link", "other-link"])
def test_unparseable_url_in_an_html_block(run_cli, tmp_path, href, same):
    """`<a href="https://[your-server]/c">` or `href="http://[::1/x"` in an HTML block (a
    placeholder host, an unclosed IPv6 bracket) is compared as text: the same link is no
    finding, another link is a link-mismatch (urlsplit raised ValueError)."""
    def doc(title, target, text):
        return f'# {title}\n\n<div>\n<a href="{target}">server</a>\n</div>\n\n{text}\n'

    other = href if same else "https://example.org/other"
    P = make_project(tmp_path, doc("Setup", href, "Set it up."), doc("设置", other, "设置它。"))
    code, out, err = run_cli("check", "--no-cache", "--format", "json", cwd=P)
    assert_ran(code, out, err)
    assert ("link-mismatch" in slugs(out)) is (not same), out


@pytest.mark.parametrize("href", ["https://[your-server]/c", "http://[::1/x"])
def test_unparseable_url_in_a_markdown_link(run_cli, tmp_path, href):
    """The same in a Markdown link and in diff's views."""
    P = make_project(tmp_path, f"# Setup\n\nSee [the server]({href}).\n", f"# 设置\n\n见[服务器]({href})。\n")
    for args in (["check", "--no-cache"], ["diff"], ["diff", "--format", "html", "-o", "r.html"]):
        assert_ran(*run_cli(*args, cwd=P))


def test_glossary_with_cr_only_line_ends(run_cli, tmp_path):
    """A glossary.csv with CR-only line ends (old Mac editors, some spreadsheet exports) is
    read like the same file with LF line ends (csv.Error was exit 3)."""
    P = make_project(tmp_path, GLOSSARY_UP, GLOSSARY_TR)
    glossary = P / "locales" / "zh_CN" / "glossary.csv"
    glossary.write_text("source,target\nPrototype,原型功能\n", encoding="utf-8")
    expected = run_cli("check", "--no-cache", cwd=P)
    assert "RS302" in expected[1], expected
    glossary.write_bytes("source,target\rPrototype,原型功能\r".encode("utf-8"))
    assert run_cli("check", "--no-cache", cwd=P) == expected


@pytest.mark.parametrize("data", [b'source,target\nPrototype,"' + b"x" * 140_000 + b"\n",
                                  b'source,target\nPrototype,"\xe5\x8e\x9f"x"y\n'],
                         ids=["unclosed quote over the field limit", "quote inside a field"])
def test_glossary_csv_that_python_cannot_read(run_cli, tmp_path, data):
    """An unclosed quote running over 128 KB ("field larger than field limit") is exit 2
    naming the glossary and its line."""
    P = make_project(tmp_path, GLOSSARY_UP, GLOSSARY_TR)
    (P / "locales" / "zh_CN" / "glossary.csv").write_bytes(data)
    code, out, err = run_cli("check", "--no-cache", cwd=P)
    if code == 2 or "field" in data.decode():
        assert_clean_failure(code, out, err, "glossary.csv:2")
    else:
        assert_ran(code, out, err)


@pytest.mark.parametrize("command", [["check", "--no-cache"], ["po", "extract"]])
@pytest.mark.parametrize("text", ['tool = "relsync"\n', "[tool]\nrelsync = 5\n", "[tool]\nrelsync = [1]\n",
                                  'tool = ["relsync"]\n'],
                         ids=["tool-string", "relsync-number", "relsync-list", "tool-list"])
def test_pyproject_tool_relsync_that_is_not_a_table(run_cli, tmp_path, text, command):
    """pyproject.toml with `tool = "relsync"` or `[tool] relsync = 5` is exit 2 naming
    pyproject.toml and saying a table is expected (it crashed, or said "unknown setting 1")."""
    P = make_project(tmp_path)
    (P / "pyproject.toml").write_text(text, encoding="utf-8")
    code, out, err = run_cli(*command, cwd=P)
    assert_clean_failure(code, out, err, "pyproject.toml", "table")


@pytest.mark.parametrize("setting, command", [
    ("upstream", "check"), ("upstream", "po extract"), ("locales", "check"), ("locales", "po extract"),
    ("glossary", "check"), ("baseline", "check"), ("po.templates", "po extract"),
])
def test_nul_in_a_path_setting(run_cli, tmp_path, setting, command):
    """A NUL in a path setting (relsync.toml `upstream = "up\\u0000x"`) is exit 2 naming the
    setting, from each command that uses it (it was ValueError: embedded null byte, or, for
    the baseline, silently ignored)."""
    command = ["check", "--no-cache"] if command == "check" else command.split()
    P = make_project(tmp_path)
    key = setting.split(".")[-1]
    table = "[po]\n" if setting.startswith("po.") else ""
    (P / "relsync.toml").write_text(f'{table}{key} = "up\\u0000x"\n', encoding="utf-8")
    code, out, err = run_cli(*command, cwd=P)
    assert_clean_failure(code, out, err, key)


@pytest.mark.parametrize("report", ['{"findings": [1]}', '{"runs": [1]}', '{"findings": null}',
                                    '{"runs": null}', '{"runs": [{"results": [1]}]}', '{"runs": [{"results": null}]}',
                                    '{"findings": [{"rule": "RS101"}]}', '{"findings": [], "summary": 5}',
                                    '{"findings": [{"rule": "RS101", "slug": "missing", "severity": 5, '
                                    '"message": "m", "upstream": null, "translation": null}]}',
                                    '[1]', '"x"', '{"version": "2.1.0", "runs": [{"tool": 5, "results": []}]}'])
def test_merge_reports_of_structurally_wrong_json(run_cli, tmp_path, report):
    """merge-reports on structurally wrong JSON or SARIF (`{"findings":[1]}`, `{"runs":[1]}`,
    `{"findings": null}`) is exit 2 naming the file (it crashed)."""
    path = tmp_path / "shard-1.json"
    path.write_text(report, encoding="utf-8")
    code, out, err = run_cli("merge-reports", str(path), "--fail-on", "warning", cwd=tmp_path)
    assert_clean_failure(code, out, err, "shard-1.json")


# == Reports carry no live markup or controls from documents =================================

_CODE_RE = re.compile(r"(`{3,})[^\n]*\n.*?\n\1|(`+)(?!`).+?(?<!`)\2(?!`)", re.S)
_MENTION_RE = re.compile(r"(?<![\w`])@[A-Za-z0-9-]+")


def _outside_code(markdown: str) -> str:
    return _CODE_RE.sub(" ", markdown)


def test_check_markdown_escapes_html_from_documents(run_cli, tmp_path):
    """`check --format markdown` shows document text, such as a code span holding
    `<img src=x onerror=alert(1)>` (with a backtick inside it), escaped (`&lt;img`), never
    as live HTML in a pull-request comment."""
    P = make_project(tmp_path, "# Release\n\nRun `make` now.\n",
                     "# 发布\n\n运行 ``x`<img src=x onerror=alert(1)>`` 现在。\n")
    code, out, err = run_cli("check", "--no-cache", "--format", "markdown", cwd=P)
    assert code == 1 and "RS203" in out, (out, err)
    assert "<img" not in out, out
    assert "img src=x" in out


@pytest.mark.parametrize("command", ["check --format markdown", "diff --format markdown"])
def test_markdown_reports_neutralise_mentions(run_cli, tmp_path, command):
    """Both markdown formats neutralise `@user` and `@org/team` mentions from documents: no
    raw mention GitHub would link (and notify) survives outside code."""
    if command.startswith("check"):
        P = make_project(tmp_path, "# Release\n\nThanks to all.\n",
                         "# 发布\n\n感谢所有人。\n\n译者：@user 和 @org/team\n")
    else:
        if shutil.which("git") is None:
            pytest.skip("git is not installed")
        P = stale_repo(tmp_path)
        (P / UP).write_text(UP_V2 + "\n## Credits by @user and @org/team\n\nThanks to @user and @org/team for the help.\n",
                            encoding="utf-8")
        git(P, "commit", "-qam", "thanks")
    code, out, err = run_cli(*command.split(), "--no-cache" if command.startswith("check") else "-p", cwd=P)
    assert "user" in out and "team" in out, out
    assert _MENTION_RE.findall(_outside_code(out)) == [], out


@pytest.mark.parametrize("name", ["my notes.md", "a#1.md", "100%.md", "what?.md"])
def test_sarif_uris_are_percent_encoded(run_cli, tmp_path, name):
    """SARIF artifact URIs are percent-encoded (RFC 3986): file names with spaces, `#`, `%`,
    `?`."""
    P = make_project(tmp_path, name=name)
    code, out, err = run_cli("check", "--no-cache", "--format", "sarif", cwd=P)
    assert code == 1, err
    result = json.loads(out)["runs"][0]["results"][0]
    uri = result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
    related = result["relatedLocations"][0]["physicalLocation"]["artifactLocation"]["uri"]
    assert uri == urllib.parse.quote(f"locales/zh_CN/{name}")
    assert related == urllib.parse.quote(f"upstream/{name}")


ESCAPES_TR = ("# 发布\n\n请看 \x1b[31m红色\x1b[0m 警告 \x1b]8;;http://evil.example/\x1b\\链接\x1b]8;;\x1b\\ 这里。\n\n"
              "多余 \x1b[2J\x1b]0;title\x07 段落\n")


@pytest.mark.parametrize("command", [["diff"], ["check", "--no-cache"], ["diff", "--format", "markdown"],
                                     ["check", "--no-cache", "--format", "github"], ["parse", TR],
                                     ["align", UP, TR]])
def test_terminal_escapes_from_documents_are_not_printed(run_cli, tmp_path, command):
    """Terminal escape sequences from documents (CSI `ESC [31m`, OSC `ESC ] 8 ;;`
    hyperlinks, window titles) are never printed raw, even into a pipe: no ESC or BEL byte
    in the output."""
    P = make_project(tmp_path, "# Release\n\nSee the red warning here.\n", ESCAPES_TR)
    code, out, err = run_cli(*command, cwd=P)
    assert code in (0, 1), err
    assert "\x1b" not in out and "\x07" not in out, repr(out)


def test_terminal_escapes_in_an_error_message_are_not_printed(run_cli, tmp_path):
    """An error message quoting a document (broken front matter) shows its control
    characters as symbols on stderr."""
    P = make_project(tmp_path, "# Release\n\nText.\n", "---\ntitle: [\x1b]0;owned\x07\n---\n\n# 发布\n")
    code, out, err = run_cli("check", "--no-cache", cwd=P)
    assert code == 1 and "front matter is not valid YAML" in out, err
    assert "\x1b" not in out + err and "\x07" not in out + err, repr(out + err)
    code, out, err = run_cli("parse", TR, cwd=P)
    assert code == 2 and "\x1b" not in err and "\x07" not in err, repr(err)


def test_ansi_colour_parameters_are_not_numbers(run_cli, tmp_path):
    """ANSI colour parameters are not numbers of the text: a translation with `\\x1b[31m`
    got "translation has 31, which upstream does not"."""
    P = make_project(tmp_path, "# Release\n\nVersion 2 has a red warning.\n",
                     "# 发布\n\n版本 2 有 \x1b[31m红色\x1b[0m 警告。\n")
    code, out, err = run_cli("check", "--no-cache", "--format", "json", cwd=P)
    assert [f["message"] for f in findings_json(out) if "31" in f["message"]] == []


@pytest.mark.parametrize("command", ["check", "po extract", "parse"])
def test_nul_after_the_first_8_kb_is_a_binary_file(run_cli, tmp_path, command):
    """A NUL after the first 8 KB is a binary file, as one in the first 8 KB is (it was
    accepted as Markdown, and the POT written from it was then refused): exit 2, nothing
    written; for `check`, a finding of the rule unreadable (exit 1)."""
    hostile = "# T\n\n" + "a" * 9000 + "\n\x00\n"
    if command == "check":
        P = make_project(tmp_path, "# T\n\nText.\n", hostile)
        args, needle = ["check", "--no-cache"], TR
    elif command == "parse":
        P = make_project(tmp_path, "# T\n\nText.\n", hostile)
        args, needle = ["parse", TR], TR
    else:
        P = make_project(tmp_path, hostile, "")
        args, needle = ["po", "extract"], UP
    before = snapshot(P)
    code, out, err = run_cli(*args, cwd=P)
    if command == "check":
        assert code == 1 and f"{needle}:1:1: RS100 unreadable: binary file" in out, (out, err)
    else:
        assert_clean_failure(code, out, err, needle, "binary file")
    assert snapshot(P) == before


_BLOCK_TAGS = {"p", "div", "td", "th", "li", "pre", "section", "article", "body", "table", "tr", "h1", "h2",
               "h3", "h4", "h5", "h6", "header", "footer", "main", "summary", "details", "ul", "ol", "dd", "dt"}


class _BidiAudit(html.parser.HTMLParser):
    """Records, for each piece of text holding a bidi control, whether an isolating element
    (``<bdi>``, a ``dir`` attribute, or a class styled ``unicode-bidi: isolate``) lies
    between it and its block container (inclusive)."""

    def __init__(self, isolating_classes: set[str]) -> None:
        super().__init__(convert_charrefs=True)
        self.classes = isolating_classes
        self.stack: list[tuple[str, bool]] = []
        self.results: list[tuple[str, bool]] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        style = (attrs.get("style") or "").replace(" ", "")
        isolating = (tag == "bdi" or "dir" in attrs or "unicode-bidi:isolate" in style
                     or "unicode-bidi:plaintext" in style
                     or bool(set((attrs.get("class") or "").split()) & self.classes))
        if tag not in ("br", "meta", "link", "col", "img", "hr", "input"):
            self.stack.append((tag, isolating))

    def handle_endtag(self, tag):
        for k in range(len(self.stack) - 1, -1, -1):
            if self.stack[k][0] == tag:
                del self.stack[k:]
                break

    def handle_data(self, data):
        if not re.search("[\u202a-\u202e\u2066-\u2069]", data):
            return
        ok = False
        for tag, isolating in reversed(self.stack):
            if isolating:
                ok = True
                break
            if tag in _BLOCK_TAGS:
                break
        self.results.append((data, ok))


def test_html_report_isolates_bidi_controls(run_cli, tmp_path):
    """The HTML report (`diff --format html`) isolates bidi override characters (U+202E) in
    file names and messages, so they cannot reorder the text around them: document text is
    wrapped in `<bdi>` or an element with `unicode-bidi: isolate`."""
    name = "notes\u202etxt.md"
    P = make_project(tmp_path, "# Release\n\nText here.\n", "# 发布\n\n文字。\n\n译者 \u202eevil\u202c 注。\n",
                     name=name)
    code, out, err = run_cli("diff", "--format", "html", "-o", "report.html", cwd=P)
    assert code in (0, 1), err
    page = (P / "report.html").read_text(encoding="utf-8")
    css = " ".join(re.findall(r"<style[^>]*>(.*?)</style>", page, re.S))
    isolating = set()
    for selectors, body in re.findall(r"([^{}]+)\{([^}]*)\}", css):
        if re.search(r"unicode-bidi\s*:\s*(isolate|plaintext)", body):
            isolating |= set(re.findall(r"\.([\w-]+)", selectors))
    audit = _BidiAudit(isolating)
    audit.feed(page)
    assert "evil" in page and "notes" in page
    assert audit.results and [data for data, ok in audit.results if not ok] == []


# == mark-synced edits the front matter it finds =============================================

@needs_git
@pytest.mark.parametrize("eol", ["\r", "\r\n", "\n"], ids=["CR", "CRLF", "LF"])
def test_mark_synced_extends_the_front_matter_whatever_the_line_ends(run_cli, tmp_path, eol):
    """mark-synced on a file with lone-CR line ends extends its front matter with CR line
    ends, every other byte kept (it prepended new front matter with LF line ends, and the
    old one became a setext heading)."""
    original = eol.join(["---", "title: 发布", "---", "", "# 发布", "", "文字。", ""]).encode("utf-8")
    P = make_project(tmp_path, "# Release\n\nText here.\n", original)
    git(P, "init", "-q")
    git(P, "add", ".")
    git(P, "commit", "-qm", "one")
    sha = git(P, "rev-parse", "HEAD").strip()
    code, out, err = run_cli("mark-synced", cwd=P)
    assert code == 0, err
    data = (P / TR).read_bytes()
    lines = data.split(eol.encode())
    assert len(lines) == len(original.split(eol.encode())) + 1, data
    entry = [line for line in lines if b"relsync" in line]
    assert len(entry) == 1 and sha.encode() in entry[0], data
    assert lines.index(entry[0]) < lines.index(b"---", 1), "the entry is not inside the front matter"
    assert eol.encode().join(line for line in lines if line is not entry[0]) == original


@needs_git
@pytest.mark.parametrize("front", ['"relsync":\n  source_commit: abc\n', "'relsync': {source_commit: abc}\n",
                                   '"relsync": abc\n', "relsync:\n  'source_commit': abc\n"],
                         ids=["double-quoted-block", "single-quoted-flow", "quoted-scalar", "quoted-child"])
def test_mark_synced_updates_a_quoted_relsync_key(run_cli, tmp_path, front):
    """mark-synced with a quoted `"relsync":` key updates that key's mapping: one key (it
    added a second `relsync:`, which strict YAML parsers such as Hugo's reject)."""
    P = stale_repo(tmp_path, tr="---\ntitle: 发布\n" + front + "---\n\n" + TR_V1)
    sha = git(P, "rev-parse", "HEAD").strip()
    assert run_cli("mark-synced", cwd=P)[0] == 0
    text = (P / TR).read_text(encoding="utf-8")
    head = text.split("\n---\n", 1)[0]
    assert len(re.findall(r"^['\"]?relsync['\"]?\s*:", head, re.M)) == 1, head
    assert sha in head and not re.search(r"(?<![0-9a-f])abc(?![0-9a-f])", head), head


@needs_git
@pytest.mark.parametrize("front", ["relsync:\n  source_commit: abc  # synced by Alice\n",
                                   "relsync: # recorded by relsync\n  source_commit: abc # synced by Alice\n",
                                   "relsync:\n  source_commit: 'abc' # synced by Alice\n"],
                         ids=["block", "block-with-key-comment", "quoted-value"])
def test_mark_synced_keeps_an_inline_comment(run_cli, tmp_path, front):
    """An inline comment on the `source_commit:` line is kept by mark-synced (it was
    dropped)."""
    P = stale_repo(tmp_path, tr="---\ntitle: 发布\n" + front + "---\n\n" + TR_V1)
    sha = git(P, "rev-parse", "HEAD").strip()
    assert run_cli("mark-synced", cwd=P)[0] == 0
    text = (P / TR).read_text(encoding="utf-8")
    line = next(line for line in text.splitlines() if "source_commit" in line)
    assert sha in line and line.rstrip().endswith("# synced by Alice"), text
    if "key-comment" in front or "recorded" in front:
        assert "relsync: # recorded by relsync" in text


# == Symlinks never lead out of the project ==================================================

@pytest.mark.parametrize("command, what", [
    ("check", "locale directory"), ("check", "translation file"), ("check", "upstream file"),
    ("diff", "translation file"), ("po import", "locale directory"), ("po import", "translation file"),
    ("po import", "LC_MESSAGES directory"), ("po import", "PO file"), ("po extract", "templates directory"),
    ("po extract", "POT file"),
])
def test_symlinks_out_of_the_root_are_refused(run_cli, tmp_path, what, command):
    """A symlinked `locales/ja` (directory) or translation file pointing outside the
    project, or a PO directory there, is refused with "outside the project root" and
    nothing is written outside (it was accepted, and po import wrote outside the root)."""
    P = make_project(tmp_path / "project", "# Release\n\nText.\n", "# 发布\n\n文字。\n")
    outside = tmp_path / "outside"
    outside.mkdir()
    if what == "locale directory":
        (outside / "x.md").write_text("# リリース\n\nテキスト。\n", encoding="utf-8")
        os.symlink(outside, P / "locales" / "ja")
    elif what == "translation file":
        (outside / "x.md").write_text("# 发布\n\n文字。\n", encoding="utf-8")
        (P / TR).unlink()
        os.symlink(outside / "x.md", P / TR)
    elif what == "upstream file":
        (outside / "x.md").write_text("# Release\n\nText.\n", encoding="utf-8")
        (P / UP).unlink()
        os.symlink(outside / "x.md", P / UP)
    elif what == "templates directory":
        os.symlink(outside, P / "locales" / "templates")
    elif what in ("PO file", "POT file"):
        name, directory = (("x.po", P / "locales" / "zh_CN" / "LC_MESSAGES") if what == "PO file"
                           else ("x.pot", P / "locales" / "templates"))
        directory.mkdir(parents=True)
        (outside / name).write_text("", encoding="utf-8")
        os.symlink(outside / name, directory / name)
    else:
        os.symlink(outside, P / "locales" / "zh_CN" / "LC_MESSAGES")
    before = snapshot(outside)
    code, out, err = run_cli(*command.split(), cwd=P)
    assert snapshot(outside) == before, "written outside the project root"
    assert_clean_failure(code, out, err, "outside the project root")


def test_symlinks_inside_the_root_are_followed(run_cli, tmp_path):
    """A symlink that stays inside the project (a shared locale directory) is fine."""
    P = make_project(tmp_path, "# Release\n\nText.\n", "# 发布\n\n文字。\n")
    os.symlink("zh_CN", P / "locales" / "zh_Hans")
    assert_ran(*run_cli("check", "--no-cache", cwd=P))


# == Large inputs: correctness at small size (growth: benchmarks/bench_growth.py) ==============

WORDS = ("apple banana cherry delta echo falcon garnet harbor island jungle kettle lemon mango "
         "nickel orbit pepper quartz raven salmon tiger umber violet walnut xenon yellow zephyr").split()


def table_pair(rows: int) -> tuple[str, str, list[int]]:
    """A table of ``rows`` rows and its translation with the rows in another order."""
    order = [(k * 37 + 11) % rows for k in range(rows)] if rows % 37 else list(reversed(range(rows)))
    head = "| Function | What it does | Since |\n|---|---|---|\n"
    up = [f"| `func_{k}` | Computes thing number {k} | {k}.0 |" for k in range(rows)]
    tr = [f"| `func_{k}` | 计算第 {k} 项 | {k}.0 |" for k in order]
    return ("# API\n\n" + head + "\n".join(up) + "\n", "# 接口\n\n" + head + "\n".join(tr) + "\n", order)


@pytest.mark.parametrize("rows", [20, 60, 200])
def test_align_of_a_reordered_table_pairs_each_row(run_cli, tmp_path, rows):
    """Table alignment pairs each upstream row with its own translated row, whatever their
    order, also where rows are matched within a band and by shared cells."""
    up, tr, order = table_pair(rows)
    P = make_project(tmp_path, up, tr)
    code, out, err = run_cli("align", UP, TR, "--format", "json", cwd=P)
    assert code == 0, err
    pairs = {p["upstream"][0]: p["translation"][0] for p in json.loads(out)["pairs"]
             if p["kind"] == "table_row" and p["upstream"] and p["translation"]}
    first_body = 5  # "# API", "", header, delimiter: body rows start on line 5
    expected = {first_body + k: first_body + order.index(k) for k in range(rows)}
    assert {k: pairs.get(k) for k in expected} == expected


def code_block(lines: int, changed: int | None = None) -> str:
    body = [f"result_{k} = compute({k}, option='{WORDS[k % 26]}')" for k in range(lines)]
    if changed is not None:
        body[changed] = f"result_{changed} = compute({changed}, option='changed')"
    return "# Code\n\nRun this:\n\n```python\n" + "\n".join(body) + "\n```\n"


@needs_git
@pytest.mark.parametrize("lines", [60, 400])
def test_stale_code_block_word_diff_names_the_changed_line(run_cli, tmp_path, lines):
    """A changed line of a long code block makes the block stale, with a word diff of just
    that change."""
    translation = code_block(lines).replace("# Code\n\nRun this:", "# 代码\n\n运行：")
    P = make_project(tmp_path, code_block(lines), translation)
    git(P, "init", "-q")
    git(P, "add", ".")
    git(P, "commit", "-qm", "one")
    (P / UP).write_text(code_block(lines, changed=30), encoding="utf-8")
    git(P, "commit", "-qam", "two")
    code, out, err = run_cli("check", "--no-cache", "--format", "json", cwd=P)
    stale = [f for f in findings_json(out) if f["slug"] == "stale"]
    assert len(stale) == 1, out
    diff = stale[0]["details"]["diff"]
    assert f"option='[-{WORDS[30 % 26]}-]{{+changed+}}')" in diff and diff.count("[-") == 1, diff


def rewritten_documents(n: int) -> tuple[str, str, str]:
    """Upstream v1 of ``n`` paragraphs, its translation, and a v2 that rewrites every one (into
    n + 1 paragraphs)."""
    v1 = [f"Paragraph {k} tells the {WORDS[k % 26]} story." for k in range(n)]
    tr = [f"第 {k} 段讲述 {WORDS[k % 26]} 的故事。" for k in range(n)]
    v2 = [f"Entirely new text {k} about {WORDS[(k + 5) % 26]} matters." for k in range(n + 1)]
    return tuple("# Doc\n\n" + "\n\n".join(p) + "\n" for p in (v1, tr, v2))


@needs_git
@pytest.mark.parametrize("n", [40, 300])
def test_whole_document_rewrite_flags_every_translated_paragraph(run_cli, tmp_path, n):
    """After a whole-document rewrite every translated paragraph is stale or orphaned."""
    v1, tr, v2 = rewritten_documents(n)
    P = make_project(tmp_path, v1, tr)
    git(P, "init", "-q")
    git(P, "add", ".")
    git(P, "commit", "-qm", "one")
    (P / UP).write_text(v2, encoding="utf-8")
    git(P, "commit", "-qam", "rewrite")
    code, out, err = run_cli("check", "--no-cache", "--format", "json", cwd=P)
    assert code in (0, 1), err
    flagged = {f["translation"]["line"] for f in findings_json(out)
               if f["slug"] in ("stale", "orphaned") and f["translation"]}
    assert flagged >= {3 + 2 * k for k in range(n)}, sorted(flagged)


ONE_WORDS = [f"{WORDS[k % 26]}{WORDS[(k // 26) % 26]}" for k in range(26 * 26)]


def list_pair(n: int, drop_every_tenth: bool = False) -> tuple[str, str]:
    """``n`` one-word list items and their translation, with no anchor in common (the growth
    shape lacks every tenth item in the translation)."""
    up = "# Glossary\n\n" + "\n".join(f"- {ONE_WORDS[k % len(ONE_WORDS)]}" for k in range(n)) + "\n"
    tr = "# 词汇表\n\n" + "\n".join(f"- 词{chr(0x4e00 + k % 20000)}" for k in range(n)
                                  if not (drop_every_tenth and k % 10 == 5)) + "\n"
    return up, tr


def test_one_word_list_items_without_anchors_pair_in_order(run_cli, tmp_path):
    """One-word list items with no shared anchors pair in order: no missing or extra item."""
    up, tr = list_pair(200)
    P = make_project(tmp_path, up, tr)
    code, out, err = run_cli("check", "--no-cache", "--format", "json", cwd=P)
    assert code in (0, 1), err
    assert [f for f in findings_json(out) if f["slug"] in ("missing", "extra")] == []


def test_one_word_list_items_the_translation_lacks_are_missing(run_cli, tmp_path):
    """A translation of 200 one-word list items that lacks every tenth has 20 `missing` items
    and nothing extra: two short upstream items are not one translated item because their
    joined length fits the documents' length ratio better."""
    up, tr = list_pair(200, drop_every_tenth=True)
    P = make_project(tmp_path, up, tr)
    code, out, err = run_cli("check", "--no-cache", "--format", "json", cwd=P)
    assert code in (0, 1), err
    found = [f["slug"] for f in findings_json(out)]
    assert found.count("missing") == 20 and "extra" not in found, found


def shuffled_pair(n: int) -> tuple[str, str]:
    """``n`` paragraphs with a unique anchor each (a version number), the translation shuffled."""
    import random

    up = [f"Paragraph about release {k}.{k % 7} and its uses." for k in range(n)]
    tr = [f"关于版本 {k}.{k % 7} 及其用途的段落。" for k in range(n)]
    order = list(range(n))
    random.Random(0).shuffle(order)
    return "# Doc\n\n" + "\n\n".join(up) + "\n", "# 文档\n\n" + "\n\n".join(tr[k] for k in order) + "\n"


def test_shuffled_paragraphs_every_block_is_accounted_for(run_cli, tmp_path):
    """Shuffled paragraphs are checked normally, and the alignment covers every block of both
    sides exactly once."""
    up, tr = shuffled_pair(200)
    P = make_project(tmp_path, up, tr)
    assert_ran(*run_cli("check", "--no-cache", cwd=P))
    code, out, err = run_cli("align", UP, TR, "--format", "json", cwd=P)
    pairs = json.loads(out)["pairs"]
    for side, count in (("upstream", 201), ("translation", 201)):
        starts = sorted(p[side][0] for p in pairs if p[side])
        assert len(starts) == len(set(starts)) == count, side


def test_markdown_links_to_files_are_percent_encoded(run_cli, tmp_path):
    """A file name with a space or brackets is percent-encoded in the link target of a
    markdown report, and never Markdown-escaped there."""
    P = make_project(tmp_path, name="my [draft]_notes.md")
    code, out, err = run_cli("check", "--no-cache", "--format", "markdown", cwd=P)
    assert "(locales/zh_CN/my%20%5Bdraft%5D_notes.md#L3)" in out, out


# Properties of the linear paths, forced at small sizes.

_DIFF_TEXT = st.text(alphabet="ab c.,1\n语", max_size=60)


@settings(max_examples=200, deadline=None)
@given(_DIFF_TEXT, _DIFF_TEXT, st.integers(0, 3))
def test_line_first_word_diff_rebuilds_both_texts(old, new, run_limit):
    """The line-by-line word diff of long texts (forced here by tiny limits) rebuilds both
    texts exactly, as the word diff does."""
    from relsync.stale import diff

    limits = (diff.WORD_DIFF_TOKENS, diff.WORD_DIFF_RUN_TOKENS)
    diff.WORD_DIFF_TOKENS, diff.WORD_DIFF_RUN_TOKENS = 0, run_limit
    try:
        d = diff.word_diff(old, new)
    finally:
        diff.WORD_DIFF_TOKENS, diff.WORD_DIFF_RUN_TOKENS = limits
    assert "".join(t for op, t in d if op != "+") == old
    assert "".join(t for op, t in d if op != "-") == new
    assert all(text for _, text in d)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(["Alpha beta.", "Alpha beta gamma.", "Delta.", "Epsilon zeta eta.", "Theta."]),
                max_size=12),
       st.lists(st.sampled_from(["Alpha beta!", "Delta!", "Epsilon zeta eta!", "Iota kappa.", "Theta."]),
                max_size=12))
def test_banded_block_pairing_is_monotone_and_complete(old_paragraphs, new_paragraphs):
    """The banded pairing of a long run of differing blocks (forced here) puts every block of
    both sides in exactly one entry, in order, and pairs only similar blocks."""
    from relsync.parse import parse
    from relsync.stale import diff

    old = parse("\n\n".join(old_paragraphs) + "\n")
    new = parse("\n\n".join(new_paragraphs) + "\n")
    a, b = diff._diffable(old), diff._diffable(new)
    pairs = diff._pair_banded(old, new, a, b, 0.5)
    assert [o.index for o, _ in pairs if o is not None] == [x.index for x in a]
    assert [n.index for _, n in pairs if n is not None] == [y.index for y in b]
    assert all(diff._similarity(old, new, o, n) >= 0.5 for o, n in pairs if o is not None and n is not None)
