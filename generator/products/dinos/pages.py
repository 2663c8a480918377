"""The Digging for Dinos print sheets: takes the game data, a language and print options,
gives the pages of tiles, of tokens and of player aids (fronts and backs)."""

from __future__ import annotations

import math

from ...draw.shapes import Page
from ...games.dinos.model import DinosData
from ...games.dinos.terms import era_numeral
from ...layout.gutter import column_run, lay_out, per_sheet
from ...layout.sheets import (
    Component,
    ComponentSize,
    Footer,
    PrintOptions,
    SheetSpec,
    load_sheet_spec,
)
from ...source.lang import Language
from ..footers import sheet_footer
from .aid import aid_sides
from .look import Look
from .tiles import tile_back, tile_front
from .tokens import token_face


def _footer(lang: Language, title_key: str) -> Footer:
    return sheet_footer(lang, lang.label(title_key))


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
            components[-1].append(Component(front, back, contained=True))
    titles = [era_title(lang, era.number) for era in data.eras]
    return lay_out(components, "tile", _footer(lang, "tiles_title"), options, spec, titles=titles)


def era_title(lang: Language, number: int) -> str:
    """An era as a sheet's label names it: "Era 2 = II (Jurassic)", as the rules do."""
    return era_numeral(lang, number)


def tokens_per_colour(data: DinosData, per_sheet: int, run: int = 1) -> int:
    """How many tokens of each player colour are printed: the tokens a player needs, and
    as many spares as fill the sheets that hold them: in whole sets, or in whole columns
    of ``run`` tokens where the tokens of a colour touch one above the other (a
    gutter-fold sheet: each column then holds one colour)."""
    per_player = data.rules.tokens_per_player if data.rules else 2
    colours = len(data.rules.player_colours) if data.rules else 0
    sheets = math.ceil(per_player * colours / per_sheet) if colours else 1
    unit = run if run > 1 else per_player
    count = sheets * per_sheet // (colours or 1) // unit * unit
    return max(count, math.ceil(per_player / unit) * unit)


def token_pages(data: DinosData, lang: Language, options: PrintOptions) -> list[Page]:
    spec, size, bleed, look = _sheet_setup("token", options)
    colours = data.rules.player_colours if data.rules else ()
    run = column_run(spec, "token", options)
    count = tokens_per_colour(data, per_sheet(spec, "token", options), run)
    components = [
        Component(
            token_face(colour, False, size.width, size.height, bleed, look, seat),
            token_face(colour, True, size.width, size.height, bleed, look, seat),
            contained=True,
        )
        for seat, colour in enumerate(colours)
        for _ in range(count)
    ]
    return lay_out(components, "token", _footer(lang, "tokens_title"), options, spec)


def aid_pages(data: DinosData, lang: Language, options: PrintOptions) -> list[Page]:
    spec, size, bleed, look = _sheet_setup("aid", options)
    players = data.rules.max_players if data.rules else 4
    front, back = aid_sides(data, lang, size.width, size.height, bleed, look)
    card = Component(front, back, contained=True)
    return lay_out([card] * players, "aid", _footer(lang, "aid_title"), options, spec)
