"""Charts as page descriptions: bar charts and histograms in a box, in millimetres.

Used by the balance reports; layout only (no backend), text fitted with real metrics.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..draw.shapes import Item, Line, Rect, Style, Text
from .text import fitted_text

INK = "#2b1d12"
GRID = "#d8d0c4"
BAR = "#b5653a"
PALETTE = ("#b5653a", "#3f6fa0", "#5e8f3a", "#c7a22b", "#7a5aa6", "#2f8f94", "#b5527d", "#8a6a3c")


def nice_step(span: float, ticks: int = 5) -> float:
    """A round step (1, 2, 2.5 or 5 times a power of ten) giving about ``ticks`` ticks."""
    if span <= 0:
        return 1.0
    raw = span / ticks
    power = 10 ** math.floor(math.log10(raw))
    return next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)


def bar_chart(
    x: float,
    y: float,
    w: float,
    h: float,
    title: str,
    labels: Sequence[str],
    values: Sequence[float],
    font: str,
    bold: str,
    fmt: str = "{:g}",
    colours: Sequence[str] | None = None,
    max_value: float | None = None,
) -> list[Item]:
    """Horizontal bars, one per label, each with its value written at its end."""
    items: list[Item] = [fitted_text(x, y + 4, title, bold, 9, w, min_size=6, colour=INK)]
    top = y + 7
    rows = max(1, len(labels))
    row_h = min(7.0, (h - 8) / rows)
    label_w = min(w * 0.35, 45)
    plot_w = w - label_w - 14
    peak = max_value if max_value is not None else max([*values, 0]) or 1
    size = min(8.0, row_h * 2.0)
    for i, (label, value) in enumerate(zip(labels, values, strict=True)):
        cy = top + i * row_h + row_h / 2
        items.append(
            fitted_text(
                x + label_w - 1.5,
                cy + size * 0.12,
                label,
                font,
                size,
                label_w - 2,
                min_size=4.5,
                colour=INK,
                align="right",
            )
        )
        length = plot_w * max(0.0, value) / peak
        colour = (colours or [BAR])[i % len(colours or [BAR])]
        items.append(
            Rect(x + label_w, cy - row_h * 0.35, max(length, 0.2), row_h * 0.7, Style(fill=colour))
        )
        items.append(
            Text(x + label_w + length + 1.2, cy + size * 0.12, fmt.format(value), font, size, INK)
        )
    items.append(
        Line(x + label_w, top, x + label_w, top + rows * row_h, Style(stroke=INK, width=0.3))
    )
    return items


def histogram(
    x: float,
    y: float,
    w: float,
    h: float,
    title: str,
    data: Sequence[float],
    font: str,
    bold: str,
    bins: int = 20,
    colour: str = BAR,
    x_label: str = "",
) -> list[Item]:
    """Vertical bars of how often each range of ``data`` occurs, with axis ticks."""
    items: list[Item] = [fitted_text(x, y + 4, title, bold, 9, w, min_size=6, colour=INK)]
    if not data:
        return items
    low, high = min(data), max(data)
    if all(float(v).is_integer() for v in data):
        # whole numbers: bars of whole-number width, centred on the values
        step = max(1, math.ceil((high - low + 1) / bins))
        bins = math.ceil((high - low + 1) / step)
        low, high = low - 0.5, low - 0.5 + bins * step
    elif high == low:
        low, high = low - 0.5, high + 0.5
    width = (high - low) / bins
    counts = [0] * bins
    for value in data:
        counts[min(bins - 1, int((value - low) / width))] += 1
    left, bottom = x + 10, y + h - 8
    plot_w, plot_h = w - 12, h - 16
    peak = max(counts)
    tick_step = nice_step(peak, 4)
    tick = 0.0
    while tick <= peak + 1e-9:
        ty = bottom - plot_h * tick / peak
        items.append(Line(left, ty, left + plot_w, ty, Style(stroke=GRID, width=0.2)))
        items.append(Text(left - 1.2, ty + 1, f"{tick:g}", font, 6.5, INK, "right"))
        tick += tick_step
    bar_w = plot_w / bins
    for i, count in enumerate(counts):
        if count:
            bh = plot_h * count / peak
            items.append(
                Rect(left + i * bar_w + 0.15, bottom - bh, bar_w - 0.3, bh, Style(fill=colour))
            )
    items.append(Line(left, bottom, left + plot_w, bottom, Style(stroke=INK, width=0.3)))
    vstep = nice_step(high - low, 6)
    value = math.ceil(low / vstep) * vstep
    while value <= high + 1e-9:
        tx = left + plot_w * (value - low) / (high - low)
        items.append(Line(tx, bottom, tx, bottom + 1.2, Style(stroke=INK, width=0.3)))
        items.append(Text(tx, bottom + 4, f"{value:g}", font, 6.5, INK, "center"))
        value += vstep
    if x_label:
        items.append(Text(left + plot_w, bottom + 7.5, x_label, font, 6.5, INK, "right"))
    return items
