"""Regenerate the README's rule table from the registry (`relsync rules --format markdown`).

    python scripts/update_rules_table.py          # rewrite README.md in place
    python scripts/update_rules_table.py --check  # exit 1 if the table is stale
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from relsync.checks import rules
from relsync.io import atomic_write_text
from relsync.report import rules_doc

README = Path(__file__).resolve().parent.parent / "README.md"
TABLE_RE = re.compile(r"(<!-- rules-table[^>]*-->\n)(.*?)(<!-- /rules-table -->)", re.S)


def main(argv: list[str]) -> int:
    text = README.read_text(encoding="utf-8")
    if not TABLE_RE.search(text):
        print(f"{README}: no <!-- rules-table --> markers", file=sys.stderr)
        return 2
    table = rules_doc.render(rules(), "markdown")
    new = TABLE_RE.sub(lambda m: m.group(1) + table + m.group(3), text, count=1)
    if "--check" in argv:
        return 0 if new == text else 1
    if new != text:
        atomic_write_text(README, new)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
