"""Where simulated games run: this process, local worker processes, or a Dask cluster.

Every backend receives the same chunks of game indexes and returns the same records
(each game depends only on the batch seed and its index), so the choice changes speed,
never results. Dask is an optional extra (``pip install 'tabletop[dask]'``), imported only
when asked for.
"""
from __future__ import annotations

import os
from typing import Callable

from tabletop.framework.errors import TabletopError


def resolve_workers(value: str | int | None) -> int:
    """``auto`` (or None) means one per CPU; otherwise a positive integer."""
    if value is None or (isinstance(value, str) and value.strip().lower() == "auto"):
        return max(1, os.cpu_count() or 1)
    try:
        n = int(value)
    except (TypeError, ValueError):
        raise TabletopError(f"--workers must be a positive number or 'auto', not {value!r}") from None
    if n < 1:
        raise TabletopError(f"--workers must be at least 1, not {n}")
    return n


def run_local(config, parts: list[tuple[int, int]], workers: int, on_progress: Callable | None) -> list[dict]:
    """In this process when ``workers == 1``, else in a pool of worker processes."""
    from tabletop.framework.simulation import _context, play_game, run_chunk

    records: list[dict] = []
    if workers == 1 or len(parts) <= 1:
        ctx = _context(config)
        for start, stop in parts:
            for i in range(start, stop):
                records.append(play_game(config, i, ctx))
            if on_progress:
                on_progress(stop - start)
        return records
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed

    # fork (where available) lets workers inherit the pack already built here; every other
    # start method works too, since workers rebuild the pack from its name when needed.
    methods = multiprocessing.get_all_start_methods()
    mp = multiprocessing.get_context("fork") if "fork" in methods else None
    with ProcessPoolExecutor(max_workers=min(workers, len(parts)), mp_context=mp) as pool:
        futures = {pool.submit(run_chunk, config, start, stop): stop - start for start, stop in parts}
        for fut in as_completed(futures):
            records.extend(fut.result())
            if on_progress:
                on_progress(futures[fut])
    return records


def run_dask(config, parts: list[tuple[int, int]], workers: int, address: str | None,
             on_progress: Callable | None) -> list[dict]:
    """On a Dask cluster: the one at ``address``, or a new local one with ``workers`` processes."""
    try:
        from dask.distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise TabletopError("the dask backend needs Dask's distributed scheduler, an optional extra: "
                            "pip install 'tabletop[dask]'") from None
    from tabletop.framework.simulation import run_chunk

    cluster = None
    try:
        if address:
            try:
                client = Client(address)  # timeout: distributed.comm.timeouts.connect
            except (OSError, TimeoutError) as e:
                raise TabletopError(f"cannot reach the Dask scheduler at {address}: {e}") from None
        else:
            cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                   dashboard_address=None, silence_logs=40)
            client = Client(cluster)
        try:
            futures = [client.submit(run_chunk, config, start, stop, pure=False) for start, stop in parts]
            sizes = {f.key: stop - start for f, (start, stop) in zip(futures, parts)}
            records: list[dict] = []
            for fut in as_completed(futures):
                records.extend(fut.result())
                if on_progress:
                    on_progress(sizes[fut.key])
            return records
        finally:
            client.close()
    finally:
        if cluster is not None:
            cluster.close()
