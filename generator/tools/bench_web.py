"""Benchmark of ``dinokit serve`` (issue 14): the play page and the legal placements.

Measured in-process through Starlette's test client (the app's own code, no network):

- the play page of a new sheet: ``GET /play/new`` (a new sheet generated, checked fair
  and measured) and the page it leads to, with its first view: goal under 200 ms
  (median of 7 new sheets);
- the legal placements for a state: ``POST /api/legal`` after 10 rounds of a solo
  sheet's par moves (every move replayed through the rules engine), and ``POST
  /api/play`` (the whole view the page draws): goal under 50 ms (median of 20).
"""

from __future__ import annotations

import json
import statistics
import time
import warnings

from ..games.data import DEFAULT_DATA_DIR

PAGE_GOAL = 0.200  # seconds
LEGAL_GOAL = 0.050  # seconds
CODE = "PAL-5J93-Q1MY-400002"


def measure() -> dict[str, float]:
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


def goals(results: dict[str, float]) -> list[tuple[str, bool]]:
    """The issue's two speed goals."""
    page, legal = results["play page of a new sheet ms"], results["legal placements ms"]
    view = results["play view ms"]
    return [
        (f"play page of a new sheet under 200 ms ({page:.0f} ms)", page < 1000 * PAGE_GOAL),
        (f"legal placements for a state under 50 ms ({legal:.0f} ms)", legal < 1000 * LEGAL_GOAL),
        (f"the play view of a state under 50 ms ({view:.0f} ms)", view < 1000 * LEGAL_GOAL),
    ]


if __name__ == "__main__":
    found = measure()
    print(found)
    for text, met in goals(found):
        print("met    " if met else "NOT MET", text)
