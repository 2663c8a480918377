"""Balance reports from simulations: summaries, charts, files (PDF, SVG pages, JSON)."""

from __future__ import annotations

import json
from pathlib import Path

from ...layout.charts import PALETTE, bar_chart, histogram
from ...render.pdf import render_pdf
from ...render.svg import render_svg
from ..files import Written, atomic_write, sha256
from .layout import Report, report_pages


def write_report(report: Report, summary: dict, out_dir: Path, stem: str) -> list[Path]:
    """The report as one PDF, one SVG per page, and the numbers as JSON."""
    pages = report_pages(report)
    subject = f"Balance report from simulated games: {report.subtitle}"
    pdf = render_pdf(pages, title=report.title, subject=subject, lang="en")
    paths = [atomic_write(out_dir / f"{stem}.pdf", pdf)]
    for n, svg in enumerate(render_svg(pages), start=1):
        paths.append(atomic_write(out_dir / f"{stem}-p{n:02d}.svg", svg))
    body = (json.dumps(summary, indent=2, ensure_ascii=False) + "\n").encode()
    paths.append(atomic_write(out_dir / f"{stem}.json", body))
    return paths


def paleo_report(summary: dict, scores_by_bot: dict[str, list[int]], args: str) -> Report:
    report = Report("Paleontologists: balance report", args)
    report.heading("Scores")
    report.table(
        ["player", "games", "mean", "spread (sd)", "min", "max"],
        [
            [
                bot,
                str(s["games"]),
                f"{s['mean']:.2f}",
                f"{s['sd']:.2f}",
                str(s["min"]),
                str(s["max"]),
            ]
            for bot, s in summary["by_bot"].items()
        ],
    )
    _score_charts(report, scores_by_bot, 62, "Score distribution: {} player", fit_bins=True)
    if summary["by_difficulty"]:
        report.heading("By difficulty (greedy player)")
        rows = summary["by_difficulty"]
        report.table(
            ["difficulty", "games", "mean", "spread (sd)", "min", "max"],
            [
                [
                    d,
                    str(s["games"]),
                    f"{s['mean']:.2f}",
                    f"{s['sd']:.2f}",
                    str(s["min"]),
                    str(s["max"]),
                ]
                for d, s in rows.items()
            ],
        )
        report.chart(
            8 + 7 * len(rows),
            lambda x, y, w, h, f, b: bar_chart(
                x,
                y,
                w,
                h,
                "Mean score by difficulty",
                list(rows),
                [s["mean"] for s in rows.values()],
                f,
                b,
                "{:.1f}",
                PALETTE,
            ),
        )
    report.heading("Per sheet (greedy player)")
    report.text(
        "Expected score is the generator's measure (8 fixed dice sequences); mean and "
        "spread are over this simulation's own dice."
    )
    report.table(
        ["sheet", "difficulty", "expected", "games", "mean", "sd"],
        [
            [
                s["code"],
                s["difficulty"],
                f"{s['expected_score']:.1f}",
                str(s["games"]),
                f"{s['mean']:.2f}",
                f"{s['sd']:.2f}",
            ]
            for s in summary["by_sheet"]
        ],
    )
    return report


def _score_charts(
    report: Report, scores: dict[str, list[int]], height: float, title: str, fit_bins: bool
) -> None:
    """One score histogram per player, in a colour each; ``title`` has {} for the name.
    ``fit_bins``: as many bins as different scores (5 to 30), else always 30."""
    for i, (name, values) in enumerate(sorted(scores.items())):
        bins = min(30, max(5, len(set(values)))) if fit_bins else 30
        colour = PALETTE[i % len(PALETTE)]
        report.chart(
            height,
            lambda x, y, w, h, f, b, name=name, values=values, colour=colour, bins=bins: histogram(
                x, y, w, h, title.format(name), values, f, b,
                bins=bins, colour=colour, x_label="points",
            ),
        )  # fmt: skip


def _percent_bars(report: Report, title: str, labels: list[str], values: list[float]) -> None:
    """A bar chart of percentages (0 to 100), one bar per label."""
    report.chart(
        8 + 7 * len(labels),
        lambda x, y, w, h, f, b: bar_chart(
            x, y, w, h, title, labels, values, f, b, "{:.1f}%", PALETTE, max_value=100
        ),
    )


def dinos_report(summary: dict, results, data, lang, args: str) -> Report:
    report = Report("Digging for Dinos: balance report", args)
    players = summary["players"]
    report.heading("Who wins")
    seats = [f"seat {i + 1}" for i in range(players)]
    _percent_bars(
        report,
        f"Win rate by seat (fair share {1 / players:.0%})",
        seats,
        [100 * r for r in summary["win_rate_by_seat"]],
    )
    bots = list(summary["win_rate_by_bot"])
    _percent_bars(
        report,
        "Win rate of a seat, by bot",
        bots,
        [100 * summary["win_rate_by_bot"][k] for k in bots],
    )
    report.table(
        ["bot", "mean score", "spread (sd)", "min", "max", "win rate"],
        [
            [
                k,
                f"{s['mean']:.2f}",
                f"{s['sd']:.2f}",
                str(s["min"]),
                str(s["max"]),
                f"{100 * summary['win_rate_by_bot'][k]:.1f}%",
            ]
            for k, s in summary["score_by_bot"].items()
        ],
    )
    report.heading("Scores")
    by_bot: dict[str, list[int]] = {}
    for g in results:
        for seat, name in enumerate(g.bots):
            by_bot.setdefault(name, []).append(g.scores[seat])
    _score_charts(report, by_bot, 58, "Score distribution: {}", fit_bins=False)
    report.heading("Species")
    ids = list(summary["completions_per_game"])
    names = [lang.term("species", s) for s in ids]
    report.chart(
        8 + 7 * len(ids),
        lambda x, y, w, h, f, b: bar_chart(
            x,
            y,
            w,
            h,
            "Completed per game (all players)",
            names,
            [summary["completions_per_game"][s] for s in ids],
            f,
            b,
            "{:.2f}",
            PALETTE,
        ),
    )
    report.chart(
        8 + 7 * len(ids),
        lambda x, y, w, h, f, b: bar_chart(
            x,
            y,
            w,
            h,
            "Share of all points scored by completing it",
            names,
            [100 * summary["share_of_points"][s] for s in ids],
            f,
            b,
            "{:.1f}%",
            PALETTE,
        ),
    )
    report.heading("Game length and end")
    report.chart(
        58,
        lambda x, y, w, h, f, b: histogram(
            x,
            y,
            w,
            h,
            "Rounds per game",
            [g.rounds for g in results],
            f,
            b,
            bins=30,
            x_label="rounds",
        ),
    )
    triggers = list(summary["end_trigger"])
    _percent_bars(
        report,
        "Which end trigger fired",
        triggers,
        [100 * summary["end_trigger"][t] for t in triggers],
    )
    return report


__all__ = ["dinos_report", "write_report", "paleo_report", "Written", "sha256"]
