"""Sheets for shared play: a sheet with its rolls, the day's sheet, solo with a par.

A :class:`SharedSheet` is a :class:`~.model.DigSite` that also carries the rolls it
prints, the date of a day's sheet and the par of a solo sheet; its ``code`` is the
full printed code (the sheet's own code and the rolls' suffix, see :mod:`.rolls`),
and :func:`sheet_from_code` makes exactly the same sheet again from it.

**The day's sheet.** For a date D (YYYY-MM-DD) and a difficulty, the sheet is the
pad generator's sheet of that difficulty and the seed
``int.from_bytes(SHA-256("dinokit-daily/v1/D")[:4], "big")``; its rolls come from
the key ``daily/D`` and it prints its par. Nothing else goes in: the same date gives
the same sheet everywhere.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass, fields, replace

from .model import DigSite
from .moves import RoundMove
from .pads import PadGenerator, decode_code
from .par import par
from .rolls import Roll, RollSpec, daily_seed, daily_spec, full_code, read_code


@dataclass(frozen=True)
class SharedSheet(DigSite):
    """A sheet with what shared play adds to it."""

    rolls: tuple[Roll, ...] = ()
    date: str = ""  # YYYY-MM-DD of a day's sheet
    par: int | None = None
    par_moves: tuple[RoundMove, ...] = ()
    base_code: str = ""  # the sheet's own code, without the rolls' suffix


def with_rolls(
    generator: PadGenerator, site: DigSite, spec: RollSpec, with_par: bool = True
) -> SharedSheet:
    """``site`` with the rolls (and, if ``spec.par``, the par) that ``spec`` names;
    ``with_par`` False leaves the par out (the score checker does not need it)."""
    base = site.code
    rolls = spec.rolls(base, generator.rules.rounds)
    score, moves = par(generator.fast, site, rolls) if spec.par and with_par else (None, [])
    day = spec.date
    values = {f.name: getattr(site, f.name) for f in fields(DigSite)}
    values["code"] = full_code(base, spec)
    return SharedSheet(
        **values,
        rolls=rolls,
        date=day.isoformat() if day else "",
        par=score,
        par_moves=tuple(moves),
        base_code=base,
    )


def sheet_from_code(generator: PadGenerator, code: str, with_par: bool = True) -> DigSite:
    """The sheet a printed code names, rolls and par included (CodeError if unreadable)."""
    base, spec = read_code(code)
    _, difficulty, seed = decode_code(base)
    site = generator.sheet(difficulty, seed)
    return site if spec is None else with_rolls(generator, site, spec, with_par)


def parse_day(text: str) -> datetime.date:
    """A date written YYYY-MM-DD that a code can hold; ValueError saying what was expected."""
    try:
        # a calendar date only: fromisoformat alone also reads week dates (2026-W01-1)
        if not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", text, re.ASCII):
            raise ValueError
        day = datetime.date.fromisoformat(text)
    except ValueError:
        raise ValueError(f"{text!r} is not a date, expected YYYY-MM-DD (e.g. 2026-12-01)") from None
    daily_spec(day)  # a day from 2000-01-01 on
    return day


def daily_sheet(generator: PadGenerator, day: datetime.date, difficulty: str) -> SharedSheet:
    """The day's sheet: layout, rolls and par from the date (and difficulty) alone."""
    spec = daily_spec(day)
    site = generator.sheet(difficulty, daily_seed(day))
    return with_rolls(generator, site, spec)


def plain(site: DigSite) -> DigSite:
    """The sheet without what shared play added (its own code)."""
    if isinstance(site, SharedSheet):
        values = {f.name: getattr(site, f.name) for f in fields(DigSite)}
        return DigSite(**{**values, "code": site.base_code})
    return replace(site)
