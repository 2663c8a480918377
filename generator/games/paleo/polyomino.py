"""Shapes made of grid cells: parsing ASCII drawings, connectivity, symmetry.

Cells are (row, column) pairs. Pure functions, no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable

Cell = tuple[int, int]
FILLED = "#"
EMPTY = "."


def parse_ascii(drawing: str) -> frozenset[Cell]:
    """Cells of an ASCII drawing: '#' is a cell, '.' or a space is empty.

    Raises ValueError naming the first character that is neither.
    """
    cells = set()
    for row, line in enumerate(drawing.strip("\n").splitlines()):
        for col, char in enumerate(line.rstrip()):
            if char == FILLED:
                cells.add((row, col))
            elif char not in (EMPTY, " "):
                raise ValueError(f"character {char!r} at row {row + 1}, column {col + 1}")
    return normalise(cells)


def normalise(cells: Iterable[Cell]) -> frozenset[Cell]:
    """Shift cells so the smallest row and column are 0."""
    cells = list(cells)
    if not cells:
        return frozenset()
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return frozenset((r - top, c - left) for r, c in cells)


def is_connected(cells: Iterable[Cell]) -> bool:
    """True when every cell reaches every other through orthogonal steps."""
    remaining = set(cells)
    if not remaining:
        return False
    stack = [remaining.pop()]
    while stack:
        r, c = stack.pop()
        for neighbour in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if neighbour in remaining:
                remaining.remove(neighbour)
                stack.append(neighbour)
    return not remaining


def orientations(cells: Iterable[Cell]) -> frozenset[frozenset[Cell]]:
    """All distinct rotations and reflections of a shape, normalised."""
    shape = list(cells)
    result = set()
    for flip in (False, True):
        current = [(r, -c) if flip else (r, c) for r, c in shape]
        for _ in range(4):
            current = [(c, -r) for r, c in current]
            result.add(normalise(current))
    return frozenset(result)


def canonical(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    """One representative shared by all rotations and reflections of a shape."""
    return min(tuple(sorted(o)) for o in orientations(cells))


def neighbours(cells: Iterable[Cell]) -> frozenset[Cell]:
    """Cells orthogonally adjacent to the shape and not part of it (may be off-grid)."""
    shape = set(cells)
    around: set[Cell] = set()
    for r, c in shape:
        around.update(((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)))
    return frozenset(around - shape)


def cell_mask(cells: Iterable[Cell], cols: int) -> int:
    """The cells as a bit mask of a grid ``cols`` wide: bit ``row * cols + col``."""
    mask = 0
    for r, c in cells:
        mask |= 1 << (r * cols + c)
    return mask


def render_ascii(cells: Iterable[Cell]) -> str:
    shape = normalise(cells)
    rows = max(r for r, _ in shape) + 1
    cols = max(c for _, c in shape) + 1
    return "\n".join(
        "".join(FILLED if (r, c) in shape else EMPTY for c in range(cols)) for r in range(rows)
    )


# The twelve free pentominoes under their conventional letters, as reference
# geometry for the validator (the data draws its own; it must match these).
_REFERENCE = {
    "F": ".##|##.|.#.",
    "I": "#####",
    "L": "#...|####",
    "N": "##..|.###",
    "P": "##|##|#.",
    "T": "###|.#.|.#.",
    "U": "#.#|###",
    "V": "#..|#..|###",
    "W": "#..|##.|.##",
    "X": ".#.|###|.#.",
    "Y": ".#..|####",
    "Z": "##.|.#.|.##",
}
PENTOMINOES: dict[str, tuple[Cell, ...]] = {
    letter: canonical(parse_ascii(drawing.replace("|", "\n")))
    for letter, drawing in _REFERENCE.items()
}


def pentomino_letter(cells: Iterable[Cell]) -> str | None:
    """The conventional letter of a five-cell shape, or None if it is no pentomino."""
    key = canonical(cells)
    return next((letter for letter, shape in PENTOMINOES.items() if shape == key), None)
