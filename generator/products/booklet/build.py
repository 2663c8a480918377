"""From structure + texts + data to booklet pages, single or imposed for saddle stitching."""

from __future__ import annotations

from dataclasses import dataclass

from ...draw.shapes import Form, Group, Item, Line, Page, Rect, Style, Text, Transform, Use
from ...games import BY_ID
from ...games.data import ComponentData
from ...layout.text import TextOverflow, fitted_text, wrap
from ...source.lang import Language
from .source import Structure, Texts
from .typeset import (
    A5,
    ACCENT,
    BODY_W,
    INK,
    TINT,
    Chunk,
    Fonts,
    boxed,
    figure,
    flow,
    heading,
    page_frame,
    paragraph,
    table,
)


def values(game: str, data: ComponentData, lang: Language) -> dict[str, str]:
    """The numbers and names a booklet's texts may use as {placeholders}."""
    return BY_ID[game].booklet_values(data.game(game), lang)


@dataclass(frozen=True)
class Booklet:
    game: str
    lang: Language
    pages: list[Page]


def _table(
    game: str, ref: str, data: ComponentData, lang: Language, t: dict[str, str], f: Fonts
) -> Chunk:
    """A table the game fills (header, rows, widths), typeset."""
    header, rows, widths = BY_ID[game].tables[ref](data.game(game), lang, t)
    return table(header, rows, widths, f)


def booklet_pages(
    structure: Structure, texts: Texts, data: ComponentData, lang: Language
) -> list[Page]:
    from .diagrams import DIAGRAMS, Context

    f = Fonts.of(lang)
    vals = values(structure.game, data, lang)
    t = {key: text.format(**vals) for key, text in texts.texts.items()}
    title = lang.term("games", structure.game)
    chunks: list[Chunk] = []
    cover: Page | None = None
    ctx = Context(data, lang, f)
    for block in structure.blocks:
        kind = block.kind
        if kind == "cover":
            cover = _cover(structure.game, title, [t[k] for k in block.keys], ctx)
        elif kind in ("heading", "subheading"):
            chunks.append(heading(t[block.keys[0]], f, sub=kind == "subheading"))
        elif kind == "text":
            chunks.append(paragraph(t[block.keys[0]], f))
        elif kind == "example":
            chunks.append(boxed(t[block.keys[0]], f))
        elif kind in ("bullets", "numbered"):
            for n, key in enumerate(block.keys, start=1):
                marker = f"{n}." if kind == "numbered" else "•"
                chunks.append(paragraph(t[key], f, indent=5.0, marker=marker, space_before=1.2))
        elif kind == "table":
            chunks.append(_table(structure.game, block.ref, data, lang, t, f))
        elif kind == "diagram":
            height, draw = DIAGRAMS[structure.game][block.ref](ctx, BODY_W)
            caption = t[block.keys[0]] if block.keys else ""
            chunks.append(figure(height, draw, caption, f))
        elif kind == "pagebreak":
            chunks.append(Chunk([], [], page_break=True))
    anchors: list[tuple[str, int]] = []
    body = flow(chunks, anchors)
    first = 3 if "contents_title" in t else 2  # the contents page follows the cover
    pages = [page_frame(items, n, f, title) for n, items in enumerate(body, start=first)]
    if first == 3:
        pages.insert(0, _contents(t["contents_title"], anchors, first, f, title))
    return ([cover] if cover else []) + pages


def _contents(
    heading_text: str, anchors: list[tuple[str, int]], first: int, f: Fonts, title: str
) -> Page:
    """The contents: every section heading with its page number, dotted leaders."""
    from ...layout.fonts import text_width_mm

    chunks = [heading(heading_text, f)]
    size = 9.5
    for text, index in anchors:
        number = str(index + first)

        def draw(x: float, y: float, text=text, number=number) -> list[Item]:
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

        chunks.append(Chunk([6.2], [draw], 0.0))
    placed = flow(chunks)
    if len(placed) > 1:
        raise TextOverflow("the contents do not fit on one page")
    return page_frame(placed[0], 2, f, title)


def _cover(game: str, title: str, lines: list[str], ctx) -> Page:
    from .. import products_of

    f = ctx.fonts
    w, h = A5
    items: list[Item] = [Rect(0, 0, w, h, Style(fill=TINT)), Rect(0, 0, w, 62, Style(fill=ACCENT))]
    title_lines = wrap(title, f.display, 30, w - 24)
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
        for row in wrap(text, font, size, w - 28):
            items.append(Text(w / 2, y, row, font, size, INK if i == 0 else ACCENT, "center"))
            y += size * 0.5
        y += 3
    if y > h - 12:
        raise TextOverflow(f"the cover of {title!r} is {y - (h - 12):.0f} mm too full")
    return Page(w, h, tuple(items), label=f"{title} · 1")


# ------------------------------------------------------------------------ imposition


def saddle_order(count: int) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Pages (1-based; 0 = blank) per sheet: ((front left, front right), (back left, back right)).

    PRINT.md: for N pages (padded to a multiple of 4), sheet k from 0, outermost
    first: front = (N-2k | 2k+1), back = (2k+2 | N-2k-1).
    """
    n = -(-count // 4) * 4
    sheets = []
    for k in range(n // 4):
        pages = [n - 2 * k, 2 * k + 1, 2 * k + 2, n - 2 * k - 1]
        pages = [p if p <= count else 0 for p in pages]
        sheets.append(((pages[0], pages[1]), (pages[2], pages[3])))
    return sheets


IMPOSED_PAPERS = {"a4": (297.0, 210.0), "letter": (279.4, 215.9)}


def impose(
    pages: list[Page], paper: str, title: str, instructions: list[str], font: str, bold: str
) -> list[Page]:
    """Two A5 pages per landscape side, in saddle-stitch order, with a fold line.

    The first sheet is a how-to-print page (its back blank), so that duplex
    printing keeps every booklet sheet's back behind its front.
    """
    pw, ph = IMPOSED_PAPERS[paper]
    scale = min(1.0, pw / (2 * A5[0]), ph / A5[1])
    cell_w, cell_h = A5[0] * scale, A5[1] * scale
    x0, y0 = (pw - 2 * cell_w) / 2, (ph - cell_h) / 2
    forms = [Form(f"a5-{i}", p.items) for i, p in enumerate(pages, start=1)]
    fold = Style(stroke="#7a4a22", width=0.25, dash=(2.0, 1.5))
    out: list[Page] = [
        _howto(pw, ph, title, instructions, font, bold, scale),
        Page(pw, ph, (), label="blank"),
    ]
    for number, sheet in enumerate(saddle_order(len(pages)), start=1):
        for side, (left, right) in zip(("front", "back"), sheet, strict=True):
            items: list[Item] = []
            for slot, page_no in enumerate((left, right)):
                if page_no:
                    use = Use(forms[page_no - 1])
                    items.append(
                        Group((use,), Transform(dx=x0 + slot * cell_w, dy=y0, sx=scale, sy=scale))
                    )
            items.append(Line(pw / 2, 0, pw / 2, 6, fold))
            items.append(Line(pw / 2, ph - 6, pw / 2, ph, fold))
            out.append(
                Page(
                    pw,
                    ph,
                    tuple(items),
                    label=f"{title} · sheet {number} {side}: pages {left or '-'}|{right or '-'}",
                )
            )
    return out


def _howto(
    pw: float, ph: float, title: str, lines: list[str], font: str, bold: str, scale: float
) -> Page:
    items: list[Item] = [Text(20, 30, title, bold, 18, ACCENT)]
    y = 44.0
    for n, line in enumerate(lines, start=1):
        for i, row in enumerate(wrap(line, font, 11, pw - 60)):
            if i == 0:
                items.append(Text(20, y, f"{n}.", bold, 11, ACCENT))
            items.append(Text(30, y, row, font, 11, INK))
            y += 5.5
        y += 2.5
    items.append(
        Line(pw / 2, ph - 30, pw / 2, ph - 10, Style(stroke=ACCENT, width=0.25, dash=(2.0, 1.5)))
    )
    return Page(pw, ph, tuple(items), label=f"{title} · how to print")
