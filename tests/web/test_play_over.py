"""After round 20 the game is over: a draft is refused by /api/play as by /api/legal."""

from __future__ import annotations

import pytest
from web_fixtures import *  # noqa: F403  (the fixtures: app, client, cli)
from web_fixtures import CODE

DRAFTS = [
    {"shape": "W", "dig_type": "hatch"},
    {"dice": [1, 2]},
    {"squares": [{"cell": [0, 0], "dig_type": "hatch"}]},
    {"switches": ["plus_one"], "shape": None},
    {"cells": [[0, 0]], "bonuses": []},
]


@pytest.fixture(scope="module")
def par_moves(client) -> list:
    response = client.get(f"/api/pads/{CODE}")
    assert response.status_code == 200, response.text
    return response.json()["sheets"][0]["par_moves"]


def test_the_finished_game_shows_its_result(client, par_moves) -> None:
    for draft in (None, {}, {"shape": None, "cells": None, "squares": [], "bonuses": []}):
        body = {"code": CODE, "moves": par_moves, **({"draft": draft} if draft is not None else {})}
        response = client.post("/api/play", json=body)
        assert response.status_code == 200, response.text
        view = response.json()
        assert view["over"] and view["result"]["legal"] and "dice" not in view


@pytest.mark.parametrize("draft", DRAFTS)
def test_a_draft_after_the_last_round_is_a_422(client, par_moves, draft) -> None:
    for path in ("/api/play", "/api/legal"):
        response = client.post(path, json={"code": CODE, "moves": par_moves, "draft": draft})
        assert response.status_code == 422, (path, response.text)
        body = response.json()
        assert body["error"].startswith("the game is over after 20 rounds"), body
        assert body["round"] == 21
    assert client.get("/api/choices").status_code == 200  # still serving
