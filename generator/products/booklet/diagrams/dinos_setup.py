"""The Digging for Dinos diagrams of what is in the box and how a game starts: the
components, a tile's anatomy, the starting board. Takes a :class:`Context` and a width;
gives the diagram's height and its drawing."""

from __future__ import annotations

import random

from ....draw.shapes import Circle, Item, Line, Style
from ....games.dinos.terms import era_number
from ...dinos import kit
from ..typeset import ACCENT, INK, Draw
from .callouts import (
    Context,
    arrow,
    callout_ring,
    fitted_line,
    placed,
    text_block,
    text_block_centred,
)
from .dinos_parts import (
    board_frame,
    board_side,
    component_mm,
    dinos_data,
    era1_layout,
    era_of,
    era_stack,
    first_tile,
    mini_tile,
    mounted_back,
    mounted_tile,
    mounted_token,
    numbered_token,
    player_colours,
    stack_size,
)


def dinos_components(ctx: Context, width: float) -> tuple[float, Draw]:
    """A tile front and its era's back, a token's two faces, each with its name."""
    d, f, lang = dinos_data(ctx), ctx.fonts, ctx.lang
    k = width / 120
    tile_s, token_s, pair_gap = 26 * k, 18 * k, 7 * k
    margin = pair_gap * 0.45  # the outer labels may be wider than their piece
    group_gap = width - 2 * margin - 2 * tile_s - 2 * token_s - 2 * pair_gap
    tile = era_of(d, 1).tiles[0]
    era = era_of(d, tile.era)
    colour = player_colours(d)[0]
    x = [margin, margin + tile_s + pair_gap]
    x += [x[1] + tile_s + group_gap, x[1] + tile_s + group_gap + token_s + pair_gap]
    sizes = [tile_s, tile_s, token_s, token_s]
    tops = [0.0, 0.0, (tile_s - token_s) / 2, (tile_s - token_s) / 2]
    items: list[Item] = []
    items += mounted_tile(ctx, tile, x[0], tops[0], tile_s)
    items += mounted_back(ctx, era, x[1], tops[1], tile_s)
    items += mounted_token(colour, False, x[2], tops[2], token_s, seat=0)
    items += mounted_token(colour, True, x[3], tops[3], token_s, seat=0)
    # Front and back, face A and face B: the same piece turned over.
    for left in (0, 2):
        gx = x[left] + sizes[left]
        items += arrow(
            gx + 1.2, tile_s / 2, gx + pair_gap - 1.2, tile_s / 2, ACCENT, 0.45, 1.6, both=True
        )
    labels = [
        lang.term("species", tile.species),
        era_number(lang, era.number),
        lang.label("token_face_a"),
        lang.label("token_face_b"),
    ]
    top = tile_s + 3.0
    height = 0.0
    for i, text in enumerate(labels):
        slot = sizes[i] + pair_gap * 0.55
        block, h = text_block(
            text, f.regular, 7.5, x[i] + sizes[i] / 2, top, slot, 2, INK, "center"
        )
        items += block
        height = max(height, h)
    return placed(top + height + 1.5, items)


def dinos_tile_anatomy(ctx: Context, width: float) -> tuple[float, Draw]:
    """One tile, large, with callouts to its values, era badge and ability mark."""
    d, f, lang = dinos_data(ctx), ctx.fonts, ctx.lang
    flip = [sid for a in d.abilities for sid in a.species]
    tile = next((t for t in era_of(d, 1).tiles if t.species in flip and t.left > 1), None)
    tile = tile or first_tile(d, flip or [s.id for s in d.species])
    t = component_mm("tile")
    size = min(50.0, width * 0.42)
    s = size / t
    x0, y0 = (width - size) / 2, 2.0
    items: list[Item] = mounted_tile(ctx, tile, x0, y0, size)
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
        items.append(callout_ring(cx, cy, rr, ACCENT, 0.5))
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
        items += text_block_centred(
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
    return placed(y0 + size + 2.0, items)


def dinos_setup(ctx: Context, width: float) -> tuple[float, Draw]:
    """The starting board: a shuffled era 1 layout, the tokens in placement order."""
    d, f, lang = dinos_data(ctx), ctx.fonts, ctx.lang
    n = board_side(d)
    board_w = min(55.0, width * 0.46)
    cell = board_w / n
    layout = era1_layout(d)
    items: list[Item] = []
    bx, by = 0.0, 1.0
    for i, tile in enumerate(layout[: n * n]):
        r, c = divmod(i, n)
        items += mini_tile(d, tile, bx + c * cell, by + r * cell, cell)
    items += board_frame(bx, by, n, cell)
    # Placement: first in reverse turn order, orthogonal face up; then in turn order,
    # diagonal face up. Squares spread over the board, one token per square.
    colours = player_colours(d)
    players = min(len(colours), d.rules.max_players if d.rules else 4)
    order = [(p, False) for p in range(players - 1, -1, -1)] + [(p, True) for p in range(players)]
    spots = _spread_spots(n, len(order))
    r_tok = cell * 0.34
    for number, ((player, diagonal), (r, c)) in enumerate(zip(order, spots, strict=True), start=1):
        cx, cy = bx + (c + 0.5) * cell, by + (r + 0.5) * cell
        items += numbered_token(cx, cy, r_tok, colours[player], diagonal, number, f.bold)
    # Legend: the two rounds of placement, then the stacks.
    lx = board_w + 7.0
    lw = width - lx
    y = by
    for diagonal, label, numbers in (
        (False, lang.label("token_face_a"), range(1, players + 1)),
        (True, lang.label("token_face_b"), range(players + 1, 2 * players + 1)),
    ):
        block, h = text_block(label, f.bold, 7.8, lx, y, lw, 1, ACCENT)
        items += block
        y += h + 2.2
        r_leg = 2.6
        for k, number in enumerate(numbers):
            player, _ = order[number - 1]
            cx = lx + r_leg + k * (2 * r_leg + 4.2)
            items += numbered_token(
                cx, y + r_leg + 0.6, r_leg, colours[player], diagonal, number, f.bold
            )
            if k:
                ax = cx - r_leg - 4.2
                items += arrow(
                    ax + 0.5, y + r_leg + 0.6, ax + 3.2, y + r_leg + 0.6, ACCENT, 0.35, 1.1
                )
        y += 2 * r_leg + 4.5
    # The eras' stacks: Era 1's rest is the current stack, the others wait.
    stack_tile = min(13.0, (lw - 2 * 5.0) / len(d.eras) / 1.2)
    slot = (lw) / len(d.eras)
    sy = max(y + 1.0, by + board_w - stack_size(stack_tile) - 6.0)
    for i, era in enumerate(d.eras):
        sx = lx + i * slot + (slot - stack_size(stack_tile)) / 2
        items += era_stack(ctx, era, sx, sy, stack_tile)
        label = era_number(lang, era.number)
        items.append(
            fitted_line(
                lx + i * slot + slot / 2,
                sy + stack_size(stack_tile) + 3.6,
                label,
                f.regular,
                7.2,
                slot - 1.0,
                INK,
                "center",
            )
        )
    height = max(by + board_w + 1.0, sy + stack_size(stack_tile) + 5.0)
    return placed(height, items)


def _spread_spots(n: int, count: int) -> list[tuple[int, int]]:
    """``count`` squares of an n x n board, spread out (a fixed, readable choice)."""
    preferred = [(1, 3), (3, 1), (0, 0), (4, 4), (1, 1), (3, 3), (0, 4), (4, 0)]
    spots = [(r, c) for r, c in preferred if r < n and c < n]
    rng = random.Random(7)
    rest = [(r, c) for r in range(n) for c in range(n) if (r, c) not in spots]
    rng.shuffle(rest)
    return (spots + rest)[:count]
