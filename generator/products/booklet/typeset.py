"""Typesetting a booklet on A5 pages: headings, paragraphs, lists, tables, diagrams.

Lines break as :func:`generator.layout.text.wrap` says: at spaces in Latin and
Korean text (no hyphenation; Korean breaks between words as it is written), by
the Unicode rules with the East Asian line-start and line-end prohibitions in
Chinese and Japanese, a number kept with its unit, no Latin run broken, no CJK
character alone on a last line; runs of CJK punctuation are squeezed
(:func:`generator.layout.text.set_line`). The blocks made here flow onto pages in
:mod:`.flow`, which keeps the page rules (widows, headings kept with their text,
filled pages).
Nothing is clipped: a word wider than the column or a block taller than a page is
a build error.

Every block is set at a :class:`Density` (line step, space between blocks), so a
booklet can be set a little tighter or looser to fill whole folded sheets.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from ...draw.shapes import Group, Item, Line, Page, Rect, Style, Text, Transform
from ...layout import fonts
from ...layout.text import fitted_text, set_line, wrap
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
class Density:
    """How tightly a booklet is set: body type, its line step, the space between blocks."""

    size: float = BODY_PT  # pt, of paragraphs, lists and examples
    leading: float = LEADING  # mm from one body line to the next
    space: float = 1.0  # factor on the space before every block


NORMAL = Density()
#: From loosest to tightest; every one reads well (8.9 to 9.7 pt type, 1.3 to 1.45 leading).
DENSITIES = (
    Density(9.7, 4.9, 1.4),
    Density(9.5, 4.7, 1.2),
    NORMAL,
    Density(9.3, 4.4, 0.88),
    Density(9.2, 4.3, 0.76),
    Density(9.1, 4.2, 0.64),
    Density(8.9, 4.05, 0.55),
)


@dataclass(frozen=True)
class Fonts:
    """A language's fonts, and the terms its CJK text keeps whole on a line (the names
    of species, bonuses, dig types...: :func:`wrap`'s ``keep``)."""

    regular: str
    bold: str
    display: str
    keep: tuple[str, ...] = ()

    @classmethod
    def of(cls, lang: Language) -> Fonts:
        regular, bold, display = (
            fonts.font_for(lang.script, w) for w in ("regular", "bold", "display")
        )
        terms = {t for t in lang.names.values() if len(t) > 1 and _CJK_TERM.search(t)}
        return cls(regular, bold, display, tuple(sorted(terms, key=lambda t: (-len(t), t))))


#: A term with Han or kana in it (Hangul breaks at spaces, and so do Latin terms).
_CJK_TERM = re.compile("[\u3040-\u30ff\u3400-\u9fff]")


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
    floats: bool = False  # may wait for the next page while later blocks fill this one
    kind: str = ""  # heading, text, item, example, figure, table, contents: for the page model
    lines: list[str] = field(default_factory=list)  # the typeset lines of a text

    @property
    def height(self) -> float:
        return sum(self.heights)


def paragraph(
    text: str,
    f: Fonts,
    indent: float = 0.0,
    marker: str = "",
    font: str | None = None,
    size: float | None = None,
    colour: str = INK,
    space_before: float = 2.2,
    width: float = BODY_W,
    d: Density = NORMAL,
) -> Chunk:
    font = font or f.regular
    lead, size = d.leading, size or d.size
    lines = wrap(text, font, size, width - indent, squeeze=True, keep=f.keep)
    draws: list[Draw] = []
    for i, line in enumerate(lines):

        def draw(x: float, y: float, line=line, first=(i == 0)) -> list[Item]:
            items: list[Item] = [*set_line(x + indent, y + lead * 0.78, line, font, size, colour)]
            if first and marker:
                items.append(
                    Text(x + indent - 1.6, y + lead * 0.78, marker, f.bold, size, ACCENT, "right")
                )
            return items

        draws.append(draw)
    # An introduction that ends with a colon keeps with what it introduces (when it
    # moves whole: a paragraph of four lines or more may split, its end goes along).
    leads_in = text.rstrip().endswith((":", "：")) and len(lines) < 4
    return Chunk(
        [lead] * len(lines),
        draws,
        space_before * d.space,
        splittable=True,
        keep_with_next=leads_in,
        kind="item" if marker else "text",
        lines=lines,
    )


def heading(text: str, f: Fonts, sub: bool = False, d: Density = NORMAL) -> Chunk:
    size = SUB_PT if sub else HEAD_PT
    font = f.bold if sub else f.display
    lines = wrap(text, font, size, BODY_W, title=True, squeeze=True, keep=f.keep)
    step = size * 0.45
    height = step * len(lines) + (1.0 if sub else 3.0)

    def draw(x: float, y: float) -> list[Item]:
        items: list[Item] = [
            t
            for i, line in enumerate(lines)
            for t in set_line(x, y + step * (i + 0.8), line, font, size, ACCENT)
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
        [height],
        [draw],
        (3.5 if sub else 5.5) * d.space,
        keep_with_next=True,
        anchor="" if sub else text,
        kind="subheading" if sub else "heading",
        lines=lines,
    )


def boxed(text: str, f: Fonts, d: Density = NORMAL) -> Chunk:
    """A worked example on a tinted panel."""
    pad, lead = 2.5, d.leading
    inner = BODY_W - 2 * pad
    size = d.size - 0.3
    lines = wrap(text, f.regular, size, inner, squeeze=True, keep=f.keep)
    height = lead * len(lines) + 2 * pad

    def draw(x: float, y: float) -> list[Item]:
        items: list[Item] = [
            Rect(x, y, BODY_W, height, Style(fill=TINT), radius=1.5),
            Rect(x, y, 1.2, height, Style(fill=ACCENT)),
        ]
        for i, line in enumerate(lines):
            items += set_line(
                x + pad + 0.8, y + pad + lead * (i + 0.78), line, f.regular, size, INK
            )
        return items

    return Chunk([height], [draw], 3.0 * d.space, kind="example", lines=lines)


def figure(
    height: float,
    draw_at: Callable[[float, float], list[Item]],
    caption: str,
    f: Fonts,
    d: Density = NORMAL,
) -> Chunk:
    lines = wrap(caption, f.regular, 7.8, BODY_W, squeeze=True) if caption else []
    total = height + 1.5 + 3.6 * len(lines)

    def draw(x: float, y: float) -> list[Item]:
        items = draw_at(x, y)
        for i, line in enumerate(lines):
            at = (x + BODY_W / 2, y + height + 4.2 + 3.6 * i)
            items += set_line(*at, line, f.regular, 7.8, ACCENT, "center")
        return items

    return Chunk([total], [draw], 3.5 * d.space, floats=True, kind="figure", lines=lines)


def table(
    header: list[str], rows: list[list[str]], widths: list[float], f: Fonts, d: Density = NORMAL
) -> Chunk:
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

    return Chunk([total], [draw], 3.0 * d.space, kind="table")


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
    "DENSITIES",
    "NORMAL",
    "Chunk",
    "Density",
    "Fonts",
    "Group",
    "Transform",
    "boxed",
    "figure",
    "heading",
    "page_frame",
    "paragraph",
    "table",
    "A5",
    "BODY_W",
    "MARGIN_X",
]
