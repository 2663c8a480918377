"""The mcts bot: deterministic for a seed, legal moves only, better than random."""

from __future__ import annotations

import random

import pytest

from dinokit.games.dinos import GAME
from dinokit.games.dinos.bots import RandomBot, play_game
from dinokit.games.dinos.engine import Rules, rules_for, setup
from dinokit.games.dinos.mcts import MctsBot, evaluate, search
from dinokit.source import DEFAULT_DATA_DIR
from dinokit.source.diagnostics import Diagnostics


@pytest.fixture(scope="module")
def rules() -> Rules:
    return rules_for(GAME.load(DEFAULT_DATA_DIR, Diagnostics()))


def test_same_seed_same_move_and_the_position_untouched(rules: Rules) -> None:
    game = setup(rules, 3, random.Random(4))
    before = (game.board[:], [s[:] for s in game.stacks], game.squares[:], game.faces[:])
    one = search(game, random.Random(9), budget=40)
    two = search(game, random.Random(9), budget=40)
    assert one == two and one in game.legal_moves()
    assert (game.board, game.stacks, game.squares, game.faces) == before


def test_whole_games_are_legal_and_repeatable(rules: Rules) -> None:
    # every move goes through the engine, which refuses any illegal one
    results = [play_game(rules, 2, [MctsBot(8), RandomBot()], random.Random(11)) for _ in range(2)]
    assert results[0] == results[1] and results[0].scores != [0, 0]


def test_it_beats_random_and_values_the_game(rules: Rules) -> None:
    wins, lead = 0.0, 0
    for i in range(8):
        seats = [MctsBot(50), RandomBot()] if i % 2 == 0 else [RandomBot(), MctsBot(50)]
        result = play_game(rules, 2, seats, random.Random(i))
        me = i % 2
        wins += (me in result.winners) / len(result.winners)
        lead += result.scores[me] - result.scores[1 - me]
    assert wins >= 7 and lead / 8 > 5
    game = setup(rules, 2, random.Random(1))
    worth = evaluate(game)
    assert len(worth) == 2 and all(w >= 0 for w in worth)
