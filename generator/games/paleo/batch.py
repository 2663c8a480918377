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

A game is dropped once nothing can change its score (from round CHECKS on): every
undug fossil has an open neighbour no shape can ever cover, and +1 Point is full or
every open star is such a cell. A cell no placement can cover stays so (drawn cells
stay drawn), and a shape is a connected set of cells, so a cell whose region of open
cells (its connected component) is smaller than the smallest shape is one of them.
About a third of the rounds are never played, and the scores are the same.

The same player is also written in C (``_greedy.c``, built by ``pip install`` when a
compiler is there): :func:`play_batch` uses it when it is built, ten times faster,
and this numpy version (:func:`play_batch_numpy`) otherwise. Both give the same
scores, game for game (``tests/games/paleo/test_greedy_c.py``).
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from functools import cached_property
from types import ModuleType

import numpy as np

from .engine import PLUS_ONE, neighbours_in_grid
from .model import Cell, DigSite
from .player import WEIGHT, FastRules

try:  # the compiled twin of this module's player (the module, not the package, is imported)
    _greedy: ModuleType | None = importlib.import_module(f"{__package__}._greedy")
except ImportError:  # built without a C compiler: the numpy player below
    _greedy = None

#: Weight of a drawn cell: far below anything five open cells can be worth.
BIG = float(2**40)
#: Rounds (counted from 0) after which games that can no longer score are dropped.
CHECKS = (9, 11, 13, 15, 17)


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
        self._index: dict[tuple[Cell, ...], np.ndarray] = {}
        shapes = list(fast.rules.shapes.values())
        self.smallest = min((len(cells) for cells in shapes), default=0)
        # games are dropped only when every shape is connected (see the module's text)
        self.drops = bool(shapes) and fast.rules.cols <= 64 and all(map(_connected, shapes))

    def fits_c(self, sites: Sequence[DigSite]) -> bool:
        """Whether the C player takes these rules and sheets: up to 255 cells, 8 dig
        types, shapes of up to 8 cells, and weights far from its whole numbers' limit
        (a cell borders at most four fossils)."""
        cells = self.fast.cells.shape[1]
        most = max((f.value + f.bonus for s in sites for f in s.fossils), default=0)
        heaviest = cells * (4 * most * WEIGHT + WEIGHT)
        return (
            self.n <= 255 and self.types <= 8 and cells <= 8
            and heaviest < 2**27
        )  # fmt: skip

    @cached_property
    def spec(self) -> tuple:
        """The rules as :func:`_greedy.play` reads them (built on first use)."""
        fast, n = self.fast, self.n
        shape_of = {name: h for h, name in enumerate(fast.ranges)}
        starts, segment_shape, segment_type = [0], [], []
        for a in range(1, 7):
            for b in range(1, 7):
                for shape, dig_type in fast.rules.options((a, b)):
                    segment_shape.append(shape_of[shape])
                    segment_type.append(fast.type_index[dig_type])
                starts.append(len(segment_shape))
        shape_start = [r.start for r in fast.ranges.values()] + [len(fast.cells)]
        cover_start = np.cumsum([0] + [len(c) for c in fast.cover])
        return (
            n, fast.cells.shape[1], self.types, fast.rules.rounds, self.plus_limit,
            WEIGHT, CHECKS[0],
            _int32(fast.cells), _int32(starts), _int32(segment_shape),
            _int32(segment_type), _int32(shape_start), _int32(cover_start),
            _int32(np.concatenate(fast.cover) if fast.cover else []),
        )  # fmt: skip

    def around(self, cells: tuple[Cell, ...]) -> tuple[int, ...]:
        """The grid neighbours of a fossil's cells as flat cell numbers (remembered: the
        same fossil at the same spot comes back in many candidates)."""
        found = self._around.get(cells)
        if found is None:
            cols = self.fast.rules.cols
            near = neighbours_in_grid(cells, self.fast.rules)
            found = self._around[cells] = tuple(sorted(r * cols + c for r, c in near))
        return found

    def around_index(self, cells: tuple[Cell, ...]) -> np.ndarray:
        """:meth:`around` as an index array (remembered too)."""
        found = self._index.get(cells)
        if found is None:
            found = self._index[cells] = np.array(self.around(cells), dtype=np.intp)
        return found


def _connected(cells) -> bool:
    """Whether a shape's cells are one orthogonally connected piece."""
    cells = set(cells)
    todo = [next(iter(cells))] if cells else []
    found = set(todo)
    while todo:
        r, c = todo.pop()
        for near in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if near in cells and near not in found:
                found.add(near)
                todo.append(near)
    return found == cells


def _dead_cells(
    free: np.ndarray, relevant: np.ndarray, rows: int, cols: int, smallest: int
) -> np.ndarray:
    """``(lanes, cells)``: the relevant open cells whose connected region of open cells
    has fewer than ``smallest`` cells (grown ``smallest - 1`` steps, rows as bits)."""
    lanes, n = free.shape
    dead = np.zeros((lanes, n), dtype=bool)
    pl, pc = relevant.nonzero()
    if not len(pl):
        return dead
    kind = np.uint16 if cols <= 16 else np.uint32 if cols <= 32 else np.uint64
    bits = np.left_shift(kind(1), np.arange(cols, dtype=kind))
    free_rows = np.bitwise_or.reduce(free.reshape(lanes, rows, cols) * bits, axis=2)
    fr = free_rows[pl].astype(kind)  # (pairs, rows): the open cells of each pair's lane
    reg = np.zeros((len(pl), rows), dtype=kind)  # the region grown from each pair's cell
    reg[np.arange(len(pl)), pc // cols] = bits[pc % cols]
    for _ in range(smallest - 1):
        grown = reg | (reg << 1) | (reg >> 1)
        grown[:, 1:] |= reg[:, :-1]
        grown[:, :-1] |= reg[:, 1:]
        reg = grown & fr
    if hasattr(np, "bitwise_count"):  # numpy 2
        size = np.bitwise_count(reg).sum(axis=1)
    else:
        size = np.unpackbits(reg.view(np.uint8), axis=1).sum(axis=1)
    dead[pl, pc] = size < smallest
    return dead


def _int32(values) -> np.ndarray:
    return np.ascontiguousarray(values, dtype=np.int32)


def play_batch(
    batch: BatchRules, sites: Sequence[DigSite], rolls: Sequence[Sequence[tuple[int, int]]]
) -> np.ndarray:
    """Scores of the greedy player: ``[game, sheet]`` for every dice sequence and sheet
    (in C when it is built, else :func:`play_batch_numpy`)."""
    if _greedy is None or not sites or not batch.fits_c(sites):
        return play_batch_numpy(batch, sites, rolls)
    return play_batch_c(batch, sites, rolls)


def play_batch_c(
    batch: BatchRules, sites: Sequence[DigSite], rolls: Sequence[Sequence[tuple[int, int]]]
) -> np.ndarray:
    """:func:`play_batch` through ``_greedy.play``: one game after another, in C."""
    if _greedy is None:
        raise RuntimeError("the C player is not built (generator/games/paleo/_greedy.c)")
    rules = batch.fast.rules
    cols, n, rounds = rules.cols, batch.n, rules.rounds
    fossil_start: list[int] = [0]
    around_start: list[int] = [0]
    values: list[int] = []
    bonuses: list[int] = []
    around: list[int] = []
    taken = bytearray(len(sites) * n)
    star = bytearray(len(sites) * n)
    for i, site in enumerate(sites):
        base = i * n
        for fossil in site.fossils:
            values.append(fossil.value)
            bonuses.append(fossil.bonus)
            near = batch.around(fossil.cells)
            around.extend(near)
            around_start.append(len(around))
            for r, c in fossil.cells:
                taken[base + r * cols + c] = 1
        fossil_start.append(len(values))
        for r, c in site.stars:
            star[base + r * cols + c] = 1
    site_arrays = (
        _int32(fossil_start), _int32(values), _int32(bonuses), _int32(around_start),
        _int32(around), bytes(taken), bytes(star),
    )  # fmt: skip
    if any(len(game) < rounds for game in rolls):
        raise ValueError(f"every dice sequence needs {rounds} rolls")
    sequence = [(a - 1) * 6 + (b - 1) for game in rolls for a, b in list(game)[:rounds]]
    out = np.zeros(len(rolls) * len(sites), dtype=np.int32)
    _greedy.play(batch.spec, site_arrays, _int32(sequence), out)
    return out.reshape(len(rolls), len(sites)).astype(np.int64)


def play_batch_numpy(
    batch: BatchRules, sites: Sequence[DigSite], rolls: Sequence[Sequence[tuple[int, int]]]
) -> np.ndarray:
    """Scores of the greedy player: ``[game, sheet]`` for every dice sequence and sheet.

    Every (game, sheet) pair is a lane; the lanes of game ``g`` are ``bounds[g]`` to
    ``bounds[g + 1]`` (games in order, so dropping lanes keeps them together)."""
    fast, n, types = batch.fast, batch.n, batch.types
    rules = fast.rules
    cols, rows = rules.cols, rules.rows
    games, count = len(rolls), len(sites)
    width = max(len(s.fossils) for s in sites)
    around = np.zeros((count, width, n), dtype=np.float64)
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
            around[i, f, batch.around_index(fossil.cells)] = 1.0
        for r, c in site.stars:
            stars[i, r * cols + c] = True
    around_t = np.ascontiguousarray(around.transpose(0, 2, 1))
    star_weight = stars * float(WEIGHT)
    most = int((value + bonus).max(initial=0)) * 4 * WEIGHT + WEIGHT
    dtype, big = (np.float32, float(2**24)) if 5 * most < 2**23 else (np.float64, BIG)
    around_f = around.astype(dtype)
    limit = batch.plus_limit
    # lanes: (game, sheet), game-major
    sheet_of = np.tile(np.arange(count), games)
    game_of = np.repeat(np.arange(games), count)
    lane_id = np.arange(games * count)
    taken = fossil_cells[sheet_of]
    seen = np.zeros((games * count, width, types), dtype=bool)
    open_count = around.sum(axis=2).astype(np.int64)[sheet_of]
    undug = real[sheet_of]
    covered = np.zeros(games * count, dtype=np.int64)
    score = np.zeros(games * count, dtype=np.int64)
    final = np.zeros(games * count, dtype=np.int64)
    bounds = np.searchsorted(game_of, np.arange(games + 1))
    around_l, value_l, bonus_l = around_f[sheet_of], value[sheet_of], bonus[sheet_of]
    star_l = star_weight[sheet_of]
    for round_ in range(rules.rounds):
        lanes_n = len(lane_id)
        if not lanes_n:
            break  # every game's score is settled
        kinds = seen.sum(axis=2)
        reach = (kinds == 0)[..., None] | ((kinds == 1)[..., None] & seen)
        worth = (value_l[:, :, None] + bonus_l[:, :, None] * reach) * WEIGHT
        share = worth // np.maximum(open_count, 1)[..., None]
        share = share * undug[..., None]  # (lane, fossil, type)
        weights = np.matmul(share.transpose(0, 2, 1).astype(dtype), around_l)  # (lane, type, n)
        active = covered < limit
        extra = np.where(taken, -big, star_l * active[:, None])
        table = np.empty((types, n, lanes_n), dtype=dtype)
        np.add(weights.transpose(1, 2, 0), extra.astype(dtype).T[None], out=table)
        flat = table.reshape(types * n, lanes_n)
        chosen_cells = np.zeros((lanes_n, fast.cells.shape[1]), dtype=np.intp)
        chosen_type = np.zeros(lanes_n, dtype=np.intp)
        moved = np.zeros(lanes_n, dtype=bool)
        for g in range(games):
            s, e = bounds[g], bounds[g + 1]
            if s == e:
                continue
            roll = rolls[g][round_]
            parts = np.take(flat[:, s:e], batch.lookup[roll], axis=0)
            sums = parts[0] + parts[1]
            for k in range(2, len(parts)):
                sums += parts[k]
            best = sums.argmax(axis=0)
            moved[s:e] = sums[best, np.arange(e - s)] >= 0
            chosen_cells[s:e] = fast.cells[batch.placement[roll][best]]
            chosen_type[s:e] = batch.type_of[roll][best]
        lanes = moved.nonzero()[0]
        cells = chosen_cells[lanes]
        taken[lanes[:, None], cells] = True
        owner = sheet_of[lanes]
        covered[lanes] += stars[owner[:, None], cells].sum(axis=1)
        hits = around_t[owner[:, None], cells].sum(axis=1)
        open_count[lanes] -= hits.astype(np.int64)
        touched = seen[lanes]
        touched[np.arange(len(owner)), :, chosen_type[lanes]] |= hits > 0
        seen[lanes] = touched
        dug = undug & (open_count == 0)
        if dug.any():
            single = seen.sum(axis=2) == 1
            gain = (value_l + bonus_l * single) * dug
            score += gain.sum(axis=1)
            undug &= ~dug
        if round_ in CHECKS and batch.drops:
            free = ~taken
            near = around_l.astype(bool)
            opened = near & undug[:, :, None] & free[:, None, :]
            star_open = stars[sheet_of] & free & (covered < limit)[:, None]
            dead = _dead_cells(free, opened.any(axis=1) | star_open, rows, cols, batch.smallest)
            fossil_dead = (opened & dead[:, None, :]).any(axis=2)
            done = (~undug | fossil_dead).all(axis=1) & ~(star_open & ~dead).any(axis=1)
            if done.any():
                final[lane_id[done]] = score[done] + np.minimum(covered[done], limit)
                keep = ~done
                lane_id, sheet_of, game_of = lane_id[keep], sheet_of[keep], game_of[keep]
                taken, seen, open_count = taken[keep], seen[keep], open_count[keep]
                undug, covered, score = undug[keep], covered[keep], score[keep]
                around_l, value_l, bonus_l = around_l[keep], value_l[keep], bonus_l[keep]
                star_l = star_l[keep]
                bounds = np.searchsorted(game_of, np.arange(games + 1))
    final[lane_id] = score + np.minimum(covered, limit)
    return final.reshape(games, count)
