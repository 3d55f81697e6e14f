"""The HTML report, loaded in a real browser (headless Chromium): rows and statuses from the
DOM, a screenshot, and hostile translations rendered as inert text."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest

from relsync.config import Config
from relsync.pipeline import align_files, check_pair
from relsync.project import PairSpec
from relsync.report.views import pair_statuses

from .conftest import EXAMPLE_TR, EXAMPLE_UP, FIXTURES, ROOT
from .test_stale import TR, UP, Repo, line_of

CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def chromium() -> str:
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    if os.environ.get("CI"):
        pytest.fail("chromium is not installed: .ci/run installs the Debian package `chromium`")
    pytest.skip("chromium is not installed (apt-get install chromium)")


def browse(page: Path, tmp_path: Path, *args: str) -> str:
    """Run headless Chromium on a local file; its stdout (the DOM with --dump-dom)."""
    proc = subprocess.run(
        [chromium(), *CHROMIUM_FLAGS, f"--user-data-dir={tmp_path / 'chromium-profile'}", *args,
         page.resolve().as_uri()],
        capture_output=True, text=True, timeout=120,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    return proc.stdout


class Dom(HTMLParser):
    """The elements of a dumped DOM: tag names and attributes, and the text of each row."""

    def __init__(self, markup: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.rows: list[dict[str, str | None]] = []
        self.row_text: list[str] = []
        self._in_row = 0
        self.feed(markup)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.tags.append((tag, attrs))
        if tag == "tr" and "data-status" in attrs:
            self.rows.append(attrs)
            self.row_text.append("")
            self._in_row = 1
        elif tag == "tr":
            self._in_row = 0

    def handle_data(self, data):
        if self._in_row:
            self.row_text[-1] += data

    def count(self, tag: str) -> int:
        return sum(1 for t, _ in self.tags if t == tag)


def render(run_cli, out: Path, *args: str, cwd: Path = ROOT) -> str:
    code, _, err = run_cli("diff", "--format", "html", "-o", str(out), *args, cwd=cwd)
    assert code in (0, 1), err
    return out.read_text(encoding="utf-8")


def test_report_of_the_bundled_example_in_chromium(run_cli, tmp_path):
    page = render(run_cli, tmp_path / "report.html", str(EXAMPLE_UP), str(EXAMPLE_TR))
    assert re.search(r"<(?:script|link|img|iframe)\b", page) is None  # self-contained, inert
    dom = Dom(browse(tmp_path / "report.html", tmp_path, "--dump-dom"))
    al = align_files(EXAMPLE_UP, EXAMPLE_TR, "zh_CN")
    spec = PairSpec(EXAMPLE_UP, EXAMPLE_TR, "zh_CN", EXAMPLE_UP.name)
    expected = [v.status for v in pair_statuses(al, check_pair(spec, Config(root=ROOT), al))]
    assert [r["data-status"] for r in dom.rows] == expected
    by_tr_line = {r.get("data-translation-line"): r["data-status"] for r in dom.rows}
    assert by_tr_line["2"] == "inconsistent"  # title says 2.5 where the document announces 2.6
    assert by_tr_line["5"] == "inconsistent"  # wrong date
    assert by_tr_line["7"] == "extra"  # the translator's credit line
    assert by_tr_line["21"] == "untranslated"  # table header left in English
    assert {"ok", "extra", "untranslated", "inconsistent"} <= set(by_tr_line.values())
    problems = [r for r in dom.rows if r["data-status"] != "ok"]
    assert [r.get("id") for r in problems] == [f"p-{k}" for k in range(1, len(problems) + 1)]
    links = {a.get("href") for t, a in dom.tags if t == "a"}
    assert {f"#p-{k}" for k in range(1, len(problems) + 1)} <= links | {"#p-1"}
    assert dom.count("script") == 0 and dom.count("link") == 0 and dom.count("img") == 0
    summary = [a for t, a in dom.tags if t == "tr" and a.get("data-locale") == "zh_CN"]
    assert len(summary) == 1
    shot = tmp_path / "report.png"
    browse(tmp_path / "report.html", tmp_path, f"--screenshot={shot}", "--window-size=1400,1800",
           "--hide-scrollbars")
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 20_000


def test_hostile_translation_renders_as_inert_text(run_cli, tmp_path):
    hostile = FIXTURES / "stale" / "hostile"
    page = render(run_cli, tmp_path / "hostile.html", str(hostile / "upstream.md"),
                  str(hostile / "zh_CN.md"), "--locale", "zh_CN")
    dom = Dom(browse(tmp_path / "hostile.html", tmp_path, "--dump-dom"))
    assert dom.count("script") == 0 and dom.count("img") == 0 and dom.count("iframe") == 0
    assert not [a for _, a in dom.tags if any(k.startswith("on") for k in a)]
    assert not [a for _, a in dom.tags if "javascript:" in (a.get("href") or "")]
    text = "".join(dom.row_text)
    assert "<script>alert('relsync')</script>" in text
    assert "onerror=alert(2)" in text and "javascript:alert(1)" in text
    assert "<script>" not in page and "&lt;script&gt;" in page


def test_stale_rows_show_the_upstream_word_diff(run_cli, tmp_path):
    repo = Repo(tmp_path / "site")
    repo.write(UP, (FIXTURES / "stale" / "repo" / "upstream.md").read_text(encoding="utf-8"))
    repo.write(TR, (FIXTURES / "stale" / "repo" / "zh_CN.md").read_text(encoding="utf-8"))
    repo.commit("Release notes and translation")
    repo.edit(UP, ("builds an execution plan", "builds and caches an execution plan"))
    repo.commit("Upstream: plan caching")
    page = render(run_cli, tmp_path / "stale.html", cwd=repo.root)
    dom = Dom(page)
    stale_rows = [k for k, r in enumerate(dom.rows) if r["data-status"] == "stale"]
    assert len(stale_rows) == 1
    row = dom.rows[stale_rows[0]]
    assert row["data-translation-line"] == str(line_of(repo, TR, "Scheduler.compile"))
    assert row["data-upstream-line"] == str(line_of(repo, UP, "Scheduler.compile"))
    assert "builds <ins>and caches </ins>an execution plan" in page
    assert "builds and caches an execution plan" in dom.row_text[stale_rows[0]]


#: One sentence per script the report must render (the language, its text).
SCRIPT_SAMPLES = {
    "ja": "このリリースではネットワークとセキュリティが改善されました。",
    "ko": "이 릴리스는 네트워킹과 보안을 개선합니다.",
    "zh_CN": "本版本改进了网络和安全。",
    "ru": "Этот выпуск улучшает сеть и безопасность.",
    "hi": "यह संस्करण नेटवर्किंग और सुरक्षा में सुधार करता है।",
    "bn": "এই সংস্করণে নেটওয়ার্কিং এবং নিরাপত্তার উন্নতি হয়েছে।",
    "ar": "يحسن هذا الإصدار الشبكات والأمان.",
}
#: A character no font has: what a missing glyph looks like.
NO_GLYPH = "\U000f0000"


def _script_project(root: Path) -> None:
    (root / "upstream").mkdir(parents=True)
    (root / "upstream" / "notes.md").write_text("# Notes\n\nThis release improves networking and security.\n",
                                               encoding="utf-8")
    for locale, text in SCRIPT_SAMPLES.items():
        (root / "locales" / locale).mkdir(parents=True)
        (root / "locales" / locale / "notes.md").write_text(f"# Notes\n\n{text}\n", encoding="utf-8")


def test_report_renders_every_script_with_real_glyphs(run_cli, tmp_path):
    """Each script's text, screenshotted, differs from the same number of missing glyphs: a
    machine without the fonts (fonts-noto-cjk, fonts-noto-core) would show boxes."""
    _script_project(tmp_path / "site")
    page = render(run_cli, tmp_path / "scripts.html", cwd=tmp_path / "site")
    dom = Dom(browse(tmp_path / "scripts.html", tmp_path, "--dump-dom"))
    prose = {a.get("lang"): a for t, a in dom.tags if t == "div" and "src" in (a.get("class") or "")}
    assert {"en", "ja", "ko", "zh-CN", "ru", "hi", "bn", "ar"} <= set(prose)
    assert all(a.get("dir") == "auto" for a in prose.values())

    def shot(markup: str, name: str) -> bytes:
        (tmp_path / f"{name}.html").write_text(markup, encoding="utf-8")
        png = tmp_path / f"{name}.png"
        browse(tmp_path / f"{name}.html", tmp_path, f"--screenshot={png}", "--window-size=1200,2400",
               "--hide-scrollbars")
        return png.read_bytes()

    real = shot(page, "real")
    for locale, text in SCRIPT_SAMPLES.items():
        boxes = page.replace(text, "".join(NO_GLYPH if not ch.isspace() else ch for ch in text))
        assert boxes != page
        assert shot(boxes, f"boxes-{locale}") != real, f"{locale}: the report shows boxes, not glyphs"
