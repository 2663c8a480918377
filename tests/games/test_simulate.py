"""Simulations: reproducible for a seed whatever the number of processes; reports written."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from conftest import run
from pdfmeasure import pdf_text

from dinokit.games.paleo.simulate import choose_sheets, simulate, summary
from dinokit.products.validate import load_data


@pytest.fixture(scope="module")
def paleo():
    data, _ = load_data()
    return data.game("paleontologists")


def test_paleo_same_results_on_any_number_of_cores(paleo) -> None:
    sites = choose_sheets(paleo, None, "medium", 3, 2, 1)
    one = simulate(paleo, sites, 40, ["greedy", "random"], 9, workers=1)
    two = simulate(paleo, sites, 40, ["greedy", "random"], 9, workers=2)
    assert one == two
    numbers = summary(sites, one, paleo)
    greedy, random_ = numbers["by_bot"]["greedy"]["mean"], numbers["by_bot"]["random"]["mean"]
    assert greedy["ci95"][0] > random_["ci95"][1]  # clearly better, intervals apart
    assert [s["code"] for s in numbers["by_sheet"]] == [s.code for s in sites]
    # every player plays every deal: the same sheet and dice, paired
    assert [g.deal for g in one if g.bot == "greedy"] == [g.deal for g in one if g.bot == "random"]
    (diff,) = numbers["differences"]
    assert diff["better"] == "greedy" and diff["mean_score"]["ci95"][0] > 0


def test_paleo_report_files(tmp_path: Path) -> None:
    result = run(
        "simulate",
        "paleontologists",
        "--games",
        "60",
        "--sheets",
        "2",
        "--out",
        str(tmp_path),
        "--jobs",
        "1",
    )
    assert result.exit_code == 0, result.output
    assert "greedy: mean" in result.output
    pdf = (tmp_path / "paleontologists-balance.pdf").read_bytes()
    text = "".join(pdf_text(pdf))
    assert "Score distribution" in text and "Are the difficulty bands right?" in text
    numbers = json.loads((tmp_path / "paleontologists-balance.json").read_text())
    assert numbers["games"] == 60 and set(numbers["by_difficulty"]) == {"easy", "medium", "hard"}
    assert set(numbers["by_difficulty"]["easy"]["band"]) and "templates" in numbers
    for svg in tmp_path.glob("paleontologists-balance-p*.svg"):
        ET.fromstring(svg.read_bytes())


@pytest.mark.parametrize(
    "args, message",
    [
        (["--bots", "genius"], "unknown bot 'genius'"),
        (["--games", "0"], "0 is not in the range"),
        (["--code", "PAL-1"], "expected a code like"),
    ],
)
def test_paleo_bad_options(tmp_path: Path, args, message: str) -> None:
    result = run("simulate", "paleontologists", "--out", str(tmp_path), *args)
    assert result.exit_code == 2 and message in result.output
    assert not any(tmp_path.iterdir())


def test_dinos_same_results_on_any_number_of_cores() -> None:
    from dinokit.games.dinos.simulate import simulate as simulate_dinos
    from dinokit.games.dinos.summary import summary as summary_dinos

    data, _ = load_data()
    dinos = data.game("digging-for-dinos")
    one = simulate_dinos(dinos, 12, 3, ["greedy", "random"], 4, workers=1)
    two = simulate_dinos(dinos, 12, 3, ["greedy", "random"], 4, workers=2)
    assert one == two
    numbers = summary_dinos(dinos, one)
    seats = numbers["seats"]["win_rate"]
    assert abs(sum(s["value"] for s in seats) - 1.0) < 1e-3  # rounded to 4 places
    assert all(s["ci95"][0] <= s["value"] <= s["ci95"][1] for s in seats)
    assert abs(sum(t["value"] for t in numbers["end_trigger"].values()) - 1.0) < 1e-3
    assert set(numbers["species"]) == {sp.id for sp in dinos.species}
    # the points per species add up to the scores
    for g in one:
        assert [sum(p) for p in g.points] == list(g.scores)
    # every bot sits in every seat in turn
    assert {g.bots for g in one} == {("greedy", "random", "greedy"), ("random", "greedy", "random")}


def test_dinos_bad_bots(tmp_path: Path) -> None:
    result = run("simulate", "digging-for-dinos", "--bots", "greedy,genius", "--out", str(tmp_path))
    assert result.exit_code == 2 and "unknown bot 'genius'" in result.output
