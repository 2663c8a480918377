"""The move format: random legal games replay to the engine's score; malformed files are
refused at the line and column of the bad value; illegal moves name round and rule."""

from __future__ import annotations

import json
import random

import pytest
from shipped_data import shipped

from dinokit.games.paleo.engine import ONE_SQUARE, SWITCH_SHAPE, Game, Rules
from dinokit.games.paleo.moves import (
    Breakdown,
    Illegal,
    MoveError,
    RoundMove,
    load_moves,
    moves_json,
    replay,
)
from dinokit.games.paleo.pads import PadGenerator, sheet_seeds
from dinokit.games.paleo.rolls import derive_rolls


@pytest.fixture(scope="module")
def generator() -> PadGenerator:
    return PadGenerator(shipped().game("paleontologists"))


@pytest.fixture(scope="module")
def site(generator):
    return generator.sheet("medium", next(sheet_seeds(4)))


def random_game(rules: Rules, site, rolls, rng: random.Random) -> tuple[Game, list[RoundMove]]:
    """A random legal game through the engine itself, bonuses and switches included."""
    game = Game(rules, site)
    moves = []
    for dice in rolls:
        squares = []
        if game.available(ONE_SQUARE) and rng.random() < 0.5:
            free = [(r, c) for r in range(rules.rows) for c in range(rules.cols)
                    if game.is_free((r, c)) and (r, c) not in game.stars]  # fmt: skip
            cell, dig_type = rng.choice(free), rng.choice(rules.dig_types)
            game.one_square(cell, dig_type)
            squares.append((cell, dig_type))
        switches = (SWITCH_SHAPE,) if game.available(SWITCH_SHAPE) and rng.random() < 0.5 else ()
        options = [(s, t, p) for s, t in rules.allowed(dice, switches)
                   for p in game.legal_placements(s)]  # fmt: skip
        if not options:
            switches = ()
            options = [(s, t, p) for s, t in rules.options(dice) for p in game.legal_placements(s)]
        if not options:
            game.pass_round(dice)
            moves.append(RoundMove(dice, None, (), None, (), (), tuple(squares)))
            continue
        shape, dig_type, cells = rng.choice(options)
        due = min(len(cells & game.stars), game.open_circles())
        bonuses = []
        for _ in range(due):
            room = [b for b, limit in rules.bonus_limits.items()
                    if len(game.circles.get(b, ())) + bonuses.count(b) < limit]  # fmt: skip
            bonuses.append(rng.choice(room))
        game.place(dice, shape, dig_type, cells, bonuses, switches)
        moves.append(RoundMove(dice, shape, tuple(sorted(cells)), dig_type, switches,
                               tuple(bonuses), tuple(squares)))  # fmt: skip
    return game, moves


def test_random_games_replay_from_json_to_the_engines_score(generator, site):
    rules = generator.rules
    used = set()
    for k in range(4):
        rolls = derive_rolls(f"test/{k}")
        game, moves = random_game(rules, site, rolls, random.Random(k))
        used |= {b for m in moves for b in m.switches} | {"square" for m in moves if m.squares}
        text = json.dumps(moves_json(moves), indent=1)
        again = load_moves(text, "game.json", rules)
        assert again == moves
        result = replay(rules, site, again)  # dice from the moves
        assert isinstance(result, Breakdown), result
        assert result.total == game.score()
        assert {f for f, _, _ in result.fossils} == set(game.dug)
        assert replay(rules, site, again, rolls) == result  # and from the sheet
    assert used >= {SWITCH_SHAPE, "square"}  # the random games did use bonuses


def _par_like(generator, site) -> list[dict]:
    rules = generator.rules
    _, moves = random_game(rules, site, derive_rolls("test/9"), random.Random(9))
    return moves_json(moves)


def test_the_first_illegal_move_is_named(generator, site):
    rules = generator.rules
    moves = _par_like(generator, site)
    placed = [i for i, m in enumerate(moves) if "shape" in m]
    a, b = placed[2], placed[3]
    moves[b]["cells"] = moves[a]["cells"]
    moves[b]["shape"] = moves[a]["shape"]
    moves[b]["dig_type"] = moves[a]["dig_type"]
    moves[b].pop("switches", None)
    moves[b].pop("bonuses", None)
    text = json.dumps(moves, indent=1)
    result = replay(rules, site, load_moves(text, "m.json", rules))
    assert isinstance(result, Illegal) and result.round == b + 1 and result.step == "shape"
    assert "empty" in result.rule or "allow" in result.rule or "stars" in result.rule
    assert result.loc.file == "m.json" and result.loc.line > 1


def _error(text: str, rules) -> MoveError:
    with pytest.raises(MoveError) as caught:
        load_moves(text, "m.json", rules)
    return caught.value


def test_a_game_in_progress_is_named_so_at_its_list(generator, site):
    rules = generator.rules
    text = json.dumps(_par_like(generator, site)[:5], indent=1)
    err = _error("\n" + text, rules)
    assert str(err) == (
        "m.json:2:1: a game in progress: 5 of 20 rounds played; a finished game has 20 "
        "(one per round)"
    )
    err = _error('{"moves": []}', rules)
    assert (err.loc.line, err.loc.column) == (1, 11) and "0 of 20 rounds played" in err.message
    bad = json.loads(text)
    placed = next(m for m in bad if "shape" in m)
    placed["shape"] = "Q"  # a bad round of a game in progress is named first
    assert "unknown shape 'Q'" in _error(json.dumps(bad, indent=1), rules).message


def test_malformed_files_are_refused_at_their_position(generator, site):
    rules = generator.rules
    good = json.dumps(_par_like(generator, site), indent=1)
    assert str(_error("[1, 2", rules)).startswith("m.json:1:6: not JSON")
    assert "not JSON" in str(_error("[NaN]", rules))
    assert "21 rounds, expected 20" in str(_error(json.dumps([{"pass": True}] * 21), rules))
    moves = json.loads(good)
    first = next(i for i, m in enumerate(moves) if "shape" in m)
    moves[first]["shape"] = "Q"
    text = json.dumps(moves, indent=1)
    err = _error(text, rules)
    line = text.splitlines()[err.loc.line - 1]
    assert "unknown shape 'Q'" in err.message and '"Q"' in line
    assert line.index('"Q"') + 1 == err.loc.column
    moves = json.loads(good)
    moves[first]["cells"][0] = [11, 3]
    err = _error(json.dumps(moves, indent=1), rules)
    assert "cell [11, 3] is outside the 11x11 grid" in err.message and err.loc.line > 1
    moves = json.loads(good)
    moves[first]["dig_type"] = "sand"
    assert "unknown dig type 'sand'" in _error(json.dumps(moves), rules).message
    moves = json.loads(good)
    moves[first]["dice"] = [0, 7]
    assert "a die is 0" in _error(json.dumps(moves), rules).message
    moves[first] = {"shape": "L"}
    assert "has no 'dig_type'" in _error(json.dumps(moves), rules).message
    moves[first] = {"pass": True, "colour": "red"}
    assert "unknown key 'colour'" in _error(json.dumps(moves), rules).message
    assert "expected a list of 20" in _error('{"rounds": 3}', rules).message


def test_dice_must_match_the_printed_rolls(generator, site):
    rules = generator.rules
    rolls = derive_rolls("test/9")
    moves = load_moves(json.dumps(_par_like(generator, site)), "m.json", rules)
    other = derive_rolls("test/8")
    result = replay(rules, site, moves, other)
    assert isinstance(result, Illegal) and result.step == "dice" and result.round == 1
    no_dice = [RoundMove(None, m.shape, m.cells, m.dig_type, m.switches, m.bonuses, m.squares)
               for m in moves]  # fmt: skip
    assert isinstance(replay(rules, site, no_dice, rolls), Breakdown)
    missing = replay(rules, site, no_dice)
    assert isinstance(missing, Illegal) and "no rolls" in missing.rule


def test_every_valid_json_is_read_as_json(generator, site):
    """Moves were read as YAML: JSON indented with tabs, or with a key over 1024
    characters, was a "YAML syntax error". Now they are JSON, whatever its spacing."""
    rules = generator.rules
    moves = _par_like(generator, site)
    expected = load_moves(json.dumps(moves), "m.json", rules)
    for text in (
        json.dumps(moves, indent="\t"),
        json.dumps(moves, separators=(",", ":")),
        json.dumps({"moves": moves}, indent=3),
        json.dumps(moves, ensure_ascii=True).replace('"L"', '"\\u004c"'),
        "\r\n".join(json.dumps(moves, indent=2).splitlines()),
    ):
        assert load_moves(text, "m.json", rules) == expected
    long = [{**moves[0], "k" * 2000: 1}, *moves[1:]]
    text = json.dumps(long, indent="\t")
    err = _error(text, rules)
    at = text.index('"kkk')
    assert (err.loc.line, err.loc.column) == (text.count("\n", 0, at) + 1, 3)  # after 2 tabs
    assert "unknown key 'kkkk" in err.message and "(2,000 characters)" in err.message


def test_moves_are_bounded_before_any_work(generator, site):
    """A 3.8 MB file (240,000 rounds) cost 48 CPU-seconds before it was refused."""
    rules = generator.rules
    huge = json.dumps([{"pass": True}] * 240_000)
    assert "characters, expected at most 262,144" in _error(huge, rules).message
    deep = "[" * 5000 + "]" * 5000
    err = _error(deep, rules)
    assert "nested more than 16 deep" in err.message and err.loc.column == 17
    twice = '[{"pass": true, "pass": true}]'
    assert "key 'pass' given twice" in _error(twice, rules).message


def test_an_unknown_key_in_a_square_is_refused(generator, site):
    rules = generator.rules
    moves = _par_like(generator, site)
    moves[0] = {"squares": [{"cell": [0, 0], "dig_type": "dots", "colour": "red"}], "pass": True}
    err = _error(json.dumps(moves), rules)
    assert "unknown key 'colour' in a square" in err.message
