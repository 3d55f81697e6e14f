"""A Kubernetes-sized Hugo site with its history: cold and warm `relsync check`, wall time and
peak memory, at several sizes of the tree.

    python benchmarks/bench_k8s.py [--scales 0.03125,0.0625,0.125] [--rounds 1] [--warm-rounds 3]
                                   [--small ../shared/corpus/tauri-docs] [--keep DIR]

kubernetes/website is a Hugo site: ``hugo.toml`` with a ``[languages.<lang>]`` table and a
``contentDir`` per language, English in ``content/en/docs/...`` and each translation in
``content/<lang>/docs/...``, about 1,500 English pages and 14 translations. At scale 1 the
benchmark builds, in a temporary directory, a git repository of that shape from
``../shared/corpus/fastapi-docs``: 1,500 English pages in 14 locales (21,000 pairs), each
English page a fastapi page translated in every one of its 12 languages, copied into
sections (``concepts/``, ``tasks/``, ...) with a Hugo front matter of its own (title, weight)
and the product named after its section in every language, so that no two pages have the
same text; the 12 languages are es, de, fr, hi, ja, ko, pt-br, ru, tr, uk, zh-cn and zh-tw
(fastapi's ``zh-hant``), and the 13th and 14th locales, ``it`` and ``pl``, reuse the Spanish
and Ukrainian pages. ``index.md`` is the Hugo branch bundle ``_index.md``.

The history is written with ``git fast-import`` (a few seconds at scale 1): English first,
each locale in a commit of its own after it, then ``2/3 x pages`` commits of upstream edits
(two edited prose lines per English page in all), one in fifteen renaming a page with its
translations, and after every tenth commit a locale's translators syncing the pages edited
in the ten commits before (their front matter gains a comment line), so that some
translations are behind upstream and some are not. Every count scales with the tree.

For each scale it runs, as whole commands on the repository (a new process each):

- ``relsync check --no-cache --format json -j 1``: cold, one process;
- the same with the default ``-j`` (one process per CPU): cold;
- ``relsync check --format json`` with an empty cache directory: cold, writing the cache;
- the same again (``--warm-rounds`` times): every pair a cache hit.

Each gives its wall time and peak memory: the largest resident set of one process (the
kernel's ``ru_maxrss`` of the command and the processes it waited for) and the sum over the
command's process tree, sampled from ``/proc`` every 100 ms. Cold runs are ``--rounds``
rounds (median), warm runs ``--warm-rounds``. The findings of the four commands must be the
same. The ratio per doubling of the tree (2.0 is linear, 4.0 quadratic) is given between
consecutive scales.

``--small DIR`` (repeatable) then measures the warm cache on a small project (a copy of it in
a temporary directory; default tauri-docs): the cache written once, then ``--warm-rounds``
warm runs. ``--scales ''`` measures only these.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
SRC = HERE.parent / "src"
sys.path.insert(0, str(HERE))

from bench_history import CORPUS, PROSE_RE, git  # noqa: E402
from cold import compiled  # noqa: E402

#: locale code of the site -> fastapi-docs directory its pages come from
LOCALES = {"de": "de", "es": "es", "fr": "fr", "hi": "hi", "ja": "ja", "ko": "ko", "pt-br": "pt", "ru": "ru",
           "tr": "tr", "uk": "uk", "zh-cn": "zh", "zh-tw": "zh-hant", "it": "es", "pl": "uk"}
SECTIONS = ("concepts", "tasks", "tutorials", "reference", "setup", "contribute", "concepts/workloads",
            "concepts/services-networking", "concepts/storage", "tasks/administer-cluster", "reference/kubectl",
            "setup/production-environment")
PRODUCTS = ("Kubernetes", "Kubelet", "Kubectl", "Kubeadm", "Minikube", "Etcd", "CoreDNS", "Containerd", "Helm",
            "Kustomize", "Ingress", "Gateway")
FULL_PAGES = 1500
FRONT_RE = re.compile(r"\A---\n.*?\n---\n+", re.S)
HEADING_RE = re.compile(r"^# (.+?)(?:\s*\{[^}]*\})?\s*$", re.M)
SYNCED_RE = re.compile(r"\A---\n")
WHEN = 1_700_000_000


# -- the tree ----------------------------------------------------------------------------------

def base_pages() -> list[str]:
    """The fastapi pages (relative to ``docs/en/docs``) that every one of its languages translates."""
    en = CORPUS / "docs" / "en" / "docs"
    out = []
    for page in sorted(en.rglob("*.md")):
        rel = page.relative_to(en).as_posix()
        if all((CORPUS / "docs" / src / "docs" / rel).is_file() for src in set(LOCALES.values())):
            out.append(rel)
    return out


@dataclass
class Page:
    """One English page of the site and where its texts come from."""

    base: str
    """Its fastapi page, relative to ``docs/<lang>/docs``."""
    copy: int
    rel: str
    """Its path under ``content/<lang>/docs/``."""
    weight: int


def site_pages(scale: float, bases: list[str]) -> list[Page]:
    pages = []
    for n in range(round(FULL_PAGES * scale)):
        copy, base = divmod(n, len(bases))
        section = SECTIONS[copy % len(SECTIONS)] + (f"-{copy // len(SECTIONS)}" if copy >= len(SECTIONS) else "")
        name = bases[base]
        hugo = name[: -len("index.md")] + "_index.md" if name.rsplit("/", 1)[-1] == "index.md" else name
        pages.append(Page(name, copy, f"{section}/{hugo}", 10 * (base + 1)))
    return pages


def page_text(text: str, page: Page) -> str:
    """A fastapi page as a page of the site: a Hugo front matter, the product renamed."""
    body = FRONT_RE.sub("", text, count=1)
    heading = HEADING_RE.search(body)
    title = heading.group(1).strip() if heading else page.rel
    product = PRODUCTS[page.copy % len(PRODUCTS)] + (f" {page.copy // len(PRODUCTS) + 1}"
                                                     if page.copy >= len(PRODUCTS) else "")
    front = f"---\ntitle: {json.dumps(title, ensure_ascii=False)}\ncontent_type: concept\nweight: {page.weight}\n---\n\n"
    return front + body.replace("FastAPI", product)


def hugo_toml() -> str:
    out = ['baseURL = "https://example.org"', 'title = "Example"', 'defaultContentLanguage = "en"',
           "defaultContentLanguageInSubdir = false", "", "[languages]",
           '[languages.en]\ntitle = "Example"\nweight = 1\ncontentDir = "content/en"']
    out += [f'[languages.{code}]\ntitle = "Example"\nweight = {k + 2}\ncontentDir = "content/{code}"'
            for k, code in enumerate(LOCALES)]
    return "\n".join(out) + "\n"


# -- the history (git fast-import) --------------------------------------------------------------

class Stream:
    """A ``git fast-import`` stream of commits on ``main``, one minute apart."""

    def __init__(self) -> None:
        self.parts: list[bytes] = []
        self.commits = 0

    def commit(self, message: str, changes: list[tuple[str, ...]]) -> None:
        when = WHEN + 60 * self.commits
        self.commits += 1
        msg = message.encode()
        self.parts.append(b"commit refs/heads/main\n"
                          + f"author Ada <ada@example.org> {when} +0000\n".encode()
                          + f"committer Ada <ada@example.org> {when} +0000\n".encode()
                          + f"data {len(msg)}\n".encode() + msg + b"\n")
        for change in changes:
            if change[0] == "M":
                data = change[2].encode()
                self.parts.append(f"M 100644 inline {change[1]}\ndata {len(data)}\n".encode() + data + b"\n")
            else:
                self.parts.append(f'R "{change[1]}" "{change[2]}"\n'.encode())
        self.parts.append(b"\n")

    def data(self) -> bytes:
        return b"".join(self.parts)


def _edit(text: str, rng: random.Random, n: int) -> str | None:
    lines = text.split("\n")
    prose = [k for k, line in enumerate(lines) if PROSE_RE.match(line)]
    if not prose:
        return None
    k = rng.choice(prose)
    lines[k] = lines[k][:-1] + f", as revision {n} says."
    return "\n".join(lines)


def _renamed(rel: str, n: int) -> str:
    """``a/b.md`` -> ``a/b-N.md``; a section's ``_index.md`` becomes the page ``page-N.md``."""
    if rel.endswith("_index.md"):
        return rel[: -len("_index.md")] + f"page-{n}.md"
    return rel[: -len(".md")] + f"-{n}.md"


def _synced(text: str, n: int) -> str:
    return SYNCED_RE.sub(f"---\n# synced with revision {n}\n", text, count=1)


def history(pages: list[Page]) -> tuple[Stream, dict[str, dict[str, str]]]:
    """The commits of the module docstring, and the files of the last one (language -> rel -> text)."""
    rng = random.Random(23)
    langs = ["en", *LOCALES]
    files: dict[str, dict[str, str]] = {lang: {} for lang in langs}
    for page in pages:
        files["en"][page.rel] = page_text((CORPUS / "docs" / "en" / "docs" / page.base).read_text(encoding="utf-8"), page)
        for code, src in LOCALES.items():
            text = (CORPUS / "docs" / src / "docs" / page.base).read_text(encoding="utf-8")
            files[code][page.rel] = page_text(text, page)
    stream = Stream()
    stream.commit("English documentation", [("M", "hugo.toml", hugo_toml())]
                  + [("M", f"content/en/docs/{rel}", text) for rel, text in files["en"].items()])
    for code in LOCALES:
        stream.commit(f"{code} translation", [("M", f"content/{code}/docs/{rel}", t) for rel, t in files[code].items()])
    commits = max(20, len(pages) * 2 // 3)
    edits_per_commit = 3
    current = [p.rel for p in pages]
    edited: set[int] = set()
    for n in range(commits):
        if n % 15 == 7:
            k = rng.randrange(len(current))
            old = current[k]
            new = _renamed(old, n)
            stream.commit(f"Rename {old}",
                          [("R", f"content/{lang}/docs/{old}", f"content/{lang}/docs/{new}") for lang in langs])
            for lang in langs:
                files[lang][new] = files[lang].pop(old)
            current[k] = new
            continue
        changes = []
        for _ in range(edits_per_commit):
            k = rng.randrange(len(current))
            text = _edit(files["en"][current[k]], rng, n)
            if text is not None:
                files["en"][current[k]] = text
                edited.add(k)
                changes.append(("M", f"content/en/docs/{current[k]}", text))
        stream.commit(f"Docs: revision {n}", changes)
        if n % 10 == 9 and edited:
            code = list(LOCALES)[(n // 10) % len(LOCALES)]
            synced = []
            for k in sorted(edited):
                files[code][current[k]] = _synced(files[code][current[k]], n)
                synced.append(("M", f"content/{code}/docs/{current[k]}", files[code][current[k]]))
            stream.commit(f"{code}: sync with upstream", synced)
            edited.clear()
    return stream, files


def build(root: Path, scale: float) -> dict[str, int]:
    """The repository at ``root``; its counts (pages, pairs, commits, MB of Markdown)."""
    pages = site_pages(scale, base_pages())
    stream, files = history(pages)
    root.mkdir(parents=True)
    git(root, "init", "-q")
    subprocess.run(["git", "fast-import", "--quiet"], cwd=root, input=stream.data(), check=True)
    git(root, "reset", "-q", "--hard", "main")
    size = sum(len(t.encode()) for lang in files.values() for t in lang.values())
    return {"pages": len(pages), "pairs": len(pages) * len(LOCALES), "commits": stream.commits,
            "MB": round(size / 1e6)}


# -- measuring ----------------------------------------------------------------------------------

def _tree_rss(root: int) -> int:
    """Resident bytes of the process ``root`` and all its descendants, from /proc."""
    parent: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            parent[int(entry)] = int(stat.rsplit(")", 1)[1].split()[1])
    tree, total = {root}, 0
    changed = True
    while changed:
        changed = False
        for pid, ppid in parent.items():
            if ppid in tree and pid not in tree:
                tree.add(pid)
                changed = True
    for pid in tree:
        try:
            total += int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * os.sysconf("SC_PAGE_SIZE")
        except OSError:
            pass
    return total


@dataclass
class Run:
    wall: float
    process_mb: float
    """The largest resident set of one process of the command."""
    tree_mb: float
    """The largest sum of the resident sets of the command's processes, sampled."""
    findings: str
    cpu: float = 0.0
    """User + system seconds of the command and the processes it waited for (git, workers)."""


def measure(cmd: list[str], cwd: Path) -> Run:
    env = dict(os.environ, PYTHONPATH=str(SRC))
    with tempfile.TemporaryFile() as out:
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=out, stderr=subprocess.DEVNULL)
        peak = [0]
        done = threading.Event()

        def sample() -> None:
            while not done.wait(0.1):
                peak[0] = max(peak[0], _tree_rss(proc.pid))

        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        done.set()
        sampler.join()
        if proc.returncode not in (0, 1):
            raise SystemExit(f"{' '.join(cmd)} in {cwd}: exit {proc.returncode}")
        out.seek(0)
        findings = json.dumps(json.loads(out.read())["findings"], sort_keys=True)
    return Run(wall, usage.ru_maxrss / 1024, peak[0] / 2**20, findings, usage.ru_utime + usage.ru_stime)


def median_run(runs: list[Run]) -> Run:
    return Run(statistics.median(r.wall for r in runs), max(r.process_mb for r in runs),
               max(r.tree_mb for r in runs), runs[0].findings, statistics.median(r.cpu for r in runs))


CHECK = [sys.executable, "-m", "relsync", "check", "--format", "json"]


def measure_scale(root: Path, rounds: int, warm_rounds: int) -> dict[str, Run]:
    cache = root.parent / f"{root.name}-cache"
    out: dict[str, list[Run]] = {"cold -j 1": [], "cold -j auto": [], "cache write": [], "warm": []}
    for _ in range(rounds):
        out["cold -j 1"].append(measure([*CHECK, "--no-cache", "-j", "1"], root))
        out["cold -j auto"].append(measure([*CHECK, "--no-cache"], root))
        shutil.rmtree(cache, ignore_errors=True)
        out["cache write"].append(measure([*CHECK, "--cache-dir", str(cache)], root))
    for _ in range(warm_rounds):
        out["warm"].append(measure([*CHECK, "--cache-dir", str(cache)], root))
    result = {name: median_run(runs) for name, runs in out.items()}
    first = result["cold -j 1"].findings
    for name, run in result.items():
        if run.findings != first:
            print(f"  {name} printed other findings than cold -j 1")
    return result


def per_doubling(t1: float, t0: float, s1: float, s0: float) -> float:
    """How much the time grows per doubling of the tree: 2.0 linear, 4.0 quadratic."""
    return (t1 / t0) ** (1 / math.log2(s1 / s0))


def report(rows: list[tuple[float, dict[str, int], dict[str, Run]]]) -> None:
    """The table of every scale; growth per doubling of the tree of the wall and CPU times."""
    print(f"\n{'scale':>7} {'pages':>5} {'pairs':>6} {'commits':>7} {'MB':>4} {'cold j1':>8} {'cpu j1':>7} "
          f"{'cold auto':>9} {'write':>7} {'warm':>6} {'peak j1':>7} {'peak auto':>9} {'peak warm':>9}  "
          "per doubling: wall j1, cpu j1, wall auto, warm")
    previous = None
    for scale, counts, r in rows:
        grow = ""
        if previous is not None:
            s0, p = previous
            keys = (("cold -j 1", "wall"), ("cold -j 1", "cpu"), ("cold -j auto", "wall"), ("warm", "wall"))
            grow = ", ".join(f"{per_doubling(getattr(r[k], a), getattr(p[k], a), scale, s0):.2f}" for k, a in keys)
        print(f"{scale:7.4g} {counts['pages']:5} {counts['pairs']:6} {counts['commits']:7} {counts['MB']:4} "
              f"{r['cold -j 1'].wall:7.1f}s {r['cold -j 1'].cpu:6.1f}s {r['cold -j auto'].wall:8.1f}s "
              f"{r['cache write'].wall:6.1f}s {r['warm'].wall:5.2f}s {r['cold -j 1'].process_mb:6.0f}M "
              f"{r['cold -j auto'].tree_mb:8.0f}M {r['warm'].tree_mb:8.0f}M  {grow}", flush=True)
        previous = (scale, r)


def small_project(corpus: Path, warm_rounds: int) -> None:
    with tempfile.TemporaryDirectory(prefix="relsync-bench-k8s-small-") as tmp:
        root = Path(tmp) / corpus.name
        shutil.copytree(corpus, root)
        write = measure(CHECK, root)
        warm = median_run([measure(CHECK, root) for _ in range(warm_rounds)])
        pairs = json.loads(subprocess.run([sys.executable, "-m", "relsync", "pairs", "--format", "json"], cwd=root,
                                          env=dict(os.environ, PYTHONPATH=str(SRC)), capture_output=True,
                                          check=True).stdout)["pairs"]
        print(f"\n{corpus}: {len(pairs)} pairs, cache written in {write.wall:.2f} s, "
              f"warm {warm.wall:.2f} s (CPU {warm.cpu:.2f} s, median of {warm_rounds}), peak {warm.tree_mb:.0f} MB")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--scales", default="0.03125,0.0625,0.125", help="sizes of the tree, 1 = 1,500 pages x 14 locales")
    ap.add_argument("--rounds", type=int, default=1, help="rounds of the cold runs (median)")
    ap.add_argument("--warm-rounds", type=int, default=3)
    ap.add_argument("--small", type=Path, action="append",
                    help="a small project whose warm cache is timed (repeatable; default: tauri-docs; 'none': skip)")
    ap.add_argument("--keep", type=Path, help="build the repositories here and keep them (reused when present)")
    args = ap.parse_args()
    work = args.keep or Path(tempfile.mkdtemp(prefix="relsync-bench-k8s-"))
    compiled(SRC)  # timed as an installed relsync runs
    rows = []
    for scale in (float(s) for s in args.scales.split(",") if s):
        root = work / f"site-{scale:g}"
        counts_file = work / f"site-{scale:g}.json"
        if not counts_file.is_file():
            shutil.rmtree(root, ignore_errors=True)
            started = time.perf_counter()
            counts = build(root, scale)
            counts_file.write_text(json.dumps(counts), encoding="utf-8")
            print(f"built {root} in {time.perf_counter() - started:.0f} s: {counts}", flush=True)
        counts = json.loads(counts_file.read_text(encoding="utf-8"))
        result = measure_scale(root, args.rounds, args.warm_rounds)
        for name, r in result.items():
            print(f"  scale {scale:g} {name:<13} {r.wall:7.2f} s  cpu {r.cpu:7.2f} s  largest process {r.process_mb:5.0f} MB  "
                  f"tree {r.tree_mb:5.0f} MB", flush=True)
        rows.append((scale, counts, result))
    if rows:
        report(rows)
    for small in args.small or [HERE.parent.parent / "shared" / "corpus" / "tauri-docs"]:
        if str(small) != "none":
            small_project(small, args.warm_rounds)
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
