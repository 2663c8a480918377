"""The diagrams of the rules booklets, drawn from the game data in the booklet's language.

Takes a :class:`Context` (data, language, fonts) and a column width; gives, per game and
diagram id in :data:`DIAGRAMS`, the diagram's height and its drawing. The components are
the real ones (the print kit's tile fronts and backs, the pad generator's sheets), so a
diagram changes when the data changes; every word comes from the language (names of
species, positions, dig types, bonuses, and its labels), never from this package.

Modules: :mod:`.callouts` (the diagram contract and the marks shared by both games),
:mod:`.dinos_parts`, :mod:`.dinos_setup`, :mod:`.dinos_play` (Digging for Dinos),
:mod:`.paleo_parts`, :mod:`.paleo_sheet`, :mod:`.paleo_digs` (Paleontologists).
"""

from __future__ import annotations

from ..typeset import Draw
from .callouts import Context, Diagram
from .dinos_parts import DINOS
from .dinos_play import dinos_collect_refill, dinos_movement, dinos_scoring
from .dinos_setup import dinos_components, dinos_setup, dinos_tile_anatomy
from .paleo_digs import paleo_bonuses, paleo_edge_dig, paleo_worked_dig
from .paleo_parts import PALEO
from .paleo_sheet import paleo_dig_types, paleo_shape_key, paleo_sheet_overview

__all__ = ["DIAGRAMS", "DINOS", "PALEO", "Context", "Diagram", "Draw"]

DIAGRAMS: dict[str, dict[str, Diagram]] = {
    DINOS: {
        "components": dinos_components,
        "tile_anatomy": dinos_tile_anatomy,
        "setup": dinos_setup,
        "movement": dinos_movement,
        "collect_refill": dinos_collect_refill,
        "scoring": dinos_scoring,
    },
    PALEO: {
        "sheet_overview": paleo_sheet_overview,
        "shape_key": paleo_shape_key,
        "dig_types": paleo_dig_types,
        "worked_dig": paleo_worked_dig,
        "edge_dig": paleo_edge_dig,
        "bonuses": paleo_bonuses,
    },
}
