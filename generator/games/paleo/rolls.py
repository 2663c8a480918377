"""Rolls that come with a sheet, and the code suffix that names them.

Pure Python, version-stable: nothing here depends on :mod:`random` (whose internals
could change between Python versions); everything comes from SHA-256.

**The rolls.** ``derive_rolls(key)`` reads the bytes of
``SHA-256("dinokit-rolls/v1/<key>/<block>")`` for block = 0, 1, 2, ... in order, skips
every byte of 252 or more (so each face is equally likely) and turns each other byte
``b`` into the die ``1 + b % 6``; dice 1 and 2 are round 1, dice 3 and 4 round 2, and
so on. The key says whose rolls they are:

- ``own``: ``<base code>/<roll seed>``, e.g. ``PAL-50SJ-CWJ0/0``: rolls of one sheet;
- ``shared``: ``shared/<roll seed>``: the same rolls for every sheet (a tournament);
- ``daily``: ``daily/<YYYY-MM-DD>``: the day's rolls, from the date alone.

**The code suffix.** A sheet with rolls prints its code as ``PAL-XXXX-XXXX-YYYYYY``:
the sheet's own code, then six Crockford base32 characters (30 bits, most significant
first): the kind (2 bits: 0 own, 1 shared, 2 daily), a par flag (1 bit: the sheet
prints its par), the value (22 bits: the roll seed, or for ``daily`` the days since
2000-01-01) and 5 check bits (the first byte of
``SHA-256("<base code>/<kind>/<par>/<value>")``, modulo 32). Codes without a suffix
are read exactly as before.

**A day's code is honest.** A code whose rolls say ``daily`` is read only when it is
that day's code: its sheet has the day's seed (:func:`daily_seed`, any difficulty) and
it prints its par, as :func:`daily_spec` makes it. Any other sheet with the day's
rolls would print "Day's dig D" on a sheet that is not D's, so :func:`read_code`, which
every reader of a code goes through, refuses it.
"""

from __future__ import annotations

import datetime
import hashlib
from dataclasses import dataclass

from .codes import CodeError, code_chars, decode_code, encode_code, from_base32, to_base32

Roll = tuple[int, int]

KINDS = ("own", "shared", "daily")
VALUE_BITS = 22
MAX_VALUE = 2**VALUE_BITS - 1  # largest roll seed: 4,194,303
EPOCH = datetime.date(2000, 1, 1)  # day 0 of the daily sheets
LAST_DAY = datetime.date(9999, 12, 31)  # the last day Python knows (day 2,921,938)
SUFFIX_CHARS = 6


def derive_rolls(key: str, rounds: int = 20) -> tuple[Roll, ...]:
    """``rounds`` rolls of two dice from ``key`` (see the module's description)."""
    dice: list[int] = []
    block = 0
    while len(dice) < 2 * rounds:
        digest = hashlib.sha256(f"dinokit-rolls/v1/{key}/{block}".encode()).digest()
        dice.extend(1 + b % 6 for b in digest if b < 252)
        block += 1
    return tuple((dice[2 * i], dice[2 * i + 1]) for i in range(rounds))


@dataclass(frozen=True)
class RollSpec:
    """Which rolls a sheet carries and whether it prints its par."""

    kind: str  # own | shared | daily
    value: int  # roll seed (own, shared) or days since EPOCH (daily)
    par: bool = False

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown kind of rolls {self.kind!r}, expected one of {KINDS}")
        if not 0 <= self.value <= MAX_VALUE:
            raise ValueError(f"roll seed {self.value} is outside 0..{MAX_VALUE}")

    @property
    def date(self) -> datetime.date | None:
        """The day of a daily sheet (None for the others)."""
        return EPOCH + datetime.timedelta(days=self.value) if self.kind == "daily" else None

    def key(self, base_code: str) -> str:
        """The key the rolls are derived from."""
        if self.kind == "own":
            return f"{base_code}/{self.value}"
        if self.kind == "shared":
            return f"shared/{self.value}"
        assert self.date is not None
        return f"daily/{self.date.isoformat()}"

    def rolls(self, base_code: str, rounds: int = 20) -> tuple[Roll, ...]:
        return derive_rolls(self.key(base_code), rounds)


def daily_spec(day: datetime.date, par: bool = True) -> RollSpec:
    """The rolls of a day's sheet; ValueError outside the days a code can hold."""
    if not EPOCH <= day <= LAST_DAY:
        raise ValueError(f"{day.isoformat()} is outside {EPOCH.isoformat()}..{LAST_DAY}")
    return RollSpec("daily", (day - EPOCH).days, par)


def daily_seed(day: datetime.date) -> int:
    """The sheet seed of a day (the same for every difficulty)."""
    digest = hashlib.sha256(f"dinokit-daily/v1/{day.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:4], "big")


def _check(base_code: str, kind: int, par: int, value: int) -> int:
    return hashlib.sha256(f"{base_code}/{kind}/{par}/{value}".encode()).digest()[0] % 32


def suffix(base_code: str, spec: RollSpec) -> str:
    """The six characters that follow the sheet's own code."""
    kind, par = KINDS.index(spec.kind), int(spec.par)
    number = (
        (kind << 28) | (par << 27) | (spec.value << 5) | _check(base_code, kind, par, spec.value)
    )
    return to_base32(number, SUFFIX_CHARS)


def full_code(base_code: str, spec: RollSpec | None) -> str:
    """The printed code: the sheet's code, with the rolls' suffix when it has rolls."""
    return base_code if spec is None else f"{base_code}-{suffix(base_code, spec)}"


def read_code(code: str) -> tuple[str, RollSpec | None]:
    """(the sheet's own code, its rolls or None) of a printed code; CodeError when it
    cannot be read. Forgiving like :func:`decode_code`: case, spaces, O/I/L."""
    text = code_chars(code)
    if len(text) == 8:
        version, difficulty, seed = decode_code(code)
        return encode_code(version, difficulty, seed), None
    if len(text) != 8 + SUFFIX_CHARS:
        example = encode_code(1, "medium", 12345)
        raise CodeError(
            f"{code!r} has {len(text)} code characters, expected a code like {example} (8) "
            f"or, with printed rolls, like {full_code(example, RollSpec('own', 0))} "
            f"({8 + SUFFIX_CHARS})"
        )
    version, difficulty, seed = decode_code(text[:8])
    base = encode_code(version, difficulty, seed)
    number = from_base32(text[8:], code)
    kind, par, value = number >> 28, (number >> 27) & 1, (number >> 5) & MAX_VALUE
    if kind >= len(KINDS) or number & 0x1F != _check(base, kind, par, value):
        raise CodeError(f"{code!r} is not a valid code (a character of its rolls is mistyped?)")
    if KINDS[kind] == "daily" and value > (LAST_DAY - EPOCH).days:
        raise CodeError(f"{code!r} is not a valid code: its day is after {LAST_DAY}")
    spec = RollSpec(KINDS[kind], value, bool(par))
    if spec.date is not None:
        _check_daily(code, version, difficulty, seed, spec.date, spec.par)
    return base, spec


def _check_daily(
    code: str, version: int, difficulty: str, seed: int, day: datetime.date, par: bool
) -> None:
    """CodeError unless a code with the rolls of ``day`` is that day's code."""
    seed_ok = seed == daily_seed(day)
    if seed_ok and par:
        return
    honest = full_code(encode_code(version, difficulty, daily_seed(day)), daily_spec(day))
    what = "its sheet is not that day's" if not seed_ok else "it leaves out the day's par"
    raise CodeError(
        f"{code!r} says it is the day's dig of {day.isoformat()}, but {what}: "
        f"the day's dig of {day.isoformat()} ({difficulty}) is {honest}"
    )
