"""``dinokit export png``: one PNG per component face, and the list a shop asks for.

Each face is the print-shop page of :func:`.pieces.face_page` (trim + 2 x bleed),
rasterised at the asked resolution; a face shared by several pieces (an era's back)
is one file. ``components.csv`` lists, per piece and face, the file, the piece, the
face and how many a game needs: the columns The Game Crafter's uploads ask for.
"""

from __future__ import annotations

from pathlib import Path

from ...games.data import ComponentData
from ...source.lang import Language
from ..files import Written, atomic_write, sha256, write_csv
from .kinds import pieces_of
from .pieces import Art, Piece, face_page
from .raster import png_bytes, render_images

CSV_COLUMNS = ("file", "component", "face", "quantity", "width_mm", "height_mm", "bleed_mm")


def export_png(
    data: ComponentData,
    lang: Language,
    products: tuple[str, ...],
    dpi: int,
    bleed: float,
    out_dir: Path,
    ink_saver: bool = False,
) -> list[Written]:
    """PNGs of every face of ``products`` in ``out_dir/<lang>/<product>/``, and
    ``out_dir/<lang>/components.csv``; the written files, the list last."""
    folder = out_dir / lang.code
    written: list[Written] = []
    rows: list[tuple[str, ...]] = []
    for product in products:
        pieces = pieces_of(data, lang, product, bleed, ink_saver)
        files = _write_faces(pieces, dpi, folder / product, lang.code)
        written += files.values()
        for piece in pieces:
            for face, art in piece.faces():
                file = files[art.key].path.relative_to(folder).as_posix()
                rows.append(
                    (file, f"{product}/{piece.name}", face, str(piece.quantity),
                     f"{piece.width:g}", f"{piece.height:g}", f"{piece.bleed:g}")
                )  # fmt: skip
    written.append(
        write_csv(folder / "components.csv", CSV_COLUMNS, rows, "components", lang.code, "png")
    )
    return written


def _write_faces(pieces: list[Piece], dpi: int, folder: Path, code: str) -> dict[str, Written]:
    """Each distinct face once, as ``folder/<key>.png``: art key -> what was written."""
    faces: dict[str, tuple[Piece, Art]] = {}
    for piece in pieces:
        for _, art in piece.faces():
            faces.setdefault(art.key, (piece, art))
    pages = [face_page(piece, art) for piece, art in faces.values()]
    written = {}
    for key, image in zip(faces, render_images(pages, dpi), strict=True):
        content = png_bytes(image, dpi)
        path = atomic_write(folder / f"{key}.png", content)
        written[key] = Written(path, faces[key][0].product, code, "png", 1, sha256(content))
    return written
