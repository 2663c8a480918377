"""Paleontologists: the roll-and-write with randomised dig-site pads."""

from __future__ import annotations

from ..base import Game
from . import checks, load, terms

GAME = Game(
    id=load.GAME_ID,
    load=load.load,
    check=checks.check,
    name_keys=terms.name_keys,
    name_sections=("dig_types", "bonuses"),
    placeholders=terms.PLACEHOLDERS,
    booklet_values=terms.booklet_values,
    booklet_keys=terms.booklet_keys,
    tables={"dice": terms.dice_table, "bonuses": terms.bonuses_table},
    products="paleo",
)
