"""One sheet and the pad: takes dig sites, the game data and a language, gives a sheet's
items (shared forms plus what the site has of its own) and the pages of a pad."""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator

from ....draw.shapes import Box, Group, Item, Line, Page, Transform, Use
from ....games.paleo.model import DigSite, PaleoData
from ....layout import fonts
from ....layout.text import fitted_text
from ....source.lang import Language
from .geometry import Layout, code_box, code_line, fossil_columns, fossil_row_top, sheet_layout
from .marks import cell_extent
from .parts import SheetParts, sheet_parts
from .style import ACCENT, CROP, INK, MARGIN, MIN_CELL, PAD, PAPERS, centred, lerp


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


def _fossil_rows(site: DigSite, L: Layout, parts: SheetParts) -> list[Item]:
    badge_x, shape_x, value_x, bonus_x = fossil_columns(L)
    row = L.fossil_row
    radius = min(row * 0.32, 2.3)
    circle_r = min(row * 0.4, 3.0)
    items: list[Item] = []
    for i, fossil in enumerate(site.fossils):
        cy = fossil_row_top(L, i) + row / 2
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
