"""export tts: the saved object carries what TTS needs, and its images its limits."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from export_fixtures import data_fixture, en_fixture  # noqa: F401  (fixtures)
from PIL import Image

from dinokit.products.export.tts import (
    MAX_SIDE,
    _Writer,
    card_size,
    export_tts,
    saved_object,
    sheet_grid,
)

DPI = 40  # small images; the limits are tested at full size below


@pytest.fixture(scope="module")
def tts(data, en, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("tts")
    export_tts(data, en, out, DPI)
    return out / "en"


def _path(url: str) -> Path:
    parsed = urlparse(url)
    assert parsed.scheme == "file" and parsed.netloc == "", url
    return Path(unquote(parsed.path))


def _load(folder: Path, name: str) -> list[dict]:
    body = json.loads((folder / name).read_text(encoding="utf-8"))
    assert isinstance(body["ObjectStates"], list) and body["SaveName"]
    return body["ObjectStates"]


def test_three_era_decks_with_card_ids_and_sheets(tts: Path, data) -> None:
    objects = _load(tts, "digging-for-dinos.json")
    decks = [o for o in objects if o["Name"] == "Deck"]
    eras = data.game("digging-for-dinos").eras
    era_decks, aid = decks[: len(eras)], decks[len(eras)]
    assert len(decks) == len(eras) + 1
    for deck_id, (deck, era) in enumerate(zip(era_decks, eras, strict=True), start=1):
        ((key, sheet),) = deck["CustomDeck"].items()
        assert key == str(deck_id)
        assert {"FaceURL", "BackURL", "NumWidth", "NumHeight", "UniqueBack", "BackIsHidden"} <= set(
            sheet
        )
        cols, rows = sheet["NumWidth"], sheet["NumHeight"]
        assert cols <= 10 and rows <= 7 and len(era.tiles) <= cols * rows
        ids = [deck_id * 100 + i for i in range(len(era.tiles))]
        assert deck["DeckIDs"] == ids
        assert [c["CardID"] for c in deck["ContainedObjects"]] == ids
        assert all(c["Name"] == "Card" and c["Nickname"] for c in deck["ContainedObjects"])
        assert set(deck["Transform"]) >= {"posX", "posY", "posZ", "rotZ", "scaleX"}
        with Image.open(_path(sheet["FaceURL"])) as face:
            assert face.mode == "RGB" and max(face.size) <= MAX_SIDE
            assert face.size[0] % cols == 0 and face.size[1] % rows == 0
            card = (face.size[0] // cols, face.size[1] // rows)
        with Image.open(_path(sheet["BackURL"])) as back:
            assert back.size == card  # the era back: one card, the same size
    players = data.game("digging-for-dinos").rules.max_players
    assert len(aid["ContainedObjects"]) == players


def test_two_sided_tokens_for_every_player(tts: Path, data) -> None:
    rules = data.game("digging-for-dinos").rules
    tiles = [o for o in _load(tts, "digging-for-dinos.json") if o["Name"] == "Custom_Tile"]
    assert len(tiles) == len(rules.player_colours) * rules.tokens_per_player
    for tile in tiles:
        image = tile["CustomImage"]
        assert image["ImageURL"] != image["ImageSecondaryURL"]  # face A, face B
        assert _path(image["ImageURL"]).is_file() and _path(image["ImageSecondaryURL"]).is_file()


def test_dig_sites_are_boards_to_draw_on(tts: Path) -> None:
    boards = _load(tts, "paleontologists.json")
    assert boards and all(b["Name"] == "Custom_Board" for b in boards)
    for board in boards:
        with Image.open(_path(board["CustomImage"]["ImageURL"])) as image:
            assert image.mode == "RGB" and max(image.size) <= MAX_SIDE
    assert (tts / "paleontologists.png").is_file()  # TTS's thumbnail of the saved object


def test_full_size_sheets_stay_within_the_limits() -> None:
    assert sheet_grid(36) == (10, 4)
    assert sheet_grid(7) == (7, 1)
    with pytest.raises(ValueError):
        sheet_grid(71)
    assert card_size(40, 40, 10, 4, 254) == (400, 400)  # 4000 px wide
    w, h = card_size(40, 40, 10, 7, 600)
    assert 10 * w <= MAX_SIDE and 7 * h <= MAX_SIDE
    w, h = card_size(63, 88, 10, 7, 300)
    assert 7 * h <= MAX_SIDE and w / h == pytest.approx(63 / 88, abs=0.01)


def test_the_saved_object_is_the_same_for_the_same_objects(tmp_path: Path) -> None:
    objects = [{"Name": "Deck", "Nickname": "Ära I"}]
    first = saved_object("Dino-Ausgrabung", objects)
    assert first == saved_object("Dino-Ausgrabung", objects)
    assert b'"Date": ""' in first and "Ära".encode() in first  # no date, UTF-8 as is


def test_a_base_url_names_the_images_for_everyone_at_the_table(tmp_path: Path) -> None:
    writer = _Writer(tmp_path, "en", "https://example.org/kit/")
    assert writer.save("tiles-era1-deck.png", b"png", "tiles") == (
        "https://example.org/kit/tiles-era1-deck.png"
    )
    local = _Writer(tmp_path, "en", None).save("a.png", b"png", "tiles")
    assert _path(local) == (tmp_path / "a.png").resolve()
