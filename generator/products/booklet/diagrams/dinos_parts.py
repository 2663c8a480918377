"""The Digging for Dinos pieces the diagrams show: the print kit's real tile fronts,
backs and tokens mounted small, era stacks, board squares and frames, tokens seen from
above. Takes the game data and a :class:`Context`; gives items in mm."""

from __future__ import annotations

import functools
import hashlib
import math
import random
from collections.abc import Sequence

from ....draw.shapes import Circle, Form, Group, Item, Line, Rect, Style, Transform, Use
from ....games.dinos.model import DinosData, Era, Species, Tile
from ....layout import fonts as fontlib
from ....layout.sheets import load_sheet_spec
from ...dinos import art, kit
from ..typeset import INK
from .callouts import WHITE, Context, arrow_head, centred_on, mounted

DINOS = "digging-for-dinos"
PARCHMENT = kit.PARCHMENT
LOOK = kit.Look(ink_saver=False)


def dinos_data(ctx: Context) -> DinosData:
    return ctx.data.game(DINOS)


@functools.cache
def component_mm(component: str) -> float:
    return load_sheet_spec().components[component].width


def era_of(d: DinosData, number: int) -> Era:
    return next(e for e in d.eras if e.number == number)


def species_of(d: DinosData, tile: Tile) -> Species:
    species = d.species_by_id(tile.species)
    assert species is not None, tile
    return species


def mounted_tile(ctx: Context, tile: Tile, x: float, y: float, size: float) -> list[Item]:
    """The real printed tile front, ``size`` mm square."""
    d = dinos_data(ctx)
    species = species_of(d, tile)
    era = era_of(d, tile.era)
    t = component_mm("tile")
    face = kit.tile_front(
        tile, species, era, d.ability_of(species.id) is not None, ctx.lang, t, t, 0.0, LOOK
    )
    return mounted(face, x, y, size, t)


def mounted_back(ctx: Context, era: Era, x: float, y: float, size: float) -> list[Item]:
    t = component_mm("tile")
    face = kit.tile_back(era, ctx.lang, t, t, 0.0, LOOK)
    return mounted(face, x, y, size, t)


def mounted_token(
    colour: str, diagonal: bool, x: float, y: float, size: float, seat: int | None = None
) -> list[Item]:
    """A printed token face, as the token sheet draws it (with its seat's symbol)."""
    t = component_mm("token")
    face = kit.token_face(colour, diagonal, t, t, 0.0, LOOK, seat)
    return mounted(face, x, y, size, t)


def era_stack(
    ctx: Context, era: Era, x: float, y: float, size: float, depth: int = 3
) -> list[Item]:
    """A face-down stack: ``depth`` backs, each offset up and to the right."""
    step = size * 0.09
    items: list[Item] = []
    for k in range(depth - 1, -1, -1):
        items += mounted_back(ctx, era, x + k * step, y + (depth - 1 - k) * step, size)
    return items


def stack_size(size: float, depth: int = 3) -> float:
    return size + (depth - 1) * size * 0.09


def mini_tile(
    d: DinosData, tile: Tile, x: float, y: float, size: float, pale: float = 0.0
) -> list[Item]:
    """A board square at small size: the tile's species colour and its skeleton,
    the tile's bone stressed (no text: too small to read). ``pale`` fades it.
    Drawn once per document as a form: a board repeats the same few squares."""
    species = species_of(d, tile)
    return [
        Use(
            _mini_tile_form(species.body, species.colour, tile.position, round(size, 3), pale), x, y
        )
    ]


@functools.lru_cache(maxsize=1024)
def _mini_tile_form(
    body: str, species_colour: str, position: str, size: float, pale: float
) -> Form:
    colour = kit.mix(species_colour, WHITE, pale)
    items: list[Item] = [Rect(0, 0, size, size, Style(fill=colour))]
    pw, ph = size * 0.86, size * 0.56
    px, py = (size - pw) / 2, size * 0.26
    items.append(
        Rect(px, py, pw, ph, Style(fill=kit.mix(PARCHMENT, WHITE, pale)), radius=size * 0.05)
    )
    bones = art.skeleton(
        body,
        position,
        pw - 0.4,
        ph - 0.4,
        ink=kit.mix(INK, WHITE, pale),
        faded=kit.mix(kit.BONE_FADED, WHITE, pale),
        accent=colour,
    )
    items.append(Group(bones, Transform(dx=px + 0.2, dy=py + 0.2)))
    key = f"{body}|{species_colour}|{position}|{size:g}|{pale:g}"
    name = "diagram-square-" + hashlib.sha256(key.encode()).hexdigest()[:10]
    return Form(name, tuple(items))


def board_frame(x: float, y: float, n: int, cell: float) -> list[Item]:
    """White gaps between the squares and a dark frame round the board."""
    items: list[Item] = []
    gap = Style(stroke=WHITE, width=0.5)
    for k in range(1, n):
        items.append(Line(x + k * cell, y, x + k * cell, y + n * cell, gap))
        items.append(Line(x, y + k * cell, x + n * cell, y + k * cell, gap))
    items.append(Rect(x, y, n * cell, n * cell, Style(stroke=INK, width=0.6)))
    return items


def era1_layout(d: DinosData) -> tuple[Tile, ...]:
    """Era 1 tiles in a fixed shuffled order (random.Random(7)): the board's squares."""
    tiles = list(era_of(d, 1).tiles)
    random.Random(7).shuffle(tiles)
    return tuple(tiles)


def player_colours(d: DinosData) -> tuple[str, ...]:
    colours = d.rules.player_colours if d.rules else ()
    return colours or ("#c0392b", "#2e6fb7", "#e0b21b", "#3c9a4c")


def board_side(d: DinosData) -> int:
    return d.rules.largest_board if d.rules and d.rules.largest_board else 5


def first_tile(d: DinosData, species_ids: Sequence[str], era: int = 1) -> Tile:
    """The first tile of ``era`` of the first species in ``species_ids`` that has one."""
    for sid in species_ids:
        for tile in era_of(d, era).tiles:
            if tile.species == sid:
                return tile
    return era_of(d, era).tiles[0]


def token_disc(cx: float, cy: float, r: float, colour: str, diagonal: bool) -> list[Item]:
    """A paleontologist token from above: its colour, a ring, and + (orthogonal face)
    or x (diagonal face) with arrow tips, like the printed faces."""
    items: list[Item] = [
        Circle(cx + 0.25, cy + 0.35, r, Style(fill=INK, opacity=0.25)),
        Circle(cx, cy, r, Style(fill=colour, stroke=INK, width=0.3)),
        Circle(cx, cy, r * 0.8, Style(stroke=WHITE, width=max(0.2, r * 0.07))),
    ]
    reach = r * 0.62
    weight = max(0.3, r * 0.12)
    for k in range(4):
        angle = math.radians((45 if diagonal else 0) + 90 * k)
        ux, uy = math.cos(angle), math.sin(angle)
        tip = (cx + ux * reach, cy + uy * reach)
        head = r * 0.3
        items.append(
            Line(
                cx,
                cy,
                tip[0] - ux * head * 0.7,
                tip[1] - uy * head * 0.7,
                Style(stroke=WHITE, width=weight),
            )
        )
        items.append(arrow_head(*tip, angle, head, WHITE))
    items.append(Circle(cx, cy, r * 0.14, Style(fill=WHITE)))
    return items


def numbered_token(
    cx: float, cy: float, r: float, colour: str, diagonal: bool, number: int, font: str
) -> list[Item]:
    """A token with its placement number in a small white badge at its top right."""
    items = token_disc(cx, cy, r, colour, diagonal)
    br = r * 0.5
    bx, by = cx + r * 0.72, cy - r * 0.72
    size = br * 1.5 / fontlib.MM_PER_PT
    items += [
        Circle(bx, by, br, Style(fill=WHITE, stroke=INK, width=0.25)),
        centred_on(bx, by, str(number), font, size, INK),
    ]
    return items
