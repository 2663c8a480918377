"""The Digging for Dinos kit laid out to fold (--layout gutter-fold), measured in the PDFs:
tiles, tokens and aid cards on A4 and Letter, fronts on the left half and each back
behind its front after the fold, with every option (bleed, ink saver, language)."""

from __future__ import annotations

import io

import pdfplumber
import pytest
from pdfmeasure import PT, pdf_text

from dinokit.games.data import load_games
from dinokit.layout.sheets import PrintOptions, load_sheet_spec
from dinokit.products.dinos import kit
from dinokit.render.pdf import render_pdf
from dinokit.source import DEFAULT_DATA_DIR
from dinokit.source.diagnostics import Diagnostics

SPEC = load_sheet_spec()
TOL = 0.05
PRODUCTS = {"tile": kit.tile_pages, "token": kit.token_pages, "aid": kit.aid_pages}


@pytest.fixture(scope="module")
def shipped():
    diags = Diagnostics()
    data = load_games(DEFAULT_DATA_DIR, diags)
    assert data is not None and not diags.errors
    return data, data.game("digging-for-dinos")


def grounds(page, component: str, bleed: float) -> list[tuple[float, float]]:
    """Top-left corners (mm) of the components' trim, found by their bleed-size grounds."""
    size = SPEC.components[component]
    w, h = size.width + 2 * bleed, size.height + 2 * bleed
    return sorted(
        (round(r["x0"] * PT + bleed, 2), round(r["top"] * PT + bleed, 2))
        for r in page.rects
        if abs(r["width"] * PT - w) < TOL and abs(r["height"] * PT - h) < TOL
    )


@pytest.fixture(scope="module")
def gutter_tiles(shipped) -> list:
    data, dinos = shipped
    return kit.tile_pages(dinos, data.language("en"), PrintOptions("a4", layout="gutter-fold"))


@pytest.mark.parametrize(
    "component, paper",
    [("tile", "a4"), ("token", "a4"), ("token", "letter"), ("aid", "a4"), ("aid", "letter")],
)  # tiles on Letter: tests/layout/test_gutter.py places the same grid on both papers
def test_each_back_behind_its_front(shipped, gutter_tiles, component: str, paper: str) -> None:
    data, dinos = shipped
    options = PrintOptions(paper, layout="gutter-fold")
    if component == "tile":
        pages = gutter_tiles
    else:
        pages = PRODUCTS[component](dinos, data.language("en"), options)
    assert all(p.meta["side"] == "gutter" for p in pages)
    with pdfplumber.open(io.BytesIO(render_pdf(pages[:1]))) as doc:
        page = doc.pages[0]
        width = page.width * PT
        assert abs(width - (297 if paper == "a4" else 279.4)) < TOL
        corners = grounds(page, component, SPEC.components[component].bleed)
        marks = [ln for ln in page.lines if abs(ln["linewidth"] * PT - SPEC.mark_width) < 0.01]
    w = SPEC.components[component].width
    fronts = [c for c in corners if c[0] < width / 2]
    backs = [c for c in corners if c[0] > width / 2]
    assert fronts and len(fronts) == len(backs) == pages[0].meta["count"]
    folded = sorted((width - x - w, y) for x, y in backs)  # the fold reflects x
    for (fx, fy), (bx, by) in zip(fronts, folded, strict=True):
        assert abs(fx - bx) < TOL and abs(fy - by) < TOL
    assert marks  # crop marks as on duplex sheets


def test_tiles_sheets_hold_every_tile_of_each_era(shipped, gutter_tiles) -> None:
    _, dinos = shipped
    pages = gutter_tiles
    assert sum(p.meta["count"] for p in pages) == sum(len(e.tiles) for e in dinos.eras)
    assert pages[0].label.startswith("Fossil tiles · Era I")


def test_every_option_works_with_the_fold(shipped) -> None:
    """Bleed, no crop marks, ink saver and another script: the fold label is in the
    sheet's language and the backs still land behind the fronts."""
    data, dinos = shipped
    lang = data.language("de")
    options = PrintOptions("letter", 1.5, False, True, (1.0, -2.0), "gutter-fold")
    pages = kit.token_pages(dinos, lang, options)
    pdf = render_pdf(pages[:1])
    assert lang.label("fold_line").replace(" ", "") in pdf_text(pdf)[0].replace(" ", "")
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        page = doc.pages[0]
        corners = grounds(page, "token", 1.5)
        assert not [ln for ln in page.lines if abs(ln["linewidth"] * PT - 0.2) < 0.01]
    width, w = page.width * PT, SPEC.components["token"].width
    fronts = [c for c in corners if c[0] < width / 2]
    folded = sorted((width - (x - 1.0) - w, y + 2.0) for x, y in corners if x > width / 2)
    assert len(fronts) == len(folded) == pages[0].meta["count"] == 8
    for (fx, fy), (bx, by) in zip(fronts, folded, strict=True):
        assert abs(fx - bx) < TOL and abs(fy - by) < TOL


@pytest.mark.parametrize("key", ["fold_line", "calibrate_step_read"])
def test_validate_finds_a_fold_label_or_calibration_step_too_long(shipped, key: str) -> None:
    """The validator's trial layout covers the fold label and the calibration sheet, so
    whatever it accepts, --layout gutter-fold and calibrate build."""
    from dataclasses import replace

    from dinokit.products.dinos import trial_layout

    data, _ = shipped
    english = data.language("en")
    assert list(trial_layout(data, [english])) == []
    long = english.labels[key] + " and then some more words" * 60
    broken = replace(english, labels={**english.labels, key: long})
    ((lang, problem),) = trial_layout(data, [broken])
    assert lang is broken and ("needs" in str(problem) or "too long" in str(problem))
