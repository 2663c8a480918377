"""Randomised dig-site pads: every sheet different, checked fair, regenerable from its code.

A sheet comes from (generator version, difficulty, seed) alone, through an explicit
``random.Random``; its printed code encodes exactly those three, so
``dinokit pads --code CODE`` rebuilds it. Candidate layouts are drawn at random and
accepted only when the fairness check passes (every neighbour of every fossil and
every star can be covered by a legal pentomino placement; fossils never overlap or
touch) and the greedy player's mean score falls in the difficulty's band.

Many sheets are made at once (:meth:`PadGenerator.sheets`): each seed still tries its
own candidates in its own order and accepts the first that passes, but the games
that measure the candidates of many seeds are played side by side
(:mod:`.batch`), which is where the time goes. A seed gives the same sheet whether
it is made alone or among others.
"""

from __future__ import annotations

import hashlib
import random
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace

from ..parallel import process_pool
from .batch import BatchRules, _greedy, play_batch
from .codes import (
    ALPHABET,
    DIFFICULTIES,
    GENERATOR_VERSION,
    PREFIX,
    CodeError,
    decode_code,
    encode_code,
)
from .engine import Rules, dice_sequences, neighbours_in_grid
from .fairness import can_cover, unfair_reasons
from .model import Band, DigSite, Fossil, PaleoData
from .player import FastRules
from .polyomino import cell_mask, orientations

GAMES_PER_SHEET = 8  # dice sequences the greedy player plays on every candidate
EARLY_GAMES, EARLY_MARGIN = 3, 3.5
MAX_ATTEMPTS = 400
WINDOW = 48  # candidates measured side by side
AHEAD = 2  # candidates a seed may try at once when few seeds are left
CHUNK = 256  # seeds per job of a worker process


__all__ = [
    "ALPHABET", "DIFFICULTIES", "GENERATOR_VERSION", "PREFIX", "CodeError", "GenerationError",
    "PadGenerator", "can_cover", "decode_code", "encode_code", "generate_pad", "iter_pad",
    "sheet_seeds",
    "site_from_code", "symmetry_key", "unfair_reasons",
]  # fmt: skip


class GenerationError(RuntimeError):
    """No sheet could be made: the data allows too few, or none in the band."""


# ------------------------------------------------------------------------ generation


class PadGenerator:
    def __init__(self, data: PaleoData) -> None:
        self.data = data
        self.rules = Rules.from_data(data)
        self.fast = FastRules(self.rules)
        self.batch = BatchRules(self.fast)
        self.rolls = dice_sequences(GAMES_PER_SHEET, self.rules.rounds)
        site = data.dig_site
        assert site is not None, "pads need a loaded dig site"
        self.site = site
        self.bands = site.bands
        # every orientation of every template at every spot, as bit masks of the grid:
        # (its cells, its cells and their neighbours, the cells in order), with the
        # first masks packed for the C layout helper
        cols = self.rules.cols
        self.words = -(-self.rules.rows * cols // 64) or 1
        self.shapes = []
        for t in site.templates:
            spots = []
            for shape in sorted(sorted(o) for o in orientations(t.cells)):
                found = []
                for r in range(self.rules.rows):
                    for c in range(cols):
                        cells = frozenset((r + dr, c + dc) for dr, dc in shape)
                        if all(self.rules.inside(cell) for cell in cells):
                            near = cells | neighbours_in_grid(cells, self.rules)
                            mask, around = cell_mask(cells, cols), cell_mask(near, cols)
                            found.append((mask, around, tuple(sorted(cells))))
                spots.append((found, b"".join(self._packed(m) for m, _, _ in found)))
            self.shapes.append((t, spots))
        self.cells = [(r, c) for r in range(self.rules.rows) for c in range(cols)]
        self.cell_masks = b"".join(self._packed(1 << i) for i in range(len(self.cells)))
        # cell -> the masks of every pentomino placement covering it (the fairness check)
        masks = {p: cell_mask(p, cols) for ps in self.rules.placements.values() for p in ps}
        self.covering = {
            r * cols + c: [masks[p] for p in placements]
            for (r, c), placements in self.rules.covering.items()
        }
        self.placement_masks = b"".join(self._packed(m) for m in masks.values())
        self._fossil_masks: dict[tuple, tuple[int, int, bool]] = {}

    def _packed(self, mask: int) -> bytes:
        return mask.to_bytes(8 * self.words, "little")

    def fossil_count(self, rng: random.Random, difficulty: str) -> int:
        """More fossils make a sheet easier: lean the count towards the difficulty."""
        low, high = self.site.fossils_min, self.site.fossils_max
        middle = (low + high) // 2
        span = {"easy": (middle, high), "medium": (low, high), "hard": (low, middle)}
        return rng.randint(*span.get(difficulty, (low, high)))

    def layout(self, rng: random.Random, difficulty: str = "medium") -> DigSite | None:
        """A random candidate: fossils apart from each other, stars on open cells."""
        rules, site = self.rules, self.site
        count = self.fossil_count(rng, difficulty)
        taken = blocked = 0
        fossils = []
        for _ in range(count):
            template, orientations_spots = rng.choice(self.shapes)
            spots, packed = rng.choice(orientations_spots)
            if _greedy is not None:
                clear = memoryview(_greedy.free_spots(packed, self.words, self._packed(blocked)))
                if not len(clear):
                    return None
                # the same draw as rng.choice(clear spots): one _randbelow(len)
                mask, near, chosen = spots[clear.cast("H")[rng.choice(range(len(clear) // 2))]]
            else:
                open_spots = [spot for spot in spots if not spot[0] & blocked]
                if not open_spots:
                    return None
                mask, near, chosen = rng.choice(open_spots)
            taken |= mask
            blocked |= near
            fossils.append((chosen, template))
        fossils.sort()
        labelled = tuple(
            Fossil(chr(ord("A") + i), cells, t.value, t.bonus, t.id)
            for i, (cells, t) in enumerate(fossils)
        )
        if _greedy is not None:
            index = memoryview(_greedy.free_spots(self.cell_masks, self.words, self._packed(taken)))
            free = [self.cells[i] for i in index.cast("H")]
        else:
            free = [cell for i, cell in enumerate(self.cells) if not taken >> i & 1]
        stars = tuple(sorted(rng.sample(free, site.stars)))
        return DigSite("", 0, "", rules.rows, rules.cols, labelled, stars, 0.0)

    def sheet(self, difficulty: str, seed: int) -> DigSite:
        """The sheet of this difficulty and seed: always the same one."""
        return self.sheets(difficulty, [seed])[0]

    def sheets(self, difficulty: str, seeds: Sequence[int]) -> list[DigSite]:
        """The sheets of these seeds, in order; each the same as :meth:`sheet` gives.

        Every seed draws candidates from its own random stream and accepts the first
        that is fair and whose measure falls in the band; the candidates of up to
        WINDOW seeds are measured together.
        """
        band = self.bands[difficulty]
        waiting = deque(enumerate(seeds))
        active: dict[int, _Search] = {}
        made: dict[int, DigSite] = {}
        while waiting or active:
            while waiting and len(active) < WINDOW:
                index, seed = waiting.popleft()
                active[index] = _Search(seed, difficulty)
            # with few seeds left, each tries its next few candidates at once (in
            # order: the first that passes is the one it would have accepted alone)
            ahead = max(1, min(AHEAD, WINDOW // len(active)))
            tried = []
            for index, search in active.items():
                for k in range(ahead):
                    candidate = self._fair_candidate(search, required=k == 0)
                    if candidate is None:
                        break
                    tried.append((index, candidate))
            for (index, candidate), score in zip(
                tried, self._measure_all(tried, band), strict=True
            ):
                if index in made:
                    continue  # an earlier candidate of this seed passed
                if score is not None and band.low <= score < band.high:
                    seed = active.pop(index).seed
                    code = encode_code(GENERATOR_VERSION, difficulty, seed)
                    made[index] = replace(
                        candidate, code=code, seed=seed, difficulty=difficulty, expected_score=score
                    )
        return [made[i] for i in range(len(seeds))]

    def _fair_candidate(self, search: _Search, required: bool = True) -> DigSite | None:
        """The next candidate of a seed that passes the fairness check (None when its
        tries are used up, an error if ``required``)."""
        while search.attempts < MAX_ATTEMPTS:
            search.attempts += 1
            candidate = self.layout(search.rng, search.difficulty)
            if candidate is not None and self.is_fair(candidate):
                return candidate
        if not required:
            return None
        raise GenerationError(
            f"no {search.difficulty} sheet for seed {search.seed} in {MAX_ATTEMPTS} tries"
        )

    def is_fair(self, site: DigSite) -> bool:
        """``not unfair_reasons(rules, site)``, with bit masks (the generator's hot loop)."""
        cols = self.rules.cols
        fossils = around = 0
        for fossil in site.fossils:
            mask, near, inside = self._fossil_mask(fossil.cells)
            if mask & fossils or not inside:
                return False
            fossils |= mask
            around |= near
        if around & fossils:
            return False  # a fossil touches another one
        stars = cell_mask(site.stars, cols)
        if stars & fossils:
            return False
        need = around | stars
        if _greedy is not None:
            return _greedy.covers_all(
                self.placement_masks, self.words, self._packed(fossils), self._packed(need)
            )
        covering = self.covering
        while need:
            cell = (need & -need).bit_length() - 1
            need &= need - 1
            if all(p & fossils for p in covering.get(cell, ())):
                return False
        return True

    def _fossil_mask(self, cells: tuple) -> tuple[int, int, bool]:
        """A fossil's cells and grid neighbours as bit masks, and whether it lies inside
        the grid (remembered: the same fossil at the same spot comes back often)."""
        found = self._fossil_masks.get(cells)
        if found is None:
            inside = all(self.rules.inside(cell) for cell in cells)
            mask = cell_mask(cells, self.rules.cols) if inside else 0
            near = sum(1 << c for c in self.batch.around(cells)) if inside else 0
            found = self._fossil_masks[cells] = (mask, near, inside)
        return found

    def measure(self, site: DigSite, band: Band) -> float | None:
        """Mean greedy score over GAMES_PER_SHEET games; None when clearly outside ``band``.

        After EARLY_GAMES games a mean more than EARLY_MARGIN points outside the band
        ends the measure: such a candidate would be rejected anyway.
        """
        return self._measure_all([(0, site)], band)[0]

    def _measure_all(self, tried: Sequence[tuple[int, DigSite]], band: Band) -> list[float | None]:
        """:meth:`measure` of many candidates: their first EARLY_GAMES games side by side,
        then the other games of those still near the band (each game is independent)."""
        sites = [site for _, site in tried]
        first = play_batch(self.batch, sites, self.rolls[:EARLY_GAMES])
        early = first.sum(axis=0) / EARLY_GAMES
        near = ((early >= band.low - EARLY_MARGIN) & (early < band.high + EARLY_MARGIN)).nonzero()[
            0
        ]
        found: list[float | None] = [None] * len(sites)
        if len(near) and len(self.rolls) > EARLY_GAMES:
            rest = play_batch(self.batch, [sites[i] for i in near], self.rolls[EARLY_GAMES:])
            for column, i in enumerate(near):
                total = int(first[:, i].sum()) + int(rest[:, column].sum())
                found[i] = total / len(self.rolls)
        elif len(near):
            for i in near:
                found[i] = int(first[:, i].sum()) / len(self.rolls)
        return found


class _Search:
    """Where one seed's search for its sheet stands."""

    def __init__(self, seed: int, difficulty: str) -> None:
        self.seed = seed
        self.difficulty = difficulty
        self.rng = random.Random(f"paleo-pad/v{GENERATOR_VERSION}/{difficulty}/{seed}")
        self.attempts = 0


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
