"""Stage 2, the games: each one package (model, loading, checks, rules engine, bots).

Takes located YAML from :mod:`generator.source`; gives pure-Python models and rules.
Nothing here draws: no page description, layout, backend or product is imported.
A game is any sub-package that defines ``GAME`` (a :class:`~.base.Game`); they are
found, not listed, so adding a third game edits nothing here.
"""

from __future__ import annotations

import importlib
import pkgutil

from .base import Game


def _discover() -> tuple[Game, ...]:
    found = []
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if info.ispkg:
            module = importlib.import_module(f"{__name__}.{info.name}")
            game = getattr(module, "GAME", None)
            if isinstance(game, Game):
                found.append(game)
    return tuple(found)


GAMES: tuple[Game, ...] = _discover()
BY_ID: dict[str, Game] = {game.id: game for game in GAMES}

__all__ = ["BY_ID", "GAMES", "Game"]
