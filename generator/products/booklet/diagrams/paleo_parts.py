"""The Paleontologists pieces the diagrams show: the overview's real sheet, fragments
of the dig-site grid with shapes dug in their dig type, fossils, a fossil's value and
bonus circled. Takes the game data and a :class:`Context`; gives items in mm."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from ....draw.shapes import Circle, Group, Item, Line, Path, Rect, Style, Transform
from ....games.paleo.model import Cell, DigSite, FossilTemplate, PaleoData, Pattern
from ....games.paleo.pads import PadGenerator
from ....layout import fonts as fontlib
from ...paleo import sheet as psheet
from ..typeset import ACCENT, INK
from .callouts import NO_STYLE, WHITE, Context, callout_ring, centred_on, check_mark, cross_mark

PALEO = "paleontologists"
RULE = psheet.RULE  # thin separating rules, as on the sheets
GRID_LINE = psheet.GRID_LINE


def paleo_data(ctx: Context) -> PaleoData:
    return ctx.data.game(PALEO)


_SITES: dict[int, tuple[PaleoData, DigSite]] = {}


def overview_site(p: PaleoData) -> DigSite:
    """The sheet the overview shows: a real one, PadGenerator(data).sheet("medium", 1)."""
    kept = _SITES.get(id(p))
    if kept is None or kept[0] is not p:
        kept = _SITES[id(p)] = (p, PadGenerator(p).sheet("medium", 1))
    return kept[1]


def paleo_fonts(ctx: Context) -> tuple[str, str]:
    return ctx.fonts.regular, ctx.fonts.bold


def dig_patterns(p: PaleoData) -> dict[str, Pattern]:
    return {t.id: t.pattern for t in p.dig_types}


def fill_cells(
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


def grid_fragment(x: float, y: float, rows: int, cols: int, cell: float) -> list[Item]:
    """A fragment of the dig-site grid: white, with thin cell lines (its sides are drawn
    afterwards by :func:`grid_edges`, over the shapes)."""
    items: list[Item] = [Rect(x, y, cols * cell, rows * cell, Style(fill=WHITE))]
    thin = psheet.GRID_STYLE
    for r in range(1, rows):
        items.append(Line(x, y + r * cell, x + cols * cell, y + r * cell, thin))
    for c in range(1, cols):
        items.append(Line(x + c * cell, y, x + c * cell, y + rows * cell, thin))
    return items


def grid_edges(
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


def fossil_at(cells: Sequence[Cell], x: float, y: float, cell: float) -> Group:
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    rel = tuple(sorted((r - top, c - left) for r, c in cells))
    return Group(
        tuple(psheet.fossil_shape(rel, cell, 0.45)),
        Transform(dx=x + left * cell, dy=y + top * cell),
    )


def value_rings(
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
        items.append(centred_on(x, cy, text, bold, size, INK))
    items.append(callout_ring(cx, cy, r + 0.8, ACCENT, 0.55))
    if bonus_earned:
        items.append(callout_ring(cx + dx, cy, r + 0.8, ACCENT, 0.55))
        items.append(check_mark(cx + dx + r + 3.4, cy, 3.2))
    else:
        items.append(cross_mark(cx + dx, cy, r * 1.5))
    return items


def rings_width(r: float) -> float:
    return 2 * r + 3.0 + r + 3.4 + 1.6 + r  # left edge of value to the mark's right


def pair_template(p: PaleoData) -> FossilTemplate | None:
    templates = p.dig_site.templates if p.dig_site else ()
    return next((t for t in templates if len(t.cells) == 2), templates[0] if templates else None)
