from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"
CORPUS = ROOT.parent / "shared" / "corpus" / "vue-docs"
EXAMPLE_UP = ROOT / "upstream" / "pytorch-2.6.md"
EXAMPLE_TR = ROOT / "locales" / "zh_CN" / "pytorch-2.6.md"


def corpus_pairs(snapshot: str = "head") -> list[tuple[Path, Path]]:
    base = CORPUS / snapshot
    if not base.is_dir():
        return []
    return [(en, base / "zh" / en.relative_to(base / "en")) for en in sorted((base / "en").rglob("*.md"))]


@pytest.fixture
def corpus():
    pairs = corpus_pairs()
    if not pairs:
        pytest.skip("the vue-docs corpus (../shared/corpus/vue-docs) is not beside the repository")
    return pairs


@pytest.fixture
def run_cli(capsys, monkeypatch):
    """Run the command line in-process: returns (exit status, stdout, stderr)."""
    from relsync.cli import main

    def run(*args: str, cwd: Path | None = None):
        if cwd is not None:
            monkeypatch.chdir(cwd)
        code = main(list(args))
        out, err = capsys.readouterr()
        return code, out, err

    return run
