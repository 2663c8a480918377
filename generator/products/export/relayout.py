"""Components drawn again at a stock product's size instead of scaled: the player aid
flows its text at the largest size that fits (its band, sections and lists), and the
dig-site sheets lay themselves out in any box (their grid, tables and texts), so a
tarot card gets an aid drawn for it and a score pad sheets drawn for its page, where
scaling would stretch the aid's band or shrink the sheets' text under 6 pt.

Each maker takes the data, a language, the product and the bleed, and gives pieces of
the product's trim size whose drawing keeps the product's safe inset from the cut (the
fit of :mod:`.fitting` then measures and checks them like any other); a ValueError or
TextOverflow says the component cannot be drawn that small.
"""

from __future__ import annotations

from collections.abc import Callable

from ...draw.shapes import Group, Rect, Style, Transform
from ...games.data import ComponentData
from ...source.lang import Language
from .fitting import MIN_INSET
from .kinds import DINOS, PALEO
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
        title = lang.label("piece_pad", {"game": lang.term("games", PALEO), "code": site.code})
        art = Art(f"pad-{name}-{product.key}", items)
        pieces.append(Piece("pads", name, title, w, h, bleed, 1, art))
    return pieces


def aid_pieces_at(
    data: ComponentData, lang: Language, product: Product, bleed: float
) -> list[Piece]:
    """The player aid, front and back laid out at ``product``'s trim (one per player)."""
    from ..dinos import kit

    dinos = data.game(DINOS)
    w, h = product.width, product.height
    front, back = kit.aid_sides(dinos, lang, w, h, bleed, kit.Look(False))
    players = dinos.rules.max_players if dinos.rules else 4
    key = f"aid-{product.key}"
    piece = Piece(
        "aid", "aid", lang.label("player_aid"), w, h, bleed, players,
        Art(f"{key}-front", front), Art(f"{key}-back", back),
    )  # fmt: skip
    return [piece]


#: component -> how it draws itself at a product's size (the tiles and tokens, whose
#: art is drawn for their own size, are only ever scaled).
RELAYOUTS: dict[str, Relayout] = {"aid": aid_pieces_at, "pads": pad_pieces_at}
