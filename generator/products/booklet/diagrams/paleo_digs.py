"""The Paleontologists diagrams of digging up: a worked dig in one and in two dig types,
a fossil on the grid's edge, the bonuses and where their marks come from. Takes a
:class:`Context` and a width; gives the diagram's height and its drawing."""

from __future__ import annotations

from ....draw.shapes import Circle, Item, Line, Rect, Style
from ....games.paleo.model import Cell, Pattern
from ...paleo import sheet as psheet
from ..typeset import ACCENT, INK, Draw
from .callouts import (
    WHITE,
    YES,
    Context,
    arrow,
    callout_ring,
    check_mark,
    curved_arrow,
    fitted_line,
    placed,
    text_block,
    text_block_centred,
)
from .paleo_parts import (
    RULE,
    dig_patterns,
    fill_cells,
    fossil_at,
    grid_edges,
    grid_fragment,
    pair_template,
    paleo_data,
    paleo_fonts,
    rings_width,
    value_rings,
)


def paleo_worked_dig(ctx: Context, width: float) -> tuple[float, Draw]:
    """A 2-cell fossil with all its neighbours drawn: left in one dig type (value and
    bonus), right in two (value only)."""
    p, lang = paleo_data(ctx), ctx.lang
    regular, bold = paleo_fonts(ctx)
    template = pair_template(p)
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
        items += grid_fragment(x, 0.5, rows, cols, cell)
        items += fill_cells(shape_a, first, x, 0.5, cell)
        items += fill_cells(shape_b, second if mixed else first, x, 0.5, cell)
        items.append(fossil_at(fossil, x, 0.5, cell))
        items += grid_edges(x, 0.5, rows, cols, cell)
        cy = 0.5 + fh + 3.0 + r
        rx = x + (fw - rings_width(r)) / 2 + r
        items += value_rings(ctx, rx, cy, value, bonus, r, not mixed)
    # The bonus's name beside the earned bonus, under the left fragment.
    name_x = lefts[0] + (fw - rings_width(r)) / 2 + r + 2 * r + 3.0
    items.append(
        fitted_line(
            name_x,
            0.5 + fh + 3.0 + 2 * r + 4.4,
            lang.label("bonus_plus", {"bonus": lang.label("bonus")}),
            bold,
            7.5,
            fw / 2,
            ACCENT,
            "center",
        )
    )
    return placed(0.5 + fh + 3.0 + 2 * r + 6.0, items)


def paleo_edge_dig(ctx: Context, width: float) -> tuple[float, Draw]:
    """A fossil on the grid's top edge: its neighbours inside are drawn, the edge is a
    wall, so it is dug up."""
    p = paleo_data(ctx)
    template = pair_template(p)
    value, bonus = (template.value, template.bonus) if template else (3, 2)
    rows, cols = 3, 7
    cell = 8.0
    fw, fh = cols * cell, rows * cell
    r = 3.0
    whole = fw + 12.0 + rings_width(r)
    x, y = (width - whole) / 2, 3.2
    fossil = ((0, 2), (0, 3))
    shape_a = ((0, 0), (0, 1), (1, 0), (1, 1), (1, 2))
    shape_b = ((0, 4), (0, 5), (1, 3), (1, 4), (1, 5))
    pattern = p.dig_types[1 % len(p.dig_types)].pattern
    items: list[Item] = []
    items += grid_fragment(x, y, rows, cols, cell)
    items += fill_cells(shape_a, pattern, x, y, cell)
    items += fill_cells(shape_b, pattern, x, y, cell)
    items.append(fossil_at(fossil, x, y, cell))
    items += grid_edges(x, y, rows, cols, cell, walls="t")
    # The wall: short strokes above the bold edge, as a section drawing shows one.
    for k in range(int((fw - 1.0) / 2.0)):
        hx = x + 0.6 + k * 2.0
        items.append(Line(hx, y - 0.6, hx + 1.6, y - 2.6, Style(stroke=INK, width=0.3)))
    # Where the fossil meets the edge, the wall closes it: a check on each cell.
    for _, c in fossil:
        cx = x + (c + 0.5) * cell
        items.append(Circle(cx, y, 1.6, Style(fill=WHITE, stroke=YES, width=0.35)))
        items.append(check_mark(cx, y, 2.0))
    # The result, right of the fragment: value and bonus circled.
    cy = y + cell
    items += arrow(x + fw + 2.5, cy, x + fw + 9.0, cy, ACCENT, 0.6, 1.9)
    items += value_rings(ctx, x + fw + 12.0 + r, cy, value, bonus, r, True)
    return placed(y + fh + 1.0, items)


def paleo_bonuses(ctx: Context, width: float) -> tuple[float, Draw]:
    """The four bonuses with their circles, some marked; a covered star is where a
    mark comes from."""
    p, lang = paleo_data(ctx), ctx.lang
    regular, bold = paleo_fonts(ctx)
    bonuses = p.dig_site.bonuses if p.dig_site else ()
    patterns = dig_patterns(p)
    items: list[Item] = []
    # Left: a grid fragment where a shape covers a star.
    cell = 7.0
    gx, gy = 5.0, 9.0
    plus = ((0, 1), (1, 0), (1, 1), (1, 2), (2, 1))
    star_cell = (1, 1)
    items += grid_fragment(gx, gy, 3, 3, cell)
    star_style = Style(fill=psheet.STAR_FILL, stroke=INK, width=0.3)

    def under(rc: Cell, cx: float, cy: float) -> list[Item]:
        if rc == star_cell:
            return [psheet.star_path(cx + cell / 2, cy + cell * 0.52, cell * 0.34, star_style)]
        return []

    pattern = next(iter(patterns.values())) if patterns else Pattern("dots", 2.2, 0.8)
    items += fill_cells(plus, pattern, gx, gy, cell, under)
    items += grid_edges(gx, gy, 3, 3, cell)
    star_x, star_y = gx + 1.5 * cell, gy + 1.5 * cell
    hint_w = 2 * (gx + 1.5 * cell) - 0.5
    hint_items, hint_h = text_block(
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
        items += text_block_centred(
            lang.term("bonuses", b.id), regular, 8.0, panel_x + 2.5, y + row / 2, name_w, 2, INK
        )
        cx0 = panel_x + panel_w - 2.5 - circles_w + r
        for k in range(b.limit):
            cx = cx0 + k * (2 * r + 1.6)
            items.append(Circle(cx, y + row / 2, r, Style(fill=WHITE, stroke=INK, width=0.35)))
            if k < marked[i % len(marked)]:
                items.append(check_mark(cx, y + row / 2, 2.8, INK))
                if i == 0 and k == 0:
                    first_circle = (cx, y + row / 2)
    if bonuses:
        fx, fy = first_circle
        items.append(callout_ring(fx, fy, r + 0.9, ACCENT, 0.55))
        items += curved_arrow(
            (star_x + cell * 0.2, star_y - cell * 0.4),
            (star_x + cell * 1.5, -1.5),
            (fx - 12.0, -1.5),
            (fx - r * 0.7, fy - r - 1.1),
            ACCENT,
            0.55,
            1.9,
        )
    height = max(top + row * len(bonuses) + 1.5, gy + 3 * cell + 3.0 + hint_h + 1.5)
    return placed(height, items)
