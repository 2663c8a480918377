"""export tts: the saved object carries what TTS needs, and its images its limits.

The geometry TTS draws with (it cannot be run here, so it is taken from its format):
a ``Custom_Tile`` with ``Stretch`` on is "stretched to make for a symmetrical tile"
(TTS knowledge base, Custom Tile), so it is drawn ``scaleX`` wide to ``scaleZ`` deep;
with ``Stretch`` off it takes the image's proportions, times those scales. ``Type`` 0
is a box, 2 a circle (TTS Lua API, custom game objects: Custom Tile). A ``Bag`` or a
``Deck`` is what TTS shuffles (Lua API, Object.shuffle).
"""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from export_fixtures import data_fixture, en_fixture  # noqa: F401  (fixtures)
from PIL import Image

from dinokit.layout.sheets import load_sheet_spec
from dinokit.products.export.raster import pixels
from dinokit.products.export.tts import MAX_SIDE, _Writer, export_tts, saved_object

DPI = 40  # small images; the sizes follow from it

BOX, CIRCLE = 0, 2


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


def _size(url: str) -> tuple[int, int]:
    with Image.open(_path(url)) as image:
        assert image.mode == "RGB" and max(image.size) <= MAX_SIDE
        return image.size


def _loose(objects: list[dict], prefix: str) -> list[dict]:
    """The Custom_Tile objects on the table whose front image is named ``prefix...``."""
    return [
        o
        for o in objects
        if o["Name"] == "Custom_Tile"
        and _path(o["CustomImage"]["ImageURL"]).name.startswith(prefix)
    ]


def _drawn(tile: dict) -> float:
    """The width:height TTS draws a Custom_Tile at (see the module)."""
    t, custom = tile["Transform"], tile["CustomImage"]
    aspect = t["scaleX"] / t["scaleZ"]
    if custom["CustomTile"]["Stretch"]:
        return aspect
    w, h = _size(custom["ImageURL"])
    return aspect * w / h


def test_each_era_is_one_bag_of_square_tiles(tts: Path, data) -> None:
    objects = _load(tts, "digging-for-dinos.json")
    bags = [o for o in objects if o["Name"] == "Bag"]
    eras = data.game("digging-for-dinos").eras
    assert len(bags) == len(eras)
    side = pixels(load_sheet_spec().components["tile"].width, DPI)
    for bag, era in zip(bags, eras, strict=True):
        assert bag["Bag"] == {"Order": 0} and bag["Nickname"]
        tiles = bag["ContainedObjects"]
        assert len(tiles) == len(era.tiles)  # every tile of the era, once
        assert all(t["Name"] == "Custom_Tile" and t["Nickname"] for t in tiles)
        backs = {t["CustomImage"]["ImageSecondaryURL"] for t in tiles}
        assert len(backs) == 1  # the era's back on every one
        assert len({t["CustomImage"]["ImageURL"] for t in tiles}) == len(tiles)
        for tile in tiles:
            custom = tile["CustomImage"]
            assert custom["CustomTile"]["Type"] == BOX
            assert _drawn(tile) == pytest.approx(1.0, rel=0.01)  # square on the table
            assert _size(custom["ImageURL"]) == (side, side)
            assert _size(custom["ImageSecondaryURL"]) == (side, side)
            assert tile["Transform"]["rotZ"] == 180.0  # face down in the bag
    guids = [t["GUID"] for b in bags for t in b["ContainedObjects"]] + [b["GUID"] for b in bags]
    assert len(set(guids)) == len(guids)


def test_round_two_sided_tokens_for_every_player(tts: Path, data) -> None:
    rules = data.game("digging-for-dinos").rules
    objects = _load(tts, "digging-for-dinos.json")
    size = load_sheet_spec().components["token"]
    tokens = _loose(objects, "tokens-")
    assert len(tokens) == len(rules.player_colours) * rules.tokens_per_player
    side = pixels(size.width, DPI)
    for token in tokens:
        custom = token["CustomImage"]
        assert custom["CustomTile"]["Type"] == CIRCLE and custom["CustomTile"]["Stretch"]
        assert _drawn(token) == pytest.approx(1.0, rel=0.01)
        assert custom["ImageURL"] != custom["ImageSecondaryURL"]  # face A, face B
        assert _size(custom["ImageURL"]) == _size(custom["ImageSecondaryURL"]) == (side, side)


def test_the_aids_keep_their_proportions(tts: Path, data) -> None:
    players = data.game("digging-for-dinos").rules.max_players
    aid = load_sheet_spec().components["aid"]
    aids = _loose(_load(tts, "digging-for-dinos.json"), "aid-")
    assert len({a["GUID"] for a in aids}) == players
    for one in aids:
        assert not one["CustomImage"]["CustomTile"]["Stretch"]
        size = (pixels(aid.width, DPI), pixels(aid.height, DPI))
        assert _size(one["CustomImage"]["ImageURL"]) == size
        assert _drawn(one) == pytest.approx(aid.width / aid.height, rel=0.01)


def test_tiles_and_tokens_are_in_proportion_on_the_table(tts: Path) -> None:
    objects = _load(tts, "digging-for-dinos.json")
    tile = next(o for o in objects if o["Name"] == "Bag")["ContainedObjects"][0]
    token = _loose(objects, "tokens-")[0]
    spec = load_sheet_spec().components
    ratio = tile["Transform"]["scaleX"] / token["Transform"]["scaleX"]
    assert ratio == pytest.approx(spec["tile"].width / spec["token"].width)


def test_dig_sites_are_boards_to_draw_on(tts: Path) -> None:
    boards = _load(tts, "paleontologists.json")
    assert boards and all(b["Name"] == "Custom_Board" for b in boards)
    for board in boards:
        _size(board["CustomImage"]["ImageURL"])
    assert (tts / "paleontologists.png").is_file()  # TTS's thumbnail of the saved object
    assert (tts / "digging-for-dinos.png").is_file()


def test_the_saved_object_is_the_same_for_the_same_objects(tmp_path: Path) -> None:
    objects = [{"Name": "Bag", "Nickname": "Ära I"}]
    first = saved_object("Dino-Ausgrabung", objects)
    assert first == saved_object("Dino-Ausgrabung", objects)
    assert b'"Date": ""' in first and "Ära".encode() in first  # no date, UTF-8 as is


def test_a_base_url_names_the_images_for_everyone_at_the_table(tmp_path: Path) -> None:
    writer = _Writer(tmp_path, "en", "https://example.org/kit/")
    assert writer.save("tiles-era1-back.png", b"png", "tiles") == (
        "https://example.org/kit/tiles-era1-back.png"
    )
    local = _Writer(tmp_path, "en", None).save("a.png", b"png", "tiles")
    assert _path(local) == (tmp_path / "a.png").resolve()
