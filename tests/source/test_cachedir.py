"""Where caches live, and that a cache folder someone else could write is never used.

Runs as root in CI: root can make folders owned by another user (``os.chown``), which is
what another user of a shared machine would do in ``/tmp`` before dinokit does.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

import pytest

from dinokit.games.data import ComponentData
from dinokit.layout import fontcache, fontfiles, fonts
from dinokit.layout.fontcache import MetricsTable

OTHER = 4242  # a user that is not the one running the tests
AS_ROOT = pytest.mark.skipif(os.geteuid() != 0, reason="only root can chown to another user")


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A home folder, a temporary folder of its own, and no cache variable set."""
    for name in ("DINOKIT_FONT_CACHE", "DINOKIT_DATA_CACHE", "XDG_CACHE_HOME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    (tmp_path / "home").mkdir()
    (tmp_path / "tmp").mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    from dinokit.source import cachedir

    monkeypatch.setattr(cachedir, "_NOTED", [])
    monkeypatch.setattr(fontcache, "_SCRATCH", [])
    return tmp_path / "home"


def _fallback(home: Path) -> Path:
    return home.parent / "tmp" / f"dinokit-fonts-{os.geteuid()}"


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_xdg_cache_home_is_honoured(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    xdg = home.parent / "xdg"
    monkeypatch.setenv("XDG_CACHE_HOME", str(xdg))
    assert fontcache.cache_dir() == xdg / "dinokit" / "fonts"
    path = fontfiles.ttf_path("sans", "Dino")
    assert path.parent == xdg / "dinokit" / "fonts"
    for made in (xdg, xdg / "dinokit", xdg / "dinokit" / "fonts"):  # as the spec asks
        assert _mode(made) == 0o700, made
    for unset in ("", "relative/cache"):  # the spec: an empty or relative one is ignored
        monkeypatch.setenv("XDG_CACHE_HOME", unset)
        assert fontcache.cache_dir() == home / ".cache" / "dinokit" / "fonts"
    monkeypatch.setenv("DINOKIT_FONT_CACHE", str(home / "mine"))  # the override wins
    assert fontcache.cache_dir() == home / "mine"


def test_the_fallback_is_made_0700(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (home / ".cache").write_text("a file where the cache would go")
    old = os.umask(0)  # the mode must not come from a lax umask
    try:
        path = fontfiles.ttf_path("sans", "Dino")
    finally:
        os.umask(old)
    assert path.parent == _fallback(home) == fontcache.fallback_cache_dir()
    assert _mode(path.parent) == 0o700


def _planted_table() -> MetricsTable:
    return MetricsTable(1, 2, -3, 4, 5, {ord("D"): 99_999})


def _plant(folder: Path, real_name: str) -> dict[str, bytes]:
    """Bogus font files and metrics under the names dinokit would look for."""
    planted = {
        real_name: b"\x00\x01\x00\x00 not the font",
        f"sans-{fonts.cache_key('sans', 'metrics')}.metrics": fontcache._metrics_bytes(
            _planted_table()
        ),
    }
    folder.mkdir(parents=True, exist_ok=True)
    for name, blob in planted.items():
        (folder / name).write_bytes(blob)
    return planted


def _check_not_used(folder: Path, planted: dict[str, bytes]) -> None:
    """The font and metrics are right, and the planted files neither read nor replaced."""
    path = fontfiles.ttf_path("sans", "Dino")
    assert folder not in path.parents
    assert path.read_bytes() == fontfiles.build_ttf("sans", path_chars("Dino"))
    assert fonts.FontMetrics("sans").units_per_em == fonts.read_metrics("sans").units_per_em
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == planted


def path_chars(text: str) -> str:
    return "".join(sorted(set(text) | set(fonts.ASCII)))


def _real_name() -> str:
    return f"sans-{fonts.cache_key('sans', path_chars('Dino'))}.ttf"


@AS_ROOT
@pytest.mark.parametrize("where", ["normal", "fallback"])
def test_a_folder_of_another_user_is_never_used(
    home: Path, where: str, capsys: pytest.CaptureFixture[str]
) -> None:
    normal = home / ".cache" / "dinokit" / "fonts"
    folder = normal if where == "normal" else _fallback(home)
    if where == "fallback":
        (home / ".cache").write_text("no cache here: the fallback is tried")
    planted = _plant(folder, _real_name())
    folder.chmod(0o755)
    for path in (folder, *folder.iterdir()):
        os.chown(path, OTHER, OTHER)
    _check_not_used(folder, planted)
    notes = capsys.readouterr().err.splitlines()
    assert len(notes) == 1 and str(folder) in notes[0] and f"uid {OTHER}" in notes[0]


@pytest.mark.parametrize("mode", [0o775, 0o757, 0o777])
def test_a_folder_others_can_write_is_never_used(
    home: Path, mode: int, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = home / ".cache" / "dinokit" / "fonts"
    planted = _plant(folder, _real_name())
    folder.chmod(mode)
    _check_not_used(folder, planted)
    assert _mode(folder) == mode  # left as it was: the user's to mend
    assert capsys.readouterr().err.count("\n") <= 1


@AS_ROOT
def test_a_file_of_another_user_is_not_read(home: Path) -> None:
    """In the user's own folder: a file the user does not own (made through another
    path, or by ``sudo``) is made again, not read."""
    folder = home / ".cache" / "dinokit" / "fonts"
    planted = _plant(folder, _real_name())
    folder.chmod(0o700)
    for name in planted:
        os.chown(folder / name, OTHER, OTHER)
    path = fontfiles.ttf_path("sans", "Dino")
    assert path.read_bytes() == fontfiles.build_ttf("sans", path_chars("Dino"))
    assert fonts.FontMetrics("sans").units_per_em == fonts.read_metrics("sans").units_per_em
    assert all((folder / name).stat().st_uid == os.geteuid() for name in planted)  # replaced


def test_a_symbolic_link_as_the_fallback_is_not_followed(home: Path) -> None:
    """In a shared temporary folder, the fallback must be a folder: a link there could
    send dinokit's files (and its pruning) into any folder of the user's."""
    (home / ".cache").write_text("no cache here: the fallback is tried")
    elsewhere = home / "fonts-of-mine"
    elsewhere.mkdir(mode=0o700)
    _fallback(home).symlink_to(elsewhere)
    path = fontfiles.ttf_path("sans", "Dino")
    assert path.read_bytes()[:4] == b"\x00\x01\x00\x00"
    assert not list(elsewhere.iterdir()) and elsewhere not in path.parents


def _load(calls: list[int]) -> ComponentData:
    calls.append(1)
    return ComponentData({}, ())


def test_with_no_folder_to_trust_a_command_still_works(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from dinokit.products import datacache

    (home / ".cache").write_text("no cache here")
    _fallback(home).mkdir(mode=0o777)
    _fallback(home).chmod(0o777)
    data_fallback = _fallback(home).with_name(f"dinokit-data-{os.geteuid()}")
    data_fallback.mkdir(mode=0o777)
    data_fallback.chmod(0o777)
    path = fontfiles.ttf_path("sans", "Dino")
    assert path.read_bytes() == fontfiles.build_ttf("sans", path_chars("Dino"))
    assert fontfiles.ttf_path("sans", "Dino") == path  # kept for the rest of the process
    data = home / "data"
    data.mkdir()
    calls: list[int] = []
    datacache.remembered(data, lambda: _load(calls))
    datacache.remembered(data, lambda: _load(calls))
    assert len(calls) == 2  # uncached, and right
    assert not list(_fallback(home).iterdir()) and not list(data_fallback.iterdir())
    assert len(capsys.readouterr().err.splitlines()) == 1  # one note for the whole command
