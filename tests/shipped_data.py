"""The shipped data, loaded once per test process, for the tests that only read it."""

from __future__ import annotations

import functools

from dinokit.games.data import ComponentData, load_games
from dinokit.source import DEFAULT_DATA_DIR
from dinokit.source.diagnostics import Diagnostics


@functools.cache
def shipped() -> ComponentData:
    """The data of data/, loaded (without the validator's checks, which have their own
    tests) and without an error."""
    diags = Diagnostics()
    loaded = load_games(DEFAULT_DATA_DIR, diags)
    assert loaded is not None and not diags.errors, diags.errors
    return loaded
