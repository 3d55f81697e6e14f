"""py3langid's model from relsync's decompressed copy: the same answers as py3langid's own
loading, the copy made once, and never a failure when it cannot be made."""

from __future__ import annotations

import copy
import lzma

import pytest
from py3langid.langid import MODEL_FILE, LanguageIdentifier

from relsync import langid_model

TEXTS = [
    "Firefox 3 bietet eine neue Methode zur Lokalisierung von Add-on Metadaten.",
    "Você pode retorná-la diretamente.",
    "The main Response class, all the other responses inherit from it.",
    "Les modèles ont été grandement améliorés dans Firefox 3.",
    "Использование сервиса настроек содержимого",
]


@pytest.fixture(scope="module")
def reference():
    return LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)


def answers(identifier, languages=None):
    if languages:
        identifier.set_languages(languages)
    return [identifier.classify(t) for t in TEXTS]


def test_the_copy_gives_py3langids_answers_and_is_made_once(tmp_path, monkeypatch, reference):
    monkeypatch.setenv("RELSYNC_MODEL_CACHE", str(tmp_path))
    first = langid_model.load_identifier()
    copies = list(tmp_path.iterdir())
    assert len(copies) == 1 and sorted(p.name for p in copies[0].iterdir()) == sorted(
        f"{name}.npy" for name in langid_model.ARRAYS)

    def no_decompressing(*args, **kwargs):
        raise AssertionError("the model was decompressed again")

    monkeypatch.setattr(lzma, "open", no_decompressing)
    second = langid_model.load_identifier()
    assert answers(first) == answers(second) == answers(reference)
    assert answers(second, ["en", "de"]) == answers(copy.copy(reference), ["en", "de"])


def test_an_empty_setting_turns_the_copy_off(tmp_path, monkeypatch, reference):
    monkeypatch.setenv("RELSYNC_MODEL_CACHE", "")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert answers(langid_model.load_identifier()) == answers(reference)
    assert list(tmp_path.iterdir()) == []


def test_a_cache_that_cannot_be_written_falls_back(tmp_path, monkeypatch, reference):
    blocked = tmp_path / "not-a-directory"
    blocked.write_text("a file where the cache should be\n", encoding="utf-8")
    monkeypatch.setenv("RELSYNC_MODEL_CACHE", str(blocked))
    assert answers(langid_model.load_identifier()) == answers(reference)
    assert blocked.read_text(encoding="utf-8") == "a file where the cache should be\n"


def test_a_copy_cut_short_is_made_again(tmp_path, monkeypatch, reference):
    monkeypatch.setenv("RELSYNC_MODEL_CACHE", str(tmp_path))
    langid_model.load_identifier()
    home = next(tmp_path.iterdir())
    (home / "ptc.npy").unlink()
    assert answers(langid_model.load_identifier()) == answers(reference)
    assert (home / "ptc.npy").is_file()
