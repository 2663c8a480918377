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
    models = {game.id: game.load(data_dir, diags) for game in GAMES}
    languages = load_languages(data_dir / "lang", diags)
    for game in GAMES:
        game.check(models[game.id], diags)
    keys = [("games", game.id) for game in GAMES]
    for game in GAMES:
        keys.extend(game.name_keys(models[game.id]))
    check_languages(languages, keys, diags)
    return ComponentData(models, languages)
