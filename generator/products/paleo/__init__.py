"""Paleontologists, printed: dig-site pads (PDF, SVG, JSON); a sample pad in every kit."""

from __future__ import annotations

from pathlib import Path

from ...games.data import ComponentData
from ...games.paleo.load import GAME_ID
from ...games.paleo.model import DigSite
from ...games.paleo.pads import generate_pad
from ..files import Written
from .checks import check
from .cover import cover_art
from .pad import build_pad

PRODUCTS = ()  # no sheet products: pads have their own command (dinokit pads)
SAMPLE_PAD = (4, 1, "medium")  # sheets, seed, difficulty of the pad in every build


def prepare_kit(data: ComponentData, workers: int) -> list[DigSite]:
    """The sample pad's sheets, made once per build: the same sheets in every language."""
    return generate_pad(data.game(GAME_ID), *SAMPLE_PAD, workers=workers)


def kit_files(
    data: ComponentData, sites: list[DigSite], code: str, paper: str, out_dir: Path
) -> list[Written]:
    """The sample pad of one language and paper."""
    lang = data.language(code)
    assert lang is not None
    return build_pad(data, lang, sites, 1, paper, 1, "pdf", out_dir, "pad-sample")


__all__ = ["PRODUCTS", "build_pad", "check", "cover_art", "kit_files", "prepare_kit"]
