"""Stage 1, reading: YAML files -> located values, schema checks, diagnostics, languages.

Takes the shipped (or a user's) ``data/`` and ``templates/`` folders; gives typed, located values
and :class:`~generator.source.diagnostics.Diagnostics`. Imports nothing else of dinokit.
"""

from __future__ import annotations

import atexit
import importlib.resources
import shutil
import tempfile
from importlib.resources.abc import Traversable
from pathlib import Path


def _copied(tree: Traversable, into: Path) -> None:
    for item in tree.iterdir():
        if item.is_dir():
            (into / item.name).mkdir()
            _copied(item, into / item.name)
        else:
            (into / item.name).write_bytes(item.read_bytes())


def shipped(name: str) -> Path:
    """The folder ``name`` (``data`` or ``templates``) that ships with dinokit.

    Installed (a wheel or an sdist), it travels inside the package and is found with
    importlib.resources; from a zip it is copied out once per process (files are read by
    path, so that every message can name file:line:col). In a clone, where the package is
    the ``generator/`` folder, it is the checkout's folder of that name beside it.
    """
    inside = importlib.resources.files(__package__.rpartition(".")[0]) / name
    if not inside.is_dir():
        return Path(__file__).resolve().parents[2] / name
    if isinstance(inside, Path):
        return inside
    copy = Path(tempfile.mkdtemp(prefix=f"dinokit-{name}-"))
    atexit.register(shutil.rmtree, copy, True)
    _copied(inside, copy)
    return copy


#: The data shipped with dinokit (``dinokit init`` copies it for editing).
DEFAULT_DATA_DIR = shipped("data")
#: Layout templates, booklet texts and the font catalogue shipped with dinokit.
TEMPLATES_DIR = shipped("templates")

_ACTIVE = {"templates": TEMPLATES_DIR}


def templates_dir() -> Path:
    """The templates folder in use: ``--templates DIR`` of the command, else the project's.

    A command sets it once, before it loads anything (:func:`use_templates`); worker
    processes are forked from the command, so they see the same folder.
    """
    return _ACTIVE["templates"]


def use_templates(folder: Path | None) -> Path:
    """Make ``folder`` (None: the project's templates/) the templates folder in use."""
    _ACTIVE["templates"] = Path(folder) if folder is not None else TEMPLATES_DIR
    return _ACTIVE["templates"]
