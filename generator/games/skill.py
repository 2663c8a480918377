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
    """The whole curve: ``label`` names the level (e.g. "mcts budget"); ``flat_steps``:
    the higher level of every flat step; ``flat_from``: the level from which every
    step is flat (the plateau: ``high`` of the first step of the flat run that ends the
    curve), or None when the last step still wins more."""
    plateau = None
    for s in reversed(steps):
        if not s["flat"]:
            break
        plateau = s["high"]
    return {
        "level": label,
        "levels": [steps[0]["low"], *(s["high"] for s in steps)] if steps else [],
        "steps": steps,
        "flat_steps": [s["high"] for s in steps if s["flat"]],
        "flat_from": plateau,
    }


def verdict(numbers: dict) -> str:
    """A sentence: whether and where the curve goes flat."""
    level, steps = numbers["level"], numbers["steps"]
    flat = [s for s in steps if s["flat"]]
    if not flat:
        return (
            f"The curve does not go flat: every higher {level} wins clearly more than its "
            "fair share against the one below."
        )
    plateau = numbers["flat_from"]
    early = [s for s in flat if plateau is None or s["high"] < plateau]
    names = ", ".join(f"{s['high']} against {s['low']}" for s in early)
    if plateau is None:
        said = f"The curve does not stay flat: the last step still wins more, but {names} "
        said += "is flat" if len(early) == 1 else "are flat"
    else:
        low = next(s["low"] for s in steps if s["high"] == plateau)
        said = f"The curve goes flat from {level} {plateau} on (from {plateau} against {low})"
        if early:
            said += f"; earlier, {names} " + ("is flat" if len(early) == 1 else "are flat")
    return (
        said + ": the 95% interval includes the fair share, so the extra effort is not "
        "shown to win more (more games narrow the interval)."
    )
