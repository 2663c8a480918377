"""Kit builds as jobs: queued, run off the event loop a bounded number at a time,
followed (done of total steps) and cancelled between steps and while packing (between
two PNG pages, two files of the zip).

A cancelled job never gives a file: its files are removed and it stays cancelled,
even when it had just finished (the state changes under the lock, so a job cannot
become done once its cancel is asked for).

A :class:`Builds` holds at most ``MAX_JOBS`` jobs (finished ones are forgotten, oldest
first, and their files removed) and runs ``MAX_RUNNING`` at once on worker threads.
Every file a job makes lives in its own temporary folder, named by the job, never by
the request; a download is that folder's one result file.
"""

from __future__ import annotations

import secrets
import shutil
import tempfile
import threading
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from ..games.data import ComponentData
from .kit import Cancelled, KitOptions, pdf_to_png, steps, zip_files

MAX_RUNNING = 2  # builds at once (the machine's cores)
MAX_JOBS = 16  # jobs remembered, finished or not
MAX_WAITING = 8  # jobs queued or running at once; more are refused (429)


class Busy(RuntimeError):
    """Too many builds are waiting: try again later."""


@dataclass
class Job:
    """One build: its progress, and its result file once done."""

    id: str
    options: KitOptions
    total: int
    folder: Path
    done: int = 0
    state: str = "queued"  # queued | running | done | failed | cancelled
    step: str = ""
    message: str = ""
    result: Path | None = None
    cancel: threading.Event = field(default_factory=threading.Event)

    @property
    def finished(self) -> bool:
        """True once the job has ended, however."""
        return self.state in ("done", "failed", "cancelled")

    def as_json(self) -> dict[str, object]:
        """This as the API answers it."""
        return {
            "id": self.id, "state": self.state, "done": self.done, "total": self.total,
            "step": self.step, "message": self.message,
            "file": self.result.name if self.result else None,
        }  # fmt: skip


class Builds:
    """The app's build jobs."""

    def __init__(self, data: ComponentData, errors: tuple[type[Exception], ...]) -> None:
        self.data, self.errors = data, errors
        self.jobs: OrderedDict[str, Job] = OrderedDict()
        self.lock = threading.Lock()
        self.pool: ThreadPoolExecutor | None = None  # made by the first build after (re)start
        self.root: Path | None = None

    def start(self, options: KitOptions) -> Job:
        """Queue a build; Busy when MAX_WAITING builds are already waiting or running."""
        holder: list[Job] = []  # the job, once made: the whole kit tells its progress
        plan = steps(self.data, options, lambda done, total: self._tick(holder[0], done, total))
        with self.lock:
            if sum(not j.finished for j in self.jobs.values()) >= MAX_WAITING:
                raise Busy(f"{MAX_WAITING} builds are already under way: wait for one to end")
            self._forget()
            if self.pool is None or self.root is None:
                self.pool = ThreadPoolExecutor(MAX_RUNNING, thread_name_prefix="dinokit-build")
                self.root = Path(tempfile.mkdtemp(prefix="dinokit-serve-"))
            pool = self.pool
            job_id = secrets.token_hex(8)
            folder = self.root / job_id
            folder.mkdir()
            job = Job(job_id, options, len(plan) + 1, folder)
            holder.append(job)
            self.jobs[job_id] = job
        pool.submit(self._run, job, plan)
        return job

    def _forget(self) -> None:
        while len(self.jobs) >= MAX_JOBS:
            old = next((j for j in self.jobs.values() if j.finished), None)
            if old is None:
                return
            del self.jobs[old.id]
            shutil.rmtree(old.folder, ignore_errors=True)

    def get(self, job_id: str) -> Job | None:
        """The job of this id, or None (never started, or forgotten)."""
        with self.lock:
            return self.jobs.get(job_id)

    def cancel(self, job_id: str) -> Job | None:
        """Cancel a job: a queued one stops at once, a running one at its next step or
        page or file; a done one is cancelled too (its file removed: it is not wanted)."""
        with self.lock:
            job = self.jobs.get(job_id)
            if job is None or job.state in ("failed", "cancelled"):
                return job
            job.cancel.set()
            if job.state in ("queued", "done"):
                self._cancelled(job)
        return job

    @staticmethod
    def _cancelled(job: Job) -> None:
        """The job cancelled: its files removed first, so a cancelled job has none."""
        job.result = None
        shutil.rmtree(job.folder, ignore_errors=True)
        job.state, job.message = "cancelled", "cancelled"

    @staticmethod
    def _tick(job: Job, done: int, total: int) -> None:
        """A step's own progress (the whole kit's files): shown as the job's, with
        packing still to come; Cancelled as soon as Cancel is asked for."""
        if job.cancel.is_set():
            raise Cancelled
        job.done, job.total = done, total + 1

    def _run(self, job: Job, plan: list[tuple[str, Callable[[Path], list[Path]]]]) -> None:
        with self.lock:
            if job.cancel.is_set():
                return  # cancelled while queued
            job.state = "running"
        made: list[Path] = []
        try:
            for label, build in plan:
                if job.cancel.is_set():
                    raise Cancelled
                job.step = label
                before = job.done
                made += build(job.folder / "files")
                job.done = max(job.done, before + 1)  # a step that told its own progress
            if job.cancel.is_set():
                raise Cancelled
            job.step = "packing"
            result = self._pack(job, made)
            with self.lock:
                if job.cancel.is_set():
                    raise Cancelled
                job.result, job.done, job.state = result, job.done + 1, "done"
        except Cancelled:
            with self.lock:
                self._cancelled(job)
        except self.errors as exc:
            job.state, job.message = "failed", str(exc)
        except Exception as exc:  # a build must never take the server down
            job.state, job.message = "failed", f"the build failed: {type(exc).__name__}: {exc}"

    def _pack(self, job: Job, made: list[Path]) -> Path:
        """The one file to download: the file itself, or a zip of several (the whole
        kit: its files in the folders ``dinokit build`` writes them to)."""
        o, stop = job.options, job.cancel
        files = job.folder / "files"
        if o.product == "kit":
            names = [(p.relative_to(files).as_posix(), p) for p in made]
            return zip_files(list(names), job.folder / f"dinokit-kit-{o.lang}-{o.paper}.zip", stop)
        if o.fmt == "png":
            pngs = [item for pdf in made for item in pdf_to_png(pdf, stop=stop)]
            if len(pngs) == 1:
                target = job.folder / pngs[0][0]
                target.write_bytes(pngs[0][1])
                return target
            return zip_files(
                list(pngs), job.folder / f"{o.product}-{o.lang}-{o.paper}-png.zip", stop
            )
        if len(made) == 1 and o.fmt != "zip":
            return made[0]
        names = [(p.relative_to(files).as_posix(), p) for p in made]
        target = job.folder / f"{o.product}-{o.lang}-{o.paper}-{o.fmt}.zip"
        return zip_files(list(names), target, stop)

    def close(self) -> None:
        """Stop: cancel every job, wait for the running ones, remove every file."""
        with self.lock:
            pool, root, self.pool, self.root = self.pool, self.root, None, None
            jobs = list(self.jobs.values())
            self.jobs.clear()
        for job in jobs:
            job.cancel.set()
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
        if root is not None:
            shutil.rmtree(root, ignore_errors=True)
