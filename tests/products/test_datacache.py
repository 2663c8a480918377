"""Checked data is remembered until any input changes; errors are never remembered."""

from __future__ import annotations

from pathlib import Path

import pytest

from dinokit.games.data import ComponentData
from dinokit.products import datacache


@pytest.fixture
def folder(tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.setenv("DINOKIT_DATA_CACHE", str(tmp_path / "cache"))
    data = tmp_path / "data"
    data.mkdir()
    (data / "a.yaml").write_text("x: 1\n", encoding="utf-8")
    return data


def test_unchanged_data_is_loaded_once(folder: Path) -> None:
    calls = []

    def load() -> ComponentData:
        calls.append(1)
        return ComponentData({}, ())

    first = datacache.remembered(folder, load)
    second = datacache.remembered(folder, load)
    assert first == second == ComponentData({}, ()) and len(calls) == 1
    (folder / "a.yaml").write_text("x: 2\n", encoding="utf-8")  # any byte changes the key
    datacache.remembered(folder, load)
    (folder / "new.yaml").write_text("", encoding="utf-8")  # so does a new file
    datacache.remembered(folder, load)
    assert len(calls) == 3


def test_a_failed_load_is_not_remembered_and_a_broken_entry_is_rebuilt(folder: Path) -> None:
    def fail() -> ComponentData:
        raise SystemExit(1)  # load_or_exit on data with errors

    with pytest.raises(SystemExit):
        datacache.remembered(folder, fail)
    assert not list(datacache.cache_dir().glob("*.pickle"))
    datacache.remembered(folder, lambda: ComponentData({}, ()))
    (entry,) = datacache.cache_dir().glob("*.pickle")
    entry.write_bytes(b"not a pickle")
    assert datacache.remembered(folder, lambda: ComponentData({}, ())) == ComponentData({}, ())
