"""CIELAB of sRGB colours and the CIEDE2000 colour difference (ΔE2000).

:func:`srgb_lab` follows IEC 61966-2-1 (the sRGB curve and primaries), adapted to D50
with the Bradford matrix as ICC profiles are (the profile connection space), so it
agrees with littleCMS's sRGB profile. :func:`delta_e_2000` is the formula of Sharma,
Wu and Dalal, "The CIEDE2000 color-difference formula: implementation notes,
supplementary test data, and mathematical observations" (Color Research & Application
30, 2005), tested against their 34 published pairs. Thirty lines of arithmetic: no
colour library is needed for them.
"""

from __future__ import annotations

import functools
import math

Lab = tuple[float, float, float]

#: sRGB (linear) -> XYZ, D50-adapted (Bradford), as in the ICC sRGB profiles.
_SRGB_D50 = (
    (0.4360747, 0.3850649, 0.1430804),
    (0.2225045, 0.7168786, 0.0606169),
    (0.0139322, 0.0971045, 0.7141733),
)
_D50 = (0.9642, 1.0, 0.8249)


def _linear(v: float) -> float:
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _f(t: float) -> float:
    return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29


@functools.cache
def srgb_lab(hex_colour: str) -> Lab:
    """'#rrggbb' -> CIELAB (D50)."""
    text = hex_colour.lstrip("#")
    if len(text) == 3:
        text = "".join(ch * 2 for ch in text)
    rgb = [_linear(int(text[i : i + 2], 16) / 255) for i in (0, 2, 4)]
    x, y, z = (sum(m * v for m, v in zip(row, rgb, strict=True)) for row in _SRGB_D50)
    fx, fy, fz = _f(x / _D50[0]), _f(y / _D50[1]), _f(z / _D50[2])
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def chroma(lab: Lab) -> float:
    """C*ab: how colourful a CIELAB colour is (0 for greys)."""
    return math.hypot(lab[1], lab[2])


def delta_e_2000(first: Lab, second: Lab) -> float:
    """The CIEDE2000 difference of two CIELAB colours (kL = kC = kH = 1)."""
    l1, a1, b1 = first
    l2, a2, b2 = second
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean**7 / (c_mean**7 + 25**7)))
    a1, a2 = a1 * (1 + g), a2 * (1 + g)
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    h1 = math.degrees(math.atan2(b1, a1)) % 360 if c1 else 0.0
    h2 = math.degrees(math.atan2(b2, a2)) % 360 if c2 else 0.0
    dl, dc = l2 - l1, c2 - c1
    if c1 * c2 == 0:
        dh = 0.0
    elif abs(h2 - h1) <= 180:
        dh = h2 - h1
    else:
        dh = h2 - h1 - 360 if h2 > h1 else h2 - h1 + 360
    big_dh = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(dh / 2))
    l_mean, c_mean = (l1 + l2) / 2, (c1 + c2) / 2
    if c1 * c2 == 0:
        h_mean = h1 + h2
    elif abs(h1 - h2) <= 180:
        h_mean = (h1 + h2) / 2
    else:
        h_mean = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(h_mean - 30))
        + 0.24 * math.cos(math.radians(2 * h_mean))
        + 0.32 * math.cos(math.radians(3 * h_mean + 6))
        - 0.20 * math.cos(math.radians(4 * h_mean - 63))
    )
    d_theta = 30 * math.exp(-(((h_mean - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(c_mean**7 / (c_mean**7 + 25**7))
    s_l = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    s_c = 1 + 0.045 * c_mean
    s_h = 1 + 0.015 * c_mean * t
    r_t = -math.sin(math.radians(2 * d_theta)) * r_c
    return math.sqrt(
        (dl / s_l) ** 2 + (dc / s_c) ** 2 + (big_dh / s_h) ** 2 + r_t * (dc / s_c) * (big_dh / s_h)
    )
