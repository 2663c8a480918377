"""dinokit init: the shipped data and templates copied for editing, never overwritten.

(That the copy validates is checked with the installed wheel, tests/test_wheel.py.)"""

from __future__ import annotations

import os
from pathlib import Path

from click.testing import CliRunner

from dinokit.cli import main
from dinokit.source import DEFAULT_DATA_DIR, TEMPLATES_DIR


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*.yaml")}


def test_init_copies_what_ships_and_says_how_to_use_it(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["init", str(tmp_path / "mine")])
    assert result.exit_code == 0, result.output
    assert _files(tmp_path / "mine" / "data") == _files(DEFAULT_DATA_DIR)
    assert _files(tmp_path / "mine" / "templates") == _files(TEMPLATES_DIR)
    mine = tmp_path / "mine"
    assert f"--data {mine / 'data'} --templates {mine / 'templates'}" in result.output
    assert not [p for p in mine.iterdir() if p.name.startswith(".")]  # no staging left
    # the copy is the user's to edit, whatever the mode of the installed files
    assert all(os.access(p, os.W_OK) for p in (mine / "data").rglob("*.yaml"))


def test_init_never_overwrites(tmp_path: Path) -> None:
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "sheets.yaml").write_text("mine: true\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["init", str(tmp_path)])
    assert result.exit_code == 1
    assert "already exists" in result.output and "Traceback" not in result.output
    assert (tmp_path / "templates" / "sheets.yaml").read_text(encoding="utf-8") == "mine: true\n"
    assert not (tmp_path / "data").exists()  # both or neither
    assert sorted(p.name for p in tmp_path.iterdir()) == ["templates"]


def test_init_into_a_file_or_an_unwritable_place_is_a_message(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x", encoding="utf-8")
    result = CliRunner().invoke(main, ["init", str(tmp_path / "file")])
    assert result.exit_code == 2 and "is a file" in result.output
    result = CliRunner().invoke(main, ["init", str(tmp_path / "file" / "below")])
    assert result.exit_code == 1 and "cannot write into" in result.output
    assert "Traceback" not in result.output
    result = CliRunner().invoke(main, ["init", ""])
    assert result.exit_code == 2 and "an empty name" in result.output
