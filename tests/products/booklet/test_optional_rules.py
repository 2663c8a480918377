"""The booklet's optional rules: printed only for the setup variants that rules.yaml marks
``booklet: true``, from the variant's data, in the language of the booklet."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.conftest import edit, run

RULES = "digging-for-dinos/rules.yaml"


def _points(data: Path, text: str) -> None:
    """Give the compensation variant these points (``"2: [..]\\n3: ..."``)."""
    path = data / RULES
    rules = path.read_text(encoding="utf-8")
    block = re.search(r"(    points:\n)((?:      \d: \[[\d, ]+\]\n)+)", rules)
    assert block, rules
    lines = "".join(f"      {line}\n" for line in text.splitlines())
    path.write_text(rules[: block.start(2)] + lines + rules[block.end(2) :], encoding="utf-8")


def _text(pdf: Path) -> str:
    done = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True,
                          check=True)  # fmt: skip
    return " ".join(done.stdout.split())


def _booklet(data: Path, lang: str, out: Path) -> Path:
    result = run("rules", "--game", "digging-for-dinos", "--lang", lang, "--data", str(data),
                 "--out", str(out))  # fmt: skip
    assert result.exit_code == 0, result.output
    return out / "digging-for-dinos" / lang / "rules-a5.pdf"


def test_a_variant_turned_on_is_printed_as_an_optional_rule(
    data_copy: Path, tmp_path: Path
) -> None:
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext is missing (make test installs poppler-utils)")
    edit(data_copy / RULES, "    passes: [forward, reverse]\n",
         "    passes: [forward, reverse]\n    booklet: true\n")  # fmt: skip
    edit(
        data_copy / RULES, "    kind: compensation\n", "    kind: compensation\n    booklet: true\n"
    )
    _points(data_copy, "2: [1, 0]\n3: [5, 1, 0]\n4: [3, 2, 1, 0]")
    en = _text(_booklet(data_copy, "en", tmp_path / "on"))
    assert "Optional rules" in en
    assert "1. First pass, in turn order: the first player begins and you continue clockwise." in en
    assert "2. Second pass, in reverse order: the last player begins" in en
    assert (
        "Three players: the first player gets 5 points, the second 1 point, the third nothing."
        in en
    )
    assert re.search(r"Optional rules \.* ?\d+", en)  # in the contents too
    pl = _text(_booklet(data_copy, "pl", tmp_path / "on"))
    assert "Zasady opcjonalne" in pl
    # Polish plurals: 5 punktów, 1 punkt, 2 punkty
    assert (
        "Przy trzech graczach: pierwszy gracz dostaje 5 punktów, drugi 1 punkt, a trzeci nic." in pl
    )
    assert "Przy czterech graczach: pierwszy gracz dostaje 3 punkty" in pl


def test_only_the_variants_turned_on_are_printed(data_copy: Path, tmp_path: Path) -> None:
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext is missing (make test installs poppler-utils)")
    edit(
        data_copy / RULES, "    kind: compensation\n", "    kind: compensation\n    booklet: true\n"
    )
    _points(data_copy, "2: [1, 0]\n3: [2, 1, 0]\n4: [3, 2, 1, 0]")
    text = _text(_booklet(data_copy, "de", tmp_path))
    assert "Optionale Regeln" in text and "Punkte für den Sitzplatz" in text
    assert "Eine andere Reihenfolge beim Einsetzen" not in text
    assert (
        "Zu dritt: Der Startspieler bekommt 2 Punkte, die zweite Person 1 Punkt, die dritte nichts."
        in text
    )


def test_two_printed_variants_of_one_kind_are_refused(data_copy: Path) -> None:
    edit(data_copy / RULES, "    passes: [forward, reverse]\n",
         "    passes: [forward, reverse]\n    booklet: true\n")  # fmt: skip
    edit(data_copy / RULES, "    passes: [forward, forward]\n",
         "    passes: [forward, forward]\n    booklet: yes please\n")  # fmt: skip
    result = run("validate", "--data", str(data_copy))
    assert result.exit_code == 1
    assert "booklet: got 'yes please', expected true or false" in result.output
    edit(data_copy / RULES, "booklet: yes please", "booklet: true")
    result = run("validate", "--data", str(data_copy))
    assert (
        "E-VARIANT-BOOKLET" in result.output
        and "prints one placement-order variant" in result.output
    )
