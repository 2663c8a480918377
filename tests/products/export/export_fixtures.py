"""Shared by the export tests (see conftest.py here): the shipped data, loaded once per
test process (without the validator's checks, which have their own tests), and its
English."""

from __future__ import annotations

import pytest
from shipped_data import shipped

from generator.games.data import ComponentData
from generator.source.lang import Language


@pytest.fixture(scope="module")
def data() -> ComponentData:
    return shipped()


@pytest.fixture(scope="module")
def en(data: ComponentData) -> Language:
    lang = data.language("en")
    assert lang is not None
    return lang
