"""``dinokit export tts``: Tabletop Simulator tiles, tokens, aids and a saved object.

Writes into ``out/<lang>/``: an image of each tile's face (the trimmed tile, square),
each era's back, both faces of each player's token, the aid's two sides and, for
Paleontologists, the sample pad's dig-site sheets as board images to draw on with
TTS's pen. Then one saved-object file per game (``digging-for-dinos.json``,
``paleontologists.json``, each with a thumbnail PNG of the same name): copied into
TTS's "Saved Objects" folder, it puts a bag of tiles per era, the tokens and the aids
(or the dig-site boards) on the table.

Why tiles and bags, not a deck of cards: the square tiles, exported as cards, were
reported drawn stretched tall (a card's shape); TTS's knowledge base says only that
decks "can be square or rectangular, depending on dimensions of card sheet", not how
it decides, nor a card's size. A ``Custom_Tile``'s shape is documented: type 0 (box)
with ``Stretch`` on is drawn square ("the source image is stretched to make for a
symmetrical tile", TTS knowledge base, Custom Tile), so its drawn width:height is
``scaleX:scaleZ``, here 1:1. An era's tiles go into one ``Bag``: a bag, like a deck,
is what TTS shuffles (``Object.shuffle``: "Shuffles/shakes up contents of a deck or
bag"; R on the bag), so each era is one shuffled stack to draw from.

The save format (TTS's knowledge base: save-file format, Custom Tile; TTS's Lua API:
custom game objects): ``ObjectStates`` lists the objects, each with a ``Name``, a
``Transform`` (position, rotation, ``scaleX/Y/Z``), a ``Nickname`` and a ``GUID``. A
``Bag`` holds its objects in ``ContainedObjects`` (``"Bag": {"Order": 0}`` as TTS
writes it). A ``Custom_Tile`` has ``CustomImage`` ``{ImageURL, ImageSecondaryURL,
ImageScalar, WidthScale, CustomTile: {Type, Thickness, Stackable, Stretch}}`` with
``Type`` 0 box, 1 hex, 2 circle, 3 rounded box: tiles are boxes, the round tokens
circles, the aid a box with ``Stretch`` off (then the tile takes the image's
proportions, 85 x 115 mm). Dig sites are ``Custom_Board``. Images are named by local
``file:///`` URLs of where they were written (so they show on this computer; for
others at the table, put the folder online and pass ``base_url``).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from ...games.data import ComponentData
from ...source.lang import Language
from ..files import Written, atomic_write, sha256
from .kinds import DINOS, PALEO, pieces_of
from .pieces import Art, Piece, face_page
from .raster import png_bytes, render_images

MAX_SIDE = 4096  # px: the largest image TTS loads reliably
DPI = 254  # a 40 mm tile is 400 px
BOARD_DPI = 150

#: ``CustomImage.CustomTile.Type``: the shape TTS cuts a custom tile to.
TILE_BOX, TILE_HEX, TILE_CIRCLE, TILE_ROUNDED = 0, 1, 2, 3
#: Transform scale per mm of the component: sizes on the table are in proportion
#: (a 40 mm tile 0.8, a 25 mm token 0.5, about TTS's own tiles and tokens).
SCALE_PER_MM = 0.02
THICKNESS = 0.2  # TTS units (about an inch), as the tokens were


def _guid(*parts: object) -> str:
    """A stable six-hex-digit GUID (TTS's form) from what the object is."""
    return hashlib.sha1("/".join(map(str, parts)).encode()).hexdigest()[:6]


def _transform(
    x: float, z: float, flipped: bool = False, scale: float = 1.0, y: float = 1.0
) -> dict[str, float]:
    return {
        "posX": x, "posY": y, "posZ": z,
        "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0 if flipped else 0.0,
        "scaleX": scale, "scaleY": 1.0, "scaleZ": scale,
    }  # fmt: skip


def _base(name: str, nickname: str, guid: str, transform: dict[str, float]) -> dict[str, Any]:
    return {
        "GUID": guid,
        "Name": name,
        "Transform": transform,
        "Nickname": nickname,
        "Description": "",
        "ColorDiffuse": {"r": 1.0, "g": 1.0, "b": 1.0},
        "Locked": False,
        "Grid": True,
        "Snap": True,
        "Autoraise": True,
        "Sticky": True,
        "Tooltip": True,
    }


class _Writer:
    """Writes images into one folder and names them by URL."""

    def __init__(self, folder: Path, code: str, base_url: str | None) -> None:
        self.folder, self.code, self.base_url = folder, code, base_url
        self.written: list[Written] = []

    def save(self, name: str, content: bytes, component: str) -> str:
        path = atomic_write(self.folder / name, content)
        self.written.append(Written(path, component, self.code, "tts", 1, sha256(content)))
        if self.base_url:
            return self.base_url.rstrip("/") + "/" + name
        return path.resolve().as_uri()


def _save_faces(out: _Writer, pieces: list[Piece], dpi: float) -> dict[str, str]:
    """Every face of ``pieces``, trimmed, as ``<key>.png`` (drawn in one PDF; a face that
    several pieces share, an era's back, once): key -> URL."""
    faces: dict[str, tuple[Piece, Art]] = {}
    for piece in pieces:
        for _, art in piece.faces():
            faces.setdefault(art.key, (piece, art))
    pages = [face_page(piece, art, bleed=0) for piece, art in faces.values()]
    return {
        art.key: out.save(f"{art.key}.png", png_bytes(image), piece.product)
        for (piece, art), image in zip(faces.values(), render_images(pages, dpi), strict=True)
    }


def custom_tile(
    piece: Piece,
    urls: dict[str, str],
    guid: str,
    transform: dict[str, float],
    shape: int = TILE_BOX,
    stretch: bool = True,
) -> dict[str, Any]:
    """A two-sided ``Custom_Tile`` of ``piece``: face A its front, face B its back.

    ``stretch`` on: TTS draws the tile symmetrical (square, or a circle), whatever the
    image; off: in the image's proportions."""
    tile = _base("Custom_Tile", piece.title, guid, transform)
    tile["CustomImage"] = {
        "ImageURL": urls[piece.front.key],
        "ImageSecondaryURL": urls[piece.back.key if piece.back else piece.front.key],
        "ImageScalar": 1.0, "WidthScale": 0.0,
        "CustomTile": {
            "Type": shape, "Thickness": THICKNESS, "Stackable": False, "Stretch": stretch,
        },
    }  # fmt: skip
    return tile


def _dinos_objects(
    data: ComponentData, lang: Language, out: _Writer, dpi: int
) -> tuple[list[dict], Path]:
    """A bag of tiles per era, the tokens and the aids; and the image to show as the
    thumbnail (the first era's back)."""
    objects: list[dict] = []
    tiles = pieces_of(data, lang, "tiles", 0.0)
    tokens = pieces_of(data, lang, "tokens", 0.0)
    aids = pieces_of(data, lang, "aid", 0.0)
    urls = _save_faces(out, [*tiles, *tokens, *aids], dpi)
    eras: dict[str, list[Piece]] = {}
    for piece in tiles:
        eras.setdefault(piece.group, []).append(piece)
    for number, (title, pieces) in enumerate(eras.items(), start=1):
        x = -4.0 + 4.0 * (number - 1)
        contained = [
            custom_tile(
                piece,
                urls,
                _guid(lang.code, piece.name),
                _transform(x, 6, flipped=True, scale=SCALE_PER_MM * piece.width),
            )
            for piece in pieces
        ]
        bag = _base("Bag", title, _guid(lang.code, "bag", number), _transform(x, 6))
        bag.update({"Bag": {"Order": 0}, "ContainedObjects": contained})
        objects.append(bag)
    for seat, piece in enumerate(tokens):
        for copy in range(piece.quantity):
            transform = _transform(
                -5.0 + 1.6 * (2 * seat + copy), 1.5, scale=SCALE_PER_MM * piece.width
            )
            guid = _guid(lang.code, piece.name, copy)
            objects.append(custom_tile(piece, urls, guid, transform, shape=TILE_CIRCLE))
    (aid,) = aids
    for n in range(aid.quantity):
        transform = _transform(-4.5 + 3.0 * n, -3, scale=SCALE_PER_MM * aid.height)
        guid = _guid(lang.code, "aid", n)
        objects.append(custom_tile(aid, urls, guid, transform, stretch=False))
    first = tiles[0].back or tiles[0].front
    return objects, out.folder / f"{first.key}.png"


def _paleo_objects(
    data: ComponentData, lang: Language, out: _Writer, dpi: float
) -> tuple[list[dict], Path]:
    """A dig-site board per sheet of the sample pad; and the thumbnail (the first)."""
    objects = []
    pieces = pieces_of(data, lang, "pads", 0.0)
    urls = _save_faces(out, pieces, min(dpi, BOARD_DPI))
    for n, piece in enumerate(pieces):
        url = urls[piece.front.key]
        board = _base(
            "Custom_Board", piece.title, _guid(lang.code, piece.name), _transform(12.0 * n, 0)
        )
        board["Description"] = lang.label("tts_pen")
        board["CustomImage"] = {"ImageURL": url, "ImageSecondaryURL": "", "WidthScale": 0.0}
        objects.append(board)
    return objects, out.written[-len(objects)].path


def saved_object(name: str, objects: list[dict]) -> bytes:
    """A TTS saved-object file holding ``objects``; no date, so the same gives the same."""
    body = {
        "SaveName": name, "GameMode": "", "Date": "", "VersionNumber": "", "Table": "",
        "Sky": "", "Note": "", "Rules": "", "XmlUI": "", "LuaScript": "", "LuaScriptState": "",
        "ObjectStates": objects, "TabStates": {},
    }  # fmt: skip
    return (json.dumps(body, indent=2, ensure_ascii=False) + "\n").encode()


def export_tts(
    data: ComponentData,
    lang: Language,
    out_dir: Path,
    dpi: int = DPI,
    base_url: str | None = None,
) -> list[Written]:
    """Both games' Tabletop Simulator content in ``out_dir/<lang>/`` (see the module)."""
    out = _Writer(out_dir / lang.code, lang.code, base_url)
    for game in (DINOS, PALEO):
        objects, thumbnail = (
            _dinos_objects(data, lang, out, dpi)
            if game == DINOS
            else _paleo_objects(data, lang, out, dpi)
        )
        out.save(f"{game}.png", thumbnail.read_bytes(), "tts")  # shown in TTS's list
        content = saved_object(lang.term("games", game), objects)
        path = atomic_write(out.folder / f"{game}.json", content)
        out.written.append(Written(path, "tts", lang.code, "tts", 0, sha256(content)))
    return out.written
