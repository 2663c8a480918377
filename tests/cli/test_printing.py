"""dinokit calibrate and dinokit printer (issues 12 and 24): the calibration sheet's rulers
are 100 mm, and a sheet made with a saved printer (calibrate --printer, build --printer)
reads 0 on that printer (the sheet's reading itself: tests/products/
test_calibration_sheet.py); printer profiles are saved in $XDG_CONFIG_HOME, listed,
applied by --printer; an unknown key is a located warning, a broken profile file a
located message, never a traceback."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pdfplumber
import pytest
from calibration_reading import read, read_sheet
from conftest import run
from pdfmeasure import PT

from dinokit.games.data import load_games
from dinokit.products.calibrate import calibration_pages
from dinokit.render.pdf import render_pdf
from dinokit.source import DEFAULT_DATA_DIR
from dinokit.source.diagnostics import Diagnostics
from dinokit.source.printers import config_path, load_printers

TOL = 0.05


@pytest.fixture(scope="module")
def english():
    diags = Diagnostics()
    data = load_games(DEFAULT_DATA_DIR, diags)
    assert data is not None
    return data.language("en")


@pytest.fixture(scope="module")
def english_data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The shipped data with English alone: commands validate it quickly."""
    target = tmp_path_factory.mktemp("data") / "data"
    shutil.copytree(DEFAULT_DATA_DIR, target)
    for other in (target / "lang").glob("*.y*ml"):
        if other.name != "en.yaml":
            other.unlink()
    return target


@pytest.fixture
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private config folder: the profile file is <it>/dinokit/printers.yaml."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    return tmp_path / "xdg" / "dinokit" / "printers.yaml"


def reads(pdf: bytes, drift: tuple[float, float] = (0.0, 0.0)) -> tuple[float, float]:
    """What the sheet reads (X, Y) on a printer that moves the back by ``drift``."""
    scales = read_sheet(pdf)
    (x,), (y,) = (read(scales[axis], drift).values for axis in "XY")
    return x, y


def test_the_rulers_are_100_mm_across_and_down(english) -> None:
    pdf = render_pdf(calibration_pages(english, "letter"))
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        bars = [(r["width"] * PT, r["height"] * PT) for r in doc.pages[0].rects]
    assert any(abs(w - 100) < TOL and h < 2 for w, h in bars)
    assert any(abs(h - 100) < TOL and w < 2 for w, h in bars)


def test_the_profile_file_lives_in_the_xdg_config_folder(tmp_path: Path) -> None:
    xdg = {"XDG_CONFIG_HOME": str(tmp_path), "HOME": "/home/u"}
    assert config_path(xdg) == tmp_path / "dinokit" / "printers.yaml"
    home = Path("/home/u/.config/dinokit/printers.yaml")
    assert config_path({"HOME": "/home/u"}) == home
    assert config_path({"XDG_CONFIG_HOME": "", "HOME": "/home/u"}) == home


def test_printers_are_saved_listed_and_replaced(config: Path) -> None:
    assert "no saved printers" in run("printer", "list").output
    first = run("printer", "set", "office", "--duplex-offset", "0.5,-1", "--paper", "letter")
    assert first.exit_code == 0, first.output
    run("printer", "set", "attic", "--duplex-offset", "-2,0")
    run("printer", "set", "office", "--duplex-offset", "1,1.5", "--paper", "letter")
    listed = run("printer", "list").output.splitlines()
    assert listed == [
        "attic\tduplex offset -2,0 mm\tpaper -",
        "office\tduplex offset 1,1.5 mm\tpaper letter",
    ]
    diags = Diagnostics()
    printers = load_printers(config, diags)
    assert not list(diags) and printers["office"].duplex_offset == (1.0, 1.5)
    for bad, message in (
        (["Office", "--duplex-offset", "0,0"], "not a printer name"),
        (["x", "--duplex-offset", "6,0"], "out of range"),
        (["x", "--duplex-offset", "nan,0"], "out of range"),
    ):
        result = run("printer", "set", *bad)
        assert result.exit_code == 2 and message in result.output, result.output


@pytest.mark.parametrize(
    "text, where, expected",
    [
        ("printers:\n  office:\n    duplex_offset: [0.5, x]\n", ":3:26:", "expected a number"),
        ("printers:\n  office: {duplex_offset: [1]}\n", ":2:27:", "a list of 1, expected a list"),
        ("printers:\n  office:\n    duplex_offset: [9, 0]\n", ":3:21:", "from -5 to 5"),
        ("printers:\n  office:\n    paper: a3\n", ":3:5:", "missing required key"),
        ("printers:\n  office:\n    paper: a3\n", ":3:12:", "expected one of: a4, letter"),
        ("printers:\n  office: [1, 2\n", ":3:1:", "E-YAML-SYNTAX"),
        ("printers:\n  7: {duplex_offset: [1, 1]}\n", ":2:3:", "expected an id"),
        ("- office\n", ":1:1:", "expected a mapping"),
    ],
)
def test_a_broken_profile_file_is_located_never_a_traceback(
    config: Path, text: str, where: str, expected: str
) -> None:
    config.parent.mkdir(parents=True)
    config.write_text(text)
    for args in (["printer", "list"], ["printer", "set", "x", "--duplex-offset", "0,0"],
                 ["tiles", "--printer", "office"]):  # fmt: skip
        result = run(*args)
        assert result.exit_code == 1, result.output
        assert f"{config}{where}" in result.output and expected in result.output, result.output
        assert "Traceback" not in result.output
    assert config.read_text() == text  # never overwritten


def test_an_unknown_key_is_a_located_warning_and_printer_set_says_it_drops_it(
    config: Path, tmp_path: Path, english_data: Path
) -> None:
    """A mistyped key (papr: letter) is never ignored in silence: every command that
    reads the file warns at its line and column, naming the key and the known ones;
    printer set says the file it writes again leaves it out."""
    config.parent.mkdir(parents=True)
    config.write_text("printers:\n  office:\n    duplex_offset: [1, 0]\n    papr: letter\n")
    where = f"{config}:4:5: warning[W-UNKNOWN-KEY]: printer 'office': unknown key 'papr'"
    listed = run("printer", "list")
    assert listed.exit_code == 0 and where in listed.stderr, listed.output
    assert "(known keys: duplex_offset, paper)" in listed.stderr
    assert listed.stdout == "office\tduplex offset 1,0 mm\tpaper -\n"
    made = run("calibrate", "--printer", "office", "--out", str(tmp_path), "--data",
               str(english_data))  # fmt: skip
    assert made.exit_code == 0 and where in made.stderr, made.output
    saved = run("printer", "set", "attic", "--duplex-offset", "0,0")
    assert saved.exit_code == 0 and where in saved.stderr, saved.output
    assert "written again without the unknown key above" in saved.stderr
    assert "build the kit again with it: dinokit build --out output/ --printer attic" in (
        saved.stdout
    )
    assert "papr" not in config.read_text()
    assert "warning" not in run("printer", "list").output  # the file is clean now


def test_printer_names_are_at_most_40_characters(config: Path) -> None:
    name = "office-" + "x" * 33  # 40 characters
    assert run("printer", "set", name, "--duplex-offset", "0,0").exit_code == 0
    long = run("printer", "set", name + "x", "--duplex-offset", "0,0")
    assert long.exit_code == 2 and "is 41 characters long, expected at most 40" in long.output
    assert "Traceback" not in long.output
    config.write_text(f"printers:\n  {name}x:\n    duplex_offset: [0, 0]\n")
    listed = run("printer", "list")
    assert listed.exit_code == 1 and f"{config}:2:3: error[E-NAME]" in listed.output
    assert "is 41 characters long, expected at most 40" in listed.output


def test_an_unknown_printer_lists_the_known_ones(config: Path) -> None:
    run("printer", "set", "office", "--duplex-offset", "0,0")
    result = run("tokens", "--printer", "basement")
    assert result.exit_code == 2
    assert "no saved printer 'basement'" in result.output and "(printers: office)" in result.output


def test_calibrate_with_a_printer_shifts_the_back_by_its_offset(
    config: Path, tmp_path: Path, english_data: Path
) -> None:
    """--printer on calibrate shifts the back by the saved offset and picks the saved
    paper: on the printer it was measured on, the scales read 0; on a perfect printer,
    minus the offset (what is left to correct)."""
    run("printer", "set", "office", "--duplex-offset", "1.5,-2", "--paper", "letter")
    result = run(
        "calibrate", "--printer", "office", "--out", str(tmp_path), "--data", str(english_data)
    )
    assert result.exit_code == 0, result.output
    pdf = (tmp_path / "calibration-letter.pdf").read_bytes()
    assert reads(pdf, drift=(-1.5, 2.0)) == (0.0, 0.0)
    assert reads(pdf) == (-1.5, 2.0)


def test_the_kits_calibration_sheet_takes_the_printers_offset(
    config: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """build --printer NAME gives the saved offset to every backs page of the kit, its
    own calibration sheet too: printed on that printer, the sheet reads 0."""
    from dinokit.layout.sheets import PrintOptions
    from dinokit.products import build

    run("printer", "set", "office", "--duplex-offset", "-2.25,3.5", "--paper", "a4")
    seen: list[PrintOptions] = []

    def fake_build_kit(data, out_dir, report, languages, papers, workers, template):
        seen.append(template)
        return []

    monkeypatch.setattr(build, "build_kit", fake_build_kit)
    result = run("build", "--printer", "office", "--lang", "en", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    (template,) = seen
    assert template.duplex_offset == (-2.25, 3.5)
    monkeypatch.undo()
    data = load_games(DEFAULT_DATA_DIR, Diagnostics())
    (written,) = build._build_job((data, {}, tmp_path, template), ("calibration", "en", "a4"))
    assert reads(written.path.read_bytes(), drift=(2.25, -3.5)) == (0.0, 0.0)


@pytest.mark.parametrize(
    "args, paper, offset",
    [
        ([], "letter", (1.5, -2.0)),
        (["--paper", "a4"], "a4", (1.5, -2.0)),
        (["--duplex-offset", "0,1"], "letter", (0.0, 1.0)),
        (["--layout", "gutter-fold"], "letter", (0.0, 0.0)),  # one side: no duplex drift
    ],
)
def test_a_printer_gives_paper_and_offset_and_options_given_win(
    config: Path, args: list[str], paper: str, offset: tuple[float, float]
) -> None:
    from dinokit.cli.kit import tiles
    from dinokit.cli.printing import apply_printer

    run("printer", "set", "office", "--duplex-offset", "1.5,-2", "--paper", "letter")
    ctx = tiles.make_context("tiles", ["--printer", "office", *args])
    with ctx:
        p = ctx.params
        backs = p["layout"] == "duplex"
        assert apply_printer(p["printer"], p["paper"], p["duplex_offset"], backs) == (paper, offset)


def test_file_names_show_layout_and_ink_saving() -> None:
    from dinokit.layout.sheets import PrintOptions
    from dinokit.products.build import sheet_stem

    assert sheet_stem("tiles", PrintOptions("a4")) == "tiles-a4"
    assert (
        sheet_stem("tiles", PrintOptions("letter", layout="gutter-fold")) == "tiles-gutter-letter"
    )
    gutter = PrintOptions("a4", ink_saver=True, layout="gutter-fold")
    assert sheet_stem("aid", gutter) == "aid-gutter-a4-inksaver"
    bad = run("aid", "--layout", "zigzag")
    assert bad.exit_code == 2 and "'zigzag' is not one of 'duplex', 'gutter-fold'" in bad.output


def test_concurrent_printer_set_keeps_every_printer(config: Path) -> None:
    """Eight 'printer set' processes at once (as eight shells would run them): the
    read-modify-write is locked, so the file ends with all eight printers."""
    import os
    import subprocess
    import sys

    env = {**os.environ, "XDG_CONFIG_HOME": str(config.parent.parent)}
    code = "from dinokit.cli import run; run()"
    procs = [
        subprocess.Popen(
            [
                sys.executable,
                "-c",
                code,
                "printer",
                "set",
                f"p{i}",
                "--duplex-offset",
                f"{i / 4},0",
            ],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )
        for i in range(8)
    ]
    outputs = [p.communicate(timeout=120)[0].decode() for p in procs]
    assert all(p.returncode == 0 for p in procs), outputs
    diags = Diagnostics()
    saved = load_printers(config, diags)
    assert not diags.errors
    assert sorted(saved) == [f"p{i}" for i in range(8)]
    assert all(saved[f"p{i}"].duplex_offset == (i / 4, 0.0) for i in range(8))


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("home\n", "is not a printer name"),
        ("\nhome", "is not a printer name"),
        ("x" * 1025, "is 1025 characters long, expected at most 40"),
    ],
)
def test_a_name_that_could_not_be_read_back_is_refused(
    config: Path, name: str, expected: str
) -> None:
    run("printer", "set", "office", "--duplex-offset", "0,0")
    before = config.read_bytes()
    result = run("printer", "set", name, "--duplex-offset", "0,0")
    assert result.exit_code == 2 and expected in result.output
    assert config.read_bytes() == before  # nothing written
    assert run("tokens", "--printer", "office", "--out", str(config.parent / "o")).exit_code == 0


@pytest.mark.parametrize("value", ["1" + "0" * 400, "1e400", ".inf", "-.nan"])
def test_an_offset_too_large_to_be_a_number_is_located(config: Path, value: str) -> None:
    config.parent.mkdir(parents=True)
    config.write_text(f"printers:\n  office:\n    duplex_offset: [{value}, 0]\n")
    result = run("printer", "list")
    assert result.exit_code == 1 and f"{config}:3:21: error[E-" in result.output, result.output
    cli = run("printer", "set", "office", "--duplex-offset", f"{value},0")
    assert cli.exit_code != 0 and "Traceback" not in cli.output
