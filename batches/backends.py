"""Where simulated games run: this process, local worker processes, or a Dask cluster.

Every backend receives the same chunks of game indexes and returns the same records
(each game depends only on the batch seed and its index), so the choice changes speed,
never results. Dask is an optional extra (``pip install 'tabletop[dask]'``), imported only
when asked for.
"""
from __future__ import annotations

import logging
import os
from contextlib import contextmanager
from typing import Any, Callable

from tabletop.batches.games import Chunks, _context, chunks, play_game, run_chunk
from tabletop.framework.errors import TabletopError
from tabletop.framework.language import gettext, grouped
from tabletop.framework.wording import clip

#: the most worker processes allowed, whatever the CPUs: 4 per CPU, and never fewer than this
MAX_WORKERS_FLOOR = 32
#: chunks queued ahead per worker: enough that no worker waits, few enough that memory stays flat
IN_FLIGHT = 4


def resolve_workers(value: str | int | None) -> int:
    """``auto`` (or None) means one per CPU; otherwise a positive integer."""
    if value is None or (isinstance(value, str) and value.strip().lower() == "auto"):
        return max(1, os.cpu_count() or 1)
    try:
        if isinstance(value, (bool, float)):  # int() would take True as 1 and 2.5 as 2
            raise TypeError(value)
        n = int(value)
    except (TypeError, ValueError):
        raise TabletopError(gettext(
            "--workers must be a positive number or 'auto', not {value!r}").format(value=value)) from None
    if n < 1:
        raise TabletopError(gettext('--workers must be at least 1, not {n}').format(n=n))
    cpus = os.cpu_count() or 1
    most = max(MAX_WORKERS_FLOOR, 4 * cpus)
    if n > most:  # each is a process: 100,000 of them would bring the machine down before the first game
        raise TabletopError(gettext(
            '--workers {n}: this machine has {cpus} CPU(s), and more than {most} worker processes would only wait '
            'for a CPU, each taking memory; give at most {most}, or auto (one per CPU)').format(
            n=grouped(n) if n < 10 ** 30 else gettext('a huge number'), cpus=cpus, most=most))
    return n


def run_local(config, parts: Chunks, workers: int, on_chunk: Callable[[int, list], Any],
              stop=None) -> None:
    """In this process when ``workers == 1``, else in a pool of worker processes; each finished
    chunk goes to ``on_chunk(start, records)`` at once. ``stop`` set: return within moments,
    queued chunks cancelled and workers terminated (they ignore Ctrl-C themselves)."""
    if workers == 1 or parts.count <= 1:
        ctx = _context(config)
        for start, end in parts:
            records = []
            for i in range(start, end):
                r = play_game(config, i, ctx, stop)
                if r is None:
                    break
                records.append(r)
            if records:
                on_chunk(start, records)
            if stop is not None and stop.is_set():
                return
        return
    import multiprocessing

    # fork (where available) lets workers inherit the pack already built here; every other
    # start method works too, since workers rebuild the pack from its name when needed.
    methods = multiprocessing.get_all_start_methods()
    mp = multiprocessing.get_context("fork" if "fork" in methods else None)
    import queue

    pool = mp.Pool(min(workers, parts.count), initializer=_ignore_interrupts)
    finished = False
    done: queue.Queue = queue.Queue()
    ahead = iter(parts)
    running = 0

    def submit() -> None:  # a few chunks queued per worker, never the whole batch (imap would queue all)
        nonlocal running
        part = next(ahead, None)
        if part is not None:
            pool.apply_async(_run_part, ((config, *part),), callback=done.put, error_callback=done.put)
            running += 1

    try:
        for _ in range(IN_FLIGHT * workers):
            submit()
        while running:
            if stop is not None and stop.is_set():
                return
            try:
                result = done.get(timeout=0.1)
            except queue.Empty:
                continue
            running -= 1
            if isinstance(result, BaseException):
                raise result
            on_chunk(*result)
            submit()
        finished = True
    finally:
        if finished:
            pool.close()
        else:
            pool.terminate()
        pool.join()


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the main process, which stops them: no worker traceback."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextmanager
def _children_ignore_interrupts():
    """Processes started inside inherit an ignored Ctrl-C (Python leaves SIGINT alone when its parent
    ignored it), so a Dask worker never prints a traceback of its own: the main process stops them."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _run_part(part: tuple) -> tuple[int, list[dict]]:
    config, start, end = part
    return start, run_chunk(config, start, end)


def dask_client(workers: int, address: str | None) -> tuple[Any, Any]:
    """A Dask client of the cluster at ``address``, or of a new local cluster of ``workers``
    processes (then returned too, for closing after the client)."""
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        raise TabletopError(gettext("the dask backend needs Dask's distributed scheduler, an optional extra: "
                                    "pip install 'tabletop[dask]'")) from None
    if address:
        try:
            return Client(address), None  # timeout: distributed.comm.timeouts.connect
        except (OSError, TimeoutError) as e:
            raise TabletopError(gettext("cannot reach the Dask scheduler at {address}: {e}").format(
                address=address, e=e)) from None
        except ValueError as e:  # 'x', 'tcp://host' (no port): Dask cannot even parse it
            raise TabletopError(gettext(
                "--address {address}: {e}; a Dask scheduler's address is written like tcp://host:8786").format(
                address=clip(str(address), 200), e=clip(str(e), 200))) from None
    # Results and failures come back through the futures; Dask's own log lines would only add,
    # at a Ctrl-C or at the end, workers' tracebacks about a scheduler that has just closed.
    with _children_ignore_interrupts():
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                               dashboard_address=None, silence_logs=logging.CRITICAL)
    return Client(cluster), cluster


def run_dask(config, parts: Chunks, workers: int, address: str | None,
             on_chunk: Callable[[int, list], Any], stop=None) -> None:
    """On a Dask cluster: the one at ``address``, or a new local one with ``workers`` processes."""
    import time

    client, cluster = dask_client(workers, address)
    from dask.distributed import as_completed

    try:
        # A future's result stays in a worker's memory while the future is referenced: each is
        # dropped once its records are handed over, and only a few chunks per worker are submitted
        # ahead, so memory stays flat over a batch of any length.
        running: dict = {}
        pending = as_completed()
        ahead = iter(parts)

        def submit() -> None:
            part = next(ahead, None)
            if part is not None:
                fut = client.submit(_run_part, (config, *part), pure=False)
                running[fut.key] = fut
                pending.add(fut)

        for _ in range(IN_FLIGHT * max(workers, sum(client.nthreads().values()))):
            submit()
        while not pending.is_empty():
            if stop is not None and stop.is_set():
                client.cancel(list(running.values()))
                return
            ready = pending.next_batch(block=False)
            if not ready:
                time.sleep(0.05)
            for fut in ready:
                on_chunk(*fut.result())
                del running[fut.key]
                fut.release()
                submit()
            del ready
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


class Executor:
    """Runs many batches' games on one set of workers, kept for its whole life: what matchups and
    deck tuning need (dozens of small batches; a pool or a Dask cluster started per batch would cost
    more than the games). Each batch's records are exactly those :func:`simulate` gives for it."""

    def __init__(self, workers: int = 1, backend: str = "local", address: str | None = None) -> None:
        if backend not in ("local", "dask"):
            from tabletop.framework.suggest import did_you_mean

            raise TabletopError(gettext(
                'unknown backend {backend!r}{suggestion}; choose local or dask').format(
                backend=backend, suggestion=did_you_mean(backend, ['local', 'dask'])))
        if workers < 1:
            raise TabletopError(gettext('--workers must be at least 1'))
        self.workers, self.backend, self.address = workers, backend, address
        self.pool = self.client = self.cluster = None
        self.games = 0

    def __enter__(self) -> "Executor":
        if self.backend == "dask":
            self.client, self.cluster = dask_client(self.workers, self.address)
        elif self.workers > 1:
            import multiprocessing

            methods = multiprocessing.get_all_start_methods()
            mp = multiprocessing.get_context("fork" if "fork" in methods else None)
            self.pool = mp.Pool(self.workers, initializer=_ignore_interrupts)
        return self

    def __exit__(self, *exc) -> None:
        if self.pool is not None:
            self.pool.terminate() if exc[0] is not None else self.pool.close()
            self.pool.join()
        if self.client is not None:
            self.client.close()
        if self.cluster is not None:
            self.cluster.close()

    def run(self, batches: list[tuple[Any, int]]) -> list[list[dict]]:
        """The records of each ``(config, games)`` batch, in index order, all batches' games
        spread over the workers at once."""
        parts = [(b, config, start, end) for b, (config, games) in enumerate(batches)
                 for start, end in chunks(games, self.workers)]
        out: list[list[dict]] = [[] for _ in batches]
        if self.client is not None:
            futures = [self.client.submit(_run_part, (config, start, end), pure=False) for _b, config, start, end in parts]
            results = [(b, *f.result()) for (b, *_), f in zip(parts, futures)]
        elif self.pool is not None:
            done = self.pool.map(_run_part, [(config, start, end) for _b, config, start, end in parts])
            results = [(b, *r) for (b, *_), r in zip(parts, done)]
        else:
            results = [(b, start, run_chunk(config, start, end)) for b, config, start, end in parts]
        for b, _start, records in results:
            out[b].extend(records)
        for records in out:
            records.sort(key=lambda r: r["index"])
        self.games += sum(len(r) for r in out)
        return out
