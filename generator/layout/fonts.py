"""Fonts: which files we use, static TrueType copies of them, and text metrics.

Why this module exists:

* Every font comes from a PyPI distribution (never from the system), so a
  build is the same on every machine that installs the project.  Which file,
  face and instance each font is, and which fonts each script prints with
  (with fallbacks), is data: ``templates/fonts.yaml``
  (:mod:`generator.source.fontdata`).
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
import unicodedata
from pathlib import Path
from typing import Any, Literal

import fontTools
from fontTools.misc.fixedTools import otRound
from fontTools.ttLib import TTCollection, TTFont

from ..source import templates_dir
from ..source.fontdata import Catalogue, FontSpec, catalogue_at
from .fontcache import MetricsTable, metrics_table

MM_PER_PT = 25.4 / 72


#: Always kept in a subset, so labels built later from digits/ASCII still render.
ASCII = "".join(chr(c) for c in range(0x20, 0x7F))

Weight = Literal["regular", "bold", "display"]
WEIGHTS: tuple[Weight, ...] = ("regular", "bold", "display")

#: Language codes and ISO 15924 codes -> the catalogue's script; anything unknown is "latin".
SCRIPT_OF: dict[str, str] = {
    **dict.fromkeys(("ko", "kor", "hang", "kore"), "hangul"),
    **dict.fromkeys(("ja", "jpn", "jpan", "hira", "kana"), "japanese"),
    **dict.fromkeys(("zh", "zho", "hans"), "han-simplified"),
}


class FontMissing(LookupError):
    """No font of a script's weight is installed: names the PyPI packages that have one."""


#: The catalogue of the templates folder in use, and the metrics read from it (text is
#: measured a hundred thousand times in a validate: no path arithmetic each time).
_LIVE: dict[str, Any] = {"folder": None, "catalogue": None, "metrics": {}}


def catalogue() -> Catalogue:
    """The font catalogue of the templates in use (``templates/fonts.yaml``)."""
    folder = templates_dir()
    if folder is not _LIVE["folder"]:
        found = catalogue_at(folder / "fonts.yaml")
        _LIVE.update(folder=folder, catalogue=found, metrics={})
    return _LIVE["catalogue"]


def spec(font_id: str) -> FontSpec:
    """Where font ``font_id`` of the catalogue comes from."""
    return catalogue().fonts[font_id]


def installed(font_id: str) -> bool:
    """Whether the package of ``font_id`` is installed and holds its file."""
    return _installed(catalogue().path, font_id)


@functools.cache
def _installed(path: Path, font_id: str) -> bool:
    found = catalogue_at(path).fonts[font_id]
    try:
        importlib.metadata.version(found.distribution)
        return source_path(font_id).is_file()
    except (importlib.metadata.PackageNotFoundError, ModuleNotFoundError, OSError):
        return False


def script_of(lang_or_script: str) -> str:
    """The catalogue's script for a script name ('hangul'), an ISO 15924 code ('Hang') or a
    language code ('ko-KR', 'it'); anything unknown is 'latin'."""
    scripts = catalogue().scripts
    if lang_or_script in scripts:
        return lang_or_script
    key = lang_or_script.replace("_", "-").split("-")[0].lower()
    return key if key in scripts else SCRIPT_OF.get(key, "latin")


def font_for(lang_or_script: str, weight: Weight = "regular") -> str:
    """Font id for a script ('hangul', 'latin', 'Hang') or language code ('ko', 'ko-KR', 'it'):
    the first of the script's fonts of that weight whose package is installed."""
    return _font_for(catalogue().path, script_of(lang_or_script), weight)


@functools.cache
def _font_for(path: Path, script: str, weight: str) -> str:
    candidates = catalogue_at(path).scripts[script].weights[weight]
    for font_id in candidates:
        if _installed(path, font_id):
            return font_id
    raise FontMissing(missing_font_message(script, weight))


def missing_font_message(script: str, weight: str) -> str:
    """What to install when no font of ``script``'s ``weight`` is installed."""
    cat = catalogue()
    dists = dict.fromkeys(cat.fonts[f].distribution for f in cat.scripts[script].weights[weight])
    return (
        f"no {weight} font for script {script} is installed: add "
        + " or ".join(f"'{d}'" for d in dists)
        + " to the dependencies in pyproject.toml (pip install "
        + next(iter(dists))
        + ")"
    )


# --------------------------------------------------------------------------
# Source files


def source_path(font_id: str) -> Path:
    """Path of the installed source file (via importlib.resources, not site-packages)."""
    found = spec(font_id)
    res = importlib.resources.files(found.package).joinpath(found.resource)
    return Path(str(res))


def face_index(font_id: str) -> int:
    """The index of the font's face in its file (a collection's face found by family name)."""
    found = spec(font_id)
    if isinstance(found.face, int):
        return found.face
    return _face_by_name(source_path(font_id), found.face)


@functools.cache
def _face_by_name(path: Path, family: str) -> int:
    collection = TTCollection(path, lazy=True)
    names = []
    for index, face in enumerate(collection.fonts):
        name = face["name"]
        family_name = name.getDebugName(16) or name.getDebugName(1)
        if family_name == family:
            return index
        names.append(family_name)
    raise FontMissing(f"{path.name} has no face {family!r} (faces: {', '.join(map(str, names))})")


def open_source(font_id: str, lazy: bool | None = None) -> TTFont:
    """The source font of ``font_id`` (its face, when the file is a collection)."""
    return TTFont(source_path(font_id), fontNumber=face_index(font_id), lazy=lazy)


#: Bump when the way cached files are made changes (invalidates every cached file).
PIPELINE_VERSION = 2


def cache_key(font_id: str, chars: str | None) -> str:
    """The name of a cached file made from ``font_id`` (``chars``: what it holds): it
    changes with the font's spec, the source file and version, and our pipeline."""
    found = spec(font_id)
    parts = [
        f"pipeline={PIPELINE_VERSION}",
        f"fonttools={fontTools.version}",
        f"spec={found!r}",
        f"face={face_index(font_id)}",
        f"dist={importlib.metadata.version(found.distribution)}",
        f"size={source_path(font_id).stat().st_size}",
        f"chars={chars if chars is not None else '*'}",
    ]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:20]


# --------------------------------------------------------------------------
# Metrics (no reportlab)


class FontMetrics:
    """Advance widths, cmap and vertical metrics of one logical font.

    Read from the source file at the spec's variation location, with advances
    rounded like the instancer rounds them, so they equal the ``hmtx`` of the
    TTF that :func:`ttf_path` writes.  Mirrors reportlab's quirks: a character
    the cmap lacks measures as glyph 0 (.notdef), and U+00A0 uses the space
    glyph (reportlab maps it so).  Reading a CJK font's tables takes seconds, so
    the table of every character's advance is cached on disk beside the fonts
    (:func:`generator.layout.fontcache.metrics_table`).
    """

    def __init__(self, font_id: str) -> None:
        table = metrics_table(
            f"{font_id}-{cache_key(font_id, 'metrics')}.metrics", lambda: read_metrics(font_id)
        )
        self.font_id = font_id
        self.units_per_em: int = table.units_per_em
        # reportlab takes ascent/descent from OS/2 sTypo*, not hhea/usWin*.
        # (No MVAR in our fonts, so the default-instance values are right.)
        self.ascent: int = table.ascent
        self.descent: int = table.descent  # negative, like reportlab
        self.cap_height: int = table.cap_height
        self._advance: dict[int, int] = table.advances
        self._notdef = table.notdef

    def advance(self, char: str) -> int:
        """Advance width of ``char`` in font units."""
        return self._advance.get(ord(char), self._notdef)

    def has(self, char: str) -> bool:
        """Whether the font has a glyph for ``char``."""
        return ord(char) in self._advance

    def units_to_mm(self, units: float, size_pt: float) -> float:
        """A length in font units at ``size_pt``, in millimetres."""
        return units * size_pt / self.units_per_em * MM_PER_PT


def read_metrics(font_id: str) -> MetricsTable:
    """Read :class:`MetricsTable` from the source font (slow for CJK: seconds)."""
    axes = spec(font_id).axes
    font = open_source(font_id, lazy=True)
    cmap: dict[int, str] = dict(font.getBestCmap())
    if 0x20 in cmap:
        cmap[0xA0] = cmap[0x20]
    glyphs = font.getGlyphSet(location=axes or None)
    widths: dict[str, int] = {}

    def width(name: str) -> int:
        if name not in widths:
            widths[name] = otRound(glyphs[name].width)
        return widths[name]

    os2 = font["OS/2"]
    return MetricsTable(
        units_per_em=font["head"].unitsPerEm,
        ascent=os2.sTypoAscender,
        descent=os2.sTypoDescender,
        cap_height=getattr(os2, "sCapHeight", 0) or os2.sTypoAscender,
        notdef=width(font.getGlyphOrder()[0]),
        advances={code: width(name) for code, name in sorted(cmap.items())},
    )


def metrics(font_id: str) -> FontMetrics:
    """The metrics of ``font_id`` in the catalogue in use (read once per process)."""
    found = catalogue()
    live = _LIVE["metrics"].get(font_id)
    if live is None:
        live = _LIVE["metrics"][font_id] = _metrics(found.path, font_id)
    return live


@functools.cache
def _metrics(path: Path, font_id: str) -> FontMetrics:
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


#: Characters each large font is expected to draw in this run (see :func:`expect_text`).
_EXPECTED: dict[tuple[Path, str], set[str]] = {}


def expect_text(font_id: str, text: str) -> None:
    """Note that this run will draw ``text`` in ``font_id`` (validate notes every text it
    checks): a large font is then converted once for all of it, not once per file."""
    if spec(font_id).needs_text:
        _EXPECTED.setdefault((catalogue().path, font_id), set()).update(text)


def expected_text(font_id: str) -> set[str]:
    """Every character noted by :func:`expect_text` for ``font_id``."""
    return _EXPECTED.get((catalogue().path, font_id), set())


def missing_glyphs(font_id: str, text: str) -> set[str]:
    """Characters of ``text`` the font cannot draw (control characters ignored)."""
    m = metrics(font_id)
    return {c for c in set(text) if unicodedata.category(c) != "Cc" and not m.has(c)}
