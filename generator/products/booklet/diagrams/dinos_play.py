"""The Digging for Dinos diagrams of a turn and the end: how tokens move, collecting
and refilling, scoring a collection. Takes a :class:`Context` and a width; gives the
diagram's height and its drawing."""

from __future__ import annotations

import math

from ....draw.shapes import Circle, Item, Line, Path, Rect, Style, Text
from ....games.dinos.model import Tile
from ....games.dinos.terms import era_number
from ....layout import fonts as fontlib
from ...dinos import kit
from ..typeset import ACCENT, INK, TINT, Draw
from .callouts import (
    WHITE,
    Context,
    arrow,
    callout_ring,
    cross_mark,
    curved_arrow,
    fitted_line,
    number_badge,
    placed,
    text_block,
)
from .dinos_parts import (
    board_frame,
    board_side,
    component_mm,
    dinos_data,
    era1_layout,
    era_of,
    era_stack,
    mini_tile,
    mounted_tile,
    player_colours,
    stack_size,
    token_disc,
)


def dinos_movement(ctx: Context, width: float) -> tuple[float, Draw]:
    """Left: an orthogonal token, one direction jumping a token. Right: a diagonal
    token on the board's edge, two directions blocked by it."""
    d, f, lang = dinos_data(ctx), ctx.fonts, ctx.lang
    n = min(board_side(d), 5)
    cell = min(10.0, (width - 20.0) / (2 * n))
    side = n * cell
    top = 7.0
    lefts = (0.0, width - side)
    layout = era1_layout(d)
    colours = player_colours(d)
    items: list[Item] = []
    for bx in lefts:
        for i, tile in enumerate(layout[: n * n]):
            r, c = divmod(i, n)
            items += mini_tile(d, tile, bx + c * cell, top + r * cell, cell, pale=0.72)
        items += board_frame(bx, top, n, cell)

    def centre(bx: float, r: int, c: int) -> tuple[float, float]:
        return bx + (c + 0.5) * cell, top + (r + 0.5) * cell

    def target(bx: float, r: int, c: int) -> list[Item]:
        cx, cy = centre(bx, r, c)
        return [
            Circle(cx, cy, cell * 0.3, Style(fill=WHITE, opacity=0.85)),
            callout_ring(cx, cy, cell * 0.3, ACCENT, 0.45, (0.9, 0.6)),
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
        items += arrow(
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
    items += curved_arrow(
        (me[0] + r_tok * 0.3, me[1] - r_tok * 0.95),
        (me[0] + cell * 0.5, me[1] - arc),
        (lx - cell * 0.5, ly - arc),
        (lx - cell * 0.08, ly - cell * 0.3),
        ACCENT,
        0.6,
        1.9,
    )
    items += token_disc(ox, oy, r_tok, colours[1 % len(colours)], True)
    items += token_disc(*me, r_tok, colours[0], False)
    # Right: diagonal token on the top edge.
    bx = lefts[1]
    me = centre(bx, 0, mid)
    for dc in (-1, 1):
        items += target(bx, 1, mid + dc)
        tx, ty = centre(bx, 1, mid + dc)
        k = 1 / math.sqrt(2)
        items += arrow(
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
        items += arrow(sx, sy, ex, ey, kit.mix(ACCENT, WHITE, 0.45), 0.5, 1.7, dash=(0.8, 0.5))
        items.append(Circle((sx + ex) / 2 + dc * 0.3, (sy + ey) / 2 - 0.5, 1.9, Style(fill=WHITE)))
        items.append(cross_mark((sx + ex) / 2 + dc * 0.3, (sy + ey) / 2 - 0.5, 2.4))
    items += token_disc(*me, r_tok, colours[0], True)
    # Names of the faces under the boards.
    y = top + side + 2.6
    h = 0.0
    for bx, key in zip(lefts, ("token_face_a", "token_face_b"), strict=True):
        block, bh = text_block(
            lang.label(key), f.regular, 7.8, bx + side / 2, y, side, 1, INK, "center"
        )
        items += block
        h = max(h, bh)
    return placed(y + h + 1.5, items)


def dinos_collect_refill(ctx: Context, width: float) -> tuple[float, Draw]:
    """Before and after one move: the token moves (1) and is flipped (2); the tile it
    left goes to the collection (3); the top tile of the era stack refills (4)."""
    d, f = dinos_data(ctx), ctx.fonts
    k = width / 120
    cell = 10.0 * k
    n = 3
    side = n * cell
    top = 3.0
    before_x, after_x = 0.0, side + 14.0 * k
    layout = era1_layout(d)
    board = list(layout[:9])
    new_tile = layout[board_side(d) ** 2]  # the top of the stack after the board
    colours = player_colours(d)
    start, end = (2, 2), (2, 1)  # the token moves one square to the left
    items: list[Item] = []
    for bx, state in ((before_x, "before"), (after_x, "after")):
        for i, tile in enumerate(board):
            r, c = divmod(i, n)
            if state == "after" and (r, c) == start:
                tile = new_tile
            items += mini_tile(d, tile, bx + c * cell, top + r * cell, cell)
        items += board_frame(bx, top, n, cell)

    def centre(bx: float, rc: tuple[int, int]) -> tuple[float, float]:
        return bx + (rc[1] + 0.5) * cell, top + (rc[0] + 0.5) * cell

    r_tok = cell * 0.36
    badge_r = 2.1
    # Before: the move.
    sx, sy = centre(before_x, start)
    ex, ey = centre(before_x, end)
    items += arrow(sx - r_tok, sy, ex + cell * 0.12, ey, INK, 0.7, 2.0)
    items += token_disc(sx, sy, r_tok, colours[0], False)
    items += number_badge((sx + ex) / 2 - 0.4, sy - cell * 0.42, badge_r, "1", f.bold)
    # Between: before => after.
    mx = side + 7.0 * k
    items += arrow(mx - 4.0 * k, top + side / 2, mx + 4.0 * k, top + side / 2, ACCENT, 1.1, 2.6)
    # After: the token flipped, the square refilled.
    tx, ty = centre(after_x, end)
    items += token_disc(tx, ty, r_tok, colours[0], True)
    items += number_badge(tx - r_tok - 0.3, ty - r_tok - 0.3, badge_r, "2", f.bold)
    rx, ry = centre(after_x, start)
    items.append(callout_ring(rx, ry, cell * 0.5 + 0.2, ACCENT, 0.6, (1.0, 0.6)))
    # The stack of the current era, right of the after board.
    stack_tile = cell
    stack_x = after_x + side + 13.0 * k
    stack_y = ry - stack_size(stack_tile) / 2
    items += era_stack(ctx, era_of(d, 1), stack_x, stack_y, stack_tile)
    items += arrow(stack_x - 1.0, ry, rx + cell * 0.5 + 1.0, ry, ACCENT, 0.6, 1.9)
    items += number_badge((stack_x + rx + cell * 0.5) / 2, ry - badge_r - 1.0, badge_r, "4", f.bold)
    items.append(
        fitted_line(
            stack_x + stack_size(stack_tile) / 2,
            stack_y + stack_size(stack_tile) + 3.4,
            era_number(ctx.lang, era_of(d, 1).number),
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
    items += mounted_tile(ctx, collected, new_x, col_y + 2.0, tile_s)
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
        items += mounted_tile(ctx, tile, cx, col_y + 2.0, tile_s)
        cx += tile_s + 2.0
    # (3): from the square the token left down to the collection.
    items += arrow(sx, sy + cell * 0.5 + 0.6, sx, col_y + 0.6, INK, 0.7, 2.0)
    items += number_badge(sx - badge_r - 1.4, (sy + cell * 0.5 + col_y) / 2, badge_r, "3", f.bold)
    return placed(col_y + tile_s + 4.5, items)


def dinos_scoring(ctx: Context, width: float) -> tuple[float, Draw]:
    """A collection: one completed Velociraptor (its tiles from different eras) and
    three loose tiles; the complete value plus the loose tiles' left values."""
    d, f, lang = dinos_data(ctx), ctx.fonts, ctx.lang
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
        max(
            (t for t in era_of(d, 1).tiles if t.species == s.id), key=lambda t: (t.left, t.position)
        )
        for s in others
    ]
    k = width / 120
    gap, group_gap = 1.8 * k, 8.0 * k
    count = len(complete) + len(loose)
    tile_s = min(17.0 * k, (width - (count - 2) * gap - group_gap) / count)
    t = component_mm("tile")
    s = tile_s / t
    marks = kit.tile_marks(t, t)
    items: list[Item] = []
    x = (width - (count * tile_s + (count - 2) * gap + group_gap)) / 2
    top = 0.5
    groups: list[tuple[float, float]] = []
    for tiles, which in ((complete, "right"), (loose, "left")):
        gx = x
        for tile in tiles:
            items += mounted_tile(ctx, tile, x, top, tile_s)
            # Ring the value that counts: the right one once, or each left one.
            if which == "left":
                m = marks["left"]
                items.append(
                    callout_ring(x + m.cx * s, top + m.cy * s, m.r * s + 0.6, ACCENT, 0.55)
                )
            x += tile_s + gap
        if which == "right":
            m = marks["right"]
            last = x - gap - tile_s
            items.append(callout_ring(last + m.cx * s, top + m.cy * s, m.r * s + 0.6, ACCENT, 0.55))
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
            fitted_line(
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
    return placed(eq_y + 3.0, items)
