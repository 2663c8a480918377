"""Placing components on printable sheets: grid, bleed, crop marks, duplex backs.

A component draws itself in its own coordinates (0,0 at the top-left of its trim,
artwork running ``bleed`` mm beyond); this module only decides where each one goes
(the sheet layout comes from templates/sheets.yaml) and adds what every sheet
carries: crop marks, the 50 mm calibration bar and the page label.
(:mod:`.sheetspec` reads the sheet layouts; its names are used from here too.)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import cast

from ..draw.shapes import Group, Item, Line, Page, Rect, Style, Transform
from ..source.lang import fill
from . import fonts
from .sheetspec import ComponentSize, SheetSpec, load_sheet_spec
from .text import fitted_text

MARK_COLOUR = "#000000"


@dataclass(frozen=True)
class PrintOptions:
    paper: str = "a4"
    bleed: float | None = None  # None: the component's default
    crop_marks: bool = True
    ink_saver: bool = False
    duplex_offset: tuple[float, float] = (0.0, 0.0)
    layout: str = "duplex"  # or "gutter-fold" (see layout/gutter.py)


@dataclass(frozen=True)
class Component:
    """One printed piece: its front and (optionally) its back, in trim coordinates.

    ``contained``: its artwork stays within its bleed, so it is placed without a clip
    (where two bleeds meet, a clip's anti-aliased edge shows as a seam in browsers).
    """

    front: tuple[Item, ...]
    back: tuple[Item, ...] | None = None
    contained: bool = False


@dataclass(frozen=True)
class Footer:
    """Words of the sheet footer, in the sheet's language: the page label is its
    ``sheet`` pattern ({title}, {page}, {pages}, {paper}), {title} the parts that
    name the sheet (title, group, backs) joined by ``separator`` (:meth:`label`)."""

    title: str
    print_check: str
    font: str
    backs: str = "backs"  # how the label names the backs page
    fold: str = "fold"  # the words along a gutter-fold sheet's fold line
    sheet: str = field(kw_only=True)  # the language's footer_sheet pattern
    separator: str = field(kw_only=True)  # the language's separator

    def label(self, parts: Sequence[str], page: int, pages: int, paper: str) -> str:
        """A page's label: what it is (``parts``, the empty ones left out), its number
        of ``pages`` and its paper."""
        title = self.separator.join(part for part in parts if part)
        return fill(self.sheet, {"title": title, "page": page, "pages": pages, "paper": paper})


@dataclass(frozen=True)
class Grid:
    """Where the components of one sheet go, in page millimetres."""

    paper: tuple[float, float]
    size: ComponentSize
    cols: int
    rows: int
    x0: float
    y0: float
    gap: float

    @property
    def per_sheet(self) -> int:
        return self.cols * self.rows

    def slot(self, index: int) -> tuple[float, float]:
        row, col = divmod(index, self.cols)
        return (
            self.x0 + col * (self.size.width + self.gap),
            self.y0 + row * (self.size.height + self.gap),
        )

    def mirrored(self, x: float) -> float:
        """x of the same component on the backs page (long-edge flip)."""
        return self.paper[0] - x - self.size.width


class LayoutError(Exception):
    pass


def component_size(
    spec: SheetSpec, component: str, options: PrintOptions
) -> tuple[ComponentSize, float]:
    """The size of ``component`` with the bleed ``options`` ask for (and a gap of at
    least two bleeds), and how far its crop marks reach beyond the bleed (0: none)."""
    if options.paper not in spec.papers:
        raise LayoutError(
            f"unknown paper {options.paper!r}, expected one of: {', '.join(spec.papers)}"
        )
    base = spec.components[component]
    bleed = base.bleed if options.bleed is None else options.bleed
    size = ComponentSize(base.width, base.height, max(base.gap, 2 * bleed), bleed)
    marks = spec.mark_offset + spec.mark_length if options.crop_marks else 0.0
    return size, marks


def fit_grid(
    size: ComponentSize, component: str, avail: tuple[float, float], where: str
) -> tuple[int, int, float, float]:
    """Columns and rows of ``size`` that fit ``avail`` (width, height in mm), and the
    width and height they take; a LayoutError naming ``where`` when not even one fits."""
    avail_w, avail_h = avail
    cols = math.floor((avail_w + size.gap) / (size.width + size.gap))
    rows = math.floor((avail_h + size.gap) / (size.height + size.gap))
    if cols < 1 or rows < 1:
        raise LayoutError(
            f"a {size.width:g} x {size.height:g} mm {component} with {size.bleed:g} mm bleed "
            f"does not fit on {where}"
        )
    grid_w = cols * size.width + (cols - 1) * size.gap
    grid_h = rows * size.height + (rows - 1) * size.gap
    return cols, rows, grid_w, grid_h


def plan_grid(spec: SheetSpec, component: str, options: PrintOptions, duplex: bool = False) -> Grid:
    """The grid of ``component`` on one sheet: as many as fit the printable area with
    their bleed and, beyond it, room for the crop marks and (``duplex``) for a backs
    page shifted by the largest duplex offset."""
    size, marks = component_size(spec, component, options)
    room = size.bleed + max(marks, spec.duplex_max if duplex else 0.0)
    common_w, common_h = spec.common
    avail_h = common_h - 2 * (spec.printable + room) - spec.footer
    cols, rows, grid_w, grid_h = fit_grid(
        size,
        component,
        (common_w - 2 * (spec.printable + room), avail_h),
        f"the printable area of {common_w:g} x {common_h:g} mm",
    )
    paper_w, paper_h = spec.papers[options.paper]
    top = (paper_h - common_h) / 2 + spec.printable + room
    x0 = (paper_w - grid_w) / 2
    y0 = top + (avail_h - grid_h) / 2
    return Grid((paper_w, paper_h), size, cols, rows, x0, y0, size.gap)


Box = tuple[float, float, float, float]  # x, y, width, height in page mm


def mark_area(spec: SheetSpec, paper: tuple[float, float]) -> Box:
    """Where crop marks may go: the printable part of the area A4 and Letter share,
    above the footer band."""
    (paper_w, paper_h), (common_w, common_h) = paper, spec.common
    x = (paper_w - common_w) / 2 + spec.printable
    y = (paper_h - common_h) / 2 + spec.printable
    return x, y, common_w - 2 * spec.printable, common_h - 2 * spec.printable - spec.footer


def _clipped(
    a: float, b: float, low: float, high: float, minimum: float
) -> tuple[float, float] | None:
    """The part of the span a..b between low and high, if at least ``minimum`` long."""
    a, b = max(a, low), min(b, high)
    return (a, b) if b - a >= minimum else None


def crop_marks(boxes: Sequence[Box], bleed: float, spec: SheetSpec, area: Box) -> list[Item]:
    """Marks on the extension of every cut line of the components at ``boxes`` (their
    trim), in the margins round the components, outside their bleed: only the lines
    that cut a component are marked, so a half-empty sheet marks no empty row.

    Marks stay inside ``area`` (see :func:`mark_area`): where a shifted backs page would
    push one out, it is shortened, and left out when less than 1 mm would remain.
    """
    if not boxes:
        return []
    style = Style(stroke=MARK_COLOUR, width=spec.mark_width)
    out, length = bleed + spec.mark_offset, spec.mark_length
    ax, ay, aw, ah = area
    xs = sorted({round(e, 6) for x, _, w, _ in boxes for e in (x, x + w)})
    ys = sorted({round(e, 6) for _, y, _, h in boxes for e in (y, y + h)})
    items: list[Item] = []
    for vertical, lines, ends, across, along in (
        (True, xs, (ys[0], ys[-1]), (ax, ax + aw), (ay, ay + ah)),
        (False, ys, (xs[0], xs[-1]), (ay, ay + ah), (ax, ax + aw)),
    ):
        spans = ((ends[0] - out - length, ends[0] - out), (ends[1] + out, ends[1] + out + length))
        for at in lines:
            if not across[0] <= at <= across[1]:
                continue
            for a, b in spans:
                part = _clipped(a, b, *along, minimum=1.0)
                if part is not None:
                    p, q = part
                    items.append(
                        Line(at, p, at, q, style) if vertical else Line(p, at, q, at, style)
                    )
    return items


def calibration_bar(x: float, base: float, length: float) -> list[Item]:
    """The print-at-100% bar: ``length`` mm from ``x``, ticks every 10 mm, standing on ``base``."""
    ink = Style(stroke=MARK_COLOUR, width=0.25)
    items: list[Item] = [
        Rect(x, base - 2.5, length, 2.5, Style(fill="#000000")),
        Line(x, base - 5, x, base, ink),
        Line(x + length, base - 5, x + length, base, ink),
    ]
    items += [Line(x + t, base - 4, x + t, base - 2.5, ink) for t in range(10, int(length), 10)]
    return items


def footer_items(spec: SheetSpec, grid: Grid, footer: Footer, label: str) -> list[Item]:
    """The calibration bar (spec.ruler mm, ticks every 10 mm) and the page label."""
    paper_w, paper_h = grid.paper
    common_w, common_h = spec.common
    left = (paper_w - common_w) / 2 + spec.printable + 5
    right = (paper_w + common_w) / 2 - spec.printable - 5
    base = (paper_h + common_h) / 2 - spec.printable - 3
    items = calibration_bar(left, base, spec.ruler)
    text_x = left + spec.ruler + 3
    # The print check and the label share the room right of the bar, each in
    # proportion to its natural width, 3 mm apart.
    room = right - text_x - 3
    check_w = fonts.text_width_mm(footer.font, footer.print_check, 7)
    label_w = fonts.text_width_mm(footer.font, label, 7)
    share = room * label_w / (check_w + label_w) if check_w + label_w > room else label_w
    items.append(
        fitted_text(
            text_x, base - 0.6, footer.print_check, footer.font, 7, room - share, min_size=5
        )
    )
    items.append(
        fitted_text(right, base - 0.6, label, footer.font, 7, share, min_size=5, align="right")
    )
    return items


def check_duplex_offset(spec: SheetSpec, offset: tuple[float, float]) -> None:
    """A LayoutError unless both parts of ``offset`` are numbers within the allowed range."""
    limit = spec.duplex_max
    for axis, value in zip("XY", offset, strict=True):
        if not math.isfinite(value) or abs(value) > limit:
            shown = f"{value:g} mm" if math.isfinite(value) else f"{value!r}, not a number of mm,"
            raise LayoutError(
                f"duplex offset {axis} = {shown} is out of range: X and Y must each be "
                f"from {-limit:g} to {limit:g} mm"
            )


def as_groups(
    components: Sequence[Component] | Sequence[Sequence[Component]],
) -> Sequence[Sequence[Component]]:
    """``components`` as a list of groups: one list is one group."""
    return cast(
        Sequence[Sequence[Component]],
        components if components and not isinstance(components[0], Component) else [components],
    )


def sheets_of(
    groups: Sequence[Sequence[Component]], per_sheet: int, titles: Sequence[str]
) -> list[tuple[Sequence[Component], str]]:
    """Every group cut into sheets of ``per_sheet``, each with its group's title (or "")."""
    return [
        (group[i : i + per_sheet], titles[g] if g < len(titles) else "")
        for g, group in enumerate(groups)
        for i in range(0, len(group), per_sheet)
    ]


def side_items(
    sheet: Sequence[Component],
    grid: Grid,
    back: bool,
    offset: tuple[float, float],
    spec: SheetSpec,
    area: Box | None,
) -> list[Item]:
    """One side of a sheet: the fronts at their slots, or (``back``) the backs at the
    mirrored slots (:meth:`Grid.mirrored`), shifted by ``offset``; with crop marks
    inside ``area`` unless it is None."""
    w, h, b = grid.size.width, grid.size.height, grid.size.bleed
    clip = Rect(-b, -b, w + 2 * b, h + 2 * b, Style())
    dx, dy = offset
    items: list[Item] = []
    boxes: list[Box] = []
    for index, comp in enumerate(sheet):
        x, y = grid.slot(index)
        art = comp.front
        if back:
            x, art = grid.mirrored(x), comp.back or ()
        where = Transform(dx=x + dx, dy=y + dy)
        items.append(Group(tuple(art), where, None if comp.contained else clip))
        boxes.append((x + dx, y + dy, w, h))
    if area is not None:
        items += crop_marks(boxes, b, spec, area)
    return items


def layout_sheets(
    components: Sequence[Component] | Sequence[Sequence[Component]],
    component: str,
    footer: Footer,
    options: PrintOptions,
    spec: SheetSpec | None = None,
    titles: Sequence[str] = (),
) -> list[Page]:
    """Fronts pages, each followed by its mirrored backs page when components have backs.

    ``components`` is one list, or a list of groups (e.g. one per era) that each
    start on a sheet of their own, so a sheet's backs page shows one design;
    ``titles`` (one per group) then name the group in each page's label.
    The backs are shifted by the duplex offset (+X to the right as seen on the backs
    page, +Y down), at most ``spec.duplex_max`` mm on either axis.
    """
    spec = spec or load_sheet_spec()
    check_duplex_offset(spec, options.duplex_offset)
    groups = as_groups(components)
    duplex = any(c.back is not None for group in groups for c in group)
    grid = plan_grid(spec, component, options, duplex)
    area = mark_area(spec, grid.paper) if options.crop_marks else None
    sheets = sheets_of(groups, grid.per_sheet, titles)
    pages: list[Page] = []
    for number, (sheet, group_title) in enumerate(sheets, start=1):
        sides = [("front", (0.0, 0.0))]
        if duplex:
            sides.append(("back", options.duplex_offset))
        for side, offset in sides:
            items = side_items(sheet, grid, side == "back", offset, spec, area)
            parts = [footer.title, group_title, footer.backs if side == "back" else ""]
            label = footer.label(parts, number, len(sheets), options.paper.upper())
            items += footer_items(spec, grid, footer, label)
            pages.append(
                Page(
                    grid.paper[0],
                    grid.paper[1],
                    tuple(items),
                    label=label,
                    meta={"side": side, "sheet": number, "grid": grid, "count": len(sheet)},
                )
            )
    return pages
