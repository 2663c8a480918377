"""Render pages of produced PDFs to PNG, to look at them (and for the README pictures).

Uses pypdfium2 (a development dependency): `python -m dinokit.preview PDF PAGE PNG [DPI]`.
"""

from __future__ import annotations

import sys
from pathlib import Path

from ..products.files import atomic_write


def render_png(pdf: Path, page: int, dpi: int = 110, crop_mm: tuple | None = None) -> bytes:
    import io

    import pypdfium2

    document = pypdfium2.PdfDocument(str(pdf))
    image = document[page].render(scale=dpi / 72).to_pil()
    if crop_mm is not None:
        px = dpi / 25.4
        image = image.crop(tuple(round(v * px) for v in crop_mm))
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=True)
    return buffer.getvalue()


def main(argv: list[str]) -> int:
    if len(argv) not in (3, 4):
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    pdf, page, png = Path(argv[0]), int(argv[1]), Path(argv[2])
    dpi = int(argv[3]) if len(argv) == 4 else 110
    atomic_write(png, render_png(pdf, page, dpi))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
