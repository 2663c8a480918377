"""Digging for Dinos, printed: tile sheets, token sheets, player aid cards."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ...games.data import ComponentData
from ...games.dinos.load import GAME_ID
from ...layout.sheets import LayoutError, PrintOptions
from ...layout.text import TextOverflow
from ...source.lang import Language
from .. import Product
from . import kit
from .checks import check
from .cover import cover_art

PRODUCTS = (
    Product(GAME_ID, "tiles", kit.tile_pages),
    Product(GAME_ID, "tokens", kit.token_pages),
    Product(GAME_ID, "aid", kit.aid_pages),
)


def trial_layout(
    data: ComponentData, languages: Iterable[Language]
) -> Iterator[tuple[Language, Exception]]:
    """Lay out (without drawing) every sheet product in each language, the gutter-fold
    aid (its fold label) and the calibration sheet; yield what does not fit. The
    validator calls it, so that whatever it accepts builds."""
    from ..calibrate import calibration_pages

    dinos = data.game(GAME_ID)
    for lang in languages:
        try:
            for product in PRODUCTS:
                product.make(dinos, lang, PrintOptions("a4"))
            kit.aid_pages(dinos, lang, PrintOptions("a4", layout="gutter-fold"))
            for paper in ("a4", "letter"):
                calibration_pages(lang, paper)
        except (TextOverflow, LayoutError) as exc:
            yield lang, exc


__all__ = ["PRODUCTS", "check", "cover_art", "trial_layout"]
