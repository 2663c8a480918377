"""Randomised dig-site pads: every sheet different, checked fair, regenerable from its code.

A sheet comes from (generator version, difficulty, seed) alone (:mod:`.sheetmaker`
draws, checks and measures it); its printed code encodes exactly those three, so
``dinokit pads --code CODE`` rebuilds it. A pad is the sheets of a run of seeds
derived from the pad's seed, made on every core, with repeats (also turned or
mirrored) dropped in seed order.
"""

from __future__ import annotations

import hashlib
import random
from collections import deque
from collections.abc import Iterable, Iterator, Sequence

from ..parallel import process_pool
from .codes import (
    ALPHABET,
    DIFFICULTIES,
    GENERATOR_VERSION,
    PREFIX,
    CodeError,
    decode_code,
    encode_code,
)
from .fairness import can_cover, unfair_reasons
from .model import DigSite, PaleoData
from .sheetmaker import GAMES_PER_SHEET, MAX_ATTEMPTS, GenerationError, PadGenerator

CHUNK = 256  # seeds per job of a worker process


__all__ = [
    "ALPHABET", "DIFFICULTIES", "GAMES_PER_SHEET", "GENERATOR_VERSION", "MAX_ATTEMPTS",
    "PREFIX", "CodeError", "GenerationError",
    "PadGenerator", "can_cover", "decode_code", "encode_code", "generate_pad", "iter_pad",
    "sheet_seeds",
    "site_from_code", "symmetry_key", "unfair_reasons",
]  # fmt: skip


def sheet_seeds(pad_seed: int) -> Iterator[int]:
    """The seeds of a pad's sheets, in order, from the pad's seed."""
    rng = random.Random(f"paleo-pad-seeds/{pad_seed}")
    while True:
        yield rng.getrandbits(32)


def symmetry_key(site: DigSite) -> tuple:
    """The same key for a sheet and its rotations and reflections."""
    rows, cols = site.rows, site.cols
    maps = [
        lambda r, c: (r, c),
        lambda r, c: (r, cols - 1 - c),
        lambda r, c: (rows - 1 - r, c),
        lambda r, c: (rows - 1 - r, cols - 1 - c),
    ]
    if rows == cols:
        maps += [
            lambda r, c: (c, r),
            lambda r, c: (c, rows - 1 - r),
            lambda r, c: (cols - 1 - c, r),
            lambda r, c: (cols - 1 - c, rows - 1 - r),
        ]
    keys = []
    for m in maps:
        fossils = sorted(
            (tuple(sorted(m(*cell) for cell in f.cells)), f.value, f.bonus) for f in site.fossils
        )
        keys.append((tuple(fossils), tuple(sorted(m(*s) for s in site.stars))))
    return min(keys)


# ------------------------------------------------------------------------ pads


_WORKER: PadGenerator | None = None


def _init_worker(data: PaleoData) -> None:
    global _WORKER
    _WORKER = PadGenerator(data)


def _keyed(sheets: Iterable[DigSite]) -> list[tuple[DigSite, bytes]]:
    """Sheets with the 16-byte digest of their :func:`symmetry_key` (made where the
    sheets are made: in the workers, not in the process that draws the pages)."""
    return [
        (site, hashlib.blake2b(repr(symmetry_key(site)).encode(), digest_size=16).digest())
        for site in sheets
    ]


def _make(job: tuple[str, Sequence[int]]) -> list[tuple[DigSite, bytes]]:
    assert _WORKER is not None
    return _keyed(_WORKER.sheets(*job))


def generate_pad(
    data: PaleoData, count: int, seed: int, difficulty: str, workers: int = 1, progress=None
) -> list[DigSite]:
    """``count`` pairwise distinct sheets (also under rotation and reflection).

    The same arguments give the same sheets whatever ``workers`` is: each sheet
    depends on its own seed only, and duplicates are dropped in seed order. When the
    data allows fewer different sheets than ``count`` (a small grid, one fossil
    shape), this is noticed and raised as GenerationError instead of trying forever.
    """
    return list(iter_pad(data, count, seed, difficulty, workers, progress))


def iter_pad(
    data: PaleoData, count: int, seed: int, difficulty: str, workers: int = 1, progress=None
) -> Iterator[DigSite]:
    """The sheets of :func:`generate_pad`, one by one as they are made: a pad can be
    printed while it is generated, and memory does not grow with the pad (a sheet
    seen is remembered by a 16-byte digest of its :func:`symmetry_key`).

    With ``workers`` > 1 the worker processes start at once and the first jobs are
    handed out before this returns, so the caller's own setup (importing the PDF
    writer, say) overlaps with the generation."""
    stream = _pad_stream(data, count, seed, difficulty, workers, progress)
    next(stream)  # up to the first jobs handed out; nothing waited for
    return stream


#: Seeds in each worker's first job: small, so the first sheets arrive at once.
FIRST_JOB = 8


def _pad_stream(
    data: PaleoData, count: int, seed: int, difficulty: str, workers: int, progress
) -> Iterator:
    seeds = sheet_seeds(seed)
    keys: set[bytes] = set()
    made = since_new = 0  # sheets given; sheets made in a row that were all duplicates
    patience = max(200, 4 * count)

    def fresh(sheets: Iterable[tuple[DigSite, bytes]]) -> Iterator[DigSite]:
        nonlocal made, since_new
        for site, key in sheets:
            if key in keys:
                since_new += 1
            else:
                since_new = 0
                keys.add(key)
                made += 1
                if progress is not None:
                    progress(1)
                yield site
        if since_new >= patience:
            raise GenerationError(
                f"only {made} different {difficulty} sheets exist for this data "
                f"(the last {since_new} made were all repeats), fewer than the {count} asked "
                "for: ask for fewer, or give the dig site a larger grid, more fossil "
                "templates or more stars"
            )

    def jobs(parts: int, first: int = 0) -> Iterator[tuple[str, list[int]]]:
        """Jobs for the sheets still missing (repeats are made up for afterwards); the
        first ``first`` jobs are small."""
        wanted = count - made
        for _ in range(first):
            if wanted <= 0:
                return
            size = min(FIRST_JOB, wanted)
            yield difficulty, [next(seeds) for _ in range(size)]
            wanted -= size
        size = max(1, min(CHUNK, -(-wanted // parts)))
        while wanted > 0:
            yield difficulty, [next(seeds) for _ in range(min(size, wanted))]
            wanted -= size

    if workers <= 1:
        yield None  # primed: nothing to start
        generator = PadGenerator(data)
        while made < count:
            for job in jobs(1):
                yield from fresh(_keyed(generator.sheets(*job)))
        return
    with process_pool(workers, _init_worker, (data,)) as pool:
        primed = False
        while made < count:
            running: deque = deque()
            for job in jobs(workers * 4, workers if not primed else 0):
                running.append(pool.submit(_make, job))
                if len(running) > 2 * workers:  # a bounded queue: memory stays flat
                    if not primed:
                        primed = True
                        yield None
                    yield from fresh(running.popleft().result())
            if not primed:
                primed = True
                yield None
            while running:
                yield from fresh(running.popleft().result())


def site_from_code(data: PaleoData, code: str) -> DigSite:
    """Rebuild exactly the sheet a code names (CodeError when it cannot be read)."""
    _, difficulty, seed = decode_code(code)
    return PadGenerator(data).sheet(difficulty, seed)
