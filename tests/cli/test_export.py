"""dinokit export and dinokit guide on the command line: options, messages, exit codes.

The data is loaded once without the validator (its checks have their own tests), so
these stay quick; what the files hold is tested in tests/products/export/.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import run

from dinokit.cli import export as export_cli
from dinokit.cli import guide as guide_cli
from dinokit.games.data import load_games
from dinokit.source import DEFAULT_DATA_DIR
from dinokit.source.diagnostics import Diagnostics


@pytest.fixture(scope="module")
def shipped():
    return load_games(DEFAULT_DATA_DIR, Diagnostics())


@pytest.fixture
def quick(monkeypatch, shipped):
    for module in (export_cli, guide_cli):
        monkeypatch.setattr(module, "load_or_exit", lambda data_dir: shipped)


def test_print_shop_writes_cmyk_and_prints_its_preflight(quick, tmp_path: Path) -> None:
    result = run("export", "print-shop", "--product", "tokens", "--cmyk", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert (tmp_path / "en" / "tokens-shop-cmyk.pdf").is_file()
    assert "[ok] boxes" in result.output and "[ok] ink: CMYK" in result.output
    assert "FAIL" not in result.output


def test_png_writes_faces_and_the_components_list(quick, tmp_path: Path) -> None:
    result = run("export", "png", "--dpi", "40", "--product", "aid", "--lang", "de",
                 "--out", str(tmp_path))  # fmt: skip
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (tmp_path / "de" / "aid").iterdir()) == [
        "aid-back.png", "aid-front.png",
    ]  # fmt: skip
    assert (tmp_path / "de" / "components.csv").is_file()


@pytest.mark.parametrize(
    "args, words",
    [
        (["export", "png", "--product", "meeples"], "'meeples' is not one of"),
        (["export", "png", "--dpi", "5000"], "5000 is not in the range"),
        (["export", "png", "--bleed", "nan"], "'nan' is not a number from 0 to 6"),
        (["export", "tts", "--lang", "xx"], "no language 'xx'"),
    ],
)
def test_bad_options_are_usage_errors(quick, tmp_path: Path, args, words: str) -> None:
    result = run(*args, "--out", str(tmp_path))
    assert result.exit_code == 2 and words in result.output, result.output
    assert not any(tmp_path.iterdir())  # nothing written


def test_guide_without_a_built_kit_says_what_to_do(tmp_path: Path) -> None:
    result = run("guide", "--out", str(tmp_path))
    assert result.exit_code == 1
    assert "manifest.json: no such file; build the kit first" in result.output
    (tmp_path / "manifest.json").write_text('{"files": [{"file": 3}]}', encoding="utf-8")
    result = run("guide", "--out", str(tmp_path))
    assert result.exit_code == 1 and "not a dinokit manifest" in result.output
    assert "Traceback" not in result.output
