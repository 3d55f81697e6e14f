"""The translation-comment convention on Kubernetes' zh-cn pages (``tests/fixtures/layouts/
hugo-k8s``): the English each block was translated from, in an HTML comment above it, is the
block's synced source (stale when it differs from upstream now, with no git history at all),
the alignment's strongest anchor, and never a finding itself."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from relsync.align import align
from relsync.comments import source_comments
from relsync.parse import parse

from .conftest import FIXTURES
from .test_stale import Repo, of

K8S = FIXTURES / "layouts" / "hugo-k8s"
OVERVIEW = "docs/concepts/overview/_index.md"
ORIGIN = ('The name Kubernetes originates from Greek, meaning helmsman or pilot. K8s as an abbreviation\n'
          'results from counting the eight letters between the "K" and the "s". Google open-sourced the\n'
          'Kubernetes project in 2014.')


@pytest.fixture
def site(tmp_path) -> Path:
    root = tmp_path / "website"
    shutil.copytree(K8S, root)
    return root


def check(run_cli, root: Path) -> list[dict]:
    code, out, err = run_cli("check", "--no-cache", "--format", "json", cwd=root)
    assert code in (0, 1), err
    return json.loads(out)["findings"]


def zh(site: Path, rel: str) -> Path:
    return site / "content/zh-cn" / rel


def en(site: Path, rel: str) -> Path:
    return site / "content/en" / rel


def line_of(path: Path, needle: str) -> int:
    return next(k for k, line in enumerate(path.read_text(encoding="utf-8").split("\n"), 1) if needle in line)


def test_pages_in_sync_with_their_comments_have_nothing_stale_and_comments_are_no_findings(run_cli, site):
    findings = check(run_cli, site)
    assert of(findings, "stale") == []
    for f in findings:
        tr = f["translation"]
        if tr and tr["path"].startswith("content/zh-cn/"):
            text = Path(site, tr["path"]).read_text(encoding="utf-8").split("\n")[tr["line"] - 1]
            assert "<!--" not in text, f  # a comment is never extra, untranslated or other markup
            assert f["slug"] not in ("extra", "markup-mismatch"), f


def test_upstream_changed_after_the_comment_is_stale_without_git(run_cli, site):
    page = en(site, OVERVIEW)
    page.write_text(page.read_text(encoding="utf-8").replace(
        "Google open-sourced the\nKubernetes project in 2014.",
        "Google open-sourced the\nKubernetes project in 2014, and donated it to the CNCF."), encoding="utf-8")
    stale = of(check(run_cli, site), "stale")
    assert len(stale) == 1
    f = stale[0]
    assert f["translation"] == {"path": f"content/zh-cn/{OVERVIEW}", "line": line_of(zh(site, OVERVIEW), "**Kubernetes**")}
    assert f["upstream"] == {"path": f"content/en/{OVERVIEW}", "line": line_of(page, "The name Kubernetes")}
    comment_line = line_of(zh(site, OVERVIEW), "The name Kubernetes") - 1
    assert f["message"].startswith(f"upstream differs from its source kept in the comment at line {comment_line}:")
    assert f["details"]["diff"].endswith("Kubernetes project in 2014{+, and donated it to the CNCF+}.")
    assert f["details"]["sync"] == "comment" and f["details"]["since"] == ""


def test_a_comment_that_matches_wins_over_the_history(run_cli, site):
    """The recorded revision predates an upstream edit, but the translator updated the block
    and its comment: that block is not stale."""
    repo = Repo(site)
    repo.commit("site")
    synced = repo.git("rev-parse", "HEAD")
    page = en(site, OVERVIEW)
    page.write_text(page.read_text(encoding="utf-8").replace("in 2014.", "in June 2014."), encoding="utf-8")
    repo.commit("upstream: the month")
    zh_stale = lambda: [f for f in of(check(run_cli, site), "stale")  # noqa: E731
                        if f["translation"]["path"].startswith("content/zh-cn/")]
    assert len(zh_stale()) == 1  # git finds it; so does the comment
    tr = zh(site, OVERVIEW)
    text = tr.read_text(encoding="utf-8").replace("Kubernetes project in 2014.\n-->", "Kubernetes project in June 2014.\n-->")
    text = text.replace("---\n", f"---\nrelsync: {{source_commit: {synced}}}\n", 1)
    tr.write_text(text.replace("Google 在 2014 年", "Google 在 2014 年 6 月"), encoding="utf-8")
    repo.commit("zh-cn: updated with its comment, source_commit left behind")
    assert zh_stale() == []


def test_source_comments_of_a_real_page():
    doc = parse((K8S / "content/zh-cn" / OVERVIEW).read_text(encoding="utf-8"), "zh.md")
    comments = source_comments(doc)
    assert [(c.start, [doc.blocks[i].text[:12] for i in c.blocks]) for c in comments.values()] == [
        (23, ["此页面是 Kuberne"]), (30, ["Kubernetes 这"])]
    assert " ".join(comments[max(comments)].text().split()) == " ".join(ORIGIN.split())


@pytest.mark.parametrize("text,attached", [
    ("<!--\nEnglish source text here.\n-->\n中文译文在这里。\n", True),
    ("<!--\nEnglish source text here.\n-->\n\n中文译文在这里。\n", True),  # blank lines between
    ("<!-- body -->\n## 核心组件\n", False),  # a marker: a paragraph above a heading
    ("<!--\n## Core components\n-->\n## 核心组件 {#core-components}\n", True),
    ("<!--\n中文的注释。\n-->\n中文译文在这里。\n", False),  # the block's own language: a note
    ("<!--\nSame text.\n-->\nSame text.\n", False),
    ("<!--\nFirst paragraph.\n\nSecond paragraph.\n-->\n第一段。\n\n第二段。\n", True),
])
def test_which_comments_are_sources(text, attached):
    doc = parse(text, "zh.md")
    assert bool(source_comments(doc)) is attached


def test_only_the_last_of_two_comments_stands_before_the_block():
    doc = parse("<!--\nEnglish source text here.\n-->\n<!-- note -->\n中文译文在这里。\n", "zh.md")
    assert [c.start for c in source_comments(doc).values()] == [4]


def test_a_comment_holding_two_paragraphs_is_the_source_of_both():
    doc = parse("<!--\nFirst paragraph.\n\nSecond paragraph.\n-->\n第一段。\n\n第二段。\n", "zh.md")
    (comment,) = source_comments(doc).values()
    assert [doc.blocks[i].text for i in comment.blocks] == ["第一段。", "第二段。"]
    assert [b.start for b in comment.source] == [2, 4]  # lines of the file


def test_a_source_comment_is_the_strongest_alignment_anchor():
    """Three anchor-less paragraphs upstream, a translation that dropped the first: by
    position the aligner would pair the first translated paragraph with the first upstream
    one; its comment says it is the second."""
    up = parse("# Guide\n\nWe start with a short walk through the garden.\n\n"
               "Then we sit down by the pond and rest a while.\n\n"
               "Finally we go back home before it gets dark.\n", "en.md")
    tr = parse("# 指南\n\n<!--\nThen we sit down by the pond and rest a while.\n-->\n我们在池塘边坐下休息一会儿。\n\n"
               "<!--\nFinally we go back home before it gets dark.\n-->\n天黑之前我们回家。\n", "zh.md")
    al = align(up, tr)
    pairs = [(tuple(up.blocks[i].start for i in p.upstream), tuple(tr.blocks[j].start for j in p.translation))
             for p in al.pairs]
    assert ((5,), (6,)) in pairs and ((7,), (11,)) in pairs and ((3,), ()) in pairs


def test_a_comment_in_another_script_needs_no_language_identifier(monkeypatch):
    """English above Chinese is two languages by their scripts: the identifier (numpy and a
    model) is not loaded for it."""
    from relsync import languages

    def refuse():
        raise AssertionError("the language identifier was loaded")

    monkeypatch.setattr(languages, "_identifier", refuse)
    monkeypatch.setattr(languages, "_restricted", lambda languages: refuse())
    up = parse("# Title\n\nThe cluster runs pods.\n", "up.md")
    tr = parse("# 标题\n\n<!--\nThe cluster runs pods.\n-->\n集群运行 Pod。\n", "tr.md", ("en", "zh_CN"))
    assert source_comments(tr)
    align(up, tr)


def test_an_upstream_comment_kept_by_the_translation_is_no_source_comment():
    """The upstream's own note (`<!-- note -->`, kept as it is by the translation) above a
    paragraph, and a later paragraph reading `note`: taken for a source comment, it paired
    the first paragraph with `note` and shifted every pair after it."""
    up = ("# Title\n\nIntro text.\n\n<!-- note -->\n\nThe first paragraph.\n\nnote\n\n"
          "Second paragraph there.\n\nThird one.\n")
    tr = "# 标题\n\n介绍文字。\n\n<!-- note -->\n\n第一段。\n\n注意\n\n第二段在那里。\n\n第三个。\n"
    pairs = align(parse(up, "en.md"), parse(tr, "zh.md", ("zh",))).pairs
    assert [(p.upstream, p.translation) for p in pairs] == [((k,), (k,)) for k in range(6)]
