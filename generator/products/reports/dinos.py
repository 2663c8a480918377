"""The Digging for Dinos balance report: a designer's questions, answered with intervals.

Takes the summary of :mod:`generator.games.dinos.summary` (every figure with its 95%
interval), the games and the language; gives a :class:`~.layout.Report`: does skill
pay (bots and their differences), is a seat favoured (test, effect size, games
needed), what each species is worth per tile collected and how often it is
completed, how long games last and how often the lead changes.
"""

from __future__ import annotations

from ...layout.charts import PALETTE, histogram
from .histograms import score_charts
from .intervals import cell, chart_height, interval_chart
from .layout import Report
from .seats import seat_verdict
from .skill import metrics_section

READING = (
    "Every figure comes with its 95% interval in brackets: with this many games the true "
    "value lies in that range 19 times out of 20. A difference whose interval excludes "
    "zero is real; one whose interval includes zero may be noise: play more games."
)


def strongest(summary: dict) -> str:
    """The bot with the highest win rate (the one whose play the balance targets trust)."""
    return max(summary["bots"], key=lambda b: summary["bots"][b]["win_rate"]["value"])


def skill(report: Report, summary: dict) -> None:
    """Bots side by side and each pair's difference."""
    bots = summary["bots"]
    report.heading("Does skill pay?")
    report.text(READING)
    report.table(
        ["bot (seats)", "win rate", "mean score", "from completions", "dinosaurs/game"],
        [
            [
                f"{name} ({b['seats']})",
                cell(b["win_rate"], "{:.1f}", 100, "%"),
                cell(b["mean_score"], "{:.1f}"),
                cell(b["completion_share"], "{:.1f}", 100, "%"),
                cell(b["dinosaurs_per_game"], "{:.2f}"),
            ]
            for name, b in bots.items()
        ],
    )
    names = list(bots)
    _chart(report, "Win rate of a seat, by bot", names,
           [bots[b]["win_rate"] for b in names], "{:.0f}", 100, "%",
           reference=(1 / summary["players"], "fair share"))  # fmt: skip
    if summary["differences"]:
        report.text(
            "Paired differences: over the games both bots sat in, the first bot's win share "
            "and score minus the second's."
        )
        report.table(
            ["bots", "games", "win rate difference (% points)", "score difference", "verdict"],
            [
                [
                    f"{d['better']} vs {d['worse']}",
                    str(d["games"]),
                    cell(d["win_rate"], "{:+.1f}", 100),
                    cell(d["mean_score"], "{:+.2f}"),
                    "clearly better" if d["win_rate"]["ci95"][0] > 0 else "not shown",
                ]
                for d in summary["differences"]
            ],
        )


def seats(report: Report, summary: dict) -> None:
    """Win rate by seat with the goodness-of-fit test."""
    s = summary["seats"]
    players = summary["players"]
    report.heading("Is a seat favoured?")
    test = s["test"]
    verdict = (
        "the seats differ beyond chance"
        if test["p_value"] < 0.05
        else "no difference between the seats is shown"
    )
    report.text(
        f"Chi-square test of wins by seat against an even share: chi2 = {test['chi2']:.2f} "
        f"with {test['df']} degrees of freedom, p = {test['p_value']:.3g}: {verdict}. "
        f"Effect size (Cohen's w) {test['cohens_w']:.3f}, {test['effect']} (0.1 small, 0.3 "
        f"medium). To detect a seat that wins {100 * s['advantage_tested']:.0f} points more "
        f"than its fair share (power 0.8, alpha 0.05) takes {s['games_to_detect']:,} games."
    )
    _chart(report, f"Win rate by seat (fair share {1 / players:.0%})",
           [f"seat {i + 1}" for i in range(players)], s["win_rate"], "{:.0f}", 100, "%",
           reference=(1 / players, "fair share"))  # fmt: skip
    seat_verdict(report, s, players)


def species(report: Report, summary: dict, lang) -> None:
    """Per species and bot: points per tile collected and completion rate."""
    ids = list(summary["species"])
    names = [lang.term("species", s) for s in ids]
    bots = summary["bots"]
    best = strongest(summary)
    report.heading("What is a species worth?")
    per_tile = [bots[best]["species"][s]["points_per_tile"] for s in ids]
    values = sorted(e["value"] for e in per_tile)
    median = (
        values[len(values) // 2]
        if len(values) % 2
        else sum(values[len(values) // 2 - 1 : len(values) // 2 + 1]) / 2
    )
    _chart(report, f"Points per tile collected ({best}, the strongest bot)", names, per_tile,
           "{:.2f}", band=(0.75 * median, 1.25 * median, "median species +/- 25%"))  # fmt: skip
    report.text(
        "Points per tile collected: the points a species' tiles scored (complete dinosaurs "
        "at their right-hand value, spares at their left) divided by the tiles collected. "
        f"The shaded band is the median species ({median:.2f}) plus or minus 25%: a species "
        "outside it is worth chasing much more, or much less, than the others."
    )
    report.table(
        ["species", *[f"points per tile: {b}" for b in bots]],
        [
            [n, *[cell(bots[b]["species"][s]["points_per_tile"]) for b in bots]]
            for n, s in zip(names, ids, strict=True)
        ],
    )
    report.table(
        ["species", *[f"completed by {b}" for b in bots]],
        [
            [n, *[cell(bots[b]["species"][s]["completion_rate"], "{:.0f}", 100, "%")
                  for b in bots]]
            for n, s in zip(names, ids, strict=True)
        ],
    )  # fmt: skip
    report.text(
        "Completed by: the share of a bot's seats that completed at least one dinosaur of "
        "the species. All players together, per game:"
    )
    sp = summary["species"]
    report.table(
        ["species", "completed per game", "share of all points", "from completing it"],
        [
            [
                n,
                cell(sp[s]["completions_per_game"]),
                cell(sp[s]["share_of_points"], "{:.1f}", 100, "%"),
                cell(sp[s]["completed_share_of_points"], "{:.1f}", 100, "%"),
            ]
            for n, s in zip(names, ids, strict=True)
        ],
    )


def length(report: Report, summary: dict, results) -> None:
    """Game length, lead changes and the end trigger."""
    report.heading("Game length, lead and end")
    report.text(
        f"Rounds per game {cell(summary['rounds'], '{:.1f}')}, from {summary['rounds']['min']} "
        f"to {summary['rounds']['max']}. The sole leader after a round changed "
        f"{cell(summary['lead_changes'], '{:.2f}')} times per game. Completions gave "
        f"{cell(summary['completion_share'], '{:.1f}', 100, '%')} of all points."
    )
    report.chart(
        58,
        lambda x, y, w, h, f, b: histogram(
            x, y, w, h, "Rounds per game", [g.rounds for g in results], f, b, bins=30,
            x_label="rounds",
        ),
    )  # fmt: skip
    triggers = list(summary["end_trigger"])
    ends = [summary["end_trigger"][t] for t in triggers]
    _chart(report, "Which end trigger fired", triggers, ends, "{:.0f}", 100, "%", max_value=100)


def _chart(report: Report, title: str, labels, estimates, fmt="{:.2f}", scale=1.0, unit="",
           **extra) -> None:  # fmt: skip
    report.chart(
        chart_height(len(labels)),
        lambda x, y, w, h, f, b: interval_chart(
            x, y, w, h, title, labels, estimates, f, b, fmt, scale, unit, PALETTE, **extra
        ),
    )


def dinos_report(summary: dict, results, lang, args: str) -> Report:
    """The whole report of one simulation."""
    report = Report("Digging for Dinos: balance report", args)
    skill(report, summary)
    seats(report, summary)
    report.heading("Scores")
    by_bot: dict[str, list[int]] = {}
    for g in results:
        for seat, name in enumerate(g.bots):
            by_bot.setdefault(name, []).append(g.scores[seat])
    score_charts(report, by_bot, 50, "Score distribution: {}", fit_bins=False)
    species(report, summary, lang)
    length(report, summary, results)
    if "metrics" in summary:
        metrics_section(report, summary["metrics"])
    return report


def comparison(report: Report, cmp: dict, lang, name_a: str, name_b: str) -> None:
    """The same games on data A and B: each figure on both and the difference B - A."""
    report.heading(f"Compared: {name_b} against {name_a}")
    report.text(
        f"The same {cmp['games']} games (same seeds and seats) played on A = {name_a} and "
        f"B = {name_b}. Differences are B - A, paired game by game; an interval that "
        "excludes zero is a real change."
    )
    rows = []
    for bot, b in cmp["bots"].items():
        for key, label, fmt, scale in (
            ("win_rate", "win rate", "{:.1f}", 100),
            ("mean_score", "mean score", "{:.2f}", 1),
            ("completion_share", "points from completions", "{:.1f}", 100),
        ):
            e = b[key]
            unit = "%" if scale == 100 else ""
            rows.append([f"{bot}: {label}", cell(e["a"], fmt, scale, unit),
                         cell(e["b"], fmt, scale, unit),
                         cell(e["difference"], fmt.replace("{:", "{:+"), scale)])  # fmt: skip
    report.table(["figure", "A", "B", "B - A"], rows)
    report.table(
        ["points per tile", "A", "B", "B - A"],
        [
            [lang.term("species", s), cell(e["points_per_tile"]["a"]),
             cell(e["points_per_tile"]["b"]), cell(e["points_per_tile"]["difference"], "{:+.2f}")]
            for s, e in cmp["species"].items()
        ],
    )  # fmt: skip
    share, rounds = cmp["completion_share"], cmp["rounds"]
    report.table(
        ["all players", "A", "B", "B - A"],
        [
            ["points from completions", cell(share["a"], "{:.1f}", 100),
             cell(share["b"], "{:.1f}", 100), cell(share["difference"], "{:+.1f}", 100)],
            ["rounds per game", cell(rounds["a"]), cell(rounds["b"]),
             cell(rounds["difference"], "{:+.2f}")],
        ],
    )  # fmt: skip
