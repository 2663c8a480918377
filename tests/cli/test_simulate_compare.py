"""dinokit simulate digging-for-dinos: the report, figures with intervals in the JSON,
and --compare against other data."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import edit, run
from pdfmeasure import pdf_text


def _estimate(e) -> bool:
    lo, hi = e["ci95"]
    return set(e) == {"value", "ci95"} and lo <= e["value"] <= hi


def test_compare_plays_the_same_games_on_both_data(tmp_path: Path, data_copy: Path) -> None:
    species = data_copy / "digging-for-dinos" / "species.yaml"
    text = species.read_text(encoding="utf-8")
    start = text.index("id: pteranodon")
    old = text[start : text.index("positions", start)]
    complete = old[old.index("complete:") :].split("\n")[0]
    edit(species, old, old.replace(complete, "complete: 30"))
    out = tmp_path / "out"
    result = run(
        "simulate", "digging-for-dinos", "--games", "16", "--players", "2",
        "--bots", "greedy,random", "--jobs", "1", "--out", str(out),
        "--compare", str(data_copy),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "compared with" in result.output and "(B - A)" in result.output
    numbers = json.loads((out / "digging-for-dinos-balance.json").read_text())
    for bot in ("greedy", "random"):
        b = numbers["bots"][bot]
        assert all(_estimate(b[k]) for k in ("win_rate", "mean_score", "completion_share"))
        assert all(_estimate(s["points_per_tile"]) for s in b["species"].values())
    cmp = numbers["compare"]
    # a pteranodon worth 30 instead of 6 is worth more per tile, beyond doubt
    ptero = cmp["species"]["pteranodon"]["points_per_tile"]
    assert ptero["difference"]["ci95"][0] > 0 and ptero["b"]["value"] > ptero["a"]["value"]
    assert _estimate(cmp["bots"]["greedy"]["mean_score"]["difference"])
    text = "".join(pdf_text((out / "digging-for-dinos-balance.pdf").read_bytes()))
    for title in (
        "Compared:", "Does skill pay?", "Is a seat favoured?", "Win rate by seat",
        "Points per tile collected", "Which end trigger fired", "Rounds per game",
    ):  # fmt: skip
        assert title in text
    assert numbers["games"] == 16 and numbers["players"] == 2


def test_compare_with_a_missing_folder_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = run(
        "simulate", "digging-for-dinos", "--games", "2", "--out", str(out),
        "--compare", str(tmp_path / "nowhere"),
    )  # fmt: skip
    assert result.exit_code == 2 and "nowhere" in result.output
    assert "does not exist" in result.output
    assert not out.exists()
