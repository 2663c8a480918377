"""The static parts of a sheet, drawn from a :class:`Layout`: frame (header, grid,
fossil table, total box), round track, dice key, dig-type key and bonus panel."""

from __future__ import annotations

import math

from ....draw.shapes import Circle, Item, Line, Rect, Style, Text
from ....games.paleo.model import PaleoData
from ....layout import fonts
from ....layout.text import fit_size, fitted_text
from ....source.lang import Language
from .geometry import (
    CODE_LABEL_TOP,
    KEY_LABELS,
    Area,
    Layout,
    code_box,
    code_box_width,
    fossil_column_width,
    fossil_columns,
    fossil_row_top,
    key_label_size,
    track_boxes,
    track_row_origin,
)
from .marks import (
    bone,
    cell_extent,
    mini_shape,
    numbered_die,
    numbered_die_width,
    pattern_swatch,
    portrait,
    star_path,
)
from .style import (
    ACCENT,
    BAND,
    FRAME_LINE,
    GRID_LINE,
    GRID_STYLE,
    INK,
    RULE,
    SHAPE_FILL,
    STAR_FILL,
    WHITE,
    ZEBRA,
    centred,
    heading,
    lerp,
    sheet_fonts,
    text_lines,
)


def _panel(
    area: Area, title: str, font: str, size: float, band: float, title_w: float | None = None
) -> list[Item]:
    """A framed panel with its title in a shaded band along the top."""
    items: list[Item] = [
        Rect(area.x, area.y, area.w, area.h, Style(fill=WHITE, stroke=ACCENT, width=0.45), 1.6),
        Rect(area.x + 0.6, area.y + 0.6, area.w - 1.2, band - 0.6, Style(fill=BAND), radius=1.1),
    ]
    text = fitted_text(0, 0, title, font, size, title_w or area.w - 4, min_size=4.8)
    cap = fonts.cap_height_mm(font, text.size)
    items.append(Text(area.x + 2, area.y + 0.3 + (band + cap) / 2, title, font, text.size, ACCENT))
    return items


def date_sizes(L: Layout) -> tuple[float, float]:
    """Sizes (pt) of the two lines of a day's sheet's date: what it is, and the date."""
    return lerp(6.0, 8.0, L.t), lerp(8.5, 12.0, L.t)


def date_width(L: Layout, lang: Language) -> float:
    """Width of a day's sheet's date block (both lines at their full size)."""
    regular, bold, _ = sheet_fonts(lang)
    label_size, date_size = date_sizes(L)
    return max(
        fonts.text_width_mm(regular, lang.label("daily"), label_size),
        fonts.text_width_mm(bold, "2000-00-00", date_size),
    )


def title_box(L: Layout, lang: Language, dated: bool = False) -> tuple[float, float, str]:
    """The header's title: its x (sheet mm), its size (pt) and font; ``dated``: the
    title leaves room for a day's sheet's date before the code box."""
    hd = L.header
    display = sheet_fonts(lang)[2]
    title_x = hd.x + hd.h * 0.9 + 1.6  # after the bone
    room = hd.x + hd.w - code_box_width(L) - 3 - title_x
    if dated:
        room -= date_width(L, lang) + 3.0
    title = lang.term("games", "paleontologists")
    size = fitted_text(0, 0, title, display, lerp(24, 30, L.t), room, min_size=12).size
    return title_x, size, display


def frame_items(L: Layout, data: PaleoData, lang: Language, dated: bool = False) -> list[Item]:
    """Header, grid, panels and their titles, fossil table, total box, footer
    (``dated``: a day's sheet, whose title leaves room for the date)."""
    regular, bold, display = sheet_fonts(lang)
    t = L.t
    head_size = lerp(6.6, 8.0, t)
    items: list[Item] = []
    # Header: title and the code box (the code itself is drawn per sheet).
    hd = L.header
    title = lang.term("games", "paleontologists")
    bone_w = hd.h * 0.9
    thick = hd.h * 0.16
    reach = 1.1 * thick  # how far the knobs stand out beyond the bone's end points
    items += bone(
        hd.x + reach, hd.y + hd.h * 0.72, hd.x + bone_w - reach, hd.y + hd.h * 0.28, thick, ACCENT
    )
    title_x, title_size, _ = title_box(L, lang, dated)
    cap = fonts.cap_height_mm(display, title_size)
    items.append(Text(title_x, hd.y + (hd.h + cap) / 2, title, display, title_size, INK))
    box = code_box(L)
    items.append(Rect(box.x, box.y, box.w, box.h, Style(fill=BAND, stroke=ACCENT, width=0.45), 1.6))
    label = heading(lang.label("sheet_code"), lang)
    small = fitted_text(0, 0, label, bold, lerp(5.4, 6.2, t), box.w * 0.5, min_size=4.5)
    items.append(
        Text(
            box.x + 2,
            box.y + CODE_LABEL_TOP + fonts.cap_height_mm(bold, small.size),
            label,
            bold,
            small.size,
            ACCENT,
        )
    )
    # Grid: thin cell lines, a bold frame.
    g = L.grid
    thin = GRID_STYLE
    items.append(Rect(g.x, g.y, g.w, g.h, Style(fill=WHITE)))
    for r in range(1, L.rows):
        items.append(Line(g.x, g.y + r * L.cell, g.x + g.w, g.y + r * L.cell, thin))
    for c in range(1, L.cols):
        items.append(Line(g.x + c * L.cell, g.y, g.x + c * L.cell, g.y + g.h, thin))
    items.append(Rect(g.x, g.y, g.w, g.h, Style(stroke=INK, width=FRAME_LINE)))
    # Panels (their contents come from their own forms, or per sheet).
    _, _, value_x, _ = fossil_columns(L)
    title_w = value_x - fossil_column_width(L) / 2 - L.fossils.x - 2.5
    title = heading(lang.label("fossils"), lang)
    items += _panel(L.fossils, title, bold, head_size, L.band, title_w)
    items += _fossil_table_frame(L, lang)
    items += _total_items(L, lang)
    return items


def _fossil_table_frame(L: Layout, lang: Language) -> list[Item]:
    regular, bold, _ = sheet_fonts(lang)
    a = L.fossils
    _, _, value_x, bonus_x = fossil_columns(L)
    colhead = L.band
    y = a.y + 0.3
    size = lerp(5.6, 6.8, L.t)
    col_w = fossil_column_width(L)
    items: list[Item] = [
        centred(
            value_x - col_w / 2,
            y,
            col_w,
            colhead,
            lang.label("value"),
            regular,
            size,
            min_size=4.2,
            colour=ACCENT,
        ),
        centred(
            bonus_x - col_w / 2,
            y,
            col_w,
            colhead,
            lang.label("bonus"),
            regular,
            size,
            min_size=4.2,
            colour=ACCENT,
        ),
    ]
    rule = Style(stroke=RULE, width=0.2)
    for i in range(1, L.fossil_rows):
        ry = fossil_row_top(L, i)
        items.append(Line(a.x + 1.5, ry, a.x + a.w - 1.5, ry, rule))
    return items


def _total_items(L: Layout, lang: Language) -> list[Item]:
    _, bold, display = sheet_fonts(lang)
    a = L.total
    items: list[Item] = [
        Rect(a.x, a.y, a.w, a.h, Style(fill=BAND, stroke=ACCENT, width=0.45), 1.6),
    ]
    label = heading(lang.label("total"), lang)
    size = lerp(8, 10, L.t)
    text = fitted_text(0, 0, label, display, size, a.w - 4, min_size=5)
    cap = fonts.cap_height_mm(display, text.size)
    items.append(Text(a.x + 2, a.y + 1.6 + cap, label, display, text.size, ACCENT))
    top = a.y + 1.6 + cap + 1.6
    items.append(
        Rect(
            a.x + 2,
            top,
            a.w - 4,
            a.y + a.h - 2 - top,
            Style(fill=WHITE, stroke=INK, width=0.6),
            1.4,
        )
    )
    return items


def track_items(L: Layout, data: PaleoData, lang: Language) -> list[Item]:
    """The round track at (0,0): numbered rounds, two boxes for the dice of each."""
    regular, bold, _ = sheet_fonts(lang)
    rounds = data.dig_site.rounds if data.dig_site else 20
    area = Area(0, 0, L.track.w, L.track.h)
    items = _panel(area, heading(lang.label("round"), lang), bold, lerp(6.6, 8.0, L.t), L.band)
    per_col = math.ceil(rounds / L.track_columns)
    number_w = L.track_number_w
    num_size = min(lerp(6.4, 8.0, L.t), L.track_box / fonts.MM_PER_PT * 0.8)
    for n in range(rounds):
        x, y, col_w = track_row_origin(L, n, rounds)
        if (n % per_col) % 2 == 0:
            items.append(Rect(x, y, col_w, L.track_row, Style(fill=ZEBRA)))
        items.append(
            centred(x, y, number_w, L.track_row, str(n + 1), bold, num_size, colour=ACCENT)
        )
        for b in track_boxes(L, n, rounds):  # the two boxes centred in the rest of the row
            items.append(Rect(b.x, b.y, b.w, b.h, Style(fill=WHITE, stroke=INK, width=0.3), 0.6))
    return items


def key_items(L: Layout, data: PaleoData, lang: Language) -> list[Item]:
    """The dice key at (0,0): a column naming the rows, then per face its die (pips and
    numeral), its two pentominoes and a strip of its dig type."""
    regular, bold, _ = sheet_fonts(lang)
    area = Area(0, 0, L.key.w, L.key.h)
    title = heading(lang.label("dice_key"), lang)
    head_size = lerp(6.6, 8.0, L.t)
    items = _panel(area, title, bold, head_size, L.band)
    # The hint beside the title, right-aligned in the band.
    title_w = fonts.text_width_mm(bold, title, items[-1].size)  # type: ignore[union-attr]
    hint = lang.label("dice_key_hint")
    hint_w = area.w - title_w - 9
    hint_size = fit_size(hint, regular, lerp(6.0, 7.2, L.t), hint_w, 4.4)
    cap = fonts.cap_height_mm(regular, hint_size)
    items.append(Text(area.w - 2, 0.3 + (L.band + cap) / 2, hint, regular, hint_size, INK, "right"))
    k = L.dice
    # The rows named in words: which part of a face is the shape, which the dig type.
    size = key_label_size(L.t)
    named = ((k.shapes_y, 5 * k.cell), (k.strip_y - 0.6, k.strip + 1.2))
    for key, (y, h) in zip(KEY_LABELS, named, strict=True):
        items += text_lines(lang.label(key), bold, size, 1.8, y, k.label_w - 1.0, h, ACCENT, 4.2)
    shapes = {p.id: p for p in data.pentominoes}
    patterns = {d.id: d.pattern for d in data.dig_types}
    for i, face in enumerate(data.dice):
        x = k.face_x(i)
        items.append(
            Rect(x, k.top, k.face_w, k.face_h, Style(fill=ZEBRA, stroke=GRID_LINE, width=0.25), 1.2)
        )
        die_w = numbered_die_width(face.face, k.die, bold)
        items += numbered_die(face.face, x + (k.face_w - die_w) / 2, k.die_y, k.die, bold)
        cells = [portrait(shapes[s].cells) for s in face.shapes if s in shapes]
        sizes = [cell_extent(c) for c in cells]
        total_w = sum(cols for _, cols in sizes) + 0.6 * (len(cells) - 1)
        sx = x + (k.face_w - total_w * k.cell) / 2
        for shape, (rows, cols) in zip(cells, sizes, strict=True):
            sy = k.shapes_y + (5 - rows) * k.cell / 2
            items += mini_shape(shape, sx, sy, k.cell, SHAPE_FILL)
            sx += (cols + 0.6) * k.cell
        if face.dig_type in patterns:
            pattern = patterns[face.dig_type]
            items += pattern_swatch(pattern, x + 1.2, k.strip_y, k.face_w - 2.4, k.strip)
    return items


def dig_type_items(L: Layout, data: PaleoData, lang: Language) -> list[Item]:
    """The dig-type key at (0,0): each type's pattern swatch and name."""
    regular, bold, _ = sheet_fonts(lang)
    area = Area(0, 0, L.dig_types.w, L.dig_types.h)
    items = _panel(area, heading(lang.label("dig_types"), lang), bold, lerp(6.6, 8.0, L.t), L.band)
    row = (area.h - L.band - 2.0) / max(1, len(data.dig_types))
    size = min(row - 1.6, 6.4)
    wide = min(size * 1.8, area.w * 0.36)  # a strip, never a die-like square
    text_size = lerp(6.2, 7.6, L.t)
    for i, dig_type in enumerate(data.dig_types):
        y = L.band + 1.0 + i * row
        items += pattern_swatch(dig_type.pattern, 1.8, y + (row - size) / 2, wide, size)
        name = lang.term("dig_types", dig_type.id)
        tx = 1.8 + wide + 1.6
        tw = area.w - tx - 1.8
        items += text_lines(name, regular, text_size, tx, y, tw, row, INK, min_size=4.6)
    return items


def bonus_items(L: Layout, data: PaleoData, lang: Language) -> list[Item]:
    """The bonus panel at (0,0): each bonus with circles to mark, and the star hint."""
    regular, bold, _ = sheet_fonts(lang)
    area = Area(0, 0, L.bonuses.w, L.bonuses.h)
    items = _panel(area, heading(lang.label("bonuses"), lang), bold, lerp(6.6, 8.0, L.t), L.band)
    bonuses = data.dig_site.bonuses if data.dig_site else ()
    hint_h = lerp(6.5, 7.5, L.t)
    row = (area.h - L.band - 1.0 - hint_h) / max(1, len(bonuses))
    r = min(lerp(2.0, 2.6, L.t), row * 0.3)
    text_size = lerp(6.4, 7.6, L.t)
    x0, inner = 2.0, area.w - 4.0
    most = max((b.limit for b in bonuses), default=4)
    circles_w = most * (2 * r + 1.2) - 1.2
    names = [lang.term("bonuses", b.id) for b in bonuses]
    one_line = all(
        fonts.text_width_mm(regular, n, text_size) <= inner - circles_w - 2.0 for n in names
    )
    for i, (bonus, name) in enumerate(zip(bonuses, names, strict=True)):
        y = L.band + 0.6 + i * row
        if i:
            items.append(Line(x0, y, x0 + inner, y, Style(stroke=RULE, width=0.2)))
        if one_line:
            cap = fonts.cap_height_mm(regular, text_size)
            items.append(Text(x0, y + (row + cap) / 2, name, regular, text_size, INK))
            cy, cx0 = y + row / 2, x0 + inner - circles_w + r
            r_row = r
        else:
            # The name on top, the circles below it: 1.2 mm clear of the rules and
            # of the name's descenders.
            text = fitted_text(x0, 0, name, regular, text_size, inner, min_size=4.6)
            cap = fonts.cap_height_mm(regular, text.size)
            baseline = y + 1.3 + cap
            below = baseline - fonts.descent_mm(regular, text.size) + 1.2
            rr = min(r, (y + row - 1.2 - below) / 2)
            items.append(Text(x0, baseline, name, regular, text.size, INK))
            cy, cx0 = below + rr, x0 + rr
            r_row = rr
        for k in range(bonus.limit):
            ring = Style(fill=WHITE, stroke=INK, width=0.35)
            items.append(Circle(cx0 + k * (2 * r_row + 1.2), cy, r_row, ring))
    # The hint: a star covered gives a bonus.
    y = area.h - hint_h - 0.6
    items.append(Line(x0, y, x0 + inner, y, Style(stroke=ACCENT, width=0.3)))
    star_r = min(hint_h * 0.32, 2.4)
    items.append(
        star_path(x0 + star_r, y + hint_h / 2, star_r, Style(fill=STAR_FILL, stroke=INK, width=0.3))
    )
    items += text_lines(
        lang.label("star_hint"),
        regular,
        lerp(6.0, 7.0, L.t),
        x0 + 2 * star_r + 1.4,
        y,
        inner - 2 * star_r - 1.4,
        hint_h,
        INK,
        4.4,
    )
    return items
