"""Adversarial inputs for the date and number readers (shared with benchmarks/bench_regex.py)."""

from __future__ import annotations

import random

PIECES = [
    "2025", "23", "1", "de ", "de de de ", " ", "   ", "-", "--", "---", ".", "..", "...", "年", "月", "日",
    "January ", "April ", "avril ", "квітня ", "апреля ", "agosto ", "Mittwoch, ", "Wednesday, ",
    "tháng 4 ", "ngày ", "năm ", "2025年", "4月", "23日", "২০২৫", "٢٠٢٥", "२०२५", "EKİM ", "bis ",
    "–", "至", "～", "/", "29.01.", "2025-01-", "12", "0", "1000", "12 000", "1,5", "v2.6.", "万", "k ",
    "23rd ", "1er ", "г.", "року ", "\u00a0", "\u202f", "\u200f", "Jan. ", "Sept. ", "2024年8月21日-",
]


def adversarial(size: int, seed: int = 0) -> str:
    """Random date- and number-like pieces in every script the readers know."""
    rnd = random.Random(seed)
    out, n = [], 0
    while n < size:
        p = rnd.choice(PIECES)
        out.append(p)
        n += len(p)
    return "".join(out)[:size]


def runs(size: int) -> list[str]:
    """Long runs of one piece: the classic backtracking traps."""
    return [
        "1" * size, " " * size, "de " * (size // 3), "April " * (size // 6), "-" * size, "." * size,
        "2025 " * (size // 5), "23 " * (size // 3), "2025-" * (size // 5), "23 April " * (size // 9),
        "年月日" * (size // 3), "১২৩৪৫" * (size // 5),
    ]
