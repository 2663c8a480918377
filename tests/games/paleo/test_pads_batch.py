"""The measure played side by side (games/paleo/batch.py) is the greedy player's,
game for game, and the generator makes the same sheets alone or in a batch."""

from __future__ import annotations

import dataclasses
import random

import numpy as np
import pytest

from dinokit.games.data import DEFAULT_DATA_DIR, load_games
from dinokit.games.paleo.batch import BatchRules, play_batch
from dinokit.games.paleo.engine import Rules, dice_sequences
from dinokit.games.paleo.model import Fossil
from dinokit.games.paleo.pads import PadGenerator, unfair_reasons
from dinokit.games.paleo.player import FastRules, Prepared, play
from dinokit.source.diagnostics import Diagnostics


@pytest.fixture(scope="module")
def generator():
    data = load_games(DEFAULT_DATA_DIR, Diagnostics())  # loaded, not validated: quick
    assert data is not None
    return PadGenerator(data.game("paleontologists"))


def fair_candidates(generator: PadGenerator, count: int, seed: int) -> list:
    rng, found = random.Random(seed), []
    while len(found) < count:
        site = generator.layout(rng, rng.choice(["easy", "medium", "hard"]))
        if site is not None and not unfair_reasons(generator.rules, site):
            found.append(site)
    return found


@pytest.mark.parametrize("limit", [None, 1])
def test_batch_scores_are_the_greedy_players(generator, limit) -> None:
    """Every score of every game equals play()'s, also when the bonus area fills up
    (one circle per bonus: later stars give nothing and weigh nothing)."""
    rules: Rules = generator.rules
    if limit is not None:
        rules = dataclasses.replace(rules, bonus_limits=dict.fromkeys(rules.bonus_limits, limit))
    fast = FastRules(rules)
    sites = fair_candidates(generator, 5, seed=7 + (limit or 0))
    rolls = dice_sequences(6, rules.rounds, seed=11)
    got = play_batch(BatchRules(fast), sites, rolls)
    expected = np.array([[play(fast, Prepared(fast, s), r) for s in sites] for r in rolls])
    assert got.shape == (6, 5)
    assert (got == expected).all()
    assert len(set(got.ravel().tolist())) > 3  # real games, not all the same number


def test_measure_is_the_mean_of_the_eight_games(generator) -> None:
    site = fair_candidates(generator, 1, seed=3)[0]
    band = generator.bands["medium"]
    scores = [play(generator.fast, site, r) for r in generator.rolls]
    early = sum(scores[:3]) / 3
    expected = (
        None if early < band.low - 3.5 or early >= band.high + 3.5 else sum(scores) / len(scores)
    )
    assert generator.measure(site, band) == expected


def test_a_seed_makes_the_same_sheet_alone_or_in_a_batch(generator) -> None:
    seeds = [5, 17, 2**32 - 1, 99]
    together = generator.sheets("hard", seeds)
    assert together == [generator.sheet("hard", s) for s in seeds]
    assert [s.seed for s in together] == seeds


def test_the_fast_fairness_check_agrees_with_the_reasons(generator) -> None:
    """is_fair() is exactly ``not unfair_reasons()``, on fair sheets and on sheets
    broken in each way the reasons name."""
    rng = random.Random(4)
    sites = fair_candidates(generator, 30, seed=5)
    broken = []
    for site in sites[:10]:
        a, b = site.fossils[0], site.fossils[1]
        star_on_fossil = dataclasses.replace(site, stars=(a.cells[0], *site.stars[1:]))
        r, c = a.cells[0]
        beside = [(r + dr, c + dc) for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))]
        free = [p for p in beside if generator.rules.inside(p) and p not in a.cells]
        touching = dataclasses.replace(
            site, fossils=(a, dataclasses.replace(b, cells=(free[0],)), *site.fossils[2:])
        )
        overlap = dataclasses.replace(
            site, fossils=(a, dataclasses.replace(b, cells=a.cells), *site.fossils[2:])
        )
        # a ring of single fossils around a cell: nothing can dig the fossil inside it
        walled = dataclasses.replace(
            site,
            fossils=(
                Fossil("A", ((0, 0),), 2, 1, "single"),
                Fossil("B", ((0, 2),), 2, 1, "single"),
                Fossil("C", ((2, 0),), 2, 1, "single"),
            ),
            stars=((1, 1),),
        )
        broken += [star_on_fossil, touching, overlap, walled]
    rng.shuffle(broken)
    verdicts = {generator.is_fair(s) == (not unfair_reasons(generator.rules, s)) for s in sites}
    assert verdicts == {True} and all(generator.is_fair(s) for s in sites)
    for site in broken:
        assert generator.is_fair(site) == (not unfair_reasons(generator.rules, site))
    assert not any(generator.is_fair(s) for s in broken[:20] if unfair_reasons(generator.rules, s))


def test_a_cell_is_dead_exactly_when_no_placement_can_cover_it(generator) -> None:
    """The check that drops settled games: a cell whose region of open cells is
    smaller than a shape is one no placement of any shape covers, and the other way
    round (the shapes are every pentomino), on random half-drawn grids."""
    from dinokit.games.paleo.batch import _dead_cells

    fast, rules = generator.fast, generator.rules
    rng = np.random.default_rng(3)
    free = rng.random((40, fast.n)) < np.linspace(0.3, 0.8, 40)[:, None]
    dead = _dead_cells(free, free, rules.rows, rules.cols, generator.batch.smallest)
    placed_free = free[:, fast.cells].all(axis=2)  # (lane, placement): every cell open
    coverable = np.zeros_like(free)
    for lane in range(len(free)):
        coverable[lane, fast.cells[placed_free[lane]].ravel()] = True
    assert generator.batch.drops and dead.any() and (free & ~dead).any()
    assert (dead == (free & ~coverable)).all()
