"""The skill curve of Paleontologists: the strong player at each level against the one below.

Paleontologists is played alone on a sheet, so a step compares two levels on the
same deal: the same sheet (deal ``d`` plays sheet ``d % len(sites)``) and the same
20 rolls as :mod:`.simulate` deals them; the higher level *wins* the deal with the
higher score, a tie counts half. A *level* is the number of sampled future roll
sequences the strong player (:mod:`.strong`) plays each of its ``CANDIDATES``
placements out on (its ``SAMPLES``; the default player is level 6); level 0 is the
greedy player, which samples nothing. Each level plays each deal once, with its own
seeded generator (``paleo-skill/<seed>/<deal>/<level>``), and every step pairs two
levels' games on the same deals: results do not depend on how many processes, or
which cluster, played them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .. import skill
from .model import DigSite, PaleoData
from .simulate import PaleoGame, _rolls, _Setup, table_arc
from .strong import CANDIDATES, GREEDY, STRONG, StrongPlayer

LEVEL = "samples"
LEVELS = (0, 1, 2, 4, 8, 16, 32)  # greedy, then the strong player's samples doubling
MAX_LEVEL = 999


def play(
    data: PaleoData,
    sites: Sequence[DigSite],
    levels: Sequence[int],
    deals: int,
    seed: int,
    workers: int = 1,
    progress=None,
    scheduler: str | None = None,
) -> list[PaleoGame]:
    """Every level on each of ``deals`` deals; game ``i``: deal ``i // len(levels)``,
    level ``levels[i % len(levels)]`` (its ``bot`` is the level's name)."""
    from ..parallel import run_jobs

    jobs = [(deal, level) for deal in range(deals) for level in levels]
    setup = _Setup(data, tuple(sites), seed)  # the simulation's: the same players' rules
    return run_jobs(setup, _play_one, jobs, workers, progress, scheduler)


def name(level: int) -> str:
    return GREEDY if level == 0 else f"{STRONG}-{level}"


def _play_one(context, job) -> PaleoGame:
    simulated, sites, seed = context
    fast = simulated.fast
    deal, level = job
    player = StrongPlayer(fast, CANDIDATES, max(level, 1))
    rolls = _rolls(seed, deal, fast.rules.rounds)
    rng = random.Random(f"paleo-skill/{seed}/{deal}/{level}")
    sheet = deal % len(sites)
    detail = player.play_detail(sites[sheet], rolls, rng, STRONG if level else GREEDY)
    return PaleoGame(sheet, name(level), detail.score, deal, trace=detail.trace)


def curve(results: Sequence[PaleoGame], levels: Sequence[int]) -> dict:
    """The curve with intervals (:func:`..skill.curve`): per step, on every deal both
    levels played, the higher level's win (1, 0, a tie 0.5) and the pair's metrics."""
    games = {(g.deal, g.bot): g for g in results}
    deals = sorted({g.deal for g in results})
    steps = []
    for low, high in zip(levels, levels[1:], strict=False):
        pairs = [
            (games[d, name(low)], games[d, name(high)])
            for d in deals
            if (d, name(low)) in games and (d, name(high)) in games
        ]
        shares = [
            1.0 if b.score > a.score else 0.5 if b.score == a.score else 0.0 for a, b in pairs
        ]
        steps.append(skill.step(low, high, shares, [table_arc(p) for p in pairs], 0.5))
    out = skill.curve(LEVEL, steps)
    out["candidates"] = CANDIDATES
    return out
