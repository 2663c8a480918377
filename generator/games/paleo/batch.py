"""The greedy player of :mod:`.player`, on many sheets and dice sequences at once.

Measuring a pad means playing every candidate sheet on the same fixed dice
sequences. Here all those games run side by side, round by round, as arrays: for
game ``g`` every sheet of the batch has the same roll, so one array lookup scores
every placement of that roll on every sheet at once. The moves are exactly those of
:func:`.player.play` (same weights, same first-placement tie-break), so are the
scores; ``tests/games/paleo/test_pads_batch.py`` checks it game by game.

How a round is scored: each cell gets a weight per dig type (a fossil's value, plus
its bonus while one dig type can still earn it, shared among its undrawn neighbours;
one point for a star while +1 Point has a free circle); a placement is worth the sum
over its five cells. A drawn cell weighs ``-BIG``, so a placement over one is worth
less than nothing: the best placement is legal unless none is (the round is passed).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from .engine import PLUS_ONE, neighbours_in_grid
from .model import Cell, DigSite
from .player import WEIGHT, FastRules

#: Weight of a drawn cell: far below anything five open cells can be worth.
BIG = float(2**40)


class BatchRules:
    """For every ordered roll: its placements in rule order, as lookups into a flat
    (dig type, cell) weight table; compiled once per rule set."""

    def __init__(self, fast: FastRules) -> None:
        self.fast = fast
        self.n = fast.n
        self.types = len(fast.rules.dig_types)
        self.lookup: dict[tuple[int, int], np.ndarray] = {}  # roll -> (5, P) flat indices
        self.placement: dict[tuple[int, int], np.ndarray] = {}  # roll -> (P,) placement ids
        self.type_of: dict[tuple[int, int], np.ndarray] = {}  # roll -> (P,) dig type
        for roll, (idx, offsets) in fast.options.items():
            self.lookup[roll] = np.ascontiguousarray((fast.cells[idx] + offsets[:, None]).T)
            self.placement[roll] = idx.astype(np.intp)
            self.type_of[roll] = (offsets // self.n).astype(np.intp)
        limits = fast.rules.bonus_limits
        self.plus_limit = limits.get(PLUS_ONE, 0)
        self._around: dict[tuple[Cell, ...], tuple[int, ...]] = {}

    def around(self, cells: tuple[Cell, ...]) -> tuple[int, ...]:
        """The grid neighbours of a fossil's cells as flat cell numbers (remembered: the
        same fossil at the same spot comes back in many candidates)."""
        found = self._around.get(cells)
        if found is None:
            cols = self.fast.rules.cols
            near = neighbours_in_grid(cells, self.fast.rules)
            found = self._around[cells] = tuple(sorted(r * cols + c for r, c in near))
        return found


def play_batch(
    batch: BatchRules, sites: Sequence[DigSite], rolls: Sequence[Sequence[tuple[int, int]]]
) -> np.ndarray:
    """Scores of the greedy player: ``[game, sheet]`` for every dice sequence and sheet."""
    fast, n, types = batch.fast, batch.n, batch.types
    rules = fast.rules
    cols = rules.cols
    games, count = len(rolls), len(sites)
    width = max(len(s.fossils) for s in sites)
    around = np.zeros((count, width, n), dtype=np.float64)  # fossil's neighbour cells
    value = np.zeros((count, width), dtype=np.int64)
    bonus = np.zeros((count, width), dtype=np.int64)
    real = np.zeros((count, width), dtype=bool)
    fossil_cells = np.zeros((count, n), dtype=bool)
    stars = np.zeros((count, n), dtype=bool)
    for i, site in enumerate(sites):
        for f, fossil in enumerate(site.fossils):
            real[i, f] = True
            value[i, f], bonus[i, f] = fossil.value, fossil.bonus
            for r, c in fossil.cells:
                fossil_cells[i, r * cols + c] = True
            around[i, f, list(batch.around(fossil.cells))] = 1.0
        for r, c in site.stars:
            stars[i, r * cols + c] = True
    around_t = np.ascontiguousarray(around.transpose(0, 2, 1))  # (sheet, cell, fossil)
    star_weight = stars * float(WEIGHT)
    # float32 is exact while every sum of five weights stays below 2**23
    most = int((value + bonus).max(initial=0)) * 4 * WEIGHT + WEIGHT
    dtype, big = (np.float32, float(2**24)) if 5 * most < 2**23 else (np.float64, BIG)

    taken = np.broadcast_to(fossil_cells, (games, count, n)).copy()
    seen = np.zeros((games, count, width, types), dtype=bool)
    open_count = np.broadcast_to(around.sum(axis=2).astype(np.int64), (games, count, width)).copy()
    undug = np.broadcast_to(real, (games, count, width)).copy()
    covered = np.zeros((games, count), dtype=np.int64)
    score = np.zeros((games, count), dtype=np.int64)
    sheet_index = np.arange(count)
    lane_sheet = np.broadcast_to(sheet_index, (games, count))
    lane_base = (np.arange(games * count) * n).reshape(games, count)
    chosen_cells = np.zeros((games, count, 5), dtype=np.intp)
    chosen_type = np.zeros((games, count), dtype=np.intp)
    moved = np.zeros((games, count), dtype=bool)
    for round_ in range(rules.rounds):
        # weights: (game, sheet, type, cell)
        kinds = seen.sum(axis=3)
        reach = (kinds == 0)[..., None] | ((kinds == 1)[..., None] & seen)
        worth = (value[None, :, :, None] + bonus[None, :, :, None] * reach) * WEIGHT
        share = worth // np.maximum(open_count, 1)[..., None]
        share = share * undug[..., None]
        # (sheet, game*type, fossil) @ (sheet, fossil, cell) -> (sheet, game*type, cell)
        stacked = share.transpose(1, 0, 3, 2).reshape(count, games * types, width)
        weights = np.matmul(stacked.astype(np.float64), around)
        weights = weights.reshape(count, games, types, n).transpose(1, 0, 2, 3)
        active = covered < batch.plus_limit
        weights = weights + (star_weight[None, :, :] * active[..., None])[:, :, None, :]
        weights = np.where(taken[:, :, None, :], -big, weights)
        # (game, type*cell, sheet): a lookup copies one row of every sheet at once
        weights = np.ascontiguousarray(weights.transpose(0, 2, 3, 1), dtype=dtype)
        weights = weights.reshape(games, types * n, count)
        for g in range(games):
            roll = rolls[g][round_]
            parts = np.take(weights[g], batch.lookup[roll], axis=0)  # (5, placements, sheet)
            sums = parts[0] + parts[1]
            for k in range(2, len(parts)):
                sums += parts[k]
            best = sums.argmax(axis=0)
            moved[g] = sums[best, sheet_index] >= 0
            placement = batch.placement[roll][best]
            chosen_cells[g] = fast.cells[placement]
            chosen_type[g] = batch.type_of[roll][best]
        # the moves: draw, circle stars, dig fossils
        lanes = moved.nonzero()
        cells = chosen_cells[lanes]  # (moves, 5)
        taken.reshape(-1)[(lane_base[lanes][:, None] + cells).ravel()] = True
        owner = lane_sheet[lanes]
        covered[lanes] += stars[owner[:, None], cells].sum(axis=1)
        hits = around_t[owner[:, None], cells].sum(axis=1)  # (moves, fossil)
        open_count[lanes] -= hits.astype(np.int64)
        touched = seen[lanes]
        touched[np.arange(len(owner)), :, chosen_type[lanes]] |= hits > 0
        seen[lanes] = touched
        dug = undug & (open_count == 0)
        if dug.any():
            single = seen.sum(axis=3) == 1
            gain = (value[None] + bonus[None] * single) * dug
            score += gain.sum(axis=2)
            undug &= ~dug
    return score + np.minimum(covered, batch.plus_limit)
