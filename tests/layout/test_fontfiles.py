"""The font cache mends itself: a broken entry is rebuilt, an unwritable cache is avoided."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from dinokit.layout import fontfiles


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("DINOKIT_FONT_CACHE", str(folder))
    return folder


def test_an_empty_cached_font_is_rebuilt(cache: Path) -> None:
    first = fontfiles.ttf_path("sans", "Dino")
    good = first.read_bytes()
    first.write_bytes(b"")  # a kill at the wrong moment, or a full disk
    again = fontfiles.ttf_path("sans", "Dino")
    assert again == first and again.read_bytes() == good


@pytest.mark.skipif(os.geteuid() == 0, reason="root can write anywhere")
def test_an_unwritable_cache_falls_back(cache: Path) -> None:
    cache.mkdir()
    cache.chmod(0o500)
    path = fontfiles.ttf_path("sans", "Dino")
    assert cache not in path.parents and path.read_bytes()[:4] == b"\x00\x01\x00\x00"


def test_a_cache_that_is_a_file_falls_back(cache: Path) -> None:
    cache.write_text("not a folder")
    path = fontfiles.ttf_path("sans", "Dino")
    assert cache not in path.parents and path.read_bytes()[:4] == b"\x00\x01\x00\x00"


def test_a_cut_from_a_base_equals_a_subset_made_directly(tmp_path: Path, monkeypatch) -> None:
    """Large (CJK) fonts are converted once per run and each file's subset is cut from
    that base: the bytes must be those of a subset made from the source itself."""
    from dinokit.layout import fonts

    monkeypatch.setenv("DINOKIT_FONT_CACHE", str(tmp_path))
    run = "恐竜の化石を掘り出そう。サイコロを振って、12点を取った人の勝ち！"
    document = "".join(sorted(set("化石を掘る。") | set(fonts.ASCII)))
    monkeypatch.setitem(fonts._EXPECTED, (fonts.catalogue().path, "ja-bold"), set(run))
    path = fontfiles.ttf_path("ja-bold", document)
    assert path.read_bytes() == fontfiles.build_ttf("ja-bold", document)
    assert len(list(tmp_path.glob("ja-bold-base-*.ttf"))) == 1  # the base, for the next file


@pytest.mark.skipif(os.geteuid() != 0, reason="only root can chown to another user")
def test_metrics_planted_in_another_users_folder_are_not_read(cache: Path) -> None:
    from dinokit.layout import fontcache

    real = fontcache.MetricsTable(1000, 800, -200, 700, 500, {ord("D"): 600})
    planted = fontcache._metrics_bytes(fontcache.MetricsTable(1, 2, 3, 4, 5, {ord("D"): 9}))
    cache.mkdir(mode=0o755)
    (cache / "sans-0123456789abcdef0123.metrics").write_bytes(planted)
    os.chown(cache / "sans-0123456789abcdef0123.metrics", 4242, 4242)
    assert fontcache.metrics_table("sans-0123456789abcdef0123.metrics", lambda: real) == real
    os.chown(cache, 4242, 4242)
    (cache / "sans-0123456789abcdef0123.metrics").write_bytes(planted)
    assert fontcache.metrics_table("sans-0123456789abcdef0123.metrics", lambda: real) == real
    assert (cache / "sans-0123456789abcdef0123.metrics").read_bytes() == planted  # not written


def _entry(folder: Path, name: str, size: int, hours_ago: float) -> Path:
    path = folder / name
    path.write_bytes(b"\x00\x01\x00\x00" + bytes(size - 4))
    when = time.time() - hours_ago * 3600
    os.utime(path, (when, when))
    return path


def test_the_cache_is_pruned_under_its_bound(cache: Path, monkeypatch) -> None:
    """The entries used longest ago go first; what is not an entry of the cache stays."""
    from dinokit.layout import fontcache

    monkeypatch.setattr(fontcache, "MAX_BYTES", 1_000_000)
    monkeypatch.setattr(fontcache, "_WRITTEN", {})  # a new command
    cache.mkdir(mode=0o700)
    old = [_entry(cache, f"sans-{i:020x}.ttf", 150_000, 48 + i) for i in range(12)]
    mine = _entry(cache, "my-notes.ttf", 150_000, 1000)  # not named as an entry
    fontfiles.ttf_path("sans", "Dino")
    entries = [p for p in cache.iterdir() if fontcache.ENTRY.fullmatch(p.name)]
    assert sum(p.stat().st_size for p in entries) <= fontcache.MAX_BYTES
    assert mine.exists() and not old[-1].exists() and old[0].exists()


def test_an_entry_in_use_is_kept_by_the_pruning(cache: Path) -> None:
    """A use records itself (the file's time), so that the entries used recently stay,
    and one used in the last hour (a running command's) is never deleted."""
    from dinokit.layout import fontcache
    from dinokit.source import cachedir

    cache.mkdir(mode=0o700)
    used = _entry(cache, "sans-00000000000000000001.ttf", 1000, 30)
    unused = _entry(cache, "sans-00000000000000000002.ttf", 1000, 20)
    running = _entry(cache, "sans-00000000000000000003.ttf", 1000, 0.5)
    head = fontfiles._ttf_head
    assert fontcache.cached(used.name, head, 4) == (used, b"\x00\x01\x00\x00")
    cachedir.prune(cache, fontcache.ENTRY, max_bytes=1000)
    assert used.exists() and running.exists() and not unused.exists()
