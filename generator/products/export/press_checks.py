"""The preflight of a CMYK file, what a press asks of it (read from the file itself):

- **output intent**: a PDF/X output intent with a CMYK ICC profile embedded, named by
  its condition and the profile's own description;
- **black**: every colour text is shown in and every stroke colour that prints dark
  and nearly neutral (through the file's profile: L* at most
  :data:`.colour.DARK_L`, chroma at most :data:`.colour.DARK_C`) is K alone;
- **colours**: every named kit colour (:func:`.palette.kit_palette`) that the file
  uses, converted as the export converts it, printed through the file's profile and
  measured back: its ΔE2000 from the sRGB colour, the ones over 5 named;
- **PDF/X-4**: the points of ISO 15930-7 checked here, listed: the header's version,
  the PDF/X version in the document information and in its XMP metadata, /Trapped,
  the title, dates and file identifier, the output intent, and the boxes, fonts and
  colours the other checks found. It is no certified validator's verdict.
"""

from __future__ import annotations

import statistics
from pathlib import Path
from typing import Any

from ...draw.deltae import chroma, delta_e_2000, srgb_lab
from .check import Check
from .colour import DARK_C, DARK_L, USES, lab_transform, to_cmyk
from .colour import cmyk_lab as _lab
from .palette import kit_palette

#: ΔE2000 over this is named in the report.
NOTICEABLE = 5.0


def _check(name: str, ok: bool, detail: str) -> Check:
    return Check(name, ok, detail)


def output_intent(reader: Any) -> tuple[str, bytes] | None:
    """(OutputConditionIdentifier, profile bytes) of the file's PDF/X output intent."""
    for intent in reader.trailer["/Root"].get("/OutputIntents") or []:
        intent = intent.get_object()
        profile = intent.get("/DestOutputProfile")
        if intent.get("/S") == "/GTS_PDFX" and profile is not None:
            profile = profile.get_object()
            if int(profile.get("/N", 0)) == 4:
                return str(intent.get("/OutputConditionIdentifier", "?")), profile.get_data()
    return None


def _describe(profile: bytes) -> str:
    import io

    from PIL import ImageCms

    return ImageCms.ImageCmsProfile(io.BytesIO(profile)).profile.profile_description or "?"


def _k_only(cmyk: tuple[float, ...]) -> bool:
    return not any(cmyk[:3])


def _black(transform: Any, colours: Any) -> Any:
    def dark(cmyk: tuple[float, ...]) -> bool:
        lab = _lab(transform, cmyk)  # type: ignore[arg-type]
        return lab[0] <= DARK_L and chroma(lab) <= DARK_C

    used = colours.text | colours.lines
    darks = sorted(c for c in used if dark(c))
    mixed = [c for c in darks if not _k_only(c)]
    shown = ", ".join(f"K {c[3]:.0%}" for c in darks if _k_only(c)) or "none"
    detail = (
        f"{len(colours.text)} text and {len(colours.lines)} line colours; "
        f"the dark ones in black only ({shown})"
    )
    if mixed:
        detail += "; on more plates: " + ", ".join(
            "C{:.0%} M{:.0%} Y{:.0%} K{:.0%}".format(*c) for c in mixed
        )
    return _check("black", not mixed, detail)


def _delta_e(transform: Any, colours: Any) -> tuple[Any, dict[str, float]]:
    found: dict[str, float] = {}
    named_cmyk = set()
    for name, hex_colour in kit_palette().items():
        uses: dict[tuple[float, ...], list[str]] = {}
        for use in USES:
            uses.setdefault(tuple(round(v, 4) for v in to_cmyk(hex_colour, use)), []).append(use)
        for cmyk, names in uses.items():
            if cmyk in colours.cmyk:
                named_cmyk.add(cmyk)
                label = name if len(uses) == 1 else f"{name} as {'/'.join(names)}"
                lab = _lab(transform, cmyk)  # type: ignore[arg-type]
                found[label] = round(delta_e_2000(srgb_lab(hex_colour), lab), 2)
    others = len(colours.cmyk - named_cmyk)
    if not found:
        return _check("colours", True, f"no named kit colour; {others} other colours"), found
    over = [f"{name} {value:.1f}" for name, value in found.items() if value > NOTICEABLE]
    detail = (
        f"{len(found)} kit colours (and {others} mixed or unnamed ones), ΔE2000 of the round "
        f"trip sRGB -> profile CMYK -> Lab: median {statistics.median(found.values()):.1f}, "
        f"max {max(found.values()):.1f}; over {NOTICEABLE:g}: {', '.join(over) or 'none'}; each: "
        + ", ".join(f"{name} {value:.1f}" for name, value in found.items())
    )
    return _check("colours", True, detail), found


def _pdfx(reader: Any, path: Path, has_intent: bool, earlier: list[Any]) -> Any:
    info = reader.trailer.get("/Info")
    info = info.get_object() if info is not None else {}
    metadata = reader.trailer["/Root"].get("/Metadata")
    xmp = metadata.get_object().get_data() if metadata is not None else b""
    with path.open("rb") as handle:
        header = handle.read(8)
    version = header[5:8].decode("latin-1", "replace")
    points = {
        f"PDF {version} header (1.6 or later)": version >= "1.6",
        "GTS_PDFXVersion PDF/X-4 in the document information": (
            info.get("/GTS_PDFXVersion") == "PDF/X-4"
        ),
        "the same in the XMP metadata": b"<pdfxid:GTS_PDFXVersion>PDF/X-4<" in xmp,
        "/Trapped /True or /False": info.get("/Trapped") in ("/True", "/False"),
        "a title": bool(info.get("/Title")),
        "creation and modification dates": "/CreationDate" in info and "/ModDate" in info,
        "a file identifier": "/ID" in reader.trailer,
        "not encrypted": not reader.is_encrypted,
        "an output intent with a CMYK profile": has_intent,
        **{f"the {c.name} check": c.ok for c in earlier if c.name in ("boxes", "fonts", "ink")},
    }
    failed = [point for point, ok in points.items() if not ok]
    if failed:
        return _check("PDF/X-4", False, "not PDF/X-4: " + "; ".join(failed))
    detail = (
        f"identified as PDF/X-4 and, as far as checked here ({len(points)} points: "
        + ", ".join(points)
        + "), it is; no certified PDF/X validator ran"
    )
    return _check("PDF/X-4", True, detail)


def press_checks(
    reader: Any, path: Path, colours: Any, earlier: list[Any]
) -> tuple[list[Any], dict[str, float]]:
    """The checks above for the file ``reader`` read from ``path`` (``colours``: what its
    content streams set, ``earlier``: the checks made before); and each kit colour's ΔE."""
    intent = output_intent(reader)
    if intent is None:
        missing = _check("output intent", False, "no PDF/X output intent with a CMYK profile")
        return [missing, _pdfx(reader, path, False, earlier)], {}
    identifier, profile = intent
    transform = lab_transform(profile)
    checks = [
        _check(
            "output intent",
            True,
            f"{identifier}, profile '{_describe(profile)}' embedded ({len(profile):,} bytes)",
        ),
        _black(transform, colours),
    ]
    colour_check, found = _delta_e(transform, colours)
    checks += [colour_check, _pdfx(reader, path, True, earlier)]
    return checks, found
