"""sRGB -> CMYK for print shops, through an ICC press profile, as a press wants it.

The conversion is littleCMS's (Pillow's ``ImageCms``), from sRGB to the shipped
profile ``icc/GRACoL2006-240.icc`` (GRACoL 2006 coated, built with a 240% total ink
limit: see ``icc/README.md``), relative colorimetric with black point compensation.
On top of it, three rules a press asks for, decided by what a colour paints
(``use``, see :data:`USES`):

- **black only** for text and lines (``"text"``, ``"line"``: strokes of any width,
  and fills under 10 mm on a side, :data:`generator.render.pdf.AREA_MM`) in a dark,
  nearly neutral colour (CIELAB L* at most :data:`DARK_L`, chroma at most
  :data:`DARK_C`, such as the ink #2b1d12 and the aid's brown #5a3b22): K alone, of
  the same lightness (K 100% for anything darker than K 100% prints), so 7 pt text is
  printed by one plate and never out of register;
- **rich black** :data:`RICH_BLACK` (C40 M30 Y30 K100, 200%) for large near-black
  areas (``"area"``, L* at most :data:`BLACK_L`, chroma at most :data:`DARK_C`), deeper
  than K alone; lighter dark areas (the aid's brown band) go through the profile;
- **total ink** at most :data:`INK_LIMIT` (240%, DriveThruCards): the profile's own
  separation stays within it; a rounding above it would scale C, M and Y down.

Each part is a multiple of 1/255 (the transform's 8 bits), rounded to 1/10,000.
:func:`to_cmyk` is the converter every CMYK export uses; it also carries the PDF's
output intent (:attr:`PressColours.output_intent`).
"""

from __future__ import annotations

import functools
import io
from pathlib import Path
from typing import Any

from ...draw.deltae import chroma, srgb_lab
from ...render.pdf import OutputIntent
from ...source import package_folder

#: The most ink a print shop accepts on any spot, as a fraction (2.4 = 240%).
INK_LIMIT = 2.4
#: Large near-black areas: C40 M30 Y30 K100 (200%).
RICH_BLACK = (0.4, 0.3, 0.3, 1.0)
#: Text and lines are printed in K alone when their CIELAB L* is at most this ...
DARK_L = 30.0
#: ... and their chroma C*ab at most this.
DARK_C = 25.0
#: Areas are printed in rich black when their L* is at most this (and chroma DARK_C).
BLACK_L = 20.0
#: What a colour paints: text, a line (strokes, small fills), or a large area.
USES = ("text", "line", "area")
#: The shipped press profile and its licence (next to it, in the package).
PROFILE_FILE = "GRACoL2006-240.icc"
#: The sRGB profile the PNGs carry (littleCMS's built-in sRGB, dated 2000-01-01).
SRGB_FILE = "sRGB.icc"

Cmyk = tuple[float, float, float, float]


def icc_path(name: str) -> Path:
    """A profile shipped with dinokit (``products/export/icc/``)."""
    return package_folder("products", "export", "icc") / name


@functools.cache
def srgb_profile_bytes() -> bytes:
    """The sRGB profile's bytes, always the same (for PNG iCCP chunks)."""
    return icc_path(SRGB_FILE).read_bytes()


def _parts(pixel: tuple[int, ...]) -> Cmyk:
    c, m, y, k = (round(v / 255, 4) for v in pixel)
    return c, m, y, k


class PressColours:
    """The converter: ``press(hex_colour, use)`` -> (c, m, y, k), each 0 to 1."""

    def __init__(self, profile: bytes, intent: OutputIntent, limit: float = INK_LIMIT) -> None:
        from PIL import ImageCms

        self.profile = profile
        self.output_intent = intent
        self.limit = limit
        press = ImageCms.ImageCmsProfile(io.BytesIO(profile))
        srgb = ImageCms.ImageCmsProfile(io.BytesIO(srgb_profile_bytes()))
        lab = ImageCms.createProfile("LAB", 5000)
        relative = ImageCms.Intent.RELATIVE_COLORIMETRIC
        self._to_press = ImageCms.buildTransform(
            srgb, press, "RGB", "CMYK", relative, flags=ImageCms.Flags.BLACKPOINTCOMPENSATION
        )
        self._to_lab = ImageCms.buildTransform(press, lab, "CMYK", "LAB", relative)
        self.description = press.profile.profile_description or "?"
        # lightness of K alone, 0 to 255 (K 0% is the paper)
        self._k_ramp = [self.lab((0, 0, 0, k / 255))[0] for k in range(256)]

    @functools.cache  # noqa: B019 - one converter a process, kept as long as the module
    def __call__(self, hex_colour: str, use: str = "area") -> Cmyk:
        if use not in USES:
            raise ValueError(f"use {use!r}: expected one of {', '.join(USES)}")
        lab = srgb_lab(hex_colour)
        if chroma(lab) <= DARK_C:
            if use == "area" and lab[0] <= BLACK_L:
                return RICH_BLACK
            if use != "area" and lab[0] <= DARK_L:
                return 0.0, 0.0, 0.0, self.k_only(lab[0])
        return self.through_profile(hex_colour)

    def through_profile(self, hex_colour: str) -> Cmyk:
        """The profile's separation of an sRGB colour, within the ink limit."""
        from PIL import Image, ImageCms

        text = hex_colour.lstrip("#")
        if len(text) == 3:
            text = "".join(ch * 2 for ch in text)
        rgb = tuple(int(text[i : i + 2], 16) for i in (0, 2, 4))
        out = ImageCms.applyTransform(Image.new("RGB", (1, 1), rgb), self._to_press)
        c, m, y, k = _parts(out.getpixel((0, 0)))  # type: ignore[union-attr, arg-type]
        if c + m + y + k > self.limit:
            factor = (self.limit - k) / (c + m + y)
            c, m, y = (int(v * factor * 10_000) / 10_000 for v in (c, m, y))
        return c, m, y, k

    def k_only(self, lightness: float) -> float:
        """The K (0 to 1) whose print is closest to ``lightness`` (L*): 1 when darker."""
        best = min(range(256), key=lambda k: abs(self._k_ramp[k] - lightness))
        return round(best / 255, 4)

    def lab(self, cmyk: Cmyk) -> tuple[float, float, float]:
        """What the press prints for ``cmyk``, as CIELAB (D50), through the profile."""
        return cmyk_lab(self._to_lab, cmyk)


def cmyk_lab(transform: Any, cmyk: Cmyk) -> tuple[float, float, float]:
    """CMYK -> CIELAB through a littleCMS CMYK -> LAB transform (8 bits: L* to 0.4,
    a* and b* to 1)."""
    from PIL import Image, ImageCms

    pixel = tuple(min(255, max(0, round(v * 255))) for v in cmyk)
    out = ImageCms.applyTransform(Image.new("CMYK", (1, 1), pixel), transform)
    big_l, a, b = out.getpixel((0, 0))  # type: ignore[union-attr, misc]
    return big_l * 100 / 255, a - 128, b - 128


def lab_transform(profile: bytes) -> Any:
    """A CMYK -> LAB (D50) transform through ``profile`` (a CMYK ICC profile's bytes)."""
    from PIL import ImageCms

    press = ImageCms.ImageCmsProfile(io.BytesIO(profile))
    lab = ImageCms.createProfile("LAB", 5000)
    return ImageCms.buildTransform(press, lab, "CMYK", "LAB", ImageCms.Intent.RELATIVE_COLORIMETRIC)


#: The press condition the shipped profile describes (the PDF's output intent).
GRACOL_2006 = dict(
    identifier="CGATS TR 006",
    condition="GRACoL 2006 coated #1 (ANSI CGATS/GRACoL TR 006-2007), total ink 240%",
    registry="http://www.color.org",
    info="dinokit GRACoL TR006 coated, 240% ink",
)


@functools.cache
def press_colours() -> PressColours:
    """The converter of the shipped profile (made once a process)."""
    profile = icc_path(PROFILE_FILE).read_bytes()
    return PressColours(profile, OutputIntent(profile=profile, **GRACOL_2006))


class _Shipped:
    """:func:`press_colours`, made the first time a colour is asked for."""

    def __call__(self, hex_colour: str, use: str = "area") -> Cmyk:
        return press_colours()(hex_colour, use)

    @property
    def output_intent(self) -> OutputIntent:
        return press_colours().output_intent


#: '#rrggbb', use -> (c, m, y, k) by the shipped profile and the rules above; what
#: ``render_pdf(cmyk=...)`` takes (with the PDF's output intent).
to_cmyk = _Shipped()


def total_ink(cmyk: Cmyk) -> float:
    """The ink of a CMYK colour, as a fraction (1.0 = 100%)."""
    return sum(cmyk)
