"""Static TrueType files of the logical fonts, made with fontTools and cached on disk.

Takes a font id of :mod:`.fonts` and the text to subset to; gives the path of a
static ``glyf`` TTF that reportlab can embed and an SVG can carry. Files are
cached by font spec, source version and character set, written atomically, and
the same input always gives a byte-identical file.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import io
import os
import tempfile
from pathlib import Path

import fontTools
from fontTools import subset
from fontTools.pens.cu2quPen import Cu2QuPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont, newTable
from fontTools.varLib import instancer

from ..source.files import OutputError, atomic_write
from .fonts import ASCII, FONTS, open_source, source_path

#: Bump when the way files are made changes (invalidates every cached file).
PIPELINE_VERSION = 1


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
    name = f"{font_id}-{_cache_key(font_id, chars)}.ttf"
    for folder in (cache_dir(), _fallback_cache_dir()):
        path = folder / name
        if _usable(path):
            return path
        try:
            return atomic_write(path, build_ttf(font_id, chars))
        except OutputError:
            continue  # an unwritable cache: the next folder
    raise OutputError(
        f"no folder to cache fonts in: {cache_dir()} and {_fallback_cache_dir()} are not "
        "writable (set DINOKIT_FONT_CACHE to a writable folder)"
    )


def _fallback_cache_dir() -> Path:
    return Path(tempfile.gettempdir()) / f"dinokit-fonts-{os.getuid()}"


def _usable(path: Path) -> bool:
    """A cached font that is whole: a TrueType header (a killed or emptied file is not)."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(12)
    except OSError:
        return False
    return len(head) == 12 and head[:4] in (b"\x00\x01\x00\x00", b"true")


_DROP_TABLES = [
    # No shaping/kerning in reportlab; dropping them keeps SVG widths equal to ours.
    *["GSUB", "GPOS", "GDEF", "BASE", "JSTF", "kern", "MATH", "morx"],
    # Signatures become invalid; FFTM holds timestamps; vertical text is unused.
    *["DSIG", "FFTM", "vhea", "vmtx", "VORG", "VVAR", "STAT"],
]


def build_ttf(font_id: str, chars: str | None = None) -> bytes:
    """Subset, instance, convert to glyf and rename; deterministic bytes."""
    spec = FONTS[font_id]
    font = open_source(font_id)
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
