"""Typesetting a booklet on A5 pages: headings, paragraphs, lists, tables, diagrams.

Lines break at spaces only (no hyphenation; Korean breaks between words as it is
written). A paragraph split across pages keeps at least two lines on each page
(no widows or orphans) when it has four or more; shorter ones move whole. A
heading stays with what follows it. Nothing is clipped: a word wider than the
column or a block taller than a page is a build error.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...draw.shapes import Group, Item, Line, Page, Rect, Style, Text, Transform
from ...layout import fonts
from ...layout.text import TextOverflow, fitted_text, wrap
from ...source.lang import Language

A5 = (148.0, 210.0)
MARGIN_X, MARGIN_TOP, MARGIN_BOTTOM = 14.0, 16.0, 20.0
BODY_W = A5[0] - 2 * MARGIN_X
BODY_BOTTOM = A5[1] - MARGIN_BOTTOM
INK = "#2b1d12"
ACCENT = "#7a4a22"
TINT = "#f3ead6"

BODY_PT, LEADING = 9.3, 4.5
HEAD_PT, SUB_PT = 15.0, 10.5


@dataclass(frozen=True)
class Fonts:
    regular: str
    bold: str
    display: str

    @classmethod
    def of(cls, lang: Language) -> Fonts:
        return cls(*(fonts.font_for(lang.script, w) for w in ("regular", "bold", "display")))


Draw = Callable[[float, float], list[Item]]  # (x, y of the top) -> items


@dataclass
class Chunk:
    """Something to place: lines that may split across pages, or one piece."""

    heights: list[float]  # one per line; one entry for an atomic piece
    draws: list[Draw]
    space_before: float = 0.0
    keep_with_next: bool = False
    splittable: bool = False
    page_break: bool = False
    anchor: str = ""  # a heading for the contents page

    @property
    def height(self) -> float:
        return sum(self.heights)


def paragraph(
    text: str,
    f: Fonts,
    indent: float = 0.0,
    marker: str = "",
    font: str | None = None,
    size: float = BODY_PT,
    colour: str = INK,
    space_before: float = 2.2,
    width: float = BODY_W,
) -> Chunk:
    font = font or f.regular
    lines = wrap(text, font, size, width - indent)
    draws: list[Draw] = []
    for i, line in enumerate(lines):

        def draw(x: float, y: float, line=line, first=(i == 0)) -> list[Item]:
            items: list[Item] = [Text(x + indent, y + LEADING * 0.78, line, font, size, colour)]
            if first and marker:
                items.append(
                    Text(
                        x + indent - 1.6, y + LEADING * 0.78, marker, f.bold, size, ACCENT, "right"
                    )
                )
            return items

        draws.append(draw)
    return Chunk([LEADING] * len(lines), draws, space_before, splittable=True)


def heading(text: str, f: Fonts, sub: bool = False) -> Chunk:
    size = SUB_PT if sub else HEAD_PT
    font = f.bold if sub else f.display
    lines = wrap(text, font, size, BODY_W)
    step = size * 0.45
    height = step * len(lines) + (1.0 if sub else 3.0)

    def draw(x: float, y: float) -> list[Item]:
        items: list[Item] = [
            Text(x, y + step * (i + 0.8), line, font, size, ACCENT) for i, line in enumerate(lines)
        ]
        if not sub:
            items.append(
                Line(
                    x,
                    y + height - 1.2,
                    x + BODY_W,
                    y + height - 1.2,
                    Style(stroke=ACCENT, width=0.35),
                )
            )
        return items

    return Chunk(
        [height], [draw], 5.5 if not sub else 3.5, keep_with_next=True, anchor="" if sub else text
    )


def boxed(text: str, f: Fonts, title: str = "") -> Chunk:
    """A worked example on a tinted panel."""
    pad = 2.5
    inner = BODY_W - 2 * pad
    lines = wrap(text, f.regular, BODY_PT - 0.3, inner)
    height = LEADING * len(lines) + 2 * pad

    def draw(x: float, y: float) -> list[Item]:
        items: list[Item] = [
            Rect(x, y, BODY_W, height, Style(fill=TINT), radius=1.5),
            Rect(x, y, 1.2, height, Style(fill=ACCENT)),
        ]
        for i, line in enumerate(lines):
            items.append(
                Text(
                    x + pad + 0.8,
                    y + pad + LEADING * (i + 0.78),
                    line,
                    f.regular,
                    BODY_PT - 0.3,
                    INK,
                )
            )
        return items

    return Chunk([height], [draw], 3.0)


def figure(
    height: float, draw_at: Callable[[float, float], list[Item]], caption: str, f: Fonts
) -> Chunk:
    lines = wrap(caption, f.regular, 7.8, BODY_W) if caption else []
    total = height + 1.5 + 3.6 * len(lines)

    def draw(x: float, y: float) -> list[Item]:
        items = draw_at(x, y)
        for i, line in enumerate(lines):
            items.append(
                Text(
                    x + BODY_W / 2,
                    y + height + 4.2 + 3.6 * i,
                    line,
                    f.regular,
                    7.8,
                    ACCENT,
                    "center",
                )
            )
        return items

    return Chunk([total], [draw], 3.5)


def table(header: list[str], rows: list[list[str]], widths: list[float], f: Fonts) -> Chunk:
    """A simple table; a cell wraps onto more lines when it must."""
    size, lead, pad = 8.0, 3.8, 1.2
    laid = []
    for r, row in enumerate([header, *rows]):
        font = f.bold if r == 0 else f.regular
        cells = [
            wrap(cell, font, size, w - 2 * pad) if cell else [""]
            for cell, w in zip(row, widths, strict=True)
        ]
        laid.append((font, cells, max(len(c) for c in cells) * lead + 2 * pad - 1.0))
    total = sum(h for _, _, h in laid)

    def draw(x: float, y: float) -> list[Item]:
        items: list[Item] = []
        cy = y
        for r, (font, cells, h) in enumerate(laid):
            if r == 0:
                items.append(Rect(x, cy, BODY_W, h, Style(fill=TINT)))
            cx = x
            for lines, w in zip(cells, widths, strict=True):
                for i, line in enumerate(lines):
                    items.append(
                        Text(cx + pad, cy + pad + lead * (i + 0.75), line, font, size, INK)
                    )
                cx += w
            cy += h
            items.append(Line(x, cy, x + BODY_W, cy, Style(stroke="#d9ccb3", width=0.25)))
        return items

    return Chunk([total], [draw], 3.0)


def flow(chunks: list[Chunk], anchors: list[tuple[str, int]] | None = None) -> list[list[Item]]:
    """Place chunks on pages (body area only); returns each page's items.

    ``anchors``, when given, receives (heading, page index) for every heading.
    """
    pages: list[list[Item]] = [[]]
    y = MARGIN_TOP
    for index, chunk in enumerate(chunks):
        if chunk.page_break:
            if pages[-1]:
                pages.append([])
                y = MARGIN_TOP
            continue
        if chunk.height > BODY_BOTTOM - MARGIN_TOP:
            raise TextOverflow(f"a block {chunk.height:.0f} mm tall does not fit on an A5 page")
        before = chunk.space_before if y > MARGIN_TOP else 0.0
        need = before + _first_part(chunk)
        if chunk.keep_with_next and index + 1 < len(chunks):
            need += chunks[index + 1].space_before + _first_part(chunks[index + 1])
        if y + need > BODY_BOTTOM:
            pages.append([])
            y, before = MARGIN_TOP, 0.0
        y += before
        if chunk.anchor and anchors is not None:
            anchors.append((chunk.anchor, len(pages) - 1))
        lines = list(zip(chunk.heights, chunk.draws, strict=True))
        while lines:
            fit = 0
            room = BODY_BOTTOM - y
            used = 0.0
            for h, _ in lines:
                if used + h > room + 1e-6:
                    break
                used += h
                fit += 1
            if fit < len(lines):
                if not chunk.splittable or len(lines) < 4:
                    fit = 0
                else:
                    fit = min(fit, len(lines) - 2)  # leave no widow behind
                    if fit < 2:  # nor an orphan ahead
                        fit = 0
            if fit == 0 and y > MARGIN_TOP:
                pages.append([])
                y = MARGIN_TOP
                continue
            fit = max(fit, 1)
            for h, draw in lines[:fit]:
                pages[-1].extend(draw(MARGIN_X, y))
                y += h
            lines = lines[fit:]
            if lines:
                pages.append([])
                y = MARGIN_TOP
    return pages


def _first_part(chunk: Chunk) -> float:
    if chunk.splittable and len(chunk.heights) >= 4:
        return sum(chunk.heights[:2])
    return chunk.height


def page_frame(items: list[Item], number: int, f: Fonts, footer: str) -> Page:
    """A body page with its number and running footer."""
    frame: list[Item] = [
        Line(
            MARGIN_X, A5[1] - 13, A5[0] - MARGIN_X, A5[1] - 13, Style(stroke="#d9ccb3", width=0.3)
        ),
        Text(A5[0] / 2, A5[1] - 8.5, str(number), f.bold, 8, ACCENT, "center"),
        fitted_text(MARGIN_X, A5[1] - 8.5, footer, f.regular, 6.5, 50, min_size=5, colour=ACCENT),
    ]
    return Page(A5[0], A5[1], tuple(items + frame), label=f"{footer} · {number}")


__all__ = [
    "Chunk",
    "Fonts",
    "Group",
    "Transform",
    "boxed",
    "figure",
    "flow",
    "heading",
    "page_frame",
    "paragraph",
    "table",
    "A5",
    "BODY_W",
    "MARGIN_X",
]
