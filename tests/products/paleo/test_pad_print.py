"""Pad pages as printed at home, measured in the PDFs (issue 10): the dice key reads the
same to everyone, nothing in the printer's 5 mm, a calibration bar, a round track a
digit fits in, a layout whose parts share the sheet's edges, labels clear of the rest."""

from __future__ import annotations

import functools
import io
from dataclasses import dataclass

import pdfplumber
import pytest
from pdfmeasure import pdf_text
from printcheck import PT, margin_ink, too_close
from test_pad_sheet import make_sites

from dinokit.draw.shapes import Line, Page, Style, Text
from dinokit.layout import fonts
from dinokit.products.paleo import sheet
from dinokit.products.validate import load_data
from dinokit.render.pdf import render_pdf

LANGS = ["en", "it", "fr", "de", "es", "ko"]
KINDS = [("a4", 1), ("a4", 2), ("letter", 1), ("letter", 2)]
TOL = 0.01  # mm: points to millimetres and back


@functools.cache
def loaded():
    """The shipped data (and its six languages)."""
    return load_data()[0]


@functools.cache
def pad_pdf(code: str, paper: str, per_page: int) -> bytes:
    """One page of a pad (one sheet, or two side by side), made once per test run."""
    paleo, lang = loaded().game("paleontologists"), loaded().language(code)
    return render_pdf(sheet.pad_pages(make_sites(per_page), paleo, lang, paper, per_page))


@dataclass(frozen=True)
class Shape:
    x0: float
    top: float
    x1: float
    bottom: float
    fill: object
    kind: str  # "rect" (square corners) or "curve"

    @property
    def w(self) -> float:
        return self.x1 - self.x0

    @property
    def h(self) -> float:
        return self.bottom - self.top

    def holds(self, other: Shape, slack: float = 0.05) -> bool:
        return (
            self.x0 - slack <= other.x0
            and other.x1 <= self.x1 + slack
            and self.top - slack <= other.top
            and other.bottom <= self.bottom + slack
        )


_SHAPES: dict[int, tuple[list[Shape], list[dict], float, float]] = {}


def shapes(pdf: bytes) -> tuple[list[Shape], list[dict], float, float]:
    """Rects and curves of the first page in mm, its words, its width and height."""
    key = hash(pdf)
    if key not in _SHAPES:
        _SHAPES[key] = _shapes(pdf)
    return _SHAPES[key]


def _shapes(pdf: bytes) -> tuple[list[Shape], list[dict], float, float]:
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        p = doc.pages[0]
        found = [
            Shape(
                o["x0"] * PT,
                o["top"] * PT,
                o["x1"] * PT,
                o["bottom"] * PT,
                o.get("non_stroking_color") if o.get("fill") else None,
                kind,
            )
            for kind, objects in (("rect", p.rects), ("curve", p.curves))
            for o in objects
        ]
        words = p.extract_words()
        return found, words, p.width * PT, p.height * PT


def _is(colour: object, rgb: tuple[float, float, float]) -> bool:
    return (
        isinstance(colour, tuple)
        and len(colour) == 3
        and max(abs(float(a) - b) for a, b in zip(colour, rgb, strict=True)) < 0.01
    )


INK = (0x2B / 255, 0x1D / 255, 0x12 / 255)  # the sheet's ink: pips and pattern dots
WHITE = (1.0, 1.0, 1.0)


def dots(found: list[Shape]) -> list[Shape]:
    """Small round marks filled with ink: die pips and the dots of the Dots pattern."""
    return [
        s
        for s in found
        if s.kind == "curve" and _is(s.fill, INK) and s.w < 1.5 and abs(s.w - s.h) < 0.05
    ]


def dice(found: list[Shape]) -> list[Shape]:
    """Die faces: rounded white squares holding pips."""
    marks = dots(found)
    return [
        s
        for s in found
        if s.kind == "curve"
        and _is(s.fill, WHITE)
        and 4 <= s.w <= 9
        and abs(s.w - s.h) < 0.05
        and any(s.holds(d) for d in marks)
    ]


@pytest.mark.parametrize("paper, per_page", KINDS)
def test_dig_type_swatches_never_look_like_pips(paper, per_page):
    """Every mark holding dots is either a die (1 to 6 pips, its numeral beside it) or a
    square-cornered swatch that is not square and holds more dots than any die."""
    pdf = pad_pdf("en", paper, per_page)
    found, words, _, _ = shapes(pdf)
    marks = dots(found)
    faces = dice(found)
    assert len(faces) == 6 * per_page  # the dice key of each sheet
    for die in faces:
        pips = [d for d in marks if die.holds(d)]
        assert 1 <= len(pips) <= 6
        # Its numeral: right of the die, centred on it, the number of its pips.
        beside = [
            w
            for w in words
            if 0.8 <= w["x0"] * PT - die.x1 <= 3.0
            and abs((w["top"] + w["bottom"]) / 2 * PT - (die.top + die.bottom) / 2) < die.h / 3
        ]
        assert [w["text"] for w in beside] == [str(len(pips))], (die, beside)
    holders = [s for s in found if s not in faces and s.w < 30 and s.h < 30]
    swatches = 0
    for holder in holders:
        inside = [d for d in marks if holder.holds(d)]
        if len(inside) < 2 or any(f.holds(holder) or holder.holds(f) for f in faces):
            continue
        if holder.fill is None or holder.kind != "rect":
            continue  # the frames drawn over a white swatch, or a face box holding a die
        swatches += 1
        assert len(inside) >= 7, (holder, len(inside))
        assert holder.w >= 1.5 * holder.h, holder
    # The Dots type: twice in the dice key, once in the dig-type key, per sheet.
    assert swatches == 3 * per_page


@pytest.mark.parametrize("code", LANGS)
def test_the_dice_key_names_its_rows_in_words(code):
    """Beside the faces, the key says which row is the shape and which the dig type."""
    lang = loaded().language(code)
    pdf = pad_pdf(code, "letter", 2)
    found, words, _, _ = shapes(pdf)
    faces = sorted(dice(found), key=lambda s: s.x0)[:6]  # the left sheet's
    strips = [
        s
        for s in found
        if s.kind == "rect"
        and s.fill
        and s.w >= 1.5 * s.h
        and faces[0].x0 - 2 < s.x0 < faces[-1].x1
    ]
    strip_top = min(s.top for s in strips if s.top > faces[0].bottom)
    strip_bottom = max(s.bottom for s in strips if s.top > faces[0].bottom)
    left_words = [w for w in words if w["x1"] * PT < faces[0].x0 - 1.0]

    def rows_of(key: str) -> tuple[float, float]:
        text = lang.label(key).split()
        hits = [w for w in left_words if w["text"] in text]
        assert {w["text"] for w in hits} == set(text), (key, [w["text"] for w in left_words])
        hits = [w for w in hits if faces[0].top < w["top"] * PT < strip_bottom + 1]
        return min(w["top"] for w in hits) * PT, max(w["bottom"] for w in hits) * PT

    shape_top, shape_bottom = rows_of("dice_key_shape")
    assert faces[0].bottom < shape_top and shape_bottom < strip_top  # beside the shapes
    type_top, type_bottom = rows_of("dice_key_dig_type")
    assert strip_top - 1.0 < type_top and type_bottom < strip_bottom + 1.0  # beside the strips


@pytest.mark.parametrize("paper, per_page", KINDS)
def test_nothing_is_drawn_within_5_mm_of_the_paper_edge(paper, per_page):
    pdf = pad_pdf("en", paper, per_page)
    assert margin_ink(pdf, 0, 5.0) == []
    # In the vector drawing too (the rendering would hide a hairline).
    found, _, width, height = shapes(pdf)
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        lines = doc.pages[0].lines
        chars = doc.pages[0].chars
    boxes = [(s.x0, s.top, s.x1, s.bottom) for s in found]
    boxes += [(o["x0"] * PT, o["top"] * PT, o["x1"] * PT, o["bottom"] * PT) for o in lines]
    boxes += [(o["x0"] * PT, o["top"] * PT, o["x1"] * PT, o["bottom"] * PT) for o in chars]
    for x0, y0, x1, y1 in boxes:
        assert x0 >= 5 and y0 >= 5 and x1 <= width - 5 and y1 <= height - 5, (x0, y0, x1, y1)


def test_two_per_page_cut_marks_sit_between_the_sheets():
    for paper in ("a4", "letter"):
        pdf = pad_pdf("en", paper, 2)
        with pdfplumber.open(io.BytesIO(pdf)) as doc:
            page = doc.pages[0]
            width, height = page.width * PT, page.height * PT
            marks = [
                ln
                for ln in page.lines
                if abs(ln["x0"] * PT - width / 2) < 0.01 and ln["x0"] == ln["x1"]
            ]
        assert len(marks) == 2
        top, bottom = sorted(marks, key=lambda ln: ln["top"])
        assert top["top"] * PT >= 5.5 and top["bottom"] * PT <= 12  # above the sheets' drawing
        assert bottom["top"] * PT >= height - 20 and bottom["bottom"] * PT <= height - 13.5
        assert min(ln["bottom"] - ln["top"] for ln in marks) * PT >= 4.0  # a ruler can find it


@pytest.mark.parametrize("paper, per_page", KINDS)
def test_every_pad_page_has_the_calibration_bar(paper, per_page):
    """The kit's 50 mm bar with its ticks and the print-at-100% line, on each page."""
    en = loaded().language("en")
    pdf = pad_pdf("en", paper, per_page)
    found, _, _, height = shapes(pdf)
    bars = [
        s
        for s in found
        if s.kind == "rect" and s.fill and abs(s.w - 50) < 0.05 and abs(s.h - 2.5) < 0.05
    ]
    assert len(bars) == 1
    bar = bars[0]
    assert height - 5 - 6 <= bar.bottom <= height - 5  # at the foot, inside the print area
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        ticks = [
            ln
            for ln in doc.pages[0].lines
            if ln["x0"] == ln["x1"] and abs(ln["bottom"] * PT - bar.bottom) < 2.6
        ]
    xs = sorted(round(ln["x0"] * PT - bar.x0, 1) for ln in ticks)
    assert xs == [0.0, 10.0, 20.0, 30.0, 40.0, 50.0]
    assert en.label("print_check") in pdf_text(pdf)[0]


@pytest.mark.parametrize("paper, per_page", KINDS)
def test_round_track_boxes_hold_a_digit(paper, per_page):
    """Two boxes a round, each at least 6 x 5 mm, for the twenty rounds of each sheet."""
    pdf = pad_pdf("en", paper, per_page)
    found, _, width, _ = shapes(pdf)
    for k in range(per_page):
        half = [s for s in found if k * width / per_page <= s.x0 < (k + 1) * width / per_page]
        grid = max(
            (s for s in half if s.kind == "rect" and abs(s.w - s.h) < 0.01), key=lambda s: s.w
        )
        panels = [s for s in half if s.kind == "curve" and s.w > 15 and s.h > 60]
        track = max((p for p in panels if p.x0 > grid.x1), key=lambda p: p.h)
        boxes = [
            s
            for s in half
            if s.kind == "curve" and track.holds(s) and s.h < 9 and _is(s.fill, WHITE)
        ]
        assert len(boxes) == 40
        assert min(b.w for b in boxes) >= 6.0 - TOL and min(b.h for b in boxes) >= 5.0 - TOL


@pytest.mark.parametrize("paper, per_page", KINDS)
def test_grid_and_track_span_the_sheet_like_the_panels(paper, per_page):
    """The grid starts where the panels start and the track ends where they end (on
    Letter too, where the grid's height, not the width, sets its size)."""
    pdf = pad_pdf("en", paper, per_page)
    found, _, width, height = shapes(pdf)
    for k in range(per_page):
        half = [
            s
            for s in found
            if k * width / per_page <= s.x0 < (k + 1) * width / per_page and s.bottom < height - 13
        ]
        grid = max(
            (s for s in half if s.kind == "rect" and abs(s.w - s.h) < 0.01), key=lambda s: s.w
        )
        panels = [s for s in half if s.kind == "curve" and s.w > 20 and s.h > 20]
        track = max((p for p in panels if p.x0 > grid.x1), key=lambda p: p.h)
        left = min(p.x0 for p in panels)
        right = max(p.x1 for p in panels)
        assert abs(grid.x0 - left) < 0.5 and abs(track.x1 - right) < 0.05
        assert track.top == pytest.approx(grid.top, abs=0.5)
        assert track.x0 - grid.x1 < 4.0  # beside the grid, no strip between


@pytest.mark.parametrize("code", LANGS)
@pytest.mark.parametrize("paper, per_page", KINDS)
def test_labels_stay_1_mm_clear_in_every_language(code, paper, per_page):
    pdf = pad_pdf(code, paper, per_page)
    assert too_close(pdf, 0, 1.0, dpi=150) == []


def test_the_clearance_measure_finds_a_label_too_close():
    """The measure itself: a label 0.5 mm above a line is found, 1.5 mm above is not."""
    font = fonts.font_for("latin")
    ink = Style(stroke="#000000", width=0.3)

    def page(gap: float) -> bytes:
        # "HHH" has no descender: its ink ends on the baseline.
        line = Line(15, 20 + gap + 0.15, 40, 20 + gap + 0.15, ink)
        return render_pdf([Page(60, 40, (Text(20, 20, "HHH", font, 10), line))])

    assert len(too_close(page(0.5), 0, 1.0, dpi=150)) == 1
    assert too_close(page(1.5), 0, 1.0, dpi=150) == []
