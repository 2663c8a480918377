"""The Digging for Dinos print kit: how a tile, a tile back, a token and the player
aid draw themselves (in their own millimetres), and the sheets they go on."""

from __future__ import annotations

import math
from dataclasses import dataclass

from ...draw.shapes import Circle, Group, Item, Line, Page, Path, Rect, Style, Text, Transform
from ...games.dinos.model import DinosData, Era, Species, Tile
from ...layout import fonts
from ...layout.sheets import Component, Footer, PrintOptions, layout_sheets, load_sheet_spec
from ...layout.text import TextOverflow, fitted_text, wrap
from ...source.lang import Language
from . import art

INK = "#2b1d12"
PARCHMENT = "#f4ecd8"
WHITE = "#ffffff"
GOLD = "#f2c14e"
ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V", 6: "VI", 7: "VII", 8: "VIII", 9: "IX"}
SAFE = 3.0  # mm: text stays this far inside the cut line
ERA_BADGE_R = 3.1  # mm: the era badge (top left) and the ability mark (top right)
LEFT_DISC_R = 4.2  # mm: the value of a tile of an incomplete dinosaur (bottom left)
RIGHT_DISC_R = 4.6  # mm: the value of the completed dinosaur (bottom right)


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
    value_y = h - SAFE - LEFT_DISC_R
    return {
        "era": Mark(SAFE + ERA_BADGE_R, SAFE + ERA_BADGE_R, ERA_BADGE_R),
        "ability": Mark(w - SAFE - ERA_BADGE_R, SAFE + ERA_BADGE_R, ERA_BADGE_R),
        "left": Mark(SAFE + LEFT_DISC_R, value_y, LEFT_DISC_R),
        "right": Mark(w - SAFE - RIGHT_DISC_R, value_y, RIGHT_DISC_R),
    }


@dataclass(frozen=True)
class Look:
    """Colours of one printing style (full colour, or ink saver)."""

    ink_saver: bool

    def background(self, colour: str) -> str:
        return WHITE if self.ink_saver else colour

    def title(self, colour: str) -> str:
        return colour if self.ink_saver else WHITE


def mix(colour: str, other: str, t: float) -> str:
    """``colour`` moved a fraction ``t`` of the way towards ``other`` (sRGB, '#rrggbb')."""
    a = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    b = [int(other[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(a, b, strict=True))


def _fonts(lang: Language) -> tuple[str, str, str]:
    return (
        fonts.font_for(lang.script, "regular"),
        fonts.font_for(lang.script, "bold"),
        fonts.font_for(lang.script, "display"),
    )


def _bleed_background(w: float, h: float, bleed: float, colour: str) -> Rect:
    return Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, Style(fill=colour))


def _value_disc(
    cx: float, cy: float, r: float, value: int, fill: str, text: str, font: str, stroke: str = INK
) -> list[Item]:
    size = r * 2.35 / fonts.MM_PER_PT * 0.62  # digits about 60% of the disc
    cap = fonts.cap_height_mm(font, size)
    return [
        Circle(cx, cy, r, Style(fill=fill, stroke=stroke, width=0.45)),
        Text(cx, cy + cap / 2, str(value), font, size, text, "center"),
    ]


def _flip_mark(cx: float, cy: float, r: float, fill: str, ink: str) -> list[Item]:
    """Ability mark: two arrows chasing each other round a disc (flip a token)."""
    items: list[Item] = [Circle(cx, cy, r, Style(fill=fill, stroke=ink, width=0.35))]
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
    regular, bold, display = _fonts(lang)
    colour = species.colour
    items: list[Item] = [_bleed_background(w, h, bleed, look.background(colour))]
    if look.ink_saver:
        items.append(Rect(1.2, 1.2, w - 2.4, h - 2.4, Style(stroke=colour, width=0.8), radius=2))
    # Era badge (top left) and ability mark (top right) frame the name.
    marks = tile_marks(w, h)
    badge, mark = marks["era"], marks["ability"]
    badge_r = badge.r
    era_fill = WHITE if look.ink_saver else era.colour
    items.append(
        Circle(
            badge.cx,
            badge.cy,
            badge_r,
            Style(fill=era_fill, stroke=INK if look.ink_saver else WHITE, width=0.4),
        )
    )
    items.append(
        fitted_text(
            badge.cx,
            badge.cy + 1.1,
            ROMAN[era.number],
            display,
            8,
            badge_r * 1.6,
            min_size=5,
            colour=INK if look.ink_saver else WHITE,
            align="center",
        )
    )
    if has_ability:
        items += _flip_mark(mark.cx, mark.cy, mark.r, WHITE if look.ink_saver else GOLD, INK)
    name = lang.term("species", species.id)
    name_w = w - 2 * (SAFE + 2 * badge_r + 0.8)
    items.append(
        fitted_text(
            w / 2,
            SAFE + badge_r + 1.3,
            name,
            display,
            10.5,
            name_w,
            min_size=6,
            colour=look.title(colour),
            align="center",
        )
    )
    # The skeleton, this tile's bone highlighted.
    panel = Rect(
        SAFE - 0.5,
        10.6,
        w - 2 * SAFE + 1,
        17.8,
        Style(fill=PARCHMENT, stroke=INK, width=0.3),
        radius=1.6,
    )
    items.append(panel)
    bones = art.skeleton(
        species.body,
        tile.position,
        panel.w - 2,
        panel.h - 1.6,
        ink=INK,
        faded="#d9c9a8",
        accent=colour,
    )
    items.append(Group(bones, Transform(dx=panel.x + 1, dy=panel.y + 0.8)))
    # Values: left (incomplete) in a white disc, right (complete) in a dark one.
    left, right = marks["left"], marks["right"]
    y = left.cy
    items += _value_disc(left.cx, left.cy, left.r, tile.left, WHITE, INK, bold)
    items += _value_disc(
        right.cx,
        right.cy,
        right.r,
        tile.right,
        INK if not look.ink_saver else WHITE,
        GOLD if not look.ink_saver else INK,
        bold,
    )
    position = lang.term("positions", tile.position)
    items.append(
        fitted_text(
            w / 2,
            y + 1.2,
            position,
            bold,
            7.5,
            w - 2 * SAFE - 19,
            min_size=5,
            colour=look.title(colour),
            align="center",
        )
    )
    return tuple(items)


def tile_back(
    era: Era, lang: Language, w: float, h: float, bleed: float, look: Look
) -> tuple[Item, ...]:
    _, bold, display = _fonts(lang)
    ink = era.colour if look.ink_saver else WHITE
    items: list[Item] = [_bleed_background(w, h, bleed, look.background(era.colour))]
    # Rock strata: gentle wavy bands across the whole back, into the bleed.
    band = Style(stroke=mix(era.colour, WHITE, 0.3 if not look.ink_saver else 0.6), width=0.3)
    for k in range(-1, 9):
        y0 = k * 5.5 + 1.5
        points = [(x, y0 + 0.9 * math.sin((x + k * 7) / 4.2)) for x in range(-4, int(w) + 5, 2)]
        items.append(Path.polygon(points, band, closed=False))
    items.append(
        Circle(w / 2, h / 2, 12.5, Style(fill=look.background(era.colour), stroke=ink, width=0.8))
    )
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


def _arrow(cx: float, cy: float, angle: float, length: float, ink: str) -> list[Item]:
    """A bold arrow from near the centre outwards, at ``angle`` degrees (0 = right, y down)."""
    a = math.radians(angle)
    ux, uy = math.cos(a), math.sin(a)
    px, py = -uy, ux
    start, tip = 3.2, length
    shaft_w, head_w, head_l = 0.9, 2.4, 2.6
    base = tip - head_l
    pts = [
        (cx + ux * start + px * shaft_w, cy + uy * start + py * shaft_w),
        (cx + ux * base + px * shaft_w, cy + uy * base + py * shaft_w),
        (cx + ux * base + px * head_w, cy + uy * base + py * head_w),
        (cx + ux * tip, cy + uy * tip),
        (cx + ux * base - px * head_w, cy + uy * base - py * head_w),
        (cx + ux * base - px * shaft_w, cy + uy * base - py * shaft_w),
        (cx + ux * start - px * shaft_w, cy + uy * start - py * shaft_w),
    ]
    return [Path.polygon(pts, Style(fill=ink))]


def token_face(
    colour: str, diagonal: bool, w: float, h: float, bleed: float, look: Look
) -> tuple[Item, ...]:
    ink = colour if look.ink_saver else WHITE
    cx, cy = w / 2, h / 2
    items: list[Item] = [_bleed_background(w, h, bleed, look.background(colour))]
    items.append(Circle(cx, cy, w / 2 - 1.6, Style(stroke=ink, width=0.6)))
    angles = (45, 135, 225, 315) if diagonal else (0, 90, 180, 270)
    reach = (w / 2 - 3.2) * (1.0 if not diagonal else 1.0)
    for angle in angles:
        items += _arrow(cx, cy, angle, reach, ink)
    items.append(Circle(cx, cy, 2.2, Style(fill=ink)))
    return tuple(items)


AID_SIZES = (7.6, 7.3, 7.0, 6.7, 6.4)  # pt: the aid shrinks its text to fit, never below


def aid_card(
    data: DinosData, lang: Language, w: float, h: float, bleed: float, look: Look
) -> tuple[Item, ...]:
    """The player aid, its text set at the largest size in AID_SIZES that fits the card."""
    for size in AID_SIZES:
        items, bottom = _aid_layout(data, lang, w, h, bleed, look, size)
        if bottom <= h - SAFE:
            return items
    raise TextOverflow(
        f"player aid ({lang.code}) is {bottom - (h - SAFE):.1f} mm too long even at "
        f"{AID_SIZES[-1]} pt; shorten its texts"
    )


def _aid_layout(
    data: DinosData, lang: Language, w: float, h: float, bleed: float, look: Look, size: float
) -> tuple[tuple[Item, ...], float]:
    regular, bold, display = _fonts(lang)
    colour = "#5a3b22"
    items: list[Item] = [_bleed_background(w, h, bleed, WHITE)]
    items.append(
        Rect(-bleed, -bleed, w + 2 * bleed, 14 + bleed, Style(fill=look.background(colour)))
    )
    items.append(
        fitted_text(
            w / 2,
            9.2,
            lang.term("games", "digging-for-dinos"),
            display,
            15,
            w - 2 * SAFE - 4,
            min_size=9,
            colour=look.title(colour),
            align="center",
        )
    )
    flip_species = [lang.term("species", sid) for a in data.abilities for sid in a.species]
    values = {
        "ability_species": " / ".join(flip_species),
        "end_completed": str(data.rules.end_completed if data.rules else 4),
    }
    x, width = SAFE + 1.5, w - 2 * SAFE - 3
    y = 20.0
    line = size * 0.44  # mm between lines

    def heading(text: str) -> None:
        nonlocal y
        items.append(
            fitted_text(x, y, text.upper(), bold, size + 0.9, width, min_size=6, colour=colour)
        )
        items.append(Line(x, y + 1.2, x + width, y + 1.2, Style(stroke=colour, width=0.3)))
        y += 5.0

    def para(text: str, marker: str | None = None) -> None:
        nonlocal y
        indent = 4.2 if marker else 0
        for i, row in enumerate(wrap(text.format(**values), regular, size, width - indent)):
            if i == 0 and marker:
                items.append(Text(x, y, marker, bold, size, colour))
            items.append(Text(x + indent, y, row, regular, size, INK))
            y += line
        y += 0.9

    heading(lang.label("aid_turn"))
    for n, key in enumerate(("aid_move", "aid_flip", "aid_collect", "aid_refill"), start=1):
        para(lang.label(key), f"{n}.")
    para(lang.label("aid_stuck"), "•")
    para(lang.label("aid_ability"), "•")
    y += 1.5
    heading(lang.label("aid_end"))
    para(lang.label("aid_end_when"))
    y += 1.5
    heading(lang.label("aid_scoring"))
    para(lang.label("aid_score_complete"), "•")
    para(lang.label("aid_score_incomplete"), "•")
    para(lang.label("aid_tie"), "•")
    return tuple(items), y - line + 1.0


# ---------------------------------------------------------------------------- sheets


def _footer(lang: Language, title_key: str) -> Footer:
    return Footer(
        lang.label(title_key),
        lang.label("print_check"),
        fonts.font_for(lang.script),
        lang.label("backs"),
    )


def _sheet_setup(component: str, options: PrintOptions):
    """The sheet layouts, this component's size, its bleed and the printing style."""
    spec = load_sheet_spec()
    size = spec.components[component]
    bleed = size.bleed if options.bleed is None else options.bleed
    return spec, size, bleed, Look(options.ink_saver)


def tile_pages(data: DinosData, lang: Language, options: PrintOptions) -> list[Page]:
    spec, size, bleed, look = _sheet_setup("tile", options)
    components: list[list[Component]] = []
    for era in data.eras:
        back = tile_back(era, lang, size.width, size.height, bleed, look)
        components.append([])
        for tile in era.tiles:
            species = data.species_by_id(tile.species)
            front = tile_front(
                tile,
                species,
                era,
                data.ability_of(species.id) is not None,
                lang,
                size.width,
                size.height,
                bleed,
                look,
            )
            components[-1].append(Component(front, back))
    return layout_sheets(components, "tile", _footer(lang, "tiles_title"), options, spec)


def token_pages(data: DinosData, lang: Language, options: PrintOptions) -> list[Page]:
    spec, size, bleed, look = _sheet_setup("token", options)
    per_player = data.rules.tokens_per_player if data.rules else 2
    colours = data.rules.player_colours if data.rules else ()
    components = [
        Component(
            token_face(colour, False, size.width, size.height, bleed, look),
            token_face(colour, True, size.width, size.height, bleed, look),
        )
        for colour in colours
        for _ in range(per_player)
    ]
    return layout_sheets(components, "token", _footer(lang, "tokens_title"), options, spec)


def aid_pages(data: DinosData, lang: Language, options: PrintOptions) -> list[Page]:
    spec, size, bleed, look = _sheet_setup("aid", options)
    players = data.rules.max_players if data.rules else 4
    card = aid_card(data, lang, size.width, size.height, bleed, look)
    return layout_sheets(
        [Component(card)] * players, "aid", _footer(lang, "aid_title"), options, spec
    )
