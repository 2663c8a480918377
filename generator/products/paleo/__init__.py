"""Paleontologists, printed: dig-site pads (PDF, SVG, JSON); a sample pad in every kit."""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Iterable, Iterator
from pathlib import Path

from ...games.data import ComponentData
from ...games.paleo.load import GAME_ID
from ...games.paleo.model import DigSite
from ...games.paleo.pads import PadGenerator, generate_pad, sheet_seeds
from ...games.paleo.rolls import daily_spec
from ...games.paleo.shared import with_rolls
from ...layout.text import TextOverflow
from ...source.lang import Language
from ..files import Written
from .checks import check
from .cover import cover_art
from .pad import build_pad
from .sheet import PAPERS, pad_pages

PRODUCTS = ()  # no sheet products: pads have their own command (dinokit pads)
SAMPLE_PAD = (4, 1, "medium")  # sheets, seed, difficulty of the pad in every build


def prepare_kit(data: ComponentData, workers: int) -> list[DigSite]:
    """The sample pad's sheets, made once per build: the same sheets in every language."""
    return generate_pad(data.game(GAME_ID), *SAMPLE_PAD, workers=workers)


def trial_layout(
    data: ComponentData, languages: Iterable[Language]
) -> Iterator[tuple[Language, Exception]]:
    """Lay out (without drawing) one pad page of every kind in each language; yield
    what does not fit. The validator calls it, so that whatever it accepts builds."""
    paleo = data.game(GAME_ID)
    generator = PadGenerator(paleo)
    site = generator.sheet("medium", next(sheet_seeds(1)))
    # a day's sheet too: its rolls, its date and a two-digit par (not computed: any fits)
    day = with_rolls(generator, site, daily_spec(datetime.date(2000, 1, 1)), with_par=False)
    shared = dataclasses.replace(day, par=88)
    for lang in languages:
        try:
            for paper in PAPERS:
                for per_page in (1, 2):
                    for sheet in (site, shared):
                        next(iter(pad_pages([sheet], paleo, lang, paper, per_page)))
        except (TextOverflow, ValueError) as exc:
            yield lang, exc


def kit_files(
    data: ComponentData,
    sites: list[DigSite],
    code: str,
    paper: str,
    out_dir: Path,
    ink_saver: bool = False,
) -> list[Written]:
    """The sample pad of one language and paper."""
    lang = data.language(code)
    assert lang is not None
    return build_pad(data, lang, sites, 1, paper, 1, "pdf", out_dir, "pad-sample", ink_saver)


__all__ = [
    "PRODUCTS", "build_pad", "check", "cover_art", "kit_files", "prepare_kit", "trial_layout",
]  # fmt: skip
