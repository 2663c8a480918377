"""Sheets the web app plays and shows: from a printed code, the day's, or a new one.

One :class:`Sheets` per app: it holds the pad generator and small caches, so a sheet
that several phones open is generated once. Every code is read by the shared-play
helpers (:mod:`generator.games.paleo.shared`), so a code means here exactly what it
means to ``dinokit pads --code``.
"""

from __future__ import annotations

import datetime
import random
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from ..games.data import ComponentData
from ..games.paleo import shared
from ..games.paleo.model import DigSite
from ..games.paleo.moves import moves_json
from ..games.paleo.pads import GENERATOR_VERSION, CodeError, PadGenerator, decode_code
from ..games.paleo.par import par
from ..games.paleo.rolls import Roll, RollSpec, daily_spec, full_code, read_code
from ..products.paleo.pad import pad_json

MAX_CODE = 40  # characters of a code at the most (a full code has 20)
CACHE = 256  # sheets (and pars) kept


class _Lru:
    """A small thread-safe cache: key -> value, the least recently used dropped."""

    def __init__(self, size: int) -> None:
        self.size, self.items, self.lock = size, OrderedDict[Hashable, Any](), threading.Lock()

    def get(self, key: Hashable, make: Callable[[], Any]) -> Any:
        """The entry for ``key`` (made by ``make`` and kept when missing)."""
        with self.lock:
            if key in self.items:
                self.items.move_to_end(key)
                return self.items[key]
        value = make()
        with self.lock:
            self.items[key] = value
            while len(self.items) > self.size:
                self.items.popitem(last=False)
        return value


class Played:
    """A sheet to play: the layout, its rolls (empty: typed in from real dice)."""

    def __init__(self, code: str, site: DigSite, rolls: tuple[Roll, ...], spec: RollSpec | None):
        self.code, self.site, self.rolls, self.spec = code, site, rolls, spec

    @property
    def date(self) -> str:
        """The day of a day's sheet, YYYY-MM-DD ('' for the others)."""
        day = self.spec.date if self.spec else None
        return day.isoformat() if day else ""


class Sheets:
    """Sheets by code, made once and kept."""

    def __init__(self, data: ComponentData) -> None:
        self.generator = PadGenerator(data.game("paleontologists"))
        self.rules = self.generator.rules
        self._sites = _Lru(CACHE)
        self._json = _Lru(CACHE)
        self._pars = _Lru(CACHE)

    def _site(self, base: str) -> DigSite:
        _, difficulty, seed = decode_code(base)
        return self._sites.get(base, lambda: self.generator.sheet(difficulty, seed))

    def played(self, code: str) -> Played:
        """The sheet and rolls of a printed code (CodeError when it cannot be read);
        the par is not computed here (see :meth:`par`)."""
        if len(code) > MAX_CODE:
            raise CodeError(f"a code has at most {MAX_CODE} characters, this one {len(code)}")
        base, spec = read_code(code)
        site = self._site(base)
        rolls = spec.rolls(base, self.rules.rounds) if spec else ()
        return Played(full_code(base, spec), site, rolls, spec)

    def pads_json(self, code: str) -> bytes:
        """Exactly what ``dinokit pads --code CODE --format json`` writes."""
        played = self.played(code)  # checks the code and fills the sheet cache

        def make() -> bytes:
            """Make the entry the cache keeps."""
            site = shared.sheet_from_code(self.generator, played.code)
            return pad_json([site], f"dinokit-pads/{GENERATOR_VERSION}")

        return self._json.get(played.code, make)

    def par(self, code: str, rolls: Sequence[Roll]) -> dict[str, object]:
        """The par of the sheet with these rolls: the score and the moves that reach it."""
        played = self.played(code)
        key = (played.site.code, tuple(rolls))

        def make() -> dict[str, object]:
            """Make the entry the cache keeps."""
            score, moves = par(self.generator.fast, played.site, list(rolls))
            return {"par": score, "par_moves": moves_json(moves)}

        return self._pars.get(key, make)

    def new_code(self, difficulty: str, rng: random.Random | None = None) -> str:
        """The code of a new sheet of ``difficulty`` with its own rolls and par."""
        rng = rng or random.Random(secrets.randbits(64))
        seed = rng.randrange(2**32)
        site = self._sites.get((difficulty, seed), lambda: self.generator.sheet(difficulty, seed))
        self._sites.get(site.code, lambda: site)
        return full_code(site.code, RollSpec("own", 0, par=True))

    def daily_code(self, day: datetime.date, difficulty: str) -> str:
        """The code of the day's sheet (the same one ``dinokit pads --daily`` prints)."""
        spec = daily_spec(day)
        seed = shared.daily_seed(day)
        site = self._sites.get((difficulty, seed), lambda: self.generator.sheet(difficulty, seed))
        self._sites.get(site.code, lambda: site)
        return full_code(site.code, spec)
