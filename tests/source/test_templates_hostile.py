"""`validate --templates` holds the templates to the data's standard (issue 27): each
broken copy below was a traceback in validate (OverflowError, KeyError, TTLibError,
TypeError) or passed validate and then crashed a command. Now each is one located
error, and validate's exit code is 1."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from conftest import run

from dinokit.source import TEMPLATES_DIR


def _sub(path: str, old: str, new: str):
    def change(root: Path) -> None:
        file = root / path
        text = file.read_text(encoding="utf-8")
        assert old in text, (path, old)
        file.write_text(text.replace(old, new, 1), encoding="utf-8")

    return change


def _goal(root: Path) -> None:
    file = root / "booklets" / "digging-for-dinos" / "en.yaml"
    text = file.read_text(encoding="utf-8")
    file.write_text(re.sub(r"(?m)^(  goal: ).*$", r'\1"Goal {"', text, count=1), encoding="utf-8")


ARCHIVO = 'file: "files/Archivo[wdth,wght].ttf"'
JA_FACE = "face: Noto Sans CJK JP       # Japanese glyph forms"
LATIN = (
    "  latin:\n    name: Latin\n    regular: [sans]\n    bold: [sans-bold]\n"
    "    display: [display]\n"
)
CASES = {
    "a4-width-10^400": (_sub("sheets.yaml", "a4: {width: 210,", "a4: {width: 1" + "0" * 400 + ","),
                        "sheets.yaml:6:15: error[E-RANGE]", "a 401-digit number is out of range"),
    "a4-width-0": (_sub("sheets.yaml", "a4: {width: 210,", "a4: {width: 0,"),
                   "sheets.yaml:6:15: error[E-RANGE]", "expected a number from 100 to 1000"),
    "no-letter": (_sub("sheets.yaml", "  letter: {width: 215.9, height: 279.4}\n", ""),
                  "sheets.yaml:6:3: error[E-REQUIRED]", "papers: no 'letter'"),
    "no-token": (_sub("sheets.yaml", "  token: {width: 25, height: 25, gap: 6, bleed: 3}\n", ""),
                 "sheets.yaml:26:3: error[E-REQUIRED]", "components: no 'token'"),
    "tile-too-big": (_sub("sheets.yaml", "tile: {width: 40,", "tile: {width: 290,"),
                     "sheets.yaml:26:3: error[E-RANGE]", "does not fit inside the printable area"),
    "distribution-pip": (_sub("fonts.yaml", "distribution: fontpkg-archivo", "distribution: pip"),
                         "fonts.yaml:18:5: error[E-FONT-FILE]", "'pip' is not a dependency"),
    "package-os": (_sub("fonts.yaml", "    distribution: fontpkg-archivo\n",
                        "    distribution: fontpkg-archivo\n    package: os\n"),
                   "fonts.yaml:18:5: error[E-FONT-FILE]", "package 'os' is not a package of"),
    "file-not-a-font": (_sub("fonts.yaml", ARCHIVO, 'file: "__init__.py"'),
                        "error[E-FONT-FILE]", "is not a font fontTools can read"),
    "no-latin": (_sub("fonts.yaml", LATIN, ""), "error[E-REQUIRED]", "scripts: no 'latin'"),
    "axis-zzzz": (_sub("fonts.yaml", "axes: {wght: 400, wdth: 100}", "axes: {zzzz: 1}"),
                  "error[E-FONT-FILE]", "'zzzz' is not an axis of the font (axes: wght, wdth)"),
    "ps-name-slash": (_sub("fonts.yaml", "ps_name: Archivo-Regular", "ps_name: Archivo/Regular"),
                      "fonts.yaml:23:14: error[E-FONT-SPEC]", "is not a PostScript name"),
    "face-unknown": (_sub("fonts.yaml", JA_FACE, "face: Noto Sans CJK XX"),
                     "error[E-FONT-FILE]", "face 'Noto Sans CJK XX' is not in"),
    "face-99": (_sub("fonts.yaml", JA_FACE, "face: 99"),
                "error[E-FONT-FILE]", "face 99: the file has 5 face(s)"),
    "services-empty": (lambda root: (root / "print-services.yaml").write_text(""),
                       "print-services.yaml:1:1: error[E-YAML-EMPTY]", "file is empty"),
    "goal-brace": (_goal, "en.yaml:", "a lone '{'"),
    "unknown-table": (_sub("booklets/digging-for-dinos.yaml", "  - table: species",
                           "  - table: speciez"),
                      "digging-for-dinos.yaml:27:5: error[E-CHOICE]", "unknown table 'speciez'"),
    "unknown-diagram": (_sub("booklets/digging-for-dinos.yaml", "  - diagram: scoring",
                             "  - diagram: scorin"),
                        "error[E-CHOICE]", "unknown diagram 'scorin', expected one of"),
}  # fmt: skip


@pytest.mark.parametrize("case", sorted(CASES))
def test_validate_locates_every_broken_template(case: str, tmp_path: Path) -> None:
    change, where, what = CASES[case]
    root = tmp_path / "templates"
    shutil.copytree(TEMPLATES_DIR, root)
    change(root)
    result = run("validate", "--templates", str(root))
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    assert where in result.output and what in result.output, result.output
