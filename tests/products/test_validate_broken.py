"""Every check of `dinokit validate` catches a broken copy of the data at the right place."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from conftest import TESTS, edit, run

CASES = [
    case
    for path in sorted((TESTS / "broken").glob("*.yaml"))
    for case in yaml.safe_load(path.read_text(encoding="utf-8"))
]


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_broken_copy_is_caught_at_its_location(case, data_copy: Path, monkeypatch) -> None:
    monkeypatch.chdir(data_copy.parent)  # paths are then shown as data/...
    old, new = case["replace"]
    edit(data_copy / case["file"], old, new, first=case.get("first", False))

    result = run("validate", "--data", "data", "--format", "json")
    found = json.loads(result.output)

    expect = case["expect"]
    file = "data/" + expect.get("file", case["file"])
    matches = [
        d
        for d in found
        if d["code"] == expect["code"] and d["file"] == file and d["line"] == expect["line"]
    ]
    assert matches, f"no {expect['code']} at {file}:{expect['line']}; got:\n" + "\n".join(
        f"{d['file']}:{d['line']}:{d['column']} {d['code']} {d['message']}" for d in found
    )
    d = matches[0]
    assert d["severity"] == expect.get("severity", "error")
    if "column" in expect:
        assert d["column"] == expect["column"]
    if "message" in expect:
        assert expect["message"] in d["message"]
    has_errors = any(x["severity"] == "error" for x in found)
    assert result.exit_code == (1 if has_errors else 0)


def test_warning_fails_only_with_strict(data_copy: Path) -> None:
    edit(
        data_copy / "digging-for-dinos/species.yaml",
        "    body: theropod\n",
        "    body: theropod\n    size: huge\n",
    )
    assert run("validate", "--data", str(data_copy)).exit_code == 0
    strict = run("validate", "--data", str(data_copy), "--strict")
    assert strict.exit_code == 1
    assert "W-UNKNOWN-KEY" in strict.output


def test_all_problems_are_reported_in_one_run(data_copy: Path) -> None:
    edit(data_copy / "digging-for-dinos/species.yaml", "complete: 16", "complete: lots")
    edit(data_copy / "paleontologists/dice.yaml", "[I, X]", "[I, X, F]")
    edit(data_copy / "lang/de.yaml", "  total: Summe\n", "")
    codes = {
        d["code"]
        for d in json.loads(run("validate", "--data", str(data_copy), "--format", "json").output)
    }
    assert {"E-TYPE", "E-DICE-SHAPES", "E-LANG-MISSING"} <= codes
