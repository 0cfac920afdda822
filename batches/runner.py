"""Run a batch: hand its chunks of games to a backend, keep or stream the records, stop on request.

:mod:`tabletop.batches.games` says what one game of a batch is; :mod:`~tabletop.batches.backends`
says where chunks of games run; this module drives a whole batch over them.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Callable

from tabletop.batches import backends
from tabletop.batches.games import SimConfig, chunks
from tabletop.framework.errors import TabletopError
from tabletop.framework.language import gettext
from tabletop.framework.suggest import did_you_mean


class Interrupted(TabletopError):
    """A batch stopped before its end (Ctrl-C): every finished chunk was handed over first."""

    def __init__(self, done: int, total: int) -> None:
        super().__init__(f"interrupted after {done} of {total} games")
        self.done = done
        self.total = total


@dataclass
class Batch:
    """A finished batch: its configuration, how many games, and (unless they were streamed to a
    ``sink``) its records in index order."""

    config: SimConfig
    records: list[dict]
    seconds: float = 0.0
    workers: int = 1
    backend: str = "local"
    games: int = 0

    @property
    def labels(self) -> list[str]:
        return list(self.config.labels or self.config.bots)


def simulate(config: SimConfig, games: int, workers: int = 1, backend: str = "local", address: str | None = None,
             on_progress: Callable[[int], Any] | None = None, chunk_size: int | None = None,
             sink: Callable[[int, list[dict]], Any] | None = None, stop=None) -> Batch:
    """Play ``games`` games of ``config`` (from :func:`~tabletop.batches.games.prepare`).

    Without ``sink`` the records are returned in index order. With one, each finished chunk is
    handed to ``sink(start, records)`` as soon as it arrives (in any order) and nothing is kept:
    memory stays flat however many games are played. ``stop`` (a ``threading.Event``) ends the
    batch early: queued games are cancelled, workers stopped, and :class:`Interrupted` is raised
    once every finished chunk has been handed over."""
    if games < 0:
        raise TabletopError(gettext('the number of games cannot be negative'))
    if workers < 1:
        raise TabletopError(gettext('--workers must be at least 1'))
    t0 = time.perf_counter()
    parts = chunks(games, workers, chunk_size)
    kept: list[dict] = []
    done = 0

    def on_chunk(start: int, records: list[dict]) -> None:
        nonlocal done
        done += len(records)
        if sink is not None:
            sink(start, records)
        else:
            kept.extend(records)
        if on_progress:
            on_progress(len(records))

    if backend == "local":
        backends.run_local(config, parts, workers, on_chunk, stop)
    elif backend == "dask":
        backends.run_dask(config, parts, workers, address, on_chunk, stop)
    else:
        raise TabletopError(gettext(
            'unknown backend {backend!r}{suggestion}; choose local or dask').format(
            backend=backend, suggestion=did_you_mean(backend, ['local', 'dask'])))
    if stop is not None and stop.is_set() and done < games:
        raise Interrupted(done, games)
    kept.sort(key=lambda r: r["index"])
    return Batch(config, kept, time.perf_counter() - t0, workers, backend, done)
