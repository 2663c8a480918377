"""The Digging for Dinos sheets as a player prints them (issue 10), measured in the PDFs:
marks only where a cut is, tokens that fill their sheet, ink-saver tiles a mis-cut cannot
spoil, contrast and a second cue for every colour, labels clear of every other element
in all six languages, the era on each fronts page's label, and a two-sided aid."""

from __future__ import annotations

import io
import math
from collections import defaultdict
from pathlib import Path

import pdfplumber
import pytest
from conftest import run
from pdfmeasure import PT, measure, pdf_text

from dinokit.layout.sheets import PrintOptions, load_sheet_spec
from dinokit.products.dinos import kit
from dinokit.products.dinos.vision import contrast
from dinokit.products.validate import load_data
from dinokit.render.pdf import render_pdf

LANGS = ["en", "it", "fr", "de", "es", "ko"]
SPEC = load_sheet_spec()
TILE, TOKEN, AID = (SPEC.components[c] for c in ("tile", "token", "aid"))
TOL = 0.05


@pytest.fixture(scope="module")
def shipped():
    """The shipped data and its Digging for Dinos part."""
    everything, diags = load_data()
    return (everything, everything.game("digging-for-dinos")) if not diags.errors else None


@pytest.fixture(scope="module")
def data(shipped):
    return shipped[0]


@pytest.fixture(scope="module")
def dinos(shipped):
    return shipped[1]


@pytest.fixture(scope="module")
def tiles(shipped) -> dict[bool, bytes]:
    """English tiles, full colour and ink saver."""
    data, dinos = shipped
    lang = data.language("en")
    return {
        ink: render_pdf(kit.tile_pages(dinos, lang, PrintOptions(ink_saver=ink)))
        for ink in (False, True)
    }


def hex_of(colour) -> str:
    """A pdfplumber colour (grey or RGB, 0 to 1) as '#rrggbb'."""
    values = list(colour) * 3 if len(colour) == 1 else list(colour)
    return "#" + "".join(f"{round(v * 255):02x}" for v in values[:3])


def mm(obj) -> tuple[float, float, float, float]:
    return obj["x0"] * PT, obj["top"] * PT, obj["x1"] * PT, obj["bottom"] * PT


def pieces(page, size) -> list[tuple[tuple[float, float, float, float], str]]:
    """The bleed boxes of a page's components and the colour of their ground."""
    w, h = size.width + 2 * size.bleed, size.height + 2 * size.bleed
    found = []
    for r in page.rects:
        box = mm(r)
        if abs(box[2] - box[0] - w) < TOL and abs(box[3] - box[1] - h) < TOL and r["fill"]:
            found.append((box, hex_of(r["non_stroking_color"])))
    return found


def within(box, outer) -> bool:
    return (
        outer[0] - TOL <= box[0]
        and outer[1] - TOL <= box[1]
        and box[2] <= outer[2] + TOL
        and (box[3] <= outer[3] + TOL)
    )


def circles(page) -> list[tuple[float, float, float, object]]:
    """(cx, cy, r, the curve) of every curve whose box is square."""
    found = []
    for c in page.curves:
        x0, y0, x1, y1 = mm(c)
        if abs((x1 - x0) - (y1 - y0)) < TOL:
            found.append(((x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2, c))
    return found


def open_pages(pdf: bytes, numbers):
    doc = pdfplumber.open(io.BytesIO(pdf))
    return doc, [doc.pages[n] for n in numbers]


# --- crop marks and the token sheet -------------------------------------------------


def test_a_16_tile_page_marks_no_fifth_row(tiles) -> None:
    """Era I holds 36 tiles: its second fronts page has 16, in four rows."""
    page = measure(tiles[False], only=[2])[0]
    size = TILE.width + 2 * TILE.bleed
    rects = [r for r in page.rects if abs(r.w - size) < TOL and abs(r.h - size) < TOL]
    assert len(rects) == 16
    last_cut = max(r.y + r.h for r in rects) - TILE.bleed
    horizontal = [m for m in page.lines if abs(m.width - 0.2) < 0.01 and abs(m.y1 - m.y2) < TOL]
    assert len(horizontal) == 2 * 8 and max(m.y1 for m in horizontal) == pytest.approx(last_cut)


def test_the_token_sheet_is_full_and_every_cut_line_is_marked(data, dinos) -> None:
    pages = measure(render_pdf(kit.token_pages(dinos, data.language("en"), PrintOptions())))
    front = pages[0]
    size = TOKEN.width + 2 * TOKEN.bleed
    rects = [r for r in front.rects if abs(r.w - size) < TOL and abs(r.h - size) < TOL]
    common_w, common_h = SPEC.common
    used = len(rects) * TOKEN.width * TOKEN.height
    assert used / (common_w * common_h) > 0.4  # 8 tokens would be 9% of the card stock
    box = [min(r.x for r in rects), min(r.y for r in rects)]
    box += [max(r.x + r.w for r in rects) - box[0], max(r.y + r.h for r in rects) - box[1]]
    assert len(rects) * size * size / (box[2] * box[3]) > 0.9  # the grid, all but full
    b = TOKEN.bleed
    cuts = {round(r.x + b + e, 2) for r in rects for e in (0, TOKEN.width)}
    cuts |= {round(r.y + b + e, 2) for r in rects for e in (0, TOKEN.height)}
    found = [m for m in front.lines if abs(m.width - 0.2) < 0.01]
    on = {round(m.x1 if abs(m.x1 - m.x2) < TOL else m.y1, 2) for m in found}
    assert on == cuts  # a mark for each cut line, and only for those


def test_each_seat_has_its_own_symbol(data, dinos) -> None:
    """Players that differ by colour also differ by the shape in their tokens' centre."""
    pdf = render_pdf(kit.token_pages(dinos, data.language("en"), PrintOptions()))
    doc, pages = open_pages(pdf, [0, 1])
    with doc:
        for page in pages:
            shapes = defaultdict(set)
            for box, ground in pieces(page, TOKEN):
                cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
                centre = [
                    o
                    for o in page.curves + page.rects
                    if o["fill"]
                    and within(mm(o), box)
                    and abs((mm(o)[0] + mm(o)[2]) / 2 - cx) < 0.3
                    and abs((mm(o)[1] + mm(o)[3]) / 2 - cy) < 0.8
                    and mm(o)[2] - mm(o)[0] < 8
                ]
                assert len(centre) == 1, (box, len(centre))
                o = centre[0]
                shapes[ground].add(
                    (o["object_type"], len(o.get("pts") or ()), round(mm(o)[2] - mm(o)[0], 1))
                )
            assert all(len(s) == 1 for s in shapes.values())  # one shape per colour
            assert len(set().union(*shapes.values())) == len(shapes) == 4  # all different


# --- contrast ---------------------------------------------------------------------


@pytest.mark.parametrize("ink_saver", [False, True])
def test_era_badges_text_and_values_stand_out_on_every_tile(tiles, ink_saver) -> None:
    """The era badge (top left) at least 3:1 against the tile's ground; every text
    on the ground (name, position) at least 4.5:1."""
    doc, pages = open_pages(tiles[ink_saver], [0, 4, 8])  # one fronts page of each era
    with doc:
        for page in pages:
            discs = circles(page)
            for box, ground in pieces(page, TILE):
                trim_x, trim_y = box[0] + TILE.bleed, box[1] + TILE.bleed
                mark = kit.tile_marks(TILE.width, TILE.height)["era"]
                badge = [
                    c[3]
                    for c in discs
                    if abs(c[0] - trim_x - mark.cx) < TOL
                    and abs(c[1] - trim_y - mark.cy) < TOL
                    and abs(c[2] - mark.r) < TOL
                    and c[3]["fill"]
                ]
                assert badge, box
                assert contrast(hex_of(badge[0]["non_stroking_color"]), ground) >= 3.0
                for ch in page.chars:
                    x0, y0, x1, y1 = mm(ch)
                    mid = ((x0 + x1) / 2, (y0 + y1) / 2)
                    if not within((x0, y0, x1, y1), box):
                        continue
                    if any(math.hypot(mid[0] - c[0], mid[1] - c[1]) < c[2] for c in discs):
                        continue  # a numeral in its own disc
                    assert contrast(hex_of(ch["non_stroking_color"]), ground) >= 4.5, ch["text"]


@pytest.mark.parametrize("ink_saver", [False, True])
def test_token_arrows_stand_out(data, dinos, ink_saver) -> None:
    pdf = render_pdf(kit.token_pages(dinos, data.language("en"), PrintOptions(ink_saver=ink_saver)))
    doc, pages = open_pages(pdf, [0, 1])
    with doc:
        for page in pages:
            for box, ground in pieces(page, TOKEN):
                inks = [
                    o
                    for o in page.curves + page.rects
                    if within(mm(o), box) and mm(o)[2] - mm(o)[0] < TOKEN.width
                ]
                assert len(inks) >= 6  # ring, four arrows, the symbol
                for o in inks:
                    colour = o["non_stroking_color"] if o["fill"] else o["stroking_color"]
                    assert contrast(hex_of(colour), ground) >= 3.0


# --- ink saver: a mis-cut shows nothing lopsided --------------------------------------


def test_ink_saver_tiles_draw_nothing_near_the_cut(tiles) -> None:
    """Within 2 mm of the cut line (and in the bleed) there is only the tile's ground,
    so cutting 1 mm off shows no frame closer to one edge than the other."""
    doc, pages = open_pages(tiles[True], [0])
    with doc:
        page = pages[0]
        for box, _ in pieces(page, TILE):
            inner = (box[0] + TILE.bleed + 2, box[1] + TILE.bleed + 2)
            inner += (box[2] - TILE.bleed - 2, box[3] - TILE.bleed - 2)
            for o in page.curves + page.rects + page.lines + page.chars:
                b = mm(o)
                if within(b, box) and b != box:
                    assert within(b, inner), (o["object_type"], b, inner)


def test_ink_saver_complete_value_keeps_its_own_look(tiles) -> None:
    """The right-hand value: a heavy double ring; the left-hand one: one thin ring."""
    doc, pages = open_pages(tiles[True], [0])
    with doc:
        page = pages[0]
        marks = kit.tile_marks(TILE.width, TILE.height)
        discs = circles(page)
        for box, _ in pieces(page, TILE)[:4]:
            for key, rings, heavy in (("left", 1, False), ("right", 2, True)):
                m = marks[key]
                cx, cy = box[0] + TILE.bleed + m.cx, box[1] + TILE.bleed + m.cy
                around = [c for c in discs if math.hypot(c[0] - cx, c[1] - cy) < TOL]
                widths = [c[3]["linewidth"] * PT for c in around if c[3]["stroke"]]
                assert len(around) == rings, key
                assert (max(widths) >= 1.0) == heavy, (key, widths)


# --- labels keep 1 mm from everything else ----------------------------------------------


def labels_and_elements(page):
    """Text runs (a word or name on one baseline) and the other drawn elements."""
    runs: list[dict] = []
    for ch in sorted(page.chars, key=lambda c: (round(c["y0"], 2), c["x0"])):
        box = list(mm(ch))
        last = runs[-1] if runs else None
        if last and abs(last["base"] - ch["y0"]) < 0.01 and -0.2 <= box[0] - last["box"][2] < 1.0:
            last["box"] = [
                last["box"][0],
                min(last["box"][1], box[1]),
                box[2],
                max(last["box"][3], box[3]),
            ]
            last["text"] += ch["text"]
        else:
            runs.append({"box": box, "base": ch["y0"], "text": ch["text"]})
    discs = [c[:3] for c in circles(page)]
    boxes = [mm(o) for o in page.rects + page.curves + page.lines]
    return runs, discs, boxes


def gap_to_box(a, b) -> float:
    return math.hypot(max(b[0] - a[2], a[0] - b[2], 0), max(b[1] - a[3], a[1] - b[3], 0))


def gap_to_circle(box, circle) -> float:
    cx, cy, r = circle
    nx, ny = min(max(cx, box[0]), box[2]), min(max(cy, box[1]), box[3])
    return math.hypot(cx - nx, cy - ny) - r


def closest(page) -> list[tuple[float, str]]:
    """For every label not inside a disc of its own, how near the nearest other element
    comes: a circle (to its curve), a box that does not hold it, another label."""
    runs, discs, boxes = labels_and_elements(page)
    found = []
    for run_ in runs:
        box = run_["box"]
        mid = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
        if any(math.hypot(mid[0] - c[0], mid[1] - c[1]) < c[2] for c in discs):
            continue  # a numeral in its badge or disc
        gaps = [gap_to_circle(box, c) for c in discs]
        gaps += [gap_to_box(box, b) for b in boxes if not within(box, b)]
        gaps += [gap_to_box(box, o["box"]) for o in runs if o is not run_]
        found.append((min(gaps), run_["text"]))
    return found


@pytest.mark.parametrize("code", LANGS)
def test_no_tile_label_comes_within_1mm_of_another_element(data, dinos, code) -> None:
    """German "Nackenschild" and "Wirbelsäule" sat 0.3 mm from the value discs."""
    lang = data.language(code)
    names = {lang.term("positions", p) for sp in dinos.species for p in sp.position_ids}
    for ink_saver in (False, True) if code == "de" else (False,):
        pdf = render_pdf(kit.tile_pages(dinos, lang, PrintOptions(ink_saver=ink_saver)))
        doc, pages = open_pages(pdf, [0, 2])  # era I: every species and position
        with doc:
            found = [item for page in pages for item in closest(page)]
        seen = {text for _, text in found}
        assert {n.replace(" ", "") for n in names} <= seen  # the test sees the labels
        worst = min(found)
        assert worst[0] >= 1.0, worst


# --- what the pages say -------------------------------------------------------------


@pytest.mark.parametrize("code", LANGS)
def test_each_fronts_page_names_its_era(data, dinos, code) -> None:
    lang = data.language(code)
    texts = pdf_text(render_pdf(kit.tile_pages(dinos, lang, PrintOptions())))
    # the era as the rules name it ("Era 1 = I (Triassic)"), its no-break spaces as spaces
    titles = {e.number: kit.era_title(lang, e.number).replace("\u00a0", " ") for e in dinos.eras}
    flat = [t.replace("\r", "").replace("\n", " ").replace("\u00a0", " ") for t in texts]
    for number, page in zip([1, 1, 2, 2, 3, 3], flat[0::2], strict=True):
        assert titles[number] in page
        assert all(titles[n] not in page for n in titles if n != number)


@pytest.mark.parametrize("code", LANGS)
def test_the_aid_has_a_setup_side_and_no_blank_quarter(data, dinos, code) -> None:
    """Two sides: the turn and the end; setup (board size by player count, from the
    data) and scoring. The text of each side runs into its last fifth."""
    lang = data.language(code)
    pdf = render_pdf(kit.aid_pages(dinos, lang, PrintOptions()))
    front, back = (t.replace("\r\n", " ").replace("\n", " ") for t in pdf_text(pdf))
    assert lang.label("aid_turn").upper() in front and lang.label("aid_end").upper() in front
    assert lang.label("aid_setup").upper() in back and lang.label("aid_scoring").upper() in back
    for side in (4, 5):
        assert f"{side}\u00d7{side}" in back
    two = lang.label("aid_setup_players").format(players="2")
    assert two in back
    doc, pages = open_pages(pdf, [0, 1])
    with doc:
        for page in pages:
            for box, _ in pieces(page, AID):
                top = box[1] + AID.bleed
                lowest = max(mm(c)[3] for c in page.chars if within(mm(c), box))
                assert lowest - top > 0.8 * AID.height


# --- the duplex offset on the command line --------------------------------------------


@pytest.mark.parametrize("value", ["5,-5", "-5,5", "0.5,-1"])
def test_offsets_up_to_5mm_are_taken(tmp_path: Path, value: str) -> None:
    result = run("tokens", "--out", str(tmp_path), f"--duplex-offset={value}")
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize(
    "value, message",
    [
        ("-20,0", "X = -20 mm is out of range"),
        ("0,5.5", "Y = 5.5 mm is out of range"),
        ("nan,0", "X = nan, not a number of mm"),
        ("0,inf", "Y = inf, not a number of mm"),
    ],
)
def test_offsets_beyond_5mm_are_refused(tmp_path: Path, value: str, message: str) -> None:
    result = run("tiles", "--out", str(tmp_path), f"--duplex-offset={value}")
    assert result.exit_code == 2
    assert message in result.output and "from -5 to 5 mm" in result.output
    assert "Traceback" not in result.output
    assert not any(tmp_path.iterdir())
