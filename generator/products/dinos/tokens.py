"""Digging for Dinos player tokens: takes a player colour, its seat and which face, gives the
items of a token face (four arrows, straight or diagonal, round the seat's symbol)."""

from __future__ import annotations

import math

from ...draw.shapes import Circle, Item, Path, Style
from .look import SAFE, Look, bleed_background

RING_LINE = 0.6  # mm: the ring round the arrows


def _arrow(cx: float, cy: float, angle: float, length: float, ink: str) -> list[Item]:
    """A bold arrow from near the centre outwards, at ``angle`` degrees (0 = right, y down)."""
    a = math.radians(angle)
    ux, uy = math.cos(a), math.sin(a)
    px, py = -uy, ux
    start, tip = 3.3, length
    shaft_w, head_w, head_l = 0.9, 2.4, 2.6
    base = tip - head_l
    pts = [
        (cx + ux * start + px * shaft_w, cy + uy * start + py * shaft_w),
        (cx + ux * base + px * shaft_w, cy + uy * base + py * shaft_w),
        (cx + ux * base + px * head_w, cy + uy * base + py * head_w),
        (cx + ux * tip, cy + uy * tip),
        (cx + ux * base - px * head_w, cy + uy * base - py * head_w),
        (cx + ux * base - px * shaft_w, cy + uy * base - py * shaft_w),
        (cx + ux * start - px * shaft_w, cy + uy * start - py * shaft_w),
    ]
    return [Path.polygon(pts, Style(fill=ink))]


#: The shape each seat's tokens carry in their centre, so that players never differ by
#: colour alone: filled circle, square, triangle, diamond, then hexagon and star.
SEAT_SYMBOLS = ("circle", "square", "triangle", "diamond", "hexagon", "star")


def _regular(
    cx: float, cy: float, r: float, n: int, turn: float, inner: float | None = None
) -> list[tuple[float, float]]:
    """The corners of a regular n-gon round cx, cy (a star with ``inner`` x r inside)."""
    count = 2 * n if inner else n
    corners = []
    for k in range(count):
        radius = r * inner if inner and k % 2 else r
        angle = turn + math.tau * k / count
        corners.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return corners


def seat_symbol(seat: int, cx: float, cy: float, ink: str) -> Item:
    """The symbol of ``seat`` (from 0), about 5 mm across, centred on cx, cy."""
    style = Style(fill=ink)
    up = -math.pi / 2
    shape = SEAT_SYMBOLS[seat % len(SEAT_SYMBOLS)]
    if shape == "circle":
        return Circle(cx, cy, 2.3, style)
    points = {
        "square": lambda: _regular(cx, cy, 2.75, 4, math.pi / 4),
        "triangle": lambda: _regular(cx, cy + 0.45, 2.9, 3, up),
        "diamond": lambda: _regular(cx, cy, 2.8, 4, up),
        "hexagon": lambda: _regular(cx, cy, 2.6, 6, 0.0),
        "star": lambda: _regular(cx, cy, 2.9, 5, up, inner=0.45),
    }[shape]()
    return Path.polygon(points, style)


def token_face(
    colour: str,
    diagonal: bool,
    w: float,
    h: float,
    bleed: float,
    look: Look,
    seat: int | None = None,
) -> tuple[Item, ...]:
    """A token face in ``colour``: four arrows, along the axes or ``diagonal``, round the
    symbol of ``seat`` (a plain dot without one). Arrows, ring and symbol are in the ink
    that stands out on the token (white or dark), the ring inside the safe zone."""
    ground = look.background(colour)
    ink = look.title(colour)
    cx, cy = w / 2, h / 2
    ring = min(w, h) / 2 - SAFE - RING_LINE / 2  # the ring's ink ends on the safe line
    items: list[Item] = [bleed_background(w, h, bleed, ground)]
    items.append(Circle(cx, cy, ring, Style(stroke=ink, width=RING_LINE)))
    angles = (45, 135, 225, 315) if diagonal else (0, 90, 180, 270)
    for angle in angles:
        items += _arrow(cx, cy, angle, ring - 1.1, ink)
    items.append(
        Circle(cx, cy, 2.2, Style(fill=ink)) if seat is None else seat_symbol(seat, cx, cy, ink)
    )
    return tuple(items)
