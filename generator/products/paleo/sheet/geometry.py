"""Where the parts of a sheet sit: takes the game data and a sheet's size, gives its
:class:`Layout` (grid, round track, dice key, panels) and the boxes inside it (code box,
dice-key rows, fossil-table columns and rows).

Two arrangements: the round track beside the grid and the dice key across the sheet
(wide sheets), or, where the grid alone is too short for twenty writable rounds, the
track beside both the grid and the dice key. Either way the grid starts at the sheet's
left edge and the track ends at its right edge, like the panels below them.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from ....games.paleo.model import PaleoData
from ....layout import fonts
from ....source.lang import Language
from .style import MIN_CELL, PAD, lerp

BOX_W_MIN = 6.2  # mm: a round-track box a digit can be written in
BOX_H_MIN = 5.0
ROW_MIN = BOX_H_MIN + 0.6  # mm: a round's row of the track
CODE_LABEL_TOP = 1.7  # mm from the code box's top to its label's capitals (accents fit)
MAX_TRACK_COLUMNS = 2


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
    track_box: float  # height of a box of the round track
    track_box_w: float
    track_number_w: float  # width of the round numbers' column
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
    dice: KeyGeometry  # the dice key's rows and columns, in the key's own mm


@dataclass(frozen=True)
class KeyGeometry:
    """The dice key, in its own mm from its top left: a column naming the rows, then
    one box per die face with three rows: the die, its two shapes, its dig type."""

    label_w: float  # the naming column, from x 1.2
    face_w: float
    fgap: float  # before each face box
    die: float
    cell: float  # cell of the small pentominoes
    top: float  # top of the face boxes
    die_y: float
    shapes_y: float  # the shapes row is 5 cells tall
    strip_y: float  # the dig type's strip
    strip: float
    height: float  # of the whole key

    def face_x(self, i: int) -> float:
        """Left edge of face box ``i``."""
        return 1.2 + self.label_w + self.fgap + i * (self.face_w + self.fgap)

    @property
    def face_h(self) -> float:
        return self.strip_y + self.strip + 1.0 - self.top


KEY_LABELS = ("dice_key_shape", "dice_key_dig_type")  # the words naming the key's rows


def key_label_size(t: float) -> float:
    """Font size (pt) of the words naming the dice key's rows."""
    return lerp(5.6, 6.8, t)


def key_label_width(lang: Language | None, t: float) -> float:
    """Width of the column naming the key's rows: its longest word fits unshrunk."""
    label_w = lerp(9.0, 13.0, t)
    if lang is None:
        return label_w
    bold, size = fonts.font_for(lang.script, "bold"), key_label_size(t)
    words = (word for key in KEY_LABELS for word in lang.label(key).split())
    return max(label_w, *(fonts.text_width_mm(bold, word, size) + 1.6 for word in words))


def key_geometry(w: float, band: float, t: float, faces: int, label_w: float) -> KeyGeometry:
    """The dice key's rows and columns for a key ``w`` mm wide."""
    faces = max(faces, 1)
    fgap = lerp(1.0, 2.0, t)
    face_w = (w - 2.4 - label_w - faces * fgap) / faces
    die = min(max(face_w * 0.26, 4.6), 7.0)
    cell = min((face_w - 1.6) / 6.6, lerp(2.0, 3.0, t))  # two shapes: up to 3 + 0.6 + 3 cells
    strip = lerp(3.8, 5.0, t)
    top = band + 1.0
    die_y = top + 1.0
    shapes_y = die_y + die + 1.0
    strip_y = shapes_y + 5 * cell + 1.2
    height = strip_y + strip + 1.0 + 1.0
    return KeyGeometry(
        label_w, face_w, fgap, die, cell, top, die_y, shapes_y, strip_y, strip, height
    )


def track_width(columns: int, number_w: float, box_w: float = BOX_W_MIN) -> float:
    """Width of a round track of ``columns`` columns with boxes ``box_w`` wide."""
    return 2.4 + columns * (number_w + 2 * box_w + 0.8 + 1.2) + (columns - 1) * 1.6


def _track_columns(avail: float, rounds: int) -> int | None:
    """Fewest columns whose rows are tall enough in ``avail`` mm; None past the maximum."""
    for columns in range(1, MAX_TRACK_COLUMNS + 1):
        if avail / math.ceil(rounds / columns) >= ROW_MIN:
            return columns
    return None


def _widest_cell(start: float, fits: Callable[[float], bool]) -> float:
    """The largest cell, in 0.01 mm steps from ``start`` down, for which ``fits(cell)``.
    Not a bisection: a smaller cell can need a wider track (a second column)."""
    cell = math.floor(start * 100) / 100
    while cell > 0.01 and not fits(cell):
        cell -= 0.01
    return cell


@dataclass(frozen=True)
class _Measures:
    """The sizes a sheet's layout starts from (they depend on its width only)."""

    rounds: int
    fossils: int
    t: float
    header_h: float
    gap: float
    footer_h: float
    band: float
    number_w: float
    bottom_min: float


def _measures(data: PaleoData, W: float) -> _Measures:
    rules = data.dig_site
    n_fossils = rules.fossils_max if rules else 8
    n_bonuses = len(rules.bonuses) if rules else 4
    t = min(1.0, max(0.0, (W - 125) / 60))  # both two-per-page sheets are at 0
    band = lerp(4.4, 5.4, t)
    fossils_min_h = band + n_fossils * lerp(4.8, 6.6, t) + 1.2
    bonuses_min_h = band + n_bonuses * lerp(7.2, 8.4, t) + lerp(6.0, 7.5, t)
    bottom_min = max(fossils_min_h, bonuses_min_h, band * 2 + 3 * lerp(6.8, 8.5, t) + 16)
    return _Measures(
        rules.rounds if rules else 20,
        n_fossils,
        t,
        lerp(9.5, 14, t),
        lerp(2.0, 3.2, t),
        lerp(3.2, 3.8, t),  # the code below the panels, 1.2 mm clear of them
        band,
        lerp(3.4, 4.4, t),
        bottom_min,
    )


def _plan(
    data: PaleoData, rows: int, cols: int, W: float, H: float, label_w: float
) -> tuple[float, float]:
    """The cell size of each arrangement: track beside the grid (A), track beside the
    grid and the key (B); a cell of 0 where the track would not fit."""
    m = _measures(data, W)
    faces = len(data.dice)
    rest = H - m.header_h - 3 * m.gap - m.bottom_min - m.footer_h  # for the grid and the key

    def key_h(key_w: float) -> float:
        return key_geometry(key_w, m.band, m.t, faces, label_w).height

    def fits_a(cell: float) -> bool:
        columns = _track_columns(rows * cell - m.band - 1.6, m.rounds)
        return columns is not None and cols * cell + m.gap + track_width(columns, m.number_w) <= W

    cell_a = _widest_cell(min((rest - key_h(W)) / rows, W / cols), fits_a)
    cell_w = (W - m.gap - track_width(1, m.number_w)) / cols
    cell_b = min(cell_w, (rest - key_h(cols * cell_w)) / rows)
    track_h = rows * cell_b + m.gap + key_h(cols * cell_b)
    tall = (track_h - m.band - 1.6) / m.rounds >= ROW_MIN
    return max(cell_a, 0.0), max(cell_b, 0.0) if tall else 0.0


def grid_cell(data: PaleoData, rows: int, cols: int, w: float, h: float) -> float:
    """The largest grid cell a sheet of w x h mm can have (0 if none)."""
    W = w - 2 * PAD
    label_w = key_label_width(None, _measures(data, W).t)
    return max(_plan(data, rows, cols, W, h - 2 * PAD, label_w))


def sheet_layout(
    data: PaleoData,
    rows: int,
    cols: int,
    w: float,
    h: float,
    min_cell: float = MIN_CELL,
    lang: Language | None = None,
) -> Layout:
    """Place the parts of a sheet in (0,0)-(w,h); ValueError if the grid cells would be
    smaller than ``min_cell``. ``lang`` widens the dice key's naming column to its words
    (without it, the narrowest: the cells are then never larger than with it)."""
    x0, y0, W, H = PAD, PAD, w - 2 * PAD, h - 2 * PAD
    m = _measures(data, W)
    t, gap, band, number_w = m.t, m.gap, m.band, m.number_w
    label_w = key_label_width(lang, t)
    cell_a, cell_b = _plan(data, rows, cols, W, H, label_w)
    beside_key = cell_a < min_cell and cell_b > cell_a
    cell = cell_b if beside_key else cell_a
    if cell < min_cell or cell <= 0:
        raise ValueError(
            f"the {rows}x{cols} grid does not fit a {w:g} x {h:g} mm sheet: cells would be "
            f"{cell:.1f} mm, at least {min_cell:g} mm are needed"
        )
    grid_w, grid_h = cols * cell, rows * cell
    header = Area(x0, y0, W, m.header_h)
    y = y0 + m.header_h + gap
    grid = Area(x0, y, grid_w, grid_h)
    key_w = grid_w if beside_key else W
    dice = key_geometry(key_w, band, t, len(data.dice), label_w)
    kh = dice.height
    key = Area(x0, y + grid_h + gap, key_w, kh)
    track_h = grid_h + gap + kh if beside_key else grid_h
    track = Area(x0 + grid_w + gap, y, W - grid_w - gap, track_h)
    # As many columns as fit (a wide track reads better as a table than as wide rows).
    avail = track_h - band - 1.6
    columns = _track_columns(avail, m.rounds) or 1
    while columns < MAX_TRACK_COLUMNS and track_width(columns + 1, number_w) <= track.w:
        columns += 1
    track_row = avail / math.ceil(m.rounds / columns)
    track_box = min(track_row - 0.6, lerp(6.0, 6.8, t))
    col_w = (track.w - 2.4 - (columns - 1) * 1.6) / columns
    track_box_w = min(track_box * 1.6, (col_w - number_w - 0.8 - 1.2) / 2)
    y += grid_h + gap + kh + gap
    footer_y = y0 + H
    bottom_h = footer_y - m.footer_h - y
    widths = (W - 2 * gap) * 0.35, (W - 2 * gap) * 0.37, (W - 2 * gap) * 0.28
    fossils = Area(x0, y, widths[0], bottom_h)
    bonuses = Area(x0 + widths[0] + gap, y, widths[1], bottom_h)
    right = x0 + widths[0] + widths[1] + 2 * gap
    types_h = band + 1.0 + 3 * lerp(6.8, 8.5, t) + 1.0
    dig_types = Area(right, y, widths[2], types_h)
    total = Area(right, y + types_h + gap, widths[2], bottom_h - types_h - gap)
    fossil_row = min((bottom_h - band - 1.2) / m.fossils, 8.0)
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
        track_box_w,
        number_w,
        key,
        fossils,
        bonuses,
        dig_types,
        total,
        footer_y,
        band,
        m.fossils,
        fossil_row,
        gap,
        dice,
    )


def track_row_origin(L: Layout, n: int, rounds: int) -> tuple[float, float, float]:
    """x, y (in the track's own mm) and width of the row of round ``n`` (from 0)."""
    per_col = math.ceil(rounds / L.track_columns)
    col_w = (L.track.w - 2.4 - (L.track_columns - 1) * 1.6) / L.track_columns
    col, row = divmod(n, per_col)
    return 1.2 + col * (col_w + 1.6), L.band + 0.8 + row * L.track_row, col_w


def track_boxes(L: Layout, n: int, rounds: int) -> tuple[Area, Area]:
    """The two dice boxes of round ``n`` (from 0), in the track's own mm."""
    x, y, col_w = track_row_origin(L, n, rounds)
    box, box_w, number_w = L.track_box, L.track_box_w, L.track_number_w
    bx = x + number_w + (col_w - number_w - 2 * box_w - 0.8) / 2  # centred in the row's rest
    by = y + (L.track_row - box) / 2
    return Area(bx, by, box_w, box), Area(bx + box_w + 0.8, by, box_w, box)


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
    top = box.y + CODE_LABEL_TOP + fonts.cap_height_mm(bold, lerp(5.4, 6.2, L.t)) + 0.6
    return top, box.y + box.h - top - 0.6
