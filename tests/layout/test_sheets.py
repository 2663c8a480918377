"""The print-sheet machinery (generator/layout/sheets.py), measured in the PDFs and SVGs it
produces: crop marks only where a line cuts something, the duplex offset and its limit,
the printable margin at every allowed offset, group titles, and seamless SVG bleeds."""

from __future__ import annotations

import io
import math
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pdfplumber
import pytest
from pdfmeasure import PT, measure

from dinokit.draw.shapes import Group, Rect, Style, Transform
from dinokit.layout import fonts
from dinokit.layout.sheets import (
    Component,
    Footer,
    LayoutError,
    PrintOptions,
    check_duplex_offset,
    layout_sheets,
    load_sheet_spec,
    plan_grid,
)
from dinokit.render.pdf import render_pdf
from dinokit.render.svg import render_svg_page

SPEC = load_sheet_spec()
TILE = SPEC.components["tile"]
FOOTER = Footer(
    "Test sheet",
    "Print at 100%",
    fonts.font_for("latin"),
    "backs",
    sheet="{title} · {page}/{pages} · {paper}",
    separator=" · ",
)
TOL = 0.05
COLOURS = ("#a52413", "#446856", "#196de1", "#d37808")


def piece(colour: str, bleed: float = TILE.bleed) -> tuple:
    w, h = TILE.width, TILE.height
    return (Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, Style(fill=colour)),)


def pieces(count: int, backs: bool = True, contained: bool = True) -> list[Component]:
    return [
        Component(piece(COLOURS[i % 4]), piece(COLOURS[(i + 1) % 4]) if backs else None, contained)
        for i in range(count)
    ]


def marks(page) -> list:
    return [m for m in page.lines if abs(m.width - SPEC.mark_width) < 0.01]


def backgrounds(page) -> list:
    size = TILE.width + 2 * TILE.bleed
    return [r for r in page.rects if abs(r.w - size) < TOL and abs(r.h - size) < TOL]


def test_a_full_sheet_marks_every_cut_line_at_both_ends() -> None:
    grid = plan_grid(SPEC, "tile", PrintOptions(), duplex=True)
    pages = layout_sheets(pieces(grid.per_sheet), "tile", FOOTER, PrintOptions(), SPEC)
    for page in measure(render_pdf(pages)):
        assert len(marks(page)) == 2 * (2 * grid.cols) + 2 * (2 * grid.rows)


def test_a_part_sheet_marks_only_the_lines_that_cut_a_component() -> None:
    """16 tiles on a 4 x 5 grid: no mark for the empty 5th row, and the marks below the
    4th row sit right under it, not under the empty row."""
    grid = plan_grid(SPEC, "tile", PrintOptions(), duplex=True)
    pages = measure(render_pdf(layout_sheets(pieces(16), "tile", FOOTER, PrintOptions(), SPEC)))
    for page in pages:
        rects = backgrounds(page)
        assert len(rects) == 16
        b = TILE.bleed
        cut_ys = {round(r.y + b + e, 2) for r in rects for e in (0, TILE.height)}
        cut_xs = {round(r.x + b + e, 2) for r in rects for e in (0, TILE.width)}
        found = marks(page)
        horizontal = [m for m in found if abs(m.y1 - m.y2) < TOL]
        vertical = [m for m in found if abs(m.x1 - m.x2) < TOL]
        assert {round(m.y1, 2) for m in horizontal} == cut_ys  # 8 lines, not 10
        assert {round(m.x1, 2) for m in vertical} == cut_xs
        assert len(found) == 2 * 8 + 2 * 8
        bottom = max(r.y + r.h for r in rects)
        assert max(max(m.y1, m.y2) for m in vertical) == pytest.approx(
            bottom + SPEC.mark_offset + SPEC.mark_length, abs=TOL
        )
        assert grid.rows == 5


def test_marks_never_touch_a_component_or_its_bleed() -> None:
    for count in (18, 7, 1):
        pages = layout_sheets(pieces(count), "tile", FOOTER, PrintOptions(), SPEC)
        for page in measure(render_pdf(pages)):
            for m in marks(page):
                for r in backgrounds(page):
                    across = r.x - TOL < min(m.x1, m.x2) and max(m.x1, m.x2) < r.x + r.w + TOL
                    along = r.y - TOL < min(m.y1, m.y2) and max(m.y1, m.y2) < r.y + r.h + TOL
                    assert not (across and along), (count, m, r)


def _nearest_edge(pdf: bytes) -> list[float]:
    """Per page, the least distance (mm) from anything drawn to the paper's edge."""
    out = []
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        for page in doc.pages:
            width, height = page.width * PT, page.height * PT
            best = math.inf
            for o in page.chars + page.rects + page.lines + page.curves:
                half = (o.get("linewidth") or 0) * PT / 2 if o.get("stroke") else 0.0
                straight = o in page.lines
                hx = 0.0 if straight and o["x0"] != o["x1"] else half  # butt caps
                hy = 0.0 if straight and o["top"] != o["bottom"] else half
                best = min(
                    best,
                    o["x0"] * PT - hx,
                    o["top"] * PT - hy,
                    width - o["x1"] * PT - hx,
                    height - o["bottom"] * PT - hy,
                )
            out.append(best)
    return out


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("offset", [(5, 5), (-5, -5), (5, -5), (-5, 5), (0, 0)])
def test_nothing_within_the_printable_margin_at_any_allowed_offset(paper, offset) -> None:
    for bleed, crop in ((None, True), (6, True), (0, False)):
        options = PrintOptions(paper, bleed, crop, duplex_offset=offset)
        pages = layout_sheets(pieces(20), "tile", FOOTER, options, SPEC)
        nearest = _nearest_edge(render_pdf(pages))
        assert min(nearest) >= SPEC.printable - 1e-3, (bleed, crop, nearest)


@pytest.fixture(scope="module")
def dinos():
    from dinokit.products.validate import load_data

    data, _ = load_data()
    return data.game("digging-for-dinos"), data.language("en")


@pytest.mark.parametrize("product", ["tile_pages", "token_pages", "aid_pages"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_kit_sheet_keeps_the_margin_at_the_largest_offsets(dinos, product, paper) -> None:
    """The Digging for Dinos sheets, fronts and backs, at each corner of the allowed
    duplex offsets: nothing is drawn within the printable margin."""
    from dinokit.products.dinos import kit

    data, lang = dinos
    for offset in ((5, 5), (-5, -5), (5, -5), (-5, 5)):
        pages = getattr(kit, product)(data, lang, PrintOptions(paper, duplex_offset=offset))
        assert min(_nearest_edge(render_pdf(pages[:2]))) >= SPEC.printable - 1e-3, offset


def test_marks_on_a_shifted_backs_page_are_shortened_not_dropped() -> None:
    options = PrintOptions("a4", duplex_offset=(-5, 0))
    front, back = measure(render_pdf(layout_sheets(pieces(20), "tile", FOOTER, options, SPEC)))
    assert len(marks(back)) == len(marks(front))
    left = [m for m in marks(back) if abs(m.y1 - m.y2) < TOL and m.x2 < 30]
    assert left and all(min(m.x1, m.x2) >= SPEC.printable - TOL for m in left)
    assert all(1.0 - TOL <= m.length < SPEC.mark_length for m in left)


def test_the_offset_moves_backs_right_and_down() -> None:
    """+X moves the backs right as seen on the backs page, +Y down; fronts stay."""
    plain = measure(render_pdf(layout_sheets(pieces(6), "tile", FOOTER, PrintOptions(), SPEC)))
    options = PrintOptions(duplex_offset=(2.5, 4.0))
    moved = measure(render_pdf(layout_sheets(pieces(6), "tile", FOOTER, options, SPEC)))
    key = sorted((round(r.x, 2), round(r.y, 2)) for r in backgrounds(plain[1]))
    shifted = sorted((round(r.x - 2.5, 2), round(r.y - 4.0, 2)) for r in backgrounds(moved[1]))
    assert shifted == key
    assert sorted((r.x, r.y) for r in backgrounds(moved[0])) == sorted(
        (r.x, r.y) for r in backgrounds(plain[0])
    )


@pytest.mark.parametrize(
    "offset, message",
    [
        ((5.01, 0.0), "X = 5.01 mm is out of range"),
        ((0.0, -20.0), "Y = -20 mm is out of range"),
        ((math.nan, 0.0), "X = nan, not a number of mm"),
        ((0.0, math.inf), "Y = inf, not a number of mm"),
    ],
)
def test_offsets_beyond_the_limit_are_refused(offset, message: str) -> None:
    with pytest.raises(LayoutError, match=message):
        check_duplex_offset(SPEC, offset)
    with pytest.raises(LayoutError, match="from -5 to 5 mm"):
        layout_sheets(pieces(2), "tile", FOOTER, PrintOptions(duplex_offset=offset), SPEC)
    check_duplex_offset(SPEC, (5.0, -5.0))  # the limit itself is allowed


def test_group_titles_name_each_sheet_in_its_label() -> None:
    groups = [pieces(3), pieces(25)]
    pages = layout_sheets(groups, "tile", FOOTER, PrintOptions(), SPEC, ["Era I", "Era II"])
    assert [p.label for p in pages] == [
        "Test sheet · Era I · 1/3 · A4",
        "Test sheet · Era I · backs · 1/3 · A4",
        "Test sheet · Era II · 2/3 · A4",
        "Test sheet · Era II · backs · 2/3 · A4",
        "Test sheet · Era II · 3/3 · A4",
        "Test sheet · Era II · backs · 3/3 · A4",
    ]


# --- SVG: bleeds that meet without a seam ---------------------------------------------

SVG = "{http://www.w3.org/2000/svg}"


def test_contained_components_are_placed_without_a_clip() -> None:
    (page,) = layout_sheets(pieces(4, backs=False), "tile", FOOTER, PrintOptions(), SPEC)
    root = ET.fromstring(render_svg_page(page))
    assert root.find(f".//{SVG}clipPath") is None
    plain = [r for r in root.iter(SVG + "rect") if r.get("fill") in COLOURS]
    assert len(plain) == 4 and all(r.get("shape-rendering") == "crispEdges" for r in plain)
    (clipped,) = layout_sheets(
        pieces(4, backs=False, contained=False), "tile", FOOTER, PrintOptions(), SPEC
    )
    assert len(ET.fromstring(render_svg_page(clipped)).findall(f".//{SVG}clipPath")) == 4


def test_turned_or_rounded_rects_stay_anti_aliased() -> None:
    from dinokit.draw.shapes import Page

    turned = Group((Rect(0, 0, 5, 5, Style(fill="#ff0000")),), Transform(rotate=20))
    rounded = Rect(10, 10, 5, 5, Style(fill="#00ff00"), radius=1)
    root = ET.fromstring(render_svg_page(Page(30, 30, (turned, rounded))))
    assert all(r.get("shape-rendering") is None for r in root.iter(SVG + "rect"))


@pytest.mark.skipif(shutil.which("chromium") is None, reason="needs Chromium to look")
def test_no_seam_where_bleeds_meet_in_chromium(tmp_path: Path) -> None:
    """Chromium draws the SVG sheet: where two bleeds meet, no pixel is lighter than
    the colours on either side (an anti-aliased edge would blend in the white paper)."""
    from PIL import Image

    (page,) = layout_sheets(pieces(20, backs=False), "tile", FOOTER, PrintOptions(), SPEC)
    svg = tmp_path / "sheet.svg"
    svg.write_bytes(render_svg_page(page))
    html = tmp_path / "sheet.html"
    html.write_text(f'<body style="margin:0"><img src="{svg.as_uri()}"></body>')
    png = tmp_path / "sheet.png"
    scale = 96 / 25.4  # px per mm at 100%
    subprocess.run(
        [
            "chromium",
            "--headless=new",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            f"--window-size={math.ceil(page.width * scale)},{math.ceil(page.height * scale)}",
            f"--screenshot={png}",
            html.as_uri(),
        ],
        check=True,
        capture_output=True,
        timeout=60,
    )
    image = Image.open(png).convert("L")
    grid = plan_grid(SPEC, "tile", PrintOptions())
    seams = [grid.y0 + r * (TILE.height + grid.gap) - TILE.bleed for r in range(1, grid.rows)]
    x = round((grid.x0 + TILE.width / 2) * scale)
    for y_mm in seams:
        y = y_mm * scale
        column = [image.getpixel((x, row)) for row in range(math.floor(y) - 3, math.ceil(y) + 4)]
        above, below = column[0], column[-1]
        assert max(column) <= max(above, below) + 2, (y_mm, column)
