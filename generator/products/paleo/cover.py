"""The cover picture of the Paleontologists booklet: a real dig-site sheet, small."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...draw.shapes import Group, Item, Transform
from ...games.paleo.load import GAME_ID
from ...games.paleo.pads import PadGenerator
from .sheet import sheet_items

SHEET_W, SHEET_H = 190.0, 277.0  # mm: the sheet drawn, as on an A4 pad page


def cover_art(ctx: Any, width: float) -> tuple[float, Callable[[float, float], list[Item]]]:
    """(height, draw) of the picture; ``ctx`` is the booklet's diagram context."""
    paleo = ctx.data.game(GAME_ID)
    site = PadGenerator(paleo).sheet("medium", 1)
    w, h = SHEET_W, SHEET_H
    scale = min(width * 0.62 / w, 68 / h)

    def draw(x: float, y: float) -> list[Item]:
        items = sheet_items(site, paleo, ctx.lang, w, h)
        return [
            Group(
                tuple(items),
                Transform(dx=x + (width - w * scale) / 2, dy=y, sx=scale, sy=scale, rotate=0),
            )
        ]

    return h * scale, draw
