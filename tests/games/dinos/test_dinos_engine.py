"""The Digging for Dinos rules engine: data-driven scenarios, then properties.

Scenarios live in tests/scenarios/digging-for-dinos/*.yaml, one test per scenario.
Each is a list entry with:
- ``name``, ``rule`` (what of the fact sheet it shows);
- a position: ``players`` (default 2), ``board`` (rows top to bottom, one square per
  word: ``species/position``, ``species/position@era`` or ``.`` for empty; default an
  empty board of the rules' size), ``tokens`` (``[owner, face, square]`` in token
  order), ``collected`` (player -> tiles), ``stacks`` (era -> tiles, top first),
  ``current``, ``round``, ``end_trigger``; or instead ``setup`` (players, seed,
  placement squares in placement order); ``left`` (tile -> another printed
  left-hand value, as eras.yaml allows: ``{pteranodon/skull@2: 5}``);
- ``actions``: moves in order: ``"b2 NE"`` (step the token on b2), ``"a1 -> c3"``
  (no legal move: put the token of a1 on c3), ``"flip b2"``, ``"decline"``;
- ``expect`` (any of the keys checked in :func:`check`) and/or ``error``: a
  fragment of the RuleError message the last action must raise.
Squares are named like spreadsheet cells: column letter, row number from the top.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest
import yaml

from dinokit.games.dinos.bots import GreedyBot, LookaheadBot, RandomBot, play_game
from dinokit.games.dinos.engine import (
    DECLINE,
    FLIP,
    PLACE,
    STEP,
    STEPS,
    Game,
    Move,
    RuleError,
    Rules,
    parse_square,
    rules_for,
    setup,
    square_name,
)
from dinokit.games.dinos.tune import with_values
from dinokit.products.validate import load_data

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios" / "digging-for-dinos"


#: The complete values the scenarios' expected scores were written for; the shipped
#: balance (data/digging-for-dinos/species.yaml, tuned by `dinokit tune`) may move on.
SCENARIO_COMPLETE = {
    "tyrannosaurus": 16, "velociraptor": 7, "deinosuchus": 9, "triceratops": 11,
    "stegosaurus": 12, "brachiosaurus": 18, "ankylosaurus": 8, "pteranodon": 6,
    "parasaurolophus": 9,
}  # fmt: skip


@pytest.fixture(scope="module")
def rules() -> Rules:
    data, _ = load_data()
    return rules_for(with_values(data.game("digging-for-dinos"), SCENARIO_COMPLETE))


# ------------------------------------------------------------------ scenario runner


def _scenarios() -> list:
    found = []
    for path in sorted(SCENARIOS.glob("*.yaml")):
        for scenario in yaml.safe_load(path.read_text(encoding="utf-8")):
            found.append(pytest.param(scenario, id=f"{path.stem}:{scenario['name']}"))
    return found


def tile(rules: Rules, name: str, era: int | None = None) -> int | None:
    if name == ".":
        return None
    if "@" in name:
        name, era_text = name.split("@")
        era = int(era_text)
    species, position = name.split("/")
    return rules.tile_index(species, position, era)


def tiles(rules: Rules, names, era: int | None = None) -> list[int | None]:
    return [tile(rules, name, era) for name in names]


def board_tiles(rules: Rules, text: str) -> list[int | None]:
    return tiles(rules, text.split())


def tile_name(rules: Rules, index: int | None) -> str:
    """The scenario spelling of a tile: era 1 is implied, other eras get ``@era``."""
    if index is None:
        return "."
    t = rules.tiles[index]
    return f"{t.species}/{t.position}" + ("" if t.era == 1 else f"@{t.era}")


def canonical(rules: Rules, names) -> list[str]:
    return [tile_name(rules, tile(rules, n)) for n in names]


def move_text(game: Game, move: Move) -> str:
    if move.kind == DECLINE:
        return "decline"
    at = square_name(game.side, game.squares[move.token])
    if move.kind == FLIP:
        return f"flip {at}"
    if move.kind == PLACE:
        return f"{at} -> {square_name(game.side, move.square)}"
    return f"{at} {move.direction}"


def parse_move(game: Game, text: str) -> Move:
    words = text.split()
    if words == ["decline"]:
        return Move(DECLINE)

    def token_on(name: str) -> int:
        square = parse_square(game.side, name)
        assert square in game.squares, f"scenario error: no token on {name}"
        return game.squares.index(square)

    if words[0] == "flip":
        return Move(FLIP, token_on(words[1]))
    if len(words) == 3 and words[1] == "->":
        return Move(PLACE, token_on(words[0]), square=parse_square(game.side, words[2]))
    assert len(words) == 2 and words[1] in STEPS, f"scenario error: move {text!r}"
    return Move(STEP, token_on(words[0]), words[1])


def build(rules: Rules, scenario: dict) -> Game:
    if "setup" in scenario:
        spec = scenario["setup"]
        placement = spec.get("placement")
        players = spec["players"]
        side = rules.board_size.get(players, 0)
        squares = None if placement is None else [parse_square(side, s) for s in placement]
        return setup(rules, players, random.Random(spec.get("seed", 0)), squares)
    players = scenario.get("players", 2)
    if "board" in scenario:
        board = board_tiles(rules, scenario["board"])
    else:
        board = [None] * rules.board_size[players] ** 2
    side = int(len(board) ** 0.5)
    return Game.from_position(
        rules,
        players,
        board,
        tokens=[(o, f, parse_square(side, sq)) for o, f, sq in scenario.get("tokens", [])],
        collected={p: tiles(rules, names) for p, names in scenario.get("collected", {}).items()},
        stacks={e: tiles(rules, names, e) for e, names in scenario.get("stacks", {}).items()},
        current=scenario.get("current", 0),
        round=scenario.get("round", 1),
        end_trigger=scenario.get("end_trigger"),
    )


def check(rules: Rules, game: Game, turn, expect: dict) -> None:
    side = game.side
    for key, want in expect.items():
        if key == "side":
            assert game.side == want
        elif key == "board":
            assert [tile_name(rules, t) for t in game.board] == canonical(rules, want.split())
        elif key == "board_eras":
            assert sorted({rules.tiles[t].era for t in game.board if t is not None}) == want
        elif key == "tokens":
            got = [
                [game.owner[t], game.faces[t], square_name(side, game.squares[t])]
                for t in range(len(game.squares))
            ]
            assert got == want
        elif key == "collected":
            for player, names in want.items():
                got = Counter(tile_name(rules, t) for t in game.collected[player])
                assert got == Counter(canonical(rules, names)), f"player {player}"
        elif key == "stacks":
            for era, names in want.items():
                stack = game.stacks[rules.eras.index(era)]
                got = [tile_name(rules, t) for t in reversed(stack)]
                assert got == canonical(rules, [n if "@" in n else f"{n}@{era}" for n in names])
        elif key == "stack_sizes":
            assert {e: len(s) for e, s in zip(rules.eras, game.stacks, strict=True)} == want
        elif key == "turn":
            assert turn is not None, "the last action was no step or placement"
            for part, value in want.items():
                got = getattr(turn, part)
                if part in ("collected", "refilled"):
                    assert tile_name(rules, got) == canonical(rules, [value])[0], part
                else:
                    assert got == value, part
        elif key == "completed":
            for player, species in want.items():
                assert game.completed_species(player) == (species or {}), f"player {player}"
        elif key == "legal_moves":
            assert sorted(move_text(game, m) for m in game.legal_moves()) == sorted(want)
        elif key == "scores":
            assert game.scores() == want
        elif key == "winners":
            assert game.winners() == want
        elif key in ("current", "round", "end_trigger", "finished", "pending_flip", "turns"):
            assert getattr(game, key) == want, key
        else:
            raise AssertionError(f"scenario error: unknown expectation {key!r}")


def with_left_values(rules: Rules, left: dict | None) -> Rules:
    """The rules with some tiles printing another left-hand value."""
    if not left:
        return rules
    from dataclasses import replace

    def value(era: int, t) -> int:
        name = f"{t.species}/{t.position}"
        return left.get(name if era == 1 else f"{name}@{era}", t.left)

    eras = tuple(
        replace(e, tiles=tuple(replace(t, left=value(e.number, t)) for t in e.tiles))
        for e in rules.data.eras
    )
    return Rules.from_data(replace(rules.data, eras=eras))


@pytest.mark.parametrize("scenario", _scenarios())
def test_scenario(rules: Rules, scenario: dict) -> None:
    rules = with_left_values(rules, scenario.get("left"))
    error = scenario.get("error")
    if error is not None and not scenario.get("actions"):
        with pytest.raises(RuleError) as raised:
            build(rules, scenario)
        assert error in str(raised.value)
        return
    game = build(rules, scenario)
    actions = scenario.get("actions", [])
    turn = None
    for i, action in enumerate(actions):
        move = parse_move(game, action)
        if error is not None and i == len(actions) - 1:
            before = game.copy()
            with pytest.raises(RuleError) as raised:
                game.apply(move)
            assert error in str(raised.value)
            # a refused move changes nothing
            assert (game.board, game.squares, game.faces, game.collected) == (
                before.board, before.squares, before.faces, before.collected,
            )  # fmt: skip
            assert (game.current, game.pending_flip) == (before.current, before.pending_flip)
        else:
            turn = game.apply(move)
    check(rules, game, turn, scenario.get("expect", {}))


def test_scenarios_cover_the_rules() -> None:
    """Every scenario says which rule it shows, and names are unique."""
    names = [p.id for p in _scenarios()]
    assert len(names) == len(set(names)) and len(names) >= 50
    for param in _scenarios():
        assert param.values[0].get("rule"), param.id


# ------------------------------------------------------------------------ properties


def _position_ok(game: Game) -> None:
    n = game.side * game.side
    assert all(0 <= sq < n for sq in game.squares)
    assert len(set(game.squares)) == len(game.squares)
    # tile conservation: board + stacks + collected = every tile, each once
    held = [t for t in game.board if t is not None]
    held += [t for stack in game.stacks for t in stack]
    held += [t for mine in game.collected for t in mine]
    assert sorted(held) == list(range(len(game.rules.tiles)))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_terminate_and_conserve_tiles(rules: Rules, players: int) -> None:
    for seed in range(15):
        rng = random.Random(seed)
        game = setup(rules, players, rng)
        _position_ok(game)
        while not game.finished:
            moves = game.legal_moves()
            assert moves
            game.apply(rng.choice(moves))
            _position_ok(game)
            assert game.turns < 200
        assert game.end_trigger in ("last-era3-tile", "fourth-dinosaur")
        # everyone has had the same number of turns, and the tokens left empty squares
        assert game.turns % players == 0
        assert all(game.board[sq] is None for sq in game.squares)
        assert game.legal_moves() == []


def test_every_legal_move_is_accepted_and_every_other_step_refused(rules: Rules) -> None:
    rng = random.Random(7)
    for players in (2, 3, 4):
        game = setup(rules, players, rng)
        while not game.finished:
            legal = set(game.legal_moves())
            if game.pending_flip is None and legal and next(iter(legal)).kind == STEP:
                for token in range(len(game.squares)):
                    for direction in STEPS:
                        move = Move(STEP, token, direction)
                        trial = game.copy()
                        if move in legal:
                            trial.apply(move)
                            target = trial.squares[token]
                            assert target != game.squares[token]
                            assert target not in game.squares  # never on a token
                        else:
                            with pytest.raises(RuleError):
                                trial.apply(move)
            game.apply(rng.choice(sorted(legal)))
            assert game.turns < 200


def test_starting_tiles_are_the_first_collected(rules: Rules) -> None:
    """The tile under a starting token is what that token collects when it first moves."""
    for seed in range(5):
        game = setup(rules, 2, random.Random(seed), [0, 5, 10, 15])
        start_tiles = list(game.board)
        move = game.legal_moves()[0]
        turn = game.apply(move)
        assert turn is not None and turn.collected == start_tiles[[0, 5, 10, 15][move.token]]


def test_same_seed_same_game(rules: Rules) -> None:
    def record(seed: int) -> tuple:
        rng = random.Random(seed)
        game = setup(rules, 3, rng)
        moves = []
        while not game.finished:
            move = rng.choice(game.legal_moves())
            moves.append(move)
            game.apply(move)
            assert game.turns < 200
        return moves, game.scores(), list(game.board)

    assert record(11) == record(11)
    assert record(11) != record(12)


def test_copy_is_independent(rules: Rules) -> None:
    game = setup(rules, 2, random.Random(3))
    before = (list(game.board), list(game.squares), [list(c) for c in game.collected])
    trial = game.copy()
    while not trial.finished and trial.turns < 200:
        trial.apply(trial.legal_moves()[0])
    assert trial.finished
    assert (game.board, game.squares, game.collected) == before
    assert not game.finished and game.turns == 0


def test_tiles_of_a_set_are_the_lowest_valued(rules: Rules) -> None:
    """When eras print different left-hand values, a completed set takes the cheapest tiles."""
    from dataclasses import replace

    data = rules.data
    era2 = data.eras[1]
    dear = tuple(
        replace(t, left=5) if (t.species, t.position) == ("pteranodon", "skull") else t
        for t in era2.tiles
    )
    changed = replace(data, eras=(data.eras[0], replace(era2, tiles=dear), data.eras[2]))
    other = Rules.from_data(changed)
    skull1 = other.tile_index("pteranodon", "skull", 1)
    skull2 = other.tile_index("pteranodon", "skull", 2)
    wings = other.tile_index("pteranodon", "wings", 1)
    game = Game.from_position(other, 2, [None] * 16, collected={0: [skull2, skull1, wings]})
    assert game.completed_species(0) == {"pteranodon": 1}
    assert game.score(0) == 6 + 5  # the set uses the era-1 skull (2); era-2 skull scores 5


@pytest.mark.parametrize("bot", [RandomBot, GreedyBot, LookaheadBot])
def test_bots_play_whole_games(rules: Rules, bot) -> None:
    for players in (2, 4):
        bots = [bot() for _ in range(players)]
        result = play_game(rules, players, bots, random.Random(5), max_turns=200)
        assert len(result.scores) == players
        assert result.winners and set(result.winners) <= set(range(players))
        assert result.trigger in ("last-era3-tile", "fourth-dinosaur")
        assert result.turns == result.rounds * players
        best = max(result.scores)
        assert all(result.scores[w] == best for w in result.winners)


def test_greedy_beats_random(rules: Rules) -> None:
    rng = random.Random(9)
    wins = 0
    for _ in range(20):
        result = play_game(rules, 2, [GreedyBot(), RandomBot()], rng, max_turns=200)
        wins += result.scores[0] > result.scores[1]
    assert wins >= 14


def test_bot_games_repeat_with_the_seed(rules: Rules) -> None:
    def play(seed: int):
        return play_game(
            rules, 3, [GreedyBot(), RandomBot(), GreedyBot()], random.Random(seed), max_turns=200
        )

    assert play(4) == play(4)
