"""Typesetting a booklet on A5 pages: headings, paragraphs, lists, tables, diagrams.

Lines break as :func:`generator.layout.text.wrap` says: at spaces in Latin and
Korean text (no hyphenation; Korean breaks between words as it is written), by
the Unicode rules with the East Asian line-start and line-end prohibitions in
Chinese and Japanese, a number kept with its unit, no Latin run broken, no CJK
character alone on a last line; runs of CJK punctuation are squeezed
(:func:`generator.layout.text.set_line`). A paragraph split across pages keeps
at least two lines on each page (no widows or orphans) when it has four or more;
shorter ones move whole. A heading stays with at least two lines of what follows
it (:data:`KEEP_LINES`), an introduction ending with a colon with what it
introduces; a section's nearly empty last page takes the end of the page before
(:func:`flow`). A figure that does not fit under the text waits for the top of
the next page while the short blocks after it fill the gap.
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
from ...layout.text import TextOverflow, fitted_text, set_line, wrap
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


@dataclass(frozen=True)
class Placed:
    """What a page holds of one chunk, for the page model: its kind, where it starts
    and ends on the page (mm from the top) and its lines there (a text split across
    pages has some on each)."""

    kind: str
    top: float
    bottom: float
    lines: tuple[str, ...] = ()
    first: bool = True  # the chunk's first part (a split text's second part is not)
    last: bool = True  # the chunk's last part
    index: int = -1  # the chunk's place in what :func:`flow` was given

    @property
    def count(self) -> int:
        """Lines it counts for after a heading: a text's lines, one for a piece."""
        return len(self.lines) if self.kind in ("text", "item") else KEEP_LINES


@dataclass
class PageModel:
    """One body page as the typesetter filled it."""

    placed: list[Placed] = field(default_factory=list)
    section_end: bool = False  # a page break or the end follows this page

    @property
    def fill(self) -> float:
        """How much of the body's height it fills, 0 to 1."""
        if not self.placed:
            return 0.0
        return (self.placed[-1].bottom - MARGIN_TOP) / (BODY_BOTTOM - MARGIN_TOP)


#: The typesetter's page rules, measured on its page model (tests/products/booklet):
#: a heading is followed on its page by at least this many lines ...
KEEP_LINES = 2
#: ... and every page but a section's last is filled to at least this fraction.
MIN_FILL = 0.6


class _Column:
    """The pages being filled and where the next block goes on the last one."""

    def __init__(self) -> None:
        self.pages: list[list[Item]] = [[]]
        self.model: list[PageModel] = [PageModel()]
        self.y = MARGIN_TOP

    @property
    def fresh(self) -> bool:
        return self.y <= MARGIN_TOP

    def new_page(self) -> None:
        self.pages.append([])
        self.model.append(PageModel())
        self.y = MARGIN_TOP

    def before(self, chunk: Chunk) -> float:
        return chunk.space_before if not self.fresh else 0.0

    def fits_whole(self, chunk: Chunk) -> bool:
        return self.y + self.before(chunk) + chunk.height <= BODY_BOTTOM + 1e-6

    def place(self, chunk: Chunk, after: float = 0.0, index: int = -1) -> None:
        """Place a chunk, splitting its lines across pages where it may; ``after`` is
        the height that must follow it on its page (:func:`_kept_after`)."""
        before = self.before(chunk)
        need = before + _first_part(chunk) + after
        if self.y + need > BODY_BOTTOM + 1e-6 and not self.fresh:
            self.new_page()
            before = 0.0
        self.y += before
        lines = list(zip(chunk.heights, chunk.draws, strict=True))
        while lines:
            fit = 0
            room = BODY_BOTTOM - self.y
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
            if fit == 0 and not self.fresh:
                self.new_page()
                continue
            fit = max(fit, 1)
            top, done = self.y, len(chunk.heights) - len(lines)
            for h, draw in lines[:fit]:
                self.pages[-1].extend(draw(MARGIN_X, self.y))
                self.y += h
            lines = lines[fit:]
            shown = chunk.lines[done : done + fit] if len(chunk.draws) > 1 else chunk.lines
            self.model[-1].placed.append(
                Placed(chunk.kind, top, self.y, tuple(shown), done == 0, not lines, index)
            )
            if lines:
                self.new_page()


def flow(
    chunks: list[Chunk],
    anchors: list[tuple[str, int]] | None = None,
    model: list[PageModel] | None = None,
) -> list[list[Item]]:
    """Place chunks on pages (body area only); returns each page's items.

    A section's last page (before a page break, or the booklet's last) left nearly
    empty (under :data:`MIN_LAST_FILL`) takes the end of the page before it, where
    that page stays filled to :data:`MIN_FILL` and no page is added: no page holds
    only a couple of list items under a sea of white.

    ``anchors``, when given, receives (heading, page index) for every heading;
    ``model``, when given, receives each page's :class:`PageModel`.
    """
    breaks: set[int] = set()
    marks: list[tuple[str, int]] = []
    column = _flow(chunks, breaks, marks)
    for _ in range(4):
        at = _rebalance(column.model, chunks)
        if at is None or at in breaks:
            break
        tried_marks: list[tuple[str, int]] = []
        tried = _flow(chunks, breaks | {at}, tried_marks)
        if len(tried.pages) > len(column.pages):
            break
        breaks.add(at)
        column, marks = tried, tried_marks
    if anchors is not None:
        anchors.extend(marks)
    if model is not None:
        model[:] = column.model
    return column.pages


#: A section's last page holds at least this fraction when the page before can spare it.
MIN_LAST_FILL = 0.25


def _rebalance(model: list[PageModel], chunks: list[Chunk]) -> int | None:
    """The chunk to start a new page at so that a sparse section's last page takes the
    end of the page before (see :func:`flow`), or None."""
    height = BODY_BOTTOM - MARGIN_TOP
    for n in range(1, len(model)):
        page, prev = model[n], model[n - 1]
        if not page.section_end or prev.section_end or page.fill >= MIN_LAST_FILL:
            continue
        if not page.placed or not page.placed[0].first:
            continue  # a split text runs onto it: its lines are kept as they are
        gap = chunks[page.placed[0].index].space_before
        for i in range(len(prev.placed) - 1, 0, -1):
            here, before = prev.placed[i], prev.placed[i - 1]
            if not here.first or chunks[before.index].keep_with_next:
                continue
            moved = prev.placed[-1].bottom - here.top
            if (before.bottom - MARGIN_TOP) / height < MIN_FILL:
                break
            if page.fill * height + moved + gap > height:
                break
            if (page.fill * height + moved + gap) / height >= MIN_LAST_FILL:
                return here.index
    return None


def _flow(chunks: list[Chunk], breaks: set[int], anchors: list[tuple[str, int]]) -> _Column:
    """One pass of :func:`flow`, with a new page before each chunk in ``breaks``."""
    column = _Column()
    waiting: list[tuple[int, Chunk]] = []  # figures for the top of the next page

    def release() -> None:
        column.new_page()
        while waiting:
            at, figure = waiting.pop(0)
            column.place(figure, index=at)

    for index, chunk in enumerate(chunks):
        if not chunk.splittable and chunk.height > BODY_BOTTOM - MARGIN_TOP:
            raise TextOverflow(f"a block {chunk.height:.0f} mm tall does not fit on an A5 page")
        passes = not (chunk.page_break or chunk.floats or chunk.keep_with_next or chunk.anchor)
        if waiting and not (passes and column.fits_whole(chunk)):
            release()
        if index in breaks and not column.fresh:
            column.new_page()
        if chunk.page_break:
            if column.pages[-1]:
                column.model[-1].section_end = True
                column.new_page()
            continue
        if chunk.floats and not column.fresh and not column.fits_whole(chunk):
            waiting.append((index, chunk))
            continue
        column.place(chunk, _kept_after(chunks, index), index)
        if chunk.anchor:  # a heading is one piece: on the last page
            anchors.append((chunk.anchor, len(column.pages) - 1))
    if waiting:
        release()
    column.model[-1].section_end = True
    return column


def _kept_after(chunks: list[Chunk], index: int) -> float:
    """The height that must follow ``chunks[index]`` on its page: nothing, or for a
    chunk kept with the next (a heading, an introduction ending with a colon) what
    follows until :data:`KEEP_LINES` lines of text or one piece (a figure, a table)
    have come, through further kept chunks (a heading, its introduction, a list): a
    heading with one line of text and then a figure keeps with the figure too."""
    if not chunks[index].keep_with_next:
        return 0.0
    need, lines = 0.0, 0
    for chunk in chunks[index + 1 :]:
        if chunk.page_break:
            break
        if chunk.splittable:  # the lines it puts on this page: all, or two before a split
            take = len(chunk.heights) if len(chunk.heights) < 4 else 2
            need += chunk.space_before + sum(chunk.heights[:take])
            lines += take
        else:
            need += chunk.space_before + chunk.height
            lines += KEEP_LINES
        if lines >= KEEP_LINES and not chunk.keep_with_next:
            break
    return need


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
    "DENSITIES",
    "NORMAL",
    "Chunk",
    "Density",
    "Fonts",
    "Group",
    "KEEP_LINES",
    "MIN_FILL",
    "PageModel",
    "Placed",
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
