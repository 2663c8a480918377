"""Static TrueType files of the logical fonts, made with fontTools and cached on disk.

Takes a font id of :mod:`.fonts` and the text to subset to; gives the path of a
static ``glyf`` TTF that reportlab can embed and an SVG can carry. Files are
cached by font spec, source version and character set, written atomically, and
the same input always gives a byte-identical file.
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Callable
from pathlib import Path

from fontTools.ttLib import TTFont, newTable

from . import fontcache, fonts
from .fonts import ASCII, cache_key, open_source, spec

# --------------------------------------------------------------------------
# Static TrueType files


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
    if text is None and spec(font_id).needs_text:
        raise ValueError(f"font {font_id!r} is too large to convert whole: pass the text")
    chars = None if text is None else "".join(sorted(set(text) | set(ASCII)))
    name = f"{font_id}-{cache_key(font_id, chars)}.ttf"
    return _cached_ttf(name, lambda: _make_ttf(font_id, chars))


def _cached_ttf(name: str, make: Callable[[], bytes]) -> Path:
    """The cached file ``name``, made by ``make()`` when it is missing or broken."""
    found = fontcache.cached(name, _ttf_head, len(_TTF_HEAD))
    if found is not None:
        return found[0]
    return fontcache.store(name, make())


#: Characters the code draws besides the texts of the data (list bullets, separators,
#: arrows, ticks): in every base, so that no file needs a base of its own for them.
DRAWN_BY_CODE = "•·–—−×÷→←↑↓…°½✓✗○●"


def _make_ttf(font_id: str, chars: str | None) -> bytes:
    """:func:`build_ttf`, cut from a cached base when the font is large.

    Instancing and converting a CJK subset takes seconds, and every document has its
    own character set; so a large font is converted once for every character the
    run expects it to draw (:func:`generator.layout.fonts.expect_text`: what validate
    checked), and each document's subset is cut from that base in milliseconds. The
    bytes are the same as :func:`build_ttf` gives (the outlines of a glyph do not
    depend on the others; tests check it).
    """
    expected = fonts.expected_text(font_id)
    if chars is None or not spec(font_id).needs_text or not expected - set(chars):
        return build_ttf(font_id, chars)
    base_chars = "".join(sorted(expected | set(chars) | set(DRAWN_BY_CODE)))
    base = _cached_ttf(
        f"{font_id}-base-{cache_key(font_id, base_chars)}.ttf",
        lambda: build_ttf(font_id, base_chars),
    )
    return cut_ttf(base.read_bytes(), font_id, chars)


def cut_ttf(base: bytes, font_id: str, chars: str) -> bytes:
    """The subset of ``chars`` of a static TrueType ``base`` made by :func:`build_ttf`."""
    found = spec(font_id)
    font = TTFont(io.BytesIO(base))
    font.recalcTimestamp = False
    _subset(font, chars)
    _finish(font, found.family, found.style, _ps_name(found.ps_name, chars))
    buf = io.BytesIO()
    font.save(buf)
    return buf.getvalue()


_TTF_HEAD = b"\x00\x01\x00\x00"


def _ttf_head(head: bytes) -> bytes | None:
    """The head of a cached font that is whole: a TrueType header (a killed or emptied
    file has none)."""
    return head if head in (_TTF_HEAD, b"true") else None


_DROP_TABLES = [
    # No shaping/kerning in reportlab; dropping them keeps SVG widths equal to ours.
    *["GSUB", "GPOS", "GDEF", "BASE", "JSTF", "kern", "MATH", "morx"],
    # Signatures become invalid; FFTM holds timestamps; vertical text is unused.
    *["DSIG", "FFTM", "vhea", "vmtx", "VORG", "VVAR", "STAT"],
]


def build_ttf(font_id: str, chars: str | None = None) -> bytes:
    """Subset, instance, convert to glyf and rename; deterministic bytes."""
    # imported here: a run whose fonts are all cached never needs them (saves ~70 ms)
    from fontTools.varLib import instancer

    found = spec(font_id)
    font = open_source(font_id)
    font.recalcTimestamp = False  # otherwise save() stamps head.modified = now

    _subset(font, chars)
    if "fvar" in font:
        font = instancer.instantiateVariableFont(font, found.axes)
        font.recalcTimestamp = False
    if "glyf" not in font:
        _cff_to_glyf(font)
    _finish(font, found.family, found.style, _ps_name(found.ps_name, chars))
    buf = io.BytesIO()
    font.save(buf)
    return buf.getvalue()


def _subset(font: TTFont, chars: str | None) -> None:
    from fontTools import subset

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


def _ps_name(ps_name: str, chars: str | None) -> str:
    # reportlab silently reuses an already registered font with the same
    # PostScript name (pdfmetrics._dynFaceNames), so each subset gets its own.
    return (
        ps_name if chars is None else ps_name + "-" + hashlib.sha256(chars.encode()).hexdigest()[:8]
    )


def _finish(font: TTFont, family: str, style: str, ps_name: str) -> None:
    """Names, pinned dates, and the average width of the glyphs this file holds."""
    _set_names(font, family, style, ps_name)
    font["OS/2"].recalcAvgCharWidth(font)
    head = font["head"]
    head.modified = head.created  # pin: both come from the source file


def _cff_to_glyf(font: TTFont) -> None:
    """Replace CFF/CFF2 cubic outlines by TrueType quadratic ones (max error 1 unit)."""
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen

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
