"""Digging for Dinos: fossil tiles, paleontologist tokens, player aid."""

from __future__ import annotations

from collections.abc import Iterator

from ..base import Game
from . import checks, load
from .model import DinosData


def name_keys(data: DinosData) -> Iterator[tuple[str, str]]:
    for sp in data.species:
        yield "species", sp.id
    for position in sorted({p.id for sp in data.species for p in sp.positions}):
        yield "positions", position
    for era in data.eras:
        yield "eras", str(era.number)
    for ability in data.abilities:
        yield "abilities", ability.id


GAME = Game(load.GAME_ID, load.load, checks.check, name_keys)
