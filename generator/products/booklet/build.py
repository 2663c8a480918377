"""From structure + texts + data to a booklet's A5 pages: cover, contents, body.

The pages go on printed sheets in :mod:`.imposition` (:func:`saddle_order` is
also importable from here).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ...draw.shapes import Item, Line, Page, Rect, Style, Text
from ...games import BY_ID
from ...games.data import ComponentData
from ...layout.text import TextOverflow, fitted_text, set_line, wrap
from ...source.lang import Language, fill
from .flow import PageModel, flow
from .imposition import saddle_order
from .optional import optional_chunks
from .source import Structure, Texts
from .typeset import (
    A5,
    ACCENT,
    BODY_W,
    DENSITIES,
    INK,
    NORMAL,
    TINT,
    Chunk,
    Density,
    Draw,
    Fonts,
    boxed,
    figure,
    heading,
    page_frame,
    paragraph,
    table,
)

if TYPE_CHECKING:
    from .diagrams import Context


def values(game: str, data: ComponentData, lang: Language) -> dict[str, str]:
    """The numbers and names a booklet's texts may use as {placeholders}."""
    return BY_ID[game].booklet_values(data.game(game), lang)


@dataclass(frozen=True)
class Booklet:
    game: str
    lang: Language
    pages: list[Page]


def _table(
    game: str,
    ref: str,
    data: ComponentData,
    lang: Language,
    t: dict[str, str],
    f: Fonts,
    d: Density,
) -> Chunk:
    """A table the game fills (header, rows, widths), typeset."""
    header, rows, widths = BY_ID[game].tables[ref](data.game(game), lang, t)
    return table(header, rows, widths, f, d)


def booklet_pages(
    structure: Structure,
    texts: Texts,
    data: ComponentData,
    lang: Language,
    bleed: float = 0.0,
    model: list[PageModel] | None = None,
) -> list[Page]:
    """The booklet's A5 pages: cover, contents, body, set at the density that fills
    its folded sheets best (:func:`pick_density`).

    ``bleed`` 0 keeps the cover's background inside the printable area (home
    printing); more runs it that many mm beyond the page, for :func:`trimmed`.
    ``model``, when given, receives the body pages' :class:`PageModel` (what the
    typesetter put on each: the page rules are tested on it).
    """
    from .diagrams import DIAGRAMS, Context

    f = Fonts.of(lang)
    vals = values(structure.game, data, lang)
    t = {key: fill(text, vals, lang.code) for key, text in texts.texts.items()}
    title = lang.term("games", structure.game)
    ctx = Context(data, lang, f)
    cover: Page | None = None
    for block in structure.blocks:
        if block.kind == "cover":
            cover = _cover(structure.game, title, [t[k] for k in block.keys], ctx, bleed)
    figures = {
        block.ref: DIAGRAMS[structure.game][block.ref](ctx, BODY_W)
        for block in structure.blocks
        if block.kind == "diagram"
    }
    sets = [_body(structure, t, figures, ctx, title, d) for d in DENSITIES]
    pick = pick_density([len(pages) + (cover is not None) for pages in sets])
    chosen = sets[pick]
    if model is not None:
        _body(structure, t, figures, ctx, title, DENSITIES[pick], model)
    return ([cover] if cover else []) + chosen


def blank_pages(count: int) -> int:
    """Blank pages a saddle-stitched booklet of ``count`` pages is padded with."""
    return -count % 4


def pick_density(counts: list[int]) -> int:
    """Which of :data:`DENSITIES` to set a booklet at, given its page count at each.

    At most one blank page, then the fewest sheets, then the density closest to
    the normal one (the tighter of two as close).
    """
    normal = DENSITIES.index(NORMAL)

    def cost(i: int) -> tuple[bool, int, int, int]:
        n = counts[i]
        return (blank_pages(n) > 1, -(-n // 4), abs(i - normal), -i)

    return min(range(len(counts)), key=cost)


def _body(
    structure: Structure,
    t: dict[str, str],
    figures: dict[str, tuple[float, Draw]],
    ctx: Context,
    title: str,
    d: Density,
    model: list[PageModel] | None = None,
) -> list[Page]:
    """The contents and body pages at one density (``model``: see :func:`booklet_pages`)."""
    f = ctx.fonts
    chunks: list[Chunk] = []
    for block in structure.blocks:
        kind = block.kind
        if kind in ("heading", "subheading"):
            chunks.append(heading(t[block.keys[0]], f, sub=kind == "subheading", d=d))
        elif kind == "text":
            chunks.append(paragraph(t[block.keys[0]], f, d=d))
        elif kind == "example":
            chunks.append(boxed(t[block.keys[0]], f, d))
        elif kind in ("bullets", "numbered"):
            for n, key in enumerate(block.keys, start=1):
                marker = f"{n}." if kind == "numbered" else "•"
                chunks.append(
                    paragraph(t[key], f, indent=5.0, marker=marker, space_before=1.2, d=d)
                )
        elif kind == "table":
            chunks.append(_table(structure.game, block.ref, ctx.data, ctx.lang, t, f, d))
        elif kind == "diagram":
            height, draw = figures[block.ref]
            caption = t[block.keys[0]] if block.keys else ""
            chunks.append(figure(height, draw, caption, f, d))
        elif kind == "pagebreak":
            chunks.append(Chunk([], [], page_break=True))
        elif kind == "optional":
            chunks += optional_chunks(structure.game, block.ref, ctx.data, t, f, d)
    if "contents_title" not in t:
        pages = flow(chunks, model=model)
        return [page_frame(items, n, f, title) for n, items in enumerate(pages, start=2)]
    # The contents head the first body page; a first run finds where each section starts.
    count = sum(1 for chunk in chunks if chunk.anchor)  # the headings, optional ones too
    anchors: list[tuple[str, int]] = []
    flow(_contents(t["contents_title"], [("", 0)] * count, f, d) + chunks, anchors)
    body = flow(_contents(t["contents_title"], anchors, f, d) + chunks, model=model)
    return [page_frame(items, n, f, title) for n, items in enumerate(body, start=2)]


def _contents(
    heading_text: str, anchors: list[tuple[str, int]], f: Fonts, d: Density
) -> list[Chunk]:
    """The contents: every section heading with its page number, dotted leaders."""
    from ...layout.fonts import text_width_mm

    size = 9.5

    def entry(text: str, number: str) -> Draw:
        def draw(x: float, y: float) -> list[Item]:
            name_w = text_width_mm(f.regular, text, size)
            num_w = text_width_mm(f.bold, number, size)
            dots_from, dots_to = x + name_w + 2, x + BODY_W - num_w - 2
            items: list[Item] = [
                Text(x, y + 4.6, text, f.regular, size, INK),
                Text(x + BODY_W, y + 4.6, number, f.bold, size, ACCENT, "right"),
            ]
            if dots_to > dots_from:
                items.append(
                    Line(
                        dots_from,
                        y + 4.4,
                        dots_to,
                        y + 4.4,
                        Style(stroke="#b9a98c", width=0.35, dash=(0.35, 1.4)),
                    )
                )
            return items

        return draw

    draws = [entry(text, str(index + 2)) for text, index in anchors]
    title = replace(heading(heading_text, f, d=d), anchor="")  # not an entry of its own
    return [title, Chunk([6.2] * len(draws), draws, 0.0)]


#: How far inside the A5 page the home cover's panel stays (on every side: at the
#: fold too, so a fold a little off the line shows no sliver of colour).
COVER_INSET = 7.0
BAND = 62.0  # the title band's bottom, from the top of the page


def _cover_ground(w: float, h: float, bleed: float) -> list[Item]:
    """The cover's background: a panel inside the page at home, or to ``bleed`` beyond it."""
    if not bleed:
        m, r = COVER_INSET, 3.0
        return [
            Rect(m, m, w - 2 * m, h - 2 * m, Style(fill=TINT), radius=r),
            Rect(m, m, w - 2 * m, BAND - m, Style(fill=ACCENT), radius=r),
            Rect(m, BAND - 2 * r, w - 2 * m, 2 * r, Style(fill=ACCENT)),
        ]
    b = bleed
    return [
        Rect(-b, -b, w + 2 * b, h + 2 * b, Style(fill=TINT)),
        Rect(-b, -b, w + 2 * b, BAND + b, Style(fill=ACCENT)),
    ]


def _cover(game: str, title: str, lines: list[str], ctx: Context, bleed: float) -> Page:
    from .. import products_of

    f = ctx.fonts
    w, h = A5
    items = _cover_ground(w, h, bleed)
    title_lines = wrap(title, f.display, 30, w - 24, title=True)
    if len(title_lines) > 2:
        raise TextOverflow(f"booklet title {title!r} needs more than two lines")
    for i, line in enumerate(title_lines):
        items.append(
            fitted_text(
                w / 2,
                28 + i * 12,
                line,
                f.display,
                30,
                w - 24,
                min_size=18,
                colour="#ffffff",
                align="center",
            )
        )
    art_h, art = products_of(BY_ID[game]).cover_art(ctx, w - 24)
    items += art(12, 74)
    y = 74 + art_h + 10
    for i, text in enumerate(lines):
        size = 11 if i == 0 else 9
        font = f.bold if i == 0 else f.regular
        for row in wrap(text, font, size, w - 28, title=True, squeeze=True):
            items += set_line(w / 2, y, row, font, size, INK if i == 0 else ACCENT, "center")
            y += size * 0.5
        y += 3
    if y > h - 12:
        raise TextOverflow(f"the cover of {title!r} is {y - (h - 12):.0f} mm too full")
    return Page(w, h, tuple(items), label=f"{title} · 1")


__all__ = ["blank_pages", "booklet_pages", "pick_density", "saddle_order", "values"]
