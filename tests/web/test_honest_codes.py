"""A day's-dig code whose sheet is not that day's is refused by the web as by the CLI."""

from __future__ import annotations

import pytest
from web_fixtures import *  # noqa: F403  (the fixtures: app, client, cli)

#: The sheet of 2026-12-10 with the rolls (and date) of 2026-12-11, without a par.
FORGED = "PAL-5AQ2-VVX8-G09KHV"
#: The day's dig of 2026-12-11, medium: the code the refusal points to.
HONEST = "PAL-5QBP-YKDZ-M09KHD"


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("get", f"/api/pads/{FORGED}", None),
        ("get", f"/play/{FORGED}", None),
        ("get", f"/play/{FORGED.lower()}", None),
        ("post", "/api/play", {"code": FORGED}),
        ("post", f"/api/par/{FORGED}", {"rolls": [[1, 1]] * 20}),
    ],
)
def test_a_forged_days_code_is_a_4xx_that_says_why(client, method, path, body) -> None:
    kwargs = {"json": body} if body is not None else {}
    response = getattr(client, method)(path, **kwargs)
    assert 400 <= response.status_code < 500, response.text
    assert "Traceback" not in response.text
    text = response.text.replace("&#x27;", "'")
    assert "says it is the day's dig of 2026-12-11, but its sheet is not that day's" in text
    assert HONEST in text


def test_the_honest_code_of_that_day_plays(client) -> None:
    daily = client.get("/play/daily?date=2026-12-11&difficulty=medium", follow_redirects=False)
    assert daily.status_code == 303 and daily.headers["location"].endswith(f"/play/{HONEST}")
    assert client.get(f"/api/pads/{HONEST}").json()["sheets"][0]["date"] == "2026-12-11"
    assert client.get(f"/play/{HONEST}").status_code == 200
