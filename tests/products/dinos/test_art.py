"""The fossil skeleton drawings: every body plan and part draws, inside its box."""

from __future__ import annotations

import pytest

from dinokit.draw.shapes import Circle, Group, Item, Line, Path, Rect
from dinokit.products.dinos.art import BODY_PARTS, skeleton
from dinokit.products.validate import load_data

COLOURS = dict(ink="#2b1d12", faded="#e8dcc4", accent="#ffd34d")
BOXES = [(34, 17), (30, 20), (60, 30)]
CASES = [(body, part) for body, parts in BODY_PARTS.items() for part in (None, *parts)]


def leaves(items: tuple[Item, ...]) -> list[Item]:
    out: list[Item] = []
    for item in items:
        if isinstance(item, Group):
            assert item.transform.rotate == 0 and item.transform.sx == item.transform.sy == 1
            out += [
                _shift(leaf, item.transform.dx, item.transform.dy) for leaf in leaves(item.items)
            ]
        else:
            out.append(item)
    return out


def _shift(item: Item, dx: float, dy: float) -> Item:  # only used if art ever groups
    if isinstance(item, Circle):
        return Circle(item.cx + dx, item.cy + dy, item.r, item.style)
    if isinstance(item, Path):
        cmds = tuple(
            (op, *(v + (dx if i % 2 == 0 else dy) for i, v in enumerate(nums)))
            for op, *nums in item.commands
        )
        return Path(cmds, item.style)
    raise AssertionError(f"unexpected {item!r}")


def extent(item: Item) -> list[tuple[float, float, float]]:
    """(x, y, margin) for every coordinate of a shape; margin covers radius and stroke."""
    half = item.style.width / 2 if item.style.stroke else 0.0
    if isinstance(item, Circle):
        r = item.r + half
        return [(item.cx - r, item.cy - r, 0), (item.cx + r, item.cy + r, 0)]
    if isinstance(item, Path):
        pts = []
        for op, *nums in item.commands:
            assert op in "MLCZ"
            pts += [(nums[i], nums[i + 1], half) for i in range(0, len(nums), 2)]
        return pts
    if isinstance(item, Rect):
        return [(item.x, item.y, half), (item.x + item.w, item.y + item.h, half)]
    if isinstance(item, Line):
        return [(item.x1, item.y1, half), (item.x2, item.y2, half)]
    raise AssertionError(f"unexpected {item!r}")


@pytest.mark.parametrize("w,h", BOXES)
@pytest.mark.parametrize("body,part", CASES)
def test_drawing_stays_in_its_box(body: str, part: str | None, w: float, h: float) -> None:
    items = leaves(skeleton(body, part, w, h, **COLOURS))
    assert items
    xs, ys = [], []
    for item in items:
        for x, y, margin in extent(item):
            assert x - margin >= -0.01 and x + margin <= w + 0.01, (body, part, item)
            assert y - margin >= -0.01 and y + margin <= h + 0.01, (body, part, item)
            xs.append(x)
            ys.append(y)
        if item.style.stroke:
            assert item.style.width >= 0.2, "no hairlines"
    # fitted: it fills the box in one direction and is centred in both
    assert max(max(xs) - min(xs) - w, max(ys) - min(ys) - h) > -2.0
    assert abs((min(xs) + max(xs)) / 2 - w / 2) < 0.5
    assert abs((min(ys) + max(ys)) / 2 - h / 2) < 0.5


def accented(items: tuple[Item, ...]) -> frozenset[Item]:
    return frozenset(i for i in leaves(items) if i.style.fill == COLOURS["accent"])


@pytest.mark.parametrize("body", BODY_PARTS)
def test_highlight_picks_out_each_part(body: str) -> None:
    assert not accented(skeleton(body, None, 34, 17, **COLOURS))
    seen = set()
    for part in BODY_PARTS[body]:
        lit = accented(skeleton(body, part, 34, 17, **COLOURS))
        assert lit, f"{body}/{part} highlights nothing"
        assert lit not in seen, f"{body}/{part} looks like another part"
        seen.add(lit)


def test_highlight_is_bolder_than_the_rest() -> None:
    items = leaves(skeleton("theropod", "skull", 34, 17, **COLOURS))
    lit = max(i.style.width for i in items if i.style.fill == COLOURS["accent"] and i.style.stroke)
    rest = [i for i in items if i.style.fill not in (COLOURS["accent"], COLOURS["ink"])]
    assert rest and all(i.style.fill != COLOURS["accent"] for i in rest)
    # the bold rim under the highlighted part is ink, wider than any faded outline
    rims = [i.style.width for i in items if i.style.fill == COLOURS["ink"] and i.style.stroke]
    assert rims and min(rims) > max(i.style.width for i in rest) >= 0.2
    assert lit >= 0.2


def test_same_input_same_drawing() -> None:
    assert skeleton("sauropod", "neck", 34, 17, **COLOURS) == skeleton(
        "sauropod", "neck", 34, 17, **COLOURS
    )


def test_unknown_body_or_part_is_an_error() -> None:
    with pytest.raises(ValueError, match="unicorn"):
        skeleton("unicorn", None, 34, 17, **COLOURS)
    with pytest.raises(ValueError, match="wings"):
        skeleton("theropod", "wings", 34, 17, **COLOURS)


def test_common_parts_everywhere() -> None:
    for body, parts in BODY_PARTS.items():
        assert {"skull", "spine", "ribs", "legs", "tail"} <= set(parts), body


def test_shipped_species_use_known_parts() -> None:
    data, _ = load_data()
    dinos = data.game("digging-for-dinos")
    assert dinos.species
    for sp in dinos.species:
        assert sp.body in BODY_PARTS, sp.id
        assert set(sp.position_ids) <= set(BODY_PARTS[sp.body]), sp.id
