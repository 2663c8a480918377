"""The rules of Paleontologists as code: one player's dig-site sheet through a game.

Pure Python, no I/O. :class:`Game` applies the rules step by step and refuses
illegal moves with :class:`RuleError`; it is the reference. The balance measure of
the pad generator plays many games with :class:`HeuristicPlayer`, which uses the
same :class:`Game` for every move it makes.

Rules as in ../shared/games/paleontologists.md; where they are silent:
- a round whose shapes fit nowhere is passed (nothing is drawn);
- One Square Anywhere is a 1x1 square of a dig type of the player's choice, drawn
  on an empty non-fossil cell without a star, in addition to the round's shape.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property

from .model import DigSite, PaleoData
from .polyomino import Cell, normalise, orientations

ONE_SQUARE = "one-square-anywhere"
SWITCH_SHAPE = "switch-shape"
SWITCH_TYPE = "switch-dig-type"
PLUS_ONE = "plus-one"


class RuleError(Exception):
    """A move the rules do not allow; the message says which rule."""


@dataclass(frozen=True)
class Rules:
    """What a game needs from the data, compiled once."""

    rows: int
    cols: int
    rounds: int
    shapes: dict[str, frozenset[Cell]]  # pentomino letter -> cells
    face_shapes: dict[int, tuple[str, ...]]
    face_type: dict[int, str]
    dig_types: tuple[str, ...]
    bonus_limits: dict[str, int]

    @classmethod
    def from_data(cls, data: PaleoData) -> Rules:
        site = data.dig_site
        assert site is not None, "rules need a loaded dig site"
        return cls(
            site.rows, site.cols, site.rounds,
            {p.id: p.cells for p in data.pentominoes},
            {f.face: f.shapes for f in data.dice},
            {f.face: f.dig_type for f in data.dice},
            tuple(d.id for d in data.dig_types),
            {b.id: b.limit for b in site.bonuses},
        )  # fmt: skip

    def inside(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.rows and 0 <= cell[1] < self.cols

    @cached_property
    def placements(self) -> dict[str, tuple[frozenset[Cell], ...]]:
        """Every position of every rotation and reflection of each shape in the grid."""
        result = {}
        for letter, cells in self.shapes.items():
            found = []
            for shape in sorted(orientations(cells), key=sorted):
                height = max(r for r, _ in shape) + 1
                width = max(c for _, c in shape) + 1
                for r in range(self.rows - height + 1):
                    for c in range(self.cols - width + 1):
                        found.append(frozenset((r + dr, c + dc) for dr, dc in shape))
            result[letter] = tuple(found)
        return result

    @cached_property
    def covering(self) -> dict[Cell, tuple[frozenset[Cell], ...]]:
        """cell -> every placement (of any shape) that covers it."""
        found: dict[Cell, list[frozenset[Cell]]] = {}
        for placements in self.placements.values():
            for placement in placements:
                for cell in placement:
                    found.setdefault(cell, []).append(placement)
        return {cell: tuple(ps) for cell, ps in found.items()}

    def options(self, dice: tuple[int, int]) -> list[tuple[str, str]]:
        """(shape, dig type) pairs a roll allows: one die gives the shape, the other the type."""
        a, b = dice
        pairs = [(s, self.face_type[b]) for s in self.face_shapes[a]]
        pairs += [(s, self.face_type[a]) for s in self.face_shapes[b]]
        return list(dict.fromkeys(pairs))


def neighbours_in_grid(cells: Iterable[Cell], rules: Rules) -> frozenset[Cell]:
    shape = set(cells)
    around: set[Cell] = set()
    for r, c in shape:
        around.update(((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)))
    return frozenset(cell for cell in around - shape if rules.inside(cell))


@dataclass
class Game:
    """One player's sheet during a game."""

    rules: Rules
    site: DigSite
    drawn: dict[Cell, str] = field(default_factory=dict)  # cell -> dig type
    single_squares: set[Cell] = field(default_factory=set)  # drawn by One Square Anywhere
    bonuses: dict[str, int] = field(default_factory=dict)  # circled per bonus
    used: dict[str, int] = field(default_factory=dict)  # used per bonus
    dug: dict[str, bool] = field(default_factory=dict)  # fossil id -> earned the bonus
    round: int = 0

    def __post_init__(self) -> None:
        self.fossil_cells = {cell for f in self.site.fossils for cell in f.cells}
        self.stars = set(self.site.stars)
        self.around = {f.id: neighbours_in_grid(f.cells, self.rules) for f in self.site.fossils}

    # -- what is allowed ---------------------------------------------------------
    def is_free(self, cell: Cell) -> bool:
        return self.rules.inside(cell) and cell not in self.drawn and cell not in self.fossil_cells

    def can_place(self, cells: Iterable[Cell]) -> bool:
        return all(self.is_free(cell) for cell in cells)

    def legal_placements(self, shape: str) -> list[frozenset[Cell]]:
        return [p for p in self.rules.placements[shape] if self.can_place(p)]

    def available(self, bonus: str) -> int:
        return self.bonuses.get(bonus, 0) - self.used.get(bonus, 0)

    # -- moves -------------------------------------------------------------------
    def place(
        self,
        dice: tuple[int, int],
        shape: str,
        dig_type: str,
        cells: Iterable[Cell],
        star_bonuses: Sequence[str] = (),
        switch: str | None = None,
    ) -> None:
        """Draw this round's shape. ``switch`` uses a Switch Shape or Switch Dig Type bonus."""
        cells = frozenset(cells)
        self._check_round(dice)
        allowed = self.rules.options(dice)
        if switch == SWITCH_SHAPE:
            allowed = [(s, t) for s in self.rules.shapes for t in {t for _, t in allowed}]
        elif switch == SWITCH_TYPE:
            allowed = [(s, t) for s in {s for s, _ in allowed} for t in self.rules.dig_types]
        elif switch is not None:
            raise RuleError(f"{switch!r} is not a switch bonus")
        if (shape, dig_type) not in allowed:
            raise RuleError(f"a roll of {dice} does not allow {shape} with {dig_type}")
        if switch is not None and self.available(switch) < 1:
            raise RuleError(f"no {switch} bonus left to use")
        if normalise(cells) not in orientations(self.rules.shapes[shape]):
            raise RuleError(f"those cells are not a {shape} pentomino")
        if not self.can_place(cells):
            raise RuleError("a shape may cover only empty, non-fossil cells inside the grid")
        covered = sorted(cells & self.stars)
        if len(star_bonuses) != len(covered):
            raise RuleError(f"{len(covered)} stars covered: choose exactly that many bonuses")
        # check the whole list first: a refused move must change nothing
        wanted = Counter(star_bonuses)
        for bonus, count in wanted.items():
            if bonus not in self.rules.bonus_limits:
                raise RuleError(f"unknown bonus {bonus!r}")
            limit = self.rules.bonus_limits[bonus]
            if self.bonuses.get(bonus, 0) + count > limit:
                raise RuleError(f"{bonus} may be circled at most {limit} times")
        for bonus, count in wanted.items():
            self.bonuses[bonus] = self.bonuses.get(bonus, 0) + count
        if switch is not None:
            self.used[switch] = self.used.get(switch, 0) + 1
        for cell in cells:
            self.drawn[cell] = dig_type
        self.round += 1
        self._dig()

    def pass_round(self, dice: tuple[int, int]) -> None:
        """Nothing fits: the round passes (refused while some option fits)."""
        self._check_round(dice)
        if any(self.legal_placements(shape) for shape, _ in self.rules.options(dice)):
            raise RuleError("a shape fits, so the round cannot be passed")
        self.round += 1

    def _check_round(self, dice: tuple[int, int]) -> None:
        if self.round >= self.rules.rounds:
            raise RuleError(f"the game is over after {self.rules.rounds} rounds")
        if len(dice) != 2 or not all(isinstance(d, int) and 1 <= d <= 6 for d in dice):
            raise RuleError(f"{dice} is not a roll of two six-sided dice")

    def one_square(self, cell: Cell, dig_type: str) -> None:
        """Use One Square Anywhere: a 1x1 square on an empty non-fossil cell without a star."""
        if self.available(ONE_SQUARE) < 1:
            raise RuleError("no One Square Anywhere bonus left to use")
        if not self.is_free(cell) or cell in self.stars:
            raise RuleError("One Square Anywhere needs an empty non-fossil cell without a star")
        if dig_type not in self.rules.dig_types:
            raise RuleError(f"unknown dig type {dig_type!r}")
        self.used[ONE_SQUARE] = self.used.get(ONE_SQUARE, 0) + 1
        self.drawn[cell] = dig_type
        self.single_squares.add(cell)
        self._dig()

    def _dig(self) -> None:
        for fossil in self.site.fossils:
            if fossil.id in self.dug:
                continue
            around = self.around[fossil.id]
            if all(cell in self.drawn for cell in around):
                one_type = len({self.drawn[cell] for cell in around}) <= 1
                helped = bool(around & self.single_squares)
                self.dug[fossil.id] = one_type and not helped

    def score(self) -> int:
        total = self.bonuses.get(PLUS_ONE, 0)
        for fossil in self.site.fossils:
            if fossil.id in self.dug:
                total += fossil.value + (fossil.bonus if self.dug[fossil.id] else 0)
        return total


# ---------------------------------------------------------------------------- dice


def dice_sequences(count: int, rounds: int, seed: int = 20261130) -> list[list[tuple[int, int]]]:
    """The same ``count`` dice sequences every time: every sheet is measured on them."""
    rng = random.Random(seed)
    return [[(rng.randint(1, 6), rng.randint(1, 6)) for _ in range(rounds)] for _ in range(count)]
