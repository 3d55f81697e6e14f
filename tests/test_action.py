"""The GitHub Action (`action.yml`): valid against GitHub's action metadata schema, and its
composite steps run here as a script, as the runner would run them (the `uses:` steps,
setting up Python and uploading SARIF, are GitHub's own and are not run; `gh` is a stand-in
that records the comment)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
import yaml

from .conftest import ROOT
from .test_file_arguments import site

ACTION = ROOT / "action.yml"
SCHEMA = ROOT / "tests" / "fixtures" / "report" / "github-action-schema.json"

_EXPR_RE = re.compile(r"\$\{\{(.*?)\}\}", re.S)
_TOKEN_RE = re.compile(r"\s*(&&|\|\||==|!=|!|\(|\)|'[^']*'|[A-Za-z_][\w.-]*(?:\(\))?)")


def evaluate(expression: str, context: dict) -> object:
    """A GitHub expression of the forms action.yml uses: names, 'strings', ==, !=, !, &&,
    ||, parentheses and always()."""
    out = []
    pos = 0
    expression = expression.strip()
    while pos < len(expression):
        m = _TOKEN_RE.match(expression, pos)
        assert m, f"cannot read {expression[pos:]!r}"
        token = m.group(1)
        pos = m.end()
        if token in ("&&", "||"):
            out.append(" and " if token == "&&" else " or ")
        elif token == "!":
            out.append(" not ")
        elif token in ("==", "!=", "(", ")"):
            out.append(f" {token} ")
        elif token.startswith("'"):
            out.append(repr(token[1:-1]))
        elif token == "always()":
            out.append("True")
        else:
            value = context
            for part in token.split("."):
                value = value.get(part, "") if isinstance(value, dict) else ""
            out.append(repr(value))
    return eval("".join(out), {"__builtins__": {}})  # noqa: S307 - the tokens above only


def substitute(text: str, context: dict) -> str:
    return _EXPR_RE.sub(lambda m: str(evaluate(m.group(1), context)), text)


def load_action() -> dict:
    return yaml.safe_load(ACTION.read_text(encoding="utf-8"))


def test_the_action_is_valid_action_metadata():
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.validate(load_action(), schema)


def run_action(tmp_path: Path, cwd: Path, inputs: dict[str, str], pull_request: int | None = None) -> dict:
    """Run the composite's steps in order as the runner would; returns the outputs, the
    status of the last step, and what the `gh` stand-in was asked to post."""
    action = load_action()
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(exist_ok=True)
    gh_log = tmp_path / "gh.log"
    gh = bin_dir / "gh"
    gh.write_text(f'#!/bin/sh\nprintf "%s\\n" "$*" >> "{gh_log}"\n'
                  'while [ $# -gt 0 ]; do [ "$1" = --body-file ] && cat "$2" >> "' + str(gh_log) + '"; shift; done\n',
                  encoding="utf-8")
    gh.chmod(0o755)
    defaults = {k: str(v.get("default", "")) for k, v in action["inputs"].items()}
    temp = tmp_path / "runner-temp"
    temp.mkdir(exist_ok=True)
    context = {"inputs": {**defaults, **inputs, "token": "t0ken"}, "runner": {"temp": str(temp)},
               "github": {"token": "t0ken", "event": {"pull_request": {"number": pull_request or ""}}},
               "steps": {}}
    status = None
    for step in action["runs"]["steps"]:
        if "uses" in step or step.get("name") == "Install relsync":
            continue  # GitHub's own actions; relsync is installed in this environment already
        if "if" in step and not evaluate(step["if"].strip().removeprefix("${{").removesuffix("}}"), context):
            continue
        output = tmp_path / f"output-{step.get('id', 'step')}"
        output.write_text("", encoding="utf-8")
        env = {**os.environ, "GITHUB_OUTPUT": str(output), "GITHUB_ACTION_PATH": str(ROOT),
               "PATH": f"{bin_dir}{os.pathsep}{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
        env.update({k: substitute(str(v), context) for k, v in step.get("env", {}).items()})
        workdir = cwd / substitute(step.get("working-directory", "."), context)
        proc = subprocess.run(["bash", "-e", "-c", step["run"]], cwd=workdir, env=env, capture_output=True, text=True)
        status = proc.returncode
        if "id" in step:
            context["steps"][step["id"]] = {"outputs": dict(
                line.split("=", 1) for line in output.read_text(encoding="utf-8").splitlines() if "=" in line),
                "stdout": proc.stdout}
    return {"steps": context["steps"], "status": status,
            "gh": gh_log.read_text(encoding="utf-8") if gh_log.exists() else ""}


def test_the_action_annotates_writes_sarif_and_fails_on_findings(tmp_path):
    root = site(tmp_path / "project")
    result = run_action(tmp_path, root, {})
    check = result["steps"]["check"]
    assert check["outputs"]["exit-code"] == "1"
    assert "::error file=locales/zh_CN/b.md" in check["stdout"]
    sarif = json.loads(Path(check["outputs"]["sarif-file"]).read_text(encoding="utf-8"))
    assert sarif["version"] == "2.1.0" and sarif["runs"][0]["results"]
    assert result["status"] == 1, "the last step fails the job on findings"
    assert result["gh"] == "", "no comment outside a pull request"


def test_the_action_takes_arguments_and_comments_on_a_pull_request(tmp_path):
    root = site(tmp_path / "project")
    (root / "locales/zh_CN/b.md").write_text((root / "locales/zh_CN/a.md").read_text(encoding="utf-8"),
                                              encoding="utf-8")
    result = run_action(tmp_path, root, {"args": "locales/ja", "comment": "true", "sarif": "false"},
                        pull_request=7)
    check = result["steps"]["check"]
    assert check["outputs"]["exit-code"] == "1" and "sarif-file" not in check["outputs"]
    assert "locales/ja/b.md" in check["stdout"] and "zh_CN" not in check["stdout"]
    assert result["gh"].startswith("pr comment 7 --edit-last --body-file")
    assert "locales/ja/b.md" in result["gh"]


@pytest.mark.parametrize("fail_on, expected", [("error", 0), ("info", 1)])
def test_fail_on_decides_the_status(tmp_path, fail_on, expected):
    root = site(tmp_path / "project")
    for lang in ("zh_CN", "ja"):
        good = (root / f"locales/{lang}/a.md").read_text(encoding="utf-8")
        (root / f"locales/{lang}/b.md").write_text(good + "\n译者注。\n", encoding="utf-8")  # an extra line: info
    result = run_action(tmp_path, root, {"fail-on": fail_on, "sarif": "false"})
    assert result["status"] == expected
