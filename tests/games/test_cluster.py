"""The Dask path: a local cluster on loopback gives the very results of one process."""

from __future__ import annotations

import pytest

from dinokit.games.cluster import ClusterError, run_on_cluster
from dinokit.games.dinos import GAME
from dinokit.games.dinos.simulate import simulate
from dinokit.source import DEFAULT_DATA_DIR
from dinokit.source.diagnostics import Diagnostics

distributed = pytest.importorskip("distributed")


def test_a_dask_cluster_plays_the_same_games_in_order() -> None:
    data = GAME.load(DEFAULT_DATA_DIR, Diagnostics())
    local = simulate(data, 10, 3, ["greedy", "random", "mcts"], 5, workers=1, budget=4)
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
        dashboard_address=None, silence_logs=40,
    ) as cluster:  # fmt: skip
        address = cluster.scheduler_address
        assert address.startswith("tcp://127.0.0.1:")
        done: list[int] = []
        remote = simulate(data, 10, 3, ["greedy", "random", "mcts"], 5, progress=done.append,
                          budget=4, scheduler=address)  # fmt: skip
    assert remote == local and sum(done) == 10


def test_an_unreachable_scheduler_is_a_clear_error(monkeypatch) -> None:
    monkeypatch.setattr("dinokit.games.cluster.CONNECT_TIMEOUT", "1s")
    with pytest.raises(ClusterError, match="cannot reach the Dask scheduler at tcp://127.0.0.1:9"):
        run_on_cluster("tcp://127.0.0.1:9", lambda: None, lambda c, j: j, [1, 2])


@pytest.mark.parametrize(
    "address", ["foo://bar", "inproc://", "tcp://host:notaport", "tcp://h:70000", "tcp://:8786",
                "tls://h:8786", "tcp://h:1\n"],
)  # fmt: skip
@pytest.mark.parametrize("command", ["simulate", "tune"])
def test_a_bad_scheduler_address_is_one_message_at_once(address: str, command: str, monkeypatch):
    """Before: two tracebacks and a 27 s stall (also from $DINOKIT_SCHEDULER, also in tune)."""
    from conftest import run

    args = {
        "simulate": ["simulate", "digging-for-dinos", "--games", "2"],
        "tune": ["tune", "digging-for-dinos", "--target", "completion-share=0.5"],
    }[command]
    for given in (["--scheduler", address], []):
        if not given:
            monkeypatch.setenv("DINOKIT_SCHEDULER", address)
        result = run(*args, *given)
        assert result.exit_code == 2, result.output
        assert "is not a scheduler address, expected tcp://HOST:PORT" in result.output
