"""The pad generator's C loops (games/paleo/_greedy.c) give exactly what their numpy
and Python twins give: the greedy player's scores game for game, the fairness verdict
and the layout's choice of spots, so every seed makes the same sheet with or without
a C compiler."""

from __future__ import annotations

import dataclasses
import random

import numpy as np
import pytest

from dinokit.games.data import DEFAULT_DATA_DIR, load_games
from dinokit.games.paleo import batch as batch_module
from dinokit.games.paleo import sheetmaker
from dinokit.games.paleo.batch import BatchRules, play_batch_c, play_batch_numpy
from dinokit.games.paleo.engine import dice_sequences
from dinokit.games.paleo.pads import PadGenerator, unfair_reasons
from dinokit.games.paleo.player import FastRules, Prepared, play
from dinokit.source.diagnostics import Diagnostics

_greedy = batch_module._greedy


@pytest.fixture(scope="module")
def generator():
    data = load_games(DEFAULT_DATA_DIR, Diagnostics())  # loaded, not validated: quick
    assert data is not None
    return PadGenerator(data.game("paleontologists"))


def candidates(generator: PadGenerator, count: int, seed: int, fair: bool = True) -> list:
    rng, found = random.Random(seed), []
    while len(found) < count:
        site = generator.layout(rng, rng.choice(["easy", "medium", "hard"]))
        if site is not None and (not fair or generator.is_fair(site)):
            found.append(site)
    return found


def test_the_c_loops_are_built() -> None:
    """``make kit`` compiles them (pip builds the extension); without them pads are
    about three times slower, so a missing build must not pass unnoticed."""
    assert _greedy is not None, (
        "generator/games/paleo/_greedy.c was not compiled: install a C compiler and the "
        "Python headers, then `make venv` (pip install -e .)"
    )


needs_c = pytest.mark.skipif(_greedy is None, reason="the C extension is not built")


@needs_c
@pytest.mark.parametrize("limit", [None, 1])
def test_c_scores_are_the_numpy_players(generator, limit) -> None:
    """Game for game on 60 sheets and 8 dice sequences, also when the bonus area fills
    up at once (one circle per bonus)."""
    rules = generator.rules
    if limit is not None:
        rules = dataclasses.replace(rules, bonus_limits=dict.fromkeys(rules.bonus_limits, limit))
    batch = BatchRules(FastRules(rules))
    sites = candidates(generator, 60, seed=21 + (limit or 0))
    rolls = dice_sequences(8, rules.rounds, seed=13)
    c, ref = play_batch_c(batch, sites, rolls), play_batch_numpy(batch, sites, rolls)
    assert c.shape == (8, 60)
    assert (c == ref).all()
    assert len(set(c.ravel().tolist())) > 10  # real games, not one number


@needs_c
def test_c_scores_are_the_one_game_players(generator) -> None:
    fast = generator.fast
    sites = candidates(generator, 6, seed=8)
    rolls = dice_sequences(4, generator.rules.rounds, seed=2)
    got = play_batch_c(generator.batch, sites, rolls)
    expected = [[play(fast, Prepared(fast, s), r) for s in sites] for r in rolls]
    assert got.tolist() == expected


@needs_c
def test_c_play_rejects_arrays_that_do_not_fit(generator) -> None:
    """Wrong sizes are a ValueError, never a read past an array's end."""
    spec = generator.batch.spec
    site = candidates(generator, 1, seed=1)[0]
    good = play_batch_c(generator.batch, [site], dice_sequences(1, 20, seed=1))
    assert good.shape == (1, 1)
    sites = (np.array([0, 1], dtype=np.int32), np.array([3], dtype=np.int32),
             np.array([1], dtype=np.int32), np.array([0, 1], dtype=np.int32),
             np.array([500], dtype=np.int32), bytes(121), bytes(121))  # fmt: skip
    out = np.zeros(1, dtype=np.int32)
    rolls = np.zeros(20, dtype=np.int32)
    with pytest.raises(ValueError, match="off the grid"):
        _greedy.play(spec, sites, rolls, out)
    with pytest.raises(ValueError, match="sizes"):
        _greedy.play(spec, sites, rolls, np.zeros(2, dtype=np.int32))
    with pytest.raises(ValueError, match="out of range"):
        _greedy.play(spec, sites[:4] + (np.array([0], dtype=np.int32),) + sites[5:],
                     np.full(20, 36, dtype=np.int32), out)  # fmt: skip


@needs_c
def test_fairness_and_layout_are_the_same_without_c(generator, monkeypatch) -> None:
    """The same candidates, in the same order, from the same random stream; the same
    verdicts on fair sheets and on sheets broken in each way the reasons name."""
    with_c = candidates(generator, 40, seed=5, fair=False)
    verdicts_c = [generator.is_fair(s) for s in with_c]
    monkeypatch.setattr(sheetmaker, "_greedy", None)
    without = candidates(generator, 40, seed=5, fair=False)
    assert without == with_c
    assert [generator.is_fair(s) for s in without] == verdicts_c
    assert verdicts_c == [not unfair_reasons(generator.rules, s) for s in with_c]
    assert True in verdicts_c and False in verdicts_c
    monkeypatch.undo()
    # three single fossils wall off a corner of three cells: no pentomino fits there
    walled = dataclasses.replace(
        with_c[0],
        fossils=tuple(
            dataclasses.replace(with_c[0].fossils[0], id=str(i), cells=(cell,))
            for i, cell in enumerate(((0, 2), (1, 1), (2, 0)))
        ),
        stars=((5, 5),),
    )
    assert unfair_reasons(generator.rules, walled)
    assert not generator.is_fair(walled)


@needs_c
def test_free_spots_and_covers_all_read_masks_bit_for_bit() -> None:
    rng = random.Random(9)
    words = 2
    spots = [rng.getrandbits(121) & rng.getrandbits(121) for _ in range(300)]
    packed = b"".join(m.to_bytes(8 * words, "little") for m in spots)
    for _ in range(50):
        blocked = rng.getrandbits(121) & rng.getrandbits(121) & rng.getrandbits(121)
        free = memoryview(_greedy.free_spots(packed, words, blocked.to_bytes(16, "little")))
        assert list(free.cast("H")) == [i for i, m in enumerate(spots) if not m & blocked]
        fossils = rng.getrandbits(121) & rng.getrandbits(121) & rng.getrandbits(121)
        need = rng.getrandbits(121) & rng.getrandbits(121) & rng.getrandbits(121) & ~fossils
        union = 0
        for m in spots:
            if not m & fossils:
                union |= m
        expected = not need & ~union
        got = _greedy.covers_all(
            packed, words, fossils.to_bytes(16, "little"), need.to_bytes(16, "little")
        )
        assert got == expected
    with pytest.raises(ValueError):
        _greedy.free_spots(packed[:-1], words, bytes(16))


def _random_site(rules, rng: random.Random):
    """Fossils of 1 to 3 cells apart from each other, values and bonuses, stars on open
    cells: not a fair sheet necessarily, which neither player needs."""
    from dinokit.games.paleo.engine import neighbours_in_grid
    from dinokit.games.paleo.model import DigSite, Fossil

    blocked: set = set()
    fossils = []
    for k in range(rng.randint(3, 9)):
        r, c = rng.randrange(rules.rows), rng.randrange(rules.cols)
        cells = {(r, c)}
        for _ in range(rng.randint(0, 2)):
            dr, dc = rng.choice([(0, 1), (1, 0)])
            nxt = (max(cells)[0] + dr, max(cells)[1] + dc)
            if rules.inside(nxt):
                cells.add(nxt)
        if cells & blocked:
            continue
        blocked |= cells | neighbours_in_grid(cells, rules)
        fossils.append(Fossil(chr(65 + k), tuple(sorted(cells)), rng.randint(1, 9),
                              rng.randint(0, 4), "t"))  # fmt: skip
    taken = {cell for f in fossils for cell in f.cells}
    free = [(r, c) for r in range(rules.rows) for c in range(rules.cols) if (r, c) not in taken]
    stars = tuple(sorted(rng.sample(free, min(len(free), rng.randint(0, 10)))))
    return DigSite("", 0, "", rules.rows, rules.cols, tuple(fossils), stars, 0.0)


@needs_c
@pytest.mark.parametrize("size", [(7, 9), (12, 10), (5, 16), (16, 15)])
def test_c_scores_on_other_grids(generator, size) -> None:
    """Grids of other sizes (not square, up to 240 cells) and random sheets: the C
    player still plays the numpy player's games."""
    rows, cols = size
    rules = dataclasses.replace(generator.rules, rows=rows, cols=cols)
    batch = BatchRules(FastRules(rules))
    rng = random.Random(rows * 100 + cols)
    sites = [_random_site(rules, rng) for _ in range(12)]
    rolls = dice_sequences(4, rules.rounds, seed=rows + cols)
    assert batch.fits_c(sites)
    c, ref = play_batch_c(batch, sites, rolls), play_batch_numpy(batch, sites, rolls)
    assert (c == ref).all()
    assert c.max() > 0


def test_a_grid_too_large_for_the_c_player_is_played_in_numpy(generator) -> None:
    """272 cells do not fit the C player's byte-sized cell numbers: play_batch falls
    back to numpy, with the same games as the one-game player."""
    rules = dataclasses.replace(generator.rules, rows=17, cols=16)
    fast = FastRules(rules)
    batch = BatchRules(fast)
    sites = [_random_site(rules, random.Random(k)) for k in range(3)]
    assert not batch.fits_c(sites)
    rolls = dice_sequences(2, rules.rounds, seed=4)
    got = batch_module.play_batch(batch, sites, rolls)
    assert got.tolist() == [[play(fast, Prepared(fast, s), r) for s in sites] for r in rolls]
