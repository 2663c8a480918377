"""The font catalogue (templates/fonts.yaml) and language codes: read from data, each
problem located; a missing font package is named by validate."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import edit

from dinokit.source import TEMPLATES_DIR
from dinokit.source.diagnostics import Diagnostics
from dinokit.source.fontdata import load_catalogue
from dinokit.source.lang import load_languages


def _catalogue(tmp_path: Path, text: str):
    path = tmp_path / "fonts.yaml"
    path.write_text(text, encoding="utf-8")
    diags = Diagnostics()
    return load_catalogue(path, diags), diags


def test_shipped_catalogue_reads_cleanly() -> None:
    diags = Diagnostics()
    cat = load_catalogue(TEMPLATES_DIR / "fonts.yaml", diags)
    assert cat is not None and not list(diags)
    assert {"latin", "hangul", "japanese", "han-simplified"} <= set(cat.scripts)
    assert cat.fonts["ja"].face == "Noto Sans CJK JP" and cat.fonts["sc"].face == "Noto Sans CJK SC"
    assert cat.scripts["hangul"].weights["regular"] == ("ko", "ko-cjk")  # a fallback
    assert cat.scripts["japanese"].weights["display"] == ("ja-bold",)  # display: the bold


def test_unknown_font_of_a_script_is_located(tmp_path: Path) -> None:
    cat, diags = _catalogue(
        tmp_path,
        "fonts:\n"
        "  a:\n    distribution: fontpkg-archivo\n    file: x.ttf\n"
        "    family: A\n    style: Regular\n    ps_name: A-Regular\n"
        "scripts:\n  latin:\n    name: Latin\n    regular: [a]\n    bold: [b]\n",
    )
    [problem] = diags.errors
    assert problem.code == "E-FONT-UNKNOWN" and problem.location.line == 12
    assert "'b'" in problem.message and "fonts: a" in problem.message
    assert cat is not None and "latin" not in cat.scripts


@pytest.mark.parametrize(
    ("line", "code"),
    [
        ("    distribution: 'not a package!'\n", "E-FONT-SPEC"),
        ("    distribution: fontpkg-archivo\n    file: ../../etc/passwd\n", "E-FONT-SPEC"),
        ("    distribution: fontpkg-archivo\n    axes: {weight: 400}\n", "E-FONT-SPEC"),
    ],
)
def test_bad_font_entries(tmp_path: Path, line: str, code: str) -> None:
    rest = "    family: A\n    style: R\n    ps_name: A-R\n"
    if "file:" not in line:
        rest += "    file: a.ttf\n"
    _, diags = _catalogue(tmp_path, f"fonts:\n  a:\n{line}{rest}scripts: {{}}\n")
    assert code in {d.code for d in diags.errors}, [d.format() for d in diags]


def _language_file(folder: Path, code: str, stem: str | None = None) -> None:
    text = (TEMPLATES_DIR.parent / "data/lang/en.yaml").read_text(encoding="utf-8")
    text = text.replace("code: en\n", f"code: {code}\n", 1)
    (folder / f"{stem or code}.yaml").write_text(text, encoding="utf-8")


@pytest.mark.parametrize("code", ["zh-Hans", "pt-BR", "de", "es-419", "ja"])
def test_bcp47_codes_are_valid(tmp_path: Path, code: str) -> None:
    _language_file(tmp_path, code)
    diags = Diagnostics()
    [lang] = load_languages(tmp_path, diags)
    assert lang.code == code and not diags.errors


@pytest.mark.parametrize("code", ["pt_BR", "pt-br", "ZH-hans", "english", "e"])
def test_bad_codes_are_refused_at_their_line(tmp_path: Path, code: str) -> None:
    _language_file(tmp_path, code)
    diags = Diagnostics()
    load_languages(tmp_path, diags)
    [problem] = [d for d in diags.errors if d.code == "E-LANG-CODE"]
    assert problem.location.line == 2 and "BCP 47" in problem.message


@pytest.fixture
def templates_copy(tmp_path: Path, data_copy: Path) -> Path:
    """A copy of templates/, beside a data copy trimmed to English, Italian and Korean
    (validate is quicker with three languages)."""
    target = tmp_path / "templates"
    shutil.copytree(TEMPLATES_DIR, target)
    for path in (data_copy / "lang").glob("*.yaml"):
        if path.stem not in ("en", "it", "ko"):
            path.unlink()
    return target


def test_validate_names_the_package_of_a_missing_font(data_copy: Path, templates_copy: Path):
    from conftest import run

    catalogue = templates_copy / "fonts.yaml"
    edit(
        catalogue,
        "  ja:\n    distribution: manimgx-fonts-cjk",
        "  ja:\n    distribution: fontpkg-notosans-jp",
    )
    edit(data_copy / "lang/ko.yaml", "script: hangul", "script: japanese")
    result = run("validate", "--data", str(data_copy), "--templates", str(templates_copy))
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if "E-FONT-MISSING" in line]
    assert lines and all("lang/ko.yaml:3:" in line for line in lines), result.output
    assert "'fontpkg-notosans-jp' to the dependencies in pyproject.toml" in lines[0]


def test_validate_refuses_a_script_not_in_the_catalogue(data_copy: Path, templates_copy: Path):
    from conftest import run

    edit(data_copy / "lang/it.yaml", "script: latin", "script: klingon")
    result = run("validate", "--data", str(data_copy), "--templates", str(templates_copy))
    assert result.exit_code == 1
    [line] = [line for line in result.output.splitlines() if "E-LANG-SCRIPT" in line]
    assert "lang/it.yaml:3:" in line and "'klingon'" in line and "japanese" in line


def test_validate_checks_the_templates_folder_too(tmp_path: Path) -> None:
    from conftest import run

    result = run("validate", "--templates", str(tmp_path / "none"))
    assert result.exit_code == 1
    assert "E-TEMPLATES-DIR" in result.output and str(tmp_path / "none") in result.output
