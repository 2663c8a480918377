"""A skill curve (Ludii's skill trace): each level of a bot against the level below.

Takes, per step, the stronger level's win share in each game (1 a win, 0 a loss, a
tie shared) and each game's :class:`~.metrics.Arc`; gives the curve as a plain dict
(the report's and the JSON's content): per step the win rate of the higher level
with its 95% Wilson interval against the fair share, and whether the step is
*flat* (the interval includes the fair share: the extra effort is not shown to
win more). A game whose curve goes flat early has little depth for its bots to
find. The games are made by :mod:`.dinos.skill` and :mod:`.paleo.skill`.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import metrics, stats


def parse_levels(text: str, low: int, high: int) -> list[int]:
    """``"25,50,100"`` as a rising list of whole numbers from ``low`` to ``high``;
    ValueError (a sentence naming the bad item) otherwise."""
    items = [t.strip() for t in text.split(",") if t.strip()]
    levels = []
    for item in items:
        if not item.isdigit() or not low <= int(item) <= high:
            raise ValueError(f"{item!r} is not a whole number from {low} to {high}")
        levels.append(int(item))
    if len(levels) < 2:
        raise ValueError(f"{text!r} has fewer than two levels: a step needs a level below")
    for a, b in zip(levels, levels[1:], strict=False):
        if b <= a:
            raise ValueError(f"{b} follows {a}: the levels must rise")
    return levels


def step(low: int, high: int, shares: Sequence[float], arcs: Sequence[metrics.Arc],
         fair: float) -> dict:  # fmt: skip
    """One step: ``high`` against ``low``; ``fair``: the win share of equal players."""
    rate = stats.wilson(sum(shares), len(shares))
    flat = rate.lo <= fair <= rate.hi
    return {
        "low": low,
        "high": high,
        "games": len(shares),
        "win_rate": rate.json(),
        "fair_share": round(fair, 4),
        "flat": flat,
        "verdict": "flat" if flat else ("stronger" if rate.lo > fair else "weaker"),
        "metrics": metrics.summary(arcs),
    }


def curve(label: str, steps: list[dict]) -> dict:
    """The whole curve: ``label`` names the level (e.g. "mcts budget"); ``flat_from``:
    the first step that is flat (its higher level), or None."""
    first = next((s for s in steps if s["flat"]), None)
    return {
        "level": label,
        "levels": [steps[0]["low"], *(s["high"] for s in steps)] if steps else [],
        "steps": steps,
        "flat_from": None if first is None else first["high"],
    }


def verdict(numbers: dict) -> str:
    """A sentence: where the curve goes flat, or that it does not."""
    flat = [s for s in numbers["steps"] if s["flat"]]
    if not flat:
        return (
            f"The curve does not go flat: every higher {numbers['level']} wins clearly more "
            "than its fair share against the one below."
        )
    names = ", ".join(f"{s['high']} against {s['low']}" for s in flat)
    return (
        f"The curve goes flat at {numbers['flat_from']} ({numbers['level']}): the 95% "
        f"interval of {names} includes the fair share, so the extra effort is not shown to win "
        "more (more games would narrow the interval)."
    )
