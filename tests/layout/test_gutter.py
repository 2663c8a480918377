"""Gutter-fold sheets (generator/layout/gutter.py), measured in the PDFs they produce:
after a fold along the middle every back lies behind its front, the right way up
(within 0.01 mm), for pieces that touch and pieces turned a quarter; nothing is drawn
within 5 mm of the paper's edge; the fold line and its label are there and keep 5 mm
from every bleed, on A4 and Letter; at least 12 tiles a sheet."""

from __future__ import annotations

import dataclasses
import io
import math

import pdfplumber
import pytest
from pdfmeasure import PT, pdf_text

from dinokit.draw.shapes import Rect, Style
from dinokit.layout import fonts
from dinokit.layout.gutter import FOLD_CLEAR, FoldGrid, lay_out, plan_gutter
from dinokit.layout.sheets import Component, Footer, LayoutError, PrintOptions, load_sheet_spec
from dinokit.layout.sheetspec import FoldPacking
from dinokit.render.pdf import render_pdf

SPEC = load_sheet_spec()
TILE = SPEC.components["tile"]
FOOTER = Footer(
    "Test",
    "Print at 100%",
    fonts.font_for("latin"),
    "backs",
    "Fold here",
    sheet="{title} · {page}/{pages} · {paper}",
    separator=" · ",
)
TOL = 0.01
LANDSCAPE = {"a4": (297.0, 210.0), "letter": (279.4, 215.9)}
MARK = 4.0  # mm: the corner mark that shows which way up a face is


def colour(i: int, back: bool, mark: bool = False) -> str:
    """A colour of its own for the front and the back of component ``i`` (and their marks)."""
    return f"#{40 + 5 * i:02x}{200 if back else 60:02x}{150 if mark else 90:02x}"


def pieces(count: int, bleed: float = TILE.bleed, w: float = TILE.width,
           h: float = TILE.height) -> list[Component]:  # fmt: skip
    """Pieces with a ground in their bleed and a mark in one corner: the front's top
    right, the back's top left (turned over about its upright axis, the back's top left
    is behind the front's top right)."""

    def face(i: int, back: bool) -> tuple:
        ground = Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, Style(fill=colour(i, back)))
        corner = Rect(0 if back else w - MARK, 0, MARK, MARK, Style(fill=colour(i, back, True)))
        return ground, corner

    return [Component(face(i, False), face(i, True), True) for i in range(count)]


def hex_of(c) -> str:
    values = list(c) * 3 if len(c) == 1 else list(c)
    return "#" + "".join(f"{round(v * 255):02x}" for v in values)


def filled(page) -> dict[str, tuple[float, float, float, float]]:
    """Each filled shape's colour -> its box (x, y, w, h) in mm from the top left."""
    return {
        hex_of(r["non_stroking_color"]): (r["x0"] * PT, r["top"] * PT, r["width"] * PT,
                                          r["height"] * PT)
        for r in page.rects + page.curves
        if r.get("fill") and r.get("non_stroking_color") is not None
    }  # fmt: skip


def nearest_edge(page) -> float:
    """The least distance (mm) from anything drawn on the page to the paper's edge."""
    width, height = page.width * PT, page.height * PT
    best = math.inf
    for o in page.chars + page.rects + page.lines + page.curves:
        half = (o.get("linewidth") or 0) * PT / 2 if o.get("stroke") else 0.0
        straight = o in page.lines
        hx = 0.0 if straight and o["x0"] != o["x1"] else half
        hy = 0.0 if straight and o["top"] != o["bottom"] else half
        best = min(best, o["x0"] * PT - hx, o["top"] * PT - hy,
                   width - o["x1"] * PT - hx, height - o["bottom"] * PT - hy)  # fmt: skip
    return best


def opened(pdf: bytes):
    return pdfplumber.open(io.BytesIO(pdf))


def folded(box: tuple[float, float, float, float], fold: float) -> tuple[float, ...]:
    """Where a box of the backs half lands after the fold: x reflected about ``fold``."""
    x, y, w, h = box
    return (2 * fold - x - w, y, w, h)


def turned(packing: FoldPacking):
    """The sheet layouts with the tile packed as ``packing`` (and 40 x 60 mm when turned)."""
    size = dataclasses.replace(TILE, height=60.0) if packing.turn else TILE
    return dataclasses.replace(
        SPEC,
        components={**SPEC.components, "tile": size},
        gutter_fold={**SPEC.gutter_fold, "tile": packing},
    )


PACKINGS = {
    "touching": FoldPacking(True, True),
    "apart": FoldPacking(),
    "down": FoldPacking(False, True),
    "turned": FoldPacking(True, True, True),
}


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("packing", list(PACKINGS))
def test_every_back_lands_behind_its_front_after_the_fold(paper, packing) -> None:
    spec = turned(PACKINGS[packing])
    size = spec.components["tile"]
    options = PrintOptions(paper, layout="gutter-fold")
    count = plan_gutter(spec, "tile", options).per_sheet
    pdf = render_pdf(lay_out(pieces(count, w=size.width, h=size.height), "tile", FOOTER,
                             options, spec))  # fmt: skip
    with opened(pdf) as doc:
        (page,) = doc.pages
        width, height = page.width * PT, page.height * PT
        assert abs(width - LANDSCAPE[paper][0]) < TOL and abs(height - LANDSCAPE[paper][1]) < TOL
        boxes = filled(page)
    fold = width / 2
    for i in range(count):
        front, back = boxes[colour(i, False)], boxes[colour(i, True)]
        assert front[0] + front[2] <= fold and back[0] >= fold  # fronts left, backs right
        for a, b in zip(folded(back, fold), front, strict=True):
            assert abs(a - b) < TOL, (packing, i, front, back)
        # the right way up: the back's top-left mark behind the front's top-right one
        mark_f, mark_b = boxes[colour(i, False, True)], boxes[colour(i, True, True)]
        for a, b in zip(folded(mark_b, fold), mark_f, strict=True):
            assert abs(a - b) < TOL, (packing, i, mark_f, mark_b)
        if PACKINGS[packing].turn:  # the front's top is on the sheet's right
            assert abs(mark_f[0] + MARK - (front[0] + front[2] - size.bleed)) < TOL


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_touching_pieces_share_one_cut_and_are_clipped_to_it(paper) -> None:
    """Pieces that touch have no gap (the grid of 12 tiles a sheet); each is cut at the
    trim where it meets a neighbour drawn before it, so nothing shows past the cut."""
    options = PrintOptions(paper, layout="gutter-fold")
    grid = plan_gutter(SPEC, "tile", options)
    assert isinstance(grid, FoldGrid) and (grid.cols, grid.rows) == (3, 4)
    assert grid.per_sheet >= 12 and grid.gap == grid.gap_down == 0
    xs = sorted({round(grid.slot(i)[0], 6) for i in range(grid.per_sheet)})
    assert [round(b - a, 6) for a, b in zip(xs, xs[1:], strict=False)] == [TILE.width] * 2


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_nothing_near_the_edge_and_the_fold_clear_of_every_bleed(paper) -> None:
    for bleed, crop in ((None, True), (6, True), (0, False)):
        options = PrintOptions(paper, bleed, crop, layout="gutter-fold")
        count = plan_gutter(SPEC, "tile", options).per_sheet
        b = TILE.bleed if bleed is None else bleed
        pdf = render_pdf(lay_out(pieces(count, b), "tile", FOOTER, options, SPEC))
        with opened(pdf) as doc:
            page = doc.pages[0]
            assert nearest_edge(page) >= SPEC.printable - 1e-3, (bleed, crop)
            fold = page.width * PT / 2
            grounds = [r for r in page.rects if r.get("fill") and r["height"] * PT > 30]
            assert len(grounds) == 2 * count
            for r in grounds:  # each component's artwork, bleed included
                gap = min(abs(r["x0"] * PT - fold), abs(r["x1"] * PT - fold))
                assert gap >= FOLD_CLEAR - 1e-3, (bleed, gap)
            marks = [ln for ln in page.lines if abs(ln["linewidth"] * PT - SPEC.mark_width) < 0.01]
            assert marks or not crop
            for m in marks:  # crop marks never cross or touch the fold line, nor a bleed
                assert min(abs(m["x0"] * PT - fold), abs(m["x1"] * PT - fold)) >= 1.0
                assert not m["x0"] * PT < fold < m["x1"] * PT
                assert (m["x1"] - m["x0"]) * PT >= 1.99 or (m["bottom"] - m["top"]) * PT >= 1.99


def test_a_duplex_offset_is_refused_on_a_sheet_printed_one_sided() -> None:
    options = PrintOptions("a4", duplex_offset=(1.0, 0.0), layout="gutter-fold")
    with pytest.raises(LayoutError, match="gutter-fold sheet prints on one side"):
        lay_out(pieces(1), "tile", FOOTER, options, SPEC)


def test_the_fold_line_and_its_label_run_down_the_middle() -> None:
    options = PrintOptions("a4", layout="gutter-fold")
    pdf = render_pdf(lay_out(pieces(6), "tile", FOOTER, options, SPEC))
    with opened(pdf) as doc:
        page = doc.pages[0]
        fold = page.width * PT / 2
        on_fold = [
            ln for ln in page.lines if max(abs(ln[k] * PT - fold) for k in ("x0", "x1")) < TOL
        ]
        dashed = [ln for ln in on_fold if ln.get("dash") and ln["dash"][0]]
        assert len(dashed) == 2 and len(on_fold) == 4  # broken for the label; two end ticks
        length = sum((ln["bottom"] - ln["top"]) * PT for ln in on_fold)
        assert length > 150  # down the whole sheet, above the footer
        rotated = "".join(c["text"] for c in page.chars if not c["upright"])
        assert rotated == "Fold here"
        xs = [(c["x0"] + c["x1"]) / 2 * PT for c in page.chars if not c["upright"]]
        assert all(abs(x - fold) < 2.0 for x in xs)  # the label sits on the fold
    assert "Fold here" in pdf_text(pdf)[0]


def test_groups_start_sheets_of_their_own_and_labels_count_sheets() -> None:
    options = PrintOptions("a4", layout="gutter-fold")
    pages = lay_out([pieces(13), pieces(2)], "tile", FOOTER, options, SPEC, ["Era I", "Era II"])
    assert [p.meta["count"] for p in pages] == [12, 1, 2]
    assert [p.label for p in pages] == [
        "Test · Era I · 1/3 · A4", "Test · Era I · 2/3 · A4", "Test · Era II · 3/3 · A4"
    ]  # fmt: skip


def test_a_component_too_big_for_half_a_sheet_is_a_clear_error() -> None:
    big = SPEC.__class__(**{**SPEC.__dict__, "components": {"tile": TILE.__class__(150, 40, 6, 3)}})
    with pytest.raises(LayoutError, match="does not fit on half of a"):
        lay_out(pieces(1), "tile", FOOTER, PrintOptions("a4", layout="gutter-fold"), big)
    with pytest.raises(LayoutError, match="unknown layout 'zigzag'"):
        lay_out(pieces(1), "tile", FOOTER, PrintOptions("a4", layout="zigzag"), SPEC)


def test_the_packing_is_read_from_the_sheet_layouts_and_checked(tmp_path) -> None:
    from dinokit.source import templates_dir
    from dinokit.source.diagnostics import DataError

    assert SPEC.gutter_fold["tile"] == FoldPacking(True, True, False)
    assert SPEC.gutter_fold["aid"] == FoldPacking(True, True, True)
    text = (templates_dir() / "sheets.yaml").read_text(encoding="utf-8")
    broken = tmp_path / "sheets.yaml"
    broken.write_text(text.replace("tile: {touch: both}", "tile: {touch: sideways}"), "utf-8")
    with pytest.raises(DataError, match="gutter_fold: tile: touch: got 'sideways'"):
        load_sheet_spec(broken)
    (tmp_path / "old.yaml").write_text(text.split("\ngutter_fold:")[0], "utf-8")
    assert load_sheet_spec(tmp_path / "old.yaml").gutter_fold == {}  # packs apart, upright
