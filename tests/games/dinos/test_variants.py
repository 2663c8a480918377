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
from tests.conftest import run
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


#: Broken variants appended to the shipped ones: the text, the fragment of it where the
#: diagnostic must point (file:line:col), its code and a part of its message.
BROKEN = [
    ("  - id: bad-kind\n    kind: placement-ordre\n    passes: [forward, reverse]",
     "placement-ordre", "E-CHOICE", "expected one of: placement-order, compensation"),
    ("  - id: three-passes\n    kind: placement-order\n    passes: [forward, reverse, forward]",
     "[forward, reverse, forward]", "E-LENGTH", "3 passes, expected 2"),
    ("  - id: bad-pass\n    kind: placement-order\n    passes: [forward, backward]",
     "backward", "E-CHOICE", "got 'backward', expected one of: forward, reverse"),
    ("  - id: short-seats\n    kind: compensation\n"
     "    points: {2: [1, 0], 3: [2, 1], 4: [3, 2, 1, 0]}",
     "[2, 1]", "E-LENGTH", "2 seats, expected 3"),
    ("  - id: negative\n    kind: compensation\n"
     "    points: {2: [1, -1], 3: [2, 1, 0], 4: [3, 2, 1, 0]}",
     "-1", "E-RANGE", "-1"),
    ("  - id: no-four\n    kind: compensation\n    points: {2: [1, 0], 3: [2, 1, 0]}",
     "{2: [1, 0], 3: [2, 1, 0]}", "E-REQUIRED", "no points for 4 players"),
    ("  - id: five\n    kind: compensation\n"
     "    points: {2: [1, 0], 3: [2, 1, 0], 4: [3, 2, 1, 0], 5: [1, 1, 1, 1, 0]}",
     "5:", "E-RANGE", "5"),
    ("  - id: first-player-places-first\n    kind: placement-order\n    passes: [reverse, reverse]",
     "id: first-player-places-first\n    kind: placement-order\n    passes: [reverse",
     "E-DUPLICATE-ID", "'first-player-places-first' is defined twice"),
    ("  - id: both\n    kind: compensation\n    passes: [forward, reverse]\n"
     "    points: {2: [1, 0], 3: [2, 1, 0], 4: [3, 2, 1, 0]}",
     "passes:", "E-VARIANT", "'passes' belongs to a placement-order variant"),
]  # fmt: skip


def test_validate_points_at_each_bad_variant(data_copy: Path) -> None:
    rules = data_copy / RULES
    text = rules.read_text(encoding="utf-8").rstrip("\n") + "\n"
    where = []
    for variant, fragment, code, message in BROKEN:
        start = len(text)
        text += variant + "\n"
        at = text.index(fragment, start)
        line = text.count("\n", 0, at) + 1
        column = at - text.rfind("\n", 0, at)
        where.append((line, column, code, message))
    rules.write_text(text, encoding="utf-8")
    result = run("validate", "--data", str(data_copy))
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    for line, column, code, message in where:
        hits = [
            out for out in result.output.splitlines()
            if f"rules.yaml:{line}:{column}:" in out and code in out and message in out
        ]  # fmt: skip
        assert hits, (line, column, code, message, result.output)
