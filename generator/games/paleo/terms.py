"""What Paleontologists asks of a language and its booklet: names, placeholders, tables.

Takes the model and a :class:`~generator.source.lang.Language`; gives plain strings.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from ...source.lang import Language
from ..base import Table
from .model import PaleoData

#: The {placeholders} the booklet texts may use; :func:`booklet_values` fills exactly these.
PLACEHOLDERS = frozenset({
    "rounds", "rows", "cols", "cells", "bonus_limit", "fossils_min", "fossils_max",
    "stars", "max_fossil_cells", "shape_count", "dig_type_count",
})  # fmt: skip


def name_keys(data: PaleoData) -> Iterator[tuple[str, str]]:
    """(section, id) of every name a language must give."""
    for dig_type in data.dig_types:
        yield "dig_types", dig_type.id
    if data.dig_site is not None:
        for bonus in data.dig_site.bonuses:
            yield "bonuses", bonus.id


def bonus_effect_key(bonus_id: str) -> str:
    """The booklet text that explains a bonus."""
    return f"bonus_effect_{bonus_id.replace('-', '_')}"


def booklet_keys(data: PaleoData) -> list[str]:
    """Booklet texts the bonuses table needs: one effect per bonus of the data."""
    if data.dig_site is None:
        return []
    return [bonus_effect_key(b.id) for b in data.dig_site.bonuses]


def booklet_values(paleo: PaleoData, lang: Language) -> dict[str, str]:
    """The numbers the booklet's texts may use as {placeholders}."""
    site = paleo.dig_site
    assert site is not None  # the booklet is built from valid data only
    limits = {b.limit for b in site.bonuses}
    return {
        "rounds": str(site.rounds),
        "rows": str(site.rows),
        "cols": str(site.cols),
        "cells": str(site.rows * site.cols),
        "bonus_limit": str(max(limits) if limits else 0),
        "fossils_min": str(site.fossils_min),
        "fossils_max": str(site.fossils_max),
        "stars": str(site.stars),
        "max_fossil_cells": str(max((len(t.cells) for t in site.templates), default=0)),
        "shape_count": str(len(paleo.pentominoes)),
        "dig_type_count": str(len(paleo.dig_types)),
    }


def dice_table(paleo: PaleoData, lang: Language, t: Mapping[str, str]) -> Table:
    """Every die face: its two shapes and its dig type."""
    rows = [
        [str(face.face), "  ".join(face.shapes), lang.term("dig_types", face.dig_type)]
        for face in sorted(paleo.dice, key=lambda d: d.face)
    ]
    return [t["table_face"], t["table_shapes"], t["table_dig_type"]], rows, [22, 40, 58]


def bonuses_table(paleo: PaleoData, lang: Language, t: Mapping[str, str]) -> Table:
    """Every bonus: how often it can be circled and what it does."""
    assert paleo.dig_site is not None
    rows = [
        [lang.term("bonuses", b.id), str(b.limit), t.get(bonus_effect_key(b.id), "")]
        for b in paleo.dig_site.bonuses
    ]
    return [t["table_bonus"], t["table_limit"], t["table_effect"]], rows, [36, 14, 70]
