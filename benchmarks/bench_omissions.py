"""Omissions and English injected into real translations, and the new rules' findings on the
untouched ones.

    python benchmarks/bench_omissions.py [--per-locale 4] [--fastapi-per-locale 3] [--blocks 4]
                                         [--corpus NAME] [--findings FILE.tsv]

For every document corpus of ``../shared/corpus`` (pairs sampled per language with a fixed
seed), in each sampled translation, up to ``--blocks`` translated blocks per kind are cut:

- ``last-sentence``: a paragraph of two or more sentences loses its last one;
- ``last-half``: a paragraph of two or more sentences loses its second half of sentences;
- ``middle-sentence``: a paragraph of three or more sentences loses one in the middle;
- ``list-item-half``: a list item loses its second half (cut at a word where the text writes
  spaces between words, Cyrillic, Devanagari and Hangul too; at its middle in Chinese and
  Japanese; its final punctuation kept);
- ``english-clause``: one sentence of a paragraph is replaced by upstream's English sentence
  (paragraphs with as many sentences as upstream).

Each cut is checked alone (the document with that one block cut), so that the document's
own translation ratio is that of a translation with one defect. A block that the rules
already report on the untouched translation is not cut. A cut is detected when a finding of
``omission`` or ``missing`` (``english-clause``: ``untranslated-clause`` or ``untranslated``)
is on the cut block's line. The share of a cut is measured on the text a reader reads (link
destinations, HTML tags with their attributes and emphasis markers left out, code kept): what
the block shows before the cut and no longer shows after it (a sentence inside a tag's
attribute, FastAPI's `<dfn title="…">`, is none, and is not replaced by English). Recall per kind and
language, for all cuts and for cuts of a third or more of the block (the figure the target
is stated in); ``--misses`` writes the missed cuts of a third or more. Then every finding of the new rules
on the untouched sampled translations is listed (``--findings`` writes them as TSV to be
judged).
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "src"))

from corpora import NAMES, corpus, sample  # noqa: E402

from relsync import sentences  # noqa: E402
from relsync.align import align  # noqa: E402
from relsync.io import read_text  # noqa: E402
from relsync.languages import letter_scripts, month_locales  # noqa: E402
from relsync.parse import parse  # noqa: E402
from relsync.pipeline import make_context  # noqa: E402
from relsync.checks import run_checks  # noqa: E402
from relsync.checks.masking import masked, prose_length  # noqa: E402
from relsync.checks.omission import _MIN_CHARS as MIN_CHARS  # noqa: E402

KINDS = ("last-sentence", "last-half", "middle-sentence", "list-item-half", "english-clause")
NEW_RULES = ("omission", "untranslated-clause", "untranslated")
DETECTS = {"english-clause": {"untranslated-clause", "untranslated"}}
OMISSION = {"omission", "missing"}
_CODE_RE = re.compile(r"`[^`\n]+`")
_MARKER_RE = re.compile(r"^(\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?)")
_HIDDEN_RE = re.compile(r"\]\([^)\s]*(?:\s+\"[^\"]*\")?\)|<[^>\n]+>|[*_`\[\]\s]")
#: Scripts written without spaces between words: a cut there falls at the middle.
_UNSPACED = ("Hani", "Kana", "Thai", "Laoo", "Khmr", "Mymr")
_END_RE = re.compile(r"[.!?。！？।؟։]+[\"'”」』）)]*$")


@dataclass
class Cut:
    kind: str
    locale: str
    line: int
    share: float


def _findings(up_text, tr_text, spec, cfg):
    up = parse(up_text, str(spec.upstream), ("en",))
    tr = parse(tr_text, str(spec.translation), month_locales(spec.locale))
    ctx = make_context(align(up, tr), cfg, spec.locale, spec.name)
    return run_checks(ctx, cfg.rule_enabled, cfg.rule_severity), ctx.alignment


def _visible(source: str) -> int:
    """Characters of a block's source that a reader reads."""
    return len(_HIDDEN_RE.sub("", source))


def _share(part: str, whole: str) -> float:
    return _visible(part) / max(1, _visible(whole))


def _raw_sentences(raw: str) -> list[tuple[int, int]]:
    return sentences.split_spans(raw, _CODE_RE.findall(raw))


def _cut(kind: str, lines: list[str], up_raw: str, up_kind: str, tr_kind: str) -> tuple[list[str], float] | None:
    """The block's lines after the cut, and the share of its text cut; None if it does not apply."""
    if len(lines) != 1:
        return None
    line = lines[0]
    m = _MARKER_RE.match(line) if tr_kind == "list_item" else None
    lead = m.group(1) if m else line[: len(line) - len(line.lstrip())]
    body = line[len(lead):]
    if not body.strip() or len(body) < 20:
        return None
    spans = _raw_sentences(body)
    if kind == "list-item-half":
        if tr_kind != "list_item":
            return None
        mid = len(body) // 2
        # at a word where the text writes spaces between words (Cyrillic, Devanagari, Hangul too)
        spaced = " " in body[:mid] and (sum(ch.isascii() for ch in body) > 0.8 * len(body)
                                        or not set(letter_scripts(body)) & set(_UNSPACED))
        cut = body.rfind(" ", 0, mid) if spaced else mid
        head = body[:cut]
        if cut <= 0 or any(head.count(a) != head.count(b) for a, b in ("[]", "()", "（）")) \
                or head.count("`") % 2 or head.count("**") % 2 or head.count("{{") != head.count("}}"):
            return None  # the cut would break markup
        end = _END_RE.search(body)
        new = body[:cut].rstrip(" ,;:，、") + (end.group(0) if end else "")
        return [lead + new], 1 - _share(new, body)
    if tr_kind != "paragraph" or up_kind != "paragraph":
        return None
    n = len(spans)
    if kind == "english-clause":
        up_spans = _raw_sentences(up_raw)
        if n < 2 or len(up_spans) != n:
            return None
        k = n // 2
        a, b = spans[k]
        english = up_raw[up_spans[k][0]:up_spans[k][1]]
        if _visible(body[:a] + body[b:]) == _visible(body):
            return None  # a sentence inside a tag's attribute: no text a reader reads
        return [lead + body[:a] + english + body[b:]], _share(body[a:b], body)
    if kind == "middle-sentence":
        if n < 3:
            return None
        drop = [n // 2]
    elif kind == "last-half":
        if n < 2:
            return None
        drop = list(range((n + 1) // 2, n)) if n > 2 else [1]
    else:
        if n < 2:
            return None
        drop = [n - 1]
    keep = [body[a:b] for k, (a, b) in enumerate(spans) if k not in drop]
    joiner = "" if not body.isascii() and not any(ch == " " for ch in body[spans[0][1]:spans[1][0] + 1]) else " "
    new = joiner.join(keep)
    # (what a reader no longer reads: a sentence inside a tag's attribute, a `<dfn title>`, is none)
    return [lead + new], max(0.0, 1 - _visible(new) / max(1, _visible(body)))


def _inject(kind, up_lines, tr_lines, al, rng, blocks, flagged):
    """Up to ``blocks`` cuts of one kind, each as (the translation's lines with that cut,
    line, share, line before, line after)."""
    eligible = []
    for pair in al.pairs:
        if len(pair.upstream) != 1 or len(pair.translation) != 1:
            continue
        up, tr = al.upstream.blocks[pair.upstream[0]], al.translation.blocks[pair.translation[0]]
        if up.kind != tr.kind or tr.kind not in ("paragraph", "list_item") or tr.quote or up.start != up.end:
            continue
        if tr.start in flagged:
            continue  # the rules report the untouched block already
        if prose_length(masked(up)[0]) < MIN_CHARS:
            continue  # too short a block for the rule to judge
        done = _cut(kind, tr_lines[tr.start - 1:tr.end], up_lines[up.start - 1].strip(), up.kind, tr.kind)
        if done is not None:
            eligible.append((tr, done))
    chosen = sorted(rng.sample(eligible, min(blocks, len(eligible))), key=lambda x: -x[0].start)
    cuts = []
    for tr, (new, share) in chosen:
        lines = list(tr_lines)
        lines[tr.start - 1:tr.end] = new
        cuts.append((lines, tr.start, share, tr_lines[tr.start - 1], new[0]))
    return cuts


def run_corpus(name, args, found_rows, stats, misses):
    specs, cfg = corpus(name)
    per = args.fastapi_per_locale if name == "fastapi-docs" else args.per_locale
    specs = sample(specs, per)
    for spec in specs:
        up_text, tr_text = read_text(spec.upstream), read_text(spec.translation)
        clean, al = _findings(up_text, tr_text, spec, cfg)
        clean_keys = {(f.slug, f.translation.line) for f in clean if f.translation}
        for f in clean:
            if f.slug in ("omission", "untranslated-clause") or (f.slug == "untranslated" and "translated page" in f.message):
                found_rows.append((name, spec.locale, str(spec.translation), f.translation.line if f.translation else "",
                                   f.upstream.line if f.upstream else "", f.slug, f.message))
        stats[name]["docs"] += 1
        up_lines, tr_lines = up_text.split("\n"), tr_text.split("\n")
        for kind in KINDS:
            want = DETECTS.get(kind, OMISSION)
            flagged = {line for slug, line in clean_keys if slug in want}
            # a seed of its own per document and kind: a change elsewhere does not move the sample
            rng = random.Random(f"{spec.name}:{spec.locale}:{kind}")
            for lines, line, share, before, cut in _inject(kind, up_lines, tr_lines, al, rng, args.blocks, flagged):
                after, _ = _findings(up_text, "\n".join(lines), spec, cfg)
                hit = any(f.slug in want and f.translation and f.translation.line == line for f in after)
                stats[name]["cuts"].append((kind, spec.locale, share, hit))
                if not hit and share >= 1 / 3:
                    up_line = next((al.upstream.blocks[p.upstream[0]].start for p in al.pairs if p.translation
                                    and al.translation.blocks[p.translation[0]].start == line), 0)
                    misses.append((name, kind, spec.locale, f"{spec.translation}:{line}", f"{share:.2f}",
                                   up_lines[up_line - 1] if up_line else "", before, cut))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--per-locale", type=int, default=12, help="pairs per language (default 12)")
    ap.add_argument("--fastapi-per-locale", type=int, default=3)
    ap.add_argument("--blocks", type=int, default=4, help="cuts per kind per document")
    ap.add_argument("--corpus", action="append", choices=NAMES)
    ap.add_argument("--findings", type=Path, help="write the untouched corpora's findings of the new rules here (TSV)")
    ap.add_argument("--misses", type=Path, help="write the cuts of a third or more that were missed here (TSV: "
                    "upstream line, translated line before and after the cut)")
    args = ap.parse_args(argv)
    rows: list[tuple] = []
    misses: list[tuple] = []
    stats = defaultdict(lambda: {"docs": 0, "cuts": []})
    for name in args.corpus or NAMES:
        run_corpus(name, args, rows, stats, misses)
    for name, st in stats.items():
        print(f"\n{name}: {st['docs']} documents")
        table = defaultdict(lambda: [0, 0, 0, 0])
        for kind, locale, share, hit in st["cuts"]:
            for key in ((kind, locale), (kind, "all")):
                t = table[key]
                t[0] += hit
                t[1] += 1
                if share >= 1 / 3:
                    t[2] += hit
                    t[3] += 1
        for (kind, locale), (h, n, h3, n3) in sorted(table.items()):
            third = f"{h3}/{n3} = {h3 / n3:.2f}" if n3 else "-"
            print(f"  {kind:16} {locale:8} all {h}/{n} = {h / n:.2f}   a third or more: {third}")
        found = [r for r in rows if r[0] == name]
        print(f"  findings of the new rules on the untouched translations: {len(found)} "
              f"({len(found) / max(st['docs'], 1):.2f} per document)")
    if args.findings:
        with args.findings.open("w", encoding="utf-8") as out:
            out.write("corpus\tlocale\ttranslation\tline\tupstream_line\trule\tmessage\n")
            for r in rows:
                out.write("\t".join(str(x).replace("\t", " ").replace("\n", " ") for x in r) + "\n")
    if args.misses:
        with args.misses.open("w", encoding="utf-8") as out:
            out.write("corpus\tkind\tlocale\twhere\tshare\tupstream\tbefore\tafter\n")
            for r in misses:
                out.write("\t".join(str(x).replace("\t", " ") for x in r) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
