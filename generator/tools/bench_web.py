"""Benchmark of ``dinokit serve`` (issue 14): the play page, the legal placements, and
players while the server is busy.

In-process, through Starlette's test client (the app's own code, no network):

- the play page of a new sheet: ``GET /play/new`` (a new sheet generated, checked fair
  and measured) and the page it leads to, with its first view: goal under 200 ms
  (median of 7 new sheets);
- the legal placements for a state: ``POST /api/legal`` after 10 rounds of a solo
  sheet's par moves (every move replayed through the rules engine), and ``POST
  /api/play`` (the whole view the page draws): goal under 50 ms (median of 20).

On a real server (``python -m dinokit serve`` in a subprocess on a free loopback port)
with real concurrent HTTP clients (threads with ``http.client``, each client from its
own loopback address, 127.0.X.Y, as players on their own phones; every request with
a loopback ``Host`` and, for a POST, the page's own ``Origin`` and a JSON body):

- players while the heavy pool is full: 30 ``POST /api/par/<CODE>`` for 30 different
  new sheets (no cache helps) and 6 ``POST /api/kit/preview`` (the rules booklet in 6
  languages) in flight (a heavy client refused with 429 asks again 0.5 s later, so
  the pool stays full until all 36 are answered), and meanwhile 40 players' ``POST
  /api/play`` (10 rounds of par moves), one every 50 ms: goal p95 under 200 ms;
- two waves of 200 clients at once, each loading a play page then one ``/api/play``:
  goal no error (every answer a 200), and the RSS of the server (with its worker
  processes) after the second wave within 10% (or 20 MB) of what it was after the
  first.
"""

from __future__ import annotations

import http.client
import json
import math
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import warnings
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn

from ..games.data import DEFAULT_DATA_DIR

PAGE_GOAL = 0.200  # seconds
LEGAL_GOAL = 0.050  # seconds
LOADED_GOAL = 0.200  # seconds: p95 of a move while the heavy pool is full
CODE = "PAL-5J93-Q1MY-400002"
PARS = 30
PREVIEW_LANGUAGES = ("en", "de", "fr", "ja", "ko", "zh-Hans")
PLAYS = 40
PLAY_EVERY = 0.05  # seconds between two players' moves
CLIENTS = 200
RSS_SHARE, RSS_MB = 0.10, 20.0  # the second wave's RSS within this of the first's
HEAVY_RETRY = 0.5  # seconds before a heavy client refused with 429 asks again
START_TIMEOUT = 60.0  # seconds for the server to answer
TIMEOUT = 60.0  # seconds for one answer


def measure() -> dict[str, float]:
    """Milliseconds in-process, then the served figures (ms, counts, MB)."""
    results = measure_in_process()
    results.update(measure_served())
    return results


def measure_in_process() -> dict[str, float]:
    """Milliseconds (medians) for a new sheet's play page and a state's placements."""
    warnings.simplefilter("ignore", DeprecationWarning)
    from starlette.testclient import TestClient

    from ..web.app import create_app

    app = create_app(DEFAULT_DATA_DIR)
    with TestClient(app, base_url="http://127.0.0.1:8000") as client:
        client.get("/play/new?difficulty=medium")  # warm up
        pages = []
        for _ in range(7):
            start = time.perf_counter()
            response = client.get("/play/new?difficulty=medium")
            pages.append(time.perf_counter() - start)
            assert response.status_code == 200
        sheet = json.loads(client.get(f"/api/pads/{CODE}").content)["sheets"][0]
        sheets = app.state.dinokit.sheets
        shape, dig_type = sheets.rules.options(sheets.played(CODE).rolls[10])[0]
        body = {"code": CODE, "moves": sheet["par_moves"][:10],
                "draft": {"shape": shape, "dig_type": dig_type}}  # fmt: skip
        legal, views = [], []
        for _ in range(20):
            start = time.perf_counter()
            assert client.post("/api/legal", json=body).status_code == 200
            legal.append(time.perf_counter() - start)
            start = time.perf_counter()
            assert client.post("/api/play", json=body).status_code == 200
            views.append(time.perf_counter() - start)
    return {
        "play page of a new sheet ms": round(1000 * statistics.median(pages), 1),
        "play page of a new sheet max ms": round(1000 * max(pages), 1),
        "legal placements ms": round(1000 * statistics.median(legal), 1),
        "play view ms": round(1000 * statistics.median(views), 1),
    }


# ------------------------------------------------------------------------ a real server


@dataclass
class Answer:
    """One HTTP answer: status (0 when the request failed), body, seconds, what failed."""

    status: int
    body: bytes
    seconds: float
    location: str = ""
    error: str = ""


def address(group: int, index: int) -> str:
    """A client's own loopback address: 127.0.<group>.<index + 1> (Linux answers all of
    127/8), so that the server's per-client limits see one client per player."""
    return f"127.0.{group}.{index % 254 + 1}"


def ask(port: int, method: str, path: str, body: object = None, source: str = "127.0.0.1",
        timeout: float = TIMEOUT) -> Answer:  # fmt: skip
    """``method path`` on the server from ``source``, as a browser on this machine asks:
    Host ``127.0.0.1:<port>`` (http.client sends it), and a POST with the page's own
    Origin and a JSON body."""
    headers = {}
    data = None
    if method == "POST":
        headers = {"Origin": f"http://127.0.0.1:{port}", "Content-Type": "application/json"}
        data = json.dumps(body if body is not None else {}).encode()
    connection = http.client.HTTPConnection(
        "127.0.0.1", port, timeout=timeout, source_address=(source, 0)
    )
    start = time.perf_counter()
    try:
        connection.request(method, path, body=data, headers=headers)
        response = connection.getresponse()
        content = response.read()
        seconds = time.perf_counter() - start
        return Answer(response.status, content, seconds, response.getheader("location") or "")
    except (OSError, http.client.HTTPException) as exc:
        return Answer(0, b"", time.perf_counter() - start, error=f"{method} {path}: {exc!r}")
    finally:
        connection.close()


class Server:
    """``python -m dinokit serve --port P`` in a subprocess, on a free loopback port."""

    def __init__(self) -> None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.log = tempfile.TemporaryFile()  # noqa: SIM115  (closed by stop())
        self.process = subprocess.Popen(
            [sys.executable, "-m", "dinokit", "serve", "--port", str(self.port)],
            stdin=subprocess.DEVNULL, stdout=self.log, stderr=self.log,
        )  # fmt: skip
        deadline = time.monotonic() + START_TIMEOUT
        while (answer := ask(self.port, "GET", "/", timeout=5)).status == 0:
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.fail("the server did not start")
            time.sleep(0.1)
        if answer.status != 200:  # e.g. 503: the data has errors
            self.fail(
                f"GET / answered {answer.status}: {answer.body[:300].decode(errors='replace')}"
            )

    def fail(self, what: str) -> NoReturn:
        """Stop the server and the bench, with what the server printed."""
        output = self.output()
        self.stop()
        raise SystemExit(f"bench_web: {what}\n{output}")

    def rss_mb(self) -> float:
        """The resident memory in MB of the server and every process it started (its
        heavy workers), read from Linux's /proc (psutil comes only with the dask extra)."""
        total, pending = 0, [self.process.pid]
        while pending:
            pid = pending.pop()
            try:
                status = Path(f"/proc/{pid}/status").read_text()
                for task in Path(f"/proc/{pid}/task").iterdir():
                    pending += [int(c) for c in (task / "children").read_text().split()]
            except OSError:  # it ended meanwhile
                continue
            rss = [line.split()[1] for line in status.splitlines() if line.startswith("VmRSS:")]
            total += int(rss[0]) * 1024 if rss else 0
        return total / 1e6

    def output(self) -> str:
        self.log.seek(0)
        return self.log.read().decode("utf-8", errors="replace")[-2000:]

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()


def _run_all(jobs: list[Callable[[], None]]) -> None:
    threads = [threading.Thread(target=job, daemon=True) for job in jobs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def p95(values: list[float]) -> float:
    """The 95th percentile (nearest rank)."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)]


def measure_served() -> dict[str, float]:
    """Players' moves under heavy load, and two waves of clients, on a real server."""
    server = Server()
    try:
        return _served(server)
    finally:
        server.stop()


def _served(server: Server) -> dict[str, float]:
    port = server.port
    codes = []
    for _ in range(PARS):
        answer = ask(port, "GET", "/play/new?difficulty=medium")
        assert answer.status == 303, (answer.status, answer.body[:200], server.output())
        codes.append(answer.location.rsplit("/", 1)[1].split("?")[0])
    pads = ask(port, "GET", f"/api/pads/{CODE}")
    assert pads.status == 200, (pads.status, pads.body[:200])
    moves = json.loads(pads.body)["sheets"][0]["par_moves"][:10]
    body = {"code": CODE, "moves": moves, "draft": {}}
    quiet = [ask(port, "POST", "/api/play", body, address(2, 0)) for _ in range(20)]
    assert all(a.status == 200 for a in quiet), [(a.status, a.body[:200]) for a in quiet]
    results: dict[str, float] = {"served move idle p95 ms": p95(
        [1000 * a.seconds for a in quiet])}  # fmt: skip
    results.update(_loaded(port, codes, body))
    results.update(_waves(server, codes, body))
    return results


def _loaded(port: int, codes: list[str], body: dict) -> dict[str, float]:
    """40 players' moves while 30 pars and 6 previews keep the heavy pool full."""
    lock = threading.Lock()
    state = {"heavy left": PARS + len(PREVIEW_LANGUAGES), "refused": 0}
    heavy_answers: Counter[int] = Counter()
    heavy_seconds: list[float] = []
    plays: list[tuple[Answer, bool]] = []  # an answer; whether sent with heavy work left

    def heavy_client(index: int, path: str, payload: dict) -> Callable[[], None]:
        def run() -> None:
            start = time.perf_counter()
            while True:
                answer = ask(port, "POST", path, payload, address(1, index))
                if answer.status != 429 or time.perf_counter() - start > TIMEOUT:
                    break
                with lock:
                    state["refused"] += 1
                time.sleep(HEAVY_RETRY)
            with lock:
                heavy_answers[answer.status] += 1
                heavy_seconds.append(time.perf_counter() - start)
                state["heavy left"] -= 1

        return run

    def player(index: int, at: float) -> Callable[[], None]:
        def run() -> None:
            time.sleep(max(0.0, at - time.perf_counter()))
            with lock:
                busy = state["heavy left"] > 0
            answer = ask(port, "POST", "/api/play", body, address(2, index + 1))
            with lock:
                plays.append((answer, busy))

        return run

    jobs = [heavy_client(i, f"/api/par/{code}", {}) for i, code in enumerate(codes)]
    jobs += [
        heavy_client(PARS + i, "/api/kit/preview",
                     {"game": "digging-for-dinos", "product": "rules", "lang": lang})
        for i, lang in enumerate(PREVIEW_LANGUAGES)
    ]  # fmt: skip
    start = time.perf_counter() + 0.3  # the heavy requests reach the server first
    jobs += [player(i, start + i * PLAY_EVERY) for i in range(PLAYS)]
    began = time.perf_counter()
    _run_all(jobs)
    loaded = [1000 * a.seconds for a, busy in plays if busy and a.status == 200]
    failed = [a for a, _ in plays if a.status != 200]
    return {
        "served move under load p95 ms": p95(loaded) if loaded else math.inf,
        "served move under load median ms": statistics.median(loaded) if loaded else math.inf,
        "moves measured under load": len(loaded),
        "moves not answered 200": len(failed),
        "heavy requests answered 200": heavy_answers[200],
        "heavy 429s (each asked again)": state["refused"],
        "heavy requests, slowest s": max(heavy_seconds),
        "heavy phase s": time.perf_counter() - began,
    }


def _wave(port: int, group: int, codes: list[str], body: dict) -> list[str]:
    """CLIENTS clients at once, each a play page then a move: what went wrong."""
    barrier = threading.Barrier(CLIENTS)
    problems: list[str] = []
    lock = threading.Lock()

    def client(index: int) -> Callable[[], None]:
        def run() -> None:
            source = address(group + index // 254, index)
            barrier.wait()
            for method, path, payload in (
                ("GET", f"/play/{codes[index % len(codes)]}", None),
                ("POST", "/api/play", body),
            ):
                answer = ask(port, method, path, payload, source)
                if answer.status != 200:
                    with lock:
                        problems.append(answer.error or f"{method} {path}: {answer.status}")

        return run

    _run_all([client(i) for i in range(CLIENTS)])
    return problems


def _waves(server: Server, codes: list[str], body: dict) -> dict[str, float]:
    """Two waves of CLIENTS clients; the server's RSS after each."""
    results: dict[str, float] = {"RSS before the waves MB": server.rss_mb()}
    problems: list[str] = []
    for wave, group in ((1, 10), (2, 20)):
        start = time.perf_counter()
        problems += _wave(server.port, group, codes, body)
        results[f"wave {wave}: {CLIENTS} clients s"] = time.perf_counter() - start
        time.sleep(0.5)  # the answers' buffers go back
        results[f"RSS after wave {wave} MB"] = server.rss_mb()
    results["wave errors"] = len(problems)
    for problem in sorted(set(problems))[:5]:
        print(f"  wave error: {problem}", file=sys.stderr)
    return results


# ------------------------------------------------------------------------ goals


def goals(results: dict[str, float]) -> list[tuple[str, bool]]:
    """The issue's speed goals, players under load, and a flat memory."""
    page, legal = results["play page of a new sheet ms"], results["legal placements ms"]
    view = results["play view ms"]
    loaded = results["served move under load p95 ms"]
    counted = results["moves measured under load"]
    first, second = results["RSS after wave 1 MB"], results["RSS after wave 2 MB"]
    errors = results["wave errors"]
    return [
        (f"play page of a new sheet under 200 ms ({page:.0f} ms)", page < 1000 * PAGE_GOAL),
        (f"legal placements for a state under 50 ms ({legal:.0f} ms)", legal < 1000 * LEGAL_GOAL),
        (f"the play view of a state under 50 ms ({view:.0f} ms)", view < 1000 * LEGAL_GOAL),
        (
            f"served: p95 of a move under {1000 * LOADED_GOAL:.0f} ms while {PARS} pars and "
            f"{len(PREVIEW_LANGUAGES)} previews are in flight ({loaded:.0f} ms, "
            f"{counted:.0f} of {PLAYS} moves under load)",
            loaded < 1000 * LOADED_GOAL
            and counted >= PLAYS // 2
            and results["moves not answered 200"] == 0,
        ),  # fmt: skip
        (
            f"served: two waves of {CLIENTS} clients (a play page and a move each) "
            f"with no error ({errors:.0f})",
            errors == 0,
        ),
        (
            f"served: RSS after the second wave within {100 * RSS_SHARE:.0f}% or "
            f"{RSS_MB:.0f} MB of the first ({second:.0f} MB vs {first:.0f} MB)",
            second - first <= max(RSS_SHARE * first, RSS_MB),
        ),
    ]


if __name__ == "__main__":
    found = measure()
    for key, value in found.items():
        print(f"  {key:44} {value:10.1f}")
    for text, met in goals(found):
        print("met    " if met else "NOT MET", text)
