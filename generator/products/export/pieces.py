"""Printed pieces, one by one: what each export writes a page or an image for.

A :class:`Piece` is one physical component (a tile, a token, the player aid, a
dig-site sheet) with the art of its front and back drawn in its own millimetres,
artwork running ``bleed`` mm beyond the cut; :func:`face_page` makes one face a page
of exactly trim + 2 x bleed with TrimBox and BleedBox. Faces that look the same on
several pieces (an era's back) share one :class:`Art` key, so it is drawn once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...draw.shapes import Box, Group, Item, Page, Transform
from ...games.data import ComponentData
from ...source.lang import Language

#: A print shop's bleed: 1/8 inch.
SHOP_BLEED = 25.4 / 8


@dataclass(frozen=True)
class Art:
    """One face's drawing; ``key`` names its file and is the same for equal faces."""

    key: str
    items: tuple[Item, ...]


@dataclass(frozen=True)
class Piece:
    """One component: its size (trim, mm), bleed, how many a game needs, its faces."""

    product: str  # tiles, tokens, aid, pads
    name: str  # unique within the product, used in file names
    title: str  # how the language names it (TTS nicknames)
    width: float
    height: float
    bleed: float
    quantity: int
    front: Art
    back: Art | None = None
    group: str = ""  # e.g. the era: a TTS deck per group

    def faces(self) -> list[tuple[str, Art]]:
        """("front", art) and, for a two-sided piece, ("back", art)."""
        return [("front", self.front)] + ([("back", self.back)] if self.back else [])


def face_page(piece: Piece, art: Art, bleed: float | None = None) -> Page:
    """One face as a page of trim + 2 x bleed mm: TrimBox the cut, BleedBox the page.

    ``bleed`` (at most the piece's own) crops the page closer to the cut, e.g. 0 for a
    virtual tabletop's image of the trimmed piece.
    """
    b = piece.bleed if bleed is None else min(bleed, piece.bleed)
    w, h = piece.width + 2 * b, piece.height + 2 * b
    return Page(
        w,
        h,
        (Group(art.items, Transform(dx=b, dy=b)),),
        trim=Box(b, b, piece.width, piece.height),
        bleed=Box(0, 0, w, h),
        label=f"{piece.product} {piece.name} {art.key}",
        meta={"piece": piece.name, "art": art.key},
    )


#: product -> (data, language, bleed, ink saver) -> its pieces; see :mod:`.kinds`.
PieceMaker = Callable[[ComponentData, Language, float, bool], list[Piece]]
