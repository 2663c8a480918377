"""What makes a CMYK PDF a PDF/X-4 file, added to reportlab's document before it is
saved: the output intent (the press condition and its ICC profile, embedded), the
PDF/X version in the document information and in XMP metadata, /Trapped /False and
the PDF 1.6 header. reportlab (pinned) has no API for these, so they are set on its
document objects; dates and identifiers are fixed, so the same pages still give the
same bytes.
"""

from __future__ import annotations

import hashlib
import uuid
from dataclasses import dataclass
from typing import Any
from xml.sax.saxutils import escape

#: PDF/X-4 asks for PDF 1.6 at least.
PDF_VERSION = (1, 6)
PDFX_VERSION = "PDF/X-4"
#: reportlab's invariant mode writes this date; the XMP says the same.
FIXED_XMP_DATE = "2000-01-01T00:00:00+00:00"


@dataclass(frozen=True)
class OutputIntent:
    """The printing condition a CMYK file is made for (PDF/X's output intent)."""

    profile: bytes  #: a CMYK output ICC profile, embedded as the DestOutputProfile
    identifier: str  #: OutputConditionIdentifier, a name in the registry ("CGATS TR 006")
    condition: str  #: OutputCondition, in words
    registry: str  #: RegistryName, where the identifier is registered
    info: str  #: Info: the profile's own description


def _raw_stream(dictionary: dict[str, Any], content: bytes) -> Any:
    """A stream reportlab writes as given (no filter: XMP is read as plain text)."""
    from reportlab.pdfbase.pdfdoc import PDFDictionary, PDFStream
    from reportlab.pdfbase.pdfdoc import format as pdf_format

    class _Raw(PDFStream):
        def format(self, document: Any) -> bytes:
            head = PDFDictionary({**self.dictionary.dict, "Length": len(self.content)})
            return pdf_format(head, document) + b"\nstream\n" + self.content + b"\nendstream\n"

    return _Raw(PDFDictionary(dictionary), content)


def _xmp(title: str, subject: str, author: str, creator: str, lang: str, ident: str) -> bytes:
    fields = dict(title=title, subject=subject, author=author, creator=creator, lang=lang)
    text = {key: escape(value) for key, value in fields.items()}
    alt = '<rdf:Alt><rdf:li xml:lang="x-default">'
    return f"""<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about=""
 xmlns:dc="http://purl.org/dc/elements/1.1/"
 xmlns:xmp="http://ns.adobe.com/xap/1.0/"
 xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
 xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
 xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/">
<dc:format>application/pdf</dc:format>
<dc:title>{alt}{text["title"]}</rdf:li></rdf:Alt></dc:title>
<dc:description>{alt}{text["subject"]}</rdf:li></rdf:Alt></dc:description>
<dc:creator><rdf:Seq><rdf:li>{text["author"]}</rdf:li></rdf:Seq></dc:creator>
<dc:language><rdf:Bag><rdf:li>{text["lang"]}</rdf:li></rdf:Bag></dc:language>
<xmp:CreatorTool>{text["creator"]}</xmp:CreatorTool>
<xmp:CreateDate>{FIXED_XMP_DATE}</xmp:CreateDate>
<xmp:ModifyDate>{FIXED_XMP_DATE}</xmp:ModifyDate>
<xmp:MetadataDate>{FIXED_XMP_DATE}</xmp:MetadataDate>
<pdf:Producer>{text["creator"]}</pdf:Producer>
<pdf:Keywords></pdf:Keywords>
<pdf:Trapped>False</pdf:Trapped>
<xmpMM:DocumentID>uuid:{ident}</xmpMM:DocumentID>
<xmpMM:InstanceID>uuid:{ident}</xmpMM:InstanceID>
<xmpMM:VersionID>1</xmpMM:VersionID>
<xmpMM:RenditionClass>default</xmpMM:RenditionClass>
<pdfxid:GTS_PDFXVersion>{PDFX_VERSION}</pdfxid:GTS_PDFXVersion>
</rdf:Description>
</rdf:RDF>
</x:xmpmeta>
<?xpacket end="r"?>""".encode()


def add_pdfx(canvas: Any, intent: OutputIntent, lang: str) -> None:
    """Make the document of ``canvas`` (title, subject, author and creator already set)
    a PDF/X-4 file for ``intent``'s press; call it before the first page is drawn."""
    from reportlab.pdfbase.pdfdoc import (
        PDFArray,
        PDFCatalog,
        PDFDictionary,
        PDFInfo,
        PDFName,
        PDFStream,
        PDFString,
        PDFZCompress,
    )

    doc = canvas._doc
    profile = PDFStream(PDFDictionary({"N": 4}), intent.profile, filters=[PDFZCompress])
    output_intent = PDFDictionary(
        {
            "Type": PDFName("OutputIntent"),
            "S": PDFName("GTS_PDFX"),
            "OutputConditionIdentifier": PDFString(intent.identifier),
            "OutputCondition": PDFString(intent.condition),
            "RegistryName": PDFString(intent.registry),
            "Info": PDFString(intent.info),
            "DestOutputProfile": doc.Reference(profile),
        }
    )
    catalog = doc.Catalog
    catalog.__NoDefault__ = [*PDFCatalog.__NoDefault__, "OutputIntents"]
    catalog.OutputIntents = PDFArray([output_intent])
    info = doc.info
    seed = "|".join((info.title, info.subject, lang, intent.identifier))
    ident = str(uuid.UUID(hashlib.md5(seed.encode()).hexdigest()))
    xmp = _xmp(info.title, info.subject, info.author, info.creator, lang, ident)
    catalog.Metadata = _raw_stream({"Type": PDFName("Metadata"), "Subtype": PDFName("XML")}, xmp)

    class _PdfxInfo(PDFInfo):
        """reportlab's information, with the PDF/X version."""

        def format(self, document: Any) -> bytes:
            base = PDFInfo.format(self, document)
            return base.replace(b"/Trapped", b"/GTS_PDFXVersion (" + PDFX_VERSION.encode()
                                + b") /Trapped", 1)  # fmt: skip

    info.__class__ = _PdfxInfo
    info.trapped = "False"
