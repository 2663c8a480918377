"""Digging for Dinos: fossil tiles, paleontologist tokens, player aid."""

from __future__ import annotations

from ..base import Game
from . import checks, load, terms

GAME = Game(
    id=load.GAME_ID,
    load=load.load,
    check=checks.check,
    name_keys=terms.name_keys,
    name_sections=("species", "positions", "eras", "abilities"),
    placeholders=terms.PLACEHOLDERS,
    booklet_values=terms.booklet_values,
    tables={"species": terms.species_table},
    products="dinos",
)
