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


_MM = s.number(0)
_SIZE = (s.Field("width", _MM), s.Field("height", _MM))
_COMPONENT = (*_SIZE, s.Field("gap", _MM), s.Field("bleed", _MM))
_FILE = (
    s.Field("papers", s.any_node),
    s.Field("common_area", s.any_node),
    s.Field("printable_margin", _MM),
    s.Field("crop_marks", s.any_node),
    s.Field("footer", s.any_node),
    s.Field("duplex_offset_max", _MM),
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
        papers = _table(top["papers"], "papers", _SIZE, diags)
        components = _table(top["components"], "components", _COMPONENT, diags)
        common = s.read_record(top["common_area"], "common_area", _SIZE, diags)
        marks = s.read_record(
            top["crop_marks"],
            "crop_marks",
            (s.Field("offset", _MM), s.Field("length", _MM), s.Field("width", _MM)),
            diags,
        )
        footer = s.read_record(
            top["footer"], "footer", (s.Field("height", _MM), s.Field("ruler", _MM)), diags
        )
        fold = top["gutter_fold"]
        packing = {} if fold is None else _table(fold, "gutter_fold", _PACKING, diags)
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


def _table(node, what: str, fields, diags: Diagnostics) -> dict[str, dict]:
    mapping = s.as_map(node, what, diags)
    result = {}
    for key, child in mapping.items() if mapping else []:
        rec = s.read_record(child, f"{what}: {key}", fields, diags)
        if rec is not None:
            result[str(key)] = rec.values
    return result
