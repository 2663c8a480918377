"""Tuning Digging for Dinos: search the species' values that meet balance targets.

Takes the data, the targets and a bot; gives the best values found and the numbers
before and after. Each trial sets every species' complete (right-hand) value, and
with ``left`` every position's left-hand value, within the stated bounds, plays the
same games (the same seeds, so trials differ by the values only: common random
numbers) with the bot in every seat, and scores the misses:

- ``completion-share=X``: the share of all points that completed dinosaurs give
  should be X (squared relative miss); ``min-completion-share=X``: at least X;
- ``per-tile-spread=X``: every species' points per tile collected within X of the
  median species (squared excess beyond X, per species);

plus a penalty for a complete value not above the left-hand values of its tiles
(nobody would complete such a dinosaur; without ``left`` it is a lower bound of the
search), and a small pull towards the current values, so that of two equally good value
sets the one closer to today's data wins. The first ``WARM`` trials each take a
correction step from the best outcome so far (:func:`correction`); then optuna's TPE
sampler searches with a fixed seed, trials one after the other: the same command
gives the same values.
(Optuna because its integer search spaces and seeded sampler fit a few dozen whole
numbers, and it is widely used and maintained; scipy's optimisers want continuous
or smooth objectives.)
"""

from __future__ import annotations

import statistics
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from .model import DinosData
from .summary import summary

TARGETS = ("completion-share", "min-completion-share", "per-tile-spread")
PULL = 0.002  # weight of the relative distance from the current values
WARM = 3  # trials that take the correction step from the best outcome so far
DAMPING = 0.6  # share of the full correction step taken (the bots adapt to new values)


@dataclass(frozen=True)
class Bounds:
    complete: tuple[int, int] = (4, 30)
    left: tuple[int, int] = (1, 3)


@dataclass
class Outcome:
    values: dict[str, int]  # species -> complete value
    lefts: dict[str, dict[str, int]]  # species -> position -> left-hand value
    numbers: dict  # the summary of the games
    miss: float
    trials: list[float] = field(default_factory=list)  # miss of every trial, in order


def with_values(
    data: DinosData, complete: dict[str, int], lefts: dict[str, dict[str, int]] | None = None
) -> DinosData:
    """The data with these complete values (and left-hand values), tiles included."""
    lefts = lefts or {}
    species = []
    for sp in data.species:
        positions = tuple(
            replace(p, value=lefts.get(sp.id, {}).get(p.id, p.value)) for p in sp.positions
        )
        species.append(replace(sp, complete=complete.get(sp.id, sp.complete), positions=positions))
    by_id = {sp.id: sp for sp in species}
    eras = []
    for era in data.eras:
        tiles = []
        for t in era.tiles:
            sp = by_id[t.species]
            old = data.species_by_id(t.species)
            assert old is not None
            pos, was = sp.position(t.position), old.position(t.position)
            left = t.left
            if pos is not None and was is not None and t.left == was.value:
                left = pos.value  # follows the species' value (not a printed override)
            tiles.append(replace(t, left=left, right=sp.complete))
        eras.append(replace(era, tiles=tuple(tiles)))
    return replace(data, species=tuple(species), eras=tuple(eras))


def median(values: list[float]) -> float:
    return statistics.median(values) if values else 0.0


def misses(numbers: dict, targets: dict[str, float]) -> float:
    """How far the games' numbers are from the targets (0: all met)."""
    total = 0.0
    if "completion-share" in targets:
        want = targets["completion-share"]
        total += ((numbers["completion_share"]["value"] - want) / want) ** 2
    if "min-completion-share" in targets:
        want = targets["min-completion-share"]
        total += (max(0.0, want - numbers["completion_share"]["value"]) / want) ** 2
    if "per-tile-spread" in targets:
        spread = targets["per-tile-spread"]
        per_tile = [s["points_per_tile"]["value"] for s in numbers["species"].values()]
        mid = median(per_tile)
        for v in per_tile:
            total += max(0.0, abs(v / mid - 1) - spread) ** 2 if mid else 0.0
    return total


def spread_of(numbers: dict) -> float:
    """The largest relative distance of a species' points per tile from the median."""
    per_tile = [s["points_per_tile"]["value"] for s in numbers["species"].values()]
    mid = median(per_tile)
    return max(abs(v / mid - 1) for v in per_tile) if mid else 0.0


def correction(
    numbers: dict,
    values: dict[str, int],
    targets: dict[str, float],
    bounds: Bounds,
    floors: dict[str, int] | None = None,
    damping: float = 0.6,
) -> dict[str, int]:
    """A better guess from one outcome: each species' complete value moved by what its
    points per tile miss from the median, then all scaled towards the completion share
    (a Newton-like step; the sampler takes it from there)."""
    floors = floors or {}
    species, bots = numbers["species"], numbers["bots"]
    seats = next(iter(bots.values())) if bots else None
    per_tile = {s: e["points_per_tile"]["value"] for s, e in species.items()}
    mid = median(list(per_tile.values()))
    new: dict[str, float] = {}
    for s, value in values.items():
        made = species[s]["completions_per_game"]["value"]
        tiles = seats["species"][s]["tiles_per_game"]["value"] * numbers["players"] if seats else 0
        if "per-tile-spread" in targets and made > 0:
            step = damping * (mid - per_tile[s]) * tiles / made
            value = min(max(value + step, value * 0.6), value * 1.6)
        new[s] = value
    share = numbers["completion_share"]["value"]
    want = targets.get("completion-share", targets.get("min-completion-share", share))
    if ("completion-share" in targets or share < want) and 0 < share < 1:
        new = {s: v * want * (1 - share) / (share * (1 - want)) for s, v in new.items()}
    lo, hi = bounds.complete
    return {s: min(hi, max(lo, floors.get(s, lo), round(v))) for s, v in new.items()}


def tune(
    data: DinosData,
    targets: dict[str, float],
    play: Callable[[DinosData], list],
    trials: int,
    seed: int,
    bounds: Bounds = Bounds(),
    left: bool = False,
    report: Callable[[int, float], None] | None = None,
) -> tuple[Outcome, Outcome]:
    """(before, best after): ``play(data)`` plays the games of one trial."""
    import optuna

    # ERROR: a trial stopped by Ctrl-C is not logged with its traceback (it is re-raised)
    optuna.logging.set_verbosity(optuna.logging.ERROR)
    current = {sp.id: sp.complete for sp in data.species}
    current_left = {sp.id: {p.id: p.value for p in sp.positions} for sp in data.species}

    # a completed dinosaur is worth more than its tiles apart (else nobody completes it)
    floors = {s: max(bounds.complete[0], sum(ps.values()) + 1) for s, ps in current_left.items()}

    def evaluate(values: dict[str, int], lefts: dict[str, dict[str, int]]) -> Outcome:
        trial_data = with_values(data, values, lefts)
        numbers = summary(trial_data, play(trial_data))
        pull = sum(abs(values[s] - current[s]) / current[s] for s in values) / len(values)
        below = sum(max(0, sum(lefts[s].values()) + 1 - values[s]) for s in values)
        return Outcome(values, lefts, numbers, misses(numbers, targets) + PULL * pull + below)

    before = evaluate(current, current_left)
    best = before
    history: list[float] = []

    def objective(trial) -> float:
        nonlocal best
        values = {
            s: trial.suggest_int(f"complete:{s}", bounds.complete[0] if left else
                                 min(floors[s], bounds.complete[1]), bounds.complete[1])
            for s in current
        }  # fmt: skip
        lefts = {
            s: {p: trial.suggest_int(f"left:{s}:{p}", *bounds.left) if left else v
                for p, v in positions.items()}
            for s, positions in current_left.items()
        }  # fmt: skip
        outcome = evaluate(values, lefts)
        history.append(outcome.miss)
        if outcome.miss < best.miss:
            best = outcome
        if report:
            report(len(history), best.miss)
        return outcome.miss

    sampler = optuna.samplers.TPESampler(seed=seed, n_startup_trials=min(10, trials))
    study = optuna.create_study(direction="minimize", sampler=sampler)
    known = {f"complete:{s}": v for s, v in current.items()}
    if left:
        known.update({f"left:{s}:{p}": v for s, ps in current_left.items() for p, v in ps.items()})
    low_high = {
        k: bounds.left
        if k.startswith("left:")
        else (
            bounds.complete[0] if left else min(floors[k[9:]], bounds.complete[1]),
            bounds.complete[1],
        )
        for k in known
    }
    if all(lo <= known[k] <= hi for k, (lo, hi) in low_high.items()):
        # today's data as the first trial the sampler knows, without playing it again
        dists: dict[str, optuna.distributions.BaseDistribution] = {
            k: optuna.distributions.IntDistribution(*low_high[k]) for k in known
        }
        study.add_trial(optuna.trial.create_trial(params=known, distributions=dists,
                                                  value=before.miss))  # fmt: skip
    damping = DAMPING
    for _ in range(min(WARM, trials)):  # a few corrections first, then the sampler
        start = best
        guess = correction(best.numbers, best.values, targets, bounds, floors, damping)
        study.enqueue_trial({f"complete:{s}": v for s, v in guess.items()}, skip_if_exists=True)
        study.optimize(objective, n_trials=1)
        if best is start:  # no better: a shorter step from the same place next time
            damping /= 2
    study.optimize(objective, n_trials=trials - min(WARM, trials))
    best.trials = history
    return before, best
