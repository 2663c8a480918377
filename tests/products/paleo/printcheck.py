"""Measuring printed pad pages: pixels of a pdfium rendering, with and without the text.

``too_close`` finds every label whose ink comes within a clearance of another element's
ink: the page is rendered twice (as printed, and with every text object removed from its
content streams with pikepdf), so the text's own pixels and the rest are told apart in
the produced file itself, not in our layout objects.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

import numpy as np
import pdfplumber
import pikepdf
import pypdfium2

PT = 25.4 / 72  # mm per point
INK = 200  # a pixel with a channel darker than this is ink (light fills are not)


def render(pdf: bytes, page: int, dpi: float) -> np.ndarray:
    """The page as an RGB array, ``dpi`` pixels per inch."""
    doc = pypdfium2.PdfDocument(pdf)
    image = doc[page].render(scale=dpi / 72).to_numpy()
    return image[:, :, :3].astype(np.int16)


def without_text(pdf: bytes) -> bytes:
    """The same PDF with every BT ... ET text object removed, in pages and in forms."""
    doc = pikepdf.open(io.BytesIO(pdf))
    done: set[tuple[int, int]] = set()

    def strip(holder) -> None:
        kept, inside = [], False
        for operands, operator in pikepdf.parse_content_stream(holder):
            name = str(operator)
            if name == "BT":
                inside = True
            if not inside:
                kept.append((operands, operator))
            if name == "ET":
                inside = False
        data = pikepdf.unparse_content_stream(kept)
        if isinstance(holder, pikepdf.Page):
            holder.obj.Contents = doc.make_stream(data)
        else:
            holder.write(data)

    def forms(resources) -> None:
        xobjects = resources.get("/XObject") if resources is not None else None
        for _, xobject in (xobjects or {}).items():
            key = xobject.objgen
            if key in done or xobject.get("/Subtype") != "/Form":
                continue
            done.add(key)
            strip(xobject)
            forms(xobject.get("/Resources"))

    for page in doc.pages:
        strip(page)
        forms(page.obj.get("/Resources"))
    out = io.BytesIO()
    doc.save(out)
    return out.getvalue()


@dataclass
class Word:
    text: str
    x0: float  # mm, from the page's top left
    top: float
    x1: float
    bottom: float
    size: float  # mm
    white: bool


def words_and_circles(
    pdf: bytes, page: int
) -> tuple[list[Word], list[tuple[float, float, float, float]]]:
    """The words of a page, and the boxes (mm) of its small round curves: rings, discs."""
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        p = doc.pages[page]
        found = p.extract_words(x_tolerance=1.5, extra_attrs=["size", "non_stroking_color"])
        curves = p.curves
    result = []
    for w in found:
        colour = w.get("non_stroking_color") or (0,)
        white = all(float(c) > 0.95 for c in colour)
        box = (w["x0"] * PT, w["top"] * PT, w["x1"] * PT, w["bottom"] * PT)
        result.append(Word(w["text"], *box, w["size"] * PT, white))
    rings = []
    for c in curves:
        w, h = (c["x1"] - c["x0"]) * PT, (c["bottom"] - c["top"]) * PT
        if w < 9 and abs(w - h) < 0.3:
            rings.append((c["x0"] * PT, c["top"] * PT, c["x1"] * PT, c["bottom"] * PT))
    return result, rings


def _blocks(found: list[Word]) -> list[list[int]]:
    """Words of one label: on one line close together, or lines stacked as one text."""
    parent = list(range(len(found)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, a in enumerate(found):
        for j in range(i + 1, len(found)):
            b = found[j]
            same_line = abs(a.bottom - b.bottom) < 0.3 and abs(a.size - b.size) < 0.05
            gap_x = max(a.x0, b.x0) - min(a.x1, b.x1)
            overlap_x = gap_x < 0
            gap_y = max(a.top, b.top) - min(a.bottom, b.bottom)
            stacked = overlap_x and abs(a.size - b.size) < 0.05 and gap_y < 0.4 * a.size
            if (same_line and gap_x < 0.5 * a.size) or stacked:
                parent[root(i)] = root(j)
    groups: dict[int, list[int]] = {}
    for i in range(len(found)):
        groups.setdefault(root(i), []).append(i)
    return list(groups.values())


def too_close(pdf: bytes, page: int, clearance: float = 1.0, dpi: float = 200) -> list[str]:
    """Labels whose ink is closer than ``clearance`` mm to other ink (drawing or another
    label). Text inside its own ring or disc (fossil values, badge letters) and white
    text on its own dark badge are the ring's content, not neighbours."""
    full, bare = render(pdf, page, dpi), render(without_text(pdf), page, dpi)
    text_ink = np.abs(full - bare).max(axis=2) > 60
    drawn = bare.min(axis=2) < INK
    px = dpi / 25.4
    found, rings = words_and_circles(pdf, page)
    height, width = drawn.shape
    blocks = _blocks(found)
    # Which label each pixel of text ink belongs to (0: none).
    owner = np.zeros(drawn.shape, dtype=np.int32)
    spans: dict[int, tuple[int, int, int, int]] = {}
    for number, block in enumerate(blocks, start=1):
        for i in block:
            w = found[i]
            x0, y0 = max(int((w.x0 - 0.3) * px), 0), max(int((w.top - 0.3) * px), 0)
            x1, y1 = int((w.x1 + 0.3) * px) + 1, int((w.bottom + 0.3) * px) + 1
            region = owner[y0:y1, x0:x1]
            region[text_ink[y0:y1, x0:x1] & (region == 0)] = number
            a = spans.get(number, (y0, y1, x0, x1))
            spans[number] = (min(a[0], y0), max(a[1], y1), min(a[2], x0), max(a[3], x1))
    problems = []
    reach = int(clearance * px) + 1
    for number, block in enumerate(blocks, start=1):
        label = " ".join(found[i].text for i in block)
        if all(found[i].white for i in block):
            continue
        sy0, sy1, sx0, sx1 = spans[number]
        ys, xs = np.nonzero(owner[sy0:sy1, sx0:sx1] == number)
        if not len(ys):
            continue
        ty0, ty1, tx0, tx1 = sy0 + ys.min(), sy0 + ys.max(), sx0 + xs.min(), sx0 + xs.max()
        box_mm = (tx0 / px, ty0 / px, tx1 / px, ty1 / px)
        if any(
            r[0] - 0.05 <= box_mm[0] and box_mm[2] <= r[2] + 0.05 and r[1] <= box_mm[1]
            for r in rings
            if box_mm[3] <= r[3] + 0.05
        ):
            continue  # a ring's own number
        ry0, ry1 = max(ty0 - reach, 0), min(ty1 + reach + 1, height)
        rx0, rx1 = max(tx0 - reach, 0), min(tx1 + reach + 1, width)
        mine = owner[ry0:ry1, rx0:rx1] == number
        near = drawn[ry0:ry1, rx0:rx1] | (text_ink[ry0:ry1, rx0:rx1] & ~mine)
        # Only pixels within the clearance of this label's own ink count.
        close = near & _dilated(mine, clearance * px - 1)
        if close.any():
            hits, label_px = np.argwhere(close), np.argwhere(mine)
            d = min(float(np.hypot(*(label_px - hit).T).min()) for hit in hits[:200])
            hy, hx = hits[0]
            problems.append(
                f"{label!r} at ({box_mm[0]:.1f}, {box_mm[1]:.1f}) mm: other ink "
                f"{d / px:.2f} mm away, at ({(rx0 + hx) / px:.1f}, {(ry0 + hy) / px:.1f}) mm"
            )
    return problems


def _dilated(mask: np.ndarray, radius: float) -> np.ndarray:
    """The mask grown by ``radius`` pixels (a disc)."""
    r = int(radius)
    out = mask.copy()
    h, w = mask.shape
    for dy in range(-r, r + 1):
        for dx in range(-r, r + 1):
            if (dy or dx) and dy * dy + dx * dx <= radius * radius:
                src = mask[max(-dy, 0) : h - max(dy, 0), max(-dx, 0) : w - max(dx, 0)]
                out[max(dy, 0) : h - max(-dy, 0), max(dx, 0) : w - max(-dx, 0)] |= src
    return out


def margin_ink(pdf: bytes, page: int, margin: float = 5.0, dpi: float = 100) -> list[str]:
    """Where anything is drawn within ``margin`` mm of the paper edge."""
    image = render(pdf, page, dpi)
    px = dpi / 25.4
    k = int(margin * px)
    h, w = image.shape[:2]
    drawn = image.min(axis=2) < 250
    inner = np.zeros_like(drawn)
    inner[k : h - k, k : w - k] = True
    ys, xs = np.nonzero(drawn & ~inner)
    return [f"({x / px:.1f}, {y / px:.1f}) mm" for y, x in zip(ys[:5], xs[:5], strict=True)]
