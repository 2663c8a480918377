"""The games dinokit knows, each one package behind :class:`base.Game`."""

from __future__ import annotations

from .base import Game
from .dinos import GAME as DINOS
from .paleo import GAME as PALEO

GAMES: tuple[Game, ...] = (DINOS, PALEO)

__all__ = ["GAMES", "Game", "DINOS", "PALEO"]
