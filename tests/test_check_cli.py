"""``relsync check``: output formats (golden files), settings, suppressions and the baseline."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import jsonschema
import pytest

from .conftest import FIXTURES, ROOT

REPORT = FIXTURES / "report"
PROJECT = FIXTURES / "check" / "project"
TR = Path("locales/zh_CN/notes.md")
UPDATE = bool(os.environ.get("RELSYNC_UPDATE_GOLDEN"))


@pytest.fixture
def project(tmp_path, monkeypatch):
    """A copy of the small project (two defects: a number and a link) as the current directory."""
    dest = tmp_path / "project"
    shutil.copytree(PROJECT, dest)
    monkeypatch.chdir(dest)
    return dest


@pytest.fixture
def no_ci_env(monkeypatch):
    for name in ("RELSYNC_LINK_BASE", "GITHUB_SERVER_URL", "GITHUB_REPOSITORY", "GITHUB_SHA"):
        monkeypatch.delenv(name, raising=False)


def slugs(out: str) -> list[str]:
    return [f["slug"] for f in json.loads(out)["findings"]]


# -- output formats on the bundled example --------------------------------------------------

GOLDEN = {"text": "example.txt", "json": "example.json", "sarif": "example.sarif",
          "github": "example.github.txt", "markdown": "example.md", "rdjson": "example.rdjson"}


@pytest.mark.parametrize("fmt", sorted(GOLDEN))
def test_check_output_matches_golden_file(run_cli, no_ci_env, fmt):
    code, out, err = run_cli("--no-color", "check", "--format", fmt, cwd=ROOT)
    assert code == 1, err
    if fmt == "sarif":
        out = _without_rule_docs(out)
    golden = REPORT / GOLDEN[fmt]
    if UPDATE:
        golden.write_text(out, encoding="utf-8")
    assert out == golden.read_text(encoding="utf-8")


def _without_rule_docs(sarif: str) -> str:
    """The SARIF log with each rule's documentation cut to its first line: the golden file
    pins the structure, and the rule docs are checked by the rule tests."""
    log = json.loads(sarif)
    for rule in log["runs"][0]["tool"]["driver"]["rules"]:
        for key in ("fullDescription", "help"):
            rule[key] = {k: v.split("\n", 1)[0] for k, v in rule[key].items()}
    return json.dumps(log, ensure_ascii=False, indent=2) + "\n"


def test_sarif_rules_carry_their_full_documentation(run_cli):
    from relsync.checks import find_rule

    _, out, _ = run_cli("check", "--format", "sarif", cwd=ROOT)
    rules = json.loads(out)["runs"][0]["tool"]["driver"]["rules"]
    by_id = {r["id"]: r for r in rules}
    assert by_id["RS201"]["fullDescription"]["text"] == find_rule("RS201").doc
    assert by_id["RS201"]["shortDescription"]["text"] == find_rule("RS201").summary
    assert by_id["RS103"]["defaultConfiguration"]["level"] == "note"


def test_json_output_keeps_its_contract(run_cli):
    code, out, _ = run_cli("check", "--format", "json", cwd=ROOT)
    data = json.loads(out)
    assert set(data) == {"findings", "summary"}
    assert data["summary"]["error"] == 2 and data["summary"]["pairs"] == 1
    for f in data["findings"]:
        assert {"rule", "slug", "severity", "message", "upstream", "translation"} <= set(f)
        for side in ("upstream", "translation"):
            assert f[side] is None or set(f[side]) == {"path", "line"}
    by_slug = {f["slug"]: f for f in data["findings"]}
    assert by_slug["date-mismatch"]["translation"] == {"path": "locales/zh_CN/pytorch-2.6.md", "line": 5}
    assert by_slug["date-mismatch"]["upstream"] == {"path": "upstream/pytorch-2.6.md", "line": 8}


def test_sarif_output_is_valid_sarif_2_1_0(run_cli):
    schema = json.loads((REPORT / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
    code, out, _ = run_cli("check", "--format", "sarif", cwd=ROOT)
    log = json.loads(out)
    jsonschema.Draft4Validator(schema).validate(log)
    run = log["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    assert {"RS201", "RS301"} <= {r["id"] for r in rules}
    results = run["results"]
    assert len(results) == 5
    for r in results:
        assert rules[r["ruleIndex"]]["id"] == r["ruleId"]
        assert r["partialFingerprints"]["relsyncFinding/v1"]
        region = r["locations"][0]["physicalLocation"]["region"]
        assert region["startLine"] >= 1
    title = next(r for r in results if r["ruleId"] == "RS301")
    assert title["level"] == "error"
    assert title["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "locales/zh_CN/pytorch-2.6.md"
    assert title["relatedLocations"][0]["physicalLocation"]["region"]["startLine"] == 6
    assert next(r for r in results if r["ruleId"] == "RS103")["level"] == "note"


def test_sarif_schema_rejects_a_broken_log(run_cli):
    """The vendored schema is the real constraint: a result without a message is invalid."""
    schema = json.loads((REPORT / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
    _, out, _ = run_cli("check", "--format", "sarif", cwd=ROOT)
    log = json.loads(out)
    del log["runs"][0]["results"][0]["message"]
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft4Validator(schema).validate(log)


def test_github_format_escapes_workflow_command_properties():
    from relsync.model import Finding, Location, Severity
    from relsync.report.github import format_finding

    f = Finding("RS201", "number-mismatch", Severity.WARNING, "50% off,\nnow",
                translation=Location("docs/a,b:c.md", 3))
    assert format_finding(f) == (
        "::warning file=docs/a%2Cb%3Ac.md,line=3,col=1,title=RS201 number-mismatch::50%25 off,%0Anow")


def test_markdown_links_use_the_commit_on_github_actions(run_cli, monkeypatch):
    monkeypatch.delenv("RELSYNC_LINK_BASE", raising=False)
    monkeypatch.setenv("GITHUB_SERVER_URL", "https://github.example")
    monkeypatch.setenv("GITHUB_REPOSITORY", "org/docs")
    monkeypatch.setenv("GITHUB_SHA", "abc123")
    _, out, _ = run_cli("check", "--format", "markdown", cwd=ROOT)
    assert ("[locales/zh_CN/pytorch-2.6.md:5](https://github.example/org/docs/blob/abc123/"
            "locales/zh_CN/pytorch-2.6.md#L5)") in out


def test_markdown_lists_the_most_severe_findings_first_and_counts_the_rest():
    from relsync.model import Finding, Location, Severity
    from relsync.report.markdown import render

    findings = [Finding("RS103", "extra", Severity.INFO, f"note {k}", translation=Location("t.md", k))
                for k in range(1, 4)]
    findings.append(Finding("RS201", "number-mismatch", Severity.ERROR, "a | b", translation=Location("t.md", 9)))
    out = render(findings, {"error": 1, "info": 3, "pairs": 1}, limit=2, link_base="")
    rows = [line for line in out.splitlines() if line.startswith("| error") or line.startswith("| info")]
    assert rows[0].startswith("| error | RS201") and "a \\| b" in rows[0]
    assert len(rows) == 2
    assert "2 more findings not shown" in out


def test_clean_project_prints_no_findings_and_exits_0(run_cli, project):
    (project / TR).write_text((project / TR).read_text(encoding="utf-8")
                              .replace("1350", "1250").replace("guide/upgrade", "guide/migration"),
                              encoding="utf-8")
    for fmt in ("text", "markdown", "github"):
        code, out, err = run_cli("check", "--format", fmt)
        assert code == 0, (fmt, out, err)
    code, out, _ = run_cli("check", "--format", "sarif")
    assert json.loads(out)["runs"][0]["results"] == []


def test_output_file_is_written(run_cli, project):
    code, out, _ = run_cli("check", "--format", "sarif", "-o", "relsync.sarif")
    assert code == 1 and out == ""
    assert json.loads((project / "relsync.sarif").read_text(encoding="utf-8"))["version"] == "2.1.0"


# -- exit status and fail threshold ---------------------------------------------------------

def test_project_findings_and_text_format(run_cli, project):
    code, out, _ = run_cli("--no-color", "check")
    assert code == 1
    lines = out.splitlines()
    assert lines[0] == ("locales/zh_CN/notes.md:7:1: RS201 number-mismatch: translation has 1350 where "
                        "upstream has 1250 [upstream upstream/notes.md:7]")
    assert lines[1].startswith("locales/zh_CN/notes.md:9:1: RS204 link-mismatch: link target /zh-cn/guide/upgrade")
    assert lines[-1] == "2 errors, 0 warnings, 0 info in 1 document pair; 1 fixable with `relsync fix`"


def test_the_summary_counts_the_findings_relsync_fix_can_repair(run_cli, project):
    """`fixable` is the number of findings that carry a repair; the text says it, and `relsync
    fix` then repairs exactly those."""
    _, out, _ = run_cli("check", "--format", "json")
    data = json.loads(out)
    with_fix = [f for f in data["findings"] if f.get("fix")]
    assert data["summary"]["fixable"] == len(with_fix) == 1  # the number; the link is not repaired
    code, out, err = run_cli("fix")
    assert (out + err).count(" -> ") == len(with_fix), (out, err)
    _, out, _ = run_cli("--no-color", "check")
    assert "fixable" not in out.splitlines()[-1]


def test_a_repair_relsync_fix_withholds_is_not_counted_fixable(run_cli, tmp_path):
    """A date the rule could repair, in a passage whose number changed past repair (two
    numbers for one): `relsync fix` leaves the passage to a translator, so the summary, of
    `check` and of `merge-reports`, does not count the date as fixable."""
    (tmp_path / "en.md").write_text("Released on January 29, 2025 with 12 fixes.\n", encoding="utf-8")
    (tmp_path / "fr.md").write_text("Publié le 28 janvier 2025 avec 13 corrections et 14 tests.\n",
                                    encoding="utf-8")
    _, out, _ = run_cli("check", "en.md", "fr.md", "-l", "fr", "--format", "json", "-o", "r.json", cwd=tmp_path)
    data = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert [f["slug"] for f in data["findings"] if f.get("fix")] == ["date-mismatch"]
    assert data["summary"]["fixable"] == 0
    code, out, _ = run_cli("--no-color", "check", "en.md", "fr.md", "-l", "fr", cwd=tmp_path)
    assert "fixable" not in out.splitlines()[-1]
    code, out, _ = run_cli("merge-reports", "r.json", "r.json", cwd=tmp_path)
    assert json.loads(out)["summary"]["fixable"] == 0
    run_cli("fix", "en.md", "fr.md", "-l", "fr", cwd=tmp_path)
    assert "28 janvier" in (tmp_path / "fr.md").read_text(encoding="utf-8")


def test_one_pair_given_on_the_command_line(run_cli, project):
    code, out, _ = run_cli("check", "--format", "json", "upstream/notes.md", str(TR))
    assert code == 1 and slugs(out) == ["number-mismatch", "link-mismatch"]


def test_fail_on_option_and_setting(run_cli, project):
    (project / "relsync.toml").write_text('[severity]\nnumber-mismatch = "warning"\nlink-mismatch = "info"\n',
                                          encoding="utf-8")
    assert run_cli("check")[0] == 0
    assert run_cli("check", "--fail-on", "warning")[0] == 1
    assert run_cli("check", "--fail-on", "info")[0] == 1
    (project / "relsync.toml").write_text('fail-on = "warning"\n[severity]\nnumber-mismatch = "warning"\n',
                                          encoding="utf-8")
    assert run_cli("check")[0] == 1
    (project / "relsync.toml").write_text('fail-on = "warning"\n[severity]\nnumber-mismatch = "info"\n'
                                          'link-mismatch = "info"\n', encoding="utf-8")
    assert run_cli("check")[0] == 0


# -- settings -------------------------------------------------------------------------------

def test_disable_in_relsync_toml(run_cli, project):
    (project / "relsync.toml").write_text('disable = ["RS201"]\n', encoding="utf-8")
    code, out, _ = run_cli("check", "--format", "json")
    assert slugs(out) == ["link-mismatch"]


def test_disable_and_enable_on_the_command_line(run_cli, project):
    (project / "relsync.toml").write_text('disable = ["number-mismatch", "link-mismatch"]\n', encoding="utf-8")
    code, out, _ = run_cli("check", "--format", "json")
    assert code == 0 and slugs(out) == []
    code, out, _ = run_cli("check", "--format", "json", "--enable", "number-mismatch")
    assert code == 1 and slugs(out) == ["number-mismatch"]
    code, out, _ = run_cli("check", "--format", "json", "--enable", "RS204", "--disable", "RS201")
    assert slugs(out) == ["link-mismatch"]


def test_severity_setting_changes_the_reported_severity(run_cli, project):
    (project / "relsync.toml").write_text('[severity]\nRS204 = "warning"\n', encoding="utf-8")
    code, out, _ = run_cli("check", "--format", "json")
    sev = {f["slug"]: f["severity"] for f in json.loads(out)["findings"]}
    assert sev == {"number-mismatch": "error", "link-mismatch": "warning"}


def test_pyproject_tool_relsync_form(run_cli, project):
    (project / "pyproject.toml").write_text('[project]\nname = "docs"\n\n[tool.relsync]\ndisable = ["link-mismatch"]\n'
                                            '[tool.relsync.severity]\nnumber-mismatch = "info"\n', encoding="utf-8")
    code, out, _ = run_cli("check", "--format", "json")
    assert code == 0
    assert [(f["slug"], f["severity"]) for f in json.loads(out)["findings"]] == [("number-mismatch", "info")]


def test_config_found_from_a_subdirectory(run_cli, project):
    (project / "relsync.toml").write_text('disable = ["link-mismatch"]\n', encoding="utf-8")
    code, out, _ = run_cli("check", "--format", "json", cwd=project / "locales" / "zh_CN")
    assert slugs(out) == ["number-mismatch"]


def test_ignore_paths(run_cli, project):
    (project / "upstream" / "CHANGELOG.md").write_text("# Changelog\n\nVersion 1.0 was released.\n", encoding="utf-8")
    code, out, _ = run_cli("check", "--format", "json")
    assert "missing" in slugs(out)
    (project / "relsync.toml").write_text('ignore = ["CHANGELOG.md", "notes.md"]\n', encoding="utf-8")
    code, out, _ = run_cli("check", "--format", "json")
    assert code == 0 and slugs(out) == [] and json.loads(out)["summary"]["pairs"] == 0


def test_link_rewrites_setting(run_cli, project):
    up = project / "upstream" / "notes.md"
    up.write_text(up.read_text(encoding="utf-8") + "\nBuilt with [Vite](https://vite.dev/guide/).\n", encoding="utf-8")
    tr = project / TR
    tr.write_text(tr.read_text(encoding="utf-8") + "\n使用 [Vite](https://cn.vitejs.dev/guide/) 构建。\n", encoding="utf-8")
    code, out, _ = run_cli("check", "--format", "json")
    assert slugs(out).count("link-mismatch") == 2
    (project / "relsync.toml").write_text('[link-rewrites.zh_CN]\n"https://cn.vitejs.dev/" = "https://vite.dev/"\n',
                                          encoding="utf-8")
    code, out, _ = run_cli("check", "--format", "json")
    assert slugs(out).count("link-mismatch") == 1


GLOSSARY_TBX = """<?xml version="1.0" encoding="UTF-8"?>
<tbx type="TBX-Basic" style="dca" xml:lang="en" xmlns="urn:iso:std:iso:30042:ed-2">
  <text><body>
    <conceptEntry id="c1">
      <langSec xml:lang="en"><termSec><term>Prototype</term></termSec></langSec>
      <langSec xml:lang="zh-CN"><termSec><term>原型功能</term></termSec></langSec>
    </conceptEntry>
  </body></text>
</tbx>
"""


@pytest.mark.parametrize("name,content", [
    ("glossary.csv", "source,target\nPrototype,原型功能\n"),
    ("glossary.tbx", GLOSSARY_TBX),
])
def test_glossary_csv_and_tbx(run_cli, project, name, content):
    code, out, _ = run_cli("check", "--format", "json")
    assert "glossary" not in slugs(out)
    (project / "locales" / "zh_CN" / name).write_text(content, encoding="utf-8")
    code, out, _ = run_cli("check", "--format", "json")
    found = [f for f in json.loads(out)["findings"] if f["slug"] == "glossary"]
    assert [f["translation"]["line"] for f in found] == [11, 13]
    assert found[0]["message"] == "“Prototype” should be translated as “原型功能” (the locale's glossary)"


def test_glossary_file_named_in_settings(run_cli, project):
    (project / "locales" / "zh_CN" / "terms.csv").write_text("Prototype,原型功能\n", encoding="utf-8")
    (project / "relsync.toml").write_text('glossary = "terms.csv"\n', encoding="utf-8")
    code, out, _ = run_cli("check", "--format", "json")
    assert slugs(out).count("glossary") == 2


@pytest.mark.parametrize("config,message", [
    ('fail-on = "fatal"\n', "unknown severity 'fatal'"),
    ('disable = ["no-such-rule"]\n', "unknown rule 'no-such-rule'"),
    ('colour = true\n', "unknown setting 'colour'"),
    ('[severity]\nnumber-mismatch = "loud"\n', "unknown severity 'loud'"),
    ('disable = [1, 2]\n', "disable must be a string or a list of strings"),
    ('fail-on = "error\n', "invalid TOML"),
    ('glossary = "nope.csv"\n', "nope.csv"),
])
def test_bad_config_exits_2_with_one_line(run_cli, project, config, message):
    (project / "relsync.toml").write_text(config, encoding="utf-8")
    code, out, err = run_cli("check")
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and message in err, err
    assert "Traceback" not in err


def test_bad_glossary_row_names_file_and_line(run_cli, project):
    (project / "locales" / "zh_CN" / "glossary.csv").write_text("source,target\nPrototype\n", encoding="utf-8")
    code, _, err = run_cli("check")
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert "glossary.csv" in err and "2" in err and "two columns" in err


def test_unknown_rule_on_the_command_line_exits_2(run_cli, project):
    code, _, err = run_cli("check", "--disable", "RS999")
    assert code == 2 and "unknown rule 'RS999'" in err


# -- suppressions ---------------------------------------------------------------------------

def _edit(project: Path, old: str, new: str) -> None:
    path = project / TR
    path.write_text(path.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")


def test_disable_next_line_suppresses_one_rule_on_the_next_block(run_cli, project):
    _edit(project, "版本 3.4 包含", "<!-- relsync-disable-next-line number-mismatch -->\n版本 3.4 包含")
    code, out, _ = run_cli("check", "--format", "json")
    assert slugs(out) == ["link-mismatch"]


def test_disable_next_line_names_only_its_rules(run_cli, project):
    _edit(project, "版本 3.4 包含", "<!-- relsync-disable-next-line link-mismatch -->\n版本 3.4 包含")
    code, out, _ = run_cli("check", "--format", "json")
    assert slugs(out) == ["number-mismatch", "link-mismatch"]


def test_disable_next_line_by_id_and_several_rules(run_cli, project):
    _edit(project, "新的 `sync()`", "<!-- relsync-disable-next-line RS204, RS203 -->\n新的 `sync()`")
    code, out, _ = run_cli("check", "--format", "json")
    assert slugs(out) == ["number-mismatch"]


def test_disable_file_suppresses_a_rule_everywhere(run_cli, project):
    _edit(project, "# 版本 3.4", "<!-- relsync-disable-file link-mismatch -->\n\n# 版本 3.4")
    code, out, _ = run_cli("check", "--format", "json")
    assert slugs(out) == ["number-mismatch"]


# -- baseline -------------------------------------------------------------------------------

def test_baseline_hides_known_findings_and_fails_only_on_new_ones(run_cli, project):
    code, out, err = run_cli("check", "--write-baseline")
    assert code == 0 and "wrote 2 findings to .relsync-baseline.json" in err
    data = json.loads((project / ".relsync-baseline.json").read_text(encoding="utf-8"))
    assert data["version"] == 1 and sum(data["fingerprints"].values()) == 2

    code, out, _ = run_cli("check", "--baseline", ".relsync-baseline.json")
    assert code == 0
    assert out.strip() == "0 errors, 0 warnings, 0 info in 1 document pair (2 known findings in the baseline not shown)"

    # Lines move (a comment added at the top): known findings stay known.
    _edit(project, "# 版本 3.4", "<!-- 本文为社区翻译 -->\n\n# 版本 3.4")
    code, out, _ = run_cli("check", "--format", "json", "--baseline", ".relsync-baseline.json")
    assert code == 0 and slugs(out) == []

    # A new defect fails the check, and only it is shown.
    _edit(project, "取代了 `legacy_sync()`", "取代了 `old_sync()`")
    code, out, _ = run_cli("check", "--format", "json", "--baseline", ".relsync-baseline.json")
    assert code == 1
    new = json.loads(out)["findings"]
    assert [(f["slug"], f["translation"]["line"]) for f in new] == [("code-mismatch", 11)]
    assert json.loads(out)["summary"]["baselined"] == 2


def test_baseline_setting_is_used_when_the_file_exists(run_cli, project):
    (project / "relsync.toml").write_text('baseline = ".relsync-baseline.json"\n', encoding="utf-8")
    assert run_cli("check")[0] == 1
    run_cli("check", "--write-baseline")
    assert run_cli("check")[0] == 0


def test_baseline_counts_findings_so_a_second_identical_one_is_new(run_cli, project):
    run_cli("check", "--write-baseline")
    up = project / "upstream" / "notes.md"
    up.write_text(up.read_text(encoding="utf-8") + "\nIn total, 1,250 commits were merged in `main`.\n",
                  encoding="utf-8")
    tr = project / TR
    tr.write_text(tr.read_text(encoding="utf-8") + "\n`main` 中总共合并了 1350 次提交。\n", encoding="utf-8")
    code, out, _ = run_cli("check", "--format", "json", "--baseline", ".relsync-baseline.json")
    assert code == 1
    found = json.loads(out)["findings"]
    assert len(found) == 1 and found[0]["message"] == "translation has 1350 where upstream has 1250"


@pytest.mark.parametrize("content,problem", [
    ("{not json", "not a relsync baseline file"),
    ('{"version": 1}', "not a relsync baseline file"),
])
def test_bad_baseline_exits_2(run_cli, project, content, problem):
    (project / "b.json").write_text(content, encoding="utf-8")
    code, _, err = run_cli("check", "--baseline", "b.json")
    assert code == 2 and problem in err and "b.json" in err


def test_missing_baseline_exits_2(run_cli, project):
    code, _, err = run_cli("check", "--baseline", "nope.json")
    assert code == 2 and "baseline file not found" in err


def test_pre_commit_hook_runs_relsync_check(run_cli):
    import shlex
    import sys

    import yaml

    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover
        import tomli as tomllib
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    hook = next(h for h in hooks if h["id"] == "relsync-check")
    program, *args = shlex.split(hook["entry"])
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"]
    assert program in scripts and hook["pass_filenames"] is True
    code, out, _ = run_cli(*args, "locales/zh_CN/pytorch-2.6.md", cwd=ROOT)  # what pre-commit passes
    assert code == 1 and "RS301 title-version" in out


def test_readme_workflow_uses_existing_formats():
    import re

    import yaml

    from relsync.report import FINDING_FORMATS

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```yaml\n(name: translations\n.*?)```", readme, re.S)
    steps = [s for block in blocks for s in yaml.safe_load(block)["jobs"]["relsync"]["steps"]]
    formats = re.findall(r"relsync check --format (\w+)", " ".join(s.get("run", "") for s in steps))
    assert formats and set(formats) <= set(FINDING_FORMATS)
    inputs = yaml.safe_load((ROOT / "action.yml").read_text(encoding="utf-8"))["inputs"]
    ours = [s for s in steps if s.get("uses", "").startswith("<this repository>")]
    assert ours and all(set(s.get("with", {})) <= set(inputs) for s in ours)


def test_diff_only_problems_leaves_out_the_pairs_without_any(run_cli, project):
    """In a project, `diff --only-problems` shows the pairs that have problems and the
    summary, not a header and "no problems" for every clean pair."""
    clean = project / "upstream" / "clean.md"
    clean.write_text("# Clean\n\nVersion 3.2 is out.\n", encoding="utf-8")
    (project / "locales" / "zh_CN" / "clean.md").write_text("# 干净\n\n3.2 版已发布。\n", encoding="utf-8")
    code, out, _ = run_cli("--no-color", "diff", "--only-problems", "--width", "100")
    assert code == 1
    assert "upstream/notes.md" in out and "clean.md" not in out
    assert "no problems" not in out
    assert out.rstrip().endswith("in 2 document pairs; 1 fixable with `relsync fix`")
    code, out, _ = run_cli("--no-color", "diff", "--only-problems", "upstream/clean.md", "locales/zh_CN/clean.md")
    assert code == 0 and "no problems: every block is translated and consistent" in out


def test_diff_does_not_mark_structure_without_text_as_missing(run_cli, tmp_path):
    """A macro with nothing to translate that the translation leaves out ({{FirefoxSidebar}},
    in its front matter on MDN; de/1.5) is no missing block in the side-by-side view either."""
    up, tr = tmp_path / "en.md", tmp_path / "de.md"
    up.write_text("# Firefox 1.5\n\n{{FirefoxSidebar}}\n\nFirefox 1.5 is out.\n", encoding="utf-8")
    tr.write_text("# Firefox 1.5\n\nFirefox 1.5 ist erschienen.\n", encoding="utf-8")
    code, out, _ = run_cli("--no-color", "diff", "--only-problems", str(up), str(tr), "-l", "de")
    assert code == 0, out
    assert "MISSING" not in out and "no problems" in out


@pytest.mark.parametrize("config,where", [
    ('# settings\nfail-on = "fatal"\n', "relsync.toml:2: fail-on: unknown severity 'fatal'"),
    ('# settings\n\ndisable = ["no-such-rule"]\n', "relsync.toml:3: unknown rule 'no-such-rule' in disable"),
    ('colour = true\n', "relsync.toml:1: unknown setting 'colour'"),
    ('fail-on = "error"\n[severity]\nnumber-mismatch = "loud"\n', "relsync.toml:2: unknown severity 'loud'"),
    ('locales = {zh-cn = "klingon_XX"}\n', "relsync.toml:1: locales: 'klingon_XX' is not a locale"),
    ('layout = "gatsby"\n', "relsync.toml:1: unknown layout 'gatsby'"),
    ('upstream = "../up/docs/{path}"\ntranslation = "docs/{lang}/{path}"\n',
     "relsync.toml:1: upstream '../up/docs/{path}' must be a relative path inside its root, without '..' "
     "(files of another checkout: name it with upstream-root)"),
])
def test_a_bad_setting_names_the_file_and_line(run_cli, project, config, where):
    (project / "relsync.toml").write_text(config, encoding="utf-8")
    code, out, err = run_cli("check")
    assert code == 2 and out == ""
    assert err.startswith(f"relsync: error: {where}"), err


def test_a_bad_setting_in_pyproject_names_its_line_in_the_tool_table(run_cli, project):
    (project / "pyproject.toml").write_text('[project]\nname = "x"\n\n[tool.relsync]\nmissing-files = "x"\n',
                                            encoding="utf-8")
    code, _, err = run_cli("check")
    assert code == 2 and err.startswith("relsync: error: pyproject.toml:5: missing-files must be"), err
