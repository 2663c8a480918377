"""Benchmark of the balance lab (issue 15): games per second per bot, the mcts budget.

``measure()`` plays, on one core, whole games of each Digging for Dinos bot in
every seat (3 players) and of each Paleontologists player, and games of mcts
against greedy and random rotating through the seats at the budget the README
reports; speeds are per CPU second of this process (``time.process_time``), so
other work on the machine does not lower them. ``goals()``: the random Digging for
Dinos bot keeps at least 1,000 games/s per core, mcts at that budget at least 2
games/s per core (3 players, 8 games, the faster of two runs; the per-round score
traces of the game metrics must not slow it, issue 26), and mcts at that budget
beats greedy (its win rate's 95% interval above greedy's: a paired difference that
excludes zero). Run it alone: ``python -m dinokit.tools.bench_balance``.
"""

from __future__ import annotations

import random
import time

from ..games.data import DEFAULT_DATA_DIR
from ..source.diagnostics import Diagnostics

SKILL_BUDGET = 100  # the mcts budget the README reports as beating greedy
SKILL_GAMES = 60
RANDOM_FLOOR = 1000.0  # games/s per core of the random Digging for Dinos bot
MCTS_FLOOR = 2.0  # games/s per core of mcts at SKILL_BUDGET, 3 players


def _rate(play, games: int, runs: int = 1) -> float:
    """Games per CPU second of ``play(0) .. play(games - 1)``: the best of ``runs``
    (the same games each time: the run least disturbed by other work)."""
    best = 0.0
    for _ in range(runs):
        start = time.process_time()
        for i in range(games):
            play(i)
        best = max(best, games / max(1e-9, time.process_time() - start))
    return best


def measure() -> dict[str, float]:
    """Games per CPU second per bot and game; the mcts-against-greedy difference."""
    from ..games.dinos import GAME as DINOS
    from ..games.dinos.bots import GreedyBot, LookaheadBot, RandomBot, play_game
    from ..games.dinos.engine import rules_for
    from ..games.dinos.mcts import MctsBot
    from ..games.dinos.simulate import simulate
    from ..games.dinos.summary import summary
    from ..games.paleo import GAME as PALEO
    from ..games.paleo.pads import PadGenerator
    from ..games.paleo.simulate import _rolls
    from ..games.paleo.strong import StrongPlayer

    data = DINOS.load(DEFAULT_DATA_DIR, Diagnostics())
    rules = rules_for(data)
    results: dict[str, float] = {}
    for name, make, games, runs in (
        ("random", RandomBot, 600, 1),
        ("greedy", GreedyBot, 30, 1),
        ("lookahead", LookaheadBot, 4, 1),
        # games differ (0.23 to 0.58 s each): 8 of them, the faster of two runs
        (f"mcts {SKILL_BUDGET}", lambda: MctsBot(SKILL_BUDGET), 8, 2),
        ("mcts 30", lambda: MctsBot(30), 2, 1),
    ):
        results[f"dinos {name} games/s"] = _rate(
            lambda i, make=make: play_game(rules, 3, [make(), make(), make()], random.Random(i)),
            games,
            runs,
        )
    start = time.process_time()
    mixed = simulate(data, SKILL_GAMES, 3, ["random", "greedy", "mcts"], 5, budget=SKILL_BUDGET)
    results["dinos mixed (random, greedy, mcts) games/s"] = SKILL_GAMES / (
        time.process_time() - start
    )
    numbers = summary(data, mixed)
    for d in numbers["differences"]:
        key = f"{d['better']} - {d['worse']} win rate"
        results[key] = d["win_rate"]["value"]
        results[key + " ci95 low"] = d["win_rate"]["ci95"][0]
    generator = PadGenerator(PALEO.load(DEFAULT_DATA_DIR, Diagnostics()))
    site = generator.sheet("medium", 1)
    player = StrongPlayer(generator.fast)
    for mode, count in (("greedy", 60), ("random", 200), ("strong", 4)):
        results[f"paleo {mode} games/s"] = _rate(
            lambda i, mode=mode: player.play_detail(site, _rolls(1, i, 20), random.Random(i), mode),
            count,
        )
    return results


def goals(results: dict[str, float]) -> list[tuple[str, bool]]:
    """The issue's speed and skill goals."""
    rate = results.get("dinos random games/s", 0.0)
    low = results.get("mcts - greedy win rate ci95 low", -1.0)
    mcts = results.get(f"dinos mcts {SKILL_BUDGET} games/s", 0.0)
    return [
        (f"random Digging for Dinos bot >= {RANDOM_FLOOR:,.0f} games/s per core "
         f"({rate:,.0f})", rate >= RANDOM_FLOOR),
        (f"mcts (budget {SKILL_BUDGET}, 3 players) >= {MCTS_FLOOR:g} games/s per core "
         f"({mcts:.2f})", mcts >= MCTS_FLOOR),
        (f"mcts (budget {SKILL_BUDGET}) beats greedy: win-rate difference's 95% interval "
         f"above 0 (low end {low:+.3f})", low > 0),
    ]  # fmt: skip


if __name__ == "__main__":
    found = measure()
    for key, value in found.items():
        print(f"{key:>45}: {value:,.3f}")
    for text, ok in goals(found):
        print(("ok   " if ok else "FAIL ") + text)
