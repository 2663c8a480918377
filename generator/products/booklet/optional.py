"""The booklet's optional rules: the setup variants the data marks ``booklet: true``.

Takes the data, the booklet's texts (filled, :mod:`.build`) and the fonts; gives the
chunks of an ``optional`` block: nothing when no variant is printed (the booklet is
then as without the block), else a heading, an introduction and one part per printed
variant, each sentence a whole text of the language (the placement of each pass by
its direction, the points of each seat by number of players: placeholders filled
from the data, :func:`generator.games.dinos.terms.compensation_values`).
"""

from __future__ import annotations

from ...games.data import ComponentData
from ...games.dinos.model import COMPENSATION, PLACEMENT_ORDER
from ...games.dinos.terms import COUNT_WORDS, printed_variant
from .typeset import Chunk, Density, Fonts, heading, paragraph

PASS_WORDS = ("first", "second")  # the two placement passes the rules have


def optional_chunks(
    game: str, ref: str, data: ComponentData, t: dict[str, str], f: Fonts, d: Density
) -> list[Chunk]:
    """The optional rules of block ``ref`` (``variants``), typeset; [] when none."""
    if ref != "variants":
        return []
    dinos = data.game(game)
    placement = printed_variant(dinos, PLACEMENT_ORDER)
    points = printed_variant(dinos, COMPENSATION)
    if placement is None and points is None:
        return []
    chunks = [heading(t["optional_title"], f, d=d), paragraph(t["optional_intro"], f, d=d)]
    if placement is not None:
        chunks.append(heading(t["optional_placement_title"], f, sub=True, d=d))
        chunks.append(paragraph(t["optional_placement"], f, d=d))
        for n, (which, direction) in enumerate(
            zip(PASS_WORDS, placement.passes, strict=True), start=1
        ):
            key = f"optional_{which}_{direction}"
            chunks.append(paragraph(t[key], f, indent=5.0, marker=f"{n}.", space_before=1.2, d=d))
    if points is not None:
        chunks.append(heading(t["optional_points_title"], f, sub=True, d=d))
        chunks.append(paragraph(t["optional_points"], f, d=d))
        for count in sorted(points.points):
            key = f"optional_points_{COUNT_WORDS[count]}"
            chunks.append(paragraph(t[key], f, indent=5.0, marker="•", space_before=1.2, d=d))
    return chunks
