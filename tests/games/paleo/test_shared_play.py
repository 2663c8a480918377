"""Shared play: rolls from codes, code suffixes, the par player, the day's sheet.

Tournaments: test_tournament.py.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import os
from pathlib import Path

import pytest
from shipped_data import shipped

from dinokit.games.paleo import rolls
from dinokit.games.paleo.codes import to_base32
from dinokit.games.paleo.moves import Breakdown, replay
from dinokit.games.paleo.pads import (
    CodeError,
    PadGenerator,
    decode_code,
    encode_code,
    sheet_seeds,
)
from dinokit.games.paleo.player import play
from dinokit.games.paleo.rolls import RollSpec, daily_spec, derive_rolls, full_code, read_code
from dinokit.games.paleo.shared import (
    SharedSheet,
    daily_seed,
    daily_sheet,
    parse_day,
    sheet_from_code,
    with_rolls,
)
from dinokit.products.paleo.pad import pad_json

GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "paleo-daily-2026-12-01.json"
DAY = datetime.date(2026, 12, 1)


@pytest.fixture(scope="module")
def generator() -> PadGenerator:
    return PadGenerator(shipped().game("paleontologists"))


@pytest.fixture(scope="module")
def daily(generator) -> SharedSheet:
    return daily_sheet(generator, DAY, "medium")


# ---- rolls and codes ------------------------------------------------------------------


def test_rolls_follow_the_documented_sha256_derivation():
    """Independent of our code: bytes of SHA-256, those under 252, 1 + b % 6."""
    dice = []
    block = 0
    while len(dice) < 40:
        digest = hashlib.sha256(f"dinokit-rolls/v1/PAL-50SJ-CWJ0/0/{block}".encode()).digest()
        dice += [1 + b % 6 for b in digest if b < 252]
        block += 1
    expected = tuple(zip(dice[0:40:2], dice[1:40:2], strict=True))
    assert derive_rolls("PAL-50SJ-CWJ0/0") == expected
    # pinned: a change here changes every printed sheet with rolls
    assert expected[:4] == ((1, 6), (6, 3), (3, 4), (4, 6))
    assert all(1 <= d <= 6 for roll in expected for d in roll)


def test_code_suffix_round_trips_and_old_codes_still_read():
    base = "PAL-50SJ-CWJ0"
    assert read_code(base) == (base, None)
    assert read_code("pal 50sj cwjo") == (base, None)  # forgiving, as before
    day_base = encode_code(1, "easy", daily_seed(DAY))  # a day's code has the day's sheet
    for sheet, spec in ((base, RollSpec("own", 0)), (base, RollSpec("shared", 4_194_303)),
                        (base, RollSpec("own", 7, True)), (day_base, daily_spec(DAY))):  # fmt: skip
        code = full_code(sheet, spec)
        assert len(code) == len(sheet) + 7
        assert read_code(code) == (sheet, spec)
        assert read_code(code.lower().replace("-", " ")) == (sheet, spec)
    assert full_code(base, RollSpec("own", 0)) == "PAL-50SJ-CWJ0-00000Y"  # pinned


@pytest.mark.parametrize(
    "bad",
    ["PAL-50SJ-CWJ0-00000Z", "PAL-50SJ-CWJ0-0000", "PAL-50SJ-CWJ1-00000Y", "PAL-50SJ-CWJ0-U0000Y"],
)
def test_mistyped_codes_are_refused(bad):
    with pytest.raises(CodeError):
        read_code(bad)


def test_a_printed_code_rebuilds_its_sheet_with_rolls(generator, daily):
    site = generator.sheet("hard", next(sheet_seeds(3)))
    rolled = with_rolls(generator, site, RollSpec("own", 0))
    again = sheet_from_code(generator, rolled.code)
    assert again == rolled and isinstance(again, SharedSheet) and again.par is None
    assert again.rolls == derive_rolls(f"{site.code}/0")
    plain = sheet_from_code(generator, site.code)
    assert not isinstance(plain, SharedSheet) and plain == site
    assert sheet_from_code(generator, daily.code) == daily  # rolls, date and par


def test_a_days_code_must_have_the_days_sheet(generator, daily):
    """The rolls of a day on another sheet (or without the day's par) are refused."""
    tomorrow = DAY + datetime.timedelta(days=1)
    honest = daily_sheet(generator, tomorrow, "medium").code
    forged = full_code(daily.base_code, daily_spec(tomorrow))  # 2026-12-01's sheet, 12-02's rolls
    with pytest.raises(CodeError) as caught:
        sheet_from_code(generator, forged)
    assert str(caught.value) == (
        f"{forged!r} says it is the day's dig of 2026-12-02, but its sheet is not that day's: "
        f"the day's dig of 2026-12-02 (medium) is {honest}"
    )
    without_par = full_code(daily.base_code, daily_spec(DAY, par=False))
    with pytest.raises(CodeError, match="it leaves out the day's par: .* is " + daily.code):
        read_code(without_par)
    # the code of the report: the sheet of 2026-12-10 with the rolls of 2026-12-11
    with pytest.raises(CodeError, match="day's dig of 2026-12-11, but its sheet is not"):
        read_code("PAL-5AQ2-VVX8-G09KHV")
    for difficulty in ("easy", "medium", "hard"):  # every difficulty of a day is honest
        code = daily_sheet(generator, tomorrow, difficulty).code
        assert read_code(code)[1] == daily_spec(tomorrow)


def test_a_day_after_the_last_is_refused_not_a_traceback():
    base, days = "PAL-50SJ-CWJ0", 4_000_000  # fits in 22 bits, but past 9999-12-31
    number = (2 << 28) | (1 << 27) | (days << 5) | rolls._check(base, 2, 1, days)
    with pytest.raises(CodeError, match="its day is after 9999-12-31"):
        read_code(f"{base}-{to_base32(number, 6)}")


# ---- the par ----------------------------------------------------------------------------


def test_par_moves_replay_to_the_par_and_beat_greedy(generator):
    seeds = sheet_seeds(11)
    better = 0
    for _ in range(2):
        site = generator.sheet("medium", next(seeds))
        solo = with_rolls(generator, site, RollSpec("own", 0, par=True))
        result = replay(generator.rules, site, solo.par_moves, solo.rolls)
        assert isinstance(result, Breakdown), result
        assert result.total == solo.par
        greedy = play(generator.fast, site, solo.rolls)
        assert solo.par >= greedy - 2
        better += solo.par > greedy
    assert better >= 1


# ---- the day's sheet ----------------------------------------------------------------


def test_daily_sheet_is_pinned(daily):
    body = pad_json([daily], "dinokit-pads/1")
    if os.environ.get("DINOKIT_UPDATE_GOLDEN"):
        GOLDEN.write_bytes(body)
    assert GOLDEN.exists(), f"{GOLDEN} missing: run with DINOKIT_UPDATE_GOLDEN=1"
    assert body == GOLDEN.read_bytes(), "the day's sheet changed: every player's 2026-12-01"
    sheet = json.loads(body)["sheets"][0]
    assert sheet["date"] == "2026-12-01" and len(sheet["rolls"]) == 20
    assert sheet["par"] == daily.par and len(sheet["par_moves"]) == 20


def test_daily_sheet_comes_from_the_date_alone(generator, daily):
    _, difficulty, seed = decode_code(daily.base_code)
    digest = hashlib.sha256(b"dinokit-daily/v1/2026-12-01").digest()
    assert (difficulty, seed) == ("medium", int.from_bytes(digest[:4], "big"))
    assert daily.rolls == derive_rolls("daily/2026-12-01")
    tomorrow = DAY + datetime.timedelta(days=1)
    assert daily_spec(tomorrow).rolls("") != daily.rolls
    assert generator.sheet("medium", daily_seed(tomorrow)).fossils != daily.fossils


@pytest.mark.parametrize(
    "text", ["2026-13-01", "2026-02-30", "yesterday", "20261201", "1999-12-31"]
)
def test_a_date_that_is_not_a_date_is_refused(text):
    with pytest.raises(ValueError, match=text):
        parse_day(text)
