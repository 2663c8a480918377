"""The kit page's and the data page's API: choices, preview, build jobs, findings."""

import contextlib
import os
from pathlib import Path

from starlette.requests import Request
from starlette.responses import (
    FileResponse,
    JSONResponse,
    Response,
)

from . import heavy as workers
from .builds import Builds, Busy
from .common import JOB_ID, AppState, _state, fail, heavy, read_json
from .kit import OptionError, kit_choices, read_options


async def api_choices(request: Request) -> Response:
    """GET /api/choices: what the kit page can ask for."""
    state = _state(request)
    assert state.data is not None
    return JSONResponse(kit_choices(state.data))


async def api_preview(request: Request) -> Response:
    """POST /api/kit/preview: the first page of the chosen product, as SVG."""
    state = _state(request)
    assert state.data is not None
    try:
        options = read_options(state.data, await read_json(request))
    except OptionError as exc:
        raise fail(400, str(exc)) from None
    svg, why = await heavy(request, workers.preview, options, process=True)
    if svg is None:
        raise fail(422, state.shown(f"cannot draw this: {why}"))
    return Response(svg, media_type="image/svg+xml")


def _builds(request: Request) -> Builds:
    builds = _state(request).builds
    assert builds is not None
    return builds


async def api_build(request: Request) -> Response:
    """POST /api/kit/build: start a build job (202 with its id; 429 when busy)."""
    state = _state(request)
    assert state.data is not None
    try:
        options = read_options(state.data, await read_json(request))
        job = _builds(request).start(options)
    except OptionError as exc:
        raise fail(400, str(exc)) from None
    except Busy as exc:
        raise fail(429, str(exc)) from None
    return JSONResponse(_shown(request, job.as_json()), status_code=202)


def _job(request: Request):
    job_id = request.path_params["job"]
    job = _builds(request).get(job_id) if JOB_ID.fullmatch(job_id) else None
    if job is None:
        raise fail(404, f"no build {job_id[:40]!r} (it may have been forgotten)")
    return job


async def api_job(request: Request) -> Response:
    """GET /api/jobs/<id>: the job's progress; DELETE cancels it."""
    if request.method == "DELETE":
        _job(request)
        job = _builds(request).cancel(request.path_params["job"])
        assert job is not None
        return JSONResponse(_shown(request, job.as_json()))
    return JSONResponse(_shown(request, _job(request).as_json()))


def _shown(request: Request, job: dict[str, object]) -> dict[str, object]:
    """A job's answer, its message without the machine's folders."""
    state: AppState = request.app.state.dinokit
    return {**job, "message": state.shown(str(job.get("message") or ""))}


async def api_job_file(request: Request) -> Response:
    """GET /api/jobs/<id>/file: the built file, once the job is done."""
    job = _job(request)
    if job.state != "done" or job.result is None:
        raise fail(409, f"the build is {job.state}, not done")
    return FileResponse(job.result, filename=job.result.name)


def _fingerprint(folder: Path) -> tuple:
    found = []
    for root, _, names in os.walk(folder):
        for name in sorted(names):
            with contextlib.suppress(OSError):
                stat = os.stat(os.path.join(root, name))
                found.append((root, name, stat.st_mtime_ns, stat.st_size))
    return tuple(sorted(found))


async def api_data(request: Request) -> Response:
    """GET /api/data: the validator's findings for the data folder (kept until a file changes)."""
    state: AppState = request.app.state.dinokit
    key = await heavy(request, _fingerprint, state.data_dir)
    if state.findings is None or state.findings[0] != key:
        result = await heavy(request, workers.check, str(state.data_dir), state.roots,
                             process=True)  # fmt: skip
        state.findings = (key, result)
    return JSONResponse(state.findings[1])
