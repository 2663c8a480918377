"""Print-on-demand services and their stock products, read from
``templates/print-services.yaml``.

A :class:`Product` is one published template: its trim, bleed and safe area (inches in
the file, millimetres here) and, for a service that takes images, the pixel size of a
face at the service's resolution. The loader reports every problem with its file, line
and column (a pixel size that is not (trim + 2 x bleed) x dpi, a component that names a
product the service does not have) and raises :class:`DataError` with all of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...source import schema as s
from ...source import templates_dir
from ...source.diagnostics import DataError, Diagnostics
from ...source.located import load_file

MM_PER_INCH = 25.4
COMPONENTS = ("tiles", "tokens", "aid", "pads")
SHAPES = ("square", "circle", "rectangle")
FILES = ("png", "pdf")
COLOURS = ("rgb", "cmyk")


@dataclass(frozen=True)
class Product:
    """One stock product: sizes in mm; ``pixels`` (width, height) of a face, bleed
    included, at the service's dpi (None for a service that takes PDFs)."""

    key: str
    title: str
    shape: str
    width: float
    height: float
    bleed: float
    safe: float
    pixels: tuple[int, int] | None
    note: str = ""  # what to know when ordering it (goes into the manifest)

    @property
    def inches(self) -> str:
        return f"{self.width / MM_PER_INCH:g} x {self.height / MM_PER_INCH:g} in"


@dataclass(frozen=True)
class Source:
    url: str
    checked: str
    gives: str


@dataclass(frozen=True)
class Service:
    key: str
    title: str
    files: str  # png: one image per face; pdf: one document per deck
    dpi: int
    colour: str  # rgb or cmyk
    sources: tuple[Source, ...]
    products: dict[str, Product]
    #: component -> the products it may go onto, in the file's order
    candidates: dict[str, tuple[str, ...]]
    #: component -> why no stock product of this service fits it
    no_fit: dict[str, str]


_INCH = s.number(0.01, 100)
_PAIR = s.seq_of(_INCH, 2)
_PRODUCT = (
    s.Field("title", s.text),
    s.Field("shape", s.choice(*SHAPES)),
    s.Field("trim", _PAIR),
    s.Field("bleed", s.number(0, 1)),
    s.Field("safe", s.number(0, 1)),
    s.Field("pixels", s.seq_of(s.integer(1, 100_000), 2), required=False),
    s.Field("note", s.text, required=False, default=""),
)
_SOURCE = (s.Field("url", s.text), s.Field("checked", s.text), s.Field("gives", s.text))
_SERVICE = (
    s.Field("title", s.text),
    s.Field("files", s.choice(*FILES)),
    s.Field("dpi", s.integer(72, 2400)),
    s.Field("colour", s.choice(*COLOURS)),
    s.Field("sources", s.seq_of(s.any_node, 1)),
    s.Field("products", s.any_node),
    s.Field("components", s.any_node),
)
_COMPONENT = (
    s.Field("products", s.seq_of(s.ident, 1), required=False),
    s.Field("none", s.text, required=False),
)


def load_services(path: Path | None = None) -> dict[str, Service]:
    """Every service of ``path`` (default: print-services.yaml of the templates in use),
    by key; a DataError listing every problem with its location."""
    path = templates_dir() / "print-services.yaml" if path is None else path
    diags = Diagnostics()
    root = load_file(path, diags)
    fields = (s.Field("services", s.any_node),)
    top = s.read_record(root, "print-services", fields, diags) if root is not None else None
    services: dict[str, Service] = {}
    mapping = s.as_map(top["services"], "services", diags) if top else None
    for key, node in mapping.items() if mapping else []:
        service = _service(str(key), node, diags)
        if service is not None:
            services[service.key] = service
    if diags.errors:
        raise DataError(diags.errors)
    return services


def _service(key: str, node: Any, diags: Diagnostics) -> Service | None:
    what = f"services: {key}"
    rec = s.read_record(node, what, _SERVICE, diags)
    if rec is None:
        return None
    sources = []
    for value, _ in rec["sources"]:
        source = s.read_record(value, f"{what}: sources", _SOURCE, diags)
        if source is not None:
            sources.append(Source(source["url"], source["checked"], source["gives"]))
    products: dict[str, Product] = {}
    table = s.as_map(rec["products"], f"{what}: products", diags)
    for name, child in table.items() if table else []:
        product = _product(str(name), child, rec["dpi"], rec["files"], f"{what}: {name}", diags)
        if product is not None:
            products[product.key] = product
    candidates, no_fit = _components(rec["components"], products, what, diags)
    return Service(
        key,
        rec["title"],
        rec["files"],
        rec["dpi"],
        rec["colour"],
        tuple(sources),
        products,
        candidates,
        no_fit,
    )


def _product(
    key: str, node: Any, dpi: int, files: str, what: str, diags: Diagnostics
) -> Product | None:
    rec = s.read_record(node, what, _PRODUCT, diags)
    if rec is None:
        return None
    trim = [value for value, _ in rec["trim"]]
    if len(trim) != 2:
        shown = f"[{', '.join(f'{v:g}' for v in trim)}]"
        diags.error(
            "E-LENGTH", rec.where("trim"), f"{what}: trim: got {shown}, expected [width, height]"
        )
        return None
    bleed, safe = rec["bleed"], rec["safe"]
    pixels = None
    if rec["pixels"] is not None:
        found = [value for value, _ in rec["pixels"]]
        pixels = (found[0], found[-1])
        expected = tuple(round((side + 2 * bleed) * dpi) for side in trim)
        if len(found) != 2 or pixels != expected:
            shown = f"[{', '.join(map(str, found))}]"
            diags.error(
                "E-PIXELS",
                rec.where("pixels"),
                f"{what}: pixels: got {shown}, expected [{expected[0]}, {expected[1]}] "
                f"((trim + 2 x bleed) x {dpi} dpi)",
            )
            return None
    elif files == "png":
        diags.error("E-REQUIRED", rec.loc, f"{what}: missing required key 'pixels' (PNG files)")
        return None
    if 2 * safe >= min(trim):
        diags.error(
            "E-RANGE", rec.where("safe"), f"{what}: safe: {safe} leaves no room inside the cut"
        )
        return None
    w, h = (side * MM_PER_INCH for side in trim)
    return Product(
        key,
        rec["title"],
        rec["shape"],
        w,
        h,
        bleed * MM_PER_INCH,
        safe * MM_PER_INCH,
        pixels,
        rec["note"],
    )


def _components(
    node: Any, products: dict[str, Product], what: str, diags: Diagnostics
) -> tuple[dict[str, tuple[str, ...]], dict[str, str]]:
    candidates: dict[str, tuple[str, ...]] = {}
    no_fit: dict[str, str] = {}
    table = s.as_map(node, f"{what}: components", diags)
    for name, child in table.items() if table else []:
        where = f"{what}: components: {name}"
        if name not in COMPONENTS:
            diags.error(
                "E-CHOICE",
                table.key_loc(name),  # type: ignore[union-attr]
                f"{where}: got {name!r}, expected one of: {', '.join(COMPONENTS)}",
            )
            continue
        rec = s.read_record(child, where, _COMPONENT, diags)
        if rec is None:
            continue
        if (rec["products"] is None) == (rec["none"] is None):
            diags.error(
                "E-REQUIRED", rec.loc, f"{where}: expected either 'products' or 'none' (why not)"
            )
            continue
        if rec["none"] is not None:
            no_fit[name] = rec["none"]
            continue
        keys = []
        for key, loc in rec["products"]:
            if key not in products:
                diags.error(
                    "E-PRODUCT",
                    loc,
                    f"{where}: unknown product {key!r}, expected one of: {', '.join(products)}",
                )
            else:
                keys.append(key)
        candidates[name] = tuple(keys)
    for name in COMPONENTS:
        if name not in candidates and name not in no_fit and table is not None:
            diags.error(
                "E-REQUIRED",
                table.loc,
                f"{what}: components: missing {name!r} (give its products, or 'none: why')",
            )
    return candidates, no_fit
