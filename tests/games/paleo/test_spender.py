"""The spender player (games/paleo/spender.py) circles and spends bonuses, and the
rules engine accepts every move it makes: replayed through moves.replay, each game
scores what the player says, and the spent circles are the ones the moves use."""

from __future__ import annotations

import dataclasses
import random

import pytest

from dinokit.games.data import DEFAULT_DATA_DIR, load_games
from dinokit.games.paleo import spender as spender_module
from dinokit.games.paleo.engine import ONE_SQUARE, SWITCH_SHAPE, SWITCH_TYPE, dice_sequences
from dinokit.games.paleo.moves import Breakdown, replay
from dinokit.games.paleo.pads import PadGenerator
from dinokit.games.paleo.player import FastRules
from dinokit.games.paleo.simulate import simulate, summary
from dinokit.games.paleo.spender import SPENDER, SpendingPlayer
from dinokit.source.diagnostics import Diagnostics


@pytest.fixture(scope="module")
def generator():
    data = load_games(DEFAULT_DATA_DIR, Diagnostics())  # loaded, not validated: quick
    assert data is not None
    return PadGenerator(data.game("paleontologists"))


def _games(generator, player: SpendingPlayer, count: int, seed: int):
    sites = [generator.sheet(d, s) for s in range(1, count + 1) for d in ("easy", "hard")]
    rolls = dice_sequences(len(sites), generator.rules.rounds, seed=seed)
    for site, roll in zip(sites, rolls, strict=True):
        record: list = []
        detail = player.play_detail(site, roll, random.Random(1), SPENDER, record)
        yield site, roll, record, detail


def _check(generator, player, count: int, seed: int) -> dict[str, int]:
    spent: dict[str, int] = {}
    for site, _, record, detail in _games(generator, player, count, seed):
        result = replay(player.fast.rules, site, record)
        assert isinstance(result, Breakdown), result  # every move legal
        assert result.total == detail.score
        used = {
            ONE_SQUARE: sum(len(m.squares) for m in record),
            SWITCH_SHAPE: sum(SWITCH_SHAPE in m.switches for m in record),
            SWITCH_TYPE: sum(SWITCH_TYPE in m.switches for m in record),
        }
        assert {b: n for b, n in used.items() if n} == detail.spent
        for bonus, n in detail.spent.items():
            spent[bonus] = spent.get(bonus, 0) + n
    return spent


def test_every_move_is_legal_and_scores_what_the_player_says(generator) -> None:
    spent = _check(generator, SpendingPlayer(generator.fast), 6, seed=5)
    assert spent.get(ONE_SQUARE, 0) > 0 and spent.get(SWITCH_SHAPE, 0) > 0


def test_switch_dig_type_first_and_a_crowded_bonus_area(generator, monkeypatch) -> None:
    """With Switch Dig Type preferred, and with one circle per bonus (the area fills
    up: later stars give nothing), the moves are still legal and scored right."""
    monkeypatch.setattr(spender_module, "PREFERENCE", (SWITCH_TYPE, ONE_SQUARE, SWITCH_SHAPE))
    spent = _check(generator, SpendingPlayer(generator.fast), 5, seed=8)
    assert spent.get(SWITCH_TYPE, 0) > 0
    rules = dataclasses.replace(
        generator.rules, bonus_limits=dict.fromkeys(generator.rules.bonus_limits, 1)
    )
    _check(generator, SpendingPlayer(FastRules(rules)), 4, seed=9)


def test_spending_is_measured_in_the_simulation(generator) -> None:
    """The simulation's summary says how many circles each player spent: only the
    spender spends any, and it plays the same deals as greedy."""
    sites = [generator.sheet("medium", s) for s in (3, 4)]
    results = simulate(generator.data, sites, 8, ["greedy", "spender"], seed=2)
    out = summary(sites, results, generator.data)
    spent = {
        bot: sum(e["spent_per_game"]["value"] for e in per.values())
        for bot, per in out["bonuses"].items()
    }
    assert spent["greedy"] == 0 and spent["spender"] > 0
    (pair,) = out["differences"]
    assert {pair["better"], pair["worse"]} == {"greedy", "spender"} and pair["games"] == 4


@pytest.mark.parametrize("bonus", [ONE_SQUARE, SWITCH_SHAPE, SWITCH_TYPE])
def test_one_bonus_at_a_time(generator, bonus) -> None:
    """spend-<bonus> circles that bonus and +1 Point only, spends only that bonus, and
    every move is legal."""
    player = SpendingPlayer(generator.fast)
    sites = [generator.sheet("easy", s) for s in (1, 2, 3)]
    rolls = dice_sequences(len(sites), generator.rules.rounds, seed=12)
    spent = 0
    for site, roll in zip(sites, rolls, strict=True):
        record: list = []
        detail = player.play_detail(site, roll, random.Random(1), f"spend-{bonus}", record)
        result = replay(player.fast.rules, site, record)
        assert isinstance(result, Breakdown) and result.total == detail.score
        assert {b for b, n in detail.circled.items() if n} <= {bonus, "plus-one"}
        assert set(detail.spent) <= {bonus}
        spent += detail.spent.get(bonus, 0)
    assert spent > 0
