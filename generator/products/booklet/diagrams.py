"""The diagrams of the rules booklets, drawn from the game data in the booklet's language.

A diagram is a function ``(ctx, width) -> (height, draw)``: it lays itself out for a
column ``width`` mm wide, says how tall it is, and ``draw(x, y)`` gives its items with
its top left corner at (x, y). Everything stays inside that box. The components are
the real ones (the print kit's tile fronts and backs, the pad generator's sheets), so
a diagram changes when the data changes; every word comes from the language (names of
species, positions, dig types, bonuses, and its labels), never from this file.
"""

from __future__ import annotations

import functools
import hashlib
import math
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from ...draw.shapes import Circle, Form, Group, Item, Line, Path, Rect, Style, Text, Transform, Use
from ...games.data import ComponentData
from ...games.dinos.model import DinosData, Era, Species, Tile
from ...games.paleo.model import Cell, DigSite, PaleoData, Pattern
from ...games.paleo.pads import PadGenerator
from ...layout import fonts as fontlib
from ...layout.sheets import load_sheet_spec
from ...layout.text import TextOverflow, fit_size, wrap
from ...source.lang import Language
from ..dinos import art, kit
from ..paleo import sheet as psheet
from .typeset import ACCENT, INK, TINT, Fonts

DINOS, PALEO = "digging-for-dinos", "paleontologists"

WHITE = "#ffffff"
PARCHMENT = kit.PARCHMENT
RULE = "#d8ccb4"  # thin separating rules, as on the sheets
GRID_LINE = psheet.GRID_LINE
YES = "#3d7a3a"  # a check mark
NO = "#b03a2e"  # a cross: not allowed, not earned
SHADOW = "#e4d8bf"
LOOK = kit.Look(ink_saver=False)
MIN_PT = 4.0  # no text in a diagram is set smaller
NO_STYLE = Style()

Draw = Callable[[float, float], list[Item]]


@dataclass(frozen=True)
class Context:
    """What every diagram draws from: the data, the language and its fonts."""

    data: ComponentData
    lang: Language
    fonts: Fonts

    @classmethod
    def of(cls, data: ComponentData, lang: Language) -> Context:
        return cls(data, lang, Fonts.of(lang))

    @property
    def dinos(self) -> DinosData:
        return self.data.game(DINOS)

    @property
    def paleo(self) -> PaleoData:
        return self.data.game(PALEO)


Diagram = Callable[[Context, float], tuple[float, Draw]]


def _placed(height: float, items: Iterable[Item]) -> tuple[float, Draw]:
    """A diagram laid out in its own (0,0)-(width,height): moved to (x, y) when drawn."""
    frozen = tuple(items)

    def draw(x: float, y: float) -> list[Item]:
        return [Group(frozen, Transform(dx=x, dy=y))]

    return height, draw


# ------------------------------------------------------------------------ text


def _text(
    x: float,
    y: float,
    text: str,
    font: str,
    size: float,
    width: float,
    colour: str = INK,
    align: str = "left",
) -> Text:
    """One line at ``size``, shrunk to ``width`` if needed (never below MIN_PT)."""
    fitted = fit_size(text, font, size, width, min(MIN_PT, size))
    return Text(x, y, text, font, fitted, colour, align)  # type: ignore[arg-type]


def _block_layout(
    text: str, font: str, size: float, width: float, max_lines: int
) -> tuple[list[str], float, float, float]:
    """Lines, size, line distance and height (top of capitals to the last baseline)
    of ``text`` wrapped to ``width`` in at most ``max_lines`` lines, shrunk if needed."""
    s = size
    while s >= max(MIN_PT, size * 0.6) - 1e-9:
        try:
            lines = wrap(text, font, s, width)
        except TextOverflow:
            lines = []
        if lines and len(lines) <= max_lines:
            break
        s -= 0.25
    else:  # one line, as small as it must be
        lines = [text]
        s = fit_size(text, font, size, width, MIN_PT)
    cap = fontlib.cap_height_mm(font, s)
    lead = s * fontlib.MM_PER_PT * 1.18
    return lines, s, lead, cap + (len(lines) - 1) * lead


def _block(
    text: str,
    font: str,
    size: float,
    x: float,
    top: float,
    width: float,
    max_lines: int = 2,
    colour: str = INK,
    align: str = "left",
) -> tuple[list[Item], float]:
    """``text`` wrapped in at most ``max_lines`` lines from ``top`` (the capitals' top);
    x is the left edge, the centre or the right edge as ``align`` says."""
    lines, s, lead, height = _block_layout(text, font, size, width, max_lines)
    cap = fontlib.cap_height_mm(font, s)
    items: list[Item] = [
        Text(x, top + cap + i * lead, line, font, s, colour, align)  # type: ignore[arg-type]
        for i, line in enumerate(lines)
    ]
    return items, height


def _block_centred(
    text: str,
    font: str,
    size: float,
    x: float,
    cy: float,
    width: float,
    max_lines: int = 2,
    colour: str = INK,
    align: str = "left",
) -> list[Item]:
    """Like :func:`_block`, centred vertically on ``cy``."""
    _, _, _, height = _block_layout(text, font, size, width, max_lines)
    return _block(text, font, size, x, cy - height / 2, width, max_lines, colour, align)[0]


def _centred_on(cx: float, cy: float, text: str, font: str, size: float, colour: str) -> Text:
    """Text whose capitals are centred on (cx, cy)."""
    return Text(cx, cy + fontlib.cap_height_mm(font, size) / 2, text, font, size, colour, "center")


# ------------------------------------------------------------------------ marks


def _arrow_head(x: float, y: float, angle: float, length: float, colour: str) -> Path:
    ux, uy = math.cos(angle), math.sin(angle)
    px, py = -uy, ux
    half = length * 0.48
    bx, by = x - ux * length, y - uy * length
    return Path.polygon(
        [(x, y), (bx + px * half, by + py * half), (bx - px * half, by - py * half)],
        Style(fill=colour),
    )


def _arrow(
    x1: float,
    y1: float,
    x2: float,
    y2: float,
    colour: str = ACCENT,
    width: float = 0.5,
    head: float = 1.8,
    both: bool = False,
    dash: tuple[float, ...] = (),
) -> list[Item]:
    """A straight arrow from (x1, y1) to its tip (x2, y2)."""
    angle = math.atan2(y2 - y1, x2 - x1)
    ux, uy = math.cos(angle), math.sin(angle)
    sx, sy = (x1 + ux * head * 0.8, y1 + uy * head * 0.8) if both else (x1, y1)
    items: list[Item] = [
        Line(
            sx,
            sy,
            x2 - ux * head * 0.8,
            y2 - uy * head * 0.8,
            Style(stroke=colour, width=width, dash=dash),
        ),
        _arrow_head(x2, y2, angle, head, colour),
    ]
    if both:
        items.append(_arrow_head(x1, y1, angle + math.pi, head, colour))
    return items


def _curved_arrow(
    start: tuple[float, float],
    c1: tuple[float, float],
    c2: tuple[float, float],
    end: tuple[float, float],
    colour: str = ACCENT,
    width: float = 0.5,
    head: float = 1.8,
) -> list[Item]:
    """A cubic curve from ``start`` to the tip ``end``, its head along the last tangent."""
    angle = math.atan2(end[1] - c2[1], end[0] - c2[0])
    back = (end[0] - math.cos(angle) * head * 0.8, end[1] - math.sin(angle) * head * 0.8)
    path = Path((("M", *start), ("C", *c1, *c2, *back)), Style(stroke=colour, width=width))
    return [path, _arrow_head(end[0], end[1], angle, head, colour)]


def _check(cx: float, cy: float, size: float, colour: str = YES) -> Path:
    """A check mark about ``size`` mm wide, centred on (cx, cy)."""
    s = size
    points = [
        (cx - 0.5 * s, cy + 0.02 * s),
        (cx - 0.14 * s, cy + 0.36 * s),
        (cx + 0.5 * s, cy - 0.4 * s),
    ]
    return Path.polygon(points, Style(stroke=colour, width=max(0.35, s * 0.17)), closed=False)


def _cross(cx: float, cy: float, size: float, colour: str = NO) -> Path:
    h = size / 2
    commands = (
        ("M", cx - h, cy - h),
        ("L", cx + h, cy + h),
        ("M", cx + h, cy - h),
        ("L", cx - h, cy + h),
    )
    return Path(commands, Style(stroke=colour, width=max(0.35, size * 0.16)))


def _badge(cx: float, cy: float, r: float, text: str, font: str, fill: str = ACCENT) -> list[Item]:
    """A step or callout number: white on a dark disc."""
    size = r * 1.35 / fontlib.MM_PER_PT
    return [
        Circle(cx, cy, r, Style(fill=fill, stroke=WHITE, width=0.3)),
        _centred_on(cx, cy, text, font, size, WHITE),
    ]


def _token(cx: float, cy: float, r: float, colour: str, diagonal: bool) -> list[Item]:
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
        items.append(_arrow_head(*tip, angle, head, WHITE))
    items.append(Circle(cx, cy, r * 0.14, Style(fill=WHITE)))
    return items


def _numbered_token(
    cx: float, cy: float, r: float, colour: str, diagonal: bool, number: int, font: str
) -> list[Item]:
    """A token with its placement number in a small white badge at its top right."""
    items = _token(cx, cy, r, colour, diagonal)
    br = r * 0.5
    bx, by = cx + r * 0.72, cy - r * 0.72
    size = br * 1.5 / fontlib.MM_PER_PT
    items += [
        Circle(bx, by, br, Style(fill=WHITE, stroke=INK, width=0.25)),
        _centred_on(bx, by, str(number), font, size, INK),
    ]
    return items


def _ring(
    cx: float, cy: float, r: float, colour: str = ACCENT, width: float = 0.45, dash=()
) -> Circle:
    return Circle(cx, cy, r, Style(stroke=colour, width=width, dash=dash))


# ------------------------------------------------------------------------ dinos parts


@functools.cache
def _component_mm(component: str) -> float:
    return load_sheet_spec().components[component].width


def _era(d: DinosData, number: int) -> Era:
    return next(e for e in d.eras if e.number == number)


def _species(d: DinosData, tile: Tile) -> Species:
    species = d.species_by_id(tile.species)
    assert species is not None, tile
    return species


def _scaled(items: Iterable[Item], x: float, y: float, scale: float, w: float, h: float) -> Group:
    """Items drawn in (0,0)-(w,h) shown scaled at (x, y), clipped to their box."""
    return Group(
        tuple(items), Transform(dx=x, dy=y, sx=scale, sy=scale), clip=Rect(0, 0, w, h, NO_STYLE)
    )


def _mounted(face: Iterable[Item], x: float, y: float, size: float, t: float) -> list[Item]:
    """A component drawn at ``t`` mm, shown ``size`` mm square with a shadow and a frame."""
    return [
        Rect(x + 0.35, y + 0.45, size, size, Style(fill=SHADOW)),
        _scaled(face, x, y, size / t, t, t),
        Rect(x, y, size, size, Style(stroke=INK, width=0.2)),
    ]


def _tile(ctx: Context, tile: Tile, x: float, y: float, size: float) -> list[Item]:
    """The real printed tile front, ``size`` mm square."""
    d = ctx.dinos
    species = _species(d, tile)
    era = _era(d, tile.era)
    t = _component_mm("tile")
    face = kit.tile_front(
        tile, species, era, d.ability_of(species.id) is not None, ctx.lang, t, t, 0.0, LOOK
    )
    return _mounted(face, x, y, size, t)


def _back(ctx: Context, era: Era, x: float, y: float, size: float) -> list[Item]:
    t = _component_mm("tile")
    face = kit.tile_back(era, ctx.lang, t, t, 0.0, LOOK)
    return _mounted(face, x, y, size, t)


def _token_face(colour: str, diagonal: bool, x: float, y: float, size: float) -> list[Item]:
    t = _component_mm("token")
    face = kit.token_face(colour, diagonal, t, t, 0.0, LOOK)
    return _mounted(face, x, y, size, t)


def _stack(ctx: Context, era: Era, x: float, y: float, size: float, depth: int = 3) -> list[Item]:
    """A face-down stack: ``depth`` backs, each offset up and to the right."""
    step = size * 0.09
    items: list[Item] = []
    for k in range(depth - 1, -1, -1):
        items += _back(ctx, era, x + k * step, y + (depth - 1 - k) * step, size)
    return items


def _stack_size(size: float, depth: int = 3) -> float:
    return size + (depth - 1) * size * 0.09


def _mini_tile(
    d: DinosData, tile: Tile, x: float, y: float, size: float, pale: float = 0.0
) -> list[Item]:
    """A board square at small size: the tile's species colour and its skeleton,
    the tile's bone stressed (no text: too small to read). ``pale`` fades it.
    Drawn once per document as a form: a board repeats the same few squares."""
    species = _species(d, tile)
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
        faded=kit.mix("#d9c9a8", WHITE, pale),
        accent=colour,
    )
    items.append(Group(bones, Transform(dx=px + 0.2, dy=py + 0.2)))
    key = f"{body}|{species_colour}|{position}|{size:g}|{pale:g}"
    name = "diagram-square-" + hashlib.sha256(key.encode()).hexdigest()[:10]
    return Form(name, tuple(items))


def _board_frame(x: float, y: float, n: int, cell: float) -> list[Item]:
    """White gaps between the squares and a dark frame round the board."""
    items: list[Item] = []
    gap = Style(stroke=WHITE, width=0.5)
    for k in range(1, n):
        items.append(Line(x + k * cell, y, x + k * cell, y + n * cell, gap))
        items.append(Line(x, y + k * cell, x + n * cell, y + k * cell, gap))
    items.append(Rect(x, y, n * cell, n * cell, Style(stroke=INK, width=0.6)))
    return items


def _era1_layout(d: DinosData) -> tuple[Tile, ...]:
    """Era 1 tiles in a fixed shuffled order (random.Random(7)): the board's squares."""
    tiles = list(_era(d, 1).tiles)
    random.Random(7).shuffle(tiles)
    return tuple(tiles)


def _colours(d: DinosData) -> tuple[str, ...]:
    colours = d.rules.player_colours if d.rules else ()
    return colours or ("#c0392b", "#2e6fb7", "#e0b21b", "#3c9a4c")


def _board_side(d: DinosData) -> int:
    return d.rules.largest_board if d.rules and d.rules.largest_board else 5


def _first_tile(d: DinosData, species_ids: Sequence[str], era: int = 1) -> Tile:
    """The first tile of ``era`` of the first species in ``species_ids`` that has one."""
    for sid in species_ids:
        for tile in _era(d, era).tiles:
            if tile.species == sid:
                return tile
    return _era(d, era).tiles[0]


# ------------------------------------------------------------------------ dinos diagrams


def dinos_components(ctx: Context, width: float) -> tuple[float, Draw]:
    """A tile front and its era's back, a token's two faces, each with its name."""
    d, f, lang = ctx.dinos, ctx.fonts, ctx.lang
    k = width / 120
    tile_s, token_s, pair_gap = 26 * k, 18 * k, 7 * k
    margin = pair_gap * 0.45  # the outer labels may be wider than their piece
    group_gap = width - 2 * margin - 2 * tile_s - 2 * token_s - 2 * pair_gap
    tile = _era(d, 1).tiles[0]
    era = _era(d, tile.era)
    colour = _colours(d)[0]
    x = [margin, margin + tile_s + pair_gap]
    x += [x[1] + tile_s + group_gap, x[1] + tile_s + group_gap + token_s + pair_gap]
    sizes = [tile_s, tile_s, token_s, token_s]
    tops = [0.0, 0.0, (tile_s - token_s) / 2, (tile_s - token_s) / 2]
    items: list[Item] = []
    items += _tile(ctx, tile, x[0], tops[0], tile_s)
    items += _back(ctx, era, x[1], tops[1], tile_s)
    items += _token_face(colour, False, x[2], tops[2], token_s)
    items += _token_face(colour, True, x[3], tops[3], token_s)
    # Front and back, face A and face B: the same piece turned over.
    for left in (0, 2):
        gx = x[left] + sizes[left]
        items += _arrow(
            gx + 1.2, tile_s / 2, gx + pair_gap - 1.2, tile_s / 2, ACCENT, 0.45, 1.6, both=True
        )
    labels = [
        lang.term("species", tile.species),
        f"{lang.label('era')} {era.number}",
        lang.label("token_face_a"),
        lang.label("token_face_b"),
    ]
    top = tile_s + 3.0
    height = 0.0
    for i, text in enumerate(labels):
        slot = sizes[i] + pair_gap * 0.55
        block, h = _block(text, f.regular, 7.5, x[i] + sizes[i] / 2, top, slot, 2, INK, "center")
        items += block
        height = max(height, h)
    return _placed(top + height + 1.5, items)


def dinos_tile_anatomy(ctx: Context, width: float) -> tuple[float, Draw]:
    """One tile, large, with callouts to its values, era badge and ability mark."""
    d, f, lang = ctx.dinos, ctx.fonts, ctx.lang
    flip = [sid for a in d.abilities for sid in a.species]
    tile = next((t for t in _era(d, 1).tiles if t.species in flip and t.left > 1), None)
    tile = tile or _first_tile(d, flip or [s.id for s in d.species])
    t = _component_mm("tile")
    size = min(50.0, width * 0.42)
    s = size / t
    x0, y0 = (width - size) / 2, 2.0
    items: list[Item] = _tile(ctx, tile, x0, y0, size)
    marks = kit.tile_marks(t, t)
    ability = d.ability_of(tile.species)
    callouts = [  # (label, the mark it points at, side)
        (lang.label("era"), marks["era"], "left"),
        (lang.label("incomplete"), marks["left"], "left"),
        (lang.label("complete"), marks["right"], "right"),
    ]
    if ability is not None:
        callouts.insert(1, (lang.term("abilities", ability.id), marks["ability"], "right"))
    column = x0 - 9.0
    for text, mark, side in callouts:
        cx, cy, rr = x0 + mark.cx * s, y0 + mark.cy * s, mark.r * s + 0.9
        items.append(_ring(cx, cy, rr, ACCENT, 0.5))
        if side == "left":
            end_x = cx - rr
            label_x, anchor = column, "right"
            line_x = column + 1.2
        else:
            end_x = cx + rr
            label_x, anchor = width - column, "left"
            line_x = width - column - 1.2
        items.append(Line(line_x, cy, end_x, cy, Style(stroke=ACCENT, width=0.35)))
        items.append(Circle(line_x, cy, 0.55, Style(fill=ACCENT)))
        items += _block_centred(
            text,
            f.bold,
            8.0,
            label_x - (1.2 if side == "left" else -1.2),
            cy,
            column - 1.5,
            3,
            ACCENT,
            anchor,
        )
    return _placed(y0 + size + 2.0, items)


def dinos_setup(ctx: Context, width: float) -> tuple[float, Draw]:
    """The starting board: a shuffled era 1 layout, the tokens in placement order."""
    d, f, lang = ctx.dinos, ctx.fonts, ctx.lang
    n = _board_side(d)
    board_w = min(55.0, width * 0.46)
    cell = board_w / n
    layout = _era1_layout(d)
    items: list[Item] = []
    bx, by = 0.0, 1.0
    for i, tile in enumerate(layout[: n * n]):
        r, c = divmod(i, n)
        items += _mini_tile(d, tile, bx + c * cell, by + r * cell, cell)
    items += _board_frame(bx, by, n, cell)
    # Placement: first in reverse turn order, orthogonal face up; then in turn order,
    # diagonal face up. Squares spread over the board, one token per square.
    colours = _colours(d)
    players = min(len(colours), d.rules.max_players if d.rules else 4)
    order = [(p, False) for p in range(players - 1, -1, -1)] + [(p, True) for p in range(players)]
    spots = _spread_spots(n, len(order))
    r_tok = cell * 0.34
    for number, ((player, diagonal), (r, c)) in enumerate(zip(order, spots, strict=True), start=1):
        cx, cy = bx + (c + 0.5) * cell, by + (r + 0.5) * cell
        items += _numbered_token(cx, cy, r_tok, colours[player], diagonal, number, f.bold)
    # Legend: the two rounds of placement, then the stacks.
    lx = board_w + 7.0
    lw = width - lx
    y = by
    for diagonal, label, numbers in (
        (False, lang.label("token_face_a"), range(1, players + 1)),
        (True, lang.label("token_face_b"), range(players + 1, 2 * players + 1)),
    ):
        block, h = _block(label, f.bold, 7.8, lx, y, lw, 1, ACCENT)
        items += block
        y += h + 2.2
        r_leg = 2.6
        for k, number in enumerate(numbers):
            player, _ = order[number - 1]
            cx = lx + r_leg + k * (2 * r_leg + 4.2)
            items += _numbered_token(
                cx, y + r_leg + 0.6, r_leg, colours[player], diagonal, number, f.bold
            )
            if k:
                ax = cx - r_leg - 4.2
                items += _arrow(
                    ax + 0.5, y + r_leg + 0.6, ax + 3.2, y + r_leg + 0.6, ACCENT, 0.35, 1.1
                )
        y += 2 * r_leg + 4.5
    # The eras' stacks: Era 1's rest is the current stack, the others wait.
    stack_tile = min(13.0, (lw - 2 * 5.0) / len(d.eras) / 1.2)
    slot = (lw) / len(d.eras)
    sy = max(y + 1.0, by + board_w - _stack_size(stack_tile) - 6.0)
    for i, era in enumerate(d.eras):
        sx = lx + i * slot + (slot - _stack_size(stack_tile)) / 2
        items += _stack(ctx, era, sx, sy, stack_tile)
        label = f"{lang.label('era')} {era.number}"
        items.append(
            _text(
                lx + i * slot + slot / 2,
                sy + _stack_size(stack_tile) + 3.6,
                label,
                f.regular,
                7.2,
                slot - 1.0,
                INK,
                "center",
            )
        )
    height = max(by + board_w + 1.0, sy + _stack_size(stack_tile) + 5.0)
    return _placed(height, items)


def _spread_spots(n: int, count: int) -> list[tuple[int, int]]:
    """``count`` squares of an n x n board, spread out (a fixed, readable choice)."""
    preferred = [(1, 3), (3, 1), (0, 0), (4, 4), (1, 1), (3, 3), (0, 4), (4, 0)]
    spots = [(r, c) for r, c in preferred if r < n and c < n]
    rng = random.Random(7)
    rest = [(r, c) for r in range(n) for c in range(n) if (r, c) not in spots]
    rng.shuffle(rest)
    return (spots + rest)[:count]


def dinos_movement(ctx: Context, width: float) -> tuple[float, Draw]:
    """Left: an orthogonal token, one direction jumping a token. Right: a diagonal
    token on the board's edge, two directions blocked by it."""
    d, f, lang = ctx.dinos, ctx.fonts, ctx.lang
    n = min(_board_side(d), 5)
    cell = min(10.0, (width - 20.0) / (2 * n))
    side = n * cell
    top = 7.0
    lefts = (0.0, width - side)
    layout = _era1_layout(d)
    colours = _colours(d)
    items: list[Item] = []
    for bx in lefts:
        for i, tile in enumerate(layout[: n * n]):
            r, c = divmod(i, n)
            items += _mini_tile(d, tile, bx + c * cell, top + r * cell, cell, pale=0.72)
        items += _board_frame(bx, top, n, cell)

    def centre(bx: float, r: int, c: int) -> tuple[float, float]:
        return bx + (c + 0.5) * cell, top + (r + 0.5) * cell

    def target(bx: float, r: int, c: int) -> list[Item]:
        cx, cy = centre(bx, r, c)
        return [
            Circle(cx, cy, cell * 0.3, Style(fill=WHITE, opacity=0.85)),
            _ring(cx, cy, cell * 0.3, ACCENT, 0.45, (0.9, 0.6)),
        ]

    r_tok = cell * 0.36
    # Left: orthogonal token in the middle, another token to its right.
    mid = n // 2
    bx = lefts[0]
    me = centre(bx, mid, mid)
    other = (mid, mid + 1)
    landing = (mid, mid + 2)
    for dr, dc in ((-1, 0), (1, 0), (0, -1)):
        items += target(bx, mid + dr, mid + dc)
        tx, ty = centre(bx, mid + dr, mid + dc)
        ux, uy = dc, dr
        items += _arrow(
            me[0] + ux * r_tok,
            me[1] + uy * r_tok,
            tx - ux * cell * 0.3,
            ty - uy * cell * 0.3,
            ACCENT,
            0.6,
            1.9,
        )
    items += target(bx, *landing)
    ox, oy = centre(bx, *other)
    lx, ly = centre(bx, *landing)
    arc = cell * 0.95
    items += _curved_arrow(
        (me[0] + r_tok * 0.3, me[1] - r_tok * 0.95),
        (me[0] + cell * 0.5, me[1] - arc),
        (lx - cell * 0.5, ly - arc),
        (lx - cell * 0.08, ly - cell * 0.3),
        ACCENT,
        0.6,
        1.9,
    )
    items += _token(ox, oy, r_tok, colours[1 % len(colours)], True)
    items += _token(*me, r_tok, colours[0], False)
    # Right: diagonal token on the top edge.
    bx = lefts[1]
    me = centre(bx, 0, mid)
    for dc in (-1, 1):
        items += target(bx, 1, mid + dc)
        tx, ty = centre(bx, 1, mid + dc)
        k = 1 / math.sqrt(2)
        items += _arrow(
            me[0] + dc * r_tok * k,
            me[1] + r_tok * k,
            tx - dc * cell * 0.3 * k,
            ty - cell * 0.3 * k,
            ACCENT,
            0.6,
            1.9,
        )
    for dc in (-1, 1):
        k = 1 / math.sqrt(2)
        sx, sy = me[0] + dc * r_tok * k, me[1] - r_tok * k
        ex, ey = me[0] + dc * cell * 0.95, me[1] - cell * 0.95
        items += _arrow(sx, sy, ex, ey, kit.mix(ACCENT, WHITE, 0.45), 0.5, 1.7, dash=(0.8, 0.5))
        items.append(Circle((sx + ex) / 2 + dc * 0.3, (sy + ey) / 2 - 0.5, 1.9, Style(fill=WHITE)))
        items.append(_cross((sx + ex) / 2 + dc * 0.3, (sy + ey) / 2 - 0.5, 2.4))
    items += _token(*me, r_tok, colours[0], True)
    # Names of the faces under the boards.
    y = top + side + 2.6
    h = 0.0
    for bx, key in zip(lefts, ("token_face_a", "token_face_b"), strict=True):
        block, bh = _block(
            lang.label(key), f.regular, 7.8, bx + side / 2, y, side, 1, INK, "center"
        )
        items += block
        h = max(h, bh)
    return _placed(y + h + 1.5, items)


def dinos_collect_refill(ctx: Context, width: float) -> tuple[float, Draw]:
    """Before and after one move: the token moves (1) and is flipped (2); the tile it
    left goes to the collection (3); the top tile of the era stack refills (4)."""
    d, f = ctx.dinos, ctx.fonts
    k = width / 120
    cell = 10.0 * k
    n = 3
    side = n * cell
    top = 3.0
    before_x, after_x = 0.0, side + 14.0 * k
    layout = _era1_layout(d)
    board = list(layout[:9])
    new_tile = layout[_board_side(d) ** 2]  # the top of the stack after the board
    colours = _colours(d)
    start, end = (2, 2), (2, 1)  # the token moves one square to the left
    items: list[Item] = []
    for bx, state in ((before_x, "before"), (after_x, "after")):
        for i, tile in enumerate(board):
            r, c = divmod(i, n)
            if state == "after" and (r, c) == start:
                tile = new_tile
            items += _mini_tile(d, tile, bx + c * cell, top + r * cell, cell)
        items += _board_frame(bx, top, n, cell)

    def centre(bx: float, rc: tuple[int, int]) -> tuple[float, float]:
        return bx + (rc[1] + 0.5) * cell, top + (rc[0] + 0.5) * cell

    r_tok = cell * 0.36
    badge_r = 2.1
    # Before: the move.
    sx, sy = centre(before_x, start)
    ex, ey = centre(before_x, end)
    items += _arrow(sx - r_tok, sy, ex + cell * 0.12, ey, INK, 0.7, 2.0)
    items += _token(sx, sy, r_tok, colours[0], False)
    items += _badge((sx + ex) / 2 - 0.4, sy - cell * 0.42, badge_r, "1", f.bold)
    # Between: before => after.
    mx = side + 7.0 * k
    items += _arrow(mx - 4.0 * k, top + side / 2, mx + 4.0 * k, top + side / 2, ACCENT, 1.1, 2.6)
    # After: the token flipped, the square refilled.
    tx, ty = centre(after_x, end)
    items += _token(tx, ty, r_tok, colours[0], True)
    items += _badge(tx - r_tok - 0.3, ty - r_tok - 0.3, badge_r, "2", f.bold)
    rx, ry = centre(after_x, start)
    items.append(_ring(rx, ry, cell * 0.5 + 0.2, ACCENT, 0.6, (1.0, 0.6)))
    # The stack of the current era, right of the after board.
    stack_tile = cell
    stack_x = after_x + side + 13.0 * k
    stack_y = ry - _stack_size(stack_tile) / 2
    items += _stack(ctx, _era(d, 1), stack_x, stack_y, stack_tile)
    items += _arrow(stack_x - 1.0, ry, rx + cell * 0.5 + 1.0, ry, ACCENT, 0.6, 1.9)
    items += _badge((stack_x + rx + cell * 0.5) / 2, ry - badge_r - 1.0, badge_r, "4", f.bold)
    items.append(
        _text(
            stack_x + _stack_size(stack_tile) / 2,
            stack_y + _stack_size(stack_tile) + 3.4,
            f"{ctx.lang.label('era')} 1",
            f.regular,
            7.0,
            width - stack_x,
            INK,
            "center",
        )
    )
    # The collection, below the boards: the new tile under the square it came from,
    # the tiles collected earlier beside it.
    col_y = top + side + 7.0
    tile_s = 14.0 * k
    col_w = width
    items.append(Rect(0, col_y, col_w, tile_s + 4.0, Style(fill=TINT), radius=1.5))
    collected = board[start[0] * n + start[1]]
    new_x = min(max(2.0, sx - tile_s / 2), col_w - tile_s - 2.0)
    items += _tile(ctx, collected, new_x, col_y + 2.0, tile_s)
    items.append(
        Rect(
            new_x - 0.8,
            col_y + 1.2,
            tile_s + 1.6,
            tile_s + 1.6,
            Style(stroke=ACCENT, width=0.6),
            radius=0.8,
        )
    )
    cx = new_x + tile_s + 4.0
    for tile in layout[-3:]:
        if cx + tile_s > col_w - 2.0:
            break
        items += _tile(ctx, tile, cx, col_y + 2.0, tile_s)
        cx += tile_s + 2.0
    # (3): from the square the token left down to the collection.
    items += _arrow(sx, sy + cell * 0.5 + 0.6, sx, col_y + 0.6, INK, 0.7, 2.0)
    items += _badge(sx - badge_r - 1.4, (sy + cell * 0.5 + col_y) / 2, badge_r, "3", f.bold)
    return _placed(col_y + tile_s + 4.5, items)


def dinos_scoring(ctx: Context, width: float) -> tuple[float, Draw]:
    """A collection: one completed Velociraptor (its tiles from different eras) and
    three loose tiles; the complete value plus the loose tiles' left values."""
    d, f, lang = ctx.dinos, ctx.fonts, ctx.lang
    species = d.species_by_id("velociraptor") or d.species[0]
    # The completed dinosaur: one tile of each position, taken from the eras in turn.
    complete: list[Tile] = []
    for i, position in enumerate(species.position_ids):
        era = d.eras[i % len(d.eras)]
        complete.append(
            next(t for t in era.tiles if t.species == species.id and t.position == position)
        )
    others = [s for s in d.species if s.id != species.id][:3]
    loose = [
        max((t for t in _era(d, 1).tiles if t.species == s.id), key=lambda t: (t.left, t.position))
        for s in others
    ]
    k = width / 120
    gap, group_gap = 1.8 * k, 8.0 * k
    count = len(complete) + len(loose)
    tile_s = min(17.0 * k, (width - (count - 2) * gap - group_gap) / count)
    t = _component_mm("tile")
    s = tile_s / t
    marks = kit.tile_marks(t, t)
    items: list[Item] = []
    x = (width - (count * tile_s + (count - 2) * gap + group_gap)) / 2
    top = 0.5
    groups: list[tuple[float, float]] = []
    for tiles, which in ((complete, "right"), (loose, "left")):
        gx = x
        for tile in tiles:
            items += _tile(ctx, tile, x, top, tile_s)
            # Ring the value that counts: the right one once, or each left one.
            if which == "left":
                m = marks["left"]
                items.append(_ring(x + m.cx * s, top + m.cy * s, m.r * s + 0.6, ACCENT, 0.55))
            x += tile_s + gap
        if which == "right":
            m = marks["right"]
            last = x - gap - tile_s
            items.append(_ring(last + m.cx * s, top + m.cy * s, m.r * s + 0.6, ACCENT, 0.55))
        groups.append((gx, x - gap))
        x += group_gap - gap
    # Brackets under the groups, with their labels.
    by = top + tile_s + 2.0
    bracket = Style(stroke=ACCENT, width=0.45)
    for (gx0, gx1), key in zip(groups, ("complete", "incomplete"), strict=True):
        items.append(
            Path.polygon(
                [(gx0, by), (gx0, by + 1.4), (gx1, by + 1.4), (gx1, by)], bracket, closed=False
            )
        )
        items.append(Line((gx0 + gx1) / 2, by + 1.4, (gx0 + gx1) / 2, by + 2.6, bracket))
        items.append(
            _text(
                (gx0 + gx1) / 2, by + 6.2, lang.label(key), f.bold, 8.0, gx1 - gx0, ACCENT, "center"
            )
        )
    # The sum, computed from the data.
    values = [species.complete] + [tile.left for tile in loose]
    total = sum(values)
    eq_y = by + 15.0
    size = 15.0
    parts: list[tuple[str, str, str]] = []  # (text, font, colour)
    for i, v in enumerate(values):
        if i:
            parts.append(("+", f.regular, ACCENT))
        parts.append((str(v), f.display, INK))
    parts += [("=", f.regular, ACCENT), (str(total), f.display, ACCENT)]
    space = 2.2
    widths = [fontlib.text_width_mm(font, text, size) for text, font, _ in parts]
    full = sum(widths) + space * (len(parts) - 1)
    x = (width - full) / 2
    for (text, font, colour), w in zip(parts, widths, strict=True):
        items.append(Text(x, eq_y, text, font, size, colour))
        x += w + space
    # Underline the total.
    items.append(
        Line(
            x - space - widths[-1] - 0.5,
            eq_y + 1.6,
            x - space + 0.5,
            eq_y + 1.6,
            Style(stroke=ACCENT, width=0.6),
        )
    )
    return _placed(eq_y + 3.0, items)


# ------------------------------------------------------------------------ paleo parts


_SITES: dict[int, tuple[PaleoData, DigSite]] = {}


def _overview_site(p: PaleoData) -> DigSite:
    """The sheet the overview shows: a real one, PadGenerator(data).sheet("medium", 1)."""
    kept = _SITES.get(id(p))
    if kept is None or kept[0] is not p:
        kept = _SITES[id(p)] = (p, PadGenerator(p).sheet("medium", 1))
    return kept[1]


def _paleo_font(ctx: Context) -> tuple[str, str]:
    return ctx.fonts.regular, ctx.fonts.bold


def _patterns(p: PaleoData) -> dict[str, Pattern]:
    return {t.id: t.pattern for t in p.dig_types}


def _fill_cells(
    cells: Iterable[Cell],
    pattern: Pattern,
    x: float,
    y: float,
    cell: float,
    under: Callable[[Cell, float, float], list[Item]] | None = None,
) -> list[Item]:
    """A shape drawn on the grid: its cells filled in a dig type (one pattern across the
    whole shape, so the lines join), outlined in pencil. ``under`` draws what a cell
    held before (a star) beneath the pattern."""
    cells = tuple(cells)
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    rows = 1 + max(r for r, _ in cells) - top
    cols = 1 + max(c for _, c in cells) - left
    ox, oy = x + left * cell, y + top * cell
    fill = psheet.pattern_items(pattern, cols * cell, rows * cell)
    items: list[Item] = []
    for r, c in cells:
        cx, cy = x + c * cell, y + r * cell
        items.append(Rect(cx, cy, cell, cell, Style(fill=WHITE)))
        if under is not None:
            items += under((r, c), cx, cy)
    for r, c in cells:
        clip = Rect((c - left) * cell, (r - top) * cell, cell, cell, NO_STYLE)
        items.append(Group(fill, Transform(dx=ox, dy=oy), clip=clip))
    for loop in psheet.cell_outline(cells, cell, 0.0):
        points = [(x + px, y + py) for px, py in loop]
        items.append(Path.polygon(points, Style(stroke=INK, width=0.5)))
    return items


def _grid(x: float, y: float, rows: int, cols: int, cell: float) -> list[Item]:
    """A fragment of the dig-site grid: white, with thin cell lines (its sides are drawn
    afterwards by :func:`_grid_edges`, over the shapes)."""
    items: list[Item] = [Rect(x, y, cols * cell, rows * cell, Style(fill=WHITE))]
    thin = Style(stroke=GRID_LINE, width=0.22)
    for r in range(1, rows):
        items.append(Line(x, y + r * cell, x + cols * cell, y + r * cell, thin))
    for c in range(1, cols):
        items.append(Line(x + c * cell, y, x + c * cell, y + rows * cell, thin))
    return items


def _grid_edges(
    x: float, y: float, rows: int, cols: int, cell: float, walls: str = ""
) -> list[Item]:
    """The sides of a fragment: dashed where the grid goes on, bold for ``walls``
    ("t", "b", "l", "r"): the edge of the grid."""
    open_ = Style(stroke=GRID_LINE, width=0.3, dash=(1.0, 0.8))
    wall = Style(stroke=INK, width=1.2)
    w, h = cols * cell, rows * cell
    sides = {
        "t": (x, y, x + w, y),
        "b": (x, y + h, x + w, y + h),
        "l": (x, y, x, y + h),
        "r": (x + w, y, x + w, y + h),
    }
    items: list[Item] = []
    for key, (x1, y1, x2, y2) in sides.items():
        if key not in walls:
            items.append(Line(x1, y1, x2, y2, open_))
    for key, (x1, y1, x2, y2) in sides.items():
        if key in walls:
            items.append(Line(x1, y1, x2, y2, wall))
    return items


def _fossil(cells: Sequence[Cell], x: float, y: float, cell: float) -> Group:
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    rel = tuple(sorted((r - top, c - left) for r, c in cells))
    return Group(
        tuple(psheet.fossil_shape(rel, cell, 0.45)),
        Transform(dx=x + left * cell, dy=y + top * cell),
    )


def _value_rings(
    ctx: Context,
    cx: float,
    cy: float,
    value: int,
    bonus: int,
    r: float,
    bonus_earned: bool,
) -> list[Item]:
    """A fossil's value and bonus as on the sheet, circled in pencil as a player would:
    the value dug up; the bonus ticked, or crossed out when it is not earned."""
    bold = ctx.fonts.bold
    size = r * 1.25 / fontlib.MM_PER_PT
    dx = 2 * r + 3.0
    ring = Style(fill=WHITE, stroke=INK, width=0.35)
    items: list[Item] = []
    for x, text in ((cx, str(value)), (cx + dx, f"+{bonus}")):
        items.append(Circle(x, cy, r, ring))
        items.append(_centred_on(x, cy, text, bold, size, INK))
    items.append(_ring(cx, cy, r + 0.8, ACCENT, 0.55))
    if bonus_earned:
        items.append(_ring(cx + dx, cy, r + 0.8, ACCENT, 0.55))
        items.append(_check(cx + dx + r + 3.4, cy, 3.2))
    else:
        items.append(_cross(cx + dx, cy, r * 1.5))
    return items


def _rings_width(r: float) -> float:
    return 2 * r + 3.0 + r + 3.4 + 1.6 + r  # left edge of value to the mark's right


# ------------------------------------------------------------------------ paleo diagrams


def paleo_sheet_overview(ctx: Context, width: float) -> tuple[float, Draw]:
    """A real dig-site sheet, small, its parts numbered in the margins around it and
    named in a legend beside it."""
    p, lang = ctx.paleo, ctx.lang
    regular, bold = _paleo_font(ctx)
    site = _overview_site(p)
    _, _, sw, sh = psheet.sheet_box("a4", 1)
    r = 1.9  # callout numbers
    margin = 2 * r + 1.6
    height = min(92.0, width * 0.77)
    shown_h = height - margin
    scale = shown_h / sh
    shown_w = sw * scale
    x0 = margin
    items: list[Item] = [
        Rect(x0 + 0.6, 0.8, shown_w, shown_h, Style(fill=SHADOW)),
        Rect(x0, 0, shown_w, shown_h, Style(fill=WHITE, stroke=RULE, width=0.25)),
        _scaled(psheet.sheet_items(site, p, lang, sw, sh), x0, 0, scale, sw, sh),
    ]
    L = psheet.sheet_parts(p, lang, sw, sh, site.rows, site.cols).layout
    code = psheet.code_box(L)
    star = min(site.stars, key=lambda rc: (rc[1], rc[0])) if site.stars else (0, 0)
    star_xy = (L.grid.x + (star[1] + 0.5) * L.cell, L.grid.y + (star[0] + 0.5) * L.cell)

    def right(area, fy: float = 0.5):
        return (area.x + area.w - 1.5, area.y + area.h * fy)

    def bottom(area, fx: float = 0.5):
        return (area.x + area.w * fx, area.y + area.h - 1.5)

    parts = [  # (label, the point shown, where its number stands: l/r/b margin)
        (lang.label("sheet_code"), right(code, 0.62), "r"),
        (lang.label("star_hint"), star_xy, "l"),
        (lang.label("round"), right(L.track, 0.3), "r"),
        (lang.label("dice_key"), (L.key.x + 1.5, L.key.y + L.key.h * 0.6), "l"),
        (lang.label("fossils"), bottom(L.fossils, 0.35), "b"),
        (lang.label("bonuses"), bottom(L.bonuses, 0.6), "b"),
        (lang.label("dig_types"), right(L.dig_types), "r"),
        (lang.label("total"), right(L.total, 0.6), "r"),
    ]
    lead = Style(stroke=ACCENT, width=0.3)
    for i, (_, (px, py), side) in enumerate(parts, start=1):
        tx, ty = x0 + px * scale, py * scale
        if side == "l":
            bx, by = r, ty
            items.append(Line(bx + r, by, tx, ty, lead))
        elif side == "r":
            bx, by = x0 + shown_w + margin - r, ty
            items.append(Line(bx - r, by, tx, ty, lead))
        else:
            bx, by = tx, height - r
            items.append(Line(bx, by - r, tx, ty, lead))
        items.append(Circle(tx, ty, 0.5, Style(fill=ACCENT)))
        items += _badge(bx, by, r, str(i), bold)
    # The legend.
    lx = x0 + shown_w + margin + 4.0
    badge = 2.2
    lw = width - lx - 2 * badge - 2.0
    row = min(10.0, (height - 2.0) / len(parts))
    y0 = (height - row * len(parts)) / 2
    for i, (text, _, _) in enumerate(parts, start=1):
        cy = y0 + (i - 0.5) * row
        items += _badge(lx + badge, cy, badge, str(i), bold)
        items += _block_centred(text, regular, 7.8, lx + 2 * badge + 2.0, cy, lw, 2, INK)
    return _placed(height, items)


def paleo_shape_key(ctx: Context, width: float) -> tuple[float, Draw]:
    """The six dice faces: pips, the face's two pentominoes, its dig type."""
    p, lang = ctx.paleo, ctx.lang
    regular, bold = _paleo_font(ctx)
    shapes = {q.id: q for q in p.pentominoes}
    patterns = _patterns(p)
    hint, hint_h = _block(
        lang.label("dice_key_hint"), regular, 8.0, width / 2, 0.5, width, 1, ACCENT, "center"
    )
    items: list[Item] = list(hint)
    top = 0.5 + hint_h + 3.0
    cols = 3
    rows = math.ceil(len(p.dice) / cols)
    gap = 3.0
    face_w = (width - (cols - 1) * gap) / cols
    die = min(9.0, face_w * 0.24)
    cell = min(3.4, (face_w - die - 6.0) / 7)
    face_h = max(2 * die + 3.6, 5 * cell + 3.0)
    for i, face in enumerate(p.dice):
        r, c = divmod(i, cols)
        x, y = c * (face_w + gap), top + r * (face_h + gap)
        items.append(
            Rect(x, y, face_w, face_h, Style(fill=psheet.ZEBRA, stroke=GRID_LINE, width=0.3), 1.4)
        )
        items += psheet.die_face(face.face, x + 1.5, y + 1.2, die, bold)
        if face.dig_type in patterns:
            items += psheet.pattern_swatch(
                patterns[face.dig_type], x + 1.5, y + face_h - 1.2 - die, die
            )
        cells = [psheet.portrait(shapes[s].cells) for s in face.shapes if s in shapes]
        sizes = [psheet.cell_extent(q) for q in cells]
        total = sum(w for _, w in sizes) + len(cells) - 1
        area_x = x + die + 3.0
        area_w = face_w - die - 4.5
        sx = area_x + (area_w - total * cell) / 2
        for shape, (h, w) in zip(cells, sizes, strict=True):
            sy = y + (face_h - h * cell) / 2
            items += psheet.mini_shape(shape, sx, sy, cell, "#d9c39a")
            sx += (w + 1) * cell
    return _placed(top + rows * face_h + (rows - 1) * gap + 0.5, items)


def paleo_dig_types(ctx: Context, width: float) -> tuple[float, Draw]:
    """The dig types as large swatches, each named, with the dice faces that show it."""
    p, lang = ctx.paleo, ctx.lang
    regular, bold = _paleo_font(ctx)
    n = max(1, len(p.dig_types))
    slot = width / n
    size = min(24.0, slot * 0.62)
    die = 6.0
    items: list[Item] = []
    bottom = 0.0
    for i, t in enumerate(p.dig_types):
        cx = (i + 0.5) * slot
        items += psheet.pattern_swatch(t.pattern, cx - size / 2, 0.5, size)
        block, h = _block(
            lang.term("dig_types", t.id), bold, 8.5, cx, size + 3.5, slot - 3.0, 2, INK, "center"
        )
        items += block
        faces = [f.face for f in p.dice if f.dig_type == t.id]
        dy = size + 3.5 + h + 2.5
        row_w = len(faces) * die + (len(faces) - 1) * 1.6
        for k, face in enumerate(faces):
            items += psheet.die_face(face, cx - row_w / 2 + k * (die + 1.6), dy, die, bold)
        bottom = max(bottom, dy + (die if faces else 0))
    return _placed(bottom + 1.0, items)


def _pair_template(p: PaleoData):
    templates = p.dig_site.templates if p.dig_site else ()
    return next((t for t in templates if len(t.cells) == 2), templates[0] if templates else None)


def paleo_worked_dig(ctx: Context, width: float) -> tuple[float, Draw]:
    """A 2-cell fossil with all its neighbours drawn: left in one dig type (value and
    bonus), right in two (value only)."""
    p, lang = ctx.paleo, ctx.lang
    regular, bold = _paleo_font(ctx)
    template = _pair_template(p)
    value, bonus = (template.value, template.bonus) if template else (3, 2)
    rows, cols = 5, 6
    gap = 14.0
    cell = min(9.0, (width - gap) / (2 * cols))
    fw, fh = cols * cell, rows * cell
    fossil = ((2, 2), (2, 3))
    shape_a = ((1, 1), (1, 2), (1, 3), (1, 4), (2, 1))  # an L over and left of the fossil
    shape_b = ((2, 4), (3, 1), (3, 2), (3, 3), (3, 4))  # an L under and right of it
    types = [t for t in p.dig_types]
    first = types[0].pattern
    second = types[-1].pattern if len(types) > 1 else first
    items: list[Item] = []
    lefts = (0.0, width - fw)
    r = 2.8
    for x, mixed in zip(lefts, (False, True), strict=True):
        items += _grid(x, 0.5, rows, cols, cell)
        items += _fill_cells(shape_a, first, x, 0.5, cell)
        items += _fill_cells(shape_b, second if mixed else first, x, 0.5, cell)
        items.append(_fossil(fossil, x, 0.5, cell))
        items += _grid_edges(x, 0.5, rows, cols, cell)
        cy = 0.5 + fh + 3.0 + r
        rx = x + (fw - _rings_width(r)) / 2 + r
        items += _value_rings(ctx, rx, cy, value, bonus, r, not mixed)
    # The bonus's name beside the earned bonus, under the left fragment.
    name_x = lefts[0] + (fw - _rings_width(r)) / 2 + r + 2 * r + 3.0
    items.append(
        _text(
            name_x,
            0.5 + fh + 3.0 + 2 * r + 4.4,
            f"+{lang.label('bonus')}",
            bold,
            7.5,
            fw / 2,
            ACCENT,
            "center",
        )
    )
    return _placed(0.5 + fh + 3.0 + 2 * r + 6.0, items)


def paleo_edge_dig(ctx: Context, width: float) -> tuple[float, Draw]:
    """A fossil on the grid's top edge: its neighbours inside are drawn, the edge is a
    wall, so it is dug up."""
    p = ctx.paleo
    template = _pair_template(p)
    value, bonus = (template.value, template.bonus) if template else (3, 2)
    rows, cols = 3, 7
    cell = 8.0
    fw, fh = cols * cell, rows * cell
    r = 3.0
    whole = fw + 12.0 + _rings_width(r)
    x, y = (width - whole) / 2, 3.2
    fossil = ((0, 2), (0, 3))
    shape_a = ((0, 0), (0, 1), (1, 0), (1, 1), (1, 2))
    shape_b = ((0, 4), (0, 5), (1, 3), (1, 4), (1, 5))
    pattern = p.dig_types[1 % len(p.dig_types)].pattern
    items: list[Item] = []
    items += _grid(x, y, rows, cols, cell)
    items += _fill_cells(shape_a, pattern, x, y, cell)
    items += _fill_cells(shape_b, pattern, x, y, cell)
    items.append(_fossil(fossil, x, y, cell))
    items += _grid_edges(x, y, rows, cols, cell, walls="t")
    # The wall: short strokes above the bold edge, as a section drawing shows one.
    for k in range(int((fw - 1.0) / 2.0)):
        hx = x + 0.6 + k * 2.0
        items.append(Line(hx, y - 0.6, hx + 1.6, y - 2.6, Style(stroke=INK, width=0.3)))
    # Where the fossil meets the edge, the wall closes it: a check on each cell.
    for _, c in fossil:
        cx = x + (c + 0.5) * cell
        items.append(Circle(cx, y, 1.6, Style(fill=WHITE, stroke=YES, width=0.35)))
        items.append(_check(cx, y, 2.0))
    # The result, right of the fragment: value and bonus circled.
    cy = y + cell
    items += _arrow(x + fw + 2.5, cy, x + fw + 9.0, cy, ACCENT, 0.6, 1.9)
    items += _value_rings(ctx, x + fw + 12.0 + r, cy, value, bonus, r, True)
    return _placed(y + fh + 1.0, items)


def paleo_bonuses(ctx: Context, width: float) -> tuple[float, Draw]:
    """The four bonuses with their circles, some marked; a covered star is where a
    mark comes from."""
    p, lang = ctx.paleo, ctx.lang
    regular, bold = _paleo_font(ctx)
    bonuses = p.dig_site.bonuses if p.dig_site else ()
    patterns = _patterns(p)
    items: list[Item] = []
    # Left: a grid fragment where a shape covers a star.
    cell = 7.0
    gx, gy = 5.0, 9.0
    plus = ((0, 1), (1, 0), (1, 1), (1, 2), (2, 1))
    star_cell = (1, 1)
    items += _grid(gx, gy, 3, 3, cell)
    star_style = Style(fill=psheet.STAR_FILL, stroke=INK, width=0.3)

    def under(rc: Cell, cx: float, cy: float) -> list[Item]:
        if rc == star_cell:
            return [psheet.star_path(cx + cell / 2, cy + cell * 0.52, cell * 0.34, star_style)]
        return []

    pattern = next(iter(patterns.values())) if patterns else Pattern("dots", 2.2, 0.8)
    items += _fill_cells(plus, pattern, gx, gy, cell, under)
    items += _grid_edges(gx, gy, 3, 3, cell)
    star_x, star_y = gx + 1.5 * cell, gy + 1.5 * cell
    hint_w = 2 * (gx + 1.5 * cell) - 0.5
    hint_items, hint_h = _block(
        lang.label("star_hint"),
        regular,
        7.0,
        gx + 1.5 * cell,
        gy + 3 * cell + 3.0,
        hint_w,
        3,
        ACCENT,
        "center",
    )
    items += hint_items
    # Right: the bonus rows.
    panel_x = gx + 3 * cell + 14.0
    panel_w = width - panel_x
    row = 8.5
    top = 7.0
    r = 2.5
    most = max((b.limit for b in bonuses), default=4)
    circles_w = most * (2 * r + 1.6) - 1.6
    marked = [2, 1, 0, 1]  # how many circles of each bonus are marked in the example
    items.append(
        Rect(
            panel_x,
            top,
            panel_w,
            row * len(bonuses) + 1.0,
            Style(fill=WHITE, stroke=ACCENT, width=0.45),
            1.6,
        )
    )
    first_circle = (0.0, 0.0)
    for i, b in enumerate(bonuses):
        y = top + 0.5 + i * row
        if i:
            items.append(
                Line(panel_x + 2.0, y, panel_x + panel_w - 2.0, y, Style(stroke=RULE, width=0.2))
            )
        name_w = panel_w - circles_w - 7.0
        items += _block_centred(
            lang.term("bonuses", b.id), regular, 8.0, panel_x + 2.5, y + row / 2, name_w, 2, INK
        )
        cx0 = panel_x + panel_w - 2.5 - circles_w + r
        for k in range(b.limit):
            cx = cx0 + k * (2 * r + 1.6)
            items.append(Circle(cx, y + row / 2, r, Style(fill=WHITE, stroke=INK, width=0.35)))
            if k < marked[i % len(marked)]:
                items.append(_check(cx, y + row / 2, 2.8, INK))
                if i == 0 and k == 0:
                    first_circle = (cx, y + row / 2)
    if bonuses:
        fx, fy = first_circle
        items.append(_ring(fx, fy, r + 0.9, ACCENT, 0.55))
        items += _curved_arrow(
            (star_x + cell * 0.2, star_y - cell * 0.4),
            (star_x + cell * 1.5, -1.5),
            (fx - 12.0, -1.5),
            (fx - r * 0.7, fy - r - 1.1),
            ACCENT,
            0.55,
            1.9,
        )
    height = max(top + row * len(bonuses) + 1.5, gy + 3 * cell + 3.0 + hint_h + 1.5)
    return _placed(height, items)


DIAGRAMS: dict[str, dict[str, Diagram]] = {
    DINOS: {
        "components": dinos_components,
        "tile_anatomy": dinos_tile_anatomy,
        "setup": dinos_setup,
        "movement": dinos_movement,
        "collect_refill": dinos_collect_refill,
        "scoring": dinos_scoring,
    },
    PALEO: {
        "sheet_overview": paleo_sheet_overview,
        "shape_key": paleo_shape_key,
        "dig_types": paleo_dig_types,
        "worked_dig": paleo_worked_dig,
        "edge_dig": paleo_edge_dig,
        "bonuses": paleo_bonuses,
    },
}
