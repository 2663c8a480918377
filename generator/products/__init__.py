"""Stage 6, products: page descriptions of every printable thing, written to files.

Takes models (:mod:`generator.games`) and languages; lays out pages with
:mod:`generator.layout`, draws them with :mod:`generator.render`, and writes PDF, SVG
and JSON files safely. Each game's products are one package here (``dinos``,
``paleo``), named by the game's :attr:`~generator.games.base.Game.products`; the
booklets, the balance reports and the whole-kit build serve every game.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from ..games.base import Game

#: (game model, language, print options) -> the product's pages.
PageMaker = Callable[[Any, Any, Any], list[Any]]


@dataclass(frozen=True)
class Product:
    """A sheet product of a game: its pages come from one function."""

    game: str
    name: str  # component name, used in file names and as the CLI command
    make: PageMaker


def products_of(game: Game) -> ModuleType:
    """The package that prints ``game``'s products (imported on first use).

    It defines ``PRODUCTS`` (sheet products), ``cover_art(ctx, width)`` for the
    booklet, and may define ``check(model, diags)`` (data only the print kit can
    judge) and ``kit_files`` / ``prepare_kit`` (more files in every build).
    """
    return importlib.import_module(f"{__name__}.{game.products}")
