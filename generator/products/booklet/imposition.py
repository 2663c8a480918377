"""Booklet pages on printed sheets: imposed two-up for saddle stitching at home, or
trimmed with bleed for a print shop.

Takes A5 pages (:mod:`.build`); gives landscape A4 or Letter sides in saddle-stitch
order with a fold mark, after a how-to-print sheet with its calibration bar, or A5
pages with TrimBox and BleedBox. Nothing on a home sheet comes within 5 mm of the
paper's edge (PRINT.md).
"""

from __future__ import annotations

from ...draw.shapes import Box, Form, Group, Item, Line, Page, Style, Text, Transform, Use
from ...layout.sheets import calibration_bar
from ...layout.text import TextOverflow, fitted_text, wrap
from .typeset import A5, ACCENT, INK


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
#: Where the fold is marked, in mm from the top and bottom paper edges: the ticks
#: stay clear of the 5 mm a home printer cannot print (PRINT.md).
FOLD_TICKS = (6.0, 11.0)
#: The print-shop booklet's bleed beyond each A5 page (PRINT.md: 2 to 3 mm).
SHOP_BLEED = 3.0
CALIBRATION_MM = 50.0


def imposed_scale(paper: str) -> float:
    """How much the A5 pages shrink so that two fit side by side on ``paper``."""
    pw, ph = IMPOSED_PAPERS[paper]
    return min(1.0, pw / (2 * A5[0]), ph / A5[1])


def trimmed(page: Page, bleed: float = SHOP_BLEED) -> Page:
    """The page on a sheet ``bleed`` mm larger on every side, TrimBox the page itself,
    BleedBox the sheet: what a print shop trims (the cover's colour runs into it)."""
    w, h = page.width + 2 * bleed, page.height + 2 * bleed
    return Page(
        w,
        h,
        (Group(page.items, Transform(dx=bleed, dy=bleed)),),
        trim=Box(bleed, bleed, page.width, page.height),
        bleed=Box(0, 0, w, h),
        label=page.label,
        meta=page.meta,
    )


def fold_marks(pw: float, ph: float) -> list[Item]:
    """The fold: a tick near the top and bottom edges, a dashed line between them."""
    x, (near, far) = pw / 2, FOLD_TICKS
    tick = Style(stroke=ACCENT, width=0.4)
    return [
        Line(x, near, x, far, tick),
        Line(x, far, x, ph - far, Style(stroke=ACCENT, width=0.25, dash=(2.0, 1.5))),
        Line(x, ph - far, x, ph - near, tick),
    ]


def impose(
    pages: list[Page],
    paper: str,
    title: str,
    instructions: list[str],
    check: str,
    font: str,
    bold: str,
) -> list[Page]:
    """Two A5 pages per landscape side, in saddle-stitch order, with a fold mark.

    The first sheet is a how-to-print page (its back blank), so that duplex
    printing keeps every booklet sheet's back behind its front; ``check`` is the
    words beside its calibration bar.
    """
    pw, ph = IMPOSED_PAPERS[paper]
    scale = imposed_scale(paper)
    cell_w, cell_h = A5[0] * scale, A5[1] * scale
    x0, y0 = (pw - 2 * cell_w) / 2, (ph - cell_h) / 2
    forms = [Form(f"a5-{i}", p.items) for i, p in enumerate(pages, start=1)]
    out: list[Page] = [
        _howto(pw, ph, title, instructions, check, font, bold),
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
            items += fold_marks(pw, ph)
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
    pw: float, ph: float, title: str, lines: list[str], check: str, font: str, bold: str
) -> Page:
    """The instructions, and the calibration bar to measure that nothing was scaled."""
    margin = 20.0
    items: list[Item] = [Text(margin, 30, title, bold, 18, ACCENT)]
    y = 44.0
    for n, line in enumerate(lines, start=1):
        for i, row in enumerate(wrap(line, font, 11, pw - 3 * margin)):
            if i == 0:
                items.append(Text(margin, y, f"{n}.", bold, 11, ACCENT))
            items.append(Text(margin + 10, y, row, font, 11, INK))
            y += 5.5
        y += 2.5
    base = ph - margin
    if y > base - 12:
        raise TextOverflow(f"the how-to-print sheet is {y - (base - 12):.0f} mm too full")
    items += calibration_bar(margin, base, CALIBRATION_MM)
    text_x = margin + CALIBRATION_MM + 4
    items.append(fitted_text(text_x, base - 0.6, check, font, 10, pw - margin - text_x, 6, INK))
    return Page(pw, ph, tuple(items), label=f"{title} · how to print")
