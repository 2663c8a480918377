"""Stage 1, reading: YAML files -> located values, schema checks, diagnostics, languages.

Takes the project's ``data/`` and ``templates/`` folders; gives typed, located values
and :class:`~generator.source.diagnostics.Diagnostics`. Imports nothing else of dinokit.
"""

from __future__ import annotations

from pathlib import Path

#: The checkout that holds the package, its data and templates.
PROJECT_DIR = Path(__file__).resolve().parents[2]
#: The data shipped with dinokit (a checkout's data/ folder).
DEFAULT_DATA_DIR = PROJECT_DIR / "data"
#: Layout templates, booklet texts and the font catalogue shipped with dinokit.
TEMPLATES_DIR = PROJECT_DIR / "templates"

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
