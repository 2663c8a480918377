"""Golden tests: the recorded drawing calls of one tile and one token.

A change to how they draw shows up here as a readable diff of drawing calls.
When the change is intended, regenerate with DINOKIT_UPDATE_GOLDEN=1 and review it.
"""

from __future__ import annotations

import os

import pytest
from conftest import TESTS

from dinokit.draw.shapes import walk_items
from dinokit.products.dinos import kit
from dinokit.products.validate import load_data
from dinokit.render.record import Recorder

GOLDEN = TESTS / "golden"


def recorded(items) -> str:
    recorder = Recorder()
    walk_items(items, recorder)
    return "\n".join(recorder.lines) + "\n"


def check(name: str, text: str) -> None:
    path = GOLDEN / name
    if os.environ.get("DINOKIT_UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"{path} missing: run with DINOKIT_UPDATE_GOLDEN=1"
    assert text == path.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def data():
    loaded, _ = load_data()
    return loaded


def test_tile_front(data) -> None:
    dinos = data.game("digging-for-dinos")
    era = dinos.eras[0]
    tile = next(t for t in era.tiles if (t.species, t.position) == ("velociraptor", "claws"))
    items = kit.tile_front(
        tile,
        dinos.species_by_id("velociraptor"),
        era,
        True,
        data.language("en"),
        40,
        40,
        3,
        kit.Look(False),
    )
    check("tile-velociraptor-claws.txt", recorded(items))


def test_tile_back(data) -> None:
    dinos = data.game("digging-for-dinos")
    items = kit.tile_back(dinos.eras[1], data.language("de"), 40, 40, 3, kit.Look(False))
    check("tile-back-era2-de.txt", recorded(items))


def test_token_faces() -> None:
    face_a = kit.token_face("#c75300", False, 25, 25, 3, kit.Look(False), seat=0)
    check("token-a.txt", recorded(face_a))
    face_b = kit.token_face("#f0e442", True, 25, 25, 3, kit.Look(True), seat=2)
    check("token-b-inksaver.txt", recorded(face_b))
