"""Properties of parsing and alignment over generated Markdown and the real corpus."""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from relsync import align, parse

# Markdown-ish text: the characters that make structure, prose in two scripts, odd bytes.
_ALPHABET = st.sampled_from(
    list("#*-_`[]()<>!|:{}%~=+.\\/>0123456789 \t\n\r") + list("abcXYZ中文字。，")
    + ["\u00a0", "\ufeff", "\u200b", "\x00", "\x1b", "\ud800", "\U0001f600", "\u0301"]
)
_LINES = st.lists(
    st.sampled_from([
        "# Title 2.6", "## Section `code`", "Setext", "===", "---", "- item 3,892", "1. first",
        "> quote [link](https://x.org/a)", "| a | b |", "|---|---|", "| 1 | 2 |", "```py", "```",
        "    indented code", "<div>", "</div>", "<!-- relsync-disable-next-line number-mismatch -->",
        "::: tip Note", ":::", "title: x", "{{< shortcode >}}", "", "text 2025年1月29日 and January 29, 2025",
        "<table><tr><td>x</td></tr></table>", "[^1]: note", "ref[^1]", "![alt](img.png)",
    ]),
    max_size=40,
)
_SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _check_ranges(text: str) -> None:
    doc = parse(text)
    n_lines = text.replace("\r\n", "\n").replace("\r", "\n").count("\n") + 1
    for block in doc.blocks:
        assert 1 <= block.start <= block.end <= max(1, n_lines), (block, n_lines)
    starts = [b.start for b in doc.blocks]
    assert starts == sorted(starts)


@_SETTINGS
@given(st.text(_ALPHABET, max_size=400))
def test_parse_never_raises_and_ranges_lie_inside_the_file(text):
    _check_ranges(text)


@_SETTINGS
@given(_LINES)
def test_parse_structured_lines(lines):
    _check_ranges("\n".join(lines))


def _covered_once(al) -> None:
    up = Counter(i for p in al.pairs for i in p.upstream)
    tr = Counter(i for p in al.pairs for i in p.translation)
    assert all(up[i] == 1 for i in range(len(al.upstream.blocks))) and len(up) == len(al.upstream.blocks)
    assert all(tr[i] == 1 for i in range(len(al.translation.blocks))) and len(tr) == len(al.translation.blocks)
    assert all(0.0 <= p.score <= 1.0 for p in al.pairs)
    # In order: outside table rows (matched by content), upstream's blocks increase, and the
    # translation's outside the pairs that stand in another place (moved).
    for side in ("upstream", "translation"):
        seq = [i for p in al.pairs if p.kind != "table_row" and not (side == "translation" and p.moved)
               for i in getattr(p, side)]
        assert seq == sorted(seq)


@_SETTINGS
@given(_LINES, _LINES)
def test_alignment_covers_every_block_once_in_order(a, b):
    _covered_once(align(parse("\n".join(a)), parse("\n".join(b))))


def test_pathological_inputs_do_not_raise():
    for text in (">" * 10000 + " deep", "".join("  " * i + "- x\n" for i in range(3000)),
                 "[" * 50000, "*" * 50000, "`" * 50000, "1." * 100000, "word " * 200000):
        _check_ranges(text)


def test_every_real_pair_aligns_with_every_block_once(corpus):
    for en, zh in corpus:
        al = align(parse(en.read_text(encoding="utf-8"), str(en)),
                   parse(zh.read_text(encoding="utf-8"), str(zh), ("en", "zh_CN")))
        _covered_once(al)


def test_adversarial_runs_parse_in_linear_patterns():
    # Each of these took quadratic time in an earlier pattern (seconds at 50k characters).
    doc = parse("# Title {#tid}" + " " * 50_000 + "\n\n" + "<" * 50_000 + "\n\n" + "{" * 50_000 + "\n")
    assert doc.blocks[0].text == "Title" and "#tid" in doc.blocks[0].anchors.terms
    from relsync.anchors import code_skeleton

    assert code_skeleton("<p>" + "{" * 50_000 + "</p>", "vue")


def test_adversarial_template_syntax_parses_in_linear_patterns():
    # Each of these took cubic time in a first version of the dialect patterns (a space run
    # that two neighbouring quantifiers could share): minutes at 5,000 characters.
    from relsync.checks.coverage import prose_words
    from relsync.dialects import split
    from relsync.languages import term_key

    for opener in ("{{", "{{<", "{{%", "{%", "{%-", "{a(", '{{ f("'):
        assert split(opener + " " * 50_000 + "x")[0]
    assert split('{{ domxref("' + "a, " * 20_000 + '") }}')[1]
    assert prose_words("a" * 50_000 + '="x" and more words here')
    assert term_key("!" * 50_000 + "a" + "?" * 50_000) == "a"


def test_the_month_name_reader_is_linear_on_runs():
    # The pattern that splits "4月" / "tháng 4" into prefix, number and suffix was quadratic on
    # a run without digits (minutes at 100k characters) when run over text.
    from relsync.anchors.dates_cldr import _NUMBERED_MONTH_RE

    for run in (" " * 100_000, "*" * 100_000, "月" * 100_000):
        assert list(_NUMBERED_MONTH_RE.finditer(run)) == []
    assert _NUMBERED_MONTH_RE.match("tháng 4").group(1, 2, 3) == ("tháng ", "4", "")
