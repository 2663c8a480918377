"""Simulating Digging for Dinos: many bot games, each recorded for a designer.

Takes the data, a number of games and the bots; gives one :class:`DinosGame` per
game, in game order. Game ``i`` is dealt from its own seed (``dinos-sim/<seed>/<i>``)
and the bots rotate through the seats, so the results are the same whatever runs
them (one process, a pool, a Dask cluster: :mod:`..parallel`) and the same games
can be replayed on other data (``--compare``). The numbers with their intervals are
made by :mod:`.summary`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from ..metrics import Arc, arc
from .bots import Bot, GreedyBot, LookaheadBot, RandomBot, play_game
from .engine import Game, rules_for
from .mcts import DEFAULT_BUDGET, MctsBot
from .model import DinosData

BOT_TYPES: dict[str, Callable[[int], Bot]] = {
    "random": lambda budget: RandomBot(),
    "greedy": lambda budget: GreedyBot(),
    "lookahead": lambda budget: LookaheadBot(),
    "mcts": lambda budget: MctsBot(budget),
}


@dataclass(frozen=True)
class DinosGame:
    bots: tuple[str, ...]  # per seat
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    rounds: int
    trigger: str
    completed: tuple[tuple[tuple[str, int], ...], ...]  # per seat: (species, count)
    tiles: tuple[tuple[int, ...], ...] = ()  # per seat, per species: tiles collected
    points: tuple[tuple[int, ...], ...] = ()  # per seat, per species: points scored
    completion_points: tuple[int, ...] = ()  # per seat: points from completed dinosaurs
    lead_changes: int = 0
    turns: int = 0
    arc: Arc | None = None  # how the lead went (..metrics)


def seats(bots: list[str], players: int, index: int) -> tuple[str, ...]:
    """Bots rotate through the seats from game to game, so each plays every seat."""
    return tuple(bots[(seat + index) % len(bots)] for seat in range(players))


def simulate(
    data: DinosData,
    games: int,
    players: int,
    bots: list[str],
    seed: int,
    workers: int = 1,
    progress=None,
    budget: int = DEFAULT_BUDGET,
    scheduler: str | None = None,
) -> list[DinosGame]:
    """``games`` games of ``players`` with ``bots`` rotating; ``budget``: mcts iterations."""
    from ..parallel import run_jobs

    jobs = [(i, seats(bots, players, i)) for i in range(games)]
    return run_jobs(
        _Setup(data, players, seed, budget), _play_one, jobs, workers, progress, scheduler
    )


@dataclass(frozen=True)
class _Setup:
    """What every worker needs, as a picklable callable (Dask ships it to each worker)."""

    data: DinosData
    players: int
    seed: int
    budget: int

    def __call__(self) -> tuple[DinosData, int, int, int]:
        rules_for(self.data)  # compile once per process
        return self.data, self.players, self.seed, self.budget


def _play_one(context, job) -> DinosGame:
    data, players, seed, budget = context
    index, names = job
    rng = random.Random(f"dinos-sim/{seed}/{index}")
    result = play_game(data, players, [BOT_TYPES[name](budget) for name in names], rng)
    game = result.final
    assert game is not None
    tiles, points, done = zip(*(species_tally(game, p) for p in range(players)), strict=True)
    return DinosGame(
        names,
        tuple(result.scores),
        tuple(result.winners),
        result.rounds,
        result.trigger or "none",
        tuple(tuple(sorted(c.items())) for c in result.completed),
        tiles,
        points,
        done,
        result.lead_changes,
        result.turns,
        arc(result.trace, result.winners),
    )


def species_tally(game: Game, player: int) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """Per species: tiles ``player`` collected and the points they scored (completed
    dinosaurs at their right-hand value, spares at their left, as :mod:`.scoring`
    counts them); and the points from completed dinosaurs in all."""
    rules = game.rules
    lefts: dict[int, list[int]] = {}
    for tile in game.collected[player]:
        lefts.setdefault(rules.tile_slot[tile], []).append(rules.tile_left[tile])
    tiles, points = [], []
    done = game.completed[player]
    for s, slots in enumerate(rules.slots):
        sets = done[s]
        held = [sorted(lefts.get(k, [])) for k in slots]
        tiles.append(sum(len(v) for v in held))
        points.append(sets * rules.complete[s] + sum(sum(v[sets:]) for v in held))
    return tuple(tiles), tuple(points), sum(n * rules.complete[s] for s, n in enumerate(done))
