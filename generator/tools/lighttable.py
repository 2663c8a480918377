"""The calibration sheet as seen on a light table: the front with the back showing
through, mirrored by the long-edge flip and shifted by a printer's drift.

``python -m dinokit.tools.lighttable PNG [DRIFT_X,DRIFT_Y] [PAPER] [LANG] [DPI]``: the
drift is how far the printer moves the back (mm, +X right as seen on the back page, +Y
down: the convention of --duplex-offset); the picture is cropped to the two scales.
Uses pypdfium2 and Pillow (development dependencies).
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from ..products.files import atomic_write


def lighttable_png(
    drift: tuple[float, float] = (1.5, -2.0), paper: str = "a4", code: str = "en", dpi: int = 150
) -> bytes:
    """Front and mirrored back multiplied, the back at half strength as light through
    paper shows it; the Y scale on the left, the X scale on the right, and under it the
    X scale again at three times the size around the offset it reads."""
    import pypdfium2
    from PIL import Image, ImageChops, ImageOps

    from ..games.data import load_games
    from ..products.calibrate import calibration_pages
    from ..render.pdf import render_pdf
    from ..source import DEFAULT_DATA_DIR
    from ..source.diagnostics import Diagnostics

    data = load_games(DEFAULT_DATA_DIR, Diagnostics())
    lang = data.language(code) if data is not None else None
    if lang is None:
        raise SystemExit(f"no language {code!r} in the shipped data")
    pages = calibration_pages(lang, paper, back_shift=drift)
    document = pypdfium2.PdfDocument(render_pdf(pages))
    boxes = pages[0].meta["scales"]
    assert isinstance(boxes, dict)

    def light_table(scale: int) -> tuple[Image.Image, float]:
        """The sheet held to the light at ``scale`` x dpi, and its pixels per mm."""
        sides = (document[n].render(scale=scale * dpi / 72).to_pil().convert("L") for n in (0, 1))
        front, back = sides
        seen = ImageOps.mirror(back)  # the long-edge flip, seen through the sheet
        faint = seen.point(lambda v: 128 + v // 2)  # paper lets about half the ink through
        return ImageChops.multiply(front, faint).convert("RGB"), scale * dpi / 25.4

    def crop(table: tuple[Image.Image, float], box: tuple[float, ...]) -> Image.Image:
        image, px = table
        x, y, w, h = box
        return image.crop((round(x * px), round(y * px), round((x + w) * px), round((y + h) * px)))

    table, px = light_table(1)
    y_scale, x_scale = crop((table, px), boxes["Y"]), crop((table, px), boxes["X"])
    x, y, w, h = boxes["X"]
    at = x + w / 2 - drift[0] * 12  # the thin meeting moves 12 mm per mm of offset
    zoom = crop(light_table(3), (at - 30, y + 8, 60, h - 12))
    gap = round(4 * px)
    width = y_scale.width + gap + max(x_scale.width, zoom.width)
    height = max(y_scale.height, x_scale.height + gap + zoom.height)
    image = Image.new("RGB", (width, height), "white")
    image.paste(y_scale, (0, 0))
    image.paste(x_scale, (y_scale.width + gap, 0))
    image.paste(zoom, (y_scale.width + gap, x_scale.height + gap))
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=True)
    return buffer.getvalue()


def main(argv: list[str]) -> int:
    if not 1 <= len(argv) <= 5:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    drift = (1.5, -2.0)
    if len(argv) > 1:
        x, y = argv[1].split(",")
        drift = (float(x), float(y))
    paper = argv[2] if len(argv) > 2 else "a4"
    code = argv[3] if len(argv) > 3 else "en"
    dpi = int(argv[4]) if len(argv) > 4 else 150
    atomic_write(Path(argv[0]), lighttable_png(drift, paper, code, dpi))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
