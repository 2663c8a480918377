"""dinokit simulate digging-for-dinos --variant / --seat-curve, tune --seats."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import run

SIM = ("simulate", "digging-for-dinos", "--jobs", "1", "--bots", "greedy")


def test_variants_side_by_side_on_the_terminal_and_in_the_json(tmp_path: Path) -> None:
    out = tmp_path / "out"
    args = (*SIM, "--games", "8", "--players", "3", "--seed", "4", "--out", str(out))
    result = run(*args, "--variant", "first-player-places-first",
                 "--variant", "points-for-early-seats")  # fmt: skip
    assert result.exit_code == 0, result.output
    verdict = next(line for line in result.output.splitlines() if "   verdict: " in line)
    assert "seat effect" in verdict and "within 5 points of the fair share" in verdict
    assert "first-player-places-first:" in result.output
    assert "none of the variants played" in result.output
    numbers = json.loads((out / "digging-for-dinos-balance.json").read_text())
    table = numbers["variants"]
    assert [r["variant"] for r in table["rows"]] == [
        None, "first-player-places-first", "points-for-early-seats",
    ]  # fmt: skip
    assert table["fair_variant"] is None
    assert numbers["seats"]["verdict"]["fair"] is False
    # the seed rules' row is the plain run's seats: the same games
    plain = run(*args[:-1], str(tmp_path / "plain"))
    assert plain.exit_code == 0
    alone = json.loads((tmp_path / "plain" / "digging-for-dinos-balance.json").read_text())
    assert table["rows"][0]["win_rate"] == alone["seats"]["win_rate"]
    assert "variants" not in alone
    # the report names the variants too
    assert (out / "digging-for-dinos-balance.pdf").stat().st_size > 0


def test_variants_give_the_same_json_whatever_the_workers(tmp_path: Path) -> None:
    outputs = []
    for jobs in ("1", "2"):
        out = tmp_path / jobs
        result = run("simulate", "digging-for-dinos", "--bots", "greedy", "--games", "6",
                     "--variant", "first-player-places-first", "--jobs", jobs, "--out",
                     str(out))  # fmt: skip
        assert result.exit_code == 0, result.output
        outputs.append((out / "digging-for-dinos-balance.json").read_bytes())
    assert outputs[0] == outputs[1]


def test_an_unknown_variant_is_a_usage_error_naming_the_known_ones(tmp_path: Path) -> None:
    result = run(*SIM, "--games", "2", "--variant", "nope", "--out", str(tmp_path))
    assert result.exit_code == 2
    assert "--variant" in result.output and "'nope' is not a variant" in result.output
    assert "first-player-places-first" in result.output
    assert "Traceback" not in result.output


def test_seat_curve(tmp_path: Path) -> None:
    result = run("simulate", "digging-for-dinos", "--seat-curve", "1,2", "--games", "4",
                 "--players", "2", "--jobs", "1", "--out", str(tmp_path))  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "budget     1:" in result.output and "budget     2:" in result.output
    numbers = json.loads((tmp_path / "digging-for-dinos-seats.json").read_text())
    assert [s["budget"] for s in numbers["steps"]] == [1, 2]
    bad = run("simulate", "digging-for-dinos", "--seat-curve", "1,2", "--bots", "greedy")
    assert bad.exit_code == 2 and "--bots does not go with --seat-curve" in bad.output
    falling = run("simulate", "digging-for-dinos", "--seat-curve", "5,2")
    assert falling.exit_code == 2 and "must rise" in falling.output


def test_tune_seats(tmp_path: Path) -> None:
    result = run("tune", "digging-for-dinos", "--seats", "--games", "10", "--players", "2",
                 "--jobs", "1", "--out", str(tmp_path))  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "seed rules: seats as played" in result.output
    numbers = json.loads((tmp_path / "digging-for-dinos-seat-tuning.json").read_text())
    (found,) = numbers["found"]
    assert len(found["points"]) == 2 and min(found["points"]) == 0
    assert f"2: [{', '.join(map(str, found['points']))}]" in result.output
    bad = run("tune", "digging-for-dinos", "--seats", "--variant", "points-for-early-seats")
    assert bad.exit_code == 2 and "is a compensation variant" in bad.output
    both = run("tune", "digging-for-dinos", "--seats", "--target", "completion-share=0.4")
    assert both.exit_code == 2 and "--target does not go with --seats" in both.output
    none = run("tune", "digging-for-dinos")
    assert none.exit_code == 2 and "give at least one target" in none.output
