"""Rules booklets as printed sheets, measured in the produced PDFs.

Home sheets (imposed A4 and Letter) keep the outer 5 mm blank and mark the fold
inside the printable area; the how-to-print sheet carries a 50 mm calibration
bar; the A5 print-shop file is trimmed with TrimBox/BleedBox, its cover bleeding
3 mm; and no booklet, in any language, pads more than one blank page.
"""

from __future__ import annotations

import io
from functools import cache
from pathlib import Path

import pikepdf
import pypdfium2
import pytest
from pdfmeasure import measure, pdf_text

from dinokit.products.booklet.build import blank_pages
from dinokit.products.booklet.imposition import FOLD_TICKS, IMPOSED_PAPERS
from dinokit.products.booklet.output import build_booklet
from dinokit.products.validate import load_data

GAMES = ("digging-for-dinos", "paleontologists")
LANGS = ("en", "it", "fr", "de", "es", "ko")
PT = 72 / 25.4  # points per mm
BORDER = 5.0  # mm a home printer cannot print
DPI = 72  # 1 px = 0.35 mm: coarse enough to be quick, fine enough for a 5 mm border


@cache
def _data():
    loaded, diags = load_data()
    assert not diags.errors, [d.format() for d in diags.errors]
    return loaded


@cache
def booklet(game: str, code: str, paper: str, imposed: bool, root: str) -> bytes:
    """The booklet PDF as `dinokit rules` writes it (built once per test session)."""
    data = _data()
    lang = data.language(code)
    (written,) = build_booklet(data, game, lang, paper, "pdf", imposed, Path(root))
    return written.path.read_bytes()


@pytest.fixture(scope="module")
def root(tmp_path_factory) -> str:
    return str(tmp_path_factory.mktemp("booklets"))


def _images(pdf: bytes, dpi: int = DPI):
    document = pypdfium2.PdfDocument(pdf)
    for index in range(len(document)):
        page = document[index]
        yield index, page.render(scale=dpi / 72).to_pil().convert("L"), page.get_size()


def _inked_in_border(image, border_mm: float, dpi: int = DPI) -> list[tuple[int, int]]:
    """Pixels that are not white within ``border_mm`` of the image's edges."""
    px = int(border_mm / 25.4 * dpi)  # whole pixels lying inside the border
    w, h = image.size
    data = image.load()
    hits = []
    for y in range(h):
        xs = range(w) if y < px or y >= h - px else [*range(px), *range(w - px, w)]
        hits += [(x, y) for x in xs if data[x, y] < 250]
    return hits


# -- page counts ------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("code", LANGS)
def test_no_booklet_pads_more_than_one_blank_page(game: str, code: str, root: str) -> None:
    pages = len(pypdfium2.PdfDocument(booklet(game, code, "a4", False, root)))
    assert blank_pages(pages) <= 1, f"{game} {code}: {pages} pages pad {blank_pages(pages)}"
    imposed = pypdfium2.PdfDocument(booklet(game, code, "a4", True, root))
    sheets = -(-pages // 4)
    assert len(imposed) == 2 + 2 * sheets  # how-to sheet and its blank back, then the sheets


# -- home sheets: nothing in the outer 5 mm, a fold mark the user can see -----------


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game, code", [("digging-for-dinos", "de"), ("paleontologists", "ko")])
def test_imposed_sheets_keep_the_outer_5mm_blank(game: str, code: str, paper: str, root) -> None:
    pdf = booklet(game, code, paper, True, root)
    for index, image, (w, h) in _images(pdf):
        assert (round(w / PT, 1), round(h / PT, 1)) == IMPOSED_PAPERS[paper]
        hits = _inked_in_border(image, BORDER)
        assert not hits, f"{paper} page {index}: ink within 5 mm of the edge at {hits[:5]}"


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_imposed_side_marks_the_fold_inside_the_printable_area(paper: str, root) -> None:
    pdf = booklet("digging-for-dinos", "en", paper, True, root)
    pw, ph = IMPOSED_PAPERS[paper]
    pages = measure(pdf)
    for index, page in enumerate(pages[2:], start=2):  # after the how-to sheet and its back
        fold = [s for s in page.lines if abs(s.x1 - pw / 2) < 0.01 and abs(s.x2 - pw / 2) < 0.01]
        assert fold, f"page {index}: no fold mark"
        top = min(min(s.y1, s.y2) for s in fold)
        bottom = max(max(s.y1, s.y2) for s in fold)
        assert top == pytest.approx(FOLD_TICKS[0], abs=0.01) and top >= BORDER
        assert bottom == pytest.approx(ph - FOLD_TICKS[0], abs=0.01) and bottom <= ph - BORDER
        ticks = [s for s in fold if s.length <= FOLD_TICKS[1] - FOLD_TICKS[0] + 0.01]
        assert len(ticks) == 2, f"page {index}: a tick at each end of the fold"
    # and the mark really prints: ink on the fold line, 6 to 11 mm from the top edge
    bitmap = pypdfium2.PdfDocument(pdf)[2].render(scale=150 / 72).to_pil().convert("L")
    px = 150 / 25.4
    column = [bitmap.getpixel((round(pw / 2 * px), round(y * px))) for y in (7.0, 8.0, 9.0)]
    assert min(column) < 200, column


# -- the how-to-print sheet ------------------------------------------------------------


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("code", ["en", "ko"])
def test_howto_sheet_has_a_50mm_calibration_bar(paper: str, code: str, root: str) -> None:
    pdf = booklet("paleontologists", code, paper, True, root)
    page = measure(pdf, only=[0])[0]
    bars = [r for r in page.rects if abs(r.w - 50.0) < 0.02 and abs(r.h - 2.5) < 0.02]
    assert len(bars) == 1, [(r.w, r.h) for r in page.rects]
    bar = bars[0]
    assert bar.x >= BORDER and bar.y + bar.h <= page.height - BORDER
    ends = [s for s in page.lines if abs(s.x1 - s.x2) < 0.01 and abs(s.length - 5.0) < 0.01]
    assert {round(s.x1 - bar.x, 2) for s in ends} == {0.0, 50.0}  # end marks 50 mm apart
    text = pdf_text(pdf)[0].replace("\r", "").replace("\n", " ")
    check = _data().language(code).label("print_check")
    assert check.replace(" ", "") in text.replace(" ", "")


# -- the print-shop A5 file ------------------------------------------------------------


def test_shop_a5_pages_are_trimmed_with_3mm_bleed(root: str) -> None:
    pdf = booklet("digging-for-dinos", "fr", "a4", False, root)
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        for page in doc.pages:
            media = [float(v) / PT for v in page.MediaBox]
            trim = [float(v) / PT for v in page.TrimBox]
            bleed = [float(v) / PT for v in page.BleedBox]
            assert media == pytest.approx([0, 0, 154, 216], abs=0.01)
            assert trim == pytest.approx([3, 3, 151, 213], abs=0.01)  # A5
            assert bleed == pytest.approx(media, abs=0.01)


def test_shop_cover_runs_into_the_bleed_home_cover_stays_inside(root: str) -> None:
    shop = pypdfium2.PdfDocument(booklet("paleontologists", "it", "a4", False, root))
    cover = shop[0].render(scale=DPI / 72).to_pil().convert("RGB")
    w, h = cover.size
    for x, y in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1), (w // 2, 0), (w // 2, h - 1)):
        assert cover.getpixel((x, y)) != (255, 255, 255), (x, y)  # colour to the media edge
    # at home the cover is the right half of the first sheet's front: its colour stays
    # inside the page, 5 mm and more from the paper's edges
    home = pypdfium2.PdfDocument(booklet("paleontologists", "it", "a4", True, root))
    image = home[2].render(scale=DPI / 72).to_pil().convert("L")
    assert not _inked_in_border(image, BORDER)
    px = DPI / 25.4
    assert image.getpixel((round((148.5 + 9) * px), round(100 * px))) < 250  # its panel


def test_density_choice_fills_whole_sheets() -> None:
    """Of the densities' page counts, the choice pads at most one page, on the fewest sheets."""
    from dinokit.products.booklet.build import pick_density
    from dinokit.products.booklet.typeset import DENSITIES, NORMAL

    normal = DENSITIES.index(NORMAL)
    assert pick_density([12] * len(DENSITIES)) == normal
    counts = [14, 14, 13, 13, 12, 12, 11]  # 13 at the normal density pads three pages
    assert counts[pick_density(counts)] == 12  # the nearest density on three sheets
    counts = [11, 11, 10, 10, 10, 9, 9]  # 10 pads two; looser fills the third sheet
    assert counts[pick_density(counts)] == 11


# ------------------------------------------------------------- other readers

#: What poppler (pdftoppm: Evince, and CUPS printing through it) and Ghostscript say
#: of a page whose resources lack what its content uses.
READER_COMPLAINTS = ("Syntax Error", "Syntax Warning", "unknown", "Couldn't find", "Error:")
READERS = {"pdftoppm": ["pdftoppm", "-r", "12", "-png"], "gs": ["gs", "-q", "-dNOPAUSE",
           "-dBATCH", "-dSAFER", "-sDEVICE=nullpage"], "qpdf": ["qpdf", "--check"]}  # fmt: skip


def _read_with(tool: str, pdf: Path, out: Path) -> str:
    import shutil
    import subprocess

    if shutil.which(tool) is None:
        pytest.skip(f"{tool} is missing (make test installs poppler-utils, ghostscript, qpdf)")
    command = READERS[tool] + [str(pdf)] + ([str(out / "page")] if tool == "pdftoppm" else [])
    done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout + done.stderr


@pytest.mark.parametrize("tool", sorted(READERS))
@pytest.mark.parametrize(("game", "imposed"), [("digging-for-dinos", True),
                                               ("digging-for-dinos", False)])  # fmt: skip
def test_poppler_and_ghostscript_read_every_booklet_page_without_a_complaint(
    root: str, tmp_path: Path, tool: str, game: str, imposed: bool
) -> None:
    """qpdf finds the structure sound too. Before: the imposed pages placed the A5
    pages as forms whose see-through fills used graphics states missing from the
    forms' resources ('ExtGState gRLs0 is unknown' 54 times in poppler, 'Couldn't
    find named resource' in Ghostscript), and those fills printed solid."""
    pdf = tmp_path / "booklet.pdf"
    pdf.write_bytes(booklet(game, "en", "a4", imposed, root))
    said = _read_with(tool, pdf, tmp_path)
    assert not [line for line in said.splitlines() if any(c in line for c in READER_COMPLAINTS)]
    if tool == "qpdf":
        assert "No syntax or stream encoding errors found" in said


def test_the_how_to_sheet_says_how_to_print_without_duplex(root: str, tmp_path: Path) -> None:
    """Odd pages from 3, the stack turned, even pages from 4, a test sheet first: read
    back by poppler's pdftotext from the imposed booklet's first page."""
    import shutil
    import subprocess

    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext is missing (make test installs poppler-utils)")
    pdf = tmp_path / "booklet.pdf"
    pdf.write_bytes(booklet("paleontologists", "en", "letter", True, root))
    done = subprocess.run(["pdftotext", "-f", "1", "-l", "1", str(pdf), "-"],
                          capture_output=True, text=True, check=True)  # fmt: skip
    text = " ".join(done.stdout.split())
    assert "No double-sided printer? Print the odd pages from page 3 on" in text
    assert "then print the even pages from page 4 on" in text
    assert "Try it on one sheet first: page 3, then page 4 on its back." in text
