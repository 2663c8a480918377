"""Benchmark of tournaments (issue 26): time to choose them, and how even they are.

- ``--tournament 30 --seed 7 --rolls printed`` chosen (sheets, greedy, par and strong
  on the printed rolls) with 2 worker processes: goal under 60 s (wall; the CPU
  seconds of all processes are shown too); the greedy and par spreads on the printed
  rolls: goal at most 2 points each;
- ``--tournament 30 --seed 7`` (common rolls: the same fossil points on every sheet,
  then the greedy and spender windows): the time, and every chosen sheet's 95%
  interval narrower than +/-0.5 points;
- the independent check: the strong player (:mod:`dinokit.games.paleo.strong`, which
  takes no part in either choice) on FRESH_GAMES fresh common roll sets of those 30
  sheets, analysed sheet x rolls (:func:`dinokit.games.paleo.evenness.two_way`): goal
  no sheet's effect shown beyond +/-1 point (no 95% interval wholly outside) and the
  estimated SD of the sheet effects under 1 point; the farthest any interval reaches
  is shown too.

Usage: python -m dinokit.tools.bench_tournament [--seed S] [--count N] [--games G]
[--player spender|strong] [--jobs J] (the defaults are the bench's).
"""

from __future__ import annotations

import argparse
import resource
import time

from ..games.data import DEFAULT_DATA_DIR, load_games
from ..games.paleo.evenness import common_rolls, play_common, two_way
from ..games.paleo.pads import PadGenerator
from ..games.paleo.tournament import tournament
from ..source.diagnostics import Diagnostics

PRINTED_GOAL = 60.0  # seconds for 30 sheets with printed rolls on 2 cores
FRESH_KEY = "tournament-fresh"  # rolls never used to choose sheets
FRESH_GAMES = 100
COUNT, SEED, JOBS = 30, 7, 2


def measure(
    seed: int = SEED,
    count: int = COUNT,
    games: int = FRESH_GAMES,
    player: str = "strong",
    jobs: int = JOBS,
) -> dict[str, float]:
    data = load_games(DEFAULT_DATA_DIR, Diagnostics())
    assert data is not None, "the shipped data does not load"
    generator = PadGenerator(data.game("paleontologists"))
    start, cpu = time.perf_counter(), _cpu()
    printed = tournament(generator, count, seed, "medium", True, workers=jobs)
    printed_s, printed_cpu = time.perf_counter() - start, _cpu() - cpu
    start, cpu = time.perf_counter(), _cpu()
    common = tournament(generator, count, seed, "medium", False, workers=jobs)
    common_s, common_cpu = time.perf_counter() - start, _cpu() - cpu
    rolls = common_rolls(FRESH_KEY, games, generator.rules.rounds)
    start = time.perf_counter()
    analysis = two_way(play_common(generator.fast, common.sheets, player, rolls, jobs))
    check_s = time.perf_counter() - start
    spread = printed.json()["printed_rolls"]
    assert isinstance(spread, dict)
    means = [m.common.value for m in common.measures]
    return {
        "printed: seconds": printed_s,
        "printed: cpu seconds": printed_cpu,
        "printed: candidates": printed.candidates,
        "printed: pars played": printed.second,
        "printed: greedy range": spread["greedy"]["range"],
        "printed: par range": spread["par"]["range"],
        "printed: strong range": spread["strong"]["range"],
        "common: seconds": common_s,
        "common: cpu seconds": common_cpu,
        "common: candidates": common.candidates,
        "common: greedy played": common.greedy_played,
        "common: spender played": common.second,
        "common: greedy mean range": max(means) - min(means),
        "common: widest half interval": max(
            (m.common.hi - m.common.lo) / 2 for m in common.measures
        ),
        f"{player} check: seconds": check_s,
        f"{player} check: games per sheet": games,
        f"{player} check: largest effect reach": analysis.largest,
        f"{player} check: sheets shown beyond 1": len(analysis.shown_beyond(1.0)),
        f"{player} check: effect sd": analysis.effect_sd,
        f"{player} check: residual sd": analysis.residual_sd,
        f"{player} check: p": analysis.p,
    }


def _cpu() -> float:
    """CPU seconds of this process and of the worker processes it has waited for."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    workers = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + workers.ru_utime + workers.ru_stime


def goals(results: dict[str, float]) -> list[tuple[str, bool]]:
    reach = next(v for k, v in results.items() if k.endswith("largest effect reach"))
    beyond = next(v for k, v in results.items() if k.endswith("shown beyond 1"))
    sd = next(v for k, v in results.items() if k.endswith("effect sd"))
    return [
        (
            f"30 printed-roll tournament sheets chosen in under {PRINTED_GOAL:g} s on "
            f"{JOBS} processes ({results['printed: seconds']:.1f} s)",
            results["printed: seconds"] < PRINTED_GOAL,
        ),
        (
            "greedy and par within 2 points on the printed rolls "
            f"({results['printed: greedy range']:g}, {results['printed: par range']:g})",
            max(results["printed: greedy range"], results["printed: par range"]) <= 2,
        ),
        (
            "every common-rolls mean within +/-0.5 (95%) "
            f"({results['common: widest half interval']:.3f})",
            results["common: widest half interval"] < 0.5,
        ),
        (
            f"no sheet effect shown beyond 1 point for an independent player ({beyond:g} "
            f"sheets; effect SD {sd:.2f}; the farthest interval reaches {reach:.2f})",
            beyond == 0 and sd < 1.0,
        ),
    ]


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--count", type=int, default=COUNT)
    parser.add_argument("--games", type=int, default=FRESH_GAMES)
    parser.add_argument("--player", choices=("spender", "strong"), default="strong")
    parser.add_argument("--jobs", type=int, default=JOBS)
    args = parser.parse_args()
    found = measure(args.seed, args.count, args.games, args.player, args.jobs)
    for name, value in found.items():
        print(f"{name}: {value:.4g}")
    for text, met in goals(found):
        print(("met: " if met else "NOT MET: ") + text)
