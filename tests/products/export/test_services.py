"""export print-shop --service: the files match the services' templates, measured in the
files (Pillow, pypdf, pdfplumber), the art stays inside the safe area (measured in the
rendered pixels and the PDF's characters), the manifest lists every file, the template
file is checked on load, and the check after writing catches a file that is off."""

from __future__ import annotations

import csv
from pathlib import Path

import pdfplumber
import pytest
from export_fixtures import data_fixture, en_fixture  # noqa: F401  (fixtures)
from PIL import Image, ImageChops
from pypdf import PdfReader

from dinokit.draw.shapes import Page
from dinokit.products.export.fitting import (
    MIN_TEXT_PT,
    Extent,
    choose,
    component_extent,
    content,
    fit,
    measure,
    product_page,
)
from dinokit.products.export.kinds import pieces_of
from dinokit.products.export.raster import render_images
from dinokit.products.export.service_check import check_pdf, check_png
from dinokit.products.export.service_export import export_service, place
from dinokit.products.export.services import load_services
from dinokit.source.diagnostics import DataError

INSET_PX = 75  # 1/8 inch bleed + 1/8 inch safe at 300 dpi: TGC's "75 pixels from the edge"
PT = 72 / 25.4


@pytest.fixture(scope="module", name="services")
def services_fixture():
    return load_services()


@pytest.fixture(scope="module", name="tgc")
def tgc_fixture(data, en, services, tmp_path_factory):
    out = tmp_path_factory.mktemp("tgc")
    return export_service(data, en, services["thegamecrafter"], ("tokens", "aid", "pads"), out)


@pytest.fixture(scope="module", name="dtc")
def dtc_fixture(data, en, services, tmp_path_factory):
    out = tmp_path_factory.mktemp("dtc")
    return export_service(data, en, services["drivethrucards"], ("tiles", "aid"), out)


def _rows(manifest: Path) -> list[dict[str, str]]:
    with manifest.open(encoding="utf-8", newline="") as file:
        return list(csv.DictReader(file))


def test_every_template_pixel_size_is_its_trim_and_bleed_at_its_dpi(services) -> None:
    tgc = services["thegamecrafter"]
    assert tgc.dpi == 300
    for product in tgc.products.values():
        assert product.bleed == pytest.approx(3.175) and product.safe == pytest.approx(3.175)
        w, h = ((side / 25.4 + 0.25) * 300 for side in (product.width, product.height))
        assert product.pixels == (round(w), round(h)), product.key
    assert tgc.products["large-circle-chit"].pixels == (375, 375)  # 1 in + 2 x 1/8 in
    assert tgc.products["poker-card"].pixels == (825, 1125)


def test_the_game_crafter_pngs_have_the_templates_pixels_and_300_dpi(tgc) -> None:
    expected = {"tokens": (375, 375), "aid": (1125, 1725), "pads": (2475, 3075)}
    pngs = [item.path for item in tgc.written if item.path.suffix == ".png"]
    assert {path.parent.name for path in pngs} == set(expected)
    assert len(pngs) == 8 + 2 + 4  # 4 colours x 2 faces, the aid's 2 sides, 4 sheets
    for path in pngs:
        with Image.open(path) as image:
            assert image.size == expected[path.parent.name], path
            assert image.mode == "RGB"
            assert image.info["dpi"] == pytest.approx((300, 300), abs=0.01)


def test_the_manifest_lists_every_file_with_its_product_and_count(tgc) -> None:
    rows = _rows(tgc.manifest)
    root = tgc.manifest.parent
    on_disk = {p.relative_to(root).as_posix() for p in root.rglob("*.png")}
    assert {row["file"] for row in rows} == on_disk
    products = {row["component"]: row["product"] for row in rows}
    assert products == {
        "tokens": "Large Circle Chit",
        "aid": "Jumbo Deck",
        "pads": "Large Score Pad Color",
    }
    tokens = [row for row in rows if row["component"] == "tokens"]
    assert len(tokens) == 8 and {row["quantity"] for row in tokens} == {"2"}
    assert {row["face"] for row in tokens} == {"front", "back"}
    aid = [row for row in rows if row["component"] == "aid"]
    assert [(r["face"], r["quantity"]) for r in aid] == [("front", "4"), ("back", "4")]
    assert aid[0]["file"] == "aid/aid-jumbo-card-front.png"  # drawn for the card
    assert all("one pad per file" in row["note"] for row in rows if row["component"] == "pads")


def _background_only(page: Page) -> Page:
    """``page`` without its content: only the items that cross the cut (the ground)."""
    group = page.items[0]
    trim = page.trim
    assert trim is not None
    kept = []
    for item in group.items:  # type: ignore[union-attr]
        marks = measure((item,), _matrix(group))
        if not content(marks, trim):
            kept.append(item)
    return Page(page.width, page.height, (type(group)(tuple(kept), group.transform),))  # type: ignore[call-arg,union-attr]


def _matrix(group):
    from dinokit.render.common import transform_matrix

    return transform_matrix(group.transform)


def _content_box(image: Image.Image, page: Page) -> tuple[int, int, int, int]:
    """The box of the pixels where ``image`` differs from ``page``'s ground alone."""
    (ground,) = render_images([_background_only(page)], 300)
    diff = ImageChops.difference(image.convert("RGB"), ground).convert("L")
    box = diff.point(lambda v: 255 if v > 8 else 0).getbbox()
    assert box is not None, "no content drawn"
    return box


def _content_pixels(written: Path, page: Page) -> tuple[int, int, int, int]:
    """The content box of a written image."""
    with Image.open(written) as image:
        return _content_box(image, page)


def test_the_art_stays_inside_the_safe_area_in_the_written_images(data, en, tgc) -> None:
    for component, key, how in (
        ("aid", "jumbo-card", "re-laid out"),
        ("tokens", "large-circle-chit", "scaled"),
        ("pads", "large-score-pad", "re-laid out"),
    ):
        placed = place(data, en, tgc.service, component)
        assert not isinstance(placed, str), placed
        chosen, pieces, done = placed
        product = chosen.product
        assert (product.key, done) == (key, how)
        piece = pieces[0]
        for face, art in piece.faces():
            page = product_page(piece, art, chosen)
            path = tgc.manifest.parent / component / f"{art.key}.png"
            x0, y0, x1, y1 = _content_pixels(path, page)
            w, h = product.pixels
            assert x0 >= INSET_PX - 1 and y0 >= INSET_PX - 1, (path, face)
            assert x1 <= w - INSET_PX + 1 and y1 <= h - INSET_PX + 1, (path, face)
            if product.shape == "circle":  # the content's box: inside the safe circle
                r = w / 2 - INSET_PX
                half = max(w / 2 - x0, x1 - w / 2, h / 2 - y0, y1 - h / 2)
                assert half <= r + 1


def test_tiles_go_onto_small_square_tiles_with_text_readable_and_inside_the_safe_area(
    data, en, services
) -> None:
    tgc = services["thegamecrafter"]
    pieces = pieces_of(data, en, "tiles", 3.175)
    products = [tgc.products[k] for k in tgc.candidates["tiles"]]
    chosen, fits = choose(component_extent(pieces), products)
    assert chosen is not None and chosen.product.key == "small-square-tile"
    assert chosen.min_text is not None and chosen.min_text >= MIN_TEXT_PT
    shrunk = {f.product.key: f for f in fits}
    assert not shrunk["mini-square-tile"].readable  # 1.25 in: the text would be under 6 pt
    assert not shrunk["large-square-chit"].readable
    sample = [pieces[0], pieces[-1]]
    pages = [product_page(p, art, chosen) for p in sample for _, art in p.faces()]
    for page, image in zip(pages, render_images(pages, 300), strict=True):
        assert image.size == (675, 675)
        x0, y0, x1, y1 = _content_box(image, page)
        assert min(x0, y0) >= INSET_PX - 1 and max(x1, y1) <= 675 - INSET_PX + 1, page.label


def test_the_aid_goes_onto_the_nearest_card_that_keeps_it_readable(data, en, services) -> None:
    need = component_extent(pieces_of(data, en, "aid", 3.175))
    for key, cards, nearest in (
        ("thegamecrafter", ("poker-card", "tarot-card", "jumbo-card"), "jumbo-card"),
        ("drivethrucards", ("poker-card", "tarot-card"), "tarot-card"),
    ):
        service = services[key]
        assert service.candidates["aid"] == cards
        chosen, fits = choose(need, [service.products[card] for card in cards])
        assert all(f.readable for f in fits)  # every card would do; the nearest is taken
        assert chosen is not None and chosen.product.key == nearest


def test_the_sheets_are_re_laid_out_only_on_the_large_score_pad(data, en, services) -> None:
    from dinokit.products.export.relayout import pad_pieces_at

    tgc = services["thegamecrafter"]
    scaled, _ = choose(
        component_extent(pieces_of(data, en, "pads", 3.175)),
        [tgc.products[k] for k in tgc.candidates["pads"]],
    )
    assert scaled is None  # shrunk onto either pad, the text would be under 6 pt
    with pytest.raises(ValueError, match="does not fit"):
        pad_pieces_at(data, en, tgc.products["medium-score-pad"], 3.175)
    large = tgc.products["large-score-pad"]
    relaid = fit(component_extent(pad_pieces_at(data, en, large, 3.175)), large)
    assert relaid.readable and relaid.min_text is not None and relaid.min_text >= MIN_TEXT_PT


def test_drivethrucards_gets_one_cmyk_pdf_per_deck_back_then_front(dtc) -> None:
    (pdf,) = [item.path for item in dtc.written if item.path.suffix == ".pdf"]
    assert pdf.name == "aid-tarot-card.pdf"
    reader = PdfReader(pdf)
    assert len(reader.pages) == 8  # 4 aids, back then front of each
    w, h = (2.75 + 0.25) * 72, (4.75 + 0.25) * 72
    for page in reader.pages:
        assert [float(v) for v in page.mediabox] == pytest.approx([0, 0, w, h], abs=0.01)
        assert [float(v) for v in page.trimbox] == pytest.approx([9, 9, w - 9, h - 9], abs=0.01)
        assert [float(v) for v in page.bleedbox] == pytest.approx([0, 0, w, h], abs=0.01)
    with pdfplumber.open(pdf) as doc:
        texts = [page.extract_text() for page in doc.pages[:2]]
        assert "SETUP" in texts[0] and "YOUR TURN" in texts[1]  # the back comes first
        for page in doc.pages[:2]:
            chars = [c for c in page.chars if c["text"].strip()]
            assert chars
            safe = 18.0 - 0.01  # bleed + 1/8 inch, in points
            assert min(c["x0"] for c in chars) >= safe and min(c["top"] for c in chars) >= safe
            assert max(c["x1"] for c in chars) <= w - safe
            assert max(c["bottom"] for c in chars) <= h - safe
            assert min(c["size"] for c in chars) >= MIN_TEXT_PT - 0.01


def test_components_no_stock_product_fits_are_said_not_written(dtc, tgc) -> None:
    rows = {row["component"]: row for row in _rows(dtc.manifest)}
    assert rows["tiles"]["file"] == "" and rows["tiles"]["note"].startswith(
        "no stock product fits: DriveThruCards prints cards only"
    )
    assert not (dtc.manifest.parent / "tiles").exists()
    assert any(line.startswith("tiles: no stock product fits") for line in dtc.lines)


def test_text_that_would_shrink_below_6_pt_rules_a_product_out(services) -> None:
    tgc = services["thegamecrafter"]
    need = Extent(half_w=38, half_h=53, radius=65, min_text=7.0)
    poker = fit(need, tgc.products["poker-card"])  # (31.75 - 3.175) / 38 = 0.752 -> 5.3 pt
    assert poker.scale == pytest.approx((31.75 - 3.175) / 38)
    assert not poker.readable
    best, _ = choose(need, [tgc.products["poker-card"], tgc.products["mini-square-tile"]])
    assert best is None


def test_the_same_input_gives_the_same_bytes(data, en, tgc, dtc, tmp_path: Path) -> None:
    again = export_service(data, en, tgc.service, ("tokens",), tmp_path)
    first = tgc.manifest.parent / "tokens" / "tokens-player1-a.png"
    second = tmp_path / "en" / "thegamecrafter" / "tokens" / "tokens-player1-a.png"
    assert second in [item.path for item in again.written]
    assert first.read_bytes() == second.read_bytes()
    deck = export_service(data, en, dtc.service, ("aid",), tmp_path / "again")
    (pdf,) = [item.path for item in deck.written if item.path.suffix == ".pdf"]
    assert pdf.read_bytes() == (dtc.manifest.parent / "aid-tarot-card.pdf").read_bytes()


def test_the_check_after_writing_finds_a_file_that_is_off(tgc, dtc, tmp_path: Path) -> None:
    path, product = next(iter(tgc.products.items()))
    assert check_png(path, product, 300).ok
    with Image.open(path) as image:
        narrow = image.crop((0, 0, image.width - 1, image.height))
    narrow.save(tmp_path / "narrow.png", dpi=(72, 72))
    report = check_png(tmp_path / "narrow.png", product, 300)
    assert {c.name for c in report.checks if not c.ok} == {"pixels", "dpi"}
    ((pdf, card),) = dtc.products.items()
    assert check_pdf(pdf, card, 8, cmyk=True).ok
    poker = dtc.service.products["poker-card"]
    report = check_pdf(pdf, poker, 8, cmyk=True)
    assert {c.name for c in report.checks if not c.ok} == {"template"}


def test_a_broken_template_file_is_reported_with_its_location(tmp_path: Path) -> None:
    path = tmp_path / "print-services.yaml"
    path.write_text(
        "services:\n"
        "  shop:\n"
        "    title: A shop\n"
        "    files: png\n"
        "    dpi: 300\n"
        "    colour: rgb\n"
        "    sources: [{url: https://example.org, checked: '2026-12-02', gives: sizes}]\n"
        "    products:\n"
        "      tile: {title: Tile, shape: square, trim: [1, 1], bleed: 0.125, safe: 0.125,"
        " pixels: [375, 376]}\n"
        "    components:\n"
        "      tiles: {products: [tile, chit]}\n"
        "      tokens: {none: no chits}\n"
        "      aid: {none: no cards}\n"
        "      pads: {none: no pads}\n",
        encoding="utf-8",
    )
    with pytest.raises(DataError) as caught:
        load_services(path)
    text = str(caught.value)
    assert f"{path}:9:" in text and "pixels: got [375, 376], expected [375, 375]" in text
    assert f"{path}:11:" in text and "unknown product 'chit'" in text
