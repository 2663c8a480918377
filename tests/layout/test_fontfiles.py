"""The font cache mends itself: a broken entry is rebuilt, an unwritable cache is avoided."""

from __future__ import annotations

import os
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
