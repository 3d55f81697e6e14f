"""The run's cache of parsed texts (``parsed.parse_shared``): a text is parsed once, a hit
gives the document a new parse gives, and another text is parsed again."""

from __future__ import annotations

import pickle
import shutil

import pytest

from relsync.align import align
from relsync.config import Config
from relsync.parse import parse
from relsync.parsed import SHARED_SIZE, clear_shared, parse_shared
from relsync.pipeline import check_pair, read_pair
from relsync.project import PairSpec

from .conftest import EXAMPLE_TR, EXAMPLE_UP

UPSTREAM = EXAMPLE_UP.read_text(encoding="utf-8")


@pytest.fixture(autouse=True)
def _fresh():
    clear_shared()
    yield
    clear_shared()


def _blocks(doc):
    return [(b.kind, b.start, b.end, b.text, b.anchors) for b in doc.blocks]


def test_a_text_is_parsed_once_and_a_hit_is_what_a_new_parse_gives():
    first = parse_shared(UPSTREAM, "upstream/pytorch-2.6.md")
    again = parse_shared(UPSTREAM, "upstream/pytorch-2.6.md")
    assert again is first
    fresh = parse(UPSTREAM, "upstream/pytorch-2.6.md")
    assert _blocks(again) == _blocks(fresh)
    assert again.front_matter == fresh.front_matter and again.sections == fresh.sections


def test_the_same_revision_under_another_name_is_not_parsed_again():
    """The revision of a page many translations were made from is shown as page@commit, a
    name per translation's commit: one parse, each caller gets its own name."""
    one = parse_shared(UPSTREAM, "pytorch-2.6.md@1a2b3c4")
    two = parse_shared(UPSTREAM, "pytorch-2.6.md@5d6e7f8")
    assert (one.path, two.path) == ("pytorch-2.6.md@1a2b3c4", "pytorch-2.6.md@5d6e7f8")
    assert two.blocks is one.blocks  # shared, not parsed again
    two.problems.append((1, "a problem of this caller's document"))
    assert one.problems == [] and parse_shared(UPSTREAM, "pytorch-2.6.md@1a2b3c4").problems == []


def test_another_text_or_reading_is_parsed_again():
    base = parse_shared(UPSTREAM, "a.md")
    edited = UPSTREAM.replace("PyTorch", "PyTorch!", 1)
    other = parse_shared(edited, "a.md")
    assert other is not base and other.text == edited
    assert _blocks(other) == _blocks(parse(edited, "a.md"))
    # what the parse reads beside the text: MDX or not, the locales, the site's extensions
    mdx = 'import Tip from "./tip"\n\n# Title\n'
    assert [b.kind for b in parse_shared(mdx, "a.mdx").blocks] == ["html", "heading"]
    assert [b.kind for b in parse_shared(mdx, "a.md").blocks] == ["paragraph", "heading"]
    assert parse_shared(UPSTREAM, "a.md", ("en", "de")) is not base
    assert parse_shared(UPSTREAM, "a.md", extensions=frozenset({"attr_list"})) is not base


def test_the_least_recently_used_texts_are_forgotten():
    texts = [f"# Page {k}\n\nText {k}.\n" for k in range(SHARED_SIZE + 1)]
    first = parse_shared(texts[0], "p.md")
    for text in texts[1:]:
        parse_shared(text, "p.md")
    assert parse_shared(texts[0], "p.md") is not first
    assert parse_shared(texts[-1], "p.md") is parse_shared(texts[-1], "p.md")


def test_findings_are_the_same_with_the_upstream_parsed_once(tmp_path):
    """An upstream page two locales share: the second pair reads it from the cache, and its
    findings are those of a run with nothing cached; an edit of the page is read again."""
    (tmp_path / "up").mkdir()
    up = tmp_path / "up" / "pytorch-2.6.md"
    shutil.copyfile(EXAMPLE_UP, up)
    specs = []
    for locale in ("zh_CN", "zh_TW"):
        (tmp_path / locale).mkdir()
        shutil.copyfile(EXAMPLE_TR, tmp_path / locale / "pytorch-2.6.md")
        specs.append(PairSpec(up, tmp_path / locale / "pytorch-2.6.md", locale, "pytorch-2.6.md"))
    cfg = Config()
    cold = []
    for spec in specs:
        clear_shared()
        cold.append(check_pair(spec, cfg, staleness=None))
    clear_shared()
    warm = [check_pair(spec, cfg, staleness=None) for spec in specs]
    assert warm == cold and cold[0]
    assert read_pair(specs[1])[0].upstream is read_pair(specs[0])[0].upstream
    up.write_text(UPSTREAM.replace("2.6", "2.7"), encoding="utf-8")
    edited = check_pair(specs[0], cfg, staleness=None)
    clear_shared()
    assert edited == check_pair(specs[0], cfg, staleness=None) and edited != cold[0]


def test_what_is_derived_from_an_upstream_page_is_computed_once_and_aligns_as_new():
    """The aligner's units of an upstream page are kept on the document for every pair that
    shares it; an alignment with them is the alignment with a page parsed anew, also after
    another translation was aligned with the same page."""
    translation = EXAMPLE_TR.read_text(encoding="utf-8")
    shortened = "\n".join(line for line in translation.split("\n") if "Python 3.13" not in line)
    assert shortened != translation
    up = parse_shared(UPSTREAM, "upstream/pytorch-2.6.md")
    first = align(up, parse(translation, "zh_CN/pytorch-2.6.md", ("zh_CN",)))
    units = up.derived("align.units", list)
    second = align(up, parse(shortened, "zh_TW/pytorch-2.6.md", ("zh_TW",)))
    assert up.derived("align.units", list) is units and units
    for al, text, locale in ((first, translation, "zh_CN"), (second, shortened, "zh_TW")):
        fresh = align(parse(UPSTREAM, "upstream/pytorch-2.6.md"), parse(text, f"{locale}/pytorch-2.6.md", (locale,)))
        assert al.pairs == fresh.pairs
    assert first.pairs != second.pairs


def test_a_document_with_derived_values_goes_to_another_process():
    """`relsync diff -j 2` sends alignments back from its workers: a document that keeps the
    aligner's units (which hold functions) is copied without them, and computes them again."""
    up = parse_shared(UPSTREAM, "upstream/pytorch-2.6.md")
    tr = parse(EXAMPLE_TR.read_text(encoding="utf-8"), "zh_CN/pytorch-2.6.md", ("zh_CN",))
    al = align(up, tr)
    copy = pickle.loads(pickle.dumps(al))
    assert copy.upstream.blocks == up.blocks and copy.upstream.path == up.path and copy.pairs == al.pairs
    assert up._derived and not copy.upstream._derived
    assert align(copy.upstream, copy.translation).pairs == al.pairs


def test_the_omission_rule_reads_an_upstream_page_once_for_every_translation(monkeypatch):
    """The text the omission rule reads from an upstream block (code, links and macros held)
    is kept with the upstream page: a second translation of the page reads it again from
    there, and finds what a page parsed anew finds."""
    from relsync.checks import masking, run_checks
    from relsync.pipeline import make_context

    translation = EXAMPLE_TR.read_text(encoding="utf-8")
    shortened = translation.replace("Python 3.13", "Python")
    up = parse_shared(UPSTREAM, "upstream/pytorch-2.6.md")
    read: list[int] = []
    real = masking.masked
    monkeypatch.setattr(masking, "masked", lambda block: read.append(id(block)) or real(block))
    found = []
    for text, locale in ((translation, "zh_CN"), (shortened, "zh_TW")):
        al = align(up, parse(text, f"{locale}/pytorch-2.6.md", (locale,)))
        found.append(run_checks(make_context(al, Config(), locale)))
    ups = {id(b) for b in up.blocks}
    upstream_reads = [r for r in read if r in ups]
    assert upstream_reads and len(upstream_reads) == len(set(upstream_reads))
    fresh = align(parse(UPSTREAM, "upstream/pytorch-2.6.md"), parse(shortened, "zh_TW/pytorch-2.6.md", ("zh_TW",)))
    assert found[1] == run_checks(make_context(fresh, Config(), "zh_TW"))
