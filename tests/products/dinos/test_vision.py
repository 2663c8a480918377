"""Colour and sight: WCAG contrast, colour vision deficiency simulation, CIEDE2000, each
checked against published values; and the validator's warning about alike colours."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import edit, run

from dinokit.products.dinos import vision

# Sharma, Wu and Dalal (2005), "The CIEDE2000 color-difference formula", Table 1.
SHARMA = [
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
    ((50.0, -0.001, 2.49), (50.0, 0.0009, -2.49), 4.8045),
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
    ((50.0, 2.5, 0.0), (61.0, -5.0, 29.0), 22.8977),
    ((50.0, 2.5, 0.0), (56.0, -27.0, -3.0), 31.9030),
    ((50.0, 2.5, 0.0), (58.0, 24.0, 15.0), 19.4535),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((22.7233, 20.0904, -46.694), (23.0331, 14.973, -42.5619), 2.0373),
    ((2.0776, 0.0795, -1.135), (0.9033, -0.0636, -0.5514), 0.9082),
]


@pytest.mark.parametrize("lab1, lab2, expected", SHARMA)
def test_ciede2000_matches_sharmas_data(lab1, lab2, expected) -> None:
    assert vision.delta_e(lab1, lab2) == pytest.approx(expected, abs=5e-5)
    assert vision.delta_e(lab2, lab1) == pytest.approx(expected, abs=5e-5)


def test_cielab_of_srgb_primaries() -> None:
    """sRGB red and white in CIELAB D65, as published (e.g. Lindbloom's calculator)."""
    assert vision.lab(vision.linear("#ff0000")) == pytest.approx((53.2408, 80.0925, 67.2032), 1e-3)
    assert vision.lab(vision.linear("#ffffff")) == pytest.approx((100.0, 0.0, 0.0), abs=1e-3)


def test_wcag_contrast() -> None:
    assert vision.contrast("#ffffff", "#000000") == pytest.approx(21.0)
    assert vision.contrast("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)
    assert vision.contrast("#ffffff", "#767676") == vision.contrast("#767676", "#ffffff")
    assert vision.best_ink("#f0e442", ("#ffffff", "#2b1d12")) == "#2b1d12"
    assert vision.best_ink("#0b669e", ("#ffffff", "#2b1d12")) == "#ffffff"


def test_machado_matrices_keep_greys_grey() -> None:
    """Each row of Machado et al.'s full-severity matrices sums to 1: white, black and
    greys are seen as they are."""
    for matrix in vision.DEFICIENCIES.values():
        for row in matrix:
            assert sum(row) == pytest.approx(1.0, abs=1e-5)
    for kind in vision.DEFICIENCIES:
        assert vision.seen("#808080", kind) == pytest.approx(vision.linear("#808080"), abs=1e-5)


# colorspacious 1.1.2: cspace_convert(srgb1, {"name": "sRGB1+CVD", "cvd_type":
# "<kind>anomaly", "severity": 100}, "sRGB1-linear"), clipped to 0..1.
COLORSPACIOUS = {
    ("#c75300", "protanopia"): (0.178023, 0.133409, 0.0),
    ("#c75300", "deuteranopia"): (0.284233, 0.218135, 0.0),
    ("#c75300", "tritanopia"): (0.710424, 0.035733, 0.062507),
    ("#00b086", "protanopia"): (0.408143, 0.36502, 0.229904),
    ("#00b086", "deuteranopia"): (0.319306, 0.303272, 0.249621),
    ("#00b086", "tritanopia"): (0.0, 0.439302, 0.372609),
    ("#6a4b8e", "deuteranopia"): (0.051832, 0.100511, 0.263398),
}


@pytest.mark.parametrize("colour, kind", list(COLORSPACIOUS))
def test_simulation_matches_colorspacious(colour: str, kind: str) -> None:
    assert vision.seen(colour, kind) == pytest.approx(COLORSPACIOUS[colour, kind], abs=1e-5)


def test_red_and_green_collapse_for_the_red_green_blind_only() -> None:
    red, green, blue = "#c0392b", "#6b8e23", "#0b669e"
    assert vision.difference(red, green) > 30  # plainly different in full colour
    assert vision.difference(red, green, "deuteranopia") < vision.DISTINCT
    assert vision.difference(red, blue, "deuteranopia") > vision.DISTINCT
    found = vision.collapses([red, blue, green])
    assert [(c.first, c.second, c.deficiency) for c in found] == [(0, 2, "deuteranopia")]
    same = vision.collapses(["#196de1", "#196de2"])
    assert [(c.first, c.second, c.deficiency) for c in same] == [(0, 1, None)]


def test_shipped_palettes_stay_apart_in_every_sight(data_copy: Path) -> None:
    result = run("validate", "--data", str(data_copy), "--format", "json")
    assert not [d for d in json.loads(result.output) if d["code"] == "W-COLOUR-ALIKE"]


def test_alike_species_colours_are_located_at_the_colour(data_copy: Path, monkeypatch) -> None:
    monkeypatch.chdir(data_copy.parent)
    edit(data_copy / "digging-for-dinos/species.yaml", '"#6a4b8e"', '"#196de2"')
    found = json.loads(run("validate", "--data", "data", "--format", "json").output)
    warning = next(d for d in found if d["code"] == "W-COLOUR-ALIKE")
    assert (warning["file"], warning["line"], warning["column"]) == (
        "data/digging-for-dinos/species.yaml",
        56,
        13,
    )
    assert warning["severity"] == "warning"
    assert (
        "species stegosaurus: colour #196de2 looks like that of species triceratops"
        in (warning["message"])
    )
