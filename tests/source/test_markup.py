"""Names and labels are plain text: `<` and `>` are refused where they are, and only there."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from conftest import edit, run

from dinokit.source import templates_dir
from dinokit.source.diagnostics import Diagnostics
from dinokit.source.lang import load_languages


def test_every_name_and_label_is_checked_at_its_value(tmp_path: Path) -> None:
    (tmp_path / "xx.yaml").write_text(
        "code: xx\n"
        "name: '<Xx>'\n"
        "script: latin\n"
        "names:\n"
        "  species: {rex: 'T. <rex>'}\n"
        "  eras: {1: 'Trias', 2: 'a > b'}\n"
        "labels:\n"
        '  total: "Total"\n'
        "  web_list_sep: '<br>'\n"
        "  fine: '{name}: 3 × 2 = 6 & more'\n",
        encoding="utf-8",
    )
    diags = Diagnostics()
    (lang,) = load_languages(tmp_path, diags)
    found = [(d.code, d.location.line, d.location.column, d.message) for d in diags]
    where = str(tmp_path / "xx.yaml")
    assert [(c, line, col) for c, line, col, _ in found] == [
        ("E-MARKUP", 2, 7), ("E-MARKUP", 5, 18), ("E-MARKUP", 6, 25), ("E-MARKUP", 9, 17),
    ]  # fmt: skip
    assert found[-1][3] == (
        "language xx: label 'web_list_sep' contains '<' ('<br>'): names and labels are "
        "plain text, without < or >"
    )
    assert "name 'eras.2' contains '>' ('a > b')" in found[2][3]
    assert all(d.location.file == where for d in diags)
    assert lang.labels["web_list_sep"] == "<br>"  # kept: no follow-on 'missing' errors


def test_validate_refuses_it_located_without_a_traceback(data_copy: Path, monkeypatch) -> None:
    monkeypatch.chdir(data_copy.parent)
    edit(data_copy / "lang/fr.yaml", "  total: Total\n", "  total: Total <i>\n")
    result = run("validate", "--data", "data")
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert (
        "data/lang/fr.yaml:64:10: error[E-MARKUP]: language fr: label 'total' contains '<' "
        "('Total <i>'): names and labels are plain text, without < or >"
    ) in result.output


def test_booklet_texts_are_not_names_or_labels(data_copy: Path, tmp_path: Path) -> None:
    """The booklets' texts have a syntax of their own: a '<' there is not refused."""
    templates = tmp_path / "templates"
    shutil.copytree(templates_dir(), templates)
    edit(
        templates / "booklets/paleontologists/en.yaml",
        "Any number of players,",
        "Any number of players (< 100),",
    )
    result = run(
        "validate", "--data", str(data_copy), "--templates", str(templates), "--format", "json"
    )
    assert not [d for d in json.loads(result.output) if d["code"] == "E-MARKUP"]
