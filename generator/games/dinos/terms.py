"""What Digging for Dinos asks of a language and its booklet: names, placeholders, tables.

Takes the model and a :class:`~generator.source.lang.Language`; gives plain strings.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from ...source.lang import Language
from ..base import Table
from .model import DinosData

#: The {placeholders} the booklet texts may use; :func:`booklet_values` fills exactly these.
PLACEHOLDERS = frozenset({
    "players_min", "players_max", "board_small", "board_large", "small_players",
    "tokens_per_player", "end_completed", "species_count", "tiles_per_era", "era_count",
    "ability_species", "tile_total",
})  # fmt: skip


def name_keys(data: DinosData) -> Iterator[tuple[str, str]]:
    """(section, id) of every name a language must give."""
    for sp in data.species:
        yield "species", sp.id
    for position in sorted({p.id for sp in data.species for p in sp.positions}):
        yield "positions", position
    for era in data.eras:
        yield "eras", str(era.number)
    for ability in data.abilities:
        yield "abilities", ability.id


def booklet_values(dinos: DinosData, lang: Language) -> dict[str, str]:
    """The numbers and names the booklet's texts may use as {placeholders}."""
    rules = dinos.rules
    assert rules is not None  # the booklet is built from valid data only
    sizes = sorted(set(rules.board_size.values()))
    small_players = [p for p, side in rules.board_size.items() if side == sizes[0]]
    names = [lang.term("species", s) for a in dinos.abilities for s in a.species]
    joiner = f" {lang.label('and')} " if "and" in lang.labels else " / "
    return {
        "players_min": str(rules.min_players),
        "players_max": str(rules.max_players),
        "board_small": str(sizes[0]),
        "board_large": str(sizes[-1]),
        "small_players": "/".join(map(str, small_players)),
        "tokens_per_player": str(rules.tokens_per_player),
        "end_completed": str(rules.end_completed),
        "species_count": str(len(dinos.species)),
        "tiles_per_era": str(len(dinos.eras[0].tiles)) if dinos.eras else "0",
        "era_count": str(len(dinos.eras)),
        "ability_species": joiner.join(names),
        "tile_total": str(len(dinos.tiles)),
    }


def species_table(dinos: DinosData, lang: Language, t: Mapping[str, str]) -> Table:
    """Every species: its positions with their left-hand values, and its complete value."""
    rows = [
        [
            lang.term("species", sp.id),
            ", ".join(f"{lang.term('positions', p.id)} {p.value}" for p in sp.positions),
            str(sp.complete),
        ]
        for sp in dinos.species
    ]
    header = [t["table_species"], t["table_positions"], t["table_complete"]]
    return header, rows, [34, 66, 20]
