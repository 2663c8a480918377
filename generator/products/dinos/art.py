"""Fossil skeleton silhouettes for the Digging for Dinos tiles and player aid.

Each body plan is a table: a list of layers ``(part, primitive)`` in drawing order
(back to front), in a free unit coordinate system (roughly 100 x 50, y downwards,
the animal facing right). A primitive is a small shape recipe -- a tapered bone
tube, a chain of vertebra beads, a smooth closed blob, rib arcs, teeth, an eye
socket -- that expands into cubic Bezier outlines. :func:`skeleton` expands the
table, fits it into the requested box (aspect kept, centred) and styles each part.
With a highlight, that part is filled with ``accent`` over a bold ink rim and the
rest is ``faded`` dimmed a little towards ``ink`` with a thin outline, so that the
part stands out in greyscale too; without one, every bone is ``faded`` with an even
outline. Eye sockets and teeth are always solid ``ink``. No stroke is below 0.2 mm.

Only the page description (:mod:`generator.draw.shapes`) is used here.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass

from ...draw.shapes import Circle, Item, Path, Style

Pt = tuple[float, float]
#: A blob point: (x, y) is smooth, (x, y, 0) is a sharp corner.
BlobPt = tuple[float, float] | tuple[float, float, int]

# --------------------------------------------------------------------------------------
# Geometry in unit coordinates.
# A unit shape is ("path", commands, role) or ("circle", (cx, cy, r), role), where
# role is "bone" (takes the part's bone style) or "ink" (eye sockets, teeth: solid ink).


def _sub(a: Pt, b: Pt) -> Pt:
    return (a[0] - b[0], a[1] - b[1])


def _lerp(a: Pt, b: Pt, t: float) -> Pt:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def _bezier_segments(pts: Sequence[Pt]):
    """The open Catmull-Rom curve through ``pts`` as cubic segments (p0, c1, c2, p1)."""
    n = len(pts)

    def tangent(i: int) -> Pt:
        d = _sub(pts[min(i + 1, n - 1)], pts[max(i - 1, 0)])
        return (d[0] / 6, d[1] / 6)

    segments = []
    for i in range(n - 1):
        j = i + 1
        p0, p1 = pts[i], pts[j]
        t0, t1 = tangent(i), tangent(j)
        c1 = (p0[0] + t0[0], p0[1] + t0[1])
        c2 = (p1[0] - t1[0], p1[1] - t1[1])
        segments.append((p0, c1, c2, p1))
    return segments


def _cubic(seg, t: float) -> Pt:
    p0, c1, c2, p1 = seg
    u = 1 - t
    a, b, c, d = u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t
    return (
        a * p0[0] + b * c1[0] + c * c2[0] + d * p1[0],
        a * p0[1] + b * c1[1] + c * c2[1] + d * p1[1],
    )


def _sample(points: Sequence[Pt], per_segment: int = 10) -> list[Pt]:
    """Dense points along the smooth open curve through ``points``."""
    if len(points) == 2:
        return [_lerp(points[0], points[1], k / per_segment) for k in range(per_segment + 1)]
    out: list[Pt] = [tuple(points[0][:2])]  # type: ignore[list-item]
    for seg in _bezier_segments(points):
        out.extend(_cubic(seg, k / per_segment) for k in range(1, per_segment + 1))
    return out


def _arc_lengths(pts: Sequence[Pt]) -> list[float]:
    acc = [0.0]
    for a, b in zip(pts, pts[1:], strict=False):
        acc.append(acc[-1] + math.dist(a, b))
    return acc


def _at_length(pts: Sequence[Pt], acc: Sequence[float], s: float) -> tuple[Pt, Pt]:
    """Point and unit direction at arc length ``s``."""
    for i in range(1, len(pts)):
        if acc[i] >= s or i == len(pts) - 1:
            seg = acc[i] - acc[i - 1] or 1.0
            p = _lerp(pts[i - 1], pts[i], min(max((s - acc[i - 1]) / seg, 0.0), 1.0))
            d = _sub(pts[i], pts[i - 1])
            norm = math.hypot(*d) or 1.0
            return p, (d[0] / norm, d[1] / norm)
    raise AssertionError("unreachable")


def _arc(cx: float, cy: float, r: float, a0: float, a1: float) -> list[tuple]:
    """Cubic commands of a circular arc from angle a0 to a1 (radians), no move."""
    steps = max(1, math.ceil(abs(a1 - a0) / (math.pi / 2) - 1e-9))
    da = (a1 - a0) / steps
    k = 4 / 3 * math.tan(da / 4)
    cmds = []
    for i in range(steps):
        t0, t1 = a0 + i * da, a0 + (i + 1) * da
        x0, y0 = cx + r * math.cos(t0), cy + r * math.sin(t0)
        x1, y1 = cx + r * math.cos(t1), cy + r * math.sin(t1)
        cmds.append(
            (
                "C",
                x0 - k * r * math.sin(t0),
                y0 + k * r * math.cos(t0),
                x1 + k * r * math.sin(t1),
                y1 - k * r * math.cos(t1),
                x1,
                y1,
            )
        )
    return cmds


def _smooth_commands(points: Sequence[Pt]) -> list[tuple]:
    """Cubic commands of the smooth open curve through ``points`` (already at the first)."""
    cmds: list[tuple] = []
    for _, c1, c2, p1 in _bezier_segments(points):
        cmds.append(("C", c1[0], c1[1], c2[0], c2[1], p1[0], p1[1]))
    return cmds


# --------------------------------------------------------------------------------------
# Primitives: the vocabulary of the plan tables.


DIM = 0.3  # how far the parts that are not highlighted move from ``faded`` towards ``ink``
TIP = 0.6  # the narrowest end of a tube (a claw or horn tip), in units


@dataclass(frozen=True)
class Tube:
    """A bone along a smooth centre line, width tapering w0 -> w1, round ends."""

    points: tuple[Pt, ...]
    w0: float
    w1: float | None = None

    def shapes(self):
        w1 = max(TIP, self.w0 if self.w1 is None else self.w1)
        centre = _sample(self.points, 8)
        acc = _arc_lengths(centre)
        total = acc[-1] or 1.0
        left: list[Pt] = []
        right: list[Pt] = []
        # resample evenly so the outline is smooth
        n = max(4, min(24, int(total / 2.5) + 2))
        dirs = []
        for k in range(n + 1):
            s = total * k / n
            p, d = _at_length(centre, acc, s)
            half = (self.w0 + (w1 - self.w0) * k / n) / 2
            nx, ny = -d[1], d[0]
            left.append((p[0] + nx * half, p[1] + ny * half))
            right.append((p[0] - nx * half, p[1] - ny * half))
            dirs.append(d)
        cmds: list[tuple] = [("M", *left[0])]
        cmds += _smooth_commands(left)
        end, d = centre[-1], dirs[-1]
        a = math.atan2(d[0], -d[1])  # angle of the left normal
        cmds += _arc(end[0], end[1], w1 / 2, a, a - math.pi)
        cmds += _smooth_commands(right[::-1])
        start, d = centre[0], dirs[0]
        a = math.atan2(-d[0], d[1])  # angle of the right normal at the start
        cmds += _arc(start[0], start[1], self.w0 / 2, a, a - math.pi)
        cmds.append(("Z",))
        return [("path", cmds, "bone")]


@dataclass(frozen=True)
class Limb:
    """Jointed limb bones through ``joints``, widths per bone, knobs at the joints."""

    joints: tuple[Pt, ...]
    widths: tuple[float, ...]
    knobs: bool = True

    def shapes(self):
        out = []
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

    def shapes(self):
        centre = _sample(self.points, 12)
        acc = _arc_lengths(centre)
        out = []
        for k in range(self.n):
            t = k / (self.n - 1) if self.n > 1 else 0.0
            p, _ = _at_length(centre, acc, acc[-1] * t)
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

    def shapes(self):
        return [("path", _closed_outline(self.points), self.role)]


CORNER = 0.7  # unit radius of a blob corner


def _closed_outline(points: Sequence[BlobPt]) -> list[tuple]:
    n = len(points)
    xy = [(p[0], p[1]) for p in points]
    # anchors: (point, tangent or None, corner apex the segment to the next anchor bends to)
    anchors: list[tuple[Pt, Pt | None, Pt | None]] = []
    for i, p in enumerate(points):
        if len(p) == 2:
            anchors.append((xy[i], None, None))
            continue
        prev, nxt, apex = xy[i - 1], xy[(i + 1) % n], xy[i]
        da, db = math.dist(prev, apex), math.dist(apex, nxt)
        r = min(CORNER, 0.3 * da, 0.3 * db)
        ua = ((apex[0] - prev[0]) / da, (apex[1] - prev[1]) / da)
        ub = ((nxt[0] - apex[0]) / db, (nxt[1] - apex[1]) / db)
        p1 = (apex[0] - ua[0] * r, apex[1] - ua[1] * r)
        p2 = (apex[0] + ub[0] * r, apex[1] + ub[1] * r)
        anchors.append((p1, (ua[0] * da / 3, ua[1] * da / 3), apex))
        anchors.append((p2, (ub[0] * db / 3, ub[1] * db / 3), None))
    m = len(anchors)

    def tangent(k: int) -> Pt:
        pt, t, _ = anchors[k]
        if t is not None:
            return t
        prev, nxt = anchors[k - 1][0], anchors[(k + 1) % m][0]
        return ((nxt[0] - prev[0]) / 6, (nxt[1] - prev[1]) / 6)

    cmds: list[tuple] = [("M", *anchors[0][0])]
    for k in range(m):
        p0, _, apex = anchors[k]
        p1 = anchors[(k + 1) % m][0]
        if apex is not None:  # the rounded corner itself
            c1 = _lerp(p0, apex, 0.55)
            c2 = _lerp(p1, apex, 0.55)
        else:
            t0, t1 = tangent(k), tangent((k + 1) % m)
            c1 = (p0[0] + t0[0], p0[1] + t0[1])
            c2 = (p1[0] - t1[0], p1[1] - t1[1])
        cmds.append(("C", *c1, *c2, *p1))
    cmds.append(("Z",))
    return cmds


@dataclass(frozen=True)
class Knob:
    """A round bone knob (armour stud, frill scallop, tail club lobe)."""

    x: float
    y: float
    r: float

    def shapes(self):
        return [("circle", (self.x, self.y, self.r), "bone")]


@dataclass(frozen=True)
class Eye:
    """An eye socket (or any opening): a solid ink disc."""

    x: float
    y: float
    r: float

    def shapes(self):
        return [("circle", (self.x, self.y, self.r), "ink")]


@dataclass(frozen=True)
class Teeth:
    """A row of n triangular teeth from a to b, pointing ``down`` (or up), solid ink."""

    a: Pt
    b: Pt
    n: int
    size: float
    down: bool = True

    def shapes(self):
        sign = 1 if self.down else -1
        cmds: list[tuple] = [("M", *self.a)]
        for k in range(self.n):
            tip = _lerp(self.a, self.b, (k + 0.5) / self.n)
            cmds.append(("L", tip[0], tip[1] + sign * self.size))
            cmds.append(("L", *_lerp(self.a, self.b, (k + 1) / self.n)))
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

    def shapes(self):
        out = []
        n = len(self.lengths)
        for k, length in enumerate(self.lengths):
            top = _lerp(self.top0, self.top1, k / (n - 1) if n > 1 else 0.0)
            mid = (top[0] + self.bulge, top[1] + length * 0.5)
            bottom = (top[0] - self.sweep, top[1] + length)
            out += Tube((top, mid, bottom), self.w, self.w * 0.55).shapes()
        return out


Primitive = Tube | Limb | Beads | Blob | Knob | Eye | Teeth | Ribs
Plan = tuple[tuple[str, Primitive], ...]


# --------------------------------------------------------------------------------------
# The body plans: (part, primitive) layers in drawing order -- far limbs first, near
# limbs last -- in units of roughly 100 x 50, facing right. Pelvis and shoulder blades
# belong to "legs".


def _plate(x: float, y: float, h: float, base: float, lean: float = -0.25) -> Blob:
    """A back plate standing on (x, y): rounded sides, pointed top leaning back."""
    tip = (x + lean * h, y - h)
    return Blob(
        (
            (x - base / 2, y, 0),
            (x - base * 0.55 + lean * h * 0.5, y - h * 0.55),
            (tip[0], tip[1], 0),
            (x + base * 0.55 + lean * h * 0.4, y - h * 0.5),
            (x + base / 2, y, 0),
        )
    )


# fmt: off
_ARMOUR_RIM = ((27.5, 17), (32, 12.5), (38.5, 9.5), (45.5, 8.3), (52.5, 8.4), (59.5, 9.7),
               (66, 12.8), (71, 17))  # studs along the top of the armour dome
_FRILL_RIM = ((63, 19.5), (61, 14), (60.8, 8.5), (62.8, 3.8), (67.3, 0.8), (73, 0), (78.5, 2.5),
              (82, 7))  # the scalloped edge of the frill
# fmt: on


def _spike(base: Pt, tip: Pt, w: float) -> Tube:
    """A straight horn or spike, tapering to its tip."""
    return Tube((base, tip), w, 0.0)


# fmt: off
PLANS: dict[str, Plan] = {
    "theropod": (  # Tyrannosaurus: big deep skull, tiny arms, heavy legs
        ("legs", Limb(((46, 23), (54, 33), (50, 42), (54, 47.5), (61, 48)), (4.2, 3.4, 2.6, 1.8))),
        ("arms", Limb(((64, 27), (66, 31), (70, 31.5)), (2.0, 1.6))),
        ("tail", Beads(((36, 20.5), (25, 19.5), (13, 21.5), (2, 26)), 2.3, 1.0, 13)),
        ("ribs", Ribs((45, 21.5), (60, 21), (8, 10.5, 11.5, 11, 9), 1.9, sweep=3.5, bulge=2.5)),
        ("spine", Beads(((38, 20), (50, 19.5), (62, 19)), 2.4, 2.2, 7)),
        ("legs", Blob(((33, 19), (40, 16.5), (47, 18), (45, 23), (40, 25), (35, 23)))),
        ("neck", Beads(((64, 18.5), (68, 15), (71, 12.5)), 2.2, 2.0, 4)),
        ("jaw", Blob(((72, 15.5), (84, 16.8), (95.5, 18.5, 0), (94, 20.5), (84, 21.8),
                      (74, 20.5)))),
        ("jaw", Teeth((78, 17.2), (93, 18.5), 5, 1.4, down=False)),
        ("skull", Blob(((69, 10), (74, 5.5), (84, 4.8), (95, 8.5), (97.5, 13, 0), (86, 14.5),
                        (74, 16)))),
        ("skull", Teeth((77, 15.6), (95.5, 13.5), 6, 1.6)),
        ("skull", Eye(77.5, 8.8, 1.7)),
        ("skull", Blob(((82, 10), (85, 8.3), (89, 9.2), (86, 11.6)), role="ink")),
        ("legs", Limb(((40, 22), (47, 33), (42, 42), (46, 47.5), (53, 48)), (5.0, 4.0, 3.0, 2.0))),
    ),
    "raptor": (  # Velociraptor: long stiff tail, long clawed arms, sickle toe claw
        ("legs", Limb(((44, 22), (50, 31), (46, 40), (50, 46.5), (56, 47)), (3.2, 2.6, 2.0, 1.5))),
        ("tail", Beads(((38, 20.5), (20, 18), (0, 16)), 1.9, 1.0, 17)),
        ("ribs", Ribs((43, 22), (56, 22), (7, 8.5, 8.5, 7), 1.6, sweep=3, bulge=2)),
        ("spine", Beads(((39, 20.5), (48, 21), (58, 21)), 2.0, 1.9, 6)),
        ("legs", Blob(((35, 20), (40, 18), (46, 19.5), (44, 24), (40, 25), (37, 23)))),
        ("neck", Beads(((60, 20), (63.5, 16.5), (65.5, 12.5)), 1.8, 1.6, 4)),
        ("skull", Blob(((64, 10), (68, 6.5), (76, 6.8), (88, 10.5, 0), (87, 12.2), (76, 12.5),
                        (66, 13)))),
        ("skull", Teeth((71, 12.6), (87, 12.1), 5, 1.2)),
        ("skull", Blob(((68, 13.4), (78, 13.6), (86.5, 13.2, 0), (78, 15.4), (69, 15)))),
        ("skull", Eye(69.5, 9, 1.4)),
        ("skull", Blob(((74, 9.5), (77, 8.3), (81, 9.6), (77, 10.9)), role="ink")),
        ("arms", Limb(((58, 23), (61, 30), (67, 28.5)), (2.0, 1.7))),
        ("claws", Tube(((66.5, 28.5), (70.5, 28.5), (72.5, 31), (72, 34)), 2.0, 0.0)),
        ("claws", Tube(((66, 29.5), (68.5, 31.5), (68.5, 35)), 1.7, 0.0)),
        ("legs", Limb(((39, 22), (45, 31), (41, 40), (45, 46.5), (53, 47)), (3.6, 3.0, 2.2, 1.6))),
        ("claws", Tube(((46, 45.5), (46.5, 41), (50.5, 39.5), (53.5, 41.5), (54, 44.5)), 2.6, 0.0)),
    ),
    "crocodylian": (  # Deinosuchus: low and long, sprawling legs, long flat snout
        ("legs", Limb(((43, 22), (50, 25), (48, 30), (54, 31)), (3.6, 3.0, 2.0))),
        ("legs", Limb(((65, 22), (61, 26), (64, 30.5), (69, 31)), (3.2, 2.6, 1.8))),
        ("tail", Beads(((35, 20.5), (24, 21.5), (12, 20.5), (0, 22.5)), 2.4, 1.0, 16)),
        ("ribs", Ribs((40, 21.5), (62, 21.5), (5, 6, 6.5, 6.5, 6, 5), 1.6, sweep=2, bulge=1.5)),
        ("spine", Beads(((37, 20), (50, 19), (66, 20)), 2.4, 2.3, 10)),
        ("legs", Blob(((33, 19.5), (38, 18), (42, 20), (40, 23), (35, 23)))),
        ("jaw", Blob(((67, 22.5), (82, 23.2), (98, 24, 0), (96.5, 25.8), (82, 26.2), (69, 25.6)))),
        ("jaw", Teeth((74, 23.4), (97, 24.1), 8, 1.2, down=False)),
        ("skull", Blob(((66, 18), (70, 15.6), (76, 16), (81, 18), (99, 20, 0), (98.6, 21.6),
                        (84, 21.8), (70, 22.2)))),
        ("skull", Teeth((73, 22.1), (98, 21.6), 9, 1.2)),
        ("skull", Eye(73.5, 18.2, 1.4)),
        ("legs", Limb(((38, 22), (45, 25.5), (43, 31), (49, 32)), (4.0, 3.2, 2.2))),
        ("legs", Limb(((61, 22), (57, 27), (60, 31.5), (65, 32)), (3.4, 2.8, 2.0))),
    ),
    "ceratopsian": (  # Triceratops: great frill, two brow horns and a nose horn, beak
        ("legs", Limb(((42, 24), (49, 34), (45, 43), (50, 45.5)), (4.2, 3.6, 2.6))),
        ("legs", Limb(((64, 26), (63, 35), (65, 43), (70, 45.5)), (3.8, 3.4, 2.4))),
        ("tail", Beads(((33, 20), (22, 23), (10, 29)), 2.3, 1.0, 8)),
        ("ribs", Ribs((40, 20), (60, 20), (11, 14, 15, 15, 13.5, 11), 1.9, sweep=3, bulge=2.5)),
        ("spine", Beads(((35, 19.5), (48, 15.5), (63, 19)), 2.5, 2.3, 9)),
        ("legs", Blob(((32, 18.5), (38, 16), (45, 18), (43, 23), (37, 24), (33, 22)))),
        *(("frill", Knob(x, y, 1.4)) for x, y in _FRILL_RIM),
        ("frill", Blob(((74, 27), (66, 22.5), (61.5, 16), (60.5, 9), (63.5, 3.5), (69.5, 0.5),
                        (76, 1.5), (81, 6.5), (82.5, 13), (81, 18.5)))),
        ("horns", Tube(((82, 16.5), (86, 10), (92, 5)), 2.8, 0.0)),
        ("skull", Blob(((74, 18), (81, 14.5), (88, 17.5), (94, 23), (98.5, 30, 0), (93, 31.5),
                        (86, 32), (78, 30), (73.5, 25)))),
        ("skull", Eye(83, 19.5, 1.5)),
        ("horns", Tube(((84.5, 16.5), (89.5, 9.5), (97.5, 4.5)), 3.2, 0.0)),
        ("horns", Tube(((92.5, 22.5), (94, 19.5), (96.5, 17.5)), 2.6, 0.0)),
        ("legs", Blob(((56, 20), (62, 18), (66, 21), (64, 27), (59, 26)))),
        ("legs", Limb(((38, 23), (44, 34), (40, 43), (45.5, 45.5)), (4.6, 4.0, 2.8))),
        ("legs", Limb(((60, 25), (58, 35), (60, 43), (65.5, 45.5)), (4.2, 3.6, 2.6))),
    ),
    "stegosaur": (  # Stegosaurus: arched back, two rows of plates, spiked tail, tiny head
        ("legs", Limb(((45, 19), (50, 31), (46, 41), (51, 43.5)), (4.0, 3.4, 2.4))),
        ("legs", Limb(((66, 25), (64, 34), (66, 41), (70.5, 43.5)), (3.2, 2.8, 2.0))),
        ("plates", _plate(25, 19.5, 5, 5)),
        ("plates", _plate(38, 14.5, 11, 8)),
        ("plates", _plate(52, 14.5, 11, 8)),
        ("plates", _plate(64, 19, 7, 6)),
        ("tail", Beads(((31, 19), (18, 22), (4, 28)), 2.2, 1.0, 10)),
        ("tail", _spike((13, 23.5), (8.5, 15), 2.4)),
        ("tail", _spike((8.5, 25.5), (1, 19.5), 2.4)),
        ("tail", _spike((10.5, 24.5), (4, 17), 2.2)),
        ("tail", _spike((6.5, 26.5), (-1, 22), 2.2)),
        ("ribs", Ribs((40, 17), (62, 20.5), (11, 13, 13.5, 13, 11, 8.5), 1.8, sweep=3, bulge=2)),
        ("plates", _plate(31, 16.5, 8, 6.5)),
        ("plates", _plate(45, 13.5, 12, 8.5)),
        ("plates", _plate(58, 16.5, 9, 7)),
        ("plates", _plate(69, 21.5, 5, 5)),
        ("spine", Beads(((31, 19), (42, 14.5), (56, 15.5), (69, 22)), 2.3, 2.0, 11)),
        ("legs", Blob(((33, 16), (39, 13.5), (46, 15.5), (44, 21), (37, 21)))),
        ("neck", Beads(((71, 23.5), (76, 27), (80, 28.5)), 1.8, 1.5, 4)),
        ("skull", Blob(((80, 27), (86, 25), (92, 27), (97, 30, 0), (89, 31.4), (82, 31)))),
        ("skull", Eye(86, 27.4, 1.0)),
        ("legs", Limb(((39, 18), (44, 31), (40, 41), (45.5, 43.5)), (4.4, 3.8, 2.6))),
        ("legs", Limb(((62, 24), (60, 34), (62, 41), (66.5, 43.5)), (3.6, 3.2, 2.2))),
    ),
    "sauropod": (  # Brachiosaurus: neck raised high, long front legs, sloping back
        ("legs", Limb(((36, 40), (40, 51), (37, 61), (42, 63.5)), (5.0, 4.4, 3.6))),
        ("legs", Limb(((62, 36), (64, 49), (65, 61), (70, 63.5)), (4.6, 4.2, 3.4))),
        ("tail", Beads(((30, 40), (18, 43), (7, 49), (0, 56)), 2.6, 1.0, 13)),
        ("ribs", Ribs((34, 39), (56, 34), (12, 14, 15, 15, 14.5, 13), 2.0, sweep=3, bulge=2.5)),
        ("spine", Beads(((31, 39), (44, 36), (58, 33)), 2.7, 2.6, 8)),
        ("neck", Beads(((61, 31), (66, 22), (71, 13), (76, 6.5)), 2.6, 1.6, 11)),
        ("legs", Blob(((27, 38), (33, 35), (40, 37), (38, 43), (31, 44)))),
        ("skull", Blob(((74, 5), (77.5, 0.2), (83, -1), (87, 2), (94, 5.5, 0), (87, 8.8),
                        (77, 9.2)))),
        ("skull", Eye(81.5, 3.2, 1.4)),
        ("skull", Teeth((85, 8.6), (93.2, 6.2), 4, 1.0)),
        ("legs", Blob(((55, 32), (61, 29.5), (65, 33), (62, 40), (57, 38)))),
        ("legs", Limb(((32, 40), (35, 51), (32, 61), (37.5, 63.5)), (5.4, 4.8, 3.8))),
        ("legs", Limb(((58, 36), (59, 49), (60, 61), (65.5, 63.5)), (5.0, 4.6, 3.6))),
    ),
    "ankylosaur": (  # Ankylosaurus: low armoured dome, short legs, tail club
        ("legs", Limb(((44, 25), (48, 32), (45, 37), (50, 38.5)), (4.0, 3.4, 2.4))),
        ("legs", Limb(((66, 25), (64, 32), (65.5, 37), (70, 38.5)), (3.6, 3.2, 2.2))),
        ("tail", Beads(((28, 22), (17, 23.5), (8, 24)), 2.2, 1.6, 8)),
        ("tail", Blob(((0, 24.5), (1, 20.5), (5, 19), (9, 21), (10, 24.5), (9, 28), (5, 30),
                       (1, 28.5)))),
        *(("armour", Knob(x, y, 1.9)) for x, y in _ARMOUR_RIM),
        ("armour", Blob(((24, 23, 0), (30, 14), (42, 9.5), (56, 10), (67, 14), (74, 21, 0),
                         (60, 22), (40, 22)))),
        *(("armour", Knob(x, y, 1.4)) for x, y in ((38, 14), (48, 12.5), (58, 13.5))),
        ("armour", _spike((30, 21), (24, 26), 2.6)),
        ("armour", _spike((67, 21), (73, 26), 2.6)),
        ("ribs", Ribs((36, 20.5), (62, 20.5), (6, 8, 9, 9, 8, 6), 1.8, sweep=2.5, bulge=2)),
        ("spine", Beads(((29, 20), (48, 16.5), (68, 20.5)), 2.2, 2.1, 11)),
        ("skull", Blob(((69, 18, 0), (74, 16.5), (81, 18), (86, 23, 0), (80, 25.5), (71, 25)))),
        ("skull", _spike((71, 19), (67, 15.5), 2.2)),
        ("skull", _spike((72, 24), (68, 27.5), 2.0)),
        ("skull", Eye(76, 20.5, 1.3)),
        ("legs", Limb(((40, 24), (44, 32), (41, 37), (46, 38.5)), (4.4, 3.8, 2.6))),
        ("legs", Limb(((62, 24), (60, 32), (61.5, 37), (66, 38.5)), (4.0, 3.6, 2.4))),
    ),
    "pterosaur": (  # Pteranodon: wings spread, long beak, backward crest
        ("wings", Blob(((47, 27, 0), (40, 19), (31, 13), (1, 4, 0), (12, 12.5), (23, 19),
                        (34, 26.5), (42, 32, 0)))),
        ("wings", Limb(((47, 27), (40, 19), (31, 13), (1, 4)), (2.4, 2.0, 1.4))),
        ("wings", Tube(((31, 13), (33.5, 9), (35.5, 8.5)), 1.2, 0.0)),
        ("wings", Blob(((52, 25, 0), (58, 16), (66, 9), (99, 0, 0), (88, 6.5), (76, 13), (64, 20),
                        (56, 29, 0)))),
        ("wings", Limb(((52, 25), (58, 16), (66, 9), (99, 0)), (2.4, 2.0, 1.4))),
        ("wings", Tube(((66, 9), (69, 5), (71, 4.5)), 1.2, 0.0)),
        ("legs", Limb(((40, 31), (33, 35), (27, 36)), (1.8, 1.4))),
        ("tail", Beads(((38, 30.5), (35, 31.5), (32, 32)), 1.2, 0.8, 3)),
        ("ribs", Ribs((43, 29.5), (50, 28.5), (3.5, 4, 3.5), 1.2, sweep=1.2, bulge=1)),
        ("spine", Beads(((39, 30), (46, 28.5), (53, 27.5)), 1.9, 1.9, 5)),
        ("neck", Beads(((55, 27), (58.5, 26.5)), 1.6, 1.5, 2)),
        ("skull", Blob(((44, 13, 0), (53, 16.5), (62, 22.5), (74, 25.5), (95, 29, 0), (76, 29.6),
                        (64, 29.8), (59.5, 27.5), (57, 22.5)))),
        ("skull", Eye(63, 26.2, 1.2)),
        ("legs", Limb(((42, 31), (36, 36), (30, 37.5)), (2.0, 1.6))),
    ),
    "hadrosaur": (  # Parasaurolophus: long backward tube crest, duck bill
        ("legs", Limb(((46, 22), (53, 32), (49, 41), (53, 46.5), (59, 47)), (4.0, 3.3, 2.5, 1.7))),
        ("legs", Limb(((64, 25), (66, 34), (69, 41), (72, 46.5)), (2.4, 2.0, 1.6))),
        ("tail", Beads(((35, 20), (22, 20.5), (11, 23), (1, 28)), 2.5, 1.0, 13)),
        ("ribs", Ribs((43, 20.5), (60, 21), (9, 11, 12, 12, 11, 9), 1.8, sweep=3, bulge=2.5)),
        ("spine", Beads(((37, 19.5), (50, 18.5), (62, 20.5)), 2.4, 2.2, 7)),
        ("legs", Blob(((32, 18.5), (39, 16), (46, 18), (44, 23), (39, 24.5), (34, 22.5)))),
        ("neck", Beads(((64.5, 20), (68, 16), (70.5, 12)), 2.2, 1.9, 4)),
        ("crest", Tube(((73, 7.5), (66, 3.5), (57, 1.5), (50, 1.5)), 3.0, 2.4)),
        ("skull", Blob(((69, 10), (72, 6.5), (78, 7), (84, 10), (90, 12, 0), (90.5, 15, 0),
                        (84, 15.5), (76, 14.5), (70, 13)))),
        ("skull", Eye(74, 9.6, 1.3)),
        ("legs", Limb(((60, 24), (61, 33), (64, 41), (67, 46.5)), (2.6, 2.2, 1.7))),
        ("legs", Limb(((40, 21), (47, 32), (43, 41), (47, 46.5), (54, 47)), (4.8, 3.8, 2.8, 1.9))),
    ),
}
# fmt: on


# --------------------------------------------------------------------------------------
# Drawing.

#: The order parts are listed in (head to tail, then limbs); a plan's own parts may be any.
PART_ORDER = (
    "skull", "jaw", "crest", "horns", "frill", "neck", "spine", "plates", "armour", "ribs",
    "arms", "claws", "wings", "legs", "tail",
)  # fmt: skip


def _parts(plan: Plan) -> tuple[str, ...]:
    parts = {part for part, _ in plan}
    known = [p for p in PART_ORDER if p in parts]
    return tuple(known + sorted(parts - set(known)))


BODY_PARTS: dict[str, tuple[str, ...]] = {body: _parts(plan) for body, plan in PLANS.items()}


def _mix(a: str, b: str, t: float) -> str:
    """The colour ``t`` of the way from ``a`` to ``b`` ('#rrggbb')."""
    ca = [int(a[i : i + 2], 16) for i in (1, 3, 5)]
    cb = [int(b[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(ca, cb, strict=True))


@functools.cache
def _unit_shapes(body: str) -> tuple:
    """(part, unit shape) for every layer of the plan, in drawing order."""
    return tuple((part, shape) for part, prim in PLANS[body] for shape in prim.shapes())


def _points(shape) -> list[Pt]:
    kind, geo, _ = shape
    if kind == "circle":
        cx, cy, r = geo
        return [(cx - r, cy - r), (cx + r, cy + r)]
    pts = []
    for cmd in geo:
        nums = cmd[1:]
        pts += [(nums[i], nums[i + 1]) for i in range(0, len(nums), 2)]
    return pts


def skeleton(
    body: str,
    highlight: str | None,
    w: float,
    h: float,
    *,
    ink: str,
    faded: str,
    accent: str,
) -> tuple[Item, ...]:
    """The fossil skeleton of ``body`` fitted in (0, 0)-(w, h), ``highlight`` stressed.

    Raises ValueError for a body plan or part that is not in :data:`BODY_PARTS`.
    """
    if body not in PLANS:
        raise ValueError(f"unknown body plan {body!r} (known: {', '.join(sorted(PLANS))})")
    if highlight is not None and highlight not in BODY_PARTS[body]:
        raise ValueError(
            f"body plan {body!r} has no part {highlight!r} (parts: {', '.join(BODY_PARTS[body])})"
        )
    shapes = _unit_shapes(body)
    xs = [x for _, shape in shapes for x, _ in _points(shape)]
    ys = [y for _, shape in shapes for _, y in _points(shape)]
    x0, y0, bw, bh = min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)
    # stroke widths in mm grow gently with the drawing, never below 0.2 mm
    size = min(w / bw, h / bh)  # rough mm per unit before padding
    thin = max(0.2, 0.55 * size)
    even = max(0.22, 0.7 * size)
    bold = max(0.3, 0.9 * size)
    pad = bold + 0.05
    s = min((w - 2 * pad) / bw, (h - 2 * pad) / bh)
    ox = (w - bw * s) / 2 - x0 * s
    oy = (h - bh * s) / 2 - y0 * s

    def X(x: float) -> float:
        return ox + x * s

    def Y(y: float) -> float:
        return oy + y * s

    if highlight is None:
        faded_style = Style(fill=faded, stroke=ink, width=even)
    else:
        faded_style = Style(fill=_mix(faded, ink, DIM), stroke=ink, width=thin)
    lit_under = Style(fill=ink, stroke=ink, width=2 * bold)  # a bold rim outside the bone
    lit_fill = Style(fill=accent, stroke=ink, width=thin)
    solid = Style(fill=ink)

    def scaled(kind: str, geo, style: Style) -> Item:
        if kind == "circle":
            cx, cy, r = geo
            return Circle(X(cx), Y(cy), r * s, style)
        cmds = []
        for op, *nums in geo:
            cmds.append((op, *(X(v) if i % 2 == 0 else Y(v) for i, v in enumerate(nums))))
        return Path(tuple(cmds), style)

    items: list[Item] = []
    run: list[tuple[str, object, str]] = []  # consecutive shapes of the highlighted part

    def flush() -> None:
        items.extend(scaled(k, g, lit_under) for k, g, r in run if r == "bone")
        items.extend(scaled(k, g, lit_fill if r == "bone" else solid) for k, g, r in run)
        run.clear()

    for part, (kind, geo, role) in shapes:
        if part == highlight:
            run.append((kind, geo, role))
            continue
        flush()
        items.append(scaled(kind, geo, faded_style if role == "bone" else solid))
    flush()
    return tuple(items)
