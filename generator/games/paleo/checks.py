"""Consistency checks of Paleontologists data against the binding rules."""

from __future__ import annotations

from collections import Counter

from ...source.diagnostics import Diagnostics
from .load import GAME_ID
from .model import DigSiteRules, PaleoData
from .polyomino import (
    PENTOMINOES,
    canonical,
    is_connected,
    neighbours,
    orientations,
    pentomino_letter,
)

DIG_TYPES = 3
FACES = (1, 2, 3, 4, 5, 6)
SHAPES_PER_FACE = 2
BONUSES = ("one-square-anywhere", "switch-shape", "switch-dig-type", "plus-one")
MAX_FOSSIL_CELLS = 4
#: Known from the original game (the rest of the key is data).
#: What the original game fixes: (face, dig type, a shape on that face or None).
ORIGINAL: tuple[tuple[int, str, str | None], ...] = ((2, "chevrons", None), (5, "hatch", "L"))


def check(data: PaleoData, diags: Diagnostics) -> None:
    _check_pentominoes(data, diags)
    _check_dig_types(data, diags)
    _check_dice(data, diags)
    if data.dig_site is not None:
        _check_dig_site(data.dig_site, diags)
        if not any(f"{GAME_ID}/" in d.location.file for d in diags.errors):
            _check_generation(data, data.dig_site, diags)


def _check_generation(data: PaleoData, site: DigSiteRules, diags: Diagnostics) -> None:
    """Whatever passes must make pads: generate the first sheet of each difficulty.

    Rules can each be fine and still leave no sheet possible together (one round, a
    band no sheet reaches, one tiny fossil); the generator is the judge.
    """
    from .pads import MAX_ATTEMPTS, GenerationError, PadGenerator, sheet_seeds

    generator = PadGenerator(data)
    seed = next(sheet_seeds(1))
    for difficulty, band in site.bands.items():
        try:
            generator.sheet(difficulty, seed)
        except GenerationError:
            diags.error(
                "E-DIGSITE-GENERATE",
                site.where("difficulty"),
                f"dig site: no fair {difficulty} sheet with an expected score from "
                f"{band.low:g} to {band.high:g} could be made in {MAX_ATTEMPTS} tries: "
                "widen the band, or change the rounds, grid, fossils or stars",
            )


def _check_pentominoes(data: PaleoData, diags: Diagnostics) -> None:
    by_shape: dict[tuple, str] = {}
    for p in data.pentominoes:
        what = f"pentomino {p.id}"
        if len(p.cells) != 5:
            diags.error("E-PENTO-CELLS", p.loc, f"{what}: {len(p.cells)} cells, expected exactly 5")
            continue
        if not is_connected(p.cells):
            diags.error("E-PENTO-CONNECTED", p.loc, f"{what}: cells are not orthogonally connected")
            continue
        key = canonical(p.cells)
        if key in by_shape:
            diags.error(
                "E-PENTO-EQUAL",
                p.loc,
                f"{what}: same shape as pentomino {by_shape[key]} under rotation or reflection",
            )
            continue
        by_shape[key] = p.id
        letter = pentomino_letter(p.cells)
        if letter != p.id:
            diags.error(
                "E-PENTO-LETTER",
                p.loc,
                f"{what}: the drawing is the {letter} pentomino, expected the {p.id} shape",
            )
    if data.pentominoes:
        present = {pentomino_letter(p.cells) for p in data.pentominoes if len(p.cells) == 5}
        missing = sorted(set(PENTOMINOES) - present)
        if missing:
            diags.error(
                "E-PENTO-MISSING",
                data.pentominoes[0].loc,
                f"pentominoes {', '.join(missing)} are missing; all twelve "
                f"({' '.join(PENTOMINOES)}) are needed",
            )


def _check_dig_types(data: PaleoData, diags: Diagnostics) -> None:
    counts = Counter(d.id for d in data.dig_types)
    for d in data.dig_types:
        if counts[d.id] > 1:
            diags.error("E-DUPLICATE-ID", d.loc, f"dig type {d.id!r} is defined more than once")
    if data.dig_types and len(counts) != DIG_TYPES:
        diags.error(
            "E-DIGTYPE-COUNT",
            data.dig_types[0].loc,
            f"{len(counts)} dig types, expected exactly {DIG_TYPES}",
        )


def _check_dice(data: PaleoData, diags: Diagnostics) -> None:
    if not data.dice:
        return
    first = data.dice[0].loc
    faces = Counter(f.face for f in data.dice)
    missing = [n for n in FACES if n not in faces]
    if missing:
        diags.error(
            "E-DICE-FACES",
            first,
            f"dice key: face {', '.join(map(str, missing))} missing, expected faces 1 to 6",
        )
    pento_ids = {p.id for p in data.pentominoes}
    type_ids = {d.id for d in data.dig_types}
    shape_uses: Counter[str] = Counter()
    type_uses: Counter[str] = Counter()
    for f in data.dice:
        what = f"dice face {f.face}"
        if len(f.shapes) != SHAPES_PER_FACE:
            diags.error(
                "E-DICE-SHAPES",
                f.loc,
                f"{what}: {len(f.shapes)} shapes, expected {SHAPES_PER_FACE}",
            )
        for shape in f.shapes:
            shape_uses[shape] += 1
            if pento_ids and shape not in pento_ids:
                diags.error(
                    "E-REF",
                    f.loc,
                    f"{what}: unknown pentomino {shape!r} "
                    f"(pentominoes: {' '.join(sorted(pento_ids))})",
                )
        type_uses[f.dig_type] += 1
        if type_ids and f.dig_type not in type_ids:
            diags.error(
                "E-REF",
                f.loc,
                f"{what}: unknown dig type {f.dig_type!r} "
                f"(dig types: {', '.join(sorted(type_ids))})",
            )
    for shape in sorted(pento_ids):
        if shape_uses[shape] != 1:
            diags.error(
                "E-DICE-PENTO",
                first,
                f"dice key: pentomino {shape} is on {shape_uses[shape]} faces, expected exactly 1",
            )
    for type_id in sorted(type_ids):
        if type_uses[type_id] != 2:
            diags.error(
                "E-DICE-DIGTYPE",
                first,
                f"dice key: dig type {type_id} is on {type_uses[type_id]} faces, "
                "expected exactly 2",
            )
    by_face = {f.face: f for f in data.dice}
    for face, dig_type, face_shape in ORIGINAL:
        known = by_face.get(face)
        if known is None:
            continue
        if known.dig_type != dig_type or (face_shape and face_shape not in known.shapes):
            wanted = dig_type + (f" and the {face_shape} pentomino" if face_shape else "")
            diags.warning(
                "W-DICE-ORIGINAL",
                known.loc,
                f"dice face {face}: the original game shows {wanted} on this face",
            )


def _check_dig_site(rules: DigSiteRules, diags: Diagnostics) -> None:
    ids = Counter(t.id for t in rules.templates)
    for t in rules.templates:
        what = f"fossil template {t.id}"
        if ids[t.id] > 1:
            diags.error("E-DUPLICATE-ID", t.loc, f"{what} is defined more than once")
        if not 1 <= len(t.cells) <= MAX_FOSSIL_CELLS:
            diags.error(
                "E-FOSSIL-TEMPLATE",
                t.loc,
                f"{what}: {len(t.cells)} cells, expected 1 to {MAX_FOSSIL_CELLS}",
            )
        elif not is_connected(t.cells):
            diags.error("E-FOSSIL-TEMPLATE", t.loc, f"{what}: cells are not orthogonally connected")
    cells_drawn = rules.rounds * 5
    if rules.rows * rules.cols < cells_drawn:
        diags.warning(
            "W-GRID-SMALL",
            rules.where("grid"),
            f"dig site: {rules.rows}x{rules.cols} grid has fewer cells than the "
            f"{cells_drawn} that {rules.rounds} rounds can draw",
        )
    bonus_ids = Counter(b.id for b in rules.bonuses)
    for b in rules.bonuses:
        if bonus_ids[b.id] > 1:
            diags.error("E-DUPLICATE-ID", b.loc, f"bonus {b.id!r} is defined more than once")
        if b.id not in BONUSES:
            diags.error(
                "E-BONUS", b.loc, f"unknown bonus {b.id!r}, expected one of: {', '.join(BONUSES)}"
            )
    for bonus_id in BONUSES:
        if bonus_id not in bonus_ids:
            diags.error(
                "E-BONUS", rules.where("bonuses"), f"dig site: bonus {bonus_id!r} is missing"
            )
    _check_fit(rules, diags)
    largest = max((len(t.cells) for t in rules.templates), default=1)
    free = rules.rows * rules.cols - rules.fossils_max * min(largest, MAX_FOSSIL_CELLS)
    if rules.stars > free:
        diags.error(
            "E-STARS",
            rules.where("stars_per_sheet"),
            f"dig site: {rules.stars} stars, but a {rules.rows}x{rules.cols} grid with "
            f"{rules.fossils_max} fossils may have only {max(free, 0)} cells left for them",
        )


def _check_fit(rules: DigSiteRules, diags: Diagnostics) -> None:
    """Show that the largest fossil count fits: place them greedily, apart, in the grid."""
    shapes = sorted(
        (t for t in rules.templates if 1 <= len(t.cells) <= MAX_FOSSIL_CELLS),
        key=lambda t: -len(t.cells),
    )
    if not shapes:
        return
    taken: set[tuple[int, int]] = set()
    blocked: set[tuple[int, int]] = set()
    placed = 0
    for i in range(rules.fossils_max):
        template = shapes[i % len(shapes)]
        if not _place(template.cells, rules, taken, blocked):
            break
        placed += 1
    if placed < rules.fossils_max:
        diags.error(
            "E-FOSSIL-FIT",
            rules.where("fossils_per_sheet"),
            f"dig site: could place only {placed} of {rules.fossils_max} fossils apart from "
            f"each other on the {rules.rows}x{rules.cols} grid",
        )
        return
    free = rules.rows * rules.cols - len(taken)
    if rules.stars > free:
        diags.error(
            "E-STARS-FIT",
            rules.where("stars_per_sheet"),
            f"dig site: {rules.stars} stars but only {free} cells are left free of fossils",
        )


def _place(cells, rules: DigSiteRules, taken: set, blocked: set) -> bool:
    for shape in sorted(orientations(cells), key=sorted):
        for r in range(rules.rows):
            for c in range(rules.cols):
                moved = {(r + dr, c + dc) for dr, dc in shape}
                if all(0 <= y < rules.rows and 0 <= x < rules.cols for y, x in moved) and not (
                    moved & blocked
                ):
                    taken.update(moved)
                    blocked.update(moved | neighbours(moved))
                    return True
    return False
