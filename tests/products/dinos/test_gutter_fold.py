"""The Digging for Dinos kit laid out to fold (--layout gutter-fold), measured in the PDFs:
tiles, tokens and aid cards on A4 and Letter, fronts on the left half and each back
behind its front after the fold (within 0.01 mm), with every option (bleed, ink saver,
language); how many sheets the kit takes folded and double-sided."""

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
TOL = 0.01
PRODUCTS = {"tile": kit.tile_pages, "token": kit.token_pages, "aid": kit.aid_pages}


@pytest.fixture(scope="module")
def shipped():
    diags = Diagnostics()
    data = load_games(DEFAULT_DATA_DIR, diags)
    assert data is not None and not diags.errors
    return data, data.game("digging-for-dinos")


def grounds(page, component: str, bleed: float) -> list[tuple[float, float, float, float]]:
    """The boxes (x, y, w, h in mm) of the components' bleed-size grounds, upright or
    turned a quarter."""
    size = SPEC.components[component]
    w, h = size.width + 2 * bleed, size.height + 2 * bleed
    return sorted(
        (r["x0"] * PT, r["top"] * PT, r["width"] * PT, r["height"] * PT)
        for r in page.rects
        if {round(r["width"] * PT, 2), round(r["height"] * PT, 2)} == {round(w, 2), round(h, 2)}
    )


def behind(page, component: str, bleed: float) -> tuple[int, float]:
    """How many pieces the page holds, and the largest distance (mm) between a front and
    its back after the fold (x reflected about the middle)."""
    width = page.width * PT
    boxes = grounds(page, component, bleed)
    fronts = [b for b in boxes if b[0] + b[2] <= width / 2]
    backs = sorted((width - x - w, y, w, h) for x, y, w, h in boxes if x >= width / 2)
    assert len(fronts) == len(backs) == len(boxes) // 2
    worst = max(
        abs(a - b)
        for front, back in zip(fronts, backs, strict=True)
        for a, b in zip(front, back, strict=True)
    )
    return len(fronts), worst


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
        count, worst = behind(page, component, SPEC.components[component].bleed)
        marks = [ln for ln in page.lines if abs(ln["linewidth"] * PT - SPEC.mark_width) < 0.01]
    assert count == pages[0].meta["count"] and worst < TOL
    assert marks  # crop marks as on duplex sheets


def test_tiles_sheets_hold_every_tile_of_each_era(shipped, gutter_tiles) -> None:
    _, dinos = shipped
    pages = gutter_tiles
    assert sum(p.meta["count"] for p in pages) == sum(len(e.tiles) for e in dinos.eras)
    assert pages[0].label.startswith("Fossil tiles · Era\u00a01\u00a0=\u00a0I\u00a0(Triassic)")


def test_every_option_works_with_the_fold(shipped) -> None:
    """Bleed, no crop marks, ink saver and another script: the fold label is in the
    sheet's language and the backs still land behind the fronts."""
    data, dinos = shipped
    lang = data.language("de")
    options = PrintOptions("letter", 1.5, False, True, layout="gutter-fold")
    pages = kit.token_pages(dinos, lang, options)
    pdf = render_pdf(pages[:1])
    assert lang.label("fold_line").replace(" ", "") in pdf_text(pdf)[0].replace(" ", "")
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        page = doc.pages[0]
        assert not [ln for ln in page.lines if abs(ln["linewidth"] * PT - 0.2) < 0.01]
        count, worst = behind(page, "token", 1.5)
    assert count == pages[0].meta["count"] == 28 and worst < TOL


def kit_sheets(dinos, lang, paper: str, layout: str) -> dict[str, int]:
    """Sheets of paper each product takes (a duplex sheet is two pages)."""
    options = PrintOptions(paper, layout=layout)
    return {
        name: len(make(dinos, lang, options)) // (1 if layout == "gutter-fold" else 2)
        for name, make in PRODUCTS.items()
    }


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_folded_kit_is_worth_its_paper(shipped, paper: str) -> None:
    """At least 12 tiles a sheet, the tokens with their spares, two aids a sheet; the
    sheet counts docs/kit.md gives."""
    data, dinos = shipped
    lang = data.language("en")
    options = PrintOptions(paper, layout="gutter-fold")
    assert kit_sheets(dinos, lang, paper, "duplex") == {"tile": 6, "token": 1, "aid": 1}
    assert kit_sheets(dinos, lang, paper, "gutter-fold") == {"tile": 9, "token": 1, "aid": 2}
    tiles = kit.tile_pages(dinos, lang, options)
    assert tiles[0].meta["grid"].per_sheet == 12 and [p.meta["count"] for p in tiles] == [12] * 9
    aids = kit.aid_pages(dinos, lang, options)
    assert [p.meta["count"] for p in aids] == [2, 2]
    tokens = kit.token_pages(dinos, lang, options)
    per_colour = len(dinos.rules.player_colours)
    assert tokens[0].meta["count"] == 28 == 7 * per_colour  # 2 a player and 5 spares
    duplex = kit.token_pages(dinos, lang, PrintOptions(paper))
    assert duplex[0].meta["count"] == 40  # 2 a player and 8 spares on the duplex sheet


def test_each_column_of_folded_tokens_is_one_colour(shipped) -> None:
    """Tokens touch one above the other (no gap, one cut), so a column holds one colour:
    a slightly-off cut shows the token's own colour, never another player's."""
    data, dinos = shipped
    options = PrintOptions("a4", layout="gutter-fold")
    (page,) = kit.token_pages(dinos, data.language("en"), options)
    grid = page.meta["grid"]
    with pdfplumber.open(io.BytesIO(render_pdf([page]))) as doc:
        boxes = [
            r for r in doc.pages[0].rects
            if abs(r["width"] * PT - 31) < TOL and r["x1"] * PT < page.width / 2
        ]  # fmt: skip
        columns: dict[float, set] = {}
        for r in boxes:
            columns.setdefault(round(r["x0"] * PT, 2), set()).add(tuple(r["non_stroking_color"]))
    assert len(columns) == grid.cols == 4 and all(len(c) == 1 for c in columns.values())
    assert len({next(iter(c)) for c in columns.values()}) == 4


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


def test_a_duplex_offset_on_a_folded_sheet_is_refused_and_nothing_written(tmp_path) -> None:
    from conftest import run

    result = run("tokens", "--layout", "gutter-fold", "--duplex-offset", "1,0", "--out",
                 str(tmp_path / "out"))  # fmt: skip
    assert result.exit_code == 1
    assert "gutter-fold sheet prints on one side" in result.output
    assert not (tmp_path / "out").exists()
