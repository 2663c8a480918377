"""How printed colours are seen: takes '#rrggbb' colours, gives their contrast (WCAG 2),
the colours as people with a colour vision deficiency see them (Machado, Oliveira and
Fernandes 2009, full severity) and the difference of two colours (CIEDE2000).

Own code rather than a library: the kit needs three small matrices, the sRGB -> CIELAB
conversion and one colour difference formula, and the tests check each against
published values (the paper's matrices, WCAG's luminance, Sharma's CIEDE2000 data).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...draw.deltae import delta_e_2000 as delta_e

RGB = tuple[float, float, float]
Lab = tuple[float, float, float]

#: Machado et al. (2009), Table 1, severity 1.0: linear sRGB -> linear sRGB as seen.
DEFICIENCIES: dict[str, tuple[RGB, RGB, RGB]] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}

#: Two colours of one palette closer than this (CIEDE2000) are taken as one colour.
#: About 10 is where categorical colours stop being told apart at a glance.
DISTINCT = 10.0

_XYZ = (  # linear sRGB -> CIE XYZ, D65 (IEC 61966-2-1)
    (0.4124564, 0.3575761, 0.1804375),
    (0.2126729, 0.7151522, 0.0721750),
    (0.0193339, 0.1191920, 0.9503041),
)
_WHITE = (0.95047, 1.0, 1.08883)  # D65


def linear(colour: str) -> RGB:
    """'#rrggbb' as linear-light sRGB, each 0 to 1."""
    values = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4 for v in values)
    return r, g, b


def luminance(colour: str) -> float:
    """WCAG 2 relative luminance of '#rrggbb'."""
    r, g, b = linear(colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """WCAG 2 contrast ratio of two colours, 1 to 21."""
    la, lb = sorted((luminance(a), luminance(b)))
    return (lb + 0.05) / (la + 0.05)


def best_ink(ground: str, inks: Sequence[str]) -> str:
    """The one of ``inks`` that stands out most on ``ground`` (first wins a tie)."""
    return max(inks, key=lambda ink: contrast(ink, ground))


def seen(colour: str, deficiency: str | None) -> RGB:
    """Linear sRGB of ``colour`` as seen with ``deficiency`` (None: as it is), in gamut."""
    rgb = linear(colour)
    if deficiency is None:
        return rgb
    m = DEFICIENCIES[deficiency]
    r, g, b = (min(1.0, max(0.0, sum(row[i] * rgb[i] for i in range(3)))) for row in m)
    return r, g, b


def lab(rgb: RGB) -> Lab:
    """CIELAB (D65) of a linear sRGB colour."""
    xyz = [sum(row[i] * rgb[i] for i in range(3)) / w for row, w in zip(_XYZ, _WHITE, strict=True)]
    fx, fy, fz = (
        t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29 for t in xyz
    )
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def difference(a: str, b: str, deficiency: str | None = None) -> float:
    """How different two colours look (CIEDE2000), with ``deficiency`` or without."""
    return delta_e(lab(seen(a, deficiency)), lab(seen(b, deficiency)))


@dataclass(frozen=True)
class Collapse:
    """Two colours of a palette (by index) that look alike with ``deficiency`` (None: even
    in full colour)."""

    first: int
    second: int
    deficiency: str | None
    difference: float


def collapses(palette: Sequence[str], limit: float = DISTINCT) -> list[Collapse]:
    """Every pair of ``palette`` that looks alike in full colour or with one of the
    deficiencies, each pair once, with the sight it is hardest to tell apart in."""
    found = []
    for i, a in enumerate(palette):
        for j in range(i + 1, len(palette)):
            b = palette[j]
            plain = difference(a, b)
            if plain < limit:  # alike for everyone
                found.append(Collapse(i, j, None, plain))
                continue
            value, sight = min((difference(a, b, d), d) for d in DEFICIENCIES)
            if value < limit:
                found.append(Collapse(i, j, sight, value))
    return found
