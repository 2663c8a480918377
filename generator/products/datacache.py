"""The checked data, remembered: a command need not validate unchanged data again.

Validating everything (every game, language, layout and booklet) takes seconds; a
pad of a thousand sheets takes about as long. Data that passed is stored, keyed by
the bytes of every data and template file, of dinokit's own code and the versions
of the packages it reads (fonts included): change any of them and the data is
checked again. Only data without errors is stored, so errors are always reported.
The cache lives beside the font cache (:mod:`generator.source.cachedir`, kind ``data``:
``$DINOKIT_DATA_CACHE``, else ``$XDG_CACHE_HOME/dinokit/data`` or
``~/.cache/dinokit/data``, else a private folder in the system's temporary directory);
a broken or unreadable entry is ignored and rebuilt.

An entry is a pickle, and unpickling runs code: an entry is read only from a folder and
a file of the user's that no one else can write (:mod:`~generator.source.cachedir`), and
it may name only dinokit's own dataclasses and enums (:class:`_Unpickler`), so that even
a planted file can make nothing but data.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import io
import os
import pickle
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..games.data import ComponentData
from ..source import cachedir, templates_dir
from ..source.diagnostics import Diagnostic, Diagnostics
from ..source.files import OutputError, atomic_write

#: Bump when what is stored changes shape.
CACHE_VERSION = 1
_CODE = Path(__file__).resolve().parents[1]  # the generator package


def cache_dir() -> Path:
    """The data cache's folder (see :func:`generator.source.cachedir.cache_dir`)."""
    return cachedir.cache_dir("data")


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
    data_dir: str | os.PathLike[str], load: Callable[[], ComponentData], scope: str = ""
) -> ComponentData:
    """The checked data of ``data_dir``: from the cache when its inputs are unchanged,
    else ``load()`` (which validates, and reports and exits on errors), then stored.

    ``scope``: ``load`` checks only part of the kit (the games and languages it names);
    data checked whole serves every scope, data checked for a scope only that scope."""
    try:
        key = cache_key(data_dir)
    except OSError:
        return load()  # an unreadable input: let the loader say so
    names = [f"{key}.pickle"]
    if scope:
        names.append(f"{key}-{hashlib.sha256(scope.encode()).hexdigest()[:12]}.pickle")
    for folder in cachedir.lookup("data"):
        for name in names:
            found = _read(folder / name)
            if found is not None:
                return found
    data = load()
    _store(names[-1], data)
    return data


def remembered_report(
    data_dir: str | os.PathLike[str], check: Callable[[], tuple[ComponentData, Diagnostics]]
) -> Diagnostics:
    """What ``validate`` finds in ``data_dir``: remembered when there is no error, for
    the same inputs seen from the same folder (the messages show paths as seen from
    there); a warning is shown again every time, as found. Data that passed is also
    stored as checked whole, so the next command need not check it again."""
    try:
        key = cache_key(data_dir)
    except OSError:
        return check()[1]  # an unreadable input: let the check say so
    seen_from = hashlib.sha256(f"report|{os.getcwd()}".encode()).hexdigest()[:12]
    name = f"{key}-{seen_from}.pickle"
    for folder in cachedir.lookup("data"):
        found = _read(folder / name, tuple)
        if found is not None and all(isinstance(d, Diagnostic) for d in found):
            diags = Diagnostics()
            diags.extend(found)
            return diags
    data, diags = check()
    if not diags.errors:
        _store(name, tuple(diags))
        _store(f"{key}.pickle", data)
    return diags


def _store(name: str, value: object) -> None:
    """Keep ``value`` under ``name`` in the first cache folder that takes it."""
    try:
        blob = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, TypeError, AttributeError):
        return
    for folder in cachedir.folders("data", create=True):
        try:
            atomic_write(folder / name, blob)
        except OutputError:
            continue  # an unwritable cache only costs the time
        cachedir.prune(folder, ENTRY, max_entries=KEEP, spare=0.0)
        break


def _read(path: Path, kind: type = ComponentData) -> Any:
    blob = cachedir.read_owned(path)
    if blob is None:
        return None
    try:
        found = _Unpickler(io.BytesIO(blob)).load()
    except Exception:  # noqa: BLE001 - truncated, stale or refused: checked again
        return None
    return found if isinstance(found, kind) else None


_PACKAGE = __name__.split(".")[0]


class _Unpickler(pickle.Unpickler):
    """An unpickler that makes only dinokit's dataclasses and enums: no function, no
    other module's class (what a planted pickle would call to run code)."""

    def find_class(self, module: str, name: str) -> Any:
        if module == _PACKAGE or module.startswith(_PACKAGE + "."):
            found = super().find_class(module, name)
            if isinstance(found, type) and (
                dataclasses.is_dataclass(found) or issubclass(found, enum.Enum)
            ):
                return found
        raise pickle.UnpicklingError(f"{module}.{name} is not data of dinokit's")


#: Entries kept: the newest few (each a data folder as it was; tests make many).
KEEP = 8
#: The files of the cache (``<key>.pickle``): nothing else is pruned.
ENTRY = re.compile(r"[0-9a-f]{32}(-[0-9a-f]{12})?\.pickle")
