"""What every handler of the app shares: the app's state, checked request bodies, errors.

Bodies are read only through :func:`read_body`, which stops past ``MAX_BODY`` bytes
whatever the request claims; every refusal is an ``HTTPException`` with a plain
message (the app answers it as JSON under /api/, as a page elsewhere).
"""

import json
import logging
import re
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import anyio
import anyio.to_thread
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request

from ..games.data import ComponentData, load_games
from ..source import package_folder
from ..source.diagnostics import Diagnostics, printable
from .builds import Builds
from .heavy import HeavyPool, WorkerGone
from .kit import build_errors
from .paths import data_roots, show_paths
from .sheets import CACHE, Sheets

STATIC = package_folder("web", "static")
MAX_BODY = 64 * 1024  # bytes of a request body at the most
JOB_ID = re.compile(r"[0-9a-f]{16}")
log = logging.getLogger("dinokit.web")
T = TypeVar("T")


class AppState:
    """What the app holds: the data (None when it has errors), sheets, builds."""

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = data_dir
        diags = Diagnostics()
        data = load_games(data_dir, diags)  # the models; the data page runs every check
        self.data: ComponentData | None = None if diags.errors else data
        self.problem = "the served data has errors: see /data"
        self.roots = data_roots(data_dir)
        self.sheets = Sheets(self.data) if self.data else None
        self.builds = Builds(self.data, build_errors()) if self.data else None
        self.findings: tuple[tuple, dict] | None = None
        self.workers = HeavyPool(self.data)  # pars, previews, the data check
        self.pars: OrderedDict[tuple, dict] = OrderedDict()  # (sheet, rolls) -> its par

    def known_par(self, key: tuple) -> dict | None:
        """A par the workers found before (they each keep their own too)."""
        return self.pars.get(key)

    def keep_par(self, key: tuple, par: dict) -> None:
        """Remember a par (the CACHE most recent ones)."""
        self.pars[key] = par
        while len(self.pars) > CACHE:
            self.pars.popitem(last=False)

    def shown(self, text: str) -> str:
        """``text`` without the machine's folders (see :func:`show_paths`)."""
        return show_paths(self.roots, text)


#: Two pools of worker threads, so that a player never waits behind a maker. Moves
#: (``/api/play``, ``/api/legal``, ``/api/score``, the pages and sheets they need) are
#: quick: QUICK_AT_ONCE at a time on their own threads. Heavy work (pars, previews, the
#: data check) runs HEAVY_AT_ONCE at a time; at most HEAVY_WAITING heavy requests wait
#: or run, and HEAVY_PER_CLIENT of them per client address: past either, 429 at once.
#: Kit builds have their own pool (builds.py).
QUICK_AT_ONCE = 4
HEAVY_AT_ONCE = 2
HEAVY_WAITING = 12
HEAVY_PER_CLIENT = 4
_limiters: dict[str, anyio.CapacityLimiter] = {}
_heavy_by_client: dict[str, int] = {}


def _limiter(name: str, size: int) -> anyio.CapacityLimiter:
    limiter = _limiters.get(name)
    if limiter is None:
        limiter = _limiters[name] = anyio.CapacityLimiter(size)
    return limiter


async def off_loop(func: Callable[..., T], *args: Any) -> T:
    """``func(*args)`` on a worker thread of the quick pool (off the event loop)."""
    return await anyio.to_thread.run_sync(func, *args, limiter=_limiter("quick", QUICK_AT_ONCE))


async def heavy(request: Request, func: Callable[..., T], *args: Any, process: bool = False) -> T:
    """``func(*args)`` as heavy work: in a worker process with ``process`` (``func`` a
    function of :mod:`.heavy`), else on the heavy threads; 429 when this client already
    has HEAVY_PER_CLIENT heavy requests under way or HEAVY_WAITING are waiting in all."""
    client = request.client.host if request.client else "?"
    busy = None
    if _heavy_by_client.get(client, 0) >= HEAVY_PER_CLIENT:
        busy = f"{HEAVY_PER_CLIENT} heavy requests of yours are already under way: wait for one"
    elif sum(_heavy_by_client.values()) >= HEAVY_WAITING:
        busy = "the server is busy with pars and previews: try again in a moment"
    if busy:
        raise HTTPException(429, busy, headers={"retry-after": "1"})
    _heavy_by_client[client] = _heavy_by_client.get(client, 0) + 1
    try:
        if process:
            state: AppState = request.app.state.dinokit
            return await state.workers.run(func, *args)
        limiter = _limiter("heavy", HEAVY_AT_ONCE)
        return await anyio.to_thread.run_sync(func, *args, limiter=limiter)
    except WorkerGone as exc:
        raise fail(503, str(exc)) from None
    finally:
        _heavy_by_client[client] -= 1
        if not _heavy_by_client[client]:
            del _heavy_by_client[client]


def fail(status: int, message: str) -> HTTPException:
    """An HTTP error with a printable message (no control characters reach a page)."""
    return HTTPException(status, printable(message))


def _state(request: Request) -> AppState:
    state: AppState = request.app.state.dinokit
    if state.data is None:
        raise fail(503, state.problem)
    return state


#: Seconds a request body may take to arrive: a body shorter than its Content-Length
#: (or a client that stalls) is answered 408 after this, not waited on for ever.
BODY_TIMEOUT = 5.0


async def read_body(request: Request) -> bytes:
    """The request's body, refused (413) past MAX_BODY bytes, whatever it claims; 408
    when it has not all arrived within BODY_TIMEOUT seconds; a client that goes away
    mid-body is one log line (and an answer nobody reads)."""
    claimed = request.headers.get("content-length", "")
    if claimed.isdigit() and int(claimed) > MAX_BODY:
        raise fail(413, f"the request body has {claimed} bytes, at most {MAX_BODY} are read")
    body = bytearray()
    try:
        with anyio.fail_after(BODY_TIMEOUT):
            async for chunk in request.stream():
                body += chunk
                if len(body) > MAX_BODY:
                    raise fail(413, f"the request body is over {MAX_BODY} bytes")
    except TimeoutError:
        log.warning("%s: the request body did not arrive within %g s", request.url.path,
                    BODY_TIMEOUT)  # fmt: skip
        raise HTTPException(408, f"the request body did not arrive within {BODY_TIMEOUT:g} s",
                            headers={"connection": "close"}) from None  # fmt: skip
    except ClientDisconnect:
        log.warning("%s: the client went away before its request body ended", request.url.path)
        raise HTTPException(400, "the client went away") from None
    return bytes(body)


async def read_json(request: Request, empty: object = None) -> Any:
    """The request's body as JSON (400 when it is not JSON; ``empty`` for no body)."""
    body = await read_body(request)
    if not body.strip() and empty is not None:
        return empty
    try:
        return json.loads(body, parse_constant=lambda name: (_ for _ in ()).throw(ValueError(name)))
    except (ValueError, RecursionError) as exc:
        raise fail(400, f"the request body is not JSON: {exc}") from None


def _object(value: object, what: str) -> dict:
    if not isinstance(value, dict):
        raise fail(400, f"{what} is a JSON object")
    return value
