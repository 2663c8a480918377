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
#: Layout templates and booklet texts.
TEMPLATES_DIR = PROJECT_DIR / "templates"
