"""Digging for Dinos, printed: tile sheets, token sheets, player aid cards."""

from __future__ import annotations

from ...games.dinos.load import GAME_ID
from .. import Product
from . import kit
from .checks import check
from .cover import cover_art

PRODUCTS = (
    Product(GAME_ID, "tiles", kit.tile_pages),
    Product(GAME_ID, "tokens", kit.token_pages),
    Product(GAME_ID, "aid", kit.aid_pages),
)

__all__ = ["PRODUCTS", "check", "cover_art"]
