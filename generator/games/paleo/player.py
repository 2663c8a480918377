"""A fast greedy player of Paleontologists, for measuring how hard a sheet is.

Each round it takes, among all placements the roll allows, the one that most
advances valuable fossils: a cell next to an undug fossil is worth the fossil's
value (plus its same-type bonus while still reachable with this dig type), shared
among the fossil's undrawn neighbours; a star is worth one point while +1 Point can
still be circled. Stars circle +1 Point first, then the other bonuses in data
order; a star covered when every bonus is circled to its limit gives nothing. This
player never spends bonuses, so when a circle was made (a bonus is used from the
next round on, never after the last) and the double switch do not change its
games. Weights are whole numbers (scaled by WEIGHT), so ties are exact and broken
by the first placement in rule order.

Numbers are arrays (numpy) so that a thousand sheets can be measured in seconds;
``tests/games/paleo/test_pads.py`` replays its moves through the reference rules in
:mod:`engine` and checks that every move is legal and the score the same.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from .engine import PLUS_ONE, Rules, dice_sequences, neighbours_in_grid
from .model import DigSite

WEIGHT = 2520  # divisible by every count of open neighbours (1..10)


@dataclass(frozen=True)
class Move:
    dice: tuple[int, int]
    shape: str
    dig_type: str
    cells: frozenset | None  # None: the round is passed
    star_bonuses: tuple[str, ...] = ()


class FastRules:
    """Placements as index arrays, compiled once per rule set."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.n = rules.rows * rules.cols
        cells: list[list[int]] = []
        shapes: list[str] = []
        self.ranges: dict[str, range] = {}
        for name, placements in rules.placements.items():
            start = len(cells)
            for p in placements:
                cells.append(sorted(r * rules.cols + c for r, c in p))
                shapes.append(name)
            self.ranges[name] = range(start, len(cells))
        self.cells = np.array(cells, dtype=np.int32)  # (placements, 5)
        self.shapes = shapes
        self.type_index = {t: i for i, t in enumerate(rules.dig_types)}
        # cell -> the placements that cover it (to forbid them once it is taken)
        cover: list[list[int]] = [[] for _ in range(self.n)]
        for i, row in enumerate(cells):
            for c in row:
                cover[c].append(i)
        self.cover = [np.array(c, dtype=np.int32) for c in cover]

    @cached_property
    def options(self) -> dict[tuple[int, int], tuple[np.ndarray, np.ndarray]]:
        """For each roll: the placement indices it allows and (type x cells) of each."""
        result: dict[tuple[int, int], tuple[np.ndarray, np.ndarray]] = {}
        for a in range(1, 7):
            for b in range(1, 7):
                idx: list[int] = []
                types: list[int] = []
                for shape, dig_type in self.rules.options((a, b)):
                    span = self.ranges[shape]
                    idx.extend(span)
                    types.extend([self.type_index[dig_type]] * len(span))
                # the dig type as an offset into the flat (type, cell) value table
                offsets = np.array(types, dtype=np.int32) * self.n
                result[(a, b)] = (np.array(idx, dtype=np.int32), offsets)
        return result


class Prepared:
    """What every game on one sheet starts from, computed once per sheet."""

    def __init__(self, fast: FastRules, site: DigSite) -> None:
        cols = fast.rules.cols
        self.site = site
        self.legal = np.ones(len(fast.cells), dtype=bool)
        self.taken = [False] * fast.n
        for fossil in site.fossils:
            for r, c in fossil.cells:
                self.taken[r * cols + c] = True
                self.legal[fast.cover[r * cols + c]] = False
        self.stars = {r * cols + c for r, c in site.stars}
        self.around = [
            sorted(r * cols + c for r, c in neighbours_in_grid(f.cells, fast.rules))
            for f in site.fossils
        ]


def play(
    fast: FastRules,
    site: DigSite | Prepared,
    rolls: Sequence[tuple[int, int]],
    record: list[Move] | None = None,
    chooser: random.Random | None = None,
) -> int:
    """One game on ``site`` with these rolls; the final score.

    The greedy player chooses, unless ``chooser`` is given: then every legal
    placement the roll allows is equally likely (the random player).
    """
    prepared = site if isinstance(site, Prepared) else Prepared(fast, site)
    site = prepared.site
    rules = fast.rules
    cols, n = rules.cols, fast.n
    legal_all = prepared.legal.copy()
    taken = list(prepared.taken)
    dtype = [-1] * n

    def take(cell: int) -> None:
        taken[cell] = True
        legal_all[fast.cover[cell]] = False

    stars = prepared.stars
    around = prepared.around
    undug = list(range(len(site.fossils)))
    limits = rules.bonus_limits
    order = [PLUS_ONE] + [b for b in limits if b != PLUS_ONE]
    circled = dict.fromkeys(limits, 0)
    score = 0
    types = len(rules.dig_types)
    for dice in rolls[: rules.rounds]:
        idx, offsets = fast.options[dice]
        legal = legal_all.take(idx)
        if not legal.any():
            if record is not None:
                record.append(Move(dice, "", "", None))
            continue
        idx, offsets = idx[legal], offsets[legal]
        placed = fast.cells.take(idx, axis=0)
        if chooser is not None:
            best = chooser.randrange(len(idx))
        else:
            best = _greedy_choice(
                site, undug, around, taken, dtype, stars, circled, limits, types, n, placed, offsets
            )
        cells = placed[best].tolist()
        t = int(offsets[best]) // n
        for c in cells:
            take(c)
            dtype[c] = t
        chosen = []
        for _ in range(sum(c in stars for c in cells)):
            bonus = next((b for b in order if circled[b] < limits[b]), None)
            if bonus is None:  # every bonus circled to its limit: the star gives nothing
                break
            circled[bonus] += 1
            chosen.append(bonus)
        if record is not None:
            record.append(
                Move(
                    dice,
                    fast.shapes[idx[best]],
                    rules.dig_types[t],
                    frozenset(divmod(c, cols) for c in cells),
                    tuple(chosen),
                )
            )
        for f in list(undug):
            if all(taken[c] for c in around[f]):
                undug.remove(f)
                fossil = site.fossils[f]
                score += fossil.value
                if len({dtype[c] for c in around[f]}) == 1:
                    score += fossil.bonus
    return score + circled.get(PLUS_ONE, 0)


def _greedy_choice(
    site, undug, around, taken, dtype, stars, circled, limits, types, n, placed, offsets
) -> int:
    """Index of the placement worth most to the greedy player (first one on ties)."""
    ts: list[int] = []
    cs: list[int] = []
    ws: list[int] = []
    for f in undug:
        open_cells = [c for c in around[f] if not taken[c]]
        seen = {dtype[c] for c in around[f] if taken[c]}
        fossil = site.fossils[f]
        for t in range(types):
            reachable = not seen or seen == {t}
            worth = (fossil.value + (fossil.bonus if reachable else 0)) * WEIGHT
            share = worth // len(open_cells)
            ts.extend([t] * len(open_cells))
            cs.extend(open_cells)
            ws.extend([share] * len(open_cells))
    if circled.get(PLUS_ONE, 0) < limits.get(PLUS_ONE, 0):
        for c in stars:
            if not taken[c]:
                ts.extend(range(types))
                cs.extend([c] * types)
                ws.extend([WEIGHT] * types)
    keys = np.array(ts, dtype=np.int64) * n + np.array(cs, dtype=np.int64)
    flat = np.bincount(keys, weights=ws, minlength=types * n)  # exact: small integers
    return int(np.argmax(flat.take(placed + offsets[:, None]).sum(axis=1)))


def expected_score(fast: FastRules, site: DigSite, games: int = 12) -> float:
    """Mean score of the greedy player over ``games`` fixed dice sequences."""
    rolls = dice_sequences(games, fast.rules.rounds)
    prepared = Prepared(fast, site)
    return sum(play(fast, prepared, r) for r in rolls) / games
