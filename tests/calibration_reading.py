"""Reading the duplex calibration sheet as its own words say, from the produced PDF.

The geometry comes from the PDF alone: the front's and the back's lines (found by their
stroke width: thin and thick), the numbers printed beside the front's lines. A printer
drift is simulated numerically: the back page is seen through the sheet mirrored left to
right (long-edge flip) and moved by the drift. Then the steps on the sheet:

* "find the thick line from the back that comes closest to meeting a thick line on this
  side, end to end. The offset is near the number of that line." A reader may take any
  thick pair up to :data:`SLACK` mm worse than the best one.
* "Then, near that number, find the thin line from the back that meets a thin line on
  this side exactly, as one straight line. The number of that line is the offset."
  Thin pairs meet when they are in line to within :data:`MEET` mm (the best ones, when
  the drift is between two readings) and end to end (at most :data:`GAP` mm apart
  across the scale); of those, the one whose number is nearest the thick number.

A reading is one answer when every thick pick leads to the same thin line, and that
line is nearer the thick number than any other meeting thin line by :data:`MARGIN`.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass

import numpy as np
import pdfplumber
from pdfmeasure import PT

from dinokit.products.calibrate import THICK_WIDTH, TICK_WIDTH

SLACK = 0.5  # mm: a thick pair this much worse than the best may still be taken
GAP = 6.0  # mm across the scale: farther apart, two lines do not meet end to end
MARGIN = 1.0  # mm: the chosen thin meeting is at least this much nearer than any other
#: A number of the scale, as any language writes it: "+4.5", Polish "+4,5", "\u22120,5".
NUMBER = re.compile(r"^(0|[+\-\u2212]\d+([.,]\d+)?)$")


def value(number: str) -> float:
    """A number of the scale in mm, whichever decimal and minus sign it is written with."""
    return float(number.replace(",", ".").replace("\u2212", "-"))


@dataclass(frozen=True)
class Lines:
    """Parallel lines of one scale: position along the scale, extent across it (mm)."""

    along: np.ndarray
    lo: np.ndarray
    hi: np.ndarray

    def moved(self, along: float, across: float) -> Lines:
        return Lines(self.along + along, self.lo + across, self.hi + across)


@dataclass(frozen=True)
class Scale:
    """One axis: the thick and the thin rows, front (with their numbers) and back."""

    axis: str
    thick: Lines
    thick_numbers: tuple[str, ...]
    thin: Lines
    thin_numbers: tuple[str, ...]
    thick_back: Lines  # as seen from the front, before any drift
    thin_back: Lines


@dataclass(frozen=True)
class Reading:
    values: frozenset[float]  # every answer the steps can lead to (one when unambiguous)
    thick: frozenset[str]  # the thick numbers a reader may take
    margin: float  # mm: how much nearer the chosen thin meeting is than the next one
    meetings: tuple[str, ...]  # the numbers of every thin line that meets


def _lines(page, width: float, vertical: bool, stroke: float, mirror: bool) -> Lines:
    found = []
    for ln in page.lines:
        if abs(ln["linewidth"] * PT - stroke) > 0.01:
            continue
        x0, x1, top, bottom = (ln[k] * PT for k in ("x0", "x1", "top", "bottom"))
        if mirror:
            x0, x1 = width - x1, width - x0
        if vertical and abs(x1 - x0) < 1e-6:
            found.append(((x0 + x1) / 2, top, bottom))
        elif not vertical and abs(bottom - top) < 1e-6:
            found.append(((top + bottom) / 2, x0, x1))
    found.sort()
    along, lo, hi = (np.array(v) for v in zip(*found, strict=True))
    return Lines(along, lo, hi)


def _numbers(lines: Lines, words: list[dict], vertical: bool) -> tuple[str, ...]:
    """The number printed beside each line: in line with it (within 1 mm along the
    scale) and the nearest across, within 8 mm of the line's ends."""
    numbers = []
    for at, lo, hi in zip(lines.along, lines.lo, lines.hi, strict=True):
        best, best_d = None, 8.0
        for w in words:
            x, y = (w["x0"] + w["x1"]) / 2 * PT, (w["top"] + w["bottom"]) / 2 * PT
            a, c = (x, y) if vertical else (y, x)
            if abs(a - at) > 1.0:
                continue
            d = max(lo - c, c - hi, 0.0)
            if d < best_d:
                best, best_d = w["text"], d
        assert best is not None, f"no number beside the line at {at:.2f} mm"
        numbers.append(best)
    return tuple(numbers)


def read_sheet(pdf: bytes) -> dict[str, Scale]:
    """The two scales of a calibration sheet PDF (front page 1, back page 2)."""
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        front, back = doc.pages[:2]
        width = front.width * PT
        words = [
            w
            for w in front.extract_words(x_tolerance=1, use_text_flow=False)
            if NUMBER.match(w["text"])
        ]
        scales = {}
        for axis, vertical in (("X", True), ("Y", False)):
            thick = _lines(front, width, vertical, THICK_WIDTH, False)
            thin = _lines(front, width, vertical, TICK_WIDTH, False)
            scales[axis] = Scale(
                axis,
                thick,
                _numbers(thick, words, vertical),
                thin,
                _numbers(thin, words, vertical),
                _lines(back, width, vertical, THICK_WIDTH, True),
                _lines(back, width, vertical, TICK_WIDTH, True),
            )
    return scales


def _misses(front: Lines, back: Lines) -> np.ndarray:
    """How far each (front, back) pair is from meeting in line (mm along the scale);
    inf for a pair too far apart across the scale to meet end to end."""
    along = np.abs(front.along[:, None] - back.along[None, :])
    gap = np.maximum(
        np.maximum(back.lo[None, :] - front.hi[:, None], front.lo[:, None] - back.hi[None, :]),
        0.0,
    )
    return np.where(gap <= GAP, along, np.inf)


def read(scale: Scale, drift: tuple[float, float], meet: float | None = 0.05) -> Reading:
    """What the steps read on ``scale`` when the printer moves the back by ``drift``
    (mm, +X right as seen on the back page, +Y down). Seen from the front through the
    sheet, the back moves by -X across and +Y down. ``meet``: how near in line two thin
    lines must be to meet (0.05 mm for a drift on the 0.25 mm grid); None: the best
    pairs meet (within 0.02 mm of the best), as for a drift between two readings."""
    dx, dy = drift
    along, across = (-dx, dy) if scale.axis == "X" else (dy, -dx)
    thick = _misses(scale.thick, scale.thick_back.moved(along, across)).min(axis=1)
    picks = {scale.thick_numbers[i] for i in np.flatnonzero(thick <= thick.min() + SLACK)}
    thin = _misses(scale.thin, scale.thin_back.moved(along, across)).min(axis=1)
    limit = thin.min() + 0.02 if meet is None else meet
    meetings = [scale.thin_numbers[i] for i in np.flatnonzero(thin <= limit)]
    assert meetings, f"no thin lines meet at drift {drift}"
    values, margin = set(), np.inf
    for pick in picks:
        near = sorted(meetings, key=lambda n: abs(value(n) - value(pick)))
        values.add(value(near[0]))
        if len(near) > 1:
            margin = min(
                margin, abs(value(near[1]) - value(pick)) - abs(value(near[0]) - value(pick))
            )
    return Reading(frozenset(values), frozenset(picks), float(margin), tuple(meetings))
