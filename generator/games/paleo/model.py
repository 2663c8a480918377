"""Paleontologists component data: pentominoes, dig types, dice key, dig-site rules.

Pure Python, immutable. Cells are (row, column) pairs counted from 0.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...source.diagnostics import Location

NOWHERE = Location("")
Cell = tuple[int, int]


@dataclass(frozen=True)
class Pentomino:
    id: str  # the conventional letter: F I L N P T U V W X Y Z
    cells: frozenset[Cell]
    loc: Location = field(default=NOWHERE, compare=False)


@dataclass(frozen=True)
class Pattern:
    """How a dig type's fill is drawn: a kind the renderers know and its spacing."""

    kind: str  # chevrons | hatch | dots
    spacing: float  # mm between repeats
    weight: float  # mm, line width or dot diameter


@dataclass(frozen=True)
class DigType:
    id: str
    pattern: Pattern
    loc: Location = field(default=NOWHERE, compare=False)


@dataclass(frozen=True)
class DiceFace:
    face: int
    shapes: tuple[str, ...]
    dig_type: str
    loc: Location = field(default=NOWHERE, compare=False)


@dataclass(frozen=True)
class FossilTemplate:
    id: str
    cells: frozenset[Cell]
    value: int
    bonus: int  # extra points when every neighbour has one single dig type
    loc: Location = field(default=NOWHERE, compare=False)


@dataclass(frozen=True)
class Bonus:
    id: str
    limit: int
    loc: Location = field(default=NOWHERE, compare=False)


@dataclass(frozen=True)
class Band:
    """Expected-score band of a difficulty: a sheet's mean score lies in [low, high)."""

    low: float
    high: float


@dataclass(frozen=True)
class DigSiteRules:
    rows: int
    cols: int
    rounds: int
    templates: tuple[FossilTemplate, ...]
    fossils_min: int
    fossils_max: int
    stars: int
    bonuses: tuple[Bonus, ...]
    bands: dict[str, Band] = field(default_factory=dict)  # difficulty -> band
    loc: Location = field(default=NOWHERE, compare=False)
    locs: dict[str, Location] = field(default_factory=dict, compare=False, repr=False)

    def where(self, key: str) -> Location:
        """Where a top-level key of the dig-site file stands, for diagnostics."""
        return self.locs.get(key, self.loc)


@dataclass(frozen=True)
class PaleoData:
    pentominoes: tuple[Pentomino, ...]
    dig_types: tuple[DigType, ...]
    dice: tuple[DiceFace, ...]
    dig_site: DigSiteRules | None


@dataclass(frozen=True)
class Fossil:
    """A fossil on one generated sheet."""

    id: str  # label printed beside it and in the scoring area: "A", "B", ...
    cells: tuple[Cell, ...]  # sorted (row, col), counted from 0
    value: int
    bonus: int  # same-dig-type bonus
    template: str  # id of the FossilTemplate it came from


@dataclass(frozen=True)
class DigSite:
    """One generated dig-site sheet: everything printed on it that varies."""

    code: str  # printable, regenerates this sheet: e.g. "PAL-7K3F-92QD"
    seed: int
    difficulty: str  # easy | medium | hard
    rows: int
    cols: int
    fossils: tuple[Fossil, ...]
    stars: tuple[Cell, ...]  # sorted
    expected_score: float  # mean score of the heuristic player on this sheet
