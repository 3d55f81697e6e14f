"""``relsync pairs`` as text: what the layout is, then each upstream document with its
translation in every locale (or where a missing one belongs), the orphans, and a line per
locale. Built from :meth:`relsync.project.Project.to_dict`, the JSON form."""

from __future__ import annotations

from collections import defaultdict


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def headline(data: dict) -> str:
    """``hugo layout (hugo.toml), source language en, locales zh_CN, ja``."""
    where = f" ({data['detected_from']})" if data.get("detected_from") else ""
    started = [x["locale"] for x in data["locales"] if x["started"]]
    waiting = [x["locale"] for x in data["locales"] if not x["started"]]
    text = f"{data['layout']} layout{where}, source language {data['source_language']}"
    text += f", locales {', '.join(started)}" if started else ", no locale found"
    if waiting:
        text += f" ({', '.join(waiting)} configured, not started)"
    if data.get("upstream_root"):
        text += f"; upstream in {data['upstream_root']}"
    return text


def render(data: dict) -> str:
    lines = [headline(data), ""]
    width = max([len(x["locale"]) for x in data["locales"]] + [6])
    by_upstream: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for p in data["pairs"]:
        by_upstream[p["upstream"]].append((p["locale"], p["translation"]))
    for m in data["missing"]:
        by_upstream[m["upstream"]].append((m["locale"], f"missing  {m['translation']}"))
    for upstream in sorted(by_upstream):
        lines.append(upstream)
        lines.extend(f"  {locale:<{width}}  {where}" for locale, where in sorted(by_upstream[upstream]))
    if data["orphans"]:
        lines += ["", "translations with no upstream document:"]
        for o in data["orphans"]:
            note = f"; {o['note']}" if o.get("note") else ""
            lines.append(f"  {o['locale']:<{width}}  {o['translation']}  ({o['upstream']} does not exist{note})")
    if data["unbuilt"]:
        lines += ["", "built in no language by the site (not checked):"]
        lines.extend(f"  {path}" for path in data["unbuilt"])
    summary = [f"{x['locale']}: {_plural(x['pairs'], 'pair')}, {x['missing']} missing, "
               f"{_plural(x['orphans'], 'orphan')}" for x in data["locales"] if x["started"]]
    lines += ["", "; ".join(summary) if summary else "no pairs"]
    return "\n".join(lines) + "\n"
