"""The pieces of each exported product, drawn by the products' own functions.

Tiles, tokens and the aid are drawn by :mod:`generator.products.dinos` (``kit``), the
dig-site sheets by :mod:`generator.products.paleo` (``sheet``), with the same sizes
as the home-printed sheets (``templates/sheets.yaml``); only the bleed differs.
"""

from __future__ import annotations

from ...games.data import ComponentData
from ...layout.sheets import load_sheet_spec
from ...source.lang import Language
from .pieces import Art, Piece, PieceMaker

DINOS = "digging-for-dinos"
PALEO = "paleontologists"


def tile_pieces(data: ComponentData, lang: Language, bleed: float, ink: bool) -> list[Piece]:
    """Every tile of every era (one each), backed by its era's back."""
    from ..dinos import kit
    from ..dinos.pages import era_title

    dinos, size, look = data.game(DINOS), load_sheet_spec().components["tile"], kit.Look(ink)
    w, h = size.width, size.height
    pieces = []
    for era in dinos.eras:
        back = Art(f"tiles-era{era.number}-back", kit.tile_back(era, lang, w, h, bleed, look))
        for n, tile in enumerate(era.tiles, start=1):
            species = dinos.species_by_id(tile.species)
            if species is None:  # the data checks report this before anything is built
                raise ValueError(f"tile of unknown species {tile.species!r}")
            ability = dinos.ability_of(species.id) is not None
            items = kit.tile_front(tile, species, era, ability, lang, w, h, bleed, look)
            name = f"era{era.number}-{n:02d}-{tile.species}-{tile.position}"
            species_name = lang.term("species", tile.species)
            position = lang.term("positions", tile.position)
            title = lang.label("piece_tile", {"species": species_name, "position": position})
            pieces.append(
                Piece(
                    "tiles",
                    name,
                    title,
                    w,
                    h,
                    bleed,
                    1,
                    Art(f"tiles-{name}", items),
                    back,
                    group=era_title(lang, era.number),
                )  # fmt: skip
            )
    return pieces


def token_pieces(data: ComponentData, lang: Language, bleed: float, ink: bool) -> list[Piece]:
    """One token per player colour, face A (orthogonal) backed by face B (diagonal); a
    game needs ``tokens_per_player`` of each."""
    from ..dinos import kit

    dinos, size, look = data.game(DINOS), load_sheet_spec().components["token"], kit.Look(ink)
    rules = dinos.rules
    colours = rules.player_colours if rules else ()
    count = rules.tokens_per_player if rules else 2
    w, h = size.width, size.height
    pieces = []
    for seat, colour in enumerate(colours):
        name = f"player{seat + 1}"
        front, back = (
            Art(f"tokens-{name}-{face}", kit.token_face(colour, diag, w, h, bleed, look, seat))
            for face, diag in (("a", False), ("b", True))
        )
        title = lang.label("piece_token", {"title": lang.label("tokens_title"), "number": seat + 1})
        pieces.append(Piece("tokens", name, title, w, h, bleed, count, front, back))
    return pieces


def aid_pieces(data: ComponentData, lang: Language, bleed: float, ink: bool) -> list[Piece]:
    """The player aid, one per player."""
    from ..dinos import kit

    dinos, size = data.game(DINOS), load_sheet_spec().components["aid"]
    w, h = size.width, size.height
    front, back = kit.aid_sides(dinos, lang, w, h, bleed, kit.Look(ink))
    players = dinos.rules.max_players if dinos.rules else 4
    return [
        Piece(
            "aid",
            "aid",
            lang.label("player_aid"),
            w,
            h,
            bleed,
            players,
            Art("aid-front", front),
            Art("aid-back", back),
        )  # fmt: skip
    ]


def pad_pieces(data: ComponentData, lang: Language, bleed: float, ink: bool) -> list[Piece]:
    """The sample pad's dig-site sheets (the kit's), one-sided, at their A4 size."""
    from ...draw.shapes import Rect, Style
    from ..paleo import prepare_kit
    from ..paleo.sheet import sheet_box, sheet_items

    paleo = data.game(PALEO)
    _, _, w, h = sheet_box("a4", 1)
    pieces = []
    for site in prepare_kit(data, 1):
        paper = Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, Style(fill="#ffffff"))
        items = (paper, *sheet_items(site, paleo, lang, w, h))
        name = site.code.lower()
        title = lang.label("piece_pad", {"game": lang.term("games", PALEO), "code": site.code})
        pieces.append(Piece("pads", name, title, w, h, bleed, 1, Art(f"pad-{name}", items)))
    return pieces


#: The products an export can hold, in the order they are written.
KINDS: dict[str, PieceMaker] = {
    "tiles": tile_pieces,
    "tokens": token_pieces,
    "aid": aid_pieces,
    "pads": pad_pieces,
}
GAME_OF = {"tiles": DINOS, "tokens": DINOS, "aid": DINOS, "pads": PALEO}
#: The label that names each product (the sheets' titles).
TITLE_KEY = {
    "tiles": "tiles_title",
    "tokens": "tokens_title",
    "aid": "aid_title",
    "pads": "pad_title",
}


def product_names(choice: str) -> tuple[str, ...]:
    """The products of a ``--product`` choice ("all": every one)."""
    return tuple(KINDS) if choice == "all" else (choice,)


def pieces_of(
    data: ComponentData, lang: Language, product: str, bleed: float, ink_saver: bool = False
) -> list[Piece]:
    """The pieces of ``product`` in ``lang``, their art running ``bleed`` mm beyond the cut."""
    return KINDS[product](data, lang, bleed, ink_saver)
