"""The sheet layouts of templates/sheets.yaml: papers, the area A4 and Letter share,
margins, crop marks, footer, the size, gap and bleed of every component and how it
packs on a gutter-fold sheet.

:mod:`.sheets` places components by them (and is where the rest of the code imports
these names from).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..source import schema as s
from ..source import templates_dir
from ..source.diagnostics import DataError, Diagnostics
from ..source.located import load_file


@dataclass(frozen=True)
class ComponentSize:
    width: float
    height: float
    gap: float
    bleed: float


@dataclass(frozen=True)
class FoldPacking:
    """How a component packs on a gutter-fold sheet (printed on one side only):
    ``across``/``down``: neighbours side by side / one above the other touch, one cut
    between them and no gap (for pieces whose touching edges are alike); ``turn``: a
    quarter turn on the sheet."""

    across: bool = False
    down: bool = False
    turn: bool = False


@dataclass(frozen=True)
class SheetSpec:
    papers: dict[str, tuple[float, float]]
    common: tuple[float, float]
    printable: float
    mark_offset: float
    mark_length: float
    mark_width: float
    footer: float
    ruler: float
    components: dict[str, ComponentSize]
    duplex_max: float = 5.0  # mm: the largest duplex offset allowed on either axis
    gutter_fold: dict[str, FoldPacking] = field(default_factory=dict)


#: The papers and components the code lays out: each must be in sheets.yaml.
PAPERS = ("a4", "letter")
COMPONENTS = ("tile", "token", "aid")


def _mm(low: float, high: float) -> s.Reader:
    return s.number(low, high)


# Bounds that keep every page printable and every drawing finite: a template outside
# them is refused at its line and column by `dinokit validate --templates`.
_PAPER = (s.Field("width", _mm(100, 1000)), s.Field("height", _mm(100, 1000)))
_COMPONENT = (
    s.Field("width", _mm(5, 300)),
    s.Field("height", _mm(5, 300)),
    s.Field("gap", _mm(0, 50)),
    s.Field("bleed", _mm(0, 10)),
)
_FILE = (
    s.Field("papers", s.any_node),
    s.Field("common_area", s.any_node),
    s.Field("printable_margin", _mm(0, 30)),
    s.Field("crop_marks", s.any_node),
    s.Field("footer", s.any_node),
    s.Field("duplex_offset_max", _mm(0, 20)),
    s.Field("components", s.any_node),
    s.Field("gutter_fold", s.any_node, required=False),
)
_TOUCH = {"none": (False, False), "across": (True, False), "down": (False, True),
          "both": (True, True)}  # fmt: skip
_PACKING = (
    s.Field("touch", s.choice(*_TOUCH), required=False, default="none"),
    s.Field("turn", s.choice("none", "quarter"), required=False, default="none"),
)


def load_sheet_spec(path: Path | None = None) -> SheetSpec:
    """Read the sheet layouts (default: sheets.yaml of the templates in use); a broken
    template is a DataError with locations."""
    path = templates_dir() / "sheets.yaml" if path is None else path
    diags = Diagnostics()
    root = load_file(path, diags)
    top = s.read_record(root, "sheets", _FILE, diags) if root is not None else None
    spec = None
    if top is not None:
        papers = _table(top["papers"], "papers", _PAPER, diags, PAPERS)
        components = _table(top["components"], "components", _COMPONENT, diags, COMPONENTS)
        common = s.read_record(top["common_area"], "common_area", _PAPER, diags)
        marks = s.read_record(
            top["crop_marks"],
            "crop_marks",
            (s.Field("offset", _mm(0, 10)), s.Field("length", _mm(0, 20)),
             s.Field("width", _mm(0.05, 2))),
            diags,
        )  # fmt: skip
        footer = s.read_record(
            top["footer"], "footer",
            (s.Field("height", _mm(0, 50)), s.Field("ruler", _mm(10, 200))), diags,
        )  # fmt: skip
        fold = top["gutter_fold"]
        packing = {} if fold is None else _table(fold, "gutter_fold", _PACKING, diags, ())
        for name, loc in packing.pop("__locs__", {}).items():
            if name not in COMPONENTS:
                diags.error("E-UNKNOWN", loc, f"gutter_fold: {name!r} is not a component, "
                            f"expected one of: {', '.join(COMPONENTS)}")  # fmt: skip
        paper_locs = papers.pop("__locs__", {})
        component_locs = components.pop("__locs__", {})
        if common:
            _check_fit(common, papers, paper_locs, components, component_locs, top, diags)
        if common and marks and footer:
            spec = SheetSpec(
                {k: (v["width"], v["height"]) for k, v in papers.items()},
                (common["width"], common["height"]),
                top["printable_margin"],
                marks["offset"],
                marks["length"],
                marks["width"],
                footer["height"],
                footer["ruler"],
                {k: ComponentSize(**v) for k, v in components.items()},
                top["duplex_offset_max"],
                {
                    k: FoldPacking(*_TOUCH[v["touch"]], v["turn"] == "quarter")
                    for k, v in packing.items()
                },
            )
    if diags.errors or spec is None:
        raise DataError(diags.errors)
    return spec


def _table(
    node, what: str, fields, diags: Diagnostics, required: tuple[str, ...]
) -> dict[str, dict]:
    """The records of a mapping of names, with ``required`` names present (an error at
    the mapping when one is missing); ``"__locs__"`` holds where each name stands."""
    mapping = s.as_map(node, what, diags)
    result: dict = {}
    locs: dict = {}
    result["__locs__"] = locs
    if mapping is None:
        return result
    for key, child in mapping.items():
        rec = s.read_record(child, f"{what}: {key}", fields, diags)
        if rec is not None:
            result[str(key)] = rec.values
        locs[str(key)] = mapping.key_loc(key)
    for name in required:
        if name not in mapping:
            diags.error(
                "E-REQUIRED", mapping.loc,
                f"{what}: no {name!r}, expected every one of: {', '.join(required)} "
                "(dinokit lays them all out)",
            )  # fmt: skip
    return result


def _check_fit(common, papers, paper_locs, components, component_locs, top, diags) -> None:
    """The shared area fits on every paper; every component (with its bleed) fits on the
    shared area inside the printable margin: else no sheet could hold it."""
    cw, ch = common["width"], common["height"]
    for name, (w, h) in ((k, (v["width"], v["height"])) for k, v in papers.items()):
        if cw > w + 1e-9 or ch > h + 1e-9:
            diags.error(
                "E-RANGE", paper_locs.get(name, common.loc),
                f"papers: {name}: {w:g} x {h:g} mm is smaller than the common_area "
                f"{cw:g} x {ch:g} mm, expected at least that",
            )  # fmt: skip
    margin = top["printable_margin"]
    room_w, room_h = cw - 2 * margin, ch - 2 * margin
    for name, size in components.items():
        w = size["width"] + 2 * size["bleed"]
        h = size["height"] + 2 * size["bleed"]
        if w > room_w or h > room_h:
            diags.error(
                "E-RANGE", component_locs.get(name, common.loc),
                f"components: {name}: {w:g} x {h:g} mm with its bleed does not fit inside "
                f"the printable area of {room_w:g} x {room_h:g} mm (common_area less the "
                "printable_margin), expected a smaller size",
            )  # fmt: skip
