"""The skill curve of Digging for Dinos: mcts at each budget against the budget below.

Takes the data, the rising budgets, the games per step, the players and a seed;
gives one :class:`SkillGame` per game, in job order (step by step). In step
``low -> high`` game ``i`` is dealt from its own seed
(``dinos-skill/<seed>/<low>/<high>/<i>``), the higher budget sits in seat ``i %
players`` and the lower budget in every other seat, so each seat gets the stronger
player equally often and the results do not depend on how many processes (or which
cluster) played them. :func:`curve` turns the games into the curve with intervals
(:mod:`..skill`); the fair share of a seat is ``1 / players``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from .. import skill
from ..metrics import Arc, arc
from .bots import play_game
from .engine import rules_for
from .mcts import MctsBot
from .model import DinosData

LEVEL = "mcts budget"
BUDGETS = (25, 50, 100, 200, 400, 800, 1600)  # the curve


@dataclass(frozen=True)
class SkillGame:
    low: int
    high: int
    share: float  # the higher budget's win share: 1, 0, or a shared win's part
    arc: Arc


@dataclass(frozen=True)
class _Setup:
    """What every worker needs, picklable (Dask ships it to each worker)."""

    data: DinosData
    players: int
    seed: int

    def __call__(self) -> tuple[DinosData, int, int]:
        rules_for(self.data)  # compile once per process
        return self.data, self.players, self.seed


def play(
    data: DinosData,
    budgets: Sequence[int],
    games: int,
    players: int,
    seed: int,
    workers: int = 1,
    progress=None,
    scheduler: str | None = None,
) -> list[SkillGame]:
    """``games`` games per step of ``budgets``: each budget against the one below."""
    from ..parallel import run_jobs

    jobs = [
        (low, high, i)
        for low, high in zip(budgets, budgets[1:], strict=False)
        for i in range(games)
    ]
    return run_jobs(_Setup(data, players, seed), _play_one, jobs, workers, progress, scheduler)


def _play_one(context, job) -> SkillGame:
    data, players, seed = context
    low, high, index = job
    strong = index % players
    bots = [MctsBot(high if seat == strong else low) for seat in range(players)]
    rng = random.Random(f"dinos-skill/{seed}/{low}/{high}/{index}")
    result = play_game(data, players, bots, rng)
    share = 1.0 / len(result.winners) if strong in result.winners else 0.0
    return SkillGame(low, high, share, arc(result.trace, result.winners))


def curve(results: Sequence[SkillGame], players: int) -> dict:
    """The curve with intervals (:func:`..skill.curve`), steps in budget order."""
    steps: dict[tuple[int, int], list[SkillGame]] = {}
    for g in results:
        steps.setdefault((g.low, g.high), []).append(g)
    out = skill.curve(
        LEVEL,
        [
            skill.step(low, high, [g.share for g in gs], [g.arc for g in gs], 1 / players)
            for (low, high), gs in sorted(steps.items())
        ],
    )
    out["players"] = players
    return out
