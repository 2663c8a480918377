"""Seats of Digging for Dinos: verdicts, variants side by side, the seat curve, the
compensation search (small games with fast bots; the measured numbers are in
docs/balance.md)."""

from __future__ import annotations

from dinokit.games import stats
from dinokit.games.dinos import seats
from dinokit.games.dinos.model import with_variant
from dinokit.games.dinos.simulate import simulate
from dinokit.games.dinos.summary import summary
from tests.shipped_data import shipped


def dinos():
    return shipped().game("digging-for-dinos")


def _seats(wins: list[float], n: int) -> dict:
    return {
        "win_rate": [stats.wilson(w, n).json() for w in wins],
        "test": stats.seat_test(wins).json(),
    }


def test_verdict_real_effect_and_fair_seats_are_different_questions() -> None:
    # 3000 games, seats 1000 each: no effect, and every interval within 5 points
    even = seats.verdict(_seats([1000, 1000, 1000], 3000), 3)
    assert not even["real"] and even["fair"]
    # 300 games, even too: no effect shown, but the intervals are too wide to call it fair
    few = seats.verdict(_seats([100, 100, 100], 300), 3)
    assert not few["real"] and not few["fair"]
    assert "more games" in seats.sentence(few)
    # the last seat wins 40%: a real effect, and not fair
    skew = seats.verdict(_seats([800, 1000, 1200], 3000), 3)
    assert skew["real"] and not skew["fair"] and skew["best_seat"] == 3
    assert skew["worst_seat"] == 1
    assert "a seat effect is real (seat 3 wins most, seat 1 least" in seats.sentence(skew)


def test_variants_play_the_same_deals_and_a_compensation_shifts_the_wins() -> None:
    data = dinos()
    comp = next(v for v in data.rules.variants if v.kind == "compensation")
    base = simulate(data, 12, 3, ["greedy"], 5)
    played = seats.play_variants(data, [comp.id], 12, 3, ["greedy"], 5)
    # the greedy bot ranks moves by the change of its score: points given to a seat at
    # the end do not change its play, so the games are the very same ones
    for a, b in zip(base, played[comp.id], strict=True):
        assert [s + p for s, p in zip(a.scores, comp.points[3], strict=True)] == list(b.scores)
    table = seats.variants(data, summary(data, base), played)
    assert [r["variant"] for r in table["rows"]] == [None, comp.id]
    assert table["rows"][1]["points"] == list(comp.points[3])
    rescored = seats.rescored(data, base, comp.points[3])
    assert table["rows"][1]["win_rate"] == rescored
    assert table["fair_variant"] is None  # 12 games are far too few to show any fair
    assert "none of the variants played" in seats.variants_sentence(table)


def test_the_fair_variant_is_named_when_its_intervals_fit() -> None:
    base = {"players": 2, "seats": _seats([1200, 800], 2000), "rounds": {}}
    table = {"players": 2, "margin": seats.MARGIN}
    rows = [seats._row(None, base["seats"], base, 2)]
    rows.append(seats._row("even", _seats([1000, 1000], 2000), base, 2))
    table.update(rows=rows, fair_variant="even", base_fair=False)
    assert rows[1]["verdict"]["fair"] and not rows[0]["verdict"]["fair"]
    assert seats.variants_sentence(table).startswith("variant even brings every seat within 5")


def test_placement_variant_changes_the_games_but_not_the_deals() -> None:
    data = dinos()
    base = simulate(data, 6, 3, ["greedy"], 9)
    other = simulate(with_variant(data, "first-player-places-first"), 6, 3, ["greedy"], 9)
    assert [g.scores for g in base] != [g.scores for g in other]


def test_seat_curve_reports_each_budget_and_the_change_from_the_one_below() -> None:
    data = dinos()
    played = seats.play_curve(data, [1, 2], 6, 2, 3)
    numbers = seats.curve(data, played)
    assert [s["budget"] for s in numbers["steps"]] == [1, 2]
    assert "change" not in numbers["steps"][0]
    assert len(numbers["steps"][1]["change"]) == 2
    # the budget's games are those of a plain simulation at that budget
    plain = summary(data, simulate(data, 6, 2, ["mcts"], 3, budget=2))
    assert numbers["steps"][1]["win_rate"] == plain["seats"]["win_rate"]


def test_compensation_search_evens_the_seats_of_the_games_played() -> None:
    data = dinos()
    results = simulate(data, 60, 2, ["greedy"], 11)
    found = seats.compensation(data, results, most=4)
    fair = 0.5
    before = max(abs(r["value"] - fair) for r in found["before"])
    after = max(abs(r["value"] - fair) for r in found["win_rate"])
    assert after <= before and after == found["largest_gap"]
    assert min(found["points"]) == 0 and max(found["points"]) <= 4
    # no other compensation in the range does better
    for a in range(5):
        for b in range(5):
            if min(a, b) == 0:
                rates = seats.rescored(data, results, (a, b))
                assert max(abs(r["value"] - fair) for r in rates) >= after - 1e-9
