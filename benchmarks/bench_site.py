"""The status site at Kubernetes size: 1,500 upstream pages in 14 locales (21,000 entries,
about 20,000 pairs), written by `relsync.report.site` from synthetic entries; the largest
page, the time to write the list pages, and the time headless Chromium takes to open the
index and the first matrix page, beside an empty page (Chromium's own start-up).

    python benchmarks/bench_site.py [--rounds 5]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import tempfile
import time
from collections import Counter
from pathlib import Path

from relsync.report import site

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def entries(pages: int = 1500, locales: int = 14) -> list[site.Entry]:
    names = [f"l{k:02d}" for k in range(locales)]
    states = ["done", "done", "done", "outdated", "missing"]
    out = []
    for n in range(pages):
        for k, loc in enumerate(names):
            state = states[(n * 7 + k) % len(states)]
            out.append(site.Entry(loc, f"content/en/docs/section-{n % 40}/page-{n:04d}.md",
                                  f"content/{loc}/docs/section-{n % 40}/page-{n:04d}.md", state,
                                  Counter(error=n % 3, warning=(n + k) % 4, info=k % 2), (n + k) % 3,
                                  "" if state == "missing" else f"pairs/{n * locales + k}.html"))
    return out


def open_time(browser: str, page: Path, profile: Path, rounds: int) -> float:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        subprocess.run([browser, *FLAGS, f"--user-data-dir={profile}", "--dump-dom", page.as_uri()],
                       capture_output=True, check=True, timeout=120)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    found = entries()
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "site"
        start = time.perf_counter()
        written = site.write_site(out, found, [], "Kubernetes-sized")
        wrote = time.perf_counter() - start
        sizes = {p.name: p.stat().st_size for p in written}
        print(f"{len(found):,} entries: {len(written)} list pages written in {wrote:.2f} s; index "
              f"{sizes['index.html'] / 1024:.1f} KiB; largest page {max(sizes.values()) / 1024:.0f} KiB "
              f"({max(sizes, key=sizes.get)})")
        browser = shutil.which("chromium") or shutil.which("chromium-browser")
        if browser is None:
            print("chromium is not installed: no open times")
            return
        empty = Path(tmp) / "empty.html"
        empty.write_text("<!DOCTYPE html><title>empty</title>", encoding="utf-8")
        profile = Path(tmp) / "profile"
        base = open_time(browser, empty, profile, args.rounds)
        index = open_time(browser, out / "index.html", profile, args.rounds)
        matrix = open_time(browser, out / "matrix.html", profile, args.rounds)
        print(f"Chromium, median of {args.rounds}: empty page {base:.2f} s; index {index:.2f} s "
              f"(+{index - base:.2f} s); matrix page 1 {matrix:.2f} s (+{matrix - base:.2f} s)")


if __name__ == "__main__":
    main()
