"""Write ``src/relsync/data/english-common.tsv``: the English words common enough to be
ordinary English rather than a name or a term (wordfreq's Zipf frequency of 4.0 or more,
:data:`relsync.checks.english.COMMON_ZIPF`), each with its frequency as wordfreq keeps it (in centibels).

    python scripts/update_english_words.py

relsync reads the table instead of loading wordfreq's lists (about 0.3 s of every cold run
that meets a heading in English); ``tests/test_languages.py`` checks it against wordfreq,
which the tests install.
"""

from __future__ import annotations

from pathlib import Path

from wordfreq import get_frequency_list

OUT = Path(__file__).resolve().parent.parent / "src" / "relsync" / "data" / "english-common.tsv"
#: Zipf 4.0 after wordfreq's rounding to two decimals: log10(f) + 9 >= 3.995.
MIN_FREQUENCY = 10 ** (3.995 - 9)


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
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
