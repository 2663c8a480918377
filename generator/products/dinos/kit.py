"""The Digging for Dinos print kit, gathered under one name: how a tile, a tile back, a token
and the player aid draw themselves (in their own millimetres), and the sheets they go on.

The drawing lives in :mod:`.colours`, :mod:`.look`, :mod:`.tiles`, :mod:`.tokens`,
:mod:`.aid` and :mod:`.pages` (how colours are seen: :mod:`.vision`); this module
re-exports what the booklet, the product build and the tests use as ``kit.<name>``.
"""

from __future__ import annotations

from .aid import AID_SIZES, aid_sides
from .colours import BONE_FADED, GOLD, INK, PARCHMENT, WHITE, mix
from .look import SAFE, Look, bleed_background, lang_fonts
from .pages import aid_pages, era_title, tile_pages, token_pages
from .tiles import (
    ERA_BADGE_R,
    LEFT_DISC_R,
    RIGHT_DISC_R,
    ROMAN,
    Mark,
    tile_back,
    tile_front,
    tile_marks,
)
from .tokens import SEAT_SYMBOLS, seat_symbol, token_face

__all__ = [
    "AID_SIZES",
    "ERA_BADGE_R",
    "BONE_FADED",
    "GOLD",
    "INK",
    "LEFT_DISC_R",
    "PARCHMENT",
    "RIGHT_DISC_R",
    "ROMAN",
    "SAFE",
    "SEAT_SYMBOLS",
    "WHITE",
    "Look",
    "Mark",
    "aid_sides",
    "aid_pages",
    "bleed_background",
    "era_title",
    "lang_fonts",
    "mix",
    "tile_back",
    "tile_front",
    "tile_marks",
    "seat_symbol",
    "tile_pages",
    "token_face",
    "token_pages",
]
