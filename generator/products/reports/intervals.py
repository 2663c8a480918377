"""Charts and cells for numbers with their 95% intervals, in millimetres.

Takes estimates as ``{"value": x, "ci95": [lo, hi]}`` (from :mod:`generator.games.stats`);
gives a chart's page items: one bar per label with a whisker from ``lo`` to ``hi``,
the value and interval written beside it, and optional reference lines (a fair
share, a target band).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...draw.shapes import Item, Line, Rect, Style, Text
from ...layout.charts import BAR, INK, nice_step
from ...layout.text import fitted_text

WHISKER = "#1d140c"
REFERENCE = "#8a2a1a"
BANDING = "#e9f0dc"


def cell(estimate: dict, fmt: str = "{:.2f}", scale: float = 1.0, unit: str = "") -> str:
    """``"12.30 (11.90 to 12.70)"``: a value and its interval in one table cell."""
    lo, hi = estimate["ci95"]
    v, a, b = (fmt.format(x * scale) for x in (estimate["value"], lo, hi))
    return f"{v}{unit} ({a} to {b})"


def interval_chart(
    x: float,
    y: float,
    w: float,
    h: float,
    title: str,
    labels: Sequence[str],
    estimates: Sequence[dict],
    font: str,
    bold: str,
    fmt: str = "{:.2f}",
    scale: float = 1.0,
    unit: str = "",
    colours: Sequence[str] | None = None,
    max_value: float | None = None,
    reference: tuple[float, str] | None = None,
    band: tuple[float, float, str] | None = None,
) -> list[Item]:
    """Horizontal bars with 95% whiskers; ``reference``: (value, label) drawn as a dashed
    line; ``band``: (low, high, label) shaded behind the bars (a target range)."""
    items: list[Item] = [fitted_text(x, y + 4, title, bold, 9, w, min_size=6, colour=INK)]
    top = y + 8
    rows = max(1, len(labels))
    row_h = min(7.0, (h - 14) / rows)
    label_w = min(w * 0.3, 40)
    text_w = 38.0
    plot_w = w - label_w - text_w - 2
    highs = [e["ci95"][1] * scale for e in estimates]
    extra = [reference[0] * scale] if reference else []
    if band:
        extra.append(band[1] * scale)
    peak = max_value if max_value is not None else max([*highs, *extra, 0.0]) or 1.0
    step = nice_step(peak, 4)
    peak = step * -(-peak // step)

    def at(value: float) -> float:
        return x + label_w + plot_w * max(0.0, min(value, peak)) / peak

    bottom = top + rows * row_h
    if band:
        lo, hi = at(band[0] * scale), at(band[1] * scale)
        items.append(Rect(lo, top, hi - lo, bottom - top, Style(fill=BANDING)))
    tick = 0.0
    while tick <= peak + 1e-9:
        tx = at(tick)
        items.append(Line(tx, top, tx, bottom, Style(stroke="#e2d9c8", width=0.15)))
        items.append(Text(tx, bottom + 3.2, f"{tick:g}", font, 6, INK, "center"))
        tick += step
    size = min(8.0, row_h * 2.0)
    for i, (label, e) in enumerate(zip(labels, estimates, strict=True)):
        cy = top + i * row_h + row_h / 2
        items.append(fitted_text(x + label_w - 1.5, cy + size * 0.12, label, font, size,
                                 label_w - 2, min_size=4.5, colour=INK, align="right"))  # fmt: skip
        value, (lo, hi) = e["value"] * scale, (v * scale for v in e["ci95"])
        colour = (colours or [BAR])[i % len(colours or [BAR])]
        length = at(value) - at(0)
        items.append(Rect(at(0), cy - row_h * 0.3, max(length, 0.2), row_h * 0.6,
                          Style(fill=colour)))  # fmt: skip
        ends = (at(lo), at(hi))
        items.append(Line(ends[0], cy, ends[1], cy, Style(stroke=WHISKER, width=0.35)))
        for end in ends:
            items.append(Line(end, cy - row_h * 0.22, end, cy + row_h * 0.22,
                              Style(stroke=WHISKER, width=0.35)))  # fmt: skip
        items.append(fitted_text(x + w - text_w, cy + size * 0.12, cell(e, fmt, scale, unit),
                                 font, size, text_w, min_size=4.5, colour=INK))  # fmt: skip
    items.append(Line(at(0), top, at(0), bottom, Style(stroke=INK, width=0.3)))
    if reference:
        rx = at(reference[0] * scale)
        items.append(Line(rx, top - 1, rx, bottom, Style(stroke=REFERENCE, width=0.35,
                                                           dash=(1.0, 0.8))))  # fmt: skip
        items.append(Text(rx, bottom + 6.4, reference[1], font, 6, REFERENCE, "center"))
    if band:
        items.append(Text(at((band[0] + band[1]) / 2 * scale), bottom + 6.4, band[2], font, 6,
                          "#4d6b2a", "center"))  # fmt: skip
    return items


def chart_height(rows: int) -> float:
    """The height an :func:`interval_chart` of ``rows`` bars needs."""
    return 16 + 6 * rows
