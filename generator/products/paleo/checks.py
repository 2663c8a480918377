"""Checks of the Paleontologists data that only the pad sheet can make.

Takes the model; reports a dig site (grid, round track, fossil table) that no pad
layout can print with cells a pencil can fill (every paper, one and two per page).
"""

from __future__ import annotations

from ...games.paleo.model import PaleoData
from ...source.diagnostics import Diagnostics
from .sheet import MIN_CELL, PAPERS, sheet_box, sheet_layout


def check(data: PaleoData, diags: Diagnostics) -> None:
    site = data.dig_site
    if site is None or not data.dice:
        return
    too_small = []
    for paper in PAPERS:
        for per_page in (1, 2):
            _, _, w, h = sheet_box(paper, per_page)
            try:
                sheet_layout(data, site.rows, site.cols, w, h)
            except ValueError:
                too_small.append(f"{paper} {per_page} per page")
    if too_small:
        diags.error(
            "E-PAD-FIT",
            site.where("grid"),
            f"dig site: a sheet of a {site.rows}x{site.cols} grid, {site.rounds} rounds and up "
            f"to {site.fossils_max} fossils does not fit a pad page ({', '.join(too_small)}) "
            f"with grid cells of at least {MIN_CELL:g} mm; expected a smaller grid, fewer "
            "rounds or fewer fossils",
        )
