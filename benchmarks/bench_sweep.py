"""Every corpus as a new user meets it: `relsync check` from the corpus's root, with no
settings or the one line its layout needs, as a whole command.

Per corpus: the pairs checked, the translated documents, findings per document by
severity, the exit status and the wall time. Exit 2 (bad usage or input) or 3 (internal
error) on any corpus is a failure of discovery or of robustness, whatever the findings.

    python benchmarks/bench_sweep.py [--corpora DIR] [--only NAME ...] [--json OUT]

real-fixes-vue is not a site: each case's `en.md` is checked against its `post.md` (the
fixed translation) with the two-file form, and the sums are shown.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPORA = ROOT.parent / "shared" / "corpus"

# name -> (root below the corpus directory, settings file text or "")
SITES: dict[str, tuple[str, str]] = {
    "vue-docs": ("head", ""),
    "mdn-firefox": ("", ""),
    "tauri-docs": ("", ""),
    # FastAPI's build script shows the English page (with docs/missing-translation.md's
    # notice) where a page is not translated; MkDocs itself has no fallback
    "fastapi-docs": ("", 'missing-files = "info"\n'),
    "changelog-naive-ui": ("", ""),
}


def relsync_command() -> list[str]:
    exe = Path(sys.executable).with_name("relsync")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "relsync"]


def run_check(cwd: Path, args: list[str]) -> tuple[int, float, dict | None, str]:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "report.json"
        start = time.perf_counter()
        proc = subprocess.run(
            relsync_command() + ["check", "--no-cache", "--format", "json", "-o", str(out), *args],
            cwd=cwd, capture_output=True, text=True,
        )
        wall = time.perf_counter() - start
        report = json.loads(out.read_text(encoding="utf-8")) if out.exists() and out.stat().st_size else None
    return proc.returncode, wall, report, proc.stderr.strip()


def sweep_site(name: str, corpora: Path) -> dict:
    sub, settings = SITES[name]
    source = corpora / name
    with tempfile.TemporaryDirectory() as tmp:
        cwd = source / sub if sub else source
        if settings:
            # a corpus is read-only: a copy carries the settings file
            cwd = Path(tmp) / name
            subprocess.run(["cp", "-r", str(source / sub if sub else source), str(cwd)], check=True)
            (cwd / "relsync.toml").write_text(settings, encoding="utf-8")
        status, wall, report, stderr = run_check(cwd, [])
    summary = (report or {}).get("summary", {})
    return {
        "corpus": name, "exit": status, "wall": wall, "pairs": summary.get("pairs", 0),
        "error": summary.get("error", 0), "warning": summary.get("warning", 0),
        "info": summary.get("info", 0),
        "by_rule": summary.get("by_rule", {}),
        "stderr": stderr.splitlines()[-1] if status >= 2 and stderr else "",
    }


def sweep_fixes(corpora: Path) -> dict:
    base = corpora / "real-fixes-vue"
    cases = sorted(p for p in base.iterdir() if (p / "case.json").exists())
    exits: Counter[int] = Counter()
    totals: Counter[str] = Counter()
    wall = 0.0
    worst = ""
    for case in cases:
        status, seconds, report, stderr = run_check(case, ["en.md", "post.md"])
        exits[status] += 1
        wall += seconds
        if status >= 2 and not worst:
            worst = f"{case.name}: {stderr.splitlines()[-1] if stderr else ''}"
        for key in ("error", "warning", "info"):
            totals[key] += (report or {}).get("summary", {}).get(key, 0)
    return {
        "corpus": "real-fixes-vue (post.md)", "exit": max(exits) if exits else 0,
        "exits": dict(exits), "wall": wall, "pairs": len(cases), **totals, "stderr": worst,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpora", type=Path, default=CORPORA)
    ap.add_argument("--only", nargs="*", default=None)
    ap.add_argument("--json", type=Path, default=None, help="write the rows here")
    args = ap.parse_args(argv)
    names = args.only or [*SITES, "real-fixes-vue"]
    rows = []
    for name in names:
        row = sweep_fixes(args.corpora) if name == "real-fixes-vue" else sweep_site(name, args.corpora)
        rows.append(row)
        pairs = max(row["pairs"], 1)
        print(
            f"{row['corpus']:<26} pairs {row['pairs']:>5}  per pair: "
            f"error {row['error'] / pairs:6.2f}  warning {row['warning'] / pairs:6.2f}  "
            f"info {row['info'] / pairs:6.2f}  exit {row['exit']}  {row['wall']:6.1f} s"
            + (f"  ({row['stderr']})" if row["stderr"] else ""),
            flush=True,
        )
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return 1 if any(row["exit"] >= 2 for row in rows) else 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONDONTWRITEBYTECODE", "1")
    sys.exit(main())
