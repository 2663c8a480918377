"""``dinokit export tts``: Tabletop Simulator decks, tokens, aids and a saved object.

Writes into ``out/<lang>/``: a deck image per era (the trimmed tiles in a grid of at
most 10 x 7, at most 4096 px a side, RGB), the era's back, both faces of each
player's token, the aid's two sides and, for Paleontologists, the sample pad's
dig-site sheets as board images to draw on with TTS's pen. Then one saved-object
file per game (``digging-for-dinos.json``, ``paleontologists.json``, each with a
thumbnail PNG of the same name): copied into TTS's "Saved Objects" folder, it puts
the three era decks, the tokens and the aids (or the dig-site boards) on the table.

The save format, as TTS writes it: ``ObjectStates`` lists the objects; a ``Deck``
has ``DeckIDs`` and ``ContainedObjects`` (``Card`` objects), each card's ``CardID``
is deck id x 100 + its index on the sheet, and ``CustomDeck`` maps the deck id to
``FaceURL``, ``BackURL``, ``NumWidth``, ``NumHeight``, ``BackIsHidden``,
``UniqueBack``. Tokens are two-sided ``Custom_Tile`` objects (``ImageURL`` and
``ImageSecondaryURL``), dig sites ``Custom_Board``. Images are named by local
``file:///`` URLs of where they were written (so they show on this computer; for
others at the table, put the folder online and pass ``base_url``).
"""

from __future__ import annotations

import hashlib
import json
import math
from pathlib import Path
from typing import Any

from ...games.data import ComponentData
from ...source.lang import Language
from ..files import Written, atomic_write, sha256
from .kinds import DINOS, PALEO, pieces_of
from .pieces import Piece, face_page
from .raster import pixels, png_bytes, render_images

MAX_SIDE = 4096  # px: the largest image TTS loads reliably
MAX_COLS, MAX_ROWS = 10, 7  # a card sheet's grid
DPI = 254  # a 40 mm tile is 400 px
BOARD_DPI = 150


def _guid(*parts: object) -> str:
    """A stable six-hex-digit GUID (TTS's form) from what the object is."""
    return hashlib.sha1("/".join(map(str, parts)).encode()).hexdigest()[:6]


def _transform(x: float, z: float, flipped: bool = False, scale: float = 1.0) -> dict[str, float]:
    return {
        "posX": x, "posY": 1.0, "posZ": z,
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


def sheet_grid(count: int) -> tuple[int, int]:
    """Columns and rows of a card sheet of ``count`` cards (at most 10 x 7)."""
    cols = min(MAX_COLS, count)
    rows = math.ceil(count / cols)
    if rows > MAX_ROWS:
        raise ValueError(f"{count} cards do not fit one {MAX_COLS} x {MAX_ROWS} sheet")
    return cols, rows


def card_size(width: float, height: float, cols: int, rows: int, dpi: float) -> tuple[int, int]:
    """A card's size in px on a sheet of cols x rows: ``dpi``, but smaller when the sheet
    would pass MAX_SIDE on either side (the card keeps its proportions)."""
    w = min(pixels(width, dpi), MAX_SIDE // cols, math.floor(MAX_SIDE // rows * width / height))
    return w, min(round(w * height / width), MAX_SIDE // rows)


def _deck_sheet(pieces: list[Piece], dpi: int) -> tuple[Any, tuple[int, int], tuple[int, int]]:
    """The card sheet of ``pieces``: the image, its grid, and the size of a card in px."""
    from PIL import Image

    cols, rows = sheet_grid(len(pieces))
    w, h = card_size(pieces[0].width, pieces[0].height, cols, rows, dpi)
    card_dpi = w * 25.4 / pieces[0].width
    faces = [face_page(p, p.front, bleed=0) for p in pieces]
    sheet = Image.new("RGB", (cols * w, rows * h), (255, 255, 255))
    for n, image in enumerate(render_images(faces, card_dpi)):
        row, col = divmod(n, cols)
        sheet.paste(image.resize((w, h)) if image.size != (w, h) else image, (col * w, row * h))
    return sheet, (cols, rows), (w, h)


def _single(piece: Piece, side: str, dpi: float) -> Any:
    art = piece.front if side == "front" else piece.back
    assert art is not None
    return next(render_images([face_page(piece, art, bleed=0)], dpi))


def _save_faces(out: _Writer, pieces: list[Piece], dpi: float) -> dict[str, str]:
    """Every face of ``pieces``, trimmed, as ``<key>.png`` (drawn in one PDF): key -> URL."""
    faces = [(piece, art) for piece in pieces for _, art in piece.faces()]
    pages = [face_page(piece, art, bleed=0) for piece, art in faces]
    return {
        art.key: out.save(f"{art.key}.png", png_bytes(image), piece.product)
        for (piece, art), image in zip(faces, render_images(pages, dpi), strict=True)
    }


def _dinos_objects(
    data: ComponentData, lang: Language, out: _Writer, dpi: int
) -> tuple[list[dict], Path]:
    """The era decks, the tokens and the aids; and the image to show as the thumbnail."""
    objects: list[dict] = []
    tiles = pieces_of(data, lang, "tiles", 0.0)
    eras: dict[str, list[Piece]] = {}
    for piece in tiles:
        eras.setdefault(piece.group, []).append(piece)
    for deck_id, (title, pieces) in enumerate(eras.items(), start=1):
        sheet, (cols, rows), (w, _) = _deck_sheet(pieces, dpi)
        stem = pieces[0].back.key if pieces[0].back else f"tiles-{deck_id}"
        face_url = out.save(f"{stem.removesuffix('-back')}-deck.png", png_bytes(sheet), "tiles")
        back = _single(pieces[0], "back", w * 25.4 / pieces[0].width)
        back_url = out.save(f"{stem}.png", png_bytes(back), "tiles")
        custom = {str(deck_id): {
            "FaceURL": face_url, "BackURL": back_url, "NumWidth": cols, "NumHeight": rows,
            "BackIsHidden": True, "UniqueBack": False, "Type": 0,
        }}  # fmt: skip
        x = -4.0 + 4.0 * (deck_id - 1)
        cards = []
        for index, piece in enumerate(pieces):
            card = _base("Card", piece.title, _guid(lang.code, piece.name), _transform(x, 6, True))
            cards.append({**card, "CardID": deck_id * 100 + index, "CustomDeck": custom})
        deck = _base("Deck", title, _guid(lang.code, "deck", deck_id), _transform(x, 6, True))
        deck.update(DeckIDs=[c["CardID"] for c in cards], CustomDeck=custom, ContainedObjects=cards)
        objects.append(deck)
    tokens = pieces_of(data, lang, "tokens", 0.0)
    (aid,) = pieces_of(data, lang, "aid", 0.0)
    urls = _save_faces(out, [*tokens, aid], dpi)
    for seat, piece in enumerate(tokens):
        for copy in range(piece.quantity):
            tile = _base(
                "Custom_Tile", piece.title, _guid(lang.code, piece.name, copy),
                _transform(-5.0 + 1.6 * (2 * seat + copy), 1.5, scale=0.5),
            )  # fmt: skip
            tile["CustomImage"] = {
                "ImageURL": urls[piece.front.key],
                "ImageSecondaryURL": urls[piece.back.key if piece.back else piece.front.key],
                "ImageScalar": 1.0, "WidthScale": 0.0,
                "CustomTile": {"Type": 0, "Thickness": 0.2, "Stackable": False, "Stretch": True},
            }  # fmt: skip
            objects.append(tile)
    front = urls[aid.front.key]
    back = urls[aid.back.key if aid.back else aid.front.key]
    deck_id = len(eras) + 1
    custom = {str(deck_id): {
        "FaceURL": front, "BackURL": back, "NumWidth": 1, "NumHeight": 1,
        "BackIsHidden": False, "UniqueBack": False, "Type": 0,
    }}  # fmt: skip
    cards = [
        {**_base("Card", aid.title, _guid(lang.code, "aid", n), _transform(0, -3, scale=1.5)),
         "CardID": deck_id * 100, "CustomDeck": custom}
        for n in range(aid.quantity)
    ]  # fmt: skip
    deck = _base("Deck", aid.title, _guid(lang.code, "aid-deck"), _transform(0, -3, scale=1.5))
    deck.update(DeckIDs=[c["CardID"] for c in cards], CustomDeck=custom, ContainedObjects=cards)
    objects.append(deck)
    return objects, out.folder / f"{tiles[0].back.key if tiles[0].back else tiles[0].front.key}.png"


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
