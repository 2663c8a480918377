"""CMYK as a press wants it: the conversion through the shipped ICC profile (black text
on one plate, rich black areas, total ink within 240%), the PDF/X-4 output intent, the
preflight's report, ΔE2000 against its published test data, and readers dinokit did not
write (qpdf, Ghostscript and its ink coverage, poppler, pdfium)."""

from __future__ import annotations

import io
import shutil
import subprocess
from pathlib import Path

import pytest
from export_fixtures import data_fixture, en_fixture  # noqa: F401  (fixtures)
from PIL import Image, ImageCms
from pypdf import PdfReader

from dinokit.draw.deltae import delta_e_2000, srgb_lab
from dinokit.draw.shapes import Circle, Line, Page, Rect, Style, Text
from dinokit.products.dinos.colours import INK
from dinokit.products.export.colour import (
    INK_LIMIT,
    PROFILE_FILE,
    RICH_BLACK,
    USES,
    icc_path,
    press_colours,
    to_cmyk,
)
from dinokit.products.export.pieces import SHOP_BLEED
from dinokit.products.export.preflight import preflight
from dinokit.products.export.shop import export_print_shop
from dinokit.render.pdf import render_pdf

#: Sharma, Wu and Dalal (2005), table 1: L1 a1 b1 L2 a2 b2 ΔE2000, all 34 pairs.
SHARMA = """
50.0000 2.6772 -79.7751 50.0000 0.0000 -82.7485 2.0425
50.0000 3.1571 -77.2803 50.0000 0.0000 -82.7485 2.8615
50.0000 2.8361 -74.0200 50.0000 0.0000 -82.7485 3.4412
50.0000 -1.3802 -84.2814 50.0000 0.0000 -82.7485 1.0000
50.0000 -1.1848 -84.8006 50.0000 0.0000 -82.7485 1.0000
50.0000 -0.9009 -85.5211 50.0000 0.0000 -82.7485 1.0000
50.0000 0.0000 0.0000 50.0000 -1.0000 2.0000 2.3669
50.0000 -1.0000 2.0000 50.0000 0.0000 0.0000 2.3669
50.0000 2.4900 -0.0010 50.0000 -2.4900 0.0009 7.1792
50.0000 2.4900 -0.0010 50.0000 -2.4900 0.0010 7.1792
50.0000 2.4900 -0.0010 50.0000 -2.4900 0.0011 7.2195
50.0000 2.4900 -0.0010 50.0000 -2.4900 0.0012 7.2195
50.0000 -0.0010 2.4900 50.0000 0.0009 -2.4900 4.8045
50.0000 -0.0010 2.4900 50.0000 0.0010 -2.4900 4.8045
50.0000 -0.0010 2.4900 50.0000 0.0011 -2.4900 4.7461
50.0000 2.5000 0.0000 50.0000 0.0000 -2.5000 4.3065
50.0000 2.5000 0.0000 73.0000 25.0000 -18.0000 27.1492
50.0000 2.5000 0.0000 61.0000 -5.0000 29.0000 22.8977
50.0000 2.5000 0.0000 56.0000 -27.0000 -3.0000 31.9030
50.0000 2.5000 0.0000 58.0000 24.0000 15.0000 19.4535
50.0000 2.5000 0.0000 50.0000 3.1736 0.5854 1.0000
50.0000 2.5000 0.0000 50.0000 3.2972 0.0000 1.0000
50.0000 2.5000 0.0000 50.0000 1.8634 0.5757 1.0000
50.0000 2.5000 0.0000 50.0000 3.2592 0.3350 1.0000
60.2574 -34.0099 36.2677 60.4626 -34.1751 39.4387 1.2644
63.0109 -31.0961 -5.8663 62.8187 -29.7946 -4.0864 1.2630
61.2901 3.7196 -5.3901 61.4292 2.2480 -4.9620 1.8731
35.0831 -44.1164 3.7933 35.0232 -40.0716 1.5901 1.8645
22.7233 20.0904 -46.6940 23.0331 14.9730 -42.5619 2.0373
36.4612 47.8580 18.3852 36.2715 50.5065 21.2231 1.4146
90.8027 -2.0831 1.4410 91.1528 -1.6435 0.0447 1.4441
90.9257 -0.5406 -0.9208 88.6381 -0.8985 -0.7239 1.5381
6.7747 -0.2908 -2.4247 5.8714 -0.0985 -2.2286 0.6377
2.0776 0.0795 -1.1350 0.9033 -0.0636 -0.5514 0.9082
"""
PAIRS = [[float(v) for v in line.split()] for line in SHARMA.strip().splitlines()]


@pytest.mark.parametrize("row", PAIRS, ids=[str(n) for n in range(1, len(PAIRS) + 1)])
def test_delta_e_2000_gives_the_published_differences(row: list[float]) -> None:
    first, second, expected = tuple(row[:3]), tuple(row[3:6]), row[6]
    assert delta_e_2000(first, second) == pytest.approx(expected, abs=5e-5)  # type: ignore[arg-type]
    assert delta_e_2000(second, first) == pytest.approx(expected, abs=5e-5)  # type: ignore[arg-type]


def test_srgb_lab_agrees_with_littlecms() -> None:
    srgb, lab = ImageCms.createProfile("sRGB"), ImageCms.createProfile("LAB", 5000)
    transform = ImageCms.buildTransform(srgb, lab, "RGB", "LAB")
    for hex_colour in ("#2b1d12", "#c75300", "#0b669e", "#f0e442", "#00b086", "#ffffff"):
        rgb = tuple(int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
        big_l, a, b = ImageCms.applyTransform(Image.new("RGB", (1, 1), rgb), transform).getpixel(
            (0, 0)
        )
        mine = srgb_lab(hex_colour)
        assert mine[0] == pytest.approx(big_l * 100 / 255, abs=0.5)  # 8 bits: 0.39 a step
        assert mine[1:] == pytest.approx((a - 128, b - 128), abs=1.0)


def test_dark_text_and_lines_are_black_only_and_dark_areas_rich_black() -> None:
    assert to_cmyk(INK, "text") == to_cmyk(INK, "line") == (0, 0, 0, 1)  # darker than K 100%
    assert to_cmyk("#000000", "text") == (0, 0, 0, 1)
    assert to_cmyk(INK, "area") == to_cmyk("#000000", "area") == RICH_BLACK
    c, m, y, k = to_cmyk("#5a3b22", "text")  # the aid's brown: lighter than K 100%
    assert (c, m, y) == (0, 0, 0) and 0.8 < k < 1
    assert to_cmyk("#5a3b22", "area")[:3] != (0, 0, 0)  # its band goes through the profile
    assert to_cmyk("#ffffff", "text") == (0, 0, 0, 0)
    assert any(to_cmyk("#a52413", "text")[:3])  # a dark red keeps its colour
    # the profile, not a formula: the press's separation of a colour
    assert to_cmyk("#c75300") == pytest.approx((0.0157, 0.7137, 0.9647, 0.1765), abs=1e-4)
    # as docs/export.md says: K alone prints lighter than the ink, rich black darker
    assert press_colours().lab((0, 0, 0, 1))[0] == pytest.approx(16.5, abs=0.1)
    assert press_colours().lab(RICH_BLACK)[0] == pytest.approx(12.5, abs=0.1)
    assert srgb_lab(INK)[0] == pytest.approx(12.3, abs=0.1)


def test_no_colour_passes_the_ink_limit() -> None:
    levels = range(0, 256, 51)
    for r in levels:
        for g in levels:
            for b in levels:
                for use in USES:
                    cmyk = to_cmyk(f"#{r:02x}{g:02x}{b:02x}", use)
                    assert sum(cmyk) <= INK_LIMIT + 1e-9, (r, g, b, use, cmyk)
    assert sum(RICH_BLACK) == pytest.approx(2.0)


def test_the_profile_ships_with_its_licence() -> None:
    profile = ImageCms.ImageCmsProfile(io.BytesIO(icc_path(PROFILE_FILE).read_bytes()))
    assert profile.profile.xcolor_space.strip() == "CMYK"
    assert profile.profile.device_class == "prtr"  # an output profile, as PDF/X wants
    notes = (icc_path(PROFILE_FILE).parent / "README.md").read_text(encoding="utf-8")
    assert "CC0" in notes and "TR 006" in notes and "colprof" in notes


def _text_page() -> Page:
    """A page of text and thin lines only, in the kit's ink."""
    items = [Text(10, 15 + 6 * n, f"Line {n} of dark text", "sans", 8, INK) for n in range(5)]
    items += [Line(10, 50, 60, 50, Style(stroke=INK, width=0.2)),
              Circle(70, 20, 2, Style(fill=INK))]  # fmt: skip
    return Page(90, 60, tuple(items), label="text")


def _area_page() -> Page:
    return Page(90, 60, (Rect(5, 5, 80, 50, Style(fill=INK)),), label="area")


@pytest.fixture(scope="module")
def press_pdf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("press") / "press.pdf"
    path.write_bytes(render_pdf([_text_page(), _area_page()], title="press", cmyk=to_cmyk))
    return path


def _tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        pytest.skip(f"{name} is not installed (apt-get install qpdf ghostscript poppler-utils)")
    return found


def test_a_text_page_prints_on_the_black_plate_only(press_pdf: Path) -> None:
    gs = _tool("gs")
    result = subprocess.run(
        [gs, "-q", "-o", "-", "-sDEVICE=inkcov", "-dPDFSTOPONERROR", str(press_pdf)],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    text, area = ([float(v) for v in line.split()[:4]] for line in result.stdout.splitlines())
    assert text[:3] == [0, 0, 0] and text[3] > 0  # cyan, magenta, yellow: not one dot
    assert all(v > 0.5 for v in area)  # the large area: rich black, on all four plates


def test_the_file_is_pdfx4_with_the_profile_as_output_intent(press_pdf: Path) -> None:
    content = press_pdf.read_bytes()
    assert content.startswith(b"%PDF-1.6")
    reader = PdfReader(press_pdf)
    (intent,) = reader.trailer["/Root"]["/OutputIntents"]
    intent = intent.get_object()
    assert intent["/S"] == "/GTS_PDFX" and intent["/OutputConditionIdentifier"] == "CGATS TR 006"
    profile = intent["/DestOutputProfile"].get_object()
    assert profile["/N"] == 4 and profile.get_data() == icc_path(PROFILE_FILE).read_bytes()
    assert reader.trailer["/Info"]["/GTS_PDFXVersion"] == "PDF/X-4"
    assert reader.trailer["/Info"]["/Trapped"] == "/False"
    xmp = reader.trailer["/Root"]["/Metadata"].get_object().get_data()
    assert b"<pdfxid:GTS_PDFXVersion>PDF/X-4</pdfxid:GTS_PDFXVersion>" in xmp
    assert render_pdf([_text_page(), _area_page()], title="press", cmyk=to_cmyk) == content


def test_readers_dinokit_did_not_write_open_it_without_a_complaint(
    press_pdf: Path, tmp_path: Path
) -> None:
    import pypdfium2

    commands = {
        "qpdf": ["--check", str(press_pdf)],
        "gs": ["-q", "-o", "/dev/null", "-sDEVICE=nullpage", "-dPDFSTOPONERROR", str(press_pdf)],
        "pdftoppm": ["-r", "20", "-png", str(press_pdf), str(tmp_path / "p")],
        "pdftotext": [str(press_pdf), str(tmp_path / "text.txt")],
    }
    for name, args in commands.items():
        result = subprocess.run([_tool(name), *args], capture_output=True, text=True)
        assert result.returncode == 0, (name, result.stderr)
        said = result.stderr.lower() + ("" if name == "qpdf" else result.stdout.lower())
        assert not any(word in said for word in ("error", "warning", "invalid")), (name, said)
    assert "Line 4 of dark text" in (tmp_path / "text.txt").read_text(encoding="utf-8")
    document = pypdfium2.PdfDocument(press_pdf)
    assert len(document) == 2
    document.close()


def test_the_preflight_reports_intent_black_colours_and_pdfx(data, en, tmp_path: Path) -> None:
    (written,) = export_print_shop(data, en, ("aid",), True, tmp_path)
    report = preflight(written.path, SHOP_BLEED, True)
    assert report.ok, report.lines()
    checks = {check.name: check.detail for check in report.checks}
    assert "CGATS TR 006" in checks["output intent"]
    assert "GRACoL TR006" in checks["output intent"]
    assert "black only (K 89%, K 100%)" in checks["black"]
    assert report.delta_e["era 1"] < 2  # through the profile and back
    assert report.delta_e["INK as text/line"] > 5  # K alone is no brown: named
    assert "over 5: INK as text/line" in checks["colours"]
    assert checks["PDF/X-4"].startswith("identified as PDF/X-4")
    assert "no certified PDF/X validator ran" in checks["PDF/X-4"]


def test_the_preflight_fails_a_file_without_intent_or_with_four_colour_text(
    tmp_path: Path,
) -> None:
    def mixed(hex_colour: str, use: str) -> tuple[float, float, float, float]:
        return (0.5, 0.4, 0.4, 1.0) if hex_colour == INK else to_cmyk(hex_colour, use)

    path = tmp_path / "plain.pdf"
    path.write_bytes(render_pdf([_text_page()], cmyk=mixed))  # type: ignore[arg-type]
    failed = {c.name for c in preflight(path, 0, True).checks if not c.ok}
    assert failed == {"boxes", "output intent", "PDF/X-4"}

    class Mixed:
        output_intent = press_colours().output_intent
        __call__ = staticmethod(mixed)

    path.write_bytes(render_pdf([_text_page()], cmyk=Mixed()))
    report = preflight(path, 0, True)
    black = next(c for c in report.checks if c.name == "black")
    assert not black.ok and "on more plates: C50% M40% Y40% K100%" in black.detail


def test_the_streaming_backend_keeps_the_black_rules_too(tmp_path: Path) -> None:
    from dinokit.render.common import text_by_font
    from dinokit.render.pdfstream import write_pdf_stream

    pages = [_text_page(), _area_page()]
    path = tmp_path / "stream.pdf"
    with path.open("wb") as handle:
        write_pdf_stream(pages, handle, text_by_font(pages), title="t", subject="s", lang="en",
                         author="a", creator="c", cmyk=to_cmyk)  # fmt: skip
    reader = PdfReader(path)
    text, area = (page.get_contents().get_data().decode() for page in reader.pages)
    assert "0 0 0 1 k" in text and "0 0 0 1 K" in text  # text, the circle, the line: K only
    assert "0.4 0.3 0.3 1 k" in area  # the large area: rich black
