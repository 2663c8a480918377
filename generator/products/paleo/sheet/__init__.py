"""The Paleontologists dig-site score sheet: how one sheet draws itself, and the pad.

A sheet is laid out in its own millimetres (0,0)-(w,h). Everything that is the same
on every sheet of a pad (frame, grid, dice key, dig-type key, bonus area, round
track, labels) is drawn once as :class:`Form` objects and placed with :class:`Use`,
so a PDF of a thousand sheets stores it once; only what varies (code, difficulty,
fossils, stars, the fossil scoring rows) is drawn per sheet.

Modules: :mod:`.style` (palette, measures, text helpers), :mod:`.marks` (drawing
primitives), :mod:`.geometry` (the layout), :mod:`.panels` (the static parts),
:mod:`.parts` (their forms, cached), :mod:`.pages` (one sheet and the pad).
"""

from .geometry import Area, KeyGeometry, Layout, code_box, grid_cell, key_geometry, sheet_layout
from .marks import (
    cell_extent,
    cell_outline,
    die_face,
    fossil_shape,
    mini_shape,
    numbered_die,
    numbered_die_width,
    pattern_items,
    pattern_swatch,
    portrait,
    star_path,
)
from .pages import pad_pages, sheet_box, sheet_items
from .parts import SheetParts, sheet_parts
from .style import GRID_LINE, GRID_STYLE, MIN_CELL, PAPERS, RULE, SHAPE_FILL, STAR_FILL, ZEBRA

__all__ = [
    "GRID_LINE",
    "GRID_STYLE",
    "RULE",
    "SHAPE_FILL",
    "MIN_CELL",
    "PAPERS",
    "STAR_FILL",
    "ZEBRA",
    "Area",
    "KeyGeometry",
    "Layout",
    "SheetParts",
    "cell_extent",
    "cell_outline",
    "code_box",
    "die_face",
    "fossil_shape",
    "grid_cell",
    "key_geometry",
    "mini_shape",
    "numbered_die",
    "numbered_die_width",
    "pad_pages",
    "pattern_items",
    "pattern_swatch",
    "portrait",
    "sheet_box",
    "sheet_items",
    "sheet_layout",
    "sheet_parts",
    "star_path",
]
