"""The rules of Digging for Dinos as code: a whole game from setup to the winners.

Pure Python, no I/O. Takes the data (or its compiled :class:`~.rules.Rules`); gives a
new :class:`~.play.Game` dealt by :func:`setup` (shuffled stacks, the board, the
starting tokens), a function-style interface to it, and the engine's names in one
place. The engine is split by responsibility: :mod:`.board` (grid, directions,
moves), :mod:`.rules` (the data compiled into tables), :mod:`.play` (a position and
the turn: move, flip, collect, refill, end), :mod:`.scoring` (completed dinosaurs,
scores, winners). Bots (:mod:`.bots`) and the tests import from here.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from .board import (
    DECLINE,
    DECLINE_MOVE,
    FLIP,
    FLIPPED,
    PLACE,
    STEP,
    STEPS,
    Move,
    parse_square,
    square_name,
)
from .model import DinosData
from .play import FOURTH_DINOSAUR, LAST_ERA_TILE, Game, RuleError, Turn
from .rules import FLIP_ABILITY, Rules, rules_for

# ----------------------------------------------------------------------- setup

Placement = Sequence[int] | Callable[[Game, int, str], int]


def setup(
    data: DinosData | Rules,
    players: int,
    rng: random.Random,
    placement: Placement | None = None,
) -> Game:
    """A new game: shuffled era stacks, the board from Era 1, the starting tokens.

    ``placement`` gives the starting squares in placement order (see
    :meth:`Game.placement_order`), as a list or as ``f(game, player, face) -> square``;
    by default each token goes on a free square chosen by ``rng``."""
    rules = rules_for(data)
    if players not in rules.board_size:
        raise RuleError(
            f"the game is for {min(rules.board_size)} to {max(rules.board_size)} players, "
            f"not {players}"
        )
    side = rules.board_size[players]
    game = Game(rules, players, side)
    for i, tiles in enumerate(rules.era_tiles):
        stack = list(tiles)
        rng.shuffle(stack)
        game.stacks[i] = stack
    for square in range(side * side):
        game.board[square] = game.draw_tile()
    order = game.placement_order()
    if placement is not None and not callable(placement) and len(placement) != len(order):
        raise RuleError(f"{len(order)} starting tokens to place, {len(placement)} squares given")
    for i, (player, face) in enumerate(order):
        if placement is None:
            square = rng.choice([sq for sq in range(side * side) if sq not in game.squares])
        elif callable(placement):
            square = placement(game, player, face)
        else:
            square = placement[i]
        game.add_token(player, face, square)
    return game


# ----------------------------------------------------- function-style interface


def legal_moves(game: Game) -> list[Move]:
    return game.legal_moves()


def apply(game: Game, move: Move) -> Turn | None:
    return game.apply(move)


def scores(game: Game) -> list[int]:
    return game.scores()


def winners(game: Game) -> list[int]:
    return game.winners()


# the engine's names, importable from here as before the split into modules
__all__ = [
    "DECLINE",
    "DECLINE_MOVE",
    "FLIP",
    "FLIPPED",
    "FLIP_ABILITY",
    "FOURTH_DINOSAUR",
    "LAST_ERA_TILE",
    "PLACE",
    "STEP",
    "STEPS",
    "Game",
    "Move",
    "Placement",
    "RuleError",
    "Rules",
    "Turn",
    "apply",
    "legal_moves",
    "parse_square",
    "rules_for",
    "scores",
    "setup",
    "square_name",
    "winners",
]
