"""JSON: ``{"findings": [...], "summary": {...}}`` — a stable contract for other tools."""

from __future__ import annotations

import json

from ..model import Alignment, Finding


def render(findings: list[Finding], summary: dict) -> str:
    data = {"findings": [f.to_dict() for f in findings], "summary": summary}
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def alignment_dict(al: Alignment) -> dict:
    """The ``relsync align --format json`` object: pairs with 1-based inclusive line ranges;
    ``moved``: the pair stands out of the translation's order (an entry in another place)."""
    pairs = []
    for pair in al.pairs:
        up = al.span(pair, "upstream")
        tr = al.span(pair, "translation")
        pairs.append({
            "upstream": list(up) if up else None,
            "translation": list(tr) if tr else None,
            "kind": pair.kind,
            "score": pair.score,
            "moved": pair.moved,
        })
    return {"upstream": al.upstream.path, "translation": al.translation.path, "pairs": pairs}


def render_alignment(al: Alignment) -> str:
    return json.dumps(alignment_dict(al), ensure_ascii=False, indent=2) + "\n"
