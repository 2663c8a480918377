"""Fonts: which files we use, static TrueType copies of them, and text metrics.

Why this module exists:

* Every font comes from a PyPI distribution (never from the system), so a
  build is the same on every machine that installs the project.
* reportlab embeds only TrueType (``glyf``) outlines and draws only the
  default instance of a variable font.  Our sources are a variable TTF
  (Archivo) and CFF/CFF2 OpenType (Noto Sans KR / Noto Sans CJK), so
  :func:`ttf_path` turns each logical font into a static ``glyf`` TTF,
  cached on disk, written atomically and byte-for-byte deterministically.
* Layout must not import reportlab, so the metrics here are computed with
  fontTools the same way reportlab computes them (unkerned ``hmtx``
  advances; ascent/descent from ``OS/2`` sTypoAscender/sTypoDescender).
  ``tests/layout/test_fonts.py`` checks that they match reportlab exactly.

The produced TTFs have no GSUB/GPOS/kern tables: reportlab does not shape or
kern, and dropping them keeps an SVG that embeds the same file rendering
with exactly the widths computed here (no kerning or ligatures in browsers).
"""

from __future__ import annotations

import functools
import importlib.metadata
import importlib.resources
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from fontTools.misc.fixedTools import otRound
from fontTools.ttLib import TTFont

MM_PER_PT = 25.4 / 72


#: Always kept in a subset, so labels built later from digits/ASCII still render.
ASCII = "".join(chr(c) for c in range(0x20, 0x7F))


@dataclass(frozen=True)
class FontSpec:
    """Where a logical font comes from and how to make it a static TrueType.

    ``package``/``resource`` locate the file with importlib.resources inside the
    installed ``distribution``.  ``axes`` instances a variable font at those
    user-space coordinates; CFF/CFF2 outlines are converted to ``glyf``
    automatically.  ``family``/``style``/``ps_name`` are written into the
    output's name table, so two instances of one variable font get distinct
    names in PDFs and in SVG ``@font-face`` rules.
    """

    distribution: str
    package: str
    resource: str
    family: str
    style: str
    ps_name: str
    face: int = 0  # index inside a .ttc/.otc collection
    axes: dict[str, float] = field(default_factory=dict)
    # Converting the whole font takes too long to do implicitly (Korean:
    # ~16 s for Noto Sans KR), so ttf_path() requires the text to subset to.
    needs_text: bool = False


_ARCHIVO: dict[str, Any] = {
    "distribution": "fontpkg-archivo",
    "package": "fontpkg_archivo",
    "resource": "files/Archivo[wdth,wght].ttf",
}

FONTS: dict[str, FontSpec] = {
    "sans": FontSpec(
        **_ARCHIVO,
        family="Archivo",
        style="Regular",
        ps_name="Archivo-Regular",
        axes={"wght": 400, "wdth": 100},  # the file's default instance is SemiBold
    ),
    "sans-bold": FontSpec(
        **_ARCHIVO,
        family="Archivo",
        style="Bold",
        ps_name="Archivo-Bold",
        axes={"wght": 700, "wdth": 100},
    ),
    "display": FontSpec(
        **_ARCHIVO,
        family="Archivo Condensed",
        style="Bold",
        ps_name="ArchivoCondensed-Bold",
        axes={"wght": 700, "wdth": 75},
    ),
    "ko": FontSpec(
        distribution="pylopdf-fonts-ko",
        package="pylopdf_fonts_ko",
        resource="NotoSansKR-Regular.otf",
        family="Noto Sans KR",
        style="Regular",
        ps_name="NotoSansKR-Regular",
        needs_text=True,
    ),
    "ko-bold": FontSpec(
        # pylopdf-fonts-ko ships only Regular; the Noto Sans CJK variable
        # collection (same 2.004 build, identical metrics) has the bold.
        distribution="manimgx-fonts-cjk",
        package="manimgx_fonts_cjk",
        resource="NotoSansCJK-VF.otf.ttc",
        face=1,  # 0 JP, 1 KR, 2 SC, 3 TC, 4 HK
        family="Noto Sans KR",
        style="Bold",
        ps_name="NotoSansKR-Bold",
        axes={"wght": 700},
        needs_text=True,
    ),
}

Weight = Literal["regular", "bold", "display"]

#: script -> font id per weight (scripts as in generator.lang.SCRIPTS).
SCRIPT_FONTS: dict[str, dict[str, str]] = {
    "latin": {"regular": "sans", "bold": "sans-bold", "display": "display"},
    "hangul": {"regular": "ko", "bold": "ko-bold", "display": "ko-bold"},
}
#: language codes / ISO 15924 codes -> script; anything unknown is "latin".
SCRIPT_OF: dict[str, str] = {"ko": "hangul", "kor": "hangul", "hang": "hangul", "kore": "hangul"}


def font_for(lang_or_script: str, weight: Weight = "regular") -> str:
    """Font id for a script ('hangul', 'latin', 'Hang') or language code ('ko', 'ko-KR', 'it')."""
    key = lang_or_script.replace("_", "-").split("-")[0].lower()
    script = key if key in SCRIPT_FONTS else SCRIPT_OF.get(key, "latin")
    return SCRIPT_FONTS[script][weight]


# --------------------------------------------------------------------------
# Source files


def source_path(font_id: str) -> Path:
    """Path of the installed source file (via importlib.resources, not site-packages)."""
    spec = FONTS[font_id]
    res = importlib.resources.files(spec.package).joinpath(spec.resource)
    return Path(str(res))


def open_source(font_id: str, lazy: bool | None = None) -> TTFont:
    return TTFont(source_path(font_id), fontNumber=FONTS[font_id].face, lazy=lazy)


# --------------------------------------------------------------------------
# Metrics (no reportlab)


class FontMetrics:
    """Advance widths, cmap and vertical metrics of one logical font.

    Read from the source file at the spec's variation location, with advances
    rounded like the instancer rounds them, so they equal the ``hmtx`` of the
    TTF that :func:`ttf_path` writes.  Mirrors reportlab's quirks: a character
    the cmap lacks measures as glyph 0 (.notdef), and U+00A0 uses the space
    glyph (reportlab maps it so).
    """

    def __init__(self, font_id: str) -> None:
        spec = FONTS[font_id]
        font = open_source(font_id, lazy=True)
        self.font_id = font_id
        self.units_per_em: int = font["head"].unitsPerEm
        self._cmap: dict[int, str] = dict(font.getBestCmap())
        if 0x20 in self._cmap:
            self._cmap[0xA0] = self._cmap[0x20]
        self._glyphs = font.getGlyphSet(location=spec.axes or None)
        self._notdef = font.getGlyphOrder()[0]
        self._advance: dict[str, int] = {}
        os2 = font["OS/2"]
        # reportlab takes ascent/descent from OS/2 sTypo*, not hhea/usWin*.
        # (No MVAR in our fonts, so the default-instance values are right.)
        self.ascent: int = os2.sTypoAscender
        self.descent: int = os2.sTypoDescender  # negative, like reportlab
        self.cap_height: int = getattr(os2, "sCapHeight", 0) or os2.sTypoAscender

    def advance(self, char: str) -> int:
        """Advance width of ``char`` in font units."""
        name = self._cmap.get(ord(char), self._notdef)
        width = self._advance.get(name)
        if width is None:
            width = self._advance[name] = otRound(self._glyphs[name].width)
        return width

    def has(self, char: str) -> bool:
        return ord(char) in self._cmap

    def units_to_mm(self, units: float, size_pt: float) -> float:
        return units * size_pt / self.units_per_em * MM_PER_PT


@functools.cache
def metrics(font_id: str) -> FontMetrics:
    return FontMetrics(font_id)


def text_width_mm(font_id: str, text: str, size_pt: float) -> float:
    """Width of a single line as reportlab's stringWidth measures it (no kerning)."""
    m = metrics(font_id)
    return m.units_to_mm(sum(m.advance(c) for c in text), size_pt)


def ascent_mm(font_id: str, size_pt: float) -> float:
    """Height above the baseline (OS/2 sTypoAscender, as reportlab uses)."""
    m = metrics(font_id)
    return m.units_to_mm(m.ascent, size_pt)


def descent_mm(font_id: str, size_pt: float) -> float:
    """OS/2 sTypoDescender in mm: NEGATIVE (below the baseline), like reportlab."""
    m = metrics(font_id)
    return m.units_to_mm(m.descent, size_pt)


def cap_height_mm(font_id: str, size_pt: float) -> float:
    """Height of capital letters; handy for optically centring numbers on tiles."""
    m = metrics(font_id)
    return m.units_to_mm(m.cap_height, size_pt)


def missing_glyphs(font_id: str, text: str) -> set[str]:
    """Characters of ``text`` the font cannot draw (control characters ignored)."""
    m = metrics(font_id)
    return {c for c in set(text) if unicodedata.category(c) != "Cc" and not m.has(c)}
