"""Benchmark of shared play (issue 13): the day's sheet with its par, and the par player.

- the day's sheet: the sheet, its rolls and its par (beam search), from the data already
  loaded, including the generator's set-up: goal under 1 s (median of 3 days);
- the par player: seconds per sheet and its mean score against the greedy player's on
  the same sheets and rolls (20 medium sheets, each with its own rolls).
"""

from __future__ import annotations

import datetime
import statistics
import time

from ..games.data import DEFAULT_DATA_DIR, load_games
from ..games.paleo.pads import PadGenerator, sheet_seeds
from ..games.paleo.par import par
from ..games.paleo.player import play
from ..games.paleo.rolls import RollSpec
from ..games.paleo.shared import daily_sheet
from ..source.diagnostics import Diagnostics

DAILY_GOAL = 1.0  # seconds: the day's sheet with its par
SHEETS = 20


def measure() -> dict[str, float]:
    """Seconds for the day's sheet; the par player's time and strength."""
    data = load_games(DEFAULT_DATA_DIR, Diagnostics())
    assert data is not None, "the shipped data does not load"
    paleo = data.game("paleontologists")
    times = []
    for k in range(3):
        start = time.perf_counter()
        daily_sheet(PadGenerator(paleo), datetime.date(2026, 12, 1 + k), "medium")
        times.append(time.perf_counter() - start)
    generator = PadGenerator(paleo)
    seeds = sheet_seeds(2026)
    pars, greedy, spent = [], [], 0.0
    for _ in range(SHEETS):
        site = generator.sheet("medium", next(seeds))
        rolls = RollSpec("own", 0).rolls(site.code)
        start = time.perf_counter()
        pars.append(par(generator.fast, site, rolls)[0])
        spent += time.perf_counter() - start
        greedy.append(play(generator.fast, site, rolls))
    return {
        "daily sheet with par, s": statistics.median(times),
        "par per sheet, s": spent / SHEETS,
        "par mean score": statistics.mean(pars),
        "greedy mean score": statistics.mean(greedy),
    }


def goals(results: dict[str, float]) -> list[tuple[str, bool]]:
    return [
        (
            f"the day's sheet with its par in under {DAILY_GOAL:g} s "
            f"({results['daily sheet with par, s']:.2f} s)",
            results["daily sheet with par, s"] < DAILY_GOAL,
        ),
        (
            f"the par player beats greedy on average ({results['par mean score']:.1f} vs "
            f"{results['greedy mean score']:.1f})",
            results["par mean score"] > results["greedy mean score"],
        ),
    ]


if __name__ == "__main__":
    found = measure()
    for name, value in found.items():
        print(f"{name}: {value:.3f}")
    for text, met in goals(found):
        print(("met: " if met else "NOT MET: ") + text)
