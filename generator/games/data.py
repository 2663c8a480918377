"""All games' data at once: load every game and language, run the games' own checks.

Takes a data folder; gives :class:`ComponentData` and the diagnostics. What needs the
later stages to check (glyph coverage, booklet texts, what the art can draw) is added
by :mod:`generator.products.validate`.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..source import DEFAULT_DATA_DIR
from ..source.confine import confined_to
from ..source.diagnostics import Diagnostics, Location, display_path
from ..source.lang import Language, check_languages, load_languages
from . import GAMES

__all__ = ["DEFAULT_DATA_DIR", "ComponentData", "load_games"]


@dataclass(frozen=True)
class ComponentData:
    games: dict[str, Any]  # game id -> that game's model
    languages: tuple[Language, ...]
    booklet_status: tuple[Any, ...] = ()  # per game and language: booklet completeness

    def game(self, game_id: str) -> Any:
        return self.games[game_id]

    def language(self, code: str) -> Language | None:
        return next((lang for lang in self.languages if lang.code == code), None)


def _check_folder(data_dir: Path, diags: Diagnostics) -> bool:
    shown = Location(display_path(data_dir))
    if not data_dir.exists():
        diags.error("E-DATA-DIR", shown, "data folder not found (expected a folder of YAML files)")
    elif not data_dir.is_dir():
        diags.error("E-DATA-DIR", shown, "is a file, expected the data folder")
    else:
        try:
            os.listdir(data_dir)
            return True
        except OSError as exc:
            diags.error("E-DATA-DIR", shown, f"cannot read data folder: {exc.strerror or exc}")
    return False


def load_games(data_dir: str | os.PathLike[str], diags: Diagnostics) -> ComponentData | None:
    """Every game's model and every language, with the games' checks and the names
    each language must give; None when the folder itself cannot be read."""
    data_dir = Path(data_dir)
    if not _check_folder(data_dir, diags):
        return None
    with confined_to(data_dir):
        return _load_games(data_dir, diags)


def _load_games(data_dir: Path, diags: Diagnostics) -> ComponentData:
    models = {}
    broken = []  # games whose files did not load cleanly
    for game in GAMES:
        before = len(diags.errors)
        models[game.id] = game.load(data_dir, diags)
        if len(diags.errors) > before:
            broken.append(game)
    languages = load_languages(data_dir / "lang", diags)
    keys = [("games", game.id) for game in GAMES]
    for game in GAMES:
        if game in broken:
            # Checks across its files (and the names it needs) would only repeat the
            # errors above in a hundred ways: they wait until its files load.
            diags.warning(
                "W-CHECKS-SKIPPED",
                Location(display_path(data_dir / game.id)),
                f"{game.id}: checks across its files skipped until the errors in its "
                "files are fixed",
            )
            continue
        game.check(models[game.id], diags)
        keys.extend(game.name_keys(models[game.id]))
    skipped = {section for game in broken for section in game.name_sections}
    check_languages(languages, keys, diags, skip_sections=skipped)
    return ComponentData(models, languages)
