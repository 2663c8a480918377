"""How even a set of sheets is: scores on common rolls, analysed sheet x rolls.

Every sheet is played on the same dice sequences (common rolls), so the scores form a
table ``scores[game, sheet]``. :func:`two_way` fits the additive model

    score = grand mean + sheet effect + rolls effect + residual

(a two-way analysis of variance without replication): a sheet's effect is its mean
minus the grand mean, and its 95% interval is Student's t on the residual mean
square with (sheets - 1)(games - 1) degrees of freedom and the standard error
``sqrt(MS_residual * (sheets - 1) / (sheets * games))``. The rolls effect (some
sequences are lucky for everyone) is taken out, which is why common rolls measure
a difference between sheets far more sharply than separate rolls. Also: the F test
of "no sheet effect" and the estimated standard deviation of the true sheet effects,
``sqrt(max(0, (MS_sheets - MS_residual) / games))``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..parallel import run_jobs
from ..stats import LEVEL, Estimate, betainc, mean_ci, t_quantile
from .model import DigSite
from .player import FastRules, Prepared
from .rolls import Roll, derive_rolls
from .spender import SpendingPlayer


def common_rolls(key: str, games: int, rounds: int) -> list[tuple[Roll, ...]]:
    """``games`` dice sequences from ``key``: sequence k is ``derive_rolls(f"{key}/{k}")``
    (SHA-256, the same on every machine and Python)."""
    return [derive_rolls(f"{key}/{k}", rounds) for k in range(games)]


#: Players :func:`play_common` can use: the greedy one (the measure the sheets are
#: chosen on) and two that play otherwise, as checks.
PLAYERS = ("greedy", "spender", "strong")


def sheet_scores(
    fast: FastRules, mode: str, site: DigSite, rolls: Sequence[Sequence[Roll]]
) -> list[int]:
    """Player ``mode``'s score on ``site`` for each dice sequence (the strong player's
    sampling seeded by the sheet's code and the sequence's number)."""
    player = SpendingPlayer(fast)
    prepared = Prepared(fast, site)
    return [
        player.play_detail(
            prepared, r, random.Random(f"dinokit-evenness/{mode}/{site.code}/{k}"), mode
        ).score
        for k, r in enumerate(rolls)
    ]


def _play_sheet(context, job) -> list[int]:
    fast, rolls = context
    mode, site = job
    return sheet_scores(fast, mode, site, rolls)


def play_common(
    fast: FastRules,
    sites: Sequence[DigSite],
    mode: str,
    rolls: Sequence[Sequence[Roll]],
    workers: int = 1,
) -> np.ndarray:
    """``scores[game, sheet]`` of player ``mode`` (one of PLAYERS) on the same rolls for
    every sheet; the strong player's sampling is seeded by sheet code and game, so the
    table is the same whatever ``workers`` is."""
    if mode not in PLAYERS:
        raise ValueError(f"unknown player {mode!r}, expected one of {', '.join(PLAYERS)}")
    columns = run_jobs(
        lambda: (fast, list(rolls)), _play_sheet, [(mode, s) for s in sites], workers
    )
    return np.array(columns, dtype=np.int64).T.reshape(len(rolls), len(sites))


def mean_interval(total: int, squares: int, games: int) -> Estimate:
    """The mean of ``games`` scores from their sum and sum of squares, with Student's
    t interval (as :func:`~dinokit.games.stats.mean_ci` gives it from the scores)."""
    mean = total / games
    if games < 2:
        return Estimate(mean, mean, mean)
    variance = max(0.0, (squares - total * total / games) / (games - 1))
    half = t_quantile(0.5 + LEVEL / 2, games - 1) * math.sqrt(variance / games)
    return Estimate(mean, mean - half, mean + half)


@dataclass(frozen=True)
class SheetEffects:
    """The two-way analysis of ``scores[game, sheet]`` (see the module)."""

    games: int
    means: tuple[Estimate, ...]  # each sheet's mean score with its own t interval
    effects: tuple[Estimate, ...]  # each sheet's mean minus the grand mean, 95% interval
    residual_sd: float
    effect_sd: float  # estimated SD of the true sheet effects (0 when within the noise)
    f: float
    p: float  # of the F test of no sheet effect

    @property
    def largest(self) -> float:
        """The farthest any sheet's effect interval reaches from 0, in points."""
        return max(max(abs(e.lo), abs(e.hi)) for e in self.effects)

    def shown_beyond(self, limit: float) -> list[int]:
        """The sheets whose effect is shown larger than ``limit`` points: its whole 95%
        interval lies above ``limit`` or below ``-limit``."""
        return [i for i, e in enumerate(self.effects) if e.lo > limit or e.hi < -limit]

    def json(self) -> dict[str, object]:
        return {
            "games": self.games,
            "sheet_effects": [e.json(3) for e in self.effects],
            "largest_effect_reach": round(self.largest, 3),
            "effect_sd": round(self.effect_sd, 3),
            "residual_sd": round(self.residual_sd, 3),
            "f": round(self.f, 3),
            "p": float(f"{self.p:.3g}"),
        }


def two_way(scores: np.ndarray) -> SheetEffects:
    """The sheet x rolls analysis of ``scores[game, sheet]`` (two sheets or more, two
    games or more)."""
    games, sheets = scores.shape
    if games < 2 or sheets < 2:
        raise ValueError(f"a two-way analysis needs 2 games and 2 sheets, not {scores.shape}")
    x = scores.astype(np.float64)
    grand = float(x.mean())
    sheet_means = x.mean(axis=0)
    roll_means = x.mean(axis=1)
    residual = x - sheet_means[None, :] - roll_means[:, None] + grand
    df_res = (games - 1) * (sheets - 1)
    ms_res = float((residual**2).sum()) / df_res
    ms_sheets = games * float(((sheet_means - grand) ** 2).sum()) / (sheets - 1)
    half = t_quantile(0.5 + LEVEL / 2, df_res) * math.sqrt(ms_res * (sheets - 1) / (sheets * games))
    effects = tuple(
        Estimate(float(m) - grand, float(m) - grand - half, float(m) - grand + half)
        for m in sheet_means
    )
    f = ms_sheets / ms_res if ms_res > 0 else math.inf
    return SheetEffects(
        games,
        tuple(mean_ci(x[:, i].tolist()) for i in range(sheets)),
        effects,
        math.sqrt(ms_res),
        math.sqrt(max(0.0, (ms_sheets - ms_res) / games)),
        f,
        _f_sf(f, sheets - 1, df_res),
    )


def _f_sf(f: float, d1: int, d2: int) -> float:
    """P(F >= f) for Fisher's F with (d1, d2) degrees of freedom."""
    if math.isinf(f):
        return 0.0
    if f <= 0:
        return 1.0
    return betainc(d2 / 2.0, d1 / 2.0, d2 / (d2 + d1 * f))


def spread(values: Sequence[float]) -> dict[str, float]:
    """``{"min", "max", "range"}`` of some scores (rounded for JSON)."""
    low, high = min(values), max(values)
    return {"min": round(low, 3), "max": round(high, 3), "range": round(high - low, 3)}


def fossil_points(site: DigSite) -> tuple[int, int]:
    """The points a sheet's fossils are worth: their values and their same-type
    bonuses, each summed (both are printed in the sheet's scoring area)."""
    return sum(f.value for f in site.fossils), sum(f.bonus for f in site.fossils)


def points_json(site: DigSite) -> dict[str, int]:
    values, bonuses = fossil_points(site)
    return {"values": values, "bonuses": bonuses}


def commonest(keys: Sequence[tuple[int, int]]) -> tuple[int, int]:
    """The key most of ``keys`` share (ties: the lowest)."""
    counts: dict[tuple[int, int], int] = {}
    for key in keys:
        counts[key] = counts.get(key, 0) + 1
    return min(counts, key=lambda key: (-counts[key], key))
