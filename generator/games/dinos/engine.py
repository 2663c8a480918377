"""The rules of Digging for Dinos as code: a whole game from setup to the winners.

Pure Python, no I/O. :class:`Game` holds one position and applies moves; a move the
rules do not allow raises :class:`RuleError` whose message names the rule. Bots
(:mod:`.bots`) and the tests play through the same :class:`Game`.

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
  has tiles; a completed set is made of the lowest-valued tiles of each position
  (the best count for the player when eras print different left-hand values); the
  other tiles score their left-hand value.

Representation, chosen for fast lookahead: a square is an index ``row * side +
col``; a tile is an index into :attr:`Rules.tiles` (``None`` for an empty square);
tokens are numbered in the order they were placed. Each era stack is a list whose
*last* element is its top.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import NamedTuple

from .model import DinosData, Tile

ORTHOGONAL = "orthogonal"
DIAGONAL = "diagonal"
FLIPPED = {ORTHOGONAL: DIAGONAL, DIAGONAL: ORTHOGONAL}

# direction -> (row step, column step); north is row 0, the top of the board
STEPS = {
    "N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1),
    "NE": (-1, 1), "SE": (1, 1), "SW": (1, -1), "NW": (-1, -1),
}  # fmt: skip
FACE_DIRECTIONS = {ORTHOGONAL: ("N", "E", "S", "W"), DIAGONAL: ("NE", "SE", "SW", "NW")}

FLIP_ABILITY = "flip-token"
LAST_ERA_TILE = "last-era3-tile"
FOURTH_DINOSAUR = "fourth-dinosaur"

STEP, PLACE, FLIP, DECLINE = "step", "place", "flip", "decline"


class RuleError(Exception):
    """A move the rules do not allow; the message says which rule."""


class Move(NamedTuple):
    """``step``: ``token`` goes one step ``direction`` (jumping tokens);
    ``place``: with no legal move, ``token`` is put on ``square``;
    ``flip``: the ability flips ``token``; ``decline``: the ability is not used."""

    kind: str
    token: int = -1
    direction: str = ""
    square: int = -1


DECLINE_MOVE = Move(DECLINE)


class Turn(NamedTuple):
    """What one move did: the tile collected, the tile refilled, the species completed."""

    collected: int | None
    refilled: int | None
    completed: str | None


def square_name(side: int, square: int) -> str:
    """Spreadsheet style: column letter, row number from the top (``a1`` is top left)."""
    row, col = divmod(square, side)
    return f"{chr(ord('a') + col)}{row + 1}"


def parse_square(side: int, name: str) -> int:
    col, row = ord(name[0].lower()) - ord("a"), int(name[1:]) - 1
    if not (0 <= row < side and 0 <= col < side):
        raise ValueError(f"square {name!r} is outside a {side}x{side} board")
    return row * side + col


@cache
def rays(side: int) -> dict[str, tuple[tuple[tuple[str, tuple[int, ...]], ...], ...]]:
    """face -> square -> ((direction, squares in that line up to the edge), ...).

    Directions that leave the grid at once are left out."""
    result = {}
    for face, directions in FACE_DIRECTIONS.items():
        per_square = []
        for square in range(side * side):
            row, col = divmod(square, side)
            found = []
            for direction in directions:
                dr, dc = STEPS[direction]
                line = []
                r, c = row + dr, col + dc
                while 0 <= r < side and 0 <= c < side:
                    line.append(r * side + c)
                    r, c = r + dr, c + dc
                if line:
                    found.append((direction, tuple(line)))
            per_square.append(tuple(found))
        result[face] = tuple(per_square)
    return result


@cache
def lines(side: int) -> tuple[dict[str, tuple[int, ...]], ...]:
    """square -> direction -> the squares in that line up to the edge (never empty)."""
    table: list[dict[str, tuple[int, ...]]] = [{} for _ in range(side * side)]
    for per_square in rays(side).values():
        for square, found in enumerate(per_square):
            table[square].update(found)
    return tuple(table)


@cache
def step_lines(
    side: int, token: int
) -> dict[str, tuple[tuple[tuple[Move, tuple[int, ...]], ...], ...]]:
    """face -> square -> ((the step move of ``token``, its line), ...): :func:`rays` with
    the moves built once, so that move generation builds nothing."""
    return {
        face: tuple(
            tuple((Move(STEP, token, direction), line) for direction, line in per_square)
            for per_square in table
        )
        for face, table in rays(side).items()
    }


@dataclass(frozen=True, eq=False)
class Rules:
    """What a game needs from the data, compiled once into indexed tables."""

    data: DinosData
    tiles: tuple[Tile, ...]  # every tile of every era; a tile is an index here
    eras: tuple[int, ...]  # era numbers in drawing order
    era_tiles: tuple[tuple[int, ...], ...]
    species: tuple[str, ...]
    complete: tuple[int, ...]  # species -> right-hand value
    slots: tuple[range, ...]  # species -> its skeleton positions, as consecutive slots
    slot_species: tuple[int, ...]
    tile_slot: tuple[int, ...]
    tile_species: tuple[int, ...]
    tile_left: tuple[int, ...]
    flip_species: frozenset[int]
    board_size: dict[int, int]
    tokens_per_player: int
    end_completed: int

    @classmethod
    def from_data(cls, data: DinosData) -> Rules:
        if data.rules is None:
            raise ValueError("the data has no rules (board sizes, tokens, end)")
        species = tuple(sp.id for sp in data.species)
        slot_of: dict[tuple[str, str], int] = {}
        slots, slot_species = [], []
        for index, sp in enumerate(data.species):
            start = len(slot_of)
            for position in sp.position_ids:
                slot_of[(sp.id, position)] = len(slot_of)
                slot_species.append(index)
            slots.append(range(start, len(slot_of)))
        eras = sorted(data.eras, key=lambda era: era.number)
        tiles = tuple(t for era in eras for t in era.tiles)
        era_tiles, start = [], 0
        for era in eras:
            era_tiles.append(tuple(range(start, start + len(era.tiles))))
            start += len(era.tiles)
        flip = {s for a in data.abilities if a.id == FLIP_ABILITY for s in a.species}
        return cls(
            data, tiles, tuple(era.number for era in eras), tuple(era_tiles), species,
            tuple(sp.complete for sp in data.species), tuple(slots), tuple(slot_species),
            tuple(slot_of[(t.species, t.position)] for t in tiles),
            tuple(species.index(t.species) for t in tiles),
            tuple(t.left for t in tiles),
            frozenset(i for i, s in enumerate(species) if s in flip),
            dict(data.rules.board_size), data.rules.tokens_per_player,
            data.rules.end_completed,
        )  # fmt: skip

    def tile_index(self, species: str, position: str, era: int | None = None) -> int:
        """The tile of ``species``/``position`` from ``era`` (default: the first era)."""
        era = self.eras[0] if era is None else era
        for i, t in enumerate(self.tiles):
            if t.species == species and t.position == position and t.era == era:
                return i
        raise ValueError(f"no tile {species}/{position} in era {era}")

    def tile_name(self, tile: int | None) -> str:
        if tile is None:
            return "."
        t = self.tiles[tile]
        return f"{t.species}/{t.position}"


_COMPILED: dict[int, tuple[DinosData, Rules]] = {}


def rules_for(data: DinosData | Rules) -> Rules:
    """The compiled rules of ``data``, compiled once per data object."""
    if isinstance(data, Rules):
        return data
    cached = _COMPILED.get(id(data))
    if cached is None or cached[0] is not data:
        cached = _COMPILED[id(data)] = (data, Rules.from_data(data))
    return cached[1]


class Game:
    """One position of a game, and the moves that change it."""

    __slots__ = (
        "rules", "players", "side", "board", "stacks", "owner", "player_tokens", "step_lines",
        "squares", "faces", "collected", "counts", "completed", "left_total", "current",
        "round", "turns", "pending_flip", "end_trigger", "finished",
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
        for era, tiles in (stacks or {}).items():
            game.stacks[rules.eras.index(era)] = list(reversed(tiles))
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
        order with the orthogonal face up, then in turn order with the diagonal face up."""
        order = []
        for round_ in range(self.rules.tokens_per_player):
            players = range(self.players) if round_ % 2 else range(self.players - 1, -1, -1)
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
        new.finished = self.finished
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
        refill = self._draw()
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
        counts = self.counts[player]
        slot = rules.tile_slot[tile]
        counts[slot] += 1
        species = rules.tile_species[tile]
        done = self.completed[player]
        if counts[slot] > done[species]:
            slots = rules.slots[species]
            sets = min(counts[slots.start : slots.stop])
            if sets > done[species]:
                done[species] = sets
                return True
        return False

    def _draw(self) -> int | None:
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
        return {self.rules.species[s]: n for s, n in enumerate(self.completed[player]) if n}

    def completed_values(self, player: int) -> list[int]:
        """The right-hand values of ``player``'s completed dinosaurs, highest first."""
        complete = self.rules.complete
        values = [complete[s] for s, n in enumerate(self.completed[player]) for _ in range(n)]
        return sorted(values, reverse=True)

    def score(self, player: int) -> int:
        """Completed dinosaurs at their right-hand value; every other tile at its left."""
        rules = self.rules
        done = self.completed[player]
        total = self.left_total[player]
        if not any(done):
            return total
        lefts: dict[int, list[int]] = {}
        for tile in self.collected[player]:
            if done[rules.tile_species[tile]]:
                lefts.setdefault(rules.tile_slot[tile], []).append(rules.tile_left[tile])
        for slot, values in lefts.items():
            total -= sum(sorted(values)[: done[rules.slot_species[slot]]])
        return total + sum(n * rules.complete[s] for s, n in enumerate(done))

    def scores(self) -> list[int]:
        return [self.score(p) for p in range(self.players)]

    def winners(self) -> list[int]:
        """Highest total; ties go to the best completed dinosaurs, highest first, then
        the next; players still tied share the victory."""
        keys = [(self.score(p), self.completed_values(p)) for p in range(self.players)]
        best = max(keys)
        return [p for p, key in enumerate(keys) if key == best]


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
        game.board[square] = game._draw()
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
