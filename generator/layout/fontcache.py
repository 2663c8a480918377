"""The font cache folder, and the cached metrics of each font.

Where it lives and which folders are trusted: :mod:`generator.source.cachedir` (kind
``fonts``: ``$DINOKIT_FONT_CACHE``, else ``$XDG_CACHE_HOME/dinokit/fonts`` or
``~/.cache/dinokit/fonts``, else a private folder in the system's temporary directory).
Besides the TrueType files of :mod:`.fontfiles` it holds each font's
:class:`MetricsTable` as a small binary file: a CJK font's tables take seconds to read,
the cached table milliseconds. Every document has a subset of its own, so the folder
would grow with each change of the data: it is kept under :data:`MAX_BYTES`, the entries
used longest ago deleted first.
"""

from __future__ import annotations

import contextlib
import re
import shutil
import struct
import tempfile
from array import array
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from ..source import cachedir
from ..source.files import OutputError, atomic_write

#: The font cache's bound, in bytes (docs/caches.md: one build of every language
#: fills 7.3 MB, so this keeps a dozen versions of the data warm).
MAX_BYTES = 100 * 1024 * 1024
#: The files of the cache (``<font id>-<key>.ttf`` / ``.metrics``): nothing else is pruned.
ENTRY = re.compile(r"[A-Za-z0-9._-]+-[0-9a-f]{20}\.(?:ttf|metrics)")
T = TypeVar("T")
_WRITTEN: dict[Path, int] = {}  # bytes this process wrote to each folder since its prune


def cache_dir() -> Path:
    """The font cache's folder (see :func:`generator.source.cachedir.cache_dir`)."""
    return cachedir.cache_dir("fonts")


def fallback_cache_dir() -> Path:
    """Where fonts are cached when :func:`cache_dir` cannot be used."""
    return cachedir.fallback_dir("fonts")


def cached(name: str, parse: Callable[[bytes], T | None], head: int = -1) -> tuple[Path, T] | None:
    """The cached file ``name`` and what ``parse`` makes of its first ``head`` bytes (-1:
    all), from the first trusted folder that has it owned by the user and whole (``parse``
    gives None for a killed or broken file)."""
    for folder in _readable():
        path = folder / name
        blob = cachedir.read_owned(path, head)
        value = None if blob is None else parse(blob)
        if value is not None:
            return path, value
    return None


def _readable() -> Iterator[Path]:
    yield from cachedir.lookup("fonts")
    if _SCRATCH:
        yield _SCRATCH[0]


def store(name: str, blob: bytes) -> Path:
    """Write ``blob`` as the cached file ``name`` in the first trusted folder that takes it
    (and prune the cache now and then). With none, in a private folder of this command's,
    removed when it ends: fonts must be files that reportlab can open, and the command's
    workers (forked) find them there."""
    for folder in cachedir.folders("fonts", create=True):
        try:
            path = atomic_write(folder / name, blob)
        except OutputError:
            continue  # an unwritable cache: the next folder
        _WRITTEN[folder] = _WRITTEN.get(folder, MAX_BYTES) + len(blob)
        if _WRITTEN[folder] > MAX_BYTES // 10:  # the first write of a run, then each 10 MB
            _WRITTEN[folder] = 0
            cachedir.prune(folder, ENTRY, max_bytes=MAX_BYTES)
        return path
    return atomic_write(_scratch() / name, blob)


#: The private folder of the command when it found no cache folder to trust.
_SCRATCH: list[Path] = []


def _scratch() -> Path:
    """The command's private folder (0700, a name no one can guess): made by the first
    process that needs it and removed when that one ends (forked workers share it)."""
    import multiprocessing.util  # here: rarely needed

    if not _SCRATCH:
        _SCRATCH.append(Path(tempfile.mkdtemp(prefix="dinokit-fonts-uncached-")))
        # multiprocessing's finalizers run at the exit of the process that made them only,
        # a worker's included (atexit does not run in forked workers)
        multiprocessing.util.Finalize(None, shutil.rmtree, (str(_SCRATCH[0]), True), exitpriority=0)
    return _SCRATCH[0]


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
    found = cached(name, _parse_metrics)
    if found is not None:
        return found[1]
    table = read()
    with contextlib.suppress(OutputError):  # nowhere to write: still correct
        store(name, _metrics_bytes(table))
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


def _parse_metrics(blob: bytes) -> MetricsTable | None:
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
