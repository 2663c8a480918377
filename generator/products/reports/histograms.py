"""Score histograms for the balance reports, one per player, in a colour each."""

from __future__ import annotations

from ...layout.charts import PALETTE, histogram
from .layout import Report


def score_charts(
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
