"""Components drawn again at a stock product's size, for when scaling would shrink their
text too far: the dig-site sheets lay themselves out in any box (their grid, tables and
texts), so a score pad gets sheets drawn for its own page instead of shrunk A4 ones.

Each maker takes the data, a language, the product and the bleed, and gives pieces of
the product's trim size whose drawing keeps the product's safe inset from the cut (the
fit of :mod:`.fitting` then measures and checks them like any other); a ValueError says
the component cannot be drawn that small.
"""

from __future__ import annotations

from collections.abc import Callable

from ...draw.shapes import Group, Rect, Style, Transform
from ...games.data import ComponentData
from ...source.lang import Language
from .fitting import MIN_INSET
from .kinds import PALEO
from .pieces import Art, Piece
from .services import Product

Relayout = Callable[[ComponentData, Language, Product, float], list[Piece]]


def pad_pieces_at(
    data: ComponentData, lang: Language, product: Product, bleed: float
) -> list[Piece]:
    """The sample pad's dig-site sheets, each laid out inside ``product``'s safe area."""
    from ..paleo import prepare_kit
    from ..paleo.sheet import sheet_items

    paleo = data.game(PALEO)
    w, h = product.width, product.height
    inset = max(product.safe, MIN_INSET)
    pieces = []
    for site in prepare_kit(data, 1):
        paper = Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, Style(fill="#ffffff"))
        sheet = sheet_items(site, paleo, lang, w - 2 * inset, h - 2 * inset)
        items = (paper, Group(sheet, Transform(dx=inset, dy=inset)))
        name = site.code.lower()
        title = f"{lang.term('games', PALEO)} {site.code}"
        art = Art(f"pad-{name}-{product.key}", items)
        pieces.append(Piece("pads", name, title, w, h, bleed, 1, art))
    return pieces


#: component -> how it draws itself at a product's size (components without one are
#: only ever scaled).
RELAYOUTS: dict[str, Relayout] = {"pads": pad_pieces_at}
