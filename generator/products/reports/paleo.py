"""The Paleontologists balance report: players, difficulty bands, templates, bonuses.

Takes the summary of :mod:`generator.games.paleo.simulate` (every mean and rate with
its 95% interval) and the scores; gives a :class:`~.layout.Report`.
"""

from __future__ import annotations

from ...layout.charts import PALETTE
from .dinos import READING
from .histograms import score_charts
from .intervals import cell, chart_height, interval_chart
from .layout import Report
from .skill import metrics_section

TABLE = (
    "Paleontologists is played alone, so the table is the players of one deal: the same "
    "sheet and rolls, their scores after each of the 20 rounds; the winner is the highest "
    "final score (a tie shares the win), and every game lasts the 20 rounds."
)


def paleo_report(summary: dict, scores_by_bot: dict[str, list[int]], args: str) -> Report:
    """The whole report of one simulation."""
    report = Report("Paleontologists: balance report", args)
    report.heading("Scores")
    report.text(READING)
    bots = summary["by_bot"]
    report.table(
        ["player", "games", "mean score", "spread (sd)", "min", "max"],
        [[b, str(s["games"]), cell(s["mean"]), f"{s['sd']:.2f}", str(s["min"]), str(s["max"])]
         for b, s in bots.items()],
    )  # fmt: skip
    if summary["differences"]:
        report.text("Paired differences: the same sheets and dice, the first player's score "
                    "minus the second's.")  # fmt: skip
        report.table(
            ["players", "games", "score difference", "verdict"],
            [[f"{d['better']} vs {d['worse']}", str(d["games"]), cell(d["mean_score"], "{:+.2f}"),
              "clearly better" if d["mean_score"]["ci95"][0] > 0 else "not shown"]
             for d in summary["differences"]],
        )  # fmt: skip
    score_charts(report, scores_by_bot, 50, "Score distribution: {} player", fit_bins=True)
    _difficulty(report, summary)
    _templates(report, summary)
    _bonuses(report, summary)
    if "metrics" in summary:
        metrics_section(report, summary["metrics"], TABLE)
    if summary["by_sheet"]:
        report.heading("Per sheet (greedy player)")
        report.text(
            "Expected score is the generator's measure (8 fixed dice sequences); the mean is "
            "over this simulation's own dice."
        )
        report.table(
            ["sheet", "difficulty", "expected", "games", "mean score"],
            [[s["code"], s["difficulty"], f"{s['expected_score']:.1f}", str(s["games"]),
              cell(s["mean"])] for s in summary["by_sheet"]],
        )  # fmt: skip
    return report


def _difficulty(report: Report, summary: dict) -> None:
    rows = summary["by_difficulty"]
    if not rows:
        return
    report.heading("Are the difficulty bands right?")
    report.text(
        "A sheet is made for a difficulty when the greedy player's expected score lies in "
        "the difficulty's band. Here the greedy player's mean on the simulated dice, with its "
        "interval: 'confirmed' when the whole interval lies inside the band."
    )
    table = []
    for d, entry in rows.items():
        band = entry.get("band")
        for bot, s in entry.items():
            if bot == "band":
                continue
            verdict = ""
            if bot == "greedy" and band:
                lo, hi = s["mean"]["ci95"]
                verdict = (
                    "confirmed"
                    if band[0] <= lo and hi < band[1]
                    else ("outside" if hi < band[0] or lo >= band[1] else "overlaps the edge")
                )
            band_text = f"{band[0]:g} to {band[1]:g}" if band and bot == "greedy" else ""
            table.append([f"{d}: {bot}", str(s["games"]), cell(s["mean"]), band_text, verdict])
    report.table(["difficulty: player", "games", "mean score", "band", "verdict"], table)
    greedy = [(d, e["greedy"]) for d, e in rows.items() if "greedy" in e]
    if greedy:
        report.chart(
            chart_height(len(greedy)),
            lambda x, y, w, h, f, b: interval_chart(
                x, y, w, h, "Mean score by difficulty (greedy player)", [d for d, _ in greedy],
                [s["mean"] for _, s in greedy], f, b, "{:.1f}", colours=PALETTE,
            ),
        )  # fmt: skip


def _templates(report: Report, summary: dict) -> None:
    templates = summary["templates"]
    if not templates:
        return
    report.heading("What is a fossil template worth?")
    report.text(
        "Per template (its value + its same-dig-type bonus) and player: how often a fossil of "
        "it is dug, how often with its bonus, and the points one such fossil brings on "
        "average (0 when not dug)."
    )
    rows = []
    names = sorted(
        {t for per in templates.values() for t in per},
        key=lambda t: next(per[t]["value"] for per in templates.values() if t in per),
    )
    for t in names:
        for bot, per in templates.items():
            if t not in per:
                continue
            e = per[t]
            rows.append([f"{t} ({e['value']} + {e['bonus']}): {bot}", str(e["fossils"]),
                         cell(e["dug_rate"], "{:.0f}", 100, "%"),
                         cell(e["bonus_rate"], "{:.0f}", 100, "%"),
                         cell(e["points_per_fossil"])])  # fmt: skip
    report.table(["template: player", "fossils", "dug", "with bonus", "points per fossil"], rows)


def _bonuses(report: Report, summary: dict) -> None:
    bonuses = summary["bonuses"]
    if not bonuses:
        return
    report.heading("What are the bonuses worth?")
    report.text(
        "Circles made per game from covered stars, and circles spent. greedy, random "
        "and strong circle +1 Point first and never spend a bonus: for them +1 Point is worth "
        "one point a circle and the others nothing. spender circles Switch Shape, One Square "
        "Anywhere and Switch Dig Type first and spends them when they help the greedy measure; "
        "its paired difference against greedy (above) is what spending the bonuses is worth "
        "on these sheets and dice."
    )
    names = sorted({b for per in bonuses.values() for b in per})
    rows = [
        [f"{n}: {bot}", cell(per[n]["circles_per_game"]), cell(per[n]["spent_per_game"])]
        for n in names
        for bot, per in bonuses.items()
        if n in per
    ]
    report.table(["bonus: player", "circles made a game", "circles spent a game"], rows)
