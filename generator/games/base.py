"""The small interface every game package offers to the rest of dinokit."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..source.diagnostics import Diagnostics


@dataclass(frozen=True)
class Game:
    id: str  # also the folder of its data under data/ and its name key
    load: Callable[[Path, Diagnostics], Any]  # data folder -> the game's model
    check: Callable[[Any, Diagnostics], None]  # rules checks of a loaded model
    name_keys: Callable[[Any], Iterable[tuple[str, str]]]  # (section, id) every language names
