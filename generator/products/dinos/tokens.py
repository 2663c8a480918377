"""Digging for Dinos player tokens: takes a player colour and which face, gives the items of a
token face (four arrows, straight or diagonal)."""

from __future__ import annotations

import math

from ...draw.shapes import Circle, Item, Path, Style
from .colours import WHITE
from .look import Look, bleed_background


def _arrow(cx: float, cy: float, angle: float, length: float, ink: str) -> list[Item]:
    """A bold arrow from near the centre outwards, at ``angle`` degrees (0 = right, y down)."""
    a = math.radians(angle)
    ux, uy = math.cos(a), math.sin(a)
    px, py = -uy, ux
    start, tip = 3.2, length
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


def token_face(
    colour: str, diagonal: bool, w: float, h: float, bleed: float, look: Look
) -> tuple[Item, ...]:
    """A token face in ``colour``: four arrows, along the axes or ``diagonal``."""
    ink = colour if look.ink_saver else WHITE
    cx, cy = w / 2, h / 2
    items: list[Item] = [bleed_background(w, h, bleed, look.background(colour))]
    items.append(Circle(cx, cy, w / 2 - 1.6, Style(stroke=ink, width=0.6)))
    angles = (45, 135, 225, 315) if diagonal else (0, 90, 180, 270)
    reach = (w / 2 - 3.2) * (1.0 if not diagonal else 1.0)
    for angle in angles:
        items += _arrow(cx, cy, angle, reach, ink)
    items.append(Circle(cx, cy, 2.2, Style(fill=ink)))
    return tuple(items)
