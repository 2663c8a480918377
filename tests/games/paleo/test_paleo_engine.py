"""The Paleontologists rules engine: data-driven scenarios, then properties.

Scenarios live in tests/scenarios/paleontologists/*.yaml, one test per scenario. Each
file is a YAML list; each entry has:

- ``name`` (unique in its file) and ``rule``: the line of
  shared/games/paleontologists.md it shows (quoted, or "Decision: ..." for a
  binding decision, "Engine: ..." for a decision of the engine's docstring);
- optional ``xfail: "reason"``: a known engine bug; the scenario must fail (strict).

The sheet, one player's position:

- ``grid``: an ASCII picture of the sheet, one line per row, spaces ignored:
  ``.`` empty cell, ``*`` star, ``A``-``Z`` a cell of that fossil, and a drawn
  cell as the first letter of its dig type (``c`` chevrons, ``h`` hatch,
  ``d`` dots). The picture sets the grid size.
- ``size: [rows, cols]`` instead of ``grid``; without both, the size is the data's
  default (11x11).
- ``fossils``: list of ``{id, cells, value, bonus}``; ``cells`` only for fossils
  not drawn in ``grid``; ``value``/``bonus`` default to 2/1.
- ``stars``: further star cells; ``drawn``: further drawn cells ``{cell: type}``
  (e.g. a drawn star).
- ``bonuses``: ``{bonus: count}`` circled so far (in the rounds already played), or
  ``{bonus: [round, ...]}`` the round each circle was made in; ``used``:
  ``{bonus: count}`` crossed off so far; ``round``: rounds played so far (default
  0); ``dug``: fossils dug earlier (``{id: with-bonus | no-bonus}``; every fossil
  surrounded in the position must be listed); ``rivals``: the final totals of the
  other players (for ``winners``).

A cell is ``"r,c"`` or ``[r, c]``, counted from 0, top-left; a list of cells may
be one string ``"r,c r,c ..."``. Bonuses: ``one-square-anywhere``,
``switch-shape``, ``switch-dig-type``, ``plus-one``.

``actions``, in order:

- ``{place: [die, die], shape: L, type: hatch, cells: "...", stars: [bonus, ...],
  switch: switch-shape}`` (``stars`` and ``switch`` optional; ``switch`` may be a
  list of both switches) -> ``Game.place``;
- ``{pass: [die, die]}`` -> ``Game.pass_round``;
- ``{one_square: "r,c", type: dots}`` -> ``Game.one_square``.

``error``: a fragment of the RuleError message the *last* action must raise; a
refused action must leave the position exactly as it was. ``expect`` (after all
actions): ``grid`` (the whole sheet, same picture as above), ``drawn`` (these
cells carry these types), ``drawn_count``, ``single_squares`` (cells drawn by One
Square Anywhere), ``dug`` (exactly these fossils, ``with-bonus`` or ``no-bonus``),
``bonuses`` / ``used`` (exactly, zeros left out; ``bonuses`` also as round
lists), ``available``, ``score``, ``winners`` (indices of the winners: this
sheet is player 0, the ``rivals`` follow), ``round``, ``options``
(``{"2 5": ["T hatch", ...]}``: the shape/type pairs a roll allows),
``legal_placements`` (``{shape: count}``), ``unfair`` (fragment of
the pad generator's fairness complaint about this sheet).
"""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest
import yaml

from dinokit.games.paleo.engine import (
    ONE_SQUARE,
    PLUS_ONE,
    SWITCH_SHAPE,
    SWITCH_TYPE,
    Game,
    RuleError,
    Rules,
    neighbours_in_grid,
    winners,
)
from dinokit.games.paleo.model import DigSite, Fossil
from dinokit.games.paleo.pads import unfair_reasons
from dinokit.games.paleo.polyomino import normalise, orientations
from dinokit.products.validate import load_data

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios" / "paleontologists"
BONUSES = (ONE_SQUARE, SWITCH_SHAPE, SWITCH_TYPE, PLUS_ONE)
DUG_WORDS = {"with-bonus": True, "no-bonus": False}


@pytest.fixture(scope="module")
def paleo():
    data, _ = load_data()
    return data.game("paleontologists")


@pytest.fixture(scope="module")
def base_rules(paleo) -> Rules:
    return Rules.from_data(paleo)


_RULES_BY_SIZE: dict[tuple[int, int], Rules] = {}


def rules_of_size(base: Rules, rows: int, cols: int) -> Rules:
    """The data's rules on a grid of another size (the size is data)."""
    if (rows, cols) == (base.rows, base.cols):
        return base
    key = (rows, cols)
    if key not in _RULES_BY_SIZE:
        _RULES_BY_SIZE[key] = dataclasses.replace(base, rows=rows, cols=cols)
    return _RULES_BY_SIZE[key]


# ------------------------------------------------------------------ scenario runner


def _scenarios() -> list:
    found = []
    for path in sorted(SCENARIOS.glob("*.yaml")):
        for scenario in yaml.safe_load(path.read_text(encoding="utf-8")):
            marks = []
            if scenario.get("xfail"):
                marks.append(pytest.mark.xfail(reason=scenario["xfail"], strict=True))
            found.append(pytest.param(scenario, id=f"{path.stem}:{scenario['name']}", marks=marks))
    return found


def cell(text) -> tuple[int, int]:
    if isinstance(text, str):
        r, c = text.split(",")
        return int(r), int(c)
    r, c = text
    return int(r), int(c)


def cells(spec) -> list[tuple[int, int]]:
    if isinstance(spec, str):
        return [cell(word) for word in spec.split()]
    return [cell(item) for item in spec]


def type_letters(rules: Rules) -> dict[str, str]:
    letters = {t[0]: t for t in rules.dig_types}
    assert len(letters) == len(rules.dig_types), "dig types need distinct first letters"
    return letters


def grid_rows(text: str) -> list[str]:
    rows = ["".join(line.split()) for line in text.strip("\n").splitlines()]
    assert rows and len({len(r) for r in rows}) == 1, f"scenario error: ragged grid {rows}"
    return rows


def build(base: Rules, scenario: dict) -> Game:
    letters = None
    fossil_cells: dict[str, list] = {}
    stars = [cell(s) for s in scenario.get("stars", [])]
    drawn = {cell(k): v for k, v in (scenario.get("drawn") or {}).items()}
    if "grid" in scenario:
        assert "size" not in scenario, "scenario error: grid and size"
        rows = grid_rows(scenario["grid"])
        n_rows, n_cols = len(rows), len(rows[0])
        rules = rules_of_size(base, n_rows, n_cols)
        letters = type_letters(rules)
        for r, line in enumerate(rows):
            for c, ch in enumerate(line):
                if ch == ".":
                    continue
                if ch == "*":
                    stars.append((r, c))
                elif ch.isupper():
                    fossil_cells.setdefault(ch, []).append((r, c))
                elif ch in letters:
                    drawn[(r, c)] = letters[ch]
                else:
                    raise AssertionError(f"scenario error: grid character {ch!r}")
    else:
        n_rows, n_cols = scenario.get("size", (base.rows, base.cols))
        rules = rules_of_size(base, n_rows, n_cols)
    fossils = []
    listed = {f["id"]: f for f in scenario.get("fossils", [])}
    for fid in sorted(set(listed) | set(fossil_cells)):
        spec = listed.get(fid, {})
        if fid in fossil_cells:
            assert "cells" not in spec, f"scenario error: fossil {fid} twice"
            where = fossil_cells[fid]
        else:
            where = cells(spec["cells"])
        fossils.append(
            Fossil(fid, tuple(sorted(where)), spec.get("value", 2), spec.get("bonus", 1), "test")
        )
    site = DigSite(
        "TEST", 0, "medium", n_rows, n_cols, tuple(fossils), tuple(sorted(set(stars))), 0.0
    )
    game = Game(rules, site)
    for where, dig_type in drawn.items():
        assert dig_type in rules.dig_types, f"scenario error: dig type {dig_type!r}"
        game.drawn[where] = dig_type
    for bonus, made in (scenario.get("bonuses") or {}).items():
        rounds = [game_round(scenario)] * made if isinstance(made, int) else list(made)
        assert all(0 <= r <= game_round(scenario) for r in rounds), "scenario error: future circle"
        for made_in in rounds:
            game.circle(bonus, made_in)
    game.used.update({k: v for k, v in (scenario.get("used") or {}).items() if v})
    game.round = game_round(scenario)
    game.dug.update({k: DUG_WORDS[v] for k, v in (scenario.get("dug") or {}).items()})
    for fossil in site.fossils:
        surrounded = all(c in game.drawn for c in game.around[fossil.id])
        assert surrounded == (fossil.id in game.dug), (
            f"scenario error: fossil {fossil.id} surrounded={surrounded} but dug lists "
            f"{sorted(game.dug)}"
        )
    return game


def game_round(scenario: dict) -> int:
    return scenario.get("round", 0)


ACTION_KEYS = {
    "place": {"place", "shape", "type", "cells", "stars", "switch"},
    "pass": {"pass"},
    "one_square": {"one_square", "type"},
}


def apply(game: Game, action: dict) -> None:
    kind = next((k for k in ACTION_KEYS if k in action), None)
    assert kind is not None, f"scenario error: action {action}"
    assert set(action) <= ACTION_KEYS[kind], f"scenario error: keys of {action}"
    if kind == "place":
        game.place(
            tuple(action["place"]),
            action["shape"],
            action["type"],
            cells(action["cells"]),
            star_bonuses=tuple(action.get("stars", ())),
            switches=action.get("switch", ()),
        )
    elif kind == "pass":
        game.pass_round(tuple(action["pass"]))
    else:
        game.one_square(cell(action["one_square"]), action["type"])


def state(game: Game) -> tuple:
    """Everything a move may change, as plain values."""
    return (
        dict(game.drawn),
        set(game.single_squares),
        {k: list(v) for k, v in game.circles.items() if v},
        {k: v for k, v in game.used.items() if v},
        dict(game.dug),
        game.round,
    )


def picture(game: Game) -> list[str]:
    letters = {t: t[0] for t in game.rules.dig_types}
    owner = {c: f.id for f in game.site.fossils for c in f.cells}
    rows = []
    for r in range(game.rules.rows):
        line = ""
        for c in range(game.rules.cols):
            if (r, c) in owner:
                line += owner[(r, c)]
            elif (r, c) in game.drawn:
                line += letters[game.drawn[(r, c)]]
            elif (r, c) in game.stars:
                line += "*"
            else:
                line += "."
        rows.append(line)
    return rows


def option_words(rules: Rules, dice: str) -> list[str]:
    a, b = (int(x) for x in dice.split())
    return sorted(f"{s} {t}" for s, t in rules.options((a, b)))


def check(game: Game, expect: dict, rivals: list[int]) -> None:
    for key, want in expect.items():
        if key == "grid":
            assert picture(game) == grid_rows(want)
        elif key == "drawn":
            got = {f"{r},{c}": game.drawn.get((r, c)) for r, c in (cell(k) for k in want)}
            assert got == {f"{r},{c}": v for (r, c), v in ((cell(k), v) for k, v in want.items())}
        elif key == "drawn_count":
            assert len(game.drawn) == want
        elif key == "single_squares":
            assert game.single_squares == set(cells(want))
        elif key == "dug":
            assert game.dug == {k: DUG_WORDS[v] for k, v in (want or {}).items()}
        elif key == "bonuses":
            want = want or {}
            got = {k: v if isinstance(want.get(k), int) else game.circles[k]
                   for k, v in game.bonuses.items()}  # fmt: skip
            assert got == want, key
        elif key == "used":
            assert {k: v for k, v in game.used.items() if v} == (want or {}), key
        elif key == "available":
            assert {b: game.available(b) for b in want} == want
        elif key == "score":
            assert game.score() == want
        elif key == "winners":
            assert winners([game.score(), *rivals]) == want
        elif key == "round":
            assert game.round == want
        elif key == "options":
            for dice, pairs in want.items():
                assert option_words(game.rules, dice) == sorted(pairs), dice
        elif key == "legal_placements":
            assert {s: len(game.legal_placements(s)) for s in want} == want
        elif key == "unfair":
            reasons = unfair_reasons(game.rules, game.site)
            assert any(want in reason for reason in reasons), reasons
        else:
            raise AssertionError(f"scenario error: unknown expectation {key!r}")


@pytest.mark.parametrize("scenario", _scenarios())
def test_scenario(base_rules: Rules, scenario: dict) -> None:
    game = build(base_rules, scenario)
    actions = scenario.get("actions", [])
    error = scenario.get("error")
    assert error is None or actions, "scenario error: an error needs an action"
    for i, action in enumerate(actions):
        if error is not None and i == len(actions) - 1:
            before = state(game)
            with pytest.raises(RuleError) as raised:
                apply(game, action)
            assert error in str(raised.value)
            assert state(game) == before, "a refused move changed the sheet"
        else:
            apply(game, action)
    check(game, scenario.get("expect", {}), scenario.get("rivals", []))


def test_scenarios_cover_the_rules() -> None:
    """Every scenario says which rule it shows; names are unique; enough of them."""
    params = _scenarios()
    names = [p.id for p in params]
    assert len(names) == len(set(names)) and len(names) >= 60
    for param in params:
        scenario = param.values[0]
        assert scenario.get("rule"), param.id
        assert set(scenario) <= {
            "name", "rule", "xfail", "grid", "size", "fossils", "stars", "drawn",
            "bonuses", "used", "round", "dug", "rivals", "actions", "error", "expect",
        }, param.id  # fmt: skip


# Every sentence of a **Decision** line of shared/games/paleontologists.md, and each
# decision the engine's docstring takes where the sheet is silent.
DECISIONS = (
    "Decision: size is data",
    "Decision: a bonus circled in a round can be used from the next round on",
    "Decision: a One Square Anywhere square drawn after a round's shape counts as part of "
    "the next round",
    "Decision: nothing can be used after round 20, so a bonus circled in round 20 only "
    "counts if it is +1 Point",
    "Decision: A star covered when every bonus is already circled four times gives nothing; "
    "the shape is still legal",
    "Decision: the edge of the grid counts as a wall",
    "Decision: Fossils are never orthogonally adjacent",
    "Decision: Switch Shape and Switch Dig Type may both be used in the same round (each "
    "crosses off one circle)",
    "Decision: One Square Anywhere may be used at any moment of a round (before or after its "
    "shape), one square per circle",
    "Decision: the square goes on an empty, non-fossil cell with no star, in any dig type",
    "Decision: a round in which no shape of the roll fits anywhere (and the player does not "
    "use a switch) is passed: nothing is drawn",
    "Decision: players with the same highest total share the victory",
    "Engine: a covered star must circle a bonus while one is open",
    "Engine: a roll is passed only when none of its own shapes fits",
)


def test_every_decision_line_has_a_scenario() -> None:
    """Each **Decision** of the fact sheet and each engine decision is shown somewhere."""
    rules = [p.values[0]["rule"] for p in _scenarios()]
    missing = [d for d in DECISIONS if not any(d in rule for rule in rules)]
    assert not missing, missing


# ------------------------------------------------------------- every shape, every type


def _empty_game(base: Rules, **bonuses: int) -> Game:
    rules = rules_of_size(base, 6, 6)
    game = Game(rules, DigSite("TEST", 0, "medium", 6, 6, (), (), 0.0))
    for bonus, count in bonuses.items():
        for _ in range(count):
            game.circle(bonus.replace("_", "-"), 0)
    return game


def test_switch_shape_allows_each_of_the_twelve_shapes(base_rules: Rules) -> None:
    """Switch Shape: this round, use any of the twelve shapes instead (every roll)."""
    assert len(base_rules.shapes) == 12
    for dice in [(a, b) for a in range(1, 7) for b in range(1, 7)]:
        types = {t for _, t in base_rules.options(dice)}
        for shape in base_rules.shapes:
            for dig_type in base_rules.dig_types:
                game = _empty_game(base_rules, switch_shape=1)
                where = game.legal_placements(shape)[0]
                if dig_type in types:
                    game.place(dice, shape, dig_type, where, switches=SWITCH_SHAPE)
                    assert game.available(SWITCH_SHAPE) == 0 and game.round == 1
                else:
                    with pytest.raises(RuleError, match="does not allow"):
                        game.place(dice, shape, dig_type, where, switches=SWITCH_SHAPE)
                    assert game.available(SWITCH_SHAPE) == 1 and game.round == 0


def test_switch_dig_type_allows_each_of_the_three_types(base_rules: Rules) -> None:
    """Switch Dig Type: this round, use any of the three dig types instead (every roll)."""
    assert len(base_rules.dig_types) == 3
    for dice in [(a, b) for a in range(1, 7) for b in range(1, 7)]:
        shapes = {s for s, _ in base_rules.options(dice)}
        for shape in base_rules.shapes:
            for dig_type in base_rules.dig_types:
                game = _empty_game(base_rules, switch_dig_type=1)
                where = game.legal_placements(shape)[0]
                if shape in shapes:
                    game.place(dice, shape, dig_type, where, switches=SWITCH_TYPE)
                    assert set(game.drawn.values()) == {dig_type}
                    assert game.available(SWITCH_TYPE) == 0
                else:
                    with pytest.raises(RuleError, match="does not allow"):
                        game.place(dice, shape, dig_type, where, switches=SWITCH_TYPE)


def test_without_a_switch_exactly_the_roll_options_are_allowed(base_rules: Rules) -> None:
    """One die for the shape, the other for the type: nothing else, for every roll."""
    for dice in [(a, b) for a in range(1, 7) for b in range(1, 7)]:
        a, b = dice
        want = {(s, base_rules.face_type[b]) for s in base_rules.face_shapes[a]}
        want |= {(s, base_rules.face_type[a]) for s in base_rules.face_shapes[b]}
        for shape in base_rules.shapes:
            for dig_type in base_rules.dig_types:
                game = _empty_game(base_rules)
                where = game.legal_placements(shape)[0]
                if (shape, dig_type) in want:
                    game.place(dice, shape, dig_type, where)
                else:
                    with pytest.raises(RuleError, match="does not allow"):
                        game.place(dice, shape, dig_type, where)


def test_every_orientation_of_every_shape_is_accepted(base_rules: Rules) -> None:
    """Rotated or mirrored as you like; any other five cells are refused."""
    for shape, cells_ in base_rules.shapes.items():
        variants = orientations(cells_)
        assert len(variants) in (1, 2, 4, 8)
        for variant in variants:
            game = _empty_game(base_rules, switch_shape=1)
            game.place(
                (1, 1), shape, "dots", [(r + 1, c) for r, c in variant], switches=SWITCH_SHAPE
            )
        others = {v for s, c in base_rules.shapes.items() if s != shape for v in orientations(c)}
        for other in others:
            game = _empty_game(base_rules, switch_shape=1)
            with pytest.raises(RuleError, match=f"not a {shape} pentomino"):
                game.place((1, 1), shape, "dots", other, switches=SWITCH_SHAPE)


# ------------------------------------------------------------------------ properties


def random_site(paleo, rules: Rules, rng: random.Random) -> DigSite:
    """A random sheet: data templates, turned or mirrored, never touching; stars on open cells."""
    site_rules = paleo.dig_site
    taken: set = set()
    blocked: set = set()
    fossils = []
    for i in range(rng.randint(site_rules.fossils_min, site_rules.fossils_max)):
        template = rng.choice(site_rules.templates)
        shape = rng.choice(sorted(sorted(o) for o in orientations(template.cells)))
        for _ in range(200):
            r, c = rng.randrange(rules.rows), rng.randrange(rules.cols)
            where = frozenset((r + dr, c + dc) for dr, dc in shape)
            if all(rules.inside(x) for x in where) and where.isdisjoint(blocked):
                break
        else:
            continue
        assert normalise(where) in orientations(template.cells)
        taken |= where
        blocked |= where | neighbours_in_grid(where, rules)
        fossils.append(Fossil(chr(65 + i), tuple(sorted(where)), template.value, template.bonus,
                              template.id))  # fmt: skip
    free = [(r, c) for r in range(rules.rows) for c in range(rules.cols) if (r, c) not in taken]
    stars = tuple(sorted(rng.sample(free, site_rules.stars)))
    return DigSite("RANDOM", 0, "medium", rules.rows, rules.cols, tuple(fossils), stars, 0.0)


def recomputed_score(game: Game) -> int:
    """The score from the sheet alone, as a player adds it up after round 20."""
    total = game.bonuses.get(PLUS_ONE, 0)  # every +1 Point circled, in any round
    for fossil in game.site.fossils:
        around = neighbours_in_grid(fossil.cells, game.rules)
        if all(c in game.drawn for c in around):
            total += fossil.value
            one_type = len({game.drawn[c] for c in around}) == 1
            if one_type and not (around & game.single_squares):
                total += fossil.bonus
    return total


def random_move(game: Game, rng: random.Random, dice) -> None:
    """Some legal move for this roll, sometimes with a bonus; a pass when nothing fits.

    Half of the time the shape is one that draws a neighbour of a fossil, so that
    fossils get dug (with and without their bonus) in these games.
    """
    rules = game.rules
    if game.available(ONE_SQUARE) and rng.random() < 0.3:
        spots = [
            (r, c)
            for r in range(rules.rows)
            for c in range(rules.cols)
            if game.is_free((r, c)) and (r, c) not in game.stars
        ]
        if spots:
            game.one_square(rng.choice(spots), rng.choice(rules.dig_types))
    switches = [s for s in (SWITCH_SHAPE, SWITCH_TYPE) if game.available(s) and rng.random() < 0.3]
    options = rules.allowed(dice, switches)
    choices = [(s, t, p) for s, t in sorted(options) for p in game.legal_placements(s)]
    if not choices and switches:
        switches = []
        choices = [(s, t, p) for s, t in rules.options(dice) for p in game.legal_placements(s)]
    if not choices:
        game.pass_round(dice)
        return
    digging = [c for c in choices if c[2] & set().union(*game.around.values())]
    if digging and rng.random() < 0.5:
        choices = digging
    shape, dig_type, placement = rng.choice(choices)
    bonuses = good_bonuses(game, rng, len(placement & game.stars))
    game.place(dice, shape, dig_type, sorted(placement), bonuses, switches)


def good_bonuses(game: Game, rng: random.Random, count: int) -> list[str]:
    """Bonuses to circle for ``count`` covered stars, none over its limit: one a star
    while circles are open, then none."""
    chosen: list[str] = []
    for _ in range(count):
        open_ = [
            b for b in BONUSES
            if game.bonuses.get(b, 0) + chosen.count(b) < game.rules.bonus_limits[b]
        ]  # fmt: skip
        if open_:
            chosen.append(rng.choice(open_))
    return chosen


def invariants(game: Game) -> None:
    rules = game.rules
    assert not set(game.drawn) & game.fossil_cells
    assert all(rules.inside(c) for c in game.drawn)
    assert game.single_squares <= set(game.drawn)
    for bonus in BONUSES:
        assert 0 <= game.used.get(bonus, 0) <= game.bonuses.get(bonus, 0)
        assert game.bonuses.get(bonus, 0) <= rules.bonus_limits[bonus]
    assert game.used.get(PLUS_ONE, 0) == 0
    assert not game.single_squares & game.stars  # One Square never lands on a star
    # every star drawn (by a shape) circled one bonus while circles were open
    capacity = sum(rules.bonus_limits.values())
    assert sum(game.bonuses.values()) == min(capacity, len(game.stars & set(game.drawn)))
    # every circle was made in a round played, and used only from the next round on
    assert all(1 <= r <= game.round for rounds in game.circles.values() for r in rounds)
    for fossil in game.site.fossils:  # dug exactly when surrounded
        surrounded = all(c in game.drawn for c in game.around[fossil.id])
        assert surrounded == (fossil.id in game.dug)


def test_random_legal_games_end_after_the_rounds(paleo, base_rules: Rules) -> None:
    """Random legal games (bonuses used at random) end after 20 rounds, and the score
    is what the sheet shows: dug values, earned bonuses, +1 Points."""
    totals = {"dug": 0, "with-bonus": 0, "used": 0, "passes": 0, "singles": 0}
    for seed in range(12):
        rng = random.Random(seed)
        game = Game(base_rules, random_site(paleo, base_rules, rng))
        placed = 0
        for _ in range(base_rules.rounds):
            before = len(game.drawn)
            singles = len(game.single_squares)
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            random_move(game, rng, dice)
            drawn_now = len(game.drawn) - before - (len(game.single_squares) - singles)
            assert drawn_now in (0, 5)
            placed += drawn_now == 5
            totals["passes"] += drawn_now == 0
            invariants(game)
        assert game.round == base_rules.rounds
        assert len(game.drawn) == 5 * placed + len(game.single_squares)
        assert game.score() == recomputed_score(game)
        # the game is over: no 21st shape
        shape, dig_type = base_rules.options((1, 1))[0]
        spots = game.legal_placements(shape)
        with pytest.raises(RuleError, match="game is over"):
            game.place((1, 1), shape, dig_type, spots[0] if spots else [(0, 0)])
        totals["dug"] += len(game.dug)
        totals["with-bonus"] += sum(game.dug.values())
        totals["used"] += sum(game.used.values())
        totals["singles"] += len(game.single_squares)
    # the games did exercise the rules
    assert all(totals.values()), totals


def _bad_place(game: Game, rng: random.Random, kind: str, legal: dict):
    """Arguments for a ``place`` that is probably refused, with one kind of mistake.

    ``move``: a fitting move of the roll, then one thing spoiled (the shape or type,
    the cells, the switch, the number of bonuses). ``stars``: a fitting move over
    stars whose list of bonuses is wrong (unknown, one too many, or over the limit).
    """
    rules = game.rules
    dice = (rng.randint(1, 6), rng.randint(1, 6))
    fitting = [(s, t, p) for s, t in rules.options(dice) for p in legal[s]]
    if kind == "stars":
        fitting = [f for f in fitting if f[2] & game.stars]
    if not fitting:
        return None
    shape, dig_type, placement = rng.choice(fitting)
    where = sorted(placement)
    switches: list[str] = []
    covered = len(placement & game.stars)
    stars = good_bonuses(game, rng, covered)
    mistake = rng.randrange(6) if kind == "move" else rng.randrange(3)
    if kind == "move":
        if mistake == 0:  # a pair the roll may not allow
            shape = rng.choice(sorted(rules.shapes))
            dig_type = rng.choice([*rules.dig_types, "mud"])
            where = sorted(rng.choice(rules.placements[shape]))
        elif mistake == 1:  # shifted: maybe off the grid, onto a fossil or a drawn cell
            dr, dc = rng.choice([(rules.rows - 3, 0), (0, rules.cols - 3), (-2, 1), (1, 1)])
            where = [(r + dr, c + dc) for r, c in where]
        elif mistake == 2:  # one cell moved: wrong geometry (or a duplicate)
            where[rng.randrange(5)] = (rng.randrange(rules.rows), rng.randrange(rules.cols))
        elif mistake == 3:  # anywhere on the grid: maybe over a fossil or a drawn cell
            where = sorted(rng.choice(rules.placements[shape]))
        elif mistake == 4:  # a switch that is no switch, twice, or none left
            switches = rng.choice(
                [[SWITCH_SHAPE], [SWITCH_TYPE], [SWITCH_SHAPE, SWITCH_TYPE],
                 [SWITCH_TYPE, SWITCH_TYPE], [PLUS_ONE], [ONE_SQUARE], ["nonsense"]]
            )  # fmt: skip
        else:  # one bonus too few or too many
            if stars and rng.random() < 0.5:
                stars.pop()
            else:
                stars.append(rng.choice(BONUSES))
        covered = len(set(where) & game.stars)
        if mistake in (0, 1, 2, 3):
            stars = good_bonuses(game, rng, covered)
    elif mistake == 0:  # an unknown bonus among good ones
        stars[rng.randrange(covered)] = rng.choice(["nonsense", "Plus-One", ""])
        rng.shuffle(stars)
    elif mistake == 1:  # one bonus too many
        stars.append(rng.choice(BONUSES))
    else:  # a bonus over its limit (with two stars: the first is fine, the second not)
        full = rng.choice(BONUSES)
        limit = rules.bonus_limits[full]
        game.circles[full] = [game.round] * (limit if covered == 1 else limit - 1)
        stars = [full] * covered
    return dice, shape, dig_type, where, stars, switches


@pytest.mark.parametrize(
    "kind",
    [
        "move",
        "stars",
    ],
)
def test_a_refused_move_changes_nothing(paleo, base_rules: Rules, kind: str) -> None:
    """``place`` (and ``one_square``, ``pass_round``) leave the sheet alone when they raise."""
    refused = 0
    for seed in range(8):
        rng = random.Random(1000 + seed)
        game = Game(base_rules, random_site(paleo, base_rules, rng))
        while game.round < base_rules.rounds:
            legal = {shape: game.legal_placements(shape) for shape in base_rules.shapes}
            for _ in range(15):
                # a "stars" attempt may set a bonus near its limit
                circled = {k: list(v) for k, v in game.circles.items()}
                attempt = _bad_place(game, rng, kind, legal)
                if attempt is None:
                    continue
                before = state(game)
                try:
                    game.place(*attempt)
                except RuleError:
                    refused += 1
                    assert state(game) == before, attempt
                    game.circles.clear()
                    game.circles.update(circled)
                else:
                    assert kind == "move" and game.round == before[-1] + 1, attempt
                    invariants(game)
                    if game.round == base_rules.rounds:
                        break
                    legal = {shape: game.legal_placements(shape) for shape in base_rules.shapes}
            for where in [(rng.randrange(-1, 12), rng.randrange(-1, 12)) for _ in range(3)]:
                before = state(game)
                try:
                    game.one_square(where, rng.choice([*base_rules.dig_types, "mud"]))
                except RuleError:
                    assert state(game) == before
            if game.round >= base_rules.rounds:
                break
            before = state(game)
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            try:
                game.pass_round(dice)
            except RuleError:
                assert state(game) == before
                random_move(game, rng, dice)
            invariants(game)
    assert refused > 100
