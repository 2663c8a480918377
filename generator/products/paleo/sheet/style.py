"""Pad-sheet palette and measures, and the text helpers every part of a sheet uses:
fonts of a language, headings, text fitted and centred in a box or wrapped to two lines."""

from __future__ import annotations

from collections.abc import Iterator

from ....draw.shapes import Item, Style, Text
from ....layout import fonts
from ....layout.text import TextOverflow, fitted_text, wrap
from ....source.lang import Language

INK = "#2b1d12"
ACCENT = "#7a4a22"  # headings, frames of the panels
BAND = "#efe5cf"  # heading bands, light parchment
ZEBRA = "#f7f1e3"  # every other row of the round track
GRID_LINE = "#a59d92"
FOSSIL_FILL = "#eee0c0"
FOSSIL_EDGE = "#6b4a2b"
BONE = "#c4a470"
STAR_FILL = "#f8e7a8"
RULE = "#d8ccb4"  # thin separating rules inside panels
SHAPE_FILL = "#d9c39a"  # the small pentominoes of the dice key
GRID_STYLE = Style(stroke=GRID_LINE, width=0.22)  # the thin lines between grid cells
WHITE = "#ffffff"
NO_STYLE = Style()

SAFE_ZONE = 3.2  # mm: a print shop's safe zone inside the cut, 1/8 inch (3.175) rounded up
FRAME_LINE = 0.7  # mm: the heaviest frame at the sheet's edge (the grid's)
PAD = SAFE_ZONE + FRAME_LINE / 2  # mm: parts stay this far inside the sheet's box, so
# that all their ink, frames included, stays SAFE_ZONE inside it (the print-shop cut)
MIN_CELL = 8.0  # mm: smallest grid cell a pencil can fill comfortably
MARGIN = 10.0  # mm: page margin of a pad
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
DIFFICULTY_PIPS = {"easy": 1, "medium": 2, "hard": 3}
CROP = Style(stroke="#000000", width=0.2)


def lerp(a: float, b: float, t: float) -> float:
    """The value a fraction ``t`` of the way from ``a`` to ``b``."""
    return a + (b - a) * t


def sheet_fonts(lang: Language) -> tuple[str, str, str]:
    """The regular, bold and display fonts of the language's script."""
    return (
        fonts.font_for(lang.script, "regular"),
        fonts.font_for(lang.script, "bold"),
        fonts.font_for(lang.script, "display"),
    )


def heading(text: str, lang: Language) -> str:
    """A heading's text: in capitals where the script has them (Latin)."""
    return text.upper() if lang.script == "latin" else text


def centred(
    x: float,
    y: float,
    w: float,
    h: float,
    text: str,
    font: str,
    size: float,
    min_size: float | None = None,
    colour: str = INK,
) -> Text:
    """Text fitted to ``w`` and centred (both ways, on its capitals) in the box x,y,w,h."""
    fitted = fitted_text(x + w / 2, 0, text, font, size, w, min_size, colour, "center")
    cap = fonts.cap_height_mm(font, fitted.size)
    return Text(fitted.x, y + (h + cap) / 2, text, font, fitted.size, colour, "center")


def text_lines(
    text: str,
    font: str,
    size: float,
    x: float,
    y: float,
    w: float,
    h: float,
    colour: str,
    min_size: float,
) -> list[Item]:
    """Text in the box x,y,w,h (vertically centred): one line, or two if it must wrap."""
    for s in _sizes(size, min_size):
        if fonts.text_width_mm(font, text, s) <= w:
            cap = fonts.cap_height_mm(font, s)
            return [Text(x, y + (h + cap) / 2, text, font, s, colour)]
        try:
            lines = wrap(text, font, s, w)
        except TextOverflow:
            continue
        lead = s * fonts.MM_PER_PT * 1.12
        if len(lines) == 2 and lead + fonts.cap_height_mm(font, s) <= h:
            cap = fonts.cap_height_mm(font, s)
            first = y + (h - lead + cap) / 2
            return [
                Text(x, first + k * lead, line, font, s, colour) for k, line in enumerate(lines)
            ]
    raise TextOverflow(
        f"{text!r} does not fit {w:.1f} x {h:.1f} mm at {min_size:g} pt or more", text
    )


def _sizes(size: float, min_size: float) -> Iterator[float]:
    s = size
    while s >= min_size - 1e-9:
        yield s
        s -= 0.2
