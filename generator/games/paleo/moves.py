"""Moves of one Paleontologists game as data: read, checked, replayed through the rules.

Pure Python, no I/O: the score checker (``dinokit score``) and the screen version
share it. A game is a JSON list with one object per round, in order (or an object
``{"moves": [...]}``); rows and columns count from 0::

    {"dice": [2, 5],                       # optional when the sheet prints its rolls
     "squares": [{"cell": [4, 7], "dig_type": "dots"}],   # One Square Anywhere, drawn
                                           #   before this round's shape
     "switches": ["switch-shape"],         # switch-shape and/or switch-dig-type
     "shape": "L", "dig_type": "hatch",
     "cells": [[0, 0], [1, 0], [2, 0], [3, 0], [3, 1]],
     "bonuses": ["plus-one"]}              # one per star the shape covers, in any order

A round in which nothing fits is ``{"pass": true}`` (squares may come before it).
Every key but ``shape``/``cells``/``dig_type`` (or ``pass``) may be left out.
:func:`parse_moves` refuses malformed moves with the location of the bad value, and a
game in progress (fewer than 20 rounds, each well formed) as such;
:func:`replay` plays them through :class:`~.engine.Game` and gives the score's
breakdown, or the first move the rules refuse (:func:`play_moves` gives the game itself).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ...source.diagnostics import Location, clipped
from ...source.located import Map, Scalar, Seq, YNode
from ...source.located_json import JsonError, load_json
from .engine import SWITCH_SHAPE, SWITCH_TYPE, Game, RuleError, Rules
from .model import NOWHERE, Cell, DigSite

Square = tuple[Cell, str]
KEYS = ("round", "dice", "squares", "switches", "shape", "dig_type", "cells", "bonuses", "pass")
SQUARE_KEYS = ("cell", "dig_type")


class MoveError(ValueError):
    """A malformed moves file; ``loc`` is where the bad value stands."""

    def __init__(self, loc: Location, message: str) -> None:
        super().__init__(f"{loc}: {message}")
        self.loc, self.message = loc, message


@dataclass(frozen=True)
class RoundMove:
    """What one player did in one round; ``shape`` None: the round was passed."""

    dice: tuple[int, int] | None
    shape: str | None
    cells: tuple[Cell, ...]
    dig_type: str | None
    switches: tuple[str, ...] = ()
    bonuses: tuple[str, ...] = ()
    squares: tuple[Square, ...] = ()
    loc: Location = field(default=NOWHERE, compare=False)

    def as_json(self) -> dict[str, object]:
        """This move in the file format (keys with nothing in them left out)."""
        out: dict[str, object] = {}
        if self.dice is not None:
            out["dice"] = list(self.dice)
        if self.squares:
            out["squares"] = [{"cell": list(c), "dig_type": t} for c, t in self.squares]
        if self.switches:
            out["switches"] = list(self.switches)
        if self.shape is None:
            out["pass"] = True
            return out
        out["shape"] = self.shape
        out["dig_type"] = self.dig_type
        out["cells"] = [list(c) for c in self.cells]
        if self.bonuses:
            out["bonuses"] = list(self.bonuses)
        return out


def moves_json(moves: Sequence[RoundMove]) -> list[dict[str, object]]:
    return [move.as_json() for move in moves]


# ------------------------------------------------------------------------ reading


def _key(key: str) -> str:
    """A key as a message shows it: quoted, and cut when it is long."""
    return clipped(key) + (f" ({len(key):,} characters)" if len(key) > 40 else "")


def _fail(node: YNode, message: str) -> MoveError:
    return MoveError(node.loc, message)


def _int(node: YNode, what: str, low: int, high: int) -> int:
    value = node.value if isinstance(node, Scalar) else None
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        shown = value if isinstance(node, Scalar) else f"a {node.kind}"
        raise _fail(node, f"{what} is {shown!r}, expected a whole number from {low} to {high}")
    return value


def _text(node: YNode, what: str, known: Sequence[str]) -> str:
    value = node.value if isinstance(node, Scalar) else None
    if not isinstance(value, str) or value not in known:
        shown = repr(value) if isinstance(node, Scalar) else f"a {node.kind}"
        raise _fail(node, f"unknown {what} {shown}, expected one of: {', '.join(known)}")
    return value


def _list(node: YNode | None, what: str) -> tuple[YNode, ...]:
    if node is None:
        return ()
    if not isinstance(node, Seq):
        raise _fail(node, f"{what} is a {node.kind}, expected a list")
    return node.items


def _cell(node: YNode, rules: Rules) -> Cell:
    items = _list(node, "a cell")
    if len(items) != 2:
        raise _fail(node, f"a cell has {len(items)} numbers, expected [row, column]")
    limit = max(rules.rows, rules.cols) + 1000
    r, c = (_int(item, "a cell's number", -limit, limit) for item in items)
    if not rules.inside((r, c)):
        raise _fail(
            node,
            f"cell [{r}, {c}] is outside the {rules.rows}x{rules.cols} grid, expected rows "
            f"0..{rules.rows - 1} and columns 0..{rules.cols - 1}",
        )
    return r, c


def _round(node: YNode, number: int, rules: Rules) -> RoundMove:
    if not isinstance(node, Map):
        raise _fail(node, f"round {number} is a {node.kind}, expected a mapping")
    for key in node.entries:
        if key not in KEYS:
            raise MoveError(
                node.key_loc(key), f"unknown key {_key(key)}, expected: {', '.join(KEYS)}"
            )
    given = node.get("round")
    if given is not None and (said := _int(given, "round", 1, rules.rounds)) != number:
        raise _fail(given, f"round {said} stands at place {number} of the list")
    dice_node = node.get("dice")
    dice = None
    if dice_node is not None:
        items = _list(dice_node, "dice")
        if len(items) != 2:
            raise _fail(dice_node, f"dice has {len(items)} numbers, expected two dice [a, b]")
        a, b = (_int(item, "a die", 1, 6) for item in items)
        dice = (a, b)
    squares = []
    for item in _list(node.get("squares"), "squares"):
        if isinstance(item, Map):
            for key in item.entries:
                if key not in SQUARE_KEYS:
                    raise MoveError(item.key_loc(key), f"unknown key {_key(key)} in a square, "
                                    f"expected: {', '.join(SQUARE_KEYS)}")  # fmt: skip
        cell = item.get("cell") if isinstance(item, Map) else None
        dig_type = item.get("dig_type") if isinstance(item, Map) else None
        if cell is None or dig_type is None:
            raise _fail(item, 'a square is written {"cell": [row, column], "dig_type": TYPE}')
        squares.append((_cell(cell, rules), _dig_type(dig_type, rules)))
    switches = tuple(
        _text(s, "switch", (SWITCH_SHAPE, SWITCH_TYPE))
        for s in _list(node.get("switches"), "switches")
    )
    passed = node.get("pass")
    if passed is not None:
        if not (isinstance(passed, Scalar) and passed.value is True):
            raise _fail(passed, 'pass is written "pass": true')
        for key in ("shape", "cells", "dig_type", "bonuses"):
            if node.get(key) is not None:
                raise MoveError(node.key_loc(key), f"a passed round has no {key!r}")
        return RoundMove(dice, None, (), None, switches, (), tuple(squares), node.loc)
    needed = {key: node.get(key) for key in ("shape", "dig_type", "cells")}
    for key, value in needed.items():
        if value is None:
            raise _fail(node, f'round {number} has no {key!r} (or write "pass": true)')
    shape_node, type_node = needed["shape"], needed["dig_type"]
    assert shape_node is not None and type_node is not None
    shape = _text(shape_node, "shape", tuple(rules.shapes))
    kind = _dig_type(type_node, rules)
    cells = tuple(_cell(c, rules) for c in _list(node.get("cells"), "cells"))
    bonuses = tuple(
        _text(b, "bonus", tuple(rules.bonus_limits)) for b in _list(node.get("bonuses"), "bonuses")
    )
    return RoundMove(dice, shape, cells, kind, switches, bonuses, tuple(squares), node.loc)


def _dig_type(node: YNode, rules: Rules) -> str:
    return _text(node, "dig type", rules.dig_types)


def parse_moves(node: YNode, rules: Rules) -> list[RoundMove]:
    """The moves of a file (its located nodes); MoveError at the first bad value."""
    if isinstance(node, Map) and set(node.entries) == {"moves"}:
        node = node.get("moves")  # type: ignore[assignment]
    if not isinstance(node, Seq):
        raise _fail(node, f"the moves are a {node.kind}, expected a list of {rules.rounds} rounds")
    if len(node.items) > rules.rounds:
        raise _fail(node, f"{len(node.items)} rounds, expected {rules.rounds} (one per round)")
    moves = [_round(item, i, rules) for i, item in enumerate(node.items, start=1)]
    if len(moves) < rules.rounds:  # its rounds are well formed: say what it is
        raise _fail(
            node,
            f"a game in progress: {len(moves)} of {rules.rounds} rounds played; a finished "
            f"game has {rules.rounds} (one per round)",
        )
    return moves


#: The longest moves text read: a whole game written out with indentation is about
#: 6,000 characters; anything far beyond is refused before any work.
MAX_CHARS = 256 * 1024
#: The deepest nesting a moves file needs is 6 (object, moves, round, squares, square, cell).
MAX_DEPTH = 16


def load_moves(text: str, file: str, rules: Rules) -> list[RoundMove]:
    """The moves of a JSON text (``file`` names it in messages); MoveError, located,
    when it is too long or too deep, not JSON, or a move is malformed. Read as JSON
    (:mod:`...source.located_json`): every valid JSON text is accepted."""
    try:
        node = load_json(text, file, MAX_CHARS, MAX_DEPTH)
    except JsonError as exc:
        raise MoveError(exc.loc, exc.message) from None
    return parse_moves(node, rules)


# ------------------------------------------------------------------------ replay


@dataclass(frozen=True)
class Breakdown:
    """The score of a game, as the sheet adds it up."""

    fossils: tuple[tuple[str, int, int], ...]  # (id, value, bonus earned) of each dug fossil
    plus_one: int

    @property
    def fossil_points(self) -> int:
        return sum(value for _, value, _ in self.fossils)

    @property
    def bonus_points(self) -> int:
        return sum(bonus for _, _, bonus in self.fossils)

    @property
    def total(self) -> int:
        return self.fossil_points + self.bonus_points + self.plus_one

    def as_json(self) -> dict[str, object]:
        return {
            "fossils": [{"id": i, "value": v, "bonus": b} for i, v, b in self.fossils],
            "fossil_points": self.fossil_points,
            "same_type_bonuses": self.bonus_points,
            "plus_one": self.plus_one,
            "total": self.total,
        }


@dataclass(frozen=True)
class Illegal:
    """The first move the rules refuse."""

    round: int
    step: str  # "square 1", "shape", "pass", "dice"
    rule: str
    loc: Location

    def as_json(self) -> dict[str, object]:
        return {"round": self.round, "move": self.step, "rule": self.rule, "at": str(self.loc)}


def round_dice(
    number: int, given: tuple[int, int] | None, rolls: Sequence[tuple[int, int]] = ()
) -> tuple[int, int] | None:
    """The dice of round ``number``: the sheet's printed roll (from ``rolls``), else the
    ``given`` ones (None: neither); RuleError when both are there and differ."""
    printed = rolls[number - 1] if number <= len(rolls) else None
    if printed is not None and given is not None and tuple(given) != printed:
        raise RuleError(f"this sheet's roll {number} is {printed}, not {given}")
    return printed or given


def play_round(
    game: Game, number: int, move: RoundMove, rolls: Sequence[tuple[int, int]] = ()
) -> Illegal | None:
    """Play round ``number``'s ``move`` on ``game`` (its dice as :func:`round_dice`
    says): None, or the first step of it the rules refuse."""
    step = "dice"
    try:
        dice = round_dice(number, move.dice, rolls)
        if dice is None:
            raise RuleError('the sheet prints no rolls: give "dice"')
        for k, (cell, dig_type) in enumerate(move.squares, start=1):
            step = f"square {k}"
            game.one_square(cell, dig_type)
        if move.shape is None:
            step = "pass"
            if move.switches:
                raise RuleError("a passed round uses no switch")
            game.pass_round(dice)
        else:
            step = "shape"
            game.place(dice, move.shape, move.dig_type or "", move.cells, move.bonuses,
                       move.switches)  # fmt: skip
    except RuleError as exc:
        return Illegal(number, step, str(exc), move.loc)
    return None


def play_moves(
    rules: Rules, site: DigSite, moves: Sequence[RoundMove], rolls: Sequence[tuple[int, int]] = ()
) -> tuple[Game, Illegal | None]:
    """The game after playing ``moves`` on ``site`` (up to the first move the rules
    refuse, which comes with it); the dice come from ``rolls`` or each move."""
    game = Game(rules, site)
    for number, move in enumerate(moves, start=1):
        illegal = play_round(game, number, move, rolls)
        if illegal is not None:
            return game, illegal
    return game, None


def replay(
    rules: Rules, site: DigSite, moves: Sequence[RoundMove], rolls: Sequence[tuple[int, int]] = ()
) -> Breakdown | Illegal:
    """Play ``moves`` on ``site``; the dice come from ``rolls`` (the sheet's printed
    rolls) or, without them, from each move."""
    game, illegal = play_moves(rules, site, moves, rolls)
    if illegal is not None:
        return illegal
    fossils = tuple(
        (f.id, f.value, f.bonus if game.dug[f.id] else 0) for f in site.fossils if f.id in game.dug
    )
    return Breakdown(fossils, len(game.circles.get("plus-one", ())))
