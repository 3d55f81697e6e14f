"""`relsync report -o DIR`: the static status site, read from its files and in headless
Chromium (the DOM, and a screenshot)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from relsync.report import site

from .test_html_report import Dom, browse
from .test_stale import Repo

UP_TEXT = "# Release\n\nThe scheduler cuts latency by 40 percent.\n\nVersion 2.6 is out.\n"
ZH = "# 发布\n\n调度器将延迟降低了 40 percent。\n\n2.6 版本发布。\n"
JA = "# リリース\n\nスケジューラは遅延を 40 percent 削減します。\n\nバージョン 2.5 が出ました。\n"


def project(tmp_path: Path) -> Repo:
    """Three upstream pages; zh_CN has all three (one outdated by a later upstream commit),
    ja has one (with a wrong version) and an orphan; a hostile file name."""
    repo = Repo(tmp_path / "repo")
    for name in ("a.md", "b.md", "c <x>.md"):
        repo.write(f"upstream/{name}", UP_TEXT)
        repo.write(f"locales/zh_CN/{name}", ZH)
    repo.write("locales/ja/a.md", JA)
    repo.write("locales/ja/gone.md", JA)
    repo.git("add", ".")
    repo.git("commit", "-qm", "one")
    repo.write("upstream/b.md", UP_TEXT.replace("40 percent", "55 percent"))
    repo.git("commit", "-qam", "Measure again")
    return repo


def build(run_cli, repo: Repo, out: Path, *args: str) -> dict[str, str]:
    code, stdout, err = run_cli("report", "--no-cache", "-o", str(out), *args, cwd=repo.root)
    assert code == 0, err
    return {p.relative_to(out).as_posix(): p.read_text(encoding="utf-8") for p in out.rglob("*.html")}


def cells(page: str) -> list[str]:
    return re.findall(r'data-count="(\w+)">(\d+)<', page)


def test_the_index_counts_each_locale(run_cli, tmp_path):
    pages = build(run_cli, project(tmp_path), tmp_path / "site")
    index = pages["index.html"]
    rows = dict(re.findall(r'<tr data-locale="(\w+)">(.*?)</tr>', index))
    assert set(rows) == {"ja", "zh_CN"}
    assert dict(cells(rows["zh_CN"])) == {"done": "2", "outdated": "1", "missing": "0", "orphaned": "0"}
    assert dict(cells(rows["ja"])) == {"done": "1", "outdated": "0", "missing": "2", "orphaned": "1"}
    assert ">67%<" in rows["zh_CN"] and ">33%<" in rows["ja"]
    assert "3 upstream page(s) in 2 locale(s)" in index


def test_every_page_is_self_contained_and_linked(run_cli, tmp_path):
    out = tmp_path / "site"
    pages = build(run_cli, project(tmp_path), out, "--file-url", "https://git.example/r/blob/main/{path}")
    assert {"index.html", "matrix.html", "locale-ja.html", "locale-zh_CN.html"} <= set(pages)
    assert len([p for p in pages if p.startswith("pairs/")]) == 4
    for name, text in pages.items():
        assert "default-src 'none'" in text and "<script" not in text, name
        for href in re.findall(r'href="([^"#]+)"', text):
            if not href.startswith("https://"):
                assert (out / Path(name).parent / href).resolve().is_file(), (name, href)
    assert "c &lt;x&gt;.md" in pages["matrix.html"] and "<x>" not in pages["matrix.html"]
    assert "https://git.example/r/blob/main/locales/ja/a.md" in pages["locale-ja.html"]
    outdated = next(t for n, t in pages.items() if n.startswith("pairs/") and "55" in t and "zh_CN" in t)
    assert "<del>40</del>" in outdated.replace(" ", "") or "<del>" in outdated


def test_long_lists_are_cut_into_pages(run_cli, tmp_path, monkeypatch):
    monkeypatch.setattr(site, "ROWS_PER_PAGE", 2)
    pages = build(run_cli, project(tmp_path), tmp_path / "site")
    assert {"matrix.html", "matrix-2.html", "locale-zh_CN.html", "locale-zh_CN-2.html"} <= set(pages)
    assert 'href="matrix-2.html"' in pages["matrix.html"]


def test_an_output_that_is_a_file_is_refused(run_cli, tmp_path):
    repo = project(tmp_path)
    (repo.root / "site.html").write_text("x", encoding="utf-8")
    code, out, err = run_cli("report", "--no-cache", "-o", "site.html", cwd=repo.root)
    assert code == 2 and "site.html" in err


def test_a_large_site_stays_small_per_page():
    """20,000 pairs (1,500 pages in 14 locales, as a Kubernetes-sized site): no page over
    1 MB, and the index a few kilobytes."""
    locales = [f"l{k:02d}" for k in range(14)]
    states = ["done", "done", "outdated", "missing"]
    entries = [site.Entry(loc, f"content/en/docs/page-{n:04d}.md", f"content/{loc}/docs/page-{n:04d}.md",
                          states[(n + k) % 4], Counter(error=n % 3, warning=k % 2), 0,
                          f"pairs/{n * 14 + k}.html" if states[(n + k) % 4] != "missing" else "")
               for n in range(1500) for k, loc in enumerate(locales)]
    pages = [("index.html", site.index_page(entries, "big"))] + site.matrix_pages(entries)
    for loc in locales:
        pages += site.locale_pages(entries, loc, site.Links())
    assert max(len(text.encode()) for _, text in pages) < 1_000_000
    assert len(pages[0][1].encode()) < 20_000


def test_the_index_in_a_browser(run_cli, tmp_path):
    out = tmp_path / "site"
    build(run_cli, project(tmp_path), out)
    dom = Dom(browse(out / "index.html", tmp_path, "--dump-dom"))
    assert dom.count("script") == 0 and dom.count("table") == 1
    shot = tmp_path / "index.png"
    browse(out / "index.html", tmp_path, f"--screenshot={shot}", "--window-size=1000,400", "--hide-scrollbars")
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 5_000
