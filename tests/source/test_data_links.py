"""A data folder holds its own files: a link that leaves it is refused, never read."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from dinokit.games.data import load_games
from dinokit.source import DEFAULT_DATA_DIR
from dinokit.source.diagnostics import Diagnostics

SECRET = "TOPSECRET-LINE-OF-ANOTHER-FILE"


@pytest.fixture()
def copy(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    shutil.copytree(DEFAULT_DATA_DIR, folder)
    return folder


def _errors(folder: Path) -> list:
    diags = Diagnostics()
    load_games(folder, diags)
    return diags.errors


def test_a_link_out_of_the_folder_is_refused_and_not_quoted(copy: Path, tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere.yaml"
    outside.write_text(f"code: [{SECRET}\n", encoding="utf-8")  # broken YAML: quoted if read
    (copy / "lang" / "xx.yaml").symlink_to(outside)
    errors = _errors(copy)
    assert [e.code for e in errors] == ["E-FILE-OUTSIDE"]
    assert errors[0].location.file.endswith("xx.yaml")
    assert all(SECRET not in e.message for e in errors)


def test_a_linked_game_file_is_refused(copy: Path, tmp_path: Path) -> None:
    moved = tmp_path / "dice.yaml"
    shutil.move(copy / "paleontologists" / "dice.yaml", moved)
    (copy / "paleontologists" / "dice.yaml").symlink_to(moved)
    assert "E-FILE-OUTSIDE" in [e.code for e in _errors(copy)]


def test_links_inside_the_folder_and_a_linked_folder_are_fine(copy: Path, tmp_path: Path) -> None:
    shutil.move(copy / "lang" / "de.yaml", copy / "de-real.yaml")
    (copy / "lang" / "de.yaml").symlink_to(copy / "de-real.yaml")
    link = tmp_path / "data-link"
    link.symlink_to(copy)
    assert _errors(link) == []
