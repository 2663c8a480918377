"""Every PDF dinokit writes reads without a complaint in readers dinokit did not write.

The files: a whole duplex kit in two languages (Latin with diacritics and Japanese),
a gutter-fold ink-saver kit on Letter, a pad with printed rolls, the print-shop files in
RGB and in CMYK (PDF/X-4), a print service's deck (DriveThruCards, in Korean) and a
balance report. The readers: poppler (``pdftoppm`` renders every
page, as Evince and CUPS printing through it do; ``pdftotext`` extracts the text),
Ghostscript (interprets every page), qpdf (checks the structure and every stream) and
pdfium (renders every page). A reader that is missing skips with the line that
installs it; ``make test`` installs them all.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pypdfium2
import pytest
from conftest import run

#: What a reader says of a file it had to repair or guess at.
COMPLAINTS = ("error", "warning", "unknown", "couldn't", "invalid", "damaged", "repair")

READERS = {
    "pdftoppm": lambda pdf, out: ["pdftoppm", "-r", "9", "-png", str(pdf), str(out / "p")],
    "pdftotext": lambda pdf, out: ["pdftotext", str(pdf), str(out / "text.txt")],
    "gs": lambda pdf, out: ["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER",
                            "-sDEVICE=nullpage", str(pdf)],
    "qpdf": lambda pdf, out: ["qpdf", "--check", str(pdf)],
}  # fmt: skip
PACKAGE = {"pdftoppm": "poppler-utils", "pdftotext": "poppler-utils", "gs": "ghostscript",
           "qpdf": "qpdf"}  # fmt: skip
#: qpdf's own lines when all is well
QPDF_FINE = (
    "checking ", "PDF Version", "File is not encrypted", "File is not linearized",
    "No syntax or stream encoding errors found", "errors that qpdf cannot detect",
)  # fmt: skip


@pytest.fixture(scope="module")
def every_pdf(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    out = tmp_path_factory.mktemp("every-pdf")
    commands = [
        ["build", "--out", str(out / "duplex"), "--lang", "pl", "--lang", "ja",
         "--paper", "a4", "--jobs", "1"],
        ["build", "--out", str(out / "gutter"), "--lang", "en", "--paper", "letter",
         "--layout", "gutter-fold", "--ink-saver", "--jobs", "1"],
        ["pads", "--count", "2", "--rolls", "printed", "--lang", "de", "--paper", "letter",
         "--out", str(out / "pads"), "--jobs", "1"],
        ["export", "print-shop", "--product", "all", "--lang", "fr",
         "--out", str(out / "shop")],
        ["export", "print-shop", "--product", "all", "--cmyk", "--lang", "fr",
         "--out", str(out / "shop")],
        ["export", "print-shop", "--service", "drivethrucards", "--product", "all",
         "--lang", "ko", "--out", str(out / "service")],
        ["simulate", "digging-for-dinos", "--games", "40", "--players", "3",
         "--out", str(out / "report")],
    ]  # fmt: skip
    for args in commands:
        result = run(*args)
        assert result.exit_code == 0, (args, result.output)
    pdfs = sorted(out.rglob("*.pdf"))
    kinds = {p.name.split("-")[0] for p in pdfs}
    assert {"tiles", "tokens", "aid", "rules", "calibration", "guide", "pad"} <= kinds, kinds
    return pdfs


@pytest.mark.parametrize("reader", sorted(READERS))
def test_reader_reads_every_pdf_without_a_complaint(
    reader: str, every_pdf: list[Path], tmp_path: Path
) -> None:
    if shutil.which(reader) is None:
        pytest.skip(f"{reader} is missing: apt-get install {PACKAGE[reader]} (make test does)")
    said: dict[str, list[str]] = {}
    for pdf in every_pdf:
        done = subprocess.run(
            READERS[reader](pdf, tmp_path), capture_output=True, text=True, timeout=300
        )
        lines = [line for line in (done.stdout + done.stderr).splitlines() if line.strip()]
        if reader == "qpdf":
            lines = [line for line in lines if not line.startswith(QPDF_FINE)]
        bad = [line for line in lines if any(word in line.lower() for word in COMPLAINTS)]
        if done.returncode != 0 or bad or (reader == "qpdf" and lines):
            said[pdf.name] = [f"exit {done.returncode}", *lines[:5]]
        for page in tmp_path.glob("p-*.png"):  # pdftoppm: one image per page was made
            page.unlink()
    assert not said, said


def test_pdfium_renders_every_page_of_every_pdf(every_pdf: list[Path]) -> None:
    pages = 0
    for pdf in every_pdf:
        document = pypdfium2.PdfDocument(pdf)
        for page in document:
            bitmap = page.render(scale=0.1).to_pil()
            assert bitmap.width > 0 and bitmap.getextrema(), pdf.name
            pages += 1
        document.close()
    assert pages >= len(every_pdf)
