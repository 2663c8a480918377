"""The check of every file ``export print-shop --service`` wrote, against the template.

Read from the file itself: a PNG's pixel size (the template's, exactly), its
resolution (pHYs, the service's dpi) and mode (RGB); a PDF's page count, each page's
MediaBox (trim + 2 x bleed), TrimBox (the cut, ``bleed`` inside the page) and BleedBox
(the page), then the shop preflight of :mod:`.preflight` (fonts embedded, CMYK within
the ink limit for a CMYK service). Reports in the preflight's format.
"""

from __future__ import annotations

from pathlib import Path

from .preflight import Check, Report, preflight
from .services import Product, Service

PT_PER_MM = 72 / 25.4
TOLERANCE_PT = 0.05  # how far a page box may be from the template (0.02 mm)
DPI_TOLERANCE = 0.01  # pHYs keeps pixels per metre: 300 dpi reads back as 299.9994


def check_png(path: Path, product: Product, dpi: int) -> Report:
    """A face image against ``product``'s template at ``dpi``."""
    from PIL import Image

    with Image.open(path) as image:
        size, mode = image.size, image.mode
        found = image.info.get("dpi", (0.0, 0.0))
    want = product.pixels
    report = Report(path, 1)
    report.checks.append(
        Check(
            "pixels",
            size == want,
            f"{size[0]} x {size[1]} px, template {want[0]} x {want[1]} px" if want else "?",
        )
    )
    dpi_ok = all(abs(float(v) - dpi) <= DPI_TOLERANCE for v in found)
    report.checks.append(
        Check("dpi", dpi_ok, f"{float(found[0]):.2f} x {float(found[1]):.2f}, template {dpi}")
    )
    report.checks.append(Check("colour", mode == "RGB", f"{mode}, template RGB"))
    return report


def _near(box: list[float], want: tuple[float, float, float, float]) -> bool:
    return all(abs(a - b) <= TOLERANCE_PT for a, b in zip(box, want, strict=True))


def check_pdf(path: Path, product: Product, pages: int, cmyk: bool) -> Report:
    """A deck's PDF against ``product``'s template: ``pages`` pages, each with the
    template's page size, TrimBox and BleedBox; then the shop preflight."""
    from pypdf import PdfReader

    w = (product.width + 2 * product.bleed) * PT_PER_MM
    h = (product.height + 2 * product.bleed) * PT_PER_MM
    b = product.bleed * PT_PER_MM
    media, trim = (0.0, 0.0, w, h), (b, b, w - b, h - b)
    reader = PdfReader(path)
    wrong = [
        number
        for number, page in enumerate(reader.pages, start=1)
        if not (
            _near([float(v) for v in page.mediabox], media)
            and _near([float(v) for v in page.trimbox], trim)
            and _near([float(v) for v in page.bleedbox], media)
        )
    ]
    report = preflight(path, product.bleed, cmyk)
    report.checks.insert(
        0, Check("pages", len(reader.pages) == pages, f"{len(reader.pages)}, {pages} expected")
    )
    size = f"{w / PT_PER_MM:.2f} x {h / PT_PER_MM:.2f} mm"
    detail = f"every page {size}, TrimBox {product.bleed:.3f} mm inside, BleedBox the page"
    if wrong:
        detail = f"pages {', '.join(map(str, wrong[:5]))} differ from the template ({size})"
    report.checks.insert(1, Check("template", not wrong, detail))
    return report


def check_written(
    service: Service, products: dict[Path, Product], pages: dict[Path, int]
) -> list[Report]:
    """Every written face or deck against its product's template."""
    return [
        check_pdf(path, product, pages[path], service.colour == "cmyk")
        if service.files == "pdf"
        else check_png(path, product, service.dpi)
        for path, product in products.items()
    ]
