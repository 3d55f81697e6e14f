"""Every error-level finding of ``relsync check`` on the tauri-docs corpus, judged, one line
per finding, written to ``benchmarks/tauri_findings.tsv``.

The judgments come from reading both files of each finding (RESULTS.md, "tauri-docs:
error-level findings judged"). The corpus is one commit of a site whose translations were
made from older English pages, so most findings are upstream changes the translation has not
followed. Findings read one by one are listed in ``READ``; the others fall into categories
decided from the finding's values, each read on samples (the category says so).

    python benchmarks/tauri_judge.py [--relsync .venv/bin/relsync] [--out benchmarks/tauri_findings.tsv]
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
CORPUS = HERE.parent.parent / "shared" / "corpus" / "tauri-docs"
DOCS = "src/content/docs/"

FALSE, DEFECT, UPSTREAM, PAGE = "false", "real defect", "real upstream change", "untranslated page"

#: Findings read one by one: (rule, translation path under src/content/docs/, line) -> judgment.
READ: dict[tuple[str, str, int], tuple[str, str]] = {
    ("RS203", "zh-cn/develop/updating-dependencies.mdx", 35):
        (DEFECT, "`Cargo outdated` for the command `cargo outdated`"),
    ("RS203", "zh-cn/distribute/flatpak.mdx", 56):
        (DEFECT, "org.Gnome.Platform for org.gnome.Platform in the command"),
    ("RS203", "zh-cn/plugin/cli.mdx", 165):
        (DEFECT, "a full-width comma inside the code `[\"foo\"， \"bar\"]`"),
    ("RS203", "zh-cn/develop/Plugins/index.mdx", 271):
        (DEFECT, "`command.rs` for the file `commands.rs`"),
    ("RS203", "zh-cn/plugin/dialog.mdx", 42):
        (DEFECT, "`cargo .toml` for `Cargo.toml` (and upstream reworded the step)"),
    ("RS203", "zh-cn/plugin/http-client.mdx", 39):
        (DEFECT, "`cargo.toml` for `Cargo.toml` (and upstream reworded the step)"),
    ("RS203", "zh-cn/plugin/upload.mdx", 45):
        (DEFECT, "`pb fn run()` in the code block (and upstream changed it)"),
    ("RS203", "zh-cn/develop/sidecar.mdx", 30):
        (FALSE, "the placeholder `<PROJECT ROOT>` translated `<项目根目录>` in a code span"),
    ("RS203", "zh-cn/start/migrate/from-tauri-1.mdx", 685):
        (FALSE, "`copy(app,None)?` for `copy(app, None)?`: a space, the same code"),
    ("RS203", "zh-cn/develop/Plugins/index.mdx", 56):
        (FALSE, "a plain-text tree whose annotations are translated with their punctuation "
                "(`setup state...` / `设置状态……`)"),
    ("RS204", "es/plugin/dialog.mdx", 84):
        (FALSE, "alignment: the translation's list of anchors paired with upstream's note about "
                "content URIs, which the older translation lacks"),
    ("RS204", "zh-cn/plugin/dialog.mdx", 86):
        (FALSE, "alignment: the translation's list of anchors paired with upstream's note about "
                "content URIs, which the older translation lacks"),
}

_FRAGMENT_RE = re.compile(r"link target (#\S+) where upstream links to (#\S+)$")
_ASSET_RE = re.compile(r"link target \./\S+\.(?:png|jpe?g|svg|webp) where upstream links to @assets/")


def judge(f: dict) -> tuple[str, str]:
    """The judgment of one error-level finding and its reason."""
    tr = (f.get("translation") or {})
    path = (tr.get("path") or "").removeprefix(DOCS)
    read = READ.get((f["rule"], path, tr.get("line")))
    if read is not None:
        return read
    rule, msg = f["rule"], f["message"]
    if rule == "RS101" and (f.get("translation") is None or msg.startswith("no ")):
        return PAGE, "no translation of the page; Starlight shows the English page in its place"
    if rule == "RS101":
        return UPSTREAM, ("a block the older translation does not have: upstream added or reorganized it "
                          "(category, read on samples)")
    if rule == "RS204" and _FRAGMENT_RE.search(msg):
        return FALSE, "a heading anchor written in the translation's language (its own heading's id)"
    if rule == "RS204" and _ASSET_RE.search(msg):
        return FALSE, "the same image, by a path beside the page where upstream uses the @assets alias"
    if rule == "RS204":
        return UPSTREAM, "upstream links elsewhere since (tauri.app/v1 pages, docs.rs 2.0.0, new security pages)"
    if rule in ("RS201", "RS203"):
        return UPSTREAM, ("upstream changed the code, the version or the configuration names since the "
                          "translation (Tauri 2: frontendDist, new plugin setup, new APIs)")
    return "unjudged", ""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--relsync", default=str(HERE.parent / ".venv" / "bin" / "relsync"))
    ap.add_argument("--out", default=str(HERE / "tauri_findings.tsv"))
    args = ap.parse_args()
    run = subprocess.run([args.relsync, "check", "--no-cache", "--format", "json"], cwd=CORPUS,
                         capture_output=True, text=True, check=False)
    data = json.loads(run.stdout)
    rows = []
    counts: Counter[str] = Counter()
    by_rule: Counter[tuple[str, str]] = Counter()
    for f in data["findings"]:
        if f["severity"] != "error":
            continue
        verdict, reason = judge(f)
        counts[verdict] += 1
        by_rule[(f["rule"], verdict)] += 1
        tr, up = f.get("translation") or {}, f.get("upstream") or {}
        rows.append("\t".join(str(x) for x in (
            f["rule"], f["slug"], tr.get("path", ""), tr.get("line", ""), up.get("path", ""), up.get("line", ""),
            verdict, reason, " ".join(f["message"].split()))))
    header = "rule\tslug\ttranslation\tline\tupstream\tupstream_line\tjudgment\treason\tmessage"
    Path(args.out).write_text(header + "\n" + "\n".join(rows) + "\n", encoding="utf-8")
    pairs = data["summary"]["pairs"]
    print(f"{pairs} translated documents, {sum(counts.values())} error-level findings")
    for verdict, n in counts.most_common():
        print(f"  {verdict}: {n}")
    for (rule, verdict), n in sorted(by_rule.items()):
        print(f"  {rule} {verdict}: {n}")
    print(f"false per translated document: {counts[FALSE] / pairs:.2f}")


if __name__ == "__main__":
    main()
