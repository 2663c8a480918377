"""dinokit export print-shop --service on the command line: the list, a bad name, what a
run prints (where each component went, what does not fit, the template check) and its
exit code when a written file does not match the template."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import run

from dinokit.cli import export as export_cli
from dinokit.games.data import load_games
from dinokit.products.export import service_check
from dinokit.source import DEFAULT_DATA_DIR
from dinokit.source.diagnostics import Diagnostics


@pytest.fixture(scope="module")
def shipped():
    return load_games(DEFAULT_DATA_DIR, Diagnostics())


@pytest.fixture
def quick(monkeypatch, shipped):
    monkeypatch.setattr(export_cli, "load_or_exit", lambda data_dir: shipped)


def test_service_list_names_every_service_and_what_goes_where() -> None:
    result = run("export", "print-shop", "--service", "list")
    assert result.exit_code == 0, result.output
    assert "thegamecrafter: The Game Crafter (PNG, rgb)" in result.output
    assert "drivethrucards: DriveThruCards (PDF, cmyk)" in result.output
    assert "tiles: no stock product (DriveThruCards prints cards only" in result.output


def test_an_unknown_service_is_a_clear_error(tmp_path: Path) -> None:
    result = run("export", "print-shop", "--service", "kinkos", "--out", str(tmp_path))
    assert result.exit_code == 1
    assert (
        "unknown service 'kinkos', expected one of: thegamecrafter, drivethrucards (or 'list')"
        in result.output
    )
    assert not any(tmp_path.iterdir())


def test_cmyk_is_the_services_choice_not_an_option_with_it(tmp_path: Path) -> None:
    result = run("export", "print-shop", "--service", "drivethrucards", "--cmyk")
    assert result.exit_code == 2
    assert "--cmyk does not go with --service" in result.output


def test_help_lists_the_services() -> None:
    result = run("export", "print-shop", "--help")
    assert "--service NAME" in result.output and "thegamecrafter or drivethrucards" in result.output


def test_a_run_says_where_each_component_went_and_checks_every_file(quick, tmp_path: Path) -> None:
    result = run(
        "export", "print-shop", "--service", "drivethrucards", "--product", "aid",
        "--out", str(tmp_path),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "aid: Tarot Cards (2.75 x 4.75 in), re-laid out, art x" in result.output
    assert "[ok] template: every page 76.20 x 127.00 mm" in result.output
    assert "files checked against the templates of DriveThruCards: 1, all match" in result.output
    assert (tmp_path / "en" / "drivethrucards" / "aid-tarot-card.pdf").is_file()
    result = run(
        "export", "print-shop", "--service", "drivethrucards", "--product", "tokens",
        "--out", str(tmp_path),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "tokens: no stock product fits: DriveThruCards prints cards only" in result.output


def test_a_file_off_the_template_fails_the_command(quick, monkeypatch, tmp_path: Path) -> None:
    real = service_check.check_pdf

    def off_by_a_page(path, product, pages, cmyk):
        return real(path, product, pages + 1, cmyk)

    monkeypatch.setattr(service_check, "check_pdf", off_by_a_page)
    result = run(
        "export", "print-shop", "--service", "drivethrucards", "--product", "aid",
        "--out", str(tmp_path),
    )  # fmt: skip
    assert result.exit_code == 1
    assert "[FAIL] pages: 8, 9 expected" in result.output
    assert "1 of 1 files do not match the templates of DriveThruCards" in result.output
