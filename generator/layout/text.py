"""Fitting text into boxes with real font metrics: shrink to fit, or fail loudly; breaking
paragraphs into lines (at spaces, or by the Unicode rules for Chinese and Japanese)."""

from __future__ import annotations

import functools
import re
from pathlib import Path

from uniseg.linebreak import line_break_units  # type: ignore[import-untyped]

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


#: Text set without spaces between words: Han, kana, CJK punctuation, fullwidth forms
#: (Hangul is not among them: Korean is written with spaces and breaks at them).
_CJK_RE = re.compile(
    "[\u2e80-\u2fdf\u3000-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff"
    "\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef\U00020000-\U0003ffff]"
)
#: Kinsoku shori: never at the start of a line (closing brackets, stops, small kana,
#: the prolonged sound mark, iteration marks) ...
NO_LINE_START = frozenset(
    "、。，．・：；？！‼⁇⁈⁉ー―‐〜～…‥」』）］｝〕〉》】〙〗〟’”｠»›"
    "ゝゞヽヾ々〻ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ"
    "%‰°℃,.:;?!)]}"
)
#: ... and never at the end of one (opening brackets and quotes).
NO_LINE_END = frozenset("「『（［｛〔〈《【〘〖〝‘“｟«‹([{")


def wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """Break text into lines so each fits ``width`` mm; a piece too long overflows.

    Text with Han, kana or CJK punctuation breaks where the Unicode line breaking
    rules (UAX #14, by uniseg) allow, with the East Asian prohibitions on top
    (:data:`NO_LINE_START`, :data:`NO_LINE_END`); a Latin word or a number inside
    it stays whole. Other text (Latin, Hangul) breaks at plain spaces only: a
    no-break space (French ' :') keeps its words together.
    """
    return list(_wrap(text, font, size, width, fonts.catalogue().path))


@functools.lru_cache(maxsize=16384)
def _wrap(text: str, font: str, size: float, width: float, _catalogue: Path) -> tuple[str, ...]:
    """:func:`wrap`, remembered (a booklet is set at several densities, in several files);
    ``_catalogue`` keys the font ids to the catalogue they belong to."""
    m = fonts.metrics(font)
    advance = m.advance

    def fits(units: int) -> bool:
        return m.units_to_mm(units, size) <= width

    lines: list[str] = []
    if _CJK_RE.search(text) is None:
        space = advance(" ")
        current, used = "", 0
        for word in (w for w in text.split(" ") if w):
            wide = sum(advance(c) for c in word)
            if current and not fits(used + space + wide):
                lines.append(current)
                current, used = word, wide
            elif current:
                current, used = f"{current} {word}", used + space + wide
            else:
                current, used = word, wide
        if current:
            lines.append(current)
    else:
        current, used = "", 0  # ``used``: the advance of ``current`` with its spaces
        for unit in break_units(text):
            shown = unit.rstrip(" ")
            wide = sum(advance(c) for c in shown)
            if current and not fits(used + wide):
                lines.append(current.rstrip(" "))
                current, used = "", 0
            current += unit
            used += wide + advance(" ") * (len(unit) - len(shown))
        if current.strip(" "):
            lines.append(current.rstrip(" "))
    for line in lines:
        if not fits(sum(advance(c) for c in line)):
            raise TextOverflow(f"{line!r} is wider than {width:.1f} mm at {size:g} pt", text)
    return tuple(lines)


@functools.lru_cache(maxsize=16384)
def break_units(text: str) -> tuple[str, ...]:
    """The pieces a line may end after: UAX #14 break opportunities (uniseg), joined
    where a break would put a :data:`NO_LINE_START` character at a line's start or
    leave a :data:`NO_LINE_END` character at a line's end. Hard line breaks in the
    text are not kept (a paragraph is one text)."""
    units: list[str] = []
    for unit in line_break_units(text.replace("\n", " ")):
        if units and (unit[0] in NO_LINE_START or units[-1].rstrip(" ")[-1:] in NO_LINE_END):
            units[-1] += unit
        else:
            units.append(unit)
    return tuple(units)
