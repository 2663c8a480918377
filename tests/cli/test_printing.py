"""dinokit calibrate and dinokit printer (issue 12): the calibration sheet's vernier scales
read a simulated printer offset, measured in the PDF; its rulers are 100 mm; printer
profiles are saved in $XDG_CONFIG_HOME, listed, applied by --printer, and a broken
profile file is a located message, never a traceback."""

from __future__ import annotations

import io
import re
import shutil
from pathlib import Path

import pdfplumber
import pytest
from conftest import run
from pdfmeasure import PT

from dinokit.games.data import load_games
from dinokit.products.calibrate import BACK_PITCH, FRONT_PITCH, TICK_WIDTH, calibration_pages
from dinokit.render.pdf import render_pdf
from dinokit.source import DEFAULT_DATA_DIR
from dinokit.source.diagnostics import Diagnostics
from dinokit.source.printers import config_path, load_printers

TOL = 0.05
NUMBER = re.compile(r"^[+-]?\d+(\.5)?$")


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


def ticks(page, vertical: bool) -> list[float]:
    """Positions (mm) of the vernier lines: x of the X scale's, y of the Y scale's."""
    lines = [ln for ln in page.lines if abs(ln["linewidth"] * PT - TICK_WIDTH) < 0.01]
    if vertical:
        return sorted((ln["x0"] + ln["x1"]) / 2 * PT for ln in lines if ln["x0"] == ln["x1"])
    return sorted((ln["top"] + ln["bottom"]) / 2 * PT for ln in lines if ln["top"] == ln["bottom"])


def read_scales(pdf: bytes) -> tuple[float, float, str, str]:
    """What a user reads holding the printed sheet to the light: on each scale, the front
    line that a back line meets best; its value (k/2 across, -k/2 down) and printed label."""
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        front, back = doc.pages
        width = front.width * PT
        numbers = [w for w in front.extract_words() if NUMBER.match(w["text"])]
        readings = []
        for vertical, sign in ((True, 1), (False, -1)):
            f = ticks(front, vertical)
            # the back page is seen through the sheet: mirrored left to right
            b = sorted(width - v for v in ticks(back, vertical)) if vertical else ticks(back, False)
            assert len(f) == len(b) == 21
            assert abs((f[-1] - f[0]) / 20 - FRONT_PITCH) < TOL
            assert abs((b[-1] - b[0]) / 20 - BACK_PITCH) < TOL
            k = min(range(21), key=lambda i: abs(f[i] - b[i])) - 10
            at = f[k + 10]

            def distance(w: dict, at: float = at, vertical: bool = vertical) -> float:
                """How far a number is from the aligned line, along its scale."""
                x, y = (w["x0"] + w["x1"]) / 2 * PT, (w["top"] + w["bottom"]) / 2 * PT
                return abs(x - at) if vertical else abs(y - at)

            # the nearest number along the scale, among those printed beside it
            near = [w for w in numbers if (w["top"] * PT > 0) and distance(w) < 1.0]
            label = min(near, key=distance)
            readings.append((sign * k / 2, label["text"]))
    (x, x_label), (y, y_label) = readings
    return x, y, x_label, y_label


def shown(value: float) -> str:
    return "0" if value == 0 else f"{value:+g}"


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize(
    "drift, reading",
    [
        ((0, 0), (0, 0)),
        ((1.5, -2), (-1.5, 2)),
        ((-3.5, 4.5), (3.5, -4.5)),
        ((0.3, -4.9), (-0.5, 5)),
    ],
)
def test_the_scales_read_the_offset_that_cancels_the_drift(english, paper, drift, reading) -> None:
    """A printer that shifts the back by ``drift`` (mm, +X right on the back page, +Y
    down): the scales read the --duplex-offset that cancels it, to the nearest 0.5 mm."""
    pdf = render_pdf(calibration_pages(english, paper, back_shift=drift))
    x, y, x_label, y_label = read_scales(pdf)
    assert (x, y) == reading
    assert (x_label, y_label) == (shown(reading[0]), shown(reading[1]))


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


def test_an_unknown_printer_lists_the_known_ones(config: Path) -> None:
    run("printer", "set", "office", "--duplex-offset", "0,0")
    result = run("tokens", "--printer", "basement")
    assert result.exit_code == 2
    assert "no saved printer 'basement'" in result.output and "(printers: office)" in result.output


def test_calibrate_with_a_printer_shifts_the_back_by_its_offset(
    config: Path, tmp_path: Path, english_data: Path
) -> None:
    """--printer on calibrate shifts the back by the saved offset (the scales then read
    minus it: what is left to correct) and picks the saved paper."""
    run("printer", "set", "office", "--duplex-offset", "1.5,-2", "--paper", "letter")
    result = run(
        "calibrate", "--printer", "office", "--out", str(tmp_path), "--data", str(english_data)
    )
    assert result.exit_code == 0, result.output
    x, y, _, _ = read_scales((tmp_path / "calibration-letter.pdf").read_bytes())
    assert (x, y) == (-1.5, 2.0)


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
