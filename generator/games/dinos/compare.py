"""Did my change help? The same games on two data folders, side by side.

Takes the games of one simulation played on data A and on data B with the same
seeds and seats (game ``i`` on both is dealt from the same seed); gives, per bot
and per species, the value on A, the value on B and the difference B - A with its
95% interval, paired game by game (:mod:`..stats`), so that the luck of the deal
cancels out as far as the data allow.
"""

from __future__ import annotations

from .. import stats
from .model import DinosData
from .simulate import DinosGame


def _per_bot(results: list[DinosGame], bot: str) -> dict[str, list[float]]:
    """Per game (in order): the bot's mean win share, score, completion points."""
    out: dict[str, list[float]] = {"win": [], "score": [], "done": []}
    for g in results:
        mine = [i for i, name in enumerate(g.bots) if name == bot]
        share = 1.0 / len(g.winners)
        out["win"].append(sum(share for i in mine if i in g.winners) / len(mine))
        out["score"].append(sum(g.scores[i] for i in mine) / len(mine))
        out["done"].append(sum(g.completion_points[i] for i in mine) / len(mine))
    return out


def compare(data_a: DinosData, a: list[DinosGame], data_b: DinosData, b: list[DinosGame]) -> dict:
    """Bots and species on A and B, and each difference B - A with its interval."""
    if [g.bots for g in a] != [g.bots for g in b]:
        raise ValueError("the two simulations must play the same games (seeds and seats)")
    bots: dict[str, dict] = {}
    for bot in sorted({name for g in a for name in g.bots}):
        pa, pb = _per_bot(a, bot), _per_bot(b, bot)
        bots[bot] = {
            "win_rate": _triple(pa["win"], pb["win"]),
            "mean_score": _triple(pa["score"], pb["score"], 2),
            "completion_share": {
                "a": stats.ratio_ci(pa["done"], pa["score"]).json(),
                "b": stats.ratio_ci(pb["done"], pb["score"]).json(),
                "difference": stats.paired_ratio_diff_ci(
                    pb["done"], pb["score"], pa["done"], pa["score"]
                ).json(),
            },
        }
    ids_b = [sp.id for sp in data_b.species]
    species: dict[str, dict] = {}
    for s, sp in enumerate(sp.id for sp in data_a.species):
        if sp not in ids_b:
            continue
        t = ids_b.index(sp)
        num_a = [sum(p[s] for p in g.points) for g in a]
        den_a = [sum(x[s] for x in g.tiles) for g in a]
        num_b = [sum(p[t] for p in g.points) for g in b]
        den_b = [sum(x[t] for x in g.tiles) for g in b]
        species[sp] = {
            "points_per_tile": {
                "a": stats.ratio_ci(num_a, den_a).json(3),
                "b": stats.ratio_ci(num_b, den_b).json(3),
                "difference": stats.paired_ratio_diff_ci(num_b, den_b, num_a, den_a).json(3),
            }
        }
    done_a = [sum(g.completion_points) for g in a]
    done_b = [sum(g.completion_points) for g in b]
    tot_a = [sum(g.scores) for g in a]
    tot_b = [sum(g.scores) for g in b]
    return {
        "games": len(a),
        "bots": bots,
        "species": species,
        "completion_share": {
            "a": stats.ratio_ci(done_a, tot_a).json(),
            "b": stats.ratio_ci(done_b, tot_b).json(),
            "difference": stats.paired_ratio_diff_ci(done_b, tot_b, done_a, tot_a).json(),
        },
        "rounds": _triple([g.rounds for g in a], [g.rounds for g in b], 2),
    }


def _triple(a: list[float], b: list[float], digits: int = 4) -> dict:
    return {
        "a": stats.mean_ci(a).json(digits),
        "b": stats.mean_ci(b).json(digits),
        "difference": stats.paired_diff_ci(b, a).json(digits),
    }
