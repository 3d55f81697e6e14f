"""Properties of ``relsync fix``: after a repair the repaired findings are gone and nothing new
appears, a second repair changes nothing, and every line the repairs did not touch is kept.
Over generated release notes with wrong values injected, and over real translations of the
vue-docs corpus into which a wrong value was injected where the translation had it right."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import relsync
from relsync.align import align
from relsync.parse import parse

from .conftest import CORPUS, corpus_pairs

MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December"]

versions = st.tuples(st.integers(1, 9), st.integers(0, 30)).map(lambda v: f"{v[0]}.{v[1]}")
dates = st.dates(date(2000, 1, 1), date(2030, 12, 31))
counts = st.integers(100, 9999).map(str)
names = st.from_regex(r"torch\.[a-z]{3,10}(_[a-z]{2,6})?", fullmatch=True)
slugs = st.from_regex(r"[a-z]{3,8}(-[a-z]{2,6})?", fullmatch=True)


def _upstream(v, d, n, code, link) -> str:
    return (f"# PyTorch {v} Release Blog\n\nPublished: {MONTHS[d.month - 1]} {d.day}, {d.year}\n\n"
            f"This release of PyTorch is composed of {n} commits from the PyTorch community.\n\n"
            f"Use `{code}` with AOTInductor to load a model, and read [the notes](https://example.org/{link}).\n")


def _translation(v, d, n, code, link) -> str:
    return (f"---\ntitle: \"新版本: PyTorch {v} 发布博客\"\n---\n\n发布: {d.year}年{d.month}月{d.day}日\n\n"
            f"PyTorch 此版本由来自 PyTorch 社区的 {n} 次提交组成。\n\n"
            f"配合 AOTInductor 使用 `{code}` 加载模型，并阅读[说明](https://example.org/{link})。\n")


def _unchanged_outside_edits(before: str, after: str, applied) -> None:
    lines = {f.fix.line for f in applied}
    a, b = before.split("\n"), after.split("\n")
    assert len(a) == len(b)
    for k, (x, y) in enumerate(zip(a, b), start=1):
        if k not in lines:
            assert x == y


@settings(max_examples=60, deadline=None)
@given(up=st.tuples(versions, dates, counts, names, slugs), tr=st.tuples(versions, dates, counts, names, slugs),
       wrong=st.sets(st.integers(0, 4)))
def test_fix_then_check_then_fix_again(up, tr, wrong):
    """Each value the translation got wrong is repaired, and the repaired text checks clean."""
    values = [tr[k] if k in wrong else up[k] for k in range(5)]
    upstream, translation = _upstream(*up), _translation(*values)
    fixed, applied = relsync.fix_text(upstream, translation, locale="zh_CN")
    # the repaired findings are gone and no finding with a repair is left
    after = relsync.check(upstream, fixed, locale="zh_CN")
    assert [f for f in after if f.fix is not None] == []
    kept = {(f.rule, f.translation.line) for f in after}
    assert not {(f.rule, f.fix.line) for f in applied} & kept
    before = {(f.rule, f.message) for f in relsync.check(upstream, translation, locale="zh_CN")}
    assert {(f.rule, f.message) for f in after} <= before
    _unchanged_outside_edits(translation, fixed, applied)
    # when every value differs in shape or not at all, the repair restores the translation of
    # upstream's own values
    if fixed == _translation(*up):
        assert all(f.fix is not None for f in applied)
    again, second = relsync.fix_text(upstream, fixed, locale="zh_CN")
    assert (again, second) == (fixed, [])


@settings(max_examples=30, deadline=None)
@given(values=st.tuples(versions, dates, counts, names, slugs))
def test_a_correct_translation_is_left_alone(values):
    upstream, translation = _upstream(*values), _translation(*values)
    assert relsync.fix_text(upstream, translation, locale="zh_CN") == (translation, [])


def test_the_generated_wrong_values_are_all_repaired():
    """The property above is not vacuous: a translation wrong in all five values is repaired
    to the translation of upstream's values."""
    up = ("2.6", date(2025, 1, 29), "3892", "torch.load", "release-notes")
    tr = ("2.5", date(2024, 10, 17), "3829", "torch.save", "old-notes")
    fixed, applied = relsync.fix_text(_upstream(*up), _translation(*tr), locale="zh_CN")
    assert fixed == _translation(*up)
    assert sorted(f.slug for f in applied) == ["code-mismatch", "date-mismatch", "link-mismatch",
                                               "number-mismatch", "title-version"]


# -- real translations with a wrong value injected --------------------------------------------

def _injections(up_text: str, tr_text: str, limit: int = 3):
    """(description, wrong translation) for values a real translation has exactly as upstream:
    a code span, a link target and a multi-digit number, each in one aligned paragraph."""
    al = align(parse(up_text, "up.md"), parse(tr_text, "tr.md", ("en", "zh_CN")))
    lines = tr_text.split("\n")
    found = []
    for pair in al.pairs:
        if len(pair.upstream) != 1 or len(pair.translation) != 1 or pair.kind != "paragraph":
            continue
        u, t = al.upstream.blocks[pair.upstream[0]], al.translation.blocks[pair.translation[0]]
        if t.start != t.end:
            continue
        line = lines[t.start - 1]
        for code in t.anchors.code:
            if code in u.anchors.code and line.count(f"`{code}`") == 1 and code.isidentifier() \
                    and tr_text.count(code) == 1:
                found.append(("code", t.start, line.replace(f"`{code}`", f"`{code}X`")))
                break
        for target in t.anchors.links:
            if target in u.anchors.links and target.startswith("https://") and line.count(f"]({target})") == 1:
                found.append(("link", t.start, line.replace(f"]({target})", f"]({target}wrong)")))
                break
    return found[:limit]


@pytest.mark.parametrize("index", range(0, 114, 19))
def test_an_injected_value_in_a_real_translation_is_repaired(corpus, index):
    pairs = corpus_pairs()
    up_path, tr_path = pairs[index % len(pairs)]
    up_text, tr_text = up_path.read_text(encoding="utf-8"), tr_path.read_text(encoding="utf-8")
    name = up_path.relative_to(CORPUS / "head" / "en").as_posix()
    before = relsync.check(up_text, tr_text, locale="zh_CN", name=name)
    expected, _ = relsync.fix_text(up_text, tr_text, locale="zh_CN", name=name)
    tried = 0
    for kind, line, wrong_line in _injections(up_text, tr_text):
        lines = tr_text.split("\n")
        lines[line - 1] = wrong_line
        wrong = "\n".join(lines)
        if any(f.translation and f.translation.line == line for f in before):
            continue  # the real line already has a finding: not a clean injection
        fixed, applied = relsync.fix_text(up_text, wrong, locale="zh_CN", name=name)
        assert fixed == expected, (tr_path, kind, line)
        assert line in [f.fix.line for f in applied]
        tried += 1
    if not tried:
        pytest.skip(f"no clean injection point in {tr_path.name}")


def test_fix_on_real_translations_then_check_then_fix_again(corpus, tmp_path):
    """The vue-docs translations as they are: every repair made is confirmed by check, and a
    second fix finds nothing to do."""
    from relsync.checks import resolve_settings
    from relsync.config import load_config
    from relsync.fix import fix_project, write
    from relsync.pipeline import check_pair
    from relsync.project import PairSpec, Project

    from .conftest import ROOT

    cfg = resolve_settings(load_config(path=ROOT / "benchmarks" / "vue-docs.relsync.toml"))
    specs = []
    for up, tr in corpus[::3]:
        dest = tmp_path / tr.relative_to(CORPUS / "head")
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_bytes(tr.read_bytes())
        specs.append(PairSpec(up, dest, "zh_CN", up.relative_to(CORPUS / "head" / "en").as_posix()))
    project = Project(cfg, specs)
    result = fix_project(project)
    assert result.applied, "the corpus has repairs to make"
    write(result)
    for ff in result.files:
        after = check_pair(ff.spec, cfg)
        for f in ff.applied:
            assert not any(g.rule == f.rule and g.translation.line == f.translation.line for g in after), f
    again = fix_project(project)
    assert again.applied == [] and not any(ff.changed for ff in again.files)
