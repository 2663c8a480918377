"""Pages -> raster images, through the PDF: what a PNG shows is what the PDF prints.

The pages are drawn into one PDF (:func:`generator.render.pdf.render_pdf`) and each
page is rasterised by PDFium (pypdfium2) onto white. An image of a page of ``w`` mm
at ``dpi`` is ``round(w * dpi / 25.4)`` pixels wide (halves round up), and likewise
high: PDFium rounds up, so at most one column or row beyond that, a fraction of a
pixel of bleed, is cut off. PNG files carry the resolution (pHYs), the sRGB profile
their pixels are in (iCCP: the same shipped bytes every time) and nothing that changes
from run to run (no time, no text chunks), so the same pages give the same bytes.
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterator, Sequence
from typing import Any

from ...draw.shapes import Page
from ...render.pdf import render_pdf

MM_PER_INCH = 25.4


def pixels(mm: float, dpi: float) -> int:
    """How many pixels ``mm`` millimetres take at ``dpi``: the nearest whole number,
    halves rounded up (a small tolerance absorbs floating-point noise)."""
    return math.floor(mm * dpi / MM_PER_INCH + 0.5 + 1e-9)


def render_images(pages: Sequence[Page], dpi: float, title: str = "dinokit") -> Iterator[Any]:
    """Each page as an RGB PIL image at ``dpi``, sized as :func:`pixels` says."""
    import pypdfium2

    document = pypdfium2.PdfDocument(render_pdf(pages, title=title))
    try:
        for number, page in enumerate(pages):
            image = document[number].render(scale=dpi / 72)
            pil = image.to_pil().convert("RGB")
            size = (pixels(page.width, dpi), pixels(page.height, dpi))
            if pil.size != size:
                pil = pil.crop((0, 0, *size))
            yield pil
    finally:
        document.close()


def png_bytes(image: Any, dpi: float | None = None) -> bytes:
    """``image`` as PNG, sRGB profile included: the same pixels give the same bytes;
    ``dpi`` goes into pHYs."""
    from .colour import srgb_profile_bytes

    buffer = io.BytesIO()
    options: dict[str, Any] = {"format": "PNG", "optimize": False, "compress_level": 6}
    if image.mode in ("RGB", "RGBA", "P"):  # a grey image would need a grey profile
        options["icc_profile"] = srgb_profile_bytes()
    if dpi is not None:
        options["dpi"] = (dpi, dpi)
    image.save(buffer, **options)
    return buffer.getvalue()
