"""Dig-site pads: every guarantee checked on the JSON output by an independent checker."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random
from pathlib import Path

import pytest
import yaml
from conftest import run
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dinokit.games.paleo.engine import Game, Rules, dice_sequences
from dinokit.games.paleo.pads import (
    DIFFICULTIES,
    CodeError,
    PadGenerator,
    decode_code,
    encode_code,
    generate_pad,
    site_from_code,
    symmetry_key,
)
from dinokit.games.paleo.player import FastRules, play
from dinokit.products.paleo.pad import pad_json
from dinokit.products.validate import DEFAULT_DATA_DIR, load_data

# ---- an independent checker, built from the YAML itself (not from our loader) -----

RAW = yaml.safe_load((DEFAULT_DATA_DIR / "paleontologists/pentominoes.yaml").read_text())
SITE = yaml.safe_load((DEFAULT_DATA_DIR / "paleontologists/dig_site.yaml").read_text())


def _cells(drawing: str) -> set[tuple[int, int]]:
    return {
        (r, c)
        for r, line in enumerate(drawing.splitlines())
        for c, ch in enumerate(line)
        if ch == "#"
    }


def _variants(cells: set[tuple[int, int]]) -> set[frozenset]:
    out = set()
    current = list(cells)
    for _ in range(4):
        current = [(c, -r) for r, c in current]  # rotate a quarter turn
        for shape in (current, [(r, -c) for r, c in current]):  # and its mirror
            r0 = min(r for r, _ in shape)
            c0 = min(c for _, c in shape)
            out.add(frozenset((r - r0, c - c0) for r, c in shape))
    return out


SHAPES = [v for drawing in RAW["pentominoes"].values() for v in _variants(_cells(drawing))]
TEMPLATES = {t["id"]: t for t in SITE["fossil_templates"]}


def check_sheet(sheet: dict) -> None:
    rows, cols = sheet["rows"], sheet["cols"]
    owner = {}
    for fossil in sheet["fossils"]:
        cells = [tuple(c) for c in fossil["cells"]]
        assert 1 <= len(cells) <= 4
        for cell in cells:
            assert 0 <= cell[0] < rows and 0 <= cell[1] < cols
            assert cell not in owner, "fossils overlap"
            owner[cell] = fossil["id"]

    def around(cells):
        out = set()
        for r, c in cells:
            for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if 0 <= n[0] < rows and 0 <= n[1] < cols and n not in cells:
                    out.add(n)
        return out

    fossil_cells = set(owner)

    def coverable(cell):
        for shape in SHAPES:
            for dr, dc in shape:  # anchor the shape so that this cell is one of its cells
                placed = {(r - dr + cell[0], c - dc + cell[1]) for r, c in shape}
                if all(0 <= r < rows and 0 <= c < cols for r, c in placed) and not (
                    placed & fossil_cells
                ):
                    return True
        return False

    for fossil in sheet["fossils"]:
        cells = {tuple(c) for c in fossil["cells"]}
        for n in around(cells):
            assert n not in fossil_cells, "two fossils touch"
            assert coverable(n), f"fossil {fossil['id']} cannot be dug at {n}"
        template_values = {
            (t["value"], t["bonus"])
            for t in TEMPLATES.values()
            if len(_cells(t["cells"])) == len(cells)
        }
        assert (fossil["value"], fossil["bonus"]) in template_values
    assert len(sheet["stars"]) == SITE["stars_per_sheet"]
    for star in map(tuple, sheet["stars"]):
        assert star not in fossil_cells and coverable(star)
    lo, hi = SITE["fossils_per_sheet"]["min"], SITE["fossils_per_sheet"]["max"]
    assert lo <= len(sheet["fossils"]) <= hi
    band = SITE["difficulty"][sheet["difficulty"]]
    assert band["min"] <= sheet["expected_score"] < band["max"]


@pytest.fixture(scope="module")
def paleo():
    data, _ = load_data()
    return data.game("paleontologists")


@pytest.fixture(scope="module")
def generator(paleo):
    return PadGenerator(paleo)


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(seed=st.integers(0, 2**32 - 1), difficulty=st.sampled_from(DIFFICULTIES))
def test_every_sheet_keeps_every_guarantee(generator, seed: int, difficulty: str) -> None:
    site = generator.sheet(difficulty, seed)
    sheet = json.loads(pad_json([site], "test"))["sheets"][0]
    check_sheet(sheet)
    assert decode_code(sheet["code"]) == (1, difficulty, seed)


@given(seed=st.integers(0, 2**32 - 1), difficulty=st.sampled_from(DIFFICULTIES))
def test_code_round_trip(seed: int, difficulty: str) -> None:
    code = encode_code(1, difficulty, seed)
    assert len(code) == len("PAL-XXXX-XXXX")
    assert decode_code(code) == (1, difficulty, seed)
    assert decode_code(code.lower().replace("-", " ")) == (1, difficulty, seed)


@pytest.mark.parametrize("bad", ["", "PAL-1234", "PAL-1234-5678-9", "PAL-UUUU-UUUU", "hello"])
def test_malformed_codes_are_refused(bad: str) -> None:
    with pytest.raises(CodeError):
        decode_code(bad)


def test_most_typos_are_caught() -> None:
    code = encode_code(1, "medium", 123456789)
    chars = code.replace("-", "")[3:]
    caught = total = 0
    for i in range(len(chars)):
        for repl in "0123456789ABCDEFGHJKMNPQRSTVWXYZ":
            if repl == chars[i]:
                continue
            typo = chars[:i] + repl + chars[i + 1 :]
            total += 1
            try:
                decode_code(typo)
            except CodeError:
                caught += 1
    assert caught / total > 0.85


def test_pad_is_distinct_and_reproducible(paleo) -> None:
    pad = generate_pad(paleo, 30, 2024, "medium")
    assert len({symmetry_key(s) for s in pad}) == 30
    assert len({s.code for s in pad}) == 30
    assert pad_json(pad, "x") == pad_json(generate_pad(paleo, 30, 2024, "medium"), "x")
    for sheet in json.loads(pad_json(pad, "x"))["sheets"]:
        check_sheet(sheet)


def test_same_pad_with_more_workers(paleo) -> None:
    assert generate_pad(paleo, 6, 99, "easy", workers=2) == generate_pad(paleo, 6, 99, "easy")


def test_symmetry_key_sees_turned_and_mirrored_sheets(generator) -> None:
    site = generator.sheet("medium", 5)
    n = site.rows - 1
    turned = type(site)(
        site.code,
        site.seed,
        site.difficulty,
        site.rows,
        site.cols,
        tuple(
            type(f)(
                f.id, tuple(sorted((c, n - r) for r, c in f.cells)), f.value, f.bonus, f.template
            )
            for f in site.fossils
        ),
        tuple(sorted((c, n - r) for r, c in site.stars)),
        site.expected_score,
    )
    assert turned != site and symmetry_key(turned) == symmetry_key(site)


def test_code_rebuilds_the_sheet(paleo) -> None:
    pad = generate_pad(paleo, 3, 77, "hard")
    for site in pad:
        assert site_from_code(paleo, site.code) == site


def replay(rules: Rules, site, moves) -> Game:
    """The moves of the fast player, made in the reference engine (which refuses any
    illegal one)."""
    game = Game(rules, site)
    for m in moves:
        if m.cells is None:
            game.pass_round(m.dice)
        else:
            game.place(m.dice, m.shape, m.dig_type, m.cells, m.star_bonuses)
    return game


@pytest.mark.parametrize("limit", [None, 1])
def test_fast_player_plays_by_the_rules(paleo, generator, limit) -> None:
    """Every move of the measuring player (greedy and random) is legal in the reference
    engine, same score. With every bonus limited to one circle (4 circles, 8 stars) the
    later stars give nothing, and the shapes over them stay legal."""
    rules = Rules.from_data(paleo)
    if limit is not None:
        rules = dataclasses.replace(rules, bonus_limits=dict.fromkeys(rules.bonus_limits, limit))
    fast = FastRules(rules)
    starved = 0
    for seed in (1, 2, 3):
        site = generator.sheet("medium", seed)
        for i, rolls in enumerate(dice_sequences(3, rules.rounds, seed=seed)):
            moves: list = []
            chooser = random.Random(seed * 10 + i) if i == 2 else None
            score = play(fast, site, rolls, moves, chooser)
            game = replay(rules, site, moves)
            assert game.round == rules.rounds and game.score() == score
            stars = sum(len(m.cells & set(site.stars)) for m in moves if m.cells)
            assert sum(game.bonuses.values()) == min(stars, 4 * (limit or 4))
            starved += stars > sum(game.bonuses.values())
    assert starved or limit is None  # the full bonus area was reached


# Sheets printed before the rules gained their Decision lines (bonus timing, the full
# bonus area, both switches in a round): code -> expected score, digest of the layout.
PRINTED = {
    "PAL-4N4Y-EHNH": (36.0, "34b79bbdcaff46ba"),
    "PAL-5N4Y-EHNN": (27.625, "14d221b5176d7401"),
    "PAL-6N4Y-EHNH": (23.75, "3ed80d8fdef057cf"),
}


@pytest.mark.parametrize("code", sorted(PRINTED))
def test_printed_codes_rebuild_the_same_sheet(paleo, code: str) -> None:
    """A code printed on a sheet rebuilds the same layout with the same measured score
    (the greedy player's games decide which candidate a code's seed accepts)."""
    sheet = json.loads(pad_json([site_from_code(paleo, code)], "test"))["sheets"][0]
    body = json.dumps([sheet["fossils"], sheet["stars"]], sort_keys=True).encode()
    assert (sheet["expected_score"], hashlib.sha256(body).hexdigest()[:16]) == PRINTED[code]


def test_difficulties_differ_in_score(paleo) -> None:
    means = {
        d: sum(s.expected_score for s in generate_pad(paleo, 8, 5, d)) / 8 for d in DIFFICULTIES
    }
    assert means["easy"] > means["medium"] > means["hard"]


# ---- the command ------------------------------------------------------------------


def test_pads_json_command(tmp_path: Path) -> None:
    result = run(
        "pads",
        "--count",
        "4",
        "--seed",
        "11",
        "--format",
        "json",
        "--out",
        str(tmp_path),
        "--jobs",
        "1",
    )
    assert result.exit_code == 0, result.output
    path = tmp_path / "paleontologists/en/pad-medium-seed11-x4.json"
    body = json.loads(path.read_text())
    assert body["generator"] == "dinokit-pads/1" and len(body["sheets"]) == 4
    for sheet in body["sheets"]:
        check_sheet(sheet)
        assert set(sheet) == {
            "code",
            "seed",
            "difficulty",
            "rows",
            "cols",
            "fossils",
            "stars",
            "expected_score",
        }
    again = run(
        "pads",
        "--code",
        body["sheets"][2]["code"],
        "--format",
        "json",
        "--out",
        str(tmp_path / "again"),
    )
    assert again.exit_code == 0, again.output
    rebuilt = json.loads(next((tmp_path / "again").rglob("*.json")).read_text())["sheets"][0]
    assert rebuilt == body["sheets"][2]


@pytest.mark.parametrize(
    "args, message",
    [
        (["--count", "0"], "0 is not in the range"),
        (["--count", "-1"], "-1 is not in the range"),
        (["--code", "PAL-12"], "expected a code like"),
        (["--code", "PAL-5RW9-Z1W8"], "not a valid sheet code"),
        (["--difficulty", "brutal"], "'brutal' is not one of"),
        (["--per-page", "3"], "'3' is not one of"),
    ],
)
def test_bad_pad_options(tmp_path: Path, args, message: str) -> None:
    result = run("pads", "--out", str(tmp_path), *args)
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert not any(tmp_path.iterdir())


def test_same_seed_same_pdf_bytes(tmp_path: Path) -> None:
    for name in ("a", "b"):
        result = run(
            "pads", "--count", "3", "--seed", "5", "--out", str(tmp_path / name), "--jobs", "1"
        )
        assert result.exit_code == 0, result.output
    a = (tmp_path / "a/paleontologists/en/pad-medium-seed5-x3-a4.pdf").read_bytes()
    b = (tmp_path / "b/paleontologists/en/pad-medium-seed5-x3-a4.pdf").read_bytes()
    assert a == b and a.startswith(b"%PDF")
