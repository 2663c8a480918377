"""The safe zone, measured in the print-shop PDFs: all art and text at least 1/8 inch
(3.175 mm) inside the cut (the TrimBox), on every component.

Read from the produced file with pdfplumber, not from our layout objects: every
character's box, and every line, rectangle and curve with half its stroke width
round it. Exempt is only art that runs past the cut into the bleed (the backgrounds,
the tile backs' strata, the aid's header band): what the cut goes through is bleed by
design. A round token is measured from its centre, every point of every curve (the
Beziers sampled): at most its radius - 3.175 mm.
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pdfplumber
import pytest
from export_fixtures import data_fixture, en_fixture  # noqa: F401  (fixtures)

from dinokit.products.export.shop import export_print_shop, shop_pages
from dinokit.render.pdf import render_pdf

SAFE = 25.4 / 8  # mm
PT = 25.4 / 72  # mm per point
RUNS_PAST = 0.01  # mm beyond the cut: the object is bleed art
PRODUCTS = ("tiles", "tokens", "aid", "pads")


@dataclass(frozen=True)
class Ink:
    """One object's ink on a page, mm from the page's top left."""

    what: str
    x0: float
    top: float
    x1: float
    bottom: float
    points: tuple[tuple[float, float], ...]  # on its outline (the box's corners for text)
    half: float  # half the stroke width, 0 if not stroked


def _bezier(p0, p1, p2, p3, n: int = 12) -> Iterator[tuple[float, float]]:
    for i in range(1, n + 1):
        t = i / n
        u = 1 - t
        yield (
            u**3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t**3 * p3[0],
            u**3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t**3 * p3[1],
        )


def _outline(obj: dict) -> tuple[tuple[float, float], ...]:
    """Points along a shape's path (curves sampled), or its box's corners."""
    points: list[tuple[float, float]] = []
    current = None
    for segment in obj.get("path") or ():
        op, *pts = segment
        if op == "c" and current is not None:
            points += _bezier(current, *pts)
        elif pts:
            points.append(pts[-1])
        current = pts[-1] if pts else current
    if not points:
        points = [(obj["x0"], obj["top"]), (obj["x1"], obj["bottom"])]
    return tuple((x * PT, y * PT) for x, y in points)


def inks(page) -> tuple[tuple[float, float, float, float], list[Ink]]:
    """The page's cut (left, top, right, bottom in mm) and its objects."""
    media, trim = page.mediabox, page.trimbox
    cut = (
        (trim[0] - media[0]) * PT,
        (media[3] - trim[3]) * PT,
        (trim[2] - media[0]) * PT,
        (media[3] - trim[1]) * PT,
    )
    found = []
    for c in page.chars:
        x0, top, x1, bottom = (c[k] * PT for k in ("x0", "top", "x1", "bottom"))
        corners = ((x0, top), (x1, top), (x0, bottom), (x1, bottom))
        found.append(Ink(f"{c['text']!r}", x0, top, x1, bottom, corners, 0.0))
    for kind in ("rects", "lines", "curves"):
        for o in getattr(page, kind):
            half = o.get("linewidth", 0) * PT / 2 if o.get("stroke") else 0.0
            x0, top, x1, bottom = (o[k] * PT for k in ("x0", "top", "x1", "bottom"))
            box = (x0 - half, top - half, x1 + half, bottom + half)
            found.append(Ink(kind[:-1], *box, _outline(o), half))
    return cut, found


def _runs_past(ink: Ink, cut: tuple[float, float, float, float]) -> bool:
    left, top, right, bottom = cut
    return (
        ink.x0 < left - RUNS_PAST
        or ink.top < top - RUNS_PAST
        or ink.x1 > right + RUNS_PAST
        or ink.bottom > bottom + RUNS_PAST
    )


def margins(pdf: bytes, round_: bool = False) -> list[tuple[float, str]]:
    """Per page: the smallest distance of any ink inside the cut (from the round
    component's edge when ``round_``), and what it is."""
    result = []
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        for page in document.pages:
            cut, found = inks(page)
            left, top, right, bottom = cut
            cx, cy, radius = (left + right) / 2, (top + bottom) / 2, (right - left) / 2
            worst = (math.inf, "nothing")
            for ink in found:
                if not ink.what.startswith("'") and _runs_past(ink, cut):
                    continue  # bleed art: the cut goes through it
                if round_:
                    far = max(math.hypot(x - cx, y - cy) for x, y in ink.points) + ink.half
                    margin = radius - far
                else:
                    margin = min(ink.x0 - left, ink.top - top, right - ink.x1, bottom - ink.bottom)
                worst = min(worst, (margin, ink.what))
            result.append(worst)
    return result


@pytest.fixture(scope="module")
def shop(data, en, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("shop")
    export_print_shop(data, en, PRODUCTS, False, out)
    return out / "en"


@pytest.mark.parametrize("product", PRODUCTS)
def test_everything_is_an_eighth_inch_inside_the_cut(shop: Path, product: str) -> None:
    found = margins((shop / f"{product}-shop.pdf").read_bytes(), round_=product == "tokens")
    assert found
    for number, (margin, what) in enumerate(found):
        assert margin >= SAFE, f"{product} page {number + 1}: {what} {margin:.3f} mm inside"


def test_the_measure_sees_what_crosses_the_safe_line() -> None:
    """A line 2 mm inside the cut (its stroke counted), and a character near the cut,
    are caught; a background running into the bleed is not counted."""
    from dinokit.draw.shapes import Box, Line, Page, Rect, Style, Text
    from dinokit.layout.fonts import font_for

    def page(item: Line | Text) -> Page:
        background = Rect(0, 0, 46.35, 46.35, Style(fill="#cc0000"))
        trim, bleed = Box(3.175, 3.175, 40, 40), Box(0, 0, 46.35, 46.35)
        return Page(46.35, 46.35, (background, item), trim=trim, bleed=bleed)

    line = Line(5.175, 20, 20, 20, Style(stroke="#000000", width=0.2))
    text = Text(20, 42.0, "x", font_for("latin"), 8)  # its box ends 0.3 mm past the cut
    (line_margin, line_what), (text_margin, text_what) = margins(
        render_pdf([page(line), page(text)])
    )
    assert line_margin == pytest.approx(2.0 - 0.1, abs=0.01) and line_what == "line"
    assert text_margin < 1.5 and text_what == "'x'"


@pytest.mark.parametrize(
    "code", ["de", "es", "fr", "it", "ja", "ko", "nl", "pl", "pt-BR", "zh-Hans"]
)
def test_every_language_keeps_to_the_safe_zone(data, code: str) -> None:
    """The aid (both sides) and a tile of every species name and every position name,
    with each era's back: the texts that change with the language."""
    lang = data.language(code)
    assert lang is not None
    tiles = shop_pages(data, lang, "tiles")
    names: set[str] = set()
    picked = []
    for page in tiles:
        back = page.meta["art"].endswith("-back")
        words = {page.meta["art"]} if back else set(page.meta["piece"].split("-")[2:])
        if not words <= names:
            picked.append(page)
            names |= words
    for pages in (picked, shop_pages(data, lang, "aid")):
        for number, (margin, what) in enumerate(margins(render_pdf(pages))):
            assert margin >= SAFE, f"{code} {pages[number].label}: {what} {margin:.3f} mm"
