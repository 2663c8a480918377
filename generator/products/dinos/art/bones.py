"""The bone primitives of the body-plan tables: each takes its unit-coordinate recipe and
gives unit shapes.

A unit shape is ("path", commands, role) or ("circle", (cx, cy, r), role), where role is
"bone" (takes the part's bone style) or "ink" (eye sockets, teeth: solid ink).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from .curves import (
    BlobPt,
    Pt,
    arc,
    arc_lengths,
    at_length,
    closed_outline,
    lerp,
    sample,
    smooth_commands,
)

#: ("path", commands, role) or ("circle", (cx, cy, r), role).
UnitShape = tuple[str, Any, str]

TIP = 0.6  # the narrowest end of a tube (a claw or horn tip), in units


@dataclass(frozen=True)
class Tube:
    """A bone along a smooth centre line, width tapering w0 -> w1, round ends."""

    points: tuple[Pt, ...]
    w0: float
    w1: float | None = None

    def shapes(self) -> list[UnitShape]:
        w1 = max(TIP, self.w0 if self.w1 is None else self.w1)
        centre = sample(self.points, 8)
        acc = arc_lengths(centre)
        total = acc[-1] or 1.0
        left: list[Pt] = []
        right: list[Pt] = []
        # resample evenly so the outline is smooth
        n = max(4, min(24, int(total / 2.5) + 2))
        dirs = []
        for k in range(n + 1):
            s = total * k / n
            p, d = at_length(centre, acc, s)
            half = (self.w0 + (w1 - self.w0) * k / n) / 2
            nx, ny = -d[1], d[0]
            left.append((p[0] + nx * half, p[1] + ny * half))
            right.append((p[0] - nx * half, p[1] - ny * half))
            dirs.append(d)
        cmds: list[tuple] = [("M", *left[0])]
        cmds += smooth_commands(left)
        end, d = centre[-1], dirs[-1]
        a = math.atan2(d[0], -d[1])  # angle of the left normal
        cmds += arc(end[0], end[1], w1 / 2, a, a - math.pi)
        cmds += smooth_commands(right[::-1])
        start, d = centre[0], dirs[0]
        a = math.atan2(-d[0], d[1])  # angle of the right normal at the start
        cmds += arc(start[0], start[1], self.w0 / 2, a, a - math.pi)
        cmds.append(("Z",))
        return [("path", cmds, "bone")]


@dataclass(frozen=True)
class Limb:
    """Jointed limb bones through ``joints``, widths per bone, knobs at the joints."""

    joints: tuple[Pt, ...]
    widths: tuple[float, ...]
    knobs: bool = True

    def shapes(self) -> list[UnitShape]:
        out: list[UnitShape] = []
        if self.knobs:
            for i, j in enumerate(self.joints[1:-1], start=1):
                r = max(self.widths[i - 1], self.widths[i]) * 0.62
                out.append(("circle", (j[0], j[1], r), "bone"))
        for i, w in enumerate(self.widths):
            a, b = self.joints[i], self.joints[i + 1]
            last = i == len(self.widths) - 1
            out += Tube((a, b), w, w * (0.45 if last else 0.8)).shapes()
        return out


@dataclass(frozen=True)
class Beads:
    """A vertebra chain: n beads along a smooth curve, radius tapering r0 -> r1."""

    points: tuple[Pt, ...]
    r0: float
    r1: float
    n: int

    def shapes(self) -> list[UnitShape]:
        centre = sample(self.points, 12)
        acc = arc_lengths(centre)
        out: list[UnitShape] = []
        for k in range(self.n):
            t = k / (self.n - 1) if self.n > 1 else 0.0
            p, _ = at_length(centre, acc, acc[-1] * t)
            out.append(("circle", (p[0], p[1], self.r0 + (self.r1 - self.r0) * t), "bone"))
        return out


@dataclass(frozen=True)
class Blob:
    """A smooth closed outline through points; (x, y, 0) marks a (slightly rounded) corner.

    Corners are rounded over a small radius so that thick outlines never grow miter
    spikes.
    """

    points: tuple[BlobPt, ...]
    role: str = "bone"

    def shapes(self) -> list[UnitShape]:
        return [("path", closed_outline(self.points), self.role)]


@dataclass(frozen=True)
class Knob:
    """A round bone knob (armour stud, frill scallop, tail club lobe)."""

    x: float
    y: float
    r: float

    def shapes(self) -> list[UnitShape]:
        return [("circle", (self.x, self.y, self.r), "bone")]


@dataclass(frozen=True)
class Eye:
    """An eye socket (or any opening): a solid ink disc."""

    x: float
    y: float
    r: float

    def shapes(self) -> list[UnitShape]:
        return [("circle", (self.x, self.y, self.r), "ink")]


@dataclass(frozen=True)
class Teeth:
    """A row of n triangular teeth from a to b, pointing ``down`` (or up), solid ink."""

    a: Pt
    b: Pt
    n: int
    size: float
    down: bool = True

    def shapes(self) -> list[UnitShape]:
        sign = 1 if self.down else -1
        cmds: list[tuple] = [("M", *self.a)]
        for k in range(self.n):
            tip = lerp(self.a, self.b, (k + 0.5) / self.n)
            cmds.append(("L", tip[0], tip[1] + sign * self.size))
            cmds.append(("L", *lerp(self.a, self.b, (k + 1) / self.n)))
        cmds.append(("Z",))
        return [("path", cmds, "ink")]


@dataclass(frozen=True)
class Ribs:
    """n rib arcs hanging from the spine line top0 -> top1, sweeping back.

    ``lengths`` gives each rib's drop (first rib at top0); ``bulge`` bows them forward.
    """

    top0: Pt
    top1: Pt
    lengths: tuple[float, ...]
    w: float
    sweep: float = 3.0
    bulge: float = 2.0

    def shapes(self) -> list[UnitShape]:
        out: list[UnitShape] = []
        n = len(self.lengths)
        for k, length in enumerate(self.lengths):
            top = lerp(self.top0, self.top1, k / (n - 1) if n > 1 else 0.0)
            mid = (top[0] + self.bulge, top[1] + length * 0.5)
            bottom = (top[0] - self.sweep, top[1] + length)
            out += Tube((top, mid, bottom), self.w, self.w * 0.55).shapes()
        return out


Primitive = Tube | Limb | Beads | Blob | Knob | Eye | Teeth | Ribs
Plan = tuple[tuple[str, Primitive], ...]
