"""The PO workflow in layouts other than relsync's: the documents and translations are the
ones discovery pairs (a Hugo site as kubernetes/website keeps it, MDN's two checkouts, the
``[[pairs]]`` of a translation kept under other names), the POs go to ``po/<lang>/NAME.po``
with NAME the document's path in the site, and a build writes where the layout keeps the
translation."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from relsync import po
from relsync.dialects import syntax_for

from .conftest import EXAMPLE_TR, EXAMPLE_UP, FIXTURES

LAYOUTS = FIXTURES / "layouts"
K8S_POST = "blog/_posts/2025-04-23-Kubernetes-v1-33-Release/index"


@pytest.fixture
def hugo(tmp_path) -> Path:
    site = tmp_path / "website"
    shutil.copytree(LAYOUTS / "hugo-k8s", site)
    (site / "EXPECTED.json").unlink()
    return site


def _po(path: Path):
    with path.open("rb") as f:
        return read_po(f)


def test_po_workflow_on_a_hugo_site_uses_its_content_directories(run_cli, hugo):
    code, _, err = run_cli("po", "extract", cwd=hugo)
    assert code == 0, err
    assert (hugo / "po" / "templates" / f"{K8S_POST}.pot").is_file()
    assert not (hugo / "locales").exists()
    code, _, err = run_cli("po", "import", cwd=hugo)
    assert code == 0, err
    catalog = _po(hugo / "po" / "zh_CN" / f"{K8S_POST}.po")
    assert catalog.locale_identifier == "zh_CN"
    references = {path for message in catalog if message.id for path, _ in message.locations}
    assert references == {f"content/en/{K8S_POST}.md"}
    translated = [m for m in catalog if m.id and m.string and not m.fuzzy]
    assert translated, "the Chinese post fills the PO"
    # ja has two of the four documents: only those get a PO from import
    ja = sorted(p.relative_to(hugo / "po" / "ja").as_posix() for p in (hugo / "po" / "ja").rglob("*.po"))
    assert ja == ["docs/concepts/overview/_index.po", "docs/concepts/overview/components.po"]
    code, out, err = run_cli("po", "stats", "--format", "json", cwd=hugo)
    assert code == 0, err
    rows = json.loads(out)["documents"]
    assert {(r["document"], r["locale"]) for r in rows} >= {(K8S_POST, "zh_CN"), ("docs/concepts/overview/_index", "ja")}


def test_a_new_language_starts_from_pos_and_builds_into_the_site(run_cli, hugo):
    """ko is configured in hugo.toml but has no content yet: po init then po build write its
    pages where Hugo reads them, and relsync pairs then finds them."""
    assert run_cli("po", "extract", cwd=hugo)[0] == 0
    code, _, err = run_cli("po", "init", "-l", "ko", cwd=hugo)
    assert code == 0, err
    target = hugo / "po" / "ko" / f"{K8S_POST}.po"
    catalog = _po(target)
    first = next(m for m in catalog if m.id)
    first.string = "쿠버네티스 v1.33"
    with target.open("wb") as f:
        from babel.messages.pofile import write_po
        write_po(f, catalog)
    code, _, err = run_cli("po", "build", "-l", "ko", cwd=hugo)
    assert code == 0, err
    built = hugo / "content" / "ko" / f"{K8S_POST}.md"
    assert "쿠버네티스 v1.33" in built.read_text(encoding="utf-8")
    code, out, err = run_cli("pairs", "--format", "json", cwd=hugo)
    pairs = {(p["translation"], p["locale"]) for p in json.loads(out)["pairs"]}
    assert (f"content/ko/{K8S_POST}.md", "ko") in pairs


def test_po_build_never_replaces_the_sites_hand_written_translations(run_cli, hugo):
    page = hugo / "content" / "zh-cn" / f"{K8S_POST}.md"
    before = page.read_bytes()
    assert run_cli("po", "extract", cwd=hugo)[0] == 0
    assert run_cli("po", "import", "-l", "zh-cn", cwd=hugo)[0] == 0  # the code the paths write
    code, _, err = run_cli("po", "build", "-l", "zh_CN", cwd=hugo)
    assert code == 2
    assert "refusing to overwrite a file that relsync po build did not write" in err
    assert page.read_bytes() == before


def test_a_locale_the_site_does_not_have_is_an_error(run_cli, hugo):
    assert run_cli("po", "extract", cwd=hugo)[0] == 0
    code, _, err = run_cli("po", "init", "-l", "fr", cwd=hugo)
    assert code == 2
    assert err.strip() == ("relsync: error: locale 'fr' is not one of the project's locales "
                           "(ja, zh_CN, ko, pt_BR)")
    assert not (hugo / "po" / "fr").exists()


def test_po_directory_setting_moves_the_pos(run_cli, hugo):
    (hugo / "relsync.toml").write_text('layout = "hugo"\n\n[po]\ndirectory = "i18n/po"\n', encoding="utf-8")
    assert run_cli("po", "extract", cwd=hugo)[0] == 0
    assert run_cli("po", "import", cwd=hugo)[0] == 0
    assert (hugo / "i18n" / "po" / "templates" / f"{K8S_POST}.pot").is_file()
    assert (hugo / "i18n" / "po" / "zh_CN" / f"{K8S_POST}.po").is_file()
    assert not (hugo / "po").exists()


def test_po_workflow_with_the_upstream_in_another_checkout(run_cli, tmp_path):
    """The seed's translator keeps the Chinese notes under other names in another repository
    ([[pairs]] with upstream-root): the PO names the upstream by its path from the project,
    and a build writes the translation's own path."""
    upstream_repo = tmp_path / "pytorch.github.io"
    (upstream_repo / "_posts").mkdir(parents=True)
    shutil.copy(EXAMPLE_UP, upstream_repo / "_posts" / "2025-01-29-pytorch2-6.md")
    project = tmp_path / "pytorch-doc-zh"
    (project / "docs" / "LatestChanges").mkdir(parents=True)
    translation = project / "docs" / "LatestChanges" / "PyTorch_V2.6.md"
    shutil.copy(EXAMPLE_TR, translation)
    (project / "relsync.toml").write_text(
        'upstream-root = "../pytorch.github.io"\n\n[[pairs]]\nupstream = "_posts/2025-01-29-pytorch2-6.md"\n'
        'translation = "docs/LatestChanges/PyTorch_V2.6.md"\nlocale = "zh_CN"\n', encoding="utf-8")
    code, _, err = run_cli("po", "import", cwd=project)
    assert code == 0, err
    po_file = project / "po" / "zh_CN" / "_posts" / "2025-01-29-pytorch2-6.po"
    catalog = _po(po_file)
    assert {p for m in catalog if m.id for p, _ in m.locations} == {"../pytorch.github.io/_posts/2025-01-29-pytorch2-6.md"}
    assert not list(upstream_repo.rglob("*.po"))  # nothing is written into the upstream checkout
    code, _, err = run_cli("po", "build", "--force", cwd=project)
    assert code == 0, err
    built = translation.read_text(encoding="utf-8")
    upstream_lines = EXAMPLE_UP.read_text(encoding="utf-8").splitlines()
    assert len(built.splitlines()) == len(upstream_lines)  # the upstream's structure, line for line
    assert "我们很高兴地宣布" in built and "We are excited to announce" not in built
    code, _, err = run_cli("po", "build", cwd=project)  # built by relsync now: no --force needed
    assert code == 0, err


def test_two_documents_of_one_name_in_the_site_get_two_catalogs(run_cli, tmp_path):
    """Docusaurus serves docs/intro.md and versioned_docs/version-2.x/intro.md as `intro` of
    two versions: each gets its own POT and PO, named by its path (one name would make
    one document's catalog overwrite the other's)."""
    site = tmp_path / "site"
    shutil.copytree(LAYOUTS / "docusaurus", site)
    (site / "EXPECTED.json").unlink()
    code, _, err = run_cli("po", "extract", cwd=site)
    assert code == 0, err
    pots = sorted(p.relative_to(site / "po" / "templates").as_posix() for p in (site / "po" / "templates").rglob("*.pot"))
    assert "docs/intro.pot" in pots and "versioned_docs/version-2.x/intro.pot" in pots, pots
    assert "intro.pot" not in pots
    references = {p for pot in (site / "po" / "templates").rglob("*intro.pot") for m in _po(pot) if m.id
                  for p, _ in m.locations}
    assert references == {"docs/intro.md", "versioned_docs/version-2.x/intro.md"}


def test_admonitions_are_read_only_in_mkdocs(run_cli, hugo):
    """`!!! note` over an indented block, in a Hugo site: a paragraph and indented code, as
    CommonMark reads them (the code is no message); MkDocs reads an admonition."""
    page = hugo / "content" / "en" / "docs" / "concepts" / "overview" / "_index.md"
    page.write_text(page.read_text(encoding="utf-8") + "\n!!! note\n\n    kubectl get pods\n", encoding="utf-8")
    assert run_cli("po", "extract", cwd=hugo)[0] == 0
    pot = _po(hugo / "po" / "templates" / "docs" / "concepts" / "overview" / "_index.pot")
    ids = [m.id for m in pot if m.id]
    assert "!!! note" in ids and "kubectl get pods" not in ids


def test_each_generator_has_its_own_block_syntax():
    text = "!!! note\n\n    indented code\n\n::: tip Title\nInside.\n:::\n"
    mkdocs = [u.msgid for u in po.load(text, "d.md", syntax=syntax_for("mkdocs")).units]
    vitepress = [u.msgid for u in po.load(text, "d.md", syntax=syntax_for("vitepress")).units]
    hugo = [u.msgid for u in po.load(text, "d.md", syntax=syntax_for("hugo")).units]
    assert mkdocs == ["indented code", "::: tip Title Inside. :::"]
    assert vitepress == ["!!! note", "Title", "Inside."]
    assert hugo == ["!!! note", "::: tip Title Inside. :::"]
    assert [u.msgid for u in po.load(text, "d.md").units] == ["indented code", "Title", "Inside."]
