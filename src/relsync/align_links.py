"""Links within a page, by the heading they lead to: ``[Create Message Dialog](#create-message-
dialog)`` and ``[Crear un diálogo de mensaje](#crear-un-diálogo-de-mensaje)`` lead to two
headings the alignment pairs, so they are one link, whatever the translation made of the id.

A fragment is resolved to a heading of its own page by the heading's explicit id or by the
id any generator's slug function makes of its text (:mod:`relsync.slugs`); a fragment that
two headings could own is left as it is. The translation's link then takes the key of
upstream's link to the paired heading: one link key for every rule of the aligner.
"""

from __future__ import annotations

from pathlib import PurePosixPath

from .model import BlockKind, Document
from .keys import fragment_key, page_key
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


def _in_page(key: str, own: str) -> str | None:
    """The in-page key (``l:#id``) of a link key that leads within the page: ``l:#id`` itself,
    or the page's own address with a fragment (``f:frontend#id`` on ``start/frontend/``);
    ``own``: the key of the page's own address (``l:frontend``)."""
    if key.startswith("l:#"):
        return key
    if key.startswith("f:") and own and key[2:].partition("#")[0] == own[2:]:
        return "l:#" + key.partition("#")[2]
    return None


def _own_key(doc: Document) -> str:
    """The link key of a page's own address, from its file's path (``start/frontend/index.mdx``:
    ``l:frontend``); empty when the path names no page."""
    path = PurePosixPath(doc.path)
    return page_key("/" + str(path.with_suffix(""))) if doc.path else ""


def link_headings(upstream: Document, up: list[Unit], translation: Document, tr: list[Unit],
                  headings: dict[int, int]) -> None:
    """Give each in-page link of the translation's units that leads to a heading paired with
    an upstream heading (``headings``: translation heading index -> upstream's) the key of
    upstream's link to that heading, when upstream links to it. A link to the page's own
    address with a fragment leads within the page too. Upstream's units are left as they are
    (every pair of the page shares them)."""
    own_tr = _own_key(translation)
    tr_links = [u for u in tr if any(_in_page(k, own_tr) for k in u.keys)]
    if not tr_links or not headings:
        return
    up_owners = fragment_headings(upstream)
    own_up = _own_key(upstream)
    upstream_key: dict[int, str] = {}
    for u in up:
        for key in u.keys:
            local = _in_page(key, own_up)
            index = up_owners.get(local) if local else None
            if index is not None:
                upstream_key.setdefault(index, key)
    if not upstream_key:
        return
    owners = fragment_headings(translation)
    for u in tr_links:
        for key in [k for k in u.keys if _in_page(k, own_tr)]:
            index = owners.get(_in_page(key, own_tr))
            theirs = upstream_key.get(headings.get(index, -1)) if index is not None else None
            if theirs is None or theirs == key:
                continue
            n = u.keys.pop(key)
            u.keys[theirs] += n
            if theirs.startswith("f:"):  # (upstream's link to its own address names its page too)
                u.keys["l:" + theirs[2:].partition("#")[0]] += n
            u._strong = None
