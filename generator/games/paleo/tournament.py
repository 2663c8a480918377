"""Tournament pads: N different sheets that are equally hard, optionally with shared rolls.

A sheet's **expected score** is the one the pad generator measures for every sheet
(``DigSite.expected_score``): the greedy player's mean over the fixed dice sequences
of :func:`~.engine.dice_sequences` (``GAMES_PER_SHEET`` of them). A tournament's sheets
are made in the order of the tournament seed's sheet seeds
(:func:`~.pads.sheet_seeds`), dropping repeats (also turned or mirrored); as soon as
N of the sheets made so far have expected scores within SPREAD of each other, those
N (the first N in seed order in the lowest such window) are the tournament.
"""

from __future__ import annotations

import hashlib
from bisect import bisect_left, bisect_right, insort
from collections.abc import Callable

from .model import DigSite
from .pads import GenerationError, PadGenerator, sheet_seeds, symmetry_key
from .rolls import MAX_VALUE, RollSpec
from .shared import with_rolls

SPREAD = 1.0  # points: highest minus lowest expected score of a tournament's sheets
MAX_SHEETS = 500
PATIENCE = 40  # candidate sheets per sheet asked for before giving up


def shared_roll_seed(seed: int) -> int:
    """The roll seed every sheet of the tournament of ``seed`` shares."""
    digest = hashlib.sha256(f"dinokit-tournament/v1/{seed}".encode()).digest()
    return int.from_bytes(digest[:4], "big") % (MAX_VALUE + 1)


def _window(ordered: list[tuple[float, int]], new: float, count: int) -> list[int] | None:
    """Indices (in seed order) of ``count`` sheets within SPREAD of each other, among
    the windows that hold the score ``new`` just added (the lowest first), or None."""
    start = bisect_left(ordered, (new - SPREAD, -1))
    stop = bisect_right(ordered, (new, len(ordered)))
    for i in range(start, stop):
        end = bisect_right(ordered, (ordered[i][0] + SPREAD, len(ordered)))
        if end - i >= count:
            return sorted(index for _, index in ordered[i:end])[:count]
    return None


def tournament(
    generator: PadGenerator,
    count: int,
    seed: int,
    difficulty: str,
    shared_rolls: bool = False,
    progress: Callable[[int], object] | None = None,
) -> list[DigSite]:
    """``count`` different sheets whose expected scores lie within SPREAD points."""
    if not 1 <= count <= MAX_SHEETS:
        raise ValueError(f"a tournament has 1 to {MAX_SHEETS} sheets, not {count}")
    made: list[DigSite] = []
    scores: list[tuple[float, int]] = []
    keys: set[tuple] = set()
    seeds = sheet_seeds(seed)
    chosen = None
    while chosen is None:
        if len(made) >= PATIENCE * count:
            raise GenerationError(
                f"no {count} {difficulty} sheets within {SPREAD:g} point of each other among "
                f"the first {len(made)} made; ask for fewer sheets"
            )
        site = generator.sheet(difficulty, next(seeds))
        key = symmetry_key(site)
        if key in keys:
            continue
        keys.add(key)
        insort(scores, (site.expected_score, len(made)))
        made.append(site)
        chosen = _window(scores, site.expected_score, count)
    if progress is not None:
        progress(count)
    sheets = [made[i] for i in chosen]
    if shared_rolls:
        spec = RollSpec("shared", shared_roll_seed(seed))
        sheets = [with_rolls(generator, site, spec) for site in sheets]
    return sheets
