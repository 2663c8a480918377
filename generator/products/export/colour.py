"""sRGB -> CMYK for print shops, with the total ink limited (DriveThruCards: 240%).

The conversion, for a colour R, G, B (0 to 1):

1. full grey-component replacement: K = 1 - max(R, G, B), and
   C = (1 - R - K) / (1 - K), likewise M from G and Y from B (all 0 for black);
2. total ink C + M + Y + K at most ``limit`` (2.4): above it, C, M and Y are scaled
   down by one factor (K is kept, so darkness and black text stay as they were);
3. each part rounded down to 1/10,000, so rounding never lifts the total above the
   limit.

It is a device-independent approximation (no ICC profile): colours print a little
duller than on screen, never over-inked. Pure black text is K only (100%).
"""

from __future__ import annotations

import functools
import math

#: The most ink a print shop accepts on any spot, as a fraction (2.4 = 240%).
INK_LIMIT = 2.4
_STEP = 10_000


def _down(value: float) -> float:
    return math.floor(value * _STEP + 1e-9) / _STEP


@functools.cache
def to_cmyk(hex_colour: str, limit: float = INK_LIMIT) -> tuple[float, float, float, float]:
    """'#rrggbb' -> (c, m, y, k), each 0 to 1, c + m + y + k at most ``limit``."""
    text = hex_colour.lstrip("#")
    if len(text) == 3:
        text = "".join(ch * 2 for ch in text)
    r, g, b = (int(text[i : i + 2], 16) / 255 for i in (0, 2, 4))
    k = 1 - max(r, g, b)
    if k >= 1:
        return 0.0, 0.0, 0.0, 1.0
    c, m, y = ((1 - v - k) / (1 - k) for v in (r, g, b))
    room = limit - k
    if c + m + y > room:
        factor = room / (c + m + y)
        c, m, y = c * factor, m * factor, y * factor
    return _down(c), _down(m), _down(y), _down(k)


def total_ink(cmyk: tuple[float, float, float, float]) -> float:
    """The ink of a CMYK colour, as a fraction (1.0 = 100%)."""
    return sum(cmyk)
