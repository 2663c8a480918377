"""The checked data, remembered: a command need not validate unchanged data again.

Validating everything (every game, language, layout and booklet) takes seconds; a
pad of a thousand sheets takes about as long. Data that passed is stored, keyed by
the bytes of every data and template file, of dinokit's own code and the versions
of the packages it reads (fonts included): change any of them and the data is
checked again. Only data without errors is stored, so errors are always reported.
The cache lives beside the font cache (``$DINOKIT_DATA_CACHE``, else
``~/.cache/dinokit/data``); a broken or unreadable entry is ignored and rebuilt.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
from collections.abc import Callable
from pathlib import Path

from ..games.data import ComponentData
from ..source import templates_dir
from ..source.files import OutputError, atomic_write

#: Bump when what is stored changes shape.
CACHE_VERSION = 1
_CODE = Path(__file__).resolve().parents[1]  # the generator package


def cache_dir() -> Path:
    """``$DINOKIT_DATA_CACHE`` if set, else ``~/.cache/dinokit/data``."""
    env = os.environ.get("DINOKIT_DATA_CACHE")
    return Path(env) if env else Path.home() / ".cache" / "dinokit" / "data"


def _versions() -> str:
    """Every installed package and its version, from the names of their metadata folders
    (``name-1.2.dist-info``): quick, and a new font package or version changes it."""
    found = []
    for entry in sys.path:
        try:
            names = os.listdir(entry or ".")
        except OSError:
            continue
        found += [n for n in names if n.endswith((".dist-info", ".egg-info"))]
    return "\n".join(sorted(found))


def cache_key(data_dir: str | os.PathLike[str]) -> str:
    """What decides the checked data: every input file's path and bytes, and versions."""
    digest = hashlib.sha256(f"v{CACHE_VERSION}|{sys.version}|{_versions()}".encode())
    inputs = ((Path(data_dir), "*"), (templates_dir(), "*"), (_CODE, "*.py"), (_CODE, "*.c"))
    for root, pattern in inputs:
        digest.update(f"|root {root.resolve()}".encode())
        for path in sorted(p for p in root.rglob(pattern) if p.is_file()):
            digest.update(f"|{path.relative_to(root).as_posix()}|".encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:32]


def remembered(
    data_dir: str | os.PathLike[str], load: Callable[[], ComponentData]
) -> ComponentData:
    """The checked data of ``data_dir``: from the cache when its inputs are unchanged,
    else ``load()`` (which validates, and reports and exits on errors), then stored."""
    try:
        path = cache_dir() / f"{cache_key(data_dir)}.pickle"
    except OSError:
        return load()  # an unreadable input: let the loader say so
    try:
        found = pickle.loads(path.read_bytes())
        if isinstance(found, ComponentData):
            return found
    except Exception:  # noqa: BLE001 - missing, truncated or stale: checked again below
        pass
    data = load()
    try:
        atomic_write(path, pickle.dumps(data, protocol=pickle.HIGHEST_PROTOCOL))
        _prune(path.parent)
    except (OutputError, OSError, pickle.PicklingError, TypeError, AttributeError):
        pass  # an unwritable cache only costs the time
    return data


#: Entries kept: the newest few (each a data folder as it was; tests make many).
KEEP = 8


def _prune(folder: Path) -> None:
    entries = sorted(folder.glob("*.pickle"), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in entries[KEEP:]:
        old.unlink(missing_ok=True)
