"""Every output relsync writes, on the bundled example and on the vue-docs corpus, into one
directory: compare two snapshots to show that a change kept every byte.

    python scripts/snapshot_outputs.py write DIR      # record the outputs of this checkout
    python scripts/snapshot_outputs.py compare DIR    # record again and compare with DIR

Each project is copied into a temporary directory first (no git history there, so the
outputs do not depend on the repository's commits), and every command runs in process with
that directory as the current one: `check` in every finding format, `diff` in every format,
`align --format json` of every pair, and the PO workflow (`po extract`, `po import`,
`po update`, `po build`, `po stats --format json`).
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import os
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus" / "vue-docs" / "head"
CHECK_FORMATS = ("text", "json", "sarif", "github", "markdown", "rdjson")
DIFF_FORMATS = ("text", "json", "markdown", "html")


def _example(dest: Path) -> None:
    shutil.copytree(ROOT / "upstream", dest / "upstream")
    shutil.copytree(ROOT / "locales", dest / "locales")


def _vue(dest: Path) -> None:
    shutil.copytree(CORPUS / "en", dest / "upstream")
    (dest / "locales").mkdir()
    shutil.copytree(CORPUS / "zh", dest / "locales" / "zh_CN")
    shutil.copy(ROOT / "benchmarks" / "vue-docs.relsync.toml", dest / "relsync.toml")


def _files(dest: Path) -> None:
    """The example with whole files missing and extra: an upstream document with no
    translation, a translation with no upstream, and a locale with no files yet."""
    _example(dest)
    (dest / "upstream" / "guide").mkdir()
    (dest / "upstream" / "guide" / "new.md").write_text("# New page\n\nNot translated yet.\n",
                                                         encoding="utf-8")
    (dest / "locales" / "zh_CN" / "old.md").write_text("# 旧页面\n\n上游已删除。\n", encoding="utf-8")
    (dest / "locales" / "ja").mkdir()


PROJECTS = {"example": _example, "files": _files, "vue-docs": _vue}


def _run(args: list[str]) -> tuple[int, bytes, bytes]:
    from relsync.cli import main

    buf_out, buf_err = io.BytesIO(), io.BytesIO()
    wrap_out = io.TextIOWrapper(buf_out, encoding="utf-8", write_through=True)
    wrap_err = io.TextIOWrapper(buf_err, encoding="utf-8", write_through=True)
    with contextlib.redirect_stdout(wrap_out), contextlib.redirect_stderr(wrap_err):
        code = main(args)
    return code, buf_out.getvalue(), buf_err.getvalue()


def _record(name: str, project: Path, out: Path) -> None:
    os.chdir(project)
    os.environ["SOURCE_DATE_EPOCH"] = "1700000000"
    for var in ("RELSYNC_LINK_BASE", "GITHUB_SERVER_URL", "GITHUB_REPOSITORY", "GITHUB_SHA", "COLUMNS"):
        os.environ.pop(var, None)

    def save(label: str, code: int, data: bytes, err: bytes = b"") -> None:
        target = out / name / label
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(f"exit {code}\n".encode() + data + b"\n--- stderr ---\n" + err)

    for fmt in CHECK_FORMATS:
        save(f"check.{fmt}", *_run(["--no-color", "check", "--no-cache", "--format", fmt]))
    for fmt in DIFF_FORMATS:
        save(f"diff.{fmt}", *_run(["--no-color", "diff", "--width", "120", "--format", fmt]))
    save("diff.text-only-problems", *_run(["--no-color", "diff", "-p", "--width", "100", "--lines", "0"]))
    save("fix.diff", *_run(["fix", "--diff", "--no-cache"]))
    pairs = sorted(p.relative_to(project / "upstream").as_posix()
                   for p in (project / "upstream").rglob("*.md"))
    for rel in pairs:
        tr = project / "locales" / "zh_CN" / rel
        if tr.exists():
            save(f"align/{rel}.json", *_run(["align", f"upstream/{rel}", f"locales/zh_CN/{rel}",
                                             "--format", "json"]))
    # The PO workflow, in the project's own layout.
    save("po/extract.log", *_run(["po", "extract"]))
    save("po/import.log", *_run(["po", "import"]))
    save("po/update.log", *_run(["po", "update"]))
    shutil.copytree(project / "locales" / "zh_CN", project / "built-from", dirs_exist_ok=True)
    save("po/build.log", *_run(["po", "build", "--force"]))
    save("po/stats.json", *_run(["po", "stats", "--format", "json"]))
    for path in sorted(project.rglob("*")):
        if path.suffix in (".po", ".pot") or (path.suffix == ".md" and "locales" in path.parts):
            rel = path.relative_to(project).as_posix()
            target = out / name / "files" / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(path.read_bytes())


def record(out: Path) -> None:
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    cwd = os.getcwd()
    try:
        for name, make in PROJECTS.items():
            if name == "vue-docs" and not CORPUS.is_dir():
                print(f"skipped {name}: no corpus at {CORPUS}", file=sys.stderr)
                continue
            with tempfile.TemporaryDirectory() as tmp:
                project = Path(tmp) / "project"
                project.mkdir()
                make(project)
                _record(name, project, out)
    finally:
        os.chdir(cwd)


def digests(directory: Path) -> dict[str, str]:
    return {p.relative_to(directory).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(directory.rglob("*")) if p.is_file()}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("mode", choices=["write", "compare"])
    ap.add_argument("directory")
    args = ap.parse_args(argv)
    target = Path(args.directory).resolve()
    if args.mode == "write":
        record(target)
        print(f"{len(digests(target))} outputs in {target}")
        return 0
    fresh = Path(tempfile.mkdtemp(prefix="relsync-snapshot-"))
    record(fresh)
    before, after = digests(target), digests(fresh)
    differ = sorted(k for k in before.keys() & after.keys() if before[k] != after[k])
    only_before = sorted(before.keys() - after.keys())
    only_after = sorted(after.keys() - before.keys())
    for label, names in (("differs", differ), ("only before", only_before), ("only after", only_after)):
        for n in names:
            print(f"{label}: {n}")
    same = len(before.keys() & after.keys()) - len(differ)
    print(f"{same} outputs identical, {len(differ)} differ, {len(only_before)} only before, "
          f"{len(only_after)} only after (new snapshot in {fresh})")
    return 1 if differ or only_before or only_after else 0


if __name__ == "__main__":
    raise SystemExit(main())
