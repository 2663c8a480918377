"""The numbers of a Digging for Dinos simulation, each with its 95% interval.

Takes the data and the :class:`~.simulate.DinosGame` records; gives a plain dict
(the report's and the JSON's content). Every estimate is ``{"value": x, "ci95":
[lo, hi]}``: proportions by Wilson's interval, means by Student's t, shares of
points (a ratio of sums over games) by the delta method, differences between two
bots by a paired t interval over the games both played in (:mod:`..stats`).
"""

from __future__ import annotations

from itertools import combinations

from .. import metrics, stats
from .model import DinosData
from .simulate import DinosGame

SEAT_ADVANTAGE = 0.05  # the seat advantage the report says how many games would detect


def _win_shares(g: DinosGame) -> list[float]:
    share = 1.0 / len(g.winners)
    return [share if seat in g.winners else 0.0 for seat in range(len(g.scores))]


def summary(data: DinosData, results: list[DinosGame]) -> dict:
    """Everything the report shows, as numbers with intervals."""
    players = len(results[0].scores) if results else 0
    n = len(results)
    ids = [sp.id for sp in data.species]
    seat_wins = [0.0] * players
    per_bot: dict[str, dict[str, list]] = {}
    for g in results:
        wins = _win_shares(g)
        for seat, name in enumerate(g.bots):
            seat_wins[seat] += wins[seat]
            b = per_bot.setdefault(name, {k: [] for k in ("win", "score", "done", "seats")})
            b["win"].append(wins[seat])
            b["score"].append(g.scores[seat])
            b["done"].append(g.completion_points[seat])
            b["seats"].append((g, seat))
    test = stats.seat_test(seat_wins)
    out: dict = {
        "games": n,
        "players": players,
        # weakest first (by mean score), so that tables read as a ladder of skill
        "bots": {
            name: _bot(ids, per_bot[name])
            for name in sorted(
                per_bot, key=lambda b: (sum(per_bot[b]["score"]) / len(per_bot[b]["score"]), b)
            )
        },
        "differences": _differences(results, sorted(per_bot)),
        "seats": {
            "win_rate": [stats.wilson(w, n).json() for w in seat_wins],
            "test": test.json(),
            "advantage_tested": SEAT_ADVANTAGE,
            "games_to_detect": stats.seat_games_needed(players, SEAT_ADVANTAGE)
            if players > 1
            else 0,
        },
        "species": _species(data, results),
        "completion_share": stats.ratio_ci(
            [sum(g.completion_points) for g in results], [sum(g.scores) for g in results]
        ).json(),
        "rounds": {
            **stats.mean_ci([g.rounds for g in results]).json(2),
            "min": min((g.rounds for g in results), default=0),
            "max": max((g.rounds for g in results), default=0),
        },
        "lead_changes": stats.mean_ci([g.lead_changes for g in results]).json(2),
        "metrics": game_metrics(results),
        "end_trigger": {
            t: stats.wilson(sum(g.trigger == t for g in results), n).json()
            for t in sorted({g.trigger for g in results})
        },
    }
    return out


def game_metrics(results: list[DinosGame]) -> dict:
    """Per game: lead changes, decided, winner behind, comeback, rounds and turns
    (:mod:`..metrics`), each with its 95% interval."""
    out = metrics.summary([g.arc for g in results if g.arc is not None])
    out["turns"] = stats.mean_ci([g.turns for g in results]).json(2)
    return out


def _bot(ids: list[str], b: dict[str, list]) -> dict:
    scores = b["score"]
    seats = b["seats"]
    species = {}
    for s, sp in enumerate(ids):
        pts = [g.points[seat][s] for g, seat in seats]
        tiles = [g.tiles[seat][s] for g, seat in seats]
        made = [dict(g.completed[seat]).get(sp, 0) for g, seat in seats]
        species[sp] = {
            "points_per_tile": stats.ratio_ci(pts, tiles).json(3),
            "completion_rate": stats.wilson(sum(1 for m in made if m), len(made)).json(),
            "tiles_per_game": stats.mean_ci(tiles).json(2),
        }
    dinosaurs = [sum(c for _, c in g.completed[seat]) for g, seat in seats]
    return {
        "seats": len(scores),
        "win_rate": stats.wilson(sum(b["win"]), len(scores)).json(),
        "mean_score": stats.mean_ci(scores).json(2),
        "completion_share": stats.ratio_ci(b["done"], scores).json(),
        "dinosaurs_per_game": stats.mean_ci(dinosaurs).json(2),
        "score_sd": round(stats.statistics.pstdev(scores), 2) if scores else 0.0,
        "min": min(scores, default=0),
        "max": max(scores, default=0),
        "species": species,
    }


def _differences(results: list[DinosGame], bots: list[str]) -> list[dict]:
    """For each pair of bots, over the games both sat in: the paired difference of win
    share and of score (each bot's mean over its seats in the game)."""
    out = []
    for a, b in combinations(bots, 2):
        wa: list[float] = []
        wb: list[float] = []
        sa: list[float] = []
        sb: list[float] = []
        for g in results:
            if a in g.bots and b in g.bots:
                wins = _win_shares(g)
                for name, w, s in ((a, wa, sa), (b, wb, sb)):
                    mine = [i for i, x in enumerate(g.bots) if x == name]
                    w.append(sum(wins[i] for i in mine) / len(mine))
                    s.append(sum(g.scores[i] for i in mine) / len(mine))
        # report the stronger one first, so that a positive difference reads as "beats"
        if sum(wa) < sum(wb):
            a, b, wa, wb, sa, sb = b, a, wb, wa, sb, sa
        out.append(
            {
                "better": a,
                "worse": b,
                "games": len(wa),
                "win_rate": stats.paired_diff_ci(wa, wb).json(),
                "mean_score": stats.paired_diff_ci(sa, sb).json(2),
            }
        )
    return out


def _species(data: DinosData, results: list[DinosGame]) -> dict:
    """Per species over all seats: completions per game, points per tile collected, its
    share of all points, and the share scored by completing it."""
    ids = [sp.id for sp in data.species]
    value = {sp.id: sp.complete for sp in data.species}
    totals = [sum(g.scores) for g in results]
    out = {}
    for s, sp in enumerate(ids):
        made = [sum(dict(c).get(sp, 0) for c in g.completed) for g in results]
        pts = [sum(p[s] for p in g.points) for g in results]
        tiles = [sum(t[s] for t in g.tiles) for g in results]
        out[sp] = {
            "completions_per_game": stats.mean_ci(made).json(3),
            "points_per_tile": stats.ratio_ci(pts, tiles).json(3),
            "share_of_points": stats.ratio_ci(pts, totals).json(),
            "completed_share_of_points": stats.ratio_ci(
                [m * value[sp] for m in made], totals
            ).json(),
        }
    return out
