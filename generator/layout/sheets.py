"""Placing components on printable sheets: grid, bleed, crop marks, duplex backs.

A component draws itself in its own coordinates (0,0 at the top-left of its trim,
artwork running ``bleed`` mm beyond); this module only decides where each one goes
(the sheet layout comes from templates/sheets.yaml) and adds what every sheet
carries: crop marks, the 50 mm calibration bar and the page label.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import cast

from ..draw.shapes import Group, Item, Line, Page, Rect, Style, Transform
from ..source import TEMPLATES_DIR
from ..source import schema as s
from ..source.diagnostics import DataError, Diagnostics
from ..source.located import load_file
from .text import fitted_text

MARK_COLOUR = "#000000"


@dataclass(frozen=True)
class ComponentSize:
    width: float
    height: float
    gap: float
    bleed: float


@dataclass(frozen=True)
class SheetSpec:
    papers: dict[str, tuple[float, float]]
    common: tuple[float, float]
    printable: float
    mark_offset: float
    mark_length: float
    mark_width: float
    footer: float
    ruler: float
    components: dict[str, ComponentSize]


@dataclass(frozen=True)
class PrintOptions:
    paper: str = "a4"
    bleed: float | None = None  # None: the component's default
    crop_marks: bool = True
    ink_saver: bool = False
    duplex_offset: tuple[float, float] = (0.0, 0.0)


@dataclass(frozen=True)
class Component:
    """One printed piece: its front and (optionally) its back, in trim coordinates."""

    front: tuple[Item, ...]
    back: tuple[Item, ...] | None = None


@dataclass(frozen=True)
class Footer:
    """Words of the sheet footer, in the sheet's language."""

    title: str
    print_check: str
    font: str
    backs: str = "backs"  # how the label names the backs page


_MM = s.number(0)
_SIZE = (s.Field("width", _MM), s.Field("height", _MM))
_COMPONENT = (*_SIZE, s.Field("gap", _MM), s.Field("bleed", _MM))
_FILE = (
    s.Field("papers", s.any_node),
    s.Field("common_area", s.any_node),
    s.Field("printable_margin", _MM),
    s.Field("crop_marks", s.any_node),
    s.Field("footer", s.any_node),
    s.Field("components", s.any_node),
)


def load_sheet_spec(path: Path = TEMPLATES_DIR / "sheets.yaml") -> SheetSpec:
    """Read the sheet layouts; a broken template is a DataError with locations."""
    diags = Diagnostics()
    root = load_file(path, diags)
    top = s.read_record(root, "sheets", _FILE, diags) if root is not None else None
    spec = None
    if top is not None:
        papers = _table(top["papers"], "papers", _SIZE, diags)
        components = _table(top["components"], "components", _COMPONENT, diags)
        common = s.read_record(top["common_area"], "common_area", _SIZE, diags)
        marks = s.read_record(
            top["crop_marks"],
            "crop_marks",
            (s.Field("offset", _MM), s.Field("length", _MM), s.Field("width", _MM)),
            diags,
        )
        footer = s.read_record(
            top["footer"], "footer", (s.Field("height", _MM), s.Field("ruler", _MM)), diags
        )
        if common and marks and footer:
            spec = SheetSpec(
                {k: (v["width"], v["height"]) for k, v in papers.items()},
                (common["width"], common["height"]),
                top["printable_margin"],
                marks["offset"],
                marks["length"],
                marks["width"],
                footer["height"],
                footer["ruler"],
                {k: ComponentSize(**v) for k, v in components.items()},
            )
    if diags.errors or spec is None:
        raise DataError(diags.errors)
    return spec


def _table(node, what: str, fields, diags: Diagnostics) -> dict[str, dict]:
    mapping = s.as_map(node, what, diags)
    result = {}
    for key, child in mapping.items() if mapping else []:
        rec = s.read_record(child, f"{what}: {key}", fields, diags)
        if rec is not None:
            result[str(key)] = rec.values
    return result


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


def plan_grid(spec: SheetSpec, component: str, options: PrintOptions) -> Grid:
    if options.paper not in spec.papers:
        raise LayoutError(
            f"unknown paper {options.paper!r}, expected one of: {', '.join(spec.papers)}"
        )
    base = spec.components[component]
    bleed = base.bleed if options.bleed is None else options.bleed
    size = ComponentSize(base.width, base.height, max(base.gap, 2 * bleed), bleed)
    room = bleed + (spec.mark_offset + spec.mark_length if options.crop_marks else 0)
    common_w, common_h = spec.common
    avail_w = common_w - 2 * (spec.printable + room)
    avail_h = common_h - 2 * (spec.printable + room) - spec.footer
    cols = math.floor((avail_w + size.gap) / (size.width + size.gap))
    rows = math.floor((avail_h + size.gap) / (size.height + size.gap))
    if cols < 1 or rows < 1:
        raise LayoutError(
            f"a {size.width:g} x {size.height:g} mm {component} with {bleed:g} mm bleed does "
            f"not fit on the printable area of {common_w:g} x {common_h:g} mm"
        )
    paper_w, paper_h = spec.papers[options.paper]
    grid_w = cols * size.width + (cols - 1) * size.gap
    grid_h = rows * size.height + (rows - 1) * size.gap
    top = (paper_h - common_h) / 2 + spec.printable + room
    x0 = (paper_w - grid_w) / 2
    y0 = top + (avail_h - grid_h) / 2
    return Grid((paper_w, paper_h), size, cols, rows, x0, y0, size.gap)


def crop_marks(grid: Grid, spec: SheetSpec, dx: float = 0.0, dy: float = 0.0) -> list[Item]:
    """Marks on the extension of every cut line, outside all components and their bleed."""
    style = Style(stroke=MARK_COLOUR, width=spec.mark_width)
    w, h, b = grid.size.width, grid.size.height, grid.size.bleed
    xs = sorted({grid.x0 + c * (w + grid.gap) + e for c in range(grid.cols) for e in (0, w)})
    ys = sorted({grid.y0 + r * (h + grid.gap) + e for r in range(grid.rows) for e in (0, h)})
    left, right = xs[0] - b - spec.mark_offset, xs[-1] + b + spec.mark_offset
    top, bottom = ys[0] - b - spec.mark_offset, ys[-1] + b + spec.mark_offset
    L = spec.mark_length
    items: list[Item] = []
    for x in xs:
        items.append(Line(x + dx, top - L + dy, x + dx, top + dy, style))
        items.append(Line(x + dx, bottom + dy, x + dx, bottom + L + dy, style))
    for y in ys:
        items.append(Line(left - L + dx, y + dy, left + dx, y + dy, style))
        items.append(Line(right + dx, y + dy, right + L + dx, y + dy, style))
    return items


def footer_items(spec: SheetSpec, grid: Grid, footer: Footer, label: str) -> list[Item]:
    """The calibration bar (spec.ruler mm, ticks every 10 mm) and the page label."""
    paper_w, paper_h = grid.paper
    common_w, common_h = spec.common
    left = (paper_w - common_w) / 2 + spec.printable + 5
    right = (paper_w + common_w) / 2 - spec.printable - 5
    base = (paper_h + common_h) / 2 - spec.printable - 3
    ink = Style(stroke=MARK_COLOUR, width=0.25)
    items: list[Item] = [
        Rect(left, base - 2.5, spec.ruler, 2.5, Style(fill="#000000")),
        Line(left, base - 5, left, base, ink),
        Line(left + spec.ruler, base - 5, left + spec.ruler, base, ink),
    ]
    items += [
        Line(left + t, base - 4, left + t, base - 2.5, ink) for t in range(10, int(spec.ruler), 10)
    ]
    text_x = left + spec.ruler + 3
    label_w = 70.0
    items.append(
        fitted_text(
            text_x,
            base - 0.6,
            footer.print_check,
            footer.font,
            7,
            right - label_w - 3 - text_x,
            min_size=5,
        )
    )
    items.append(
        fitted_text(right, base - 0.6, label, footer.font, 7, label_w, min_size=5, align="right")
    )
    return items


def layout_sheets(
    components: Sequence[Component] | Sequence[Sequence[Component]],
    component: str,
    footer: Footer,
    options: PrintOptions,
    spec: SheetSpec | None = None,
) -> list[Page]:
    """Fronts pages, each followed by its mirrored backs page when components have backs.

    ``components`` is one list, or a list of groups (e.g. one per era) that each
    start on a sheet of their own, so a sheet's backs page shows one design.
    """
    spec = spec or load_sheet_spec()
    grid = plan_grid(spec, component, options)
    groups = cast(
        Sequence[Sequence[Component]],
        components if components and not isinstance(components[0], Component) else [components],
    )
    duplex = any(c.back is not None for group in groups for c in group)
    n = grid.per_sheet
    sheets = [group[i : i + n] for group in groups for i in range(0, len(group), n)]
    w, h, b = grid.size.width, grid.size.height, grid.size.bleed
    clip = Rect(-b, -b, w + 2 * b, h + 2 * b, Style())
    pages: list[Page] = []
    total = len(sheets)
    for number, sheet in enumerate(sheets, start=1):
        sides = [("front", 0.0, 0.0)]
        if duplex:
            sides.append(("back", *options.duplex_offset))
        for side, dx, dy in sides:
            items: list[Item] = []
            for index, comp in enumerate(sheet):
                x, y = grid.slot(index)
                art = comp.front
                if side == "back":
                    x, art = grid.mirrored(x), comp.back or ()
                items.append(Group(tuple(art), Transform(dx=x + dx, dy=y + dy), clip))
            if options.crop_marks:
                items += crop_marks(grid, spec, dx, dy)
            side_note = f" · {footer.backs}" if side == "back" else ""
            label = f"{footer.title}{side_note} · {number}/{total} · {options.paper.upper()}"
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
