"""The data of Digging for Dinos compiled into the indexed tables the engine plays on.

Takes a :class:`~.model.DinosData`; gives :class:`Rules` (compiled once per data
object by :func:`rules_for`). A tile is an index into :attr:`Rules.tiles`, in era
order; each species' skeleton positions are consecutive slots.
"""

from __future__ import annotations

from dataclasses import dataclass

from .model import COMPENSATION, PLACEMENT_ORDER, DinosData, Tile

FLIP_ABILITY = "flip-token"


@dataclass(frozen=True, eq=False)
class Rules:
    """What a game needs from the data, compiled once into indexed tables."""

    data: DinosData
    tiles: tuple[Tile, ...]  # every tile of every era; a tile is an index here
    eras: tuple[int, ...]  # era numbers in drawing order
    era_tiles: tuple[tuple[int, ...], ...]
    species: tuple[str, ...]
    complete: tuple[int, ...]  # species -> right-hand value
    slots: tuple[range, ...]  # species -> its skeleton positions, as consecutive slots
    slot_species: tuple[int, ...]
    tile_slot: tuple[int, ...]
    tile_species: tuple[int, ...]
    tile_left: tuple[int, ...]
    flip_species: frozenset[int]
    board_size: dict[int, int]
    tokens_per_player: int
    end_completed: int
    variant: str | None = None  # the setup variant played (None: the seed rules)
    passes: tuple[str, ...] = ()  # a variant's placement: "forward"/"reverse" per pass
    compensation: dict[int, tuple[int, ...]] | None = None  # players -> points per seat

    @classmethod
    def from_data(cls, data: DinosData) -> Rules:
        if data.rules is None:
            raise ValueError("the data has no rules (board sizes, tokens, end)")
        species = tuple(sp.id for sp in data.species)
        slot_of: dict[tuple[str, str], int] = {}
        slots, slot_species = [], []
        for index, sp in enumerate(data.species):
            start = len(slot_of)
            for position in sp.position_ids:
                slot_of[(sp.id, position)] = len(slot_of)
                slot_species.append(index)
            slots.append(range(start, len(slot_of)))
        eras = sorted(data.eras, key=lambda era: era.number)
        tiles = tuple(t for era in eras for t in era.tiles)
        era_tiles, start = [], 0
        for era in eras:
            era_tiles.append(tuple(range(start, start + len(era.tiles))))
            start += len(era.tiles)
        flip = {s for a in data.abilities if a.id == FLIP_ABILITY for s in a.species}
        return cls(
            data, tiles, tuple(era.number for era in eras), tuple(era_tiles), species,
            tuple(sp.complete for sp in data.species), tuple(slots), tuple(slot_species),
            tuple(slot_of[(t.species, t.position)] for t in tiles),
            tuple(species.index(t.species) for t in tiles),
            tuple(t.left for t in tiles),
            frozenset(i for i, s in enumerate(species) if s in flip),
            dict(data.rules.board_size), data.rules.tokens_per_player,
            data.rules.end_completed, *_variant(data),
        )  # fmt: skip

    def tile_index(self, species: str, position: str, era: int | None = None) -> int:
        """The tile of ``species``/``position`` from ``era`` (default: the first era)."""
        era = self.eras[0] if era is None else era
        for i, t in enumerate(self.tiles):
            if t.species == species and t.position == position and t.era == era:
                return i
        raise ValueError(f"no tile {species}/{position} in era {era}")

    def tile_name(self, tile: int | None) -> str:
        if tile is None:
            return "."
        t = self.tiles[tile]
        return f"{t.species}/{t.position}"


def _variant(data: DinosData) -> tuple[str | None, tuple[str, ...], dict | None]:
    """(variant id, placement passes, compensation) of the variant the data plays."""
    assert data.rules is not None
    variant = data.rules.variant(data.rules.active)
    if variant is None:
        return None, (), None
    passes = variant.passes if variant.kind == PLACEMENT_ORDER else ()
    points = dict(variant.points) if variant.kind == COMPENSATION else None
    return variant.id, passes, points


_COMPILED: dict[int, tuple[DinosData, Rules]] = {}


def rules_for(data: DinosData | Rules) -> Rules:
    """The compiled rules of ``data``, compiled once per data object."""
    if isinstance(data, Rules):
        return data
    cached = _COMPILED.get(id(data))
    if cached is None or cached[0] is not data:
        cached = _COMPILED[id(data)] = (data, Rules.from_data(data))
    return cached[1]
