"""Shared by the export tests (each imports the two fixtures; no conftest.py here, whose
module name would hide tests/conftest.py): the shipped data, loaded once per
test process (without the validator's checks, which have their own tests), and its
English."""

from __future__ import annotations

import pytest
from shipped_data import shipped

from dinokit.games.data import ComponentData
from dinokit.source.lang import Language


@pytest.fixture(scope="module", name="data")
def data_fixture() -> ComponentData:
    return shipped()


@pytest.fixture(scope="module", name="en")
def en_fixture(data: ComponentData) -> Language:
    lang = data.language("en")
    assert lang is not None
    return lang
