"""The strong Paleontologists player: legal moves, the greedy and random players
reproduced exactly, and more points than greedy on the same sheets and dice."""

from __future__ import annotations

import random

import pytest

from dinokit.games.paleo import GAME
from dinokit.games.paleo.engine import Game
from dinokit.games.paleo.pads import PadGenerator
from dinokit.games.paleo.player import Move, play
from dinokit.games.paleo.simulate import _rolls
from dinokit.games.paleo.strong import StrongPlayer
from dinokit.source import DEFAULT_DATA_DIR
from dinokit.source.diagnostics import Diagnostics


@pytest.fixture(scope="module")
def setting():
    generator = PadGenerator(GAME.load(DEFAULT_DATA_DIR, Diagnostics()))
    sites = [generator.sheet("medium", seed) for seed in (1, 2)]
    return generator.fast, sites


def test_greedy_and_random_modes_are_the_fast_players(setting) -> None:
    fast, sites = setting
    player = StrongPlayer(fast)
    for i in range(4):
        site, rolls = sites[i % 2], _rolls(7, i, 20)
        assert player.play_detail(site, rolls, random.Random(0), "greedy").score == play(
            fast, site, rolls
        )
        assert player.play_detail(site, rolls, random.Random(i), "random").score == play(
            fast, site, rolls, chooser=random.Random(i)
        )


def test_strong_moves_are_legal_seeded_and_score_more(setting) -> None:
    fast, sites = setting
    player = StrongPlayer(fast)
    strong = greedy = 0
    for i in range(4):
        site, rolls = sites[i % 2], _rolls(8, i, 20)
        moves: list[Move] = []
        detail = player.play_detail(site, rolls, random.Random(i), "strong", moves)
        if i == 0:
            assert player.play_detail(site, rolls, random.Random(i), "strong") == detail
        game = Game(fast.rules, site)  # the rules engine refuses any illegal move
        for m in moves:
            if m.cells is None:
                game.pass_round(m.dice)
            else:
                game.place(m.dice, m.shape, m.dig_type, m.cells, m.star_bonuses)
        assert game.score() == detail.score
        strong += detail.score
        greedy += play(fast, site, rolls)
    assert strong > greedy
