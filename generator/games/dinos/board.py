"""The grid of Digging for Dinos: faces, directions, square names, lines and moves.

Takes a board side; gives square names, the lines a token may move along from each
square (cached per side) and the :class:`Move` record the engine plays. A square is
an index ``row * side + col``; north is row 0, the top of the board.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

ORTHOGONAL = "orthogonal"
DIAGONAL = "diagonal"
FLIPPED = {ORTHOGONAL: DIAGONAL, DIAGONAL: ORTHOGONAL}

# direction -> (row step, column step); north is row 0, the top of the board
STEPS = {
    "N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1),
    "NE": (-1, 1), "SE": (1, 1), "SW": (1, -1), "NW": (-1, -1),
}  # fmt: skip
FACE_DIRECTIONS = {ORTHOGONAL: ("N", "E", "S", "W"), DIAGONAL: ("NE", "SE", "SW", "NW")}

STEP, PLACE, FLIP, DECLINE = "step", "place", "flip", "decline"


class Move(NamedTuple):
    """``step``: ``token`` goes one step ``direction`` (jumping tokens);
    ``place``: with no legal move, ``token`` is put on ``square``;
    ``flip``: the ability flips ``token``; ``decline``: the ability is not used."""

    kind: str
    token: int = -1
    direction: str = ""
    square: int = -1


DECLINE_MOVE = Move(DECLINE)


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
