"""A Paleontologists player stronger than greedy, with the future rolls unknown.

Each round it looks at the few placements the greedy measure of :mod:`.player`
likes best (``CANDIDATES``) and plays each of them out to the end of the game on
``SAMPLES`` sampled sequences of future rolls (the same sequences for every
candidate, drawn with the player's own seeded ``rng``), with the greedy player
deciding the later rounds; it keeps the candidate whose final score is best on
average (ties: the greedy order). The roll of the round is known; the future is
only sampled, never read. Like the greedy player it never spends bonuses and
circles +1 Point first, so its moves are those of :class:`~.player.Move` and are
checked by replaying them through the rules engine.

Built on the compiled placements of :class:`~.player.FastRules` and
:class:`~.player.Prepared` (public parts only); the greedy measure is computed
here the same way (a cell next to an undug fossil is worth its value, plus its
same-type bonus while reachable, shared among its open neighbours; a star one
point while +1 Point can be circled).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from .engine import PLUS_ONE
from .model import DigSite
from .player import WEIGHT, FastRules, Move, Prepared

STRONG, GREEDY, RANDOM = "strong", "greedy", "random"
CANDIDATES = 4  # placements looked at each round
SAMPLES = 6  # future roll sequences each candidate is played out on


@dataclass(frozen=True)
class Detail:
    """What one game earned: the score, the fossils dug (index, same-type bonus
    earned), the circles made per bonus, and the circles spent (crossed off) per bonus."""

    score: int
    dug: tuple[tuple[int, bool], ...]
    circled: dict[str, int]
    spent: dict[str, int] = field(default_factory=dict)
    trace: tuple[int, ...] = ()  # the score after each round (..metrics)


class _State:
    """One sheet during a game, as the fast player keeps it."""

    __slots__ = ("legal", "taken", "dtype", "undug", "circled", "score", "dug")

    def __init__(self, prepared: Prepared, limits: dict[str, int]) -> None:
        self.legal = prepared.legal.copy()
        self.taken = list(prepared.taken)
        self.dtype = [-1] * len(self.taken)
        self.undug = list(range(len(prepared.site.fossils)))
        self.circled = dict.fromkeys(limits, 0)
        self.score = 0
        self.dug: list[tuple[int, bool]] = []  # (fossil, its same-type bonus earned)

    def copy(self) -> _State:
        new = _State.__new__(_State)
        new.legal, new.taken, new.dtype = self.legal.copy(), self.taken[:], self.dtype[:]
        new.undug, new.circled, new.score = self.undug[:], dict(self.circled), self.score
        new.dug = self.dug[:]
        return new


class StrongPlayer:
    """Monte Carlo over sampled future rolls, greedy play-outs; see the module."""

    def __init__(
        self, fast: FastRules, candidates: int = CANDIDATES, samples: int = SAMPLES
    ) -> None:
        self.fast, self.candidates, self.samples = fast, candidates, samples
        rules = fast.rules
        self.limits = rules.bonus_limits
        self.order = [PLUS_ONE] + [b for b in self.limits if b != PLUS_ONE]
        self.types = len(rules.dig_types)

    # -- the rules on the fast state -------------------------------------------------
    def _options(self, state: _State, dice: tuple[int, int]) -> tuple[np.ndarray, np.ndarray]:
        idx, offsets = self.fast.options[dice]
        legal = state.legal.take(idx)
        return idx[legal], offsets[legal]

    def _apply(
        self,
        p: Prepared,
        state: _State,
        placement: int,
        offset: int,
        order: Sequence[str] | None = None,
    ) -> tuple[str, ...]:
        """Draw ``placement`` with the dig type of ``offset``; one bonus circled per
        covered star, the first of ``order`` (default: +1 Point first) with a free
        circle; the bonuses circled."""
        fast, n = self.fast, self.fast.n
        cells = fast.cells[placement].tolist()
        for c in cells:
            self._take(state, c, offset // n)
        chosen = []
        order = order or self.order
        for _ in range(sum(c in p.stars for c in cells)):
            bonus = next((b for b in order if state.circled[b] < self.limits[b]), None)
            if bonus is None:
                break
            self._circle(state, bonus)
            chosen.append(bonus)
        self._dig(p, state)
        return tuple(chosen)

    def _take(self, state: _State, cell: int, dig_type: int) -> None:
        state.taken[cell] = True
        state.legal[self.fast.cover[cell]] = False
        state.dtype[cell] = dig_type

    def _circle(self, state: _State, bonus: str) -> None:
        state.circled[bonus] += 1

    def _same_type(self, state: _State, around: Sequence[int]) -> bool:
        """Whether a dug fossil earns its same-type bonus: one dig type all round."""
        return len({state.dtype[c] for c in around}) == 1

    def _dig(self, p: Prepared, state: _State) -> None:
        """Dig up every fossil whose neighbours are all drawn."""
        for f in list(state.undug):
            around = p.around[f]
            if all(state.taken[c] for c in around):
                state.undug.remove(f)
                fossil = p.site.fossils[f]
                same = self._same_type(state, around)
                state.score += fossil.value + (fossil.bonus if same else 0)
                state.dug.append((f, same))

    def _values(self, p: Prepared, state: _State, idx: np.ndarray, offsets: np.ndarray):
        """The greedy measure of each placement (whole numbers)."""
        n, types = self.fast.n, self.types
        ts: list[int] = []
        cs: list[int] = []
        ws: list[int] = []
        taken, dtype = state.taken, state.dtype
        for f in state.undug:
            around = p.around[f]
            open_cells = [c for c in around if not taken[c]]
            seen = {dtype[c] for c in around if taken[c]}
            fossil = p.site.fossils[f]
            for t in range(types):
                reachable = not seen or seen == {t}
                share = (fossil.value + (fossil.bonus if reachable else 0)) * WEIGHT
                share //= len(open_cells)
                ts.extend([t] * len(open_cells))
                cs.extend(open_cells)
                ws.extend([share] * len(open_cells))
        if state.circled.get(PLUS_ONE, 0) < self.limits.get(PLUS_ONE, 0):
            for c in p.stars:
                if not taken[c]:
                    ts.extend(range(types))
                    cs.extend([c] * types)
                    ws.extend([WEIGHT] * types)
        keys = np.array(ts, dtype=np.int64) * n + np.array(cs, dtype=np.int64)
        flat = np.bincount(keys, weights=ws, minlength=types * n)
        placed = self.fast.cells.take(idx, axis=0)
        return flat.take(placed + offsets[:, None]).sum(axis=1)

    def _greedy_round(self, p: Prepared, state: _State, dice: tuple[int, int]) -> None:
        idx, offsets = self._options(state, dice)
        if len(idx):
            best = int(np.argmax(self._values(p, state, idx, offsets)))
            self._apply(p, state, int(idx[best]), int(offsets[best]))

    def _final(self, state: _State) -> int:
        return state.score + state.circled.get(PLUS_ONE, 0)

    # -- a whole game ----------------------------------------------------------------
    def play(
        self,
        site: DigSite | Prepared,
        rolls: Sequence[tuple[int, int]],
        rng: random.Random,
        record: list[Move] | None = None,
    ) -> int:
        """One game on ``site`` with these rolls (each seen only in its round)."""
        return self.play_detail(site, rolls, rng, STRONG, record).score

    def play_detail(
        self,
        site: DigSite | Prepared,
        rolls: Sequence[tuple[int, int]],
        rng: random.Random,
        mode: str = STRONG,
        record: list[Move] | None = None,
    ) -> Detail:
        """One game and what it earned. ``mode``: ``strong``; ``greedy`` (the moves of
        :func:`.player.play`); ``random`` (as :func:`.player.play` with ``chooser=rng``)."""
        p = site if isinstance(site, Prepared) else Prepared(self.fast, site)
        rules = self.fast.rules
        rounds = list(rolls[: rules.rounds])
        state = _State(p, self.limits)
        trace: list[int] = []
        for r, dice in enumerate(rounds):
            if r:
                trace.append(self._final(state))
            idx, offsets = self._options(state, dice)
            if not len(idx):
                if record is not None:
                    record.append(Move(dice, "", "", None))
                continue
            if mode == RANDOM:
                best = rng.randrange(len(idx))
            else:
                values = self._values(p, state, idx, offsets)
                if mode == GREEDY:
                    best = int(np.argmax(values))
                else:
                    best = self._search(p, state, idx, offsets, values, len(rounds) - r - 1, rng)
            chosen = self._apply(p, state, int(idx[best]), int(offsets[best]))
            if record is not None:
                cells = self.fast.cells[idx[best]].tolist()
                record.append(
                    Move(
                        dice,
                        self.fast.shapes[int(idx[best])],
                        rules.dig_types[int(offsets[best]) // self.fast.n],
                        frozenset(divmod(c, rules.cols) for c in cells),
                        chosen,
                    )
                )
        trace.append(self._final(state))
        return Detail(self._final(state), tuple(state.dug), dict(state.circled), {}, tuple(trace))

    def _search(self, p, state, idx, offsets, values, later: int, rng: random.Random) -> int:
        """The candidate whose play-outs on sampled future rolls score most on average."""
        order = np.argsort(-values, kind="stable")[: self.candidates]
        futures = [
            [(rng.randint(1, 6), rng.randint(1, 6)) for _ in range(later)]
            for _ in range(self.samples if later else 1)
        ]
        best, best_total = int(order[0]), None
        for k in order.tolist():
            total = 0
            for future in futures:
                trial = state.copy()
                self._apply(p, trial, int(idx[k]), int(offsets[k]))
                for roll in future:
                    self._greedy_round(p, trial, roll)
                total += self._final(trial)
            if best_total is None or total > best_total:
                best, best_total = k, total
        return best
