"""The booklet diagrams: every one, in every language, stays in its box, uses only the
language's words, and renders."""

from __future__ import annotations

import re

import pypdfium2
import pytest

from dinokit.draw.shapes import Circle, Group, Line, Page, Path, Rect, Text, Use
from dinokit.layout import fonts
from dinokit.products.booklet.diagrams import DIAGRAMS, Context
from dinokit.products.booklet.typeset import BODY_W
from dinokit.products.validate import load_data
from dinokit.render.common import transform_matrix
from dinokit.render.pdf import render_pdf

TOLERANCE = 0.5  # mm
CASES = [(game, did) for game, table in DIAGRAMS.items() for did in table]
EXPECTED = {
    "digging-for-dinos": {
        "components",
        "tile_anatomy",
        "setup",
        "movement",
        "collect_refill",
        "scoring",
    },
    "paleontologists": {
        "sheet_overview",
        "shape_key",
        "dig_types",
        "worked_dig",
        "edge_dig",
        "bonuses",
    },
}


@pytest.fixture(scope="module")
def data():
    loaded, diags = load_data()
    assert not diags.errors
    return loaded


def _languages(data):
    return [lang.code for lang in data.languages]


# ---------------------------------------------------------------- geometry


def _apply(m, x, y):
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def _cubic(p0, p1, p2, p3, t):
    u = 1 - t
    return tuple(
        u**3 * p0[i] + 3 * u * u * t * p1[i] + 3 * u * t * t * p2[i] + t**3 * p3[i] for i in (0, 1)
    )


def _points(item) -> list[tuple[float, float]]:
    """Points outlining what ``item`` draws, in its parent's coordinates."""
    if isinstance(item, Rect):
        return [(item.x, item.y), (item.x + item.w, item.y + item.h)]
    if isinstance(item, Line):
        return [(item.x1, item.y1), (item.x2, item.y2)]
    if isinstance(item, Circle):
        return [(item.cx - item.r, item.cy - item.r), (item.cx + item.r, item.cy + item.r)]
    if isinstance(item, Path):
        points, last = [], (0.0, 0.0)
        for op, *args in item.commands:
            if op in ("M", "L"):
                last = (args[0], args[1])
                points.append(last)
            elif op == "C":
                c1, c2, end = (args[0], args[1]), (args[2], args[3]), (args[4], args[5])
                points += [_cubic(last, c1, c2, end, k / 12) for k in range(1, 13)]
                last = end
        return points
    if isinstance(item, Text):
        width = fonts.text_width_mm(item.font, item.text, item.size)
        left = {"left": item.x, "center": item.x - width / 2, "right": item.x - width}[item.align]
        top = item.y - fonts.cap_height_mm(item.font, item.size)
        return [(left, top), (left + width, item.y)]
    if isinstance(item, Use):
        return [(x + item.dx, y + item.dy) for x, y in _form_box(item.form)]
    if isinstance(item, Group):
        inner = _box([p for sub in item.items for p in _points(sub)])
        if item.clip is not None:
            c = item.clip
            inner = [(min(max(x, c.x), c.x + c.w), min(max(y, c.y), c.y + c.h)) for x, y in inner]
        m = transform_matrix(item.transform)
        return [_apply(m, x, y) for x, y in inner]
    raise TypeError(item)


def _box(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """The corners of the bounding box of ``points`` (enough to check containment)."""
    if not points:
        return []
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return [(min(xs), min(ys)), (max(xs), min(ys)), (min(xs), max(ys)), (max(xs), max(ys))]


_FORM_BOXES: dict[str, list[tuple[float, float]]] = {}


def _form_box(form) -> list[tuple[float, float]]:
    if form.name not in _FORM_BOXES:
        _FORM_BOXES[form.name] = _box([p for sub in form.items for p in _points(sub)])
    return _FORM_BOXES[form.name]


def _texts(items) -> list[str]:
    out: list[str] = []
    for item in items:
        if isinstance(item, Text):
            out.append(item.text)
        elif isinstance(item, Group):
            out += _texts(item.items)
        elif isinstance(item, Use):
            out += _texts(item.form.items)
    return out


# ---------------------------------------------------------------- tests


def test_every_diagram_is_there():
    assert {game: set(table) for game, table in DIAGRAMS.items()} == EXPECTED


@pytest.mark.parametrize("game,did", CASES)
def test_diagrams_fit_their_box_in_every_language(data, game, did):
    for code in _languages(data):
        ctx = Context.of(data, data.language(code))
        height, draw = DIAGRAMS[game][did](ctx, BODY_W)
        assert 0 < height <= 100, (code, height)
        x0, y0 = 14.0, 30.0
        items = draw(x0, y0)
        assert items
        points = [p for item in items for p in _points(item)]
        xs, ys = [x for x, _ in points], [y for _, y in points]
        where = f"{game}/{did} ({code})"
        assert min(xs) >= x0 - TOLERANCE, (where, "left", min(xs) - x0)
        assert max(xs) <= x0 + BODY_W + TOLERANCE, (where, "right", max(xs) - x0 - BODY_W)
        assert min(ys) >= y0 - TOLERANCE, (where, "top", min(ys) - y0)
        assert max(ys) <= y0 + height + TOLERANCE, (where, "bottom", max(ys) - y0 - height)


def test_diagrams_adapt_to_a_narrower_column(data):
    ctx = Context.of(data, data.language("en"))
    for game, did in CASES:
        height, draw = DIAGRAMS[game][did](ctx, 110.0)
        points = [p for item in draw(0, 0) for p in _points(item)]
        assert max(x for x, _ in points) <= 110.0 + TOLERANCE, (game, did)
        assert max(y for _, y in points) <= height + TOLERANCE, (game, did)


ROMAN = re.compile(r"[IVX]+")
SHEET_CODE = re.compile(r"PAL-[0-9A-Z]{4}-[0-9A-Z]{4}")
FOSSIL_LABEL = re.compile(r"[A-Z]")
LETTERS = re.compile(r"[^\W\d_]+")


@pytest.mark.parametrize("game,did", CASES)
def test_korean_diagrams_use_only_korean_words(data, game, did):
    ko, en = data.language("ko"), data.language("en")
    korean = list(ko.names.values()) + list(ko.labels.values())
    english = {
        word.lower()
        for text in list(en.names.values()) + list(en.labels.values())
        for word in LETTERS.findall(text)
        if len(word) > 1
    }
    ctx = Context.of(data, ko)
    _, draw = DIAGRAMS[game][did](ctx, BODY_W)
    for text in _texts(draw(0, 0)):
        if any(text in value for value in korean):
            continue
        if ROMAN.fullmatch(text) or SHEET_CODE.fullmatch(text) or FOSSIL_LABEL.fullmatch(text):
            continue
        for word in LETTERS.findall(text):
            assert any(word in value for value in korean), (game, did, text, word)
            assert word.lower() not in english or any(word in v for v in korean), (text, word)


def test_english_diagrams_name_things_in_english(data):
    """A spot check that the words come from the language: the English species,
    labels and bonus names show up."""
    en = data.language("en")
    ctx = Context.of(data, en)
    texts = set()
    for game, did in CASES:
        _, draw = DIAGRAMS[game][did](ctx, BODY_W)
        texts.update(_texts(draw(0, 0)))
    assert en.label("incomplete") in texts
    assert en.label("token_face_b") in texts
    assert en.term("abilities", "flip-token").split()[0] in " ".join(texts)
    assert en.term("bonuses", "switch-shape") in texts
    assert en.term("dig_types", "hatch") in texts


def test_scoring_sum_comes_from_the_data(data):
    ctx = Context.of(data, data.language("en"))
    _, draw = DIAGRAMS["digging-for-dinos"]["scoring"](ctx, BODY_W)
    texts = _texts(draw(0, 0))
    equals = texts.index("=")
    numbers = [int(t) for t in texts[:equals] if t.isdigit()][-4:]
    d = data.game("digging-for-dinos")
    assert numbers[0] == d.species_by_id("velociraptor").complete
    assert int(texts[equals + 1]) == sum(numbers)


def test_all_diagrams_render_to_one_pdf(data):
    pages = []
    for code in ("en", "ko"):
        ctx = Context.of(data, data.language(code))
        for table in DIAGRAMS.values():
            items, y = [], 16.0
            for fn in table.values():
                height, draw = fn(ctx, BODY_W)
                if y + height > 194:
                    pages.append(Page(148, 210, tuple(items)))
                    items, y = [], 16.0
                items += draw(14.0, y)
                y += height + 6.0
            pages.append(Page(148, 210, tuple(items)))
    pdf = render_pdf(pages, title="diagrams")
    assert pdf.startswith(b"%PDF")
    document = pypdfium2.PdfDocument(pdf)
    assert len(document) == len(pages)
    # Every page has something drawn on it (not a blank page).
    for index in range(len(document)):
        image = document[index].render(scale=0.3).to_pil().convert("L")
        assert image.getextrema()[0] < 128, f"page {index} is blank"
