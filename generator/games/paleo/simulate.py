"""Simulating Paleontologists: many games on sheets, summarised for a designer."""

from __future__ import annotations

import random
import statistics
from dataclasses import dataclass

from .model import DigSite, PaleoData
from .pads import DIFFICULTIES, PadGenerator, generate_pad, site_from_code
from .player import play

BOTS = ("greedy", "random")


@dataclass(frozen=True)
class PaleoGame:
    sheet: int  # index into the simulated sheets
    bot: str
    score: int


def _rolls(seed: int, index: int, rounds: int) -> list[tuple[int, int]]:
    rng = random.Random(f"paleo-sim/{seed}/{index}")
    return [(rng.randint(1, 6), rng.randint(1, 6)) for _ in range(rounds)]


def choose_sheets(
    data: PaleoData,
    code: str | None,
    difficulty: str | None,
    seed: int,
    per_difficulty: int,
    workers: int,
) -> list[DigSite]:
    if code is not None:
        return [site_from_code(data, code)]
    chosen = [difficulty] if difficulty else list(DIFFICULTIES)
    sites: list[DigSite] = []
    for d in chosen:
        sites += generate_pad(data, per_difficulty, seed, d, workers)
    return sites


def simulate(
    data: PaleoData,
    sites: list[DigSite],
    games: int,
    bots: list[str],
    seed: int,
    workers: int = 1,
    progress=None,
) -> list[PaleoGame]:
    """``games`` games in all: sheet i % len(sites), bot j % len(bots), own dice each."""
    from ..parallel import run_jobs

    jobs = [(i, i % len(sites), bots[(i // len(sites)) % len(bots)]) for i in range(games)]

    def setup():
        return PadGenerator(data).fast, sites, seed

    return run_jobs(setup, _play_one, jobs, workers, progress)


def _play_one(context, job) -> PaleoGame:
    fast, sites, seed = context
    index, sheet, bot = job
    rolls = _rolls(seed, index, fast.rules.rounds)
    chooser = random.Random(f"paleo-bot/{seed}/{index}") if bot == "random" else None
    return PaleoGame(sheet, bot, play(fast, sites[sheet], rolls, chooser=chooser))


def summary(sites: list[DigSite], results: list[PaleoGame]) -> dict:
    by_sheet: dict[int, list[int]] = {}
    by_bot: dict[str, list[int]] = {}
    by_difficulty: dict[str, list[int]] = {}
    for g in results:
        by_bot.setdefault(g.bot, []).append(g.score)
        if g.bot == "greedy":
            by_sheet.setdefault(g.sheet, []).append(g.score)
            by_difficulty.setdefault(sites[g.sheet].difficulty, []).append(g.score)

    def stats(scores: list[int]) -> dict:
        return {
            "games": len(scores),
            "mean": round(statistics.fmean(scores), 2) if scores else 0,
            "sd": round(statistics.pstdev(scores), 2) if scores else 0,
            "min": min(scores, default=0),
            "max": max(scores, default=0),
        }

    return {
        "games": len(results),
        "by_bot": {bot: stats(s) for bot, s in sorted(by_bot.items())},
        "by_difficulty": {
            d: stats(s)
            for d, s in sorted(by_difficulty.items(), key=lambda kv: DIFFICULTIES.index(kv[0]))
        },
        "by_sheet": [
            {
                "code": sites[i].code,
                "difficulty": sites[i].difficulty,
                "expected_score": round(sites[i].expected_score, 2),
                **stats(s),
            }
            for i, s in sorted(by_sheet.items())
        ],
    }
