"""Checked data is remembered until any input changes; errors are never remembered."""

from __future__ import annotations

import io
import os
import pickle
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


def test_a_whole_kit_check_serves_every_scope_and_a_scope_only_itself(folder: Path) -> None:
    calls = []

    def load(what: str):
        def loaded() -> ComponentData:
            calls.append(what)
            return ComponentData({}, ())

        return loaded

    datacache.remembered(folder, load("en"), "digging-for-dinos|en")
    datacache.remembered(folder, load("en"), "digging-for-dinos|en")
    datacache.remembered(folder, load("de"), "digging-for-dinos|de")  # another scope
    datacache.remembered(folder, load("all"))  # the whole kit is never served by a scope
    datacache.remembered(folder, load("pl"), "paleontologists|pl")  # ... but serves them
    datacache.remembered(folder, load("all"))
    assert calls == ["en", "de", "all"]
    assert len(list(datacache.cache_dir().glob("*.pickle"))) == 3


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


class _Planted:
    """What a planted pickle does when loaded: call a function (here, make a folder)."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self):
        return (os.mkdir, (str(self.marker),))


def _entry_name(folder: Path) -> str:
    return f"{datacache.cache_key(folder)}.pickle"


def test_a_pickle_that_would_run_code_is_refused(folder: Path, tmp_path: Path) -> None:
    """Even in the user's own folder: an entry may make dinokit's data and nothing else."""
    marker = tmp_path / "ran"
    cache = datacache.cache_dir()
    cache.mkdir(mode=0o700)
    (cache / _entry_name(folder)).write_bytes(pickle.dumps(_Planted(marker)))
    assert datacache.remembered(folder, lambda: ComponentData({}, ())) == ComponentData({}, ())
    assert not marker.exists()


@pytest.mark.skipif(os.geteuid() != 0, reason="only root can chown to another user")
@pytest.mark.parametrize("owner", ["folder", "file"])
def test_an_entry_of_another_user_is_never_read(folder: Path, owner: str) -> None:
    cache = datacache.cache_dir()
    cache.mkdir(mode=0o755)
    planted = ComponentData({"planted": True}, ())
    (cache / _entry_name(folder)).write_bytes(pickle.dumps(planted))
    for path in [cache / _entry_name(folder)] + ([cache] if owner == "folder" else []):
        os.chown(path, 4242, 4242)
    assert datacache.remembered(folder, lambda: ComponentData({}, ())) == ComponentData({}, ())


def test_a_folder_others_can_write_is_never_read(folder: Path) -> None:
    cache = datacache.cache_dir()
    cache.mkdir(mode=0o777)
    cache.chmod(0o777)
    planted = pickle.dumps(ComponentData({"planted": True}, ()))
    (cache / _entry_name(folder)).write_bytes(planted)
    assert datacache.remembered(folder, lambda: ComponentData({}, ())) == ComponentData({}, ())
    assert (cache / _entry_name(folder)).read_bytes() == planted  # nor written to


def test_the_shipped_data_is_read_back_whole() -> None:
    """The guarded unpickler knows every class the checked data holds (else the cache
    would silently never hit)."""
    from shipped_data import shipped

    data = shipped()
    blob = pickle.dumps(data, protocol=pickle.HIGHEST_PROTOCOL)
    assert datacache._Unpickler(io.BytesIO(blob)).load() == data


def test_the_cache_keeps_its_newest_entries(folder: Path) -> None:
    for i in range(datacache.KEEP + 3):
        (folder / "a.yaml").write_text(f"x: {i}\n", encoding="utf-8")
        datacache.remembered(folder, lambda: ComponentData({}, ()))
    assert len(list(datacache.cache_dir().glob("*.pickle"))) == datacache.KEEP


def test_validate_remembers_a_clean_report_and_shows_its_warnings_again(
    tmp_path: Path, monkeypatch
) -> None:
    """Unchanged data is not checked again by validate (docs/validate.md); its
    warnings are printed every time, an error is never remembered, and the data it
    passed serves the next command."""
    import shutil

    from conftest import edit, run

    from dinokit.products import validate as checks
    from dinokit.source import DEFAULT_DATA_DIR

    monkeypatch.setenv("DINOKIT_DATA_CACHE", str(tmp_path / "cache"))
    monkeypatch.chdir(tmp_path)
    shutil.copytree(DEFAULT_DATA_DIR, tmp_path / "data")
    species = tmp_path / "data/digging-for-dinos/species.yaml"
    edit(species, "    body: theropod\n", "    body: theropod\n    size: huge\n")
    real, calls = checks.load_data, []

    def counted(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(checks, "load_data", counted)
    first = run("validate", "--data", "data")
    second = run("validate", "--data", "data")
    assert first.exit_code == second.exit_code == 0 and len(calls) == 1
    assert "W-UNKNOWN-KEY" in second.output and first.output == second.output
    assert run("validate", "--data", "data", "--strict").exit_code == 1  # still a warning
    made = run("tiles", "--lang", "en", "--data", "data", "--out", str(tmp_path / "out"))
    assert made.exit_code == 0 and len(calls) == 1  # the data validate passed
    edit(species, "    size: huge\n", "    size: [huge\n")
    broken = [run("validate", "--data", "data") for _ in range(2)]
    assert [b.exit_code for b in broken] == [1, 1] and len(calls) == 3
