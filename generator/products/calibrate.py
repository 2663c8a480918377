"""The duplex calibration sheet: two pages, printed double-sided once, that show a
printer's front-to-back offset and check that it prints at 100%.

Held to the light, each vernier scale reads the offset to 0.5 mm: the front carries
21 lines :data:`FRONT_PITCH` mm apart (hanging from a baseline, numbered), the back 21
lines :data:`BACK_PITCH` mm apart (standing on the baseline as seen through the sheet).
Line k of the back meets line k of the front when the back sits k x 0.5 mm off, and
the number under that front line is the value to give ``--duplex-offset`` (X, Y) to
cancel it (the convention of :mod:`generator.layout.sheets`: +X moves the backs right
as seen on the backs page, +Y down). Two 100 mm rulers (across and down) check the
scale; a cross on the front and a ring on the back show the offset at a glance.
"""

from __future__ import annotations

from pathlib import Path

from ..draw.shapes import Circle, Group, Item, Line, Page, Rect, Style, Text, Transform
from ..layout import fonts
from ..layout.sheets import SheetSpec, load_sheet_spec
from ..layout.text import TextOverflow, fitted_text, wrap
from ..source.lang import Language
from .files import Written
from .writer import write_pages

FRONT_PITCH = 3.0  # mm between the front lines of a vernier scale
BACK_PITCH = 2.5  # mm between the back lines: one step is 0.5 mm of offset
STEPS = 10  # lines each side of the middle: the scales read -5 to +5 mm
TICK_WIDTH = 0.18  # mm: vernier lines (the tests find them by this width)
RULER = 100.0  # mm: length of the two rulers
INK = "#000000"
GREY = "#6b6b6b"
COMMAND = "dinokit printer set NAME --duplex-offset X,Y --paper {paper}"


def _value(k: int, sign: int) -> str:
    value = sign * k / 2
    text = f"{abs(value):g}"
    return "0" if value == 0 else ("+" if value > 0 else "-") + text


def _x_scale(cx: float, base: float, font: str, front: bool) -> list[Item]:
    """The X vernier: front lines hang from ``base`` at ``cx + 2k``, numbered k/2;
    back lines stand on it at ``cx + 1.5k`` (in front coordinates)."""
    ink = Style(stroke=INK, width=TICK_WIDTH)
    items: list[Item] = []
    if front:
        half = STEPS * FRONT_PITCH
        items.append(Line(cx - half - 2, base, cx + half + 2, base, Style(stroke=GREY, width=0.1)))
    for k in range(-STEPS, STEPS + 1):
        if front:
            x, long = cx + k * FRONT_PITCH, k % 2 == 0
            items.append(Line(x, base, x, base + (7.0 if long else 4.5), ink))
            # whole mm on the first row of numbers, half mm on the second
            row = base + (10.0 if long else 14.5)
            items.append(Text(x, row, _value(k, 1), font, 6.5 if long else 5.5, INK, "center"))
        else:
            x = cx + k * BACK_PITCH
            items.append(Line(x, base - (8.0 if k == 0 else 6.0), x, base, ink))
    return items


def _y_scale(cy: float, base: float, font: str, front: bool) -> list[Item]:
    """The Y vernier, down the page: front lines reach left from ``base`` at
    ``cy + 2k``, numbered -k/2 (+ is up); back lines reach right at ``cy + 1.5k``."""
    ink = Style(stroke=INK, width=TICK_WIDTH)
    items: list[Item] = []
    if front:
        half = STEPS * FRONT_PITCH
        items.append(Line(base, cy - half - 2, base, cy + half + 2, Style(stroke=GREY, width=0.1)))
    for k in range(-STEPS, STEPS + 1):
        if front:
            y, long = cy + k * FRONT_PITCH, k % 2 == 0
            items.append(Line(base - (7.0 if long else 4.5), y, base, y, ink))
            size = 6.5 if long else 5.5
            cap = fonts.cap_height_mm(font, size)
            items.append(Text(base - 8.5, y + cap / 2, _value(k, -1), font, size, INK, "right"))
        else:
            y = cy + k * BACK_PITCH
            items.append(Line(base, y, base + (8.0 if k == 0 else 6.0), y, ink))
    return items


def _ruler(x: float, y: float, vertical: bool, font: str) -> list[Item]:
    """A 100 mm ruler from (x, y), across or down, mm ticks, numbered every 10 mm."""
    ink = Style(stroke=INK, width=0.2)
    items: list[Item] = []
    bar = (0.0, 0.0, 1.2, RULER) if vertical else (0.0, 0.0, RULER, 1.2)
    items.append(Rect(x + bar[0], y + bar[1], bar[2], bar[3], Style(fill=INK)))
    for mm in range(int(RULER) + 1):
        length = 4.0 if mm % 10 == 0 else (3.0 if mm % 5 == 0 else 2.0)
        if vertical:
            items.append(Line(x + 1.2, y + mm, x + 1.2 + length, y + mm, ink))
        else:
            items.append(Line(x + mm, y + 1.2, x + mm, y + 1.2 + length, ink))
        if mm % 10 == 0:
            label = str(mm)
            if vertical:
                cap = fonts.cap_height_mm(font, 5.5)
                items.append(Text(x + 6.5, y + mm + cap / 2, label, font, 5.5, INK))
            else:
                items.append(Text(x + mm, y + 9.0, label, font, 5.5, INK, "center"))
    return items


def _paragraph(
    x: float, y: float, width: float, text: str, font: str, size: float
) -> tuple[list[Item], float]:
    """Wrapped text from baseline ``y``; returns the items and the next free baseline."""
    lead = size * fonts.MM_PER_PT * 1.3
    lines = wrap(text, font, size, width)
    items: list[Item] = [
        Text(x, y + n * lead, line, font, size, INK) for n, line in enumerate(lines)
    ]
    return items, y + len(lines) * lead


def calibration_pages(
    lang: Language, paper: str, back_shift: tuple[float, float] = (0.0, 0.0)
) -> list[Page]:
    """The front and the back of the calibration sheet on ``paper``; the back's content
    is shifted by ``back_shift`` (mm, +X right on the back page, +Y down), as a duplex
    offset shifts a backs page."""
    spec = load_sheet_spec()
    width, height = spec.papers[paper]
    regular, bold = fonts.font_for(lang.script, "regular"), fonts.font_for(lang.script, "bold")
    display = fonts.font_for(lang.script, "display")
    left = (width - spec.common[0]) / 2 + 15
    top = (height - spec.common[1]) / 2 + 15
    text_w = width - 2 * left
    panel_top, panel_h, panel_w = top + 90, 84.0, (text_w - 26) / 2
    x_panel, y_panel = left, left + panel_w + 6
    cx_scale, base_x = x_panel + panel_w / 2, panel_top + 40  # X scale: middle, baseline
    base_y, cy_scale = y_panel + panel_w / 2 + 8, panel_top + 47  # Y scale: baseline, middle
    target = (left + 135, top + 214)

    front: list[Item] = [
        fitted_text(left, top + 8, lang.label("calibrate_title"), display, 20, text_w)
    ]
    y = top + 20
    steps = [
        lang.label("calibrate_step_print"),
        lang.label("calibrate_step_ruler", {"length": f"{RULER:g}"}),
        lang.label("calibrate_step_light"),
        lang.label("calibrate_step_read"),
        lang.label("calibrate_step_save"),
    ]
    for number, step in enumerate(steps, start=1):
        front.append(Text(left, y, f"{number}.", bold, 9, INK))
        lines, y = _paragraph(left + 6, y, text_w - 6, step, regular, 9)
        front += lines
        y += 1.6
    front.append(fitted_text(left + 6, y + 0.6, COMMAND.format(paper=paper), bold, 9, text_w - 6))
    if y > panel_top - 4:
        raise TextOverflow(
            f"the calibration steps run {y - panel_top + 4:.1f} mm too long", steps[0]
        )
    frame = Style(stroke=GREY, width=0.2)
    for px, key in ((x_panel, "calibrate_x"), (y_panel, "calibrate_y")):
        front.append(Rect(px, panel_top, panel_w, panel_h, frame, radius=2.0))
        front.append(fitted_text(px + 4, panel_top + 7, lang.label(key), bold, 8.5, panel_w - 8))
    front += _x_scale(cx_scale, base_x, regular, front=True)
    front += _y_scale(cy_scale, base_y, regular, front=True)
    tx, ty = target
    cross = Style(stroke=INK, width=0.25)
    front += [Line(tx - 8, ty, tx + 8, ty, cross), Line(tx, ty - 8, tx, ty + 8, cross)]
    front += _ruler(left, top + 200, vertical=False, font=regular)
    front += _ruler(left + text_w - 14, panel_top, vertical=True, font=regular)

    # The back, drawn in front coordinates and mirrored (long-edge flip): a line at
    # front x lands at width - x on the back page.
    seen: list[Item] = []
    seen += _x_scale(cx_scale, base_x, regular, front=False)
    seen += _y_scale(cy_scale, base_y, regular, front=False)
    seen.append(Circle(tx, ty, 5.0, Style(stroke=INK, width=0.25)))
    mirrored = Group(tuple(seen), Transform(dx=width, sx=-1.0))
    back_text, _ = _paragraph(left, top + 8, text_w, lang.label("calibrate_back"), bold, 10)
    back: list[Item] = [mirrored, *back_text]

    pages = []
    title = lang.label("calibrate_title")
    for number, items in ((1, front), (2, back)):
        side = "" if number == 1 else f" · {lang.label('backs')}"
        label = f"{title}{side} · {number}/2 · {paper.upper()}"
        footer = _footer(spec, width, height, label, regular)
        content: list[Item] = list(items)
        if number == 2:
            content = [Group(tuple(content), Transform(dx=back_shift[0], dy=back_shift[1]))]
        pages.append(
            Page(
                width,
                height,
                tuple(content + footer),
                label=label,
                meta={"side": ("front", "back")[number - 1]},
            )
        )
    return pages


def _footer(spec: SheetSpec, width: float, height: float, label: str, font: str) -> list[Item]:
    """The page label at the foot (the rulers above take the place of the 50 mm bar)."""
    base = (height + spec.common[1]) / 2 - spec.printable - 8
    left = (width - spec.common[0]) / 2 + 15
    return [fitted_text(width - left, base - 0.6, label, font, 7, 90, 5, INK, "right")]


def build_calibration(
    lang: Language, paper: str, fmt: str, out_dir: Path, back_shift: tuple[float, float]
) -> list[Written]:
    """``out_dir/calibration-<paper>.pdf`` (or one SVG per page)."""
    pages = calibration_pages(lang, paper, back_shift)
    return write_pages(
        pages,
        out_dir,
        f"calibration-{paper}",
        fmt,
        component="calibrate",
        language=lang.code,
        paper=paper,
        title=lang.label("calibrate_title"),
        subject=lang.label("pdf_subject_sheets", {"paper": paper.capitalize()}),
    )
