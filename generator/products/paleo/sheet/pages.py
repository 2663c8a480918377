"""One sheet and the pad: takes dig sites, the game data and a language, gives a sheet's
items (shared forms plus what the site has of its own) and the pages of a pad."""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Iterable, Iterator
from dataclasses import replace

from ....draw.shapes import Box, Form, Group, Item, Line, Page, Rect, Transform, Use
from ....games.paleo.model import Cell, DigSite, PaleoData
from ....games.paleo.shared import SharedSheet
from ....layout import fonts
from ....layout.sheets import ComponentSize, Footer, Grid, SheetSpec, footer_items, load_sheet_spec
from ....layout.text import fitted_text
from ....source.lang import Language
from ...footers import joined, sheet_footer
from .extras import shared_items
from .geometry import (
    Layout,
    code_box,
    code_line,
    fossil_columns,
    fossil_row_top,
    grid_cell,
    sheet_layout,
)
from .marks import cell_extent
from .parts import SheetParts, sheet_parts
from .style import ACCENT, CROP, INK, MARGIN, MIN_CELL, PAD, PAPERS, centred, lerp


def sheet_items(
    site: DigSite, data: PaleoData, lang: Language, w: float, h: float
) -> tuple[Item, ...]:
    """One score sheet drawn in the box (0,0)-(w,h) mm."""
    dated = isinstance(site, SharedSheet) and bool(site.date)
    parts = sheet_parts(data, lang, w, h, site.rows, site.cols, dated)
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
    code_top, code_h = code_line(L, bold)
    items.append(
        centred(
            box.x + 2,
            code_top,
            box.w - 4,
            code_h,
            site.code,
            bold,
            min(lerp(13, 17, L.t), code_h / fonts.MM_PER_PT * 1.05),
            min_size=7,
            colour=INK,
        )
    )
    items.append(Use(parts.difficulty(site.difficulty), box.x + box.w, box.y))
    # Fossils and stars, on top of the grid.
    g, cell = L.grid, L.cell
    radius = min(max(cell * 0.16, 1.6), 2.4)
    placed = [(fossil, *_from_origin(fossil.cells)) for fossil in site.fossils]
    for fossil, top, left, cells in placed:
        items.append(Use(parts.fossil(cells), g.x + left * cell, g.y + top * cell))
        r, c = min(fossil.cells)
        offset = cell * 0.1 + radius + 0.35
        x, y = g.x + c * cell + offset, g.y + r * cell + offset
        items += parts.badge(fossil.id, x, y, radius, "g")
    for r, c in site.stars:
        items.append(Use(parts.star(), g.x + (c + 0.5) * cell, g.y + (r + 0.52) * cell))
    items += _fossil_rows(placed, L, parts)
    if isinstance(site, SharedSheet):
        items += shared_items(site, parts)
    size = lerp(5.5, 6.5, L.t)
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


def _from_origin(cells: tuple[Cell, ...]) -> tuple[int, int, tuple[Cell, ...]]:
    """A fossil's top row, left column and its cells moved there from (0, 0)."""
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return top, left, tuple(sorted((r - top, c - left) for r, c in cells))


def _fossil_rows(placed: list, L: Layout, parts: SheetParts) -> list[Item]:
    """The scoring area's rows: each fossil's badge, small shape, value and bonus
    (``placed``: each fossil with its :func:`_from_origin`)."""
    badge_x, shape_x, value_x, bonus_x = fossil_columns(L)
    row = L.fossil_row
    radius = min(row * 0.32, 2.3)
    circle_r = min(row * 0.4, 3.0)
    items: list[Item] = []
    for i, (fossil, _, _, cells) in enumerate(placed):
        cy = fossil_row_top(L, i) + row / 2
        items += parts.badge(fossil.id, badge_x, cy, radius, "t")
        # The fossil's shape, small, so it is easy to find on the grid.
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
    box). per_page 2: landscape pages, two sheets side by side, each in one half, with
    cut marks between them. Every page ends in the kit's 50 mm calibration bar, and
    nothing is drawn within the printer's 5 mm of the paper edge.
    Bad arguments, and a grid too large for the sheets, raise ValueError at once.
    """
    if paper not in PAPERS:
        raise ValueError(f"unknown paper {paper!r}, expected one of: {', '.join(PAPERS)}")
    if per_page not in (1, 2):
        raise ValueError(f"--per-page must be 1 or 2, not {per_page}")
    if data.dig_site is not None:
        _check_fits(data, data.dig_site.rows, data.dig_site.cols, paper, per_page)
    return _pad_pages(iter(sites), data, lang, paper, per_page)


FOOTER_CLEAR = 2.0  # mm between the sheets' drawing and the calibration bar below it


@functools.cache
def _print_spec() -> SheetSpec:
    return load_sheet_spec()


def _footer_items(pw: float, ph: float, words: Footer) -> list[Item]:
    """The kit's 50 mm calibration bar, its print-at-100% line and the page label at the
    foot of a pad page (a pad page is its own print area: the sheets fill the paper)."""
    spec = replace(_print_spec(), common=(pw, ph))
    page = Grid((pw, ph), ComponentSize(pw, ph, 0.0, 0.0), 1, 1, 0.0, 0.0, 0.0)
    return footer_items(spec, page, words, words.title)


def _footer(lang: Language, pw: float, ph: float, label: str) -> list[Item]:
    return _footer_items(pw, ph, sheet_footer(lang, label))


@functools.cache
def _footer_top(pw: float, ph: float) -> float:
    """Where the footer's drawing starts (its bar and ticks), measured from what
    :func:`footer_items` draws."""
    items = _footer_items(pw, ph, Footer("", "", fonts.font_for("latin"), sheet="", separator=""))
    return min(
        min(i.y1, i.y2) if isinstance(i, Line) else i.y for i in items if isinstance(i, Line | Rect)
    )


def sheet_box(paper: str, per_page: int) -> tuple[float, float, float, float]:
    """Page width and height, and the size of each sheet on it, in mm: 10 mm margins,
    and at the foot room for the calibration bar (the sheet's empty PAD may reach into
    it, its drawing stays FOOTER_CLEAR above it)."""
    short, long = PAPERS[paper]
    pw, ph = (short, long) if per_page == 1 else (long, short)
    bottom = _footer_top(pw, ph) - FOOTER_CLEAR + PAD
    return pw, ph, pw / per_page - 2 * MARGIN, bottom - MARGIN


def _pad_pages(
    sites: Iterator[DigSite], data: PaleoData, lang: Language, paper: str, per_page: int
) -> Iterator[Page]:
    game = lang.term("games", "paleontologists")
    pw, ph, sw, sh = sheet_box(paper, per_page)
    checked: set[tuple[int, int]] = set()
    label = joined(lang, game, paper.upper())
    # the same on every page: one form (its name tells the label and paper apart)
    name = hashlib.sha256(f"{label}|{lang.code}|{pw}x{ph}".encode()).hexdigest()[:8]
    footer = [Use(Form(f"paleo-footer-{name}", tuple(_footer(lang, pw, ph, label))), 0.0, 0.0)]
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
        items += footer
        yield Page(
            pw,
            ph,
            tuple(items),
            trim=Box(0, 0, pw, ph) if per_page == 1 else None,
            label=joined(lang, game, *(site.code for site in batch)),
        )


def _check_fits(data: PaleoData, rows: int, cols: int, paper: str, per_page: int) -> None:
    _, _, w, h = sheet_box(paper, per_page)
    try:
        sheet_layout(data, rows, cols, w, h)
    except ValueError:
        cell = grid_cell(data, rows, cols, w, h)
        raise ValueError(
            f"--per-page {per_page} does not fit a {rows}x{cols} dig site on {paper} paper: "
            f"cells would be {cell:.1f} mm, at least {MIN_CELL:g} mm are needed"
        ) from None


def _middle_marks(pw: float, ph: float) -> list[Item]:
    """Crop marks where the two sheets are cut apart, 5 mm long: in the top margin, clear
    of the unprintable 5 mm, and in the gutter between the sheets' feet, above the
    calibration bar."""
    x, top = pw / 2, _print_spec().printable + 1.0
    bottom = _footer_top(pw, ph) - 1.0
    return [Line(x, top, x, top + 5.0, CROP), Line(x, bottom - 5.0, x, bottom, CROP)]
