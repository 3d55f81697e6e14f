"""py3langid's model, loaded fast after the first time.

py3langid ships its model in its wheel as an LZMA-compressed NumPy archive: every process
that loads it decompresses 68 MB first (about half a second, a fifth of a check of a
hundred pages). The first load keeps the decompressed arrays as ``.npy`` files in the user's
cache directory (``$XDG_CACHE_HOME/relsync``, ``~/.cache/relsync``; on Windows
``%LOCALAPPDATA%\\relsync\\cache``; ``RELSYNC_MODEL_CACHE`` names another directory, or, empty,
turns the copy off), in a directory named by py3langid's version and the model file's size,
written whole or not at all; later loads map them from there (a few hundredths of a second,
the pages shared between ``-j`` workers). Nothing is downloaded: the copy is of the file the
wheel installed. When the copy cannot be written or read, or py3langid's model layout is not
the one known here, the model is loaded as py3langid loads it.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

#: The arrays of py3langid's model file (``py3langid/modelio.py``), as ``.npy`` files.
ARRAYS = ("ptc", "pc", "classes", "nextmove", "nextmove_row", "out_feat")


def cache_root() -> Path | None:
    """Where the decompressed model is kept; ``None`` when ``RELSYNC_MODEL_CACHE`` is empty."""
    chosen = os.environ.get("RELSYNC_MODEL_CACHE")
    if chosen is not None:
        return Path(chosen) if chosen else None
    if sys.platform == "win32" and os.environ.get("LOCALAPPDATA"):
        return Path(os.environ["LOCALAPPDATA"]) / "relsync" / "cache"
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "relsync"


def load_identifier():
    """py3langid's ``LanguageIdentifier`` with normalised probabilities."""
    from py3langid.langid import MODEL_DIR, MODEL_FILE, LanguageIdentifier

    source = MODEL_DIR / MODEL_FILE
    try:
        arrays = _cached_arrays(source)
    except (OSError, ValueError, ImportError, AttributeError, KeyError):
        arrays = None
    if arrays is None:
        return LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)
    import numpy as np
    from py3langid.modelio import _to_array

    return LanguageIdentifier(np.asarray(arrays["ptc"]), np.asarray(arrays["pc"]), arrays["classes"].tolist(),
                              _to_array(arrays["nextmove"]), arrays["out_feat"].tolist(), norm_probs=True,
                              tk_row=_to_array(arrays["nextmove_row"]))


def _cached_arrays(source: Path) -> dict | None:
    root = cache_root()
    if root is None:
        return None
    from importlib import metadata

    import numpy as np

    home = root / f"py3langid-{metadata.version('py3langid')}-{source.stat().st_size}"
    if not all((home / f"{name}.npy").is_file() for name in ARRAYS):
        shutil.rmtree(home, ignore_errors=True)  # (a copy someone cut short)
        _unpack(source, home)
    return {name: np.load(home / f"{name}.npy", mmap_mode="r", allow_pickle=False) for name in ARRAYS}


def _unpack(source: Path, home: Path) -> None:
    """The model's arrays as ``.npy`` files in ``home``, made in a directory beside it and
    renamed into place (another process doing the same at the same time loses the race
    harmlessly)."""
    import lzma
    import tempfile

    import numpy as np

    home.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=home.name + ".", dir=home.parent))
    try:
        with tempfile.TemporaryFile(dir=work) as unpacked:
            with lzma.open(source) as packed:
                shutil.copyfileobj(packed, unpacked, length=1 << 20)
            unpacked.seek(0)
            with np.load(unpacked, allow_pickle=False) as data:
                missing = set(ARRAYS) - set(data.files)
                if missing:
                    raise ValueError(f"{source}: no {sorted(missing)} in the model")
                for name in ARRAYS:
                    np.save(work / f"{name}.npy", data[name], allow_pickle=False)
        try:
            os.replace(work, home)
        except OSError:
            if not home.is_dir():  # (not another process's copy in place already)
                raise
    finally:
        shutil.rmtree(work, ignore_errors=True)


__all__ = ["ARRAYS", "cache_root", "load_identifier"]
