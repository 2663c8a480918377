"""Balance reports: a title, short texts, tables and charts flowed onto A4 pages."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ...draw.shapes import Item, Line, Page, Rect, Style, Text
from ...layout import fonts
from ...layout.text import fitted_text, wrap

INK = "#2b1d12"
ACCENT = "#7a4a22"
BAND = "#efe5cf"
PAGE_W, PAGE_H, MARGIN = 210.0, 297.0, 15.0
BODY_W = PAGE_W - 2 * MARGIN

#: (x, y, w, h, regular font, bold font) -> the chart's items.
ChartMaker = Callable[..., list[Item]]


@dataclass
class Report:
    title: str
    subtitle: str
    blocks: list[tuple] = field(default_factory=list)

    def heading(self, text: str) -> None:
        self.blocks.append(("heading", text))

    def text(self, text: str) -> None:
        self.blocks.append(("text", text))

    def table(self, header: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
        self.blocks.append(("table", list(header), [list(r) for r in rows]))

    def chart(self, height: float, make: ChartMaker) -> None:
        self.blocks.append(("chart", height, make))


def _height(block: tuple, font: str) -> float:
    kind = block[0]
    if kind == "heading":
        return 11.0
    if kind == "text":
        return 4.4 * len(wrap(block[1], font, 9, BODY_W)) + 2.0
    if kind == "table":
        return 5.2 * (len(block[2]) + 1) + 3.0
    return block[1] + 3.0


def report_pages(report: Report, script: str = "latin") -> list[Page]:
    regular, bold = fonts.font_for(script), fonts.font_for(script, "bold")
    display = fonts.font_for(script, "display")
    pages: list[list[Item]] = [[]]
    header: list[Item] = [
        Rect(0, 0, PAGE_W, 30, Style(fill=BAND)),
        fitted_text(MARGIN, 15, report.title, display, 20, BODY_W, min_size=12, colour=ACCENT),
        fitted_text(MARGIN, 23, report.subtitle, regular, 9, BODY_W, min_size=6, colour=INK),
    ]
    pages[0].extend(header)
    y = 38.0
    fresh = True  # nothing on this page yet: never break before the first block
    for index, block in enumerate(report.blocks):
        need = _height(block, regular)
        if block[0] == "heading":  # keep with its texts and the first table or chart
            for follower in report.blocks[index + 1 :]:
                need += _height(follower, regular)
                if follower[0] != "text":
                    break
        if y + need > PAGE_H - MARGIN - 6 and not fresh:
            pages.append([])
            y = MARGIN
        need = _height(block, regular)
        items = pages[-1]
        kind = block[0]
        if kind == "heading":
            items.append(
                fitted_text(MARGIN, y + 6, block[1], bold, 12, BODY_W, min_size=8, colour=ACCENT)
            )
            items.append(
                Line(MARGIN, y + 8, PAGE_W - MARGIN, y + 8, Style(stroke=ACCENT, width=0.3))
            )
        elif kind == "text":
            for i, line in enumerate(wrap(block[1], regular, 9, BODY_W)):
                items.append(Text(MARGIN, y + 4 + i * 4.4, line, regular, 9, INK))
        elif kind == "table":
            items.extend(_table(block[1], block[2], MARGIN, y, regular, bold))
        else:
            items.extend(block[2](MARGIN, y, BODY_W, block[1], regular, bold))
        y += need
        fresh = False
    total = len(pages)
    return [
        Page(
            PAGE_W,
            PAGE_H,
            tuple(items)
            + (
                Text(PAGE_W - MARGIN, PAGE_H - 8, f"{n} / {total}", regular, 7, INK, "right"),
                Text(MARGIN, PAGE_H - 8, report.title, regular, 7, INK),
            ),
            label=f"{report.title} {n}/{total}",
        )
        for n, items in enumerate(pages, start=1)
    ]


def _table(
    header: list[str], rows: list[list[str]], x: float, y: float, regular: str, bold: str
) -> list[Item]:
    widths = _widths([header, *rows], regular, bold)
    items: list[Item] = [Rect(x, y, BODY_W, 5.2, Style(fill=BAND))]
    for r, row in enumerate([header, *rows]):
        cy = y + 3.8 + r * 5.2
        cx = x
        for c, cell in enumerate(row):
            font = bold if r == 0 else regular
            if c == 0:
                items.append(
                    fitted_text(cx + 1, cy, cell, font, 8, widths[c] - 2, min_size=5, colour=INK)
                )
            else:
                items.append(
                    fitted_text(
                        cx + widths[c] - 1,
                        cy,
                        cell,
                        font,
                        8,
                        widths[c] - 2,
                        min_size=5,
                        colour=INK,
                        align="right",
                    )
                )
            cx += widths[c]
        if r:
            items.append(
                Line(x, cy + 1.4, x + BODY_W, cy + 1.4, Style(stroke="#e2d9c8", width=0.2))
            )
    return items


def _widths(rows: list[list[str]], regular: str, bold: str) -> list[float]:
    """Column widths in proportion to their widest cell (the first column at least a
    fifth of the table), filling the body width."""
    columns = len(rows[0])
    width = fonts.text_width_mm
    need = [
        max(width(bold if r == 0 else regular, row[c], 8) for r, row in enumerate(rows)) + 3.0
        for c in range(columns)
    ]
    need[0] = max(need[0], BODY_W * 0.2)
    total = sum(need)
    if total >= BODY_W:
        return [BODY_W * n / total for n in need]
    spare = (BODY_W - total) / columns
    return [n + spare for n in need]
