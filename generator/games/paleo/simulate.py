"""Simulating Paleontologists: many games on sheets, summarised with 95% intervals.

Deal ``d`` is one sheet (``d % len(sites)``) and one sequence of 20 rolls (seeded by
``paleo-sim/<seed>/<d>``); every player plays every deal, so two players are
compared on the same sheets and dice (paired differences). Players: ``greedy`` (the
pad generator's measure, :mod:`.player`), ``random`` (any legal placement) and
``strong`` (Monte Carlo over sampled future rolls, :mod:`.strong`) and ``spender``
(greedy moves, but it circles and spends every bonus, :mod:`.spender`: what the
bonuses other than +1 Point are worth), and ``spend-<bonus>`` (that one bonus only). Game ``i`` is
deal ``i // players`` played by player ``i % players``; results do not depend on
how many processes, or which cluster, played them.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from .. import metrics, stats
from ..metrics import Arc, arc
from .model import DigSite, PaleoData
from .pads import DIFFICULTIES, PadGenerator, generate_pad, site_from_code
from .spender import ONE_AT_A_TIME, SpendingPlayer

BOTS = ("greedy", "random", "strong", "spender", *ONE_AT_A_TIME)


@dataclass(frozen=True)
class PaleoGame:
    sheet: int  # index into the simulated sheets
    bot: str
    score: int
    deal: int = 0
    dug: tuple[tuple[int, bool], ...] = ()  # (fossil index, same-type bonus earned)
    circled: tuple[tuple[str, int], ...] = ()  # bonus -> circles made
    spent: tuple[tuple[str, int], ...] = ()  # bonus -> circles crossed off (used)
    trace: tuple[int, ...] = ()  # the score after each round


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
    """The one sheet of ``code``, else ``per_difficulty`` generated sheets per difficulty."""
    if code is not None:
        return [site_from_code(data, code)]
    chosen = [difficulty] if difficulty else list(DIFFICULTIES)
    sites: list[DigSite] = []
    for d in chosen:
        sites += generate_pad(data, per_difficulty, seed, d, workers)
    return sites


@dataclass(frozen=True)
class _Setup:
    """What every worker needs, picklable (Dask ships it to each worker)."""

    data: PaleoData
    sites: tuple[DigSite, ...]
    seed: int

    def __call__(self):
        return SpendingPlayer(PadGenerator(self.data).fast), self.sites, self.seed


def simulate(
    data: PaleoData,
    sites: list[DigSite],
    games: int,
    bots: list[str],
    seed: int,
    workers: int = 1,
    progress=None,
    scheduler: str | None = None,
) -> list[PaleoGame]:
    """``games`` games in all: deal ``i // len(bots)`` played by ``bots[i % len(bots)]``."""
    from ..parallel import run_jobs

    jobs = [(i, i // len(bots), bots[i % len(bots)]) for i in range(games)]
    return run_jobs(_Setup(data, tuple(sites), seed), _play_one, jobs, workers, progress, scheduler)


def _play_one(context, job) -> PaleoGame:
    player, sites, seed = context
    index, deal, bot = job
    sheet = deal % len(sites)
    rolls = _rolls(seed, deal, player.fast.rules.rounds)
    rng = random.Random(f"paleo-bot/{seed}/{index}")
    detail = player.play_detail(sites[sheet], rolls, rng, bot)
    return PaleoGame(
        sheet,
        bot,
        detail.score,
        deal,
        detail.dug,
        tuple(sorted(detail.circled.items())),
        tuple(sorted(detail.spent.items())),
        detail.trace,
    )


def _stats(scores: list[int]) -> dict:
    return {
        "games": len(scores),
        "mean": stats.mean_ci(scores).json(2),
        "sd": round(statistics.pstdev(scores), 2) if scores else 0,
        "min": min(scores, default=0),
        "max": max(scores, default=0),
    }


def summary(sites: list[DigSite], results: list[PaleoGame], data: PaleoData | None = None) -> dict:
    """Scores per player, difficulty and sheet; paired differences; bonuses; templates."""
    by_bot: dict[str, list[PaleoGame]] = {}
    for g in results:
        by_bot.setdefault(g.bot, []).append(g)
    out: dict = {
        "games": len(results),
        "by_bot": {b: _stats([g.score for g in gs]) for b, gs in sorted(by_bot.items())},
        "differences": _differences(by_bot),
        "by_difficulty": {},
        "by_sheet": [],
        "bonuses": {b: _bonuses(gs) for b, gs in sorted(by_bot.items())},
        "templates": {b: _templates(sites, gs) for b, gs in sorted(by_bot.items())},
    }
    if len(by_bot) > 1:
        out["metrics"] = table_metrics(results)
    rules = data.dig_site if data else None
    bands = {d: (b.low, b.high) for d, b in rules.bands.items()} if rules else {}
    for bot, games in sorted(by_bot.items()):
        per: dict[str, list[int]] = {}
        for g in games:
            per.setdefault(sites[g.sheet].difficulty, []).append(g.score)
        for d in sorted(per, key=DIFFICULTIES.index):
            entry = out["by_difficulty"].setdefault(d, {})
            entry[bot] = _stats(per[d])
            if d in bands:
                lo, hi = bands[d]
                entry["band"] = [lo, hi]
    if "greedy" in by_bot:
        sheet_scores: dict[int, list[int]] = {}
        for g in by_bot["greedy"]:
            sheet_scores.setdefault(g.sheet, []).append(g.score)
        out["by_sheet"] = [
            {
                "code": sites[i].code,
                "difficulty": sites[i].difficulty,
                "expected_score": round(sites[i].expected_score, 2),
                **_stats(s),
            }
            for i, s in sorted(sheet_scores.items())
        ]
    return out


def table_arc(games: Sequence[PaleoGame]) -> Arc:
    """The :class:`~..metrics.Arc` of one deal's table: its players' round-by-round
    scores on the same sheet and rolls; the winners: the highest final score (ties share)."""
    finals = [g.score for g in games]
    best = max(finals)
    trace = list(zip(*(g.trace for g in games), strict=True))
    return arc(trace, [i for i, f in enumerate(finals) if f == best])


def table_metrics(results: list[PaleoGame]) -> dict:
    """The metrics (:mod:`..metrics`) of every deal all the players played."""
    deals: dict[int, list[PaleoGame]] = {}
    for g in results:
        deals.setdefault(g.deal, []).append(g)
    players = max((len(gs) for gs in deals.values()), default=0)
    tables = [gs for _, gs in sorted(deals.items()) if len(gs) == players]
    return metrics.summary([table_arc(gs) for gs in tables if all(g.trace for g in gs)])


def _differences(by_bot: dict[str, list[PaleoGame]]) -> list[dict]:
    """Each pair of players on the deals both played: paired difference of scores."""
    out = []
    for a, b in combinations(sorted(by_bot), 2):
        sa = {g.deal: g.score for g in by_bot[a]}
        sb = {g.deal: g.score for g in by_bot[b]}
        deals = sorted(set(sa) & set(sb))
        xa, xb = [sa[d] for d in deals], [sb[d] for d in deals]
        if sum(xa) < sum(xb):
            a, b, xa, xb = b, a, xb, xa
        out.append(
            {"better": a, "worse": b, "games": len(deals),
             "mean_score": stats.paired_diff_ci(xa, xb).json(2)}
        )  # fmt: skip
    return out


def _bonuses(games: list[PaleoGame]) -> dict:
    """Circles made and spent per game, per bonus (only the spender spends any)."""
    names = sorted({b for g in games for b, _ in g.circled})
    return {
        b: {
            "circles_per_game": stats.mean_ci([dict(g.circled).get(b, 0) for g in games]).json(2),
            "spent_per_game": stats.mean_ci([dict(g.spent).get(b, 0) for g in games]).json(2),
        }
        for b in names
    }


def _templates(sites: list[DigSite], games: list[PaleoGame]) -> dict:
    """Per fossil template: how often a fossil of it is dug, how often with its same-type
    bonus, and the points one such fossil brings on average."""
    placed: dict[str, int] = {}
    dug: dict[str, int] = {}
    bonus: dict[str, int] = {}
    points: dict[str, list[int]] = {}
    worth: dict[str, tuple[int, int]] = {}
    for g in games:
        fossils = sites[g.sheet].fossils
        got = dict(g.dug)
        for i, f in enumerate(fossils):
            t = f.template
            worth[t] = (f.value, f.bonus)
            placed[t] = placed.get(t, 0) + 1
            earned = 0
            if i in got:
                dug[t] = dug.get(t, 0) + 1
                earned = f.value
                if got[i]:
                    bonus[t] = bonus.get(t, 0) + 1
                    earned += f.bonus
            points.setdefault(t, []).append(earned)
    return {
        t: {
            "value": worth[t][0],
            "bonus": worth[t][1],
            "fossils": placed[t],
            "dug_rate": stats.wilson(dug.get(t, 0), placed[t]).json(),
            "bonus_rate": stats.wilson(bonus.get(t, 0), placed[t]).json(),
            "points_per_fossil": stats.mean_ci(points[t]).json(2),
        }
        for t in sorted(placed)
    }
