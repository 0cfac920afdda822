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


def test_a_dask_batch_keeps_no_finished_chunk_on_the_cluster():
    """Each chunk's records leave the workers' memory once handed over, so a long batch stays flat."""
    from dask.distributed import Client, LocalCluster

    config = prepare(tally, ["greedy"], seed=3)
    held: list[int] = []
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None) as cluster, \
            Client(cluster) as probe:
        def sink(start: int, records: list[dict]) -> None:
            held.append(probe.run_on_scheduler(lambda dask_scheduler: sum(
                1 for t in dask_scheduler.tasks.values() if t.state == "memory")))

        simulate(config, 80, backend="dask", address=cluster.scheduler_address, chunk_size=2, sink=sink)
    assert len(held) == 40
    # a few chunks may wait in flight; kept ones would pile up to 40 by the end
    assert max(held) < 20, held
