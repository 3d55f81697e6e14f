"""Baselines: today's findings recorded, so that a check fails only on new ones.

A baseline counts findings by :meth:`~relsync.model.Finding.fingerprint` (rule, files and
message, without line numbers), so it survives lines moving.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from .config import Config
from .errors import InputError
from .io import atomic_write_text, display_path
from .model import Finding

DEFAULT_PATH = ".relsync-baseline.json"


def write_baseline(path: Path | str, findings: list[Finding]) -> None:
    counts = Counter(f.fingerprint() for f in findings)
    data = {"version": 1, "fingerprints": dict(sorted(counts.items()))}
    atomic_write_text(path, json.dumps(data, indent=2, sort_keys=True) + "\n")


def read_baseline(path: Path | str) -> Counter[str]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        return Counter({str(k): int(v) for k, v in data["fingerprints"].items()})
    except FileNotFoundError:
        raise InputError(display_path(path), "baseline file not found") from None
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        raise InputError(display_path(path), f"not a relsync baseline file ({exc.__class__.__name__})") from None


def apply_baseline(findings: list[Finding], baseline: Counter[str]) -> tuple[list[Finding], int]:
    """The findings the baseline does not record, and how many it hid."""
    remaining = Counter(baseline)
    kept = []
    dropped = 0
    for f in findings:
        fp = f.fingerprint()
        if remaining[fp] > 0:
            remaining[fp] -= 1
            dropped += 1
        else:
            kept.append(f)
    return kept, dropped


def baseline_path(cfg: Config, option: str | None = None) -> Path | None:
    """The baseline to apply: the one given on the command line (it must exist), else the
    settings' ``baseline`` when that file exists (inside the project root)."""
    if option:
        return Path(option)
    if cfg.baseline and Path(cfg.root, cfg.baseline).exists():
        return cfg.inside_root(Path(cfg.baseline), "baseline")
    return None
