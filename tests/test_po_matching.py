"""The fuzzy matching of po update makes babel's choices, with bounds instead of all pairs."""

from __future__ import annotations

import contextlib

import babel.messages.catalog
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from relsync import po
from relsync.po import catalog as catalog_module
from relsync.po import matching
from relsync.po.matching import close_matches

from .conftest import CORPUS

_text = st.text(alphabet=st.sampled_from(list("aab ccd`()[]./é中")), min_size=0, max_size=30)
_long = st.lists(st.sampled_from(["the ", "proxy ", "created ", "by ", "[`reactive()`]", "(./core#x)", ", ", "or "]),
                 min_size=20, max_size=80).map("".join)


@settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.one_of(_text, _long), st.lists(st.one_of(_text, _long), max_size=25))
def test_property_close_matches_are_babels(word, keys):
    """The same candidate as babel's get_close_matches (ties included), long texts too
    (babel turns difflib's autojunk off, which changes ratios past 200 characters)."""
    assert close_matches(word, keys) == babel.messages.catalog.get_close_matches(word, keys, 1)
    assert close_matches(word, keys, 3) == babel.messages.catalog.get_close_matches(word, keys, 3)


def _year_old_and_head(step: int = 1):
    base, head = CORPUS / "year-old", CORPUS / "head"
    if not base.is_dir() or not head.is_dir():
        pytest.skip("the vue-docs corpus (year-old and head) is not beside the repository")
    for k, en_old in enumerate(sorted((base / "en").rglob("*.md"))):
        rel = en_old.relative_to(base / "en")
        en_new, zh_old = head / "en" / rel, base / "zh" / rel
        if k % step == 0 and en_new.exists() and zh_old.exists():
            yield rel, en_old, zh_old, en_new


@pytest.mark.parametrize("way", ["bounds", "4-gram index"])
def test_corpus_updates_are_babels(monkeypatch, way):
    """po update of year-old POs (imported from the year-old translations) with the head
    templates: byte for byte what babel's own matching gives, whether every candidate is
    bounded or the 4-gram index picks them (as it does over many candidates)."""
    if way == "4-gram index":
        monkeypatch.setattr(matching, "EXACT_CANDIDATES", 0)
    count = 0
    for rel, en_old, zh_old, en_new in _year_old_and_head():
        ref = f"upstream/{rel}"
        up = po.load_file(en_old, ref)
        tr = po.load_file(zh_old, f"locales/zh_CN/{rel}", locale="zh_CN")
        up.path = ref
        imported = po.serialize(po.gettextize(up, tr, po.template(up, ref, rel.stem), "zh_CN")[0])
        pot = po.parse_catalog(po.serialize(po.template(po.load_file(en_new, ref), ref, rel.stem)), "x.pot")
        ours = po.serialize(po.update(po.parse_catalog(imported, "x.po"), pot))
        with monkeypatch.context() as m:
            m.setattr(matching, "EXACT_CANDIDATES", 10**9)
            m.setattr(catalog_module, "indexed_fuzzy_matching", contextlib.nullcontext)
            babels = po.serialize(po.update(po.parse_catalog(imported, "x.po"), pot))
        assert ours == babels, rel
        count += 1
    assert count > 10
