"""Checks of the Digging for Dinos data that only the print kit can make.

Takes the model; reports species whose body the tile art cannot draw, or whose
positions it cannot highlight.
"""

from __future__ import annotations

from ...games.dinos.model import DinosData, Species
from ...source.diagnostics import Diagnostic, Diagnostics, Location, Severity
from ...source.located import Map, Seq, load_file
from .art import BODY_PARTS
from .vision import DISTINCT, collapses

SIGHTS = {
    None: "even in full colour",
    "protanopia": "with protanopia (red-blind)",
    "deuteranopia": "with deuteranopia (green-blind)",
    "tritanopia": "with tritanopia (blue-blind)",
}


def check(data: DinosData, diags: Diagnostics) -> None:
    """Every species must be drawable by the tile art; the colours of each palette
    (species, eras, players) should stay apart for every kind of colour vision."""
    for sp in data.species:
        _check_body(sp, diags)
    check_palettes(data, diags)


def check_palettes(data: DinosData, diags: Diagnostics) -> None:
    """W-COLOUR-ALIKE, at the second colour of each pair of a palette that looks alike
    in full colour or with protanopia, deuteranopia or tritanopia (Machado et al.
    2009), with the first colour as related location."""
    places = _colour_places(data)
    colours = data.rules.player_colours if data.rules else ()
    palettes = {
        "species": [(f"species {sp.id}", sp.colour) for sp in data.species],
        "eras": [(f"era {era.number}", era.colour) for era in data.eras],
        "player_colours": [(f"player {n}", c) for n, c in enumerate(colours, start=1)],
    }
    for kind, palette in palettes.items():
        where = places.get(kind, [])
        at = [where[i] if i < len(where) else Location("") for i in range(len(palette))]
        for pair in collapses([c for _, c in palette]):
            (name_a, a), (name_b, b) = palette[pair.first], palette[pair.second]
            message = (
                f"{name_b}: colour {b} looks like that of {name_a} ({a}) "
                f"{SIGHTS[pair.deficiency]}: CIEDE2000 difference {pair.difference:.1f}, "
                f"at least {DISTINCT:g} needed to tell them apart; change one of them"
            )
            diags.add(
                Diagnostic(
                    at[pair.second], Severity.WARNING, "W-COLOUR-ALIKE", message, (at[pair.first],)
                )
            )


def _colour_places(data: DinosData) -> dict[str, list[Location]]:
    """Where each palette's colours are written, in palette order. The model keeps only
    the places of whole records, so each file is read again for its colours' own."""
    files = {
        "species": data.species[0].loc if data.species else None,
        "eras": data.eras[0].loc if data.eras else None,
        "player_colours": data.rules.loc if data.rules else None,
    }
    places: dict[str, list[Location]] = {}
    for key, loc in files.items():
        root = load_file(loc.file, Diagnostics()) if loc and loc.file else None
        seq = root.get(key) if isinstance(root, Map) else None
        nodes = seq.items if isinstance(seq, Seq) else ()
        if key == "player_colours":
            places[key] = [node.loc for node in nodes]
        else:  # records in the order the model keeps them (the file's order)
            colours = [n.get("colour") for n in nodes if isinstance(n, Map)]
            places[key] = [c.loc for c in colours if c is not None]
    return places


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
