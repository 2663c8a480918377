"""Players of Digging for Dinos, and a loop that plays a whole game with them.

Every bot offers the same three decisions, all through the rules of :mod:`.engine`:
``place_token`` (a starting square), ``choose_move`` (the turn's move) and
``choose_flip`` (a ``flip`` or ``decline`` move when a completed Velociraptor or
Deinosuchus grants the flip). Randomness only through the ``rng`` they are given.

- :class:`RandomBot` picks uniformly among the legal moves.
- :class:`GreedyBot` takes the move with the best immediate gain: the change of its
  score after collecting, plus a small bonus for progress towards a dinosaur.
- :class:`LookaheadBot` takes the move with the best gain minus the best greedy gain
  the next player can answer with.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from ..metrics import lead_changes
from .engine import DECLINE_MOVE, FLIP, FLIPPED, Game, Move, Rules, rules_for, setup
from .model import DinosData

PROGRESS = 0.5  # bonus for a tile that brings the next set of its species closer
LANDING = 0.1  # share of the value of the tile a token lands on (it collects it later)


class Bot(Protocol):
    def place_token(self, game: Game, player: int, face: str, rng: random.Random) -> int: ...

    def choose_move(self, game: Game, player: int, rng: random.Random) -> Move: ...

    def choose_flip(self, game: Game, player: int, rng: random.Random) -> Move: ...


def _free_squares(game: Game) -> list[int]:
    return [sq for sq in range(game.side * game.side) if sq not in game.squares]


class RandomBot:
    """Uniformly among the legal moves."""

    def place_token(self, game: Game, player: int, face: str, rng: random.Random) -> int:
        return rng.choice(_free_squares(game))

    def choose_move(self, game: Game, player: int, rng: random.Random) -> Move:
        return rng.choice(game.legal_moves())

    choose_flip = choose_move


def gain(before: Game, after: Game, player: int) -> float:
    """How much better ``after`` is for ``player``: score change plus progress bonus."""
    value = float(after.score(player) - before.score(player))
    rules = before.rules
    new = after.collected[player][len(before.collected[player]) :]
    for tile in new:
        species = rules.tile_species[tile]
        counts = before.counts[player]
        next_set = before.completed[player][species] + 1
        slots = rules.slots[species]
        if counts[rules.tile_slot[tile]] < next_set:  # a position the next set lacks
            held = sum(1 for s in slots if counts[s] >= next_set) + 1
            value += PROGRESS * held / len(slots)
    return value


def _resolve_flip(game: Game, player: int) -> None:
    """Settle a pending flip greedily so that lookahead can go on."""
    if game.pending_flip is not None:
        game.apply(_best_flip(game, player))


def _best_next_gain(game: Game, player: int) -> float:
    """The best immediate gain ``player`` could make from ``game`` if it were their turn."""
    if game.finished:
        return 0.0
    trial = game.copy()
    trial.current, trial.pending_flip = player, None
    return max((_evaluate(trial, move, player)[0] for move in trial.legal_moves()), default=0.0)


def _best_flip(game: Game, player: int) -> Move:
    """The flip (or decline) after which this player's best next move gains most."""
    best, best_value = DECLINE_MOVE, None
    for move in game.legal_moves():
        trial = game.copy()
        if move.kind == FLIP:
            trial.faces[move.token] = FLIPPED[trial.faces[move.token]]
        trial.pending_flip = None
        value = _best_next_gain(trial, player)
        if best_value is None or value > best_value + 1e-9:
            best, best_value = move, value
    return best


def _evaluate(game: Game, move: Move, player: int) -> tuple[float, Game]:
    """``move``'s gain for ``player``, plus a little for the tile the token lands on."""
    after = game.copy()
    after.apply(move)
    value = gain(game, after, player)
    square = after.squares[move.token]
    tile = after.board[square]
    if tile is not None and not after.finished:
        value += LANDING * game.rules.tile_left[tile]
    return value, after


class GreedyBot:
    """The move with the best immediate gain; ties broken by ``rng``."""

    def place_token(self, game: Game, player: int, face: str, rng: random.Random) -> int:
        """A free square under the tile of highest left-hand value (collected first)."""
        left = game.rules.tile_left
        values = {
            sq: -1 if (tile := game.board[sq]) is None else left[tile] for sq in _free_squares(game)
        }
        best = max(values.values())
        return rng.choice([sq for sq, value in values.items() if value == best])

    def choose_move(self, game: Game, player: int, rng: random.Random) -> Move:
        moves = game.legal_moves()
        values = [self.value(game, move, player) for move in moves]
        best = max(values)
        return rng.choice([m for m, v in zip(moves, values, strict=True) if v >= best - 1e-9])

    def value(self, game: Game, move: Move, player: int) -> float:
        return _evaluate(game, move, player)[0]

    def choose_flip(self, game: Game, player: int, rng: random.Random) -> Move:
        return _best_flip(game, player)


class LookaheadBot(GreedyBot):
    """Greedy over its own move minus the best greedy reply of the next player."""

    def value(self, game: Game, move: Move, player: int) -> float:
        value, after = _evaluate(game, move, player)
        _resolve_flip(after, player)
        if after.finished:
            return value
        return value - _best_next_gain(after, after.current)


# --------------------------------------------------------------------- a whole game


@dataclass(frozen=True)
class GameResult:
    scores: list[int]
    winners: list[int]
    rounds: int
    turns: int
    trigger: str | None
    completed: list[dict[str, int]]  # per player: species -> completed dinosaurs
    lead_changes: int = 0  # times the sole leader after a round differed from the last one
    final: Game | None = field(default=None, compare=False, repr=False)  # the end position
    trace: tuple[tuple[int, ...], ...] = ()  # the scores after each round (..metrics)


def play_game(
    data: DinosData | Rules,
    players: int,
    bots: Sequence[Bot],
    rng: random.Random,
    max_turns: int = 10_000,
) -> GameResult:
    """Set up and play one game with ``bots[p]`` deciding for player ``p``."""
    rules = rules_for(data)
    if len(bots) != players:
        raise ValueError(f"{players} players need {players} bots, got {len(bots)}")
    game = setup(rules, players, rng, lambda g, p, face: bots[p].place_token(g, p, face, rng))
    apply = game.apply
    trace: list[tuple[int, ...]] = []  # the scores after each round (cheap: one a round)
    round_ = game.round
    while not game.finished:
        if game.pending_flip is not None:
            player = game.pending_flip
            apply(bots[player].choose_flip(game, player, rng))
        else:
            player = game.current
            apply(bots[player].choose_move(game, player, rng))
        if game.turns > max_turns:
            raise RuntimeError(f"no end after {max_turns} turns")
        if game.round != round_ or game.finished:
            round_ = game.round
            trace.append(tuple(game.scores()))
    return GameResult(
        game.scores(),
        game.winners(),
        game.round,
        game.turns,
        game.end_trigger,
        [game.completed_species(p) for p in range(players)],
        lead_changes(trace),
        game,
        tuple(trace),
    )
