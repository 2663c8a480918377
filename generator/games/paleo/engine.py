"""The rules of Paleontologists as code: one player's dig-site sheet through a game.

Pure Python, no I/O. :class:`Game` applies the rules step by step and refuses
illegal moves with :class:`RuleError`; it is the reference. The balance measure of
the pad generator plays many games with :class:`HeuristicPlayer`, which uses the
same :class:`Game` for every move it makes.

Rules as in ../shared/games/paleontologists.md, its Decision lines included:

- rounds are counted by their shapes: ``Game.round`` is the number of rounds whose
  shape is drawn (or that were passed); a One Square Anywhere drawn after a round's
  shape belongs to the next round, and none is drawn once the last round is over;
- every circle remembers the round it was made in (``Game.circles``) and can be used
  from the next round on; after the last round nothing can be used (+1 Point scores);
- a covered star circles a bonus while any circle is still open; with every bonus
  circled to its limit it gives nothing, and the shape stays legal;
- Switch Shape and Switch Dig Type may both be used in one round, each once.

Where the sheet is silent, the engine decides:
- a covered star must circle a bonus while one is open (the player may not decline);
- a roll is passed only when none of its own shapes fits (switches are optional).
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

    def allowed(self, dice: tuple[int, int], switches: Iterable[str] = ()) -> list[tuple[str, str]]:
        """(shape, dig type) pairs a roll allows with these switches used.

        Switch Shape: any of the shapes with a dig type of the roll; Switch Dig Type:
        a shape of the roll in any dig type; both: any shape in any dig type.
        """
        pairs = self.options(dice)
        switches = set(switches)
        if not switches:
            return pairs
        shapes = list(self.shapes) if SWITCH_SHAPE in switches else [s for s, _ in pairs]
        types = list(self.dig_types) if SWITCH_TYPE in switches else [t for _, t in pairs]
        return list(dict.fromkeys((s, t) for s in shapes for t in types))


def neighbours_in_grid(cells: Iterable[Cell], rules: Rules) -> frozenset[Cell]:
    shape = set(cells)
    around: set[Cell] = set()
    for r, c in shape:
        around.update(((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)))
    return frozenset(cell for cell in around - shape if rules.inside(cell))


@dataclass
class Game:
    """One player's sheet during a game.

    ``round`` counts the rounds played (their shape drawn, or passed): round
    ``round + 1`` is under way, and a One Square Anywhere drawn now belongs to it.
    ``circles`` holds, per bonus, the round each circle was made in.
    """

    rules: Rules
    site: DigSite
    drawn: dict[Cell, str] = field(default_factory=dict)  # cell -> dig type
    single_squares: set[Cell] = field(default_factory=set)  # drawn by One Square Anywhere
    circles: dict[str, list[int]] = field(default_factory=dict)  # bonus -> round of each circle
    used: dict[str, int] = field(default_factory=dict)  # circles crossed off, per bonus
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

    @property
    def over(self) -> bool:
        """True once the last round is played: nothing more is drawn or used."""
        return self.round >= self.rules.rounds

    @property
    def bonuses(self) -> dict[str, int]:
        """Circles made so far, per bonus (used or not)."""
        return {bonus: len(rounds) for bonus, rounds in self.circles.items() if rounds}

    def circle(self, bonus: str, made_in: int) -> None:
        """Circle ``bonus`` in round ``made_in`` (no check: for ``place`` and set-ups)."""
        self.circles.setdefault(bonus, []).append(made_in)

    def open_circles(self) -> int:
        """Circles still free in the bonus area, all bonuses together."""
        return sum(
            max(0, limit - len(self.circles.get(bonus, ())))
            for bonus, limit in self.rules.bonus_limits.items()
        )

    def available(self, bonus: str) -> int:
        """Circles of ``bonus`` that may be used now: made in an earlier round, not
        crossed off; none after the last round."""
        if self.over:
            return 0
        earlier = sum(made_in <= self.round for made_in in self.circles.get(bonus, ()))
        return earlier - self.used.get(bonus, 0)

    # -- moves -------------------------------------------------------------------
    def place(
        self,
        dice: tuple[int, int],
        shape: str,
        dig_type: str,
        cells: Iterable[Cell],
        star_bonuses: Sequence[str] = (),
        switches: Sequence[str] | str = (),
    ) -> None:
        """Draw this round's shape. ``switches``: Switch Shape and/or Switch Dig Type
        used this round (each crosses off one circle)."""
        cells = frozenset(cells)
        switches = (switches,) if isinstance(switches, str) else tuple(switches)
        self._check_round(dice)
        for switch in switches:
            if switch not in (SWITCH_SHAPE, SWITCH_TYPE):
                raise RuleError(f"{switch!r} is not a switch bonus")
        if len(set(switches)) < len(switches):
            raise RuleError("each switch can be used at most once a round")
        if (shape, dig_type) not in self.rules.allowed(dice, switches):
            raise RuleError(f"a roll of {dice} does not allow {shape} with {dig_type}")
        for switch in switches:
            if self.available(switch) < 1:
                raise RuleError(f"no {switch} bonus left to use")
        if normalise(cells) not in orientations(self.rules.shapes[shape]):
            raise RuleError(f"those cells are not a {shape} pentomino")
        if not self.can_place(cells):
            raise RuleError("a shape may cover only empty, non-fossil cells inside the grid")
        self._check_star_bonuses(len(cells & self.stars), star_bonuses)
        self.round += 1
        for bonus in star_bonuses:
            self.circle(bonus, self.round)
        for switch in switches:
            self.used[switch] = self.used.get(switch, 0) + 1
        for cell in cells:
            self.drawn[cell] = dig_type
        self._dig()

    def _check_star_bonuses(self, covered: int, star_bonuses: Sequence[str]) -> None:
        """One bonus per covered star while circles are open; the whole list is checked
        first, so that a refused move changes nothing."""
        due = min(covered, self.open_circles())
        if len(star_bonuses) != due:
            if due == covered:
                raise RuleError(f"{covered} stars covered: choose exactly that many bonuses")
            if due == 0:
                raise RuleError("every bonus is circled to its limit: a star gives nothing")
            raise RuleError(
                f"{covered} stars covered, {due} circle{'s' if due > 1 else ''} left in the "
                "bonus area: choose exactly that many bonuses"
            )
        for bonus, count in Counter(star_bonuses).items():
            if bonus not in self.rules.bonus_limits:
                raise RuleError(f"unknown bonus {bonus!r}")
            limit = self.rules.bonus_limits[bonus]
            if len(self.circles.get(bonus, ())) + count > limit:
                raise RuleError(f"{bonus} may be circled at most {limit} times")

    def pass_round(self, dice: tuple[int, int]) -> None:
        """Nothing fits: the round passes (refused while some option fits)."""
        self._check_round(dice)
        if any(self.legal_placements(shape) for shape, _ in self.rules.options(dice)):
            raise RuleError("a shape fits, so the round cannot be passed")
        self.round += 1

    def _check_over(self) -> None:
        if self.over:
            raise RuleError(f"the game is over after {self.rules.rounds} rounds")

    def _check_round(self, dice: tuple[int, int]) -> None:
        self._check_over()
        if len(dice) != 2 or not all(isinstance(d, int) and 1 <= d <= 6 for d in dice):
            raise RuleError(f"{dice} is not a roll of two six-sided dice")

    def one_square(self, cell: Cell, dig_type: str) -> None:
        """Use One Square Anywhere: a 1x1 square on an empty non-fossil cell without a star,
        in round ``round + 1`` (before that round's shape or after the previous one's)."""
        self._check_over()
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
        """Dug values, earned same-type bonuses, one point per +1 Point circled (a +1
        Point circled in the last round counts too)."""
        total = len(self.circles.get(PLUS_ONE, ()))
        for fossil in self.site.fossils:
            if fossil.id in self.dug:
                total += fossil.value + (fossil.bonus if self.dug[fossil.id] else 0)
        return total


def winners(totals: Sequence[int]) -> list[int]:
    """The players (indices) with the highest total: all of them share the victory."""
    best = max(totals)
    return [player for player, total in enumerate(totals) if total == best]


# ---------------------------------------------------------------------------- dice


def dice_sequences(count: int, rounds: int, seed: int = 20261130) -> list[list[tuple[int, int]]]:
    """The same ``count`` dice sequences every time: every sheet is measured on them."""
    rng = random.Random(seed)
    return [[(rng.randint(1, 6), rng.randint(1, 6)) for _ in range(rounds)] for _ in range(count)]
