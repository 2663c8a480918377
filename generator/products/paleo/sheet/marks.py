"""Drawing primitives of a pad sheet, in mm from (0,0): dig-type pattern fills and
swatches, die faces, stars, bones, polyomino outlines and fossils, mini shapes, and the
small cell-set helpers (portrait turn, extent, signature) they are placed with."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from ....draw.shapes import Circle, Group, Item, Path, Rect, Style, Text, Transform
from ....games.paleo.model import Cell, Pattern
from ....layout import fonts
from .style import BONE, FOSSIL_EDGE, FOSSIL_FILL, INK, NO_STYLE, WHITE, centred


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


def pattern_swatch(
    pattern: Pattern, x: float, y: float, size: float, height: float | None = None
) -> list[Item]:
    """A sample of the pattern, ``size`` mm wide and ``height`` (default: as wide) tall,
    top left at (x, y): square-cornered like a grid cell, so it never reads as a die."""
    h = size if height is None else height
    return [
        Rect(x, y, size, h, Style(fill=WHITE)),
        Group(pattern_items(pattern, size, h), Transform(dx=x, dy=y)),
        Rect(x, y, size, h, Style(stroke=INK, width=0.3)),
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
    """A die showing ``face`` (pips up to six, else the number), top left at (x, y)."""
    items: list[Item] = [
        Rect(x, y, size, size, Style(fill=WHITE, stroke=INK, width=0.4), radius=size * 0.18)
    ]
    if face in PIPS:
        r = size * 0.085
        items += [Circle(x + px * size, y + py * size, r, Style(fill=INK)) for px, py in PIPS[face]]
    else:  # a die with more faces than pips we draw: its number
        items.append(centred(x, y, size, size, str(face), font, size * 1.6))
    return items


def _numeral(face: int, size: float, font: str) -> tuple[float, float, float]:
    """The numeral beside a die of ``size`` mm: its font size, its width, the gap before it."""
    points = 0.72 * size / fonts.cap_height_mm(font, 1.0)  # its capitals 72% of the die
    return points, fonts.text_width_mm(font, str(face), points), max(1.2, size * 0.2)


def numbered_die_width(face: int, size: float, font: str) -> float:
    """Width of :func:`numbered_die`: the die, a gap, the numeral."""
    _, width, gap = _numeral(face, size, font)
    return size + gap + width


def numbered_die(face: int, x: float, y: float, size: float, font: str) -> list[Item]:
    """A die showing ``face`` and, to its right, its number as a numeral (so a face
    reads the same to someone who counts pips and to someone who reads digits)."""
    points, _, gap = _numeral(face, size, font)
    cap = fonts.cap_height_mm(font, points)
    numeral = Text(x + size + gap, y + (size + cap) / 2, str(face), font, points, INK)
    return [*die_face(face, x, y, size, font), numeral]


def star_path(cx: float, cy: float, r: float, style: Style) -> Path:
    """A five-pointed star of outer radius ``r`` centred on (cx, cy)."""
    points = []
    for k in range(10):
        a = math.radians(-90 + 36 * k)
        rr = r if k % 2 == 0 else r * 0.42
        points.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return Path.polygon(points, style)


def bone(x1: float, y1: float, x2: float, y2: float, t: float, colour: str) -> list[Item]:
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
        items += bone(cx - d, cy + d, cx + d, cy - d, t, BONE)
    for a, b in links:
        (x1, y1), (x2, y2) = centre[a], centre[b]
        items += bone(x1, y1, x2, y2, t, BONE)
    return items


def mini_shape(cells: Iterable[Cell], x: float, y: float, size: float, fill: str) -> list[Item]:
    """A shape as small filled squares of ``size`` mm, top left at (x, y)."""
    style = Style(fill=fill, stroke=INK, width=0.2)
    return [Rect(x + c * size, y + r * size, size, size, style) for r, c in sorted(cells)]


def portrait(cells: Iterable[Cell]) -> frozenset[Cell]:
    """The shape turned (mirrored on the diagonal) so it is at least as tall as wide."""
    cells = frozenset(cells)
    rows = 1 + max(r for r, _ in cells)
    cols = 1 + max(c for _, c in cells)
    return cells if rows >= cols else frozenset((c, r) for r, c in cells)


def signature(cells: Iterable[Cell]) -> str:
    """A short name of a shape (cells from (0,0)): its width and its cells as a bit mask."""
    cells = list(cells)
    width = 1 + max(c for _, c in cells)
    return f"{width}x{sum(1 << (r * width + c) for r, c in cells):x}"


def cell_extent(cells: Iterable[Cell]) -> tuple[int, int]:
    """Rows and columns a shape (cells from (0,0)) spans."""
    cells = list(cells)
    return 1 + max(r for r, _ in cells), 1 + max(c for _, c in cells)
