"""The font cache folder, and the cached metrics of each font.

``$DINOKIT_FONT_CACHE``, else ``~/.cache/dinokit/fonts``, else (unwritable) a folder in
the system's temporary directory. Besides the TrueType files of
:mod:`.fontfiles` it holds each font's :class:`MetricsTable` as a small binary file:
a CJK font's tables take seconds to read, the cached table milliseconds.
"""

from __future__ import annotations

import os
import struct
import tempfile
from array import array
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..source.files import OutputError, atomic_write


def cache_dir() -> Path:
    """``$DINOKIT_FONT_CACHE`` if set, else ``~/.cache/dinokit/fonts``."""
    env = os.environ.get("DINOKIT_FONT_CACHE")
    return Path(env) if env else Path.home() / ".cache" / "dinokit" / "fonts"


def fallback_cache_dir() -> Path:
    """Where fonts are cached when :func:`cache_dir` cannot be written."""
    return Path(tempfile.gettempdir()) / f"dinokit-fonts-{os.getuid()}"


@dataclass(frozen=True)
class MetricsTable:
    """What :class:`~generator.layout.fonts.FontMetrics` needs of a font: every
    character's advance and the vertical metrics, in font units."""

    units_per_em: int
    ascent: int
    descent: int
    cap_height: int
    notdef: int
    advances: dict[int, int]  # code point -> advance (U+00A0 as the space)


_METRICS_MAGIC = b"DKM1"


def metrics_table(name: str, read: Callable[[], MetricsTable]) -> MetricsTable:
    """The table cached as ``name``; ``read()`` and cached when absent or broken."""
    for folder in (cache_dir(), fallback_cache_dir()):
        table = _read_metrics_file(folder / name)
        if table is not None:
            return table
    table = read()
    blob = _metrics_bytes(table)
    for folder in (cache_dir(), fallback_cache_dir()):
        try:
            atomic_write(folder / name, blob)
            break
        except OutputError:
            continue  # an unwritable cache: the next folder, or none (still correct)
    return table


def _metrics_bytes(table: MetricsTable) -> bytes:
    codes = array("I", table.advances.keys())
    widths = array("i", table.advances.values())
    head = struct.pack(
        "<4s6i",
        _METRICS_MAGIC,
        table.units_per_em,
        table.ascent,
        table.descent,
        table.cap_height,
        table.notdef,
        len(codes),
    )
    if struct.pack("=I", 1) != struct.pack("<I", 1):  # keep the file little-endian
        codes.byteswap()
        widths.byteswap()
    return head + codes.tobytes() + widths.tobytes()


def _read_metrics_file(path: Path) -> MetricsTable | None:
    try:
        blob = path.read_bytes()
    except OSError:
        return None
    size = struct.calcsize("<4s6i")
    if len(blob) < size or blob[:4] != _METRICS_MAGIC:
        return None
    _, upem, ascent, descent, cap, notdef, count = struct.unpack("<4s6i", blob[:size])
    if count < 0 or len(blob) != size + 8 * count:
        return None  # a killed or truncated file: made again
    codes, widths = array("I"), array("i")
    codes.frombytes(blob[size : size + 4 * count])
    widths.frombytes(blob[size + 4 * count :])
    if struct.pack("=I", 1) != struct.pack("<I", 1):
        codes.byteswap()
        widths.byteswap()
    return MetricsTable(upem, ascent, descent, cap, notdef, dict(zip(codes, widths, strict=True)))
