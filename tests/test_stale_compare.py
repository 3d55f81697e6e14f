"""Which translated blocks an upstream change lands on: a changed block that pairs now is
found through today's alignment, a removed one through the synced revision's; both name the
blocks the synced revision itself aligns with. Real pages: fastapi-docs
advanced/custom-response.md in English and Portuguese (`tests/fixtures/stale/`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from relsync.align import align
from relsync.parse import parse
from relsync.stale import Change, PassageStatus, SyncPoint, compare

FIXTURES = Path(__file__).parent / "fixtures" / "stale"
OLD = (FIXTURES / "custom-response-old.md").read_text(encoding="utf-8")
PT = (FIXTURES / "custom-response.pt.md").read_text(encoding="utf-8")
SYNC = SyncPoint("0" * 40, "fixture", "custom-response.md")


def passages(new_text: str):
    old = parse(OLD, "custom-response.md@old", ("en",))
    new = parse(new_text, "custom-response.md", ("en",))
    tr = parse(PT, "pt/custom-response.md", ("en", "pt"))
    al = align(new, tr)
    by_old = {i: p.translation for p in align(old, tr).pairs for i in p.upstream}
    return compare(old, al, SYNC).passages, by_old, al


def lines(al, blocks):
    return [al.translation.blocks[b].start for b in blocks]


@pytest.mark.parametrize("edit", [
    ("You can return it directly.", "You can return it directly, as the reference says."),
    ("It accepts the following parameters:", "It accepts these parameters:"),
    ("* `headers` - A `dict` of strings.", "* `headers` - A `dict` of strings (or a `Headers`)."),
])
def test_a_changed_block_lands_where_the_synced_revision_aligns_it(edit):
    found, by_old, al = passages(OLD.replace(*edit))
    assert len(found) == 1 and found[0].status == PassageStatus.STALE
    change = found[0].changes[0]
    assert change.change == Change.CHANGED
    assert found[0].translation == by_old[change.old.index]
    assert PT.splitlines()[lines(al, found[0].translation)[0] - 1].startswith(
        {"You": "Você", "It ": "Ela", "* `": "* `headers`"}[edit[0][:3]])


def test_a_removed_block_lands_on_its_translation():
    found, by_old, al = passages(OLD.replace("You can return it directly.\n\n", ""))
    assert [p.status for p in found] == [PassageStatus.ORPHANED]
    assert found[0].translation == by_old[found[0].changes[0].old.index]
    assert lines(al, found[0].translation) == [5]  # "Você pode retorná-la diretamente."
