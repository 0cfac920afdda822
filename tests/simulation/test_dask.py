"""The Dask backend: a local cluster of two worker processes gives exactly the local results."""
from __future__ import annotations

from tabletop.batches.games import prepare
from tabletop.batches.runner import simulate

from tests.simulation.tallypack import pack as tally


def test_dask_local_cluster_matches_the_local_backend():
    config = prepare(tally, ["greedy", "mcts:10"], seed=21)
    local = simulate(config, 30, workers=1).records
    dask = simulate(config, 30, workers=2, backend="dask", chunk_size=4)
    assert dask.backend == "dask"
    assert dask.records == local


def test_a_missing_scheduler_is_a_clean_error():
    import pytest

    from tabletop.framework.errors import TabletopError

    import dask

    config = prepare(tally, ["greedy"], seed=1)
    with dask.config.set({"distributed.comm.timeouts.connect": "2s"}):
        with pytest.raises(TabletopError, match="cannot reach the Dask scheduler"):
            simulate(config, 2, backend="dask", address="tcp://127.0.0.1:1")




def test_each_result_is_released_on_the_cluster_once_handed_over(monkeypatch):
    """Memory stays flat over a long batch: a chunk's result is released on the cluster as
    soon as its records are handed over, before the next chunk's, not when the batch ends."""
    from distributed import Future

    from tabletop.batches import backends
    from tabletop.batches.games import chunks

    events = []
    release = Future.release

    def spy(fut):
        if not fut._cleared:
            events.append(("release", fut.key))
        release(fut)

    monkeypatch.setattr(Future, "release", spy)
    config = prepare(tally, ["greedy"], seed=3)
    parts = chunks(12, 2, 2)
    backends.run_dask(config, parts, 2, None, lambda start, records: events.append(("chunk", start)))
    assert sorted(start for kind, start in events if kind == "chunk") == [start for start, _ in parts]
    assert [kind for kind, _ in events] == ["chunk", "release"] * len(parts)
    assert len({key for kind, key in events if kind == "release"}) == len(parts)


def _worker_logs_an_error() -> None:
    import logging

    logging.getLogger("distributed.worker").error("Failed to communicate with scheduler during heartbeat.")


def test_workers_of_a_local_cluster_write_no_log_lines_into_the_users_terminal(capfd):
    """At a Ctrl-C, workers may lose the scheduler mid-heartbeat and log a traceback about it;
    what matters reaches the user through the futures, so Dask's log lines are kept quiet."""
    from tabletop.batches.backends import dask_client

    client, cluster = dask_client(1, None)
    try:
        client.run(_worker_logs_an_error)
    finally:
        client.close()
        cluster.close()
    assert "heartbeat" not in capfd.readouterr().err


def test_an_address_dask_cannot_parse_is_a_clean_error_with_the_form_of_one():
    """Stumble: --address x (no port) escaped as Dask's ValueError: the 'this is a bug' message, exit 70."""
    import pytest

    from tabletop.framework.errors import TabletopError

    config = prepare(tally, ["greedy"], seed=1)
    with pytest.raises(TabletopError, match="missing port number.*written like tcp://host:8786"):
        simulate(config, 2, backend="dask", address="x")
