"""Balance reports from simulations: summaries, charts, files (PDF, SVG pages, JSON)."""

from __future__ import annotations

import json
from pathlib import Path

from ...render.pdf import render_pdf
from ...render.svg import render_svg
from ..files import Written, atomic_write, sha256
from .dinos import dinos_report
from .histograms import score_charts
from .layout import Report, report_pages
from .paleo import paleo_report


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


__all__ = ["dinos_report", "write_report", "paleo_report", "score_charts", "Written", "sha256"]
