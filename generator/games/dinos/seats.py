"""Seats of Digging for Dinos: is a seat favoured, and which setup variant evens them?

Takes the data, the games of :mod:`.simulate` and the setup variants of rules.yaml;
gives plain dicts for the report and the JSON:

- :func:`verdict`: whether a seat effect is real (the chi-square test of wins by seat,
  alpha 0.05) and whether every seat is *fair* (its 95% interval inside the fair
  share plus or minus :data:`MARGIN`); the second needs many more games than the
  first: an interval is about +-3 points at 900 games of 3 players;
- :func:`play_variants` and :func:`variants`: the same games (the same seeds) under
  the seed rules and under each variant, side by side, and the variant, if any, that
  makes every seat fair (the one nearest to the fair share if several do);
- :func:`play_curve` and :func:`curve`: mcts self-play at rising budgets, the seat win
  rates at each, to see where they stop changing;
- :func:`compensation`: the points per seat that even the seats on games already
  played, by scoring them again (the games are not played again: the bots played
  without the points; :func:`variants` measures the result played with them).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from .. import stats
from .model import DinosData, with_variant
from .simulate import DinosGame, simulate
from .summary import summary

MARGIN = 0.05  # a fair seat wins its fair share within 5 points, its interval included
ALPHA = 0.05


def verdict(seats: dict, players: int, margin: float = MARGIN) -> dict:
    """Is the seat effect real, and is every seat fair? From a summary's ``seats``."""
    fair = 1.0 / players
    rates = seats["win_rate"]
    worst = max((abs(r["value"] - fair) for r in rates), default=0.0)
    outside = max(
        (max(abs(r["ci95"][0] - fair), abs(r["ci95"][1] - fair)) for r in rates), default=0.0
    )
    return {
        "fair_share": round(fair, 4),
        "margin": margin,
        "real": seats["test"]["p_value"] < ALPHA,
        "fair": outside <= margin + 1e-12,
        "largest_gap": round(worst, 4),  # the seat farthest from its fair share
        "largest_reach": round(outside, 4),  # the farthest end of any seat's interval
        "best_seat": max(range(len(rates)), key=lambda s: rates[s]["value"]) + 1,
        "worst_seat": min(range(len(rates)), key=lambda s: rates[s]["value"]) + 1,
    }


def sentence(v: dict) -> str:
    """The verdict in plain words (the terminal and the report say the same)."""
    real = (
        f"a seat effect is real (seat {v['best_seat']} wins most, seat {v['worst_seat']} "
        "least; chi-square p < 0.05)"
        if v["real"]
        else "no seat effect is shown (chi-square p >= 0.05)"
    )
    margin = f"{100 * v['margin']:.0f}"
    fair = (
        f"every seat's 95% interval lies within {margin} points of the fair share"
        if v["fair"]
        else f"not every seat is shown within {margin} points of the fair share (an "
        f"interval reaches {100 * v['largest_reach']:.1f} points from it"
        + ("; more games narrow the intervals)" if not v["real"] else ")")
    )
    return f"{real}; {fair}."


# ----------------------------------------------------------------------- variants


def play_variants(
    data: DinosData, variant_ids: Sequence[str], games: int, players: int, bots: list[str],
    seed: int, workers: int = 1, progress=None, budget: int = 100,
    scheduler: str | None = None,
) -> dict[str, list[DinosGame]]:  # fmt: skip
    """variant -> its games, the same seeds as the seed rules' games (one simulation
    per variant; :func:`.model.with_variant` raises ValueError on an unknown id)."""
    chosen = [with_variant(data, v) for v in variant_ids]
    return {
        v: simulate(d, games, players, bots, seed, workers, progress, budget, scheduler)
        for v, d in zip(variant_ids, chosen, strict=True)
    }


def variants(data: DinosData, base: dict, played: dict[str, list[DinosGame]]) -> dict:
    """The seed rules (``base``: their summary) and each variant side by side, and the
    variant that makes every seat fair (None: none does)."""
    players = base["players"]
    rows = [_row(None, base["seats"], base, players)]
    assert data.rules is not None
    for vid, results in played.items():
        numbers = summary(with_variant(data, vid), results)
        row = _row(vid, numbers["seats"], numbers, players)
        variant = data.rules.variant(vid)
        assert variant is not None
        row["kind"] = variant.kind
        row["passes"] = list(variant.passes)
        row["points"] = list(variant.points.get(players, ()))
        rows.append(row)
    fair = [r for r in rows[1:] if r["verdict"]["fair"]]
    best = min(fair, key=lambda r: r["verdict"]["largest_reach"]) if fair else None
    return {
        "players": players,
        "margin": MARGIN,
        "rows": rows,
        "fair_variant": best["variant"] if best else None,
        "base_fair": rows[0]["verdict"]["fair"],
    }


def _row(vid: str | None, seats: dict, numbers: dict, players: int) -> dict:
    return {
        "variant": vid,
        "win_rate": seats["win_rate"],
        "test": seats["test"],
        "verdict": verdict(seats, players),
        "rounds": numbers["rounds"],
    }


def variants_sentence(v: dict) -> str:
    """Which variant, if any, brings every seat within the margin."""
    margin = f"{100 * v['margin']:.0f}"
    if v["fair_variant"] is not None:
        return (
            f"variant {v['fair_variant']} brings every seat within {margin} points of the fair "
            "share, intervals included."
        )
    played = ", ".join(r["variant"] for r in v["rows"][1:])
    return (
        f"none of the variants played ({played}) brings every seat within {margin} points "
        "of the fair share, intervals included"
        + (" (the seed rules do)." if v["base_fair"] else ".")
    )


# -------------------------------------------------------------------------- curve


def play_curve(
    data: DinosData, budgets: Sequence[int], games: int, players: int, seed: int,
    workers: int = 1, progress=None, scheduler: str | None = None,
) -> dict[int, list[DinosGame]]:  # fmt: skip
    """budget -> ``games`` games of mcts self-play at that budget (seed ``seed`` each:
    the same deals, so a budget's games are those of ``simulate --budget B``)."""
    return {
        b: simulate(data, games, players, ["mcts"], seed, workers, progress, b, scheduler)
        for b in budgets
    }


def curve(data: DinosData, played: dict[int, list[DinosGame]]) -> dict:
    """The seat win rates at each budget, with the test and verdict at each; and each
    step's largest change of a seat's rate from the budget below, with its interval
    (Newcombe's, the two budgets' games being independent samples)."""
    steps = []
    below: dict | None = None
    for budget, results in played.items():
        numbers = summary(data, results)
        players = numbers["players"]
        step = {
            "budget": budget,
            "games": numbers["games"],
            "win_rate": numbers["seats"]["win_rate"],
            "test": numbers["seats"]["test"],
            "verdict": verdict(numbers["seats"], players),
        }
        if below is not None:
            changes = [
                stats.newcombe_diff_ci(
                    r["value"] * numbers["games"], numbers["games"],
                    b["value"] * below["games"], below["games"],
                ).json()
                for r, b in zip(step["win_rate"], below["win_rate"], strict=True)
            ]  # fmt: skip
            step["change"] = changes
            step["changed"] = any(c["ci95"][0] > 0 or c["ci95"][1] < 0 for c in changes)
        steps.append(step)
        below = step
    return {"players": len(steps[0]["win_rate"]) if steps else 0, "steps": steps}


# ------------------------------------------------------------------- compensation


def _keys(data: DinosData, results: list[DinosGame]) -> list[list[tuple[int, list[int]]]]:
    """Per game, per seat: (score, completed values highest first), the rules' order."""
    values = {sp.id: sp.complete for sp in data.species}
    return [
        [
            (score, sorted((values[s] for s, n in g.completed[seat] for _ in range(n)),
                           reverse=True))
            for seat, score in enumerate(g.scores)
        ]
        for g in results
    ]  # fmt: skip


def _rates(keys: list[list[tuple[int, list[int]]]], points: Sequence[int]) -> list[float]:
    """Each seat's win share over the games had each seat had ``points`` more at the
    end (ties broken by completed dinosaurs, still tied: the victory shared)."""
    wins = [0.0] * len(points)
    for game in keys:
        scored = [(score + p, done) for (score, done), p in zip(game, points, strict=True)]
        best = max(scored)
        won = [seat for seat, key in enumerate(scored) if key == best]
        for seat in won:
            wins[seat] += 1.0 / len(won)
    return wins


def rescored(data: DinosData, results: list[DinosGame], points: Sequence[int]) -> list[dict]:
    """Each seat's win rate (Wilson interval) over ``results`` scored with ``points``."""
    return [stats.wilson(w, len(results)).json() for w in _rates(_keys(data, results), points)]


def compensation(data: DinosData, results: list[DinosGame], most: int = 6) -> dict:
    """The points per seat (0 to ``most``, at least one seat 0) that bring the seats'
    win rates over ``results`` nearest to the fair share: the smallest largest gap,
    then the fewest points. An exhaustive search over the games as played."""
    players = len(results[0].scores)
    fair = 1.0 / players
    keys = _keys(data, results)
    best: tuple[float, int, tuple[int, ...]] | None = None
    for points in itertools.product(range(most + 1), repeat=players):
        if min(points) != 0:
            continue
        gap = max(abs(w / len(results) - fair) for w in _rates(keys, points))
        key = (round(gap, 9), sum(points), points)
        if best is None or key < best:
            best = key
    assert best is not None
    points = best[2]
    return {
        "players": players,
        "games": len(results),
        "most": most,
        "points": list(points),
        "win_rate": rescored(data, results, points),
        "before": rescored(data, results, (0,) * players),
        "largest_gap": round(best[0], 4),
    }
