"""Simulating Digging for Dinos: many bot games, summarised for a designer."""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable
from dataclasses import dataclass

from .bots import Bot, GreedyBot, LookaheadBot, RandomBot, play_game
from .engine import rules_for
from .model import DinosData

BOT_TYPES: dict[str, Callable[[], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "lookahead": LookaheadBot,
}


@dataclass(frozen=True)
class DinosGame:
    bots: tuple[str, ...]  # per seat
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    rounds: int
    trigger: str
    completed: tuple[tuple[tuple[str, int], ...], ...]  # per seat: (species, count)


def seats(bots: list[str], players: int, index: int) -> tuple[str, ...]:
    """Bots rotate through the seats from game to game, so each plays every seat."""
    return tuple(bots[(seat + index) % len(bots)] for seat in range(players))


def simulate(
    data: DinosData,
    games: int,
    players: int,
    bots: list[str],
    seed: int,
    workers: int = 1,
    progress=None,
) -> list[DinosGame]:
    from ..parallel import run_jobs

    jobs = [(i, seats(bots, players, i)) for i in range(games)]

    def setup():
        rules_for(data)  # compile once per process
        return data, players, seed

    return run_jobs(setup, _play_one, jobs, workers, progress)


def _play_one(context, job) -> DinosGame:
    data, players, seed = context
    index, names = job
    rng = random.Random(f"dinos-sim/{seed}/{index}")
    result = play_game(data, players, [BOT_TYPES[name]() for name in names], rng)
    return DinosGame(
        names,
        tuple(result.scores),
        tuple(result.winners),
        result.rounds,
        result.trigger or "none",
        tuple(tuple(sorted(c.items())) for c in result.completed),
    )


def summary(data: DinosData, results: list[DinosGame]) -> dict:
    players = len(results[0].scores) if results else 0
    seat_wins = [0.0] * players
    bot_wins: dict[str, float] = {}
    bot_games: dict[str, int] = {}
    bot_scores: dict[str, list[int]] = {}
    completed: dict[str, int] = {sp.id: 0 for sp in data.species}
    points: dict[str, int] = {sp.id: 0 for sp in data.species}
    value = {sp.id: sp.complete for sp in data.species}
    triggers: dict[str, int] = {}
    total_points = 0
    for g in results:
        share = 1.0 / len(g.winners)
        for seat in g.winners:
            seat_wins[seat] += share
            bot_wins[g.bots[seat]] = bot_wins.get(g.bots[seat], 0.0) + share
        for seat, name in enumerate(g.bots):
            bot_games[name] = bot_games.get(name, 0) + 1
            bot_scores.setdefault(name, []).append(g.scores[seat])
        for per_seat in g.completed:
            for species, count in per_seat:
                completed[species] += count
                points[species] += count * value[species]
        total_points += sum(g.scores)
        triggers[g.trigger] = triggers.get(g.trigger, 0) + 1
    n = len(results) or 1
    rounds = [g.rounds for g in results]
    return {
        "games": len(results),
        "players": players,
        "win_rate_by_seat": [round(w / n, 4) for w in seat_wins],
        # the chance that a seat played by this bot wins (a fair share is 1 / players)
        "win_rate_by_bot": {
            b: round(bot_wins.get(b, 0.0) / bot_games[b], 4) for b in sorted(bot_games)
        },
        "score_by_bot": {
            b: {
                "mean": round(statistics.fmean(s), 2),
                "sd": round(statistics.pstdev(s), 2),
                "min": min(s),
                "max": max(s),
            }
            for b, s in sorted(bot_scores.items())
        },
        "completions_per_game": {s: round(c / n, 3) for s, c in completed.items()},
        "share_of_points": {
            s: round(p / total_points, 4) if total_points else 0 for s, p in points.items()
        },
        "rounds": {
            "mean": round(statistics.fmean(rounds), 2) if rounds else 0,
            "min": min(rounds, default=0),
            "max": max(rounds, default=0),
        },
        "end_trigger": {t: round(c / n, 4) for t, c in sorted(triggers.items())},
    }
