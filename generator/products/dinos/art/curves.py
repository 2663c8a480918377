"""Curve geometry in the art's unit coordinates: takes points, gives cubic Bezier path commands.

Smooth open curves (Catmull-Rom as cubic segments), dense samples along them with arc
lengths, circular arcs, and the closed outline of a blob with rounded corners.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Pt = tuple[float, float]
#: A blob point: (x, y) is smooth, (x, y, 0) is a sharp corner.
BlobPt = tuple[float, float] | tuple[float, float, int]
#: One cubic segment: start, first control, second control, end.
Segment = tuple[Pt, Pt, Pt, Pt]

CORNER = 0.7  # unit radius of a blob corner


def _sub(a: Pt, b: Pt) -> Pt:
    return (a[0] - b[0], a[1] - b[1])


def lerp(a: Pt, b: Pt, t: float) -> Pt:
    """The point ``t`` of the way from ``a`` to ``b``."""
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def _bezier_segments(pts: Sequence[Pt]) -> list[Segment]:
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


def _cubic(seg: Segment, t: float) -> Pt:
    p0, c1, c2, p1 = seg
    u = 1 - t
    a, b, c, d = u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t
    return (
        a * p0[0] + b * c1[0] + c * c2[0] + d * p1[0],
        a * p0[1] + b * c1[1] + c * c2[1] + d * p1[1],
    )


def sample(points: Sequence[Pt], per_segment: int = 10) -> list[Pt]:
    """Dense points along the smooth open curve through ``points``."""
    if len(points) == 2:
        return [lerp(points[0], points[1], k / per_segment) for k in range(per_segment + 1)]
    out: list[Pt] = [tuple(points[0][:2])]  # type: ignore[list-item]
    for seg in _bezier_segments(points):
        out.extend(_cubic(seg, k / per_segment) for k in range(1, per_segment + 1))
    return out


def arc_lengths(pts: Sequence[Pt]) -> list[float]:
    """The running arc length at each of ``pts`` (0 at the first)."""
    acc = [0.0]
    for a, b in zip(pts, pts[1:], strict=False):
        acc.append(acc[-1] + math.dist(a, b))
    return acc


def at_length(pts: Sequence[Pt], acc: Sequence[float], s: float) -> tuple[Pt, Pt]:
    """Point and unit direction at arc length ``s``."""
    for i in range(1, len(pts)):
        if acc[i] >= s or i == len(pts) - 1:
            seg = acc[i] - acc[i - 1] or 1.0
            p = lerp(pts[i - 1], pts[i], min(max((s - acc[i - 1]) / seg, 0.0), 1.0))
            d = _sub(pts[i], pts[i - 1])
            norm = math.hypot(*d) or 1.0
            return p, (d[0] / norm, d[1] / norm)
    raise AssertionError("unreachable")


def arc(cx: float, cy: float, r: float, a0: float, a1: float) -> list[tuple]:
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


def smooth_commands(points: Sequence[Pt]) -> list[tuple]:
    """Cubic commands of the smooth open curve through ``points`` (already at the first)."""
    cmds: list[tuple] = []
    for _, c1, c2, p1 in _bezier_segments(points):
        cmds.append(("C", c1[0], c1[1], c2[0], c2[1], p1[0], p1[1]))
    return cmds


def closed_outline(points: Sequence[BlobPt]) -> list[tuple]:
    """Commands of the smooth closed outline through ``points``, corners slightly rounded."""
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
        p0, _, bend = anchors[k]
        p1 = anchors[(k + 1) % m][0]
        if bend is not None:  # the rounded corner itself
            c1 = lerp(p0, bend, 0.55)
            c2 = lerp(p1, bend, 0.55)
        else:
            t0, t1 = tangent(k), tangent((k + 1) % m)
            c1 = (p0[0] + t0[0], p0[1] + t0[1])
            c2 = (p1[0] - t1[0], p1[1] - t1[1])
        cmds.append(("C", *c1, *c2, *p1))
    cmds.append(("Z",))
    return cmds
