"""Gutter-fold sheets, for printers without duplex: fronts on the left half of a landscape
sheet, their backs on the right half, mirrored about the fold in the middle.

Folding the sheet along the middle (printed sides out) puts the back of every component
exactly behind its front: the back of the component whose trim spans x..x+w on the left
sits at 2*fold - x - w on the right, at the same height, upright (a piece turned a
quarter on the sheet has its back turned the other way: see :meth:`FoldGrid.placing`).

One side is printed, so nothing drifts between a piece and its back: the sheet packs
tighter than a duplex one (templates/sheets.yaml, ``gutter_fold``). Pieces may touch
their neighbours (no gap: one cut separates them, the bleed only round the outside of
the grid), may be turned a quarter, and crop marks are shortened to what the margin
holds (at least :data:`MARK_MIN` mm). A dashed fold line and its label run down the
gutter between the halves, at least :data:`FOLD_CLEAR` mm from any bleed; the 50 mm
calibration bar and the page label are as on duplex sheets (:mod:`.sheets`).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence

from ..draw.shapes import Group, Item, Line, Page, Rect, Style, Transform
from . import fonts
from .sheets import (
    MARK_COLOUR,
    Box,
    Component,
    Footer,
    Grid,
    LayoutError,
    PrintOptions,
    SheetSpec,
    as_groups,
    component_size,
    crop_marks,
    footer_items,
    layout_sheets,
    load_sheet_spec,
    mark_area,
    plan_grid,
    sheets_of,
)
from .sheetspec import FoldPacking
from .text import fitted_text

GUTTER_FOLD = "gutter-fold"
LAYOUTS = ("duplex", GUTTER_FOLD)
FOLD_CLEAR = 5.0  # mm: the fold line stays at least this far from any bleed
MARK_CLEAR = 2.0  # mm: crop marks stop this far short of the fold (and its label)
MARK_MIN = 2.0  # mm: the shortest crop mark a gutter-fold sheet keeps room for
FOLD_STYLE = Style(stroke=MARK_COLOUR, width=0.25, dash=(2.0, 1.5))
LABEL_SIZE = 7.0  # pt


@dataclasses.dataclass(frozen=True)
class FoldGrid(Grid):
    """The fronts' grid on the left half of a gutter-fold sheet: ``gap`` mm between
    columns, ``gap_down`` between rows (0 where pieces touch); ``turn``: each piece
    turned a quarter clockwise (its cell is then ``size.height`` wide);
    ``by_column``: consecutive pieces go down a column, not along a row (pieces that
    touch only down: a run of alike pieces a column long fills a column)."""

    gap_down: float = 0.0
    turn: bool = False
    by_column: bool = False

    @property
    def cell(self) -> tuple[float, float]:
        """The width and height a piece takes on the sheet."""
        w, h = self.size.width, self.size.height
        return (h, w) if self.turn else (w, h)

    @property
    def extent(self) -> tuple[float, float]:
        """The width and height of the whole grid of fronts."""
        cw, ch = self.cell
        return (
            self.cols * cw + (self.cols - 1) * self.gap,
            self.rows * ch + (self.rows - 1) * self.gap_down,
        )

    def place(self, index: int) -> tuple[int, int]:
        """The row and column of piece ``index``."""
        if self.by_column:
            col, row = divmod(index, self.rows)
            return row, col
        return divmod(index, self.cols)

    def slot(self, index: int) -> tuple[float, float]:
        row, col = self.place(index)
        cw, ch = self.cell
        return self.x0 + col * (cw + self.gap), self.y0 + row * (ch + self.gap_down)

    def mirrored(self, x: float) -> float:
        """x of the same piece's back, mirrored about the fold in the middle."""
        return self.paper[0] - x - self.cell[0]

    def placing(self, x: float, y: float, back: bool) -> Transform:
        """Where a piece's own coordinates go, its cell at x, y on the sheet.

        Not turned: as it is. Turned, the front a quarter clockwise: (u, v) -> (x + h - v,
        y + u); its back a quarter anticlockwise: (u, v) -> (x + v, y + w - u). Folding
        takes (X, Y) of the backs half behind (2*fold - X, Y): the back's point (u, v)
        lands behind the front's (w - u, v), so the back reads upright when the piece is
        turned over about its own upright axis, as a duplex sheet's backs do.
        """
        if not self.turn:
            return Transform(dx=x, dy=y)
        w, h = self.size.width, self.size.height
        if back:
            return Transform(dx=x, dy=y + w, rotate=-90)
        return Transform(dx=x + h, dy=y, rotate=90)


def landscape(spec: SheetSpec) -> SheetSpec:
    """The sheet layouts turned a quarter: papers and their common area are landscape."""
    papers = {name: (h, w) for name, (w, h) in spec.papers.items()}
    return dataclasses.replace(spec, papers=papers, common=(spec.common[1], spec.common[0]))


def plan_gutter(spec: SheetSpec, component: str, options: PrintOptions) -> FoldGrid:
    """The grid of fronts on the left half of a landscape sheet (``spec`` as given, portrait).

    Beyond the printable margin each half keeps room for the bleed and a crop mark of
    :data:`MARK_MIN` mm; on the fold side for the bleed and :data:`FOLD_CLEAR` mm to the
    fold (where such a mark also fits, :data:`MARK_CLEAR` mm short of the fold). The
    grid is centred in what is left, the same on A4 and Letter (their common area).
    """
    land = landscape(spec)
    size, marks = component_size(land, component, options)
    pack = spec.gutter_fold.get(component, FoldPacking())
    mark_room = spec.mark_offset + MARK_MIN if marks else 0.0
    outer = size.bleed + mark_room
    inner = size.bleed + max(FOLD_CLEAR, mark_room + MARK_CLEAR)
    common_w, common_h = land.common
    avail_w = common_w / 2 - spec.printable - outer - inner
    avail_h = common_h - 2 * (spec.printable + outer) - spec.footer
    grid = FoldGrid(
        land.papers[options.paper], size, 0, 0, 0.0, 0.0,
        0.0 if pack.across else size.gap, 0.0 if pack.down else size.gap, pack.turn,
        pack.down and not pack.across,
    )  # fmt: skip
    cw, ch = grid.cell
    cols = math.floor((avail_w + grid.gap) / (cw + grid.gap))
    rows = math.floor((avail_h + grid.gap_down) / (ch + grid.gap_down))
    if cols < 1 or rows < 1:
        raise LayoutError(
            f"a {size.width:g} x {size.height:g} mm {component} with {size.bleed:g} mm bleed "
            f"does not fit on half of a {common_w:g} x {common_h:g} mm gutter-fold sheet"
        )
    grid = dataclasses.replace(grid, cols=cols, rows=rows)
    grid_w, grid_h = grid.extent
    paper_w, paper_h = grid.paper
    left = paper_w / 2 - common_w / 2 + spec.printable + outer
    top = (paper_h - common_h) / 2 + spec.printable + outer
    return dataclasses.replace(
        grid, x0=left + (avail_w - grid_w) / 2, y0=top + (avail_h - grid_h) / 2
    )


def _sheet_mark_area(spec: SheetSpec, paper: tuple[float, float]) -> Box:
    """Where a gutter-fold sheet's crop marks may go: across, the printable width of
    the paper itself (longer marks on A4); down, as on every sheet (:func:`mark_area`)."""
    _, ay, _, ah = mark_area(landscape(spec), paper)
    return spec.printable, ay, paper[0] - 2 * spec.printable, ah


def side_items(
    sheet: Sequence[Component], grid: FoldGrid, back: bool, spec: SheetSpec, area: Box | None
) -> list[Item]:
    """One half of a sheet: the fronts at their cells, or (``back``) the backs at the
    mirrored cells; with crop marks inside ``area`` unless it is None.

    Where pieces touch, each is clipped to its cell on the sides toward the neighbours
    drawn before it (left and above, in either fill order), and draws its bleed under
    those drawn after it: every piece covers its own cell (as the kit's grounds do), so
    the cut between two pieces is exact and no hairline shows between them on screen.
    """
    cw, ch = grid.cell
    b = grid.size.bleed
    touch_x, touch_y = grid.gap == 0, grid.gap_down == 0
    items: list[Item] = []
    boxes: list[Box] = []
    for index, comp in enumerate(sheet):
        row, col = grid.place(index)
        x, y = grid.slot(index)
        # the bleed left and above the cell on the fronts half (0: a neighbour drawn before)
        left = 0.0 if touch_x and col > 0 else b
        top = 0.0 if touch_y and row > 0 else b
        right = bottom = b
        art = comp.front
        if back:
            x, art, left, right = grid.mirrored(x), comp.back or (), right, left
        placed = Group(tuple(art), grid.placing(x, y, back))
        if comp.contained and min(left, right, top, bottom) == b:
            items.append(placed)
        else:
            clip = Rect(x - left, y - top, cw + left + right, ch + top + bottom, Style())
            items.append(Group((placed,), Transform(), clip))
        boxes.append((x, y, cw, ch))
    if area is not None:
        items += crop_marks(boxes, b, spec, area)
    return items


def fold_items(spec: SheetSpec, grid: FoldGrid, text: str, font: str) -> list[Item]:
    """The dashed fold line down the middle of the gutter, broken for its label, which
    reads upwards along it, centred on the grid's height; solid ticks at both ends."""
    land = landscape(spec)
    _, ay, _, ah = mark_area(land, grid.paper)
    fold = grid.paper[0] / 2
    grid_h = grid.extent[1]
    middle = grid.y0 + grid_h / 2
    # Crop marks stop MARK_CLEAR mm short of the fold, so the label may run past them.
    label = fitted_text(0, 0, text, font, LABEL_SIZE, min(grid_h, 110.0), 4.5, MARK_COLOUR)
    half = fonts.text_width_mm(font, text, label.size) / 2 + 1.5
    cap = fonts.cap_height_mm(font, label.size)
    top, bottom = ay, ay + ah
    solid = Style(stroke=MARK_COLOUR, width=0.25)
    items: list[Item] = [
        Line(fold, top, fold, top + 5, solid),
        Line(fold, bottom - 5, fold, bottom, solid),
        Line(fold, top + 5, fold, middle - half, FOLD_STYLE),
        Line(fold, middle + half, fold, bottom - 5, FOLD_STYLE),
        Group(
            (dataclasses.replace(label, x=0.0, y=cap / 2, align="center"),),
            Transform(dx=fold, dy=middle, rotate=-90),
        ),
    ]
    return items


def check_no_offset(options: PrintOptions) -> None:
    """A LayoutError for a duplex offset on a gutter-fold sheet: it prints on one side,
    and its backs sit where the printed fold line puts them."""
    if options.duplex_offset != (0.0, 0.0):
        x, y = options.duplex_offset
        raise LayoutError(
            f"a duplex offset ({x:g},{y:g} mm) is for sheets printed double-sided; a "
            "gutter-fold sheet prints on one side and folds on its printed line: leave "
            "the duplex offset out"
        )


def layout_gutter(
    groups: Sequence[Sequence[Component]],
    component: str,
    footer: Footer,
    options: PrintOptions,
    spec: SheetSpec,
    titles: Sequence[str] = (),
) -> list[Page]:
    """Gutter-fold sheets: each holds fronts on its left half and their backs, mirrored
    about the fold, on its right."""
    check_no_offset(options)
    grid = plan_gutter(spec, component, options)
    land = landscape(spec)
    ax, ay, aw, ah = _sheet_mark_area(spec, grid.paper)
    fold = grid.paper[0] / 2
    sides = (  # back?, where its crop marks may go
        (False, (ax, ay, fold - MARK_CLEAR - ax, ah)),
        (True, (fold + MARK_CLEAR, ay, ax + aw - fold - MARK_CLEAR, ah)),
    )
    sheets = sheets_of(groups, grid.per_sheet, titles)
    pages: list[Page] = []
    for number, (sheet, group_title) in enumerate(sheets, start=1):
        items: list[Item] = []
        for back, area in sides:
            items += side_items(sheet, grid, back, spec, area if options.crop_marks else None)
        items += fold_items(spec, grid, footer.fold, footer.font)
        parts = [footer.title, group_title]
        label = footer.label(parts, number, len(sheets), options.paper.upper())
        items += footer_items(land, grid, footer, label)
        pages.append(
            Page(
                grid.paper[0],
                grid.paper[1],
                tuple(items),
                label=label,
                meta={
                    "side": "gutter",
                    "sheet": number,
                    "grid": grid,
                    "count": len(sheet),
                    "fold": fold,
                },
            )
        )
    return pages


def lay_out(
    components: Sequence[Component] | Sequence[Sequence[Component]],
    component: str,
    footer: Footer,
    options: PrintOptions,
    spec: SheetSpec | None = None,
    titles: Sequence[str] = (),
) -> list[Page]:
    """The sheets of ``components`` in the layout ``options.layout`` asks for: duplex
    (:func:`.sheets.layout_sheets`: fronts pages and backs pages) or gutter fold."""
    spec = spec or load_sheet_spec()
    if options.layout not in LAYOUTS:
        raise LayoutError(
            f"unknown layout {options.layout!r}, expected one of: {', '.join(LAYOUTS)}"
        )
    if options.layout != GUTTER_FOLD:
        return layout_sheets(components, component, footer, options, spec, titles)
    return layout_gutter(as_groups(components), component, footer, options, spec, titles)


def sheet_grid(spec: SheetSpec, component: str, options: PrintOptions) -> Grid:
    """The grid of one sheet of ``options.layout``."""
    if options.layout == GUTTER_FOLD:
        return plan_gutter(spec, component, options)
    return plan_grid(spec, component, options, duplex=True)


def per_sheet(spec: SheetSpec, component: str, options: PrintOptions) -> int:
    """How many components one sheet of ``options.layout`` holds."""
    return sheet_grid(spec, component, options).per_sheet


def column_run(spec: SheetSpec, component: str, options: PrintOptions) -> int:
    """How many alike pieces in a row fill a column of that sheet exactly (its rows),
    where consecutive pieces go down a column; else 1."""
    grid = sheet_grid(spec, component, options)
    return grid.rows if isinstance(grid, FoldGrid) and grid.by_column else 1
