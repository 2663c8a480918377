"""What every booklet diagram is drawn with: the diagram contract and its context, text
lines and blocks fitted to a width, arrows, check and cross marks, number badges, rings,
and components scaled and mounted. Takes the data, a language and its fonts; gives
items in mm. Knows no game.

A diagram is a function ``(ctx, width) -> (height, draw)``: it lays itself out for a
column ``width`` mm wide, says how tall it is, and ``draw(x, y)`` gives its items with
its top left corner at (x, y). Everything stays inside that box.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ....draw.shapes import Align, Circle, Group, Item, Line, Path, Rect, Style, Text, Transform
from ....games.data import ComponentData
from ....layout import fonts as fontlib
from ....layout.text import TextOverflow, fit_size, fitted_text, widowed, wrap
from ....source.lang import Language
from ..typeset import ACCENT, INK, Draw, Fonts

WHITE = "#ffffff"
YES = "#3d7a3a"  # a check mark
NO = "#b03a2e"  # a cross: not allowed, not earned
SHADOW = "#e4d8bf"
MIN_PT = 4.0  # no text in a diagram is set smaller
NO_STYLE = Style()


@dataclass(frozen=True)
class Context:
    """What every diagram draws from: the data, the language and its fonts."""

    data: ComponentData
    lang: Language
    fonts: Fonts

    @classmethod
    def of(cls, data: ComponentData, lang: Language) -> Context:
        return cls(data, lang, Fonts.of(lang))


Diagram = Callable[[Context, float], tuple[float, Draw]]


def placed(height: float, items: Iterable[Item]) -> tuple[float, Draw]:
    """A diagram laid out in its own (0,0)-(width,height): moved to (x, y) when drawn."""
    frozen = tuple(items)

    def draw(x: float, y: float) -> list[Item]:
        return [Group(frozen, Transform(dx=x, dy=y))]

    return height, draw


# ------------------------------------------------------------------------ text


def fitted_line(
    x: float,
    y: float,
    text: str,
    font: str,
    size: float,
    width: float,
    colour: str = INK,
    align: Align = "left",
) -> Text:
    """One line at ``size``, shrunk to ``width`` if needed (never below MIN_PT)."""
    return fitted_text(x, y, text, font, size, width, min(MIN_PT, size), colour, align)


def text_block_layout(
    text: str, font: str, size: float, width: float, max_lines: int
) -> tuple[list[str], float, float, float]:
    """Lines, size, line distance and height (top of capitals to the last baseline)
    of ``text`` wrapped to ``width`` in at most ``max_lines`` lines, shrunk if needed."""
    s = size
    while s >= max(MIN_PT, size * 0.6) - 1e-9:
        try:
            lines = wrap(text, font, s, width, title=True)
        except TextOverflow:
            lines = []
        if lines and len(lines) <= max_lines and not widowed(lines):
            break
        s -= 0.25
    else:  # one line, as small as it must be
        lines = [text]
        s = fit_size(text, font, size, width, MIN_PT)
    cap = fontlib.cap_height_mm(font, s)
    lead = s * fontlib.MM_PER_PT * 1.18
    return lines, s, lead, cap + (len(lines) - 1) * lead


def text_block(
    text: str,
    font: str,
    size: float,
    x: float,
    top: float,
    width: float,
    max_lines: int = 2,
    colour: str = INK,
    align: str = "left",
) -> tuple[list[Item], float]:
    """``text`` wrapped in at most ``max_lines`` lines from ``top`` (the capitals' top);
    x is the left edge, the centre or the right edge as ``align`` says."""
    lines, s, lead, height = text_block_layout(text, font, size, width, max_lines)
    cap = fontlib.cap_height_mm(font, s)
    items: list[Item] = [
        Text(x, top + cap + i * lead, line, font, s, colour, align)  # type: ignore[arg-type]
        for i, line in enumerate(lines)
    ]
    return items, height


def text_block_centred(
    text: str,
    font: str,
    size: float,
    x: float,
    cy: float,
    width: float,
    max_lines: int = 2,
    colour: str = INK,
    align: str = "left",
) -> list[Item]:
    """Like :func:`text_block`, centred vertically on ``cy``."""
    _, _, _, height = text_block_layout(text, font, size, width, max_lines)
    return text_block(text, font, size, x, cy - height / 2, width, max_lines, colour, align)[0]


def centred_on(cx: float, cy: float, text: str, font: str, size: float, colour: str) -> Text:
    """Text whose capitals are centred on (cx, cy)."""
    return Text(cx, cy + fontlib.cap_height_mm(font, size) / 2, text, font, size, colour, "center")


# ------------------------------------------------------------------------ marks


def arrow_head(x: float, y: float, angle: float, length: float, colour: str) -> Path:
    ux, uy = math.cos(angle), math.sin(angle)
    px, py = -uy, ux
    half = length * 0.48
    bx, by = x - ux * length, y - uy * length
    return Path.polygon(
        [(x, y), (bx + px * half, by + py * half), (bx - px * half, by - py * half)],
        Style(fill=colour),
    )


def arrow(
    x1: float,
    y1: float,
    x2: float,
    y2: float,
    colour: str = ACCENT,
    width: float = 0.5,
    head: float = 1.8,
    both: bool = False,
    dash: tuple[float, ...] = (),
) -> list[Item]:
    """A straight arrow from (x1, y1) to its tip (x2, y2)."""
    angle = math.atan2(y2 - y1, x2 - x1)
    ux, uy = math.cos(angle), math.sin(angle)
    sx, sy = (x1 + ux * head * 0.8, y1 + uy * head * 0.8) if both else (x1, y1)
    items: list[Item] = [
        Line(
            sx,
            sy,
            x2 - ux * head * 0.8,
            y2 - uy * head * 0.8,
            Style(stroke=colour, width=width, dash=dash),
        ),
        arrow_head(x2, y2, angle, head, colour),
    ]
    if both:
        items.append(arrow_head(x1, y1, angle + math.pi, head, colour))
    return items


def curved_arrow(
    start: tuple[float, float],
    c1: tuple[float, float],
    c2: tuple[float, float],
    end: tuple[float, float],
    colour: str = ACCENT,
    width: float = 0.5,
    head: float = 1.8,
) -> list[Item]:
    """A cubic curve from ``start`` to the tip ``end``, its head along the last tangent."""
    angle = math.atan2(end[1] - c2[1], end[0] - c2[0])
    back = (end[0] - math.cos(angle) * head * 0.8, end[1] - math.sin(angle) * head * 0.8)
    path = Path((("M", *start), ("C", *c1, *c2, *back)), Style(stroke=colour, width=width))
    return [path, arrow_head(end[0], end[1], angle, head, colour)]


def check_mark(cx: float, cy: float, size: float, colour: str = YES) -> Path:
    """A check mark about ``size`` mm wide, centred on (cx, cy)."""
    s = size
    points = [
        (cx - 0.5 * s, cy + 0.02 * s),
        (cx - 0.14 * s, cy + 0.36 * s),
        (cx + 0.5 * s, cy - 0.4 * s),
    ]
    return Path.polygon(points, Style(stroke=colour, width=max(0.35, s * 0.17)), closed=False)


def cross_mark(cx: float, cy: float, size: float, colour: str = NO) -> Path:
    h = size / 2
    commands = (
        ("M", cx - h, cy - h),
        ("L", cx + h, cy + h),
        ("M", cx + h, cy - h),
        ("L", cx - h, cy + h),
    )
    return Path(commands, Style(stroke=colour, width=max(0.35, size * 0.16)))


def number_badge(
    cx: float, cy: float, r: float, text: str, font: str, fill: str = ACCENT
) -> list[Item]:
    """A step or callout number: white on a dark disc."""
    size = r * 1.35 / fontlib.MM_PER_PT
    return [
        Circle(cx, cy, r, Style(fill=fill, stroke=WHITE, width=0.3)),
        centred_on(cx, cy, text, font, size, WHITE),
    ]


def callout_ring(
    cx: float,
    cy: float,
    r: float,
    colour: str = ACCENT,
    width: float = 0.45,
    dash: tuple[float, ...] = (),
) -> Circle:
    return Circle(cx, cy, r, Style(stroke=colour, width=width, dash=dash))


def scaled(items: Iterable[Item], x: float, y: float, scale: float, w: float, h: float) -> Group:
    """Items drawn in (0,0)-(w,h) shown scaled at (x, y), clipped to their box."""
    return Group(
        tuple(items), Transform(dx=x, dy=y, sx=scale, sy=scale), clip=Rect(0, 0, w, h, NO_STYLE)
    )


def mounted(face: Iterable[Item], x: float, y: float, size: float, t: float) -> list[Item]:
    """A component drawn at ``t`` mm, shown ``size`` mm square with a shadow and a frame."""
    return [
        Rect(x + 0.35, y + 0.45, size, size, Style(fill=SHADOW)),
        scaled(face, x, y, size / t, t, t),
        Rect(x, y, size, size, Style(stroke=INK, width=0.2)),
    ]
