"""Randomised dig-site pads: every sheet different, checked fair, regenerable from its code.

A sheet comes from (generator version, difficulty, seed) alone, through an explicit
``random.Random``; its printed code encodes exactly those three, so
``dinokit pads --code CODE`` rebuilds it. Candidate layouts are drawn at random and
accepted only when the fairness check passes (every neighbour of every fossil and
every star can be covered by a legal pentomino placement; fossils never overlap or
touch) and the greedy player's mean score falls in the difficulty's band.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from dataclasses import replace

from ..parallel import process_pool
from .engine import Rules, dice_sequences, neighbours_in_grid
from .model import DigSite, Fossil, PaleoData
from .player import FastRules, Prepared, play
from .polyomino import Cell, orientations

GENERATOR_VERSION = 1
DIFFICULTIES = ("easy", "medium", "hard")
GAMES_PER_SHEET = 8  # dice sequences the greedy player plays on every candidate
EARLY_GAMES, EARLY_MARGIN = 3, 3.5
MAX_ATTEMPTS = 400
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford base32: no I, L, O, U
PREFIX = "PAL"


class CodeError(ValueError):
    """A sheet code that cannot be read; the message says what is wrong."""


class GenerationError(RuntimeError):
    pass


# ------------------------------------------------------------------------ codes


def _check_bits(version: int, difficulty: int, seed: int) -> int:
    value = (version << 34) | (difficulty << 32) | seed
    total = 0
    while value:
        total = (total * 31 + (value & 0x1F)) % 8191
        value >>= 5
    return total & 0b111


def encode_code(version: int, difficulty: str, seed: int) -> str:
    """PAL-XXXX-XXXX: 3 bits version, 2 bits difficulty, 32 bits seed, 3 check bits."""
    if not 0 <= seed < 2**32:
        raise ValueError(f"seed {seed} is outside 0..2**32-1")
    d = DIFFICULTIES.index(difficulty)
    value = (version << 37) | (d << 35) | (seed << 3) | _check_bits(version, d, seed)
    chars = "".join(ALPHABET[(value >> shift) & 0x1F] for shift in range(35, -1, -5))
    return f"{PREFIX}-{chars[:4]}-{chars[4:]}"


def decode_code(code: str) -> tuple[int, str, int]:
    """(version, difficulty, seed) of a sheet code; forgiving of case, spaces, O/I/L."""
    text = code.strip().upper().replace(" ", "")
    if text.startswith(PREFIX):
        text = text[len(PREFIX) :]
    text = text.replace("-", "").translate(str.maketrans("OIL", "011"))
    expected = f"expected a code like {encode_code(GENERATOR_VERSION, 'medium', 12345)}"
    if len(text) != 8:
        raise CodeError(f"{code!r} has {len(text)} code characters, {expected}")
    bad = [c for c in text if c not in ALPHABET]
    if bad:
        raise CodeError(f"{code!r} contains {bad[0]!r}, which no code has; {expected}")
    value = 0
    for char in text:
        value = (value << 5) | ALPHABET.index(char)
    version, d, seed = value >> 37, (value >> 35) & 0b11, (value >> 3) & 0xFFFFFFFF
    if d >= len(DIFFICULTIES) or value & 0b111 != _check_bits(version, d, seed):
        raise CodeError(f"{code!r} is not a valid sheet code (a character is mistyped?)")
    if version != GENERATOR_VERSION:
        raise CodeError(
            f"{code!r} was made by pad generator version {version}; this dinokit has "
            f"version {GENERATOR_VERSION} and cannot rebuild it"
        )
    return version, DIFFICULTIES[d], seed


# ------------------------------------------------------------------------ fairness


def can_cover(rules: Rules, cell: Cell, fossil_cells: set[Cell]) -> bool:
    """True when some pentomino placement covers ``cell`` and no fossil cell."""
    return any(p.isdisjoint(fossil_cells) for p in rules.covering[cell])


def unfair_reasons(rules: Rules, site: DigSite) -> list[str]:
    """Why a sheet is not fair; empty when every guarantee holds."""
    reasons = []
    cells_of: dict[Cell, str] = {}
    for fossil in site.fossils:
        for cell in fossil.cells:
            if not rules.inside(cell):
                reasons.append(f"fossil {fossil.id} leaves the grid at {cell}")
            if cell in cells_of:
                reasons.append(f"fossils {cells_of[cell]} and {fossil.id} overlap at {cell}")
            cells_of[cell] = fossil.id
    for fossil in site.fossils:
        for cell in neighbours_in_grid(fossil.cells, rules):
            other = cells_of.get(cell)
            if other is not None and other != fossil.id:
                reasons.append(f"fossils {fossil.id} and {other} touch at {cell}")
    fossil_cells = set(cells_of)
    for fossil in site.fossils:
        for cell in sorted(neighbours_in_grid(fossil.cells, rules)):
            if not can_cover(rules, cell, fossil_cells):
                reasons.append(f"fossil {fossil.id} cannot be dug: no shape fits on {cell}")
    for star in site.stars:
        if star in cells_of:
            reasons.append(f"star {star} lies on fossil {cells_of[star]}")
        elif not can_cover(rules, star, fossil_cells):
            reasons.append(f"star {star} cannot be covered by any shape")
    return reasons


# ------------------------------------------------------------------------ generation


class PadGenerator:
    def __init__(self, data: PaleoData) -> None:
        self.data = data
        self.rules = Rules.from_data(data)
        self.fast = FastRules(self.rules)
        site = data.dig_site
        assert site is not None, "pads need a loaded dig site"
        self.site = site
        self.bands = site.bands
        # every orientation of every template at every spot: (row, col, cells)
        self.shapes = []
        for t in site.templates:
            spots = []
            for shape in sorted(sorted(o) for o in orientations(t.cells)):
                spots.append(
                    [
                        (r, c, frozenset((r + dr, c + dc) for dr, dc in shape))
                        for r in range(self.rules.rows)
                        for c in range(self.rules.cols)
                        if all(self.rules.inside((r + dr, c + dc)) for dr, dc in shape)
                    ]
                )
            self.shapes.append((t, spots))

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
        taken: set[Cell] = set()
        blocked: set[Cell] = set()
        fossils = []
        for _ in range(count):
            template, orientations_spots = rng.choice(self.shapes)
            spots = [
                cells for _, _, cells in rng.choice(orientations_spots) if cells.isdisjoint(blocked)
            ]
            if not spots:
                return None
            cells = tuple(sorted(rng.choice(spots)))
            taken.update(cells)
            blocked.update(cells)
            blocked.update(neighbours_in_grid(cells, rules))
            fossils.append((cells, template))
        fossils.sort()
        labelled = tuple(
            Fossil(chr(ord("A") + i), cells, t.value, t.bonus, t.id)
            for i, (cells, t) in enumerate(fossils)
        )
        free = [(r, c) for r in range(rules.rows) for c in range(rules.cols) if (r, c) not in taken]
        stars = tuple(sorted(rng.sample(free, site.stars)))
        return DigSite("", 0, "", rules.rows, rules.cols, labelled, stars, 0.0)

    def sheet(self, difficulty: str, seed: int) -> DigSite:
        """The sheet of this difficulty and seed: always the same one."""
        band = self.bands[difficulty]
        rng = random.Random(f"paleo-pad/v{GENERATOR_VERSION}/{difficulty}/{seed}")
        for _ in range(MAX_ATTEMPTS):
            candidate = self.layout(rng, difficulty)
            if candidate is None or unfair_reasons(self.rules, candidate):
                continue
            score = self.measure(candidate, band)
            if score is not None and band.low <= score < band.high:
                code = encode_code(GENERATOR_VERSION, difficulty, seed)
                return replace(
                    candidate, code=code, seed=seed, difficulty=difficulty, expected_score=score
                )
        raise GenerationError(f"no {difficulty} sheet for seed {seed} in {MAX_ATTEMPTS} tries")

    def measure(self, site: DigSite, band) -> float | None:
        """Mean greedy score over GAMES_PER_SHEET games; None when clearly outside ``band``.

        After EARLY_GAMES games a mean more than EARLY_MARGIN points outside the band
        ends the measure: such a candidate would be rejected anyway.
        """
        rolls = dice_sequences(GAMES_PER_SHEET, self.rules.rounds)
        prepared = Prepared(self.fast, site)
        total = 0
        for played, sequence in enumerate(rolls, start=1):
            total += play(self.fast, prepared, sequence)
            if played == EARLY_GAMES:
                mean = total / played
                if mean < band.low - EARLY_MARGIN or mean >= band.high + EARLY_MARGIN:
                    return None
        return total / GAMES_PER_SHEET


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


def _make(job: tuple[str, int]) -> DigSite:
    assert _WORKER is not None
    return _WORKER.sheet(*job)


def generate_pad(
    data: PaleoData, count: int, seed: int, difficulty: str, workers: int = 1, progress=None
) -> list[DigSite]:
    """``count`` pairwise distinct sheets (also under rotation and reflection).

    The same arguments give the same sheets whatever ``workers`` is: each sheet
    depends on its own seed only, and duplicates are dropped in seed order. When the
    data allows fewer different sheets than ``count`` (a small grid, one fossil
    shape), this is noticed and raised as GenerationError instead of trying forever.
    """
    seeds = sheet_seeds(seed)
    sheets: list[DigSite] = []
    keys: set[tuple] = set()
    since_new = 0  # sheets made in a row that were all duplicates
    patience = max(200, 4 * count)

    def take(made: Iterable[DigSite]) -> None:
        nonlocal since_new
        for site in made:
            key = symmetry_key(site)
            if key in keys:
                since_new += 1
                continue
            since_new = 0
            keys.add(key)
            sheets.append(site)
            if progress is not None:
                progress(1)

    def check_progress() -> None:
        if since_new >= patience:
            raise GenerationError(
                f"only {len(sheets)} different {difficulty} sheets exist for this data "
                f"(the last {since_new} made were all repeats), fewer than the {count} asked "
                "for: ask for fewer, or give the dig site a larger grid, more fossil "
                "templates or more stars"
            )

    if workers <= 1:
        generator = PadGenerator(data)
        while len(sheets) < count:
            take([generator.sheet(difficulty, next(seeds))])
            check_progress()
        return sheets
    with process_pool(workers, _init_worker, (data,)) as pool:
        while len(sheets) < count:
            jobs = [(difficulty, next(seeds)) for _ in range(count - len(sheets))]
            take(pool.map(_make, jobs, chunksize=max(1, len(jobs) // (workers * 8))))
            check_progress()
    return sheets


def site_from_code(data: PaleoData, code: str) -> DigSite:
    """Rebuild exactly the sheet a code names (CodeError when it cannot be read)."""
    _, difficulty, seed = decode_code(code)
    return PadGenerator(data).sheet(difficulty, seed)
