"""Checks of the Digging for Dinos data that only the print kit can make.

Takes the model; reports species whose body the tile art cannot draw, or whose
positions it cannot highlight.
"""

from __future__ import annotations

from ...games.dinos.model import DinosData, Species
from ...source.diagnostics import Diagnostics
from .art import BODY_PARTS


def check(data: DinosData, diags: Diagnostics) -> None:
    """Every species must be drawable by the tile art."""
    for sp in data.species:
        _check_body(sp, diags)


def _check_body(sp: Species, diags: Diagnostics) -> None:
    """The tile art must be able to draw the species and highlight each position."""
    parts = BODY_PARTS.get(sp.body)
    if parts is None:
        diags.error(
            "E-BODY",
            sp.loc,
            f"species {sp.id}: unknown body {sp.body!r}, expected one of: "
            f"{', '.join(sorted(BODY_PARTS))}",
        )
        return
    for position in sp.positions:
        if position.id not in parts:
            diags.error(
                "E-BODY-PART",
                position.loc,
                f"species {sp.id}: a {sp.body} silhouette has no part {position.id!r} to "
                f"highlight (parts: {', '.join(sorted(parts))})",
            )
