"""Ink saving for pads and booklets (generator/layout/inksaver.py), measured in rendered
pages: no large dark area remains (a threshold the full-colour booklet fails), grounds
turn white, dark panels keep an outline, and what stood on them stays readable."""

from __future__ import annotations

import io

import numpy as np
import pdfplumber
import pypdfium2
import pytest
from pdfmeasure import PT

from dinokit.draw.shapes import Circle, Form, Group, Page, Rect, Style, Text, Transform, Use
from dinokit.games.data import load_games
from dinokit.layout.inksaver import LARGE, lighten, luminance
from dinokit.render.pdf import render_pdf
from dinokit.source import DEFAULT_DATA_DIR
from dinokit.source.diagnostics import Diagnostics

DPI = 30
WINDOW = 15.0  # mm: a square this big, almost all dark, is a large dark area
DARK_SHARE = 0.85  # ... "almost all": more than this share of its pixels


def darkest_window(pdf: bytes) -> list[float]:
    """Per page, the largest share of dark pixels (luminance < 0.5) in any 15 mm square."""
    doc = pypdfium2.PdfDocument(pdf)
    k = round(WINDOW * DPI / 25.4)
    out = []
    for i in range(len(doc)):
        grey = np.asarray(doc[i].render(scale=DPI / 72).to_pil().convert("L"), dtype=float)
        dark = (grey < 128).astype(float)
        s = np.pad(dark.cumsum(0).cumsum(1), ((1, 0), (1, 0)))
        window = s[k:, k:] - s[:-k, k:] - s[k:, :-k] + s[:-k, :-k]
        out.append(float(window.max()) / (k * k))
    return out


def ink(pdf: bytes) -> float:
    """Mean darkness of all pages (0 white to 1 black): how much ink they take."""
    doc = pypdfium2.PdfDocument(pdf)
    pages = [
        np.asarray(doc[i].render(scale=DPI / 72).to_pil().convert("L")) for i in range(len(doc))
    ]
    return float(np.mean([1 - p / 255 for p in pages]))


def large_fills(pdf: bytes) -> list[float]:
    """Luminance of every filled rectangle or shape of at least LARGE mm² on every page."""
    out = []
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        for page in doc.pages:
            for r in page.rects + page.curves:
                colour = r.get("non_stroking_color")
                if (
                    not r.get("fill")
                    or colour is None
                    or r["width"] * r["height"] * PT * PT < LARGE
                ):
                    continue
                values = list(colour) * 3 if len(colour) == 1 else list(colour)
                out.append(luminance("#" + "".join(f"{round(v * 255):02x}" for v in values[:3])))
    return out


@pytest.fixture(scope="module")
def data():
    diags = Diagnostics()
    loaded = load_games(DEFAULT_DATA_DIR, diags)
    assert loaded is not None and not diags.errors
    return loaded


@pytest.fixture(scope="module")
def booklet(data) -> list[Page]:
    from dinokit.products.booklet.build import booklet_pages
    from dinokit.products.booklet.source import load_structure, load_texts

    diags = Diagnostics()
    structure = load_structure("digging-for-dinos", diags)
    texts = load_texts("digging-for-dinos", "en", diags)
    assert structure and texts
    return booklet_pages(structure, texts, data, data.language("en"), bleed=0.0)


def test_the_booklet_keeps_no_large_dark_area(booklet) -> None:
    normal = darkest_window(render_pdf(booklet[:1]))
    assert normal[0] > DARK_SHARE  # the full-colour cover has one: the threshold can fail
    # the cover, and pages with drawn tiles, tokens and tables
    saved = darkest_window(render_pdf(list(lighten(booklet[:6]))))
    assert len(saved) == 6 and max(saved) < DARK_SHARE, saved


def test_pad_grounds_turn_white_and_take_less_ink(data) -> None:
    from dinokit.games.paleo.pads import PadGenerator, sheet_seeds
    from dinokit.products.paleo.sheet import pad_pages

    paleo = data.game("paleontologists")
    site = PadGenerator(paleo).sheet("medium", next(sheet_seeds(1)))
    normal = render_pdf(list(pad_pages([site], paleo, data.language("en"), "a4", 1)))
    saved = render_pdf(list(lighten(pad_pages([site], paleo, data.language("en"), "a4", 1))))
    assert min(large_fills(normal)) < 0.85  # parchment bands and fossils
    assert min(large_fills(saved)) >= 0.9  # near white
    assert ink(saved) < 0.95 * ink(normal)
    assert max(darkest_window(saved)) < DARK_SHARE


def test_dark_panels_keep_an_outline_and_what_stands_on_them_stays_readable() -> None:
    band = Rect(0, 0, 100, 40, Style(fill="#7a4a22"))
    disc = Circle(80, 20, 5, Style(fill="#000000"))  # small: left as it is
    page = Page(
        120,
        60,
        (
            band,
            Text(10, 20, "Title", "x", 20, "#ffffff"),
            disc,
            Text(80, 21, "7", "x", 9, "#ffffff"),
            Group(
                (arrow_shape := Rect(1, 1, 4, 4, Style(fill="#ffffff")),), Transform(dx=20, dy=25)
            ),
            Use(Form("ground", (Rect(0, 0, 50, 50, Style(fill="#333333")),))),
        ),
    )
    (light,) = lighten([page])
    new_band, title, new_disc, seven, arrow, use = light.items
    assert new_band.style.fill != band.style.fill and luminance(new_band.style.fill) > 0.75
    assert new_band.style.stroke == "#7a4a22"  # outlined
    assert title.colour == "#7a4a22"  # white on the band -> the band's colour
    assert new_disc == disc and seven.colour == "#ffffff"  # on the small dark disc: kept
    assert arrow.items[0].style.fill == "#7a4a22" and arrow_shape.style.fill == "#ffffff"
    assert luminance(use.form.items[0].style.fill) > 0.75  # reused drawing too
