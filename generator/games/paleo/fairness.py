"""Whether a sheet is fair, and why not: the guarantees every generated sheet keeps.

Fossils never overlap or touch orthogonally (they could never be dug); every grid
neighbour of every fossil, and every star, can be covered by at least one legal
pentomino placement on non-fossil cells.
"""

from __future__ import annotations

from .engine import Rules, neighbours_in_grid
from .model import DigSite
from .polyomino import Cell


def can_cover(rules: Rules, cell: Cell, fossil_cells: set[Cell]) -> bool:
    """True when some pentomino placement covers ``cell`` and no fossil cell."""
    return any(p.isdisjoint(fossil_cells) for p in rules.covering[cell])


def unfair_reasons(rules: Rules, site: DigSite) -> list[str]:
    """Why a sheet is not fair; empty when every guarantee holds."""
    reasons = []
    cells_of: dict[Cell, str] = {}
    for fossil in site.fossils:
        for cell in fossil.cells:
            if not rules.inside(cell):
                reasons.append(f"fossil {fossil.id} leaves the grid at {cell}")
            if cell in cells_of:
                reasons.append(f"fossils {cells_of[cell]} and {fossil.id} overlap at {cell}")
            cells_of[cell] = fossil.id
    for fossil in site.fossils:
        for cell in neighbours_in_grid(fossil.cells, rules):
            other = cells_of.get(cell)
            if other is not None and other != fossil.id:
                reasons.append(f"fossils {fossil.id} and {other} touch at {cell}")
    fossil_cells = set(cells_of)
    for fossil in site.fossils:
        for cell in sorted(neighbours_in_grid(fossil.cells, rules)):
            if not can_cover(rules, cell, fossil_cells):
                reasons.append(f"fossil {fossil.id} cannot be dug: no shape fits on {cell}")
    for star in site.stars:
        if star in cells_of:
            reasons.append(f"star {star} lies on fossil {cells_of[star]}")
        elif not can_cover(rules, star, fossil_cells):
            reasons.append(f"star {star} cannot be covered by any shape")
    return reasons
