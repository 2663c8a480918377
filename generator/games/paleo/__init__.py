"""Paleontologists: the roll-and-write with randomised dig-site pads."""

from __future__ import annotations

from collections.abc import Iterator

from ..base import Game
from . import checks, load
from .model import PaleoData


def name_keys(data: PaleoData) -> Iterator[tuple[str, str]]:
    for dig_type in data.dig_types:
        yield "dig_types", dig_type.id
    if data.dig_site is not None:
        for bonus in data.dig_site.bonuses:
            yield "bonuses", bonus.id


GAME = Game(load.GAME_ID, load.load, checks.check, name_keys)
