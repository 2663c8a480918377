"""The par of a sheet: the score a player planning with every roll known reaches.

A beam search over whole games: after each round it keeps the BEAM best positions
(no two alike), where a position is worth its score so far plus a guess at what it
still holds: each undug fossil counts in proportion to the square of the share of
its neighbours already drawn (its same-type bonus too while that is still
possible), a fossil whose last neighbours no free placement can reach counts
nothing. Stars circle +1 Point first, then One Square Anywhere, then the switches.
One Square Anywhere is spent before a round's shape on a fossil that has one open
neighbour left which no shape can reach any more, and in the last round on any
fossil one square short of being dug. Every number is a whole number, and ties keep
the earlier position and placement, so the par is the same on every machine.

The moves it plays are returned in the move format of :mod:`.moves`;
``tests/games/paleo/test_par.py`` replays them through the rules engine.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from .engine import ONE_SQUARE, PLUS_ONE, SWITCH_SHAPE, SWITCH_TYPE, neighbours_in_grid
from .model import DigSite
from .moves import RoundMove
from .player import FastRules

BEAM = 64  # positions kept after each round
SCALE = 3600  # points -> whole units of the guess (divisible by the squares of 1..6)
GUESS = (1, 1)  # weight of the guess against points already scored
STAR_ORDER = (PLUS_ONE, ONE_SQUARE, SWITCH_SHAPE, SWITCH_TYPE)


@dataclass
class _State:
    taken: np.ndarray  # (n,) bool
    dtype: np.ndarray  # (n,) int8, -1 where nothing is drawn
    legal: np.ndarray  # (placements,) bool
    open: np.ndarray  # (fossils,) undrawn neighbours
    mask: np.ndarray  # (fossils,) bit t set: a neighbour has dig type t
    helped: np.ndarray  # (fossils,) bool: a One Square Anywhere square is among them
    score: int
    circles: dict[str, list[int]]  # bonus -> round each circle was made in
    used_squares: int
    key: int
    moves: tuple[RoundMove, ...]
    pending: tuple[tuple[tuple[int, int], str], ...] = ()  # squares drawn before the shape


class ParPlayer:
    """Plans one sheet's game with its rolls known; :meth:`play` gives (par, moves)."""

    def __init__(self, fast: FastRules, site: DigSite) -> None:
        self.fast, self.site = fast, site
        rules = fast.rules
        self.cols, self.n = rules.cols, fast.n
        self.limits = rules.bonus_limits
        fossils = site.fossils
        self.values = np.array([f.value for f in fossils], dtype=np.int64)
        self.bonus = np.array([f.bonus for f in fossils], dtype=np.int64)
        self.around = [
            np.array(sorted(r * self.cols + c for r, c in neighbours_in_grid(f.cells, rules)))
            for f in fossils
        ]
        self.total = np.array([len(a) for a in self.around], dtype=np.int64)
        near = np.zeros((self.n, len(fossils)), dtype=np.int8)
        for i, cells in enumerate(self.around):
            near[cells, i] = 1
        self.near = near
        self.count = near[fast.cells].sum(axis=1).astype(np.int64)  # (placements, fossils)
        stars = np.zeros(self.n, dtype=np.int64)
        self.star_cells = {r * self.cols + c for r, c in site.stars}
        stars[list(self.star_cells)] = 1
        self.stars = stars[fast.cells].sum(axis=1)
        digest = b"".join(
            hashlib.sha256(f"dinokit-par/zobrist/{i}".encode()).digest()
            for i in range(-(-self.n * 3 * 8 // 32))
        )
        self.zobrist = np.frombuffer(digest, dtype=np.uint64)[: self.n * 3].copy()

    def start(self) -> _State:
        fossil_cells = [r * self.cols + c for f in self.site.fossils for r, c in f.cells]
        taken = np.zeros(self.n, dtype=bool)
        taken[fossil_cells] = True
        legal = np.ones(len(self.fast.cells), dtype=bool)
        for cell in fossil_cells:
            legal[self.fast.cover[cell]] = False
        fossils = len(self.site.fossils)
        return _State(
            taken, np.full(self.n, -1, dtype=np.int8), legal, self.total.copy(),
            np.zeros(fossils, dtype=np.int64), np.zeros(fossils, dtype=bool), 0, {}, 0, 0, (),
        )  # fmt: skip

    def play(self, rolls: Sequence[tuple[int, int]], beam: int = BEAM) -> tuple[int, list]:
        """The best game the search finds: its score and its moves, one per round."""
        states = [self.start()]
        rounds = self.fast.rules.rounds
        for number, dice in enumerate(rolls[:rounds], start=1):
            states = [self._squares(s, number, last=number == rounds) for s in states]
            states = self._round(states, dice, number, beam)
        best = max(states, key=lambda s: s.score)  # the first of the best
        return best.score + len(best.circles.get(PLUS_ONE, ())), list(best.moves)

    # -- one round ---------------------------------------------------------------
    def _round(self, states: list[_State], dice, number: int, beam: int) -> list[_State]:
        idx_all, offsets_all = self.fast.options[dice]
        types_all = offsets_all // self.n
        found: list[tuple[np.ndarray, ...]] = []
        passed: list[_State] = []
        for k, s in enumerate(states):
            ok = s.legal[idx_all]
            if not ok.any():
                passed.append(self._passed(s, dice))
                continue
            idx, types = idx_all[ok], types_all[ok]
            worth = self._worth(s, idx, types)
            keys = s.key ^ np.bitwise_xor.reduce(
                self.zobrist[self.fast.cells[idx] + (types * self.n)[:, None]], axis=1
            )
            found.append((np.full(len(idx), k), idx, types, worth, keys))
        if not found:
            return passed
        owner, idx, types, worth, keys = (
            np.concatenate(parts) for parts in zip(*found, strict=True)
        )
        order = np.argsort(-worth, kind="stable")
        chosen: list[_State] = []
        seen: set[int] = set()
        for i in order:
            key = int(keys[i])
            if key in seen:
                continue
            seen.add(key)
            chosen.append(self._apply(states[owner[i]], int(idx[i]), int(types[i]), dice, number))
            if len(chosen) >= beam:
                break
        return chosen + passed[: max(0, beam - len(chosen))]

    def _worth(self, s: _State, idx: np.ndarray, types: np.ndarray) -> np.ndarray:
        """Score so far plus the guess, in units of 1/SCALE point, for each placement."""
        count = self.count[idx]  # (k, fossils)
        touched = count > 0
        open_after = s.open - count
        mask = s.mask | (touched.astype(np.int64) << types[:, None])
        single = (mask & (mask - 1)) == 0  # at most one dig type around
        pure = single & ~s.helped
        undug = s.open > 0
        dug_now = undug & (open_after == 0)
        gain = (dug_now * (self.values + self.bonus * pure)).sum(axis=1) * SCALE
        drawn = self.total - open_after
        share = (drawn * drawn * SCALE) // (self.total * self.total)
        still = undug & (open_after > 0)
        guess = (
            (still * (self.values + self.bonus * pure) * share).sum(axis=1) * GUESS[0] // GUESS[1]
        )
        free_plus = self.limits.get(PLUS_ONE, 0) - len(s.circles.get(PLUS_ONE, ()))
        stars = np.minimum(self.stars[idx], max(free_plus, 0)) * SCALE
        return s.score * SCALE + gain + guess + stars

    def _apply(self, s: _State, p: int, t: int, dice, number: int) -> _State:
        cells = self.fast.cells[p].tolist()
        taken, dtype, legal = s.taken.copy(), s.dtype.copy(), s.legal.copy()
        for c in cells:
            taken[c] = True
            dtype[c] = t
            legal[self.fast.cover[c]] = False
        circles = {b: list(r) for b, r in s.circles.items()}
        chosen = []
        for _ in range(sum(c in self.star_cells for c in cells)):
            bonus = next(
                (b for b in STAR_ORDER if len(circles.get(b, ())) < self.limits.get(b, 0)), None
            )
            if bonus is None:
                break
            circles.setdefault(bonus, []).append(number)
            chosen.append(bonus)
        new = _State(
            taken, dtype, legal, s.open - self.count[p],
            s.mask | ((self.count[p] > 0).astype(np.int64) << t), s.helped.copy(), s.score,
            circles, s.used_squares, s.key ^ int(np.bitwise_xor.reduce(self.zobrist[
                np.array(cells) + t * self.n])), (),
        )  # fmt: skip
        self._dig(new, s.open)
        rules = self.fast.rules
        shape = self.fast.shapes[p]
        move = RoundMove(
            dice, shape, tuple(sorted(divmod(c, self.cols) for c in cells)),
            rules.dig_types[t], (), tuple(chosen), s.pending,
        )  # fmt: skip
        new.moves = s.moves + (move,)
        return new

    def _dig(self, s: _State, before: np.ndarray) -> None:
        """Score the fossils that became dug (their open count just reached 0)."""
        newly = (before > 0) & (s.open == 0)
        for f in np.flatnonzero(newly):
            mask = int(s.mask[f])
            pure = mask & (mask - 1) == 0 and not s.helped[f]
            s.score += int(self.values[f]) + (int(self.bonus[f]) if pure else 0)

    def _passed(self, s: _State, dice) -> _State:
        move = RoundMove(dice, None, (), None, (), (), s.pending)
        return _State(
            s.taken, s.dtype, s.legal, s.open, s.mask, s.helped, s.score, s.circles,
            s.used_squares, s.key, s.moves + (move,),
        )  # fmt: skip

    # -- One Square Anywhere -----------------------------------------------------
    def _squares(self, s: _State, number: int, last: bool) -> _State:
        """Spend One Square Anywhere before round ``number``'s shape where it digs a
        fossil that could not be dug otherwise (or, in the last round, any fossil)."""
        ready = sum(made < number for made in s.circles.get(ONE_SQUARE, ())) - s.used_squares
        if ready <= 0:
            return s
        squares: list[tuple[tuple[int, int], str]] = []
        state = s
        for f in sorted(range(len(self.site.fossils)), key=lambda f: -int(self.values[f])):
            if ready <= 0:
                break
            if state.open[f] != 1:
                continue
            cell = int(next(c for c in self.around[f] if not state.taken[c]))
            reachable = state.legal[self.fast.cover[cell]].any()
            if cell in self.star_cells or (reachable and not last):
                continue
            if state is s:
                state = _State(
                    s.taken.copy(), s.dtype.copy(), s.legal.copy(), s.open.copy(),
                    s.mask.copy(), s.helped.copy(), s.score, s.circles, s.used_squares,
                    s.key, s.moves,
                )  # fmt: skip
            t = int(next((d for d in state.dtype[self.around[f]] if d >= 0), 0))
            before = state.open.copy()
            state.taken[cell] = True
            state.dtype[cell] = t
            state.legal[self.fast.cover[cell]] = False
            near = self.near[cell] > 0
            state.open = state.open - near
            state.mask = state.mask | (near.astype(np.int64) << t)
            state.helped = state.helped | near
            state.used_squares += 1
            state.key ^= int(self.zobrist[cell + t * self.n])
            self._dig(state, before)
            squares.append((divmod(cell, self.cols), self.fast.rules.dig_types[t]))
            ready -= 1
        state.pending = tuple(squares)
        return state


def par(fast: FastRules, site: DigSite, rolls: Sequence[tuple[int, int]], beam: int = BEAM):
    """(par, moves) of ``site`` played with ``rolls``."""
    return ParPlayer(fast, site).play(rolls, beam)
