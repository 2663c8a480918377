"""Skill curves and game metrics of both games: reproducible, parallel, in the outputs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import run
from pdfmeasure import pdf_text

from dinokit.games.dinos import skill as dinos_skill
from dinokit.games.dinos.simulate import simulate as simulate_dinos
from dinokit.games.dinos.summary import summary as summary_dinos
from dinokit.games.paleo import skill as paleo_skill
from dinokit.games.paleo.simulate import choose_sheets, simulate, summary
from dinokit.products.validate import load_data
from dinokit.source import DEFAULT_DATA_DIR


@pytest.fixture(scope="module")
def data():
    found, _ = load_data()
    return found


def test_dinos_curve_same_on_any_number_of_workers(data) -> None:
    dinos = data.game("digging-for-dinos")
    one = dinos_skill.play(dinos, [1, 3, 40], 12, 2, 5, workers=1)
    two = dinos_skill.play(dinos, [1, 3, 40], 12, 2, 5, workers=2)
    assert one == two and len(one) == 24
    numbers = dinos_skill.curve(one, 2)
    assert numbers["levels"] == [1, 3, 40] and [s["games"] for s in numbers["steps"]] == [12, 12]
    big = numbers["steps"][1]
    # 40 iterations a move against 3 wins beyond doubt, even in 12 games
    assert big["win_rate"]["ci95"][0] > 0.5 and big["verdict"] == "stronger"
    assert json.loads(json.dumps(numbers)) == numbers  # plain JSON
    # the stronger seat alternates: every step gives it both seats equally often
    m = big["metrics"]
    assert m["games"] == 12 and 1 / 28 <= m["decided"]["value"] <= 1


def test_dinos_summary_has_the_metrics(data) -> None:
    dinos = data.game("digging-for-dinos")
    results = simulate_dinos(dinos, 10, 3, ["greedy", "random"], 2)
    m = summary_dinos(dinos, results)["metrics"]
    assert m["games"] == 10
    # the metrics' lead changes are the ones play_game counts
    assert m["lead_changes"]["value"] == pytest.approx(
        sum(g.lead_changes for g in results) / 10, abs=0.01
    )
    assert m["rounds"]["value"] == pytest.approx(sum(g.rounds for g in results) / 10, abs=0.01)
    assert m["turns"]["value"] > m["rounds"]["value"]
    for g in results:
        assert g.arc is not None and g.arc.rounds == g.rounds
        assert g.arc.behind_share < 1


def test_paleo_traces_and_table_metrics(data) -> None:
    paleo = data.game("paleontologists")
    sites = choose_sheets(paleo, None, "easy", 4, 2, 1)
    results = simulate(paleo, sites, 12, ["greedy", "random", "spender"], 3)
    for g in results:
        assert len(g.trace) == 20 and g.trace[-1] == g.score
        assert list(g.trace) == sorted(g.trace)  # scores only grow
    m = summary(sites, results, paleo)["metrics"]
    assert m["games"] == 4 and m["rounds"]["value"] == 20
    # one player alone has no table to lead
    alone = summary(sites, [g for g in results if g.bot == "greedy"], paleo)
    assert "metrics" not in alone


def test_paleo_curve_pairs_the_same_deals(data) -> None:
    paleo = data.game("paleontologists")
    sites = choose_sheets(paleo, None, "medium", 4, 2, 1)
    one = paleo_skill.play(paleo, sites, [0, 2], 6, 8, workers=1)
    assert one == paleo_skill.play(paleo, sites, [0, 2], 6, 8, workers=2)
    greedy = [g for g in one if g.bot == "greedy"]
    # level 0 is the simulation's greedy player on the simulation's deals
    same = simulate(paleo, sites, 12, ["greedy", "random"], 8)
    assert [g.score for g in greedy] == [g.score for g in same if g.bot == "greedy"]
    numbers = paleo_skill.curve(one, [0, 2])
    (step,) = numbers["steps"]
    wins = sum(
        1.0 if b.score > a.score else 0.5 if a.score == b.score else 0.0
        for a, b in zip(greedy, [g for g in one if g.bot == "strong-2"], strict=True)
    )
    assert step["games"] == 6 and step["win_rate"]["value"] == pytest.approx(wins / 6, abs=1e-4)


def test_cli_skill_curves_write_report_and_json(tmp_path: Path) -> None:
    out = tmp_path / "out"
    for jobs, folder in (("2", tmp_path / "two"), ("1", out)):
        result = run("simulate", "digging-for-dinos", "--skill-curve", "1,2", "--games", "4",
                     "--players", "2", "--jobs", jobs, "--out", str(folder))  # fmt: skip
        assert result.exit_code == 0, result.output
    name = "digging-for-dinos-skill.json"
    assert (out / name).read_bytes() == (tmp_path / "two" / name).read_bytes()
    assert "2 vs 1" in result.output and "The curve " in result.output
    numbers = json.loads((out / "digging-for-dinos-skill.json").read_text())
    assert numbers["level"] == "mcts budget" and numbers["steps"][0]["games"] == 4
    text = "".join(pdf_text((out / "digging-for-dinos-skill.pdf").read_bytes()))
    assert "Skill curve" in text and "fair share" in text
    result = run("simulate", "paleontologists", "--skill-curve", "0,1", "--games", "4",
                 "--sheets", "1", "--jobs", "1", "--out", str(out))  # fmt: skip
    assert result.exit_code == 0, result.output
    numbers = json.loads((out / "paleontologists-skill.json").read_text())
    assert numbers["level"] == "samples" and numbers["levels"] == [0, 1]


@pytest.mark.parametrize(
    "game, args, message",
    [
        ("digging-for-dinos", ["--skill-curve", "50,25"], "25 follows 50"),
        ("digging-for-dinos", ["--skill-curve", "0,25"], "'0' is not a whole number"),
        ("digging-for-dinos", ["--skill-curve", "1,2", "--bots", "greedy"],
         "--bots does not go with --skill-curve"),
        ("digging-for-dinos", ["--skill-curve", "1,2", "--compare", str(DEFAULT_DATA_DIR)],
         "--compare does not go with --skill-curve"),
        ("digging-for-dinos", ["--skill-curve", "1,2", "--seat-curve", "1,2"],
         "--seat-curve does not go with --skill-curve"),
        ("paleontologists", ["--skill-curve", "4"], "fewer than two levels"),
        ("paleontologists", ["--skill-curve", "0,2", "--bots", "strong"], "--bots does not go"),
    ],
)  # fmt: skip
def test_cli_bad_skill_curves(tmp_path: Path, game: str, args: list[str], message: str) -> None:
    result = run("simulate", game, "--out", str(tmp_path), *args)
    assert result.exit_code == 2 and message in result.output
    assert "Traceback" not in result.output and not any(tmp_path.iterdir())


def test_balance_reports_show_the_metrics(tmp_path: Path) -> None:
    for game, stem in (("paleontologists", "paleontologists-balance"),
                       ("digging-for-dinos", "digging-for-dinos-balance")):  # fmt: skip
        result = run("simulate", game, "--games", "6", "--jobs", "1", "--out", str(tmp_path),
                     *(["--sheets", "1"] if game == "paleontologists" else []))  # fmt: skip
        assert result.exit_code == 0, result.output
        assert "lead changes" in result.output and "decided after" in result.output
        numbers = json.loads((tmp_path / f"{stem}.json").read_text())
        assert numbers["metrics"]["games"] == (3 if game == "paleontologists" else 6)
        text = "".join(pdf_text((tmp_path / f"{stem}.pdf").read_bytes()))
        assert "How do the games go?" in text and "comeback" in text
