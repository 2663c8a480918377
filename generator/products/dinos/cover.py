"""The cover picture of the Digging for Dinos booklet: three real tile fronts in a fan."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...draw.shapes import Group, Item, Transform
from ...games.dinos.load import GAME_ID
from ...layout.sheets import load_sheet_spec
from . import kit

#: (species, position, era index) of the three tiles shown.
PICKS = (("tyrannosaurus", "skull", 0), ("triceratops", "frill", 1), ("velociraptor", "claws", 2))


def cover_art(ctx: Any, width: float) -> tuple[float, Callable[[float, float], list[Item]]]:
    """(height, draw) of the picture; ``ctx`` is the booklet's diagram context."""
    dinos = ctx.data.game(GAME_ID)
    spec = load_sheet_spec().components["tile"]
    size, half = spec.width, spec.width / 2
    tiles = []
    for species_id, position, era_index in PICKS:
        era = dinos.eras[min(era_index, len(dinos.eras) - 1)]
        tile = next(
            (t for t in era.tiles if (t.species, t.position) == (species_id, position)),
            era.tiles[0],
        )
        species = dinos.species_by_id(tile.species)
        has_ability = dinos.ability_of(species.id) is not None
        tiles.append(
            kit.tile_front(
                tile, species, era, has_ability, ctx.lang, size, size, 0, kit.Look(False)
            )
        )
    scale = 1.05
    height = 62.0

    def draw(x: float, y: float) -> list[Item]:
        cx = x + width / 2
        items: list[Item] = []
        for i, (art, angle) in enumerate(zip(tiles, (-14, 0, 14), strict=True)):
            dx = cx + (i - 1) * 34 - half * scale
            dy = y + 8 + abs(i - 1) * 5
            # rotate each tile about its own centre
            items.append(
                Group(
                    (Group(art, Transform(dx=-half, dy=-half)),),
                    Transform(
                        dx=dx + half * scale,
                        dy=dy + half * scale,
                        rotate=angle,
                        sx=scale,
                        sy=scale,
                    ),
                )
            )
        return items

    return height, draw
