"""Repairs where reviewers look: the ``fix`` object of JSON findings, SARIF ``fixes``,
reviewdog's rdjson with ``suggestions``, and ``suggestion`` blocks in the Markdown comment."""

from __future__ import annotations

import json

import jsonschema
import pytest

from relsync.model import Edit, Finding, Location, Severity

from .conftest import ROOT

from .test_check_cli import REPORT

EXAMPLE = "locales/zh_CN/pytorch-2.6.md"
TITLE_LINE = 'title: "新版本: PyTorch 2.5 发布博客"'


def _fixes(out: str) -> dict:
    return {f["slug"]: f.get("fix") for f in json.loads(out)["findings"]}


def test_json_findings_carry_their_repair(run_cli):
    code, out, _ = run_cli("check", "--format", "json", cwd=ROOT)
    fixes = _fixes(out)
    assert fixes["title-version"] == {
        "translation": {"path": EXAMPLE, "line": 2, "col": 22, "end_line": 2, "end_col": 25},
        "replacement": "2.6"}
    assert fixes["date-mismatch"] == {
        "translation": {"path": EXAMPLE, "line": 5, "col": 5, "end_line": 5, "end_col": 16},
        "replacement": "2025年1月29日"}
    assert fixes["untranslated"] is None and fixes["extra"] is None
    # the span is where the old value is, in code points of the source line
    assert TITLE_LINE[22 - 1:25 - 1] == "2.5"
    assert "发布: 2024年10月17日"[5 - 1:16 - 1] == "2024年10月17日"


def test_sarif_fixes_are_valid_sarif_2_1_0(run_cli):
    schema = json.loads((REPORT / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
    _, out, _ = run_cli("check", "--format", "sarif", cwd=ROOT)
    log = json.loads(out)
    jsonschema.Draft4Validator(schema).validate(log)
    results = {r["ruleId"]: r for r in log["runs"][0]["results"]}
    assert log["runs"][0]["columnKind"] == "unicodeCodePoints"
    change = results["RS301"]["fixes"][0]["artifactChanges"][0]
    assert change["artifactLocation"]["uri"] == EXAMPLE
    assert change["replacements"] == [{
        "deletedRegion": {"startLine": 2, "startColumn": 22, "endLine": 2, "endColumn": 25},
        "insertedContent": {"text": "2.6"}}]
    assert results["RS301"]["fixes"][0]["description"]["text"] == "replace \u201c2.5\u201d with \u201c2.6\u201d"
    assert "fixes" not in results["RS103"]


def _rdjson_schema() -> dict:
    return json.loads((REPORT / "rdformat-schema.json").read_text(encoding="utf-8"))


def test_rdjson_is_valid_against_the_reviewdog_diagnostic_format_schema(run_cli):
    code, out, _ = run_cli("check", "--format", "rdjson", cwd=ROOT)
    assert code == 1
    data = json.loads(out)
    jsonschema.Draft7Validator(_rdjson_schema()).validate(data)
    assert data["source"] == {"name": "relsync"}
    by_code = {d["code"]["value"]: d for d in data["diagnostics"]}
    assert len(by_code) == 5
    title = by_code["RS301 title-version"]
    # reviewdog counts columns in UTF-8 bytes: "新版本" is 9 bytes, 3 code points
    rng = {"start": {"line": 2, "column": 28}, "end": {"line": 2, "column": 31}}
    assert title["location"] == {"path": EXAMPLE, "range": rng}
    assert title["suggestions"] == [{"range": rng, "text": "2.6"}]
    assert TITLE_LINE.encode()[28 - 1:31 - 1] == b"2.5"
    assert title["severity"] == "ERROR"
    assert title["related_locations"] == [
        {"message": "upstream", "location": {"path": "upstream/pytorch-2.6.md", "range": {"start": {"line": 6}}}}]
    extra = by_code["RS103 extra"]
    assert extra["severity"] == "INFO" and "suggestions" not in extra
    assert extra["location"] == {"path": EXAMPLE, "range": {"start": {"line": 7}}}


def test_rdjson_schema_rejects_a_broken_result(run_cli):
    """The vendored schema constrains: a suggestion without its range is invalid."""
    _, out, _ = run_cli("check", "--format", "rdjson", cwd=ROOT)
    data = json.loads(out)
    del next(d for d in data["diagnostics"] if "suggestions" in d)["suggestions"][0]["range"]
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft7Validator(_rdjson_schema()).validate(data)


def test_markdown_comment_shows_each_repair_as_a_suggestion_of_the_whole_line(run_cli, monkeypatch):
    for name in ("RELSYNC_LINK_BASE", "GITHUB_SERVER_URL", "GITHUB_REPOSITORY", "GITHUB_SHA"):
        monkeypatch.delenv(name, raising=False)
    _, out, _ = run_cli("check", "--format", "markdown", cwd=ROOT)
    assert ("```suggestion\ntitle: \"新版本: PyTorch 2.6 发布博客\"\n```" in out)
    assert "```suggestion\n发布: 2025年1月29日\n```" in out
    assert (f"[{EXAMPLE}:5]({EXAMPLE}#L5): RS202 `date-mismatch`: 2024年10月17日 \u2192 2025年1月29日"
            in out)


def test_a_suggestion_fence_is_longer_than_the_backticks_of_its_line():
    from relsync.report.markdown import suggestions

    line = "用 ```` ``` ```` 开始，调用 `torch.save`"
    col = line.index("torch.save") + 1
    f = Finding("RS203", "code-mismatch", Severity.ERROR, "m", translation=Location("a.md", 3),
                fix=Edit("a.md", 3, col, 3, col + len("torch.save"), "torch.load", (line,)))
    out = suggestions([f], "")
    block = out[out.index("`````suggestion"):]
    assert block == ["`````suggestion", line.replace("torch.save", "torch.load"), "`````"]


def test_a_fix_survives_the_cache(tmp_path):
    from relsync.runner import _finding_from_json, _finding_to_json

    e = Edit("a.md", 2, 22, 2, 25, "2.6", (TITLE_LINE,))
    f = Finding("RS301", "title-version", Severity.ERROR, "m", translation=Location("a.md", 2), fix=e)
    assert _finding_from_json(json.loads(json.dumps(_finding_to_json(f)))) == f
