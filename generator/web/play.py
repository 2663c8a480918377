"""One player's game on a screen: the moves so far replayed, and what may happen next.

The browser keeps the moves (in the format of :mod:`generator.games.paleo.moves`)
and this round's draft: its dice (when they are typed in), the One Square Anywhere
squares drawn so far, the switches chosen, the shape and dig type picked, its
orientation and, once tapped, the cells it goes on with the bonuses its stars
circle. :func:`view` replays all of it through :class:`~generator.games.paleo.engine.Game`
and gives everything the page draws: the grid, the dug fossils, the running score,
the bonus circles, the shapes and dig types the roll offers, and for the picked
shape and orientation whether it fits on each cell, with the reason where it does
not. A refused move is a :class:`PlayError` naming the round, the step and the rule.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from ..games.paleo.engine import ONE_SQUARE, PLUS_ONE, Game, RuleError, Rules
from ..games.paleo.model import NOWHERE, Cell
from ..games.paleo.moves import (
    Breakdown,
    MoveError,
    RoundMove,
    parse_moves,
    play_moves,
    replay,
    round_dice,
)
from ..products.labels import LABELS
from ..source.diagnostics import Location
from ..source.lang import REFERENCE, Language
from ..source.located import Map, Scalar, Seq, YNode
from .common import fail
from .sheets import Played

ORIENTATIONS = 8  # four turns, each also mirrored


class PlayError(ValueError):
    """A state the rules or the move format refuse; ``round`` and ``step`` say where."""

    def __init__(self, message: str, round: int = 0, step: str = "") -> None:
        super().__init__(message)
        self.message, self.round, self.step = message, round, step

    def as_json(self) -> dict[str, object]:
        """This as the API answers it."""
        return {"error": self.message, "round": self.round, "move": self.step}


def orient(cells: frozenset[Cell], index: int) -> list[Cell]:
    """Orientation ``index`` (0-7) of a shape: mirrored when index >= 4, then turned a
    quarter clockwise index % 4 times; shifted to start at row 0, column 0, sorted."""
    shape = [(r, -c) for r, c in cells] if index >= 4 else list(cells)
    for _ in range(index % 4):
        shape = [(c, -r) for r, c in shape]
    top, left = min(r for r, _ in shape), min(c for _, c in shape)
    return sorted((r - top, c - left) for r, c in shape)


def handle(cells: Sequence[Cell]) -> Cell:
    """The cell a pointer holds a shape by: the one nearest the middle of its box."""
    mid_r = max(r for r, _ in cells) / 2
    mid_c = max(c for _, c in cells) / 2
    return min(cells, key=lambda rc: ((rc[0] - mid_r) ** 2 + (rc[1] - mid_c) ** 2, rc))


MAX_DEPTH = 6  # nesting of a move: round -> squares -> square -> cell -> number


def _node(value: object, loc: Location, depth: int = 0) -> YNode:
    """A JSON value as the located nodes the moves parser reads (no YAML pass needed:
    the browser's JSON is already parsed; every node is located at its round)."""
    if depth > MAX_DEPTH:
        raise PlayError(f"{loc.file}: nested deeper than a move can be")
    if isinstance(value, dict):
        return Map({k: (loc, _node(v, loc, depth + 1)) for k, v in value.items()}, loc)
    if isinstance(value, list):
        return Seq(tuple(_node(v, loc, depth + 1) for v in value), loc)
    return Scalar(value, loc)


def parse_rounds(rules: Rules, rounds: Sequence[object], first: int = 1) -> list[RoundMove]:
    """Moves of some rounds (not necessarily all 20), read by the score checker's own
    parser (:func:`generator.games.paleo.moves.parse_moves`): the list is completed with
    passes, read, and cut back."""
    if len(rounds) > rules.rounds:
        raise PlayError(f"{len(rounds)} rounds given, a game has {rules.rounds}")
    items = [_node(item, Location(f"round {n}")) for n, item in enumerate(rounds, start=first)]
    filler = Map({"pass": (NOWHERE, Scalar(True, NOWHERE))}, NOWHERE)
    items += [filler] * (rules.rounds - len(items))
    try:
        return parse_moves(Seq(tuple(items), NOWHERE), rules)[: len(rounds)]
    except MoveError as exc:
        number = int(exc.loc.file.split()[-1]) if exc.loc.file.startswith("round ") else 0
        raise PlayError(exc.message, number) from None


def fork(game: Game) -> Game:
    """An independent copy of a game (the rules shared, every mark copied)."""
    return Game(
        game.rules, game.site, dict(game.drawn), set(game.single_squares),
        {b: list(r) for b, r in game.circles.items()}, dict(game.used), dict(game.dug), game.round,
    )  # fmt: skip


def refusal(game: Game, cells: Sequence[Cell], lang: Language | None = None) -> str | None:
    """None when the engine lets a shape go on ``cells``; else what is in the way (in
    ``lang``'s words when given: the play page shows it; else English, as the API's
    errors are)."""
    if game.can_place(cells):
        return None

    def say(key: str, english: str, **values: object) -> str:
        return lang.label(key, values) if lang is not None else english.format(**values)

    rules = game.rules
    if not all(rules.inside(cell) for cell in cells):
        return say("web_outside", "the shape would stick out of the grid")
    owner = {cell: f.id for f in game.site.fossils for cell in f.cells}
    for r, c in cells:
        if (r, c) in owner:
            return say("web_on_fossil", "row {row}, column {column} is part of fossil {fossil}",
                       row=r + 1, column=c + 1, fossil=owner[(r, c)])  # fmt: skip
    for r, c in cells:
        if (r, c) in game.drawn:
            return say("web_on_drawn", "row {row}, column {column} is already drawn",
                       row=r + 1, column=c + 1)  # fmt: skip
    return "a shape may cover only empty, non-fossil cells inside the grid"  # pragma: no cover


def _replay(played: Played, rules: Rules, moves: Sequence[object]) -> tuple[Game, list[RoundMove]]:
    """The game after ``moves``, played by the score checker's own replay
    (:func:`generator.games.paleo.moves.play_moves`); PlayError at the first refused move."""
    done = parse_rounds(rules, moves)
    game, illegal = play_moves(rules, played.site, done, played.rolls)
    if illegal is not None:
        raise PlayError(illegal.rule, illegal.round, illegal.step)
    return game, done


def legal(played: Played, rules: Rules, moves: Sequence[object], draft: dict[str, Any]) -> dict:
    """Every legal placement of the draft's shape (all orientations) after these moves
    and the draft's One Square Anywhere squares."""
    game, done = _replay(played, rules, moves)
    number = len(done) + 1
    if game.over:
        raise PlayError(f"the game is over after {rules.rounds} rounds", number)
    out: dict[str, Any] = {}
    _draft(game, played, rules, number, {**draft, "cells": None}, out)
    if "shape" not in out:
        raise PlayError("pick a shape (and dig type) the roll allows: \"shape\", \"dig_type\"",
                        number, "shape")  # fmt: skip
    shape = out["shape"]["shape"]
    placements = [sorted(p) for p in game.legal_placements(shape)]
    return {
        "round": number,
        "shape": shape,
        "dig_type": out["shape"]["dig_type"],
        "count": len(placements),
        "placements": [[list(c) for c in p] for p in placements],
    }


#: The sheet's labels the page reuses (its other words are English).
PAGE_LABELS = (
    "round", "total", "fossils", "bonuses", "dig_types", "shapes", "value", "bonus", "separator",
)  # fmt: skip


#: The labels of the web pages' own wording: every language has them.
WEB_LABELS = tuple(k for k in LABELS if k.startswith("web_"))


def choose_language(languages: Sequence[Language], code: object) -> Language:
    """The language a page or request asks for by its code (none: English); a 400
    naming the codes the data has when it names none of them."""
    code = REFERENCE if code is None or code == "" else code
    for lang in languages:
        if lang.code == code:
            return lang
    known = ", ".join(sorted(lang.code for lang in languages))
    shown = repr(code[:40]) if isinstance(code, str) else f"a {type(code).__name__}"
    raise fail(400, f"lang is {shown}, expected one of the data's languages: {known}")


def names(lang: Language, rules: Rules) -> dict[str, Any]:
    """What the page shows in the chosen language: the dig types and bonuses by id
    (the moves keep the ids), and the sheet labels it reuses."""
    return {
        "lang": lang.code,
        "language": lang.name,
        "dig_types": {t: lang.names.get(f"dig_types.{t}", t) for t in rules.dig_types},
        "bonuses": {b: lang.names.get(f"bonuses.{b}", b) for b in rules.bonus_limits},
        "labels": {k: lang.labels.get(k, k) for k in PAGE_LABELS + WEB_LABELS},
    }


def language_options(languages: Sequence[Language], chosen: Language) -> str:
    """The language picker's options (HTML): every language by its own name."""
    return "".join(
        f'<option value="{html.escape(lang.code)}" lang="{html.escape(lang.code)}"'
        f"{' selected' if lang.code == chosen.code else ''}>{html.escape(lang.name)}</option>"
        for lang in sorted(languages, key=lambda lang: lang.code)
    )


def view(
    played: Played,
    rules: Rules,
    moves: Sequence[object],
    draft: dict[str, Any],
    lang: Language | None = None,
) -> dict:
    """Everything the play page shows for these moves and this round's draft (with
    ``lang``, its names in that language under ``names``); PlayError for a draft
    once the game is over (as :func:`legal` refuses one)."""
    game, done = _replay(played, rules, moves)
    number = len(done) + 1
    if game.over and any(value not in (None, "", [], {}) for value in draft.values()):
        raise PlayError(f"the game is over after {rules.rounds} rounds: no draft", number)
    out: dict[str, Any] = {"code": played.code, "round": min(number, rules.rounds),
                           "rounds": rules.rounds, "over": game.over, "date": played.date,
                           "printed_rolls": bool(played.rolls)}  # fmt: skip
    if lang is not None:
        out["names"] = names(lang, rules)
    shown = game
    if not game.over:
        shown = _draft(game, played, rules, number, draft, out, lang)
    out.update(_sheet(shown, rules))
    if game.over:
        result = replay(rules, played.site, done, played.rolls)
        assert isinstance(result, Breakdown)
        out["result"] = {"code": played.code, "legal": True, **result.as_json()}
    return out


def _draft(
    game: Game,
    played: Played,
    rules: Rules,
    number: int,
    draft: dict,
    out: dict,
    lang: Language | None = None,
) -> Game:
    """This round: its dice, squares, switches, the picked shape and a tapped placement;
    gives the game to show (with a tapped placement that is ready, drawn; the reasons
    a shape does not fit in ``lang``'s words)."""
    keys = {k: draft[k] for k in ("dice", "squares", "switches") if draft.get(k) is not None}
    (head,) = parse_rounds(rules, [{**keys, "pass": True}], number)
    try:
        dice = round_dice(number, head.dice, played.rolls)
    except RuleError as exc:
        raise PlayError(str(exc), number, "dice") from None
    for k, (cell, kind) in enumerate(head.squares, start=1):
        try:
            game.one_square(cell, kind)
        except RuleError as exc:
            raise PlayError(str(exc), number, f"square {k}") from None
    out["dice"] = list(dice) if dice else None
    out["switches"] = list(head.switches)
    out["squares"] = [[list(c), t] for c, t in head.squares]
    if dice is None:
        return game
    for switch in head.switches:
        if game.available(switch) < 1:
            raise PlayError(f"no {switch} bonus left to use", number, "switches")
    allowed = rules.allowed(dice, head.switches)
    out["faces"] = [
        {"die": d, "shapes": list(rules.face_shapes[d]), "dig_type": rules.face_type[d]}
        for d in dice
    ]
    out["allowed"] = [list(pair) for pair in allowed]
    out["can_pass"] = not any(game.legal_placements(s) for s, _ in rules.options(dice))
    shape: Any = draft.get("shape")
    dig_type: Any = draft.get("dig_type")
    if shape is None:
        return game
    if [shape, dig_type] not in out["allowed"]:
        raise PlayError(f"a roll of {tuple(dice)} does not allow {shape} with {dig_type}", number,
                        "shape")  # fmt: skip
    index = draft.get("orientation", 0)
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < ORIENTATIONS:
        raise PlayError(f"orientation is {index!r}, expected 0 to {ORIENTATIONS - 1}", number)
    cells = orient(rules.shapes[shape], index)
    hr, hc = handle(cells)
    out["shape"] = {"shape": shape, "dig_type": dig_type, "orientation": index,
                    "cells": [list(c) for c in cells], "handle": [hr, hc]}  # fmt: skip
    out["fits"] = [
        [
            refusal(game, [(r + dr - hr, c + dc - hc) for dr, dc in cells], lang)
            for c in range(rules.cols)
        ]
        for r in range(rules.rows)
    ]
    if draft.get("cells") is None:
        return game
    return _pending(game, rules, number, dice, head, shape, dig_type, draft, out)


def _pending(game, rules, number, dice, head, shape, dig_type, draft, out) -> Game:
    """A tapped placement: legal? how many stars it covers, how many bonuses are due;
    gives the game with it drawn (its fossils dug) once its bonuses are chosen."""
    move = {"shape": shape, "dig_type": dig_type, "cells": draft["cells"],
            "bonuses": draft.get("bonuses") or []}  # fmt: skip
    (placed,) = parse_rounds(rules, [move], number)
    cells = frozenset(placed.cells)
    reason = refusal(game, list(cells))
    if reason:
        raise PlayError(reason, number, "shape")
    covered = len(cells & game.stars)
    due = min(covered, game.open_circles())
    pending = {"cells": [list(c) for c in sorted(cells)], "stars": covered, "due": due,
               "bonuses": list(placed.bonuses), "ready": False}  # fmt: skip
    if len(placed.bonuses) > due:
        raise PlayError(f"{covered} stars covered: choose {due} bonuses", number, "bonuses")
    out["pending"] = pending
    after = fork(game)
    try:
        after.place(dice, shape, dig_type, cells, placed.bonuses, head.switches)
        pending["ready"] = True
        return after
    except RuleError as exc:
        if len(placed.bonuses) == due:
            raise PlayError(str(exc), number, "shape") from None
    shown = fork(game)  # bonuses still to choose: the shape drawn, nothing dug yet
    for cell in cells:
        shown.drawn[cell] = dig_type
    return shown


def _sheet(game: Game, rules: Rules) -> dict[str, Any]:
    """The sheet as it stands: fossils (dug or not), stars, drawn cells, bonuses, score."""
    fossils: list[dict[str, Any]] = []
    for f in game.site.fossils:
        around = game.around[f.id]
        fossils.append({
            "id": f.id, "cells": [list(c) for c in f.cells], "value": f.value, "bonus": f.bonus,
            "dug": f.id in game.dug, "bonus_earned": bool(game.dug.get(f.id)),
            "open": sum(cell not in game.drawn for cell in around),
        })  # fmt: skip
    bonuses = []
    for bonus, limit in rules.bonus_limits.items():
        bonuses.append({
            "id": bonus, "limit": limit, "circled": len(game.circles.get(bonus, ())),
            "used": game.used.get(bonus, 0), "available": max(0, game.available(bonus)),
        })  # fmt: skip
    dug = [f for f in fossils if f["dug"]]
    points = sum(f["value"] for f in dug)
    same = sum(f["bonus"] for f in dug if f["bonus_earned"])
    plus = len(game.circles.get(PLUS_ONE, ()))
    return {
        "rows": rules.rows, "cols": rules.cols, "stars": [list(c) for c in sorted(game.stars)],
        "drawn": [[r, c, t, cell in game.single_squares]
                  for cell, t in sorted(game.drawn.items()) for r, c in [cell]],
        "fossils": fossils, "bonuses": bonuses, "dig_types": list(rules.dig_types),
        "score": {"fossil_points": points, "same_type_bonuses": same, "plus_one": plus,
                  "total": points + same + plus},
        "one_square": ONE_SQUARE,
        "pentominoes": {k: [list(c) for c in sorted(v)] for k, v in rules.shapes.items()},
    }  # fmt: skip
