"""The play page's web font: the subset of the kit's own CJK font that a language's page needs.

A desktop without CJK system fonts shows boxes for Japanese, Korean or Chinese text;
so for a language whose script prints with a ``large`` font of the catalogue
(``templates/fonts.yaml``: the CJK faces, subset for every PDF) the page links
``/fonts/<lang>.css``, an ``@font-face`` of family ``dinokit`` pointing at
``/fonts/<lang>-<hash>.woff`` (and ``<lang>-bold-<hash>.woff``: the page has bold
headings). Every other language gets an empty stylesheet: the system's fonts draw it.

The subset holds every character of the language's labels and names, every
language's own name (the picker shows them all), ASCII, and the characters the page's
own files draw (★ ● ○ ⊗ ⟳ ...: read from ``static/``). It is cut by the PDFs' code
(:func:`generator.layout.fontfiles.ttf_path`, cached on disk) and only rewrapped
as WOFF (zlib) here, once per process; its bytes do not depend on the run (timestamps
are pinned), so its name carries a hash of them and browsers may keep it forever.
Names from a request are only ever looked up among the names this module made.
"""

from __future__ import annotations

import functools
import hashlib
import io
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import anyio.to_thread
from starlette.requests import Request
from starlette.responses import Response

from ..games.data import ComponentData
from ..layout import fontfiles, fonts
from ..source.lang import Language
from .common import STATIC, _limiter, _state, fail

#: Drawn by the page or likely in its texts, whether or not a file of static/ has them today.
SYMBOLS = "★●○⊗⟳⇋·–—…✓✗"
CSS_TYPE = "text/css; charset=utf-8"
WOFF_TYPE = "font/woff"
FOREVER = "public, max-age=31536000, immutable"
#: What the page's weights are called in a file's name (regular has no suffix).
WEIGHTS: dict[fonts.Weight, tuple[int, str]] = {"regular": (400, ""), "bold": (700, "-bold")}
T = TypeVar("T")


@dataclass(frozen=True)
class WebFont:
    """One served file: its name (no extension), CSS weight and WOFF bytes."""

    name: str
    weight: int
    woff: bytes


@functools.cache
def page_characters() -> str:
    """The characters the pages' own files (``static/``) draw besides the data's texts."""
    found = set(SYMBOLS)
    for path in sorted(STATIC.iterdir()):
        if path.suffix in (".html", ".js", ".css"):
            found.update(c for c in path.read_text(encoding="utf-8") if ord(c) > 0x7E)
    return "".join(sorted(found))


def needs_web_font(lang: Language) -> bool:
    """Whether ``lang``'s script prints with a large (CJK) font of the catalogue: a
    face a system may well lack, so the page brings its own (none when no font of the
    script is installed: ``dinokit validate`` says which package to add)."""
    try:
        return fonts.spec(fonts.font_for(lang.script)).needs_text
    except fonts.FontMissing:
        return False


def text_of(data: ComponentData, lang: Language) -> str:
    """Every character the play page of ``lang`` can show, sorted (ASCII included)."""
    found = set(page_characters()) | {chr(c) for c in range(0x20, 0x7F)}
    for text in (*lang.labels.values(), *lang.names.values()):
        found.update(text)
    for other in data.languages:
        found.update(other.name)
    return "".join(sorted(c for c in found if c.isprintable()))


def web_fonts(data: ComponentData, lang: Language) -> tuple[WebFont, ...]:
    """The files of ``lang``'s page: none for a language its system fonts draw."""
    if not needs_web_font(lang):
        return ()
    chars = text_of(data, lang)
    found = []
    for weight, (css_weight, suffix) in WEIGHTS.items():
        try:
            font_id = fonts.font_for(lang.script, weight)
        except fonts.FontMissing:  # no bold installed: the browser makes one up
            continue
        woff = woff_of(font_id, chars)
        digest = hashlib.sha256(woff).hexdigest()[:16]
        found.append(WebFont(f"{lang.code}{suffix}-{digest}", css_weight, woff))
    return tuple(found)


def woff_of(font_id: str, chars: str) -> bytes:
    """The WOFF of the subset of ``chars`` of ``font_id`` (the PDFs' own TrueType
    subset, rewrapped; the same bytes in every run), made once per process: the first
    pages of a language asking at once wait for one cut (seconds with a cold font
    cache), not make one each."""
    with _MAKING:
        return _woff_of(font_id, chars)


_MAKING = threading.Lock()


@functools.lru_cache(maxsize=32)
def _woff_of(font_id: str, chars: str) -> bytes:
    from fontTools.ttLib import TTFont

    font = TTFont(fontfiles.ttf_path(font_id, chars), recalcTimestamp=False)
    font.flavor = "woff"  # zlib; no metadata or private block, so nothing run-dependent
    out = io.BytesIO()
    font.save(out, reorderTables=True)
    return out.getvalue()


def font_css(data: ComponentData, lang_code: str) -> str:
    """The stylesheet of ``lang_code``'s page (KeyError for a language the data lacks)."""
    lang = data.language(lang_code)
    if lang is None:
        raise KeyError(lang_code)
    found = web_fonts(data, lang)
    if not found:
        return f"/* {lang.code}: the system's fonts draw this language */\n"
    return "".join(
        f'@font-face {{ font-family: "dinokit"; font-style: normal; font-weight: {f.weight};'
        f' src: url("/fonts/{f.name}.woff") format("woff"); font-display: swap; }}\n'
        for f in found
    )


def font_file(data: ComponentData, name: str) -> bytes | None:
    """The WOFF named ``name`` (without ``.woff``) by :func:`font_css`, or None."""
    for lang in data.languages:
        if name.startswith(lang.code + "-"):
            for found in web_fonts(data, lang):
                if found.name == name:
                    return found.woff
    return None


async def _off_loop(func: Callable[..., T], *args: Any) -> T:
    """``func(*args)`` on the fonts' own worker thread: a first cut (seconds with a cold
    font cache) never holds a slot of the moves' pool or of the heavy one."""
    return await anyio.to_thread.run_sync(func, *args, limiter=_limiter("fonts", 1))


async def font_css_endpoint(request: Request) -> Response:
    """GET /fonts/<lang>.css: the page's web fonts (an empty sheet for most languages)."""
    data = _state(request).data
    assert data is not None
    name = request.path_params["name"]
    try:
        css = await _off_loop(font_css, data, name)
    except KeyError:
        raise fail(404, f"no language {name[:40]!r} in the data") from None
    return Response(css, media_type=CSS_TYPE, headers={"Cache-Control": "no-cache"})


async def font_file_endpoint(request: Request) -> Response:
    """GET /fonts/<lang>-<hash>.woff: a web font, cached by browsers forever."""
    data = _state(request).data
    assert data is not None
    name = request.path_params["name"]
    woff = await _off_loop(font_file, data, name)
    if woff is None:
        raise fail(404, f"no font {name[:60]!r}: the page's stylesheet names the fonts")
    return Response(woff, media_type=WOFF_TYPE, headers={"Cache-Control": FOREVER})
