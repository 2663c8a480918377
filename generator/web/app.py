"""The Starlette app of ``dinokit serve``: its routes, the play API under /api/.

The pages and error pages are :mod:`.pages`, the kit's and data's API :mod:`.api_kit`,
the door in front of it all :mod:`.guard`.

Every request is checked before it reaches the data: codes are read by the shared-play
code reader, kit options against the data's games, products, languages and papers
(:mod:`.kit`), moves by the score checker's parser (:mod:`.play`); bodies are capped at
``MAX_BODY`` bytes. No path of a request names a file: pages and ``/static/`` come
from the package's ``static/`` folder (Starlette's StaticFiles refuses ``..``), build
results from the job's own folder. Errors are 4xx answers with a message (JSON under
/api/, HTML elsewhere); anything unexpected is a 500 with a plain message, logged, and
the server goes on.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Iterable
from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import (
    JSONResponse,
    Response,
)
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..games.paleo.pads import CodeError, GenerationError
from ..games.paleo.rolls import Roll
from ..source.diagnostics import printable
from . import heavy as workers
from .api_kit import api_build, api_choices, api_data, api_job, api_job_file, api_preview
from .common import (
    STATIC,
    AppState,
    _object,
    _state,
    fail,
    heavy,
    off_loop,
    read_body,
    read_json,
)
from .guard import Guard
from .pages import (
    data_page,
    http_error,
    kit_page,
    play_daily,
    play_new,
    play_page,
    play_start,
    server_error,
)
from .play import PlayError, choose_language, legal, view
from .webfont import font_css_endpoint, font_file_endpoint

# ------------------------------------------------------------------------ API


def _played(state: AppState, code: object):
    if not isinstance(code, str):
        raise fail(400, 'code is a sheet\'s printed code, e.g. "PAL-50SJ-CWJ0"')
    assert state.sheets is not None
    try:
        return state.sheets.played(code)
    except CodeError as exc:
        raise fail(404 if code else 400, str(exc)) from None
    except GenerationError as exc:  # a seed the generator cannot make a sheet of
        raise fail(422, str(exc)) from None


async def api_pads(request: Request) -> Response:
    """GET /api/pads/<CODE>: the sheet as ``dinokit pads --code CODE --format json``."""
    state = _state(request)
    assert state.sheets is not None
    code = request.path_params["code"]
    _played(state, code)
    body = await off_loop(state.sheets.pads_json, code)
    return Response(body, media_type="application/json")


def _play_args(state: AppState, body: object):
    body = _object(body, "the state")
    unknown = sorted(set(body) - {"code", "moves", "draft", "lang"})
    if unknown:
        raise fail(400, f"unknown key {unknown[0][:40]!r}, expected: code, moves, draft, lang")
    played = _played(state, body.get("code"))
    moves = body.get("moves", [])
    if not isinstance(moves, list):
        raise fail(400, "moves is a list of rounds in the format of 'dinokit score'")
    draft = _object(body.get("draft") or {}, "draft")
    allowed = {
        "dice",
        "squares",
        "switches",
        "shape",
        "dig_type",
        "orientation",
        "cells",
        "bonuses",
    }
    extra = sorted(set(draft) - allowed)
    if extra:
        raise fail(
            400, f"unknown draft key {extra[0][:40]!r}, expected: {', '.join(sorted(allowed))}"
        )
    return played, moves, draft


async def api_play(request: Request) -> Response:
    """POST /api/play: the view of a state (code, moves, draft); 422 with the rule."""
    state = _state(request)
    body = await read_json(request)
    played, moves, draft = await off_loop(_play_args, state, body)
    assert state.sheets is not None and state.data is not None
    lang = choose_language(state.data.languages, body.get("lang"))
    try:
        return JSONResponse(await off_loop(view, played, state.sheets.rules, moves, draft, lang))
    except PlayError as exc:
        return JSONResponse(exc.as_json(), status_code=422)


async def api_legal(request: Request) -> Response:
    """POST /api/legal: every legal placement of the draft's shape in a state."""
    state = _state(request)
    body = await read_json(request)
    played, moves, draft = await off_loop(_play_args, state, body)
    assert state.sheets is not None
    try:
        return JSONResponse(await off_loop(legal, played, state.sheets.rules, moves, draft))
    except PlayError as exc:
        return JSONResponse(exc.as_json(), status_code=422)


async def api_score(request: Request) -> Response:
    """The same answer as ``dinokit score --code CODE --moves BODY --format json``."""
    from ..games.paleo.moves import Breakdown, MoveError, load_moves, replay

    state = _state(request)
    assert state.sheets is not None
    played = _played(state, request.path_params["code"])
    text = (await read_body(request)).decode("utf-8", errors="replace")
    rules = state.sheets.rules

    def check() -> Response:
        try:
            moves = load_moves(text, "moves.json", rules)
        except MoveError as exc:
            return JSONResponse({"error": printable(str(exc))}, status_code=422)
        result = replay(rules, played.site, moves, played.rolls)
        legal_game = isinstance(result, Breakdown)
        return JSONResponse({"code": played.code, "legal": legal_game, **result.as_json()})

    return await off_loop(check)


async def api_par(request: Request) -> Response:
    """POST /api/par/<CODE>: the par with the sheet's rolls (or the given ``rolls``)."""
    state = _state(request)
    assert state.sheets is not None
    played = _played(state, request.path_params["code"])
    body = _object(await read_json(request, empty={}), "the request")
    rolls: list[Roll] = list(played.rolls)
    if not rolls:
        given = body.get("rolls")
        ok = isinstance(given, list) and len(given) == state.sheets.rules.rounds and all(
            isinstance(r, list) and len(r) == 2
            and all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in r)
            for r in given
        )  # fmt: skip
        if not ok:
            raise fail(400, f"this sheet has no rolls of its own: give \"rolls\", "
                            f"{state.sheets.rules.rounds} pairs of dice 1-6")  # fmt: skip
        rolls = [(a, b) for a, b in given]  # type: ignore[union-attr]
    key = (played.site.code, tuple(rolls))
    known = state.known_par(key)
    if known is not None:
        return JSONResponse(known)
    found = await heavy(request, workers.par, played.code, rolls, process=True)
    state.keep_par(key, found)
    return JSONResponse(found)


def create_app(data_dir: Path, allowed_hosts: Iterable[str] = (), warm: bool = False) -> Starlette:
    """The app, with the data of ``data_dir`` loaded once (its models: the full check,
    booklets and trial layouts included, runs when the data page asks for it), behind
    the :class:`~.guard.Guard` (loopback, the address reached and ``allowed_hosts``);
    ``warm`` starts the heavy workers with the app (else at the first heavy request)."""
    state = AppState(data_dir)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        """Start the heavy workers; stop them and the builds (and remove their files)
        when the server stops."""
        if warm:
            state.workers.start()
        try:
            yield
        finally:
            state.workers.close()
            if state.builds is not None:
                state.builds.close()

    routes = [
        Route("/", kit_page), Route("/kit", kit_page), Route("/data", data_page),
        Route("/play", play_start), Route("/play/new", play_new),
        Route("/play/daily", play_daily), Route("/play/{code}", play_page),
        Route("/api/choices", api_choices), Route("/api/pads/{code}", api_pads),
        Route("/api/play", api_play, methods=["POST"]),
        Route("/api/legal", api_legal, methods=["POST"]),
        Route("/api/score/{code}", api_score, methods=["POST"]),
        Route("/api/par/{code}", api_par, methods=["POST"]),
        Route("/api/kit/preview", api_preview, methods=["POST"]),
        Route("/api/kit/build", api_build, methods=["POST"]),
        Route("/api/jobs/{job}", api_job, methods=["GET", "DELETE"]),
        Route("/api/jobs/{job}/file", api_job_file),
        Route("/api/data", api_data),
        Route("/fonts/{name}.css", font_css_endpoint),
        Route("/fonts/{name}.woff", font_file_endpoint),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]  # fmt: skip
    app = Starlette(
        routes=routes,
        exception_handlers={HTTPException: http_error, Exception: server_error},
        middleware=[Middleware(Guard, allowed_hosts=tuple(allowed_hosts))],
        lifespan=lifespan,
    )
    app.state.dinokit = state
    return app
