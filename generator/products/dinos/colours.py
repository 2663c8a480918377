"""The Digging for Dinos print colours, and mixing two of them: takes '#rrggbb', gives '#rrggbb'."""

from __future__ import annotations

INK = "#2b1d12"
PARCHMENT = "#f4ecd8"
WHITE = "#ffffff"
GOLD = "#f2c14e"
BONE_FADED = "#d9c9a8"  # the bones of a skeleton that are not this tile's


def mix(colour: str, other: str, t: float) -> str:
    """``colour`` moved a fraction ``t`` of the way towards ``other`` (sRGB, '#rrggbb')."""
    a = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    b = [int(other[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(a, b, strict=True))
