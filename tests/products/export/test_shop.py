"""export print-shop: boxes on every page, fonts embedded, CMYK within the ink limit;
measured in the written PDFs with pypdf, independently of the preflight."""

from __future__ import annotations

from pathlib import Path

import pytest
from export_fixtures import data_fixture, en_fixture  # noqa: F401  (fixtures)
from pypdf import PdfReader
from pypdf.generic import ContentStream

from dinokit.layout.sheets import load_sheet_spec
from dinokit.products.export.colour import INK_LIMIT
from dinokit.products.export.pieces import SHOP_BLEED
from dinokit.products.export.preflight import preflight
from dinokit.products.export.shop import export_print_shop

MM = 25.4 / 72


@pytest.fixture(scope="module")
def shop(data, en, tmp_path_factory) -> dict[bool, list[Path]]:
    out = tmp_path_factory.mktemp("shop")
    return {
        cmyk: [w.path for w in export_print_shop(data, en, ("tokens", "aid"), cmyk, out)]
        for cmyk in (False, True)
    }


def _colour_operations(reader: PdfReader, page) -> list[tuple[bytes, list[float]]]:
    """Every colour operator of a page and of the forms it draws."""
    found = []
    streams = [(page.get_contents(), page.get("/Resources"))]
    while streams:
        content, resources = streams.pop()
        for operands, op in ContentStream(content, reader).operations:
            if op in (b"k", b"K", b"rg", b"RG", b"g", b"G", b"sc", b"scn", b"SC", b"SCN"):
                found.append((op, [float(v) for v in operands if not hasattr(v, "startswith")]))
        xobjects = (resources.get_object().get("/XObject") or {}) if resources else {}
        for ref in xobjects.values():
            form = ref.get_object()
            if form.get("/Subtype") == "/Form":
                streams.append((form, form.get("/Resources")))
    return found


def test_one_component_face_per_page_with_trim_and_bleed_boxes(shop) -> None:
    spec = load_sheet_spec().components
    for path, (component, pages) in zip(shop[False], [("token", 8), ("aid", 2)], strict=True):
        reader = PdfReader(path)
        assert len(reader.pages) == pages  # each piece's front, then its back
        size = spec[component]
        for page in reader.pages:
            media = [float(v) * MM for v in page.mediabox]
            trim = [float(v) * MM for v in page.trimbox]
            bleed = [float(v) * MM for v in page.bleedbox]
            assert media[2] - media[0] == pytest.approx(size.width + 2 * SHOP_BLEED, abs=0.01)
            assert media[3] - media[1] == pytest.approx(size.height + 2 * SHOP_BLEED, abs=0.01)
            assert bleed == pytest.approx(media, abs=0.01)
            assert trim == pytest.approx(
                [SHOP_BLEED, SHOP_BLEED, size.width + SHOP_BLEED, size.height + SHOP_BLEED],
                abs=0.01,
            )


def test_the_same_input_gives_the_same_bytes(data, en, shop, tmp_path: Path) -> None:
    (again,) = export_print_shop(data, en, ("tokens",), True, tmp_path)
    assert again.path.read_bytes() == shop[True][0].read_bytes()


def test_every_font_is_embedded(shop) -> None:
    reader = PdfReader(shop[False][1])  # the aid: text on both sides
    fonts = 0
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            if font.get("/BaseFont") is None:
                continue
            parts = [d.get_object() for d in font.get("/DescendantFonts", [])] or [font]
            for part in parts:
                descriptor = part["/FontDescriptor"].get_object()
                assert {"/FontFile", "/FontFile2", "/FontFile3"} & set(descriptor), font
                fonts += 1
    assert fonts >= 2


def test_cmyk_files_have_no_rgb_and_at_most_240_percent_ink(shop) -> None:
    for path in shop[True]:
        reader = PdfReader(path)
        ops = [op for page in reader.pages for op in _colour_operations(reader, page)]
        assert ops and all(op in (b"k", b"K") for op, _ in ops), {op for op, _ in ops}
        assert max(sum(values) for _, values in ops) <= INK_LIMIT + 1e-9
    # the RGB files do set RGB colours: the reading above would see them
    reader = PdfReader(shop[False][0])
    assert any(op == b"rg" for op, _ in _colour_operations(reader, reader.pages[0]))


def test_preflight_passes_what_the_export_wrote(shop) -> None:
    for cmyk in (False, True):
        for path in shop[cmyk]:
            report = preflight(path, SHOP_BLEED, cmyk)
            assert report.ok, report.lines()
            assert report.min_ppi is None  # vectors only
    assert preflight(shop[True][0], SHOP_BLEED, True).max_ink <= INK_LIMIT


def test_preflight_finds_missing_boxes_rgb_and_over_inking(tmp_path: Path) -> None:
    from reportlab.pdfgen.canvas import Canvas

    path = tmp_path / "bad.pdf"
    canvas = Canvas(str(path), pagesize=(100, 100), invariant=1)
    canvas.setFillColorCMYK(1, 1, 1, 0.5)  # 350% ink
    canvas.rect(0, 0, 50, 50, fill=1, stroke=0)
    canvas.setFillColorRGB(1, 0, 0)
    canvas.rect(50, 50, 50, 50, fill=1, stroke=0)
    from PIL import Image
    from reportlab.lib.utils import ImageReader

    canvas.drawImage(ImageReader(Image.new("RGB", (30, 30), "red")), 0, 0, 36, 36)  # half an inch
    canvas.showPage()
    canvas.save()
    report = preflight(path, SHOP_BLEED, cmyk=True)
    failed = {check.name for check in report.checks if not check.ok}
    # reportlab's Helvetica: not embedded; no output intent, so no PDF/X either
    assert failed == {"boxes", "ink", "fonts", "images", "output intent", "PDF/X-4"}
    assert report.max_ink == pytest.approx(3.5) and report.rgb_colours == 1
    assert report.min_ppi == pytest.approx(60)  # 30 px over half an inch
    assert "FAILED" in report.lines()[0]
