"""The Paleontologists diagrams of the score sheet and its keys: a real sheet with its
parts numbered, the dice key, the dig types. Takes a :class:`Context` and a width; gives
the diagram's height and its drawing."""

from __future__ import annotations

import math

from ....draw.shapes import Circle, Item, Line, Rect, Style
from ...paleo import sheet as psheet
from ..typeset import ACCENT, INK, Draw
from .callouts import (
    SHADOW,
    WHITE,
    Context,
    number_badge,
    placed,
    scaled,
    text_block,
    text_block_centred,
)
from .paleo_parts import GRID_LINE, RULE, dig_patterns, overview_site, paleo_data, paleo_fonts


def paleo_sheet_overview(ctx: Context, width: float) -> tuple[float, Draw]:
    """A real dig-site sheet, small, its parts numbered in the margins around it and
    named in a legend beside it."""
    p, lang = paleo_data(ctx), ctx.lang
    regular, bold = paleo_fonts(ctx)
    site = overview_site(p)
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
        scaled(psheet.sheet_items(site, p, lang, sw, sh), x0, 0, scale, sw, sh),
    ]
    L = psheet.sheet_parts(p, lang, sw, sh, site.rows, site.cols).layout
    code = psheet.code_box(L)
    star = min(site.stars, key=lambda rc: (rc[1], rc[0])) if site.stars else (0, 0)
    star_xy = (L.grid.x + (star[1] + 0.5) * L.cell, L.grid.y + (star[0] + 0.5) * L.cell)

    def right(area: psheet.Area, fy: float = 0.5) -> tuple[float, float]:
        return (area.x + area.w - 1.5, area.y + area.h * fy)

    def bottom(area: psheet.Area, fx: float = 0.5) -> tuple[float, float]:
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
        items += number_badge(bx, by, r, str(i), bold)
    # The legend.
    lx = x0 + shown_w + margin + 4.0
    badge = 2.2
    lw = width - lx - 2 * badge - 2.0
    row = min(10.0, (height - 2.0) / len(parts))
    y0 = (height - row * len(parts)) / 2
    for i, (text, _, _) in enumerate(parts, start=1):
        cy = y0 + (i - 0.5) * row
        items += number_badge(lx + badge, cy, badge, str(i), bold)
        items += text_block_centred(text, regular, 7.8, lx + 2 * badge + 2.0, cy, lw, 2, INK)
    return placed(height, items)


def paleo_shape_key(ctx: Context, width: float) -> tuple[float, Draw]:
    """The six dice faces: pips, the face's two pentominoes, its dig type."""
    p, lang = paleo_data(ctx), ctx.lang
    regular, bold = paleo_fonts(ctx)
    shapes = {q.id: q for q in p.pentominoes}
    patterns = dig_patterns(p)
    hint, hint_h = text_block(
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
            items += psheet.mini_shape(shape, sx, sy, cell, psheet.SHAPE_FILL)
            sx += (w + 1) * cell
    return placed(top + rows * face_h + (rows - 1) * gap + 0.5, items)


def paleo_dig_types(ctx: Context, width: float) -> tuple[float, Draw]:
    """The dig types as large swatches, each named, with the dice faces that show it."""
    p, lang = paleo_data(ctx), ctx.lang
    regular, bold = paleo_fonts(ctx)
    n = max(1, len(p.dig_types))
    slot = width / n
    size = min(24.0, slot * 0.62)
    die = 6.0
    items: list[Item] = []
    bottom = 0.0
    for i, t in enumerate(p.dig_types):
        cx = (i + 0.5) * slot
        items += psheet.pattern_swatch(t.pattern, cx - size / 2, 0.5, size)
        block, h = text_block(
            lang.term("dig_types", t.id), bold, 8.5, cx, size + 3.5, slot - 3.0, 2, INK, "center"
        )
        items += block
        faces = [f.face for f in p.dice if f.dig_type == t.id]
        dy = size + 3.5 + h + 2.5
        row_w = len(faces) * die + (len(faces) - 1) * 1.6
        for k, face in enumerate(faces):
            items += psheet.die_face(face, cx - row_w / 2 + k * (die + 1.6), dy, die, bold)
        bottom = max(bottom, dy + (die if faces else 0))
    return placed(bottom + 1.0, items)
