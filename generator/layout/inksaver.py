"""Ink saving for any page description: white grounds, outlined panels, no large dark areas.

The Digging for Dinos sheets choose their ink-saver colours as they draw (``Look``);
pads and booklets are made light afterwards, from the same pages, by :func:`lighten`:

- a large filled shape (at least :data:`LARGE` mm² on the page) becomes a light tint
  of its colour, :data:`TINT` of the way to white (the tiles' ink-saver tint); a dark
  one keeps its colour as an outline, so a panel stays a panel;
- light text standing on such a shape (white titles on a coloured band) takes the
  shape's colour instead, so it stays readable on the tint;
- small shapes (dice pips, markers, icons, rules) and all other text are left alone.

Reused drawing (a :class:`Form`) is lightened once and shared by every page.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator

from ..draw.shapes import Circle, Form, Group, Item, Page, Path, Rect, Text, Use

LARGE = 150.0  # mm²: a filled shape at least this big counts as a large area
TINT = 0.86  # how far towards white a large area's colour goes
DARK = 0.45  # relative luminance below which a colour is dark (its shape gets an outline)
LIGHT_TEXT = 0.7  # text lighter than this, on a lightened shape, takes the shape's colour
OUTLINE = 0.35  # mm: the outline of a lightened dark panel

#: x0, y0, x1, y1 in the group's mm, and the original colour of a lightened shape there
#: (None: a small dark shape, on which light marks stay as they are)
Box = tuple[float, float, float, float, str | None]


def _rgb(colour: str) -> tuple[float, float, float]:
    value = colour.lstrip("#")
    return (int(value[0:2], 16) / 255, int(value[2:4], 16) / 255, int(value[4:6], 16) / 255)


def luminance(colour: str) -> float:
    """The relative luminance of '#rrggbb' (WCAG), 0 black to 1 white."""

    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in _rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def tint(colour: str, amount: float = TINT) -> str:
    """``colour`` mixed ``amount`` of the way towards white."""
    return "#" + "".join(f"{round((c + (1 - c) * amount) * 255):02x}" for c in _rgb(colour))


def _bounds(item: Rect | Circle | Path) -> tuple[float, float, float, float]:
    if isinstance(item, Rect):
        return item.x, item.y, item.x + item.w, item.y + item.h
    if isinstance(item, Circle):
        return item.cx - item.r, item.cy - item.r, item.cx + item.r, item.cy + item.r
    xs = [v for c in item.commands for v in c[1::2]]
    ys = [v for c in item.commands for v in c[2::2]]
    return (min(xs), min(ys), max(xs), max(ys)) if xs else (0.0, 0.0, 0.0, 0.0)


def _area(item: Rect | Circle | Path) -> float:
    if isinstance(item, Circle):
        return 3.14159 * item.r * item.r
    x0, y0, x1, y1 = _bounds(item)
    return (x1 - x0) * (y1 - y0)


def _ground(boxes: list[Box], x: float, y: float) -> str | None:
    """The original colour of the last lightened shape under (x, y), if any."""
    for x0, y0, x1, y1, colour in reversed(boxes):
        if x0 <= x <= x1 and y0 <= y <= y1:
            return colour
    return None


class _Lightener:
    def __init__(self) -> None:
        self.forms: dict[str, Form] = {}

    def items(self, items: Iterable[Item], scale: float, under: list[Box]) -> tuple[Item, ...]:
        out: list[Item] = []
        boxes = list(under)
        for item in items:
            if isinstance(item, Rect | Circle | Path):
                out.append(self.shape(item, scale, boxes))
            elif isinstance(item, Text):
                out.append(self.text(item, boxes))
            elif isinstance(item, Group):
                t = item.transform
                inner: list[Box] = []
                if t.rotate == 0 and t.sx > 0 and t.sy > 0:  # boxes seen from inside
                    inner = [
                        ((a - t.dx) / t.sx, (b - t.dy) / t.sy, (c - t.dx) / t.sx,
                         (d - t.dy) / t.sy, k)
                        for a, b, c, d, k in boxes
                    ]  # fmt: skip
                content = self.items(item.items, scale * abs(t.sx * t.sy), inner)
                out.append(dataclasses.replace(item, items=content))
            elif isinstance(item, Use):
                out.append(dataclasses.replace(item, form=self.form(item.form, scale)))
            else:
                out.append(item)
        return tuple(out)

    def shape(self, item: Rect | Circle | Path, scale: float, boxes: list[Box]) -> Item:
        fill = item.style.fill
        if not fill or item.style.opacity < 1 or _area(item) * scale < LARGE:
            if fill and luminance(fill) < LIGHT_TEXT:  # light marks on it keep their colour
                boxes.append((*_bounds(item), None))
            return self.light_mark(item, boxes)
        if luminance(fill) > 0.93:
            return item  # white already (or nearly)
        style = dataclasses.replace(item.style, fill=tint(fill))
        x0, y0, x1, y1 = _bounds(item)
        inside = any(
            k == fill and a <= x0 + 1e-6 and b <= y0 + 1e-6 and x1 <= c + 1e-6 and y1 <= d + 1e-6
            for a, b, c, d, k in boxes
        )
        if inside:  # a part of a panel already tinted (e.g. a band's squared-off corners)
            return Group(())
        if luminance(fill) < DARK and not item.style.stroke:
            style = dataclasses.replace(style, stroke=fill, width=OUTLINE)
        boxes.append((*_bounds(item), fill))
        return dataclasses.replace(item, style=style)

    def light_mark(self, item: Rect | Circle | Path, boxes: list[Box]) -> Item:
        """A small shape drawn only in light colours (a white arrow, a white ring) on a
        lightened ground takes the ground's colour; one with a dark part stays."""
        style = item.style
        colours = [c for c in (style.fill, style.stroke) if c]
        if not colours or any(luminance(c) < LIGHT_TEXT for c in colours):
            return item
        x0, y0, x1, y1 = _bounds(item)
        ground = _ground(boxes, (x0 + x1) / 2, (y0 + y1) / 2)
        if ground is None:
            return item
        fill, stroke = (ground if c else None for c in (style.fill, style.stroke))
        return dataclasses.replace(item, style=dataclasses.replace(style, fill=fill, stroke=stroke))

    def text(self, item: Text, boxes: list[Box]) -> Text:
        if luminance(item.colour) < LIGHT_TEXT:
            return item
        ground = _ground(boxes, item.x, item.y)
        return item if ground is None else dataclasses.replace(item, colour=ground)

    def form(self, form: Form, scale: float) -> Form:
        if form.name not in self.forms:
            self.forms[form.name] = Form(form.name, self.items(form.items, scale, []))
        return self.forms[form.name]


def lighten(pages: Iterable[Page]) -> Iterator[Page]:
    """The ink-saving version of ``pages`` (a stream: each page as it is asked for)."""
    lightener = _Lightener()
    for page in pages:
        yield dataclasses.replace(page, items=lightener.items(page.items, 1.0, []))
