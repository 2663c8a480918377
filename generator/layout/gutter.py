"""Gutter-fold sheets, for printers without duplex: fronts on the left half of a landscape
sheet, their backs on the right half, mirrored about the fold in the middle.

Folding the sheet along the middle (printed sides out) puts the back of every component
exactly behind its front: the back of the component whose trim spans x..x+w on the left
sits at 2*fold - x - w on the right, at the same height, upright. A dashed fold line and
its label run down the gutter between the halves, at least :data:`FOLD_CLEAR` mm from any
bleed (at any allowed offset of the backs half); crop marks, the 50 mm calibration bar
and the page label are as on duplex sheets (:mod:`.sheets`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from ..draw.shapes import Group, Item, Line, Page, Style, Transform
from . import fonts
from .sheets import (
    MARK_COLOUR,
    Component,
    Footer,
    Grid,
    LayoutError,
    PrintOptions,
    SheetSpec,
    as_groups,
    check_duplex_offset,
    component_size,
    fit_grid,
    footer_items,
    layout_sheets,
    load_sheet_spec,
    mark_area,
    plan_grid,
    sheets_of,
    side_items,
)
from .text import fitted_text

GUTTER_FOLD = "gutter-fold"
LAYOUTS = ("duplex", GUTTER_FOLD)
FOLD_CLEAR = 5.0  # mm: the fold line stays at least this far from any bleed
MARK_CLEAR = 2.0  # mm: crop marks and the fold label keep this far apart
FOLD_STYLE = Style(stroke=MARK_COLOUR, width=0.25, dash=(2.0, 1.5))
LABEL_SIZE = 7.0  # pt


def landscape(spec: SheetSpec) -> SheetSpec:
    """The sheet layouts turned a quarter: papers and their common area are landscape."""
    papers = {name: (h, w) for name, (w, h) in spec.papers.items()}
    return dataclasses.replace(spec, papers=papers, common=(spec.common[1], spec.common[0]))


def plan_gutter(spec: SheetSpec, component: str, options: PrintOptions) -> Grid:
    """The grid of fronts on the left half of a landscape sheet (``spec`` as given, portrait).

    Beyond the printable margin each half keeps room for the crop marks or the largest
    duplex offset (the backs half may be shifted); on the fold side also for
    :data:`FOLD_CLEAR` mm between the fold and the bleed at that offset.
    """
    land = landscape(spec)
    size, marks = component_size(land, component, options)
    outer = size.bleed + max(marks, spec.duplex_max)
    inner = size.bleed + max(marks + MARK_CLEAR, FOLD_CLEAR + spec.duplex_max)
    common_w, common_h = land.common
    avail_w = common_w / 2 - spec.printable - outer - inner
    avail_h = common_h - 2 * (spec.printable + outer) - spec.footer
    cols, rows, grid_w, grid_h = fit_grid(
        size,
        component,
        (avail_w, avail_h),
        f"half of a {common_w:g} x {common_h:g} mm gutter-fold sheet",
    )
    paper_w, paper_h = land.papers[options.paper]
    fold = paper_w / 2
    left = fold - common_w / 2 + spec.printable + outer
    top = (paper_h - common_h) / 2 + spec.printable + outer
    x0 = left + (avail_w - grid_w) / 2
    y0 = top + (avail_h - grid_h) / 2
    return Grid((paper_w, paper_h), size, cols, rows, x0, y0, size.gap)


def fold_items(spec: SheetSpec, grid: Grid, text: str, font: str) -> list[Item]:
    """The dashed fold line down the middle of the gutter, broken for its label, which
    reads upwards along it, centred on the grid's height; solid ticks at both ends."""
    land = landscape(spec)
    _, ay, _, ah = mark_area(land, grid.paper)
    fold = grid.paper[0] / 2
    grid_h = grid.rows * grid.size.height + (grid.rows - 1) * grid.gap
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


def layout_gutter(
    groups: Sequence[Sequence[Component]],
    component: str,
    footer: Footer,
    options: PrintOptions,
    spec: SheetSpec,
    titles: Sequence[str] = (),
) -> list[Page]:
    """Gutter-fold sheets: each holds fronts on its left half and their backs, mirrored
    about the fold, on its right; the backs half is shifted by the duplex offset."""
    grid = plan_gutter(spec, component, options)
    land = landscape(spec)
    ax, ay, aw, ah = mark_area(land, grid.paper)
    fold = grid.paper[0] / 2
    sides = (  # back?, its offset, where its crop marks may go
        (False, (0.0, 0.0), (ax, ay, fold - MARK_CLEAR - ax, ah)),
        (True, options.duplex_offset, (fold + MARK_CLEAR, ay, ax + aw - fold - MARK_CLEAR, ah)),
    )
    sheets = sheets_of(groups, grid.per_sheet, titles)
    pages: list[Page] = []
    for number, (sheet, group_title) in enumerate(sheets, start=1):
        items: list[Item] = []
        for back, offset, area in sides:
            items += side_items(
                sheet, grid, back, offset, spec, area if options.crop_marks else None
            )
        items += fold_items(spec, grid, footer.fold, footer.font)
        parts = [footer.title, group_title, f"{number}/{len(sheets)}", options.paper.upper()]
        label = " · ".join(part for part in parts if part)
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
    check_duplex_offset(spec, options.duplex_offset)
    return layout_gutter(as_groups(components), component, footer, options, spec, titles)


def per_sheet(spec: SheetSpec, component: str, options: PrintOptions) -> int:
    """How many components one sheet of ``options.layout`` holds."""
    if options.layout == GUTTER_FOLD:
        return plan_gutter(spec, component, options).per_sheet
    return plan_grid(spec, component, options, duplex=True).per_sheet
