"""The font catalogue: which font files exist (from PyPI packages) and what each script prints with.

``templates/fonts.yaml`` has two sections. ``fonts`` names every logical font: the
PyPI distribution that ships it, the file inside its package, the face in a
collection (by family name or index), variation axes, and the names written into
the produced file. ``scripts`` gives, per script a language can name, the fonts of
each weight (regular, bold, display) as lists: the first whose package is installed
is used, so a script can fall back from one package to another. Adding a language
in a script listed here needs no code; a script in a new font package needs a
``fonts`` entry, a ``scripts`` entry and the package in ``pyproject.toml``.

Reading only (no fontTools): whether a package is installed is the layout stage's
business (:mod:`generator.layout.fonts`).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import schema as s
from .diagnostics import Diagnostics, Location
from .located import Map, Scalar, YNode, load_file

WEIGHTS = ("regular", "bold", "display")
_DIST_RE = re.compile(r"\A[A-Za-z0-9]([A-Za-z0-9._-]*[A-Za-z0-9])?\Z")
_PACKAGE_RE = re.compile(r"\A[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*\Z")
_AXIS_RE = re.compile(r"\A[A-Za-z0-9 ]{4}\Z")


@dataclass(frozen=True)
class FontSpec:
    """Where a logical font comes from and how to make it a static TrueType.

    ``package``/``resource`` locate the file with importlib.resources inside the
    installed ``distribution``.  ``face`` picks a face of a .ttc/.otc collection:
    its index, or its family name (e.g. "Noto Sans CJK JP").  ``axes`` instances
    a variable font at those user-space coordinates.  ``family``/``style``/
    ``ps_name`` are written into the output's name table, so two instances of one
    variable font get distinct names in PDFs and in SVG ``@font-face`` rules.
    """

    distribution: str
    package: str
    resource: str
    family: str
    style: str
    ps_name: str
    face: int | str = 0
    axes: dict[str, float] = field(default_factory=dict)
    # Converting the whole font takes too long to do implicitly (Korean:
    # ~16 s for Noto Sans KR), so ttf_path() requires the text to subset to.
    needs_text: bool = False


@dataclass(frozen=True)
class ScriptFonts:
    """The candidate fonts of one script, per weight, in order of preference."""

    name: str
    weights: dict[str, tuple[str, ...]]  # weight -> font ids, first installed wins
    loc: Location = field(default=Location(""), compare=False)


@dataclass(frozen=True)
class Catalogue:
    """Every logical font and every script's choice of them."""

    fonts: dict[str, FontSpec]
    scripts: dict[str, ScriptFonts]
    path: Path
    locs: dict[str, Location] = field(default_factory=dict, compare=False, repr=False)


def _matching(pattern: re.Pattern[str], expected: str) -> Any:
    """A reader of a text that must match ``pattern`` (else E-FONT-SPEC, ``expected``)."""

    def read(node: YNode, what: str, diags: Diagnostics) -> Any:
        value = s.text(node, what, diags)
        if value is not s.INVALID and not pattern.match(value):
            diags.error("E-FONT-SPEC", node.loc, f"{what}: {value!r} is not {expected}")
            return s.INVALID
        return value

    return read


#: A PostScript name as PDF readers take it: ASCII letters, digits and '-' (a subset's
#: 9-character suffix is added to it; the whole must stay within 63 characters).
_PS_NAME_RE = re.compile(r"\A[A-Za-z0-9][A-Za-z0-9-]{0,49}\Z")
_NAME_RE = re.compile(r"\A[^\x00-\x1f\x7f]{1,64}\Z")
#: The script dinokit's own texts (codes, reports, numbers) print with.
REQUIRED_SCRIPTS = ("latin",)

_dist = _matching(_DIST_RE, "a PyPI package name")
_ps_name = _matching(
    _PS_NAME_RE, "a PostScript name (1 to 50 ASCII letters, digits and '-', e.g. Archivo-Bold)"
)
_font_name = _matching(_NAME_RE, "a name of 1 to 64 printable characters")
_package = _matching(_PACKAGE_RE, "an importable package name")


def _face(node: YNode, what: str, diags: Diagnostics) -> Any:
    if (
        isinstance(node, Scalar)
        and isinstance(node.value, int)
        and not isinstance(node.value, bool)
    ):
        return s.integer(0, 255)(node, what, diags)
    return s.text(node, what, diags)


def _resource(node: YNode, what: str, diags: Diagnostics) -> Any:
    value = s.text(node, what, diags)
    if value is not s.INVALID and (value.startswith("/") or ".." in value.split("/")):
        diags.error("E-FONT-SPEC", node.loc, f"{what}: {value!r} must be a path inside the package")
        return s.INVALID
    return value


def _axes(node: YNode, what: str, diags: Diagnostics) -> Any:
    mapping = s.as_map(node, what, diags)
    if mapping is None:
        return s.INVALID
    axes: dict[str, float] = {}
    for key, child in mapping.items():
        if not _AXIS_RE.match(str(key)):
            diags.error(
                "E-FONT-SPEC", mapping.key_loc(key), f"{what}: {key!r} is not a 4-letter axis tag"
            )
            continue
        value = s.number(-32768, 32767)(child, f"{what}.{key}", diags)
        if value is not s.INVALID:
            axes[str(key)] = value
    return axes


def _boolean(node: YNode, what: str, diags: Diagnostics) -> Any:
    if isinstance(node, Scalar) and isinstance(node.value, bool):
        return node.value
    return s._type_error(node, what, "true or false", diags)


FONT = (
    s.Field("distribution", _dist),
    s.Field("package", _package, required=False),
    s.Field("file", _resource),
    s.Field("face", _face, required=False, default=0),
    s.Field("axes", _axes, required=False, default=None),
    s.Field("family", _font_name),
    s.Field("style", _font_name),
    s.Field("ps_name", _ps_name),
    s.Field("large", _boolean, required=False, default=False),
)
SCRIPT = (
    s.Field("name", s.text),
    s.Field("regular", s.seq_of(s.ident, 1)),
    s.Field("bold", s.seq_of(s.ident, 1)),
    s.Field("display", s.seq_of(s.ident, 1), required=False),
)


def load_catalogue(path: Path, diags: Diagnostics) -> Catalogue | None:
    """Read and check ``fonts.yaml``; None when it cannot be used at all."""
    root = load_file(path, diags)
    if root is None:
        return None
    fields = (s.Field("fonts", s.any_node), s.Field("scripts", s.any_node))
    rec = s.read_record(root, "font catalogue", fields, diags)
    if rec is None:
        return None
    fonts, locs = _read_fonts(rec["fonts"], diags)
    scripts: dict[str, ScriptFonts] = {}
    mapping = s.as_map(rec["scripts"], "font catalogue: scripts", diags)
    for key, node in mapping.items() if mapping is not None else ():
        name = s.ident(Scalar(key, mapping.key_loc(key)), "script", diags)  # type: ignore[union-attr]
        script = s.read_record(node, f"script {key}", SCRIPT, diags)
        if name is s.INVALID or script is None:
            continue
        weights: dict[str, tuple[str, ...]] = {}
        for weight in WEIGHTS:
            listed = script[weight]
            if listed is None:  # display: the bold, unless given
                weights[weight] = weights["bold"]
                continue
            for font_id, loc in listed:
                if font_id not in fonts:
                    known = ", ".join(sorted(fonts))
                    diags.error(
                        "E-FONT-UNKNOWN",
                        loc,
                        f"script {key}: {weight} font {font_id!r} is not in 'fonts' "
                        f"(fonts: {known})",
                    )
            weights[weight] = tuple(f for f, _ in listed if f in fonts)
        if all(weights.values()):
            scripts[name] = ScriptFonts(script["name"], weights, script.loc)
    for required in REQUIRED_SCRIPTS:
        if mapping is not None and required not in mapping:
            diags.error(
                "E-REQUIRED",
                mapping.loc,
                f"font catalogue: scripts: no {required!r}, expected it (dinokit's own texts, "
                "codes and reports print with it)",
            )
    return Catalogue(fonts, scripts, path, locs)


def _read_fonts(node: YNode, diags: Diagnostics) -> tuple[dict[str, FontSpec], dict[str, Location]]:
    fonts: dict[str, FontSpec] = {}
    locs: dict[str, Location] = {}
    mapping = s.as_map(node, "font catalogue: fonts", diags)
    if not isinstance(mapping, Map):
        return fonts, locs
    for key, child in mapping.items():
        font_id = s.ident(Scalar(key, mapping.key_loc(key)), "font id", diags)
        rec = s.read_record(child, f"font {key}", FONT, diags)
        if font_id is s.INVALID or rec is None:
            continue
        fonts[font_id] = FontSpec(
            distribution=rec["distribution"],
            package=rec["package"] or rec["distribution"].replace("-", "_").replace(".", "_"),
            resource=rec["file"],
            family=rec["family"],
            style=rec["style"],
            ps_name=rec["ps_name"],
            face=rec["face"],
            axes=rec["axes"] or {},
            needs_text=rec["large"],
        )
        locs[font_id] = rec.loc
    return fonts, locs


@functools.cache
def catalogue_at(path: Path) -> Catalogue:
    """The catalogue of ``path`` for building (already validated); a broken file raises."""
    diags = Diagnostics()
    found = load_catalogue(path, diags)
    if found is None or diags.errors:
        shown = "; ".join(d.format() for d in diags.errors[:3])
        raise ValueError(f"the font catalogue {path} has errors: {shown}")
    return found
