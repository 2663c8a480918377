"""The seat parts of the Digging for Dinos balance report.

Takes the numbers of :mod:`generator.games.dinos.seats`; gives report blocks: the
verdict on the seats in words, the setup variants side by side with the variant that
evens the seats, and the seat curve (seat win rates by mcts budget) as a report of
its own.
"""

from __future__ import annotations

from ...games.dinos.seats import sentence, variants_sentence, verdict
from ...layout.charts import PALETTE
from .intervals import cell, chart_height, interval_chart
from .layout import Report


def seat_verdict(report: Report, seats: dict, players: int) -> None:
    """The verdict on the seats, in plain words."""
    v = verdict(seats, players)
    report.text(
        f"Verdict: {sentence(v)} A seat is called fair here when its whole 95% interval lies "
        f"within {100 * v['margin']:.0f} points of the fair share ({100 * v['fair_share']:.1f}%)."
    )


def variants(report: Report, table: dict) -> None:
    """The seed rules and each setup variant on the same games, side by side."""
    players = table["players"]
    report.heading("Setup variants: which one evens the seats?")
    report.text(
        "The same games (the same seeds: the same shuffled stacks) under the seed rules and "
        "under each setup variant of rules.yaml. Win rate of each seat with its 95% interval; "
        f"fair: every seat's interval within {100 * table['margin']:.0f} points of the fair "
        f"share ({100 / players:.1f}%)."
    )
    report.table(
        ["rules", *[f"seat {s + 1}" for s in range(players)], "p", "fair"],
        [
            [
                _name(row),
                *[cell(r, "{:.1f}", 100, "%") for r in row["win_rate"]],
                f"{row['test']['p_value']:.3g}",
                "yes" if row["verdict"]["fair"] else "not shown",
            ]
            for row in table["rows"]
        ],
    )
    report.text(f"Verdict: {variants_sentence(table)}")


def _name(row: dict) -> str:
    if row["variant"] is None:
        return "seed rules"
    if row.get("kind") == "compensation":
        return f"{row['variant']} (+{', +'.join(map(str, row['points']))})"
    if row.get("kind") == "placement-order":
        return f"{row['variant']} ({', '.join(row['passes'])})"
    return str(row["variant"])


def _opened(title: str, args: str, heading: str, text: str) -> Report:
    """A report of its own: its title, the command's arguments, a heading and a text."""
    report = Report(title, args)
    report.heading(heading)
    report.text(text)
    return report


def curve_report(numbers: dict, args: str) -> Report:
    """Seat win rates of mcts self-play at each budget: where they stop changing."""
    players = numbers["players"]
    report = _opened(
        "Digging for Dinos: seats by playing strength",
        args,
        "Seat win rates by mcts budget",
        "Every seat is played by mcts at the same budget (iterations per decision); each "
        "budget plays the same deals. Win rate of each seat with its 95% interval; the change "
        "column is the largest change of a seat's rate from the budget below, with its "
        "interval (an interval that excludes zero: the rate moved).",
    )
    rows = []
    for step in numbers["steps"]:
        change = "-"
        if "change" in step:
            biggest = max(step["change"], key=lambda c: abs(c["value"]))
            change = cell(biggest, "{:+.1f}", 100)
        rows.append(
            [
                str(step["budget"]),
                *[cell(r, "{:.1f}", 100, "%") for r in step["win_rate"]],
                f"{step['test']['p_value']:.3g}",
                change,
            ]
        )
    report.table(["budget", *[f"seat {s + 1}" for s in range(players)], "p", "change"], rows)
    for step in numbers["steps"]:
        labels = [f"seat {s + 1}" for s in range(players)]
        title = f"Budget {step['budget']}: win rate by seat"
        report.chart(
            chart_height(players),
            lambda x, y, w, h, f, b, title=title, labels=labels, rates=step["win_rate"]: (
                interval_chart(x, y, w, h, title, labels, rates, f, b, "{:.0f}", 100, "%",
                               PALETTE, reference=(1 / players, "fair share"))
            ),
        )  # fmt: skip
    last = numbers["steps"][-1]
    report.text(f"At budget {last['budget']}: {sentence(last['verdict'])}")
    return report


def tuning_report(numbers: dict, args: str) -> Report:
    """``tune --seats``: each rules' seat win rates as played and with the points found."""
    players = numbers["players"]
    report = _opened(
        "Digging for Dinos: points that even the seats",
        args,
        "Compensation points per seat",
        "The games are played once under each rules (the seed rules and each placement "
        "variant given), then scored again with every compensation of 0 to the largest "
        "points per seat (at least one seat 0): the points shown bring every seat's win rate "
        "nearest to the fair share (the smallest largest gap, then the fewest points). The "
        "bots played without the points; put them in a compensation variant of rules.yaml "
        "and measure it with dinokit simulate digging-for-dinos --variant ID.",
    )
    rows = []
    for f in numbers["found"]:
        name = f["variant"] or "seed rules"
        rows.append([name, "as played", *[cell(r, "{:.1f}", 100, "%") for r in f["before"]]])
        points = ", ".join(f"+{p}" for p in f["points"])
        rows.append([name, points, *[cell(r, "{:.1f}", 100, "%") for r in f["win_rate"]]])
    report.table(["rules", "points", *[f"seat {s + 1}" for s in range(players)]], rows)
    return report
