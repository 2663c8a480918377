"""Game metrics from score traces: lead changes, decided, winner behind, comeback."""

from __future__ import annotations

import random

import pytest

from dinokit.games import metrics, skill
from dinokit.games.metrics import arc, lead_changes


def test_a_comeback_decided_in_the_last_round() -> None:
    # player 1 trails by 5 after round 2 and passes player 0 only in the last round
    trace = [(3, 1), (8, 3), (9, 9), (10, 12)]
    a = arc(trace, [1])
    assert a.lead_changes == 1  # 0 led, the tie is nobody's lead, then 1
    assert a.decided == 1.0  # led for good only after the last round
    assert a.behind == 5 and a.behind_share == pytest.approx(5 / 12)
    assert a.rounds == 4


def test_a_wire_to_wire_win() -> None:
    a = arc([(1, 0, 0), (4, 2, 3), (7, 5, 6)], [0])
    assert (a.lead_changes, a.decided, a.behind, a.behind_share) == (0, 1 / 3, 0, 0.0)


def test_led_for_good_from_the_middle() -> None:
    # 1 leads, 0 leads, 1 leads for good from round 3 of 5
    trace = [(0, 2), (5, 3), (5, 7), (6, 9), (8, 12)]
    a = arc(trace, [1])
    assert a.lead_changes == 2 and a.decided == 3 / 5 and a.behind == 2


def test_ties_are_nobodys_lead_and_a_shared_win_is_decided_at_the_end() -> None:
    trace = [(2, 2), (3, 5), (6, 6)]
    assert lead_changes(trace) == 0
    a = arc(trace, [0, 1])
    assert a.decided == 1.0
    assert a.behind == 0  # the co-winner least behind: player 1 never trailed


def test_summary_counts_and_intervals() -> None:
    rng = random.Random(3)
    arcs = [arc([(rng.randint(0, 5), rng.randint(0, 5)), (9, 3)], [0]) for _ in range(40)]
    m = metrics.summary(arcs)
    assert m["games"] == 40 and m["rounds"]["value"] == 2
    for key in ("lead_changes", "decided", "winner_behind_points", "comeback"):
        lo, hi = m[key]["ci95"]
        assert lo <= m[key]["value"] <= hi
    # decided after round 1 exactly when player 0 led alone after round 1
    alone = sum(a.decided == 0.5 for a in arcs)
    assert m["decided_at_end"]["value"] == pytest.approx(1 - alone / 40, abs=1e-4)


def test_a_step_is_flat_when_its_interval_holds_the_fair_share() -> None:
    even = skill.step(1, 2, [1.0, 0.0] * 10, [], 0.5)
    clear = skill.step(2, 4, [1.0] * 18 + [0.0] * 2, [], 0.5)
    assert even["flat"] and even["verdict"] == "flat"
    assert not clear["flat"] and clear["verdict"] == "stronger"
    late = skill.step(4, 8, [1.0, 0.0] * 10, [], 0.5)
    numbers = skill.curve("budget", [even, clear, late])
    assert numbers["levels"] == [1, 2, 4, 8] and numbers["flat_steps"] == [2, 8]
    assert numbers["flat_from"] == 8  # the plateau at the end, not the first flat step
    text = skill.verdict(numbers)
    assert "goes flat from budget 8 on (from 8 against 4)" in text
    assert "earlier, 2 against 1 is flat" in text
    rising = skill.curve("budget", [even, clear])
    assert rising["flat_from"] is None and "does not stay flat" in skill.verdict(rising)
    assert "does not go flat" in skill.verdict(skill.curve("budget", [clear]))


@pytest.mark.parametrize(
    "text, message",
    [
        ("5", "fewer than two levels"),
        ("5,2", "2 follows 5"),
        ("2,x", "'x' is not a whole number from 1 to 9"),
        ("0,5", "'0' is not a whole number from 1 to 9"),
    ],
)
def test_bad_levels_are_refused_with_the_reason(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        skill.parse_levels(text, 1, 9)
