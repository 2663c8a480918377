"""Fonts: metrics equal reportlab's, produced TTFs embed, output is deterministic.

reportlab is imported here only, to check generator.fonts against it; the
module itself must not need it.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont as FTFont
from pypdf import PdfReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas

from dinokit.layout import fontcache, fontfiles, fonts

ROOT = Path(__file__).resolve().parents[2]
KOREAN = "공룡 화석을 발굴하세요! 주사위를 굴려 12점을 얻은 플레이어가 이깁니다."
JAPANESE = "恐竜の化石を掘り出そう！サイコロを振って、12点を取った人の勝ちです。"
CHINESE = "挖掘恐龙化石！掷骰子，先得到12分的玩家获胜。"
LATIN = [
    "0123456789 +−×÷ 1/2",
    "Città perché «virgolette» — l’érable, œuvre, cœur… 12 €",
    "Größe STRAßE Ärger Übel ß",
    "niño, ¿Qué?, ¡Olé! Łódź Šťastný Ğ ő",
    "AVATAR WAVE Tj fi fl",  # kerning/ligature pairs: neither side kerns
    "no\u00a0break",
]
SAMPLES = {
    "sans": LATIN,
    "sans-bold": LATIN,
    "display": LATIN,
    "ko": [KOREAN, "한글 English 123 mixed", KOREAN + " — Città"],
    "ko-bold": [KOREAN, "한글 English 123 mixed", KOREAN + " — Città"],
    "ja": [JAPANESE, "化石タイル 12点 Velociraptor（例）"],
    "sc": [CHINESE, "化石板块 12分 Velociraptor（例）"],
}
ALL_TEXT = "".join(s for texts in SAMPLES.values() for s in texts)


@pytest.fixture(scope="session", autouse=True)
def font_cache(tmp_path_factory: pytest.TempPathFactory):
    with pytest.MonkeyPatch.context() as mp:
        path = tmp_path_factory.mktemp("font-cache")
        mp.setenv("DINOKIT_FONT_CACHE", str(path))
        yield path


@pytest.fixture(scope="session")
def registered(font_cache: Path) -> dict[str, Path]:
    return _register_all()


def _register_all() -> dict[str, Path]:
    """Register every font id's TTF with reportlab, named ``path.stem``.

    Names unique per file, so other tests in the session that register the same
    font ids for other text are not affected (reportlab never re-registers a name).
    """
    paths = {font_id: fontfiles.ttf_path(font_id, ALL_TEXT) for font_id in SAMPLES}
    for path in paths.values():
        pdfmetrics.registerFont(TTFont(path.stem, str(path)))
    return paths


def test_fonts_module_does_not_need_reportlab() -> None:
    code = "import sys, dinokit.layout.fonts; sys.exit('reportlab' in sys.modules)"
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True, env=_child_env())


@pytest.mark.parametrize("font_id", list(SAMPLES))
def test_width_equals_reportlab(font_id: str, registered: dict[str, Path]) -> None:
    for size in (7, 10.5, 36):
        for text in SAMPLES[font_id]:
            ours = fonts.text_width_mm(font_id, text, size)
            theirs = pdfmetrics.stringWidth(text, registered[font_id].stem, size) * 25.4 / 72
            assert ours == pytest.approx(theirs, abs=0.01), text


def test_each_subset_is_a_distinct_reportlab_font() -> None:
    # reportlab would silently reuse the first registered font with the same
    # PostScript name, drawing "é" from a subset that lacks it.
    a, b = fontfiles.ttf_path("sans", "Dino"), fontfiles.ttf_path("sans", "Dino é")
    for path in (a, b):
        pdfmetrics.registerFont(TTFont(path.stem, str(path)))
    assert pdfmetrics.getFont(a.stem) is not pdfmetrics.getFont(b.stem)
    width = pdfmetrics.stringWidth("é", b.stem, 10) * 25.4 / 72
    assert width == pytest.approx(fonts.text_width_mm("sans", "é", 10), abs=1e-6)


def test_whole_latin_font_widths_equal_reportlab() -> None:
    path = fontfiles.ttf_path("display")  # no text: every character of the font
    pdfmetrics.registerFont(TTFont("display-whole", str(path)))
    chars = "".join(map(chr, FTFont(path).getBestCmap()))
    assert len(chars) > 600
    assert fonts.text_width_mm("display", chars, 10) == pytest.approx(
        pdfmetrics.stringWidth(chars, "display-whole", 10) * 25.4 / 72, abs=0.01
    )


@pytest.mark.parametrize("font_id", list(SAMPLES))
def test_ascent_descent_equal_reportlab(font_id: str, registered: dict[str, Path]) -> None:
    ascent, descent = pdfmetrics.getAscentDescent(registered[font_id].stem, 10)
    assert fonts.ascent_mm(font_id, 10) == pytest.approx(ascent * 25.4 / 72, abs=1e-6)
    assert fonts.descent_mm(font_id, 10) == pytest.approx(descent * 25.4 / 72, abs=1e-6)
    assert fonts.descent_mm(font_id, 10) < 0 < fonts.cap_height_mm(font_id, 10)


def test_missing_glyphs() -> None:
    hangul = {c for c in KOREAN if "\uac00" <= c <= "\ud7a3"}
    assert fonts.missing_glyphs("sans", KOREAN) == hangul
    assert fonts.missing_glyphs("ko", KOREAN + "\n\t") == set()
    assert fonts.missing_glyphs("ko-bold", KOREAN) == set()
    for font_id in ("sans", "sans-bold", "display"):
        assert fonts.missing_glyphs(font_id, "".join(LATIN) + "\r\n") == set()


def test_font_for() -> None:
    assert fonts.font_for("latin") == "sans"
    assert fonts.font_for("it", "bold") == "sans-bold"
    assert fonts.font_for("fr", "display") == "display"
    assert fonts.font_for("hangul") == "ko"
    assert fonts.font_for("ko-KR", "bold") == "ko-bold"
    assert fonts.font_for("Hang", "display") == "ko-bold"
    assert fonts.font_for("japanese", "bold") == "ja-bold"
    assert fonts.font_for("zh-Hans") == "sc"


def test_sources_are_located_in_installed_distributions() -> None:
    for font_id in fonts.catalogue().fonts:
        assert fonts.source_path(font_id).is_file()


def test_subset_covers_text_plus_ascii(registered: dict[str, Path]) -> None:
    cmap = FTFont(registered["ko"])["cmap"].getBestCmap()
    assert set(map(ord, KOREAN + fonts.ASCII)) <= cmap.keys()


def test_whole_korean_font_needs_text() -> None:
    with pytest.raises(ValueError):
        fontfiles.ttf_path("ko")


def test_ttf_is_static_truetype_and_deterministic(registered: dict[str, Path]) -> None:
    path = registered["ko-bold"]
    font = FTFont(path)
    assert "glyf" in font and "fvar" not in font and "CFF2" not in font
    assert font["head"].modified == font["head"].created  # no "now" timestamp
    assert font["name"].getDebugName(6).startswith("NotoSansKR-Bold-")
    chars = "".join(sorted(set(ALL_TEXT) | set(fonts.ASCII)))
    assert fontfiles.build_ttf("ko-bold", chars) == path.read_bytes()


def test_cache_is_reused_and_leaves_no_temp_files(font_cache: Path) -> None:
    first = fontfiles.ttf_path("sans", "Dino 42")
    mtime = first.stat().st_mtime_ns
    assert fontfiles.ttf_path("sans", "42 Dino") == first  # same character set
    assert first.stat().st_mtime_ns == mtime
    assert fontfiles.ttf_path("sans", "Dino é") != first  # é is not ASCII
    assert not list(font_cache.glob(".tmp-*"))


def test_default_cache_dir(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DINOKIT_FONT_CACHE")
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    assert fontcache.cache_dir() == Path.home() / ".cache" / "dinokit" / "fonts"
    monkeypatch.setenv("XDG_CACHE_HOME", "/elsewhere/cache")
    assert fontcache.cache_dir() == Path("/elsewhere/cache/dinokit/fonts")


def _pdf(paths: dict[str, Path]) -> bytes:
    buf = io.BytesIO()
    # initialFontName: else reportlab's page preamble selects (unembedded) Helvetica.
    c = canvas.Canvas(buf, pagesize=(300, 300), invariant=1, initialFontName=paths["sans"].stem)
    y = 280
    for font_id, path in paths.items():
        c.setFont(path.stem, 12)
        c.drawString(10, y, SAMPLES[font_id][0])
        y -= 20
    c.showPage()
    c.save()
    return buf.getvalue()


def test_pdf_embeds_every_font_and_is_reproducible(registered: dict[str, Path]) -> None:
    pdf = _pdf(registered)
    assert pdf == _pdf(registered)
    resources = PdfReader(io.BytesIO(pdf)).pages[0]["/Resources"]["/Font"]
    base_fonts = set()
    for ref in resources.values():
        font = ref.get_object()
        assert font["/Subtype"] == "/TrueType"
        assert "/FontFile2" in font["/FontDescriptor"].get_object()
        base_fonts.add(str(font["/BaseFont"]).split("+", 1)[1].rsplit("-", 1)[0])
    assert base_fonts == {fonts.spec(f).ps_name for f in SAMPLES}


def test_pdf_is_identical_in_a_fresh_process(registered: dict[str, Path]) -> None:
    code = (
        "import sys; sys.path.insert(0, 'tests/layout'); import test_fonts as t;"
        "sys.stdout.buffer.write(t._pdf(t._register_all()))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, check=True, capture_output=True, env=_child_env()
    ).stdout
    assert out == _pdf(registered)


def _child_env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    return env
