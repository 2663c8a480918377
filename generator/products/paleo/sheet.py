"""The Paleontologists dig-site score sheet: how one sheet draws itself, and the pad.

A sheet is laid out in its own millimetres (0,0)-(w,h). Everything that is the same
on every sheet of a pad (frame, grid, dice key, dig-type key, bonus area, round
track, labels) is drawn once as :class:`Form` objects and placed with :class:`Use`,
so a PDF of a thousand sheets stores it once; only what varies (code, difficulty,
fossils, stars, the fossil scoring rows) is drawn per sheet.
"""

from __future__ import annotations

import hashlib
import math
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from ...draw.shapes import (
    Box,
    Circle,
    Form,
    Group,
    Item,
    Line,
    Page,
    Path,
    Rect,
    Style,
    Text,
    Transform,
    Use,
)
from ...games.paleo.model import Cell, DigSite, PaleoData, Pattern
from ...layout import fonts
from ...layout.text import TextOverflow, fit_size, fitted_text, wrap
from ...source.lang import Language

INK = "#2b1d12"
ACCENT = "#7a4a22"  # headings, frames of the panels
BAND = "#efe5cf"  # heading bands, light parchment
ZEBRA = "#f7f1e3"  # every other row of the round track
GRID_LINE = "#a59d92"
FOSSIL_FILL = "#eee0c0"
FOSSIL_EDGE = "#6b4a2b"
BONE = "#c4a470"
STAR_FILL = "#f8e7a8"
WHITE = "#ffffff"
NO_STYLE = Style()

PAD = 3.0  # mm: everything stays this far inside the sheet's box
MIN_CELL = 8.0  # mm: smallest grid cell a pencil can fill comfortably
MARGIN = 10.0  # mm: page margin of a pad
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
DIFFICULTY_PIPS = {"easy": 1, "medium": 2, "hard": 3}
CROP = Style(stroke="#000000", width=0.2)


def _lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def _fonts(lang: Language) -> tuple[str, str, str]:
    return (
        fonts.font_for(lang.script, "regular"),
        fonts.font_for(lang.script, "bold"),
        fonts.font_for(lang.script, "display"),
    )


def _heading(text: str, lang: Language) -> str:
    return text.upper() if lang.script == "latin" else text


def _centred(
    x: float,
    y: float,
    w: float,
    h: float,
    text: str,
    font: str,
    size: float,
    min_size: float | None = None,
    colour: str = INK,
) -> Text:
    """Text fitted to ``w`` and centred (both ways, on its capitals) in the box x,y,w,h."""
    fitted = fitted_text(x + w / 2, 0, text, font, size, w, min_size, colour, "center")
    cap = fonts.cap_height_mm(font, fitted.size)
    return Text(fitted.x, y + (h + cap) / 2, text, font, fitted.size, colour, "center")


# ------------------------------------------------------------------------ patterns


def pattern_items(pattern: Pattern, w: float, h: float, ink: str = INK) -> tuple[Item, ...]:
    """A dig type's fill pattern covering the box (0,0)-(w,h), clipped to it.

    chevrons: rows of V marks; hatch: parallel diagonal lines (rising to the right);
    dots: a grid of dots. ``spacing`` is the distance between repeats (for hatch,
    between the lines), ``weight`` the line width or dot diameter, both in mm. Marks
    and dots are spread to fill the box with whole repeats (the spacing changes by
    at most half a repeat over the box).
    """
    s, weight = pattern.spacing, pattern.weight
    items: list[Item] = []
    if pattern.kind == "hatch":
        step = s * math.sqrt(2)  # horizontal step for a perpendicular spacing of s
        commands: list[tuple] = []
        x = -h + ((w + h) % step) / 2
        while x <= w:
            commands += [("M", x, h), ("L", x + h, 0.0)]
            x += step
        if commands:
            items.append(Path(tuple(commands), Style(stroke=ink, width=weight)))
    elif pattern.kind == "chevrons":
        half, depth = s * 0.36, s * 0.3
        commands = []
        nx, ny = max(1, round(w / s)), max(1, round(h / s))
        sx, sy = w / nx, h / ny  # stretch slightly so whole marks fill the box
        for row in range(ny):
            cy = (row + 0.5) * sy - depth / 2
            for col in range(nx):
                cx = (col + 0.5) * sx
                commands += [("M", cx - half, cy), ("L", cx, cy + depth), ("L", cx + half, cy)]
        items.append(Path(tuple(commands), Style(stroke=ink, width=weight)))
    elif pattern.kind == "dots":
        nx, ny = max(1, round(w / s)), max(1, round(h / s))
        sx, sy = w / nx, h / ny
        dot = Style(fill=ink)
        for row in range(ny):
            for col in range(nx):
                items.append(Circle((col + 0.5) * sx, (row + 0.5) * sy, weight / 2, dot))
    else:  # the loader only accepts the three kinds above
        raise ValueError(f"unknown pattern kind {pattern.kind!r}")
    return (Group(tuple(items), clip=Rect(0, 0, w, h, NO_STYLE)),)


def pattern_swatch(pattern: Pattern, x: float, y: float, size: float) -> list[Item]:
    return [
        Rect(x, y, size, size, Style(fill=WHITE), radius=0.8),
        Group(pattern_items(pattern, size, size), Transform(dx=x, dy=y)),
        Rect(x, y, size, size, Style(stroke=INK, width=0.35), radius=0.8),
    ]


# ------------------------------------------------------------------------ glyphs


PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.74, 0.26), (0.26, 0.74)],
    3: [(0.74, 0.26), (0.5, 0.5), (0.26, 0.74)],
    4: [(0.26, 0.26), (0.74, 0.26), (0.26, 0.74), (0.74, 0.74)],
    5: [(0.26, 0.26), (0.74, 0.26), (0.5, 0.5), (0.26, 0.74), (0.74, 0.74)],
    6: [(0.27, 0.24), (0.73, 0.24), (0.27, 0.5), (0.73, 0.5), (0.27, 0.76), (0.73, 0.76)],
}


def die_face(face: int, x: float, y: float, size: float, font: str) -> list[Item]:
    items: list[Item] = [
        Rect(x, y, size, size, Style(fill=WHITE, stroke=INK, width=0.4), radius=size * 0.18)
    ]
    if face in PIPS:
        r = size * 0.085
        items += [Circle(x + px * size, y + py * size, r, Style(fill=INK)) for px, py in PIPS[face]]
    else:  # a die with more faces than pips we draw: its number
        items.append(_centred(x, y, size, size, str(face), font, size * 1.6))
    return items


def star_path(cx: float, cy: float, r: float, style: Style) -> Path:
    points = []
    for k in range(10):
        a = math.radians(-90 + 36 * k)
        rr = r if k % 2 == 0 else r * 0.42
        points.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return Path.polygon(points, style)


def _bone(x1: float, y1: float, x2: float, y2: float, t: float, colour: str) -> list[Item]:
    """A bone from (x1,y1) to (x2,y2): a shaft of thickness t with two knobs at each end."""
    length = math.hypot(x2 - x1, y2 - y1)
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    px, py = -uy * t / 2, ux * t / 2
    fill = Style(fill=colour)
    items: list[Item] = [
        Path.polygon(
            [(x1 + px, y1 + py), (x2 + px, y2 + py), (x2 - px, y2 - py), (x1 - px, y1 - py)], fill
        )
    ]
    knob = t * 0.62
    for ex, ey, sign in ((x1, y1, 1), (x2, y2, -1)):
        bx, by = ex + sign * ux * knob * 0.35, ey + sign * uy * knob * 0.35
        items.append(Circle(bx + px * 0.9, by + py * 0.9, knob, fill))
        items.append(Circle(bx - px * 0.9, by - py * 0.9, knob, fill))
    return items


def cell_outline(
    cells: Iterable[Cell], size: float, inset: float
) -> list[list[tuple[float, float]]]:
    """The outline loops of a polyomino (cells of ``size`` mm), moved ``inset`` mm inwards.

    Clockwise on the page (y down); a hole gives a loop of its own. (Cells touching
    only at a corner, impossible in a fossil of up to four cells, may join loops.)
    """
    cells = set(cells)
    edges: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for r, c in cells:
        sides = (
            ((r - 1, c), (c, r), (c + 1, r)),  # top: left to right
            ((r, c + 1), (c + 1, r), (c + 1, r + 1)),  # right: downwards
            ((r + 1, c), (c + 1, r + 1), (c, r + 1)),  # bottom: right to left
            ((r, c - 1), (c, r + 1), (c, r)),  # left: upwards
        )
        for neighbour, start, end in sides:
            if neighbour not in cells:
                edges.setdefault(start, []).append(end)
    loops = []
    while edges:
        start = min(edges)
        loop = [start]
        point = start
        while True:
            nxt = edges[point].pop()
            if not edges[point]:
                del edges[point]
            if nxt == start:
                break
            loop.append(nxt)
            point = nxt
        # keep corners only
        corners = []
        n = len(loop)
        for i in range(n):
            (ax, ay), (bx, by), (cx, cy) = loop[i - 1], loop[i], loop[(i + 1) % n]
            if (bx - ax) * (cy - by) - (by - ay) * (cx - bx) != 0:
                corners.append(loop[i])
        # move inwards: the inner normal of a clockwise edge (dx, dy) is (-dy, dx)
        n = len(corners)
        moved = []
        for i in range(n):
            (ax, ay), (bx, by), (cx, cy) = corners[i - 1], corners[i], corners[(i + 1) % n]
            d1 = (_sign(bx - ax), _sign(by - ay))
            d2 = (_sign(cx - bx), _sign(cy - by))
            nx, ny = -d1[1] - d2[1], d1[0] + d2[0]
            moved.append((bx * size + nx * inset, by * size + ny * inset))
        loops.append(moved)
    return loops


def _sign(v: float) -> int:
    return (v > 0) - (v < 0)


def _rounded(points: Sequence[tuple[float, float]], radius: float) -> list[tuple]:
    """Path commands of a closed polygon with its corners rounded."""
    n = len(points)
    k = 0.5523  # cubic approximation of a quarter circle
    corners = []
    for i in range(n):
        (ax, ay), (bx, by), (cx, cy) = points[i - 1], points[i], points[(i + 1) % n]
        la, lc = math.hypot(ax - bx, ay - by), math.hypot(cx - bx, cy - by)
        r = min(radius, la / 2, lc / 2)
        p = (bx + (ax - bx) * r / la, by + (ay - by) * r / la)
        q = (bx + (cx - bx) * r / lc, by + (cy - by) * r / lc)
        corners.append((p, (bx, by), q))
    commands: list[tuple] = [("M", *corners[0][0])]
    for i, (p, b, q) in enumerate(corners):
        if i:
            commands.append(("L", *p))
        c1 = (p[0] + (b[0] - p[0]) * k, p[1] + (b[1] - p[1]) * k)
        c2 = (q[0] + (b[0] - q[0]) * k, q[1] + (b[1] - q[1]) * k)
        commands.append(("C", *c1, *c2, *q))
    commands.append(("Z",))
    return commands


def fossil_shape(cells: Sequence[Cell], size: float, edge: float) -> list[Item]:
    """A fossil: a rounded outline around its cells, shaded, with bones inside."""
    inset = size * 0.1
    style = Style(fill=FOSSIL_FILL, stroke=FOSSIL_EDGE, width=edge)
    items: list[Item] = [
        Path(tuple(_rounded(loop, size * 0.3)), style) for loop in cell_outline(cells, size, inset)
    ]
    t = size * 0.13
    centre = {cell: ((cell[1] + 0.5) * size, (cell[0] + 0.5) * size) for cell in cells}
    # The bones join the cells along a spanning tree: a small skeleton.
    seen, links, queue = {cells[0]}, [], [cells[0]]
    while queue:
        r, c = queue.pop(0)
        for nb in ((r, c + 1), (r + 1, c), (r, c - 1), (r - 1, c)):
            if nb in centre and nb not in seen:
                seen.add(nb)
                links.append(((r, c), nb))
                queue.append(nb)
    if not links:
        (cx, cy), d = centre[cells[0]], size * 0.22
        items += _bone(cx - d, cy + d, cx + d, cy - d, t, BONE)
    for a, b in links:
        (x1, y1), (x2, y2) = centre[a], centre[b]
        items += _bone(x1, y1, x2, y2, t, BONE)
    return items


def mini_shape(cells: Iterable[Cell], x: float, y: float, size: float, fill: str) -> list[Item]:
    style = Style(fill=fill, stroke=INK, width=0.2)
    return [Rect(x + c * size, y + r * size, size, size, style) for r, c in sorted(cells)]


def portrait(cells: Iterable[Cell]) -> frozenset[Cell]:
    """The shape turned (mirrored on the diagonal) so it is at least as tall as wide."""
    cells = frozenset(cells)
    rows = 1 + max(r for r, _ in cells)
    cols = 1 + max(c for _, c in cells)
    return cells if rows >= cols else frozenset((c, r) for r, c in cells)


def _signature(cells: Iterable[Cell]) -> str:
    """A short name of a shape (cells from (0,0)): its width and its cells as a bit mask."""
    cells = list(cells)
    width = 1 + max(c for _, c in cells)
    return f"{width}x{sum(1 << (r * width + c) for r, c in cells):x}"


def cell_extent(cells: Iterable[Cell]) -> tuple[int, int]:
    cells = list(cells)
    return 1 + max(r for r, _ in cells), 1 + max(c for _, c in cells)


# ------------------------------------------------------------------------ layout


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
    header_h = _lerp(9.5, 14, t)
    gap = _lerp(2.0, 3.2, t)
    footer_h = _lerp(2.4, 3.2, t)
    band = _lerp(4.4, 5.4, t)
    key_h = _key_height(W, band, t, len(data.dice))
    fossil_min = _lerp(4.8, 6.6, t)
    fossils_min_h = band + n_fossils * fossil_min + 1.2
    bonuses_min_h = band + n_bonuses * _lerp(7.2, 8.4, t) + _lerp(6.0, 7.5, t)
    bottom_min = max(fossils_min_h, bonuses_min_h, band * 2 + 3 * _lerp(6.8, 8.5, t) + 16)
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
    types_h = band + 1.0 + 3 * _lerp(6.8, 8.5, t) + 1.0
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


def _key_geometry(W: float, band: float, t: float, faces: int) -> tuple[float, float, float, float]:
    """Dice key: width of a face box, gap between boxes, die size, pentomino cell size."""
    faces = max(faces, 1)
    fgap = _lerp(1.2, 2.0, t)
    face_w = (W - 2.4 - (faces - 1) * fgap) / faces
    die = min(max(face_w * 0.26, 4.6), 7.0)
    cell = min((face_w - 2.4) / 7, _lerp(2.0, 3.0, t))
    return face_w, fgap, die, cell


def _key_height(W: float, band: float, t: float, faces: int) -> float:
    face_w, _, die, cell = _key_geometry(W, band, t, faces)
    return band + 1.0 + (1.0 + die + 1.2 + 5 * cell + 1.0) + 1.0


# ------------------------------------------------------------------------ static parts


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


def _frame_items(L: Layout, data: PaleoData, lang: Language) -> list[Item]:
    """Header, grid, panels and their titles, fossil table, total box, footer."""
    regular, bold, display = _fonts(lang)
    t = L.t
    head_size = _lerp(6.6, 8.0, t)
    items: list[Item] = []
    # Header: title and the code box (the code itself is drawn per sheet).
    hd = L.header
    code_w = _code_box_width(L)
    title = lang.term("games", "paleontologists")
    bone_w = hd.h * 0.9
    thick = hd.h * 0.16
    reach = 1.1 * thick  # how far the knobs stand out beyond the bone's end points
    items += _bone(
        hd.x + reach, hd.y + hd.h * 0.72, hd.x + bone_w - reach, hd.y + hd.h * 0.28, thick, ACCENT
    )
    title_x = hd.x + bone_w + 1.6
    title_text = fitted_text(
        0, 0, title, display, _lerp(24, 30, t), hd.x + hd.w - code_w - 3 - title_x, min_size=12
    )
    cap = fonts.cap_height_mm(display, title_text.size)
    items.append(Text(title_x, hd.y + (hd.h + cap) / 2, title, display, title_text.size, INK))
    box = code_box(L)
    items.append(Rect(box.x, box.y, box.w, box.h, Style(fill=BAND, stroke=ACCENT, width=0.45), 1.6))
    label = _heading(lang.label("sheet_code"), lang)
    small = fitted_text(0, 0, label, bold, _lerp(5.4, 6.2, t), box.w * 0.5, min_size=4.5)
    items.append(
        Text(
            box.x + 2,
            box.y + 1.2 + fonts.cap_height_mm(bold, small.size),
            label,
            bold,
            small.size,
            ACCENT,
        )
    )
    # Grid: thin cell lines, a bold frame.
    g = L.grid
    thin = Style(stroke=GRID_LINE, width=0.22)
    items.append(Rect(g.x, g.y, g.w, g.h, Style(fill=WHITE)))
    for r in range(1, L.rows):
        items.append(Line(g.x, g.y + r * L.cell, g.x + g.w, g.y + r * L.cell, thin))
    for c in range(1, L.cols):
        items.append(Line(g.x + c * L.cell, g.y, g.x + c * L.cell, g.y + g.h, thin))
    items.append(Rect(g.x, g.y, g.w, g.h, Style(stroke=INK, width=0.7)))
    # Panels (their contents come from their own forms, or per sheet).
    _, _, value_x, _ = _fossil_columns(L)
    title_w = value_x - _fossil_column_width(L) / 2 - L.fossils.x - 2.5
    title = _heading(lang.label("fossils"), lang)
    items += _panel(L.fossils, title, bold, head_size, L.band, title_w)
    items += _fossil_table_frame(L, lang)
    items += _total_items(L, lang)
    return items


def _code_box_width(L: Layout) -> float:
    return min(max(L.header.w * 0.34, 40.0), 60.0)


def code_box(L: Layout) -> Area:
    w = _code_box_width(L)
    return Area(L.header.x + L.header.w - w, L.header.y, w, L.header.h)


def _fossil_columns(L: Layout) -> tuple[float, float, float, float]:
    """x (sheet mm) of: label badge centre, mini shape start, value centre, bonus centre."""
    a = L.fossils
    inner = a.w - 3.0
    badge = a.x + 1.5 + inner * 0.08
    shape = a.x + 1.5 + inner * 0.18
    value = a.x + 1.5 + inner * 0.52
    bonus = a.x + 1.5 + inner * 0.81
    return badge, shape, value, bonus


def _fossil_column_width(L: Layout) -> float:
    """Width of the value and bonus columns (their headings fit in it)."""
    _, _, value_x, bonus_x = _fossil_columns(L)
    return min(bonus_x - value_x, (L.fossils.x + L.fossils.w - bonus_x) * 2) - 0.6


def _fossil_row_top(L: Layout, i: int) -> float:
    return L.fossils.y + L.band + 0.5 + i * L.fossil_row


def _fossil_table_frame(L: Layout, lang: Language) -> list[Item]:
    regular, bold, _ = _fonts(lang)
    a = L.fossils
    _, _, value_x, bonus_x = _fossil_columns(L)
    colhead = L.band
    y = a.y + 0.3
    size = _lerp(5.6, 6.8, L.t)
    col_w = _fossil_column_width(L)
    items: list[Item] = [
        _centred(
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
        _centred(
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
    rule = Style(stroke="#d8ccb4", width=0.2)
    for i in range(1, L.fossil_rows):
        ry = _fossil_row_top(L, i)
        items.append(Line(a.x + 1.5, ry, a.x + a.w - 1.5, ry, rule))
    return items


def _total_items(L: Layout, lang: Language) -> list[Item]:
    _, bold, display = _fonts(lang)
    a = L.total
    items: list[Item] = [
        Rect(a.x, a.y, a.w, a.h, Style(fill=BAND, stroke=ACCENT, width=0.45), 1.6),
    ]
    label = _heading(lang.label("total"), lang)
    size = _lerp(8, 10, L.t)
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


def _track_items(L: Layout, data: PaleoData, lang: Language) -> list[Item]:
    """The round track at (0,0): numbered rounds, two boxes for the dice of each."""
    regular, bold, _ = _fonts(lang)
    rounds = data.dig_site.rounds if data.dig_site else 20
    area = Area(0, 0, L.track.w, L.track.h)
    items = _panel(area, _heading(lang.label("round"), lang), bold, _lerp(6.6, 8.0, L.t), L.band)
    per_col = math.ceil(rounds / L.track_columns)
    col_w = (area.w - 2.4 - (L.track_columns - 1) * 1.6) / L.track_columns
    box = L.track_box
    box_w = min(box * 1.35, (col_w - 5.0 - 1.4) / 2)
    num_size = min(_lerp(6.4, 8.0, L.t), box / fonts.MM_PER_PT * 0.8)
    for n in range(rounds):
        col, row = divmod(n, per_col)
        x = 1.2 + col * (col_w + 1.6)
        y = L.band + 0.8 + row * L.track_row
        if row % 2 == 0:
            items.append(Rect(x, y, col_w, L.track_row, Style(fill=ZEBRA)))
        items.append(_centred(x, y, 4.4, L.track_row, str(n + 1), bold, num_size, colour=ACCENT))
        bx = x + 4.4 + (col_w - 4.4 - 2 * box_w - 0.8) / 2
        by = y + (L.track_row - box) / 2
        for k in range(2):
            items.append(
                Rect(
                    bx + k * (box_w + 0.8),
                    by,
                    box_w,
                    box,
                    Style(fill=WHITE, stroke=INK, width=0.3),
                    0.6,
                )
            )
    return items


def _key_items(L: Layout, data: PaleoData, lang: Language) -> list[Item]:
    """The dice key at (0,0): per face its pips, its two pentominoes and its dig type."""
    regular, bold, _ = _fonts(lang)
    area = Area(0, 0, L.key.w, L.key.h)
    title = _heading(lang.label("dice_key"), lang)
    head_size = _lerp(6.6, 8.0, L.t)
    items = _panel(area, title, bold, head_size, L.band)
    # The hint beside the title, right-aligned in the band.
    title_w = fonts.text_width_mm(bold, title, items[-1].size)  # type: ignore[union-attr]
    hint = lang.label("dice_key_hint")
    hint_w = area.w - title_w - 9
    hint_size = fit_size(hint, regular, _lerp(6.0, 7.2, L.t), hint_w, 4.4)
    cap = fonts.cap_height_mm(regular, hint_size)
    items.append(Text(area.w - 2, 0.3 + (L.band + cap) / 2, hint, regular, hint_size, INK, "right"))
    face_w, fgap, die, cell = _key_geometry(L.key.w, L.band, L.t, len(data.dice))
    shapes = {p.id: p for p in data.pentominoes}
    patterns = {d.id: d.pattern for d in data.dig_types}
    top = L.band + 1.0
    face_h = area.h - top - 1.0
    for i, face in enumerate(data.dice):
        x = 1.2 + i * (face_w + fgap)
        items.append(
            Rect(x, top, face_w, face_h, Style(fill=ZEBRA, stroke=GRID_LINE, width=0.25), 1.2)
        )
        items += die_face(face.face, x + 1.2, top + 1.0, die, bold)
        if face.dig_type in patterns:
            items += pattern_swatch(patterns[face.dig_type], x + face_w - 1.2 - die, top + 1.0, die)
        cells = [portrait(shapes[s].cells) for s in face.shapes if s in shapes]
        sizes = [cell_extent(c) for c in cells]
        total_w = sum(cols for _, cols in sizes) + (len(cells) - 1)
        sx = x + (face_w - total_w * cell) / 2
        area_top = top + 1.0 + die + 1.2
        for shape, (rows, cols) in zip(cells, sizes, strict=True):
            sy = area_top + (5 - rows) * cell / 2
            items += mini_shape(shape, sx, sy, cell, "#d9c39a")
            sx += (cols + 1) * cell
    return items


def _dig_type_items(L: Layout, data: PaleoData, lang: Language) -> list[Item]:
    regular, bold, _ = _fonts(lang)
    area = Area(0, 0, L.dig_types.w, L.dig_types.h)
    items = _panel(
        area, _heading(lang.label("dig_types"), lang), bold, _lerp(6.6, 8.0, L.t), L.band
    )
    row = (area.h - L.band - 2.0) / max(1, len(data.dig_types))
    size = min(row - 1.2, 7.0)
    text_size = _lerp(6.2, 7.6, L.t)
    for i, dig_type in enumerate(data.dig_types):
        y = L.band + 1.0 + i * row
        items += pattern_swatch(dig_type.pattern, 1.8, y + (row - size) / 2, size)
        name = lang.term("dig_types", dig_type.id)
        tx, tw = 1.8 + size + 1.6, area.w - size - 5.0
        items += _text_lines(name, regular, text_size, tx, y, tw, row, INK, min_size=4.6)
    return items


def _text_lines(
    text: str,
    font: str,
    size: float,
    x: float,
    y: float,
    w: float,
    h: float,
    colour: str,
    min_size: float,
) -> list[Item]:
    """Text in the box x,y,w,h (vertically centred): one line, or two if it must wrap."""
    for s in _sizes(size, min_size):
        if fonts.text_width_mm(font, text, s) <= w:
            cap = fonts.cap_height_mm(font, s)
            return [Text(x, y + (h + cap) / 2, text, font, s, colour)]
        try:
            lines = wrap(text, font, s, w)
        except TextOverflow:
            continue
        lead = s * fonts.MM_PER_PT * 1.12
        if len(lines) == 2 and lead + fonts.cap_height_mm(font, s) <= h:
            cap = fonts.cap_height_mm(font, s)
            first = y + (h - lead + cap) / 2
            return [
                Text(x, first + k * lead, line, font, s, colour) for k, line in enumerate(lines)
            ]
    raise TextOverflow(f"{text!r} does not fit {w:.1f} x {h:.1f} mm at {min_size:g} pt or more")


def _sizes(size: float, min_size: float) -> Iterator[float]:
    s = size
    while s >= min_size - 1e-9:
        yield s
        s -= 0.2


def _bonus_items(L: Layout, data: PaleoData, lang: Language) -> list[Item]:
    regular, bold, _ = _fonts(lang)
    area = Area(0, 0, L.bonuses.w, L.bonuses.h)
    items = _panel(area, _heading(lang.label("bonuses"), lang), bold, _lerp(6.6, 8.0, L.t), L.band)
    bonuses = data.dig_site.bonuses if data.dig_site else ()
    hint_h = _lerp(6.5, 7.5, L.t)
    row = (area.h - L.band - 1.0 - hint_h) / max(1, len(bonuses))
    r = min(_lerp(2.0, 2.6, L.t), row * 0.3)
    text_size = _lerp(6.4, 7.6, L.t)
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
            items.append(Line(x0, y, x0 + inner, y, Style(stroke="#d8ccb4", width=0.2)))
        if one_line:
            cap = fonts.cap_height_mm(regular, text_size)
            items.append(Text(x0, y + (row + cap) / 2, name, regular, text_size, INK))
            cy, cx0 = y + row / 2, x0 + inner - circles_w + r
        else:
            text = fitted_text(x0, 0, name, regular, text_size, inner, min_size=4.6)
            cap = fonts.cap_height_mm(regular, text.size)
            items.append(Text(x0, y + 0.8 + cap, name, regular, text.size, INK))
            cy = y + 0.8 + cap + (row - 0.8 - cap) / 2
            cx0 = x0 + r
        for k in range(bonus.limit):
            items.append(
                Circle(cx0 + k * (2 * r + 1.2), cy, r, Style(fill=WHITE, stroke=INK, width=0.35))
            )
    # The hint: a star covered gives a bonus.
    y = area.h - hint_h - 0.6
    items.append(Line(x0, y, x0 + inner, y, Style(stroke=ACCENT, width=0.3)))
    star_r = min(hint_h * 0.32, 2.4)
    items.append(
        star_path(x0 + star_r, y + hint_h / 2, star_r, Style(fill=STAR_FILL, stroke=INK, width=0.3))
    )
    items += _text_lines(
        lang.label("star_hint"),
        regular,
        _lerp(6.0, 7.0, L.t),
        x0 + 2 * star_r + 1.4,
        y,
        inner - 2 * star_r - 1.4,
        hint_h,
        INK,
        4.4,
    )
    return items


# ------------------------------------------------------------------------ forms


class SheetParts:
    """The layout of sheets of one size and every form they draw with.

    The static parts are made at once; the small drawings sheets differ by (a fossil
    of a given shape, a label badge, a value ring, a star, a difficulty badge) are
    made as forms the first time a sheet needs them, so each is stored once per PDF.
    """

    def __init__(self, data: PaleoData, lang: Language, layout: Layout, tag: str) -> None:
        self.data, self.lang, self.layout, self.tag = data, lang, layout, tag
        self.fonts = _fonts(lang)
        L = layout
        forms = [
            (Form(f"paleo-frame-{tag}", tuple(_frame_items(L, data, lang))), 0.0, 0.0),
            (Form(f"paleo-rounds-{tag}", tuple(_track_items(L, data, lang))), L.track.x, L.track.y),
            (Form(f"paleo-key-{tag}", tuple(_key_items(L, data, lang))), L.key.x, L.key.y),
            (
                Form(f"paleo-digtypes-{tag}", tuple(_dig_type_items(L, data, lang))),
                L.dig_types.x,
                L.dig_types.y,
            ),
            (
                Form(f"paleo-bonuses-{tag}", tuple(_bonus_items(L, data, lang))),
                L.bonuses.x,
                L.bonuses.y,
            ),
        ]
        self.uses: tuple[Use, ...] = tuple(Use(form, dx, dy) for form, dx, dy in forms)
        self._glyphs: dict[str, Form] = {}
        # Glyph forms get short names: a page lists every form it uses by name.
        self.short = hashlib.sha256(tag.encode()).hexdigest()[:6]

    def glyph(self, kind: str, key: object, make: Callable[[], Iterable[Item]]) -> Form:
        name = f"pg-{kind}{key}-{self.short}"
        form = self._glyphs.get(name)
        if form is None:
            form = self._glyphs[name] = Form(name, tuple(make()))
        return form

    # the glyphs ----------------------------------------------------------
    def fossil(self, cells: tuple[Cell, ...]) -> Form:
        """A fossil of this shape (cells from (0,0)) at the grid's cell size."""
        sig = _signature(cells)
        return self.glyph("f", sig, lambda: fossil_shape(cells, self.layout.cell, 0.5))

    def disc(self, radius: float, fill: str, stroke: str | None, where: str) -> Form:
        style = Style(fill=fill, stroke=stroke, width=0.35)
        return self.glyph("d", where, lambda: [Circle(0, 0, radius, style)])

    def badge(self, letter: str, cx: float, cy: float, radius: float, where: str) -> list[Item]:
        """A fossil's label: a dark disc with the letter in white, centred on (cx, cy)."""
        bold = self.fonts[1]
        size = radius * 1.45 / fonts.MM_PER_PT
        return [
            Use(self.disc(radius, FOSSIL_EDGE, None, where), cx, cy),
            _centred(
                cx - radius,
                cy - radius,
                2 * radius,
                2 * radius,
                letter,
                bold,
                size,
                min_size=size * 0.6,
                colour=WHITE,
            ),
        ]

    def rings(self, value: int, bonus: int, radius: float, dx: float) -> Form:
        """A fossil's value and, ``dx`` to the right, its bonus, each in a circle to
        mark; centred on (0,0)."""
        bold = self.fonts[1]
        size = radius * 1.25 / fonts.MM_PER_PT
        ring = Style(fill=WHITE, stroke=INK, width=0.35)

        def make() -> list[Item]:
            items: list[Item] = []
            for x, text in ((0.0, str(value)), (dx, f"+{bonus}")):
                items.append(Circle(x, 0, radius, ring))
                items.append(
                    _centred(
                        x - radius,
                        -radius,
                        2 * radius,
                        2 * radius,
                        text,
                        bold,
                        size,
                        min_size=size * 0.6,
                        colour=INK,
                    )
                )
            return items

        return self.glyph("v", f"{value}b{bonus}", make)

    def mini(self, cells: tuple[Cell, ...], size: float) -> Form:
        sig = _signature(cells)
        return self.glyph("m", sig, lambda: mini_shape(cells, 0, 0, size, FOSSIL_FILL))

    def star(self) -> Form:
        style = Style(fill=STAR_FILL, stroke=INK, width=0.4)
        return self.glyph("s", "", lambda: [star_path(0, 0, self.layout.cell * 0.3, style)])

    def difficulty(self, level: str) -> Form:
        """The difficulty in the code box: its name and one to three filled pips."""
        return self.glyph("l", level, lambda: _difficulty_items(level, self))


_PARTS: OrderedDict[tuple, SheetParts] = OrderedDict()
_PARTS_KEPT = 16


def _digest(data: PaleoData, lang: Language) -> str:
    """A short stable fingerprint of what the static parts show (for unique form names)."""
    parts = [
        repr(sorted((p.id, sorted(p.cells)) for p in data.pentominoes)),
        repr([(d.id, d.pattern) for d in data.dig_types]),
        repr([(f.face, f.shapes, f.dig_type) for f in data.dice]),
        repr(
            (data.dig_site.rounds, data.dig_site.fossils_max, data.dig_site.bonuses)
            if data.dig_site
            else None
        ),
        repr(sorted(lang.labels.items())),
        repr(sorted(lang.names.items())),
    ]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:8]


def sheet_parts(
    data: PaleoData, lang: Language, w: float, h: float, rows: int, cols: int
) -> SheetParts:
    """The layout and the forms of sheets of this size, made once and cached."""
    key = (id(data), id(lang), w, h, rows, cols)
    parts = _PARTS.get(key)
    if parts is not None and parts.data is data and parts.lang is lang:
        _PARTS.move_to_end(key)
        return parts
    layout = sheet_layout(data, rows, cols, w, h)
    tag = f"{lang.code}-{w:g}x{h:g}-{rows}x{cols}-{_digest(data, lang)}"
    parts = _PARTS[key] = SheetParts(data, lang, layout, tag)
    while len(_PARTS) > _PARTS_KEPT:
        _PARTS.popitem(last=False)
    return parts


# ------------------------------------------------------------------------ one sheet


def sheet_items(
    site: DigSite, data: PaleoData, lang: Language, w: float, h: float
) -> tuple[Item, ...]:
    """One score sheet drawn in the box (0,0)-(w,h) mm."""
    parts = sheet_parts(data, lang, w, h, site.rows, site.cols)
    L = parts.layout
    if len(site.fossils) > L.fossil_rows:
        raise ValueError(
            f"sheet {site.code} has {len(site.fossils)} fossils, but the scoring area has "
            f"{L.fossil_rows} rows (fossils_per_sheet max in dig_site.yaml)"
        )
    regular, bold, _ = parts.fonts
    items: list[Item] = list(parts.uses)
    # The code, prominently in its box, and the difficulty.
    box = code_box(L)
    code_top, code_h = _code_line(L, bold)
    items.append(
        _centred(
            box.x + 2,
            code_top,
            box.w - 4,
            code_h,
            site.code,
            bold,
            min(_lerp(13, 17, L.t), code_h / fonts.MM_PER_PT * 1.05),
            min_size=7,
            colour=INK,
        )
    )
    items.append(Use(parts.difficulty(site.difficulty), box.x + box.w, box.y))
    # Fossils and stars, on top of the grid.
    g, cell = L.grid, L.cell
    radius = min(max(cell * 0.16, 1.6), 2.4)
    for fossil in site.fossils:
        top = min(r for r, _ in fossil.cells)
        left = min(c for _, c in fossil.cells)
        cells = tuple(sorted((r - top, c - left) for r, c in fossil.cells))
        items.append(Use(parts.fossil(cells), g.x + left * cell, g.y + top * cell))
        r, c = min(fossil.cells)
        offset = cell * 0.1 + radius + 0.35
        x, y = g.x + c * cell + offset, g.y + r * cell + offset
        items += parts.badge(fossil.id, x, y, radius, "g")
    for r, c in site.stars:
        items.append(Use(parts.star(), g.x + (c + 0.5) * cell, g.y + (r + 0.52) * cell))
    items += _fossil_rows(site, L, parts)
    size = _lerp(5.5, 6.5, L.t)
    baseline = L.footer_y + fonts.descent_mm(regular, size)  # descenders stay inside
    items.append(
        fitted_text(
            L.w - PAD,
            baseline,
            site.code,
            regular,
            size,
            L.w / 2,
            min_size=4.5,
            colour=ACCENT,
            align="right",
        )
    )
    return tuple(items)


def _code_line(L: Layout, bold: str) -> tuple[float, float]:
    """Top and height of the line the code is written on, in the code box."""
    box = code_box(L)
    top = box.y + 1.2 + fonts.cap_height_mm(bold, _lerp(5.4, 6.2, L.t)) + 0.6
    return top, box.y + box.h - top - 0.6


def _difficulty_items(level: str, parts: SheetParts) -> list[Item]:
    """Drawn from the code box's top right corner (0,0) leftwards."""
    L, lang = parts.layout, parts.lang
    regular, bold, _ = parts.fonts
    pips = DIFFICULTY_PIPS.get(level, 0)
    pip_r = _lerp(0.75, 0.9, L.t)
    top = 1.2
    label_cap = fonts.cap_height_mm(bold, _lerp(5.4, 6.2, L.t))
    px = -2 - pip_r
    items: list[Item] = []
    for k in range(3):
        filled = 3 - k <= pips
        style = Style(fill=ACCENT if filled else WHITE, stroke=ACCENT, width=0.25)
        items.append(Circle(px - k * (2 * pip_r + 0.7), top + label_cap / 2, pip_r, style))
    key = f"difficulty_{level}"
    text = lang.label(key) if key in lang.labels else level
    right = px - 2 * (2 * pip_r + 0.7) - pip_r - 1.0
    items.append(
        fitted_text(
            right,
            top + label_cap,
            text,
            regular,
            _lerp(5.4, 6.2, L.t),
            code_box(L).w * 0.4,
            min_size=4.5,
            colour=ACCENT,
            align="right",
        )
    )
    return items


def _fossil_rows(site: DigSite, L: Layout, parts: SheetParts) -> list[Item]:
    badge_x, shape_x, value_x, bonus_x = _fossil_columns(L)
    row = L.fossil_row
    radius = min(row * 0.32, 2.3)
    circle_r = min(row * 0.4, 3.0)
    items: list[Item] = []
    for i, fossil in enumerate(site.fossils):
        cy = _fossil_row_top(L, i) + row / 2
        items += parts.badge(fossil.id, badge_x, cy, radius, "t")
        # The fossil's shape, small, so it is easy to find on the grid.
        top = min(r for r, _ in fossil.cells)
        left = min(c for _, c in fossil.cells)
        cells = tuple(sorted((r - top, c - left) for r, c in fossil.cells))
        rows, cols = cell_extent(cells)
        mini = min((row - 1.4) / max(rows, cols), 2.0)
        items.append(Use(parts.mini(cells, mini), shape_x, cy - rows * mini / 2))
        rings = parts.rings(fossil.value, fossil.bonus, circle_r, bonus_x - value_x)
        items.append(Use(rings, value_x, cy))
    return items


# ------------------------------------------------------------------------ the pad


def pad_pages(
    sites: Iterable[DigSite], data: PaleoData, lang: Language, paper: str, per_page: int = 1
) -> Iterator[Page]:
    """The pages of a pad, made one at a time (a pad can hold a thousand sheets).

    per_page 1: one sheet per portrait page inside 10 mm margins (the page is its trim
    box). per_page 2: landscape pages, two sheets side by side, each in one half.
    Bad arguments, and a grid too large for the sheets, raise ValueError at once.
    """
    if paper not in PAPERS:
        raise ValueError(f"unknown paper {paper!r}, expected one of: {', '.join(PAPERS)}")
    if per_page not in (1, 2):
        raise ValueError(f"--per-page must be 1 or 2, not {per_page}")
    if data.dig_site is not None:
        _check_fits(data, data.dig_site.rows, data.dig_site.cols, paper, per_page)
    return _pad_pages(iter(sites), data, lang, paper, per_page)


def sheet_box(paper: str, per_page: int) -> tuple[float, float, float, float]:
    """Page width and height, and the size of each sheet on it, in mm."""
    short, long = PAPERS[paper]
    if per_page == 1:
        return short, long, short - 2 * MARGIN, long - 2 * MARGIN
    return long, short, long / 2 - 2 * MARGIN, short - 2 * MARGIN


def _pad_pages(
    sites: Iterator[DigSite], data: PaleoData, lang: Language, paper: str, per_page: int
) -> Iterator[Page]:
    game = lang.term("games", "paleontologists")
    pw, ph, sw, sh = sheet_box(paper, per_page)
    checked: set[tuple[int, int]] = set()
    while True:
        batch = [site for _, site in zip(range(per_page), sites, strict=False)]
        if not batch:
            return
        for site in batch:
            if (site.rows, site.cols) not in checked:
                _check_fits(data, site.rows, site.cols, paper, per_page)
                checked.add((site.rows, site.cols))
        items: list[Item] = []
        for k, site in enumerate(batch):
            x = MARGIN + k * pw / 2
            items.append(Group(sheet_items(site, data, lang, sw, sh), Transform(dx=x, dy=MARGIN)))
        if per_page == 2:
            items += _middle_marks(pw, ph)
        codes = " / ".join(site.code for site in batch)
        yield Page(
            pw,
            ph,
            tuple(items),
            trim=Box(0, 0, pw, ph) if per_page == 1 else None,
            label=f"{game} · {codes}",
        )


def _check_fits(data: PaleoData, rows: int, cols: int, paper: str, per_page: int) -> None:
    _, _, w, h = sheet_box(paper, per_page)
    try:
        sheet_layout(data, rows, cols, w, h)
    except ValueError:
        cell = _cell_size(data, rows, cols, w, h)
        raise ValueError(
            f"--per-page {per_page} does not fit a {rows}x{cols} dig site on {paper} paper: "
            f"cells would be {cell:.1f} mm, at least {MIN_CELL:g} mm are needed"
        ) from None


def _cell_size(data: PaleoData, rows: int, cols: int, w: float, h: float) -> float:
    """The cell size a sheet of w x h would get (what sheet_layout refuses below MIN_CELL)."""
    try:
        return max(0.0, sheet_layout(data, rows, cols, w, h, min_cell=-math.inf).cell)
    except ValueError:
        return 0.0


def _middle_marks(pw: float, ph: float) -> list[Item]:
    """Crop marks in the top and bottom margins where the two sheets are cut apart."""
    x = pw / 2
    return [Line(x, 2.0, x, 7.0, CROP), Line(x, ph - 7.0, x, ph - 2.0, CROP)]
