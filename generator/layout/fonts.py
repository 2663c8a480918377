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
import hashlib
import importlib.metadata
import importlib.resources
import io
import os
import tempfile
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import fontTools
from fontTools import subset
from fontTools.misc.fixedTools import otRound
from fontTools.pens.cu2quPen import Cu2QuPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont, newTable
from fontTools.varLib import instancer

MM_PER_PT = 25.4 / 72

#: Bump when the conversion pipeline changes, so old cache entries are not reused.
PIPELINE_VERSION = 1

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


def _open_source(font_id: str, lazy: bool | None = None) -> TTFont:
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
        font = _open_source(font_id, lazy=True)
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


# --------------------------------------------------------------------------
# Static TrueType files


def cache_dir() -> Path:
    """``$DINOKIT_FONT_CACHE`` if set, else ``~/.cache/dinokit/fonts``."""
    env = os.environ.get("DINOKIT_FONT_CACHE")
    return Path(env) if env else Path.home() / ".cache" / "dinokit" / "fonts"


def _cache_key(font_id: str, chars: str | None) -> str:
    spec = FONTS[font_id]
    parts = [
        f"pipeline={PIPELINE_VERSION}",
        f"fonttools={fontTools.version}",
        f"spec={spec!r}",
        f"dist={importlib.metadata.version(spec.distribution)}",
        f"size={source_path(font_id).stat().st_size}",
        f"chars={chars if chars is not None else '*'}",
    ]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:20]


def ttf_path(font_id: str, text: str | None = None) -> Path:
    """A static TrueType file for ``font_id`` that reportlab's TTFont can load.

    With ``text`` the font is subset to the characters of ``text`` plus ASCII
    (fast: ~0.3-1 s for Korean, vs ~16 s to convert all of Noto Sans KR);
    without it, the whole font (refused for ``needs_text`` fonts).  Results are
    cached by font spec, source version and character set; the same input
    always gives a byte-identical file.  Each subset has its own PostScript
    name (``ps_name-<hash of chars>``): register it in reportlab under a name
    unique per file too, e.g. ``path.stem``.
    """
    spec = FONTS[font_id]
    if text is None and spec.needs_text:
        raise ValueError(f"font {font_id!r} is too large to convert whole: pass the text")
    chars = None if text is None else "".join(sorted(set(text) | set(ASCII)))
    path = cache_dir() / f"{font_id}-{_cache_key(font_id, chars)}.ttf"
    if not path.exists():
        data = build_ttf(font_id, chars)
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".ttf")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.chmod(tmp, 0o644)  # mkstemp makes it 0600
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    return path


_DROP_TABLES = [
    # No shaping/kerning in reportlab; dropping them keeps SVG widths equal to ours.
    *["GSUB", "GPOS", "GDEF", "BASE", "JSTF", "kern", "MATH", "morx"],
    # Signatures become invalid; FFTM holds timestamps; vertical text is unused.
    *["DSIG", "FFTM", "vhea", "vmtx", "VORG", "VVAR", "STAT"],
]


def build_ttf(font_id: str, chars: str | None = None) -> bytes:
    """Subset, instance, convert to glyf and rename; deterministic bytes."""
    spec = FONTS[font_id]
    font = _open_source(font_id)
    font.recalcTimestamp = False  # otherwise save() stamps head.modified = now

    opts = subset.Options()
    opts.drop_tables += _DROP_TABLES
    opts.layout_features = []
    opts.name_IDs = ["*"]
    opts.notdef_outline = True  # missing characters show as a box
    opts.recalc_timestamp = False
    sub = subset.Subsetter(opts)
    if chars is None:
        sub.populate(unicodes=font.getBestCmap().keys())
    else:
        sub.populate(text=chars)
    sub.subset(font)

    if "fvar" in font:
        font = instancer.instantiateVariableFont(font, spec.axes)
        font.recalcTimestamp = False
    if "glyf" not in font:
        _cff_to_glyf(font)
    ps_name = spec.ps_name
    if chars is not None:
        # reportlab silently reuses an already registered font with the same
        # PostScript name (pdfmetrics._dynFaceNames), so each subset gets its own.
        ps_name += "-" + hashlib.sha256(chars.encode()).hexdigest()[:8]
    _set_names(font, spec.family, spec.style, ps_name)
    head = font["head"]
    head.modified = head.created  # pin: both come from the source file

    buf = io.BytesIO()
    font.save(buf)
    return buf.getvalue()


def _cff_to_glyf(font: TTFont) -> None:
    """Replace CFF/CFF2 cubic outlines by TrueType quadratic ones (max error 1 unit)."""
    order = font.getGlyphOrder()
    glyph_set = font.getGlyphSet()
    glyphs = {}
    for name in order:
        pen = TTGlyphPen(None)
        glyph_set[name].draw(Cu2QuPen(pen, 1.0, reverse_direction=True))
        glyphs[name] = pen.glyph()
    for tag in ("CFF ", "CFF2", "VORG"):
        if tag in font:
            del font[tag]
    glyf = font["glyf"] = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = glyphs
    font["loca"] = newTable("loca")
    hmtx = font["hmtx"]
    for name, g in glyphs.items():  # TrueType wants lsb == xMin
        g.recalcBounds(glyf)
        hmtx[name] = (hmtx[name][0], getattr(g, "xMin", 0))
    maxp = font["maxp"] = newTable("maxp")
    maxp.tableVersion = 0x00010000
    maxp.maxZones = 1
    for attr in (
        "maxTwilightPoints",
        "maxStorage",
        "maxFunctionDefs",
        "maxInstructionDefs",
        "maxStackElements",
        "maxSizeOfInstructions",
        "maxComponentElements",
    ):
        setattr(maxp, attr, 0)
    font["post"].formatType = 3.0  # no glyph names needed
    font.sfntVersion = "\0\1\0\0"


def _set_names(font: TTFont, family: str, style: str, ps_name: str) -> None:
    """Give each produced file its own family/PostScript name (Windows English)."""
    name = font["name"]
    name.names = [n for n in name.names if n.nameID not in (1, 2, 3, 4, 6, 16, 17, 21, 22, 25)]
    for name_id, value in (
        (1, family),
        (2, style),
        (3, f"{ps_name};dinokit"),
        (4, f"{family} {style}"),
        (6, ps_name),
    ):
        name.setName(value, name_id, 3, 1, 0x409)
