"""Gutter-fold sheets (generator/layout/gutter.py), measured in the PDFs they produce:
after a fold along the middle every back lies behind its front (within 0.05 mm),
nothing is drawn within 5 mm of the paper's edge, the fold line and its label are
there and keep 5 mm from every bleed, at every allowed offset, on A4 and Letter."""

from __future__ import annotations

import io
import math

import pdfplumber
import pytest
from pdfmeasure import PT, pdf_text

from dinokit.draw.shapes import Rect, Style
from dinokit.layout import fonts
from dinokit.layout.gutter import FOLD_CLEAR, lay_out, plan_gutter
from dinokit.layout.sheets import Component, Footer, LayoutError, PrintOptions, load_sheet_spec
from dinokit.render.pdf import render_pdf

SPEC = load_sheet_spec()
TILE = SPEC.components["tile"]
FOOTER = Footer("Test", "Print at 100%", fonts.font_for("latin"), "backs", "Fold here")
TOL = 0.05
LANDSCAPE = {"a4": (297.0, 210.0), "letter": (279.4, 215.9)}
OFFSETS = [(0, 0), (5, 5), (-5, -5), (5, -5), (-5, 5)]


def colour(i: int, back: bool) -> str:
    """A colour of its own for the front and the back of component ``i``."""
    return f"#{40 + 7 * i:02x}{200 if back else 60:02x}{90:02x}"


def pieces(count: int, bleed: float = TILE.bleed) -> list[Component]:
    w, h = TILE.width, TILE.height

    def ground(c: str) -> tuple:
        return (Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, Style(fill=c)),)

    return [
        Component(ground(colour(i, False)), ground(colour(i, True)), True) for i in range(count)
    ]


def hex_of(c) -> str:
    values = list(c) * 3 if len(c) == 1 else list(c)
    return "#" + "".join(f"{round(v * 255):02x}" for v in values)


def filled(page) -> dict[str, tuple[float, float, float, float]]:
    """Each filled rectangle's colour -> its box (x, y, w, h) in mm from the top left."""
    return {
        hex_of(r["non_stroking_color"]): (r["x0"] * PT, r["top"] * PT, r["width"] * PT,
                                          r["height"] * PT)
        for r in page.rects
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


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("offset", OFFSETS)
def test_every_back_lands_behind_its_front_after_the_fold(paper, offset) -> None:
    count = plan_gutter(SPEC, "tile", PrintOptions(paper, layout="gutter-fold")).per_sheet
    options = PrintOptions(paper, duplex_offset=offset, layout="gutter-fold")
    pdf = render_pdf(lay_out(pieces(count), "tile", FOOTER, options, SPEC))
    with opened(pdf) as doc:
        (page,) = doc.pages
        width, height = page.width * PT, page.height * PT
        assert abs(width - LANDSCAPE[paper][0]) < TOL and abs(height - LANDSCAPE[paper][1]) < TOL
        boxes = filled(page)
    fold, dx, dy = width / 2, *offset
    for i in range(count):
        fx, fy, fw, fh = boxes[colour(i, False)]
        bx, by, bw, bh = boxes[colour(i, True)]
        assert fx + fw <= fold and bx >= fold  # fronts left of the fold, backs right
        # The fold reflects x about the middle; the backs half is shifted by the offset.
        assert abs((2 * fold - (bx - dx) - bw) - fx) < TOL, (i, fx, bx)
        assert abs((by - dy) - fy) < TOL and abs(bw - fw) < TOL and abs(bh - fh) < TOL


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("offset", OFFSETS)
def test_nothing_near_the_edge_and_the_fold_clear_of_every_bleed(paper, offset) -> None:
    for bleed, crop in ((None, True), (6, True), (0, False)):
        options = PrintOptions(paper, bleed, crop, duplex_offset=offset, layout="gutter-fold")
        pdf = render_pdf(lay_out(pieces(6, bleed or 0), "tile", FOOTER, options, SPEC))
        with opened(pdf) as doc:
            page = doc.pages[0]
            assert nearest_edge(page) >= SPEC.printable - 1e-3, (bleed, crop)
            fold = page.width * PT / 2
            grounds = [r for r in page.rects if r.get("fill") and r["width"] * PT > 30]
            for r in grounds:  # each component's artwork, bleed included
                gap = min(abs(r["x0"] * PT - fold), abs(r["x1"] * PT - fold))
                assert gap >= FOLD_CLEAR - 1e-3, (bleed, offset, gap)
            marks = [ln for ln in page.lines if abs(ln["linewidth"] * PT - SPEC.mark_width) < 0.01]
            assert marks or not crop
            for m in marks:  # crop marks never cross or touch the fold line
                assert min(abs(m["x0"] * PT - fold), abs(m["x1"] * PT - fold)) >= 1.0
                assert not m["x0"] * PT < fold < m["x1"] * PT


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
    pages = lay_out([pieces(7), pieces(2)], "tile", FOOTER, options, SPEC, ["Era I", "Era II"])
    assert [p.meta["count"] for p in pages] == [6, 1, 2]
    assert [p.label for p in pages] == [
        "Test · Era I · 1/3 · A4", "Test · Era I · 2/3 · A4", "Test · Era II · 3/3 · A4"
    ]  # fmt: skip


def test_a_component_too_big_for_half_a_sheet_is_a_clear_error() -> None:
    big = SPEC.__class__(**{**SPEC.__dict__, "components": {"tile": TILE.__class__(150, 40, 6, 3)}})
    with pytest.raises(LayoutError, match="does not fit on half of a"):
        lay_out(pieces(1), "tile", FOOTER, PrintOptions("a4", layout="gutter-fold"), big)
    with pytest.raises(LayoutError, match="unknown layout 'zigzag'"):
        lay_out(pieces(1), "tile", FOOTER, PrintOptions("a4", layout="zigzag"), SPEC)
