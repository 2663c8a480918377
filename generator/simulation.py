"""Balance reports from simulations: summaries, charts, files (PDF, SVG pages, JSON)."""

from __future__ import annotations

import json
from pathlib import Path

from .draw.charts import PALETTE, bar_chart, histogram
from .kit import Written
from .output import atomic_write, sha256
from .render.pdf import render_pdf
from .render.svg import render_svg
from .report import Report, report_pages


def write_report(report: Report, summary: dict, out_dir: Path, stem: str) -> list[Path]:
    """The report as one PDF, one SVG per page, and the numbers as JSON."""
    pages = report_pages(report)
    paths = [atomic_write(out_dir / f"{stem}.pdf", render_pdf(pages, title=report.title))]
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
    for i, (bot, scores) in enumerate(sorted(scores_by_bot.items())):
        colour = PALETTE[i % len(PALETTE)]
        report.chart(
            62,
            lambda x, y, w, h, f, b, bot=bot, scores=scores, colour=colour: histogram(
                x,
                y,
                w,
                h,
                f"Score distribution: {bot} player",
                scores,
                f,
                b,
                bins=min(30, max(5, len(set(scores)))),
                colour=colour,
                x_label="points",
            ),
        )
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


__all__ = ["write_report", "paleo_report", "Written", "sha256"]
