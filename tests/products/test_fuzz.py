"""Mutated copies of the real data: validate never crashes, and what it accepts builds.

A seeded mutator changes one value of one data file (a number to an extreme, a text
to something long or strange, a list emptied, a key dropped, a type swapped). For
every mutant ``dinokit validate`` must answer without a traceback; when it accepts
the data, cheap runs of the commands must succeed too. ``make test`` runs a few
cases; ``make fuzz`` (FUZZ_CASES=400) many more, with a count of what happened.
"""

from __future__ import annotations

import os
import random
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from dinokit.cli import main
from dinokit.source import DEFAULT_DATA_DIR

CASES = int(os.environ.get("FUZZ_CASES", "6"))
STRANGE = [
    0, -1, 1, 10**9, 2**63, 0.5, -0.0, 1e308, float("inf"), float("nan"), True, None, "",
    "x" * 300, "{", "}", "{0}", "{token}", "{x.__class__}", "é" * 50, "🦕", [], {}, [1], {"a": 1},
]  # fmt: skip
COMMANDS = [
    ["pads", "--count", "2", "--format", "json"],
    ["pads", "--count", "1", "--format", "svg"],
    ["tiles", "--lang", "en", "--format", "svg"],
    ["aid", "--lang", "de", "--format", "svg"],
    ["rules", "--game", "paleontologists", "--lang", "en", "--format", "svg"],
    ["simulate", "paleontologists", "--games", "4", "--sheets", "1", "--jobs", "1"],
    ["simulate", "digging-for-dinos", "--games", "3", "--jobs", "1", "--bots", "random"],
]


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a document: the path of keys and indexes to it."""
    found = [prefix] if prefix else []
    if isinstance(node, dict):
        for key, value in node.items():
            found += _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += _paths(value, (*prefix, index))
    return found


def mutate(data_dir: Path, rng: random.Random) -> str:
    """Change one thing in one file of ``data_dir``; say what."""
    files = sorted(p for p in data_dir.rglob("*.yaml"))
    path = rng.choice(files)
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    place = rng.choice(_paths(doc))
    parent = doc
    for step in place[:-1]:
        parent = parent[step]
    last = place[-1]
    how = rng.choice(["value", "value", "value", "drop", "duplicate"])
    if how == "drop":
        del parent[last]
    elif how == "duplicate" and isinstance(parent, list):
        parent.insert(last, parent[last])
    else:
        parent[last] = rng.choice(STRANGE)
    path.write_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return f"{path.relative_to(data_dir)}: {how} at {'/'.join(map(str, place))}"


def _invoke(*args: str) -> Any:
    return CliRunner().invoke(main, list(args), catch_exceptions=True)


@pytest.mark.parametrize("case", range(CASES))
def test_mutated_data_never_crashes(case: int, tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(DEFAULT_DATA_DIR, data)
    what = mutate(data, random.Random(f"fuzz/{case}"))
    checked = _invoke("validate", "--data", str(data))
    assert checked.exception is None or isinstance(checked.exception, SystemExit), (
        f"{what}: validate raised {checked.exception!r}"
    )
    assert "Traceback" not in checked.output, what
    if checked.exit_code != 0:
        return
    for command in COMMANDS:
        result = _invoke(*command, "--data", str(data), "--out", str(tmp_path / "out"))
        assert result.exception is None or isinstance(result.exception, SystemExit), (
            f"{what}: validate accepted it, but {' '.join(command)} raised {result.exception!r}"
        )
        assert result.exit_code == 0, f"{what}: {' '.join(command)}: {result.output[-500:]}"
