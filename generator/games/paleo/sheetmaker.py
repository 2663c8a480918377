"""One sheet from its seed: candidate layouts drawn, checked fair and measured.

A sheet comes from (generator version, difficulty, seed) alone, through an explicit
``random.Random``. Candidate layouts are drawn at random and accepted only when the
fairness check passes (every neighbour of every fossil and every star can be covered
by a legal pentomino placement; fossils never overlap or touch) and the greedy
player's mean score falls in the difficulty's band.

Many sheets are made at once (:meth:`PadGenerator.sheets`): each seed still tries its
own candidates in its own order and accepts the first that passes, but the games
that measure the candidates of many seeds are played together (:mod:`.batch`, in C
when it is built), which is where the time goes. A seed gives the same sheet whether
it is made alone or among others. :mod:`.pads` makes whole pads from these sheets.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Sequence
from dataclasses import replace

from .batch import BatchRules, _greedy, play_batch
from .codes import GENERATOR_VERSION, encode_code
from .engine import Rules, dice_sequences, neighbours_in_grid
from .model import Band, DigSite, Fossil, PaleoData
from .player import FastRules
from .polyomino import cell_mask, orientations

GAMES_PER_SHEET = 8  # dice sequences the greedy player plays on every candidate
EARLY_GAMES, EARLY_MARGIN = 3, 3.5
MAX_ATTEMPTS = 400
WINDOW = 48  # candidates measured side by side
AHEAD = 2  # candidates a seed may try at once when few seeds are left


class GenerationError(RuntimeError):
    """No sheet could be made: the data allows too few, or none in the band."""


# ------------------------------------------------------------------------ generation


class PadGenerator:
    """Makes the sheets of one rule set: :meth:`sheet` for a seed, :meth:`sheets` for
    many at once (the same sheets)."""

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
