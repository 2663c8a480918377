"""A Paleontologists player that circles and spends every bonus: what they are worth.

The greedy and strong players circle +1 Point first and never spend a bonus, so a
simulation of them measures only +1 Point. This player (``spender``) plays the greedy
measure's moves of :mod:`.strong`, with the bonuses in play:

- a covered star circles, while at least ``LATE`` rounds are left, the first bonus of
  ``PREFERENCE`` with a free circle (Switch Shape, One Square Anywhere, Switch Dig
  Type), and +1 Point once those are full or the game is nearly over;
- each round it uses Switch Shape, Switch Dig Type or both when their circles are
  usable (circled in an earlier round, not crossed off) and the best placement they
  allow is worth at least ``GAIN`` points more to the greedy measure than the best the
  roll allows; in the last ``LATE`` rounds any gain will do (an unused bonus scores
  nothing), and a switch may save a round in which nothing of the roll fits;
- before each round's shape, One Square Anywhere fills the last open neighbour of an
  undug fossil when it has no star (the fossil is dug at once, without its same-type
  bonus: the rules say so).

One bonus at a time: ``spend-<bonus>`` (``spend-switch-shape``,
``spend-one-square-anywhere``, ``spend-switch-dig-type``) circles only that bonus
before +1 Point, so its paired difference with ``greedy`` is what that one bonus is
worth against +1 Point.

Its moves are :class:`~.moves.RoundMove` and replay through the rules engine to the
same score (``tests/games/paleo/test_spender.py``): the engine, not this module, is
the judge of what is legal.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np

from .engine import ONE_SQUARE, PLUS_ONE, SWITCH_SHAPE, SWITCH_TYPE
from .model import DigSite
from .moves import RoundMove
from .player import WEIGHT, Prepared
from .strong import Detail, StrongPlayer, _State

SPENDER = "spender"
PREFERENCE = (SWITCH_SHAPE, ONE_SQUARE, SWITCH_TYPE)
LATE = 3  # rounds before the end from which +1 Point is circled and any gain spent
GAIN = 2  # points of the greedy measure a switch must add (before the last rounds)
SWITCH_SETS = ((SWITCH_SHAPE,), (SWITCH_TYPE,), (SWITCH_SHAPE, SWITCH_TYPE))
ONE_AT_A_TIME = tuple(f"spend-{bonus}" for bonus in PREFERENCE)  # spend-<bonus> players


class _Spending(_State):
    """The fast state, with the bonus area's timing: circles per round, used ones, and
    the cells drawn as One Square Anywhere."""

    __slots__ = ("made", "used", "squares", "round")

    def __init__(self, prepared: Prepared, limits: dict[str, int]) -> None:
        super().__init__(prepared, limits)
        self.round = 0  # the round being played, from 1
        self.made: dict[str, list[int]] = {b: [] for b in limits}  # rounds circled in
        self.used = dict.fromkeys(limits, 0)
        self.squares: set[int] = set()

    def available(self, bonus: str, number: int) -> int:
        """Circles of ``bonus`` usable in round ``number``: made earlier, not used."""
        return sum(r < number for r in self.made.get(bonus, ())) - self.used.get(bonus, 0)


class SpendingPlayer(StrongPlayer):
    """The players of :class:`~.strong.StrongPlayer`, and ``spender`` (see the module)."""

    def __init__(self, fast, *args, **kwargs) -> None:
        super().__init__(fast, *args, **kwargs)
        self._pairs: dict[tuple[tuple[str, str], ...], tuple[np.ndarray, np.ndarray]] = {}

    def play_detail(
        self,
        site: DigSite | Prepared,
        rolls: Sequence[tuple[int, int]],
        rng: random.Random,
        mode: str = SPENDER,
        record: list | None = None,
    ) -> Detail:
        """One game; ``mode`` ``spender`` or ``spend-<bonus>`` here (``record`` gets its
        :class:`RoundMove` list), any other mode as :meth:`StrongPlayer.play_detail`
        plays it."""
        prefer: tuple[str, ...]
        if mode == SPENDER:
            prefer = PREFERENCE
        elif mode in ONE_AT_A_TIME:
            prefer = (mode.removeprefix("spend-"),)
        else:
            return super().play_detail(site, rolls, rng, mode, record)
        p = site if isinstance(site, Prepared) else Prepared(self.fast, site)
        rules = self.fast.rules
        rounds = list(rolls[: rules.rounds])
        state = _Spending(p, self.limits)
        trace: list[int] = []
        for number, dice in enumerate(rounds, start=1):
            if number > 1:
                trace.append(self._final(state))
            state.round = number
            late = len(rounds) - number < LATE
            squares = self._squares(p, state, number)
            switches, idx, offsets, values = self._choose(p, state, dice, late, number)
            if not len(idx):
                if record is not None:
                    record.append(RoundMove(dice, None, (), None, (), (), squares))
                continue
            best = int(np.argmax(values))
            for switch in switches:
                state.used[switch] += 1
            placement, offset = int(idx[best]), int(offsets[best])
            order = (PLUS_ONE, *prefer) if late else (*prefer, PLUS_ONE)
            order += tuple(b for b in self.limits if b not in order)
            chosen = self._apply(p, state, placement, offset, order)
            if record is not None:
                cells = tuple(sorted(divmod(c, rules.cols) for c in self.fast.cells[placement]))
                record.append(
                    RoundMove(dice, self.fast.shapes[placement], cells,
                              rules.dig_types[offset // self.fast.n], switches, chosen, squares)
                )  # fmt: skip
        spent = {b: n for b, n in state.used.items() if n}
        trace.append(self._final(state))
        return Detail(
            self._final(state), tuple(state.dug), dict(state.circled), spent, tuple(trace)
        )

    # -- the choices --------------------------------------------------------------
    def _options_of(self, state: _State, pairs: list[tuple[str, str]]):
        """The legal placements of these (shape, dig type) pairs, in rule order."""
        key = tuple(pairs)
        found = self._pairs.get(key)
        if found is None:
            fast = self.fast
            spans = [np.arange(fast.ranges[s].start, fast.ranges[s].stop) for s, _ in pairs]
            offs = [
                np.full(len(i), fast.type_index[t] * fast.n)
                for i, (_, t) in zip(spans, pairs, strict=True)
            ]
            found = self._pairs[key] = (np.concatenate(spans), np.concatenate(offs))
        idx, offsets = found
        legal = state.legal.take(idx)
        return idx[legal], offsets[legal]

    def _choose(self, p, state: _Spending, dice, late: bool, number: int):
        """The switches to use this round (none, one or both) and the options they give,
        with their greedy values."""
        rules = self.fast.rules
        idx, offsets = self._options_of(state, rules.allowed(dice))
        values = self._values(p, state, idx, offsets) if len(idx) else np.zeros(0)
        plain = values.max() if len(idx) else None
        best: tuple[tuple[str, ...], np.ndarray, np.ndarray, np.ndarray] = (
            (),
            idx,
            offsets,
            values,
        )
        best_value = plain
        for switches in SWITCH_SETS:
            if any(state.available(s, number) < 1 for s in switches):
                continue
            s_idx, s_offsets = self._options_of(state, rules.allowed(dice, switches))
            if not len(s_idx):
                continue
            s_values = self._values(p, state, s_idx, s_offsets)
            value = s_values.max()
            need = 0 if late or plain is None else GAIN * WEIGHT
            base = -1 if plain is None else plain
            if value > base + need and (best_value is None or value > best_value):
                best, best_value = (switches, s_idx, s_offsets, s_values), value
        return best

    def _squares(self, p, state: _Spending, number: int) -> tuple:
        """One Square Anywhere on the last open neighbour of undug fossils (no star)."""
        drawn = []
        cols = self.fast.rules.cols
        while state.available(ONE_SQUARE, number) > 0:
            target = None
            for f in state.undug:
                open_cells = [c for c in p.around[f] if not state.taken[c]]
                if len(open_cells) == 1 and open_cells[0] not in p.stars:
                    target = open_cells[0]
                    break
            if target is None:
                break
            state.used[ONE_SQUARE] += 1
            state.squares.add(target)
            self._take(state, target, 0)
            self._dig(p, state)
            drawn.append((divmod(target, cols), self.fast.rules.dig_types[0]))
        return tuple(drawn)

    # -- drawing: StrongPlayer's, with the bonus area's timing and the squares -------
    # (the other players' games, on a plain _State, are StrongPlayer's own)
    def _circle(self, state: _State, bonus: str) -> None:
        super()._circle(state, bonus)
        if isinstance(state, _Spending):
            state.made[bonus].append(state.round)

    def _same_type(self, state: _State, around) -> bool:
        """No same-type bonus for a fossil dug with a One Square Anywhere square."""
        helped = isinstance(state, _Spending) and state.squares.intersection(around)
        return super()._same_type(state, around) and not helped
