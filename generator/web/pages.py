"""The pages of ``dinokit serve`` (kit, data, play, its start page) and its error pages.

Pages are the files of ``static/`` with their ``{{include:file}}`` pieces put in and
their ``{{name}}`` values and ``{{t:label}}`` words (in the page's language, escaped)
filled in; nothing else reaches them but through the JSON API. Every page is in the
language its ``?lang=`` asks for (English without one), error pages too.
"""

from __future__ import annotations

import datetime
import functools
import html
import json
import re
import urllib.parse

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from ..games.paleo.pads import CodeError, GenerationError
from ..games.paleo.shared import parse_day
from ..source.diagnostics import printable
from ..source.lang import Language
from .common import STATIC, AppState, _state, fail, heavy, log, off_loop
from .kit import DIFFICULTIES
from .play import choose_language, language_options, view

# ------------------------------------------------------------------------ pages


_WORDS = re.compile(r"\{\{t:(\w+)\}\}")
_INCLUDE = re.compile(r"\{\{include:([\w.-]+)\}\}")


def _fragment(name: str) -> str:
    """A piece of page that several pages share (its first line, a comment, left out)."""
    return (STATIC / name).read_text(encoding="utf-8").split("\n", 1)[1].rstrip("\n")


def _page(name: str, lang: Language | None = None, **values: str) -> HTMLResponse:
    """A page of static/ with its ``{{include:file}}`` pieces put in, its ``{{name}}``
    values filled in, and with ``lang`` its ``{{t:label}}`` words in that language
    (escaped) and ``{{lang}}`` its code."""
    text = (STATIC / name).read_text(encoding="utf-8")
    text = _INCLUDE.sub(lambda m: _fragment(m.group(1)), text)
    if lang is not None:
        text = _WORDS.sub(lambda m: html.escape(lang.label(m.group(1))), text)
        values = {"lang": html.escape(lang.code), **values}
    for key, value in values.items():
        text = text.replace("{{" + key + "}}", value)
    return HTMLResponse(text)


def _embed(value: object) -> str:
    """JSON to place inside a <script> element (no '</script>' can close it)."""
    return json.dumps(value).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


@functools.cache
def _shipped_languages() -> tuple[Language, ...]:
    """The shipped data's languages: the words of the kit and data pages when the
    served data has errors (its own language files may be the broken ones)."""
    from ..source import DEFAULT_DATA_DIR
    from ..source.diagnostics import Diagnostics
    from ..source.lang import load_languages

    return load_languages(DEFAULT_DATA_DIR / "lang", Diagnostics())


def page_language(request: Request) -> Language:
    """The language a page asks for with ``?lang=`` (English without it): one of the
    served data's languages, or of the shipped data's while the served data has errors."""
    state: AppState = request.app.state.dinokit
    languages = state.data.languages if state.data is not None else _shipped_languages()
    return choose_language(languages, request.query_params.get("lang"))


async def kit_page(request: Request) -> Response:
    """GET / and /kit?lang=L: the kit page (served with broken data too: it shows the
    data's findings then)."""
    return _kit_page(request, "kit.html")


async def data_page(request: Request) -> Response:
    """GET /data?lang=L: the data page."""
    return _kit_page(request, "data.html")


def _kit_page(request: Request, name: str) -> Response:
    state: AppState = request.app.state.dinokit
    lang = page_language(request)
    languages = state.data.languages if state.data is not None else _shipped_languages()
    heading = "web_kit_title" if name == "kit.html" else "web_kit_data_title"
    return _page(
        name,
        lang,
        languages=language_options(languages, lang),
        page_title=_page_title(lang, lang.label(heading)),
    )


def _page_title(lang: Language, page: object) -> str:
    """A page's title in a browser's tab, as the language writes it: "Build a kit – dinokit"."""
    return html.escape(lang.label("web_page_title", {"page": page}))


async def play_start(request: Request) -> Response:
    """GET /play?lang=L: pick the day's dig, a new sheet, or type a printed code."""
    state = _state(request)
    assert state.data is not None
    lang = choose_language(state.data.languages, request.query_params.get("lang"))
    today = datetime.datetime.now(datetime.UTC).date().isoformat()
    game = lang.term("games", "paleontologists")
    difficulties = "".join(
        f'<option value="{d}"{" selected" if d == "medium" else ""}>'
        f"{html.escape(lang.label(f'difficulty_{d}'))}</option>"
        for d in DIFFICULTIES
    )
    return _page(
        "start.html",
        lang,
        today=today,
        title=html.escape(lang.label("web_start_title", {"game": game})),
        page_title=_page_title(lang, lang.label("web_start_title", {"game": game})),
        languages=language_options(state.data.languages, lang),
        difficulties=difficulties,
    )


def _asked_language(request: Request) -> str:
    """``?lang=L`` to carry on to the sheet's page, or nothing; a 400 for a language
    the data does not have (before any sheet is made)."""
    code = request.query_params.get("lang", "")
    if not code:
        return ""
    state = _state(request)
    assert state.data is not None
    return f"?lang={urllib.parse.quote(choose_language(state.data.languages, code).code)}"


def _difficulty(request: Request) -> str:
    value = request.query_params.get("difficulty", "medium")
    if value not in DIFFICULTIES:
        raise fail(400, f"difficulty is {value[:40]!r}, expected one of: {', '.join(DIFFICULTIES)}")
    return value


async def play_new(request: Request) -> Response:
    """GET /play/new?difficulty=D: a new sheet with its own rolls and par (303 to it)."""
    state, difficulty, query = _state(request), _difficulty(request), _asked_language(request)
    assert state.sheets is not None
    code = await heavy(request, state.sheets.new_code, difficulty)
    return RedirectResponse(f"/play/{code}{query}", status_code=303)


async def play_daily(request: Request) -> Response:
    """GET /play/daily?date=YYYY-MM-DD&difficulty=D: the day's dig (303 to it)."""
    state, difficulty, query = _state(request), _difficulty(request), _asked_language(request)
    assert state.sheets is not None
    text = (
        request.query_params.get("date") or datetime.datetime.now(datetime.UTC).date().isoformat()
    )
    try:
        day = parse_day(text[:20])
    except ValueError as exc:
        raise fail(400, str(exc)) from None
    code = await heavy(request, state.sheets.daily_code, day, difficulty)
    return RedirectResponse(f"/play/{code}{query}", status_code=303)


async def play_page(request: Request) -> Response:
    """GET /play/<CODE>?lang=L: the play page, its first view inside it."""
    state = _state(request)
    assert state.sheets is not None and state.data is not None
    sheets = state.sheets
    lang = choose_language(state.data.languages, request.query_params.get("lang"))
    try:
        played = await off_loop(sheets.played, request.path_params["code"])
    except (CodeError, GenerationError) as exc:
        raise fail(404, str(exc)) from None
    query = f"?lang={lang.code}" if "lang" in request.query_params else ""
    if played.code != request.path_params["code"]:
        return RedirectResponse(f"/play/{played.code}{query}", status_code=308)
    first = view(played, sheets.rules, [], {}, lang)
    options = language_options(state.data.languages, lang)
    game = lang.term("games", "paleontologists")
    title = _page_title(lang, lang.label("separator").join((game, played.code)))
    return _page(
        "play.html", lang, initial=_embed(first), code=played.code, languages=options,
        game=html.escape(game), page_title=title,
    )  # fmt: skip


# ------------------------------------------------------------------------ errors


async def http_error(request: Request, exc: Exception) -> Response:
    """A refusal: JSON under /api/, a page elsewhere (in the page's language)."""
    assert isinstance(exc, HTTPException)
    message = printable(str(exc.detail))
    if request.url.path.startswith("/api/"):
        return JSONResponse({"error": message}, status_code=exc.status_code, headers=exc.headers)
    page = _error_page(request, exc.status_code, message)
    page.headers.update(exc.headers or {})
    return page


ERROR_PAGE = """<!doctype html><html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title><link rel="icon" href="data:,">
<link rel="stylesheet" href="/static/style.css"></head>
<body><main><h1>{what}</h1><p role="alert">{details}{sep}<span lang="en">{message}</span></p>
<p><a href="/kit{query}">{kit}</a>{nav_sep}<a href="/play{query}">{play}</a>{nav_sep}<a
 href="/data{query}">{data}</a></p>
</main></body></html>
"""
ERROR_WORDS = {400: "web_error_400", 404: "web_error_404", 429: "web_error_429",
               500: "web_error_500", 503: "web_error_503"}  # fmt: skip


def _error_language(request: Request) -> Language:
    """The page's language for an error page: its ``?lang=`` when the data has it
    (English otherwise: the error may be that very code)."""
    try:
        return page_language(request)
    except HTTPException:
        return choose_language(_shipped_languages(), "en")


def _error_page(request: Request, status: int, message: str) -> HTMLResponse:
    lang = _error_language(request)
    query = f"?lang={urllib.parse.quote(lang.code)}" if "lang" in request.query_params else ""
    words = {k: html.escape(lang.label(f"web_nav_{k}")) for k in ("kit", "play", "data")}
    text = ERROR_PAGE.format(
        lang=html.escape(lang.code), query=html.escape(query),
        title=_page_title(lang, status),
        nav_sep=html.escape(lang.label("separator")),
        what=html.escape(lang.label(ERROR_WORDS.get(status, "web_error_other"))),
        details=html.escape(lang.label("web_error_details")), message=html.escape(message),
        sep=html.escape(lang.label("web_label_sep")),
        **words,
    )  # fmt: skip
    return HTMLResponse(text, status_code=status)


async def server_error(request: Request, exc: Exception) -> Response:
    """Anything unexpected: logged, a plain 500 (never a traceback); serving goes on."""
    log.error("unexpected error on %s: %r", request.url.path, exc, exc_info=exc)
    message = "something went wrong on the server (it is logged); the server goes on"
    if request.url.path.startswith("/api/"):
        return JSONResponse({"error": message}, status_code=500)
    return _error_page(request, 500, message)
