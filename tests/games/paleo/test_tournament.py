"""Tournaments: sheets chosen equally hard on the printed rolls, or on common rolls.

The big numbers (30 sheets, and the strong player, which takes no part in the choice,
on fresh rolls) are in ``make bench`` (``generator/tools/bench_tournament.py``) and
docs/moves.md; these use three sheets.
"""

from __future__ import annotations

import json

import numpy as np
import pytest
from shipped_data import shipped

from dinokit.games.paleo import tournament as tournament_module
from dinokit.games.paleo.batch import play_batch
from dinokit.games.paleo.evenness import common_rolls, play_common, two_way
from dinokit.games.paleo.pads import GenerationError, PadGenerator, sheet_seeds
from dinokit.games.paleo.par import par
from dinokit.games.paleo.player import play
from dinokit.games.paleo.rolls import derive_rolls
from dinokit.games.paleo.shared import sheet_from_code
from dinokit.games.paleo.tournament import (
    COMMON_GAMES,
    COMMON_KEY,
    MAX_HALF_WIDTH,
    MEAN_WINDOW,
    PRINTED_WINDOW,
    SPENDER_GAMES,
    SPENDER_WINDOW,
    densest,
    shared_roll_seed,
    tournament,
)
from dinokit.products.paleo.pad import pad_json

FRESH_GAMES = 250  # fresh common roll sets of the independent check


@pytest.fixture(scope="module")
def generator() -> PadGenerator:
    return PadGenerator(shipped().game("paleontologists"))


@pytest.fixture(scope="module")
def printed(generator):
    return tournament(generator, 3, 7, "medium", shared_rolls=True)


@pytest.fixture(scope="module")
def common(generator):
    return tournament(generator, 3, 7, "medium")


def test_printed_tournament_is_even_on_its_own_rolls(generator, printed):
    """Greedy and par, replayed here (greedy by the reference numpy player, not the C
    batch the choice used), each within PRINTED_WINDOW on the one set of rolls."""
    rolls = derive_rolls(f"shared/{shared_roll_seed(7)}")
    assert {s.rolls for s in printed.sheets} == {rolls}
    greedy = [play(generator.fast, s, rolls) for s in printed.sheets]
    pars = [par(generator.fast, s, rolls)[0] for s in printed.sheets]
    assert max(greedy) - min(greedy) <= PRINTED_WINDOW
    assert max(pars) - min(pars) <= PRINTED_WINDOW
    assert greedy == [m.greedy for m in printed.measures]
    assert pars == [m.par for m in printed.measures]
    assert all(m.strong is not None for m in printed.measures)
    assert len({s.base_code for s in printed.sheets}) == 3
    assert len({s.fossils for s in printed.sheets}) == 3


def test_a_printed_code_rebuilds_its_sheet(generator, printed):
    site = printed.sheets[1]
    again = sheet_from_code(generator, site.code, with_par=False)
    assert (again.fossils, again.stars, again.rolls) == (site.fossils, site.stars, site.rolls)


def test_common_rolls_tournament_means_are_narrow_and_close(generator, common):
    means = [m.common for m in common.measures]
    assert all((e.hi - e.lo) / 2 < MAX_HALF_WIDTH for e in means)
    assert max(e.value for e in means) - min(e.value for e in means) <= MEAN_WINDOW
    spender = [m.spender.value for m in common.measures if m.spender is not None]
    assert len(spender) == 3 and max(spender) - min(spender) <= SPENDER_WINDOW
    # the same points on offer, added up from what each sheet prints
    values = {sum(f.value for f in s.fossils) for s in common.sheets}
    bonuses = {sum(f.bonus for f in s.fossils) for s in common.sheets}
    assert len(values) == len(bonuses) == 1
    assert len({s.fossils for s in common.sheets}) == 3  # yet three different sheets
    # the mean of the first sheet again, by the reference player, game by game
    rolls = common_rolls(COMMON_KEY, COMMON_GAMES, generator.rules.rounds)
    scores = [play(generator.fast, common.sheets[0], r) for r in rolls]
    assert sum(scores) / len(scores) == pytest.approx(means[0].value)
    assert len(rolls[:SPENDER_GAMES]) == SPENDER_GAMES < COMMON_GAMES


def test_on_fresh_rolls_no_sheet_effect_over_a_point(generator, common):
    """Both players the sheets are chosen on, on FRESH common rolls (not those of the
    choice), analysed sheet x rolls. Greedy (2,000 sequences, in C): every sheet's
    effect, its 95% interval included, within +/-1 point. Spender (250 sequences):
    every effect within +/-1, none shown beyond it (no 95% interval wholly outside),
    and the estimated SD of the sheet effects under 1. So the sheets are not merely
    lucky on the rolls they were chosen on. The same analysis on the easiest and the
    hardest of the seed's first 40 sheets shows their difference: it can fail."""
    fresh = common_rolls("test-tournament-fresh", 2000, generator.rules.rounds)
    greedy = two_way(play_batch(generator.batch, common.sheets, fresh))
    assert greedy.largest <= 1.0, greedy.json()
    rolls = fresh[:FRESH_GAMES]
    even = two_way(play_common(generator.fast, common.sheets, "spender", rolls))
    assert all(abs(e.value) <= 1.0 for e in even.effects), even.json()
    assert not even.shown_beyond(1.0) and even.effect_sd < 1.0, even.json()
    seeds = sheet_seeds(7)
    pad = generator.sheets("medium", [next(seeds) for _ in range(40)])
    pad.sort(key=lambda s: s.expected_score)
    uneven = two_way(play_common(generator.fast, [pad[0], pad[-1]], "spender", rolls))
    assert uneven.shown_beyond(1.0) == [0, 1] and uneven.p < 0.01, uneven.json()


def test_the_pad_json_carries_the_measures(printed):
    body = json.loads(pad_json(printed.sheets, "v", printed.pad_extra()))
    top = body["tournament"]
    assert top["rolls"] == "printed" and top["sheets"] == 3
    assert top["printed_rolls"]["par"]["range"] <= PRINTED_WINDOW
    sheet = body["sheets"][0]["tournament"]
    assert sheet["common_rolls"]["games"] == COMMON_GAMES
    assert set(sheet["fossil_points"]) == {"values", "bonuses"}
    assert set(sheet["printed_rolls"]) == {"greedy", "par", "strong"}
    low, high = sheet["common_rolls"]["greedy_mean"]["ci95"]
    assert low < sheet["common_rolls"]["greedy_mean"]["value"] < high


def test_the_densest_window_and_its_ties():
    assert densest([1, 5, 6, 7, 20], 2) == (5, 7)
    assert densest([1, 2, 10, 11], 1) == (1, 2)  # a tie: the median is 6, both as near
    assert densest([1, 2, 9, 10, 11, 30], 1) == (9, 10)  # nearer the median (9.5)


def test_no_window_is_a_clear_generation_error(generator, monkeypatch):
    monkeypatch.setattr(tournament_module, "MEAN_WINDOW", 0.0)
    monkeypatch.setattr(tournament_module, "MIN_CANDIDATES", 30)
    monkeypatch.setattr(tournament_module, "PATIENCE", 6)
    with pytest.raises(
        GenerationError,
        match="no 5 medium sheets with the same fossil points, greedy means .* fewer",
    ):
        tournament(generator, 5, 7, "medium")


@pytest.mark.parametrize(("count", "printed"), [(0, False), (101, False), (101, True)])
def test_a_tournament_of_too_few_or_many_sheets_is_refused(generator, count, printed):
    with pytest.raises(ValueError, match="1 to"):
        tournament(generator, count, 1, "medium", shared_rolls=printed)


def test_the_two_way_analysis_finds_a_planted_effect():
    rng = np.random.default_rng(1)
    rolls = rng.normal(0, 3, size=(400, 1))
    scores = 30 + rolls + rng.normal(0, 4, size=(400, 3)) + np.array([0.0, 0.0, 2.0])
    found = two_way(scores)
    assert found.effects[2].lo > 1.0 and found.p < 1e-6
    assert abs(found.effect_sd - np.std([0, 0, 2], ddof=1)) < 0.4
    assert abs(found.residual_sd - 4) < 0.3
