"""Report sections for skill depth: the skill curve, and how games go (the metrics).

Takes the curve of :mod:`generator.games.skill` and the metrics of
:mod:`generator.games.metrics` (every figure with its 95% interval); adds headings,
texts, tables and a chart to a :class:`~.layout.Report`. Both games use them.
"""

from __future__ import annotations

from ...games.skill import verdict
from ...layout.charts import PALETTE
from .intervals import cell, chart_height, interval_chart
from .layout import Report

METRICS_TEXT = (
    "Lead changes: how often the sole leader after a round differs from the last one. "
    "Decided: the share of the rounds after which the eventual winner led for good (1.00: "
    "only at the end). Winner behind: the winner's worst deficit to the best score after "
    "any round, in points and as a share of the winning score; comeback: the share of "
    "games whose winner was ever behind."
)


def metric_rows(m: dict) -> list[list[str]]:
    """The metrics as (figure, value with interval) rows."""
    return [
        ["lead changes per game", cell(m["lead_changes"])],
        ["decided after (share of the rounds)", cell(m["decided"])],
        ["decided only at the end", cell(m["decided_at_end"], "{:.1f}", 100, "%")],
        ["winner behind at worst (points)", cell(m["winner_behind_points"])],
        ["winner behind at worst (share of its score)",
         cell(m["winner_behind_share"], "{:.1f}", 100, "%")],
        ["comeback (winner ever behind)", cell(m["comeback"], "{:.1f}", 100, "%")],
        ["rounds per game", cell(m["rounds"])],
        *([["turns per game", cell(m["turns"])]] if "turns" in m else []),
    ]  # fmt: skip


def metrics_section(report: Report, m: dict, table: str = "") -> None:
    """How the games went: lead changes, decisiveness, drama, length."""
    report.heading("How do the games go?")
    report.text(METRICS_TEXT + (" " + table if table else "") + f" Over {m['games']} games.")
    report.table(["figure", "per game (95% interval)"], metric_rows(m))


def curve_section(report: Report, numbers: dict, what: str) -> None:
    """The skill curve: each level's win rate against the one below, and its verdict."""
    steps = numbers["steps"]
    level = numbers["level"]
    report.heading("Skill curve: does more effort keep winning?")
    report.text(
        f"{what} Each step plays the higher {level} against the one below; the win rate "
        "is the higher level's (a tie counts half), with its 95% interval. A step is flat "
        "when the interval includes the fair share: a game whose curve goes flat early has "
        "little depth. " + verdict(numbers)
    )
    report.table(
        ["step", "games", "win rate of the higher", "fair share", "verdict"],
        [
            [f"{s['high']} vs {s['low']}", str(s["games"]),
             cell(s["win_rate"], "{:.1f}", 100, "%"), f"{100 * s['fair_share']:.0f}%",
             s["verdict"]]
            for s in steps
        ],
    )  # fmt: skip
    fair = steps[0]["fair_share"] if steps else 0.5
    report.chart(
        chart_height(len(steps)),
        lambda x, y, w, h, f, b: interval_chart(
            x, y, w, h, f"Win rate of the higher {level} against the one below",
            [f"{s['high']} vs {s['low']}" for s in steps], [s["win_rate"] for s in steps],
            f, b, "{:.0f}", 100, "%", PALETTE, max_value=100, reference=(fair, "fair share"),
        ),
    )  # fmt: skip
    report.text("How the games of each step went (the metrics, defined below):")
    report.table(
        ["step", "lead changes", "decided after", "winner behind (points)", "comeback",
         "rounds"],
        [
            [f"{s['high']} vs {s['low']}", cell(m["lead_changes"]), cell(m["decided"]),
             cell(m["winner_behind_points"]), cell(m["comeback"], "{:.0f}", 100, "%"),
             cell(m["rounds"], "{:.1f}")]
            for s in steps
            for m in [s["metrics"]]
        ],
    )  # fmt: skip
    report.text(METRICS_TEXT)


def skill_report(title: str, numbers: dict, args: str, what: str) -> Report:
    """A report of one skill curve."""
    report = Report(title, args)
    curve_section(report, numbers, what)
    return report
