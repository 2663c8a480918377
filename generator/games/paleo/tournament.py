"""Tournament pads: N different sheets chosen equally hard on measured scores.

The candidates are the tournament seed's pad sheets (:func:`~.pads.sheet_seeds`, of
the difficulty asked for), in seed order, repeats (also turned or mirrored) dropped;
they are made in stages of seeds until N fit the windows. A window is the densest
range of its width (:func:`densest`: the most candidates inside; ties: its centre
nearest the median of all the candidates' scores, then the lowest); the tournament
is the first N candidates in seed order inside both windows.

**Without printed rolls** only the candidates whose fossils are worth the same points
go on (:func:`fossil_points`: the same total of values and of same-type bonuses, the
pair most candidates share): sheets equal for the greedy player are not equal for a
better one, and the points on offer are what a better player turns into score
(docs/moves.md). Each of those is played by the greedy player on the same
COMMON_GAMES dice sequences (:func:`~.evenness.common_rolls` of COMMON_KEY, the same
for every tournament); only candidates whose mean has a 95% interval narrower than
+/-MAX_HALF_WIDTH take part, and the greedy window is MEAN_WINDOW points of means
wide. The candidates inside it are played by the spender player (:mod:`.spender`) on
the first SPENDER_GAMES of the same sequences, and its window is SPENDER_WINDOW points
wide (the spender's sheet effects follow the strong player's closely, at a fiftieth of
its cost).

**With printed rolls** every sheet shares the rolls of :func:`shared_roll_seed`, and
the sheets are chosen on exactly those rolls: the greedy player's score on them
first (cheap, for every candidate), a window of PRINTED_WINDOW + 1 whole scores;
then the par player (:mod:`.par`, a beam search that knows the rolls) on the
candidates inside it, and a par window of the same width among them. The
strong player (:mod:`.strong`, which does not see future rolls) plays each chosen
sheet on the printed rolls too, as a check that takes no part in the choice.

Every number depends on the seed, N and the difficulty only: jobs are cut the same
way whatever the number of worker processes, and their results come back in order.
"""

from __future__ import annotations

import hashlib
import random
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..parallel import run_jobs
from ..stats import Estimate
from .batch import play_batch
from .evenness import (
    common_rolls,
    commonest,
    fossil_points,
    mean_interval,
    points_json,
    sheet_scores,
    spread,
)
from .model import DigSite
from .pads import GenerationError, PadGenerator, sheet_seeds, symmetry_key
from .par import par
from .rolls import MAX_VALUE, Roll, RollSpec
from .shared import with_rolls
from .strong import StrongPlayer

MAX_SHEETS = 100  # a minute or two for 30 sheets: see docs/moves.md
COMMON_KEY = "tournament-common"
COMMON_GAMES = 800  # common dice sequences every candidate is measured on
MAX_HALF_WIDTH = 0.5  # points: the widest 95% interval of a chosen sheet's mean
MEAN_WINDOW = 0.5  # points: highest minus lowest greedy mean of a tournament's sheets
SPENDER_GAMES = 200  # the first common dice sequences, for the spender player
SPENDER_WINDOW = 1.0  # points: highest minus lowest spender mean
PRINTED_WINDOW = 2  # points: highest minus lowest greedy score, and par, on printed rolls
PATIENCE = 800  # candidates per sheet asked for before giving up (seed 7 x30 needs 388)
MIN_CANDIDATES = 1000  # ... but never fewer than this many
SEEDS_PER_JOB = 32


def shared_roll_seed(seed: int) -> int:
    """The roll seed every sheet of the tournament of ``seed`` shares."""
    digest = hashlib.sha256(f"dinokit-tournament/v1/{seed}".encode()).digest()
    return int.from_bytes(digest[:4], "big") % (MAX_VALUE + 1)


@dataclass(frozen=True)
class Measure:
    """What was measured on one chosen sheet."""

    common: Estimate  # greedy mean on the common rolls, 95% interval
    spender: Estimate | None = None  # spender mean on the first SPENDER_GAMES of them
    greedy: int | None = None  # on the printed rolls
    par: int | None = None
    strong: int | None = None

    def json(self, games: int) -> dict[str, object]:
        common: dict[str, object] = {"games": games, "greedy_mean": self.common.json(3)}
        if self.spender is not None:
            common["spender_games"] = SPENDER_GAMES
            common["spender_mean"] = self.spender.json(3)
        found: dict[str, object] = {"common_rolls": common}
        if self.greedy is not None:
            found["printed_rolls"] = {"greedy": self.greedy, "par": self.par, "strong": self.strong}
        return found


@dataclass(frozen=True)
class Tournament:
    """The chosen sheets (with their printed rolls, if any) and what was measured."""

    seed: int
    difficulty: str
    printed: bool
    sheets: list[DigSite]
    measures: list[Measure]
    candidates: int  # different sheets measured
    second: int  # of them, how many the second player (par or spender) played
    greedy_played: int = 0  # without printed rolls: how many had the shared points

    def json(self) -> dict[str, object]:
        """The tournament's part of the pad JSON: the rule, the spreads."""
        common = [m.common.value for m in self.measures]
        rolls: dict[str, object] = {
            "key": COMMON_KEY,
            "games": COMMON_GAMES,
            "greedy_mean": spread(common),
            "widest_ci95_half": round(
                max((m.common.hi - m.common.lo) / 2 for m in self.measures), 3
            ),
        }
        found: dict[str, object] = {
            "seed": self.seed,
            "difficulty": self.difficulty,
            "sheets": len(self.sheets),
            "rolls": "printed" if self.printed else "none",
            "candidates": self.candidates,
            "chosen_on": "printed_rolls" if self.printed else "common_rolls",
            "common_rolls": rolls,
            "fossil_points": {
                name: spread([fossil_points(site)[k] for site in self.sheets])
                for k, name in enumerate(("values", "bonuses"))
            },
        }
        if self.printed:
            found["windows"] = {"greedy": PRINTED_WINDOW, "par": PRINTED_WINDOW}
            found["par_played"] = self.second
            found["printed_rolls"] = {
                name: spread([getattr(m, name) for m in self.measures])
                for name in ("greedy", "par", "strong")
            }
        else:
            found["windows"] = {
                "greedy_mean": MEAN_WINDOW,
                "fossil_points": 0,
                "spender_mean": SPENDER_WINDOW,
            }
            found["greedy_played"] = self.greedy_played
            found["spender_played"] = self.second
            rolls["spender_games"] = SPENDER_GAMES
            rolls["spender_mean"] = spread([m.spender.value for m in self.measures if m.spender])
        return found

    def pad_extra(self) -> tuple[dict[str, object], list[dict[str, object]]]:
        """What the pad JSON adds: ``tournament`` at the top and in every sheet."""
        sheets: list[dict[str, object]] = [
            {"tournament": {**m.json(COMMON_GAMES), "fossil_points": points_json(site)}}
            for m, site in zip(self.measures, self.sheets, strict=True)
        ]
        return {"tournament": self.json()}, sheets


# ------------------------------------------------------------------ the work


@dataclass
class _Context:
    generator: PadGenerator
    common: list[tuple[Roll, ...]]


def _make(context: _Context, job: tuple[str, Sequence[int], tuple[Roll, ...] | None]):
    """Sheets of some seeds, each with its greedy score on the printed rolls (an int;
    None without printed rolls: :func:`_greedy_common` plays those that need it)."""
    difficulty, seeds, printed = job
    generator = context.generator
    sites = generator.sheets(difficulty, seeds)
    if printed is None:
        return [(site, None) for site in sites]
    scores = play_batch(generator.batch, sites, [printed])[0]
    return [(site, int(s)) for site, s in zip(sites, scores, strict=True)]


def _greedy_common(context: _Context, sites: Sequence[DigSite]) -> list[tuple[int, int]]:
    """The greedy player's sum and sum of squares on the common rolls, per sheet."""
    table = play_batch(context.generator.batch, sites, context.common)
    return [(int(column.sum()), int((column * column).sum())) for column in table.T]


def _par(context: _Context, job: tuple[DigSite, tuple[Roll, ...]]) -> int:
    site, rolls = job
    return par(context.generator.fast, site, rolls)[0]


def _spender(context: _Context, site: DigSite) -> tuple[int, int]:
    """The spender player's sum and sum of squares on the first SPENDER_GAMES common rolls."""
    rolls = context.common[:SPENDER_GAMES]
    scores = np.array(sheet_scores(context.generator.fast, "spender", site, rolls))
    return int(scores.sum()), int((scores * scores).sum())


def _strong(context: _Context, job: tuple[DigSite, tuple[Roll, ...]]) -> int:
    """The strong player on these rolls, its sampling seeded by the sheet's code."""
    site, rolls = job
    rng = random.Random(f"dinokit-tournament/strong/{site.code}")
    return StrongPlayer(context.generator.fast).play(site, rolls, rng)


def _common(context: _Context, sites: Sequence[DigSite]) -> list[Estimate]:
    table = play_batch(context.generator.batch, sites, context.common)
    return [mean_interval(int(c.sum()), int((c * c).sum()), len(context.common)) for c in table.T]


def densest(values: Sequence[int], width: int) -> tuple[int, int]:
    """The range ``[low, low + width]`` holding the most of ``values`` (whole numbers);
    ties: the one whose centre is nearest the median of ``values``, then the lowest."""
    ordered = sorted(values)
    median = statistics.median(ordered)
    best: tuple[int, float, int] | None = None
    for i, low in enumerate(ordered):
        if i and ordered[i - 1] == low:
            continue
        inside = int(np.searchsorted(ordered, low + width, side="right")) - i
        key = (-inside, abs(low + width / 2 - median), low)
        if best is None or key < best:
            best = key
    assert best is not None, "no values"
    return best[2], best[2] + width


# ------------------------------------------------------------------ the choice


def tournament(
    generator: PadGenerator,
    count: int,
    seed: int,
    difficulty: str,
    shared_rolls: bool = False,
    progress: Callable[[int], object] | None = None,
    workers: int = 1,
) -> Tournament:
    """``count`` different sheets, chosen as the module says."""
    if not 1 <= count <= MAX_SHEETS:
        raise ValueError(f"a tournament has 1 to {MAX_SHEETS} sheets, not {count}")
    rounds = generator.rules.rounds
    spec = RollSpec("shared", shared_roll_seed(seed))
    printed = spec.rolls("", rounds) if shared_rolls else None
    context = _Context(generator, common_rolls(COMMON_KEY, COMMON_GAMES, rounds))

    def run(work, jobs):
        return run_jobs(lambda: context, work, jobs, workers)

    seeds = sheet_seeds(seed)
    limit = max(MIN_CANDIDATES, PATIENCE * count)
    stage = min(limit, (16 if shared_rolls else 96) * count + 32)  # seeds per stage
    pool: list[DigSite] = []
    scores: list = []  # greedy: an int (printed rolls) or None (common rolls: in `greedy`)
    greedy: dict[int, tuple[int, int]] = {}  # pool index -> sum, squares on the common rolls
    keys: set[tuple] = set()
    second: dict[int, Any] = {}  # pool index -> par on the printed rolls, or spender sums
    while True:
        fresh = [next(seeds) for _ in range(stage)]
        jobs = [
            (difficulty, fresh[i : i + SEEDS_PER_JOB], printed)
            for i in range(0, len(fresh), SEEDS_PER_JOB)
        ]
        for made in run(_make, jobs):
            for site, score in made:
                key = symmetry_key(site)
                if key not in keys:
                    keys.add(key)
                    pool.append(site)
                    scores.append(score)
        if printed is None:
            points = [fossil_points(site) for site in pool]
            share = commonest(points)
            todo = [i for i, p in enumerate(points) if p == share and i not in greedy]
            parts = [todo[k : k + SEEDS_PER_JOB] for k in range(0, len(todo), SEEDS_PER_JOB)]
            played = run(_greedy_common, [[pool[i] for i in part] for part in parts])
            for part, sums in zip(parts, played, strict=True):
                greedy.update(zip(part, sums, strict=True))
            chosen = _choose_common(
                [i for i, p in enumerate(points) if p == share],
                greedy,
                count,
                second,
                lambda todo: run(_spender, [pool[i] for i in todo]),
            )
        else:
            chosen = _choose_printed(
                scores, count, second, lambda todo: run(_par, [(pool[i], printed) for i in todo])
            )
        if chosen is not None:
            break
        if len(pool) >= limit:
            what = (
                f"greedy and par scores on the printed rolls within {PRINTED_WINDOW} points"
                if printed is not None
                else f"the same fossil points, greedy means within {MEAN_WINDOW:g} and "
                f"spender means within {SPENDER_WINDOW:g} point"
            )
            raise GenerationError(
                f"no {count} {difficulty} sheets with {what} of each other among the "
                f"first {len(pool)} different sheets of seed {seed}; ask for fewer sheets"
            )
        stage = min(stage, limit - len(pool))
    sheets = [pool[i] for i in chosen]
    common = _common(context, sheets)
    if printed is None:
        measures = [
            Measure(c, mean_interval(second[i][0], second[i][1], SPENDER_GAMES))
            for c, i in zip(common, chosen, strict=True)
        ]
    else:
        strong = run(_strong, [(site, printed) for site in sheets])
        measures = [
            Measure(c, None, scores[i], second[i], s)
            for c, i, s in zip(common, chosen, strong, strict=True)
        ]
        sheets = [with_rolls(generator, site, spec) for site in sheets]
    if progress is not None:
        progress(count)
    return Tournament(
        seed, difficulty, printed is not None, sheets, measures, len(pool), len(second), len(greedy)
    )


def _narrow(total: int, squares: int, games: int) -> bool:
    estimate = mean_interval(total, squares, games)
    return (estimate.hi - estimate.lo) / 2 < MAX_HALF_WIDTH


def _choose_common(
    keyed: list[int],
    greedy: dict[int, tuple[int, int]],
    count: int,
    spender: dict[int, tuple[int, int]],
    play_spender: Callable[[list[int]], list[tuple[int, int]]],
) -> list[int] | None:
    """Pool indices of the first ``count`` of the candidates ``keyed`` (those with the
    fossil points most candidates share) inside the densest window of greedy means
    (``greedy``: sum and squares by pool index) and, among those, the densest window
    of spender means (played as needed, kept in ``spender``)."""
    games = COMMON_GAMES
    able = [i for i in keyed if _narrow(*greedy[i], games)]
    if len(able) < count:
        return None
    width = round(MEAN_WINDOW * games)  # in sums of scores: exact whole numbers
    low, high = densest([greedy[i][0] for i in able], width)
    inside = [i for i in able if low <= greedy[i][0] <= high]
    spender_width = round(SPENDER_WINDOW * SPENDER_GAMES)
    return _second_window(inside, count, spender, play_spender, spender_width)


def _choose_printed(
    greedy: list[int],
    count: int,
    pars: dict[int, int],
    play_pars: Callable[[list[int]], list[int]],
) -> list[int] | None:
    """Pool indices of the first ``count`` candidates inside the densest greedy window
    and, among those, the densest par window (pars are played as needed, kept in
    ``pars``)."""
    low, high = densest(greedy, PRINTED_WINDOW)
    inside = [i for i, g in enumerate(greedy) if low <= g <= high]
    return _second_window(inside, count, pars, play_pars, PRINTED_WINDOW)


def _second_window(
    inside: list[int],
    count: int,
    known: dict[int, Any],
    play: Callable[[list[int]], list[Any]],
    width: int,
) -> list[int] | None:
    """The first ``count`` of ``inside`` within the densest ``width`` window of the
    second player's score (a whole number, or the sum of a (sum, squares) pair),
    played for those not yet ``known``."""
    if len(inside) < count:
        return None
    todo = [i for i in inside if i not in known]
    for i, score in zip(todo, play(todo), strict=True):
        known[i] = score
    value = {i: known[i][0] if isinstance(known[i], tuple) else known[i] for i in inside}
    low, high = densest(list(value.values()), width)
    both = [i for i in inside if low <= value[i] <= high]
    return both[:count] if len(both) >= count else None
