"""Regenerate the README's `relsync pairs` examples from the layout fixtures.

    python scripts/update_layout_examples.py          # rewrite README.md in place
    python scripts/update_layout_examples.py --check  # exit 1 if an example is stale

Each example sits between ``<!-- pairs-example FIXTURE -->`` and ``<!-- /pairs-example -->``
(``FIXTURE`` names a directory of ``tests/fixtures/layouts/``; ``groups=N`` keeps N upstream
documents before ``...``, default 2). The fixture is copied into a temporary directory and
``relsync pairs`` runs there (in process), as a user would run it at the repository's root;
its warnings come first, as the terminal shows them.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import shutil
import sys
import tempfile
from pathlib import Path

from relsync.cli import main as main_cli
from relsync.io import atomic_write_text

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
LAYOUTS = ROOT / "tests" / "fixtures" / "layouts"
EXAMPLE_RE = re.compile(r"(<!-- pairs-example (?P<fixture>[\w.-]+)(?: groups=(?P<groups>\d+))? -->\n)(.*?)"
                        r"(<!-- /pairs-example -->)", re.S)


def pairs_output(fixture: str) -> str:
    """``relsync pairs`` in a copy of the fixture: stderr's warnings, then stdout."""
    out, err = io.StringIO(), io.StringIO()
    here = os.getcwd()
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / fixture
        shutil.copytree(LAYOUTS / fixture, site)
        (site / "EXPECTED.json").unlink()
        try:
            os.chdir(site)
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                code = main_cli(["pairs"])
        finally:
            os.chdir(here)
    if code != 0:
        raise SystemExit(f"{fixture}: relsync pairs exited {code}: {err.getvalue().strip()}")
    return err.getvalue() + out.getvalue()


def shorten(output: str, groups: int) -> str:
    """The headline, the first ``groups`` upstream documents with their translations, the
    files without a partner and the summary line."""
    lines = output.rstrip("\n").split("\n")
    head = []
    while lines and lines[0].startswith("relsync: warning: "):
        head.append(lines.pop(0))
    head.append(lines.pop(0))  # the headline
    summary = lines.pop()
    body = "\n".join(lines).strip("\n").split("\n\n")
    listing, rest = body[0].split("\n"), body[1:]
    kept, seen = [], 0
    for line in listing:
        if line and not line.startswith(" "):
            seen += 1
        if seen > groups:
            kept.append("...")
            break
        kept.append(line)
    parts = ["\n".join(head), "\n".join(kept), *rest, summary]
    return "$ relsync pairs\n" + "\n\n".join(p for p in parts if p) + "\n"


def render(text: str) -> str:
    def one(m: re.Match[str]) -> str:
        example = shorten(pairs_output(m["fixture"]), int(m["groups"] or 2))
        return f"{m.group(1)}```\n{example}```\n{m.group(5)}"

    return EXAMPLE_RE.sub(one, text)


def main(argv: list[str]) -> int:
    text = README.read_text(encoding="utf-8")
    new = render(text)
    if "--check" in argv:
        return 0 if new == text else 1
    if new != text:
        atomic_write_text(README, new)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
