from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

import pytest
from hypothesis import settings

# Property tests are deterministic (a fixed seed per test, no example database) so that a run
# on CI is the run on a laptop; HYPOTHESIS_PROFILE=fuzz explores with random seeds and more
# examples.
# no deadline: timings belong in benchmarks/, and a loaded machine must not fail a property
settings.register_profile("relsync", derandomize=True, database=None, deadline=None)
settings.register_profile("fuzz", max_examples=2000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "relsync"))

ROOT = Path(__file__).resolve().parent.parent


def load_script(name: str, path: Path):
    """A benchmark or script of the repository (not a package) as a module, registered under
    ``name`` so that its dataclasses and pickling work."""
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
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


MDN_CORPUS = ROOT.parent / "shared" / "corpus" / "mdn-firefox"


def mdn_pairs() -> list[tuple[Path, Path, str]]:
    """(English, translation, locale) for every translation of the MDN Firefox corpus."""
    if not (MDN_CORPUS / "en-us").is_dir():
        return []
    out = []
    for tr in sorted(MDN_CORPUS.glob("*/*/index.md")):
        lang, version = tr.parts[-3], tr.parts[-2]
        if lang != "en-us":
            out.append((MDN_CORPUS / "en-us" / version / "index.md", tr, lang))
    return out


@pytest.fixture
def mdn_corpus():
    pairs = mdn_pairs()
    if not pairs:
        pytest.skip("the MDN corpus (../shared/corpus/mdn-firefox) is not beside the repository")
    return pairs


def assert_clean_failure(code: int, out: str, err: str, *needles: str) -> None:
    """Exit 2, one line on stderr starting ``relsync: error:``, each needle in it."""
    assert code == 2, (code, out, err)
    assert err.count("\n") == 1, err
    assert "Traceback" not in err and err.startswith("relsync: error: "), err
    for needle in needles:
        assert needle in err, (needle, err)


def assert_ran(code: int, out: str, err: str) -> None:
    """A normal run: exit 0 or 1 (findings), nothing on stderr that says it broke."""
    assert code in (0, 1), (code, out, err)
    assert "internal error" not in err and "error:" not in err, err
