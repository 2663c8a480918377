"""Our TrueType subsets as PDF fonts: a Type 0 font over a CID TrueType font.

Text is written as glyph ids (Identity-H), so any script is one font object; a
ToUnicode map gives the characters back to text extraction, search and copying.
Widths are the fonts' own advance widths, in thousandths of an em.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Protocol

from fontTools.ttLib import TTFont

from ..layout import fontfiles


class ObjectWriter(Protocol):
    """What a font needs from the document it is written into."""

    def _reserve(self) -> int: ...
    def _object(self, number: int, body: bytes) -> None: ...
    def _stream(self, number: int, data: bytes, extra: str = "") -> None: ...


@dataclass
class EmbeddedFont:
    """One font of a document: its resource name and what is needed to write text."""

    name: str  # the resource name pages use, e.g. "F0"
    ps_name: str
    data: bytes  # the TrueType file
    glyphs: dict[str, int]  # character -> glyph id
    widths: dict[int, int]  # glyph id -> advance, 1/1000 em
    bbox: tuple[int, int, int, int]
    ascent: int
    descent: int
    cap_height: int
    italic_angle: float

    def encode(self, text: str) -> tuple[str, float]:
        """The text as hexadecimal glyph ids, and its width in ems."""
        ids = [self.glyphs.get(ch, 0) for ch in text]
        width = sum(self.widths.get(g, 0) for g in ids) / 1000
        return "".join(f"{g:04X}" for g in ids), width

    def write(self, doc: ObjectWriter) -> int:
        """Write the font's objects; the number of the Type 0 font object."""
        file_obj, descriptor, cid, unicode_obj, font = (doc._reserve() for _ in range(5))
        doc._stream(file_obj, self.data, f" /Length1 {len(self.data)}")
        tag = "".join(chr(65 + b % 26) for b in hashlib.sha256(self.data).digest()[:6])
        base = f"{tag}+{self.ps_name}"
        x0, y0, x1, y1 = self.bbox
        doc._object(
            descriptor,
            f"<< /Type /FontDescriptor /FontName /{base} /Flags 4 /FontBBox [{x0} {y0} {x1} {y1}]"
            f" /ItalicAngle {self.italic_angle:g} /Ascent {self.ascent} /Descent {self.descent}"
            f" /CapHeight {self.cap_height} /StemV 80 /FontFile2 {file_obj} 0 R >>".encode(),
        )
        widths = " ".join(f"{g} [{w}]" for g, w in sorted(self.widths.items()))
        doc._object(
            cid,
            f"<< /Type /Font /Subtype /CIDFontType2 /BaseFont /{base} /CIDSystemInfo"
            f" << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >>"
            f" /FontDescriptor {descriptor} 0 R /DW 0 /W [{widths}] /CIDToGIDMap /Identity >>"
            .encode(),
        )  # fmt: skip
        doc._stream(unicode_obj, _to_unicode(self.glyphs))
        doc._object(
            font,
            f"<< /Type /Font /Subtype /Type0 /BaseFont /{base} /Encoding /Identity-H"
            f" /DescendantFonts [{cid} 0 R] /ToUnicode {unicode_obj} 0 R >>".encode(),
        )
        return font


def _to_unicode(glyphs: dict[str, int]) -> bytes:
    """A ToUnicode CMap: glyph id -> the character it draws (the first one, if several)."""
    first: dict[int, str] = {}
    for ch, gid in sorted(glyphs.items()):
        first.setdefault(gid, ch)
    pairs = [
        f"<{g:04X}> <{ch.encode('utf-16-be').hex().upper()}>" for g, ch in sorted(first.items())
    ]
    blocks = []
    for start in range(0, len(pairs), 100):
        chunk = pairs[start : start + 100]
        blocks.append(f"{len(chunk)} beginbfchar\n" + "\n".join(chunk) + "\nendbfchar")
    return (
        "/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n"
        "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n"
        "/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n"
        "1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n"
        + "\n".join(blocks)
        + "\nendcmap\nCMapName currentdict /CMapResource defineresource pop\nend\nend\n"
    ).encode("ascii")


def load_font(font_id: str, text: str, name: str) -> EmbeddedFont:
    """The subset of ``font_id`` that draws ``text`` (and ASCII), ready to embed."""
    path = fontfiles.ttf_path(font_id, text)
    data = path.read_bytes()
    font = TTFont(path, lazy=True)
    scale = 1000 / font["head"].unitsPerEm
    glyphs = {chr(code): font.getGlyphID(g) for code, g in font.getBestCmap().items()}
    hmtx = font["hmtx"]
    order = font.getGlyphOrder()
    widths = {gid: round(hmtx[order[gid]][0] * scale) for gid in sorted(set(glyphs.values()))}
    widths.setdefault(0, round(hmtx[order[0]][0] * scale))
    head, hhea = font["head"], font["hhea"]
    os2 = font.get("OS/2", None)
    cap = getattr(os2, "sCapHeight", 0) or hhea.ascent
    return EmbeddedFont(
        name=name,
        ps_name=path.stem.replace(" ", "-"),
        data=data,
        glyphs=glyphs,
        widths=widths,
        bbox=tuple(round(v * scale) for v in (head.xMin, head.yMin, head.xMax, head.yMax)),
        ascent=round(hhea.ascent * scale),
        descent=round(hhea.descent * scale),
        cap_height=round(cap * scale),
        italic_angle=float(font["post"].italicAngle),
    )


__all__ = ["EmbeddedFont", "load_font"]
