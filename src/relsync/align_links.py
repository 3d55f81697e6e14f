"""Links within a page, by the heading they lead to: ``[Create Message Dialog](#create-message-
dialog)`` and ``[Crear un diálogo de mensaje](#crear-un-diálogo-de-mensaje)`` lead to two
headings the alignment pairs, so they are one link, whatever the translation made of the id.

A fragment is resolved to a heading of its own page by the heading's explicit id or by the
id any generator's slug function makes of its text (:mod:`relsync.slugs`); a fragment that
two headings could own is left as it is. The translation's link then takes the key of
upstream's link to the paired heading: one link key for every rule of the aligner.
"""

from __future__ import annotations

from .model import BlockKind, Document
from .keys import fragment_key
from .similarity import Unit
from .slugs import SLUGGERS, heading_id


def fragment_headings(doc: Document) -> dict[str, int]:
    """The page's in-page link keys (``l:#id``) -> the index of the heading they lead to."""
    def build() -> dict[str, int]:
        owner: dict[str, int] = {}
        clash: set[str] = set()

        def own(key: str, index: int) -> None:
            if owner.setdefault(key, index) != index:
                clash.add(key)

        explicit: list[str] = []
        plain: list[tuple[str, int]] = []
        for block in doc.blocks:
            if block.kind != BlockKind.HEADING:
                continue
            found = heading_id(block.source)
            if found.id:
                explicit.append(found.id)
                own(fragment_key(found.id), block.index)
            else:
                plain.append((heading_id(block.text).text, block.index))
        for slugger in SLUGGERS.values():
            for slug, (_, index) in zip(slugger.ids([t for t, _ in plain], explicit), plain):
                if slug:
                    own(fragment_key(slug), index)
        for key in clash:
            del owner[key]
        return owner
    return doc.derived("align.fragments", build)


def link_headings(upstream: Document, up: list[Unit], translation: Document, tr: list[Unit],
                  headings: dict[int, int]) -> None:
    """Give each in-page link of the translation's units that leads to a heading paired with
    an upstream heading (``headings``: translation heading index -> upstream's) the key of
    upstream's link to that heading, when upstream links to it. Upstream's units are left
    as they are (every pair of the page shares them)."""
    tr_links = [u for u in tr if any(k.startswith("l:#") for k in u.keys)]
    if not tr_links or not headings:
        return
    up_owners = fragment_headings(upstream)
    upstream_key: dict[int, str] = {}
    for u in up:
        for key in u.keys:
            index = up_owners.get(key) if key.startswith("l:#") else None
            if index is not None:
                upstream_key.setdefault(index, key)
    if not upstream_key:
        return
    owners = fragment_headings(translation)
    for u in tr_links:
        for key in [k for k in u.keys if k.startswith("l:#")]:
            index = owners.get(key)
            theirs = upstream_key.get(headings.get(index, -1)) if index is not None else None
            if theirs is None or theirs == key:
                continue
            n = u.keys.pop(key)
            u.keys[theirs] += n
            u._strong = None
