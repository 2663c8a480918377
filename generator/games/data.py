"""All component data of dinokit: load, build the model, run every check."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..source import DEFAULT_DATA_DIR
from ..source.diagnostics import Diagnostics, Location, display_path
from ..source.lang import Language, check_glyphs, check_languages, load_languages
from . import GAMES


@dataclass(frozen=True)
class ComponentData:
    games: dict[str, Any]  # game id -> that game's model
    languages: tuple[Language, ...]
    booklet_status: tuple = ()  # per game and language: completeness of the booklet texts

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


def load_data(
    data_dir: str | os.PathLike[str] = DEFAULT_DATA_DIR,
) -> tuple[ComponentData, Diagnostics]:
    """Load everything and check it; the data is usable when there are no errors."""
    diags = Diagnostics()
    data_dir = Path(data_dir)
    if not _check_folder(data_dir, diags):
        return ComponentData({}, ()), diags
    models = {game.id: game.load(data_dir, diags) for game in GAMES}
    languages = load_languages(data_dir / "lang", diags)
    for game in GAMES:
        game.check(models[game.id], diags)
    keys = [("games", game.id) for game in GAMES]
    for game in GAMES:
        keys.extend(game.name_keys(models[game.id]))
    check_languages(languages, keys, diags)
    check_glyphs(languages, diags)
    status = _check_booklets(models, languages, diags)
    return ComponentData(models, languages, tuple(status)), diags


def _check_booklets(models: dict[str, Any], languages, diags: Diagnostics) -> list:
    """Booklet texts: the placeholders each game's data provides, the keys its tables need."""
    from ..products.booklet.build import PLACEHOLDERS
    from ..products.booklet.checks import check_booklets
    from ..products.booklet.source import TEMPLATES

    if not TEMPLATES.is_dir():
        return []
    allowed = {game.id: set(PLACEHOLDERS[game.id]) for game in GAMES}
    extra = {game.id: [] for game in GAMES}
    paleo = models.get("paleontologists")
    if paleo is not None and paleo.dig_site is not None:
        extra["paleontologists"] = [
            f"bonus_effect_{b.id.replace('-', '_')}" for b in paleo.dig_site.bonuses
        ]
    return check_booklets(extra, languages, allowed, diags, TEMPLATES)
