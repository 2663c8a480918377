"""Optional weight stays optional: without optuna or Dask, dinokit runs, and the two
commands that need them exit 2 with the exact pip line to run."""

from __future__ import annotations

import importlib.util
import subprocess
import sys

import pytest
from click.testing import CliRunner

from dinokit.cli import main

#: Python with optuna, dask and distributed made unimportable, then dinokit's main.
_WITHOUT = (
    "import sys; sys.modules.update(optuna=None, dask=None, distributed=None);"
    "from dinokit.cli import main; main()"
)


def _without(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", _WITHOUT, *args], capture_output=True, text=True, timeout=120
    )


@pytest.fixture
def missing(monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.util.find_spec
    gone = {"optuna", "distributed"}
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name in gone else real(name, *a)
    )


def test_tune_without_optuna_names_the_extra(missing) -> None:
    result = CliRunner().invoke(
        main, ["tune", "digging-for-dinos", "--target", "completion-share=0.45", "--trials", "1"]
    )
    assert result.exit_code == 2
    assert f"{sys.executable} -m pip install 'dinokit[tune]'" in result.output
    assert "optuna" in result.output


def test_scheduler_without_dask_names_the_extra(missing) -> None:
    result = CliRunner().invoke(
        main, ["simulate", "digging-for-dinos", "--games", "2", "--scheduler", "tcp://h:1"]
    )
    assert result.exit_code == 2
    assert f"{sys.executable} -m pip install 'dinokit[dask]'" in result.output


def test_everything_else_runs_without_the_extras(tmp_path) -> None:
    assert _without("--help").returncode == 0
    games = _without("simulate", "digging-for-dinos", "--games", "4", "--jobs", "1",
                     "--out", str(tmp_path))  # fmt: skip
    assert games.returncode == 0, games.stderr
    tune = _without("tune", "digging-for-dinos", "--target", "completion-share=0.45")
    assert tune.returncode == 2 and "'dinokit[tune]'" in tune.stderr, tune.stderr
    assert "Traceback" not in tune.stderr
