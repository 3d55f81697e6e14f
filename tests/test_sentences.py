"""Sentence segmentation on real sentences of the corpora (tests/fixtures/sentences/gold.tsv
names each source) and the cases a segmenter gets wrong."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from relsync import sentences

GOLD = Path(__file__).resolve().parent / "fixtures" / "sentences" / "gold.tsv"
MARK = "\u241e"


def _gold():
    for line in GOLD.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#") and not line.startswith("lang\t"):
            lang, source, marked = line.split("\t")
            yield pytest.param(marked, id=f"{lang}:{source}:{marked[:20]}")


@pytest.mark.parametrize("marked", list(_gold()))
def test_gold_sentences(marked):
    text = marked.replace(MARK, "")
    expected = [s.strip() for s in marked.split(MARK)]
    assert sentences.split(text, re.findall(r"`([^`]+)`", text)) == expected


def test_no_sentence_ends_inside_a_code_span_or_a_url():
    text = "Call app.mount. Then see https://vuejs.org/guide/. Done."
    assert sentences.split(text, ("app.mount. Then",)) == ["Call app.mount. Then see https://vuejs.org/guide/.", "Done."]


def test_spans_are_offsets_into_the_text():
    text = "  First one.  Second one!  "
    assert [text[a:b] for a, b in sentences.split_spans(text)] == ["First one.", "Second one!"]


def test_text_without_terminal_is_one_sentence():
    assert sentences.split("A heading without a full stop") == ["A heading without a full stop"]
    assert sentences.split("") == []


def test_a_long_text_is_split_in_linear_time():
    """The look back for an abbreviation is bounded: 20,000 sentences split at once (a
    quadratic look back took minutes)."""
    text = " ".join(f"Sentence number {k} is here." for k in range(20000))
    assert len(sentences.split(text)) == 20000


def test_a_full_stop_before_a_cjk_letter_ends_a_sentence():
    # An English sentence inside a Chinese paragraph, its full stop followed by the next
    # Chinese sentence with no space (tauri-docs zh-cn start/frontend/trunk.mdx line 11 with
    # its second sentence in upstream's English, its URL left out): the Chinese does not go on
    # with the English sentence. Not so for an ellipsis inside a sentence ("最少部分...实际上非常少",
    # fastapi-docs zh), nor a version or a name ("Vue 3.5", "Node.js").
    text = "Trunk 是一个用于 Rust 的 WASM 网络应用程序打包工具。Learn more about Trunk.本指南适用于 Trunk 0.17.5 版本。"
    assert sentences.split(text) == ["Trunk 是一个用于 Rust 的 WASM 网络应用程序打包工具。", "Learn more about Trunk.",
                                     "本指南适用于 Trunk 0.17.5 版本。"]
    assert sentences.split("所需的最少部分...实际上非常少。") == ["所需的最少部分...实际上非常少。"]
    assert sentences.split("使用 Vue 3.5 和 Node.js 运行。") == ["使用 Vue 3.5 和 Node.js 运行。"]
