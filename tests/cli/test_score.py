"""dinokit score and the shared-play options of dinokit pads, through the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from shipped_data import shipped

from dinokit.cli import main

DAILY = "PAL-5PBR-YZ4V-M09K71"  # the day's sheet of 2026-12-01, medium


@pytest.fixture(autouse=True)
def quick_data(monkeypatch):
    """The shipped data without the whole validation at every call (tested elsewhere)."""
    monkeypatch.setattr("dinokit.cli.score.load_or_exit", lambda _: shipped())
    monkeypatch.setattr("dinokit.cli.pads.load_or_exit", lambda *_: shipped())


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


@pytest.fixture(scope="module")
def daily_json(tmp_path_factory) -> dict:
    out = tmp_path_factory.mktemp("daily")
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr("dinokit.cli.pads.load_or_exit", lambda *_: shipped())
        result = run("pads", "--daily", "2026-12-01", "--format", "json", "--out", str(out))
    assert result.exit_code == 0, result.output
    path = out / "paleontologists/en/pad-daily-2026-12-01-medium.json"
    return json.loads(path.read_text())["sheets"][0]


def test_par_moves_score_the_par(daily_json, tmp_path: Path):
    assert daily_json["code"] == DAILY
    moves = tmp_path / "par.json"
    moves.write_text(json.dumps(daily_json["par_moves"], indent=2))
    result = run("score", "--code", DAILY, "--moves", str(moves), "--format", "json")
    assert result.exit_code == 0, result.output
    body = json.loads(result.output)
    assert body["legal"] and body["total"] == daily_json["par"]
    text = run("score", "--code", DAILY.lower(), "--moves", str(moves))
    assert f"{DAILY}: {daily_json['par']} points" in text.output
    assert f"total              {daily_json['par']:3d}" in text.output


def test_illegal_and_malformed_moves(daily_json, tmp_path: Path):
    moves = daily_json["par_moves"]
    bad = [dict(m) for m in moves]
    placed = [i for i, m in enumerate(bad) if "shape" in m]
    bad[placed[1]]["cells"] = bad[placed[0]]["cells"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad, indent=2))
    result = run("score", "--code", DAILY, "--moves", str(path))
    assert result.exit_code == 1
    assert f"round {placed[1] + 1}, shape: illegal:" in result.output
    assert f"{path.name}:" in result.output and "Traceback" not in result.output
    path.write_text("[{]")
    result = run("score", "--code", DAILY, "--moves", str(path))
    assert result.exit_code == 1 and ":1:3: not JSON" in result.output
    result = run("score", "--code", "PAL-5PBR-YZ4V-M09K7Z", "--moves", str(path))
    assert result.exit_code == 2 and "not a valid code" in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--daily", "2026-02-30"], "'2026-02-30' is not a date, expected YYYY-MM-DD"),
        (["--tournament", "0"], "0 is not in the range"),
        (["--daily", "2026-12-01", "--code", DAILY], "cannot be used together"),
        (["--code", DAILY, "--solo"], "already carries its rolls"),
    ],
)
def test_bad_pads_options(args, message, tmp_path: Path):
    result = run("pads", *args, "--out", str(tmp_path), "--format", "json")
    assert result.exit_code != 0 and message in result.output
    assert not list(tmp_path.rglob("*.json"))


def test_the_printed_code_rebuilds_the_days_sheet(daily_json, tmp_path: Path):
    result = run("pads", "--code", DAILY, "--format", "json", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    again = json.loads(next(tmp_path.rglob("*.json")).read_text())["sheets"][0]
    assert again == daily_json


FORGED = "PAL-5AQ2-VVX8-G09KHV"  # the sheet of 2026-12-10 with the rolls of 2026-12-11


def test_a_days_code_of_another_sheet_is_refused(daily_json, tmp_path: Path):
    moves = tmp_path / "par.json"
    moves.write_text(json.dumps(daily_json["par_moves"]))
    why = "says it is the day's dig of 2026-12-11, but its sheet is not that day's"
    for args in (
        ["pads", "--code", FORGED, "--format", "json", "--out", str(tmp_path)],
        ["score", "--code", FORGED, "--moves", str(moves)],
        ["score", "--code", FORGED, "--moves", str(moves), "--format", "json"],
    ):
        result = run(*args)
        assert result.exit_code == 2, result.output
        assert why in result.output and "PAL-5QBP-YKDZ-M09KHD" in result.output
        assert "Traceback" not in result.output
    assert not list(tmp_path.rglob("pad-*.json"))
    # the real day's dig of both days still prints, and its code reads back
    for day in ("2026-12-10", "2026-12-11"):
        result = run("pads", "--daily", day, "--format", "json", "--out", str(tmp_path))
        assert result.exit_code == 0, result.output
        path = next(tmp_path.rglob(f"pad-daily-{day}-medium.json"))
        code = json.loads(path.read_text())["sheets"][0]["code"]
        again = run("pads", "--code", code, "--format", "json", "--out", str(tmp_path / day))
        assert again.exit_code == 0, again.output


def test_a_game_in_progress_is_named_so(daily_json, tmp_path: Path):
    moves = tmp_path / "moves.json"
    moves.write_text(json.dumps(daily_json["par_moves"][:5], indent=2))
    said = "moves.json:1:1: a game in progress: 5 of 20 rounds played; a finished game has 20"
    result = run("score", "--code", DAILY, "--moves", str(moves))
    assert result.exit_code == 1 and said in result.output, result.output
    assert "Traceback" not in result.output
    result = run("score", "--code", DAILY, "--moves", str(moves), "--format", "json")
    assert result.exit_code == 1, result.output
    body = json.loads(result.output)
    assert list(body) == ["error"] and said in body["error"]
