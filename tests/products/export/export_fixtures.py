"""Shared by the export tests: the shipped data, loaded once per test process (without
the validator's checks, which have their own tests)."""

from __future__ import annotations

import functools

from generator.games.data import ComponentData, load_games
from generator.source import DEFAULT_DATA_DIR
from generator.source.diagnostics import Diagnostics


@functools.cache
def shipped() -> ComponentData:
    loaded = load_games(DEFAULT_DATA_DIR, Diagnostics())
    assert loaded is not None
    return loaded
