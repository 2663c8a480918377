"""PDF backend that writes pages to a file as they are drawn, in flat memory.

reportlab keeps a whole document in memory until it is saved; a pad of 100,000
sheets would not fit. This backend writes every page's objects the moment the page
is drawn and keeps only their offsets: memory stays the same whatever the page
count. It draws what :mod:`.pdf` draws (the same page descriptions, 1 unit = 1 mm,
y downwards), forms as form XObjects written once, and our TrueType subsets
embedded as CID fonts (Identity-H, with a ToUnicode map so text can be copied and
searched). The same pages give the same bytes.
"""

from __future__ import annotations

import hashlib
import zlib
from array import array
from collections.abc import Callable, Iterable
from typing import BinaryIO

from ..draw.shapes import (
    Circle,
    Group,
    Item,
    Line,
    Page,
    Path,
    Rect,
    Style,
    Text,
    Transform,
    Use,
    walk_items,
)
from .common import MM_PER_PT, PT_PER_MM, transform_matrix
from .fontpdf import EmbeddedFont, load_font
from .pdfsyntax import num, pdf_string

#: '#rrggbb', use -> (c, m, y, k) from 0 to 1 (see :class:`generator.render.pdf.CmykHook`:
#: ``use`` is "text", "line" or "area"). The file gets no output intent (no PDF/X).
CmykHook = Callable[[str, str], tuple[float, float, float, float]]
#: A fill at least this big on both sides (mm, in its own units) paints an area.
AREA_MM = 10.0
#: Half the size of a form's bounding box, in the units it is drawn in (mm).
FORM_EXTENT = 1000
#: Bezier handle length of a quarter circle, as a fraction of the radius.
KAPPA = 0.5522847498
#: Fixed dates, like reportlab's invariant mode: the same input gives the same bytes.
FIXED_DATE = "D:20000101000000+00'00'"
PAGES_OBJ, RESOURCES_OBJ = 1, 2


class _Content:
    """Drawing operators of one content stream (a page or a form), with the graphics
    state they set, so that a colour or width is written only when it changes."""

    def __init__(self, writer: PdfStreamWriter) -> None:
        self.w = writer
        self.ops: list[str] = []
        self.state: list[dict[str, object]] = [{}]

    # state -----------------------------------------------------------------
    def _set(self, key: str, value: object, op: str) -> None:
        current = self.state[-1]
        if current.get(key) != value:
            current[key] = value
            self.ops.append(op)

    def _style(self, style: Style, size: tuple[float, float] = (0.0, 0.0)) -> str:
        if style.fill:
            use = "area" if min(abs(size[0]), abs(size[1])) >= AREA_MM else "line"
            key = (style.fill, use) if self.w.cmyk else style.fill  # RGB: the same ops as before
            self._set("fill", key, self.w.colour(style.fill, fill=True, use=use))
            self._set("alpha", style.opacity, f"/{self.w.alpha(style.opacity)} gs")
        if style.stroke:
            self._set("stroke", style.stroke, self.w.colour(style.stroke, fill=False, use="line"))
            self._set("width", style.width, f"{num(style.width)} w")
            dash = tuple(style.dash)
            self._set("dash", dash, f"[{' '.join(num(d) for d in dash)}] 0 d")
        if style.fill and style.stroke:
            return "B"
        return "f" if style.fill else ("S" if style.stroke else "n")

    def save(self) -> None:
        self.ops.append("q")
        self.state.append(dict(self.state[-1]))

    def restore(self) -> None:
        self.ops.append("Q")
        self.state.pop()

    # the backend protocol ----------------------------------------------------
    def push(self, transform: Transform, clip: Rect | None) -> None:
        self.save()
        if transform != Transform():
            self.ops.append(" ".join(num(v) for v in transform_matrix(transform)) + " cm")
        if clip is not None:
            self.ops.append(f"{num(clip.x)} {num(clip.y)} {num(clip.w)} {num(clip.h)} re W n")

    def pop(self) -> None:
        self.restore()

    def rect(self, item: Rect) -> None:
        paint = self._style(item.style, (item.w, item.h))
        x, y, w, h, r = item.x, item.y, item.w, item.h, item.radius
        if not r:
            self.ops.append(f"{num(x)} {num(y)} {num(w)} {num(h)} re {paint}")
            return
        r = min(r, abs(w) / 2, abs(h) / 2)
        k = r * (1 - KAPPA)
        x2, y2 = x + w, y + h
        self.ops.append(
            f"{num(x + r)} {num(y)} m {num(x2 - r)} {num(y)} l "
            f"{num(x2 - k)} {num(y)} {num(x2)} {num(y + k)} {num(x2)} {num(y + r)} c "
            f"{num(x2)} {num(y2 - r)} l "
            f"{num(x2)} {num(y2 - k)} {num(x2 - k)} {num(y2)} {num(x2 - r)} {num(y2)} c "
            f"{num(x + r)} {num(y2)} l "
            f"{num(x + k)} {num(y2)} {num(x)} {num(y2 - k)} {num(x)} {num(y2 - r)} c "
            f"{num(x)} {num(y + r)} l "
            f"{num(x)} {num(y + k)} {num(x + k)} {num(y)} {num(x + r)} {num(y)} c h {paint}"
        )

    def line(self, item: Line) -> None:
        self._style(item.style)
        self.ops.append(f"{num(item.x1)} {num(item.y1)} m {num(item.x2)} {num(item.y2)} l S")

    def circle(self, item: Circle) -> None:
        paint = self._style(item.style, (2 * item.r, 2 * item.r))
        cx, cy, r = item.cx, item.cy, item.r
        k = r * KAPPA
        self.ops.append(
            f"{num(cx + r)} {num(cy)} m "
            f"{num(cx + r)} {num(cy + k)} {num(cx + k)} {num(cy + r)} {num(cx)} {num(cy + r)} c "
            f"{num(cx - k)} {num(cy + r)} {num(cx - r)} {num(cy + k)} {num(cx - r)} {num(cy)} c "
            f"{num(cx - r)} {num(cy - k)} {num(cx - k)} {num(cy - r)} {num(cx)} {num(cy - r)} c "
            f"{num(cx + k)} {num(cy - r)} {num(cx + r)} {num(cy - k)} {num(cx + r)} {num(cy)} c "
            f"h {paint}"
        )

    def path(self, item: Path) -> None:
        xs = [v for _, *args in item.commands for v in args[0::2]]
        ys = [v for _, *args in item.commands for v in args[1::2]]
        size = (max(xs) - min(xs), max(ys) - min(ys)) if xs else (0.0, 0.0)
        paint = self._style(item.style, size)
        parts = []
        for op, *args in item.commands:
            if op == "Z":
                parts.append("h")
            else:
                parts.append(" ".join(num(a) for a in args) + {"M": " m", "L": " l", "C": " c"}[op])
        parts.append(paint)
        self.ops.append(" ".join(parts))

    def text(self, item: Text) -> None:
        cache = self.w.text_ops
        op = cache.get(item)
        if op is None:
            font = self.w.font(item.font)
            size = item.size * MM_PER_PT
            encoded, width = font.encode(item.text)
            dx = {"left": 0.0, "center": -width * size / 2, "right": -width * size}[item.align]
            op = (
                f"q 1 0 0 -1 {num(item.x)} {num(item.y)} cm "
                f"{self.w.colour(item.colour, fill=True, use='text')} /{self.w.alpha(1.0)} gs "
                f"BT /{font.name} {num(size)} Tf {num(dx)} 0 Td <{encoded}> Tj ET Q"
            )
            if len(cache) > 500:  # each sheet has texts of its own: keep it small
                cache.clear()
            cache[item] = op
        self.ops.append(op)

    def use(self, item: Use) -> None:
        name = self.w.form(item)
        self.ops.append(f"q 1 0 0 1 {num(item.dx)} {num(item.dy)} cm /{name} Do Q")

    def walk(self, items: Iterable[Item]) -> None:
        """Draw items (the order and nesting of :func:`generator.draw.shapes.walk_items`)."""
        for item in items:
            kind = type(item)
            if kind is Use:
                self.use(item)  # type: ignore[arg-type]
            elif kind is Text:
                self.text(item)  # type: ignore[arg-type]
            elif kind is Group:
                self.push(item.transform, item.clip)  # type: ignore[union-attr]
                self.walk(item.items)  # type: ignore[union-attr]
                self.pop()
            else:
                walk_items((item,), self)

    def begin_page(self, page: Page) -> None:  # pragma: no cover - pages are not nested
        raise TypeError("a page inside a page")

    end_page = begin_page

    def data(self) -> bytes:
        return "\n".join(self.ops).encode("latin-1")


class PdfStreamWriter:
    """Writes a PDF to ``handle`` object by object; call :meth:`page` for every page,
    then :meth:`close`. Only object offsets and the names of forms, fonts and
    transparencies are kept."""

    def __init__(
        self,
        handle: BinaryIO,
        texts: dict[str, str],
        *,
        title: str,
        subject: str,
        lang: str,
        author: str,
        creator: str,
        cmyk: CmykHook | None = None,
    ) -> None:
        self.out = handle
        self.position = 0
        self.offsets = array("q")  # object number -> its offset (-1: not written yet)
        self.next_obj = RESOURCES_OBJ + 1
        self.page_objs = array("q")  # 8 bytes a page, not a list of int objects
        self.texts = dict(texts)
        self.fonts: dict[str, EmbeddedFont] = {}
        self.forms: dict[str, tuple[str, int]] = {}  # form name -> (resource name, object)
        self.alphas: dict[float, str] = {}
        self.colours: dict[tuple[str, bool, str], str] = {}
        self.text_ops: dict[Text, str] = {}
        self.cmyk = cmyk
        self.info = (title, subject, lang, author, creator)
        self.digest = hashlib.sha256()
        self._write(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")

    # low level --------------------------------------------------------------
    def _write(self, data: bytes) -> None:
        self.out.write(data)
        self.digest.update(data)
        self.position += len(data)

    def _reserve(self) -> int:
        self.next_obj += 1
        return self.next_obj - 1

    def _object(self, number: int, body: bytes) -> None:
        if number >= len(self.offsets):
            self.offsets.extend([-1] * (number + 1 - len(self.offsets)))
        self.offsets[number] = self.position
        self._write(b"%d 0 obj\n" % number + body + b"\nendobj\n")

    def _stream(self, number: int, data: bytes, extra: str = "") -> None:
        packed = zlib.compress(data, 6)
        head = f"<< /Length {len(packed)} /Filter /FlateDecode{extra} >>\nstream\n".encode()
        self._object(number, head + packed + b"\nendstream")

    # resources ---------------------------------------------------------------
    def colour(self, hex_colour: str, *, fill: bool, use: str = "area") -> str:
        """The operator that sets a fill or stroke colour (RGB, or CMYK by the hook)."""
        op = self.colours.get((hex_colour, fill, use))
        if op is None:
            op = self.colours[(hex_colour, fill, use)] = self._colour(hex_colour, fill, use)
        return op

    def _colour(self, hex_colour: str, fill: bool, use: str) -> str:
        if self.cmyk is not None:
            parts = " ".join(num(round(v, 4)) for v in self.cmyk(hex_colour, use))
            return f"{parts} {'k' if fill else 'K'}"
        value = int(hex_colour[1:7], 16)
        rgb = " ".join(num(round(((value >> s) & 0xFF) / 255, 4)) for s in (16, 8, 0))
        return f"{rgb} {'rg' if fill else 'RG'}"

    def alpha(self, opacity: float) -> str:
        """The name of the graphics state with this fill opacity."""
        if opacity not in self.alphas:
            self.alphas[opacity] = f"GS{len(self.alphas)}"
        return self.alphas[opacity]

    def font(self, font_id: str) -> EmbeddedFont:
        if font_id not in self.fonts:
            if font_id not in self.texts:
                raise KeyError(f"font {font_id!r} draws text, but no characters were given for it")
            self.fonts[font_id] = load_font(font_id, self.texts[font_id], f"F{len(self.fonts)}")
        return self.fonts[font_id]

    def form(self, item: Use) -> str:
        """The resource name of a form, written the first time it is used."""
        found = self.forms.get(item.form.name)
        if found is None:
            content = _Content(self)
            content.walk(item.form.items)
            number = self._reserve()
            found = (f"X{len(self.forms)}", number)
            self.forms[item.form.name] = found
            e = FORM_EXTENT
            self._stream(
                number,
                content.data(),
                f" /Type /XObject /Subtype /Form /BBox [{-e} {-e} {e} {e}]"
                f" /Resources {RESOURCES_OBJ} 0 R",
            )
        return found[0]

    # pages ------------------------------------------------------------------
    def page(self, page: Page) -> None:
        content = _Content(self)
        content.ops.append(f"q {num(round(PT_PER_MM, 6))} 0 0 {num(-round(PT_PER_MM, 6))} 0 "
                           f"{num(round(page.height * PT_PER_MM, 4))} cm")  # fmt: skip
        content.walk(page.items)
        content.ops.append("Q")
        stream, number = self._reserve(), self._reserve()
        self._stream(stream, content.data())
        boxes = f"/MediaBox [0 0 {_pt(page.width)} {_pt(page.height)}]"
        for key, box in (("TrimBox", page.trim), ("BleedBox", page.bleed)):
            if box is not None:  # in points, y upwards
                bottom = page.height - box.y - box.h
                boxes += f" /{key} [{_pt(box.x)} {_pt(bottom)} "
                boxes += f"{_pt(box.x + box.w)} {_pt(bottom + box.h)}]"
        self._object(
            number,
            f"<< /Type /Page /Parent {PAGES_OBJ} 0 R {boxes} /Resources {RESOURCES_OBJ} 0 R "
            f"/Contents {stream} 0 R >>".encode(),
        )
        self.page_objs.append(number)

    def close(self) -> str:
        """Fonts, resources, the page tree, catalog, information and cross-reference
        table; returns the file's sha256."""
        font_refs = []
        for font in self.fonts.values():
            font_refs.append(f"/{font.name} {font.write(self)} 0 R")
        xobjects = " ".join(f"/{name} {obj} 0 R" for name, obj in self.forms.values())
        states = " ".join(f"/{name} << /Type /ExtGState /ca {num(a)} >>"
                          for a, name in self.alphas.items())  # fmt: skip
        self._object(
            RESOURCES_OBJ,
            f"<< /ProcSet [/PDF /Text] /Font << {' '.join(font_refs)} >> "
            f"/XObject << {xobjects} >> /ExtGState << {states} >> >>".encode(),
        )
        kids = " ".join(f"{n} 0 R" for n in self.page_objs)
        self._object(
            PAGES_OBJ, f"<< /Type /Pages /Count {len(self.page_objs)} /Kids [{kids}] >>".encode()
        )
        title, subject, lang, author, creator = self.info
        catalog = self._reserve()
        self._object(
            catalog,
            b"<< /Type /Catalog /Pages %d 0 R /Lang " % PAGES_OBJ + pdf_string(lang) + b" >>",
        )
        info = self._reserve()
        fields = [(b"Title", title), (b"Subject", subject), (b"Author", author),
                  (b"Creator", creator), (b"Producer", creator)]  # fmt: skip
        body = b"<< " + b" ".join(b"/" + k + b" " + pdf_string(v) for k, v in fields)
        body += f" /CreationDate ({FIXED_DATE}) /ModDate ({FIXED_DATE}) >>".encode()
        self._object(info, body)
        xref = self.position
        count = self.next_obj
        lines = [b"xref\n0 %d\n0000000000 65535 f \n" % count]
        if len(self.offsets) < count or -1 in self.offsets[1:count]:
            raise RuntimeError("a PDF object was reserved but never written")
        lines += [b"%010d 00000 n \n" % self.offsets[n] for n in range(1, count)]
        self._write(b"".join(lines))
        ident = hashlib.md5(f"{title}|{len(self.page_objs)}".encode()).hexdigest()
        self._write(
            f"trailer\n<< /Size {count} /Root {catalog} 0 R /Info {info} 0 R "
            f"/ID [<{ident}> <{ident}>] >>\nstartxref\n{xref}\n%%EOF\n".encode()
        )
        return self.digest.hexdigest()


def _pt(mm: float) -> str:
    return num(round(mm * PT_PER_MM, 4))


def write_pdf_stream(
    pages: Iterable[Page],
    handle: BinaryIO,
    texts: dict[str, str],
    *,
    title: str,
    subject: str,
    lang: str,
    author: str,
    creator: str,
    cmyk: CmykHook | None = None,
) -> tuple[int, str]:
    """Draw ``pages`` into ``handle`` as they come; returns (pages drawn, sha256).

    ``texts`` gives, per font id, every character any page draws in it (the fonts are
    subset to them and written at the end)."""
    writer = PdfStreamWriter(handle, texts, title=title, subject=subject, lang=lang,
                             author=author, creator=creator, cmyk=cmyk)  # fmt: skip
    for page in pages:
        writer.page(page)
    return len(writer.page_objs), writer.close()


__all__ = ["CmykHook", "PdfStreamWriter", "num", "pdf_string", "write_pdf_stream"]
