"""How a game went, from its scores after every round: lead changes, decisiveness, drama.

Takes a *trace* (the players' scores after each round, the last entry the final
scores) and the winners; gives an :class:`Arc`. Both games use it: Digging for
Dinos records the table's scores after each round (:func:`.dinos.bots.play_game`),
Paleontologists the scores of the players of one deal, round by round (the same
sheet and rolls). :func:`summary` gives every figure over many games with its 95%
interval (:mod:`.stats`). The definitions (``docs/balance.md``, "Metrics"):

- *leader* after a round: the one player with the highest score then (none on a tie);
- *lead changes*: how often the leader differs from the last leader there was;
- *decided*: the share of the rounds after which the eventual winner led for good
  (``k / rounds`` for the first round ``k`` from which it is the leader after every
  round; 1.0 when it is not the sole leader at the end: a tie-break or a shared win);
- *winner behind*: the winner's worst deficit to the best score after any round, in
  points, and as a share of the winning final score (a shared win: the co-winner
  least behind); *comeback*: whether that deficit was ever above zero;
- *rounds*: the length of the trace.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from . import stats

Trace = Sequence[Sequence[int]]  # per round: each player's score after it


@dataclass(frozen=True)
class Arc:
    """One game's course; see the module for the definitions."""

    lead_changes: int
    decided: float
    behind: int
    behind_share: float
    rounds: int


def leader(scores: Sequence[int]) -> int:
    """The one player with the highest score, or -1 on a tie."""
    best = max(scores)
    return scores.index(best) if scores.count(best) == 1 else -1


def lead_changes(trace: Trace) -> int:
    """Times the sole leader after a round differed from the last sole leader."""
    last, changes = -1, 0
    for scores in trace:
        now = leader(scores)
        if now >= 0:
            changes += last not in (-1, now)
            last = now
    return changes


def arc(trace: Trace, winners: Sequence[int]) -> Arc:
    """The :class:`Arc` of one game (``trace`` not empty, ``winners`` its winners)."""
    rounds = len(trace)
    leaders = [leader(s) for s in trace]
    decided = rounds  # only at the end: a tie-break, a shared win
    if len(winners) == 1 and leaders[-1] == winners[0]:
        decided = _first_for_good(leaders, winners[0])
    worst = min(max(max(s) - s[w] for s in trace) for w in winners)
    top = max(trace[-1])
    return Arc(
        lead_changes(trace),
        decided / rounds,
        worst,
        worst / top if top > 0 else 0.0,
        rounds,
    )


def _first_for_good(leaders: Sequence[int], winner: int) -> int:
    """The first round (from 1) from which ``winner`` leads after every round."""
    k = len(leaders)
    while k > 0 and leaders[k - 1] == winner:
        k -= 1
    return k + 1


def summary(arcs: Sequence[Arc]) -> dict:
    """Per game, with 95% intervals: lead changes, decided, winner behind, comeback, rounds."""
    n = len(arcs)
    return {
        "games": n,
        "lead_changes": stats.mean_ci([a.lead_changes for a in arcs]).json(2),
        "decided": stats.mean_ci([a.decided for a in arcs]).json(3),
        "decided_at_end": stats.wilson(sum(a.decided == 1.0 for a in arcs), n).json(),
        "winner_behind_points": stats.mean_ci([a.behind for a in arcs]).json(2),
        "winner_behind_share": stats.mean_ci([a.behind_share for a in arcs]).json(3),
        "comeback": stats.wilson(sum(a.behind > 0 for a in arcs), n).json(),
        "rounds": stats.mean_ci([a.rounds for a in arcs]).json(2),
    }
