"""The Digging for Dinos print sheets: takes the game data, a language and print options,
gives the pages of tiles, of tokens and of player aids (fronts and backs)."""

from __future__ import annotations

from ...draw.shapes import Page
from ...games.dinos.model import DinosData
from ...layout import fonts
from ...layout.sheets import (
    Component,
    ComponentSize,
    Footer,
    PrintOptions,
    SheetSpec,
    layout_sheets,
    load_sheet_spec,
)
from ...source.lang import Language
from .aid import aid_card
from .look import Look
from .tiles import tile_back, tile_front
from .tokens import token_face


def _footer(lang: Language, title_key: str) -> Footer:
    return Footer(
        lang.label(title_key),
        lang.label("print_check"),
        fonts.font_for(lang.script),
        lang.label("backs"),
    )


def _sheet_setup(
    component: str, options: PrintOptions
) -> tuple[SheetSpec, ComponentSize, float, Look]:
    """The sheet layouts, this component's size, its bleed and the printing style."""
    spec = load_sheet_spec()
    size = spec.components[component]
    bleed = size.bleed if options.bleed is None else options.bleed
    return spec, size, bleed, Look(options.ink_saver)


def tile_pages(data: DinosData, lang: Language, options: PrintOptions) -> list[Page]:
    spec, size, bleed, look = _sheet_setup("tile", options)
    components: list[list[Component]] = []
    for era in data.eras:
        back = tile_back(era, lang, size.width, size.height, bleed, look)
        components.append([])
        for tile in era.tiles:
            species = data.species_by_id(tile.species)
            if species is None:  # the data checks report this before anything is built
                raise ValueError(f"tile of unknown species {tile.species!r}")
            front = tile_front(
                tile,
                species,
                era,
                data.ability_of(species.id) is not None,
                lang,
                size.width,
                size.height,
                bleed,
                look,
            )
            components[-1].append(Component(front, back))
    return layout_sheets(components, "tile", _footer(lang, "tiles_title"), options, spec)


def token_pages(data: DinosData, lang: Language, options: PrintOptions) -> list[Page]:
    spec, size, bleed, look = _sheet_setup("token", options)
    per_player = data.rules.tokens_per_player if data.rules else 2
    colours = data.rules.player_colours if data.rules else ()
    components = [
        Component(
            token_face(colour, False, size.width, size.height, bleed, look),
            token_face(colour, True, size.width, size.height, bleed, look),
        )
        for colour in colours
        for _ in range(per_player)
    ]
    return layout_sheets(components, "token", _footer(lang, "tokens_title"), options, spec)


def aid_pages(data: DinosData, lang: Language, options: PrintOptions) -> list[Page]:
    spec, size, bleed, look = _sheet_setup("aid", options)
    players = data.rules.max_players if data.rules else 4
    card = aid_card(data, lang, size.width, size.height, bleed, look)
    return layout_sheets(
        [Component(card)] * players, "aid", _footer(lang, "aid_title"), options, spec
    )
