"""The labels the code prints: declared once, required in every language, filled safely."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest
from conftest import run

from dinokit.products.labels import LABELS, OPTIONAL
from dinokit.source.lang import fill, placeholder_problems

PACKAGE = Path(__file__).resolve().parents[2] / "generator"


def _labels_used_in_code() -> set[str]:
    used = set()
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "label"
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                used.add(node.args[0].value)
    return used


def test_every_label_the_code_prints_is_declared() -> None:
    missing = _labels_used_in_code() - set(LABELS) - set(OPTIONAL)
    assert not missing, f"labels printed but not in generator/products/labels.py: {missing}"


def test_fill_substitutes_only_the_values_given() -> None:
    assert fill("{a} and {b}", {"a": 1}) == "1 and {b}"
    assert fill("{0} or {1}", {"0": "x", "1": "y"}) == "x or y"
    assert fill("{x.__class__.__mro__} {", {"x": 1}) == "{x.__class__.__mro__} {"
    assert fill("{{a}}", {"a": 1}) == "{1}"


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("{token} flips", "{token} is not a placeholder it can use (it may use: none)"),
        ("half {", "a lone '{'"),
        ("{0}", "{0} is not a placeholder"),
        ("{end_completed.__class__.__mro__}", "is not a placeholder"),
    ],
)
def test_placeholder_problems_name_the_bad_brace(text: str, problem: str) -> None:
    [found] = placeholder_problems(text, ())
    assert problem in found


def _label_line(path: Path, key: str) -> int:
    return next(
        n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if line.strip().startswith(f"{key}:")
    )  # fmt: skip


def _validate(data: Path) -> list[dict]:
    return json.loads(run("validate", "--data", str(data), "--format", "json").output)


def test_a_label_missing_from_english_itself_is_an_error(data_copy: Path) -> None:
    en = data_copy / "lang" / "en.yaml"
    line = _label_line(en, "aid_flip")
    lines = en.read_text(encoding="utf-8").splitlines(keepends=True)
    en.write_text("".join(lines[: line - 1] + lines[line:]), encoding="utf-8")
    found = _validate(data_copy)
    missing = [d for d in found if d["code"] == "E-LANG-MISSING" and "'aid_flip'" in d["message"]]
    assert [d["file"].split("/")[-1] for d in missing] == ["en.yaml"], found


@pytest.mark.parametrize(
    "bad", ["'{token} flip it'", "'flip it {'", "'{0} flip'", "'{end_completed.__class__.__mro__}'"]
)
def test_bad_braces_in_a_label_are_located(data_copy: Path, bad: str) -> None:
    de = data_copy / "lang" / "de.yaml"
    line = _label_line(de, "aid_flip")
    lines = de.read_text(encoding="utf-8").splitlines(keepends=True)
    lines[line - 1] = lines[line - 1].split(":")[0] + f": {bad}\n"
    de.write_text("".join(lines), encoding="utf-8")
    found = [d for d in _validate(data_copy) if d["code"] == "E-LANG-PLACEHOLDER"]
    assert [(d["file"].split("/")[-1], d["line"]) for d in found] == [("de.yaml", line)], found


def test_one_slip_in_a_file_is_one_error_not_a_cascade(data_copy: Path) -> None:
    species = data_copy / "digging-for-dinos" / "species.yaml"
    text = species.read_text(encoding="utf-8")
    species.write_text(text.replace("    positions:", "  positions:", 1), encoding="utf-8")
    found = _validate(data_copy)
    assert [d["code"] for d in found] == ["W-CHECKS-SKIPPED", "E-YAML-SYNTAX"], found


def test_a_label_too_long_for_its_box_is_caught_by_validate_at_its_line(data_copy: Path) -> None:
    en = data_copy / "lang" / "en.yaml"
    line = _label_line(en, "fossils")
    lines = en.read_text(encoding="utf-8").splitlines(keepends=True)
    lines[line - 1] = "  fossils: " + "Fossil " * 30 + "\n"
    en.write_text("".join(lines), encoding="utf-8")
    found = [d for d in _validate(data_copy) if d["code"] == "E-LAYOUT"]
    assert [(d["file"].split("/")[-1], d["line"]) for d in found] == [("en.yaml", line)], found


def test_a_command_checks_the_layouts_of_what_it_makes(data_copy: Path, tmp_path: Path) -> None:
    """A German pad label too long for its box: `validate` and `build` (the whole kit)
    and the German pads refuse the data at its line; the English pads and the German
    tiles need not lay out the German pad sheet, so they are made (docs/validate.md)."""
    de = data_copy / "lang" / "de.yaml"
    line = _label_line(de, "fossils")
    lines = de.read_text(encoding="utf-8").splitlines(keepends=True)
    lines[line - 1] = "  fossils: " + "Fossil " * 30 + "\n"
    de.write_text("".join(lines), encoding="utf-8")
    data = ["--data", str(data_copy)]
    refused = run("pads", "--count", "1", "--lang", "de", *data, "--out", str(tmp_path / "de"))
    assert refused.exit_code == 1 and f"de.yaml:{line}:" in refused.output, refused.output
    assert "paleontologists" in refused.output and not (tmp_path / "de").exists()
    whole = run("build", "--lang", "en", *data, "--out", str(tmp_path / "b"))
    assert whole.exit_code == 1 and f"de.yaml:{line}:" in whole.output, whole.output
    made = run("pads", "--count", "1", "--lang", "en", *data, "--out", str(tmp_path / "en"))
    assert made.exit_code == 0 and list((tmp_path / "en").rglob("*.pdf")), made.output
    tiles = run("tiles", "--lang", "de", *data, "--out", str(tmp_path / "t"))
    assert tiles.exit_code == 0 and list((tmp_path / "t").rglob("*.pdf")), tiles.output
