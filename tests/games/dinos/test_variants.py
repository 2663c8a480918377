"""Setup variants of Digging for Dinos (rules.yaml ``variants``): read, checked, played.

The seed rules stay the game: no variant is played unless chosen. A placement-order
variant changes who places which token when; a compensation variant adds points per
seat to the final scores, and so can change the winners.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from dinokit.games.dinos.engine import Game, rules_for, setup
from dinokit.games.dinos.model import with_variant
from tests.conftest import edit, run
from tests.shipped_data import shipped

RULES = "digging-for-dinos/rules.yaml"


def dinos():
    return shipped().game("digging-for-dinos")


def test_shipped_variants_are_read_and_none_is_played() -> None:
    data = dinos()
    ids = [v.id for v in data.rules.variants]
    assert {"first-player-places-first", "points-for-early-seats"} <= set(ids)
    assert data.rules.active is None
    rules = rules_for(data)
    assert rules.variant is None and rules.passes == () and rules.compensation is None


def test_seed_placement_order_is_unchanged() -> None:
    game = setup(dinos(), 3, random.Random(1))
    assert game.placement_order() == [
        (2, "orthogonal"), (1, "orthogonal"), (0, "orthogonal"),
        (0, "diagonal"), (1, "diagonal"), (2, "diagonal"),
    ]  # fmt: skip


def test_placement_order_variant_sets_each_pass() -> None:
    data = with_variant(dinos(), "first-player-places-first")
    game = setup(data, 3, random.Random(1))
    assert game.placement_order() == [
        (0, "orthogonal"), (1, "orthogonal"), (2, "orthogonal"),
        (2, "diagonal"), (1, "diagonal"), (0, "diagonal"),
    ]  # fmt: skip
    # the starting squares given in placement order go to those players
    squares = [0, 1, 2, 3, 4, 5]
    game = setup(data, 3, random.Random(1), squares)
    assert [game.owner[t] for t in range(6)] == [0, 1, 2, 2, 1, 0]
    assert game.squares == squares


def test_compensation_adds_each_seats_points_and_can_change_the_winner() -> None:
    base = dinos()
    variant = next(v for v in base.rules.variants if v.kind == "compensation")
    data = with_variant(base, variant.id)
    rules_a, rules_b = rules_for(base), rules_for(data)
    tile = rules_a.tile_index("tyrannosaurus", "tail")
    points = variant.points[3]
    for rules in (rules_a, rules_b):
        assert rules.tiles[tile].left > 0
    board = [None] * 25
    played = []
    for rules in (rules_a, rules_b):
        # seat 3 (the last) holds one tile more than the others: it leads on the seed rules
        game = Game.from_position(rules, 3, board, collected={2: [tile]})
        game.finished = True
        played.append(game)
    plain, compensated = played
    assert plain.scores() == [0, 0, rules_a.tiles[tile].left]
    assert compensated.scores() == [p + s for p, s in zip(points, plain.scores(), strict=True)]
    left = rules_a.tiles[tile].left
    expected = [p for p, s in enumerate(compensated.scores()) if s == max(compensated.scores())]
    assert compensated.winners() == expected
    assert plain.winners() == [2]
    if points[0] > left + points[2]:
        assert compensated.winners() == [0]


def test_unknown_variant_id_is_refused_naming_the_known_ones() -> None:
    with pytest.raises(ValueError, match="no variant 'nope' .*first-player-places-first"):
        with_variant(dinos(), "nope")


BROKEN = [
    (
        "kind: placement-order\n    passes: [forward, reverse]",
        "kind: placement-ordre\n    passes: [forward, reverse]",
        "E-CHOICE",
        "expected one of: placement-order, compensation",
    ),
    (
        "passes: [forward, reverse]",
        "passes: [forward, reverse, forward]",
        "E-LENGTH",
        "3 passes, expected 2",
    ),
    ("passes: [forward, reverse]", "passes: [forward, backward]", "E-CHOICE", "'backward'"),
    ("      3: [2, 1, 0]", "      3: [2, 1]", "E-LENGTH", "2 seats, expected 3"),
    ("      3: [2, 1, 0]", "      3: [2, 1, -1]", "E-RANGE", "-1"),
    ("      4: [3, 2, 1, 0]\n", "", "E-REQUIRED", "no points for 4 players"),
    ("      2: [1, 0]", "      5: [1, 0, 0, 0, 0]", "E-RANGE", "5"),
    (
        "  - id: placement-in-turn-order",
        "  - id: first-player-places-first",
        "E-DUPLICATE-ID",
        "defined twice",
    ),
]


def _line_col(path: Path, fragment: str) -> tuple[int, int]:
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if fragment in line:
            return number, line.index(fragment) + 1
    raise AssertionError(f"{fragment!r} not in {path}")


@pytest.mark.parametrize(("old", "new", "code", "message"), BROKEN)
def test_validate_points_at_the_bad_variant(
    data_copy: Path, old: str, new: str, code: str, message: str
) -> None:
    edit(data_copy / RULES, old, new)
    result = run("validate", "--data", str(data_copy))
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if code in line and message in line]
    assert lines, result.output
    assert "rules.yaml:" in lines[0]
    assert "Traceback" not in result.output


def test_validate_gives_line_and_column_of_a_bad_seat_count(data_copy: Path) -> None:
    edit(data_copy / RULES, "      3: [2, 1, 0]", "      3: [2, 1]")
    line, column = _line_col(data_copy / RULES, "[2, 1]")
    result = run("validate", "--data", str(data_copy))
    assert f"rules.yaml:{line}:{column}:" in result.output, result.output
