"""The one small interface every game package offers to the rest of dinokit.

A game is a package under ``generator/games/`` whose ``__init__`` defines ``GAME``, a
:class:`Game`. Nothing outside the package needs to know which games there are:
the registry finds them, the validator, the booklets and the CLI ask them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..source.diagnostics import Diagnostics
from ..source.lang import Language

#: A table of a rules booklet as plain text: (header, rows, column widths in %).
Table = tuple[list[str], list[list[str]], list[float]]
#: Fills a booklet table from the game's model, a language and the booklet's own texts.
TableMaker = Callable[[Any, Language, Mapping[str, str]], Table]


@dataclass(frozen=True)
class Game:
    id: str  # also the folder of its data under data/ and its name key in languages
    load: Callable[[Path, Diagnostics], Any]  # data folder -> the game's model
    check: Callable[[Any, Diagnostics], None]  # rules checks of a loaded model
    name_keys: Callable[[Any], Iterable[tuple[str, str]]]  # (section, id) every language names
    #: The sections of the languages' names that ``name_keys`` fills (species, ...).
    name_sections: tuple[str, ...]
    #: The {placeholders} its booklet texts may use; ``booklet_values`` fills exactly these.
    placeholders: frozenset[str]
    booklet_values: Callable[[Any, Language], dict[str, str]]
    #: Text keys its booklet needs besides the structure's blocks (e.g. one per bonus).
    booklet_keys: Callable[[Any], list[str]] = lambda model: []
    #: Tables its booklet structure may refer to, by name.
    tables: Mapping[str, TableMaker] = field(default_factory=dict)
    #: Name of the package under ``products/`` that turns the model into printable
    #: products; imported only when a product is asked for (the model never imports it).
    products: str = ""
