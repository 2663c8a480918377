"""Fitting text into boxes with real font metrics: shrink to fit, or fail loudly."""

from __future__ import annotations

from ..draw.shapes import Align, Colour, Text
from . import fonts


class TextOverflow(Exception):
    """Text that does not fit its box even at the smallest allowed size; ``text`` is
    that text, so that a check can say which name or label it is."""

    def __init__(self, message: str, text: str | None = None) -> None:
        super().__init__(message)
        self.text = text


def fit_size(text: str, font: str, size: float, width: float, min_size: float) -> float:
    """The largest size <= ``size`` at which ``text`` is at most ``width`` mm wide."""
    natural = fonts.text_width_mm(font, text, size)
    if natural <= width:
        return size
    fitted = size * width / natural
    if fitted < min_size:
        raise TextOverflow(
            text=text,
            message=f"{text!r} needs {natural:.1f} mm at {size:g} pt but has {width:.1f} mm "
            f"(would need {fitted:.1f} pt, the minimum is {min_size:g} pt)",
        )
    return fitted


def fitted_text(
    x: float,
    y: float,
    text: str,
    font: str,
    size: float,
    width: float,
    min_size: float | None = None,
    colour: Colour = "#000000",
    align: Align = "left",
) -> Text:
    """A line of text shrunk to ``width`` if needed (never below ``min_size``)."""
    floor = size * 0.6 if min_size is None else min_size
    return Text(x, y, text, font, fit_size(text, font, size, width, floor), colour, align)


def wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """Break text into lines at spaces so each fits ``width``; a word too long overflows."""
    lines: list[str] = []
    current = ""
    # Break at plain spaces only: a no-break space (French ' :') keeps its words together.
    for word in (w for w in text.split(" ") if w):
        trial = f"{current} {word}" if current else word
        if current and fonts.text_width_mm(font, trial, size) > width:
            lines.append(current)
            current = word
        else:
            current = trial
    if current:
        lines.append(current)
    for line in lines:
        if fonts.text_width_mm(font, line, size) > width:
            raise TextOverflow(f"{line!r} is wider than {width:.1f} mm at {size:g} pt", text)
    return lines
