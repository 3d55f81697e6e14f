from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from relsync.checks import rules

from .conftest import ROOT
from .rulecases import RULE_FIXTURES, all_cases, read_cases, run_case

CASES = all_cases()


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_rule_case(case):
    assert run_case(case) == case.expected


@pytest.mark.parametrize("rule", rules(), ids=lambda r: r.id)
def test_every_rule_is_documented_and_has_passing_and_failing_cases(rule):
    assert rule.summary, f"{rule.id} has no docstring"
    assert re.search(r"\bFails\b", rule.doc) and re.search(r"\bPasses\b", rule.doc), rule.id
    path = RULE_FIXTURES / f"{rule.slug}.md"
    assert path.is_file(), f"no fixture file {path.name} for {rule.id}"
    cases = read_cases(path)
    assert any(c.fails for c in cases), f"{path.name} has no failing case"
    assert any(not c.fails for c in cases), f"{path.name} has no passing case"


def test_every_fixture_file_names_a_rule():
    slugs = {r.slug for r in rules()}
    assert {p.stem for p in RULE_FIXTURES.glob("*.md")} <= slugs


def test_fixture_reader_rejects_an_unclosed_case(tmp_path):
    bad = tmp_path / "missing.md"
    bad.write_text("a case\n.\nup\n.\ntr\n", encoding="utf-8")
    with pytest.raises(ValueError, match="expected a '.' line"):
        read_cases(bad)


def test_readme_rule_table_is_generated_from_the_registry(run_cli):
    code, out, _ = run_cli("rules", "--format", "markdown")
    assert code == 0
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    m = re.search(r"<!-- rules-table[^>]*-->\n(.*?)<!-- /rules-table -->", readme, re.S)
    assert m, "README has no rules-table markers"
    assert m.group(1) == out, "README rule table is stale: run `python scripts/update_rules_table.py`"


@given(st.text(alphabet=st.characters(blacklist_categories=("Cc", "Cs"), blacklist_characters="\n\r"), min_size=1,
               max_size=30))
def test_code_in_a_message_renders_as_one_code_span_of_the_same_text(text):
    """Code quoted in a finding's message (`code-mismatch` quotes lines of code blocks, which
    may hold backticks) is one code span in the Markdown reports, with its text unchanged."""
    from markdown_it import MarkdownIt

    from relsync.checks.registry import code
    tokens = MarkdownIt("commonmark").parseInline(code(text))[0].children
    assert [t.type for t in tokens] == ["code_inline"]
    assert tokens[0].content == text
