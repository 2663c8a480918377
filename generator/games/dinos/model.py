"""Digging for Dinos component data: species, eras and their tiles, setup rules.

Pure Python, immutable. Locations are kept only so diagnostics can point at data.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ...source.diagnostics import Location

NOWHERE = Location("")


@dataclass(frozen=True)
class Position:
    """One skeleton position of a species and its left-hand (incomplete) value."""

    id: str
    value: int
    loc: Location = field(default=NOWHERE, compare=False)


@dataclass(frozen=True)
class Species:
    id: str
    colour: str
    body: str  # the skeleton silhouette the renderers draw
    positions: tuple[Position, ...]
    complete: int  # right-hand value: the whole completed dinosaur
    loc: Location = field(default=NOWHERE, compare=False)

    @property
    def position_ids(self) -> tuple[str, ...]:
        return tuple(p.id for p in self.positions)

    def position(self, position_id: str) -> Position | None:
        return next((p for p in self.positions if p.id == position_id), None)


@dataclass(frozen=True)
class Ability:
    """An ability granted when a dinosaur of one of ``species`` is completed."""

    id: str
    species: tuple[str, ...]
    loc: Location = field(default=NOWHERE, compare=False)


@dataclass(frozen=True)
class Tile:
    era: int
    species: str
    position: str
    left: int  # printed left-hand value (incomplete)
    right: int  # printed right-hand value (complete dinosaur)
    loc: Location = field(default=NOWHERE, compare=False)


@dataclass(frozen=True)
class Era:
    number: int
    colour: str
    tiles: tuple[Tile, ...]
    loc: Location = field(default=NOWHERE, compare=False)


#: The placement passes of the seed rules: the first in reverse turn order, the second
#: in turn order (a pass is "forward", from the first player, or "reverse").
BASE_PASSES = ("reverse", "forward")
PLACEMENT_ORDER = "placement-order"
COMPENSATION = "compensation"
VARIANT_KINDS = (PLACEMENT_ORDER, COMPENSATION)


@dataclass(frozen=True)
class Variant:
    """An optional setup rule, off unless chosen (``dinokit simulate --variant ID``).

    ``placement-order``: ``passes`` gives each placement pass's direction ("forward":
    from the first player clockwise; "reverse": from the last player counter-clockwise).
    ``compensation``: ``points`` gives, by number of players, the points each seat (in
    turn order, the first player first) adds to its final score."""

    id: str
    kind: str
    passes: tuple[str, ...] = ()
    points: dict[int, tuple[int, ...]] = field(default_factory=dict)
    booklet: bool = False  # print it in the booklet as an optional rule
    loc: Location = field(default=NOWHERE, compare=False)


@dataclass(frozen=True)
class Rules:
    """Setup and end rules that are numbers, not prose."""

    min_players: int
    max_players: int
    board_size: dict[int, int]  # players -> side of the square board
    tokens_per_player: int
    end_completed: int  # completing this many dinosaurs triggers the end
    player_colours: tuple[str, ...]
    loc: Location = field(default=NOWHERE, compare=False)
    variants: tuple[Variant, ...] = ()
    active: str | None = None  # the id of the variant played, None: the seed rules

    @property
    def largest_board(self) -> int:
        return max(self.board_size.values(), default=0)

    def variant(self, variant_id: str | None) -> Variant | None:
        return next((v for v in self.variants if v.id == variant_id), None)


@dataclass(frozen=True)
class DinosData:
    species: tuple[Species, ...]
    abilities: tuple[Ability, ...]
    eras: tuple[Era, ...]
    rules: Rules | None

    def species_by_id(self, species_id: str) -> Species | None:
        return next((s for s in self.species if s.id == species_id), None)

    def ability_of(self, species_id: str) -> Ability | None:
        return next((a for a in self.abilities if species_id in a.species), None)

    @property
    def tiles(self) -> tuple[Tile, ...]:
        return tuple(t for era in self.eras for t in era.tiles)


def with_variant(data: DinosData, variant_id: str | None) -> DinosData:
    """The data with the variant ``variant_id`` played (None: the seed rules)."""
    if data.rules is None or data.rules.active == variant_id:
        return data
    if variant_id is not None and data.rules.variant(variant_id) is None:
        known = ", ".join(v.id for v in data.rules.variants) or "none"
        raise ValueError(f"no variant {variant_id!r} (variants: {known})")
    return replace(data, rules=replace(data.rules, active=variant_id))
