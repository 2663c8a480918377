"""Stage 1, reading: YAML files -> located values, schema checks, diagnostics, languages.

Takes the shipped (or a user's) ``data/`` and ``templates/`` folders; gives typed, located values
and :class:`~generator.source.diagnostics.Diagnostics`. Imports nothing else of dinokit.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

#: The package's own folder: the installed dinokit/, or a checkout's generator/ (or, run
#: from a zip, a path inside the zip that is no folder).
_PACKAGE = Path(__file__).resolve().parent.parent


def _copied(tree: Traversable, into: Path) -> None:
    for item in tree.iterdir():
        if item.is_dir():
            (into / item.name).mkdir()
            _copied(item, into / item.name)
        else:
            (into / item.name).write_bytes(item.read_bytes())


def _out_of_zip(parts: tuple[str, ...]) -> Path:
    """``parts`` of the package read with importlib.resources and copied into a temporary
    folder once per process: files are read by path (so that every message can name
    file:line:col, and the web server can serve them)."""
    import atexit
    import importlib.resources
    import shutil
    import tempfile

    copy = Path(tempfile.mkdtemp(prefix=f"dinokit-{parts[-1]}-"))
    atexit.register(shutil.rmtree, copy, True)
    _copied(importlib.resources.files(__package__.rpartition(".")[0]).joinpath(*parts), copy)
    return copy


def package_folder(*parts: str) -> Path:
    """The folder ``parts`` inside the dinokit package, as a real folder.

    In a folder (site-packages, read-only or not; a checkout) it is that folder; from a
    zip (a wheel on ``sys.path``, a zipapp) it is copied out once (:func:`_out_of_zip`).
    The usual case costs no import of importlib.resources at start-up.
    """
    return _PACKAGE.joinpath(*parts) if _PACKAGE.is_dir() else _out_of_zip(parts)


def shipped(name: str) -> Path:
    """The folder ``name`` (``data`` or ``templates``) that ships with dinokit.

    Installed (a wheel or an sdist), it travels inside the package
    (:func:`package_folder`). In a clone, where the package is the ``generator/``
    folder and has no such folder, it is the checkout's folder beside it.
    """
    inside = package_folder(name)
    return inside if inside.is_dir() else _PACKAGE.parent / name


#: The data shipped with dinokit (``dinokit init`` copies it for editing).
DEFAULT_DATA_DIR = shipped("data")
#: Layout templates, booklet texts and the font catalogue shipped with dinokit.
TEMPLATES_DIR = shipped("templates")

_ACTIVE = {"templates": TEMPLATES_DIR}


def templates_dir() -> Path:
    """The templates folder in use: ``--templates DIR`` of the command, else the shipped one.

    A command sets it once, before it loads anything (:func:`use_templates`); worker
    processes are forked from the command, so they see the same folder.
    """
    return _ACTIVE["templates"]


def use_templates(folder: Path | None) -> Path:
    """Make ``folder`` (None: the shipped templates) the templates folder in use."""
    _ACTIVE["templates"] = Path(folder) if folder is not None else TEMPLATES_DIR
    return _ACTIVE["templates"]
