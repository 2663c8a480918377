"""Playing Digging for Dinos: one position of a game and the moves that change it.

Pure Python, no I/O. Takes the compiled :class:`~.rules.Rules`; gives :class:`Game`,
which holds one position and applies moves (move, flip, collect, refill, end of turn
and of game); a move the rules do not allow raises :class:`RuleError` whose message
names the rule. Bots (:mod:`.bots`) and the tests play through the same :class:`Game`;
:func:`.engine.setup` deals a new one. The grid and moves are in :mod:`.board`,
completed dinosaurs and scores in :mod:`.scoring`.

Rules as in ../shared/games/digging-for-dinos.md. Where they are silent:
- With no legal move, the player puts one of their tokens on any free square (a
  ``place`` move); the turn then goes on as after a move: the token is flipped, it
  collects the tile of the square it left, and that square is refilled.
- The flip granted by completing a Velociraptor or Deinosuchus is offered after the
  refill, before the turn passes on: while it is pending, the only moves are ``flip``
  (one of the player's tokens, the one just moved included) and ``decline``.
- When one collection triggers the end by a fourth dinosaur and the refill of the
  same turn places the last Era 3 tile, the trigger recorded is the fourth dinosaur
  (it happened first).
- The tiles under the tokens after the last round complete dinosaurs as usual, but
  they grant no flip and trigger nothing: the game is over.
- Duplicates: each species makes as many completed dinosaurs as its rarest position
  has tiles (details in :mod:`.scoring`).

Representation, chosen for fast lookahead: a square is an index ``row * side +
col``; a tile is an index into :attr:`Rules.tiles` (``None`` for an empty square);
tokens are numbered in the order they were placed. Each era stack is a list whose
*last* element is its top.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from . import scoring
from .board import (
    DECLINE,
    DECLINE_MOVE,
    DIAGONAL,
    FACE_DIRECTIONS,
    FLIP,
    FLIPPED,
    ORTHOGONAL,
    PLACE,
    STEP,
    Move,
    lines,
    square_name,
    step_lines,
)
from .model import Tile
from .rules import Rules

LAST_ERA_TILE = "last-era3-tile"
FOURTH_DINOSAUR = "fourth-dinosaur"


class RuleError(Exception):
    """A move the rules do not allow; the message says which rule."""


class Turn(NamedTuple):
    """What one move did: the tile collected, the tile refilled, the species completed."""

    collected: int | None
    refilled: int | None
    completed: str | None


class Game:
    """One position of a game, and the moves that change it."""

    __slots__ = (
        "rules", "players", "side", "board", "stacks", "owner", "player_tokens", "step_lines",
        "squares", "faces", "collected", "counts", "completed", "left_total", "current",
        "round", "turns", "pending_flip", "end_trigger", "finished", "bonus",
    )  # fmt: skip

    def __init__(self, rules: Rules, players: int, side: int) -> None:
        self.rules = rules
        self.players = players
        self.side = side
        self.board: list[int | None] = [None] * (side * side)
        self.stacks: list[list[int]] = [[] for _ in rules.eras]  # top = last element
        self.owner: tuple[int, ...] = ()  # token -> player
        self.step_lines: tuple[dict, ...] = ()  # token -> its step_lines(side, token)
        self.player_tokens: tuple[tuple[int, ...], ...] = ((),) * players
        self.squares: list[int] = []  # token -> square
        self.faces: list[str] = []  # token -> upper face
        self.collected: list[list[int]] = [[] for _ in range(players)]
        self.counts = [[0] * len(rules.slot_species) for _ in range(players)]  # slot -> tiles
        self.completed = [[0] * len(rules.species) for _ in range(players)]  # species -> sets
        self.left_total = [0] * players
        self.current = 0
        self.round = 1
        self.turns = 0
        self.pending_flip: int | None = None  # the player who may flip a token now
        self.end_trigger: str | None = None
        self.finished = False
        # a compensation variant's points per seat, part of every score
        self.bonus: tuple[int, ...] = (rules.compensation or {}).get(players, (0,) * players)

    # -- building a position --------------------------------------------------------
    @classmethod
    def from_position(
        cls,
        rules: Rules,
        players: int,
        board: Sequence[int | None],
        tokens: Iterable[tuple[int, str, int]] = (),
        collected: dict[int, Iterable[int]] | None = None,
        stacks: dict[int, Sequence[int]] | None = None,
        current: int = 0,
        round: int = 1,
        end_trigger: str | None = None,
    ) -> Game:
        """A position as given: ``tokens`` are (owner, face, square); stacks list the top first."""
        side = int(len(board) ** 0.5)
        if side * side != len(board):
            raise ValueError(f"a board of {len(board)} squares is not square")
        game = cls(rules, players, side)
        game.board = list(board)
        for era, stack in (stacks or {}).items():
            game.stacks[rules.eras.index(era)] = list(reversed(stack))
        for owner, face, square in tokens:
            game.add_token(owner, face, square)
        for player, tiles in (collected or {}).items():
            for tile in tiles:
                game._collect(player, tile)
        game.current, game.round, game.end_trigger = current, round, end_trigger
        return game

    def add_token(self, player: int, face: str, square: int) -> int:
        """Put a new token of ``player`` on a free square (setup); its number."""
        if not 0 <= player < self.players:
            raise RuleError(f"players are numbered 0 to {self.players - 1}, not {player}")
        if face not in FLIPPED:
            raise RuleError(f"a token shows its {ORTHOGONAL} or its {DIAGONAL} face, not {face!r}")
        if not 0 <= square < self.side * self.side:
            raise RuleError(f"a token is placed on a square of the {self.side}x{self.side} board")
        if square in self.squares:
            raise RuleError(
                f"a token is placed on a free square: {square_name(self.side, square)} "
                "holds a token already"
            )
        token = len(self.squares)
        self.step_lines += (step_lines(self.side, token),)
        self.owner += (player,)
        self.player_tokens = tuple(
            mine + (token,) if p == player else mine for p, mine in enumerate(self.player_tokens)
        )
        self.squares.append(square)
        self.faces.append(face)
        return token

    def placement_order(self) -> list[tuple[int, str]]:
        """(player, face) of each starting token in placement order: first in reverse turn
        order with the orthogonal face up, then in turn order with the diagonal face up
        (a placement-order variant sets the direction of each pass)."""
        order = []
        passes = self.rules.passes
        for round_ in range(self.rules.tokens_per_player):
            forward = passes[round_] == "forward" if passes else round_ % 2 == 1
            players = range(self.players) if forward else range(self.players - 1, -1, -1)
            face = DIAGONAL if round_ % 2 else ORTHOGONAL
            order += [(player, face) for player in players]
        return order

    def copy(self) -> Game:
        new = Game.__new__(Game)
        new.rules, new.players, new.side = self.rules, self.players, self.side
        new.board = self.board[:]
        new.stacks = [s[:] for s in self.stacks]
        new.owner, new.player_tokens = self.owner, self.player_tokens
        new.step_lines = self.step_lines
        new.squares, new.faces = self.squares[:], self.faces[:]
        new.collected = [c[:] for c in self.collected]
        new.counts = [c[:] for c in self.counts]
        new.completed = [c[:] for c in self.completed]
        new.left_total = self.left_total[:]
        new.current, new.round, new.turns = self.current, self.round, self.turns
        new.pending_flip, new.end_trigger = self.pending_flip, self.end_trigger
        new.finished, new.bonus = self.finished, self.bonus
        return new

    # -- what is allowed ------------------------------------------------------------
    def destination(self, token: int, direction: str) -> int | None:
        """The first free square from ``token`` towards ``direction``; None at the edge."""
        squares = self.squares
        for square in lines(self.side)[squares[token]].get(direction, ()):
            if square not in squares:
                return square
        return None

    def step_moves(self) -> list[Move]:
        """The steps the player to move may make (empty: no legal move)."""
        squares, faces = self.squares, self.faces
        moves = []
        for token in self.player_tokens[self.current]:
            for move, line in self.step_lines[token][faces[token]][squares[token]]:
                for square in line:
                    if square not in squares:
                        moves.append(move)
                        break
        return moves

    def legal_moves(self) -> list[Move]:
        if self.finished:
            return []
        if self.pending_flip is not None:
            mine = self.player_tokens[self.pending_flip]
            return [Move(FLIP, token) for token in mine] + [DECLINE_MOVE]
        moves = self.step_moves()
        if moves:
            return moves
        free = [sq for sq in range(self.side * self.side) if sq not in self.squares]
        return [Move(PLACE, t, square=sq) for t in self.player_tokens[self.current] for sq in free]

    # -- moves ----------------------------------------------------------------------
    def apply(self, move: Move) -> Turn | None:
        """Play ``move`` for the player whose decision it is; what the turn did."""
        if self.finished:
            raise RuleError("the game is over: no more moves")
        kind = move.kind
        if self.pending_flip is not None:
            if kind == DECLINE:
                self.pending_flip = None
                self._end_turn()
                return None
            if kind != FLIP:
                raise RuleError(
                    "the player who completed a Velociraptor or Deinosuchus first chooses to "
                    "flip one of their tokens or not (flip or decline)"
                )
            self._check_own(move.token, self.pending_flip)
            self.faces[move.token] = FLIPPED[self.faces[move.token]]
            self.pending_flip = None
            self._end_turn()
            return None
        if kind == STEP:
            token = move.token
            self._check_own(token, self.current)
            face = self.faces[token]
            if move.direction not in FACE_DIRECTIONS[face]:
                raise RuleError(
                    f"a token with its {face} face up moves only "
                    f"{', '.join(FACE_DIRECTIONS[face])}, not {move.direction}"
                )
            target = self.destination(token, move.direction)
            if target is None:
                raise RuleError(
                    f"the token on {square_name(self.side, self.squares[token])} has no free "
                    f"square towards {move.direction} before the edge of the grid: that "
                    "direction is not allowed"
                )
        elif kind == PLACE:
            token, target = move.token, move.square
            self._check_own(token, self.current)
            if self.step_moves():
                raise RuleError(
                    "a token may be put on any free square only when the player has no "
                    "legal move at all"
                )
            if not 0 <= target < self.side * self.side or target in self.squares:
                raise RuleError("with no legal move, a token is put on a free square")
        elif kind in (FLIP, DECLINE):
            raise RuleError(
                "a token is flipped outside the turn only on completing a Velociraptor or "
                "Deinosuchus"
            )
        else:
            raise RuleError(f"unknown kind of move {kind!r}")
        return self._play(token, target)

    def _check_own(self, token: int, player: int) -> None:
        if not 0 <= token < len(self.owner):
            raise RuleError(f"there is no token {token}")
        if self.owner[token] != player:
            raise RuleError(
                f"it is player {player}'s decision: the token on "
                f"{square_name(self.side, self.squares[token])} belongs to player "
                f"{self.owner[token]}"
            )

    def _play(self, token: int, target: int) -> Turn:
        """Move, flip, collect from the square left, refill it; then completion and turn."""
        player = self.current
        left = self.squares[token]
        self.squares[token] = target
        self.faces[token] = FLIPPED[self.faces[token]]
        tile = self.board[left]
        completed = None
        if tile is not None and self._collect(player, tile):
            rules = self.rules
            species = rules.tile_species[tile]
            completed = rules.species[species]
            if self.end_trigger is None and sum(self.completed[player]) >= rules.end_completed:
                self.end_trigger = FOURTH_DINOSAUR
            if species in rules.flip_species:
                self.pending_flip = player
        refill = self.draw_tile()
        self.board[left] = refill
        self.turns += 1
        if self.pending_flip is None:
            self._end_turn()
        return Turn(tile, refill, completed)

    def _collect(self, player: int, tile: int) -> bool:
        """``player`` takes ``tile``; True when it completes a dinosaur."""
        rules = self.rules
        self.collected[player].append(tile)
        self.left_total[player] += rules.tile_left[tile]
        return scoring.add_tile(rules, self.counts[player], self.completed[player], tile)

    def draw_tile(self) -> int | None:
        """The top tile of the current era's stack, else of the next era; None when all
        are empty. Placing the last tile of the last era triggers the end."""
        stacks = self.stacks
        for i, stack in enumerate(stacks):
            if stack:
                tile = stack.pop()
                if not stack and i == len(stacks) - 1 and self.end_trigger is None:
                    self.end_trigger = LAST_ERA_TILE
                return tile
        return None

    def _end_turn(self) -> None:
        if self.current == self.players - 1:
            if self.end_trigger is not None:
                self._finish()
                return
            self.round += 1
        self.current = (self.current + 1) % self.players

    def _finish(self) -> None:
        """After the last round each player collects the tiles under their tokens."""
        for token, square in enumerate(self.squares):
            tile = self.board[square]
            if tile is not None:
                self._collect(self.owner[token], tile)
                self.board[square] = None
        self.finished = True

    # -- reading the position -------------------------------------------------------
    def tile_at(self, square: int) -> Tile | None:
        tile = self.board[square]
        return None if tile is None else self.rules.tiles[tile]

    def tiles_of(self, player: int) -> list[Tile]:
        return [self.rules.tiles[t] for t in self.collected[player]]

    def completed_species(self, player: int) -> dict[str, int]:
        """species -> completed dinosaurs of ``player`` (only the species completed)."""
        return scoring.completed_species(self.rules, self.completed[player])

    def completed_values(self, player: int) -> list[int]:
        """The right-hand values of ``player``'s completed dinosaurs, highest first."""
        return scoring.completed_values(self.rules, self.completed[player])

    def score(self, player: int) -> int:
        """Completed dinosaurs at their right-hand value; every other tile at its left;
        plus the seat's points of a compensation variant."""
        return self.bonus[player] + scoring.score(
            self.rules, self.collected[player], self.completed[player], self.left_total[player]
        )

    def scores(self) -> list[int]:
        return [self.score(p) for p in range(self.players)]

    def winners(self) -> list[int]:
        """Highest total; ties go to the best completed dinosaurs, highest first, then
        the next; players still tied share the victory."""
        keys = [(self.score(p), self.completed_values(p)) for p in range(self.players)]
        return scoring.winners(keys)
