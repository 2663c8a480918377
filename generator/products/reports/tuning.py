"""The tuning report: the values before and after, and what they do, with intervals.

Takes the two outcomes of :func:`generator.games.dinos.tune.tune`; gives a
:class:`~.layout.Report` and the suggested change to ``species.yaml`` as text lines.
"""

from __future__ import annotations

from ...layout.charts import PALETTE
from .intervals import cell, chart_height, interval_chart
from .layout import Report


def yaml_change(data, after) -> list[str]:
    """The lines of ``species.yaml`` to change, as a diff per species (- old, + new)."""
    lines: list[str] = []
    for sp in data.species:
        new = after.values[sp.id]
        lefts = after.lefts.get(sp.id, {})
        moved = [p for p in sp.positions if lefts.get(p.id, p.value) != p.value]
        if new == sp.complete and not moved:
            continue
        lines.append(f"  - id: {sp.id}")
        if new != sp.complete:
            lines += [f"-   complete: {sp.complete}", f"+   complete: {new}"]
        for p in moved:
            lines += [f"-     - {{id: {p.id}, value: {p.value}}}",
                      f"+     - {{id: {p.id}, value: {lefts[p.id]}}}"]  # fmt: skip
    return lines


def tuning_report(before, after, targets: dict, change: list[str], lang, args: str) -> Report:
    """Before and after, side by side."""
    report = Report("Digging for Dinos: tuning report", args)
    report.heading("The values")
    report.text(
        "Every trial plays the same games (the same seeds) with other values; the best trial "
        f"missed the targets by {after.miss:.4f} (today's data: {before.miss:.4f}; 0 meets "
        "them all)."
    )
    ids = list(before.values)
    names = [lang.term("species", s) for s in ids]
    b_sp, a_sp = before.numbers["species"], after.numbers["species"]
    report.table(
        ["species", "complete before", "after", "points per tile before", "after"],
        [[n, str(before.values[s]), str(after.values[s]), cell(b_sp[s]["points_per_tile"]),
          cell(a_sp[s]["points_per_tile"])] for n, s in zip(names, ids, strict=True)],
    )  # fmt: skip
    report.heading("The targets")
    rows = []
    if "completion-share" in targets:
        rows.append([f"points from completions (target {100 * targets['completion-share']:.0f}%)",
                     cell(before.numbers["completion_share"], "{:.1f}", 100, "%"),
                     cell(after.numbers["completion_share"], "{:.1f}", 100, "%")])  # fmt: skip
    from ...games.dinos.tune import spread_of

    rows.append(["widest species from the median per tile",
                 f"{100 * spread_of(before.numbers):.0f}%",
                 f"{100 * spread_of(after.numbers):.0f}%"])  # fmt: skip
    rows.append(["rounds per game", cell(before.numbers["rounds"], "{:.1f}"),
                 cell(after.numbers["rounds"], "{:.1f}")])  # fmt: skip
    report.table(["figure", "before", "after"], rows)
    for label, o in (("before", before), ("after", after)):
        per_tile = [o.numbers["species"][s]["points_per_tile"] for s in ids]
        mid = sorted(e["value"] for e in per_tile)[len(per_tile) // 2]
        report.chart(
            chart_height(len(ids)),
            lambda x, y, w, h, f, b, per_tile=per_tile, mid=mid, label=label: interval_chart(
                x, y, w, h, f"Points per tile collected, {label}", names, per_tile, f, b,
                "{:.2f}", colours=PALETTE, band=(0.75 * mid, 1.25 * mid, "median +/- 25%"),
            ),
        )  # fmt: skip
    if change:
        report.heading("Suggested change to species.yaml")
        report.text(
            "In data/digging-for-dinos/species.yaml, set these values (the validator then "
            "checks that every tile of a species prints the same complete value):"
        )
        report.table(["species", "key", "now", "suggested"], _species(before, after, lang))
    return report


def _species(before, after, lang) -> list[list[str]]:
    """One row per value that changes: species, key, now, suggested."""
    rows = []
    for s, value in after.values.items():
        name = lang.term("species", s)
        if value != before.values[s]:
            rows.append([name, "complete", str(before.values[s]), str(value)])
        for p, left in after.lefts.get(s, {}).items():
            was = before.lefts.get(s, {}).get(p, left)
            if left != was:
                rows.append([name, f"{p} value (left)", str(was), str(left)])
    return rows
