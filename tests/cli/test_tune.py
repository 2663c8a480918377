"""dinokit tune: seeded search of species values, the suggested YAML, before and after.

The search and its report are tested on the game's data loaded directly (the
validator's full load costs seconds); the command's own checks of its options run
before any data is read."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import run

from dinokit.games.dinos import GAME
from dinokit.games.dinos.simulate import simulate
from dinokit.games.dinos.tune import Bounds, tune, with_values
from dinokit.products.reports.balance import write_report
from dinokit.products.reports.tuning import tuning_report, yaml_change
from dinokit.source import DEFAULT_DATA_DIR
from dinokit.source.diagnostics import Diagnostics


def test_tune_is_reproducible_and_suggests_a_change(tmp_path: Path) -> None:
    data = GAME.load(DEFAULT_DATA_DIR, Diagnostics())

    def play(trial_data):
        return simulate(trial_data, 10, 2, ["random"], 3)

    targets = {"completion-share": 0.6}
    runs = [tune(data, targets, play, 4, 7, Bounds((5, 25))) for _ in range(2)]
    (before, after), (_, again) = runs
    assert after.values == again.values and after.trials == again.trials
    assert len(after.trials) == 4 and after.miss <= before.miss
    assert all(5 <= v <= 25 for v in after.values.values())
    change = yaml_change(data, after)
    moved = [s for s in after.values if after.values[s] != before.values[s]]
    assert len([line for line in change if line.startswith("+   complete:")]) == len(moved)
    tuned = with_values(data, after.values)
    for sp in tuned.species:  # the tiles print the new complete value
        assert {t.right for t in tuned.tiles if t.species == sp.id} == {sp.complete}

    class Names:
        def term(self, section: str, key: str) -> str:
            return key

    paths = write_report(
        tuning_report(before, after, targets, change, Names(), "test"), {"ok": 1}, tmp_path, "t"
    )
    assert paths[0].read_bytes().startswith(b"%PDF") and json.loads(paths[-1].read_text())


@pytest.mark.parametrize(
    "args, message",
    [
        (["--target", "fun=0.5"], "expected NAME=VALUE"),
        (["--target", "completion-share=2"], "VALUE between 0 and 1"),
        (["--target", "completion-share=0.5", "--complete-bounds", "9:3"], "expected LOW:HIGH"),
    ],
)
def test_bad_targets_and_bounds(tmp_path: Path, args, message: str) -> None:
    result = run("tune", "digging-for-dinos", "--out", str(tmp_path / "o"), *args)
    assert result.exit_code == 2 and message in result.output
    assert not (tmp_path / "o").exists()
