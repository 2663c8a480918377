"""The Digging for Dinos print kit, measured in the PDFs it produces."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pikepdf
import pypdf
import pytest
from conftest import edit, run
from pdfmeasure import measure, page_count, pdf_text

from dinokit.layout.sheets import PrintOptions, load_sheet_spec
from dinokit.products.dinos import kit
from dinokit.products.validate import load_data
from dinokit.render.pdf import render_pdf
from dinokit.render.svg import render_svg_page

TOL = 0.05  # mm
SPEC = load_sheet_spec()
TILE = SPEC.components["tile"]
TOKEN = SPEC.components["token"]


@pytest.fixture(scope="module")
def data():
    loaded, diags = load_data()
    assert not diags.errors
    return loaded


@pytest.fixture(scope="module")
def dinos(data):
    return data.game("digging-for-dinos")


@pytest.fixture(scope="module")
def tiles_pdf(data, dinos) -> bytes:
    return render_pdf(kit.tile_pages(dinos, data.language("en"), PrintOptions("a4")))


@pytest.fixture(scope="module")
def tiles_measured(tiles_pdf):
    """The first fronts page and its backs page."""
    return measure(tiles_pdf, only=[0, 1])


def component_rects(page, size, bleed=None):
    """The bleed-size backgrounds of the components on a measured page."""
    b = size.bleed if bleed is None else bleed
    w, h = size.width + 2 * b, size.height + 2 * b
    return [r for r in page.rects if abs(r.w - w) < TOL and abs(r.h - h) < TOL]


def near(a: float, b: float) -> bool:
    return abs(a - b) < TOL


def test_page_sizes(data, dinos) -> None:
    for paper, (w, h) in {"a4": (210, 297), "letter": (215.9, 279.4)}.items():
        pdf = render_pdf(kit.token_pages(dinos, data.language("en"), PrintOptions(paper)))
        for page in measure(pdf):
            assert near(page.width, w) and near(page.height, h)


def test_tile_count_equals_data(tiles_pdf, dinos) -> None:
    fronts = measure(tiles_pdf, only=range(0, page_count(tiles_pdf), 2))
    assert sum(len(component_rects(p, TILE)) for p in fronts) == len(dinos.tiles) == 108


def test_tile_pitch_and_bleed(tiles_measured) -> None:
    rects = component_rects(tiles_measured[0], TILE)
    xs = sorted({round(r.x, 3) for r in rects})
    ys = sorted({round(r.y, 3) for r in rects})
    pitch = TILE.width + TILE.gap
    assert len(xs) == 4 and len(ys) == 5
    assert all(near(b - a, pitch) for a, b in zip(xs, xs[1:], strict=False))
    assert all(near(b - a, pitch) for a, b in zip(ys, ys[1:], strict=False))
    # The artwork runs exactly the bleed beyond the cut: the marks give the cut.
    marks = [m for m in tiles_measured[0].lines if 0.15 <= m.width <= 0.25]
    cut_xs = sorted({round(m.x1, 3) for m in marks if near(m.x1, m.x2)})
    expected = sorted(
        {round(x + TILE.bleed, 3) for x in xs} | {round(x + TILE.bleed + TILE.width, 3) for x in xs}
    )
    assert len(cut_xs) == len(expected)
    assert all(near(a, b) for a, b in zip(cut_xs, expected, strict=True))


def test_crop_marks_outside_components(tiles_measured) -> None:
    for page in tiles_measured[:2]:
        rects = component_rects(page, TILE)
        marks = [m for m in page.lines if 0.15 <= m.width <= 0.25 and near(m.length, 5.0)]
        assert len(marks) == 2 * 8 + 2 * 10  # each cut line marked at both ends
        for m in marks:
            for r in rects:
                inside_x = r.x - TOL < min(m.x1, m.x2) and max(m.x1, m.x2) < r.x + r.w + TOL
                inside_y = r.y - TOL < min(m.y1, m.y2) and max(m.y1, m.y2) < r.y + r.h + TOL
                assert not (inside_x and inside_y), f"mark {m} inside component {r}"
            for coord in (m.x1, m.x2):
                assert 5 - TOL <= coord <= page.width - 5 + TOL  # printable


def test_backs_are_mirrored_behind_their_fronts(tiles_measured) -> None:
    front, back = tiles_measured[0], tiles_measured[1]
    w = TILE.width + 2 * TILE.bleed
    mirrored = sorted(
        (round(front.width - r.x - w, 2), round(r.y, 2)) for r in component_rects(front, TILE)
    )
    assert sorted((round(r.x, 2), round(r.y, 2)) for r in component_rects(back, TILE)) == mirrored


def test_duplex_offset_shifts_backs(data, dinos) -> None:
    options = PrintOptions("a4", duplex_offset=(1.5, -2.0))
    pages = measure(render_pdf(kit.token_pages(dinos, data.language("en"), options)))
    plain = measure(render_pdf(kit.token_pages(dinos, data.language("en"), PrintOptions("a4"))))
    moved = sorted((round(r.x, 2), round(r.y, 2)) for r in component_rects(pages[1], TOKEN))
    base = sorted(
        (round(r.x + 1.5, 2), round(r.y - 2.0, 2)) for r in component_rects(plain[1], TOKEN)
    )
    assert moved == base
    fronts = sorted((round(r.x, 2), round(r.y, 2)) for r in component_rects(pages[0], TOKEN))
    assert fronts == sorted(
        (round(r.x, 2), round(r.y, 2)) for r in component_rects(plain[0], TOKEN)
    )


def test_bleed_option_changes_artwork_not_cut(data, dinos) -> None:
    pdf = render_pdf(kit.token_pages(dinos, data.language("en"), PrintOptions("a4", bleed=2)))
    page = measure(pdf)[0]
    assert len(component_rects(page, TOKEN, bleed=2)) == 4 * 10  # the sheet, full


def test_every_page_has_the_calibration_bar(data, dinos) -> None:
    for page in measure(render_pdf(kit.aid_pages(dinos, data.language("en"), PrintOptions()))):
        assert any(near(r.w, 50.0) for r in page.rects)


def test_tokens_fill_their_sheet_in_whole_sets(data, dinos) -> None:
    """Two tokens per player colour and spares: the same number of every colour, in
    whole pairs, as many as fill the one sheet (6 x 7 slots: 10 of each colour)."""
    pages = measure(render_pdf(kit.token_pages(dinos, data.language("en"), PrintOptions())))
    assert len(pages) == 2  # fronts, backs
    fills = Counter(r.fill for r in component_rects(pages[0], TOKEN))
    assert len(fills) == len(dinos.rules.player_colours) == 4
    assert set(fills.values()) == {10}


@pytest.mark.parametrize("code", ["en", "it", "fr", "de", "es", "ko"])
def test_species_names_are_text_in_the_pdf(data, dinos, code: str) -> None:
    lang = data.language(code)
    pdf = render_pdf(kit.tile_pages(dinos, lang, PrintOptions()))
    text = "".join(pdf_text(pdf)).replace("\r", "").replace("\n", "").replace(" ", "")
    for sp in dinos.species:
        assert lang.term("species", sp.id).replace(" ", "") in text


def test_fonts_embedded_no_helvetica(tiles_pdf) -> None:
    reader = pypdf.PdfReader(io.BytesIO(tiles_pdf))
    seen = set()
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            descriptor = font["/FontDescriptor"].get_object()
            assert "/FontFile2" in descriptor, font["/BaseFont"]
            seen.add(str(font["/BaseFont"]))
    assert seen and not any("Helvetica" in name for name in seen)


def test_pdf_structure_is_valid(tiles_pdf) -> None:
    with pikepdf.open(io.BytesIO(tiles_pdf)) as pdf:
        assert pdf.check_pdf_syntax() == []


def test_same_input_same_bytes(data, dinos, tiles_pdf) -> None:
    again = render_pdf(kit.tile_pages(dinos, data.language("en"), PrintOptions("a4")))
    assert again == tiles_pdf


def test_ink_saver_uses_light_backgrounds(data, dinos) -> None:
    """Ink saver grounds are light tints (every channel at least 85% of white)."""
    pdf = render_pdf(kit.tile_pages(dinos, data.language("en"), PrintOptions(ink_saver=True)))
    for page in measure(pdf, only=[0, 1]):
        fills = {r.fill for r in component_rects(page, TILE)}
        assert fills and all(min(fill) >= 0.85 for fill in fills), fills


# --- SVG -------------------------------------------------------------------------

SVG = "{http://www.w3.org/2000/svg}"


def _svg_rects(svg: bytes) -> list[tuple[float, float, float, float]]:
    """Rects in page millimetres, following group transforms (translate/scale only)."""
    root = ET.fromstring(svg)
    found = []

    def visit(node, matrix):
        transform = node.get("transform", "")
        if transform.startswith("matrix("):
            a, b, c, d, e, f = map(float, transform[7:-1].split())
            A, B, C, D, E, F = matrix
            matrix = (
                A * a + C * b,
                B * a + D * b,
                A * c + C * d,
                B * c + D * d,
                A * e + C * f + E,
                B * e + D * f + F,
            )
        if node.tag == SVG + "rect" and node.get("fill", "none") != "none":
            x, y = float(node.get("x")), float(node.get("y"))
            w, h = float(node.get("width")), float(node.get("height"))
            A, B, C, D, E, F = matrix
            found.append((A * x + E, D * y + F, A * w, D * h))
        for child in node:
            if child.tag != SVG + "defs":
                visit(child, matrix)

    visit(root, (1, 0, 0, 1, 0, 0))
    return found


def test_svg_pages_match_pdf_geometry(data, dinos) -> None:
    pages = kit.token_pages(dinos, data.language("en"), PrintOptions("letter"))
    pdf_pages = measure(render_pdf(pages))
    for page, measured in zip(pages, pdf_pages, strict=True):
        svg = render_svg_page(page)
        root = ET.fromstring(svg)
        assert root.get("width") == "215.9mm" and root.get("height") == "279.4mm"
        assert root.get("viewBox") == "0 0 215.9 279.4"
        # the backgrounds and the bar (a token's square symbol is a path in the SVG)
        in_svg = sorted(
            (round(x, 2), round(y, 2), round(w, 2), round(h, 2))
            for x, y, w, h in _svg_rects(svg)
            if max(w, h) > 10
        )
        in_pdf = sorted(
            (round(r.x, 2), round(r.y, 2), round(r.w, 2), round(r.h, 2))
            for r in measured.rects
            if max(r.w, r.h) > 10
        )
        assert in_svg == in_pdf


# --- Command line ----------------------------------------------------------------


def test_tiles_command_writes_pdf(tmp_path: Path) -> None:
    result = run("tiles", "--out", str(tmp_path), "--lang", "it", "--paper", "letter")
    assert result.exit_code == 0, result.output
    path = tmp_path / "digging-for-dinos/it/tiles-letter.pdf"
    assert path.exists() and path.read_bytes().startswith(b"%PDF")
    assert [p.name for p in path.parent.iterdir()] == ["tiles-letter.pdf"]


def test_svg_format_writes_one_file_per_page(tmp_path: Path) -> None:
    result = run("tokens", "--out", str(tmp_path), "--format", "svg")
    assert result.exit_code == 0, result.output
    files = sorted((tmp_path / "digging-for-dinos/en").iterdir())
    assert [f.name for f in files] == ["tokens-a4-p01.svg", "tokens-a4-p02.svg"]
    for f in files:
        ET.fromstring(f.read_bytes())


@pytest.mark.parametrize(
    "args, message",
    [
        (["--lang", "xx"], "no language 'xx'"),
        (["--duplex-offset", "1"], "expected two numbers in mm as X,Y"),
        (["--bleed", "9"], "9.0 is not in the range"),
        (["--paper", "a3"], "'a3' is not one of"),
    ],
)
def test_bad_options_are_clear(tmp_path: Path, args, message: str) -> None:
    result = run("tiles", "--out", str(tmp_path), *args)
    assert result.exit_code == 2
    assert message in result.output
    assert not any(tmp_path.iterdir())


def test_text_too_long_fails_the_build_and_writes_nothing(data_copy: Path, tmp_path: Path) -> None:
    edit(
        data_copy / "lang/en.yaml",
        "    pteranodon: Pteranodon\n",
        "    pteranodon: Pteranodon longiceps ingens\n",  # short enough, too wide for a tile
    )
    result = run("tiles", "--data", str(data_copy), "--out", str(tmp_path))
    assert result.exit_code == 1
    assert "Pteranodon longiceps ingens" in result.output
    assert "Traceback" not in result.output
    assert list(tmp_path.rglob("*.pdf")) == [] and list(tmp_path.rglob("*.tmp")) == []


def test_each_era_starts_its_own_sheet(tiles_pdf, data, dinos) -> None:
    """A backs page shows one era only, so a sheet never mixes eras."""
    lang = data.language("en")
    names = [lang.term("eras", str(era.number)) for era in dinos.eras]
    backs = pdf_text(tiles_pdf)[1::2]
    assert len(backs) == 6
    for text in backs:
        assert sum(name in text for name in names) == 1
