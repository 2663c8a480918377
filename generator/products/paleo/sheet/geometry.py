"""Where the parts of a sheet sit: takes the game data and a sheet's size, gives its
:class:`Layout` (grid, round track, dice key, panels) and the boxes inside it (code box,
fossil-table columns and rows)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from ....games.paleo.model import PaleoData
from ....layout import fonts
from .style import MIN_CELL, PAD, lerp


@dataclass(frozen=True)
class Area:
    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True)
class Layout:
    """Where each part of a sheet sits, in the sheet's millimetres."""

    w: float
    h: float
    t: float  # 0 for a narrow sheet (two per page) .. 1 for a full page
    rows: int
    cols: int
    cell: float
    header: Area
    grid: Area
    track: Area
    track_columns: int
    track_row: float
    track_box: float
    key: Area
    fossils: Area
    bonuses: Area
    dig_types: Area
    total: Area
    footer_y: float
    band: float  # height of a panel's heading band
    fossil_rows: int
    fossil_row: float
    gap: float


def sheet_layout(
    data: PaleoData, rows: int, cols: int, w: float, h: float, min_cell: float = MIN_CELL
) -> Layout:
    """Place the parts of a sheet in (0,0)-(w,h); ValueError if the grid cells would be
    smaller than ``min_cell``."""
    rules = data.dig_site
    rounds = rules.rounds if rules else 20
    n_fossils = rules.fossils_max if rules else 8
    n_bonuses = len(rules.bonuses) if rules else 4
    x0, y0, W, H = PAD, PAD, w - 2 * PAD, h - 2 * PAD
    t = min(1.0, max(0.0, (W - 110) / 75))
    header_h = lerp(9.5, 14, t)
    gap = lerp(2.0, 3.2, t)
    footer_h = lerp(2.4, 3.2, t)
    band = lerp(4.4, 5.4, t)
    key_h = _key_height(W, band, t, len(data.dice))
    fossil_min = lerp(4.8, 6.6, t)
    fossils_min_h = band + n_fossils * fossil_min + 1.2
    bonuses_min_h = band + n_bonuses * lerp(7.2, 8.4, t) + lerp(6.0, 7.5, t)
    bottom_min = max(fossils_min_h, bonuses_min_h, band * 2 + 3 * lerp(6.8, 8.5, t) + 16)
    fixed = header_h + 3 * gap + key_h + bottom_min + footer_h
    cell_h = (H - fixed) / rows

    def track_fit(cell: float) -> tuple[float, int, float, float]:
        """Width of the round track beside a grid of this cell size, its columns,
        row height and box size."""
        avail = rows * cell - band - 1.6
        columns = 1
        while avail / math.ceil(rounds / columns) < 4.3 and columns < rounds:
            columns += 1
        row = avail / math.ceil(rounds / columns)
        box = min(row - 0.7, 6.4)
        col_w = 4.4 + 2 * box + 1.4
        return 2.4 + columns * col_w + (columns - 1) * 1.6, columns, row, box

    # The largest cell (in 0.01 mm steps) for which grid, gap and track fit the width.
    # Not a bisection: a smaller cell can need a wider track (a second column).
    cell_w = math.floor(W / cols * 100) / 100
    while cell_w > 0.01 and cols * cell_w + gap + track_fit(cell_w)[0] > W:
        cell_w -= 0.01
    cell = min(cell_w, cell_h)
    if cell < min_cell:
        raise ValueError(
            f"the {rows}x{cols} grid does not fit a {w:g} x {h:g} mm sheet: cells would be "
            f"{cell:.1f} mm, at least {min_cell:g} mm are needed"
        )
    track_w, columns, track_row, track_box = track_fit(cell)
    grid_w, grid_h = cols * cell, rows * cell
    header = Area(x0, y0, W, header_h)
    y = y0 + header_h + gap
    # When the height limits the cells, the grid and the track are centred as a block.
    track_w = min(track_w * 1.12, W - grid_w - gap)
    left = x0 + (W - grid_w - gap - track_w) / 2
    grid = Area(left, y, grid_w, grid_h)
    track = Area(left + grid_w + gap, y, track_w, grid_h)
    y += grid_h + gap
    key = Area(x0, y, W, key_h)
    y += key_h + gap
    footer_y = y0 + H
    bottom_h = footer_y - footer_h - y
    widths = (W - 2 * gap) * 0.35, (W - 2 * gap) * 0.37, (W - 2 * gap) * 0.28
    fossils = Area(x0, y, widths[0], bottom_h)
    bonuses = Area(x0 + widths[0] + gap, y, widths[1], bottom_h)
    right = x0 + widths[0] + widths[1] + 2 * gap
    types_h = band + 1.0 + 3 * lerp(6.8, 8.5, t) + 1.0
    dig_types = Area(right, y, widths[2], types_h)
    total = Area(right, y + types_h + gap, widths[2], bottom_h - types_h - gap)
    fossil_row = min((bottom_h - band - 1.2) / n_fossils, 8.0)
    return Layout(
        w,
        h,
        t,
        rows,
        cols,
        cell,
        header,
        grid,
        track,
        columns,
        track_row,
        track_box,
        key,
        fossils,
        bonuses,
        dig_types,
        total,
        footer_y,
        band,
        n_fossils,
        fossil_row,
        gap,
    )


def key_geometry(W: float, band: float, t: float, faces: int) -> tuple[float, float, float, float]:
    """Dice key: width of a face box, gap between boxes, die size, pentomino cell size."""
    faces = max(faces, 1)
    fgap = lerp(1.2, 2.0, t)
    face_w = (W - 2.4 - (faces - 1) * fgap) / faces
    die = min(max(face_w * 0.26, 4.6), 7.0)
    cell = min((face_w - 2.4) / 7, lerp(2.0, 3.0, t))
    return face_w, fgap, die, cell


def _key_height(W: float, band: float, t: float, faces: int) -> float:
    face_w, _, die, cell = key_geometry(W, band, t, faces)
    return band + 1.0 + (1.0 + die + 1.2 + 5 * cell + 1.0) + 1.0


def code_box_width(L: Layout) -> float:
    """Width of the code box at the right of the header."""
    return min(max(L.header.w * 0.34, 40.0), 60.0)


def code_box(L: Layout) -> Area:
    """The code box: the right end of the header."""
    w = code_box_width(L)
    return Area(L.header.x + L.header.w - w, L.header.y, w, L.header.h)


def fossil_columns(L: Layout) -> tuple[float, float, float, float]:
    """x (sheet mm) of: label badge centre, mini shape start, value centre, bonus centre."""
    a = L.fossils
    inner = a.w - 3.0
    badge = a.x + 1.5 + inner * 0.08
    shape = a.x + 1.5 + inner * 0.18
    value = a.x + 1.5 + inner * 0.52
    bonus = a.x + 1.5 + inner * 0.81
    return badge, shape, value, bonus


def fossil_column_width(L: Layout) -> float:
    """Width of the value and bonus columns (their headings fit in it)."""
    _, _, value_x, bonus_x = fossil_columns(L)
    return min(bonus_x - value_x, (L.fossils.x + L.fossils.w - bonus_x) * 2) - 0.6


def fossil_row_top(L: Layout, i: int) -> float:
    """Top (sheet mm) of row ``i`` of the fossil table."""
    return L.fossils.y + L.band + 0.5 + i * L.fossil_row


def code_line(L: Layout, bold: str) -> tuple[float, float]:
    """Top and height of the line the code is written on, in the code box."""
    box = code_box(L)
    top = box.y + 1.2 + fonts.cap_height_mm(bold, lerp(5.4, 6.2, L.t)) + 0.6
    return top, box.y + box.h - top - 0.6
