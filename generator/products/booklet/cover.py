"""Cover pictures of the booklets, drawn from the real components."""

from __future__ import annotations

from collections.abc import Callable

from ...draw.shapes import Group, Item, Transform


def cover_art(ctx, game: str, width: float) -> tuple[float, Callable[[float, float], list[Item]]]:
    """(height, draw) of the picture on a booklet's cover."""
    if game == "digging-for-dinos":
        return _tiles_fan(ctx, width)
    return _sheet(ctx, width)


def _tiles_fan(ctx, width: float):
    from ..dinos import kit

    dinos = ctx.data.game("digging-for-dinos")
    picks = [
        ("tyrannosaurus", "skull", 0),
        ("triceratops", "frill", 1),
        ("velociraptor", "claws", 2),
    ]
    tiles = []
    for species_id, position, era_index in picks:
        era = dinos.eras[min(era_index, len(dinos.eras) - 1)]
        tile = next(
            (t for t in era.tiles if (t.species, t.position) == (species_id, position)),
            era.tiles[0],
        )
        species = dinos.species_by_id(tile.species)
        tiles.append(
            kit.tile_front(
                tile,
                species,
                era,
                dinos.ability_of(species.id) is not None,
                ctx.lang,
                40,
                40,
                0,
                kit.Look(False),
            )
        )
    scale = 1.05
    height = 62.0

    def draw(x: float, y: float) -> list[Item]:
        cx = x + width / 2
        items: list[Item] = []
        for i, (art, angle) in enumerate(zip(tiles, (-14, 0, 14), strict=True)):
            dx = cx + (i - 1) * 34 - 20 * scale
            dy = y + 8 + abs(i - 1) * 5
            # rotate each tile about its own centre
            items.append(
                Group(
                    (Group(art, Transform(dx=-20, dy=-20)),),
                    Transform(
                        dx=dx + 20 * scale, dy=dy + 20 * scale, rotate=angle, sx=scale, sy=scale
                    ),
                )
            )
        return items

    return height, draw


def _sheet(ctx, width: float):
    from ...games.paleo.pads import PadGenerator
    from ..paleo.sheet import sheet_items

    paleo = ctx.data.game("paleontologists")
    site = PadGenerator(paleo).sheet("medium", 1)
    w, h = 190.0, 277.0
    scale = min(width * 0.62 / w, 68 / h)

    def draw(x: float, y: float) -> list[Item]:
        items = sheet_items(site, paleo, ctx.lang, w, h)
        return [
            Group(
                tuple(items),
                Transform(dx=x + (width - w * scale) / 2, dy=y, sx=scale, sy=scale, rotate=0),
            )
        ]

    return h * scale, draw
