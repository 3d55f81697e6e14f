"""Write ``src/relsync/data/english-common.tsv``: the English words common enough to be
ordinary English rather than a name or a term (wordfreq's Zipf frequency of 4.0 or more,
:data:`relsync.checks.english.COMMON_ZIPF`), each with its frequency as wordfreq keeps it (in centibels);
and ``src/relsync/data/english-shared.tsv.gz``: for each language written in Latin letters
that wordfreq knows, those of the English words that are words of that language too (Zipf
3.0 or more there: French "conditions", Portuguese "resolve"), one line per language.

    python scripts/update_english_words.py

relsync reads the table instead of loading wordfreq's lists (about 0.3 s of every cold run
that meets a heading in English); ``tests/test_languages.py`` checks it against wordfreq,
which the tests install.
"""

from __future__ import annotations

import gzip
from pathlib import Path

from wordfreq import available_languages, get_frequency_list

OUT = Path(__file__).resolve().parent.parent / "src" / "relsync" / "data" / "english-common.tsv"
#: Zipf 4.0 after wordfreq's rounding to two decimals: log10(f) + 9 >= 3.995.
MIN_FREQUENCY = 10 ** (3.995 - 9)
SHARED = OUT.with_name("english-shared.tsv.gz")
#: A word of another language: Zipf 3.0 or more there.
MIN_SHARED_FREQUENCY = 10 ** (2.995 - 9)
#: wordfreq's languages written in Latin letters.
LATIN = ("ca", "cs", "da", "de", "es", "fi", "fil", "fr", "hu", "id", "is", "it", "lt", "lv", "ms", "nb", "nl",
         "pl", "pt", "ro", "sh", "sk", "sl", "sv", "tr", "vi")


def main() -> int:
    rows = []
    for centibels, bucket in enumerate(get_frequency_list("en", "best")):
        if 10 ** (-centibels / 100) < MIN_FREQUENCY:
            break
        rows += [(w, centibels) for w in bucket
                 if w.isascii() and all(c.isalpha() or c == "'" for c in w)]
    rows.sort()
    OUT.write_text("# word, tab, centibels below 1 (frequency 10 ** (-cB / 100)): wordfreq's 'best' "
                   "English list, Zipf >= 4.0 (scripts/update_english_words.py)\n"
                   + "".join(f"{w}\t{cb}\n" for w, cb in rows), encoding="utf-8")
    print(f"{len(rows)} words -> {OUT} ({OUT.stat().st_size} bytes); Zipf of the rarest: "
          f"{round(9 - max(cb for _, cb in rows) / 100, 2)}")
    english = {w for w, _ in rows}
    lines = []
    for language in LATIN:
        if language not in available_languages("best"):
            continue
        shared: set[str] = set()
        for centibels, bucket in enumerate(get_frequency_list(language, "best")):
            if 10 ** (-centibels / 100) < MIN_SHARED_FREQUENCY:
                break
            shared.update(w for w in bucket if w in english)
        lines.append(f"{language}\t{' '.join(sorted(shared))}\n")
    with gzip.GzipFile(SHARED, "wb", mtime=0) as f:  # (no time stamp: the same bytes each run)
        f.write(("# language, tab, the English words of english-common.tsv that are words of that "
                 "language too, Zipf >= 3.0 (scripts/update_english_words.py)\n" + "".join(lines)).encode())
    print(f"{len(lines)} languages -> {SHARED} ({SHARED.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
