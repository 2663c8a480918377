"""The data shipped with dinokit is complete, clean and says what the rules say."""

from __future__ import annotations

from collections import Counter

import pytest

from dinokit.games.paleo.polyomino import PENTOMINOES, canonical
from dinokit.products.labels import OPTIONAL
from dinokit.products.validate import load_data


@pytest.fixture(scope="module")
def shipped():
    data, diags = load_data()
    return data, diags


def test_validates_without_errors_or_warnings(shipped) -> None:
    _, diags = shipped
    assert [d.format() for d in diags] == []


def test_dinos_species_and_eras(shipped) -> None:
    dinos = shipped[0].game("digging-for-dinos")
    ids = {sp.id for sp in dinos.species}
    assert len(ids) >= 8 and {"velociraptor", "deinosuchus"} <= ids
    flip = next(a for a in dinos.abilities if a.id == "flip-token")
    assert set(flip.species) == {"velociraptor", "deinosuchus"}
    assert [era.number for era in dinos.eras] == [1, 2, 3]
    one_set = Counter((sp.id, p) for sp in dinos.species for p in sp.position_ids)
    largest = dinos.rules.largest_board
    for era in dinos.eras:
        assert Counter((t.species, t.position) for t in era.tiles) == one_set
        assert len(era.tiles) > largest * largest
    assert dinos.rules.board_size == {2: 4, 3: 5, 4: 5}
    assert all(2 <= len(sp.positions) <= 6 for sp in dinos.species)


def test_paleo_pieces(shipped) -> None:
    paleo = shipped[0].game("paleontologists")
    assert {p.id: canonical(p.cells) for p in paleo.pentominoes} == PENTOMINOES
    faces = {f.face: f for f in paleo.dice}
    assert sorted(faces) == [1, 2, 3, 4, 5, 6]
    assert faces[2].dig_type == "chevrons" and faces[5].dig_type == "hatch"
    assert "L" in faces[5].shapes
    site = paleo.dig_site
    assert (site.rows, site.cols, site.rounds) == (11, 11, 20)
    assert {b.id: b.limit for b in site.bonuses} == {
        "one-square-anywhere": 4,
        "switch-shape": 4,
        "switch-dig-type": 4,
        "plus-one": 4,
    }
    assert all(1 <= len(t.cells) <= 4 for t in site.templates)


def test_every_language_names_everything(shipped) -> None:
    data, _ = shipped
    assert {lang.code for lang in data.languages} == {
        *("en", "it", "fr", "de", "es", "ko"),
        *("ja", "zh-Hans", "pt-BR", "nl", "pl"),
    }
    english = data.language("en")
    for lang in data.languages:
        assert set(lang.names) == set(english.names)
        assert set(lang.labels) - set(OPTIONAL) == set(english.labels)  # ko: its own list_and
    assert data.language("ko").term("species", "velociraptor") == "벨로키랍토르"
