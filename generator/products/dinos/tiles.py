"""Digging for Dinos tiles: takes a tile, its species and era, a language and a size in mm,
gives the items of its front (name, skeleton, values, marks) or of its era back."""

from __future__ import annotations

import math
from dataclasses import dataclass

from ...draw.shapes import Circle, Group, Item, Path, Rect, Style, Text, Transform
from ...games.dinos.model import Era, Species, Tile
from ...games.dinos.terms import ROMAN
from ...layout import fonts
from ...layout.text import fit_size, fitted_text
from ...source.lang import Language
from . import art
from .colours import BONE_FADED, GOLD, INK, PARCHMENT, WHITE, mix
from .look import SAFE, Look, bleed_background, lang_fonts

ERA_BADGE_R = 3.1  # mm: the era badge (top left) and the ability mark (top right)
LEFT_DISC_R = 4.2  # mm: the value of a tile of an incomplete dinosaur (bottom left)
RIGHT_DISC_R = 4.6  # mm: the value of the completed dinosaur (bottom right)
CLEAR = 1.2  # mm: a label keeps this far from every other element (1 mm, and ink overhang)
PANEL_TOP, PANEL_H = 10.6, 16.4  # mm: the skeleton's parchment panel
PANEL_LINE = 0.3  # mm: its frame, drawn inside the safe zone
FLIP_LINE = 0.35  # mm: the ability mark's ring, likewise


@dataclass(frozen=True)
class Mark:
    """A round mark on a tile front: centre and radius in tile mm."""

    cx: float
    cy: float
    r: float


def tile_marks(w: float, h: float) -> dict[str, Mark]:
    """Where a tile front of w x h mm draws its round marks: era, ability, left, right.

    The one owner of this geometry: the tile draws from it, and so do the booklet's
    callouts that point at the marks.
    """
    value_y = h - SAFE - RIGHT_DISC_R  # the larger disc sits on the safe line
    return {
        "era": Mark(SAFE + ERA_BADGE_R, SAFE + ERA_BADGE_R, ERA_BADGE_R),
        "ability": Mark(w - SAFE - ERA_BADGE_R, SAFE + ERA_BADGE_R, ERA_BADGE_R),
        "left": Mark(SAFE + LEFT_DISC_R, value_y, LEFT_DISC_R),
        "right": Mark(w - SAFE - RIGHT_DISC_R, value_y, RIGHT_DISC_R),
    }


def _value_disc(
    mark: Mark,
    value: int,
    fill: str,
    text: str,
    font: str,
    stroke: str = INK,
    ring: float = 0.45,
    inner: bool = False,
) -> list[Item]:
    """A value in a disc; ``ring`` mm of ``stroke`` round it, and a second thin ring
    inside it when ``inner`` (how the ink saver tells the complete value apart)."""
    cx, cy, r = mark.cx, mark.cy, mark.r
    # digits about 60% of the disc high, and 1 mm clear of the ring either side
    room = 2 * (r - ring) - (2.6 if inner else 2.0)
    size = fit_size(str(value), font, r * 2.35 / fonts.MM_PER_PT * 0.62, room, 4.0)
    cap = fonts.cap_height_mm(font, size)
    items: list[Item] = [Circle(cx, cy, r - ring / 2, Style(fill=fill, stroke=stroke, width=ring))]
    if inner:
        items.append(Circle(cx, cy, r - ring - 0.55, Style(stroke=stroke, width=0.3)))
    items.append(Text(cx, cy + cap / 2, str(value), font, size, text, "center"))
    return items


def _era_badge(mark: Mark, era: Era, ground: str, font: str, look: Look) -> list[Item]:
    """The era: its numeral on a disc of white or dark ink (whichever stands out on the
    tile), ringed in the era's colour, the colour of the tile backs."""
    disc = look.ink(ground)
    numeral = INK if disc == WHITE else WHITE
    return [
        Circle(mark.cx, mark.cy, mark.r, Style(fill=disc)),
        Circle(mark.cx, mark.cy, mark.r - 0.75, Style(stroke=era.colour, width=0.7)),
        fitted_text(
            mark.cx,
            mark.cy + 1.1,
            ROMAN[era.number],
            font,
            7,
            mark.r * 1.3,
            min_size=4.5,
            colour=numeral,
            align="center",
        ),
    ]


def _flip_mark(cx: float, cy: float, r: float, fill: str, ink: str) -> list[Item]:
    """Ability mark: two arrows chasing each other round a disc (flip a token)."""
    ring_r = r - FLIP_LINE / 2  # the ring's ink ends at r
    items: list[Item] = [Circle(cx, cy, ring_r, Style(fill=fill, stroke=ink, width=FLIP_LINE))]
    ring = r * 0.58
    for start in (200.0, 20.0):
        points = [
            (cx + ring * math.cos(math.radians(a)), cy + ring * math.sin(math.radians(a)))
            for a in range(int(start), int(start) + 131, 10)
        ]
        items.append(Path.polygon(points, Style(stroke=ink, width=0.45), closed=False))
        end = math.radians(start + 130)
        tip_x, tip_y = cx + ring * math.cos(end), cy + ring * math.sin(end)
        tangent = end + math.pi / 2
        head = r * 0.36
        left = (tip_x - head * math.cos(tangent - 0.5), tip_y - head * math.sin(tangent - 0.5))
        right = (tip_x - head * math.cos(tangent + 0.5), tip_y - head * math.sin(tangent + 0.5))
        items.append(Path.polygon([(tip_x, tip_y), left, right], Style(fill=ink)))
    return items


def tile_front(
    tile: Tile,
    species: Species,
    era: Era,
    has_ability: bool,
    lang: Language,
    w: float,
    h: float,
    bleed: float,
    look: Look,
) -> tuple[Item, ...]:
    """The front of ``tile``: era badge, ability mark, name, skeleton and the two values."""
    regular, bold, display = lang_fonts(lang)
    colour = species.colour
    ground = look.background(colour)
    ink = look.title(colour)
    items: list[Item] = [bleed_background(w, h, bleed, ground)]
    # Era badge (top left) and ability mark (top right) frame the name.
    marks = tile_marks(w, h)
    badge, mark = marks["era"], marks["ability"]
    items += _era_badge(badge, era, ground, display, look)
    if has_ability:
        items += _flip_mark(mark.cx, mark.cy, mark.r, WHITE if look.ink_saver else GOLD, INK)
    name = lang.term("species", species.id)
    name_w = w - 2 * (badge.cx + badge.r + CLEAR)
    items.append(
        fitted_text(
            w / 2,
            SAFE + badge.r + 1.3,
            name,
            display,
            10.5,
            name_w,
            min_size=6,
            colour=ink,
            align="center",
        )
    )
    # The skeleton, this tile's bone highlighted.
    panel = Rect(
        SAFE + PANEL_LINE / 2,
        PANEL_TOP,
        w - 2 * SAFE - PANEL_LINE,
        PANEL_H,
        Style(fill=PARCHMENT, stroke=INK, width=PANEL_LINE),
        radius=1.6,
    )
    items.append(panel)
    bones = art.skeleton(
        species.body,
        tile.position,
        panel.w - 2,
        panel.h - 1.6,
        ink=INK,
        faded=BONE_FADED,
        accent=colour,
    )
    items.append(Group(bones, Transform(dx=panel.x + 1, dy=panel.y + 0.8)))
    # Values: left (incomplete) in a white disc, right (complete) in a dark one (in the
    # ink saver: a white one in a heavy double ring).
    left, right = marks["left"], marks["right"]
    items += _value_disc(left, tile.left, WHITE, INK, bold)
    if look.ink_saver:
        items += _value_disc(right, tile.right, WHITE, INK, bold, ring=1.1, inner=True)
    else:
        # a white ring where the dark disc would melt into a dark tile
        items += _value_disc(right, tile.right, INK, GOLD, bold, stroke=look.ink(ground))
    # The position, centred in the room between the two discs.
    low, high = left.cx + left.r + CLEAR, right.cx - right.r - CLEAR
    items.append(
        fitted_text(
            (low + high) / 2,
            left.cy + 1.2,
            lang.term("positions", tile.position),
            display,
            7.5,
            high - low,
            min_size=5,
            colour=ink,
            align="center",
        )
    )
    return tuple(items)


def tile_back(
    era: Era, lang: Language, w: float, h: float, bleed: float, look: Look
) -> tuple[Item, ...]:
    """The back of a tile of ``era``: rock strata and the era numeral and name."""
    _, bold, display = lang_fonts(lang)
    ground = look.background(era.colour)
    ink = look.title(era.colour)
    items: list[Item] = [bleed_background(w, h, bleed, ground)]
    # Rock strata: gentle wavy bands across the whole back, into the bleed (not beyond).
    band = Style(stroke=mix(era.colour, WHITE, 0.3 if not look.ink_saver else 0.6), width=0.3)
    steps = math.ceil((w + 2 * bleed) / 2)
    xs = [-bleed + (w + 2 * bleed) * i / steps for i in range(steps + 1)]
    for k in range(-1, 9):
        y0 = k * 5.5 + 1.5
        if y0 - 1.1 < -bleed or y0 + 1.1 > h + bleed:
            continue
        points = [(x, y0 + 0.9 * math.sin((x + k * 7) / 4.2)) for x in xs]
        items.append(Path.polygon(points, band, closed=False))
    items.append(Circle(w / 2, h / 2, 12.5, Style(fill=ground, stroke=ink, width=0.8)))
    items.append(
        fitted_text(
            w / 2,
            h / 2 + 4.4,
            ROMAN[era.number],
            display,
            30,
            20,
            min_size=16,
            colour=ink,
            align="center",
        )
    )
    items.append(
        fitted_text(
            w / 2,
            h / 2 - 6.2,
            lang.label("era").upper(),
            bold,
            6,
            18,
            min_size=4.5,
            colour=ink,
            align="center",
        )
    )
    items.append(
        fitted_text(
            w / 2,
            h / 2 + 9.6,
            lang.term("eras", str(era.number)),
            bold,
            6.5,
            20,
            min_size=4.5,
            colour=ink,
            align="center",
        )
    )
    return tuple(items)
