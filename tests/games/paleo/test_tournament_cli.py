"""dinokit pads --tournament through the CLI: the JSON's measures, the same bytes
whatever --jobs is (the library path of both kinds of tournament is the same
``run_jobs`` call), and bad input refused cleanly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from shipped_data import shipped

from dinokit.cli import main


@pytest.fixture(autouse=True)
def quick_data(monkeypatch):
    """The shipped data without the whole validation at every call (tested elsewhere)."""
    monkeypatch.setattr("dinokit.cli.pads.load_or_exit", lambda *_: shipped())


def run(*args: str):
    return CliRunner().invoke(main, ["pads", *args], catch_exceptions=False)


def test_the_json_is_the_same_whatever_the_jobs(tmp_path: Path):
    files = []
    for jobs in ("1", "2"):
        out = tmp_path / jobs
        result = run("--tournament", "2", "--seed", "3", "--rolls", "printed", "--format",
                     "json", "--out", str(out), "--jobs", jobs)  # fmt: skip
        assert result.exit_code == 0, result.output
        files.append(next(out.rglob("*.json")).read_bytes())
    assert files[0] == files[1]
    body = json.loads(files[0])
    assert body["tournament"]["sheets"] == 2 and body["tournament"]["rolls"] == "printed"
    measured = body["sheets"][0]["tournament"]
    assert measured["common_rolls"]["games"] == 800
    assert len(measured["common_rolls"]["greedy_mean"]["ci95"]) == 2
    assert set(measured["printed_rolls"]) == {"greedy", "par", "strong"}
    assert body["sheets"][0]["rolls"] == body["sheets"][1]["rolls"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--tournament", "500", "--rolls", "printed"], "500 is not in the range 1<=x<=100"),
        (["--tournament", "101"], "101 is not in the range 1<=x<=100"),
        (["--tournament", "2", "--solo"], "cannot be used together"),
    ],
)
def test_bad_tournaments_are_refused_before_any_file(args, message, tmp_path: Path):
    result = run(*args, "--out", str(tmp_path), "--format", "json")
    assert result.exit_code == 2 and message in result.output, result.output
    assert "Traceback" not in result.output and not list(tmp_path.rglob("*"))


def test_no_window_is_a_clean_error_without_files(tmp_path: Path, monkeypatch):
    monkeypatch.setattr("dinokit.games.paleo.tournament.MEAN_WINDOW", 0.0)
    monkeypatch.setattr("dinokit.games.paleo.tournament.MIN_CANDIDATES", 20)
    monkeypatch.setattr("dinokit.games.paleo.tournament.PATIENCE", 4)
    result = run("--tournament", "5", "--out", str(tmp_path), "--format", "json", "--jobs", "1")
    assert result.exit_code == 1, result.output
    assert "Error: no 5 medium sheets with the same fossil points, greedy means within 0" in (
        result.output
    )
    assert "ask for fewer sheets" in result.output and not list(tmp_path.rglob("*"))
