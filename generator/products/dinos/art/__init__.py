"""Fossil skeleton silhouettes for the Digging for Dinos tiles and player aid.

Each body plan (:mod:`.bodies`) is a table: a list of layers ``(part, primitive)`` in
drawing order (back to front), in a free unit coordinate system (roughly 100 x 50, y
downwards, the animal facing right). A primitive (:mod:`.bones`) is a small shape recipe
-- a tapered bone tube, a chain of vertebra beads, a smooth closed blob, rib arcs, teeth,
an eye socket -- that expands into cubic Bezier outlines (:mod:`.curves`).
:func:`skeleton` (:mod:`.skeleton`) expands the table, fits it into the requested box
(aspect kept, centred) and styles each part. With a highlight, that part is filled with
``accent`` over a bold ink rim and the rest is ``faded`` dimmed a little towards ``ink``
with a thin outline, so that the part stands out in greyscale too; without one, every
bone is ``faded`` with an even outline. Eye sockets and teeth are always solid ``ink``.
No stroke is below 0.2 mm.

Only the page description (:mod:`generator.draw.shapes`) and the kit's colour mixing are
used here.
"""

from __future__ import annotations

from .bodies import BODY_PARTS, PART_ORDER, PLANS
from .bones import Beads, Blob, Eye, Knob, Limb, Plan, Primitive, Ribs, Teeth, Tube
from .skeleton import DIM, skeleton

__all__ = [
    "BODY_PARTS",
    "DIM",
    "PART_ORDER",
    "PLANS",
    "Beads",
    "Blob",
    "Eye",
    "Knob",
    "Limb",
    "Plan",
    "Primitive",
    "Ribs",
    "Teeth",
    "Tube",
    "skeleton",
]
