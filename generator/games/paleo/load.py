"""Reading Paleontologists data files into the model, reporting every problem."""

from __future__ import annotations

import re
from pathlib import Path

from ...source import schema as s
from ...source.diagnostics import Diagnostics
from ...source.located import Scalar, YNode, load_file
from .model import (
    Band,
    Bonus,
    DiceFace,
    DigSiteRules,
    DigType,
    FossilTemplate,
    PaleoData,
    Pattern,
    Pentomino,
)
from .polyomino import parse_ascii

GAME_ID = "paleontologists"
PATTERN_KINDS = ("chevrons", "hatch", "dots")
LETTER_RE = re.compile(r"\A[A-Z]\Z")

PATTERN = (
    s.Field("kind", s.choice(*PATTERN_KINDS)),
    s.Field("spacing", s.number(0.5, 10)),  # mm between the strokes of a fill
    s.Field("weight", s.number(0.05, 2)),  # mm: stroke width
)
DIG_TYPE = (s.Field("id", s.ident), s.Field("pattern", s.any_node))
FACE = (s.Field("shapes", s.seq_of(s.text)), s.Field("dig_type", s.ident))
TEMPLATE = (
    s.Field("id", s.ident),
    s.Field("cells", s.text),
    s.Field("value", s.integer(0, 99)),
    s.Field("bonus", s.integer(0, 99)),
)
#: At most 8 circles of a bonus fit the bonus panel of a sheet (12 overflow it).
BONUS = (s.Field("id", s.ident), s.Field("limit", s.integer(1, 8)))
DIG_SITE = (
    s.Field("grid", s.any_node),
    s.Field("rounds", s.integer(1, 99)),
    s.Field("fossils_per_sheet", s.any_node),
    s.Field("stars_per_sheet", s.integer(0, 999)),
    s.Field("fossil_templates", s.seq_of(s.any_node, min_len=1, max_len=200)),
    s.Field("bonuses", s.seq_of(s.any_node, min_len=1, max_len=16)),
    s.Field("difficulty", s.any_node),
)
DIFFICULTIES = ("easy", "medium", "hard")
BAND = (s.Field("min", s.number(0, 999)), s.Field("max", s.number(0, 999)))
GRID = (s.Field("rows", s.integer(5, 40)), s.Field("cols", s.integer(5, 40)))
COUNT_RANGE = (s.Field("min", s.integer(1, 999)), s.Field("max", s.integer(1, 999)))


def load(data_dir: Path, diags: Diagnostics) -> PaleoData:
    folder = data_dir / GAME_ID
    return PaleoData(
        _read_pentominoes(load_file(folder / "pentominoes.yaml", diags), diags),
        _read_dig_types(load_file(folder / "dig_types.yaml", diags), diags),
        _read_dice(load_file(folder / "dice.yaml", diags), diags),
        _read_dig_site(load_file(folder / "dig_site.yaml", diags), diags),
    )


def read_cells(node: YNode, what: str, diags: Diagnostics) -> frozenset | None:
    drawing = s.text(node, what, diags)
    if drawing is s.INVALID:
        return None
    try:
        return parse_ascii(drawing)
    except ValueError as exc:
        diags.error(
            "E-DRAWING", node.loc, f"{what}: bad drawing, {exc}; expected '#' for a cell, '.' empty"
        )
        return None


def _top_list(root: YNode | None, key: str, what: str, diags: Diagnostics) -> list[YNode]:
    if root is None:
        return []
    rec = s.read_record(
        root, what, (s.Field(key, s.seq_of(s.any_node, min_len=1, max_len=1000)),), diags
    )
    return [node for node, _ in rec[key]] if rec else []


def _read_pentominoes(root: YNode | None, diags: Diagnostics) -> tuple[Pentomino, ...]:
    if root is None:
        return ()
    top = s.read_record(root, "pentominoes file", (s.Field("pentominoes", s.any_node),), diags)
    table = s.as_map(top["pentominoes"], "pentominoes", diags) if top else None
    if table is None:
        return ()
    if not table.entries:
        diags.error(
            "E-PENTO-MISSING",
            table.loc,
            "no pentominoes; all twelve (F I L N P T U V W X Y Z) are needed",
        )
    result = []
    for key, node in table.items():
        if not isinstance(key, str) or not LETTER_RE.match(key):
            diags.error(
                "E-ID",
                table.key_loc(key),
                f"pentomino {key!r}: expected one capital letter (F I L N P T U V W X Y Z)",
            )
            continue
        cells = read_cells(node, f"pentomino {key}", diags)
        if cells is not None:
            result.append(Pentomino(key, cells, node.loc))
    return tuple(result)


def _read_dig_types(root: YNode | None, diags: Diagnostics) -> tuple[DigType, ...]:
    result = []
    for node in _top_list(root, "dig_types", "dig types file", diags):
        rec = s.read_record(node, "dig type", DIG_TYPE, diags)
        if rec is None:
            continue
        pattern = s.read_record(rec["pattern"], f"dig type {rec['id']}: pattern", PATTERN, diags)
        if pattern is not None:
            values = pattern.values
            result.append(
                DigType(
                    rec["id"], Pattern(values["kind"], values["spacing"], values["weight"]), rec.loc
                )
            )
    return tuple(result)


def _read_dice(root: YNode | None, diags: Diagnostics) -> tuple[DiceFace, ...]:
    if root is None:
        return ()
    top = s.read_record(root, "dice file", (s.Field("faces", s.any_node),), diags)
    table = s.as_map(top["faces"], "faces", diags) if top else None
    if table is None:
        return ()
    if not table.entries:
        diags.error("E-DICE-FACES", table.loc, "dice key: no faces, expected faces 1 to 6")
    result = []
    for key, node in table.items():
        face = s.integer(1, 6)(Scalar(key, table.key_loc(key)), "dice face", diags)
        rec = s.read_record(node, f"face {key}", FACE, diags)
        if face is s.INVALID or rec is None:
            continue
        shapes = tuple(name for name, _ in rec["shapes"])
        result.append(DiceFace(face, shapes, rec["dig_type"], table.key_loc(key)))
    return tuple(result)


def _read_dig_site(root: YNode | None, diags: Diagnostics) -> DigSiteRules | None:
    if root is None:
        return None
    rec = s.read_record(root, "dig site", DIG_SITE, diags)
    if rec is None:
        return None
    grid = s.read_record(rec["grid"], "dig site: grid", GRID, diags)
    counts = s.read_record(
        rec["fossils_per_sheet"], "dig site: fossils_per_sheet", COUNT_RANGE, diags
    )
    templates = []
    for node, _ in rec["fossil_templates"]:
        t = s.read_record(node, "fossil template", TEMPLATE, diags)
        if t is None:
            continue
        cells = read_cells(node.get("cells"), f"fossil template {t['id']}: cells", diags)
        if cells is not None:
            templates.append(FossilTemplate(t["id"], cells, t["value"], t["bonus"], t.loc))
    bonuses = []
    for node, _ in rec["bonuses"]:
        b = s.read_record(node, "bonus", BONUS, diags)
        if b is not None:
            bonuses.append(Bonus(b["id"], b["limit"], b.loc))
    bands = {}
    table = s.as_map(rec["difficulty"], "dig site: difficulty", diags)
    for key, node in table.items() if table else []:
        if key not in DIFFICULTIES:
            assert table is not None
            diags.error(
                "E-CHOICE",
                table.key_loc(key),
                f"dig site: difficulty {key!r}, expected one of: {', '.join(DIFFICULTIES)}",
            )
            continue
        band = s.read_record(node, f"dig site: difficulty: {key}", BAND, diags)
        if band is None:
            continue
        if band["min"] >= band["max"]:
            diags.error(
                "E-RANGE",
                band.loc,
                f"dig site: difficulty {key}: min {band['min']:g} is not below max {band['max']:g}",
            )
        bands[key] = Band(band["min"], band["max"])
    if table is not None:
        for key in DIFFICULTIES:
            if key not in bands and key not in table:
                diags.error("E-REQUIRED", table.loc, f"dig site: difficulty {key!r} has no band")
    if grid is None or counts is None:
        return None
    if counts["min"] > counts["max"]:
        diags.error(
            "E-RANGE",
            counts.loc,
            f"dig site: fossils_per_sheet: min {counts['min']} is more than max {counts['max']}",
        )
    return DigSiteRules(
        grid["rows"],
        grid["cols"],
        rec["rounds"],
        tuple(templates),
        counts["min"],
        counts["max"],
        rec["stars_per_sheet"],
        tuple(bonuses),
        bands,
        rec.loc,
        rec.key_locs,
    )
