"""The house: data flows one way through the stages, modules stay small, no import cycles.

Every import of a relsync module by another is read from the source (at any depth, in
functions too) and checked against the order of the stages below: a module may import only
modules of its own stage or an earlier one.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "relsync"

#: The stages, earliest first. A module belongs to the first entry that is its name or a
#: package above it.
STAGES = [
    ["relsync._version", "relsync.errors", "relsync.model", "relsync.langid_model"],
    ["relsync.languages", "relsync.io", "relsync.datestyle", "relsync.front_matter", "relsync.slugs",
     "relsync.english_words"],
    ["relsync.anchors.dates_cldr"],
    ["relsync.anchors.dates_grammar", "relsync.anchors.numbers"],
    ["relsync.anchors.dates"],
    ["relsync.config"],
    ["relsync.project.patterns", "relsync.project.sitefiles", "relsync.project.jsconfig",
     "relsync.project.specs"],
    ["relsync.project.layouts"],
    ["relsync.project.pairing", "relsync.project.detect_js", "relsync.project.suffixes"],
    ["relsync.project.sites"],
    ["relsync.project.detect", "relsync.project.glossary", "relsync.project.pofiles",
     "relsync.project.starter"],
    ["relsync.project"],
    ["relsync.anchors", "relsync.dialects", "relsync.dialects_mkdocs", "relsync.html_tables"],
    ["relsync.sentences"],
    ["relsync.mdx", "relsync.jsx", "relsync.parse"],
    ["relsync.comments", "relsync.parsed"],
    ["relsync.keys"],
    ["relsync.similarity", "relsync.assignment", "relsync.lexicon"],
    ["relsync.rows", "relsync.align_order", "relsync.align_kept", "relsync.align_nested", "relsync.align_levels",
     "relsync.align_links", "relsync.align_releases"],
    ["relsync.align_words", "relsync.align_runs", "relsync.align_entries"],
    ["relsync.align_moved", "relsync.align_kids", "relsync.align_dp"],
    ["relsync.align"],
    ["relsync.stale"],
    ["relsync.checks"],
    ["relsync.pipeline"],
    ["relsync.pofile"],
    ["relsync.po"],
    ["relsync.report"],
    ["relsync.baseline"],
    ["relsync.runner"],
    ["relsync.fix"],
    ["relsync.cli_common"],
    ["relsync.cli", "relsync.cli_po", "relsync.cli_project", "relsync.__main__"],
    ["relsync"],
]
#: Where an import inside a function is allowed: loading a command, an output format or the
#: rule modules only when they are used keeps start-up fast; it never hides a cycle (the
#: cycle test sees these imports too).
LAZY_IMPORTS_ALLOWED = {"relsync", "relsync.checks", "relsync.cli", "relsync.cli_po", "relsync.report"}
MAX_MODULE_LINES = 600
MAX_FUNCTION_LINES = 80


def _modules() -> dict[str, Path]:
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


MODULES = _modules()


def _stage(module: str) -> int:
    for k, names in enumerate(STAGES):
        for name in names:
            if name == "relsync":
                if module == "relsync":
                    return k
            elif module == name or module.startswith(name + "."):
                return k
    raise AssertionError(f"{module} is in no stage of STAGES")


def imports(module: str) -> list[tuple[str, int, bool]]:
    """The relsync modules ``module`` imports: (name, line, inside a function)."""
    return _imports(module, MODULES[module], tuple(MODULES))


@functools.lru_cache(maxsize=None)
def _imports(module: str, path: Path, known: tuple[str, ...]) -> list[tuple[str, int, bool]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = []

    def visit(node: ast.AST, nested: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inner = nested or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef))
            if isinstance(child, ast.Import):
                for alias in child.names:
                    if alias.name.split(".")[0] == "relsync":
                        found.append((alias.name, child.lineno, nested))
            elif isinstance(child, ast.ImportFrom):
                if child.level:
                    base = package.split(".")
                    base = base[: len(base) - child.level + 1]
                    target = ".".join(base + ([child.module] if child.module else []))
                elif child.module and child.module.split(".")[0] == "relsync":
                    target = child.module
                else:
                    continue
                for alias in child.names:
                    sub = f"{target}.{alias.name}"
                    found.append((sub if sub in known else target, child.lineno, nested))
            visit(child, inner)

    visit(tree, False)
    return [(name, line, nested) for name, line, nested in found if name in known]


def test_every_module_is_in_a_stage():
    for module in MODULES:
        _stage(module)


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_module_imports_a_later_stage(module):
    for name, line, _ in imports(module):
        assert _stage(name) <= _stage(module), (
            f"{MODULES[module].relative_to(PACKAGE.parent)}:{line}: {module} imports {name}, "
            "a later stage")


@pytest.mark.parametrize("module", sorted(set(MODULES) - LAZY_IMPORTS_ALLOWED))
def test_imports_are_at_module_level(module):
    nested = [(name, line) for name, line, inner in imports(module) if inner]
    assert nested == [], f"{module} imports inside functions: {nested}"


def test_no_import_cycles():
    graph = {m: {name for name, _, _ in imports(m) if name != m} for m in MODULES}
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(m: str) -> None:
        state[m] = 1
        stack.append(m)
        for n in sorted(graph[m]):
            if state.get(n) == 1:
                cycle = stack[stack.index(n):] + [n]
                raise AssertionError("import cycle: " + " -> ".join(cycle))
            if n not in state:
                visit(n)
        stack.pop()
        state[m] = 2

    for m in sorted(graph):
        if m not in state:
            visit(m)


@pytest.mark.parametrize("module", sorted(MODULES))
def test_modules_and_functions_stay_small(module):
    path = MODULES[module]
    source = path.read_text(encoding="utf-8")
    assert source.count("\n") <= MAX_MODULE_LINES, f"{path.name}: {source.count(chr(10))} lines"
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            length = node.end_lineno - node.lineno + 1
            assert length <= MAX_FUNCTION_LINES, f"{path.name}:{node.lineno} {node.name}: {length} lines"


def test_the_stage_test_sees_a_cycle(tmp_path, monkeypatch):
    """The checks above can fail: a function-level import of a later stage is seen."""
    fake = tmp_path / "relsync"
    fake.mkdir()
    (fake / "__init__.py").write_text("")
    (fake / "parse.py").write_text("def f():\n    from . import runner\n")
    (fake / "runner.py").write_text("from .parse import f\n")
    modules = {"relsync": fake / "__init__.py", "relsync.parse": fake / "parse.py",
               "relsync.runner": fake / "runner.py"}
    monkeypatch.setitem(globals(), "MODULES", modules)
    assert imports("relsync.parse") == [("relsync.runner", 2, True)]
    with pytest.raises(AssertionError, match="import cycle"):
        test_no_import_cycles()
