"""Every language: language identification, English left behind, false `untranslated`.

On the two corpora of real translations (``../shared/corpus/mdn-firefox``: ja, zh-cn, zh-tw,
ko, fr, es, ru, pt-br, de; ``../shared/corpus/vue-docs``: zh) and, for languages without
real documents, the gettext catalogs the machine's Debian packages install
(``/usr/share/locale/<lang>/LC_MESSAGES/*.mo``: msgid English, msgstr a human translation):

1. identification: ``languages.is_english`` on paragraphs of 40+ characters of prose,
   English paragraphs (en-us, vue en, msgids) against target-language ones (translated
   blocks not near-identical to an English block of their page, msgstrs); balanced
   accuracy per language (mean of English called English and target not called English);
2. recall of RS102 ``untranslated`` on injected defects, per language: a translated
   paragraph or list item replaced by its upstream English (``identical``), or by an older
   English wording (``older``): for vue-docs, the year-old English paragraph of the same
   page that differs from today's (``vue-docs/year-old/en``); the MDN corpus has no older
   English revisions, so MDN translations get year-old vue English paragraphs instead;
3. RS102 findings per clean real document per language (clean: not listed as untranslated
   in the corpus's SOURCE.md), each printed for judging;
4. the identifier's cost: import, model load, per call.

    python benchmarks/bench_languages.py [--per-doc 3] [--verbose] [--json FILE]
"""

from __future__ import annotations

import argparse
import gettext
import json
import random
import statistics
import subprocess
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

from rapidfuzz import fuzz

import relsync
from relsync.checks.coverage import prose_text
from relsync.config import Config
from relsync.languages import IDENTIFY_MIN_CHARS, is_english, month_locales
from relsync.parse import parse

HERE = Path(__file__).resolve().parent
SHARED = HERE.parent.parent / "shared" / "corpus"
MDN = SHARED / "mdn-firefox"
VUE = SHARED / "vue-docs"
LOCALE_DIR = Path("/usr/share/locale")
#: Translations that SOURCE.md of the MDN corpus lists as untranslated, fully or partly.
UNTRANSLATED = {"ko/3", "pt-br/3", "pt-br/1.5", "ru/1.5", "zh-cn/1.5", "zh-tw/1.5", "de/5",
                "zh-cn/28", "fr/32", "ru/3", "zh-cn/3", "zh-tw/5", "ru/28", "zh-cn/32", "zh-cn/62"}
GETTEXT = {"uk": "uk", "id": "id", "vi": "vi", "bn": "bn", "hi": "hi", "ar": "ar", "de": "de",
           "pt-br": "pt_BR", "ru": "ru"}
PROSE_KINDS = ("paragraph", "list_item")
SAMPLE = 300


def documents() -> list[tuple[str, Path, Path, str]]:
    """(key, upstream, translation, locale) of every translation of both corpora."""
    out = []
    for tr in sorted(MDN.glob("*/*/index.md")):
        lang, version = tr.parts[-3], tr.parts[-2]
        if lang != "en-us":
            out.append((f"{lang}/{version}", MDN / "en-us" / version / "index.md", tr, lang))
    for en in sorted((VUE / "head" / "en").rglob("*.md")):
        rel = en.relative_to(VUE / "head" / "en").as_posix()
        out.append((f"vue/{rel}", en, VUE / "head" / "zh" / rel, "zh_CN"))
    return out


def language_of(key: str) -> str:
    return "vue-zh" if key.startswith("vue/") else key.split("/")[0]


def prose_blocks(text: str, locale: str = "en") -> list[tuple[object, str]]:
    doc = parse(text, "x.md", month_locales(locale))
    return [(b, prose_text(b.text, b.anchors.code)) for b in doc.blocks if b.kind in PROSE_KINDS]


# -- 1. identification ------------------------------------------------------------------------

def _sample(items: list[str], seed: str) -> list[str]:
    items = sorted(set(items))
    random.Random(seed).shuffle(items)
    return items[:SAMPLE]


def corpus_paragraphs(docs) -> tuple[list[str], dict[str, list[str]]]:
    english: list[str] = []
    target: dict[str, list[str]] = defaultdict(list)
    for key, up, tr, locale in docs:
        ups = [p for _, p in prose_blocks(up.read_text(encoding="utf-8"))]
        english += [p for p in ups if len(p) >= IDENTIFY_MIN_CHARS]
        if key in UNTRANSLATED:
            continue
        for _, p in prose_blocks(tr.read_text(encoding="utf-8"), locale):
            if len(p) >= IDENTIFY_MIN_CHARS and not any(fuzz.ratio(p, u) >= 90 for u in ups):
                target[language_of(key)].append(p)
    return english, target


def gettext_paragraphs() -> dict[str, tuple[list[str], list[str]]]:
    out = {}
    for lang, directory in GETTEXT.items():
        en, tr = [], []
        for mo in sorted((LOCALE_DIR / directory / "LC_MESSAGES").glob("*.mo")):
            try:
                with mo.open("rb") as f:
                    catalog = gettext.GNUTranslations(f)._catalog
            except Exception:  # a catalog Python cannot read is left out
                continue
            for msgid, msgstr in catalog.items():
                if not isinstance(msgid, str) or not msgid or not isinstance(msgstr, str):
                    continue
                s, t = " ".join(msgid.split()), " ".join(msgstr.split())
                if len(s) >= IDENTIFY_MIN_CHARS and len(t) >= IDENTIFY_MIN_CHARS and fuzz.ratio(s, t) < 90:
                    en.append(s)
                    tr.append(t)
        if tr:
            out[lang] = (_sample(en, lang + "en"), _sample(tr, lang))
    return out


def identification(docs, verbose: bool) -> list[dict]:
    english, target = corpus_paragraphs(docs)
    english = _sample(english, "en")
    rows = []
    sets = [(lang, "corpus", english, _sample(paras, lang)) for lang, paras in sorted(target.items())]
    sets += [(lang, "gettext", en, tr) for lang, (en, tr) in sorted(gettext_paragraphs().items())]
    for lang, source, en, tr in sets:
        locale = "zh_CN" if lang == "vue-zh" else lang
        en_hit = sum(1 for p in en if is_english(p, locale) is True)
        tr_kept = [p for p in tr if is_english(p, locale) is not True]
        accuracy = (en_hit / len(en) + len(tr_kept) / len(tr)) / 2
        rows.append(dict(language=lang, source=source, english=len(en), english_found=en_hit,
                         target=len(tr), target_kept=len(tr_kept), accuracy=round(accuracy, 4)))
        if verbose:
            for p in tr:
                if p not in tr_kept:
                    print(f"  {lang} ({source}) called English: {p[:150]}")
    return rows


# -- 2. injected English ----------------------------------------------------------------------

def older_wordings() -> tuple[dict[str, dict[str, str]], list[str]]:
    """Per vue page, today's English paragraph -> its year-old wording (when it differs), and
    every such year-old paragraph."""
    by_page: dict[str, dict[str, str]] = {}
    pool: list[str] = []
    for en in sorted((VUE / "head" / "en").rglob("*.md")):
        rel = en.relative_to(VUE / "head" / "en").as_posix()
        old = VUE / "year-old" / "en" / rel
        if not old.is_file():
            continue
        head = [b.source for b, p in prose_blocks(en.read_text(encoding="utf-8")) if len(p) >= IDENTIFY_MIN_CHARS]
        before = [b.source for b, p in prose_blocks(old.read_text(encoding="utf-8")) if len(p) >= IDENTIFY_MIN_CHARS]
        head_set = set(head)
        mapping = {}
        for h in head:
            best = max(before, key=lambda o: fuzz.ratio(h, o), default=None)
            if best is not None and best not in head_set and 60 <= fuzz.ratio(h, best) < 100:
                mapping[h] = best
                pool.append(best)
        by_page[rel] = mapping
    return by_page, sorted(set(pool))


def _replace_block(lines: list[str], block, new_text: str) -> list[str]:
    """The translation with ``block``'s text replaced by ``new_text`` (on one line, after the
    block's own marker and indentation)."""
    first = lines[block.start - 1]
    head = block.source.split("\n", 1)[0].strip()
    col = first.find(head) if head else -1
    prefix = first[:col] if col >= 0 else ""
    return lines[:block.start - 1] + [prefix + " ".join(new_text.split())] + lines[block.end:]


def injections(docs, per_doc: int, verbose: bool) -> dict[str, Counter]:
    by_page, pool = older_wordings()
    rng = random.Random(13)
    results: dict[str, Counter] = defaultdict(Counter)
    for key, up_path, tr_path, locale in docs:
        if key in UNTRANSLATED:
            continue
        up_text, tr_text = up_path.read_text(encoding="utf-8"), tr_path.read_text(encoding="utf-8")
        up_doc = parse(up_text, "up.md")
        tr_doc = parse(tr_text, "tr.md", month_locales(locale))
        al = relsync.align(up_doc, tr_doc)
        clean = {f.translation.line for f in relsync.check(up_doc, tr_doc, locale=locale)
                 if f.translation}
        candidates = []
        for pair in al.pairs:
            if len(pair.upstream) != 1 or len(pair.translation) != 1:
                continue
            ub, tb = up_doc.blocks[pair.upstream[0]], tr_doc.blocks[pair.translation[0]]
            if ub.kind != tb.kind or tb.kind not in PROSE_KINDS or tb.start in clean:
                continue
            if len(prose_text(ub.text, ub.anchors.code)) >= IDENTIFY_MIN_CHARS and tb.end - tb.start < 8:
                candidates.append((ub, tb))
        rel = key[4:] if key.startswith("vue/") else None
        for kind in ("identical", "older"):
            chosen = []
            for ub, tb in candidates:
                if kind == "older":
                    older = by_page.get(rel, {}).get(ub.source) if rel else rng.choice(pool)
                    if not older:
                        continue
                    chosen.append((ub, tb, older))
                else:
                    chosen.append((ub, tb, ub.source))
            step = max(1, min(3, len(chosen) // max(1, per_doc)))
            chosen = chosen[::step][:per_doc]  # spread out: no two injected blocks adjacent
            if not chosen:
                continue
            lines = tr_text.split("\n")
            for ub, tb, text in sorted(chosen, key=lambda c: -c[1].start):
                lines = _replace_block(lines, tb, text)
            injected = "\n".join(lines)
            # line numbers after the splices: each replaced block became one line
            starts, shift = [], 0
            for ub, tb, text in sorted(chosen, key=lambda c: c[1].start):
                starts.append(tb.start - shift)
                shift += tb.end - tb.start
            found = {f.translation.line for f in relsync.check(up_text, injected, locale=locale)
                     if f.slug == "untranslated" and f.translation}
            lang = language_of(key)
            for start, (ub, tb, text) in zip(starts, sorted(chosen, key=lambda c: c[1].start)):
                hit = start in found
                results[lang][f"{kind}:total"] += 1
                results[lang][f"{kind}:found"] += hit
                if verbose and not hit:
                    print(f"  missed {kind} {key}:{start} ({_paired(up_text, injected, start, locale)}): {text[:120]}")
    return results


def _paired(up_text: str, tr_text: str, line: int, locale: str) -> str:
    """How the alignment placed the translation block at ``line``: matched or extra."""
    al = relsync.align(parse(up_text, "up.md"), parse(tr_text, "tr.md", month_locales(locale)))
    for pair in al.pairs:
        if any(al.translation.blocks[i].start == line for i in pair.translation):
            return f"matched, score {pair.score}" if pair.upstream else "extra"
    return "not found"


# -- 3. false findings ------------------------------------------------------------------------

def clean_findings(docs, verbose: bool) -> tuple[Counter, Counter, list[str]]:
    counts: Counter = Counter()
    per_doc: Counter = Counter()
    listed = []
    cfg = Config(root=MDN)
    for key, up, tr, locale in docs:
        if key in UNTRANSLATED:
            continue
        lang = language_of(key)
        per_doc[lang] += 1
        findings = relsync.check_files(up, tr, locale=locale, config=cfg)
        for f in findings:
            if f.slug == "untranslated":
                counts[(lang, str(f.severity))] += 1
                listed.append(f"{key}:{f.translation.line} {f.severity}: {f.message}")
    if verbose:
        for line in listed:
            print("  " + line)
    return counts, per_doc, listed


# -- 4. cost ----------------------------------------------------------------------------------

_COST = r"""
import time, json
t0 = time.perf_counter(); import relsync.languages as L; t1 = time.perf_counter()
L._identifier(); t2 = time.perf_counter()
L.is_english("This paragraph is long enough to be read by the identifier.", "de"); t3 = time.perf_counter()
texts = ["Firefox unterstützt jetzt die Web Audio API und viele weitere Dinge.",
         "The fetch() method of Firefox 57 supports AbortController and more."] * 500
t4 = time.perf_counter()
for t in texts: L.is_english(t, "de")
t5 = time.perf_counter()
print(json.dumps({"import_relsync_languages_ms": (t1 - t0) * 1e3, "load_model_ms": (t2 - t1) * 1e3,
                  "first_restricted_call_ms": (t3 - t2) * 1e3, "per_call_us": (t5 - t4) / len(texts) * 1e6}))
"""


def cost(rounds: int) -> dict[str, float]:
    runs = []
    for _ in range(rounds):
        out = subprocess.run([sys.executable, "-c", _COST], capture_output=True, text=True, check=True).stdout
        runs.append(json.loads(out))
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-c", "import numpy, py3langid.langid"], check=True)
    imports = (time.perf_counter() - t0) * 1e3
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-c", "pass"], check=True)
    bare = (time.perf_counter() - t0) * 1e3
    out = {k: round(statistics.median(r[k] for r in runs), 2) for k in runs[0]}
    out["import_numpy_py3langid_ms"] = round(imports - bare, 1)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--per-doc", type=int, default=3, help="injected defects of each kind per document")
    ap.add_argument("--rounds", type=int, default=3, help="runs of the cost measurement")
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("--json", help="write the figures to this file")
    args = ap.parse_args(argv)
    if not MDN.is_dir() or not VUE.is_dir():
        print(f"no corpora under {SHARED}", file=sys.stderr)
        return 2
    docs = documents()
    report: dict[str, object] = {}

    rows = identification(docs, args.verbose)
    report["identification"] = rows
    print(f"language identification, paragraphs of {IDENTIFY_MIN_CHARS}+ characters (is_english)")
    print(f"{'language':8} {'source':8} {'English found':>15} {'target kept':>13} {'accuracy':>9}")
    for r in rows:
        print(f"{r['language']:8} {r['source']:8} {r['english_found']:>7}/{r['english']:<7} "
              f"{r['target_kept']:>5}/{r['target']:<7} {r['accuracy']:>9.3f}")

    results = injections(docs, args.per_doc, args.verbose)
    report["recall"] = {lang: dict(c) for lang, c in results.items()}
    print("\nrecall of untranslated (RS102) on injected English")
    print(f"{'language':8} {'identical':>14} {'older wording':>16}")
    for lang in sorted(results):
        c = results[lang]
        cells = []
        for kind in ("identical", "older"):
            n = c[f"{kind}:total"]
            cells.append(f"{c[f'{kind}:found'] / n:.3f} ({c[f'{kind}:found']}/{n})" if n else "-")
        print(f"{lang:8} {cells[0]:>14} {cells[1]:>16}")

    counts, per_doc, listed = clean_findings(docs, args.verbose)
    report["clean"] = {"documents": dict(per_doc), "findings": listed}
    print("\nuntranslated (RS102) findings per clean real document")
    for lang in sorted(per_doc):
        n = per_doc[lang]
        print(f"{lang:8} {n:3} documents  warning {counts[(lang, 'warning')] / n:.2f}/doc "
              f"({counts[(lang, 'warning')]})  error {counts[(lang, 'error')] / n:.2f}/doc")

    figures = cost(args.rounds)
    report["cost"] = figures
    print("\nidentifier cost (median of", args.rounds, "fresh processes):",
          ", ".join(f"{k} {v}" for k, v in figures.items()))
    if args.json:
        Path(args.json).write_text(json.dumps(report, ensure_ascii=False, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
